//! `redscience tactics [--positions N] [--seed S] [--iterations I] [--json]`:
//! the tactical suite of issue 24. Positions from random play across the
//! catalogue are labelled by exhaustive short search (a win at once, a
//! threat at once, a forced win or threat within two turns), the search
//! plays each at a small budget, and every move that breaks its label's
//! rule is a miss, printed with the `suggest` command that reproduces it.
//! Exits 1 when there is any miss.

use std::process::ExitCode;
use std::time::Instant;

use redscience_ai::tactics::{self, GameTally, Label, Miss, Options};
use serde_json::json;

/// The suite's settings as given on the command line.
pub struct Settings {
    pub positions: usize,
    pub seed: u64,
    pub iterations: usize,
    pub json: bool,
}

pub fn run(settings: Settings) -> Result<ExitCode, String> {
    if settings.positions == 0 {
        return Err("--positions takes a whole number above 0, e.g. --positions 10000".into());
    }
    if settings.iterations == 0 {
        return Err("--iterations takes a whole number above 0, e.g. --iterations 64".into());
    }
    let options = Options {
        positions: settings.positions,
        seed: settings.seed,
        iterations: settings.iterations,
        ..Options::default()
    };
    let started = Instant::now();
    let mut suite = tactics::generate(&options);
    let label_seconds = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let misses = tactics::check(&mut suite, options.iterations, options.budget);
    let check_seconds = started.elapsed().as_secs_f64();
    let total = totals(&suite.tallies);
    if settings.json {
        let report = json!({
            "seed": options.seed,
            "iterations": options.iterations,
            "budget": {"one_move": options.budget.one_move, "two_move": options.budget.two_move},
            "games": suite.tallies.iter().map(tally_json).collect::<Vec<_>>(),
            "total": tally_json(&total),
            "misses": misses.iter().map(miss_json).collect::<Vec<_>>(),
            "label_seconds": label_seconds,
            "check_seconds": check_seconds,
        });
        println!("{report}");
    } else {
        print!("{}", table(&suite.tallies, &total));
        println!(
            "labelled in {label_seconds:.1} s, checked in {check_seconds:.1} s (the search at {} iterations; budget {} + {} nodes a position)",
            options.iterations, options.budget.one_move, options.budget.two_move
        );
        if misses.is_empty() {
            println!("no misses");
        } else {
            println!("{} misses:", misses.len());
            for miss in &misses {
                println!("{}", miss_line(miss));
            }
        }
    }
    Ok(if misses.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Every game's tally added up, named "total".
fn totals(tallies: &[GameTally]) -> GameTally {
    let mut total = GameTally {
        game: "total".into(),
        ..GameTally::default()
    };
    for t in tallies {
        total.tried += t.tried;
        total.positions += t.positions;
        for (sum, n) in total.by_label.iter_mut().zip(t.by_label) {
            *sum += n;
        }
        total.skipped += t.skipped;
        total.loss1_two_move_unsettled += t.loss1_two_move_unsettled;
        total.nodes += t.nodes;
        total.misses += t.misses;
        total.unchecked += t.unchecked;
    }
    total
}

/// The per-game table and its total, aligned for a terminal.
fn table(tallies: &[GameTally], total: &GameTally) -> String {
    let mut out = format!(
        "{:<18} {:>6} {:>6} {:>7}",
        "game", "tried", "kept", "skipped"
    );
    for label in Label::ALL {
        out.push_str(&format!(" {:>6}", label.name()));
    }
    out.push_str(&format!(
        " {:>8} {:>9} {:>6}\n",
        "L1-only", "unchecked", "misses"
    ));
    for t in tallies.iter().chain([total]) {
        out.push_str(&format!(
            "{:<18} {:>6} {:>6} {:>7}",
            t.game, t.tried, t.positions, t.skipped
        ));
        for label in Label::ALL {
            out.push_str(&format!(" {:>6}", t.count(label)));
        }
        out.push_str(&format!(
            " {:>8} {:>9} {:>6}\n",
            t.loss1_two_move_unsettled, t.unchecked, t.misses
        ));
    }
    out.push_str("L1-only: LOSS1 positions whose two-move stage ran past the budget (their rule holds as it is)\n");
    out
}

fn miss_line(miss: &Miss) -> String {
    format!(
        "{} {} after [{}]: chose {}, which does not {}\n  {}",
        miss.game,
        miss.label,
        miss.moves.join(" "),
        miss.chosen,
        miss.label.rule(),
        miss.command
    )
}

fn tally_json(t: &GameTally) -> serde_json::Value {
    let labels: serde_json::Map<String, serde_json::Value> = Label::ALL
        .iter()
        .map(|&l| (l.name().to_string(), json!(t.count(l))))
        .collect();
    json!({
        "game": t.game,
        "tried": t.tried,
        "positions": t.positions,
        "labels": labels,
        "skipped": t.skipped,
        "loss1_two_move_unsettled": t.loss1_two_move_unsettled,
        "nodes": t.nodes,
        "unchecked": t.unchecked,
        "misses": t.misses,
    })
}

fn miss_json(miss: &Miss) -> serde_json::Value {
    json!({
        "game": miss.game,
        "seed": miss.seed,
        "moves": miss.moves,
        "label": miss.label.name(),
        "chosen": miss.chosen,
        "command": miss.command,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(game: &str, win1: usize, misses: usize) -> GameTally {
        let mut t = GameTally {
            game: game.into(),
            tried: 10,
            positions: 8,
            skipped: 2,
            misses,
            ..GameTally::default()
        };
        t.by_label[0] = win1;
        t
    }

    #[test]
    fn totals_add_every_column() {
        let total = totals(&[tally("a", 3, 1), tally("b", 4, 0)]);
        assert_eq!(total.game, "total");
        assert_eq!(
            (total.tried, total.positions, total.skipped, total.misses),
            (20, 16, 4, 1)
        );
        assert_eq!(total.count(Label::Win1), 7);
    }

    #[test]
    fn the_table_has_a_row_per_game_and_the_total() {
        let tallies = [tally("Tic-Tac-Toe", 3, 0)];
        let text = table(&tallies, &totals(&tallies));
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].starts_with("game") && rows[0].contains("LOSS2"));
        assert!(rows[1].starts_with("Tic-Tac-Toe"));
        assert!(rows[2].starts_with("total"));
    }

    #[test]
    fn a_miss_reads_as_the_command_that_reproduces_it() {
        let miss = Miss {
            game: "5on15sq".into(),
            seed: 9,
            moves: vec!["8,8".into(), "1,1".into()],
            label: Label::Loss1,
            chosen: "2,2".into(),
            command: "redscience suggest 5on15sq 8,8 1,1 --ai mcts:64 --seed 9".into(),
        };
        let line = miss_line(&miss);
        assert!(line.starts_with("5on15sq LOSS1 after [8,8 1,1]: chose 2,2"));
        assert!(line.ends_with("--seed 9"));
    }

    #[test]
    fn nothing_to_run_is_refused_with_the_form_expected() {
        let settings = |positions, iterations| Settings {
            positions,
            seed: 0,
            iterations,
            json: false,
        };
        assert!(run(settings(0, 64)).unwrap_err().contains("--positions"));
        assert!(run(settings(10, 0)).unwrap_err().contains("--iterations"));
    }
}

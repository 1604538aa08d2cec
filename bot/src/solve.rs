//! `redscience solve`: a small two-player game's value with perfect play
//! (engine's `ai::solve`), for the seat to move and the first player, and
//! the moves that keep it, typed as people type them.

use std::process::ExitCode;
use std::time::Instant;

use redscience_ai::solve::{Solved, Unsolvable, Value, try_solve};
use redscience_engine::State;
use redscience_engine::notation::typed;

use crate::source;

/// The budget when none is given: enough for every game of Tic-Tac-Toe's
/// family in a second or so, small enough to keep the table in memory.
pub const DEFAULT_NODES: u64 = 2_000_000;

pub fn solve(
    game_or_file: &str,
    moves: &[String],
    nodes: u64,
    json: bool,
) -> Result<ExitCode, String> {
    let game = source::compile(source::load(game_or_file)?)?;
    let state = crate::replay::position(&game, moves, 0)?;
    let name = &game.rules.name;
    if let Some(outcome) = state.outcome() {
        return Err(format!(
            "the game is over: {}",
            outcome.summary(state.game())
        ));
    }
    let started = Instant::now();
    let solved = try_solve(&state, nodes).map_err(|why| refusal(name, &why))?;
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        state: &state,
        solved: &solved,
        after_moves: !moves.is_empty(),
        seconds,
    };
    if json {
        println!("{}", report.json(name));
    } else {
        println!("{}", report.text(name));
    }
    Ok(ExitCode::SUCCESS)
}

/// Why the game was not solved, and what to do about it when anything helps.
fn refusal(name: &str, why: &Unsolvable) -> String {
    match why {
        Unsolvable::TooBig { budget } => format!(
            "{name} cannot be solved within {} positions: raise the budget, e.g. --nodes {} (more memory and time)",
            thousands(*budget),
            budget.saturating_mul(10)
        ),
        other => format!("{name} cannot be solved exactly: {other}"),
    }
}

struct Report<'a> {
    state: &'a State,
    solved: &'a Solved,
    after_moves: bool,
    seconds: f64,
}

impl Report<'_> {
    fn mover(&self) -> usize {
        self.state.to_move()
    }

    /// The value for seat 1, the first player.
    fn first_player_value(&self) -> Value {
        if self.mover() == 0 {
            self.solved.value
        } else {
            self.solved.value.flipped()
        }
    }

    fn best_typed(&self) -> Vec<String> {
        (self.solved.best.iter())
            .map(|&mv| typed(self.state, mv).unwrap_or_else(|| self.state.move_text(mv)))
            .collect()
    }

    fn text(&self, name: &str) -> String {
        let solved = self.solved;
        let mover = self.mover() + 1;
        let length = match (solved.value, solved.plies) {
            (Value::Draw, 0) => "it ends only by a repeated turn".to_string(),
            (_, plies) => format!("{plies} decision{} to the end", plural(plies)),
        };
        let for_mover = match solved.value {
            Value::Win => format!("Player {mover}, to move, wins"),
            Value::Loss => format!("Player {mover}, to move, loses"),
            Value::Draw => "a draw".to_string(),
        };
        let first = match self.first_player_value() {
            Value::Win => "a win for Player 1, the first player",
            Value::Loss => "a loss for Player 1, the first player",
            Value::Draw => "a draw for both",
        };
        let position = if self.after_moves {
            "after the moves given"
        } else {
            "from the start"
        };
        let best = self.best_typed();
        let keeps = match solved.value {
            Value::Win => "win quickest",
            Value::Loss => "lose slowest",
            Value::Draw => "keep the draw",
        };
        format!(
            "{name} {position}: {for_mover} with best play ({length}): {first}.\n\
             Moves that {keeps} ({}): {}\n\
             {} positions searched in {:.2} s",
            best.len(),
            best.join(" "),
            thousands(solved.nodes),
            self.seconds
        )
    }

    fn json(&self, name: &str) -> serde_json::Value {
        serde_json::json!({
            "game": name,
            "to_move": self.mover() + 1,
            "value": value_word(self.solved.value),
            "first_player": value_word(self.first_player_value()),
            "plies": self.solved.plies,
            "best": self.best_typed(),
            "nodes": self.solved.nodes,
            "seconds": self.seconds,
        })
    }
}

fn value_word(value: Value) -> &'static str {
    match value {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// 5478 as "5,478".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(5_478), "5,478");
        assert_eq!(thousands(2_000_000), "2,000,000");
    }

    #[test]
    fn tic_tac_toe_is_reported_a_draw_with_every_opening() {
        let game =
            source::compile(source::load("Tic-Tac-Toe").expect("catalogued")).expect("compiles");
        let state = crate::replay::position(&game, &[], 0).expect("start");
        let solved = try_solve(&state, DEFAULT_NODES).expect("small");
        let report = Report {
            state: &state,
            solved: &solved,
            after_moves: false,
            seconds: 0.5,
        };
        let text = report.text("Tic-Tac-Toe");
        assert!(text.starts_with("Tic-Tac-Toe from the start: a draw with best play (8 decisions to the end): a draw for both."), "{text}");
        assert!(text.contains("Moves that keep the draw (9): "), "{text}");
        assert!(
            text.contains("2,2"),
            "the centre is typed as people type it: {text}"
        );
        let json = report.json("Tic-Tac-Toe");
        assert_eq!(json["value"], "draw");
        assert_eq!(json["first_player"], "draw");
        assert_eq!(json["best"].as_array().map(Vec::len), Some(9));
    }

    #[test]
    fn a_budget_too_small_says_how_to_raise_it() {
        let message = refusal("Tapatan", &Unsolvable::TooBig { budget: 1_000 });
        assert_eq!(
            message,
            "Tapatan cannot be solved within 1,000 positions: raise the budget, e.g. --nodes 10000 (more memory and time)"
        );
    }
}

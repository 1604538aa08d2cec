//! Perft of every catalogue game against the counts recorded from the
//! engine before issue 22's rewrite (`tests/golden/perft.txt`): the same
//! rules must give the same tree of decisions, depth by depth.
//!
//! `UPDATE_GOLDEN=1 cargo test -p redscience-engine --test perft_golden`
//! records the counts anew; do that only when a rule is meant to change.
//!
//! In a sealed round each planner's move is one decision (see
//! `redscience_engine::perft`), so a two-seat simultaneous game's round is
//! two decisions deep.

mod common;

use std::fmt::Write;
use std::sync::Arc;
use std::time::Instant;

use common::{catalogue_games, data_lines, read_golden, updating, write_golden};
use redscience_engine::Game;
use redscience_engine::perft::perft;

const GOLDEN: &str = "perft.txt";

/// How deep each game is counted: as deep as keeps this whole test well
/// under 30 s in a debug build on 2 cores (the 19x19 board's one turn of
/// two stones takes 3 s of it). Where a depth's counts are 0 the whole tree
/// is counted. Games not listed go to `DEFAULT_DEPTH`.
const DEPTHS: &[(&str, usize)] = &[
    // Lines on boards.
    ("Tic-Tac-Toe", 8),
    ("3on15line", 5),
    ("Treblecross15", 6),
    ("3P-Misere-Notakto", 8),
    ("3P-Notakto", 8),
    ("4on7sq", 3),
    ("5on15sq", 2),
    ("Connect6-19x19", 2),
    ("Tapatan", 7),
    ("Achi", 7),
    ("9-Holes", 7),
    ("Qubic-4", 3),
    ("Connect4", 6),
    ("3P-MostWins-3x4", 5),
    ("3P-LeastLoses-3x4", 5),
    ("Wild-TTT-6sq3143", 3),
    // Game-theory games, most of them counted to their end.
    ("RockPaperScissors", 5),
    ("3P-9X-HideSeek", 5),
    ("Shopping9", 21),
    ("4P-TrendSetter", 5),
    ("3P-PublicGoods", 10),
    ("NeedyTrust", 9),
    ("RichTrust", 15),
    ("3Blotto13", 11),
    ("KBeauty9", 14),
    ("StagHunt", 9),
    ("4P-Coordination", 5),
    ("PrisonerDilemma", 9),
    ("NeedyUltimatum", 8),
    ("NeedyDictator", 7),
    ("RichUltimatum", 8),
    ("RichDictator", 7),
    ("3P-Volunteer", 12),
    ("BoS", 4),
    ("Centipede9", 8),
    ("NeedyCentipede4", 8),
    ("ContractHunt", 10),
    ("OptionalPD", 9),
    ("ContractPD", 10),
    ("3P-BoS", 5),
    ("4P-TrolleyDilemma", 2),
    ("3P-TrolleyDilemma", 8),
];

const DEFAULT_DEPTH: usize = 3;

fn depth_of(name: &str) -> usize {
    DEPTHS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(DEFAULT_DEPTH, |(_, d)| *d)
}

const HEADER: &str = "# Perft of every catalogue game: game, depth (decisions), decision\n\
     # sequences, distinct positions. Recorded from the engine before issue\n\
     # 22's rewrite; see tests/perft_golden.rs.\n";

/// One line per game of `games` and depth: name, depth, sequences, positions.
fn record(games: &[Arc<Game>]) -> String {
    let mut text = String::new();
    for game in games {
        let name = &game.rules.name;
        let started = Instant::now();
        for counts in perft(&game.start(), depth_of(name), true) {
            let positions = counts.positions.expect("positions were counted");
            writeln!(
                text,
                "{name}\t{}\t{}\t{positions}",
                counts.depth, counts.sequences
            )
            .unwrap();
        }
        // Shown with --nocapture: what each game costs, to choose depths.
        println!("{name}: {:.2} s", started.elapsed().as_secs_f64());
    }
    text
}

/// The game and depth of a recorded or counted line.
fn key(line: &str) -> Vec<&str> {
    line.split('\t').take(2).collect()
}

/// How many tests share the catalogue, so that the test harness's
/// threads count it side by side.
const PARTS: usize = 3;

/// Every `PARTS`th catalogue game from `part` on counts as recorded.
fn counts_as_recorded(part: usize) {
    if updating() {
        // One test records the whole catalogue.
        if part == 0 {
            write_golden(GOLDEN, &(HEADER.to_string() + &record(&catalogue_games())));
        }
        return;
    }
    let games: Vec<Arc<Game>> = catalogue_games()
        .into_iter()
        .skip(part)
        .step_by(PARTS)
        .collect();
    assert!(!games.is_empty(), "part {part} of {PARTS} holds no game");
    let now = record(&games);
    let golden = read_golden(GOLDEN);
    let ours = |line: &&str| games.iter().any(|g| key(line)[0] == g.rules.name);
    let recorded: Vec<&str> = data_lines(&golden).filter(ours).collect();
    let counted: Vec<&str> = data_lines(&now).collect();
    let mut wrong = Vec::new();
    for line in &counted {
        match recorded.iter().find(|r| key(r) == key(line)) {
            Some(r) if r == line => {}
            Some(r) => wrong.push(format!("recorded {r:?}, now {line:?}")),
            None => wrong.push(format!("not recorded: {line:?}")),
        }
    }
    for r in &recorded {
        if !counted.iter().any(|l| key(l) == key(r)) {
            wrong.push(format!("recorded but not counted now: {r:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "perft differs from tests/golden/{GOLDEN} (game, depth, sequences, positions):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_catalogue_game_counts_as_recorded_first_third() {
    counts_as_recorded(0);
}

#[test]
fn every_catalogue_game_counts_as_recorded_second_third() {
    counts_as_recorded(1);
}

#[test]
fn every_catalogue_game_counts_as_recorded_last_third() {
    counts_as_recorded(2);
}

#[test]
fn every_recorded_game_is_in_the_catalogue() {
    let golden = read_golden(GOLDEN);
    let names: Vec<String> = catalogue_games()
        .iter()
        .map(|g| g.rules.name.clone())
        .collect();
    let strays: Vec<&str> = data_lines(&golden)
        .filter(|line| !names.iter().any(|n| key(line)[0] == n))
        .collect();
    assert!(
        strays.is_empty(),
        "recorded, not in the catalogue: {strays:?}"
    );
}

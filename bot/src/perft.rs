//! `redscience perft GAME DEPTH [--json] [--sequences-only]`: the engine's
//! decision sequences and distinct positions by depth (see
//! `redscience_engine::perft`), each depth timed, to check the engine
//! against published counts and to measure it.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use redscience_engine::perft::{PositionLayers, sequences};
use serde_json::json;

use crate::source;

/// The deepest count accepted: far beyond what finishes on any catalogue
/// game (Tic-Tac-Toe ends by 8 decisions, Connect4 at depth 12 takes hours).
pub const MAX_DEPTH: usize = 30;

const EXAMPLE: &str = "for example: redscience perft Tic-Tac-Toe 5";

/// The depth as typed, or what was wrong with it.
fn parse_depth(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(depth @ 1..=MAX_DEPTH) => Ok(depth),
        Ok(depth) if depth > MAX_DEPTH => Err(format!(
            "DEPTH {depth} is too deep: at most {MAX_DEPTH} decisions ({EXAMPLE})"
        )),
        _ => Err(format!(
            "DEPTH takes a whole number of decisions from 1 to {MAX_DEPTH}, not \"{text}\" ({EXAMPLE})"
        )),
    }
}

/// One line of the report.
struct Row {
    depth: usize,
    sequences: u64,
    positions: Option<u64>,
    seconds: f64,
}

pub fn run(
    game: &str,
    depth: &str,
    json_out: bool,
    sequences_only: bool,
) -> Result<ExitCode, String> {
    let depth = parse_depth(depth)?;
    let rules = source::load(game).map_err(|e| format!("{e}\n{EXAMPLE}"))?;
    let game = source::compile(rules)?;
    let start = game.start();
    let mut layers = (!sequences_only).then(|| PositionLayers::new(&start, depth));
    let mut rows = Vec::new();
    if !json_out {
        println!("{}", game.rules.name);
        println!(
            "{:>5} {:>16} {:>16} {:>10}",
            "depth", "sequences", "positions", "seconds"
        );
    }
    for d in 1..=depth {
        // Each depth counted afresh, as perft tools do, so its time stands alone.
        let timer = Instant::now();
        let sequences = sequences(&start, d);
        let positions = layers.as_mut().and_then(Iterator::next);
        let row = Row {
            depth: d,
            sequences,
            positions,
            seconds: timer.elapsed().as_secs_f64(),
        };
        if !json_out {
            let positions = row.positions.map_or("-".to_string(), |p| p.to_string());
            println!(
                "{:>5} {:>16} {:>16} {:>10.3}",
                row.depth, row.sequences, positions, row.seconds
            );
            // Deep counts take long: show each depth as it is done.
            let _ = std::io::stdout().flush();
        }
        rows.push(row);
    }
    if !json_out {
        print_footnote(&rows);
    }
    if json_out {
        let counts: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({"depth": r.depth, "sequences": r.sequences,
                    "positions": r.positions, "seconds": r.seconds})
            })
            .collect();
        println!("{}", json!({"game": game.rules.name, "counts": counts}));
    }
    Ok(ExitCode::SUCCESS)
}

/// What the columns count, where a depth's zero could read as a fault:
/// the engine plays a seat's only move itself, so Tic-Tac-Toe's ninth
/// placement is no decision and depth 9 counts none.
fn print_footnote(rows: &[Row]) {
    println!(
        "A depth is a number of decisions; a seat's only move, which the engine plays itself, is not one."
    );
    if let Some(empty) = rows.iter().find(|r| r.sequences == 0) {
        println!(
            "No game reaches decision {}: by then every game has ended.",
            empty.depth
        );
    }
}

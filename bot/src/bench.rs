//! `redscience bench playouts [GAME...] [--seconds S] [--json] [--list]`:
//! random playouts per second, the engine's speed as the search player sees
//! it, and memory per state. With no game named, every catalogue game.

// The counting allocator that measures memory per state, shared with the
// engine's playouts benchmark so both report the same figure. It becomes
// this binary's global allocator: it only counts while a state is being
// measured, and costs one flag read per allocation otherwise. Only the
// binary carries it, not the bot's library.
#[path = "../../engine/benches/support/state_memory.rs"]
mod state_memory;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::{catalogue, random};
use serde_json::json;

use crate::source;

/// Random games whose start, middle and end states are measured.
const MEMORY_GAMES: u64 = 4;

/// The measurements of one game.
struct Row {
    game: String,
    games_per_second: f64,
    moves_per_second: f64,
    moves_per_game: f64,
    bytes_per_state: f64,
    /// Games stopped at the engine's move cap, not ended by the rules.
    capped: u64,
}

/// `--list`: the games `bench playouts` times when none is named, one name
/// a line (scripts such as `bench/engines.sh` read it).
pub fn list() -> Result<ExitCode, String> {
    for name in catalogue::names() {
        println!("{name}");
    }
    Ok(ExitCode::SUCCESS)
}

pub fn playouts(games: &[String], seconds: f64, json_out: bool) -> Result<ExitCode, String> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!(
            "--seconds takes a positive number of seconds per game, e.g. --seconds 0.5; not {seconds}"
        ));
    }
    state_memory::check_the_counting()?;
    let names: Vec<String> = if games.is_empty() {
        catalogue::names().into_iter().map(String::from).collect()
    } else {
        games.to_vec()
    };
    let mut rows = Vec::new();
    for name in &names {
        let game = source::compile(source::load(name)?)?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed);
        let budget = Duration::from_secs_f64(seconds);
        let start = Instant::now();
        // The clock is read every 64 games: a Tic-Tac-Toe game takes less
        // time than reading it.
        let random::Playouts {
            games: played,
            moves,
            capped,
        } = random::playouts(&game, &mut rng, |n| {
            n % 64 == 0 && start.elapsed() >= budget
        });
        let elapsed = start.elapsed().as_secs_f64();
        rows.push(Row {
            game: game.rules.name.clone(),
            games_per_second: played as f64 / elapsed,
            moves_per_second: moves as f64 / elapsed,
            moves_per_game: moves as f64 / played.max(1) as f64,
            bytes_per_state: state_memory::mean_state_bytes(&game, MEMORY_GAMES),
            capped,
        });
    }
    if json_out {
        let list: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({
                    "game": r.game,
                    "games_per_second": r.games_per_second,
                    "moves_per_second": r.moves_per_second,
                    "moves_per_game": r.moves_per_game,
                    "bytes_per_state": r.bytes_per_state,
                    "capped_games": r.capped,
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        print_table(&rows);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_table(rows: &[Row]) {
    println!(
        "{:<20} {:>12} {:>13} {:>10} {:>11}",
        "game", "games/s", "moves/s", "moves/game", "bytes/state"
    );
    for r in rows {
        // Whole games a second, with a decimal only where they are few.
        let games = if r.games_per_second < 100.0 {
            format!("{:.1}", r.games_per_second)
        } else {
            format!("{:.0}", r.games_per_second)
        };
        println!(
            "{:<20} {games:>12} {:>13.0} {:>10.1} {:>11.0}",
            r.game, r.moves_per_second, r.moves_per_game, r.bytes_per_state
        );
    }
    for r in rows.iter().filter(|r| r.capped > 0) {
        println!(
            "{}: {} games did not end by the rules and were stopped at the cap of {} moves",
            r.game,
            r.capped,
            random::GAME_MOVE_CAP
        );
    }
    println!(
        "bytes/state: the engine's states, mean of the start, middle and end of {MEMORY_GAMES} random games; \
         of which {} for the State itself, the rest on the heap",
        size_of::<redscience_engine::State>()
    );
}

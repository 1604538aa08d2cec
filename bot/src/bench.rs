//! `redscience bench playouts GAME... [--seconds S] [--json] [--general]`:
//! random playouts per second, the engine's speed as the search player sees
//! it (through the compiled kernel where the rule set has one).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::random;
use serde_json::json;

use crate::source;

pub fn playouts(
    games: &[String],
    seconds: f64,
    json_out: bool,
    general: bool,
) -> Result<ExitCode, String> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!("--seconds takes a positive number, not {seconds}"));
    }
    let names: Vec<String> = if games.is_empty() {
        [
            "Tic-Tac-Toe",
            "Connect4",
            "Qubic-4",
            "5on15sq",
            "Connect6-19x19",
        ]
        .map(String::from)
        .to_vec()
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
        let (played, moves) = random::playouts(&game, &mut rng, general, |n| {
            n % 64 == 0 && start.elapsed() >= budget
        });
        let elapsed = start.elapsed().as_secs_f64();
        let path = if general || game.rollout().is_none() {
            "general"
        } else {
            "compiled"
        };
        rows.push((
            game.rules.name.clone(),
            played as f64 / elapsed,
            moves as f64 / elapsed,
            path,
        ));
    }
    if json_out {
        let list: Vec<_> = rows
            .iter()
            .map(|(g, gps, mps, path)| {
                json!({"game": g, "games_per_second": gps, "moves_per_second": mps, "path": path})
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        for (g, gps, mps, path) in rows {
            println!("{g:<20} {path:<9} {gps:>12.1} games/s {mps:>14.0} moves/s");
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! `redscience bench playouts GAME... [--seconds S] [--json]`: random
//! playouts per second, the engine's speed as the search player sees it.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::random::playout;
use serde_json::json;

use crate::source;

pub fn playouts(games: &[String], seconds: f64, json_out: bool) -> Result<ExitCode, String> {
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
        let (mut played, mut moves) = (0u64, 0u64);
        let start = Instant::now();
        while start.elapsed() < budget || played == 0 {
            let mut state = game.start_seeded(played);
            moves += playout(&mut state, &mut rng) as u64;
            played += 1;
        }
        let elapsed = start.elapsed().as_secs_f64();
        rows.push((
            game.rules.name.clone(),
            played as f64 / elapsed,
            moves as f64 / elapsed,
        ));
    }
    if json_out {
        let list: Vec<_> = rows
            .iter()
            .map(|(g, gps, mps)| json!({"game": g, "games_per_second": gps, "moves_per_second": mps}))
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        for (g, gps, mps) in rows {
            println!("{g:<20} {gps:>12.1} games/s {mps:>14.0} moves/s");
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! Random playouts per second: whole games from the start position, every
//! move Random's choice, for a few catalogue games; once through the
//! compiled kernel (what the search player uses) and once through the
//! general engine (what every other rule set uses).
//!
//! `cargo bench -p redscience-engine --bench playouts` runs each game for
//! `PLAYOUT_SECONDS` (default 2) after a short warm-up and prints one line per
//! game; `-- --json` prints a JSON array instead. Any other argument that does
//! not start with `-` keeps only the games whose names contain it. Run without
//! `--bench` (as `cargo test --all-targets` does) it only checks that every
//! game plays, for a few milliseconds each.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::{Game, catalogue, random};

/// The games measured, from 9 cells to 361.
const GAMES: [&str; 5] = [
    "Tic-Tac-Toe",
    "Connect4",
    "Qubic-4",
    "5on15sq",
    "Connect6-19x19",
];

const SEED: u64 = 0x5eed_2024;

/// Playouts over one stretch of wall time.
#[derive(Default)]
struct Tally {
    games: u64,
    moves: u64,
    elapsed: Duration,
}

impl Tally {
    fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }

    fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }

    fn moves_per_game(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }
}

/// Plays random games until `budget` has passed (at least one game).
fn run(
    game: &std::sync::Arc<Game>,
    rng: &mut Xoshiro256PlusPlus,
    general: bool,
    budget: Duration,
) -> Tally {
    let start = Instant::now();
    // The clock is read every 64 games: a Tic-Tac-Toe game takes less time
    // than reading it.
    let (games, moves) = random::playouts(game, rng, general, |n| {
        n % 64 == 0 && start.elapsed() >= budget
    });
    black_box(moves);
    Tally {
        games,
        moves,
        elapsed: start.elapsed(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let benching = args.iter().any(|a| a == "--bench");
    let json = args.iter().any(|a| a == "--json");
    let filters: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(|a| a.to_ascii_lowercase())
        .collect();
    let (budget, warm_up) = if benching {
        let seconds = match std::env::var("PLAYOUT_SECONDS") {
            Ok(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0)
                .unwrap_or_else(|| panic!("PLAYOUT_SECONDS={text:?} is not a positive number")),
            Err(_) => 2.0,
        };
        let budget = Duration::from_secs_f64(seconds);
        (budget, (budget / 10).min(Duration::from_millis(300)))
    } else {
        (Duration::from_millis(5), Duration::ZERO)
    };

    let mut rows = Vec::new();
    for name in GAMES {
        let lower = name.to_ascii_lowercase();
        if !filters.is_empty() && !filters.iter().any(|f| lower.contains(f.as_str())) {
            continue;
        }
        let rules = catalogue::get(name).unwrap_or_else(|| panic!("{name} is in the catalogue"));
        let game = Game::new(rules).unwrap_or_else(|p| panic!("{name} compiles: {p:?}"));
        for general in [false, true] {
            let path = if general { "general" } else { "compiled" };
            if !general && game.rollout().is_none() {
                continue;
            }
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
            if !warm_up.is_zero() {
                run(&game, &mut rng, general, warm_up);
            }
            let tally = run(&game, &mut rng, general, budget);
            if !json {
                println!(
                    "{name:<16} {path:<9} {:>12.1} games/s {:>14.0} moves/s {:>8.1} moves/game",
                    tally.games_per_second(),
                    tally.moves_per_second(),
                    tally.moves_per_game(),
                );
            }
            rows.push(serde_json::json!({
                "game": name,
                "path": path,
                "games_per_second": tally.games_per_second(),
                "moves_per_second": tally.moves_per_second(),
            }));
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
    }
}

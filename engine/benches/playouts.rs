//! Random playouts per second for every catalogue game: whole games from the
//! start position, every move Random's choice, through the one engine.
//! Per game: games/s, moves/s, mean moves per game, and memory per state in
//! bytes (see `support/state_memory.rs`).
//!
//! `cargo bench -p redscience-engine --bench playouts` runs each game for
//! `PLAYOUT_SECONDS` (default 2) after a short warm-up and prints one line
//! per game; `-- --json` prints a JSON array instead, one object per game. Any other argument that does not start with `-` keeps
//! only the games whose names contain it; one ending in `.json` is a rule
//! set file to measure as well, its path from the engine's folder where
//! cargo runs the bench (`../bench/Phantom-TTT.json`, which the catalogue
//! lacks). Run without `--bench` (as
//! `cargo test --all-targets` does) it only checks that every game plays,
//! for a few milliseconds each, and that the memory count is right.
//!
//! `PLAYOUT_GAMES=N` plays exactly N games instead, without a warm-up: the
//! same games whatever the machine, so that instruction counts
//! (`valgrind --tool=callgrind`) compare two builds on the same work.

#[path = "support/state_memory.rs"]
mod state_memory;

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::{Game, catalogue, random};

const SEED: u64 = 0x5eed_2024;

/// Random games whose states are measured for the bytes per state.
const MEMORY_GAMES: u64 = 4;

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

/// How long each game and path runs.
struct Budget {
    warm_up: Duration,
    measured: Duration,
    /// `PLAYOUT_GAMES`: this many games, whatever they take.
    games: Option<u64>,
}

/// Plays random games until `budget` has passed (at least one game), or
/// exactly `count` games.
fn run(
    game: &Arc<Game>,
    rng: &mut Xoshiro256PlusPlus,
    budget: Duration,
    count: Option<u64>,
) -> Tally {
    let start = Instant::now();
    // The clock is read every 64 games: a Tic-Tac-Toe game takes less time
    // than reading it.
    let random::Playouts { games, moves, .. } = random::playouts(game, rng, |n| match count {
        Some(count) => n >= count,
        None => n % 64 == 0 && start.elapsed() >= budget,
    });
    black_box(moves);
    Tally {
        games,
        moves,
        elapsed: start.elapsed(),
    }
}

/// A warm-up, then the measured run, from the same seed for every game.
fn measure(game: &Arc<Game>, budget: &Budget) -> Tally {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    if !budget.warm_up.is_zero() {
        run(game, &mut rng, budget.warm_up, None);
    }
    run(game, &mut rng, budget.measured, budget.games)
}

/// One line of the table.
fn print_line(name: &str, general: &Tally, bytes_per_state: f64) {
    println!(
        "{name:<20} {:>12.0} {:>13.0} {:>10.1} {:>11.0}",
        general.games_per_second(),
        general.moves_per_second(),
        general.moves_per_game(),
        bytes_per_state,
    );
}

/// One object of the JSON array.
fn json_row(name: &str, tally: &Tally, bytes_per_state: f64) -> serde_json::Value {
    serde_json::json!({
        "game": name,
        "games_per_second": tally.games_per_second(),
        "moves_per_second": tally.moves_per_second(),
        "moves_per_game": tally.moves_per_game(),
        "bytes_per_state": bytes_per_state,
    })
}

fn budget(benching: bool) -> Budget {
    if !benching {
        return Budget {
            warm_up: Duration::ZERO,
            measured: Duration::from_millis(5),
            games: None,
        };
    }
    if let Ok(text) = std::env::var("PLAYOUT_GAMES") {
        let games = (text.trim().parse::<u64>().ok().filter(|&n| n > 0))
            .unwrap_or_else(|| panic!("PLAYOUT_GAMES={text:?} is not a positive count, e.g. 200"));
        return Budget {
            warm_up: Duration::ZERO,
            measured: Duration::ZERO,
            games: Some(games),
        };
    }
    let seconds = match std::env::var("PLAYOUT_SECONDS") {
        Ok(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or_else(|| {
                panic!("PLAYOUT_SECONDS={text:?} is not a positive number of seconds, e.g. 0.5")
            }),
        Err(_) => 2.0,
    };
    let measured = Duration::from_secs_f64(seconds);
    Budget {
        warm_up: (measured / 10).min(Duration::from_millis(300)),
        measured,
        games: None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let benching = args.iter().any(|a| a == "--bench");
    let json = args.iter().any(|a| a == "--json");
    let (files, filters): (Vec<&String>, Vec<&String>) = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .partition(|a| a.ends_with(".json"));
    let filters: Vec<String> = filters.iter().map(|a| a.to_ascii_lowercase()).collect();
    let extra = files.iter().map(|path| {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        redscience_engine::RuleSet::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"))
    });
    let budget = budget(benching);
    state_memory::check_the_counting().unwrap_or_else(|e| panic!("{e}"));

    if !json {
        println!(
            "{:<20} {:>12} {:>13} {:>10} {:>11}",
            "game", "games/s", "moves/s", "moves/game", "bytes/state"
        );
    }
    let mut rows = Vec::new();
    let listed = catalogue::all().into_iter().filter(|rules| {
        let lower = rules.name.to_ascii_lowercase();
        filters.iter().any(|f| lower.contains(f.as_str())) || filters.is_empty() && files.is_empty()
    });
    for rules in listed.chain(extra) {
        let name = rules.name.clone();
        let game = Game::new(rules).unwrap_or_else(|p| panic!("{name} compiles: {p:?}"));
        let tally = measure(&game, &budget);
        let bytes = state_memory::mean_state_bytes(&game, if benching { MEMORY_GAMES } else { 1 });
        assert!(tally.moves > 0, "{name}: random games were played");
        if json {
            rows.push(json_row(&name, &tally, bytes));
        } else {
            print_line(&name, &tally, bytes);
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
    } else {
        println!(
            "bytes/state: mean of the start, middle and end of random games; of which {} \
             for the State itself, the rest on the heap",
            size_of::<redscience_engine::State>()
        );
    }
}

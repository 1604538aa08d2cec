//! Moves persisted per second: random Connect4 matches played move by move,
//! each move committed in its own transaction (as the bot does) before the
//! next is chosen, on SQLite and, when `DATABASE_URL` names PostgreSQL, there.
//!
//! `cargo bench -p redscience-storage --bench moves` measures each backend for
//! `MOVES_SECONDS` (default 3) and prints one line per backend; `-- --json`
//! prints a JSON array. Without `--bench` (as `cargo test --all-targets` runs
//! it) it only records a few moves on each backend.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::random::random_move;
use redscience_storage::scratch::{Scratch, postgres_from_env};
use redscience_storage::{Augmentation, Config, NewMatch, Storage, SystemPlayer};

const GAME: &str = "Connect4";

struct Tally {
    moves: u64,
    matches: u64,
    elapsed: Duration,
    /// Each move's wall time, play and commit.
    latencies: Vec<Duration>,
}

impl Tally {
    fn per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }

    fn percentile_ms(&self, p: f64) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
        sorted.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

async fn run(storage: &Storage, budget: Duration, max_moves: u64) -> Tally {
    let saved = storage.rule_set(GAME).await.unwrap().expect("seeded");
    let random = storage.system_player(SystemPlayer::Random).await.unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed_2026);
    let mut tally = Tally {
        moves: 0,
        matches: 0,
        elapsed: Duration::ZERO,
        latencies: Vec::new(),
    };
    let start = Instant::now();
    'matches: loop {
        let mut live = storage
            .create_match(NewMatch {
                rule_set_id: saved.id,
                seats: vec![(random.id, Augmentation::Alone); 2],
                seed: tally.matches,
                creator_id: None,
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        tally.matches += 1;
        while let Some(mv) = random_move(live.state(), &mut rng) {
            let t = Instant::now();
            live.play(storage, mv, Some(random.id), 0).await.unwrap();
            tally.latencies.push(t.elapsed());
            tally.moves += 1;
            tally.elapsed = start.elapsed();
            if tally.elapsed >= budget || tally.moves >= max_moves {
                break 'matches;
            }
        }
    }
    tally
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let benching = args.iter().any(|a| a == "--bench");
    let json = args.iter().any(|a| a == "--json");
    let (budget, max_moves) = if benching {
        let seconds = match std::env::var("MOVES_SECONDS") {
            Ok(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0)
                .unwrap_or_else(|| panic!("MOVES_SECONDS={text:?} is not a positive number")),
            Err(_) => 3.0,
        };
        (Duration::from_secs_f64(seconds), u64::MAX)
    } else {
        (Duration::from_secs(1), 20)
    };
    // In the temporary directory, on a disk as a real database would be
    // (not scratch_dir's memory): each commit waits for it.
    let mut scratches = vec![Scratch::sqlite_in(&std::env::temp_dir())];
    match postgres_from_env() {
        Some(url) => scratches.push(Scratch::postgres(&url).await.expect("a scratch database")),
        None => eprintln!("DATABASE_URL does not name PostgreSQL: SQLite only"),
    }
    let mut rows = Vec::new();
    for scratch in scratches {
        let config = Config::new(&scratch.url, "").unwrap();
        let storage = Storage::open(&config).await.expect("opens");
        // A short warm-up: connections, statement caches, the file's first pages.
        run(&storage, Duration::from_millis(200), 20).await;
        let tally = run(&storage, budget, max_moves).await;
        let backend = scratch.backend();
        if !json {
            println!(
                "{backend:<9} {:>8.0} moves/s   median {:>6.2} ms   p99 {:>6.2} ms   ({} moves in {} matches, one transaction each)",
                tally.per_second(),
                tally.percentile_ms(0.5),
                tally.percentile_ms(0.99),
                tally.moves,
                tally.matches,
            );
        }
        rows.push(serde_json::json!({
            "backend": backend,
            "moves_per_second": tally.per_second(),
            "median_ms": tally.percentile_ms(0.5),
            "p99_ms": tally.percentile_ms(0.99),
            "moves": tally.moves,
        }));
        storage.close().await.unwrap();
        scratch.remove().await.unwrap();
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
    }
}

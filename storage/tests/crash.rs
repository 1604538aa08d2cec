//! A writer killed at an arbitrary moment loses no acknowledged move and
//! leaves no half-written match: the test runs itself as a child process
//! that records random moves and reports each one after `play` returns, kills
//! it, then reopens the database.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use redscience_engine::random::random_move;
use redscience_storage::scratch::{Scratch, postgres_from_env};
use redscience_storage::{Augmentation, Config, NewMatch, Storage, SystemPlayer};

const CHILD: &str = "REDSCIENCE_CRASH_CHILD_URL";
/// This test's name as the harness knows it (its module path without the
/// binary's name), for running it again as the child.
fn test_name() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    format!("{module}::a_killed_writer_loses_no_acknowledged_move")
}

/// The child: plays Connect4 matches move by move, printing `ACK match number`
/// once each move is committed, until it is killed.
async fn writer(url: &str) {
    let storage = Storage::connect(url).await.unwrap();
    let saved = storage.rule_set("Connect4").await.unwrap().unwrap();
    let random = storage.system_player(SystemPlayer::Random).await.unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(std::process::id().into());
    let mut out = std::io::stdout();
    for seed in 0..1000 {
        let mut live = storage
            .create_match(NewMatch {
                rule_set_id: saved.id,
                seats: vec![(random.id, Augmentation::Alone); 2],
                seed,
                creator_id: None,
                rated: true,
                challenge_id: None,
            })
            .await
            .unwrap();
        while let Some(mv) = random_move(live.state(), &mut rng) {
            let played = live.play(&storage, mv, None, 0).await.unwrap();
            writeln!(out, "ACK {} {}", live.id, played.number).unwrap();
            out.flush().unwrap();
        }
    }
}

#[tokio::test]
async fn a_killed_writer_loses_no_acknowledged_move() {
    if let Ok(url) = std::env::var(CHILD) {
        return writer(&url).await;
    }
    let mut scratches = vec![Scratch::sqlite()];
    if let Some(url) = postgres_from_env() {
        scratches.push(Scratch::postgres(&url).await.unwrap());
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xc4a5);
    for scratch in scratches {
        let config = Config::new(&scratch.url, "").unwrap();
        Storage::open(&config).await.unwrap().close().await.unwrap();
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                &test_name(),
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(CHILD, &scratch.url)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let kill_after = rng.random_range(30..90);
        let mut acked = Vec::new();
        for line in lines {
            let line = line.unwrap();
            let Some(rest) = line.strip_prefix("ACK ") else {
                continue;
            };
            let (id, number) = rest.split_once(' ').unwrap();
            acked.push((id.parse::<i64>().unwrap(), number.parse::<usize>().unwrap()));
            if acked.len() == kill_after {
                child.kill().unwrap();
                break;
            }
        }
        child.wait().unwrap();
        assert_eq!(
            acked.len(),
            kill_after,
            "{}: the writer stopped early",
            scratch.backend()
        );

        let storage = Storage::open(&config).await.unwrap();
        let (last_match, last_number) = *acked.last().unwrap();
        for id in 1..=last_match + 1 {
            let Ok(live) = storage.load_match(id).await else {
                assert!(
                    id > last_match,
                    "{}: match {id} does not load",
                    scratch.backend()
                );
                continue;
            };
            let log = storage.move_log(id).await.unwrap();
            assert_eq!(log.len(), live.state().decisions().len());
            let acknowledged = acked.iter().filter(|(m, _)| *m == id).count();
            assert!(
                log.len() >= acknowledged,
                "{}: match {id} kept {} of {acknowledged} acknowledged moves",
                scratch.backend(),
                log.len()
            );
            if id == last_match {
                assert!(log.len() > last_number, "{}", scratch.backend());
            }
        }
        storage.close().await.unwrap();
        scratch.remove().await.unwrap();
    }
}

//! Runs each test on a fresh SQLite file and, when `DATABASE_URL` names a
//! PostgreSQL server, on a fresh database there too.
#![allow(dead_code)]

use redscience_engine::RuleSet;
use redscience_storage::scratch::{Scratch, postgres_from_env};
use redscience_storage::{Config, Player, Security, Storage};

/// Runs `test` once per backend, each time on an empty, migrated and seeded database.
pub async fn on_each_backend(test: impl AsyncFn(Storage)) {
    let mut scratches = vec![Scratch::sqlite()];
    match postgres_from_env() {
        Some(url) => scratches.push(
            Scratch::postgres(&url)
                .await
                .unwrap_or_else(|e| panic!("cannot create a database on {url}: {e}")),
        ),
        None if std::env::var_os("REDSCIENCE_REQUIRE_POSTGRES").is_some() => {
            panic!("REDSCIENCE_REQUIRE_POSTGRES is set but DATABASE_URL does not name PostgreSQL")
        }
        None => eprintln!("DATABASE_URL does not name PostgreSQL: testing SQLite only"),
    }
    for scratch in scratches {
        let config = Config::new(&scratch.url, "").expect("a scratch URL is valid");
        let storage = Storage::open(&config)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", scratch.backend()));
        test(storage.clone()).await;
        storage.close().await.expect("closes");
        scratch
            .remove()
            .await
            .expect("removes the scratch database");
    }
}

/// A human Creator with an Admin's or Trainer's level when asked.
pub async fn human(storage: &Storage, name: &str, level: Security) -> Player {
    let player = storage.create_human(name).await.expect("creates a human");
    if level == Security::Creator {
        return player;
    }
    let admin = admin(storage).await;
    storage
        .set_security(admin.id, name, level)
        .await
        .expect("an Admin promotes")
}

/// The first Admin, made from configuration the first time it is asked for.
pub async fn admin(storage: &Storage) -> Player {
    if let Some(p) = storage.player_named("Root-Admin").await.unwrap() {
        return p;
    }
    let mut configured = storage.clone();
    let chat = redscience_storage::ChatId::discord("1");
    configured.set_admins(vec![chat.clone()]);
    let p = configured
        .player_for_chat(&chat, "Root Admin")
        .await
        .unwrap();
    assert_eq!(p.security, Security::Admin);
    p
}

/// Tic-Tac-Toe on an n × 3 board (3 ≤ n ≤ 19): distinct rule sets.
pub fn variant(name: &str, n: u8) -> RuleSet {
    let mut rules = RuleSet::tic_tac_toe(name);
    rules.board = redscience_engine::rules::BoardKind::Squares;
    rules.dimensions = [n, 3, 1];
    rules
}

/// The refusal's message, or a panic naming what happened instead.
pub fn refusal<T: std::fmt::Debug>(result: redscience_storage::Result<T>) -> String {
    match result {
        Err(redscience_storage::Error::Refused(message)) => message,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Seats already taken by these players, each alone and accepted.
pub fn seated(ids: &[i64]) -> Vec<redscience_storage::Invitee> {
    ids.iter()
        .map(|&id| redscience_storage::Invitee {
            player_id: Some(id),
            augmentation: redscience_storage::Augmentation::Alone,
            accepted: true,
        })
        .collect()
}

#![allow(dead_code)]
//! The console-chat harness shared by the scenario tests: the bot driven
//! in-process through the console on a scratch database, with the helpers
//! to speak as users and to play matches out. Each test binary uses a part.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeDelta, Utc};

use redscience::console::Console;
use redscience_commands::Bot;
use redscience_engine::RuleSet;
use redscience_storage::scratch::{Scratch, postgres_from_env};
use redscience_storage::sea_orm::ConnectionTrait;
use redscience_storage::{ChatId, Config, Storage};

/// Where a chat's clock starts, if the storage is given one.
#[derive(Clone, Copy)]
enum Start {
    /// The time now.
    Now,
    /// The time now, to the millisecond (as the database keeps it).
    NowInMs,
}

/// How a [`Chat`] is made: by default on a scratch SQLite file (seeded, as
/// `Storage::open` seeds every database it opens), with a clock that stands still at the time it was made until moved on.
#[derive(Clone, Copy)]
pub struct Setup {
    /// Names the directory of the files the console writes.
    name: &'static str,
    /// On PostgreSQL when `DATABASE_URL` names a server.
    postgres_from_env: bool,
    /// `None`: the storage reads the real clock.
    clock: Option<Start>,
}

impl Setup {
    /// SQLite, seeded, a fixed clock; `name` names the files directory.
    pub fn new(name: &'static str) -> Setup {
        Setup {
            name,
            postgres_from_env: false,
            clock: Some(Start::Now),
        }
    }

    /// On PostgreSQL when `DATABASE_URL` names a server, on SQLite otherwise.
    pub fn postgres_from_env(self) -> Setup {
        Setup {
            postgres_from_env: true,
            ..self
        }
    }

    /// The storage reads the real clock ([`Chat::later`] and [`Chat::wait`]
    /// then cannot be used).
    pub fn real_clock(self) -> Setup {
        Setup {
            clock: None,
            ..self
        }
    }

    /// The fixed clock starts at the time now to the millisecond.
    pub fn clock_in_ms(self) -> Setup {
        Setup {
            clock: Some(Start::NowInMs),
            ..self
        }
    }

    /// A chat with the bot made with `seed`, speaking as ann by default.
    pub async fn chat(self, seed: u64) -> Chat {
        let scratch = if self.postgres_from_env {
            scratch().await
        } else {
            Scratch::sqlite()
        };
        let clock = self.clock.map(|start| {
            let now = Utc::now();
            match start {
                Start::Now => now,
                Start::NowInMs => redscience_storage::chrono_ms(now),
            }
        });
        self.chat_on(scratch, clock, seed).await
    }

    /// A chat on a copy of a SQLite database taken by [`Chat::snapshot`],
    /// its clock where the copied chat's was, with a bot made with `seed`.
    pub async fn chat_on_copy(self, snapshot: &Snapshot, seed: u64) -> Chat {
        let scratch = Scratch::sqlite();
        let path = scratch
            .url
            .strip_prefix("sqlite:")
            .expect("a SQLite scratch");
        std::fs::write(path, &snapshot.database).expect("the copy is written");
        self.chat_on(scratch, snapshot.clock, seed).await
    }

    async fn chat_on(self, scratch: Scratch, clock: Option<DateTime<Utc>>, seed: u64) -> Chat {
        let clock = clock.map(|at| Arc::new(Mutex::new(at)));
        let storage = self.open(&scratch.url, clock.as_ref()).await;
        static CHATS: AtomicU64 = AtomicU64::new(0);
        let files = std::env::temp_dir().join(format!(
            "redscience-{}-{}-{seed}-{}",
            self.name,
            std::process::id(),
            CHATS.fetch_add(1, Ordering::Relaxed)
        ));
        Chat {
            console: Console::new(Bot::new(storage, seed), files.clone(), "ann").show_ids(),
            scratch,
            files,
            clock,
            setup: self,
        }
    }

    /// Opens (and so seeds) the storage at `url`, reading `clock` if any.
    async fn open(&self, url: &str, clock: Option<&Arc<Mutex<DateTime<Utc>>>>) -> Storage {
        let config = Config::new(url, "").unwrap();
        let mut storage = Storage::open(&config).await.unwrap();
        if let Some(clock) = clock {
            let reading = clock.clone();
            storage.set_clock(move || *reading.lock().unwrap());
        }
        storage
    }
}

/// A scratch database: PostgreSQL when `DATABASE_URL` names a server,
/// SQLite otherwise.
pub async fn scratch() -> Scratch {
    match postgres_from_env() {
        Some(url) => Scratch::postgres(&url).await.unwrap(),
        None => Scratch::sqlite(),
    }
}

/// The bot behind a console, on a scratch database removed when dropped
/// with the files the console wrote.
pub struct Chat {
    pub console: Console,
    pub scratch: Scratch,
    pub files: PathBuf,
    clock: Option<Arc<Mutex<DateTime<Utc>>>>,
    setup: Setup,
}

impl Drop for Chat {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.files);
    }
}

/// A chat's SQLite database as it was at one moment, and its clock then.
pub struct Snapshot {
    database: Vec<u8>,
    clock: Option<DateTime<Utc>>,
}

impl Chat {
    /// This chat's database and clock as they are now, to start other chats
    /// from ([`Setup::chat_on_copy`]); `None` on PostgreSQL.
    pub async fn snapshot(&self) -> Option<Snapshot> {
        self.scratch.url.strip_prefix("sqlite:")?;
        let copy = Scratch::sqlite();
        let path = copy.url.strip_prefix("sqlite:").expect("a SQLite scratch");
        // A consistent copy of the database, write-ahead log included.
        self.storage()
            .connection()
            .execute_unprepared(&format!("VACUUM INTO '{path}'"))
            .await
            .expect("the database is copied");
        Some(Snapshot {
            database: std::fs::read(path).expect("the copy reads"),
            clock: self.clock.as_ref().map(|c| *c.lock().unwrap()),
        })
    }

    /// Sends a line and returns everything printed, joined.
    pub async fn say(&mut self, line: &str) -> String {
        self.console.line(line).await.join("\n")
    }

    /// Moves the clock on, without letting the bot's clock run.
    pub fn later(&mut self, seconds: i64) {
        let clock = self.clock.as_ref().expect("the chat has a fixed clock");
        *clock.lock().unwrap() += TimeDelta::seconds(seconds);
    }

    /// Moves the clock on and lets the bot's clock run once.
    pub async fn wait(&mut self, seconds: i64) -> String {
        self.later(seconds);
        self.console.tick().await.join("\n")
    }

    pub fn storage(&self) -> Storage {
        self.console.bot().storage().clone()
    }

    /// A new bot made with `seed` on the same database and clock, as after
    /// a restart.
    pub async fn restart(&mut self, seed: u64) {
        let storage = self
            .setup
            .open(&self.scratch.url, self.clock.as_ref())
            .await;
        self.console = Console::new(Bot::new(storage, seed), self.files.clone(), "ann").show_ids();
    }

    /// Which of `names` has a match waiting for their move.
    pub async fn whose_turn(&mut self, names: &[&str]) -> String {
        for name in names {
            if self
                .say(&format!("@{name} games"))
                .await
                .contains("your turn")
            {
                return name.to_string();
            }
        }
        panic!("nobody among {names:?} is to move");
    }

    /// Makes `a` and `b` friends.
    pub async fn befriend(&mut self, a: &str, b: &str) {
        self.say(&format!("@{b} help")).await;
        self.say(&format!("@{a} friend add {b}")).await;
        let ok = self.say(&format!("@{b} friend accept {a}")).await;
        assert!(ok.contains("friends now"), "{ok}");
    }

    /// ann's player id (ann is made known to the bot if she was not).
    pub async fn ann(&mut self) -> i64 {
        self.storage()
            .player_for_chat(&ChatId::console("ann"), "ann")
            .await
            .unwrap()
            .id
    }

    /// Saves a rule set, given as JSON, as ann's game.
    pub async fn save_as_ann(&mut self, rules: serde_json::Value) {
        let rules: RuleSet = serde_json::from_value(rules).unwrap();
        let ann = self.ann().await;
        self.storage().save_rule_set(ann, &rules).await.unwrap();
    }
}

/// Plays a match to its end with the first option offered each time.
pub async fn play_out(c: &mut Chat, mut last: String, limit: usize) -> String {
    for _ in 0..limit {
        if last.contains("is over") {
            break;
        }
        let mover = last
            .lines()
            .rev()
            .find_map(|l| {
                l.split_once(", your turn in match")
                    .map(|(who, _)| who.to_string())
            })
            .unwrap_or_else(|| panic!("someone is asked to move: {last}"));
        let who = mover.rsplit(' ').next().unwrap().to_string();
        // Secret moves are asked, and answered, privately.
        let private = last
            .lines()
            .rev()
            .find(|l| l.contains(", your turn in match"))
            .is_some_and(|l| l.starts_with("[dm "));
        let dm = if private { "[dm] " } else { "" };
        let first = first_move(&last).unwrap_or_else(|| panic!("a move is offered: {last}"));
        last = c.say(&format!("@{who} {dm}{first}")).await;
    }
    last
}

/// The ids of the options offered in `out` that start with `prefix`.
pub fn offered(out: &str, prefix: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.trim_start().strip_prefix("[ids] "))
        .flat_map(|ids| ids.split(" | "))
        .filter(|id| id.starts_with(prefix))
        .map(str::to_string)
        .collect()
}

/// The first move offered after the last turn prompt in `out`, as a person
/// types it (the words shown in backquotes).
pub fn first_move(out: &str) -> Option<String> {
    let lines: Vec<&str> = out.lines().collect();
    let prompt = lines
        .iter()
        .rposition(|l| l.contains(", your turn in match"))?;
    lines[prompt + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .find_map(|l| {
            let (_, after) = l.split_once('`')?;
            let (typed, _) = after.split_once('`')?;
            Some(typed.to_string())
        })
}

/// A rated match of `rule_set_id` with these players (each alone in a seat),
/// created in storage and played to its end at random from `seed`, each move
/// by its seat's player.
pub async fn random_rated_match(
    s: &Storage,
    rule_set_id: i64,
    players: &[i64],
    seed: u64,
) -> redscience_storage::LiveMatch {
    use rand::SeedableRng;
    use redscience_storage::{Augmentation, NewMatch};
    let mut live = s
        .create_match(NewMatch {
            rule_set_id,
            seats: players
                .iter()
                .map(|&id| (id, Augmentation::Alone))
                .collect(),
            seed,
            creator_id: None,
            rated: true,
            challenge_id: None,
        })
        .await
        .unwrap();
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    while !live.is_over() {
        let actor = live.seats[live.state().to_move()].player_id;
        let mv = redscience_engine::random::random_move(live.state(), &mut rng).unwrap();
        live.play(s, mv, Some(actor), 1000).await.unwrap();
    }
    live
}

/// The players of match 1 in seat order, from its start message
/// ("starts: Player 1 ann (black), Player 2 bob (white), ...").
pub fn seat_order(started: &str, seats: usize) -> Vec<String> {
    (1..=seats)
        .map(|n| {
            let after = started
                .split(&format!("Player {n} "))
                .nth(1)
                .unwrap_or_else(|| panic!("no Player {n}: {started}"));
            after.split(" (").next().unwrap().to_string()
        })
        .collect()
}

/// A move typed by `who` (ann speaks without a prefix).
pub fn by(who: &str, text: &str) -> String {
    if who == "ann" {
        text.to_string()
    } else {
        format!("@{who} {text}")
    }
}

//! A load run over the Discord HTTP interactions endpoint: N simulated
//! players against 1 or 2 `redscience serve` processes that share one
//! database, as behind a load balancer. Not part of the normal test run
//! (`#[ignore]`), except a smoke run of a few seconds; `bench/load.sh`
//! runs it and prints the figures.
//!
//! Settings (environment): `LOAD_PLAYERS` (20), `LOAD_PROCESSES` (1),
//! `LOAD_SECONDS` (30), `DATABASE_URL` (PostgreSQL: a fresh database is
//! made on that server for the run and dropped after, unless
//! `LOAD_KEEP_DB=1`; without it, a SQLite file), `LOAD_GAME`
//! (Tic-Tac-Toe), `LOAD_PACE` (1: each player keeps under the bot's
//! per-account rate limit; 0: sends at once and counts the refusals).
//!
//! The players: every fourth plays Random, the others play in pairs, one
//! table (a guild channel of its own) per pair or Random player. A pair
//! plays person against person: one challenges with an open seat, the
//! other accepts, and they move in turn by the `/move` slash command with
//! the match's number and a cell (`/move match:12 text:2,2`): typed, so no
//! button memory of a process is involved. The cell is one the bot's last
//! prompt offered. Each table sends its requests to the processes in turn
//! (round-robin), so consecutive moves of one match go to different
//! processes when there are two. A match that ends is followed by the
//! next at once, until the time is up. No think time: a player waits only
//! when the bot's rate limit (20 at once, then one every 1.5 s per
//! account) would refuse it.
//!
//! Measured per move: the HTTP answer's latency (sending the signed
//! interaction until its HTTP response), and the turn latency: sending it
//! until the fake Discord receives the bot's next prompt of that match
//! (for a match against Random: after Random's answer) or the message that
//! it is over, i.e. until the next move can be made.
//!
//! Errors: a connection or HTTP failure, a refusal (an answer with text
//! instead of the board), a move whose turn never came back (30 s), a
//! prompt that skipped a decision (a move doubled) or named the wrong
//! player; at the end the database's move log is read back: every
//! acknowledged move must be there under its number and text, with no
//! number twice and none missing in between.

use crate::discord_support;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_support::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use redscience_storage::sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

/// How long a move may wait for its answer before it counts as lost.
const PATIENCE: Duration = Duration::from_secs(30);
/// The same against a machine: twenty searches on two cores take turns.
const MACHINE_PATIENCE: Duration = Duration::from_secs(120);
/// The bot's allowance per account (commands/src/limits.rs), kept a
/// little under: at once, and the seconds per request after that.
const BURST: f64 = 18.0;
const SECONDS_PER_REQUEST: f64 = 1.55;

#[derive(Clone, Debug)]
struct Settings {
    players: usize,
    processes: usize,
    seconds: f64,
    database_url: Option<String>,
    game: String,
    pace: bool,
    keep_db: bool,
    /// Tables of one person against a game's standard player
    /// (`LOAD_MACHINES`), half on Connect6-19x19, half on 5on15sq.
    machines: usize,
    /// People who only ask `help` and `board` (`LOAD_WATCHERS`), timed.
    watchers: usize,
}

impl Settings {
    fn from_env(players: usize, processes: usize, seconds: f64) -> Settings {
        let get = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let number = |name: &str, default: f64| {
            get(name).map_or(default, |v| {
                v.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}={v} is not a number"))
            })
        };
        Settings {
            players: number("LOAD_PLAYERS", players as f64) as usize,
            processes: number("LOAD_PROCESSES", processes as f64) as usize,
            seconds: number("LOAD_SECONDS", seconds),
            database_url: get("DATABASE_URL"),
            game: get("LOAD_GAME").unwrap_or_else(|| "Tic-Tac-Toe".into()),
            pace: get("LOAD_PACE").is_none_or(|v| v != "0"),
            keep_db: get("LOAD_KEEP_DB").is_some_and(|v| v == "1"),
            machines: number("LOAD_MACHINES", 0.0) as usize,
            watchers: number("LOAD_WATCHERS", 0.0) as usize,
        }
    }
}

/// One `redscience serve` process with its own endpoint port; killed
/// when dropped.
struct Server {
    child: Child,
    dir: PathBuf,
    addr: String,
}

impl Server {
    fn start(fake: &FakeDiscord, n: usize, run: u32, database_url: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("redscience-load-{run:x}-{n}"));
        let addr = free_addr();
        let mut command = serve_command(fake, &dir);
        command
            .env("DISCORD_INTERACTIONS_ADDR", &addr)
            .env("DATABASE_URL", database_url)
            .env(
                "RUST_LOG",
                std::env::var("LOAD_RUST_LOG").unwrap_or_else(|_| "warn".into()),
            );
        let child = command.spawn().expect("starts redscience serve");
        Server { child, dir, addr }
    }

    async fn wait_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("redscience serve stopped ({status}):\n{}", self.log());
            }
            if tokio::net::TcpStream::connect(&self.addr).await.is_ok() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the bot did not start:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("bot.log")).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A move the bot acknowledged: its answer came and the match went on.
#[derive(Clone, Debug)]
struct Ack {
    match_id: i64,
    number: usize,
    text: String,
}

#[derive(Default)]
struct Stats {
    acks: Vec<Ack>,
    http: Vec<Duration>,
    turn: Vec<Duration>,
    /// Kind → (count, first example).
    errors: BTreeMap<String, (usize, String)>,
    /// Refusals for sending too fast (without pacing).
    rate_limited: usize,
    started: usize,
    finished: usize,
    /// Every match the run played, and whether against Random.
    matches: HashMap<i64, bool>,
    paced: Duration,
    requests: usize,
    /// Machine tables: from a person's move until their next prompt
    /// (the standard player's reply included), and its moves.
    machine_turn: Vec<Duration>,
    machine_moves: usize,
    /// Light commands (`help`, `board`): sent until the whole answer.
    light: BTreeMap<&'static str, Vec<Duration>>,
}

impl Stats {
    fn error(&mut self, kind: &str, example: String) {
        let entry = self.errors.entry(kind.to_string()).or_insert((0, example));
        entry.0 += 1;
    }

    fn error_count(&self) -> usize {
        self.errors.values().map(|(n, _)| n).sum()
    }
}

/// What the tables share.
struct Run {
    fake: FakeDiscord,
    addrs: Vec<String>,
    stats: Mutex<Stats>,
    deadline: Instant,
    pace: bool,
    /// The run's database, read by machine tables for their legal moves.
    storage: redscience_storage::Storage,
}

/// A player's allowance, as the bot counts it.
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// One table: a channel with a pair of players, or one player and Random.
struct Table {
    channel: u64,
    players: Vec<Person>,
    buckets: Vec<Bucket>,
    /// The next process to send to.
    next: usize,
    vs_random: bool,
    last_match: i64,
    rng: Xoshiro256PlusPlus,
    /// The game this table plays and the opponent named when alone.
    game: String,
    opponent: String,
}

enum Sent {
    /// The HTTP answer, when it was a success.
    Answer(Value),
    /// An error, already counted.
    Failed,
}

impl Table {
    /// Waits as the player's allowance requires, then sends a slash command
    /// to the next process; the HTTP answer.
    async fn send(
        &mut self,
        run: &Run,
        who: usize,
        command: &str,
        options: Value,
    ) -> (Sent, Instant, String) {
        if run.pace {
            let bucket = &mut self.buckets[who];
            let now = Instant::now();
            bucket.tokens = (bucket.tokens
                + now.duration_since(bucket.at).as_secs_f64() / SECONDS_PER_REQUEST)
                .min(BURST);
            bucket.at = now;
            if bucket.tokens < 1.0 {
                let wait = Duration::from_secs_f64((1.0 - bucket.tokens) * SECONDS_PER_REQUEST);
                tokio::time::sleep(wait).await;
                run.stats.lock().unwrap().paced += wait;
                bucket.tokens = 1.0;
                bucket.at = Instant::now();
            }
            bucket.tokens -= 1.0;
        }
        let payload = slash(&self.players[who], command, options, self.channel, IN_GUILD);
        let token = payload["token"].as_str().unwrap_or_default().to_string();
        let addr = &run.addrs[self.next % run.addrs.len()];
        self.next += 1;
        let sent = Instant::now();
        let answer = try_post_interaction(addr, &payload, &test_key()).await;
        let took = sent.elapsed();
        let mut stats = run.stats.lock().unwrap();
        stats.requests += 1;
        let out = match answer {
            Err(e) => {
                stats.error("connection", e);
                Sent::Failed
            }
            Ok((status, body)) if status != 200 => {
                stats.error(&format!("HTTP {status}"), body.to_string());
                Sent::Failed
            }
            Ok((_, body)) => {
                if command == "move" {
                    stats.http.push(took);
                }
                Sent::Answer(body)
            }
        };
        (out, sent, token)
    }

    /// Counts a refusal and says whether `answer` is one: the rate
    /// limit's, or for a move any answer that is not the board (which
    /// comes deferred, with its picture, or as text with the board).
    fn refused(run: &Run, command: &str, answer: &Value) -> bool {
        if answer["type"] != 4 {
            return false;
        }
        let text = answer["data"]["content"].as_str().unwrap_or_default();
        let private = answer["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let mut stats = run.stats.lock().unwrap();
        if text.contains("faster than the bot answers") || text == "Done." {
            stats.rate_limited += 1;
            return true;
        }
        if command == "move" && (private || !text.contains("```")) {
            let short: String = text.chars().take(50).collect();
            stats.error(&format!("{command} refused: {short}"), text.to_string());
            return true;
        }
        false
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The newest prompt for one of this table's players in `match_id`
    /// (any match newer than the last one when None) past `after` decisions.
    async fn next_turn(
        &self,
        run: &Run,
        match_id: Option<i64>,
        after: Option<usize>,
    ) -> Option<Result<Turn, Instant>> {
        let patience = if self.opponent.contains(" SP") {
            MACHINE_PATIENCE
        } else {
            PATIENCE
        };
        let names: Vec<&str> = self.players.iter().map(|p| p.name).collect();
        let last = self.last_match;
        run.fake
            .watch_until(patience, |w| {
                if let Some(m) = match_id
                    && let Some(at) = w.over(m)
                {
                    return Some(Err(at));
                }
                names
                    .iter()
                    .filter_map(|n| w.turn(n))
                    .filter(|t| match match_id {
                        Some(m) => t.match_id == m,
                        None => t.match_id > last,
                    })
                    .filter(|t| after.is_none_or(|a| t.decisions > a))
                    .max_by_key(|t| (t.match_id, t.decisions))
                    .map(Ok)
            })
            .await
    }

    /// Starts a match; its first prompt.
    async fn start_match(&mut self, run: &Run, round: usize) -> Option<Turn> {
        let game = opt("game", &self.game);
        let mut said = Vec::new();
        let token = if self.vs_random {
            let options = json!([game, opt("opponent", &self.opponent)]);
            let (sent, _, token) = self.send(run, 0, "challenge", options).await;
            let Sent::Answer(answer) = sent else {
                return None;
            };
            if Self::refused(run, "challenge", &answer) {
                return None;
            }
            said.push(answer.to_string());
            token
        } else {
            let challenger = round % 2;
            let options = json!([game, opt("opponent", "open")]);
            let (sent, _, _) = self.send(run, challenger, "challenge", options).await;
            let Sent::Answer(answer) = sent else {
                return None;
            };
            if Self::refused(run, "challenge", &answer) {
                return None;
            }
            said.push(answer.to_string());
            let (sent, _, token) = self.send(run, 1 - challenger, "accept", json!([])).await;
            let Sent::Answer(answer) = sent else {
                return None;
            };
            if Self::refused(run, "accept", &answer) {
                return None;
            }
            said.push(answer.to_string());
            token
        };
        match self.next_turn(run, None, None).await {
            Some(Ok(turn)) => {
                let mut stats = run.stats.lock().unwrap();
                stats.started += 1;
                stats.matches.insert(turn.match_id, self.vs_random);
                self.last_match = turn.match_id;
                Some(turn)
            }
            _ => {
                said.extend(run.fake.watch(|w| w.text(&token)));
                run.stats
                    .lock()
                    .unwrap()
                    .error("no match started", said.join(" / "));
                None
            }
        }
    }

    /// Plays matches until the time is up.
    async fn play(mut self, run: Arc<Run>) {
        let mut round = 0;
        let mut failures = 0;
        while Instant::now() < run.deadline && failures < 10 {
            round += 1;
            let Some(mut turn) = self.start_match(&run, round).await else {
                failures += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            let mut refusals = 0;
            loop {
                if Instant::now() >= run.deadline {
                    return;
                }
                let Some(who) = self.index_of(&turn.mover) else {
                    run.stats
                        .lock()
                        .unwrap()
                        .error("prompt for a stranger", format!("{turn:?}"));
                    break;
                };
                let i = self.rng.random_range(0..turn.moves.len().max(1));
                let cell = turn.moves.get(i).cloned().unwrap_or_else(|| "pass".into());
                let options = json!([
                    {"name": "match", "type": 4, "value": turn.match_id},
                    opt("text", &cell),
                ]);
                let (sent, at, token) = self.send(&run, who, "move", options).await;
                let Sent::Answer(answer) = sent else {
                    failures += 1;
                    break;
                };
                if Self::refused(&run, "move", &answer) {
                    refusals += 1;
                    if refusals > 3 {
                        break;
                    }
                    continue;
                }
                let next = self
                    .next_turn(&run, Some(turn.match_id), Some(turn.decisions))
                    .await;
                let mut stats = run.stats.lock().unwrap();
                let ack = Ack {
                    match_id: turn.match_id,
                    number: turn.decisions,
                    text: cell.clone(),
                };
                match next {
                    Some(Err(over)) => {
                        stats.turn.push(over.saturating_duration_since(at));
                        stats.acks.push(ack);
                        stats.finished += 1;
                        break;
                    }
                    Some(Ok(next)) => {
                        stats.turn.push(next.at.saturating_duration_since(at));
                        stats.acks.push(ack);
                        let expected = turn.decisions + if self.vs_random { 2 } else { 1 };
                        if next.decisions != expected {
                            stats.error(
                                "decisions skipped (a move doubled?)",
                                format!(
                                    "match {}: {} decisions after the move at {}",
                                    turn.match_id, next.decisions, turn.decisions
                                ),
                            );
                        }
                        if !self.vs_random && next.mover.eq_ignore_ascii_case(&turn.mover) {
                            stats.error(
                                "the same player prompted twice",
                                format!("match {}: {}", turn.match_id, next.mover),
                            );
                        }
                        drop(stats);
                        turn = next;
                    }
                    None => {
                        let said = run.fake.watch(|w| w.text(&token)).unwrap_or_default();
                        stats.error(
                            "move not answered in 30 s",
                            format!(
                                "match {} move {} {cell}: HTTP {answer}, then {said:?}",
                                turn.match_id, turn.decisions
                            ),
                        );
                        failures += 1;
                        break;
                    }
                }
            }
        }
    }
}

impl Table {
    /// Plays matches against a standard player until the time is up: each
    /// turn a random legal turn of the position the database holds.
    async fn play_machine(mut self, run: Arc<Run>) {
        let mut round = 0;
        let mut failures = 0;
        while Instant::now() < run.deadline && failures < 10 {
            round += 1;
            let Some(mut turn) = self.start_match(&run, round).await else {
                failures += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            loop {
                if Instant::now() >= run.deadline {
                    return;
                }
                let live = match run.storage.load_match(turn.match_id).await {
                    Ok(live) => live,
                    Err(e) => {
                        run.stats
                            .lock()
                            .unwrap()
                            .error("cannot read a match", e.to_string());
                        failures += 1;
                        break;
                    }
                };
                let Some(text) = random_turn(live.state(), &mut self.rng) else {
                    break;
                };
                let options = json!([
                    {"name": "match", "type": 4, "value": turn.match_id},
                    opt("text", &text),
                ]);
                let (sent, at, _) = self.send(&run, 0, "move", options).await;
                let Sent::Answer(answer) = sent else {
                    failures += 1;
                    break;
                };
                if Self::refused(&run, "move", &answer) {
                    failures += 1;
                    break;
                }
                let next = self
                    .next_turn(&run, Some(turn.match_id), Some(turn.decisions))
                    .await;
                let mut stats = run.stats.lock().unwrap();
                stats.machine_moves += 1;
                match next {
                    Some(Err(over)) => {
                        stats.machine_turn.push(over.saturating_duration_since(at));
                        stats.finished += 1;
                        break;
                    }
                    Some(Ok(next)) => {
                        stats
                            .machine_turn
                            .push(next.at.saturating_duration_since(at));
                        turn = next;
                    }
                    None => {
                        stats.error(
                            "machine move not answered in 120 s",
                            format!("match {} move {} {text}", turn.match_id, turn.decisions),
                        );
                        failures += 1;
                        break;
                    }
                }
            }
        }
    }

    /// Asks `help` and `board` in turn until the time is up, timing each
    /// from sending until its whole answer (the HTTP response, or the edit
    /// of a deferred one) has come.
    async fn watch(mut self, run: Arc<Run>) {
        let Some(turn) = self.start_match(&run, 1).await else {
            return;
        };
        let mut n = 0usize;
        while Instant::now() < run.deadline {
            n += 1;
            let (command, options) = if n.is_multiple_of(2) {
                (
                    "board",
                    json!([{"name": "match", "type": 4, "value": turn.match_id}]),
                )
            } else {
                ("help", json!([]))
            };
            let (sent, at, token) = self.send(&run, 0, command, options).await;
            let Sent::Answer(answer) = sent else {
                continue;
            };
            if Self::refused(&run, command, &answer) {
                continue;
            }
            let done = if answer["type"] == 4 {
                Some(Instant::now())
            } else {
                run.fake
                    .watch_until(PATIENCE, |w| w.text(&token).map(|_| Instant::now()))
                    .await
            };
            let mut stats = run.stats.lock().unwrap();
            match done {
                Some(done) => stats
                    .light
                    .entry(command)
                    .or_default()
                    .push(done.saturating_duration_since(at)),
                None => stats.error(&format!("{command} not answered in 30 s"), String::new()),
            }
        }
    }
}

/// A random legal turn of the seat to move, as typed (`2,2`, `3,4+5,6`).
fn random_turn(state: &redscience_engine::State, rng: &mut Xoshiro256PlusPlus) -> Option<String> {
    if state.outcome().is_some() {
        return None;
    }
    let mut s = state.clone();
    let seat = s.to_move();
    let mut parts = Vec::new();
    loop {
        let mv = redscience_engine::random::random_move(&s, rng)?;
        parts.push(redscience_engine::notation::typed(&s, mv)?);
        s.apply(mv).ok()?;
        if s.outcome().is_some() || s.to_move() != seat || s.moves_this_turn().is_empty() {
            break;
        }
    }
    Some(parts.join("+"))
}

fn opt(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The move log of the run's matches: (match, number, text) rows.
async fn move_log(database_url: &str, matches: &HashSet<i64>) -> Vec<(i64, i64, String)> {
    let storage = redscience_storage::Storage::connect(database_url)
        .await
        .expect("connects to the database");
    let db = storage.connection();
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT match_id, number, text FROM moves",
        ))
        .await
        .expect("reads the move log");
    let mut out = Vec::new();
    for row in rows {
        let id: i64 = row
            .try_get("", "match_id")
            .or_else(|_| row.try_get::<i32>("", "match_id").map(i64::from))
            .expect("a match id");
        let number: i64 = row
            .try_get("", "number")
            .or_else(|_| row.try_get::<i32>("", "number").map(i64::from))
            .expect("a move number");
        let text: String = row.try_get("", "text").expect("a move text");
        if matches.contains(&id) {
            out.push((id, number, text));
        }
    }
    out
}

/// The figures of one run.
struct Report {
    text: String,
    errors: usize,
    moves: usize,
}

async fn load_run(settings: Settings) -> Report {
    assert!(settings.players + settings.machines + settings.watchers >= 1);
    assert!(settings.processes >= 1);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let run_id: u32 = 0x1000 + (nanos ^ std::process::id()) % 0xe000;
    // The database: a fresh one on the PostgreSQL server, or a SQLite file.
    let mut scratch = None;
    let database_url = match &settings.database_url {
        Some(url) if url.starts_with("postgres") => {
            let s = redscience_storage::scratch::Scratch::postgres(url)
                .await
                .unwrap_or_else(|e| panic!("cannot make a database on {url}: {e}"));
            let url = s.url.clone();
            scratch = Some(s);
            url
        }
        Some(url) => url.clone(),
        None => {
            let file = std::env::temp_dir().join(format!("redscience-load-{run_id:x}.db"));
            let _ = std::fs::remove_file(&file);
            format!("sqlite:{}", file.display())
        }
    };
    let backend = if database_url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let fake = FakeDiscord::start().await;
    // The first process migrates and seeds; the others start after it.
    let mut servers = Vec::new();
    for n in 0..settings.processes {
        let mut server = Server::start(&fake, n, run_id, &database_url);
        server.wait_ready().await;
        servers.push(server);
    }
    fake.set_lean(true);
    let addrs = servers.iter().map(|s| s.addr.clone()).collect();

    // Tables: every fourth player against Random, the rest in pairs.
    let people: Vec<Person> = (0..settings.players)
        .map(|k| Person {
            id: 560_000_000_000_000_000 + u64::from(run_id) * 10_000 + k as u64,
            name: Box::leak(format!("l{run_id:x}p{k:03}").into_boxed_str()),
        })
        .collect();
    let solo = settings.players / 4;
    let mut tables = Vec::new();
    let mut rest = people[solo..].chunks(2).collect::<Vec<_>>();
    let mut groups: Vec<&[Person]> = people[..solo].chunks(1).collect();
    if rest.last().is_some_and(|c| c.len() == 1) {
        groups.push(rest.pop().unwrap());
    }
    groups.extend(rest);
    for (t, group) in groups.into_iter().enumerate() {
        let now = Instant::now();
        tables.push(Table {
            channel: 450_000_000_000_000_000 + u64::from(run_id) * 10_000 + t as u64,
            players: group.to_vec(),
            buckets: group
                .iter()
                .map(|_| Bucket {
                    tokens: BURST,
                    at: now,
                })
                .collect(),
            next: t,
            vs_random: group.len() == 1,
            last_match: 0,
            rng: Xoshiro256PlusPlus::seed_from_u64(u64::from(run_id) << 16 | t as u64),
            game: settings.game.clone(),
            opponent: "Random".into(),
        });
    }
    let pairs = tables.iter().filter(|t| !t.vs_random).count();
    let solos = tables.len() - pairs;
    // Machine tables (one person against a standard player) and watchers
    // (one person with a Tic-Tac-Toe match against Random, asking `help`
    // and `board`), each in a channel of its own.
    let mut machine_tables = Vec::new();
    let mut watcher_tables = Vec::new();
    for k in 0..settings.machines + settings.watchers {
        let machine = k < settings.machines;
        let t = 5_000 + k;
        let person = Person {
            id: 560_000_000_000_000_000 + u64::from(run_id) * 10_000 + t as u64,
            name: Box::leak(
                format!("l{run_id:x}{}{k:03}", if machine { "m" } else { "w" }).into_boxed_str(),
            ),
        };
        let game = if !machine {
            "Tic-Tac-Toe"
        } else if k % 2 == 0 {
            "Connect6-19x19"
        } else {
            "5on15sq"
        };
        let table = Table {
            channel: 450_000_000_000_000_000 + u64::from(run_id) * 10_000 + t as u64,
            players: vec![person],
            buckets: vec![Bucket {
                tokens: BURST,
                at: Instant::now(),
            }],
            next: t,
            vs_random: true,
            last_match: 0,
            rng: Xoshiro256PlusPlus::seed_from_u64(u64::from(run_id) << 16 | t as u64),
            game: game.to_string(),
            // The name every release accepts (quoted: it has a space).
            opponent: if machine {
                format!("\"*{game} SP\"")
            } else {
                "Random".into()
            },
        };
        if machine {
            machine_tables.push(table);
        } else {
            watcher_tables.push(table);
        }
    }

    let started = Instant::now();
    let run = Arc::new(Run {
        fake,
        addrs,
        stats: Mutex::new(Stats::default()),
        deadline: started + Duration::from_secs_f64(settings.seconds),
        pace: settings.pace,
        storage: redscience_storage::Storage::connect(&database_url)
            .await
            .expect("connects to the database"),
    });
    let mut tasks: Vec<_> = tables
        .into_iter()
        .map(|t| tokio::spawn(t.play(run.clone())))
        .collect();
    tasks.extend(
        machine_tables
            .into_iter()
            .map(|t| tokio::spawn(t.play_machine(run.clone()))),
    );
    tasks.extend(
        watcher_tables
            .into_iter()
            .map(|t| tokio::spawn(t.watch(run.clone()))),
    );
    for task in tasks {
        if let Err(e) = task.await {
            run.stats
                .lock()
                .unwrap()
                .error("a table crashed", e.to_string());
        }
    }
    let elapsed = started.elapsed();

    // The database's move log against what was acknowledged.
    let (acks, matches) = {
        let stats = run.stats.lock().unwrap();
        (stats.acks.clone(), stats.matches.clone())
    };
    let ids: HashSet<i64> = matches.keys().copied().collect();
    let log = move_log(&database_url, &ids).await;
    let mut by_match: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    for (id, number, text) in &log {
        by_match
            .entry(*id)
            .or_default()
            .push((*number, text.clone()));
    }
    {
        let mut stats = run.stats.lock().unwrap();
        for (id, moves) in &mut by_match {
            moves.sort();
            let numbers: Vec<i64> = moves.iter().map(|(n, _)| *n).collect();
            let mut unique = numbers.clone();
            unique.dedup();
            if unique.len() != numbers.len() {
                stats.error(
                    "database: a move number twice",
                    format!("match {id}: {numbers:?}"),
                );
            }
            if unique.iter().enumerate().any(|(i, n)| *n != i as i64) {
                stats.error(
                    "database: a move number missing",
                    format!("match {id}: {numbers:?}"),
                );
            }
        }
        for ack in &acks {
            let found = by_match.get(&ack.match_id).and_then(|moves| {
                moves
                    .iter()
                    .find(|(n, _)| *n == ack.number as i64)
                    .map(|(_, t)| t.clone())
            });
            match found {
                None => stats.error(
                    "database: an acknowledged move is missing",
                    format!("{ack:?}"),
                ),
                // Stored as the bot words it, e.g. "Black circle to (3,1)".
                Some(text)
                    if text.trim() != ack.text.trim()
                        && !text.contains(&format!("({})", ack.text.trim())) =>
                {
                    stats.error(
                        "database: an acknowledged move differs",
                        format!("{ack:?}, stored {text:?}"),
                    )
                }
                Some(_) => {}
            }
        }
    }
    let logged_person_moves = log
        .iter()
        .filter(|(id, _, _)| matches.get(id) == Some(&false))
        .count();

    // Every table is done: the figures are taken out of the lock.
    let mut stats = std::mem::take(&mut *run.stats.lock().unwrap());
    let acked_pvp = acks
        .iter()
        .filter(|a| matches.get(&a.match_id) == Some(&false))
        .count();
    if logged_person_moves > acked_pvp {
        // A move whose answer never came may be in the log; anything more
        // was played without being sent.
        let unanswered = stats
            .errors
            .get("move not answered in 30 s")
            .map_or(0, |(n, _)| *n);
        if logged_person_moves - acked_pvp > unanswered {
            stats.error(
                "database: moves nobody acknowledged",
                format!(
                    "{} person-vs-person moves logged, {acked_pvp} acknowledged",
                    logged_person_moves
                ),
            );
        }
    }
    stats.http.sort();
    stats.turn.sort();
    let moves = stats.acks.len();
    let secs = elapsed.as_secs_f64();
    let mut text = String::new();
    let mut line = |s: String| {
        text.push_str(&s);
        text.push('\n');
    };
    line(format!(
        "load run: {} players ({pairs} pairs, {solos} against Random), {} process(es), {backend}, {} build",
        settings.players,
        settings.processes,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    ));
    line(format!(
        "duration {secs:.1} s (asked {} s), {} requests, paced waits {:.1} s in all",
        settings.seconds,
        stats.requests,
        stats.paced.as_secs_f64()
    ));
    line(format!(
        "moves {moves} acknowledged, {:.2} moves/s; {} moves logged incl. Random's ({:.2}/s)",
        moves as f64 / secs,
        log.len(),
        log.len() as f64 / secs
    ));
    line(format!(
        "matches {} started, {} finished",
        stats.started, stats.finished
    ));
    line(format!(
        "turn latency ms (move sent -> next prompt or end at the fake): p50 {} p99 {} max {}",
        ms(percentile(&stats.turn, 0.5)),
        ms(percentile(&stats.turn, 0.99)),
        ms(stats.turn.last().copied().unwrap_or_default())
    ));
    line(format!(
        "HTTP answer latency ms (move sent -> HTTP response): p50 {} p99 {} max {}",
        ms(percentile(&stats.http, 0.5)),
        ms(percentile(&stats.http, 0.99)),
        ms(stats.http.last().copied().unwrap_or_default())
    ));
    if settings.machines > 0 {
        stats.machine_turn.sort();
        line(format!(
            "machine tables: {} (Connect6-19x19 and 5on15sq against the standard player), {} moves; \
             turn latency ms (move sent -> next prompt, the machine's reply included): p50 {} p99 {} max {}",
            settings.machines,
            stats.machine_moves,
            ms(percentile(&stats.machine_turn, 0.5)),
            ms(percentile(&stats.machine_turn, 0.99)),
            ms(stats.machine_turn.last().copied().unwrap_or_default())
        ));
    }
    let mut all_light = Vec::new();
    for (command, times) in &mut stats.light {
        times.sort();
        all_light.extend(times.iter().copied());
        line(format!(
            "light command `{command}` ({} asked) ms (sent -> whole answer): p50 {} p99 {} max {}",
            times.len(),
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            ms(times.last().copied().unwrap_or_default())
        ));
    }
    if !all_light.is_empty() {
        all_light.sort();
        line(format!(
            "light commands together ({}): p50 {} p99 {} max {}",
            all_light.len(),
            ms(percentile(&all_light, 0.5)),
            ms(percentile(&all_light, 0.99)),
            ms(all_light.last().copied().unwrap_or_default())
        ));
    }
    line(format!(
        "errors {}; refused as too fast: {}",
        stats.error_count(),
        stats.rate_limited
    ));
    for (kind, (n, example)) in &stats.errors {
        let example: String = example.chars().take(300).collect();
        line(format!("  {n} x {kind}: {example}"));
    }
    // What the processes logged at warn or error level.
    for (n, server) in servers.iter().enumerate() {
        let log = server.log();
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        for l in log
            .lines()
            .filter(|l| l.contains("WARN") || l.contains("ERROR"))
        {
            let key: String = l
                .split_once(": ")
                .map_or(l, |(_, m)| m)
                .chars()
                .take(120)
                .collect();
            *kinds.entry(key).or_default() += 1;
        }
        let total: usize = kinds.values().sum();
        line(format!("process {n}: {total} warnings/errors logged"));
        for (k, c) in kinds.iter().take(8) {
            line(format!("  {c} x {k}"));
        }
    }
    let errors = stats.error_count();
    drop(stats);
    drop(servers);
    if let Some(s) = scratch {
        if settings.keep_db {
            line(format!("database kept: {}", s.url));
        } else {
            let _ = s.remove().await;
        }
    }
    Report {
        text,
        errors,
        moves,
    }
}

/// The load run `bench/load.sh` makes (settings from the environment).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load run: bench/load.sh"]
async fn load() {
    let settings = Settings::from_env(20, 1, 30.0);
    let report = load_run(settings).await;
    println!("{}", report.text);
}

/// A few seconds with one process and four players: nothing fails.
#[tokio::test(flavor = "multi_thread")]
async fn a_short_load_run_has_no_errors() {
    let mut settings = Settings::from_env(4, 1, 4.0);
    settings.players = 4;
    settings.processes = 1;
    settings.seconds = 4.0;
    let report = load_run(settings).await;
    eprintln!("{}", report.text);
    assert_eq!(report.errors, 0, "{}", report.text);
    assert!(report.moves >= 4, "{}", report.text);
}

//! Crash safety: `redscience console` is killed (SIGKILL) at random points
//! and started again on the same database.
//!
//! - A person plays Connect4 against Random (typed moves), sometimes killed
//!   while a move is being handled. Every move the bot acknowledged
//!   (printed) must still be on the board, none may appear twice, and the
//!   match must go on: it is the person's turn again at once.
//! - Turn clocks (real time, short turns): a turn that ran out while the bot
//!   was down is settled at once after the restart; a turn that has time
//!   left keeps it (the reminder and the end come when they were due, not a
//!   full turn after the restart).
//! - Hidden pieces (3Blotto13): two people in one console, and a person
//!   against the game's standard player whose turn a kill left undone (the
//!   clock plays it after the restart). Every private view goes only to its
//!   owner and shows only what its owner may see; no public line shows a
//!   hidden piece.
//!
//! The tests run on loaded machines (CI: 2 cores, many tests at once), so
//! a check on time bounds an event below by when it may first happen and
//! above by that plus a generous allowance for load, which stays well short
//! of when a broken bot would act; a check that something happens at all
//! waits with a long patience and returns as soon as it does.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a test waits for something that must happen: it goes on as
/// soon as it does.
const PATIENCE: Duration = Duration::from_secs(30);

/// How long the clock lets a machine's turn wait before playing it, except
/// on its first tick after a start (`MACHINE_GRACE_SECONDS` in
/// commands/src/clock.rs): a machine's turn left undone by a crash is
/// played sooner only by the start-up sweep.
const MACHINE_GRACE: f64 = 10.0;

/// One run of the console, its output collected line by line with when
/// each line was read.
struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Arc<Mutex<Vec<String>>>,
    /// When each line of `lines` was read (pushed first: never shorter).
    at: Arc<Mutex<Vec<Instant>>>,
    reader: std::thread::JoinHandle<()>,
}

/// The output of a run that was killed, with when each line was read.
struct Run {
    lines: Vec<String>,
    at: Vec<Instant>,
}

impl Run {
    /// The first line `done` accepts, and when it was read.
    fn find(&self, done: impl Fn(&str) -> bool) -> Option<(Instant, String)> {
        let i = self.lines.iter().position(|l| done(l))?;
        Some((self.at[i], self.lines[i].clone()))
    }
}

impl Console {
    fn start(dir: &Path) -> Console {
        let mut child = Command::new(env!("CARGO_BIN_EXE_redscience"))
            .arg("console")
            .current_dir(dir)
            .env(
                "DATABASE_URL",
                format!("sqlite:{}", dir.join("crash.db").display()),
            )
            .env_remove("REDSCIENCE_ADMINS")
            // The default speaker is "you".
            .env_remove("USER")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts redscience console");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let at = Arc::new(Mutex::new(Vec::new()));
        let (sink, times) = (lines.clone(), at.clone());
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                times.lock().unwrap().push(Instant::now());
                sink.lock().unwrap().push(line);
            }
        });
        Console {
            child,
            stdin,
            lines,
            at,
            reader,
        }
    }

    /// When the console was ready: its greeting, printed once the database
    /// is open, just before the clock's first tick.
    fn ready(&self) -> Instant {
        seen_at(self, 0, PATIENCE, "greeting", |l| {
            l.starts_with("redscience console:")
        })
    }

    fn mark(&self) -> usize {
        self.lines.lock().unwrap().len()
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines printed since `mark`, once one of them satisfies `done`.
    fn wait(&self, mark: usize, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let lines = self.lines.lock().unwrap()[mark..].to_vec();
            if lines.iter().any(|l| done(l)) {
                return lines;
            }
            assert!(
                Instant::now() < deadline,
                "no {what} in:\n{}",
                lines.join("\n")
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends a line and waits for the answer that `done` recognises.
    fn ask(&mut self, line: &str, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mark = self.mark();
        self.send(line);
        self.wait(mark, what, done)
    }

    /// Kills the process; everything it printed, read to the end.
    fn kill(self) -> Vec<String> {
        self.stop().lines
    }

    /// Kills the process; everything it printed, read to the end, with
    /// when each line was read.
    fn stop(mut self) -> Run {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = self.reader.join();
        let lines = self.lines.lock().unwrap().clone();
        let at = self.at.lock().unwrap().clone();
        Run { lines, at }
    }
}

/// A move line of the match's log: "you (black): Black circle to stack 4".
fn is_move(line: &str) -> bool {
    let line = line.trim_start_matches("[#general] ");
    (line.starts_with("you (") || line.starts_with("*Random (")) && line.contains(" to stack ")
}

/// The pieces on the last board printed in `lines`.
fn pieces(lines: &[String]) -> usize {
    let start = lines.iter().rposition(|l| l.contains("```")).unwrap_or(0);
    let end = lines[..start]
        .iter()
        .rposition(|l| l.contains("```"))
        .unwrap_or(0);
    lines[end..start]
        .iter()
        .map(|l| l.matches("Bo").count() + l.matches("Wo").count())
        .sum()
}

/// A small deterministic stream for the kill points.
struct Dice(u64);

impl Dice {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("redscience-crash-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn no_acknowledged_move_is_lost_when_the_bot_is_killed_at_random_points() {
    let dir = scratch_dir("connect4");
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut console = Console::start(&dir);
    let (mut kills, mut kills_mid_move, mut moves) = (0, 0, 0);
    // The longest a restart left the person waiting, in seconds.
    let mut slowest = 0.0f64;
    for _game in 0..5 {
        let since = console.mark();
        let started = console.ask("challenge Connect4 Random", "a match", |l| {
            l.contains("your turn in match")
        });
        let id: u32 = started
            .iter()
            .find_map(|l| {
                let (_, rest) = l.split_once("Match ")?;
                rest.split_whitespace().next()?.parse().ok()
            })
            .unwrap();
        // Moves on the board when this run of the console began, and where
        // its output about the match began: every move line printed since
        // then (answers, or the clock's) is acknowledged.
        let (mut base, mut since) = (0, since);
        let printed = |console: &Console, since: usize| -> (usize, bool) {
            let lines = console.lines.lock().unwrap()[since..].to_vec();
            let over = lines.iter().any(|l| l.contains("is over"));
            (lines.iter().filter(|l| is_move(l)).count(), over)
        };
        loop {
            let mark = console.mark();
            // A column; a full one is refused and nothing is played.
            let sent = Instant::now();
            console.send(&format!("move #{id} {}", 1 + dice.next(7)));
            let killed_mid_move = dice.next(4) == 0;
            if killed_mid_move {
                // Kill while the move may be in flight.
                std::thread::sleep(Duration::from_millis(dice.next(40)));
            } else {
                console.wait(mark, "an answer to the move", |l| {
                    l.contains("your turn in match")
                        || l.contains("is over")
                        || l.contains("Nothing was played")
                });
                if printed(&console, since).1 {
                    moves += base + printed(&console, since).0;
                    break;
                }
                if dice.next(5) != 0 {
                    continue;
                }
            }
            // A crash, and a restart on the same database.
            let all = console.kill();
            let acknowledged = base + all[since..].iter().filter(|l| is_move(l)).count();
            kills += 1;
            kills_mid_move += usize::from(killed_mid_move);
            console = Console::start(&dir);
            // The board's answer ends with its picture.
            let shown = console.ask(&format!("board #{id}"), "the board", |l| {
                l.contains("(file: ")
            });
            let on_board = pieces(&shown);
            // Every acknowledged move is there; at most the move in flight
            // and Random's answer to it were added.
            assert!(
                on_board >= acknowledged && on_board <= acknowledged + 2,
                "{acknowledged} moves acknowledged, {on_board} on the board:\n{}",
                shown.join("\n")
            );
            (base, since) = (on_board, console.mark());
            if shown.iter().any(|l| l.contains("Over:")) {
                moves += base;
                break;
            }
            // Not stuck: the person is to move again. A machine's answer
            // lost in the crash is played by the clock on its first tick
            // (which may end the match).
            let deadline = Instant::now() + PATIENCE;
            loop {
                let games = console.ask("games", "the matches", |l| l.contains("unfinished match"));
                let over = games.iter().any(|l| l.contains("no unfinished match"));
                if over
                    || games.iter().any(|l| l.contains("your turn"))
                    || printed(&console, since).1
                {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "match {id} is stuck after a restart: after {PATIENCE:?} it is still \
                     Random's turn:\n{}",
                    games.join("\n")
                );
                std::thread::sleep(Duration::from_millis(200));
            }
            // And at start-up, not by the clock's grace for machine turns:
            // that comes MACHINE_GRACE (10 s) after the last move at the
            // earliest, after the move sent here. The restart, the board and
            // a few polls take about a second, several on a loaded machine.
            let again = secs(sent, Instant::now());
            slowest = slowest.max(again);
            assert!(
                again < MACHINE_GRACE,
                "match {id}: the person was to move again {again:.1} s after the last move \
                 was sent; a machine's answer lost in the crash is due at the restart, \
                 before the clock's {MACHINE_GRACE} s grace for machine turns"
            );
            let games = console.ask("games", "the matches", |l| l.contains("unfinished match"));
            if printed(&console, since).1 || games.iter().any(|l| l.contains("no unfinished match"))
            {
                moves += base + printed(&console, since).0;
                break;
            }
        }
    }
    console.kill();
    assert!(
        kills >= 8 && kills_mid_move >= 2,
        "{kills} kills, {kills_mid_move} mid-move"
    );
    assert!(moves > 0);
    eprintln!(
        "crash test: {kills} kills ({kills_mid_move} while a move was in flight), \
         {moves} moves in 5 finished matches, 0 acknowledged moves lost; the person was to \
         move again at most {slowest:.1} s after the last move before a kill"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One message of the console's output: where it went (`[#general]`,
/// `[dm alice]`) and its text, continuation lines included.
#[derive(Clone, Debug)]
struct Said {
    to: String,
    text: String,
}

/// The console's output as messages: a message begins with its
/// destination in brackets; the lines after it (a board, options, files)
/// belong to it.
fn messages(lines: &[String]) -> Vec<Said> {
    let mut out: Vec<Said> = Vec::new();
    for line in lines {
        let start = (line.starts_with("[#") || line.starts_with("[dm "))
            .then(|| line.split_once("] "))
            .flatten();
        match start {
            Some((to, text)) => out.push(Said {
                to: format!("{to}]"),
                text: text.to_string(),
            }),
            None => {
                if let Some(last) = out.last_mut() {
                    last.text.push('\n');
                    last.text.push_str(line);
                }
            }
        }
    }
    out
}

/// How many cells of a text board hold `piece` (`Bo`: a black circle).
fn count(text: &str, piece: &str) -> usize {
    text.split_whitespace().filter(|w| *w == piece).count()
}

/// The number after `after` in the first line that has it.
fn number_after(lines: &[String], after: &str) -> Option<u32> {
    lines.iter().find_map(|l| {
        let (_, rest) = l.split_once(after)?;
        rest.trim_start_matches('#')
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    })
}

/// Imports a rule set written here as JSON.
fn import(console: &mut Console, dir: &Path, name: &str, json: &str) {
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, json).unwrap();
    let saved = console.ask(
        &format!("game import << {}", path.display()),
        "the import",
        |l| l.starts_with('['),
    );
    assert!(
        saved.iter().any(|l| l.contains(&format!("Saved {name}"))),
        "{name} is imported:\n{}",
        saved.join("\n")
    );
}

/// The reminder "you, match N waits for your move: 10 seconds left.", as
/// the seconds it says are left, from the lines since `mark`.
fn reminder(lines: &[String], id: u32) -> Option<i64> {
    lines.iter().find_map(|l| {
        let rest = l
            .split_once(&format!("match {id} waits for your move: "))?
            .1;
        let (n, unit) = rest.split_once(' ')?;
        let n: i64 = n.parse().ok()?;
        assert!(unit.starts_with("second"), "{l}");
        Some(n)
    })
}

/// Waits for a line since `mark` that `done` accepts, and returns when it
/// was read, or fails after `patience`.
fn seen_at(
    console: &Console,
    mark: usize,
    patience: Duration,
    what: &str,
    done: impl Fn(&str) -> bool,
) -> Instant {
    let deadline = Instant::now() + patience;
    loop {
        let found = console.lines.lock().unwrap()[mark..]
            .iter()
            .position(|l| done(l));
        if let Some(i) = found {
            return console.at.lock().unwrap()[mark + i];
        }
        assert!(
            Instant::now() < deadline,
            "no {what} within {patience:?}:\n{}",
            console.lines.lock().unwrap()[mark..].join("\n")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Seconds from `a` to `b` (negative when `b` is earlier).
fn secs(a: Instant, b: Instant) -> f64 {
    if b >= a {
        (b - a).as_secs_f64()
    } else {
        -(a - b).as_secs_f64()
    }
}

#[test]
fn turn_clocks_keep_their_time_left_across_kills() {
    // The turns: short enough for a quick test, offered by the rules
    // (TURN_SECONDS in engine/src/rules), and far enough apart for a broken
    // clock to miss the bounds below by seconds.
    const SHORT: u32 = 6;
    const LONG: u32 = 15;
    // The clock (commands/src/clock.rs, ticked every second by
    // bot/src/console.rs) acts on the first tick at or after a time, never
    // before: the reminder once a quarter of the turn (in whole seconds,
    // LONG / 4 = 3 s) is left, the end once the turn is out. Both times
    // count from when the turn's deadline was stored, to the millisecond,
    // between sending the challenge and seeing its prompt. So an event comes
    // no sooner than when it was due after the challenge was sent, less
    // EARLY (the bot's wall clock against the test's monotonic clock), and
    // no later than when it was due after the prompt, plus a tick and LATE
    // (a loaded machine delays ticks, output and reading).
    const EARLY: f64 = 0.25;
    const TICK: f64 = 1.0;
    const LATE: f64 = 5.0;
    // Down until the short turn has run out, and DOWN_AFTER more: the first
    // restart comes at least SHORT + DOWN_AFTER = 9 s into the long turn,
    // before its reminder (due 12 s into it). A bot that gave a turn its
    // full time again at a restart would remind and end the long turn 9 s
    // or more later than due: 12 + 9 = 21 s and 15 + 9 = 24 s into it,
    // where the bounds allow at most 12 + 1 + 5 = 18 s and
    // 15 + 1 + 5 = 21 s. It would settle the expired short turn a full
    // turn (6 s) after the restart, where LATE = 5 s is allowed. A bot that
    // never did them waits out PATIENCE and fails.
    const DOWN_AFTER: u64 = 3;
    let remind_at = f64::from(LONG - LONG / 4);
    let dir = scratch_dir("clock");
    let mut console = Console::start(&dir);
    // Two games of our own with short turns (5x5, so nobody wins soon).
    for (name, seconds) in [("Clock-Short", SHORT), ("Clock-Long", LONG)] {
        let json = format!(
            r#"{{"schema_version": 1, "name": "{name}", "board": "squares",
                "dimensions": [5, 5, 1], "seconds_per_turn": {seconds}}}"#
        );
        import(&mut console, &dir, name, &json);
    }
    // A match of each against Random, the long one first; the person's turn
    // begins between the challenge and its prompt (Random may move first).
    let mut start = |game: &str| -> (u32, Instant, Instant) {
        let sent = Instant::now();
        let shown = console.ask(&format!("challenge {game} Random live"), "a match", |l| {
            l.contains("your turn in match")
        });
        let seen = Instant::now();
        let id = number_after(&shown, "your turn in match ").unwrap();
        (id, sent, seen)
    };
    let (long, long_sent, long_seen) = start("Clock-Long");
    let (short, _, short_seen) = start("Clock-Short");
    assert_ne!(short, long);
    let mut kills = 0;

    // Killed at once; down until the short turn has run out.
    let before = console.kill();
    kills += 1;
    assert!(
        !before.iter().any(|l| l.contains("waits for your move")),
        "no reminder yet:\n{}",
        before.join("\n")
    );
    let down_until = short_seen + Duration::from_secs(u64::from(SHORT) + DOWN_AFTER);
    std::thread::sleep(down_until.saturating_duration_since(Instant::now()));
    let console = Console::start(&dir);
    let ready = console.ready();
    // The turn that ran out while the bot was down is settled at once (on
    // the first tick): the person, alone at the seat, loses.
    let over = seen_at(&console, 0, PATIENCE, "the end of the expired turn", |l| {
        l.contains(&format!("Match {short} is over"))
    });
    let ended = console.lines.lock().unwrap().clone();
    assert!(
        ended
            .iter()
            .any(|l| l.contains(&format!("you ran out of time in match {short}"))),
        "{}",
        ended.join("\n")
    );
    let settled = secs(ready, over);
    assert!(
        settled < LATE,
        "the turn that ran out while the bot was down was settled {settled:.1} s after the \
         restarted console was ready; due at its first tick (allowed: {LATE} s; a turn given \
         its {SHORT} s again would take {SHORT} s)"
    );

    // The long turn kept its time: a second kill and restart on the way
    // changes nothing either.
    std::thread::sleep(Duration::from_millis(500));
    let second = console.stop();
    kills += 1;
    std::thread::sleep(Duration::from_millis(500));
    let console = Console::start(&dir);
    console.ready();
    // The reminder, normally from this run (it is due 12 s into the turn,
    // the restart came about 10 s into it), from the last on a slow machine.
    let is_reminder = |l: &str| l.contains(&format!("match {long} waits for your move"));
    let (reminded, line) = second.find(is_reminder).unwrap_or_else(|| {
        let at = seen_at(&console, 0, PATIENCE, "the reminder", is_reminder);
        let lines = console.lines.lock().unwrap().clone();
        (at, lines.into_iter().find(|l| is_reminder(l)).unwrap())
    });
    let said_left = reminder(std::slice::from_ref(&line), long).unwrap();
    // Into the turn: at most the time since the challenge was sent, at
    // least the time since its prompt was seen.
    let (most, least) = (secs(long_sent, reminded), secs(long_seen, reminded));
    assert!(
        most >= remind_at - EARLY && least <= remind_at + TICK + LATE,
        "the reminder came {least:.1} to {most:.1} s into the {LONG} s turn; it was due \
         {remind_at} s into it (allowed: {EARLY} s early, {} s late): {line}",
        TICK + LATE
    );
    // What it says is left: at most a quarter of the turn, at least what
    // was left when it was read (rounded down to whole seconds).
    let left = (f64::from(LONG) - most - EARLY).floor();
    assert!(
        said_left <= i64::from(LONG / 4) && said_left as f64 >= left,
        "the reminder says {said_left} s left, {left} to {} s were: {line}",
        LONG / 4
    );
    // And the turn ends when it was due, LONG s after it began.
    let ended = seen_at(&console, 0, PATIENCE, "the end of the long turn", |l| {
        l.contains(&format!("Match {long} is over"))
    });
    let (most, least) = (secs(long_sent, ended), secs(long_seen, ended));
    assert!(
        most >= f64::from(LONG) - EARLY && least <= f64::from(LONG) + TICK + LATE,
        "the {LONG} s turn ended {least:.1} to {most:.1} s after it began (allowed: {EARLY} s \
         early, {} s late)",
        TICK + LATE
    );
    let lines = console.kill();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("you ran out of time in match {long}"))),
        "{}",
        lines.join("\n")
    );
    eprintln!(
        "crash test (clock): {kills} kills; a turn expired while down settled {settled:.1} s \
         after the restarted console was ready; the reminder came {:.1} s into the {LONG} s \
         turn ({remind_at} s due) and said {said_left} s left; the turn ended after {least:.1} s",
        secs(long_seen, reminded)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The checks on every message of a hidden-piece match until it is over:
/// a private view goes to the owner of its seat and shows no piece of the
/// other colour; a public message shows no piece and no placed circle.
/// `owners` names the person of each seat (None: a machine). Returns how
/// many private views there were.
fn check_views(said: &[Said], id: u32, owners: [Option<&str>; 2]) -> usize {
    let mut views = 0;
    for m in said {
        if m.text.contains(&format!("Match {id} is over")) || m.text.contains("\nOver: ") {
            break;
        }
        if let Some(seat) = ["Player 1", "Player 2"]
            .iter()
            .position(|p| m.text.contains(&format!("Match {id}, your view as {p}")))
        {
            views += 1;
            let owner = owners[seat].unwrap_or_else(|| {
                panic!("a view of a machine's seat was sent: {} {}", m.to, m.text)
            });
            assert_eq!(
                m.to,
                format!("[dm {owner}]"),
                "a view of seat {} went elsewhere than to {owner}: {}",
                seat + 1,
                m.text
            );
        }
        if m.to.starts_with("[dm ") {
            let name = &m.to[4..m.to.len() - 1];
            // What this person may see: their own colour only.
            let seat = owners
                .iter()
                .position(|o| *o == Some(name))
                .unwrap_or_else(|| panic!("a message to a stranger: {} {}", m.to, m.text));
            let theirs = ["Wo", "Bo"][seat];
            assert_eq!(
                count(&m.text, theirs),
                0,
                "{name} is shown the other seat's hidden pieces: {}",
                m.text
            );
        } else {
            assert!(
                count(&m.text, "Bo") + count(&m.text, "Wo") == 0
                    && !m.text.to_lowercase().contains("circle to"),
                "a public message shows a hidden piece: {} {}",
                m.to,
                m.text
            );
        }
    }
    views
}

/// The pieces of `piece` on the last board the person was shown
/// privately after `mark`, asked for with `board`.
fn own_pieces(console: &mut Console, who: &str, id: u32, piece: &str) -> usize {
    let shown = console.ask(&format!("@{who} [dm] board #{id}"), "a board", |l| {
        l.contains("(file: ")
    });
    let said = messages(&shown);
    let board = said
        .iter()
        .rev()
        .find(|m| m.to == format!("[dm {who}]") && m.text.contains("```"))
        .unwrap_or_else(|| panic!("{who}'s board:\n{}", shown.join("\n")));
    count(&board.text, piece)
}

#[test]
fn private_views_reach_only_their_owners_across_kills() {
    let dir = scratch_dir("views");
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let mut console = Console::start(&dir);
    console.ask("@bob help", "help", |l| l.starts_with('['));
    console.ask("@alice friend add bob", "the request", |l| {
        l.contains("Friend request sent")
    });
    console.ask("@bob friend accept alice", "the friendship", |l| {
        l.contains("friends now")
    });
    console.ask("@alice challenge 3Blotto13 bob", "the challenge", |l| {
        l.starts_with("[dm bob]")
    });
    let started = console.ask("@bob accept", "the start", |l| l.contains(") to move."));
    let id = number_after(&started, "Match ").unwrap();
    let black = if started.iter().any(|l| l.contains("alice (black)")) {
        "alice"
    } else {
        "bob"
    };
    let white = if black == "alice" { "bob" } else { "alice" };
    let owners = [Some(black), Some(white)];
    // 13 circles each, black's on stack 1 of a board, white's on stack 2.
    let (mut kills, mut kills_mid_move, mut acknowledged) = (0, 0, 0usize);
    let mut runs: Vec<Vec<String>> = Vec::new();
    let mut on_board = 0usize;
    while on_board < 26 {
        let seat = on_board % 2;
        let who = owners[seat].unwrap();
        let mark = console.mark();
        console.send(&format!(
            "@{who} [dm] plan #{id} {}:{}",
            1 + dice.next(3),
            1 + seat
        ));
        let answered = |l: &str| {
            l.contains(&format!("your turn in match {id}"))
                || l.contains(&format!("Match {id} is over"))
                || l.contains("Nothing was")
        };
        let mid_move = dice.next(4) == 0;
        if mid_move {
            std::thread::sleep(Duration::from_millis(dice.next(40)));
        } else {
            let lines = console.wait(mark, "the plan's answer", answered);
            assert!(
                !lines.iter().any(|l| l.contains("Nothing was")),
                "{}",
                lines.join("\n")
            );
            acknowledged += 1;
            on_board += 1;
            if on_board == 26 || dice.next(4) != 0 {
                continue;
            }
        }
        // A crash, and a restart on the same database.
        let all = console.kill();
        if mid_move && all[mark..].iter().any(|l| answered(l)) {
            acknowledged += 1;
        }
        runs.push(all);
        kills += 1;
        kills_mid_move += usize::from(mid_move);
        console = Console::start(&dir);
        // Each sees their own circles only.
        let blacks = own_pieces(&mut console, black, id, "Bo");
        let whites = own_pieces(&mut console, white, id, "Wo");
        let now = blacks + whites;
        assert!(
            now >= acknowledged
                && now <= acknowledged + 1
                && (whites..=whites + 1).contains(&blacks),
            "{acknowledged} moves acknowledged, {blacks} + {whites} on the board"
        );
        (acknowledged, on_board) = (now, now);
    }
    // Over: said in this run, or (the last plan stored, its answer lost
    // in a crash) shown on the board.
    let said_over = console
        .lines
        .lock()
        .unwrap()
        .iter()
        .any(|l| l.contains(&format!("Match {id} is over")));
    if !said_over {
        let board = console.ask(&format!("@alice board #{id}"), "the board", |l| {
            l.contains("(file: ")
        });
        assert!(
            board.iter().any(|l| l.contains("Over:")),
            "{}",
            board.join("\n")
        );
    }
    runs.push(console.kill());
    let mut views = 0;
    let mut views_after_restart = 0;
    for (i, run) in runs.iter().enumerate() {
        let n = check_views(&messages(run), id, owners);
        views += n;
        if i > 0 {
            views_after_restart += n;
        }
    }
    assert!(
        kills >= 4 && kills_mid_move >= 1,
        "{kills} kills, {kills_mid_move} mid-move"
    );
    assert!(views >= 26 && views_after_restart > 0, "{views} views");
    eprintln!(
        "crash test (hidden pieces, two people): {kills} kills ({kills_mid_move} while a plan was \
         in flight), 26 moves, 0 acknowledged moves lost, {views} private views all to their \
         owners ({views_after_restart} after a restart), no hidden piece in public"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_machines_turn_left_by_a_kill_is_played_with_views_only_for_their_owner() {
    let dir = scratch_dir("machine-views");
    let mut dice = Dice(0x1234_5678_9abc_def1);
    let mut console = Console::start(&dir);
    let sp = "*3Blotto13 SP";
    // Named before anyone showed the game's leaderboard (which used to be
    // the only way the standard player came into being).
    let started = console.ask(
        &format!("@alice challenge 3Blotto13 \"{sp}\""),
        "the start",
        |l| l.contains("your turn in match"),
    );
    let id = number_after(&started, "your turn in match ").unwrap();
    let alice_seat = if started.iter().any(|l| l.contains("alice (black)")) {
        0
    } else {
        1
    };
    let piece = ["Bo", "Wo"][alice_seat];
    let mut owners = [None, None];
    owners[alice_seat] = Some("alice");
    let mut runs: Vec<Vec<String>> = vec![];
    let (mut kills, mut undone, mut mine) = (0, 0, 0usize);
    // The longest a restart left alice waiting, in seconds.
    let mut slowest = 0.0f64;
    while mine < 13 && kills < 6 {
        let mark = console.mark();
        let sent = Instant::now();
        console.send(&format!(
            "@alice [dm] plan #{id} {}:{}",
            1 + dice.next(3),
            1 + alice_seat
        ));
        // The standard player thinks for a while after the move is
        // stored: a kill then leaves its turn undone.
        std::thread::sleep(Duration::from_millis(20 + dice.next(100)));
        let all = console.kill();
        let answered = all[mark..]
            .iter()
            .any(|l| l.contains(&format!("your turn in match {id}")));
        runs.push(all);
        kills += 1;
        console = Console::start(&dir);
        // Not stuck: alice is to move again.
        let deadline = Instant::now() + PATIENCE;
        loop {
            let games = console.ask("@alice games", "the matches", |l| {
                l.contains("unfinished match")
            });
            if games.iter().any(|l| l.contains("your turn")) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "match {id} is stuck after a restart: after {PATIENCE:?} it is still not \
                 alice's turn:\n{}",
                games.join("\n")
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        // The clock plays the machine's turn on its first tick, not after
        // its grace for machine turns: that would be MACHINE_GRACE (10 s)
        // after alice's plan at the earliest. The restart, the standard
        // player's thinking (at most 1.5 s) and a few polls take a few
        // seconds, more on a loaded machine.
        let again = secs(sent, Instant::now());
        slowest = slowest.max(again);
        assert!(
            again < MACHINE_GRACE,
            "match {id}: alice was to move again {again:.1} s after her plan was sent; a \
             machine's turn left undone by the kill is due at the restart, before the \
             clock's {MACHINE_GRACE} s grace for machine turns"
        );
        let now = console.lines.lock().unwrap().clone();
        let played_by_clock = now
            .iter()
            .any(|l| l.contains(&format!("{sp} (")) && l.contains("): "));
        if played_by_clock {
            undone += 1;
            // The clock's report reached alice privately with her prompt.
            let said = messages(&now);
            assert!(
                said.iter().any(|m| m.to == "[dm alice]"
                    && m.text.contains(&format!(
                        "Match {id}, your view as Player {}",
                        alice_seat + 1
                    ))),
                "the clock's report sends alice her view:\n{}",
                now.join("\n")
            );
        }
        let have = own_pieces(&mut console, "alice", id, piece);
        assert!(
            have >= mine + usize::from(answered) && have <= mine + 1,
            "alice had {mine} circles placed (the last acknowledged: {answered}), {have} now"
        );
        mine = have;
    }
    runs.push(console.kill());
    let mut views = 0;
    for run in &runs {
        views += check_views(&messages(run), id, owners);
    }
    assert!(
        undone >= 1,
        "in {kills} kills the machine's turn was never left undone"
    );
    assert!(views > 0);
    eprintln!(
        "crash test (hidden pieces, machine): {kills} kills, {undone} left the machine's turn \
         undone and the clock played it after the restart; {mine} of alice's moves on the \
         board, 0 lost; {views} private views all to alice, no hidden piece in public; alice \
         was to move again at most {slowest:.1} s after her plan"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

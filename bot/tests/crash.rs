//! Crash safety: `redscience console` is killed (SIGKILL) at random points
//! while a person plays Connect4 against Random (typed moves), sometimes while a move is
//! being handled, and started again on the same database. Every move the
//! bot acknowledged (printed) must still be on the board, none may appear
//! twice, and the match must go on: it is the person's turn again at once.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);

/// One run of the console, its output collected line by line.
struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Arc<Mutex<Vec<String>>>,
    reader: std::thread::JoinHandle<()>,
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
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts redscience console");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        Console {
            child,
            stdin,
            lines,
            reader,
        }
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
    fn kill(mut self) -> Vec<String> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = self.reader.join();
        self.lines.lock().unwrap().clone()
    }
}

/// A move line of the match's log: "you (black): Black circle to (4,1,1)".
fn is_move(line: &str) -> bool {
    let line = line.trim_start_matches("[#general] ");
    (line.starts_with("you (") || line.starts_with("*Random (")) && line.contains(" to (")
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

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("redscience-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn no_acknowledged_move_is_lost_when_the_bot_is_killed_at_random_points() {
    let dir = scratch_dir();
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut console = Console::start(&dir);
    let (mut kills, mut kills_mid_move, mut moves) = (0, 0, 0);
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
            // lost in the crash is played by the clock (a tick a second),
            // which may end the match.
            let deadline = Instant::now() + Duration::from_secs(5);
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
                    "match {id} is stuck after a restart:\n{}",
                    games.join("\n")
                );
                std::thread::sleep(Duration::from_millis(200));
            }
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
         {moves} moves in 5 finished matches, 0 acknowledged moves lost"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! The bodies of the fuzz targets (`fuzz/fuzz_targets/`), here so that the
//! regression tests replay a finding through exactly the code the fuzzer
//! ran. Each takes the fuzzer's bytes; none may panic on any input.

use std::sync::{Arc, Mutex, OnceLock};

use chrono::{TimeDelta, Utc};
use redscience_commands::wizard::Wizard;
use redscience_commands::{Bot, Request, What};
use redscience_engine::game::GameState;
use redscience_engine::{Game, RuleSet, catalogue, notation};
use redscience_storage::scratch::Scratch;
use redscience_storage::{Config, Storage};
use tokio::runtime::Runtime;

/// Any bytes as a rule-set file: read, validate, and when valid compile and
/// play a few moves picked by the input's own bytes.
pub fn rule_set_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = RuleSet::from_json(text) else {
        return;
    };
    let _ = redscience_engine::describe(&rules);
    let Ok(game) = Game::new(rules) else {
        return;
    };
    let _ = redscience_engine::fingerprint(&game.rules);
    let mut state = game.start_seeded(data.len() as u64);
    // The file's own bytes pick the moves, so a crash replays exactly.
    for &byte in data.iter().take(64) {
        let legal = state.legal().to_vec();
        if state.is_terminal() || legal.is_empty() {
            break;
        }
        let mv = legal[byte as usize % legal.len()];
        let _ = state.move_text(mv);
        state.apply(mv).expect("a legal move applies");
    }
}

fn catalogue_games() -> &'static [Arc<Game>] {
    static GAMES: OnceLock<Vec<Arc<Game>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        catalogue::all()
            .into_iter()
            .map(|rules| Game::new(rules).expect("catalogue games are valid"))
            .collect()
    })
}

/// Typed move text against catalogue games: the first byte picks the game,
/// the next bytes play a few legal moves, the rest is the text typed.
pub fn move_text(data: &[u8]) {
    let [which, moves, rest @ ..] = data else {
        return;
    };
    let games = catalogue_games();
    let game = &games[*which as usize % games.len()];
    let moves = (*moves as usize % 16).min(rest.len());
    let (picks, text) = rest.split_at(moves);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut state = game.start_seeded(u64::from(*which));
    for &pick in picks {
        let legal = state.legal().to_vec();
        if state.is_terminal() || legal.is_empty() {
            break;
        }
        state
            .apply(legal[pick as usize % legal.len()])
            .expect("a legal move applies");
    }
    let _ = notation::parse_turn(text);
    let _ = notation::apply_turn(&mut state, text, |s| s.legal().first().copied());
    // Every legal move's typed text plays that move back.
    if let Some(&mv) = state.legal().first()
        && let Some(typed) = notation::typed(&state, mv)
    {
        let mut trial = state.clone();
        notation::apply_turn(&mut trial, &typed, |_| None).expect("typed text plays");
    }
}

/// The game-creation wizard fed each line as an answer; a line "<" goes
/// back a question. Every prompt must render.
pub fn wizard_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut wizard = Wizard::new();
    for line in text.lines().take(200) {
        if line == "<" {
            wizard.back();
        } else {
            let _ = wizard.answer(line);
        }
        let _ = wizard.prompt();
        let _ = wizard.preview();
    }
    if wizard.is_finished() {
        let _ = Game::new(wizard.rules().clone());
    }
}

/// One bot on a scratch SQLite file, kept for the process's life.
struct World {
    runtime: Runtime,
    bot: Bot,
    // The scripts (and the tests' temporary directory) remove the file.
    _scratch: Scratch,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let scratch = Scratch::sqlite();
        let bot = runtime.block_on(async {
            let config = Config::new(&scratch.url, "").expect("a config");
            let mut storage = Storage::open(&config).await.expect("storage opens");
            storage.seed().await.expect("storage seeds");
            // Ten minutes pass between readings: rate limits never stop the
            // fuzzer, and timers run out now and then.
            let clock = Mutex::new(Utc::now());
            storage.set_clock(move || {
                let mut now = clock.lock().expect("the clock");
                *now += TimeDelta::minutes(10);
                *now
            });
            Bot::new(storage, 7)
        });
        World {
            runtime,
            bot,
            _scratch: scratch,
        }
    })
}

/// A line as a request: from ann, or bob ("@bob ..."), in a channel or
/// privately ("~..."), as a command ("/..."), a choice ("#...") or text.
fn request(line: &str) -> Request {
    let (user, line) = match line.strip_prefix("@bob ") {
        Some(rest) => ("bob", rest),
        None => ("ann", line),
    };
    let (private, line) = match line.strip_prefix('~') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let what = if let Some(command) = line.strip_prefix('/') {
        What::Command(command.to_string())
    } else if let Some(choice) = line.strip_prefix('#') {
        What::Choice(choice.to_string())
    } else {
        What::Text(line.to_string())
    };
    Request::console(user, "general", private, what)
}

/// The whole bot on arbitrary text: each of the first eight lines goes to
/// one bot (see [`request`]), which must answer every request.
pub fn command_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let world = world();
    for line in text.lines().take(8) {
        world.runtime.block_on(world.bot.handle(request(line)));
    }
}

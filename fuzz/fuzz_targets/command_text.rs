//! The whole bot on arbitrary text: each line goes to one bot on a scratch
//! SQLite file, as a command ("/..."), a choice ("#...") or plain text, from
//! ann or bob ("@bob ..."), in a channel or privately ("~..."). The bot
//! must answer every request without panicking.
#![no_main]

use std::sync::{Mutex, OnceLock};

use chrono::{TimeDelta, Utc};
use libfuzzer_sys::fuzz_target;
use redscience_commands::{Bot, Place, Request, What, Who};
use redscience_storage::scratch::Scratch;
use redscience_storage::{ChatId, Config, Platform, Storage};
use tokio::runtime::Runtime;

struct World {
    runtime: Runtime,
    bot: Bot,
    // Kept for the process's life; the scripts remove the temporary files.
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
    Request {
        who: Who {
            chat: ChatId::console(user),
            display_name: user.to_string(),
        },
        place: Place {
            platform: Platform::Console,
            community: None,
            channel: if private {
                format!("dm {user}")
            } else {
                "general".to_string()
            },
            private,
        },
        what,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let world = world();
    for line in text.lines().take(8) {
        world.runtime.block_on(world.bot.handle(request(line)));
    }
});

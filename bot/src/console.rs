//! The console chat: the bot in a terminal, and the harness the scenario
//! tests drive. A thin adapter like the Matrix and Discord ones: it turns
//! lines into requests and replies into lines, nothing more.
//!
//! Input: `@name text` speaks as `name` (the default user otherwise);
//! `[dm]` before the text makes it private (a direct message to the bot);
//! `[#room]` speaks in another channel than `#general`; `<< FILE` at the
//! end attaches that file (`game import << my-game.json`); a leading `/`
//! marks a command explicitly. Everything else goes to the bot as typed:
//! the bot alone decides what a number means (see `docs/rules.md`, "Input
//! means one thing"). Output: each message prefixed by where it goes,
//! `[#general]` or `[dm name]`, then its options as the bot writes them for
//! text (numbered answers, or the words that pick them), files written to a
//! folder with their path printed.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use redscience_commands::{Bot, Destination, Request, What, options_as_text};
use redscience_storage::Config;
use tokio::io::{AsyncBufReadExt, BufReader};

/// The channel people speak in unless they say otherwise.
pub const GENERAL: &str = "#general";

pub struct Console {
    bot: Bot,
    files: PathBuf,
    user: String,
    written: usize,
    /// Whether each message's option ids are printed too (for tests that
    /// send what a button would send, e.g. an older position's move).
    show_ids: bool,
}

impl Console {
    /// A console over `bot`, writing attachments into `files`, speaking as
    /// `user` unless a line says `@name`.
    pub fn new(bot: Bot, files: PathBuf, user: &str) -> Console {
        Console {
            bot,
            files,
            user: user.to_string(),
            written: 0,
            show_ids: false,
        }
    }

    /// Prints every message's option ids after its options, as
    /// `[ids] id | id`: what clicking each would send.
    pub fn show_ids(mut self) -> Console {
        self.show_ids = true;
        self
    }

    pub fn bot(&self) -> &Bot {
        &self.bot
    }

    /// Reads one line as a request and returns what the bot says, as lines.
    pub async fn line(&mut self, line: &str) -> Vec<String> {
        let mut rest = line.trim();
        let mut user = self.user.clone();
        if let Some(named) = rest.strip_prefix('@') {
            let (name, after) = named.split_once(char::is_whitespace).unwrap_or((named, ""));
            user = name.to_string();
            rest = after.trim_start();
        }
        let mut private = false;
        let mut channel = GENERAL.to_string();
        loop {
            if let Some(after) = rest.strip_prefix("[dm]") {
                private = true;
                rest = after.trim_start();
            } else if let Some(after) = rest.strip_prefix("[#") {
                let Some((name, after)) = after.split_once(']') else {
                    return vec!["(console) write a channel as [#name] before the text".into()];
                };
                channel = format!("#{name}");
                rest = after.trim_start();
            } else {
                break;
            }
        }
        if rest.is_empty() {
            return Vec::new();
        }
        let attached = match rest.split_once("<<") {
            Some((command, path)) => {
                let path = path.trim();
                match std::fs::read(path) {
                    Ok(bytes) => Some((command.trim().to_string(), path.to_string(), bytes)),
                    Err(e) => return vec![format!("(console) cannot read {path}: {e}")],
                }
            }
            None => None,
        };
        let what = if let Some((command, path, bytes)) = attached {
            let name = std::path::Path::new(&path)
                .file_name()
                .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
            What::File {
                command,
                name,
                bytes,
            }
        } else if let Some(command) = rest.strip_prefix('/') {
            What::Command(command.to_string())
        } else {
            What::Text(rest.to_string())
        };
        let request = Request::console(&user, &channel, private, what);
        let reply = self.bot.handle(request).await;
        self.show(reply)
    }

    /// Lets the clock run: reminders and expired turns, as lines.
    pub async fn tick(&mut self) -> Vec<String> {
        let reply = self.bot.tick().await;
        self.show(reply)
    }

    /// A reply as lines: each message after where it goes, files written
    /// out, then its options.
    fn show(&mut self, reply: redscience_commands::Reply) -> Vec<String> {
        let mut out = Vec::new();
        for message in reply.messages {
            let to = match &message.to {
                Destination::Channel(c) => format!("[{}]", c.channel),
                Destination::Private(chat) => format!("[dm {}]", chat.id),
            };
            out.push(format!("{to} {}", message.text));
            for file in &message.attachments {
                self.written += 1;
                let path = self.files.join(format!("{}-{}", self.written, file.name));
                let shown = match std::fs::create_dir_all(&self.files)
                    .and_then(|()| std::fs::write(&path, &file.bytes))
                {
                    Ok(()) => format!("  (file: {})", path.display()),
                    Err(e) => format!("  (file {} could not be written: {e})", file.name),
                };
                out.push(shown);
            }
            out.extend(
                options_as_text(&message)
                    .into_iter()
                    .map(|line| format!("  {line}")),
            );
            if self.show_ids && !message.choices.is_empty() {
                let ids: Vec<&str> = message
                    .choices
                    .iter()
                    .flat_map(|set| set.options())
                    .map(|c| c.id.as_str())
                    .collect();
                out.push(format!("  [ids] {}", ids.join(" | ")));
            }
        }
        out
    }
}

/// `redscience console`: the bot on standard input and output, with the
/// database from `DATABASE_URL` (by default `redscience.db` here).
pub fn run(user: Option<String>) -> Result<ExitCode, String> {
    let config = Config::from_env().map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let storage = crate::open_for_the_bot(&config).await?;
        let user = user
            .or_else(|| std::env::var("USER").ok())
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| "you".to_string());
        let mut console = Console::new(
            Bot::new(storage, rand::random()),
            PathBuf::from("redscience-files"),
            &user,
        );
        println!(
            "redscience console: you are {user} in {GENERAL}. Try `help`, `game list`, or \
             `challenge Tic-Tac-Toe Random`.\n`@name text` speaks as someone else, `[dm]` speaks \
             privately. Ctrl-D quits."
        );
        // Lines as they come, and the clock every second in between.
        let mut lines = BufReader::new(tokio::io::stdin()).lines();
        let mut clock = tokio::time::interval(std::time::Duration::from_secs(1));
        loop {
            let out = tokio::select! {
                line = lines.next_line() => match line {
                    Ok(Some(line)) => console.line(&line).await,
                    _ => break,
                },
                _ = clock.tick() => console.tick().await,
            };
            for line in out {
                println!("{line}");
            }
            std::io::stdout().flush().ok();
        }
        Ok(ExitCode::SUCCESS)
    })
}

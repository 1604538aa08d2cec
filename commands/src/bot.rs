//! The bot: who is asking, what they asked, and the reply. Each command
//! family lives in its own module; this one dispatches and turns refusals
//! into messages that say what was wrong and what would be accepted.

use std::sync::Mutex;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use redscience_storage::{Error as StorageError, Platform, Player, Storage};

use crate::creating::Wizards;
use crate::limits::Refused;
use crate::reply::{Destination, Message, Reply};
use crate::request::{Request, What};
use crate::{
    challenges, creating, creations, friends, help, library, personas, stats, stop_clock, turns,
    words,
};

/// A refusal to show the person: what was wrong and what is accepted.
pub type Said = String;

/// The result of a command: the reply, or a refusal.
pub type Answer = Result<Reply, Said>;

/// Turns a storage error into words for a person. A refusal is shown as
/// it is; anything else is our fault, and nothing was changed.
pub fn said(e: StorageError) -> Said {
    match e.refusal() {
        Some(message) => capitalise(message),
        None => format!(
            "Something went wrong on our side ({e}); nothing was changed. Please try again."
        ),
    }
}

/// A refusal from below (the engine's words) as a sentence of its own:
/// capitalised and closed with a full stop, before what follows.
pub(crate) fn sentence(text: &str) -> String {
    let text = capitalise(text.trim());
    if text.ends_with(['.', '?', '!']) {
        text
    } else {
        format!("{text}.")
    }
}

pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The whole bot: storage, and the randomness for seeds and seat orders.
pub struct Bot {
    pub(crate) storage: Storage,
    rng: Mutex<Xoshiro256PlusPlus>,
    pub(crate) wizards: Wizards,
    pub(crate) limits: crate::limits::Limits,
    /// How many times the clock has ticked in this process.
    pub(crate) ticks: std::sync::atomic::AtomicU64,
    /// The platforms whose matches this process's clock looks after (all
    /// when `None`): a process can deliver only through its transports.
    clock_platforms: Option<Vec<Platform>>,
    /// The permits for CPU-heavy work (searches, drawings).
    pub(crate) cpu: crate::cpu::Lanes,
}

/// One request being answered.
pub(crate) struct Ctx<'a> {
    pub bot: &'a Bot,
    pub player: Player,
    pub req: &'a Request,
}

impl Ctx<'_> {
    /// Where an answer to the requester goes: privately if they asked
    /// privately, else the channel they asked in.
    pub fn here(&self) -> Destination {
        if self.req.place.private {
            Destination::Private(self.req.who.chat.clone())
        } else {
            Destination::Channel(self.req.place.channel_ref())
        }
    }

    /// A reply of one message to the requester.
    pub fn answer(&self, text: impl Into<String>) -> Reply {
        Reply::one(Message::new(self.here(), text))
    }

    pub fn storage(&self) -> &Storage {
        &self.bot.storage
    }
}

impl Bot {
    /// A bot on this storage; `seed` drives match seeds and seat orders
    /// (tests fix it, the binary draws it).
    pub fn new(storage: Storage, seed: u64) -> Bot {
        Bot {
            storage,
            rng: Mutex::new(Xoshiro256PlusPlus::seed_from_u64(seed)),
            wizards: Wizards::default(),
            limits: crate::limits::Limits::default(),
            ticks: std::sync::atomic::AtomicU64::new(0),
            clock_platforms: None,
            cpu: crate::cpu::Lanes::per_cpu(),
        }
    }

    /// Leaves the matches of other platforms to the processes that run
    /// their transports: this process's clock then looks after these only.
    pub fn clock_only_for(&mut self, platforms: Vec<Platform>) {
        self.clock_platforms = Some(platforms);
    }

    /// Whether this process's clock looks after matches on `platform`.
    pub(crate) fn clocks(&self, platform: Platform) -> bool {
        self.clock_platforms
            .as_ref()
            .is_none_or(|only| only.contains(&platform))
    }

    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    /// A fresh random number (match seeds, seat orders).
    pub(crate) fn random(&self) -> u64 {
        self.rng.lock().expect("the bot's random stream").random()
    }

    /// Answers one request. Every refusal becomes a message; nothing panics
    /// its way to the person.
    pub async fn handle(&self, req: Request) -> Reply {
        let here = if req.place.private {
            Destination::Private(req.who.chat.clone())
        } else {
            Destination::Channel(req.place.channel_ref())
        };
        match self.limits.admit(&req, self.storage.now()) {
            Ok(()) => {}
            Err(Refused::Say(text)) => return Reply::one(Message::new(here, text)),
            Err(Refused::Quietly) => return Reply::default(),
        }
        let player = match self
            .storage
            .player_for_chat(&req.who.chat, &req.who.display_name)
            .await
        {
            Ok(player) => player,
            Err(e) => return Reply::one(Message::new(here, said(e))),
        };
        let line = match &req.what {
            What::Command(line) | What::Choice(line) | What::Text(line) => line.clone(),
            What::File { command, .. } => command.clone(),
        };
        let player = personas::acting(self, &req, player, &line).await;
        let ctx = Ctx {
            bot: self,
            player,
            req: &req,
        };
        // Typed text and picked choices answer an open game wizard first;
        // explicit commands (a slash command, `!rs ...`, `/...`) still run.
        if !matches!(req.what, What::Command(_))
            && let Some(answer) = creating::answer(&ctx, &line).await
        {
            return answer.unwrap_or_else(|refusal| ctx.answer(refusal));
        }
        match dispatch(&ctx, &line).await {
            Ok(reply) => reply,
            Err(refusal) => ctx.answer(refusal),
        }
    }
}

async fn dispatch(ctx: &Ctx<'_>, line: &str) -> Answer {
    let words = words::split(line.trim().trim_start_matches('/'));
    let Some(first) = words.first() else {
        return Err(format!(
            "Say a command, such as `help`. The commands are: {}.",
            help::names()
        ));
    };
    let rest = &words[1..];
    let name = first.to_ascii_lowercase();
    if let Some(usage) = help::usage(&name) {
        if !rest.is_empty() && !usage.contains(' ') {
            return Err(format!(
                "`{name}` takes nothing after it: write `{usage}`. Nothing was done."
            ));
        }
        // A refusal of what was typed shows how to write that command.
        return command(ctx, &name, &words).await.map_err(|refusal| {
            if about_arguments(&refusal, rest) {
                with_syntax(&name, usage, refusal)
            } else {
                refusal
            }
        });
    }
    command(ctx, &name, &words).await
}

/// Whether a refusal is about the words typed: it quotes one, or names a
/// number given (`999`, `#12`), rather than the state of things.
fn about_arguments(refusal: &str, args: &[String]) -> bool {
    args.iter().any(|arg| {
        refusal.contains(&format!("\"{arg}\""))
            || (arg.starts_with(|c: char| c == '#' || c.is_ascii_digit())
                && refusal.contains(arg.trim_start_matches('#')))
    })
}

/// A command's refusal, with the command's own syntax when it gives no
/// example of that command already.
fn with_syntax(name: &str, usage: &str, refusal: Said) -> Said {
    if refusal.contains(&format!("`{name}")) {
        return refusal;
    }
    let forms: Vec<String> = usage.split(" | ").map(|f| format!("`{f}`")).collect();
    format!(
        "{} Write it as {}.",
        sentence(&refusal),
        words::or_list(&forms)
    )
}

async fn command(ctx: &Ctx<'_>, name: &str, words: &[String]) -> Answer {
    let first = &words[0];
    let rest = &words[1..];
    match name {
        "help" => Ok(ctx.answer(personas::help(ctx, rest.first().map(String::as_str)).await)),
        "game" => library::game(ctx, rest).await,
        "games" => personas::games(ctx).await,
        "friend" => friends::friend(ctx, rest).await,
        "creations" => creations::creations(ctx, rest).await,
        "leaderboard" => crate::leaderboard::leaderboard(ctx, rest).await,
        "stats" => stats::stats(ctx, rest).await,
        "history" => stats::history(ctx, rest).await,
        "favoritism" => stats::favoritism(ctx, rest).await,
        "challenge" => challenges::challenge(ctx, rest).await,
        "accept" => personas::accept(ctx, rest).await,
        "decline" => personas::decline(ctx, rest).await,
        "cancel" if rest.is_empty() && creating::cancel(ctx) => {
            Ok(ctx.answer("Left the game wizard; nothing was saved."))
        }
        "cancel" => challenges::cancel(ctx, rest).await,
        "board" => turns::board(ctx, rest).await,
        "resign" => turns::resign(ctx, rest).await,
        "undo" => turns::undo(ctx, rest).await,
        "rematch" => challenges::rematch(ctx, rest).await,
        "token" => token(ctx).await,
        "persona" => personas::persona(ctx, rest).await,
        "clock" => stop_clock::clock(ctx, rest).await,
        "move" | "plan" | "pass" | "draw" | "agree" | "refuse" => {
            turns::turn(ctx, name, rest).await
        }
        _ => {
            // Typed words that read as a move are a move, for the person's
            // match here: played when it is their turn, else told whose it
            // is. Never a command, never a pick from a list.
            let typed = matches!(ctx.req.what, What::Text(_));
            let text = words.join(" ");
            if typed && redscience_engine::notation::parse_turn(&text).is_ok() {
                if turns::has_match_here(ctx).await {
                    return turns::turn(ctx, "move", words).await;
                }
                return Err(format!(
                    "\"{text}\" reads as a move, but you have no unfinished match here. \
                     `challenge GAME Random` starts one, e.g. `challenge Tic-Tac-Toe Random`; \
                     `games` lists your matches."
                ));
            }
            let hint = words::did_you_mean(first, help::COMMANDS.iter().map(|c| c.0));
            Err(format!(
                "\"{first}\" is not a command.{hint} The commands are: {} (`help COMMAND` explains one).",
                help::names()
            ))
        }
    }
}

/// `token`: a security token for the command line, sent privately.
async fn token(ctx: &Ctx<'_>) -> Answer {
    let token = ctx
        .storage()
        .issue_token(ctx.player.id, redscience_storage::Purpose::Token)
        .await
        .map_err(said)?;
    let mut reply = Reply::default();
    if !ctx.req.place.private {
        reply.push(Message::new(
            ctx.here(),
            "I sent you a security token privately.",
        ));
    }
    reply.push(Message::new(
        Destination::Private(ctx.req.who.chat.clone()),
        format!(
            "Your security token: {token}\nIt works once, for 15 minutes: \
             `redscience game NAME -i FILE {token}` saves a rule-set file as yours."
        ),
    ));
    Ok(reply)
}

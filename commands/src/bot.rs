//! The bot: who is asking, what they asked, and the reply. Each command
//! family lives in its own module; this one dispatches and turns refusals
//! into messages that say what was wrong and what would be accepted.

use redscience_storage::{Kind, Platform, Security, Storage};

use crate::context::{Answer, Ctx, refused, said};
use crate::limits::Refused;
use crate::reply::{Destination, Message, Reply};
use crate::request::{Request, What, Who};
use crate::services::Services;
use crate::spec::{self, May, Where};
use crate::syntax::Suggest;
use crate::{arguments, creating, help, personas, turns, words};

/// The whole bot: the services the commands work with, and the dispatch
/// from a request to its command.
pub struct Bot {
    services: Services,
}

impl Bot {
    /// A bot on this storage; `seed` drives match seeds and seat orders
    /// (tests fix it, the binary draws it).
    pub fn new(storage: Storage, seed: u64) -> Bot {
        Bot {
            services: Services::new(storage, seed),
        }
    }

    /// Leaves the matches of other platforms to the processes that run
    /// their transports: this process's clock then looks after these only.
    pub fn clock_only_for(&mut self, platforms: Vec<Platform>) {
        self.services.clock_only_for(platforms);
    }

    pub fn storage(&self) -> &Storage {
        self.services.storage()
    }

    /// Allows `n` (at least 1) pieces of CPU work at once in each lane
    /// instead of one per CPU.
    pub fn set_cpu_limit(&mut self, n: usize) {
        self.services.set_cpu_limit(n);
    }

    /// How many pieces of CPU work may run at once in each lane.
    pub fn cpu_limit(&self) -> usize {
        self.services.cpu_limit()
    }

    /// Sends reminders, settles every deadline that has passed, rates
    /// the finished matches whose rating was interrupted, and lapses the
    /// open challenges whose time is up.
    pub async fn tick(&self) -> Reply {
        self.services.tick().await
    }

    /// What `typed` may become as an argument of `kind`, best first
    /// (Discord's autocomplete).
    pub async fn suggest(&self, who: &Who, kind: Suggest, typed: &str, many: bool) -> Vec<String> {
        self.services.suggest(who, kind, typed, many).await
    }

    /// Answers one request. Every refusal becomes a message; nothing panics
    /// its way to the person.
    pub async fn handle(&self, req: Request) -> Reply {
        let here = if req.place.private {
            Destination::Private(req.who.chat.clone())
        } else {
            Destination::Channel(req.place.channel_ref())
        };
        match self
            .services
            .limits
            .admit(&req, self.services.storage.now())
        {
            Ok(()) => {}
            Err(Refused::Say(text)) => return Reply::one(Message::new(here, text)),
            Err(Refused::Quietly) => return Reply::default(),
        }
        let player = match self
            .services
            .storage
            .player_for_chat(&req.who.chat, &req.who.display_name)
            .await
        {
            Ok(player) => player,
            Err(e) => return Reply::one(Message::new(here, said(e).into_text())),
        };
        let line = match &req.what {
            What::Command(line) | What::Choice(line) | What::Text(line) => line.clone(),
            What::File { command, .. } => command.clone(),
        };
        let player = personas::acting(&self.services, &req, player, &line).await;
        let ctx = Ctx {
            services: &self.services,
            player,
            req: &req,
        };
        // Typed text and picked choices answer an open game wizard first;
        // explicit commands (a slash command, `!rs ...`, `/...`) still run.
        if !matches!(req.what, What::Command(_))
            && let Some(answer) = creating::answer(&ctx, &line).await
        {
            return answer.unwrap_or_else(|refusal| ctx.answer(refusal.into_text()));
        }
        match dispatch(&ctx, &line).await {
            Ok(reply) => reply,
            Err(refusal) => ctx.answer(refusal.into_text()),
        }
    }
}

async fn dispatch(ctx: &Ctx<'_>, line: &str) -> Answer {
    let words = words::split(line.trim().trim_start_matches('/'));
    let Some(first) = words.first() else {
        return Err(refused!(
            "Say a command, such as `help`. The commands are: {}.",
            help::names()
        ));
    };
    let rest = &words[1..];
    let Some(command) = spec::find(first) else {
        return turns::not_a_command(ctx, first, &words.join(" ")).await;
    };
    let name = command.name;
    match (command.place, ctx.req.place.private) {
        (Where::Channel, true) => {
            return Err(refused!(
                "Say `{name}` in a channel, where people can answer; this is a private conversation. Nothing was done."
            ));
        }
        (Where::Private, false) => {
            return Err(refused!(
                "`{name}` is secret: send it to me in a private message. Nothing was played."
            ));
        }
        _ => {}
    }
    if let May::Creators(what) = command.may {
        let me = &ctx.player;
        if me.kind != Kind::Human || me.security < Security::Creator {
            return Err(refused!(
                "You are {} {}, and only Creators, Trainers and Admins {what}: speak to the bot \
                 from your own chat account to become a Creator. Nothing was done.",
                me.security.with_article(),
                me.kind
            ));
        }
    }
    let Some(run) = crate::dispatch::handler(name) else {
        return turns::not_a_command(ctx, first, &words.join(" ")).await;
    };
    // The words are read once, and the games they name found, before the
    // command runs; a refusal of what was typed shows how to write the
    // form read, one by the state of things stands as it is.
    let args = match arguments::read(command, rest) {
        Ok(args) => args,
        Err(misread) => {
            if misread.form.is_none()
                && let Some(refusal) = rest
                    .first()
                    .and_then(|word| crate::dispatch::not_a_sub(name, word))
            {
                return Err(refusal);
            }
            // A missing argument's example is right for what was read.
            let mut refusal = misread.refusal;
            if let Some(partial) = &misread.partial
                && let Some(example) = crate::dispatch::example(ctx, partial).await
            {
                refusal = refusal.with_example(example);
            }
            return Err(arguments::written(command, misread.form, refusal));
        }
    };
    let form = Some(args.form());
    let args = arguments::find_named(ctx, args)
        .await
        .map_err(|refusal| arguments::written(command, form, refusal))?;
    run(ctx, &args)
        .await
        .map_err(|refusal| arguments::written(command, form, refusal))
}

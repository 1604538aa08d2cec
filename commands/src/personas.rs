//! `persona create|list|use|universe`: a person's personas (copies of
//! themselves, each in one universe) and which identity a chat account
//! acts as.
//!
//! A chat account speaks for its person; after `persona use NAME` the
//! playing commands (challenges, moves, leaderboards, stats) act as that
//! persona, in its universe, until `persona use` with no name. Everything
//! else (games, friends, tokens, creations, personas) stays the person's.

use redscience_storage::{Challenge, Created, PUBLIC_UNIVERSE, Player, Security};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal, refused, said};
use crate::reply::{Choice, ChoiceSet, Message, Reply};
use crate::request::{Request, What};
use crate::services::Services;
use crate::spec::Acts;
use crate::{challenges, help, words};

/// Who a request acts as: the persona in use for the playing commands,
/// the person otherwise (and while the person has a game wizard open,
/// whose answers and `cancel` are the person's).
pub(crate) async fn acting(
    services: &Services,
    req: &Request,
    person: Player,
    line: &str,
) -> Player {
    let words = words::split(line.trim().trim_start_matches('/'));
    let first = words
        .first()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_default();
    let wizard = services.wizards.has(person.id);
    let command = crate::spec::find(&first);
    let plays = if let Some(command) = command {
        command.acts != Acts::Person && !(wizard && first == "cancel")
    } else {
        !wizard && !matches!(req.what, What::Command(_))
    };
    if !plays {
        return person;
    }
    let acting = match services.storage().acting_for_chat(&req.who.chat).await {
        Ok(Some(persona)) => persona,
        _ => person.clone(),
    };
    let moving = command.is_none_or(|c| c.acts == Acts::Move);
    if !moving {
        return acting;
    }
    // A move for a match that waits for another of the person's players
    // (their persona, or themselves) here is that player's: the match
    // numbered (`move #12 ...`), or one here.
    let numbered = command
        .and_then(|c| crate::arguments::read(c, words.get(1..).unwrap_or_default()).ok())
        .and_then(|args| args.match_id());
    let mut others = match services.storage().personas_of(person.id).await {
        Ok(personas) if !personas.is_empty() => personas,
        _ => return acting,
    };
    if waits_here(services, req, acting.id, numbered).await {
        return acting;
    }
    others.push(person);
    let mut waiting = Vec::new();
    for p in others {
        if p.id != acting.id && waits_here(services, req, p.id, numbered).await {
            waiting.push(p);
        }
    }
    match <[Player; 1]>::try_from(waiting) {
        Ok([one]) => one,
        Err(_) => acting,
    }
}

/// Whether a match waits for `player_id` to move: the one numbered
/// (`move #12 ...`), or one in this channel (anywhere when asked privately).
async fn waits_here(
    services: &Services,
    req: &Request,
    player_id: i64,
    numbered: Option<i64>,
) -> bool {
    let storage = services.storage();
    let ids = match numbered {
        Some(id) => vec![id],
        None => storage
            .matches_of(player_id, true)
            .await
            .unwrap_or_default(),
    };
    let here = req.place.channel_ref();
    for id in ids {
        let Ok(live) = storage.load_match(id).await else {
            continue;
        };
        if live.is_over() || live.seats[live.state().to_move()].player_id != player_id {
            continue;
        }
        if numbered.is_some() || req.place.private {
            return true;
        }
        if let Ok(Some(c)) = storage.challenge_of_match(id).await
            && c.place == here
        {
            return true;
        }
    }
    false
}

/// `games`: the unfinished matches of the player acting, then those of
/// the person's other players (their personas, or the person), then the
/// open challenges to and from them.
pub(crate) async fn games(ctx: &Ctx<'_>) -> Answer {
    let mut reply = crate::turns::my_games(ctx).await?;
    let storage = ctx.storage();
    let person = storage.person_of(&ctx.player).await.map_err(said)?;
    let several = storage.universes_of(&person).await.map_err(said)?.len() > 1;
    let mine = identities(ctx, &person).await?;
    let mut lines = Vec::new();
    for p in mine.iter().cloned() {
        if p.id == ctx.player.id {
            continue;
        }
        let ids = storage.matches_of(p.id, true).await.map_err(said)?;
        if !ids.is_empty() {
            let ids: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
            lines.push(format!("- {}: {}", shown(&p, several), ids.join(", ")));
        }
    }
    if !lines.is_empty() {
        reply.push(Message::new(
            ctx.here(),
            format!(
                "Unfinished matches of your other players (a move goes to whichever of your players \
                 the match waits for; `persona use NAME` acts as one):\n{}",
                lines.join("\n")
            ),
        ));
    }
    if let Some(listed) = crate::open_challenges::listed(ctx, &mine).await? {
        reply.push(Message::new(ctx.here(), listed));
    }
    Ok(reply)
}

/// `help`, without the universe choice while the person has one universe.
pub(crate) async fn help(ctx: &Ctx<'_>, topic: Option<&str>) -> String {
    let text = help::help(topic);
    match ctx.storage().universes_of(&ctx.player).await {
        Ok(u) if u.len() > 1 => text,
        _ => text.replace("leaderboard GAME [UNIVERSE]", "leaderboard GAME"),
    }
}

/// "ann-oz in Oz" when the person has several universes, else "ann-oz".
fn shown(p: &Player, several: bool) -> String {
    if several {
        format!("{} in {}", p.name, p.universe)
    } else {
        p.name.clone()
    }
}

/// `persona create NAME [UNIVERSE]`, `persona list`, `persona use [NAME
/// [UNIVERSE]]` (`persona` alone lists).
pub(crate) async fn persona(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let name = args.text("name");
    let universe = args.text("universe");
    match args.sub() {
        Some("create") => create(ctx, name.unwrap_or_default(), universe).await,
        Some("use") => use_persona(ctx, name, universe).await,
        _ => list(ctx).await,
    }
}

/// What `persona` says of `persona universe` and `persona type`, which are
/// no subcommands: a player's universe and kind never change.
pub(crate) fn not_a_sub(word: &str) -> Option<Refusal> {
    let word = word.to_ascii_lowercase();
    matches!(word.as_str(), "universe" | "type").then(|| {
        refused!(
            "A player's {word} is locked once saved, so it cannot change. Create a new persona instead: \
             `persona create NAME [UNIVERSE]` (Creators may create 3)."
        )
    })
}

async fn create(ctx: &Ctx<'_>, name: &str, universe: Option<&str>) -> Answer {
    let persona = ctx
        .storage()
        .create_persona(ctx.player.id, name, universe)
        .await
        .map_err(said)?;
    let several = ctx
        .storage()
        .universes_of(&ctx.player)
        .await
        .map_err(said)?
        .len()
        > 1;
    let place = if several {
        format!(" in {}", persona.universe)
    } else {
        String::new()
    };
    let text = format!(
        "Created the persona {}{place}, a copy of you with stats of its own; its universe is locked. \
         `persona use {}` plays as it, `persona use` as yourself again.",
        persona.name, persona.name
    );
    Ok(Reply::one(Message::new(ctx.here(), text).with_choices(
        ChoiceSet::Buttons(vec![Choice::new(
            use_line(&persona),
            format!("Play as {}", persona.name),
        )]),
    )))
}

/// The command line that makes one act as `p`.
fn use_line(p: &Player) -> String {
    let universe = if p.universe == PUBLIC_UNIVERSE {
        String::new()
    } else {
        format!(" {}", p.universe)
    };
    format!("persona use {}{universe}", p.name)
}

async fn list(ctx: &Ctx<'_>) -> Answer {
    let storage = ctx.storage();
    let me = &ctx.player;
    let several = storage.universes_of(me).await.map_err(said)?.len() > 1;
    let acting = storage
        .acting_for_chat(&ctx.req.who.chat)
        .await
        .map_err(said)?;
    let personas = storage.persona_usage(me.id).await.map_err(said)?;
    if personas.is_empty() {
        return Ok(ctx.answer(format!(
            "You have no personas. `persona create NAME [UNIVERSE]` makes one (a copy of you with its own stats; \
             {}).",
            if me.security >= Security::Trainer {
                "Trainers and Admins may create any number".to_string()
            } else {
                "a Creator may create 3".to_string()
            }
        )));
    }
    let mut text = String::from(
        "Your personas (usage = 100 × matches ÷ days since created; you play them with `persona use NAME`):",
    );
    let mut buttons = Vec::new();
    for c in &personas {
        let Created::Player(p) = &c.what else {
            continue;
        };
        let matches = match c.matches {
            1 => "1 match".to_string(),
            n => format!("{n} matches"),
        };
        text.push_str(&format!(
            "\n- {}: {matches}, usage {}{}{}",
            shown(p, several),
            c.usage(),
            if p.creator_id.is_none() {
                ", made when you were invited there"
            } else {
                ""
            },
            if acting.as_ref().is_some_and(|a| a.id == p.id) {
                "  ← in use"
            } else {
                ""
            }
        ));
        buttons.push(Choice::new(use_line(p), format!("Play as {}", p.name)));
    }
    if acting.is_none() {
        text.push_str(&format!("\nYou play as yourself, {}.", me.name));
    } else {
        buttons.push(Choice::new("persona use", format!("Play as {}", me.name)));
    }
    buttons.truncate(crate::reply::MAX_CHOICES);
    Ok(Reply::one(
        Message::new(ctx.here(), text).with_choices(ChoiceSet::Buttons(buttons)),
    ))
}

async fn use_persona(ctx: &Ctx<'_>, name: Option<&str>, universe: Option<&str>) -> Answer {
    let me = &ctx.player;
    let storage = ctx.storage();
    let chat = &ctx.req.who.chat;
    let Some(name) = name else {
        storage.act_as(chat, None).await.map_err(said)?;
        return Ok(ctx.answer(format!(
            "You play as yourself, {}, again{}.",
            me.name,
            in_universe(ctx, me).await
        )));
    };
    let personas = storage.personas_of(me.id).await.map_err(said)?;
    let fits: Vec<&Player> = personas
        .iter()
        .filter(|p| p.name.eq_ignore_ascii_case(name))
        .filter(|p| {
            universe
                .as_ref()
                .is_none_or(|u| p.universe.eq_ignore_ascii_case(u))
        })
        .collect();
    let yourself = name.eq_ignore_ascii_case(&me.name)
        && universe
            .as_ref()
            .is_none_or(|u| u.eq_ignore_ascii_case(&me.universe));
    let chosen = match fits.as_slice() {
        [] if yourself => None,
        [one] if !yourself || universe.is_some() => Some(*one),
        [] => {
            let names: Vec<String> = personas.iter().map(use_line).collect();
            return Err(if names.is_empty() {
                refused!(
                    "You have no persona called \"{name}\", and no personas at all. \
                     `persona create {name}` makes one."
                )
            } else {
                refused!(
                    "You have no persona called \"{name}\"{}. Yours: {}; `persona use` plays as yourself.",
                    universe.map_or(String::new(), |u| format!(" in {u}")),
                    names
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
        }
        _ => {
            return Err(refused!(
                "\"{name}\" is the name of several of your players; say which universe: {}.",
                fits.iter()
                    .map(|p| format!("`{}`", use_line(p)))
                    .chain(yourself.then(|| "`persona use` for yourself".to_string()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    };
    storage
        .act_as(chat, chosen.map(|p| p.id))
        .await
        .map_err(said)?;
    Ok(ctx.answer(match chosen {
        Some(p) => format!(
            "You play as {}{} now: challenges, moves, leaderboards and stats are {}'s until `persona use`.",
            p.name,
            in_universe(ctx, p).await,
            p.name
        ),
        None => format!(
            "You play as yourself, {}, again{}.",
            me.name,
            in_universe(ctx, me).await
        ),
    }))
}

/// " in Oz" when the person has more than one universe.
async fn in_universe(ctx: &Ctx<'_>, p: &Player) -> String {
    match ctx.storage().universes_of(p).await {
        Ok(u) if u.len() > 1 => format!(" in {}", p.universe),
        _ => String::new(),
    }
}

/// A challenge's universe: its challenger's.
async fn universe_of(ctx: &Ctx<'_>, c: &Challenge) -> Result<String, Refusal> {
    Ok(ctx
        .storage()
        .player(c.challenger_id)
        .await
        .map_err(said)?
        .universe)
}

/// The person and all their personas.
async fn identities(ctx: &Ctx<'_>, person: &Player) -> Result<Vec<Player>, Refusal> {
    let mut mine = ctx.storage().personas_of(person.id).await.map_err(said)?;
    mine.push(person.clone());
    Ok(mine)
}

/// Whether a challenge waits for this player's answer.
fn waits_for(c: &Challenge, id: i64) -> bool {
    c.seats
        .iter()
        .any(|s| s.player_id == Some(id) && !s.accepted)
}

/// The challenge an `accept` or `decline` means: the one numbered, or the
/// only open one here that waits for one of `mine`.
async fn meant(
    ctx: &Ctx<'_>,
    number: Option<i64>,
    mine: &[Player],
) -> Result<Option<Challenge>, Refusal> {
    let storage = ctx.storage();
    if let Some(id) = number {
        return Ok(storage.challenge(id).await.ok());
    }
    let here = ctx.req.place.channel_ref();
    let open: Vec<Challenge> = storage
        .open_challenges()
        .await
        .map_err(said)?
        .into_iter()
        .filter(|c| ctx.req.place.private || c.place == here)
        .filter(|c| mine.iter().any(|p| waits_for(c, p.id)))
        .collect();
    Ok(match open.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    })
}

/// `decline`: as `challenges::decline`, also for a challenge that waits
/// for one of your personas; `decline all` declines every one waiting for
/// you or them.
pub(crate) async fn decline(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let number = args.number("id");
    if args.flag("all") && number.is_some() {
        return Err(Refusal::input(
            "`all` declines every challenge waiting for your answer: name one challenge or `all`, not both.",
        ));
    }
    let person = ctx.storage().person_of(&ctx.player).await.map_err(said)?;
    let mine = identities(ctx, &person).await?;
    if args.flag("all") {
        return crate::open_challenges::decline_all(ctx, &mine).await;
    }
    let target = match meant(ctx, number, &mine).await? {
        Some(c) if !waits_for(&c, ctx.player.id) => mine.into_iter().find(|p| waits_for(&c, p.id)),
        _ => None,
    };
    match target {
        Some(player) => {
            let as_target = Ctx {
                services: ctx.services,
                player,
                req: ctx.req,
            };
            challenges::decline(&as_target, number).await
        }
        None => challenges::decline(ctx, number).await,
    }
}

/// `accept`: as `challenges::accept`, but a challenge to one of your
/// personas (or an open seat of a challenge in another universe) is
/// accepted as that persona, which you then play as.
pub(crate) async fn accept(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let (number, mode) = (args.number("id"), args.mode());
    let storage = ctx.storage();
    let person = storage.person_of(&ctx.player).await.map_err(said)?;
    let mine = identities(ctx, &person).await?;
    let Some(challenge) = meant(ctx, number, &mine).await? else {
        return challenges::accept(ctx, number, mode).await;
    };
    if waits_for(&challenge, ctx.player.id) {
        return challenges::accept(ctx, number, mode).await;
    }
    let target = match mine.iter().find(|p| waits_for(&challenge, p.id)) {
        Some(p) => p.clone(),
        None => {
            let universe = universe_of(ctx, &challenge).await?;
            let open = challenge.seats.iter().any(|s| s.player_id.is_none());
            let seated = challenge
                .seats
                .iter()
                .any(|s| mine.iter().any(|p| s.player_id == Some(p.id)));
            if !open || seated || universe == ctx.player.universe {
                return challenges::accept(ctx, number, mode).await;
            }
            // An open seat in another universe: taken as your persona there.
            match mine
                .iter()
                .find(|p| p.universe == universe && p.name.eq_ignore_ascii_case(&person.name))
            {
                Some(p) => p.clone(),
                None => storage
                    .persona_for_invitation(person.id, &universe)
                    .await
                    .map_err(said)?,
            }
        }
    };
    let acting = (target.id != person.id).then_some(target.id);
    storage
        .act_as(&ctx.req.who.chat, acting)
        .await
        .map_err(said)?;
    let as_target = Ctx {
        services: ctx.services,
        player: target.clone(),
        req: ctx.req,
    };
    let mut reply = ctx.answer(if acting.is_some() {
        format!(
            "Challenge {} is in {}, so you accept it as your persona {} and play as {} from now on \
             (`persona use` plays as yourself again).",
            challenge.id, target.universe, target.name, target.name
        )
    } else {
        format!(
            "You accept challenge {} as yourself, {}, and play as yourself from now on.",
            challenge.id, target.name
        )
    });
    reply.extend(challenges::accept(&as_target, number, mode).await?);
    Ok(reply)
}

//! `challenge`, `accept`, `decline`, `cancel`: inviting players to a match,
//! seat by seat, and starting it (in random seat order) once every seat is
//! taken and every invited person has accepted.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use redscience_engine::Game;
use redscience_storage::{
    Augmentation, Challenge, ChallengeStatus, DEFAULT_CORRESPONDENCE, Invitee, Kind, Made,
    NewChallenge, NewMatch, Security, SystemPlayer,
};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal, refused, said};
use crate::matches;
use crate::named_players::Named;
use crate::naming::name_of;
use crate::reply::{Choice, ChoiceSet, Destination, Message, Reply};

/// The spec's Anonymous level: "Other seats may only be non-human players".
const ANONYMOUS_SEATS: &str = "Anonymous players play only against non-humans: name Random or a \
     standard player for every other seat (no people, no `open` seats). Speak to the bot from your \
     own chat account to become a Creator and play people. Nothing was done.";

/// `challenge GAME [OPPONENT...] [MODE] [CLOCK] [unrated]`: the game, the
/// way to play, the clock and `unrated` come read; each opponent is found
/// here (a machine, a person, `open`).
pub(crate) async fn challenge(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let saved = args.saved_game()?;
    let game = Game::new(saved.rules.clone())
        .map_err(|_| format!("{} cannot be played by this release.", saved.name))?;
    let players = game.rules.players.player_seats();
    let me = &ctx.player;
    let mine = args.mode().unwrap_or(Augmentation::Alone);
    let mut others: Vec<Invitee> = Vec::new();
    // Friendships and bans are between people, whichever persona acts.
    let person = ctx.storage().person_of(me).await.map_err(said)?;
    let friends = ctx.storage().friends(person.id).await.map_err(said)?;
    let rated = !args.flag("unrated");
    let anonymous = me.security == Security::Anonymous;
    for named in args.opponents() {
        let Named::Player(opponent) = named else {
            if anonymous {
                return Err(ANONYMOUS_SEATS.into());
            }
            others.push(Invitee {
                player_id: None,
                augmentation: Augmentation::Alone,
                accepted: false,
            });
            continue;
        };
        let opponent = (**opponent).clone();
        if opponent.id == me.id {
            return Err(
                "You cannot challenge yourself; name someone else, Random, or `open`.".into(),
            );
        }
        if anonymous && matches!(opponent.kind, Kind::Human | Kind::Persona) {
            return Err(ANONYMOUS_SEATS.into());
        }
        let human = crate::identities::must_accept(ctx, &opponent).await?;
        let owner = ctx.storage().person_of(&opponent).await.map_err(said)?;
        if human
            && ctx
                .storage()
                .has_banned(owner.id, person.id)
                .await
                .map_err(said)?
        {
            return Err(refused!(
                "{} is not accepting challenges from you. Challenge Random, or leave the seat `open`.",
                opponent.name
            ));
        }
        if human && !friends.friends.iter().any(|f| f.id == owner.id) {
            return Ok(Reply::one(
                Message::new(
                    ctx.here(),
                    format!(
                        "{} is not your friend yet, and only friends can be challenged by name. \
                         Send a friend request with `friend add {}`, challenge Random, or leave the seat `open`.",
                        opponent.name, opponent.name
                    ),
                )
                .with_choices(ChoiceSet::Buttons(vec![Choice::new(
                    format!("friend add {}", opponent.name),
                    format!("Send {} a friend request", opponent.name),
                )])),
            ));
        }
        // A person of another universe plays through their persona here.
        let opponent = if opponent.universe != me.universe && opponent.kind == Kind::Human {
            ctx.storage()
                .persona_for_invitation(opponent.id, &me.universe)
                .await
                .map_err(said)?
        } else {
            opponent
        };
        others.push(Invitee {
            player_id: Some(opponent.id),
            augmentation: Augmentation::Alone,
            accepted: !human,
        });
    }
    if players == 1 && !others.is_empty() {
        return Err(refused!(
            "{0} is played alone: challenge it with no opponent, as `challenge {0}`.",
            crate::machines::quoted(&saved.name)
        ));
    }
    if others.len() + 1 > players {
        return Err(refused!(
            "{} is for {players} players, so name at most {} opponent(s); you named {}.",
            saved.name,
            players - 1,
            others.len()
        ));
    }
    if anonymous && others.len() + 1 < players {
        return Err(ANONYMOUS_SEATS.into());
    }
    while others.len() + 1 < players {
        others.push(Invitee {
            player_id: None,
            augmentation: Augmentation::Alone,
            accepted: false,
        });
    }
    // A correspondence clock unless another is named, against machines
    // too: someone who steps away from a first game against Random must
    // not lose it (and rating points) a minute later (docs/rules.md,
    // "Clocks: live and correspondence").
    let clock = args.clock().unwrap_or(DEFAULT_CORRESPONDENCE);
    let mut seats = vec![Invitee {
        player_id: Some(me.id),
        augmentation: mine,
        accepted: true,
    }];
    seats.extend(others);
    let challenge = made_once(
        ctx,
        NewChallenge {
            rule_set_id: saved.id,
            challenger_id: me.id,
            place: ctx.req.place.channel_ref(),
            seats,
            rated,
            clock,
        },
    )
    .await?;
    if challenge.is_ready() {
        return start(ctx, &challenge).await;
    }
    announce(ctx, &challenge, &saved.name, saved.rules.seconds_per_turn).await
}

/// Makes a challenge, refusing one that repeats an open challenge (the
/// invited would be asked the same twice), pointing to the first.
async fn made_once(ctx: &Ctx<'_>, new: NewChallenge) -> Result<Challenge, Refusal> {
    match ctx
        .storage()
        .create_unique_challenge(new)
        .await
        .map_err(said)?
    {
        Made::Created(c) => Ok(c),
        Made::AlreadyOpen(first) => Err(crate::open_challenges::already_open(ctx, &first).await),
    }
}

/// Tells the channel (and each invited person, privately) about a challenge
/// of `game`, whose own time per turn is `live_seconds`.
async fn announce(ctx: &Ctx<'_>, challenge: &Challenge, game: &str, live_seconds: u32) -> Answer {
    let id = challenge.id;
    let clock = format!(
        "Clock: {}.",
        crate::clock_words::clock_words(challenge.clock.seconds(live_seconds))
    );
    let mut waiting = Vec::new();
    let mut open = 0;
    let mut reply = Reply::default();
    for seat in &challenge.seats {
        match seat.player_id {
            Some(pid) if !seat.accepted => {
                let name = name_of(ctx.services, pid).await;
                waiting.push(name.clone());
                if let Some(chat) =
                    crate::naming::chat_of(ctx.services, challenge.place.platform, pid).await
                {
                    reply.push(
                        Message::new(
                            Destination::Private(chat),
                            format!(
                                "{} challenges you{} to {game} (challenge {id}) in {}. {clock}",
                                ctx.player.name,
                                crate::identities::as_persona(ctx, pid).await,
                                challenge.place.channel
                            ),
                        )
                        .with_choices(buttons(id)),
                    );
                }
            }
            None => open += 1,
            _ => {}
        }
    }
    let mut text = format!("{} challenges ", ctx.player.name);
    let mut who = waiting.clone();
    if open > 0 {
        who.push(if open == 1 {
            "anyone here (an open seat)".to_string()
        } else {
            format!("anyone here ({open} open seats)")
        });
    }
    text.push_str(&who.join(" and "));
    text.push_str(&format!(
        " to {game} (challenge {id}). {clock} `accept {id}` to play, `decline {id}` to say no; {} can `cancel {id}`.",
        ctx.player.name
    ));
    let mut channel =
        Message::new(crate::naming::channel_of(challenge), text).with_choices(buttons(id));
    channel.choices.truncate(1);
    let mut all = Reply::one(channel);
    all.extend(reply);
    Ok(all)
}

fn buttons(id: i64) -> ChoiceSet {
    ChoiceSet::Buttons(vec![
        Choice::new(format!("accept {id}"), "Accept"),
        Choice::new(format!("decline {id}"), "Decline"),
    ])
}

/// The challenge a person means by `verb` (`accept`, `decline`,
/// `cancel`): the one numbered, or the only open one here that `fits` them.
async fn pick(
    ctx: &Ctx<'_>,
    number: Option<i64>,
    fits: impl Fn(&Challenge) -> bool,
    what: &str,
    verb: &str,
) -> Result<Challenge, Refusal> {
    if let Some(id) = number {
        let c = ctx.storage().challenge(id).await.map_err(|e| {
            said(e).map(|text| format!("{text} `games` lists the challenges to you and from you."))
        })?;
        if c.status != ChallengeStatus::Open {
            return Err(refused!("Challenge {id} is {} already.", c.status.word()));
        }
        return Ok(c);
    }
    let here = ctx.req.place.channel_ref();
    let open: Vec<Challenge> = ctx
        .storage()
        .open_challenges()
        .await
        .map_err(said)?
        .into_iter()
        .filter(|c| (ctx.req.place.private || c.place == here) && fits(c))
        .collect();
    match open.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(refused!("There is no open challenge {what} here.")),
        many => Err(refused!(
            "Several challenges are open {what} here: {}. Say which, e.g. `{verb} {}`{}.",
            many.iter()
                .map(|c| c.id.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            many[0].id,
            if verb == "decline" {
                ", or `decline all`"
            } else {
                ""
            }
        )),
    }
}

/// `accept [ID] [MODE]`.
pub(crate) async fn accept(
    ctx: &Ctx<'_>,
    number: Option<i64>,
    chosen: Option<Augmentation>,
) -> Answer {
    let me = ctx.player.id;
    let invited = |c: &Challenge| {
        c.seats
            .iter()
            .any(|s| s.player_id == Some(me) && !s.accepted)
    };
    let takes_open = |c: &Challenge| {
        c.seats.iter().any(|s| s.player_id.is_none())
            && !c.seats.iter().any(|s| s.player_id == Some(me))
    };
    let challenge = pick(
        ctx,
        number,
        |c| invited(c) || takes_open(c),
        "for you",
        "accept",
    )
    .await?;
    let mut seats = challenge.seats.clone();
    let slot = seats
        .iter()
        .position(|s| s.player_id == Some(me) && !s.accepted)
        .or_else(|| {
            (!seats.iter().any(|s| s.player_id == Some(me)))
                .then(|| seats.iter().position(|s| s.player_id.is_none()))
                .flatten()
        });
    let Some(slot) = slot else {
        return Err(if seats.iter().any(|s| s.player_id == Some(me)) {
            refused!("You are already in challenge {}.", challenge.id)
        } else {
            refused!(
                "Challenge {} is not addressed to you and has no open seat.",
                challenge.id
            )
        });
    };
    if seats[slot].player_id.is_none() {
        // An open seat: for people, in the channel where it was offered.
        if ctx.player.security == Security::Anonymous {
            return Err(ANONYMOUS_SEATS.into());
        }
        if ctx.req.place.private || ctx.req.place.channel_ref() != challenge.place {
            return Err(refused!(
                "An open seat of challenge {0} is taken in {1}, where the challenge was made: \
                 say `accept {0}` there. Nothing was done.",
                challenge.id,
                challenge.place.channel
            ));
        }
    }
    seats[slot].player_id = Some(me);
    seats[slot].accepted = true;
    if let Some(a) = chosen {
        seats[slot].augmentation = a;
    }
    ctx.storage()
        .update_challenge_seats(challenge.id, &seats)
        .await
        .map_err(said)?;
    let challenge = ctx.storage().challenge(challenge.id).await.map_err(said)?;
    if challenge.is_ready() {
        return start(ctx, &challenge).await;
    }
    let missing = challenge
        .seats
        .iter()
        .filter(|s| s.player_id.is_none() || !s.accepted)
        .count();
    Ok(Reply::one(Message::new(
        crate::naming::channel_of(&challenge),
        format!(
            "{} is in (challenge {}); waiting for {missing} more.",
            ctx.player.name, challenge.id
        ),
    )))
}

/// `decline [ID]`.
pub(crate) async fn decline(ctx: &Ctx<'_>, number: Option<i64>) -> Answer {
    let me = ctx.player.id;
    let challenge = pick(
        ctx,
        number,
        |c| {
            c.seats
                .iter()
                .any(|s| s.player_id == Some(me) && !s.accepted)
        },
        "to you",
        "decline",
    )
    .await?;
    if !challenge
        .seats
        .iter()
        .any(|s| s.player_id == Some(me) && !s.accepted)
    {
        return Err(refused!(
            "Challenge {} does not wait for your answer; its challenger can `cancel {}` it.",
            challenge.id,
            challenge.id
        ));
    }
    ctx.storage()
        .close_challenge(challenge.id, ChallengeStatus::Declined)
        .await
        .map_err(said)?;
    Ok(Reply::one(Message::new(
        crate::naming::channel_of(&challenge),
        format!("{} declined challenge {}.", ctx.player.name, challenge.id),
    )))
}

/// `cancel [ID]`.
pub(crate) async fn cancel(ctx: &Ctx<'_>, number: Option<i64>) -> Answer {
    let me = ctx.player.id;
    let challenge = pick(ctx, number, |c| c.challenger_id == me, "of yours", "cancel").await?;
    if challenge.challenger_id != me {
        return Err(refused!(
            "Only its challenger can cancel challenge {}; you can `decline {}`.",
            challenge.id,
            challenge.id
        ));
    }
    ctx.storage()
        .close_challenge(challenge.id, ChallengeStatus::Cancelled)
        .await
        .map_err(said)?;
    Ok(Reply::one(Message::new(
        crate::naming::channel_of(&challenge),
        format!("{} cancelled challenge {}.", ctx.player.name, challenge.id),
    )))
}

/// Starts the match of a ready challenge: seats in random order (Chaos's
/// last), then every non-human move, then the first board.
async fn start(ctx: &Ctx<'_>, challenge: &Challenge) -> Answer {
    let saved = ctx
        .storage()
        .rule_set_by_id(challenge.rule_set_id)
        .await
        .map_err(said)?;
    let game = Game::new(saved.rules)
        .map_err(|_| "That game cannot be played by this release.".to_string())?;
    let seed = ctx.services.random();
    let mut order: Vec<(i64, Augmentation)> = challenge
        .seats
        .iter()
        .map(|s| {
            (
                s.player_id.expect("a ready challenge has every player"),
                s.augmentation,
            )
        })
        .collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    if game.chaos_seat().is_some() {
        let chaos = ctx
            .storage()
            .system_player(SystemPlayer::Chaos)
            .await
            .map_err(said)?;
        order.push((chaos.id, Augmentation::Alone));
    }
    let mut live = ctx
        .storage()
        .create_match(NewMatch {
            rule_set_id: challenge.rule_set_id,
            seats: order,
            seed,
            creator_id: Some(challenge.challenger_id),
            rated: challenge.rated,
            challenge_id: Some(challenge.id),
        })
        .await
        .map_err(said)?;
    matches::let_machines_move(ctx.services, &mut live).await?;
    // Newcomers learn what the pieces mean before their first move.
    let how_to_play = game
        .rules
        .labels
        .how_to_play
        .as_ref()
        .map(|how| format!("\nHow to play: {how}"))
        .unwrap_or_default();
    let mut reply = Reply::one(Message::new(
        crate::naming::channel_of(challenge),
        format!(
            "Match {} of {} starts: {}. Clock: {}.{how_to_play}",
            live.id,
            game.rules.name,
            crate::naming::seat_list(ctx.services, &live).await,
            crate::clock_words::clock_words(live.seconds_per_turn())
        ),
    ));
    reply.extend(matches::report_start(ctx.services, &live, challenge).await);
    Ok(reply)
}

/// `rematch [#MATCH]`: the same game and players, in the same channel; the
/// requester is in, the other people must accept again.
pub(crate) async fn rematch(ctx: &Ctx<'_>, given: Option<i64>) -> Answer {
    let me = ctx.player.id;
    let id = match given {
        Some(id) => id,
        None => *ctx
            .storage()
            .matches_of(me, false)
            .await
            .map_err(said)?
            .first()
            .ok_or("You have played no match yet; `challenge GAME Random` starts one.")?,
    };
    let live = ctx.storage().load_match(id).await.map_err(said)?;
    if !live.seats.iter().any(|s| s.player_id == me) {
        return Err(refused!("You had no seat in match {id}."));
    }
    let Some(old) = ctx.storage().challenge_of_match(id).await.map_err(said)? else {
        return Err(refused!("Match {id} did not start from a challenge."));
    };
    let chaos = ctx
        .storage()
        .system_player(SystemPlayer::Chaos)
        .await
        .map_err(said)?;
    let mut seats = Vec::new();
    for record in &live.seats {
        if record.player_id == chaos.id {
            continue;
        }
        let player = ctx.storage().player(record.player_id).await.map_err(said)?;
        // Bans are between people, whichever personas played.
        let banned = record.player_id != me && {
            let owner = ctx.storage().person_of(&player).await.map_err(said)?;
            let person = ctx.storage().person_of(&ctx.player).await.map_err(said)?;
            owner.id != person.id
                && ctx
                    .storage()
                    .has_banned(owner.id, person.id)
                    .await
                    .map_err(said)?
        };
        if banned {
            return Err(refused!(
                "{} is not accepting challenges from you, so there is no rematch.",
                player.name
            ));
        }
        seats.push(Invitee {
            player_id: Some(record.player_id),
            augmentation: record.augmentation,
            accepted: record.player_id == me
                || !crate::identities::must_accept(ctx, &player).await?,
        });
    }
    let saved = ctx
        .storage()
        .rule_set_by_id(live.rule_set_id)
        .await
        .map_err(said)?;
    let challenge = made_once(
        ctx,
        NewChallenge {
            rule_set_id: live.rule_set_id,
            challenger_id: me,
            place: old.place.clone(),
            seats,
            rated: old.rated,
            clock: old.clock,
        },
    )
    .await?;
    if challenge.is_ready() {
        return start(ctx, &challenge).await;
    }
    announce(ctx, &challenge, &saved.name, saved.rules.seconds_per_turn).await
}

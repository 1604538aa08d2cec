//! Playing: `move`, `plan`, `pass`, `draw`, `agree`, `refuse`, `board` and
//! `games`. After every change the match's channel gets the public view,
//! each seat whose view differs gets its own privately, the person to move
//! gets their choices, and machine seats (Random, Chaos) move by themselves.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::notation::{apply_turn, parse_move, resolve};
use redscience_engine::random::random_move;
use redscience_engine::rules::{Cloaking, Order};
use redscience_engine::text::view_text;
use redscience_engine::{Move, State};
use redscience_storage::{Challenge, ChatId, Kind, LiveMatch};

use crate::bot::{Answer, Ctx, Said, said};
use crate::challenges::name_of;
use crate::reply::{Choice, ChoiceSet, Destination, MAX_CHOICES, Message, Reply};

/// Where a challenge's (and its match's) public messages go.
pub(crate) fn channel_of(challenge: &Challenge) -> Destination {
    Destination::Channel(challenge.place.clone())
}

/// A player's chat account on the request's platform (or any), for private messages.
pub(crate) async fn chat_of(ctx: &Ctx<'_>, player_id: i64) -> Option<ChatId> {
    if player_id == ctx.player.id {
        return Some(ctx.req.who.chat.clone());
    }
    let chats = ctx.storage().chat_ids(player_id).await.ok()?;
    let platform = ctx.req.place.platform;
    chats
        .iter()
        .find(|c| c.platform == platform)
        .or(chats.first())
        .cloned()
}

/// "Player 1 Ann (black), Player 2 Random (white)".
pub(crate) async fn seat_list(ctx: &Ctx<'_>, live: &LiveMatch) -> String {
    let game = live.state().game();
    let mut parts = Vec::new();
    for (seat, record) in live.seats.iter().enumerate() {
        let s = &game.seats[seat];
        let name = name_of(ctx, record.player_id).await;
        parts.push(if s.is_chaos {
            format!("Chaos ({})", s.color.name())
        } else {
            format!("{} {name} ({})", s.label(), s.color.name())
        });
    }
    parts.join(", ")
}

/// Whether a seat is played by a person (everyone else moves by itself).
async fn is_human(ctx: &Ctx<'_>, live: &LiveMatch, seat: usize) -> bool {
    match ctx.storage().player(live.seats[seat].player_id).await {
        Ok(p) => matches!(p.kind, Kind::Human),
        Err(_) => false,
    }
}

/// Plays every decision that falls to a machine seat, until a person is to
/// move or the match ends. Each machine move is drawn from a stream seeded
/// by the match and the move's number, so a replay makes the same choice.
pub(crate) async fn let_machines_move(ctx: &Ctx<'_>, live: &mut LiveMatch) -> Result<(), Said> {
    while !live.state().is_finished() {
        let seat = live.state().to_move();
        if is_human(ctx, live, seat).await {
            break;
        }
        let number = live.state().decisions().len() as u64;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            live.seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let Some(mv) = random_move(live.state(), &mut rng) else {
            break;
        };
        let actor = live.seats[seat].player_id;
        live.play(ctx.storage(), mv, Some(actor), 0)
            .await
            .map_err(said)?;
    }
    Ok(())
}

/// Plays what needs no person now: machine seats, and plans sent early
/// whose seat's turn to plan has come. A plan the engine refuses is
/// returned to its author privately.
async fn settle(ctx: &Ctx<'_>, live: &mut LiveMatch, reply: &mut Reply) -> Result<(), Said> {
    loop {
        let_machines_move(ctx, live).await?;
        let state = live.state();
        if state.is_finished() {
            return Ok(());
        }
        let seat = state.to_move();
        let early = ctx
            .bot
            .early_plans
            .lock()
            .expect("early plans")
            .remove(&(live.id, seat));
        let Some(text) = early else {
            return Ok(());
        };
        let author = live.seats[seat].player_id;
        let before = state.decisions().len();
        let mut trial = state.clone();
        if let Err(e) = apply_turn(&mut trial, &text, |_| None) {
            if let Some(chat) = chat_of(ctx, author).await {
                reply.push(Message::new(
                    Destination::Private(chat),
                    format!(
                        "Your plan \"{text}\" for match {} was refused: {e}. Send another with `plan #{} TEXT`.",
                        live.id, live.id
                    ),
                ));
            }
            return Ok(());
        }
        for &mv in &trial.decisions()[before..] {
            live.play(ctx.storage(), mv, Some(author), 0)
                .await
                .map_err(said)?;
        }
    }
}

/// Whether the moves of this match's current phase must be sent privately.
fn secret(state: &State) -> bool {
    let game = state.game();
    game.rules.cloaking != Cloaking::None
        || game.rules.phases[state.phase()].order != Order::Sequential
}

/// What a person types to play `mv`, checked by reading it back.
fn typed(state: &State, mv: Move) -> Option<String> {
    let geo = &state.game().geometry;
    let cell = |c: u16| redscience_engine::notation::cell_words(geo, c);
    let candidates: Vec<String> = match mv {
        Move::Pass => vec!["pass".into()],
        Move::OfferDraw => vec!["draw".into()],
        Move::AgreeDraw => vec!["agree".into()],
        Move::RefuseDraw => vec!["refuse".into()],
        Move::Place { color, shape, to } => vec![
            cell(to),
            format!("{} {}", shape.name(), cell(to)),
            format!("{} {} {}", color.name(), shape.name(), cell(to)),
        ],
        Move::Step { from, to } => vec![format!("{}-{}", cell(from), cell(to))],
        Move::Promote { from, to, shape } => {
            vec![format!("{}-{}={}", cell(from), cell(to), shape.name())]
        }
    };
    candidates
        .into_iter()
        .find(|text| parse_move(text).ok().and_then(|m| resolve(state, &m).ok()) == Some(mv))
}

/// The messages after a change: the channel's public view with the moves
/// since history entry `from`, each differing private view, and the
/// choices of the person to move.
pub(crate) async fn report(
    ctx: &Ctx<'_>,
    live: &LiveMatch,
    challenge: &Challenge,
    from: usize,
) -> Reply {
    let state = live.state();
    let game = state.game();
    let mut reply = Reply::default();
    let mut names = Vec::new();
    for record in &live.seats {
        names.push(name_of(ctx, record.player_id).await);
    }
    let who = |seat: usize| {
        let s = &game.seats[seat];
        if s.is_chaos {
            "Chaos".to_string()
        } else {
            format!("{} ({})", names[seat], s.color.name())
        }
    };
    let lines = |viewer: Option<usize>| -> String {
        let history = state.history_for(viewer);
        let seats: Vec<usize> = state.history().iter().map(|a| a.seat).collect();
        history[from.min(history.len())..]
            .iter()
            .zip(&seats[from.min(seats.len())..])
            .map(|(text, seat)| format!("{}: {text}\n", who(*seat)))
            .collect()
    };
    let status = match state.outcome() {
        Some(outcome) => {
            let winners: Vec<String> = outcome
                .results
                .iter()
                .enumerate()
                .filter(|(_, r)| **r == redscience_engine::SeatResult::Win)
                .map(|(i, _)| who(i))
                .collect();
            let summary = if winners.is_empty() {
                outcome.summary(game)
            } else {
                format!("Victory: {}", winners.join(" and "))
            };
            format!("Match {} is over. {summary} ({}).", live.id, outcome.reason)
        }
        None => format!("Match {}: {} to move.", live.id, who(state.to_move())),
    };
    let public = state.public_view().0;
    let board = |view| format!("```\n{}\n```", view_text(game, &view).trim_end());
    reply.push(Message::new(
        channel_of(challenge),
        format!("{}{}\n{status}", lines(None), board(public.clone())),
    ));
    let mover = (!state.is_finished()).then(|| state.to_move());
    for seat in 0..live.seats.len() {
        if !is_human(ctx, live, seat).await {
            continue;
        }
        let own = state.player_view(seat).0;
        let moving = mover == Some(seat);
        let same = own.spaces == public.spaces
            && own.reserves == public.reserves
            && lines(Some(seat)) == lines(None);
        if same && !(moving && secret(state)) {
            continue;
        }
        let Some(chat) = chat_of(ctx, live.seats[seat].player_id).await else {
            continue;
        };
        let text = format!(
            "Match {}, your view as {}:\n{}{}",
            live.id,
            game.seats[seat].label(),
            lines(Some(seat)),
            board(own)
        );
        reply.push(Message::new(Destination::Private(chat), text));
    }
    if let Some(seat) = mover
        && is_human(ctx, live, seat).await
    {
        let verb = if secret(state) { "plan" } else { "move" };
        let choices: Vec<Choice> = state
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let text = typed(state, mv)?;
                Some(Choice::new(
                    format!("{verb} #{} {text}", live.id),
                    state.move_text(mv),
                ))
            })
            .collect();
        let to = if secret(state) {
            chat_of(ctx, live.seats[seat].player_id)
                .await
                .map(Destination::Private)
        } else {
            Some(channel_of(challenge))
        };
        if let Some(to) = to {
            let mut prompt = format!(
                "{}, your turn in match {}: `{verb} TEXT`, e.g. `{verb} {}`.",
                names[seat],
                live.id,
                choices
                    .first()
                    .map(|c| c.id.splitn(3, ' ').nth(2).unwrap_or("pass").to_string())
                    .unwrap_or_else(|| "pass".into())
            );
            let message = if !choices.is_empty() && choices.len() <= MAX_CHOICES {
                Message::new(to, prompt).with_choices(ChoiceSet::Buttons(choices))
            } else {
                prompt.push_str(" (Too many moves for buttons: type it.)");
                Message::new(to, prompt)
            };
            reply.push(message);
        }
    }
    reply
}

/// The match a command means: `#ID`, or the only unfinished match of the
/// person's (in this channel, unless asked privately) that waits for them,
/// or failing that the only one they have here.
async fn pick_match(ctx: &Ctx<'_>, args: &[String]) -> Result<(LiveMatch, Challenge, usize), Said> {
    let me = ctx.player.id;
    let explicit = args
        .first()
        .and_then(|a| a.strip_prefix('#'))
        .map(|n| {
            n.parse::<i64>()
                .map_err(|_| format!("\"#{n}\" is not a match number; write e.g. `#12`."))
        })
        .transpose()?;
    let ids = match explicit {
        Some(id) => vec![id],
        None => ctx.storage().matches_of(me, true).await.map_err(said)?,
    };
    let here = ctx.req.place.channel_ref();
    let mut candidates = Vec::new();
    for id in ids {
        let live = ctx.storage().load_match(id).await.map_err(said)?;
        let Some(challenge) = ctx.storage().challenge_of_match(id).await.map_err(said)? else {
            continue;
        };
        if explicit.is_none() && !ctx.req.place.private && challenge.place != here {
            continue;
        }
        candidates.push((live, challenge));
    }
    if let Some(id) = explicit {
        let Some((live, challenge)) = candidates.pop() else {
            return Err(format!(
                "Match {id} was not started by a challenge; it cannot be played here."
            ));
        };
        let Some(seat) = live.seats.iter().position(|s| s.player_id == me) else {
            return Err(format!("You have no seat in match {id}."));
        };
        let seat = seat_to_play(&live, me).unwrap_or(seat);
        return Ok((live, challenge, seat));
    }
    let waiting: Vec<usize> = (0..candidates.len())
        .filter(|&i| seat_to_play(&candidates[i].0, me).is_some())
        .collect();
    let index = match (waiting.as_slice(), candidates.len()) {
        ([one], _) => *one,
        ([], 1) => 0,
        ([], 0) => {
            return Err(
                "You have no unfinished match here. `challenge GAME Random` starts one.".into(),
            );
        }
        _ => {
            return Err(format!(
                "You have several matches here: {}. Say which with its number, e.g. `move #{} 2,2`.",
                candidates
                    .iter()
                    .map(|(l, _)| format!("#{} {}", l.id, l.state().game().rules.name))
                    .collect::<Vec<_>>()
                    .join(", "),
                candidates[0].0.id
            ));
        }
    };
    let (live, challenge) = candidates.swap_remove(index);
    let seat = seat_to_play(&live, me)
        .or_else(|| live.seats.iter().position(|s| s.player_id == me))
        .expect("the player has a seat");
    Ok((live, challenge, seat))
}

/// Whether exactly one match here waits for the requester's move.
pub(crate) async fn waiting_for(ctx: &Ctx<'_>) -> bool {
    pick_match(ctx, &[])
        .await
        .is_ok_and(|(live, _, _)| seat_to_play(&live, ctx.player.id).is_some())
}

/// The player's seat that is to move, if any.
fn seat_to_play(live: &LiveMatch, player_id: i64) -> Option<usize> {
    let state = live.state();
    if state.is_finished() {
        return None;
    }
    let seat = state.to_move();
    (live.seats[seat].player_id == player_id).then_some(seat)
}

pub(crate) async fn turn(ctx: &Ctx<'_>, verb: &str, args: &[String]) -> Answer {
    let (mut live, challenge, seat) = pick_match(ctx, args).await?;
    let rest: Vec<&str> = args
        .iter()
        .skip(usize::from(
            args.first().is_some_and(|a| a.starts_with('#')),
        ))
        .map(String::as_str)
        .collect();
    let text = match verb {
        "move" | "plan" => {
            if rest.is_empty() {
                return Err(format!(
                    "What is your move? Write `{verb} 2,2` (a cell), `{verb} 1,1-1,2` (a movement), or `{verb} pass`."
                ));
            }
            rest.join(" ")
        }
        word => word.to_string(),
    };
    let state = live.state();
    if let Some(outcome) = state.outcome() {
        return Err(format!("Match {} is over: {}.", live.id, outcome.reason));
    }
    if secret(state) && !ctx.req.place.private {
        return Err(format!(
            "Moves in match {} are secret: send `plan #{} {text}` to me in a private message. Nothing was played.",
            live.id, live.id
        ));
    }
    if verb == "plan" && !ctx.req.place.private {
        return Err(
            "Plans are secret: send them to me in a private message. Nothing was played.".into(),
        );
    }
    let to_move = state.to_move();
    let in_round = state.game().rules.phases[state.phase()].order != Order::Sequential;
    let later_seat =
        (to_move + 1..live.seats.len()).find(|&s| live.seats[s].player_id == ctx.player.id);
    if live.seats[to_move].player_id != ctx.player.id
        && in_round
        && let Some(seat) = later_seat
    {
        // Seats plan in order; a later seat's plan waits for its turn.
        redscience_engine::notation::parse_turn(&text)
            .map_err(|e| format!("{} Nothing was recorded.", crate::bot::capitalise(&e)))?;
        ctx.bot
            .early_plans
            .lock()
            .expect("early plans")
            .insert((live.id, seat), text);
        return Ok(Reply::one(Message::new(
            ctx.here(),
            format!(
                "Your plan for match {} is kept sealed; it is judged when the seats before yours have planned.",
                live.id
            ),
        )));
    }
    if live.seats[to_move].player_id != ctx.player.id {
        let game = state.game();
        return Err(format!(
            "It is {}'s turn in match {} ({}), not yours.",
            name_of(ctx, live.seats[to_move].player_id).await,
            live.id,
            game.seats[to_move].label()
        ));
    }
    let _ = seat;
    let before = state.decisions().len();
    let from = state.history().len();
    let mut trial = state.clone();
    apply_turn(&mut trial, &text, |_| None)
        .map_err(|e| format!("{} Nothing was played.", crate::bot::capitalise(&e)))?;
    let decisions: Vec<Move> = trial.decisions()[before..].to_vec();
    for mv in decisions {
        live.play(ctx.storage(), mv, Some(ctx.player.id), 0)
            .await
            .map_err(said)?;
    }
    let mut reply = Reply::default();
    settle(ctx, &mut live, &mut reply).await?;
    if ctx.req.place.private {
        reply.push(Message::new(
            ctx.here(),
            format!("Recorded for match {}.", live.id),
        ));
    }
    reply.extend(report(ctx, &live, &challenge, from).await);
    Ok(reply)
}

pub(crate) async fn board(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (live, _, seat) = pick_match(ctx, args).await?;
    let state = live.state();
    let game = state.game();
    let view = if ctx.req.place.private {
        state.player_view(seat).0
    } else {
        state.public_view().0
    };
    let status = match state.outcome() {
        Some(o) => format!("Over: {} ({}).", o.summary(game), o.reason),
        None => format!(
            "{} to move.",
            name_of(ctx, live.seats[state.to_move()].player_id).await
        ),
    };
    Ok(ctx.answer(format!(
        "Match {} of {}: {}\n```\n{}\n```\n{status}",
        live.id,
        game.rules.name,
        seat_list(ctx, &live).await,
        view_text(game, &view).trim_end()
    )))
}

pub(crate) async fn my_games(ctx: &Ctx<'_>) -> Answer {
    let ids = ctx
        .storage()
        .matches_of(ctx.player.id, true)
        .await
        .map_err(said)?;
    if ids.is_empty() {
        return Ok(ctx.answer("You have no unfinished match. `challenge GAME Random` starts one."));
    }
    let mut text = String::from("Your unfinished matches:\n");
    for id in ids {
        let live = ctx.storage().load_match(id).await.map_err(said)?;
        let to_move = live.state().to_move();
        let whose = if live.seats[to_move].player_id == ctx.player.id {
            "your turn".to_string()
        } else {
            format!(
                "{} to move",
                name_of(ctx, live.seats[to_move].player_id).await
            )
        };
        text.push_str(&format!(
            "- #{} {}: {}; {whose}\n",
            id,
            live.state().game().rules.name,
            seat_list(ctx, &live).await
        ));
    }
    Ok(ctx.answer(text.trim_end().to_string()))
}

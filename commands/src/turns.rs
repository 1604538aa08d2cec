//! Playing: `move`, `plan`, `pass`, `draw`, `agree`, `refuse`, `board` and
//! `games`. After every change the match's channel gets the public view,
//! each seat whose view differs gets its own privately, the person to move
//! gets their choices, and machine seats (Random, Chaos) move by themselves.

use redscience_engine::Move;
use redscience_engine::game::Shown;
use redscience_engine::notation::apply_turn;
use redscience_engine::rules::Order;
use redscience_engine::text::view_text;
use redscience_storage::{Challenge, Error as StorageError, LiveMatch};

use crate::context::{Answer, Ctx, Said, said};
use crate::matches::{name_of, picture, report, seat_list, secret, settle};
use crate::reply::{Message, Reply};

/// The match a command means: `#ID`, or the only unfinished match of the
/// person's (in this channel, unless asked privately) that waits for them,
/// or failing that the only one they have here.
async fn pick_match(ctx: &Ctx<'_>, args: &[String]) -> Result<(LiveMatch, Challenge, usize), Said> {
    let me = ctx.player.id;
    let explicit = args
        .first()
        .and_then(|a| a.strip_prefix('#'))
        .map(|n| {
            // A choice's id carries the position it was offered for: `#12@7`.
            let id = n.split('@').next().unwrap_or(n);
            id.parse::<i64>()
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

/// Words that name no command: typed move text is a move for the person's
/// match here (played when it is their turn, else told whose it is),
/// never a command and never a pick from a list; anything else is not a
/// command, with the closest one suggested.
pub(crate) async fn not_a_command(ctx: &Ctx<'_>, words: &[String]) -> Answer {
    let first = &words[0];
    let typed = matches!(ctx.req.what, crate::request::What::Text(_));
    let text = words.join(" ");
    let reads_as_move = redscience_engine::notation::parse_turn(&text).is_ok()
        || labelled_move_here(ctx, &text).await;
    if typed && reads_as_move {
        if has_match_here(ctx).await {
            return turn(ctx, "move", words).await;
        }
        return Err(format!(
            "\"{text}\" reads as a move, but you have no unfinished match here. \
             `challenge GAME Random` starts one, e.g. `challenge Tic-Tac-Toe Random`; \
             `games` lists your matches."
        ));
    }
    let hint = crate::words::did_you_mean(first, crate::table::names());
    Err(format!(
        "\"{first}\" is not a command.{hint} The commands are: {} (`help COMMAND` explains one).",
        crate::help::names()
    ))
}

/// Whether the requester has an unfinished match here (in this channel,
/// or any when asked privately): where typed move text is a move.
/// Whether `text` is a move once a game's shape labels are read ("rock 1"
/// in RockPaperScissors), for a game of the person's matches here. Only
/// asked of text that reads as nothing else, so loading is rare.
async fn labelled_move_here(ctx: &Ctx<'_>, text: &str) -> bool {
    let Ok(ids) = ctx.storage().matches_of(ctx.player.id, true).await else {
        return false;
    };
    let here = ctx.req.place.channel_ref();
    for id in ids {
        let Ok(Some(challenge)) = ctx.storage().challenge_of_match(id).await else {
            continue;
        };
        if !ctx.req.place.private && challenge.place != here {
            continue;
        }
        let Ok(live) = ctx.storage().load_match(id).await else {
            continue;
        };
        let game = live.state().game();
        if !game.rules.labels.shapes.is_empty()
            && text
                .split('+')
                .all(|part| redscience_engine::notation::read_move(game, part).is_ok())
        {
            return true;
        }
    }
    false
}

pub(crate) async fn has_match_here(ctx: &Ctx<'_>) -> bool {
    let Ok(ids) = ctx.storage().matches_of(ctx.player.id, true).await else {
        return false;
    };
    if ctx.req.place.private {
        return !ids.is_empty();
    }
    let here = ctx.req.place.channel_ref();
    for id in ids {
        if let Ok(Some(challenge)) = ctx.storage().challenge_of_match(id).await
            && challenge.place == here
        {
            return true;
        }
    }
    false
}

/// The player's seat that is to move, if any.
fn seat_to_play(live: &LiveMatch, player_id: i64) -> Option<usize> {
    let state = live.state();
    if live.is_over() {
        return None;
    }
    let seat = state.to_move();
    (live.seats[seat].player_id == player_id).then_some(seat)
}

/// How many times a turn is tried again when another writer recorded a
/// move in its match first (a double click, another process).
const RETRIES_ON_CONFLICT: usize = 2;

pub(crate) async fn turn(ctx: &Ctx<'_>, verb: &str, args: &[String]) -> Answer {
    for _ in 0..RETRIES_ON_CONFLICT {
        if let Some(answer) = try_turn(ctx, verb, args).await {
            return answer;
        }
    }
    try_turn(ctx, verb, args).await.unwrap_or_else(|| {
        Err("The match kept changing while your move was recorded; nothing was played. Please send it again.".into())
    })
}

/// A move, plan or offer, judged against the match as stored now; `None`
/// when another writer changed the match before it could be recorded.
async fn try_turn(ctx: &Ctx<'_>, verb: &str, args: &[String]) -> Option<Answer> {
    let (mut live, challenge, from, played) = match judged_turn(ctx, verb, args).await {
        Ok(Judged::Answered(reply)) => return Some(Ok(reply)),
        Ok(Judged::Play(found, from, decisions)) => {
            let (live, challenge) = *found;
            (live, challenge, from, decisions)
        }
        Err(e) => return Some(Err(e)),
    };
    let taken_ms = time_taken(ctx, &live).await;
    match live
        .play_turn(ctx.storage(), &played, Some(ctx.player.id), taken_ms)
        .await
    {
        Ok(_) => {}
        Err(StorageError::Conflict(_)) => return None,
        Err(e) => return Some(Err(said(e))),
    }
    let mut reply = Reply::default();
    if let Err(e) = settle(ctx.bot, &mut live, challenge.place.platform, &mut reply).await {
        return Some(Err(e));
    }
    if ctx.req.place.private {
        reply.push(Message::new(
            ctx.here(),
            format!("Recorded for match {}.", live.id),
        ));
    }
    reply.extend(report(ctx.bot, &live, &challenge, from).await);
    Some(Ok(reply))
}

/// What a turn command comes to before anything is written.
enum Judged {
    /// Answered without playing (refused buttons, a plan kept for later).
    Answered(Reply),
    /// These decisions are to be played, from history entry `from`.
    Play(Box<(LiveMatch, Challenge)>, usize, Vec<Move>),
}

async fn judged_turn(ctx: &Ctx<'_>, verb: &str, args: &[String]) -> Result<Judged, Said> {
    let (live, challenge, seat) = pick_match(ctx, args).await?;
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
            if rest.len() > 1
                && rest
                    .iter()
                    .all(|w| redscience_engine::notation::parse_move(w).is_ok())
            {
                // "move 2,2 3,3": two moves where one turn was expected.
                return Err(format!(
                    "`{verb} {}` names {} moves. Send one move at a time, e.g. `{verb} {}`; where a turn has several pieces, join them with `+`, e.g. `{verb} {}`. Nothing was played.",
                    rest.join(" "),
                    rest.len(),
                    rest[0],
                    rest.join("+")
                ));
            }
            rest.join(" ")
        }
        word => word.to_string(),
    };
    let offered_at = args
        .first()
        .and_then(|a| a.strip_prefix('#'))
        .and_then(|a| a.split_once('@'))
        .and_then(|(_, n)| n.parse::<usize>().ok());
    // An offer made for a sealed round holds until the round resolves.
    let round_start = live
        .state()
        .round_progress()
        .map(|round| round.decisions_start);
    if let Some(n) = offered_at
        && n != live.state().decisions().len()
        && Some(n) != round_start
    {
        // A button from an earlier board: answered, never applied.
        let mut reply = ctx.answer(format!(
            "That choice was offered for an earlier position of match {}; the match has moved on, \
             and nothing was played. Here is the board now.",
            live.id
        ));
        reply.extend(board(ctx, &[format!("#{}", live.id)]).await?);
        return Ok(Judged::Answered(reply));
    }
    let state = live.state();
    if let Some(outcome) = state.outcome() {
        let seats = crate::recap::seat_names(ctx.bot, &live).await;
        return Err(format!(
            "Match {} is over: {}. Nothing was played.",
            live.id,
            outcome.headline(&|seat| seats[seat].clone())
        ));
    }
    if let Some(reason) = &live.forfeit {
        return Err(format!("Match {} is over: {reason}.", live.id));
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
        // Plans come in any order: one sent before the seats before it
        // have planned is judged now, from the round-start position, and
        // kept sealed until its turn comes.
        let Some(mut position) = state.plan_position(seat) else {
            return Err(format!(
                "You have no plan to make in this round of match {}. Nothing was recorded.",
                live.id
            ));
        };
        apply_turn(&mut position, &text, |_| None)
            .map_err(|e| format!("{} Nothing was recorded.", crate::context::sentence(&e)))?;
        ctx.storage()
            .keep_early_plan(live.id, seat, &text)
            .await
            .map_err(said)?;
        // The channel learns that this seat has planned, never what.
        let kept = ctx
            .storage()
            .early_plan_seats(live.id)
            .await
            .map_err(said)?;
        let game = state.game();
        let mut names = Vec::new();
        for (s, record) in live.seats.iter().enumerate() {
            names.push(format!(
                "{} ({})",
                name_of(ctx.bot, record.player_id).await,
                game.seat_colors_name(s)
            ));
        }
        let who = |s: usize| names[s].clone();
        let status = state
            .round_progress()
            .map(|round| crate::matches::round_status(live.id, &round, &kept, &who))
            .unwrap_or_default();
        let mut reply = Reply::one(Message::new(
            ctx.here(),
            format!(
                "Your plan for match {} is sealed; nobody sees it until the round resolves.",
                live.id
            ),
        ));
        reply.push(Message::new(crate::matches::channel_of(&challenge), status));
        return Ok(Judged::Answered(reply));
    }
    if live.seats[to_move].player_id != ctx.player.id {
        let game = state.game();
        return Err(format!(
            "It is {}'s turn in match {} ({}), not yours.",
            name_of(ctx.bot, live.seats[to_move].player_id).await,
            live.id,
            game.seats[to_move].label()
        ));
    }
    let _ = seat;
    let before = state.decisions().len();
    // In a sealed round the report starts where the round did: when this
    // plan resolves it, every plan of the round is listed together.
    let from = state
        .round_progress()
        .map_or(state.history().len(), |round| round.history_start);
    let mut trial = state.clone();
    apply_turn(&mut trial, &text, |_| None)
        .map_err(|e| format!("{} Nothing was played.", crate::context::sentence(&e)))?;
    let decisions: Vec<Move> = trial.decisions()[before..].to_vec();
    Ok(Judged::Play(Box::new((live, challenge)), from, decisions))
}

pub(crate) async fn board(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (live, _, seat) = pick_match(ctx, args).await?;
    let state = live.state();
    let game = state.game();
    let view: Shown = if ctx.req.place.private {
        state.player_view(seat).into()
    } else {
        state.public_view().into()
    };
    let clock = crate::matches::time_left(ctx.bot, &live).await;
    let status = match state.outcome() {
        _ if live.forfeit.is_some() => {
            format!("Over: {}.", live.forfeit.clone().unwrap_or_default())
        }
        Some(_) => {
            let seats = crate::recap::seat_names(ctx.bot, &live).await;
            let ending = crate::recap::ending(state, &|seat| seats[seat].clone());
            format!("Over: {}", ending.unwrap_or_default())
        }
        None => format!(
            "{} to move{}.",
            name_of(ctx.bot, live.seats[state.to_move()].player_id).await,
            clock
                .as_ref()
                .map(|c| format!(" ({c})"))
                .unwrap_or_default()
        ),
    };
    let text = format!(
        "Match {} of {}: {}\n```\n{}\n```\n{status}",
        live.id,
        game.rules.name,
        seat_list(ctx.bot, &live).await,
        view_text(game, &view).trim_end()
    );
    let message = Message::new(ctx.here(), text);
    Ok(Reply::one(
        picture(ctx.bot, message, &live, &view, clock.as_deref()).await,
    ))
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
        let mut whose = if live.seats[to_move].player_id == ctx.player.id {
            "your turn".to_string()
        } else {
            format!(
                "{} to move",
                name_of(ctx.bot, live.seats[to_move].player_id).await
            )
        };
        if let Some(clock) = crate::matches::time_left(ctx.bot, &live).await {
            whose.push_str(&format!(" ({clock})"));
        }
        text.push_str(&format!(
            "- #{} {}: {}; {whose}\n",
            id,
            live.state().game().rules.name,
            seat_list(ctx.bot, &live).await
        ));
    }
    Ok(ctx.answer(text.trim_end().to_string()))
}

pub(crate) async fn resign(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (mut live, challenge, _) = pick_match(ctx, args).await?;
    if live.is_over() {
        return Err(format!("Match {} is over already.", live.id));
    }
    crate::leaving::leave_match(ctx.bot, &mut live, &challenge, ctx.player.id, "resigned").await
}

/// `undo`: takes back your last turn (and the machine moves after it)
/// while no other person has moved since, in unrated matches only.
pub(crate) async fn undo(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let (mut live, challenge, _) = pick_match(ctx, args).await?;
    if challenge.rated {
        return Err(format!(
            "Match {} is rated, so its moves stand. Challenge with `unrated` to be able to undo.",
            live.id
        ));
    }
    let log = ctx.storage().move_log(live.id).await.map_err(said)?;
    let me = ctx.player.id;
    let mine = |seat: usize| live.seats[seat].player_id == me;
    let Some(last) = log.iter().rposition(|m| mine(m.seat)) else {
        return Err(format!("You have not moved in match {} yet.", live.id));
    };
    for later in &log[last + 1..] {
        let player = ctx
            .storage()
            .player(live.seats[later.seat].player_id)
            .await
            .map_err(said)?;
        if player.kind == redscience_storage::Kind::Human {
            return Err(format!(
                "{} has moved since, so your move stands: undo works only before the other players move.",
                player.name
            ));
        }
    }
    // The start of that turn: the decisions of the same seat just before it.
    let mut from = log[last].number;
    while from > 0 && log[from - 1].seat == log[last].seat && mine(log[from - 1].seat) {
        from -= 1;
    }
    live.undo_from(ctx.storage(), from).await.map_err(said)?;
    let mut reply = ctx.answer(format!("Took back your last turn in match {}.", live.id));
    let now = live.state().history().len();
    reply.extend(report(ctx.bot, &live, &challenge, now).await);
    Ok(reply)
}

/// How long the seat took over its turn, in milliseconds: from when the turn
/// began (its deadline less the turn's time) until now; 0 without a clock.
async fn time_taken(ctx: &Ctx<'_>, live: &LiveMatch) -> i64 {
    let turn = i64::from(live.seconds_per_turn());
    match ctx.storage().deadline_of(live.id).await {
        Ok(Some(deadline)) if turn > 0 => {
            let began = deadline.due_at - chrono::TimeDelta::seconds(turn);
            (ctx.storage().now() - began).num_milliseconds().max(0)
        }
        _ => 0,
    }
}

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

use crate::arguments::MatchRef;
use crate::context::{Answer, Ctx, Refusal, refused, said};
use crate::finding;
use crate::matches::{picture, report, settle};
use crate::naming::{name_of, seat_list, secret};
use crate::reply::{Message, Reply};
use crate::turn_words::TurnWords;

/// Words that name no command: typed move text is a move for the person's
/// match here (played when it is their turn, else told whose it is),
/// never a command and never a pick from a list; anything else is not a
/// command, with the closest one suggested.
pub(crate) async fn not_a_command(ctx: &Ctx<'_>, first: &str, text: &str) -> Answer {
    let typed = matches!(ctx.req.what, crate::request::What::Text(_));
    let words = TurnWords::read(text);
    let reads_as_move = words.read_as_a_turn() || labelled_move_here(ctx, &words).await;
    if typed && reads_as_move {
        if has_match_here(ctx).await {
            return turn(ctx, "move", None, &words).await;
        }
        return Err(refused!(
            "\"{text}\" reads as a move, but you have no unfinished match here. \
             `challenge GAME Random` starts one, e.g. `challenge Tic-Tac-Toe Random`; \
             `games` lists your matches."
        ));
    }
    let hint = crate::words::did_you_mean(first, crate::spec::names());
    Err(refused!(
        "\"{first}\" is not a command.{hint} The commands are: {} (`help COMMAND` explains one).",
        crate::help::names()
    ))
}

/// Whether `text` is a move as a game of the person's matches here reads
/// it: with its shape labels ("rock 1" in RockPaperScissors), or a piece
/// named alone where there is one place ("paper"). Only asked of text
/// that reads as nothing else, so loading is rare.
async fn labelled_move_here(ctx: &Ctx<'_>, words: &TurnWords) -> bool {
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
        if words.read_in(live.state().game()) {
            return true;
        }
    }
    false
}

/// Whether the requester has an unfinished match here (in this channel,
/// or any when asked privately): where typed move text is a move.
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

/// How many times a turn is tried again when another writer recorded a
/// move in its match first (a double click, another process).
const RETRIES_ON_CONFLICT: usize = 2;

/// A move, plan, pass, draw offer or answer (`verb`): in the match named,
/// else the one where `text` (the verb itself for offers) is a turn now.
pub(crate) async fn turn(
    ctx: &Ctx<'_>,
    verb: &str,
    named: Option<MatchRef>,
    text: &TurnWords,
) -> Answer {
    for _ in 0..RETRIES_ON_CONFLICT {
        if let Some(answer) = try_turn(ctx, verb, named, text).await {
            return answer;
        }
    }
    try_turn(ctx, verb, named, text).await.unwrap_or_else(|| {
        Err("The match kept changing while your move was recorded; nothing was played. Please send it again.".into())
    })
}

/// A move, plan or offer, judged against the match as stored now; `None`
/// when another writer changed the match before it could be recorded.
async fn try_turn(
    ctx: &Ctx<'_>,
    verb: &str,
    named: Option<MatchRef>,
    text: &TurnWords,
) -> Option<Answer> {
    let (mut live, challenge, from, played) = match judged_turn(ctx, verb, named, text).await {
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
    if let Err(e) = settle(
        ctx.services,
        &mut live,
        challenge.place.platform,
        &mut reply,
    )
    .await
    {
        return Some(Err(e));
    }
    if ctx.req.place.private {
        reply.push(Message::new(
            ctx.here(),
            format!("Recorded for match {}.", live.id),
        ));
    }
    reply.extend(report(ctx.services, &live, &challenge, from).await);
    Some(Ok(reply))
}

/// What a turn command comes to before anything is written.
enum Judged {
    /// Answered without playing (refused buttons, a plan kept for later).
    Answered(Reply),
    /// These decisions are to be played, from history entry `from`.
    Play(Box<(LiveMatch, Challenge)>, usize, Vec<Move>),
}

async fn judged_turn(
    ctx: &Ctx<'_>,
    verb: &str,
    named: Option<MatchRef>,
    typed: &TurnWords,
) -> Result<Judged, Refusal> {
    let id = named.map(|m| m.id);
    let (found, text) = finding::for_turn(ctx, id, verb, typed).await?;
    if let Some(refusal) = several_moves(&found, id.is_some(), verb, typed.apart(&text)) {
        return Err(refusal);
    }
    let offered_at = named.and_then(|m| m.offered_at);
    let finding::Found {
        live,
        challenge,
        seat,
    } = found;
    let seat = seat.unwrap_or_default();
    // An offer made for a sealed round holds until the round resolves.
    let round_start = live
        .state()
        .round_progress()
        .map(|round| round.decisions_start);
    // Stamped with what the seat to move is told (see `matches::report`).
    if let Some(n) = offered_at
        && n != live.state().told_count(live.state().to_move())
        && Some(n) != round_start
    {
        // A button from an earlier board: answered, never applied.
        let mut reply = ctx.answer(format!(
            "That choice was offered for an earlier position of match {}; the match has moved on, \
             and nothing was played. Here is the board now.",
            live.id
        ));
        reply.extend(board(ctx, Some(live.id)).await?);
        return Ok(Judged::Answered(reply));
    }
    let state = live.state();
    if let Some(outcome) = state.outcome() {
        let seats = crate::recap::seat_names(ctx.services, &live).await;
        return Err(refused!(
            "Match {} is over: {}. Nothing was played.",
            live.id,
            outcome.headline(&|seat| seats[seat].clone())
        ));
    }
    if let Some(reason) = &live.forfeit {
        return Err(refused!("Match {} is over: {reason}.", live.id));
    }
    if secret(state) && !ctx.req.place.private {
        return Err(refused!(
            "Moves in match {} are secret: send `plan #{} {text}` to me in a private message. Nothing was played.",
            live.id,
            live.id
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
            return Err(refused!(
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
                name_of(ctx.services, record.player_id).await,
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
        reply.push(Message::new(crate::naming::channel_of(&challenge), status));
        return Ok(Judged::Answered(reply));
    }
    if live.seats[to_move].player_id != ctx.player.id {
        let game = state.game();
        return Err(refused!(
            "It is {}'s turn in match {} ({}), not yours.",
            name_of(ctx.services, live.seats[to_move].player_id).await,
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
    let decisions: Vec<Move> = trial.decisions().since(before).copied().collect();
    Ok(Judged::Play(Box::new((live, challenge)), from, decisions))
}

/// A turn right for the person's match now (the one numbered, else the
/// one here that waits for them), as a command line: "move #3 4".
pub(crate) async fn example_here(ctx: &Ctx<'_>, verb: &str, id: Option<i64>) -> Option<String> {
    let found = finding::for_match(ctx, id, verb, true).await.ok()?;
    found
        .seat
        .map(|seat| finding::example_line(&found.live, seat))
}

/// "move 2,2 3,3": several moves where one turn was expected. The
/// refusal's examples are legal in the match found.
fn several_moves(
    found: &finding::Found,
    named: bool,
    verb: &str,
    words: &[String],
) -> Option<Refusal> {
    if words.is_empty() {
        return None;
    }
    let typed = words.join(" ");
    let live = &found.live;
    // The match's number only where the person gave it.
    let id = if named {
        format!("#{} ", live.id)
    } else {
        String::new()
    };
    let position = found.seat.and_then(|s| finding::position_of(live, s));
    let legal = |text: &str| {
        position
            .as_ref()
            .is_some_and(|p| TurnWords::read(text).legal_in(p).is_ok())
    };
    let mut examples = Vec::new();
    if legal(&words[0]) {
        examples.push(format!(
            "send one move at a time, e.g. `{verb} {id}{}`",
            words[0]
        ));
    }
    let joined = words.join("+");
    if legal(&joined) {
        examples.push(format!(
            "join the moves of one turn with `+`, e.g. `{verb} {id}{joined}`"
        ));
    }
    if examples.is_empty()
        && let Some(seat) = found.seat
    {
        examples.push(format!(
            "send one move, e.g. {}",
            finding::example(live, seat)
        ));
    }
    Some(refused!(
        "`{verb} {typed}` names {} moves: {}. Nothing was played.",
        words.len(),
        examples.join("; or ")
    ))
}

/// `board [#MATCH]`.
pub(crate) async fn board(ctx: &Ctx<'_>, id: Option<i64>) -> Answer {
    let found = finding::to_show(ctx, id).await?;
    let live = found.live;
    let state = live.state();
    let game = state.game();
    // A spectator (no seat) sees the public board, as the channel does.
    let view: Shown = match found.seat {
        Some(seat) if ctx.req.place.private => state.player_view(seat).into(),
        _ => state.public_view().into(),
    };
    let clock = crate::matches::time_left(ctx.services, &live).await;
    let status = match state.outcome() {
        _ if live.forfeit.is_some() => {
            format!("Over: {}.", live.forfeit.clone().unwrap_or_default())
        }
        Some(_) => {
            let seats = crate::recap::seat_names(ctx.services, &live).await;
            let ending = crate::recap::ending(state, &|seat| seats[seat].clone());
            format!("Over: {}", ending.unwrap_or_default())
        }
        None => format!(
            "{} to move{}.",
            name_of(ctx.services, live.seats[state.to_move()].player_id).await,
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
        seat_list(ctx.services, &live).await,
        view_text(game, &view).trim_end()
    );
    let message = Message::new(ctx.here(), text);
    Ok(Reply::one(
        picture(ctx.services, message, &live, &view, clock.as_deref()).await,
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
                name_of(ctx.services, live.seats[to_move].player_id).await
            )
        };
        if let Some(clock) = crate::matches::time_left(ctx.services, &live).await {
            whose.push_str(&format!(" ({clock})"));
        }
        text.push_str(&format!(
            "- #{} {}: {}; {whose}\n",
            id,
            live.state().game().rules.name,
            seat_list(ctx.services, &live).await
        ));
    }
    Ok(ctx.answer(text.trim_end().to_string()))
}

/// `resign [#MATCH]`.
pub(crate) async fn resign(ctx: &Ctx<'_>, id: Option<i64>) -> Answer {
    // Resigning never guesses: with several matches here, it asks which.
    let found = finding::for_match(ctx, id, "resign", false).await?;
    let (mut live, challenge) = (found.live, found.challenge);
    if found.seat.is_none() {
        return Err(refused!("You have no seat in match {}.", live.id));
    }
    if live.is_over() {
        return Err(refused!("Match {} is over already.", live.id));
    }
    crate::leaving::leave_match(
        ctx.services,
        &mut live,
        &challenge,
        ctx.player.id,
        "resigned",
    )
    .await
}

/// Where the person's last turn in a match began, when it can be taken
/// back now: an unrated match, and no other person has moved since.
async fn undo_start(
    ctx: &Ctx<'_>,
    live: &LiveMatch,
    challenge: &Challenge,
) -> Result<usize, Refusal> {
    if challenge.rated {
        return Err(refused!(
            "Match {} is rated, so its moves stand. Challenge with `unrated` to be able to undo.",
            live.id
        ));
    }
    let log = ctx.storage().move_log(live.id).await.map_err(said)?;
    let me = ctx.player.id;
    let mine = |seat: usize| live.seats[seat].player_id == me;
    let Some(last) = log.iter().rposition(|m| mine(m.seat)) else {
        return Err(refused!("You have not moved in match {} yet.", live.id));
    };
    for later in &log[last + 1..] {
        let player = ctx
            .storage()
            .player(live.seats[later.seat].player_id)
            .await
            .map_err(said)?;
        if player.kind == redscience_storage::Kind::Human {
            return Err(refused!(
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
    Ok(from)
}

/// `undo`: takes back your last turn (and the machine moves after it)
/// while no other person has moved since, in unrated matches only.
pub(crate) async fn undo(ctx: &Ctx<'_>, id: Option<i64>) -> Answer {
    let found = finding::for_undo(ctx, id, |c| async move {
        let able = undo_start(ctx, &c.live, &c.challenge).await.map(|_| ());
        (c, able)
    })
    .await?;
    let (mut live, challenge) = (found.live, found.challenge);
    if found.seat.is_none() {
        return Err(refused!("You have no seat in match {}.", live.id));
    }
    let from = undo_start(ctx, &live, &challenge).await?;
    live.undo_from(ctx.storage(), from).await.map_err(said)?;
    let mut reply = ctx.answer(format!("Took back your last turn in match {}.", live.id));
    let now = live.state().history().len();
    reply.extend(report(ctx.services, &live, &challenge, now).await);
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

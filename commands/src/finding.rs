//! The match a command means. `#N` names it; without one, a turn (a move,
//! a plan, a pass, a draw answer) or an undo goes to the one match of the
//! person's where it is legal now. Only when several would take it, or
//! none would and the person may act in several, are they listed, each
//! with an example that is right for that match (its verb, its game).
//! Commands that end or show a match never guess among several.

use redscience_engine::State;
use redscience_engine::notation::typed;
use redscience_storage::{Challenge, LiveMatch};

use crate::context::{Ctx, Refusal, refused, said, sentence};
use crate::naming::secret;
use crate::turn_words::TurnWords;

/// A match and the challenge that started it.
pub(crate) struct Candidate {
    pub live: LiveMatch,
    pub challenge: Challenge,
}

/// The match found, and the seat of the person's that acts in it (none
/// for a spectator).
pub(crate) struct Found {
    pub live: LiveMatch,
    pub challenge: Challenge,
    pub seat: Option<usize>,
}

/// The person's unfinished matches here (in this channel, or anywhere when
/// asked privately), most recent first.
async fn mine_here(ctx: &Ctx<'_>) -> Result<Vec<Candidate>, Refusal> {
    let ids = ctx
        .storage()
        .matches_of(ctx.player.id, true)
        .await
        .map_err(said)?;
    let here = ctx.req.place.channel_ref();
    let mut out = Vec::new();
    for id in ids {
        let Some(challenge) = ctx.storage().challenge_of_match(id).await.map_err(said)? else {
            continue;
        };
        if !ctx.req.place.private && challenge.place != here {
            continue;
        }
        let live = ctx.storage().load_match(id).await.map_err(said)?;
        out.push(Candidate { live, challenge });
    }
    Ok(out)
}

/// The match numbered `id`, with the person's seat in it if they have one.
async fn numbered(ctx: &Ctx<'_>, id: i64) -> Result<Found, Refusal> {
    let Some(challenge) = ctx.storage().challenge_of_match(id).await.map_err(said)? else {
        return Err(refused!(
            "There is no match {id} started by a challenge; `games` lists your matches."
        ));
    };
    let live = ctx.storage().load_match(id).await.map_err(said)?;
    let seat = acting_seats(&live, ctx.player.id)
        .first()
        .copied()
        .or_else(|| seats_of(&live, ctx.player.id).first().copied());
    Ok(Found {
        live,
        challenge,
        seat,
    })
}

fn seats_of(live: &LiveMatch, player_id: i64) -> Vec<usize> {
    (0..live.seats.len())
        .filter(|&s| live.seats[s].player_id == player_id)
        .collect()
}

/// The person's seats that may act now: the seat to move, and in a sealed
/// round every seat of theirs still to plan (plans come in any order).
pub(crate) fn acting_seats(live: &LiveMatch, player_id: i64) -> Vec<usize> {
    if live.is_over() {
        return Vec::new();
    }
    let state = live.state();
    let mut seats = Vec::new();
    let to_move = state.to_move();
    if live.seats[to_move].player_id == player_id {
        seats.push(to_move);
    }
    if let Some(round) = state.round_progress() {
        for seat in round.awaited {
            if live.seats[seat].player_id == player_id && !seats.contains(&seat) {
                seats.push(seat);
            }
        }
    }
    seats
}

/// The position `seat` plays its turn from: the match's own, or in a
/// sealed round its round-start position.
pub(crate) fn position_of(live: &LiveMatch, seat: usize) -> Option<State> {
    let state = live.state();
    if state.to_move() == seat {
        Some(state.clone())
    } else {
        state.plan_position(seat)
    }
}

/// The verb a turn is typed with in this match now.
pub(crate) fn turn_verb(state: &State) -> &'static str {
    if secret(state) { "plan" } else { "move" }
}

/// An example of a turn that is legal for `seat` in this match now:
/// "`plan #6 rock`", "`move #3 4`".
pub(crate) fn example(live: &LiveMatch, seat: usize) -> String {
    format!("`{}`", example_line(live, seat))
}

/// The command line of `example`: "plan #6 rock".
pub(crate) fn example_line(live: &LiveMatch, seat: usize) -> String {
    let Some(position) = position_of(live, seat) else {
        return format!("board #{}", live.id);
    };
    let verb = turn_verb(&position);
    let text = position
        .legal()
        .to_vec()
        .into_iter()
        .find_map(|mv| typed(&position, mv))
        .unwrap_or_else(|| "pass".into());
    format!("{verb} #{} {text}", live.id)
}

fn game_name(live: &LiveMatch) -> &str {
    &live.state().game().rules.name
}

/// The match a turn goes to: `#N`, else the one of the person's matches
/// here where `text` is a legal turn now. Returns the match, the seat, and
/// the text as that match reads it.
pub(crate) async fn for_turn(
    ctx: &Ctx<'_>,
    id: Option<i64>,
    verb: &str,
    words: &TurnWords,
) -> Result<(Found, String), Refusal> {
    let text = words.typed();
    if let Some(id) = id {
        let found = numbered(ctx, id).await?;
        let seat = found.seat;
        let read = seat
            .and_then(|s| position_of(&found.live, s))
            .and_then(|p| words.legal_in(&p).ok())
            .unwrap_or_else(|| text.to_string());
        return match seat {
            Some(_) => Ok((found, read)),
            None => Err(refused!("You have no seat in match {id}.")),
        };
    }
    let me = ctx.player.id;
    let mut candidates = mine_here(ctx).await?;
    let mut legal = Vec::new();
    let mut refusals = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        for seat in acting_seats(&c.live, me) {
            let Some(position) = position_of(&c.live, seat) else {
                continue;
            };
            match words.legal_in(&position) {
                Ok(read) => legal.push((i, seat, read)),
                Err(e) => refusals.push((i, seat, e)),
            }
        }
    }
    let typed_as = typed_as(verb, text);
    match legal.len() {
        1 => {
            let (i, seat, read) = legal.remove(0);
            let c = candidates.swap_remove(i);
            return Ok((found(c, Some(seat)), read));
        }
        0 => {}
        _ => {
            let listed: Vec<String> = legal
                .iter()
                .map(|(i, seat, read)| {
                    let live = &candidates[*i].live;
                    let verb = example_verb(verb, live, *seat);
                    let text = if is_offer(verb) {
                        String::new()
                    } else {
                        format!(" {read}")
                    };
                    format!("`{verb} #{}{text}` ({})", live.id, game_name(live))
                })
                .collect();
            return Err(refused!(
                "{typed_as} can be played in {} of your matches; say which: {}. Nothing was played.",
                listed.len(),
                crate::words::or_list(&listed)
            ));
        }
    }
    // Legal nowhere: where the person may act in just one match (in a
    // private message, one awaiting their plan first), its refusal says why.
    let awaiting: Vec<usize> = dedup(refusals.iter().map(|(i, _, _)| *i));
    let plans: Vec<usize> = awaiting
        .iter()
        .copied()
        .filter(|&i| secret(candidates[i].live.state()))
        .collect();
    let only = match (awaiting.as_slice(), plans.as_slice()) {
        ([one], _) => Some(*one),
        (_, [one]) if ctx.req.place.private => Some(*one),
        ([], _) if candidates.len() == 1 => Some(0),
        _ => None,
    };
    if let Some(i) = only {
        let c = candidates.swap_remove(i);
        let seat = acting_seats(&c.live, me)
            .first()
            .copied()
            .or_else(|| seats_of(&c.live, me).first().copied());
        return Ok((found(c, seat), text.to_string()));
    }
    if candidates.is_empty() {
        return Err(no_match_here(ctx));
    }
    if awaiting.is_empty() {
        let mut list = Vec::new();
        for c in &candidates {
            list.push(format!("#{} {}", c.live.id, describe(ctx, c).await));
        }
        return Err(refused!(
            "None of your matches here waits for you now: {}. Nothing was played.",
            list.join("; ")
        ));
    }
    let list: Vec<String> = awaiting
        .iter()
        .map(|&i| {
            let (_, seat, why) = refusals
                .iter()
                .find(|(j, _, _)| *j == i)
                .expect("a refusal for each match awaiting the person");
            let live = &candidates[i].live;
            format!(
                "#{} {}: {} (e.g. {})",
                live.id,
                game_name(live),
                sentence(why).trim_end_matches('.'),
                example(live, *seat)
            )
        })
        .collect();
    // Moves typed apart read as nothing in any game: say so once, not
    // what each game made of the words run together.
    let apart = words.apart(text);
    if !apart.is_empty() {
        let examples: Vec<String> = awaiting
            .iter()
            .map(|&i| {
                let live = &candidates[i].live;
                let seat = acting_seats(live, me).first().copied().unwrap_or_default();
                format!("{} ({})", example(live, seat), game_name(live))
            })
            .collect();
        return Err(refused!(
            "{typed_as} names {} moves; a turn is one move, or the moves of one turn joined with `+`. \
             Send one, e.g. {}. Nothing was played.",
            apart.len(),
            crate::words::or_list(&examples)
        ));
    }
    Err(refused!(
        "{typed_as} is not legal in any of your matches that wait for you. {}. Nothing was played.",
        list.join("; ")
    ))
}

/// The match an undo goes to: `#N`, else the one where the person's last
/// turn can be taken back now (`can_undo` judges a match, or says why not).
pub(crate) async fn for_undo<F, Fut>(
    ctx: &Ctx<'_>,
    id: Option<i64>,
    can_undo: F,
) -> Result<Found, Refusal>
where
    F: Fn(Candidate) -> Fut,
    Fut: std::future::Future<Output = (Candidate, Result<(), Refusal>)>,
{
    if let Some(id) = id {
        return numbered(ctx, id).await;
    }
    let me = ctx.player.id;
    let mut able = Vec::new();
    let mut unable = Vec::new();
    for c in mine_here(ctx).await? {
        match can_undo(c).await {
            (c, Ok(())) => able.push(c),
            (c, Err(why)) => unable.push((c, why)),
        }
    }
    let only = match (able.len(), unable.len()) {
        (1, _) => Some(able.remove(0)),
        (0, 1) => Some(unable.remove(0).0),
        _ => None,
    };
    if let Some(c) = only {
        let seat = seats_of(&c.live, me).first().copied();
        return Ok(found(c, seat));
    }
    if able.is_empty() && unable.is_empty() {
        return Err(no_match_here(ctx));
    }
    if able.is_empty() {
        let list: Vec<String> = unable
            .iter()
            .map(|(c, why)| format!("#{} {}: {}", c.live.id, game_name(&c.live), why))
            .collect();
        return Err(refused!(
            "There is no turn of yours to take back here. {}",
            list.join(" ")
        ));
    }
    let list: Vec<String> = able
        .iter()
        .map(|c| format!("`undo #{}` ({})", c.live.id, game_name(&c.live)))
        .collect();
    Err(refused!(
        "You can take back your last turn in {} matches; say which: {}. Nothing was undone.",
        able.len(),
        crate::words::or_list(&list)
    ))
}

/// The match `board #N` shows: a seat's, or as a spectator the public
/// board, only in the match's own channel (where it is shown anyway).
pub(crate) async fn to_show(ctx: &Ctx<'_>, id: Option<i64>) -> Result<Found, Refusal> {
    let found = for_match(ctx, id, "board", true).await?;
    let elsewhere = ctx.req.place.private || found.challenge.place != ctx.req.place.channel_ref();
    if found.seat.is_none() && elsewhere {
        return Err(refused!(
            "You have no seat in match {}; its board is shown to everyone in the channel where it is played: say `board #{}` there.",
            found.live.id,
            found.live.id
        ));
    }
    Ok(found)
}

/// The match a command that shows or ends a match means (`board`,
/// `resign`): `#N`, else the person's only match here; with several, the
/// one waiting for them only where `prefer_waiting` (showing, never
/// ending), else they are listed with `verb #N` for each.
pub(crate) async fn for_match(
    ctx: &Ctx<'_>,
    id: Option<i64>,
    verb: &str,
    prefer_waiting: bool,
) -> Result<Found, Refusal> {
    if let Some(id) = id {
        return numbered(ctx, id).await;
    }
    let me = ctx.player.id;
    let mut candidates = mine_here(ctx).await?;
    if candidates.len() == 1 {
        let c = candidates.remove(0);
        let seat = acting_seats(&c.live, me)
            .first()
            .copied()
            .or_else(|| seats_of(&c.live, me).first().copied());
        return Ok(found(c, seat));
    }
    if candidates.is_empty() {
        return Err(no_match_here(ctx));
    }
    let waiting: Vec<usize> = (0..candidates.len())
        .filter(|&i| !acting_seats(&candidates[i].live, me).is_empty())
        .collect();
    if prefer_waiting && let [one] = waiting.as_slice() {
        let c = candidates.swap_remove(*one);
        let seat = acting_seats(&c.live, me).first().copied();
        return Ok(found(c, seat));
    }
    let mut list = Vec::new();
    for c in &candidates {
        list.push(format!(
            "`{verb} #{}` ({})",
            c.live.id,
            describe(ctx, c).await
        ));
    }
    Err(refused!(
        "You have {} matches here; say which: {}.",
        candidates.len(),
        crate::words::or_list(&list)
    ))
}

fn found(c: Candidate, seat: Option<usize>) -> Found {
    Found {
        live: c.live,
        challenge: c.challenge,
        seat,
    }
}

fn dedup(items: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// "Connect4, your turn" / "Connect4, ann to move".
async fn describe(ctx: &Ctx<'_>, c: &Candidate) -> String {
    let live = &c.live;
    if !acting_seats(live, ctx.player.id).is_empty() {
        return format!("{}, your turn", game_name(live));
    }
    let state = live.state();
    let awaited = match state.round_progress() {
        Some(round) => round.awaited,
        None => vec![state.to_move()],
    };
    let mut names = Vec::new();
    for seat in awaited {
        names.push(crate::naming::name_of(ctx.services, live.seats[seat].player_id).await);
    }
    let verb = turn_verb(state);
    format!(
        "{}, {} to {verb}",
        game_name(live),
        redscience_engine::describe::join_and(&names)
    )
}

/// The verb an example uses in a match: the one typed for offers and
/// passes, else the match's own (`plan` in sealed rounds).
fn example_verb<'a>(verb: &'a str, live: &LiveMatch, seat: usize) -> &'a str {
    if is_offer(verb) {
        return verb;
    }
    match position_of(live, seat) {
        Some(position) => turn_verb(&position),
        None => "move",
    }
}

fn is_offer(verb: &str) -> bool {
    matches!(verb, "pass" | "draw" | "agree" | "refuse")
}

/// How the refusal quotes what was typed: "`paper`", "`pass`".
fn typed_as(verb: &str, text: &str) -> String {
    if is_offer(verb) {
        format!("`{verb}`")
    } else {
        format!("`{text}`")
    }
}

fn no_match_here(ctx: &Ctx<'_>) -> Refusal {
    let here = if ctx.req.place.private { "" } else { " here" };
    refused!(
        "You have no unfinished match{here}. `challenge GAME Random` starts one, e.g. `challenge Tic-Tac-Toe Random`; `games` lists your matches."
    )
}

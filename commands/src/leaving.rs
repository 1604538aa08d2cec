//! A person leaving a match (`resign`, or a clock run out): every seat of
//! theirs still playing leaves it, with its partners; the others play on
//! (see the engine's `State::leave` and docs/rules.md "Leaving a match").
//! When no person is left in play (only machines, and Chaos), the match
//! ends there: the seats still playing share the win, since a result among
//! machines alone would keep no one waiting for anything.

use redscience_engine::describe::join_and;
use redscience_storage::{Challenge, Error as StorageError, LiveMatch};

use crate::context::{Refusal, refused, said};
use crate::matches::{report, settle};
use crate::naming::{channel_of, is_human};
use crate::reply::{Message, Reply};
use crate::services::Services;
use redscience_engine::game::GameState;

/// `player_id` leaves `live` (`how`: "resigned", "ran out of time"): the
/// channel is told who left and who plays on, then the match's report
/// (the board, and how it ended when it did).
pub(crate) async fn leave_match(
    services: &Services,
    live: &mut LiveMatch,
    challenge: &Challenge,
    player_id: i64,
    how: &str,
) -> Result<Reply, Refusal> {
    let from = live.state().history().len();
    let seats: Vec<usize> = (0..live.seats.len())
        .filter(|&s| live.seats[s].player_id == player_id && !live.state().has_left(s))
        .collect();
    if seats.is_empty() {
        return Err(refused!(
            "You have left match {} already; the others play on without you.",
            live.id
        ));
    }
    let before: Vec<bool> = (0..live.seats.len())
        .map(|s| live.state().has_left(s))
        .collect();
    let mut trial = live.state().clone();
    for &seat in &seats {
        if !trial.is_terminal() {
            trial
                .leave(seat)
                .map_err(|e| crate::context::sentence(&e))?;
        }
    }
    let in_play: Vec<usize> = (0..live.seats.len())
        .filter(|&s| !trial.game().seats[s].is_chaos && !trial.has_left(s))
        .collect();
    let mut people_in_play = Vec::new();
    for &seat in &in_play {
        if is_human(services, live, seat).await {
            people_in_play.push(seat);
        }
    }
    let stop = !trial.is_terminal() && people_in_play.is_empty();
    match live.leave(services.storage(), &seats, stop).await {
        Ok(()) => {}
        Err(StorageError::Conflict(_)) => {
            return Err(refused!(
                "Match {} changed while you left it; nothing was recorded. Please send it again.",
                live.id
            ));
        }
        Err(e) => return Err(said(e)),
    }
    let names = crate::recap::seat_names(services, live).await;
    let who = crate::naming::name_of(services, player_id).await;
    // Partners share one outcome, so they leave together.
    let partners: Vec<String> = (0..live.seats.len())
        .filter(|&s| trial.has_left(s) && !before[s] && !seats.contains(&s))
        .map(|s| names[s].clone())
        .collect();
    let partners = match partners.len() {
        0 => String::new(),
        1 => format!("; their partner {} leaves with them", partners[0]),
        _ => format!("; their partners {} leave with them", join_and(&partners)),
    };
    let others: Vec<String> = in_play.iter().map(|&s| names[s].clone()).collect();
    let what_next = if stop {
        format!(
            "No person is left playing, so the match ends here: {} share the win.",
            join_and(&others)
        )
    } else if live.is_over() {
        String::new()
    } else {
        format!(
            "Their turns pass from now on and their pieces stay; {} play on.",
            join_and(&others)
        )
    };
    let mut reply = Reply::one(Message::new(
        channel_of(challenge),
        format!("{who} {how} in match {}{partners}. {what_next}", live.id)
            .trim_end()
            .to_string(),
    ));
    settle(services, live, challenge.place.platform, &mut reply).await?;
    reply.extend(report(services, live, challenge, from).await);
    Ok(reply)
}

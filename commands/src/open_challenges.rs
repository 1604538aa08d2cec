//! Open challenges people can manage: the same challenge is not sent
//! twice, open challenges lapse (the clock tells their challengers), `games`
//! lists the challenges to and from a person, and `decline all` answers
//! every one waiting for them.

use redscience_storage::{Challenge, ChallengeStatus, ChannelRef, Player};

use crate::clock_words::{left_words, per_move};
use crate::context::{Answer, Ctx, Refusal, refused, said};
use crate::naming::{chat_of, name_of};
use crate::reply::{Destination, Message, Reply};
use crate::services::Services;

/// Whether a challenge waits for this player's answer.
pub(crate) fn waits_for(c: &Challenge, id: i64) -> bool {
    c.seats
        .iter()
        .any(|s| s.player_id == Some(id) && !s.accepted)
}

/// The people a challenge still waits for, and its open seats.
async fn unanswered(services: &Services, c: &Challenge) -> (Vec<String>, usize) {
    let mut named = Vec::new();
    for seat in &c.seats {
        if let Some(id) = seat.player_id.filter(|_| !seat.accepted) {
            named.push(name_of(services, id).await);
        }
    }
    let open = c.seats.iter().filter(|s| s.player_id.is_none()).count();
    (named, open)
}

/// "1 open seat", "2 open seats".
fn open_seats(n: usize) -> String {
    format!("{n} open seat{}", if n == 1 { "" } else { "s" })
}

/// Who a challenge still waits for: "bob", "bob and an open seat",
/// "2 open seats".
async fn waiting_for(services: &Services, c: &Challenge) -> String {
    let (mut who, open) = unanswered(services, c).await;
    match open {
        0 => {}
        1 => who.push("an open seat".to_string()),
        n => who.push(open_seats(n)),
    }
    who.join(" and ")
}

/// Whom a challenge was put to: "bob", "bob and anyone here (an open
/// seat)".
async fn challenged(services: &Services, c: &Challenge) -> String {
    let (mut who, open) = unanswered(services, c).await;
    if open > 0 {
        who.push(format!("anyone here ({})", open_seats(open)));
    }
    who.join(" and ")
}

/// Why a challenge lapsed: "no answer from bob", "no one took its open
/// seat", or both.
async fn why_lapsed(services: &Services, c: &Challenge) -> String {
    let (named, open) = unanswered(services, c).await;
    let mut why = Vec::new();
    if !named.is_empty() {
        why.push(format!("no answer from {}", named.join(" and ")));
    }
    match open {
        0 => {}
        1 => why.push("no one took its open seat".to_string()),
        n => why.push(format!("no one took its {n} open seats")),
    }
    why.join(", and ")
}

async fn game_of(services: &Services, c: &Challenge) -> String {
    game_and_clock(services, c).await.0
}

/// A challenge's game and its match's clock in words ("1 day per move",
/// "no time limit").
async fn game_and_clock(services: &Services, c: &Challenge) -> (String, String) {
    match services.storage().rule_set_by_id(c.rule_set_id).await {
        Ok(saved) => (
            saved.name,
            match c.clock.seconds(saved.rules.seconds_per_turn) {
                0 => "no time limit".to_string(),
                s => format!("{} per move", per_move(s)),
            },
        ),
        Err(_) => (format!("game {}", c.rule_set_id), String::new()),
    }
}

/// "lapses in 23 hours".
fn lapses(services: &Services, c: &Challenge) -> String {
    format!(
        "lapses in {}",
        left_words(c.expires_at - services.storage().now())
    )
}

/// The refusal of a challenge that repeats the open challenge `first`.
pub(crate) async fn already_open(ctx: &Ctx<'_>, first: &Challenge) -> Refusal {
    let id = first.id;
    refused!(
        "You already challenged {} to {} in {}: challenge {id} is open and {}. Nothing was sent \
         again. To change its clock or rating, `cancel {id}` and challenge anew.",
        challenged(ctx.services, first).await,
        game_of(ctx.services, first).await,
        first.place.channel,
        lapses(ctx.services, first)
    )
}

/// The part of `games` about challenges: those waiting for an answer of
/// one of `mine` (the person's players) and those they made. `None` when
/// there are none.
pub(crate) async fn listed(ctx: &Ctx<'_>, mine: &[Player]) -> Result<Option<String>, Refusal> {
    let open = ctx.storage().open_challenges().await.map_err(said)?;
    let services = ctx.services;
    let mut to_you = Vec::new();
    let mut from_you = Vec::new();
    for c in &open {
        let id = c.id;
        let (game, clock) = game_and_clock(services, c).await;
        if let Some(p) = mine.iter().find(|p| waits_for(c, p.id)) {
            let as_whom = if p.id == ctx.player.id {
                String::new()
            } else {
                format!(" (your player {})", p.name)
            };
            to_you.push(format!(
                "- {id}: {} invites you{as_whom} to {game} in {} ({clock}; {}). \
                 `accept {id}` or `decline {id}`.",
                name_of(services, c.challenger_id).await,
                c.place.channel,
                lapses(services, c)
            ));
        }
        if mine.iter().any(|p| p.id == c.challenger_id) {
            from_you.push(format!(
                "- {id}: {game} in {}, waiting for {} ({clock}; {}). `cancel {id}` \
                 withdraws it.",
                c.place.channel,
                waiting_for(services, c).await,
                lapses(services, c)
            ));
        }
    }
    let mut parts = Vec::new();
    if !to_you.is_empty() {
        let all = if to_you.len() > 1 {
            " (`decline all` declines every one)"
        } else {
            ""
        };
        parts.push(format!(
            "Challenges waiting for your answer{all}:\n{}",
            to_you.join("\n")
        ));
    }
    if !from_you.is_empty() {
        parts.push(format!("Your open challenges:\n{}", from_you.join("\n")));
    }
    Ok((!parts.is_empty()).then(|| parts.join("\n")))
}

/// `decline all`: declines every open challenge, anywhere, that waits for
/// an answer of one of `mine`; each channel is told once.
pub(crate) async fn decline_all(ctx: &Ctx<'_>, mine: &[Player]) -> Answer {
    let open = ctx.storage().open_challenges().await.map_err(said)?;
    // Per declining player and channel, the challenges declined.
    let mut declined: Vec<(String, ChannelRef, Vec<i64>)> = Vec::new();
    let mut count = 0;
    for c in open {
        let Some(p) = mine.iter().find(|p| waits_for(&c, p.id)) else {
            continue;
        };
        // One answered meanwhile (by its challenger or another process)
        // is left as it is.
        if ctx
            .storage()
            .close_challenge(c.id, ChallengeStatus::Declined)
            .await
            .is_err()
        {
            continue;
        }
        count += 1;
        match declined
            .iter_mut()
            .find(|(name, place, _)| *name == p.name && *place == c.place)
        {
            Some((_, _, ids)) => ids.push(c.id),
            None => declined.push((p.name.clone(), c.place.clone(), vec![c.id])),
        }
    }
    if count == 0 {
        return Err(
            "No challenge waits for your answer, so there is nothing to decline. `games` lists \
             your matches and challenges."
                .into(),
        );
    }
    let mut reply = Reply::default();
    let mut told_here = false;
    for (name, place, ids) in &declined {
        told_here |= !ctx.req.place.private && ctx.req.place.channel_ref() == *place;
        reply.push(Message::new(
            Destination::Channel(place.clone()),
            format!("{name} declined {}.", numbered("challenge", ids)),
        ));
    }
    if !told_here || declined.len() > 1 {
        reply.push(Message::new(
            ctx.here(),
            format!(
                "You declined {count} challenge{}: {}.",
                if count == 1 { "" } else { "s" },
                ids_words(declined.iter().flat_map(|(_, _, ids)| ids))
            ),
        ));
    }
    Ok(reply)
}

/// "challenge 3", "challenges 3, 4 and 7".
fn numbered(what: &str, ids: &[i64]) -> String {
    match ids {
        [one] => format!("{what} {one}"),
        _ => format!("{what}s {}", ids_words(ids.iter())),
    }
}

/// "3, 4 and 7".
fn ids_words<'a>(ids: impl Iterator<Item = &'a i64>) -> String {
    let words: Vec<String> = ids.map(i64::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

impl Services {
    /// Closes the open challenges that have lapsed, each claimed once among
    /// every process on the database, telling the challenger privately and
    /// the channel where it was made.
    pub(crate) async fn expire_challenges(&self) -> Reply {
        let mut reply = Reply::default();
        let Ok(lapsed) = self.storage.lapsed_challenges().await else {
            return reply;
        };
        for c in lapsed {
            if !self.clocks(c.place.platform)
                || !matches!(self.storage.claim_expiry(c.id).await, Ok(true))
            {
                continue;
            }
            let (id, game) = (c.id, game_of(self, &c).await);
            let why = why_lapsed(self, &c).await;
            let waited = crate::clock_words::span(c.expires_at - c.created_at);
            let challenger = name_of(self, c.challenger_id).await;
            reply.push(Message::new(
                Destination::Channel(c.place.clone()),
                format!("{challenger}'s challenge {id} ({game}) lapsed: {why}."),
            ));
            if let Some(chat) = chat_of(self, c.place.platform, c.challenger_id).await {
                reply.push(Message::new(
                    Destination::Private(chat),
                    format!(
                        "Your challenge {id} to {game} in {} lapsed after {waited}: {why}. \
                         Nothing was started; challenge again when the others are about.",
                        c.place.channel
                    ),
                ));
            }
        }
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_listed_as_people_write_them() {
        assert_eq!(numbered("challenge", &[3]), "challenge 3");
        assert_eq!(numbered("challenge", &[3, 4]), "challenges 3 and 4");
        assert_eq!(numbered("challenge", &[3, 4, 7]), "challenges 3, 4 and 7");
    }
}

//! `clock stop [#MATCH]`: a Trainer (or Admin) stops the clock of a match
//! where every other player is a non-human or one of the Trainer's
//! personas. The match then has no deadlines and is not rated.

use crate::context::{Answer, Ctx, refused, said};
use crate::reply::{Message, Reply};

/// `clock stop [#MATCH]`: a Trainer stops a match's clock (no deadlines,
/// not rated) when every other player is a non-human or their persona.
pub(crate) async fn clock(ctx: &Ctx<'_>, explicit: Option<i64>) -> Answer {
    const CLOCK: &str = "`clock stop [#MATCH]`";
    let storage = ctx.storage();
    let me = &ctx.player;
    let id = match explicit {
        Some(id) => id,
        None => {
            let mut ids = storage.matches_of(me.id, true).await.map_err(said)?;
            for p in storage.personas_of(me.id).await.map_err(said)? {
                ids.extend(storage.matches_of(p.id, true).await.map_err(said)?);
            }
            let here = ctx.req.place.channel_ref();
            let mut found = Vec::new();
            for id in ids {
                let Some(c) = storage.challenge_of_match(id).await.map_err(said)? else {
                    continue;
                };
                if (ctx.req.place.private || c.place == here) && !found.contains(&id) {
                    found.push(id);
                }
            }
            match found.as_slice() {
                [one] => *one,
                [] => {
                    return Err(refused!(
                        "You have no unfinished match here. Write {CLOCK} with the match's number."
                    ));
                }
                many => {
                    return Err(refused!(
                        "You have several matches here: {}. Say which, e.g. `clock stop #{}`.",
                        many.iter()
                            .map(|m| format!("#{m}"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        many[0]
                    ));
                }
            }
        }
    };
    storage.stop_clock(me.id, id).await.map_err(said)?;
    let text = format!(
        "{} stopped the clock of match {id}: no time limit from now on, and the match will not change ratings.",
        me.name
    );
    let destination = match storage.challenge_of_match(id).await.map_err(said)? {
        Some(c) => crate::naming::channel_of(&c),
        None => ctx.here(),
    };
    Ok(Reply::one(Message::new(destination, text)))
}

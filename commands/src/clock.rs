//! The clock: reminders before a seat's time runs out, and what happens when
//! it does; and a machine's turn left undone by a crash is played. A seat helped by a non-human (reviewing or delegating) gets the
//! non-human's move; a seat alone loses, as the spec says ("the player who
//! let the clock run out loses"). The binary calls [`Bot::tick`] every
//! second or so; tests call it after moving the storage's clock.

use chrono::TimeDelta;
use redscience_storage::{Augmentation, Deadline};

use crate::bot::{Bot, Said, said};
use crate::matches::{chat_of, helper_move, is_human, name_of, report, settle};
use crate::reply::{Destination, Message, Reply};

/// A reminder goes out once a quarter of the turn's time is left.
const REMIND_AT_LEFT: i32 = 4;

/// "45 seconds", "3 hours", "2 days".
pub(crate) fn span(d: TimeDelta) -> String {
    let s = d.num_seconds().max(0);
    let (n, unit) = match s {
        0..120 => (s, "second"),
        120..7200 => (s / 60, "minute"),
        7200..172_800 => (s / 3600, "hour"),
        _ => (s / 86_400, "day"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

impl Bot {
    /// Sends reminders, settles every deadline that has passed, and rates
    /// the finished matches whose rating was interrupted.
    pub async fn tick(&self) -> Reply {
        let mut reply = Reply::default();
        let deadlines = match self.storage.deadlines().await {
            Ok(d) => d,
            Err(_) => return reply,
        };
        let now = self.storage.now();
        for deadline in deadlines {
            // One match's trouble never stops the clock for the others.
            if let Ok(part) = self.handle_deadline(&deadline, now).await {
                reply.extend(part);
            }
        }
        reply.extend(crate::ratings::catch_up(self).await);
        reply
    }

    async fn handle_deadline(
        &self,
        deadline: &Deadline,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reply, Said> {
        let mut reply = Reply::default();
        // Reminded and not yet due: nothing to do, so no match is replayed.
        if now < deadline.due_at && deadline.reminded_at.is_some() {
            return Ok(reply);
        }
        let mut live = self
            .storage
            .load_match(deadline.match_id)
            .await
            .map_err(said)?;
        let Some(challenge) = self
            .storage
            .challenge_of_match(live.id)
            .await
            .map_err(said)?
        else {
            return Ok(reply);
        };
        if live.is_over() || live.state().to_move() != deadline.seat {
            return Ok(reply);
        }
        let seat = deadline.seat;
        if !is_human(self, &live, seat).await {
            // A machine's turn left undone (the bot stopped between a
            // person's move and the machine's answer): it moves now.
            let from = live.state().history().len();
            settle(self, &mut live, challenge.place.platform, &mut reply).await?;
            reply.extend(report(self, &live, &challenge, from).await);
            return Ok(reply);
        }
        let record = live.seats[seat].clone();
        let name = name_of(self, record.player_id).await;
        if now < deadline.due_at {
            let turn = i64::from(live.state().game().rules.seconds_per_turn);
            let remind_from =
                deadline.due_at - TimeDelta::seconds(turn / i64::from(REMIND_AT_LEFT));
            if deadline.reminded_at.is_none() && now >= remind_from {
                self.storage
                    .mark_reminded(live.id, seat)
                    .await
                    .map_err(said)?;
                if let Some(chat) = chat_of(self, challenge.place.platform, record.player_id).await
                {
                    reply.push(Message::new(
                        Destination::Private(chat),
                        format!(
                            "{name}, match {} waits for your move: {} left.",
                            live.id,
                            span(deadline.due_at - now)
                        ),
                    ));
                }
            }
            return Ok(reply);
        }
        let from = live.state().history().len();
        match record.augmentation {
            Augmentation::Reviewing | Augmentation::Delegating => {
                // The helper plays the seat's whole turn: for a reviewing
                // seat, first the move it proposed.
                while !live.is_over() && live.state().to_move() == seat {
                    let Some(mv) = helper_move(&live) else {
                        break;
                    };
                    live.play(&self.storage, mv, None, 0).await.map_err(said)?;
                    if live.state().moves_this_turn().is_empty() {
                        break;
                    }
                }
                settle(self, &mut live, challenge.place.platform, &mut reply).await?;
                reply.push(Message::new(
                    Destination::Channel(challenge.place.clone()),
                    format!(
                        "{name}'s time ran out in match {}; their helper moved.",
                        live.id
                    ),
                ));
            }
            _ => {
                live.forfeit(&self.storage, seat, &format!("{name} ran out of time"))
                    .await
                    .map_err(said)?;
            }
        }
        reply.extend(report(self, &live, &challenge, from).await);
        Ok(reply)
    }
}

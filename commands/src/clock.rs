//! The clock: reminders before a seat's time runs out, and what happens when
//! it does; and a machine's turn left undone by a crash is played. A match's
//! clock is the game's own time per turn (live) or a correspondence clock
//! its challenge chose (1 hour to 7 days a move); reminders follow
//! [`redscience_storage::reminder_schedule`]. A seat
//! helped by a non-human (reviewing or delegating) gets the non-human's
//! move; a seat alone loses, as the spec says ("the player who let the clock
//! run out loses"). The binary calls [`Bot::tick`] every second or so; tests
//! call it after moving the storage's clock.
//!
//! Every process on one database runs this clock. Each action is claimed
//! in the database before it is announced (a reminder by its row, a move
//! or forfeit by the match's move count), so it happens once, and the
//! process that loses a claim says nothing.

use std::sync::atomic::Ordering;

use chrono::TimeDelta;
use redscience_storage::{Augmentation, Challenge, Deadline, LiveMatch};

use crate::clock_words::reminder_text;
use crate::context::{Refusal, said};
use crate::matches::{helper_move, report, settle};
use crate::naming::{chat_of, is_human, name_of};
use crate::reply::{Destination, Message, Reply};
use crate::services::Services;

/// How long a machine's turn may wait before the clock plays it: the
/// handler that made the turn the machine's is normally playing it already.
const MACHINE_GRACE_SECONDS: i64 = 10;

/// Every this many ticks (and at the first) the clock looks through the
/// unfinished matches with machine seats for a machine's turn left undone.
const SWEEP_EVERY_TICKS: u64 = 30;

impl Services {
    /// Sends reminders, settles every deadline that has passed, rates
    /// the finished matches whose rating was interrupted, and lapses the
    /// open challenges whose time is up.
    pub(crate) async fn tick(&self) -> Reply {
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
        let tick = self.ticks.fetch_add(1, Ordering::Relaxed);
        if tick.is_multiple_of(SWEEP_EVERY_TICKS) {
            // At start-up nothing of this process is under way, so nothing
            // needs waiting for.
            let grace = if tick == 0 { 0 } else { MACHINE_GRACE_SECONDS };
            reply.extend(self.sweep_machine_turns(TimeDelta::seconds(grace)).await);
        }
        reply.extend(crate::ratings::catch_up(self).await);
        reply.extend(self.expire_challenges().await);
        reply
    }

    /// Plays the machine turns left undone (the bot stopped between a
    /// person's move and the machine's answer) that have waited `grace`.
    async fn sweep_machine_turns(&self, grace: TimeDelta) -> Reply {
        let mut reply = Reply::default();
        let Ok(ids) = self.storage.unfinished_with_machines().await else {
            return reply;
        };
        for id in ids {
            let Ok(Some(challenge)) = self.storage.challenge_of_match(id).await else {
                continue;
            };
            if !self.clocks(challenge.place.platform) {
                continue;
            }
            let Ok(mut live) = self.storage.load_match(id).await else {
                continue;
            };
            if let Ok(part) = self.machine_turn(&mut live, &challenge, grace).await {
                reply.extend(part);
            }
        }
        reply
    }

    /// Plays a machine's turn that has waited `grace` since the match last
    /// changed; nothing when a person is to move or another process played
    /// it first.
    async fn machine_turn(
        &self,
        live: &mut LiveMatch,
        challenge: &Challenge,
        grace: TimeDelta,
    ) -> Result<Reply, Refusal> {
        let mut reply = Reply::default();
        if live.is_over() || is_human(self, live, live.state().to_move()).await {
            return Ok(reply);
        }
        let last = self.storage.last_activity(live.id).await.map_err(said)?;
        if last.is_some_and(|at| self.storage.now() - at < grace) {
            return Ok(reply);
        }
        let from = live.state().history().len();
        settle(self, live, challenge.place.platform, &mut reply).await?;
        if live.state().history().len() > from {
            reply.extend(report(self, live, challenge, from).await);
        }
        Ok(reply)
    }

    async fn handle_deadline(
        &self,
        deadline: &Deadline,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reply, Refusal> {
        let mut reply = Reply::default();
        // No reminder and no expiry due: nothing to do, so no match is
        // replayed.
        if deadline.is_quiet(now) {
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
        if !self.clocks(challenge.place.platform)
            || live.is_over()
            || live.state().to_move() != deadline.seat
        {
            return Ok(reply);
        }
        let seat = deadline.seat;
        if !is_human(self, &live, seat).await {
            // Machines never run out of time; one whose turn was left
            // undone moves now.
            let grace = TimeDelta::seconds(MACHINE_GRACE_SECONDS);
            return self.machine_turn(&mut live, &challenge, grace).await;
        }
        let record = live.seats[seat].clone();
        let name = name_of(self, record.player_id).await;
        if now < deadline.due_at {
            let turn = live.seconds_per_turn();
            if self
                .storage
                .claim_reminder(live.id, seat, turn, deadline.reminders_sent)
                .await
                .map_err(said)?
                && let Some(chat) = chat_of(self, challenge.place.platform, record.player_id).await
            {
                let mut against = Vec::new();
                for (other, r) in live.seats.iter().enumerate() {
                    if other != seat && r.player_id != record.player_id {
                        against.push(name_of(self, r.player_id).await);
                    }
                }
                against.dedup();
                reply.push(Message::new(
                    Destination::Private(chat),
                    reminder_text(
                        &name,
                        live.id,
                        &live.state().game().rules.name,
                        &against,
                        deadline.due_at - now,
                        turn,
                    ),
                ));
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
                // The seat leaves the match; the others play on.
                let left = crate::leaving::leave_match(
                    self,
                    &mut live,
                    &challenge,
                    record.player_id,
                    "ran out of time",
                )
                .await?;
                reply.extend(left);
                return Ok(reply);
            }
        }
        reply.extend(report(self, &live, &challenge, from).await);
        Ok(reply)
    }
}

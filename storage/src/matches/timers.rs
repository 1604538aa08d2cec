//! What surrounds the move log: the seat's deadline, draw offers and their
//! answers, and releasing sealed plans when their round resolves.

use chrono::TimeDelta;
use redscience_engine::{Move, State};
use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::Storage;
use crate::clocks::reminder_schedule;
use crate::entities::{deadlines, draw_offers, matches, moves, players, sealed_plans, seats};
use crate::error::Result;
use crate::roles::Kind;
use redscience_engine::game::GameState;

/// When a seat's time to decide runs out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub match_id: i64,
    pub seat: usize,
    pub due_at: DateTimeUtc,
    /// When the last reminder went out.
    pub reminded_at: Option<DateTimeUtc>,
    /// How many of the clock's reminders (see [`reminder_schedule`]) went out.
    pub reminders_sent: u32,
    /// When the next reminder is due: `None` when none is left, and for
    /// deadlines set before reminders were scheduled that were not reminded.
    pub next_reminder_at: Option<DateTimeUtc>,
}

impl Deadline {
    /// Whether nothing is to be done about this deadline at `now`: not
    /// due, and no reminder due either.
    pub fn is_quiet(&self, now: DateTimeUtc) -> bool {
        now < self.due_at
            && match self.next_reminder_at {
                Some(next) => now < next,
                None => self.reminded_at.is_some(),
            }
    }
}

impl From<deadlines::Model> for Deadline {
    fn from(d: deadlines::Model) -> Deadline {
        Deadline {
            match_id: d.match_id,
            seat: d.seat as usize,
            due_at: d.due_at,
            reminded_at: d.reminded_at,
            reminders_sent: d.reminders_sent.max(0) as u32,
            next_reminder_at: d.next_reminder_at,
        }
    }
}

/// When the reminder numbered `sent` (0: the first) of a turn of `seconds`
/// due at `due` goes out, if the schedule has one.
pub fn reminder_at(due: DateTimeUtc, seconds: u32, sent: u32) -> Option<DateTimeUtc> {
    reminder_schedule(seconds)
        .get(sent as usize)
        .map(|&before| due - TimeDelta::seconds(i64::from(before)))
}

/// The deadline of the seat to move, `seconds` from now (the match's
/// clock), unless the match is over or has no time limit.
pub(super) fn deadline_row(
    match_id: i64,
    state: &State,
    seconds: u32,
    now: DateTimeUtc,
) -> Option<deadlines::ActiveModel> {
    if state.is_terminal() {
        return None;
    }
    (seconds > 0).then(|| {
        let due = now + TimeDelta::seconds(i64::from(seconds));
        deadlines::ActiveModel {
            match_id: Set(match_id),
            seat: Set(state.to_move() as i16),
            due_at: Set(due),
            reminded_at: Set(None),
            reminders_sent: Set(0),
            next_reminder_at: Set(reminder_at(due, seconds, 0)),
        }
    })
}

impl Storage {
    /// Deadlines due by `now`: (match, seat, due time), earliest first.
    pub async fn due_deadlines(&self, now: DateTimeUtc) -> Result<Vec<(i64, usize, DateTimeUtc)>> {
        let rows = deadlines::Entity::find()
            .filter(deadlines::Column::DueAt.lte(now))
            .order_by_asc(deadlines::Column::DueAt)
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|d| (d.match_id, d.seat as usize, d.due_at))
            .collect())
    }

    /// Every deadline, earliest first: the clock's work list (reminders
    /// before expiry, and expiries).
    pub async fn deadlines(&self) -> Result<Vec<Deadline>> {
        let rows = deadlines::Entity::find()
            .order_by_asc(deadlines::Column::DueAt)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(Deadline::from).collect())
    }

    /// A match's current deadline, if it has one.
    pub async fn deadline_of(&self, match_id: i64) -> Result<Option<Deadline>> {
        let row = deadlines::Entity::find()
            .filter(deadlines::Column::MatchId.eq(match_id))
            .one(&self.db)
            .await?;
        Ok(row.map(Deadline::from))
    }

    /// The open draw offer of a match: (offering seat, when).
    pub async fn open_draw_offer(&self, match_id: i64) -> Result<Option<(usize, DateTimeUtc)>> {
        let row = draw_offers::Entity::find()
            .filter(draw_offers::Column::MatchId.eq(match_id))
            .filter(draw_offers::Column::Answer.is_null())
            .one(&self.db)
            .await?;
        Ok(row.map(|r| (r.seat as usize, r.offered_at)))
    }

    /// Claims a reminder of a seat's deadline, of a turn of `seconds`:
    /// the one numbered `sent` (the reminders already sent, as the caller
    /// read them), or, when several are due at `now` (the bot was down),
    /// the latest of them, counting the ones passed over as sent. True for
    /// the one caller (of every process on this database) that should send
    /// it; false when no reminder is due or another caller claimed it.
    pub async fn claim_reminder(
        &self,
        match_id: i64,
        seat: usize,
        seconds: u32,
        sent: u32,
    ) -> Result<bool> {
        let now = self.now();
        let Some(row) = deadlines::Entity::find()
            .filter(deadlines::Column::MatchId.eq(match_id))
            .filter(deadlines::Column::Seat.eq(seat as i16))
            .one(&self.db)
            .await?
        else {
            return Ok(false);
        };
        let schedule = reminder_schedule(seconds).len() as u32;
        let mut due = sent;
        while due < schedule && reminder_at(row.due_at, seconds, due).is_some_and(|at| at <= now) {
            due += 1;
        }
        if due == sent || now >= row.due_at {
            return Ok(false);
        }
        let claimed = deadlines::Entity::update_many()
            .col_expr(deadlines::Column::RemindedAt, Expr::value(now))
            .col_expr(deadlines::Column::RemindersSent, Expr::value(due as i32))
            .col_expr(
                deadlines::Column::NextReminderAt,
                Expr::value(reminder_at(row.due_at, seconds, due)),
            )
            .filter(deadlines::Column::MatchId.eq(match_id))
            .filter(deadlines::Column::Seat.eq(seat as i16))
            .filter(deadlines::Column::RemindersSent.eq(sent as i32))
            .exec(&self.db)
            .await?;
        Ok(claimed.rows_affected == 1)
    }

    /// Unfinished matches with a machine seat (Random, Chaos, a standard
    /// player), oldest first: where a machine's turn may have been left
    /// undone by a crash.
    pub async fn unfinished_with_machines(&self) -> Result<Vec<i64>> {
        let machines = players::Entity::find()
            .select_only()
            .column(players::Column::Id)
            .filter(
                players::Column::Kind
                    .is_in([Kind::Random, Kind::Chaos, Kind::Standard].map(Kind::word)),
            )
            .into_tuple::<i64>()
            .all(&self.db)
            .await?;
        let ids = seats::Entity::find()
            .select_only()
            .column(seats::Column::MatchId)
            .distinct()
            .filter(seats::Column::PlayerId.is_in(machines))
            .filter(
                seats::Column::MatchId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(matches::Column::Id)
                        .from(matches::Entity)
                        .and_where(matches::Column::FinishedAt.is_null())
                        .to_owned(),
                ),
            )
            .order_by_asc(seats::Column::MatchId)
            .into_tuple::<i64>()
            .all(&self.db)
            .await?;
        Ok(ids)
    }

    /// When a match last changed: its last recorded decision (sealed or
    /// not), or its start.
    pub async fn last_activity(&self, match_id: i64) -> Result<Option<DateTimeUtc>> {
        let last_move = moves::Entity::find()
            .filter(moves::Column::MatchId.eq(match_id))
            .order_by_desc(moves::Column::Number)
            .one(&self.db)
            .await?
            .map(|m| m.created_at);
        let last_plan = sealed_plans::Entity::find()
            .filter(sealed_plans::Column::MatchId.eq(match_id))
            .order_by_desc(sealed_plans::Column::Number)
            .one(&self.db)
            .await?
            .map(|p| p.created_at);
        let started = matches::Entity::find_by_id(match_id)
            .one(&self.db)
            .await?
            .map(|m| m.created_at);
        Ok(last_move.max(last_plan).or(started))
    }
}

/// Moves every sealed plan of the match into the move log, in order.
pub(super) async fn release_plans<C: ConnectionTrait>(db: &C, match_id: i64) -> Result<usize> {
    let plans = sealed_plans::Entity::find()
        .filter(sealed_plans::Column::MatchId.eq(match_id))
        .order_by_asc(sealed_plans::Column::Number)
        .all(db)
        .await?;
    for p in &plans {
        moves::Entity::insert(moves::ActiveModel {
            match_id: Set(p.match_id),
            number: Set(p.number),
            seat: Set(p.seat),
            encoding: Set(p.encoding.clone()),
            text: Set(p.text.clone()),
            actor_id: Set(p.actor_id),
            taken_ms: Set(p.taken_ms),
            created_at: Set(p.created_at),
            ..Default::default()
        })
        .exec_without_returning(db)
        .await?;
    }
    if !plans.is_empty() {
        sealed_plans::Entity::delete_many()
            .filter(sealed_plans::Column::MatchId.eq(match_id))
            .exec(db)
            .await?;
    }
    Ok(plans.len())
}

/// Opens a draw offer when one is made, and closes it with its answer.
pub(super) async fn record_draw_talk<C: ConnectionTrait>(
    db: &C,
    match_id: i64,
    before: &State,
    after: &State,
    mv: Move,
    number: usize,
    now: DateTimeUtc,
) -> Result<()> {
    if before.draw_offered_by().is_some() && after.draw_offered_by().is_none() {
        let answer = if mv == Move::AgreeDraw {
            "agreed"
        } else {
            "refused"
        };
        draw_offers::Entity::update_many()
            .col_expr(draw_offers::Column::Answer, Expr::value(answer))
            .col_expr(draw_offers::Column::AnsweredAt, Expr::value(now))
            .filter(draw_offers::Column::MatchId.eq(match_id))
            .filter(draw_offers::Column::Answer.is_null())
            .exec(db)
            .await?;
    }
    if let Some(seat) = after.draw_offered_by()
        && mv == Move::OfferDraw
    {
        draw_offers::ActiveModel {
            match_id: Set(match_id),
            seat: Set(seat as i16),
            number: Set(number as i32),
            offered_at: Set(now),
            answer: Set(None),
            answered_at: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

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
use crate::entities::{deadlines, draw_offers, matches, moves, players, sealed_plans, seats};
use crate::error::Result;
use crate::roles::Kind;

/// When a seat's time to decide runs out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub match_id: i64,
    pub seat: usize,
    pub due_at: DateTimeUtc,
    pub reminded_at: Option<DateTimeUtc>,
}

/// The deadline of the seat to move, unless the match is over.
pub(super) fn deadline_row(
    match_id: i64,
    state: &State,
    now: DateTimeUtc,
) -> Option<deadlines::ActiveModel> {
    if state.is_finished() {
        return None;
    }
    let seconds = i64::from(state.game().rules.seconds_per_turn);
    (seconds > 0).then(|| deadlines::ActiveModel {
        match_id: Set(match_id),
        seat: Set(state.to_move() as i16),
        due_at: Set(now + TimeDelta::seconds(seconds)),
        reminded_at: Set(None),
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
        Ok(rows
            .into_iter()
            .map(|d| Deadline {
                match_id: d.match_id,
                seat: d.seat as usize,
                due_at: d.due_at,
                reminded_at: d.reminded_at,
            })
            .collect())
    }

    /// A match's current deadline, if it has one.
    pub async fn deadline_of(&self, match_id: i64) -> Result<Option<Deadline>> {
        let row = deadlines::Entity::find()
            .filter(deadlines::Column::MatchId.eq(match_id))
            .one(&self.db)
            .await?;
        Ok(row.map(|d| Deadline {
            match_id: d.match_id,
            seat: d.seat as usize,
            due_at: d.due_at,
            reminded_at: d.reminded_at,
        }))
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

    /// Claims the reminder of a seat's deadline: true for the one caller
    /// (of every process on this database) that should send it.
    pub async fn claim_reminder(&self, match_id: i64, seat: usize) -> Result<bool> {
        let claimed = deadlines::Entity::update_many()
            .col_expr(deadlines::Column::RemindedAt, Expr::value(self.now()))
            .filter(deadlines::Column::MatchId.eq(match_id))
            .filter(deadlines::Column::Seat.eq(seat as i16))
            .filter(deadlines::Column::RemindedAt.is_null())
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

//! Leaving a match: a seat that resigns or runs out of time leaves it (with
//! its partners) and its turns pass from then on; the others play on (see
//! the engine's `State::leave`). A leave is no decision: the seat's row
//! keeps how many decisions the match held when it left, and a replay
//! applies it at that point.

use redscience_engine::State;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};

use super::timers::{deadline_row, release_plans};
use super::{LiveMatch, is_sealed, write_results};
use crate::Storage;
use crate::entities::{deadlines, matches, seats};
use crate::error::{Error, Result, refuse};
use redscience_engine::game::GameState;

/// (decisions held when it left, seat) of every seat that left, earliest first.
pub(super) fn leaves_of(rows: &[seats::Model]) -> Vec<(usize, usize)> {
    let mut leaves: Vec<(usize, usize)> = rows
        .iter()
        .filter_map(|r| Some((r.left_at? as usize, r.seat as usize)))
        .collect();
    leaves.sort_unstable();
    leaves
}

/// Applies the leaves recorded when the match held `at` decisions. A seat
/// gone already (its partner left) is skipped, and so is every leave once
/// the match is over.
pub(super) fn leave_at(
    state: &mut State,
    leaves: &[(usize, usize)],
    at: usize,
) -> std::result::Result<(), String> {
    for &(when, seat) in leaves {
        if when == at && !state.has_left(seat) && !state.is_terminal() {
            state.leave(seat)?;
        }
    }
    Ok(())
}

impl LiveMatch {
    /// The `seats` leave the match (a person resigned, or their time ran
    /// out), each with its partners: they lose, their turns pass, and the
    /// others play on. With `stop` the match ends at once among the seats
    /// still playing (its host found no person left in it). The leaves,
    /// plans a leaver's pass released, the next deadline and any result
    /// are written in one transaction; the move log is untouched.
    pub async fn leave(&mut self, storage: &Storage, seats: &[usize], stop: bool) -> Result<()> {
        if let Some(outcome) = self.state.outcome() {
            return refuse(format!(
                "the match is over: {}",
                outcome.summary(self.state.game())
            ));
        }
        if let Some(earlier) = &self.forfeit {
            return refuse(format!("the match is over: {earlier}"));
        }
        let mut state = self.state.clone();
        for &seat in seats {
            if !state.has_left(seat) && !state.is_terminal() {
                state.leave(seat).map_err(Error::Refused)?;
            }
        }
        if stop {
            state.end_among_remaining();
        }
        let newly: Vec<usize> = (0..self.seats.len())
            .filter(|&s| state.has_left(s) && !self.state.has_left(s))
            .collect();
        if newly.is_empty() {
            return refuse("those seats have left the match already");
        }
        let id = self.id;
        let number = self.state.decisions().len() as i32;
        let now = storage.now();
        let txn = storage.db.begin().await?;
        let claimed = matches::Entity::update_many()
            .col_expr(matches::Column::MoveCount, Expr::value(number))
            .filter(matches::Column::Id.eq(id))
            .filter(matches::Column::MoveCount.eq(number))
            .filter(matches::Column::FinishedAt.is_null())
            .exec(&txn)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(Error::Conflict(format!(
                "match {id} moved on or ended since it was loaded"
            )));
        }
        seats::Entity::update_many()
            .col_expr(seats::Column::LeftAt, Expr::value(number))
            .filter(seats::Column::MatchId.eq(id))
            .filter(seats::Column::Seat.is_in(newly.iter().map(|&s| s as i16)))
            .exec(&txn)
            .await?;
        // A leaver's pass may close a sealed round: its plans are public now.
        let still_sealed = state
            .history()
            .len()
            .checked_sub(1)
            .is_some_and(|last| is_sealed(&state, last));
        let mut sealed_pending = self.sealed_pending;
        if sealed_pending > 0 && !still_sealed {
            release_plans(&txn, id).await?;
            sealed_pending = 0;
        }
        deadlines::Entity::delete_many()
            .filter(deadlines::Column::MatchId.eq(id))
            .exec(&txn)
            .await?;
        if let Some(deadline) = deadline_row(id, &state, self.seconds_per_turn(), now)
            && !crate::stopped_clocks::clock_stopped(&txn, id).await?
        {
            deadlines::Entity::insert(deadline)
                .exec_without_returning(&txn)
                .await?;
        }
        if let Some(outcome) = state.outcome() {
            matches::Entity::update_many()
                .col_expr(matches::Column::FinishedAt, Expr::value(now))
                .col_expr(
                    matches::Column::Outcome,
                    Expr::value(outcome.reason(state.game())),
                )
                .filter(matches::Column::Id.eq(id))
                .exec(&txn)
                .await?;
            write_results(&txn, id, &outcome.results).await?;
        }
        txn.commit().await?;
        if let Some(outcome) = state.outcome() {
            for record in &mut self.seats {
                record.result = outcome.results.get(record.seat).copied();
            }
        }
        self.state = state;
        self.sealed_pending = sealed_pending;
        Ok(())
    }
}

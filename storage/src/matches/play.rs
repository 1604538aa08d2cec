//! Recording decisions: a turn's moves, with everything they change, in one
//! transaction that first claims the match's move count, so that of two
//! writers (two handlers, two processes, a person and the clock) exactly
//! one records the turn and the other is told the match moved on.

use redscience_engine::Move;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};

use super::timers::{deadline_row, record_draw_talk, release_plans};
use super::{LiveMatch, Played, is_sealed, write_results};
use crate::Storage;
use crate::entities::{deadlines, matches, moves, sealed_plans};
use crate::error::{Error, Result, refuse};
use redscience_engine::game::GameState;

impl LiveMatch {
    /// Plays a decision of the seat to move and commits it with everything
    /// it changes: the log or the sealed plans, released plans, draw offers,
    /// the next deadline, and the result. Returns only after the commit; on
    /// any error nothing is written and this match is unchanged.
    pub async fn play(
        &mut self,
        storage: &Storage,
        mv: Move,
        actor_id: Option<i64>,
        taken_ms: i64,
    ) -> Result<Played> {
        let mut played = self.play_turn(storage, &[mv], actor_id, taken_ms).await?;
        Ok(played.pop().expect("one move played"))
    }

    /// Plays several decisions in a row (a person's whole turn) and commits
    /// them together: after a crash either all of them are recorded or none.
    /// On any error (a move the engine refuses, another writer first)
    /// nothing is written and this match is unchanged.
    pub async fn play_turn(
        &mut self,
        storage: &Storage,
        turn: &[Move],
        actor_id: Option<i64>,
        taken_ms: i64,
    ) -> Result<Vec<Played>> {
        if let Some(outcome) = self.state.outcome() {
            return refuse(format!(
                "the match is over: {}",
                outcome.summary(self.state.game())
            ));
        }
        if let Some(reason) = &self.forfeit {
            return refuse(format!("the match is over: {reason}"));
        }
        if turn.is_empty() {
            return refuse("there is no move to play");
        }
        let id = self.id;
        let first = self.state.decisions().len();
        let now = storage.now();

        let txn = storage.db.begin().await?;
        let claimed = matches::Entity::update_many()
            .col_expr(
                matches::Column::MoveCount,
                Expr::value((first + turn.len()) as i32),
            )
            .filter(matches::Column::Id.eq(id))
            .filter(matches::Column::MoveCount.eq(first as i32))
            .exec(&txn)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(Error::Conflict(format!(
                "match {id} moved on since it was loaded (another move was recorded first)"
            )));
        }
        let mut state = self.state.clone();
        let mut sealed_pending = self.sealed_pending;
        let mut played = Vec::with_capacity(turn.len());
        for &mv in turn {
            if state.is_terminal() {
                return refuse("the match ended before the last of these moves");
            }
            let number = state.decisions().len();
            let seat = state.to_move();
            let text = state.move_text(mv);
            let history_index = state.history().len();
            let mut next = state.clone();
            next.apply(mv).map_err(Error::Refused)?;
            let sealed = is_sealed(&next, history_index);
            let mut released = 0;
            if sealed {
                sealed_plans::Entity::insert(sealed_plans::ActiveModel {
                    match_id: Set(id),
                    number: Set(number as i32),
                    seat: Set(seat as i16),
                    encoding: Set(crate::encoding::encode(mv)),
                    text: Set(text),
                    actor_id: Set(actor_id),
                    taken_ms: Set(taken_ms),
                    created_at: Set(now),
                    ..Default::default()
                })
                .exec_without_returning(&txn)
                .await?;
            } else {
                if sealed_pending > 0 {
                    released = release_plans(&txn, id).await?;
                }
                moves::Entity::insert(moves::ActiveModel {
                    match_id: Set(id),
                    number: Set(number as i32),
                    seat: Set(seat as i16),
                    encoding: Set(crate::encoding::encode(mv)),
                    text: Set(text),
                    actor_id: Set(actor_id),
                    taken_ms: Set(taken_ms),
                    created_at: Set(now),
                    ..Default::default()
                })
                .exec_without_returning(&txn)
                .await?;
            }
            record_draw_talk(&txn, id, &state, &next, mv, number, now).await?;
            sealed_pending = if sealed { sealed_pending + 1 } else { 0 };
            played.push(Played {
                number,
                sealed,
                released,
                finished: next.is_terminal(),
            });
            state = next;
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
        Ok(played)
    }
}

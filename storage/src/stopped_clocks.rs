//! A Trainer stopping a match's clock: allowed when every player is a
//! non-human, the Trainer, or one of the Trainer's personas. The match then
//! has no deadlines, and it is not rated.

use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TransactionTrait,
};

use crate::Storage;
use crate::accounts::player_by_id;
use crate::entities::{deadlines, matches, seats};
use crate::error::{Result, refuse};
use crate::roles::{self, Action, Kind};

/// Whether a match's clock was stopped (its moves then set no deadline).
pub(crate) async fn clock_stopped<C: ConnectionTrait>(db: &C, match_id: i64) -> Result<bool> {
    Ok(matches::Entity::find_by_id(match_id)
        .one(db)
        .await?
        .is_some_and(|m| m.clock_stopped_at.is_some()))
}

impl Storage {
    /// Stops the clock of a match that is still going, for `actor` (a
    /// Trainer or Admin) when every seat is a non-human, the actor, or one of
    /// the actor's personas. Deletes the deadline and makes the match unrated.
    pub async fn stop_clock(&self, actor_id: i64, match_id: i64) -> Result<()> {
        let txn = self.db.begin().await?;
        let actor = player_by_id(&txn, actor_id).await?;
        roles::allow(actor.security, Action::StopClock)?;
        let Some(row) = matches::Entity::find_by_id(match_id)
            .lock_exclusive()
            .one(&txn)
            .await?
        else {
            return refuse(format!("there is no match {match_id}"));
        };
        if row.finished_at.is_some() {
            return refuse(format!(
                "match {match_id} is over; its clock has stopped by itself"
            ));
        }
        if row.clock_stopped_at.is_some() {
            return refuse(format!("the clock of match {match_id} is stopped already"));
        }
        let seated = seats::Entity::find()
            .filter(seats::Column::MatchId.eq(match_id))
            .all(&txn)
            .await?;
        let mut others = Vec::new();
        for seat in seated {
            let p = player_by_id(&txn, seat.player_id).await?;
            let machine = matches!(p.kind, Kind::Random | Kind::Chaos | Kind::Standard);
            let own = p.id == actor.id
                || (p.kind == Kind::Persona
                    && (p.parent_id == Some(actor.id) || p.creator_id == Some(actor.id)));
            if !machine && !own && !others.contains(&p.name) {
                others.push(p.name);
            }
        }
        if !others.is_empty() {
            return refuse(format!(
                "another person plays in match {match_id} ({}), so its clock keeps running; \
                 a Trainer stops the clock only when every other player is a non-human (Random, a standard player) \
                 or one of the Trainer's personas",
                others.join(", ")
            ));
        }
        matches::Entity::update_many()
            .col_expr(matches::Column::Rated, Expr::value(false))
            .col_expr(matches::Column::ClockStoppedAt, Expr::value(self.now()))
            .filter(matches::Column::Id.eq(match_id))
            .exec(&txn)
            .await?;
        deadlines::Entity::delete_many()
            .filter(deadlines::Column::MatchId.eq(match_id))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        Ok(())
    }

    /// When the clock of a match was stopped, if it was.
    pub async fn clock_stopped_at(&self, match_id: i64) -> Result<Option<DateTimeUtc>> {
        Ok(matches::Entity::find_by_id(match_id)
            .one(&self.db)
            .await?
            .and_then(|m| m.clock_stopped_at))
    }
}

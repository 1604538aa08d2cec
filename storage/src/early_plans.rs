//! Early plans: in a round planned seat by seat, a later seat's plan sent
//! before its turn to plan. It is kept here until that turn comes, and then
//! taken by exactly one caller (of every process on the database).

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};

use crate::Storage;
use crate::entities::early_plans;
use crate::error::Result;

impl Storage {
    /// Keeps a seat's early plan, replacing one it sent before.
    pub async fn keep_early_plan(&self, match_id: i64, seat: usize, text: &str) -> Result<()> {
        let txn = self.db.begin().await?;
        early_plans::Entity::delete_many()
            .filter(early_plans::Column::MatchId.eq(match_id))
            .filter(early_plans::Column::Seat.eq(seat as i16))
            .exec(&txn)
            .await?;
        early_plans::Entity::insert(early_plans::ActiveModel {
            match_id: Set(match_id),
            seat: Set(seat as i16),
            text: Set(text.to_string()),
            created_at: Set(self.now()),
        })
        .exec_without_returning(&txn)
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Takes a seat's early plan out, if it has one: only the caller whose
    /// delete removed it gets it.
    pub async fn take_early_plan(&self, match_id: i64, seat: usize) -> Result<Option<String>> {
        let Some(row) = early_plans::Entity::find()
            .filter(early_plans::Column::MatchId.eq(match_id))
            .filter(early_plans::Column::Seat.eq(seat as i16))
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let taken = early_plans::Entity::delete_many()
            .filter(early_plans::Column::MatchId.eq(match_id))
            .filter(early_plans::Column::Seat.eq(seat as i16))
            .filter(early_plans::Column::CreatedAt.eq(row.created_at))
            .filter(early_plans::Column::Text.eq(row.text.clone()))
            .exec(&self.db)
            .await?;
        Ok((taken.rows_affected == 1).then_some(row.text))
    }

    /// The seats of a match with a plan kept for later, in seat order.
    pub async fn early_plan_seats(&self, match_id: i64) -> Result<Vec<usize>> {
        let mut seats: Vec<usize> = early_plans::Entity::find()
            .filter(early_plans::Column::MatchId.eq(match_id))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.seat as usize)
            .collect();
        seats.sort_unstable();
        seats.dedup();
        Ok(seats)
    }
}

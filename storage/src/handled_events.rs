//! Claims on incoming chat events: an event read twice (again after a
//! restart, or by a second process) is taken on by exactly one reader.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::Storage;
use crate::entities::handled_events;
use crate::error::Result;

impl Storage {
    /// Claims the event `key` (e.g. `matrix:$event-id`): true for the one
    /// caller that should answer it, false if it was claimed before.
    pub async fn claim_event(&self, key: &str) -> Result<bool> {
        let inserted = handled_events::Entity::insert(handled_events::ActiveModel {
            event_key: Set(key.to_string()),
            handled_at: Set(self.now()),
        })
        .on_conflict(
            OnConflict::column(handled_events::Column::EventKey)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await?;
        Ok(inserted == 1)
    }

    /// Forgets the claims older than `days` days (no event is read again
    /// that late).
    pub async fn forget_events_older_than(&self, days: i64) -> Result<u64> {
        let before = self.now() - chrono::TimeDelta::days(days);
        let gone = handled_events::Entity::delete_many()
            .filter(handled_events::Column::HandledAt.lt(before))
            .exec(&self.db)
            .await?;
        Ok(gone.rows_affected)
    }
}

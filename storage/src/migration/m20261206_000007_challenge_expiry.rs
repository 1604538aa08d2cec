//! Challenge expiry: when an open challenge lapses unanswered. Additive
//! only: one nullable column; a challenge made before it (null) lapses a
//! week after it was made, the longest any challenge waits.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261206_000007_challenge_expiry"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("challenges"))
                    .add_column(timestamp_with_time_zone_null(Alias::new("expires_at")))
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("challenges"))
                    .drop_column(Alias::new("expires_at"))
                    .to_owned(),
            )
            .await
    }
}

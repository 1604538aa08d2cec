//! Challenge expiry: when an open challenge lapses unanswered. Additive
//! only: one nullable column, and an index for the clock's look, every
//! tick, for open challenges that have lapsed. A challenge made before it
//! (null) lapses a week after it was made, the longest any challenge waits.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

const INDEX: &str = "idx_challenges_status_expires_at";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261206_000008_challenge_expiry"
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
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(Alias::new("challenges"))
                    .col(Alias::new("status"))
                    .col(Alias::new("expires_at"))
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite drops no column an index names.
        manager
            .drop_index(
                Index::drop()
                    .name(INDEX)
                    .table(Alias::new("challenges"))
                    .to_owned(),
            )
            .await?;
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

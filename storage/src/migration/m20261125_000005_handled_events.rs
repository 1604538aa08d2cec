//! Handled events: the chat events (a Matrix event id) the bot has taken on,
//! so that one read again after a restart, or by a second process, is
//! answered once.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000005_handled_events"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Alias::new("handled_events"))
                    .col(string_len(Alias::new("event_key"), 255).primary_key())
                    .col(timestamp_with_time_zone(Alias::new("handled_at")))
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Alias::new("handled_events")).to_owned())
            .await
    }
}

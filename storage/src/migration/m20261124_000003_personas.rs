//! Personas and stopped clocks: the persona a chat account acts as, and
//! when a Trainer stopped a match's clock. Two added columns, one statement
//! each (SQLite alters one column at a time).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261124_000003_personas"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("identities"))
                    .add_column(big_integer_null(Alias::new("acting_id")))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("matches"))
                    .add_column(timestamp_with_time_zone_null(Alias::new(
                        "clock_stopped_at",
                    )))
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
                    .table(Alias::new("matches"))
                    .drop_column(Alias::new("clock_stopped_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("identities"))
                    .drop_column(Alias::new("acting_id"))
                    .to_owned(),
            )
            .await
    }
}

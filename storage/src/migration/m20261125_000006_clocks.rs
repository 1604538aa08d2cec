//! Clocks: the clock a challenge chose and its match keeps (seconds per
//! move; null for the game's own, as every earlier row), and how many of a
//! deadline's reminders went out and when the next is due. Additive only:
//! columns added one statement each (SQLite alters one column at a time);
//! a deadline already reminded counts one reminder sent.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000006_clocks"
    }
}

fn add(table: &str, column: ColumnDef) -> TableAlterStatement {
    Table::alter()
        .table(Alias::new(table))
        .add_column(column)
        .to_owned()
}

fn drop(table: &str, column: &str) -> TableAlterStatement {
    Table::alter()
        .table(Alias::new(table))
        .drop_column(Alias::new(column))
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for statement in [
            add("challenges", integer_null(Alias::new("clock_seconds"))),
            add("matches", integer_null(Alias::new("clock_seconds"))),
            add(
                "deadlines",
                integer(Alias::new("reminders_sent")).default(0).to_owned(),
            ),
            add(
                "deadlines",
                timestamp_with_time_zone_null(Alias::new("next_reminder_at")),
            ),
        ] {
            manager.alter_table(statement).await?;
        }
        manager
            .exec_stmt(
                Query::update()
                    .table(Alias::new("deadlines"))
                    .value(Alias::new("reminders_sent"), 1)
                    .and_where(Expr::col(Alias::new("reminded_at")).is_not_null())
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for statement in [
            drop("deadlines", "next_reminder_at"),
            drop("deadlines", "reminders_sent"),
            drop("matches", "clock_seconds"),
            drop("challenges", "clock_seconds"),
        ] {
            manager.alter_table(statement).await?;
        }
        Ok(())
    }
}

//! Early plans: a seat's plan for a round, sent before the seats ahead of
//! it have planned, kept in the database so that neither a restart nor
//! another process loses it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000004_early_plans"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Alias::new("early_plans"))
                    .col(big_integer(Alias::new("match_id")))
                    .col(small_integer(Alias::new("seat")))
                    .col(text(Alias::new("text")))
                    .col(timestamp_with_time_zone(Alias::new("created_at")))
                    .primary_key(
                        Index::create()
                            .col(Alias::new("match_id"))
                            .col(Alias::new("seat")),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_early_plans_match_id")
                            .from(Alias::new("early_plans"), Alias::new("match_id"))
                            .to(Alias::new("matches"), Alias::new("id")),
                    )
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Alias::new("early_plans")).to_owned())
            .await
    }
}

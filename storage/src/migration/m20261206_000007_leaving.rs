//! Leaving a match: per seat, how many decisions the match held when the
//! seat left it (resigned, or its time ran out); null for a seat still
//! playing, as every earlier row. Replaying a match applies each leave at
//! that point. Additive only.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261206_000007_leaving"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("seats"))
                    .add_column(integer_null(Alias::new("left_at")))
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
                    .table(Alias::new("seats"))
                    .drop_column(Alias::new("left_at"))
                    .to_owned(),
            )
            .await
    }
}

//! Challenges: who asked whom to play which game where, and the match a
//! challenge became. The match's channel is its challenge's.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000002_challenges"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let foreign = |column: &str, to: &str| {
            ForeignKey::create()
                .name(format!("fk_challenges_{column}"))
                .from(Alias::new("challenges"), Alias::new(column))
                .to(Alias::new(to), Alias::new("id"))
                .to_owned()
        };
        manager
            .create_table(
                Table::create()
                    .table(Alias::new("challenges"))
                    .col(big_pk_auto(Alias::new("id")))
                    .col(big_integer(Alias::new("rule_set_id")))
                    .col(big_integer(Alias::new("challenger_id")))
                    .col(string_len(Alias::new("platform"), 16))
                    .col(string_len_null(Alias::new("community"), 255))
                    .col(string_len(Alias::new("channel"), 255))
                    .col(text(Alias::new("seats")))
                    .col(boolean(Alias::new("rated")))
                    .col(string_len(Alias::new("status"), 16))
                    .col(big_integer_null(Alias::new("match_id")))
                    .col(timestamp_with_time_zone(Alias::new("created_at")))
                    .foreign_key(&mut foreign("rule_set_id", "rule_sets"))
                    .foreign_key(&mut foreign("challenger_id", "players"))
                    .foreign_key(&mut foreign("match_id", "matches"))
                    .to_owned(),
            )
            .await?;
        for (name, columns) in [
            (
                "ix_challenges_channel",
                &["platform", "channel", "status"][..],
            ),
            ("ux_challenges_match", &["match_id"][..]),
        ] {
            let mut index = Index::create();
            index.name(name).table(Alias::new("challenges"));
            for column in columns {
                index.col(Alias::new(*column));
            }
            if name.starts_with("ux_") {
                index.unique();
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Alias::new("challenges")).to_owned())
            .await
    }
}

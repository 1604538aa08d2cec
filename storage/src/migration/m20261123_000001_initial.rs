//! The first schema: players and chat identities, security tokens, rule sets,
//! matches with seats, the move log and sealed plans, draw offers, deadlines,
//! ratings with their history, and friend requests.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000001_initial"
    }
}

/// Player and game names: the engine allows 40 characters; system names add a '*'.
const NAME_LEN: u32 = 48;

fn table(name: &str) -> TableCreateStatement {
    Table::create().table(Alias::new(name)).to_owned()
}

fn id() -> ColumnDef {
    big_pk_auto(Alias::new("id"))
}

fn at(column: &str) -> ColumnDef {
    timestamp_with_time_zone(Alias::new(column))
}

fn at_null(column: &str) -> ColumnDef {
    timestamp_with_time_zone_null(Alias::new(column))
}

fn reference(column: &str) -> ColumnDef {
    big_integer(Alias::new(column))
}

fn reference_null(column: &str) -> ColumnDef {
    big_integer_null(Alias::new(column))
}

fn word(column: &str, len: u32) -> ColumnDef {
    string_len(Alias::new(column), len)
}

fn seat() -> ColumnDef {
    small_integer(Alias::new("seat"))
}

/// `from_table.column` refers to `to_table.id`.
fn foreign(from_table: &str, column: &str, to_table: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{from_table}_{column}"))
        .from(Alias::new(from_table), Alias::new(column))
        .to(Alias::new(to_table), Alias::new("id"))
        .to_owned()
}

fn index(name: &str, on: &str, columns: &[&str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(Alias::new(on));
    for column in columns {
        index.col(Alias::new(*column));
    }
    index.to_owned()
}

fn unique(name: &str, on: &str, columns: &[&str]) -> IndexCreateStatement {
    index(name, on, columns).unique().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for statement in tables() {
            manager.create_table(statement).await?;
        }
        for statement in indexes() {
            manager.create_index(statement).await?;
        }
        Ok(())
    }

    /// All or nothing on every database.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for name in TABLES.iter().rev() {
            manager
                .drop_table(Table::drop().table(Alias::new(*name)).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// In creation order (a table only refers to tables before it).
const TABLES: [&str; 13] = [
    "players",
    "identities",
    "security_tokens",
    "rule_sets",
    "matches",
    "seats",
    "moves",
    "sealed_plans",
    "draw_offers",
    "deadlines",
    "ratings",
    "rating_history",
    "friend_requests",
];

fn tables() -> Vec<TableCreateStatement> {
    let move_log = |name: &str| {
        table(name)
            .col(id())
            .col(reference("match_id"))
            .col(integer(Alias::new("number")))
            .col(seat())
            .col(word("encoding", 64))
            .col(text(Alias::new("text")))
            .col(reference_null("actor_id"))
            .col(big_integer(Alias::new("taken_ms")))
            .col(at("created_at"))
            .foreign_key(&mut foreign(name, "match_id", "matches"))
            .foreign_key(&mut foreign(name, "actor_id", "players"))
            .to_owned()
    };
    vec![
        table("players")
            .col(id())
            .col(word("name", NAME_LEN))
            .col(word("name_key", NAME_LEN))
            .col(word("universe", 64))
            .col(word("security", 16))
            .col(word("kind", 16))
            .col(reference_null("creator_id"))
            .col(reference_null("parent_id"))
            .col(string_null(Alias::new("avatar")))
            .col(at("created_at"))
            .foreign_key(&mut foreign("players", "creator_id", "players"))
            .foreign_key(&mut foreign("players", "parent_id", "players"))
            .to_owned(),
        table("identities")
            .col(id())
            .col(word("platform", 16))
            .col(word("external_id", 255))
            .col(reference("player_id"))
            .col(at("created_at"))
            .foreign_key(&mut foreign("identities", "player_id", "players"))
            .to_owned(),
        table("security_tokens")
            .col(id())
            .col(reference("player_id"))
            .col(word("purpose", 16))
            .col(word("hash", 64))
            .col(at("created_at"))
            .col(at("expires_at"))
            .col(at_null("used_at"))
            .foreign_key(&mut foreign("security_tokens", "player_id", "players"))
            .to_owned(),
        table("rule_sets")
            .col(id())
            .col(word("name", NAME_LEN))
            .col(word("name_key", NAME_LEN))
            .col(word("fingerprint", 64))
            .col(text(Alias::new("rules_json")))
            .col(reference_null("creator_id"))
            .col(reference_null("standard_player_id"))
            .col(at("created_at"))
            .foreign_key(&mut foreign("rule_sets", "creator_id", "players"))
            .foreign_key(&mut foreign("rule_sets", "standard_player_id", "players"))
            .to_owned(),
        table("matches")
            .col(id())
            .col(reference("rule_set_id"))
            .col(big_integer(Alias::new("seed")))
            .col(reference_null("creator_id"))
            .col(integer(Alias::new("move_count")))
            .col(boolean(Alias::new("rated")))
            .col(at("created_at"))
            .col(at_null("finished_at"))
            .col(text_null(Alias::new("outcome")))
            .col(at_null("rated_at"))
            .foreign_key(&mut foreign("matches", "rule_set_id", "rule_sets"))
            .foreign_key(&mut foreign("matches", "creator_id", "players"))
            .to_owned(),
        table("seats")
            .col(reference("match_id"))
            .col(seat())
            .col(reference("player_id"))
            .col(word("augmentation", 1))
            .col(string_len_null(Alias::new("result"), 8))
            .primary_key(
                Index::create()
                    .col(Alias::new("match_id"))
                    .col(Alias::new("seat")),
            )
            .foreign_key(&mut foreign("seats", "match_id", "matches"))
            .foreign_key(&mut foreign("seats", "player_id", "players"))
            .to_owned(),
        move_log("moves"),
        move_log("sealed_plans"),
        table("draw_offers")
            .col(id())
            .col(reference("match_id"))
            .col(seat())
            .col(integer(Alias::new("number")))
            .col(at("offered_at"))
            .col(string_len_null(Alias::new("answer"), 8))
            .col(at_null("answered_at"))
            .foreign_key(&mut foreign("draw_offers", "match_id", "matches"))
            .to_owned(),
        table("deadlines")
            .col(reference("match_id"))
            .col(seat())
            .col(at("due_at"))
            .col(at_null("reminded_at"))
            .primary_key(
                Index::create()
                    .col(Alias::new("match_id"))
                    .col(Alias::new("seat")),
            )
            .foreign_key(&mut foreign("deadlines", "match_id", "matches"))
            .to_owned(),
        table("ratings")
            .col(reference("player_id"))
            .col(word("augmentation", 1))
            .col(reference("rule_set_id"))
            .col(double(Alias::new("mu")))
            .col(double(Alias::new("sigma")))
            .col(integer(Alias::new("played")))
            .col(integer(Alias::new("won")))
            .col(integer(Alias::new("drawn")))
            .col(integer(Alias::new("lost")))
            .col(big_integer(Alias::new("decision_ms")))
            .col(integer(Alias::new("decisions")))
            .col(integer(Alias::new("top_burst")))
            .col(at("last_match_at"))
            .col(at("changed_at"))
            .primary_key(
                Index::create()
                    .col(Alias::new("player_id"))
                    .col(Alias::new("augmentation"))
                    .col(Alias::new("rule_set_id")),
            )
            .foreign_key(&mut foreign("ratings", "player_id", "players"))
            .foreign_key(&mut foreign("ratings", "rule_set_id", "rule_sets"))
            .to_owned(),
        table("rating_history")
            .col(id())
            .col(reference("player_id"))
            .col(word("augmentation", 1))
            .col(reference("rule_set_id"))
            .col(reference("match_id"))
            .col(double(Alias::new("mu_before")))
            .col(double(Alias::new("sigma_before")))
            .col(double(Alias::new("mu_after")))
            .col(double(Alias::new("sigma_after")))
            .col(at("created_at"))
            .foreign_key(&mut foreign("rating_history", "player_id", "players"))
            .foreign_key(&mut foreign("rating_history", "rule_set_id", "rule_sets"))
            .foreign_key(&mut foreign("rating_history", "match_id", "matches"))
            .to_owned(),
        table("friend_requests")
            .col(reference("inviter_id"))
            .col(reference("invited_id"))
            .col(word("status", 16))
            .col(at("created_at"))
            .col(at("updated_at"))
            .primary_key(
                Index::create()
                    .col(Alias::new("inviter_id"))
                    .col(Alias::new("invited_id")),
            )
            .foreign_key(&mut foreign("friend_requests", "inviter_id", "players"))
            .foreign_key(&mut foreign("friend_requests", "invited_id", "players"))
            .to_owned(),
    ]
}

fn indexes() -> Vec<IndexCreateStatement> {
    vec![
        unique(
            "ux_players_universe_name",
            "players",
            &["universe", "name_key"],
        ),
        index("ix_players_creator", "players", &["creator_id"]),
        unique(
            "ux_identities_platform_external",
            "identities",
            &["platform", "external_id"],
        ),
        index("ix_identities_player", "identities", &["player_id"]),
        unique("ux_security_tokens_hash", "security_tokens", &["hash"]),
        unique("ux_rule_sets_name", "rule_sets", &["name_key"]),
        unique("ux_rule_sets_fingerprint", "rule_sets", &["fingerprint"]),
        index("ix_rule_sets_creator", "rule_sets", &["creator_id"]),
        index("ix_matches_rule_set", "matches", &["rule_set_id"]),
        index("ix_seats_player", "seats", &["player_id"]),
        unique("ux_moves_match_number", "moves", &["match_id", "number"]),
        unique(
            "ux_sealed_plans_match_number",
            "sealed_plans",
            &["match_id", "number"],
        ),
        index("ix_draw_offers_match", "draw_offers", &["match_id"]),
        index("ix_deadlines_due", "deadlines", &["due_at"]),
        index(
            "ix_rating_history_key",
            "rating_history",
            &["player_id", "augmentation", "rule_set_id"],
        ),
        index("ix_rating_history_match", "rating_history", &["match_id"]),
        index(
            "ix_friend_requests_invited",
            "friend_requests",
            &["invited_id"],
        ),
    ]
}

//! The tables as sea-orm entities. The migrations in `crate::migration`
//! create them; nothing outside this crate sees these types.
//!
//! Times are UTC. Seats are 0-based, as in the engine. Enumerations are
//! stored as short lowercase words (see `crate::roles`).

pub mod players {
    use sea_orm::entity::prelude::*;

    /// One person or bot: humans, personas, Random, Chaos, standard players.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "players")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub name: String,
        /// The name in lowercase: names are unique per universe regardless of case.
        pub name_key: String,
        pub universe: String,
        /// anonymous, persona, creator, trainer or admin.
        pub security: String,
        /// human, random, chaos, standard or persona.
        pub kind: String,
        pub creator_id: Option<i64>,
        /// For a persona, the human it copies.
        pub parent_id: Option<i64>,
        pub avatar: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod identities {
    use sea_orm::entity::prelude::*;

    /// A chat account (Discord user id, Matrix user id) and the player it speaks for.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "identities")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// discord or matrix.
        pub platform: String,
        pub external_id: String,
        pub player_id: i64,
        pub created_at: DateTimeUtc,
        /// The persona this account acts as (`persona use`), if not the player itself.
        pub acting_id: Option<i64>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod security_tokens {
    use sea_orm::entity::prelude::*;

    /// A short-lived, single-use secret, stored only as its SHA-256.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "security_tokens")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub player_id: i64,
        /// token (acts for the player on the command line) or link (links a chat account).
        pub purpose: String,
        pub hash: String,
        pub created_at: DateTimeUtc,
        pub expires_at: DateTimeUtc,
        pub used_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod rule_sets {
    use sea_orm::entity::prelude::*;

    /// A saved game: immutable except its name.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "rule_sets")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub name: String,
        pub name_key: String,
        pub fingerprint: String,
        /// The rule set's JSON, as `RuleSet::to_json` writes it.
        pub rules_json: String,
        /// None for the built-in catalogue (owned by the system).
        pub creator_id: Option<i64>,
        pub standard_player_id: Option<i64>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod matches {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "matches")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub rule_set_id: i64,
        /// The engine's seed (a u64 stored bit for bit).
        pub seed: i64,
        pub creator_id: Option<i64>,
        /// Decisions recorded so far, sealed plans included: the next move's number.
        pub move_count: i32,
        /// False when the match must not change ratings (a Trainer stopped the clock).
        pub rated: bool,
        pub created_at: DateTimeUtc,
        pub finished_at: Option<DateTimeUtc>,
        /// The outcome in words, once finished.
        pub outcome: Option<String>,
        pub rated_at: Option<DateTimeUtc>,
        /// When a Trainer stopped the clock: no deadlines from then on.
        pub clock_stopped_at: Option<DateTimeUtc>,
        /// Seconds per move of a correspondence clock; null: the game's own.
        pub clock_seconds: Option<i32>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod seats {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "seats")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub match_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seat: i16,
        pub player_id: i64,
        /// A (alone), R (reviewing), D (delegating), B (debating).
        pub augmentation: String,
        /// win, loss or draw, once finished.
        pub result: Option<String>,
        /// How many decisions the match held when the seat left it
        /// (resigned, ran out of time); null while it plays.
        pub left_at: Option<i32>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The append-only move log and the sealed plans share one shape.
macro_rules! move_table {
    ($module:ident, $table:literal, $doc:literal) => {
        pub mod $module {
            use sea_orm::entity::prelude::*;

            #[doc = $doc]
            #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
            #[sea_orm(table_name = $table)]
            pub struct Model {
                #[sea_orm(primary_key)]
                pub id: i64,
                pub match_id: i64,
                /// The decision's index in the match (0-based, no gaps).
                pub number: i32,
                pub seat: i16,
                /// The move in the storage encoding (`crate::encoding`).
                pub encoding: String,
                /// The move in the spec's words ("Black circle to (2,2)").
                pub text: String,
                /// Who decided: the seat's player, its augmentor, or None for a timeout.
                pub actor_id: Option<i64>,
                /// Milliseconds the decision took.
                pub taken_ms: i64,
                pub created_at: DateTimeUtc,
            }

            #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
            pub enum Relation {}

            impl ActiveModelBehavior for ActiveModel {}
        }
    };
}

move_table!(
    moves,
    "moves",
    "One decision of a match, never changed once written."
);
move_table!(
    sealed_plans,
    "sealed_plans",
    "A decision of a simultaneous round not yet resolved: kept apart from the move log."
);

pub mod draw_offers {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "draw_offers")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub match_id: i64,
        pub seat: i16,
        /// The number of the offering decision.
        pub number: i32,
        pub offered_at: DateTimeUtc,
        /// agreed or refused, once answered.
        pub answer: Option<String>,
        pub answered_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod deadlines {
    use sea_orm::entity::prelude::*;

    /// When a seat's time to decide runs out.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "deadlines")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub match_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seat: i16,
        pub due_at: DateTimeUtc,
        /// When the last reminder went out.
        pub reminded_at: Option<DateTimeUtc>,
        /// How many of the clock's reminders went out.
        pub reminders_sent: i32,
        /// When the next reminder is due; null: none is left.
        pub next_reminder_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod early_plans {
    use sea_orm::entity::prelude::*;

    /// A seat's plan for a round, sent before its turn to plan came.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "early_plans")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub match_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seat: i16,
        pub text: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod handled_events {
    use sea_orm::entity::prelude::*;

    /// A chat event the bot took on (`matrix:$id`).
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "handled_events")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub event_key: String,
        pub handled_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod ratings {
    use sea_orm::entity::prelude::*;

    /// Rating and stats per (player, augmentation, rule set).
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "ratings")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub player_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub augmentation: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub rule_set_id: i64,
        pub mu: f64,
        pub sigma: f64,
        pub played: i32,
        pub won: i32,
        pub drawn: i32,
        pub lost: i32,
        /// Total milliseconds over `decisions` decisions: the average decision time.
        pub decision_ms: i64,
        pub decisions: i32,
        /// The largest one-match rise of the shown rating.
        pub top_burst: i32,
        pub last_match_at: DateTimeUtc,
        /// When the shown rating last changed ("held for").
        pub changed_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod rating_history {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "rating_history")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub player_id: i64,
        pub augmentation: String,
        pub rule_set_id: i64,
        pub match_id: i64,
        pub mu_before: f64,
        pub sigma_before: f64,
        pub mu_after: f64,
        pub sigma_after: f64,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod friend_requests {
    use sea_orm::entity::prelude::*;

    /// One row per pair. A banned row always has the banner as `invited_id`.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "friend_requests")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub inviter_id: i64,
        #[sea_orm(primary_key, auto_increment = false)]
        pub invited_id: i64,
        /// pending, accepted or banned.
        pub status: String,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod challenges {
    use sea_orm::entity::prelude::*;

    /// An invitation to play, and the match it became.
    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "challenges")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub rule_set_id: i64,
        pub challenger_id: i64,
        /// discord, matrix or console.
        pub platform: String,
        pub community: Option<String>,
        pub channel: String,
        /// JSON: per seat wanted, the player (null for an open seat), the
        /// augmentation word and whether the player accepted.
        pub seats: String,
        pub rated: bool,
        /// open, started, declined, cancelled or expired.
        pub status: String,
        pub match_id: Option<i64>,
        pub created_at: DateTimeUtc,
        /// Seconds per move of a correspondence clock; null: the game's own.
        pub clock_seconds: Option<i32>,
        /// When the challenge lapses if still open; null (made before
        /// expiry): a week after `created_at`.
        pub expires_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

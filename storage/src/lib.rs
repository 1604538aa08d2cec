//! Everything redscience remembers, behind one API: players and chat
//! identities, security tokens, rule sets, matches with their move logs,
//! ratings and friends. SQLite by default (a file `redscience.db` in the
//! working directory, WAL mode), PostgreSQL when `DATABASE_URL` says so.
//! No other crate writes SQL.
//!
//! Every write that belongs together happens in one transaction, and a call
//! returns only after its transaction has committed: a crash loses nothing
//! that was acknowledged and leaves nothing half-written.

mod accounts;
mod challenges;
mod clocks;
mod config;
mod creations;
mod early_plans;
pub mod encoding;
pub mod entities;
mod error;
mod friends;
mod handled_events;
mod leaderboard;
mod matches;
pub mod migration;
mod personas;
mod ratings;
pub mod roles;
mod rule_sets;
pub mod scratch;
mod seed;
mod stats;
mod stopped_clocks;
mod tokens;

use std::sync::Arc;
use std::time::Duration;

use sea_orm::prelude::DateTimeUtc;
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

pub use accounts::{ChatId, Platform, Player, SystemPlayer, name_from_display};
pub use challenges::{Challenge, ChallengeStatus, ChannelRef, Invitee, Made, NewChallenge};
pub use clocks::{
    CHALLENGE_LIFETIME_MAX, CORRESPONDENCE_SECONDS, DEFAULT_CORRESPONDENCE, MatchClock,
    challenge_lifetime, reminder_schedule,
};
pub use config::Config;
pub use creations::{Created, Creation};
pub use error::{Error, Result};
pub use friends::{FriendStatus, Friends, Removed};
pub use leaderboard::{LEVELS, Standing, level_of, level_player_name, standard_player_name};
pub use matches::{Deadline, LiveMatch, NewMatch, Played, SeatRecord, StoredMove};
pub use personas::{UNIVERSE_NAME_MAX, check_universe_name};
pub use ratings::{Rating, RatingKey, RatingUpdate};
pub use roles::{Augmentation, Kind, Security};
pub use rule_sets::SavedRuleSet;
pub use sea_orm;
pub use sea_orm_migration;
pub use seed::SeedReport;
pub use stats::{RatedMatch, RatedSeat, RatingPoint, StatsRow};
pub use tokens::{Purpose, TOKEN_LIFETIME};

/// The universe every player starts in.
pub const PUBLIC_UNIVERSE: &str = "Public Universe";

type Clock = Arc<dyn Fn() -> DateTimeUtc + Send + Sync>;

/// An open database with its schema up to date.
#[derive(Clone)]
pub struct Storage {
    db: DatabaseConnection,
    clock: Clock,
    admins: Vec<ChatId>,
}

/// What `migrate` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MigrationReport {
    /// The migrations applied by this call, oldest first.
    pub applied: Vec<String>,
    /// Every migration this build knows.
    pub known: usize,
}

impl Storage {
    /// Connects without touching the schema (see [`Storage::open`]).
    pub async fn connect(url: &str) -> Result<Storage> {
        let mut options = ConnectOptions::new(url.to_string());
        options
            .sqlx_logging(false)
            .acquire_timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(10));
        if url.starts_with("sqlite:") {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            // One connection: SQLite has one writer anyway, and a single
            // connection cannot deadlock on a lock upgrade.
            options.max_connections(1).map_sqlx_sqlite_opts(|o| {
                o.create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    // A commit reaches the disk before it is acknowledged.
                    .synchronous(SqliteSynchronous::Full)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(10))
            });
        } else {
            options.max_connections(8);
        }
        let db = Database::connect(options).await?;
        Ok(Storage {
            db,
            clock: Arc::new(now_ms),
            admins: Vec::new(),
        })
    }

    /// Connects, applies pending migrations, seeds the system players and the
    /// catalogue, and makes the configured Admins Admins.
    pub async fn open(config: &Config) -> Result<Storage> {
        let mut storage = Storage::connect(&config.database_url).await?;
        storage.admins = config.admins.clone();
        storage.migrate().await?;
        storage.seed().await?;
        storage.bootstrap_admins().await?;
        Ok(storage)
    }

    /// Applies every pending migration, all in one transaction: a failure
    /// leaves the schema as it was. On PostgreSQL a lock makes a second
    /// process starting at the same time wait, then find nothing to do.
    pub async fn migrate(&self) -> Result<MigrationReport> {
        let txn = self.db.begin().await?;
        self.lock_for_setup(&txn).await?;
        let pending = migration::Migrator::get_pending_migrations(&txn).await?;
        migration::Migrator::up(&txn, None).await?;
        txn.commit().await?;
        Ok(MigrationReport {
            applied: pending.iter().map(|m| m.name().to_string()).collect(),
            known: migration::Migrator::migrations().len(),
        })
    }

    /// Within a transaction, waits for any other process's migration or
    /// seeding to finish (PostgreSQL; SQLite has one writer at a time).
    pub(crate) async fn lock_for_setup(&self, txn: &DatabaseTransaction) -> Result<()> {
        if self.db.get_database_backend() == DbBackend::Postgres {
            txn.execute_unprepared("SELECT pg_advisory_xact_lock(7421305)")
                .await?;
        }
        Ok(())
    }

    /// The connection, for inspection in tests and tools; writes go through this crate's API.
    pub fn connection(&self) -> &DatabaseConnection {
        &self.db
    }

    /// "sqlite" or "postgres".
    pub fn backend(&self) -> &'static str {
        match self.db.get_database_backend() {
            DbBackend::Sqlite => "sqlite",
            DbBackend::Postgres => "postgres",
            _ => "other",
        }
    }

    /// The chat ids named Admins by configuration.
    pub fn set_admins(&mut self, admins: Vec<ChatId>) {
        self.admins = admins;
    }

    /// Replaces the clock (tests travel in time with it).
    pub fn set_clock(&mut self, clock: impl Fn() -> DateTimeUtc + Send + Sync + 'static) {
        self.clock = Arc::new(clock);
    }

    /// Now, to the millisecond (both databases keep at least that).
    pub fn now(&self) -> DateTimeUtc {
        (self.clock)()
    }

    /// Closes the connections.
    pub async fn close(self) -> Result<()> {
        Ok(self.db.close().await?)
    }
}

fn now_ms() -> DateTimeUtc {
    let now = chrono::Utc::now();
    chrono_ms(now)
}

/// A time truncated to whole milliseconds.
pub fn chrono_ms(t: DateTimeUtc) -> DateTimeUtc {
    let ms = t.timestamp_millis();
    DateTimeUtc::from_timestamp_millis(ms).expect("a time in range")
}

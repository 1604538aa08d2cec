//! Challenges: an invitation to play a game in a channel, seat by seat
//! (named players who must accept, non-human players who accept at once, or
//! open seats anyone there may take). A challenge becomes a match in the
//! same transaction that starts the match, so it starts once. An open
//! challenge lapses (see [`challenge_lifetime`]); the lapse is claimed by
//! one caller, as a match's deadline is.

use chrono::TimeDelta;
use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter,
    QueryOrder, Set, Statement, TransactionTrait,
};
use serde::{Deserialize, Serialize};

use crate::Storage;
use crate::accounts::Platform;
use crate::clocks::{CHALLENGE_LIFETIME_MAX, MatchClock, challenge_lifetime};
use crate::entities::challenges;
use crate::error::{Error, Result, refuse};
use crate::roles::Augmentation;

/// Where a challenge was made: its match's messages go there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelRef {
    pub platform: Platform,
    pub community: Option<String>,
    pub channel: String,
}

/// One seat a challenge asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitee {
    /// None for an open seat anyone in the channel may take.
    pub player_id: Option<i64>,
    pub augmentation: Augmentation,
    pub accepted: bool,
}

#[derive(Serialize, Deserialize)]
struct InviteeRow {
    player_id: Option<i64>,
    augmentation: String,
    accepted: bool,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Started,
    Declined,
    Cancelled,
    /// Lapsed unanswered.
    Expired,
}

impl ChallengeStatus {
    pub fn word(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Started => "started",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    fn parse(word: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Started,
            ChallengeStatus::Declined,
            ChallengeStatus::Cancelled,
            ChallengeStatus::Expired,
        ]
        .into_iter()
        .find(|s| s.word() == word)
    }
}

/// A challenge to make: the challenger's own seat is the first invitee.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub rule_set_id: i64,
    pub challenger_id: i64,
    pub place: ChannelRef,
    pub seats: Vec<Invitee>,
    pub rated: bool,
    /// The clock its match will have.
    pub clock: MatchClock,
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub id: i64,
    pub rule_set_id: i64,
    pub challenger_id: i64,
    pub place: ChannelRef,
    pub seats: Vec<Invitee>,
    pub rated: bool,
    pub status: ChallengeStatus,
    pub match_id: Option<i64>,
    pub created_at: DateTimeUtc,
    /// The clock its match has (the game's own for challenges made before
    /// clocks could be chosen).
    pub clock: MatchClock,
    /// When it lapses if still open.
    pub expires_at: DateTimeUtc,
}

/// What asking for a challenge did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Made {
    /// The challenge was made.
    Created(Challenge),
    /// The same challenge is open already (see [`Challenge::repeats`]);
    /// nothing was made.
    AlreadyOpen(Challenge),
}

impl Challenge {
    /// Whether `new` asks for this challenge again: both open, from one
    /// challenger, of one game, in one place, inviting the same players
    /// (in any order) and the same number of open seats. The clock, rating
    /// and augmentations do not make another invitation: the invited
    /// would still get the same question twice.
    pub fn repeats(&self, new: &NewChallenge) -> bool {
        self.status == ChallengeStatus::Open
            && self.challenger_id == new.challenger_id
            && self.rule_set_id == new.rule_set_id
            && self.place == new.place
            && invitation(self.challenger_id, &self.seats)
                == invitation(new.challenger_id, &new.seats)
    }

    /// Every seat has its player, and every player accepted.
    pub fn is_ready(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.player_id.is_some() && s.accepted)
    }
}

/// The players invited besides the challenger, sorted, and the number of
/// open seats.
fn invitation(challenger_id: i64, seats: &[Invitee]) -> (Vec<i64>, usize) {
    let mut named: Vec<i64> = seats
        .iter()
        .filter_map(|s| s.player_id)
        .filter(|&id| id != challenger_id)
        .collect();
    named.sort_unstable();
    let open = seats.iter().filter(|s| s.player_id.is_none()).count();
    (named, open)
}

/// When a challenge lapses: as stored, or a week after it was made for one
/// stored before challenges lapsed.
fn expiry(expires_at: Option<DateTimeUtc>, created_at: DateTimeUtc) -> DateTimeUtc {
    expires_at.unwrap_or_else(|| created_at + TimeDelta::seconds(i64::from(CHALLENGE_LIFETIME_MAX)))
}

/// The rows of challenges lapsed by `now` (with or without an expiry of
/// their own).
fn lapsed_by(now: DateTimeUtc) -> Condition {
    let week = TimeDelta::seconds(i64::from(CHALLENGE_LIFETIME_MAX));
    Condition::any()
        .add(challenges::Column::ExpiresAt.lte(now))
        .add(
            Condition::all()
                .add(challenges::Column::ExpiresAt.is_null())
                .add(challenges::Column::CreatedAt.lte(now - week)),
        )
}

fn encode_seats(seats: &[Invitee]) -> String {
    let rows: Vec<InviteeRow> = seats
        .iter()
        .map(|s| InviteeRow {
            player_id: s.player_id,
            augmentation: s.augmentation.word().to_string(),
            accepted: s.accepted,
        })
        .collect();
    serde_json::to_string(&rows).expect("seats serialise")
}

impl TryFrom<challenges::Model> for Challenge {
    type Error = Error;

    fn try_from(m: challenges::Model) -> Result<Challenge> {
        let corrupt = |what: &str| Error::Corrupt(format!("challenge {} has {what}", m.id));
        let rows: Vec<InviteeRow> = serde_json::from_str(&m.seats)
            .map_err(|e| corrupt(&format!("unreadable seats: {e}")))?;
        let seats = rows
            .into_iter()
            .map(|r| {
                Ok(Invitee {
                    player_id: r.player_id,
                    augmentation: Augmentation::parse(&r.augmentation)
                        .ok_or_else(|| corrupt(&format!("augmentation \"{}\"", r.augmentation)))?,
                    accepted: r.accepted,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Challenge {
            id: m.id,
            rule_set_id: m.rule_set_id,
            challenger_id: m.challenger_id,
            place: ChannelRef {
                platform: Platform::parse(&m.platform)
                    .ok_or_else(|| corrupt(&format!("platform \"{}\"", m.platform)))?,
                community: m.community,
                channel: m.channel,
            },
            seats,
            rated: m.rated,
            status: ChallengeStatus::parse(&m.status)
                .ok_or_else(|| corrupt(&format!("status \"{}\"", m.status)))?,
            match_id: m.match_id,
            created_at: m.created_at,
            clock: MatchClock::from_column(m.clock_seconds),
            expires_at: expiry(m.expires_at, m.created_at),
        })
    }
}

impl Storage {
    /// Makes a challenge, open until its clock's [`challenge_lifetime`]
    /// has passed.
    pub async fn create_challenge(&self, new: NewChallenge) -> Result<Challenge> {
        let expires_at = self.expiry_of(&new).await?;
        self.insert_challenge(&self.db, new, expires_at).await
    }

    /// When a challenge made now lapses.
    async fn expiry_of(&self, new: &NewChallenge) -> Result<DateTimeUtc> {
        let live = self
            .rule_set_by_id(new.rule_set_id)
            .await?
            .rules
            .seconds_per_turn;
        let lifetime = challenge_lifetime(new.clock.seconds(live));
        Ok(self.now() + TimeDelta::seconds(i64::from(lifetime)))
    }

    /// Makes a challenge unless the same one is open (see
    /// [`Challenge::repeats`]); of two callers asking at once, one makes it.
    pub async fn create_unique_challenge(&self, new: NewChallenge) -> Result<Made> {
        // Read before the transaction: SQLite's one connection is its.
        let expires_at = self.expiry_of(&new).await?;
        let txn = self.db.begin().await?;
        if self.db.get_database_backend() == DbBackend::Postgres {
            // One challenger's challenges are made one at a time (SQLite
            // has one writer anyway).
            txn.execute_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT pg_advisory_xact_lock(7421306, $1::int4)",
                [(new.challenger_id as i32).into()],
            ))
            .await?;
        }
        let open = challenges::Entity::find()
            .filter(challenges::Column::ChallengerId.eq(new.challenger_id))
            .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
            .order_by_asc(challenges::Column::Id)
            .all(&txn)
            .await?;
        for row in open {
            let c = Challenge::try_from(row)?;
            if c.repeats(&new) {
                txn.commit().await?;
                return Ok(Made::AlreadyOpen(c));
            }
        }
        let made = self.insert_challenge(&txn, new, expires_at).await?;
        txn.commit().await?;
        Ok(Made::Created(made))
    }

    async fn insert_challenge(
        &self,
        conn: &impl ConnectionTrait,
        new: NewChallenge,
        expires_at: DateTimeUtc,
    ) -> Result<Challenge> {
        let row = challenges::ActiveModel {
            rule_set_id: Set(new.rule_set_id),
            challenger_id: Set(new.challenger_id),
            platform: Set(new.place.platform.word().to_string()),
            community: Set(new.place.community),
            channel: Set(new.place.channel),
            seats: Set(encode_seats(&new.seats)),
            rated: Set(new.rated),
            status: Set(ChallengeStatus::Open.word().to_string()),
            match_id: Set(None),
            created_at: Set(self.now()),
            clock_seconds: Set(new.clock.column()),
            expires_at: Set(Some(expires_at)),
            ..Default::default()
        }
        .insert(conn)
        .await?;
        row.try_into()
    }

    pub async fn challenge(&self, id: i64) -> Result<Challenge> {
        match challenges::Entity::find_by_id(id).one(&self.db).await? {
            Some(row) => row.try_into(),
            None => refuse(format!("there is no challenge number {id}")),
        }
    }

    /// The challenge a match came from, if any.
    pub async fn challenge_of_match(&self, match_id: i64) -> Result<Option<Challenge>> {
        challenges::Entity::find()
            .filter(challenges::Column::MatchId.eq(match_id))
            .one(&self.db)
            .await?
            .map(Challenge::try_from)
            .transpose()
    }

    /// Open challenges, oldest first.
    pub async fn open_challenges(&self) -> Result<Vec<Challenge>> {
        challenges::Entity::find()
            .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
            .order_by_asc(challenges::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(Challenge::try_from)
            .collect()
    }

    /// Open challenges that have lapsed by now, oldest first: the clock's
    /// work list (see [`Storage::claim_expiry`]).
    pub async fn lapsed_challenges(&self) -> Result<Vec<Challenge>> {
        challenges::Entity::find()
            .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
            .filter(lapsed_by(self.now()))
            .order_by_asc(challenges::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(Challenge::try_from)
            .collect()
    }

    /// Closes a lapsed open challenge as expired. True for the one caller
    /// (of every process on this database) that closed it, who tells the
    /// challenger; false when it is not open or has not lapsed.
    pub async fn claim_expiry(&self, id: i64) -> Result<bool> {
        let claimed = challenges::Entity::update_many()
            .col_expr(
                challenges::Column::Status,
                Expr::value(ChallengeStatus::Expired.word()),
            )
            .filter(challenges::Column::Id.eq(id))
            .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
            .filter(lapsed_by(self.now()))
            .exec(&self.db)
            .await?;
        Ok(claimed.rows_affected == 1)
    }

    /// Records who took or accepted which seat, while the challenge is open.
    pub async fn update_challenge_seats(&self, id: i64, seats: &[Invitee]) -> Result<()> {
        self.change_open_challenge(id, challenges::Column::Seats, encode_seats(seats))
            .await
    }

    /// Closes an open challenge as declined or cancelled.
    pub async fn close_challenge(&self, id: i64, status: ChallengeStatus) -> Result<()> {
        self.change_open_challenge(id, challenges::Column::Status, status.word().to_string())
            .await
    }

    /// Sets one column of a challenge, only while it is open.
    async fn change_open_challenge(
        &self,
        id: i64,
        column: challenges::Column,
        value: String,
    ) -> Result<()> {
        let done = challenges::Entity::update_many()
            .col_expr(column, Expr::value(value))
            .filter(challenges::Column::Id.eq(id))
            .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
            .exec(&self.db)
            .await?;
        if done.rows_affected != 1 {
            return refuse(format!("challenge {id} is no longer open"));
        }
        Ok(())
    }
}

/// Marks an open challenge as started by `match_id`, inside the match's
/// own transaction: a challenge that is no longer open starts nothing.
/// Returns the clock the challenge chose for the match.
pub(crate) async fn claim(
    txn: &sea_orm::DatabaseTransaction,
    challenge_id: i64,
    match_id: i64,
) -> Result<MatchClock> {
    let done = challenges::Entity::update_many()
        .col_expr(
            challenges::Column::Status,
            Expr::value(ChallengeStatus::Started.word()),
        )
        .col_expr(challenges::Column::MatchId, Expr::value(match_id))
        .filter(challenges::Column::Id.eq(challenge_id))
        .filter(challenges::Column::Status.eq(ChallengeStatus::Open.word()))
        .exec(txn)
        .await?;
    if done.rows_affected != 1 {
        return refuse(format!(
            "challenge {challenge_id} has already started or closed"
        ));
    }
    let row = challenges::Entity::find_by_id(challenge_id)
        .one(txn)
        .await?;
    Ok(MatchClock::from_column(row.and_then(|r| r.clock_seconds)))
}

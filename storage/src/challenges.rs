//! Challenges: an invitation to play a game in a channel, seat by seat
//! (named players who must accept, non-human players who accept at once, or
//! open seats anyone there may take). A challenge becomes a match in the
//! same transaction that starts the match, so it starts once.

use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};

use crate::Storage;
use crate::accounts::Platform;
use crate::clocks::MatchClock;
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
}

impl ChallengeStatus {
    pub fn word(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Started => "started",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
        }
    }

    fn parse(word: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Started,
            ChallengeStatus::Declined,
            ChallengeStatus::Cancelled,
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
}

impl Challenge {
    /// Every seat has its player, and every player accepted.
    pub fn is_ready(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.player_id.is_some() && s.accepted)
    }
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
        })
    }
}

impl Storage {
    pub async fn create_challenge(&self, new: NewChallenge) -> Result<Challenge> {
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
            ..Default::default()
        }
        .insert(&self.db)
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

//! Friend requests between Creators (and above): pending, accepted or
//! banned, one row per pair.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, Set,
    TransactionTrait,
};

use crate::Storage;
use crate::accounts::{Player, find_player_in, player_by_id};
use crate::entities::friend_requests;
use crate::error::{Result, refuse};
use crate::roles::{Kind, Security};

/// Where a pair stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FriendStatus {
    Pending,
    Accepted,
    Banned,
}

impl FriendStatus {
    fn word(self) -> &'static str {
        match self {
            FriendStatus::Pending => "pending",
            FriendStatus::Accepted => "accepted",
            FriendStatus::Banned => "banned",
        }
    }
}

/// A player's Friends tab.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Friends {
    pub friends: Vec<Player>,
    /// Requests to this player, waiting for an answer.
    pub incoming: Vec<Player>,
    /// This player's requests, waiting for an answer.
    pub outgoing: Vec<Player>,
    /// Players this player banned from sending requests.
    pub banned: Vec<Player>,
}

/// The pair's rows: `(a, b)` and `(b, a)`. Both exist only when each
/// banned the other; otherwise a pair holds at most one row.
async fn rows<C: ConnectionTrait>(
    db: &C,
    a: i64,
    b: i64,
) -> Result<(
    Option<friend_requests::Model>,
    Option<friend_requests::Model>,
)> {
    let forward = friend_requests::Entity::find_by_id((a, b)).one(db).await?;
    let backward = friend_requests::Entity::find_by_id((b, a)).one(db).await?;
    Ok((forward, backward))
}

fn is(row: &Option<friend_requests::Model>, status: FriendStatus) -> bool {
    row.as_ref().is_some_and(|r| r.status == status.word())
}

/// The pair's row that is not a ban (a request or a friendship), if any.
async fn pair<C: ConnectionTrait>(
    db: &C,
    a: i64,
    b: i64,
) -> Result<Option<friend_requests::Model>> {
    let (forward, backward) = rows(db, a, b).await?;
    Ok([forward, backward]
        .into_iter()
        .flatten()
        .find(|r| r.status != FriendStatus::Banned.word()))
}

async fn other<C: ConnectionTrait>(db: &C, me: &Player, name: &str) -> Result<Player> {
    let Some(other) = find_player_in(db, name, &me.universe).await? else {
        return refuse(format!(
            "there is no player named \"{name}\" in {}",
            me.universe
        ));
    };
    if other.id == me.id {
        return refuse("that is you; friends are other players");
    }
    Ok(other)
}

fn befriendable(p: &Player, you: bool) -> Result<()> {
    if p.kind != Kind::Human || p.security < Security::Creator {
        let who = if you {
            "you are".to_string()
        } else {
            format!("{} is", p.name)
        };
        return refuse(format!(
            "{who} {} {}, and only Creators, Trainers and Admins have friends",
            p.security.with_article(),
            p.kind
        ));
    }
    Ok(())
}

async fn write<C: ConnectionTrait>(
    db: &C,
    old: Option<friend_requests::Model>,
    inviter: i64,
    invited: i64,
    status: FriendStatus,
    now: sea_orm::prelude::DateTimeUtc,
) -> Result<()> {
    if let Some(old) = &old {
        friend_requests::Entity::delete_by_id((old.inviter_id, old.invited_id))
            .exec(db)
            .await?;
    }
    friend_requests::ActiveModel {
        inviter_id: Set(inviter),
        invited_id: Set(invited),
        status: Set(status.word().to_string()),
        created_at: Set(old.map_or(now, |o| o.created_at)),
        updated_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// What `remove_friend` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removed {
    /// A friendship.
    Friendship,
    /// The remover's own request, withdrawn.
    Withdrawn,
    /// A request to the remover, declined.
    Declined,
}

impl Storage {
    /// Asks another player to be friends; a request crossing theirs makes you friends.
    pub async fn request_friend(&self, me: i64, name: &str) -> Result<FriendStatus> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        befriendable(&me, true)?;
        let them = other(&txn, &me, name).await?;
        befriendable(&them, false)?;
        let (mine, theirs) = rows(&txn, me.id, them.id).await?;
        // A ban of mine is said first: it is mine to lift. Theirs is only
        // said as "not accepting", never as a ban.
        if is(&theirs, FriendStatus::Banned) {
            return refuse(format!(
                "you banned {0}; revoke the ban first with `friend unban {0}`",
                them.name
            ));
        }
        if is(&mine, FriendStatus::Banned) {
            return refuse(format!(
                "sorry, {} is not accepting friend requests from you",
                them.name
            ));
        }
        let row = mine.or(theirs);
        let status = match &row {
            None => FriendStatus::Pending,
            Some(r) => match (r.status.as_str(), r.inviter_id == me.id) {
                ("pending", true) => {
                    return refuse(format!(
                        "you asked {} already; the request is waiting for an answer",
                        them.name
                    ));
                }
                ("pending", false) => FriendStatus::Accepted,
                _ => {
                    return refuse(format!("you and {} are friends already", them.name));
                }
            },
        };
        let (inviter, invited) = match &row {
            Some(r) => (r.inviter_id, r.invited_id),
            None => (me.id, them.id),
        };
        write(&txn, row, inviter, invited, status, self.now()).await?;
        txn.commit().await?;
        Ok(status)
    }

    /// Accepts a pending request from another player.
    pub async fn accept_friend(&self, me: i64, name: &str) -> Result<()> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        let them = other(&txn, &me, name).await?;
        let (mine, theirs) = rows(&txn, me.id, them.id).await?;
        match theirs {
            Some(r) if r.status == FriendStatus::Pending.word() => {
                write(
                    &txn,
                    Some(r),
                    them.id,
                    me.id,
                    FriendStatus::Accepted,
                    self.now(),
                )
                .await?;
            }
            Some(r) if r.status == FriendStatus::Accepted.word() => {
                return refuse(format!("you and {} are friends already", them.name));
            }
            _ if is(&mine, FriendStatus::Accepted) => {
                return refuse(format!("you and {} are friends already", them.name));
            }
            _ => {
                return refuse(format!(
                    "there is no request from {} waiting for you",
                    them.name
                ));
            }
        }
        txn.commit().await?;
        Ok(())
    }

    /// Ends a friendship, withdraws a request of yours or declines one to
    /// you. Bans are lifted with [`Storage::revoke_ban`] instead.
    pub async fn remove_friend(&self, me: i64, name: &str) -> Result<Removed> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        let them = other(&txn, &me, name).await?;
        let (_, theirs) = rows(&txn, me.id, them.id).await?;
        let Some(row) = pair(&txn, me.id, them.id).await? else {
            if is(&theirs, FriendStatus::Banned) {
                return refuse(format!(
                    "you banned {0}; `friend unban {0}` lifts the ban",
                    them.name
                ));
            }
            return refuse(format!(
                "there is no friendship or request between you and {}",
                them.name
            ));
        };
        let removed = match (row.status.as_str(), row.inviter_id == me.id) {
            ("pending", true) => Removed::Withdrawn,
            ("pending", false) => Removed::Declined,
            _ => Removed::Friendship,
        };
        friend_requests::Entity::delete_by_id((row.inviter_id, row.invited_id))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        Ok(removed)
    }

    /// Bans another person's requests (and ends a friendship or request
    /// between you). A ban they made of you stays as it is.
    pub async fn ban_friend(&self, me: i64, name: &str) -> Result<()> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        befriendable(&me, true)?;
        let them = other(&txn, &me, name).await?;
        if them.kind != Kind::Human {
            return refuse(format!(
                "only people can be banned, and {} is not a person",
                them.name
            ));
        }
        let (_, theirs) = rows(&txn, me.id, them.id).await?;
        if is(&theirs, FriendStatus::Banned) {
            return refuse(format!("you banned {} already", them.name));
        }
        let row = pair(&txn, me.id, them.id).await?;
        write(&txn, row, them.id, me.id, FriendStatus::Banned, self.now()).await?;
        txn.commit().await?;
        Ok(())
    }

    /// Lifts a ban; the pair then has no row until a new request.
    pub async fn revoke_ban(&self, me: i64, name: &str) -> Result<()> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        let them = other(&txn, &me, name).await?;
        let deleted = friend_requests::Entity::delete_many()
            .filter(friend_requests::Column::InviterId.eq(them.id))
            .filter(friend_requests::Column::InvitedId.eq(me.id))
            .filter(friend_requests::Column::Status.eq(FriendStatus::Banned.word()))
            .exec(&txn)
            .await?;
        if deleted.rows_affected == 0 {
            return refuse(format!("you have not banned {}", them.name));
        }
        txn.commit().await?;
        Ok(())
    }

    /// Whether `banner` banned `other`'s requests.
    pub async fn has_banned(&self, banner: i64, other: i64) -> Result<bool> {
        let row = friend_requests::Entity::find_by_id((other, banner))
            .one(&self.db)
            .await?;
        Ok(is(&row, FriendStatus::Banned))
    }

    /// Friends, requests both ways, and bans of a player.
    pub async fn friends(&self, me: i64) -> Result<Friends> {
        let rows = friend_requests::Entity::find()
            .filter(
                Condition::any()
                    .add(friend_requests::Column::InviterId.eq(me))
                    .add(friend_requests::Column::InvitedId.eq(me)),
            )
            .all(&self.db)
            .await?;
        let mut tab = Friends::default();
        for r in rows {
            let mine = r.inviter_id == me;
            let other_id = if mine { r.invited_id } else { r.inviter_id };
            let list = match (r.status.as_str(), mine) {
                ("accepted", _) => &mut tab.friends,
                ("pending", true) => &mut tab.outgoing,
                ("pending", false) => &mut tab.incoming,
                ("banned", false) => &mut tab.banned,
                _ => continue,
            };
            list.push(self.player(other_id).await?);
        }
        for list in [
            &mut tab.friends,
            &mut tab.incoming,
            &mut tab.outgoing,
            &mut tab.banned,
        ] {
            list.sort_by_key(|p| p.name.to_lowercase());
        }
        Ok(tab)
    }
}

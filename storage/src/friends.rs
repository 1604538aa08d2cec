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

/// The pair's row, whichever way round it is.
async fn pair<C: ConnectionTrait>(
    db: &C,
    a: i64,
    b: i64,
) -> Result<Option<friend_requests::Model>> {
    let forward = friend_requests::Entity::find_by_id((a, b)).one(db).await?;
    match forward {
        Some(row) => Ok(Some(row)),
        None => Ok(friend_requests::Entity::find_by_id((b, a)).one(db).await?),
    }
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

fn befriendable(p: &Player) -> Result<()> {
    if p.kind != Kind::Human || p.security < Security::Creator {
        return refuse(format!(
            "{} is a {} {}, and only Creators, Trainers and Admins have friends",
            p.name, p.security, p.kind
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

impl Storage {
    /// Asks another player to be friends; a request crossing theirs makes you friends.
    pub async fn request_friend(&self, me: i64, name: &str) -> Result<FriendStatus> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        befriendable(&me)?;
        let them = other(&txn, &me, name).await?;
        befriendable(&them)?;
        let row = pair(&txn, me.id, them.id).await?;
        let status = match &row {
            None => FriendStatus::Pending,
            Some(r) => match (r.status.as_str(), r.inviter_id == me.id) {
                ("accepted", _) => {
                    return refuse(format!("you and {} are friends already", them.name));
                }
                ("pending", true) => {
                    return refuse(format!(
                        "you asked {} already; the request is waiting for an answer",
                        them.name
                    ));
                }
                ("pending", false) => FriendStatus::Accepted,
                (_, true) => {
                    return refuse(format!(
                        "{} is not accepting friend requests from you",
                        them.name
                    ));
                }
                _ => return refuse(format!("you banned {}; revoke the ban first", them.name)),
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
        let row = friend_requests::Entity::find_by_id((them.id, me.id))
            .one(&txn)
            .await?;
        match row {
            Some(r) if r.status == "pending" => {
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

    /// Bans another player's requests (and ends a friendship or request).
    pub async fn ban_friend(&self, me: i64, name: &str) -> Result<()> {
        let txn = self.db.begin().await?;
        let me = player_by_id(&txn, me).await?;
        let them = other(&txn, &me, name).await?;
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
            .filter(friend_requests::Column::Status.eq("banned"))
            .exec(&txn)
            .await?;
        if deleted.rows_affected == 0 {
            return refuse(format!("you have not banned {}", them.name));
        }
        txn.commit().await?;
        Ok(())
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

//! The direct room the bot uses with each person, remembered in
//! `<data dir>/matrix/direct-rooms.json` so that a restart reuses it.
//! A room is only ever used for private messages while its members are
//! the bot and that person alone.

use std::collections::BTreeMap;
use std::path::PathBuf;

use matrix_sdk::ruma::{OwnedRoomId, UserId};
use matrix_sdk::{Client, Room, RoomMemberships, RoomState};

/// User id -> room id, saved on every change.
pub struct Directs {
    path: PathBuf,
    rooms: BTreeMap<String, String>,
}

impl Directs {
    pub fn load(path: PathBuf) -> Directs {
        let rooms = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Directs { path, rooms }
    }

    fn remember(&mut self, user: &UserId, room: &Room) {
        let id = room.room_id().to_string();
        if self.rooms.get(user.as_str()) == Some(&id) {
            return;
        }
        self.rooms.insert(user.to_string(), id);
        let saved = serde_json::to_vec_pretty(&self.rooms)
            .map_err(std::io::Error::other)
            .and_then(|json| std::fs::write(&self.path, json));
        if let Err(e) = saved {
            tracing::warn!("cannot save {}: {e}", self.path.display());
        }
    }

    /// Notes that `user` spoke to the bot in `room`, a direct room: later
    /// private messages go there.
    pub fn heard_in(&mut self, user: &UserId, room: &Room) {
        self.remember(user, room);
    }

    /// The direct room with `user`: the remembered one while it is still
    /// private, else another private room marked direct with them, else a
    /// new one (encrypted, the user invited).
    pub async fn room_for(&mut self, client: &Client, user: &UserId) -> Result<Room, String> {
        let remembered = self
            .rooms
            .get(user.as_str())
            .and_then(|id| OwnedRoomId::try_from(id.as_str()).ok())
            .and_then(|id| client.get_room(&id));
        if let Some(room) = remembered
            && is_private_with(client, &room, user).await
        {
            return Ok(room);
        }
        for room in client.get_dm_rooms(user).collect::<Vec<_>>() {
            if is_private_with(client, &room, user).await {
                self.remember(user, &room);
                return Ok(room);
            }
        }
        let room = client
            .create_dm(user)
            .await
            .map_err(|e| format!("cannot open a direct room with {user}: {e}"))?;
        self.remember(user, &room);
        Ok(room)
    }
}

/// Whether `room` is joined by the bot and its members (joined or invited)
/// are the bot and `user` alone, with `user` among them.
pub async fn is_private_with(client: &Client, room: &Room, user: &UserId) -> bool {
    if room.state() != RoomState::Joined {
        return false;
    }
    let Some(me) = client.user_id() else {
        return false;
    };
    let Ok(members) = room.members(RoomMemberships::ACTIVE).await else {
        return false;
    };
    let has_user = members.iter().any(|m| m.user_id() == user);
    has_user
        && members
            .iter()
            .all(|m| m.user_id() == user || m.user_id() == me)
}

/// Whether a message from `sender` in `room` is private: the room is
/// marked direct and holds only the bot and the sender.
pub async fn is_direct_with(client: &Client, room: &Room, sender: &UserId) -> bool {
    room.is_direct().await.unwrap_or(false) && is_private_with(client, room, sender).await
}

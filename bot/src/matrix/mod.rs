//! The Matrix transport: a thin adapter on matrix-sdk. It turns room
//! messages into requests for the bot and the bot's replies into Matrix
//! messages, nothing more; what a person may do is decided in `commands`.
//!
//! - `config`: the settings (`MATRIX_*`, the data directory).
//! - `login`: log in once, then resume the saved session and keys.
//! - `incoming`: which messages are for the bot, and what they ask.
//! - `outgoing`: messages, numbered options and pictures, sent where they belong.
//! - `directs`: the direct room with each person, created on demand and reused.
//!
//! The bot joins the rooms it is invited to and ignores its own messages
//! and everything from before it started.
//! Each room's requests are answered one at a time, in the order they
//! arrive; different rooms are answered side by side (`worker`).

pub mod config;
pub mod directs;
pub mod incoming;
pub mod login;
pub mod outgoing;
mod worker;

use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    FileMessageEventContent, MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::{MilliSecondsSinceUnixEpoch, OwnedEventId, OwnedUserId};
use matrix_sdk::{Client, Room, RoomState};
use redscience_commands::{Bot, Reply};
use tokio::sync::mpsc;

use crate::relay::Relay;
pub use config::MatrixConfig;
use directs::Directs;
use worker::{Choices, Shared};

/// A message for the bot, as the sync loop hands it over.
pub(crate) struct Heard {
    room: Room,
    event_id: OwnedEventId,
    sender: OwnedUserId,
    sender_name: String,
    body: String,
    reply_to: Option<OwnedEventId>,
    /// A file sent with the message (`body` is then its caption).
    file: Option<FileMessageEventContent>,
}

/// How late a message sent while the bot was down is still answered.
const ANSWER_LATE_SECONDS: u64 = 24 * 3600;

/// Runs the Matrix transport until it is stopped or cannot go on. Its
/// answers for other platforms go through `relay`; `outbox` brings the
/// messages for Matrix from elsewhere (the clock, other transports).
pub async fn run(
    config: MatrixConfig,
    bot: Arc<Bot>,
    relay: Arc<Relay>,
    mut outbox: mpsc::UnboundedReceiver<Reply>,
) -> Result<(), String> {
    let started = MilliSecondsSinceUnixEpoch::now();
    let (client, resumed) = login::client(&config).await?;
    let me = client
        .user_id()
        .ok_or("logged in without a user id")?
        .to_owned();
    let device = client
        .device_id()
        .map(ToString::to_string)
        .unwrap_or_default();
    tracing::info!(
        "Matrix: {} as {me} on device {device} at {}",
        if resumed { "resumed" } else { "logged in" },
        client.homeserver()
    );
    let (tx, rx) = mpsc::unbounded_channel::<Heard>();
    if resumed {
        // A restart: the first sync brings what was said since the last
        // one, while the bot was down; it is answered, up to a day late.
        // Each event is claimed before it is answered, so none twice.
        let since = MilliSecondsSinceUnixEpoch::from_system_time(
            std::time::SystemTime::now() - Duration::from_secs(ANSWER_LATE_SECONDS),
        )
        .unwrap_or(started);
        listen(&client, &me, since, tx);
        first_sync(&client).await;
    } else {
        // A first login: what happened before it is state to know, not
        // requests to answer.
        first_sync(&client).await;
        listen(&client, &me, started, tx);
    }
    if let Err(e) = bot.storage().forget_events_older_than(7).await {
        tracing::warn!("cannot forget old event claims: {e}");
    }
    accept_invitations(&client, &me);
    for room in client.invited_rooms() {
        tokio::spawn(join(room));
    }
    let shared = Arc::new(Shared {
        client: client.clone(),
        bot,
        relay,
        prefix: config.prefix.clone(),
        directs: tokio::sync::Mutex::new(Directs::load(config.store_dir.join("direct-rooms.json"))),
        choices: std::sync::Mutex::new(Choices::load(config.store_dir.join("choices.json"))),
    });
    let sync = tokio::spawn(sync_forever(client.clone()));
    let from_elsewhere = {
        let shared = shared.clone();
        tokio::spawn(async move {
            while let Some(reply) = outbox.recv().await {
                worker::send(&shared, reply).await;
            }
        })
    };
    tracing::info!("Matrix: listening for `{} <command>`", config.prefix);
    worker::dispatch(shared, rx).await;
    sync.abort();
    from_elsewhere.abort();
    Ok(())
}

async fn first_sync(client: &Client) {
    let mut delay = Duration::from_secs(1);
    loop {
        // No long poll: after a restart with nothing new since the stored
        // sync token, the server would hold a waiting first sync for its
        // whole timeout (30 s) before the bot listens, and a message
        // arriving meanwhile would end it unanswered.
        let settings = SyncSettings::default().timeout(Duration::ZERO);
        match client.sync_once(settings).await {
            Ok(_) => return,
            Err(e) => {
                tracing::warn!("Matrix sync failed ({e}); retrying in {delay:?}");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(60));
            }
        }
    }
}

/// Syncs for ever; a lost connection or a server error only pauses it.
/// Its own loop of long polls rather than `Client::sync`, which waits a
/// second after every quick answer: that would be a second on every
/// move.
async fn sync_forever(client: Client) {
    let mut delay = Duration::from_secs(1);
    loop {
        let began = std::time::Instant::now();
        let settings = SyncSettings::default().timeout(Duration::from_secs(30));
        match client.sync_once(settings).await {
            Ok(_) => {
                delay = Duration::from_secs(1);
                // A server that ignores the timeout is not polled in a spin.
                if began.elapsed() < Duration::from_millis(10) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            Err(e) => {
                tracing::warn!("Matrix sync failed ({e}); resuming in {delay:?}");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(60));
            }
        }
    }
}

/// Hands every new text message from someone else to the worker.
fn listen(
    client: &Client,
    me: &OwnedUserId,
    started: MilliSecondsSinceUnixEpoch,
    tx: mpsc::UnboundedSender<Heard>,
) {
    let me = me.clone();
    client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
        let tx = tx.clone();
        let me = me.clone();
        async move {
            if ev.sender == me || ev.origin_server_ts < started {
                return;
            }
            if room.state() != RoomState::Joined {
                return;
            }
            // An edit is not a new request.
            if matches!(ev.content.relates_to, Some(Relation::Replacement(_))) {
                return;
            }
            let (body, file) = match &ev.content.msgtype {
                MessageType::Text(text) => (text.body.clone(), None),
                MessageType::Notice(_) => return,
                MessageType::Emote(text) => (text.body.clone(), None),
                // A rule-set file: its caption is the command.
                MessageType::File(file) => (
                    file.caption().unwrap_or_default().to_string(),
                    Some(file.clone()),
                ),
                _ => return,
            };
            let reply_to = match &ev.content.relates_to {
                Some(Relation::Reply(reply)) => Some(reply.in_reply_to.event_id.clone()),
                _ => None,
            };
            let sender_name = match room.get_member_no_sync(&ev.sender).await {
                Ok(Some(member)) => member.name().to_string(),
                _ => ev.sender.localpart().to_string(),
            };
            let _ = tx.send(Heard {
                room,
                event_id: ev.event_id,
                sender: ev.sender,
                sender_name,
                body,
                reply_to,
                file,
            });
        }
    });
}

/// Joins every room the bot is invited to.
fn accept_invitations(client: &Client, me: &OwnedUserId) {
    let me = me.clone();
    client.add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
        let me = me.clone();
        async move {
            if ev.state_key == me && room.state() == RoomState::Invited {
                tokio::spawn(join(room));
            }
        }
    });
}

/// Joins a room, retrying a while: the server may not be ready for it yet.
async fn join(room: Room) {
    let mut delay = Duration::from_millis(500);
    for _ in 0..8 {
        match room.join().await {
            Ok(()) => {
                tracing::info!("Matrix: joined {}", room.room_id());
                return;
            }
            Err(e) => {
                tracing::warn!("cannot join {} yet ({e})", room.room_id());
                tokio::time::sleep(delay).await;
                delay *= 2;
            }
        }
    }
}

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
//! The bot joins the rooms it is invited to, ignores its own messages and
//! everything from before it started, and lets the clock tick every second.
//! Requests are answered one at a time, in the order they arrive.

pub mod config;
pub mod directs;
pub mod incoming;
pub mod login;
pub mod outgoing;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::{MilliSecondsSinceUnixEpoch, OwnedEventId, OwnedRoomId, OwnedUserId};
use matrix_sdk::{Client, Room, RoomState};
use redscience_commands::{Bot, Choice, Destination, Place, Reply, Request, Who};
use redscience_storage::{ChatId, Platform};
use tokio::sync::mpsc;

pub use config::MatrixConfig;
use directs::Directs;

/// How many of its messages with options the bot remembers, so that a
/// Matrix reply to an older one still picks from it.
const REMEMBERED_CHOICES: usize = 500;

/// A message for the bot, as the sync loop hands it over.
struct Heard {
    room: Room,
    sender: OwnedUserId,
    sender_name: String,
    body: String,
    reply_to: Option<OwnedEventId>,
}

/// Runs the Matrix transport until it is stopped or cannot go on.
pub async fn run(config: MatrixConfig, bot: Bot) -> Result<(), String> {
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
    // A first sync without handlers: what happened before the start is
    // state to know, not requests to answer.
    first_sync(&client).await;
    let (tx, rx) = mpsc::unbounded_channel::<Heard>();
    listen(&client, &me, started, tx);
    accept_invitations(&client, &me);
    for room in client.invited_rooms() {
        tokio::spawn(join(room));
    }
    let choices_file = config.store_dir.join("choices.json");
    let worker = Worker {
        client: client.clone(),
        bot,
        prefix: config.prefix.clone(),
        directs: Directs::load(config.store_dir.join("direct-rooms.json")),
        room_choices: load_choices(&choices_file),
        choices_file,
        event_choices: VecDeque::new(),
    };
    let sync = tokio::spawn(sync_forever(client.clone()));
    tracing::info!("Matrix: listening for `{} <command>`", config.prefix);
    worker.run(rx).await;
    sync.abort();
    Ok(())
}

async fn first_sync(client: &Client) {
    let mut delay = Duration::from_secs(1);
    loop {
        match client.sync_once(SyncSettings::default()).await {
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
async fn sync_forever(client: Client) {
    let mut delay = Duration::from_secs(1);
    loop {
        let settings = SyncSettings::default().timeout(Duration::from_secs(30));
        match client.sync(settings).await {
            Ok(()) => delay = Duration::from_secs(1),
            Err(e) => {
                tracing::warn!("Matrix sync stopped ({e}); resuming in {delay:?}");
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
            let body = match &ev.content.msgtype {
                MessageType::Text(text) => text.body.clone(),
                MessageType::Notice(_) => return,
                MessageType::Emote(text) => text.body.clone(),
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
                sender: ev.sender,
                sender_name,
                body,
                reply_to,
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

struct Worker {
    client: Client,
    bot: Bot,
    prefix: String,
    directs: Directs,
    /// The options of the bot's latest message with options, per room,
    /// saved in `choices_file` so that a number still picks after a restart.
    room_choices: HashMap<OwnedRoomId, Vec<Choice>>,
    choices_file: PathBuf,
    /// The options of the bot's recent messages, by event.
    event_choices: VecDeque<(OwnedEventId, Vec<Choice>)>,
}

impl Worker {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Heard>) {
        let mut clock = tokio::time::interval(Duration::from_secs(1));
        clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                heard = rx.recv() => match heard {
                    Some(heard) => self.answer(heard).await,
                    None => break,
                },
                _ = clock.tick() => {
                    let reply = self.bot.tick().await;
                    self.send(reply).await;
                }
            }
        }
    }

    async fn answer(&mut self, heard: Heard) {
        let room_id = heard.room.room_id().to_owned();
        let direct = directs::is_direct_with(&self.client, &heard.room, &heard.sender).await;
        let replied = heard.reply_to.as_ref().and_then(|id| {
            self.event_choices
                .iter()
                .find(|(event, _)| event == id)
                .map(|(_, choices)| choices.clone())
        });
        let choices = replied
            .clone()
            .or_else(|| self.room_choices.get(&room_id).cloned())
            .unwrap_or_default();
        let Some(what) = incoming::request_text(
            &heard.body,
            &self.prefix,
            direct,
            &choices,
            replied.is_some(),
        ) else {
            return;
        };
        if direct {
            self.directs.heard_in(&heard.sender, &heard.room);
        }
        let request = Request {
            who: Who {
                chat: ChatId::matrix(heard.sender.as_str()),
                display_name: heard.sender_name,
            },
            place: Place {
                platform: Platform::Matrix,
                community: None,
                channel: room_id.to_string(),
                private: direct,
            },
            what,
        };
        let reply = self.bot.handle(request).await;
        self.send(reply).await;
    }

    /// Sends a reply's messages in order and remembers their options.
    async fn send(&mut self, reply: Reply) {
        let mut touched: Vec<OwnedRoomId> = Vec::new();
        let mut changed = false;
        for message in &reply.messages {
            if let Destination::Private(chat) = &message.to
                && chat.platform != Platform::Matrix
            {
                continue;
            }
            let Some(sent) = outgoing::deliver(&self.client, &mut self.directs, message).await
            else {
                continue;
            };
            let options = outgoing::options(message);
            // Numbers pick from the latest options shown in a room.
            if !touched.contains(&sent.room) {
                touched.push(sent.room.clone());
                changed |= self.room_choices.remove(&sent.room).is_some();
            }
            if !options.is_empty() {
                changed = true;
                self.room_choices.insert(sent.room.clone(), options.clone());
                self.event_choices.push_back((sent.event, options));
                if self.event_choices.len() > REMEMBERED_CHOICES {
                    self.event_choices.pop_front();
                }
            }
        }
        if changed {
            save_choices(&self.choices_file, &self.room_choices);
        }
    }
}

/// Room id -> [[id, label], ...].
type SavedChoices = BTreeMap<String, Vec<(String, String)>>;

fn load_choices(path: &Path) -> HashMap<OwnedRoomId, Vec<Choice>> {
    let saved: SavedChoices = std::fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default();
    saved
        .into_iter()
        .filter_map(|(room, options)| {
            let room = OwnedRoomId::try_from(room).ok()?;
            let options = options
                .into_iter()
                .map(|(id, label)| Choice::new(id, label))
                .collect();
            Some((room, options))
        })
        .collect()
}

fn save_choices(path: &Path, choices: &HashMap<OwnedRoomId, Vec<Choice>>) {
    let saved: SavedChoices = choices
        .iter()
        .map(|(room, options)| {
            let options = options
                .iter()
                .map(|c| (c.id.clone(), c.label.clone()))
                .collect();
            (room.to_string(), options)
        })
        .collect();
    let written = serde_json::to_vec(&saved)
        .map_err(std::io::Error::other)
        .and_then(|json| std::fs::write(path, json));
    if let Err(e) = written {
        tracing::warn!("cannot save {}: {e}", path.display());
    }
}

//! Answering: one queue per room, so a room's requests are answered in
//! order while rooms do not wait for each other. Replies go out message by message, each to its room; the options
//! a message offers are noted before it is sent, so that a number typed
//! in answer always finds them.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::Arc;

use matrix_sdk::Client;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};
use redscience_commands::{Bot, Choice, Place, Reply, Request, What, Who};
use redscience_storage::{ChatId, Platform};
use tokio::sync::mpsc;

use super::directs::{self, Directs};
use super::{Heard, incoming, outgoing};
use crate::relay::Relay;

/// How many of its messages with options the bot remembers, so that a
/// Matrix reply to an older one still picks from it.
const REMEMBERED_CHOICES: usize = 500;

/// The largest file the bot reads (rule sets are a few KiB).
const MAX_FILE: u64 = 1024 * 1024;

/// What every room's queue shares.
pub(crate) struct Shared {
    pub client: Client,
    pub bot: Arc<Bot>,
    pub relay: Arc<Relay>,
    pub prefix: String,
    pub directs: tokio::sync::Mutex<Directs>,
    pub choices: std::sync::Mutex<Choices>,
}

/// The options on show: per room the latest (saved, so that a number
/// still picks after a restart), and per event the recent ones.
pub(crate) struct Choices {
    file: PathBuf,
    rooms: HashMap<OwnedRoomId, Vec<Choice>>,
    events: VecDeque<(OwnedEventId, Vec<Choice>)>,
}

/// Room id -> [[id, label], ...].
type Saved = BTreeMap<String, Vec<(String, String)>>;

impl Choices {
    pub fn load(file: PathBuf) -> Choices {
        let saved: Saved = std::fs::read(&file)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        let rooms = saved
            .into_iter()
            .filter_map(|(room, options)| {
                let room = OwnedRoomId::try_from(room).ok()?;
                let options = options
                    .into_iter()
                    .map(|(id, label)| Choice::new(id, label))
                    .collect();
                Some((room, options))
            })
            .collect();
        Choices {
            file,
            rooms,
            events: VecDeque::new(),
        }
    }

    fn save(&self) {
        let saved: Saved = self
            .rooms
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
            .and_then(|json| std::fs::write(&self.file, json));
        if let Err(e) = written {
            tracing::warn!("cannot save {}: {e}", self.file.display());
        }
    }

    /// A message with `options` goes to `room`; `first` says it is the
    /// reply's first message there (numbers pick from the latest options
    /// only, so a reply without any leaves nothing to pick from).
    fn showing(&mut self, room: &OwnedRoomId, options: &[Choice], first: bool) {
        let mut changed = false;
        if first {
            changed |= self.rooms.remove(room).is_some();
        }
        if !options.is_empty() {
            self.rooms.insert(room.clone(), options.to_vec());
            changed = true;
        }
        if changed {
            self.save();
        }
    }

    fn sent(&mut self, event: OwnedEventId, options: Vec<Choice>) {
        if options.is_empty() {
            return;
        }
        self.events.push_back((event, options));
        if self.events.len() > REMEMBERED_CHOICES {
            self.events.pop_front();
        }
    }
}

/// Hands each message to its room's queue, starting queues as needed.
pub(crate) async fn dispatch(shared: Arc<Shared>, mut rx: mpsc::UnboundedReceiver<Heard>) {
    let mut queues: HashMap<OwnedRoomId, mpsc::UnboundedSender<Heard>> = HashMap::new();
    while let Some(heard) = rx.recv().await {
        let room = heard.room.room_id().to_owned();
        let queue = queues.entry(room).or_insert_with(|| {
            let (tx, mut rx) = mpsc::unbounded_channel::<Heard>();
            let shared = shared.clone();
            tokio::spawn(async move {
                while let Some(heard) = rx.recv().await {
                    answer(&shared, heard).await;
                }
            });
            tx
        });
        let _ = queue.send(heard);
    }
}

async fn answer(shared: &Shared, heard: Heard) {
    let room_id = heard.room.room_id().to_owned();
    let direct = directs::is_direct_with(&shared.client, &heard.room, &heard.sender).await;
    let (replied, here) = {
        let choices = shared.choices.lock().expect("the options on show");
        let replied = heard.reply_to.as_ref().and_then(|id| {
            choices
                .events
                .iter()
                .find(|(event, _)| event == id)
                .map(|(_, options)| options.clone())
        });
        (replied, choices.rooms.get(&room_id).cloned())
    };
    let is_reply = replied.is_some();
    let options = replied.or(here).unwrap_or_default();
    let what = match &heard.file {
        Some(file) => {
            let Some(command) = incoming::file_command(&heard.body, &shared.prefix, direct) else {
                return;
            };
            let name = file.filename().to_string();
            let too_big = file
                .info
                .as_ref()
                .and_then(|info| info.size)
                .is_some_and(|size| u64::from(size) > MAX_FILE);
            let bytes = if too_big {
                Err(format!("it is larger than {} KiB", MAX_FILE / 1024))
            } else {
                match shared.client.media().get_file(file, false).await {
                    Ok(Some(bytes)) => Ok(bytes),
                    Ok(None) => Err("it has no content".to_string()),
                    Err(e) => Err(e.to_string()),
                }
            };
            match bytes {
                Ok(bytes) => What::File {
                    command,
                    name,
                    bytes,
                },
                Err(e) => {
                    // The transport's own trouble, said where it was asked.
                    let text = format!("I could not read the file {name}: {e}. Nothing was done.");
                    let note = matrix_sdk::ruma::events::room::message::RoomMessageEventContent::text_plain(text);
                    if let Err(e) = heard.room.send(note).await {
                        tracing::warn!("cannot send to {room_id}: {e}");
                    }
                    return;
                }
            }
        }
        None => {
            let Some(what) =
                incoming::request_text(&heard.body, &shared.prefix, direct, &options, is_reply)
            else {
                return;
            };
            what
        }
    };
    // Read again after a restart, or by another process: answered once.
    match shared
        .bot
        .storage()
        .claim_event(&format!("matrix:{}", heard.event_id))
        .await
    {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => tracing::warn!("cannot claim event {}: {e}", heard.event_id),
    }
    if direct {
        shared
            .directs
            .lock()
            .await
            .heard_in(&heard.sender, &heard.room);
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
    let began = std::time::Instant::now();
    let reply = shared.bot.handle(request).await;
    let reply = shared.relay.keep(reply, Platform::Matrix);
    let handled = began.elapsed();
    send(shared, reply).await;
    tracing::debug!(
        "answered in {room_id}: {} ms to handle, {} ms to send",
        handled.as_millis(),
        (began.elapsed() - handled).as_millis()
    );
}

/// Sends a reply's messages in order, noting the options of each.
pub(crate) async fn send(shared: &Shared, reply: Reply) {
    let mut touched: Vec<OwnedRoomId> = Vec::new();
    for message in &reply.messages {
        let room = {
            let mut directs = shared.directs.lock().await;
            outgoing::target(&shared.client, &mut directs, &message.to).await
        };
        let room = match room {
            Ok(Some(room)) => room,
            Ok(None) => continue,
            Err(e) => {
                // A private message is never redirected elsewhere.
                tracing::warn!("a message could not be delivered: {e}");
                continue;
            }
        };
        let id = room.room_id().to_owned();
        let options = outgoing::options(message);
        let first = !touched.contains(&id);
        if first {
            touched.push(id.clone());
        }
        shared
            .choices
            .lock()
            .expect("the options on show")
            .showing(&id, &options, first);
        if let Some(event) = outgoing::send(&room, message).await {
            shared
                .choices
                .lock()
                .expect("the options on show")
                .sent(event, options);
        }
    }
}

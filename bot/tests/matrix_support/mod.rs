//! The harness of the Matrix scenario tests: a homeserver named by
//! `REDSCIENCE_TEST_MATRIX` (`.ci/synapse.sh` starts one), the bot as a
//! `redscience serve` process, and people as matrix-sdk clients that
//! accept invitations and keep every message they see.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::EncryptionInfo;
use matrix_sdk::ruma::api::client::account::register;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::uiaa::{AuthData, Dummy};
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, Room, RoomState};

/// How long a test waits for the bot's answer.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The homeserver to test against, or `None` (the test is skipped and
/// says so) unless `REDSCIENCE_REQUIRE_MATRIX` demands one.
pub fn homeserver(test: &str) -> Option<String> {
    match std::env::var("REDSCIENCE_TEST_MATRIX") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ if std::env::var_os("REDSCIENCE_REQUIRE_MATRIX").is_some() => {
            panic!(
                "REDSCIENCE_REQUIRE_MATRIX is set but REDSCIENCE_TEST_MATRIX names no homeserver"
            )
        }
        _ => {
            eprintln!(
                "{test}: skipped: REDSCIENCE_TEST_MATRIX names no homeserver (.ci/synapse.sh starts one)"
            );
            None
        }
    }
}

/// A name nobody on the server has yet.
pub fn fresh(name: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{name}{}x{n}x{nanos}", std::process::id())
}

/// Registers an account (the server allows open registration on loopback).
pub async fn register(url: &str, name: &str, password: &str) -> Client {
    let client = Client::builder().homeserver_url(url).build().await.unwrap();
    let mut request = register::v3::Request::new();
    request.username = Some(name.to_string());
    request.password = Some(password.to_string());
    request.auth = Some(AuthData::Dummy(Dummy::new()));
    client
        .matrix_auth()
        .register(request)
        .await
        .unwrap_or_else(|e| panic!("cannot register {name}: {e}"));
    client
}

/// One message a person saw.
#[derive(Clone, Debug)]
pub struct Seen {
    pub room: OwnedRoomId,
    pub sender: OwnedUserId,
    pub body: String,
    pub image: bool,
    pub encrypted: bool,
    /// When this client saw it.
    pub at: Instant,
}

/// A person with a Matrix client that syncs in the background.
pub struct Person {
    pub client: Client,
    pub id: OwnedUserId,
    pub name: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    sync: tokio::task::JoinHandle<()>,
}

impl Drop for Person {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Person {
    pub async fn new(url: &str, name: &str) -> Person {
        let name = fresh(name);
        let client = register(url, &name, "secret-pw").await;
        let id = client.user_id().unwrap().to_owned();
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let me = id.clone();
        client.add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
            let me = me.clone();
            async move {
                if ev.state_key == me && room.state() == RoomState::Invited {
                    tokio::spawn(async move {
                        for _ in 0..20 {
                            if room.join().await.is_ok() {
                                return;
                            }
                            tokio::time::sleep(Duration::from_millis(200)).await;
                        }
                    });
                }
            }
        });
        let keep = seen.clone();
        client.add_event_handler(
            move |ev: OriginalSyncRoomMessageEvent, room: Room, info: Option<EncryptionInfo>| {
                let keep = keep.clone();
                async move {
                    let (body, image) = match &ev.content.msgtype {
                        MessageType::Text(t) => (t.body.clone(), false),
                        MessageType::Notice(t) => (t.body.clone(), false),
                        MessageType::Image(i) => (i.body.clone(), true),
                        MessageType::File(f) => (f.body.clone(), false),
                        _ => return,
                    };
                    keep.lock().unwrap().push(Seen {
                        room: room.room_id().to_owned(),
                        sender: ev.sender,
                        body,
                        image,
                        encrypted: info.is_some(),
                        at: Instant::now(),
                    });
                }
            },
        );
        client.sync_once(SyncSettings::default()).await.unwrap();
        let syncing = client.clone();
        let sync = tokio::spawn(async move {
            // Long polls back to back (`Client::sync` waits a second
            // after every quick answer, which would distort the timings).
            loop {
                let settings = SyncSettings::default().timeout(Duration::from_secs(5));
                if syncing.sync_once(settings).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        });
        let name = id.localpart().to_string();
        Person {
            client,
            id,
            name,
            seen,
            sync,
        }
    }

    /// How many messages this person has seen so far: a mark to wait from.
    pub fn mark(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Every message seen so far.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    /// Creates a room (encrypted or not) and invites `others`.
    pub async fn create_room(&self, others: &[&UserId], direct: bool, encrypted: bool) -> Room {
        let mut request = create_room::v3::Request::new();
        request.invite = others.iter().map(|u| u.to_owned().to_owned()).collect();
        request.is_direct = direct;
        if direct {
            request.preset = Some(create_room::v3::RoomPreset::TrustedPrivateChat);
        }
        let room = self.client.create_room(request).await.unwrap();
        if encrypted {
            room.enable_encryption().await.unwrap();
        }
        room
    }

    /// Waits until `who` has joined `room`.
    pub async fn wait_joined(&self, room: &RoomId, who: &UserId) {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Some(room) = self.client.get_room(room)
                && let Ok(Some(member)) = room.get_member_no_sync(who).await
                && *member.membership()
                    == matrix_sdk::ruma::events::room::member::MembershipState::Join
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{who} did not join {room}");
    }

    /// Sends text to a room; returns the mark to wait for the answer from.
    pub async fn say(&self, room: &RoomId, text: &str) -> usize {
        let mark = self.mark();
        let room = self
            .client
            .get_room(room)
            .unwrap_or_else(|| panic!("{} is not in {room}", self.name));
        room.send(RoomMessageEventContent::text_plain(text))
            .await
            .unwrap_or_else(|e| panic!("{} cannot send {text:?}: {e}", self.name));
        mark
    }

    /// Waits for a message from `from` after `mark` that `test` accepts
    /// (`room` None: in any room).
    pub async fn expect(
        &self,
        mark: usize,
        from: &UserId,
        room: Option<&RoomId>,
        what: &str,
        test: impl Fn(&Seen) -> bool,
    ) -> Seen {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let found = self.seen.lock().unwrap()[mark..]
                .iter()
                .find(|s| s.sender == from && room.is_none_or(|r| s.room == r) && test(s))
                .cloned();
            if let Some(found) = found {
                return found;
            }
            if Instant::now() > deadline {
                let recent: Vec<String> = self.seen.lock().unwrap()[mark..]
                    .iter()
                    .map(|s| format!("[{}] {}: {}", s.room, s.sender, s.body))
                    .collect();
                panic!(
                    "{} waited {PATIENCE:?} for {what}; saw since:\n{}",
                    self.name,
                    recent.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits for a text from `from` in `room` after `mark` containing `needle`.
    pub async fn expect_text(
        &self,
        mark: usize,
        from: &UserId,
        room: &RoomId,
        needle: &str,
    ) -> String {
        self.expect(mark, from, Some(room), needle, |s| s.body.contains(needle))
            .await
            .body
    }

    /// The direct room the bot opened with this person (the room other than
    /// `not` where `bot` wrote to them), once there is one.
    pub fn direct_room_from(&self, bot: &UserId, not: &RoomId) -> Option<OwnedRoomId> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .find(|s| s.sender == bot && s.room != not)
            .map(|s| s.room.clone())
    }
}

/// The bot as a `redscience serve` process with its own database and data
/// directory, killed when dropped.
pub struct BotProcess {
    child: Option<Child>,
    pub dir: PathBuf,
    pub id: OwnedUserId,
    env: Vec<(String, String)>,
    log: PathBuf,
    starts: usize,
}

impl BotProcess {
    /// Registers a fresh bot account and starts the bot on it.
    pub async fn start(url: &str) -> BotProcess {
        let name = fresh("rsbot");
        let password = "bot-secret-pw";
        let account = register(url, &name, password).await;
        let id = account.user_id().unwrap().to_owned();
        drop(account);
        let dir = std::env::temp_dir().join(format!("redscience-matrix-{name}"));
        std::fs::create_dir_all(&dir).unwrap();
        let env = vec![
            ("MATRIX_HOMESERVER".into(), url.to_string()),
            ("MATRIX_USER".into(), id.to_string()),
            ("MATRIX_PASSWORD".into(), password.to_string()),
            ("MATRIX_DEVICE_NAME".into(), "redscience test".to_string()),
            (
                "REDSCIENCE_DATA_DIR".into(),
                dir.join("data").display().to_string(),
            ),
            (
                "DATABASE_URL".into(),
                format!("sqlite:{}", dir.join("redscience.db").display()),
            ),
            (
                "RUST_LOG".into(),
                "warn,redscience=info,matrix_sdk::http_client=off,matrix_sdk_crypto::backups=error"
                    .into(),
            ),
        ];
        let mut bot = BotProcess {
            child: None,
            log: dir.join("bot-0.log"),
            dir,
            id,
            env,
            starts: 0,
        };
        bot.spawn().await;
        bot
    }

    async fn spawn(&mut self) {
        self.starts += 1;
        self.log = self.dir.join(format!("bot-{}.log", self.starts));
        let log = std::fs::File::create(&self.log).unwrap();
        let mut command = Command::new(binary());
        command
            .arg("serve")
            .current_dir(&self.dir)
            .env_remove("MATRIX_ACCESS_TOKEN")
            .env_remove("MATRIX_PREFIX")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        for (k, v) in &self.env {
            command.env(k, v);
        }
        self.child = Some(command.spawn().expect("starts redscience serve"));
        // Ready once it listens.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = self.log_text();
            if text.contains("listening for") {
                return;
            }
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                panic!("redscience serve stopped ({status}):\n{text}");
            }
            assert!(Instant::now() < deadline, "the bot did not start:\n{text}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// What the bot logged in its latest run.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills the process (as a crash would) and starts it again on the same
    /// database and data directory.
    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }

    /// Starts the process again after [`BotProcess::kill`].
    pub async fn start_again(&mut self) {
        self.spawn().await;
    }

    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
        if std::env::var_os("REDSCIENCE_BOT_LOG").is_some() {
            eprintln!("bot log:\n{}", self.log_text());
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        } else {
            eprintln!("bot log:\n{}", self.log_text());
        }
    }
}

/// The `redscience` binary: Cargo's for the tests, `REDSCIENCE_BIN` for
/// the load script.
fn binary() -> PathBuf {
    std::env::var_os("REDSCIENCE_BIN")
        .map(PathBuf::from)
        .or_else(|| option_env!("CARGO_BIN_EXE_redscience").map(PathBuf::from))
        .expect("REDSCIENCE_BIN names the redscience binary")
}

/// The name in the last "... NAME (colour) to move." line of `text`.
pub fn to_move(text: &str) -> Option<String> {
    text.lines()
        .rev()
        .find_map(|l| {
            l.split_once(": ")
                .map(|(_, r)| r)
                .filter(|r| r.ends_with(" to move."))
        })
        .and_then(|r| r.split_whitespace().next())
        .map(str::to_string)
}

//! A fake Discord for the scenario tests: the REST API (recording every
//! request), the gateway (a websocket that identifies a session and pushes
//! dispatches), interaction payloads shaped as Discord sends them, and signed
//! posts to the bot's HTTP interactions endpoint.
#![allow(dead_code)]

mod gateway;
mod payloads;
mod rest;
mod signing;
mod watch;

pub use payloads::*;
pub use signing::*;
#[allow(unused_imports)] // Turn: the load run names it; the other tests do not.
pub use watch::{Turn, Watch};

use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The bot's application id, as the fake reports it.
pub const APPLICATION_ID: u64 = 111111111111111111;
/// The bot user's id, as the fake reports it.
pub const BOT_USER_ID: u64 = 222222222222222222;
/// The guild of guild interactions.
pub const GUILD: u64 = 333333333333333333;
/// The guild text channel of guild interactions.
pub const CHANNEL: u64 = 444444444444444444;

/// `redscience serve` in `dir` (fresh, its log in `bot.log`) with Discord
/// pointed at `fake` and no other transport; the caller adds the database,
/// the log filter and the endpoint's address if it wants one.
pub fn serve_command(fake: &FakeDiscord, dir: &std::path::Path) -> std::process::Command {
    use std::process::{Command, Stdio};
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let log = std::fs::File::create(dir.join("bot.log")).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_redscience"));
    command
        .arg("serve")
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log);
    for name in [
        "MATRIX_HOMESERVER",
        "MATRIX_USER",
        "MATRIX_PASSWORD",
        "MATRIX_ACCESS_TOKEN",
        "DISCORD_SHARDS",
        "DISCORD_INTERACTIONS_ADDR",
    ] {
        command.env_remove(name);
    }
    command
        .env("DISCORD_TOKEN", "test-token")
        .env("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string())
        .env("DISCORD_PUBLIC_KEY", public_key_hex(&test_key()))
        .env("DISCORD_API_BASE", fake.api_base())
        .env("REDSCIENCE_DATA_DIR", dir.join("data"));
    command
}

/// A free port on loopback for the bot's interactions endpoint.
pub fn free_addr() -> String {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    probe.local_addr().unwrap().to_string()
}

/// One REST request the fake received.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// Without the query, e.g. `/api/v10/channels/5/messages`.
    pub path: String,
    /// The query, without `?` (e.g. `wait=true`), empty if none.
    pub query: String,
    /// The JSON body, or the `payload_json` part of a multipart body; Null if none.
    pub json: Value,
    /// Uploaded files: (filename, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// The status the fake answered with.
    pub status: u16,
}

/// The fake's REST server and gateway; both stop when it is dropped.
pub struct FakeDiscord {
    rest: Arc<rest::Shared>,
    gateway: Arc<gateway::Shared>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on random local ports.
    pub async fn start() -> FakeDiscord {
        let (gateway, gateway_task) = gateway::start().await;
        let (rest, rest_task) = rest::start(gateway.url()).await;
        FakeDiscord {
            rest,
            gateway,
            tasks: vec![gateway_task, rest_task],
        }
    }

    /// `http://127.0.0.1:PORT`: the REST base (DISCORD_API_BASE, serenity's proxy).
    pub fn api_base(&self) -> String {
        self.rest.base.clone()
    }

    /// `ws://127.0.0.1:PORT`: the gateway's address.
    pub fn gateway_url(&self) -> String {
        self.gateway.url()
    }

    /// Every REST request so far, oldest first.
    pub fn calls(&self) -> Vec<Call> {
        self.rest.lock().calls.clone()
    }

    /// Forgets the recorded requests (not the messages, channels or files).
    pub fn clear(&self) {
        self.rest.lock().calls.clear();
    }

    /// Waits for a recorded request that `pred` accepts (including ones
    /// already recorded); panics after `timeout` with `what` and all calls.
    pub async fn wait_for(
        &self,
        what: &str,
        pred: impl Fn(&Call) -> bool,
        timeout: Duration,
    ) -> Call {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(call) = self.calls().into_iter().find(|c| pred(c)) {
                return call;
            }
            if tokio::time::Instant::now() >= deadline {
                panic!(
                    "timed out after {timeout:?} waiting for {what}; calls:\n{}",
                    self.dump()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// All calls, one a line: status, method, path, query and JSON.
    pub fn dump(&self) -> String {
        let calls = self.calls();
        if calls.is_empty() {
            return "  (none)".to_string();
        }
        calls
            .iter()
            .map(|c| {
                let query = if c.query.is_empty() {
                    String::new()
                } else {
                    format!("?{}", c.query)
                };
                let files: Vec<&str> = c.files.iter().map(|(n, _)| n.as_str()).collect();
                format!(
                    "  {} {} {}{} {} files={files:?}",
                    c.status, c.method, c.path, query, c.json
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Lean mode for load runs: requests and uploaded files are no longer
    /// recorded (`calls` stays empty); the watch still reads every message.
    pub fn set_lean(&self, lean: bool) {
        self.rest.lock().lean = lean;
    }

    /// Waits until `pred` finds something in the watch (turn prompts, ends
    /// of matches), woken by each message the bot sends; None after `timeout`.
    pub async fn watch_until<T>(
        &self,
        timeout: Duration,
        pred: impl Fn(&Watch) -> Option<T>,
    ) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let mut notified = std::pin::pin!(self.rest.said.notified());
            notified.as_mut().enable();
            if let Some(found) = pred(&self.rest.lock().watch) {
                return Some(found);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Reads the watch now.
    pub fn watch<T>(&self, read: impl Fn(&Watch) -> T) -> T {
        read(&self.rest.lock().watch)
    }

    /// Messages to `user_id`'s DM channel fail from now on with 403, code 50007.
    pub fn refuse_dms_to(&self, user_id: u64) {
        self.rest.lock().refused.insert(user_id);
    }

    /// The DM channel the fake opened for `user_id`, if any.
    pub fn dm_channel(&self, user_id: u64) -> Option<u64> {
        self.rest.lock().dms.get(&user_id).copied()
    }

    /// Serves `bytes` at `/attachments/{name}`; returns the full URL.
    pub fn serve_file(&self, name: &str, bytes: Vec<u8>) -> String {
        self.rest.lock().files.insert(name.to_string(), bytes);
        format!("{}/attachments/{name}", self.rest.base)
    }

    /// The next request whose path contains `path_contains` fails once with
    /// `status` and `body`, e.g. 429 with
    /// `{"message":"You are being rate limited.","retry_after":0.05,"global":false}`.
    pub fn fail_next(&self, path_contains: &str, status: u16, body: Value) {
        self.rest
            .lock()
            .failures
            .push((path_contains.to_string(), status, body));
    }

    /// A message the fake created (as it last answered for it), by id.
    pub fn message(&self, id: &str) -> Option<Value> {
        self.rest.lock().messages.get(id).cloned()
    }

    /// The message an interaction's token answered with (its original
    /// response), once the bot sent or edited it.
    pub fn original(&self, token: &str) -> Option<Value> {
        let state = self.rest.lock();
        let id = state.originals.get(token)?;
        state.messages.get(id).cloned()
    }

    /// Waits until a gateway session has identified; returns IDENTIFY's `d`.
    pub async fn wait_identified(&self, timeout: Duration) -> Value {
        self.gateway.wait_identified(timeout).await
    }

    /// Sends an op-0 dispatch (`t` = `event`) with the next sequence number
    /// to the identified session (waiting up to 10 s for one).
    pub async fn dispatch(&self, event: &str, data: Value) {
        let frame = |seq| json!({ "op": 0, "s": seq, "t": event, "d": data });
        self.gateway.send(event, true, frame).await;
    }

    /// Sends any other gateway payload (e.g. `{"op":1,"d":null}` to ask for
    /// a heartbeat, `{"op":7,"d":null}` to make the client reconnect).
    pub async fn gateway_send(&self, payload: Value) {
        let what = payload.to_string();
        self.gateway.send(&what, false, |_| payload.clone()).await;
    }

    /// How many times a client has identified or resumed.
    pub fn gateway_sessions(&self) -> u64 {
        self.gateway.sessions()
    }

    /// Every gateway payload the client sent (IDENTIFY, heartbeats, ...).
    pub fn gateway_received(&self) -> Vec<Value> {
        self.gateway.received()
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// The bot user as Discord describes it.
pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "redscience",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "flags": 0,
        "public_flags": 0,
    })
}

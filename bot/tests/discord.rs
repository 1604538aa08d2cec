//! Discord scenarios without Discord: `redscience serve` runs as a real
//! process against a fake of Discord's REST API and gateway on loopback
//! (`discord_support`). Interactions arrive signed at the HTTP endpoint,
//! or through the fake gateway, shaped as Discord sends them; everything
//! the bot says is read back from the calls the fake recorded.

#![cfg(feature = "discord")]

mod discord_support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use discord_support::*;
use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(30);

/// The bot as a `redscience serve` process on a fake Discord, killed when
/// dropped.
struct Served {
    child: Child,
    dir: PathBuf,
    /// The interactions endpoint, when it serves one.
    addr: Option<String>,
}

impl Served {
    /// Starts the bot; with `endpoint` it serves the HTTP interactions
    /// endpoint, otherwise it connects to the fake gateway.
    async fn start(fake: &FakeDiscord, name: &str, endpoint: bool) -> Served {
        let dir =
            std::env::temp_dir().join(format!("redscience-discord-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let addr = endpoint.then(|| {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().to_string()
        });
        let log = std::fs::File::create(dir.join("bot.log")).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_redscience"));
        command
            .arg("serve")
            .current_dir(&dir)
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
            .env(
                "DATABASE_URL",
                format!("sqlite:{}", dir.join("redscience.db").display()),
            )
            .env("REDSCIENCE_DATA_DIR", dir.join("data"))
            .env("RUST_LOG", "warn,redscience=debug");
        if let Some(addr) = &addr {
            command.env("DISCORD_INTERACTIONS_ADDR", addr);
        }
        let child = command.spawn().expect("starts redscience serve");
        let mut served = Served { child, dir, addr };
        served.wait_ready(fake).await;
        served
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("bot.log")).unwrap_or_default()
    }

    async fn wait_ready(&mut self, fake: &FakeDiscord) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("redscience serve stopped ({status}):\n{}", self.log());
            }
            let registered = fake
                .calls()
                .iter()
                .any(|c| c.method == "PUT" && c.path.ends_with("/commands"));
            let listening = match &self.addr {
                Some(addr) => std::net::TcpStream::connect(addr).is_ok(),
                None => true,
            };
            if registered && listening {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the bot did not start:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Posts a signed interaction to the endpoint; the HTTP answer.
    async fn send(&self, payload: &Value) -> Value {
        let addr = self.addr.as_deref().expect("an endpoint");
        let (status, body) = post_interaction(addr, payload, Signing::Good(&test_key())).await;
        assert_eq!(status, 200, "{body}\n{}", self.log());
        body
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("bot log:\n{}", self.log());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One thing the bot said, wherever it went.
#[derive(Clone, Debug)]
struct Said {
    /// "response", "original", "followup", "post" or "dm".
    how: &'static str,
    /// The channel a post or DM went to.
    channel: Option<u64>,
    ephemeral: bool,
    body: Value,
    files: Vec<String>,
}

impl Said {
    fn content(&self) -> String {
        self.body["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn is_public(&self) -> bool {
        !self.ephemeral && self.how != "dm"
    }

    /// Every component custom id (buttons) and select value, in order.
    fn ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for row in self.body["components"].as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if c["disabled"] == true {
                    continue;
                }
                if let Some(options) = c["options"].as_array() {
                    for o in options {
                        ids.push(o["value"].as_str().unwrap_or_default().to_string());
                    }
                } else if let Some(id) = c["custom_id"].as_str() {
                    ids.push(id.to_string());
                }
            }
        }
        ids
    }

    /// The custom id of the select menu offering `value`, if any.
    fn select_holding(&self, value: &str) -> Option<String> {
        self.body["components"]
            .as_array()?
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| {
                c["options"]
                    .as_array()
                    .is_some_and(|o| o.iter().any(|o| o["value"] == value))
            })
            .and_then(|c| c["custom_id"].as_str().map(str::to_string))
    }

    /// The message as Discord would hand it back in a component interaction.
    fn as_message(&self) -> Value {
        let channel = self.channel.unwrap_or(CHANNEL);
        let flags = if self.ephemeral { 64 } else { 0 };
        message_json(
            900_000_000_000_000_001,
            channel,
            &self.content(),
            self.body["components"].clone(),
            flags,
        )
    }
}

/// Everything the bot said in `calls`, plus an HTTP answer if given.
fn said(calls: &[Call], answer: Option<&Value>) -> Vec<Said> {
    let mut out = Vec::new();
    if let Some(a) = answer
        && (a["type"] == 4 || a["type"] == 7)
    {
        out.push(Said {
            how: "response",
            channel: None,
            ephemeral: a["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0,
            body: a["data"].clone(),
            files: Vec::new(),
        });
    }
    for c in calls {
        let parts: Vec<&str> = c.path.split('/').collect();
        let files = c.files.iter().map(|(n, _)| n.clone()).collect();
        let ephemeral = c.json["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let (how, channel) = match (c.method.as_str(), parts.as_slice()) {
            ("POST", [_, "api", "v10", "interactions", _, _, "callback"])
                if c.json["type"] == 4 =>
            {
                let data = &c.json["data"];
                out.push(Said {
                    how: "response",
                    channel: None,
                    ephemeral: data["flags"].as_u64().unwrap_or(0) & 64 != 0,
                    body: data.clone(),
                    files,
                });
                continue;
            }
            ("PATCH", [_, "api", "v10", "webhooks", _, _, "messages", "@original"]) => {
                ("original", None)
            }
            ("POST", [_, "api", "v10", "webhooks", _, _]) => ("followup", None),
            ("POST", [_, "api", "v10", "channels", channel, "messages"]) => {
                let channel: u64 = channel.parse().unwrap();
                let dm = channel != CHANNEL;
                (if dm { "dm" } else { "post" }, Some(channel))
            }
            _ => continue,
        };
        out.push(Said {
            how,
            channel,
            ephemeral,
            body: c.json.clone(),
            files,
        });
    }
    out
}

/// Waits until the bot has said something `pred` accepts since `mark`
/// calls (or in `answer`); returns everything said since `mark`.
async fn until(
    fake: &FakeDiscord,
    mark: usize,
    answer: Option<&Value>,
    what: &str,
    pred: impl Fn(&Said) -> bool,
) -> Vec<Said> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let calls = fake.calls();
        let all = said(&calls[mark.min(calls.len())..], answer);
        if all.iter().any(&pred) {
            return all;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; calls:\n{}",
            fake.dump()
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

fn opt(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// Alice and Bob become friends: Bob accepts by the button in his DM.
async fn befriend(fake: &FakeDiscord, bot: &Served) {
    // Bob has used the bot once, so Alice can find him by name.
    bot.send(&slash(&BOB, "help", json!([]), CHANNEL, IN_GUILD))
        .await;
    let mark = fake.calls().len();
    let answer = bot
        .send(&slash(
            &ALICE,
            "friend",
            json!([{"name": "add", "type": 1, "options": [opt("name", "bob")]}]),
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    let out = until(fake, mark, Some(&answer), "the request in Bob's DM", |s| {
        s.how == "dm" && s.ids().iter().any(|id| id.starts_with("c:friend accept"))
    })
    .await;
    let dm = out.iter().find(|s| s.how == "dm").unwrap();
    let accept = dm
        .ids()
        .into_iter()
        .find(|id| id.starts_with("c:friend accept"))
        .unwrap();
    let mark = fake.calls().len();
    let answer = bot
        .send(&button(
            &BOB,
            &accept,
            dm.as_message(),
            dm.channel.unwrap(),
            None,
        ))
        .await;
    until(fake, mark, Some(&answer), "the friendship", |s| {
        s.content().to_lowercase().contains("friends")
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn unsigned_forged_stale_and_tampered_requests_are_refused() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "signature", true).await;
    let addr = bot.addr.clone().unwrap();
    let help = slash(&ALICE, "help", json!([]), CHANNEL, IN_GUILD);
    for signing in [
        Signing::Unsigned,
        Signing::WrongKey,
        Signing::Stale(&test_key()),
        Signing::Tampered(&test_key()),
    ] {
        let (status, _) = post_interaction(&addr, &help, signing).await;
        assert_eq!(status, 401, "{signing:?}");
    }
    let ping = json!({"id": "1", "application_id": APPLICATION_ID.to_string(), "type": 1, "token": "t", "version": 1});
    let (status, pong) = post_interaction(&addr, &ping, Signing::Good(&test_key())).await;
    assert_eq!((status, pong), (200, json!({"type": 1})));
    // Nothing refused reached the bot: only the registration was called.
    let calls = fake.calls();
    assert!(
        calls.iter().all(|c| !c.path.contains("/interactions/")),
        "{}",
        fake.dump()
    );
    // The slash commands are the command model's: every one, with options.
    let put = calls.iter().find(|c| c.method == "PUT").unwrap();
    let names: Vec<&str> = put
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for name in [
        "help",
        "game",
        "challenge",
        "accept",
        "move",
        "plan",
        "board",
        "friend",
        "leaderboard",
        "persona",
        "clock",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    // A signed help comes back in the HTTP answer itself.
    let answer = bot.send(&help).await;
    assert_eq!(answer["type"], 4, "{answer}");
    assert!(
        answer["data"]["content"]
            .as_str()
            .unwrap()
            .contains("Commands"),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn autocomplete_suggests_games_and_friends() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "autocomplete", true).await;
    befriend(&fake, &bot).await;
    let focused = json!([{"name": "game", "type": 3, "value": "tic", "focused": true}]);
    let answer = bot
        .send(&autocomplete(
            &ALICE,
            "challenge",
            focused,
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    assert_eq!(answer["type"], 8, "{answer}");
    let games: Vec<&str> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(games.first(), Some(&"Tic-Tac-Toe"), "{games:?}");
    let focused = json!([opt("game", "Connect4"), {"name": "opponent", "type": 3, "value": "Random b", "focused": true}]);
    let answer = bot
        .send(&autocomplete(
            &ALICE,
            "challenge",
            focused,
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    let players: Vec<&str> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert!(players.contains(&"Random bob"), "{players:?}");
    assert!(players.len() <= 25);
}

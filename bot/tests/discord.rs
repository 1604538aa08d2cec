//! Discord scenarios without Discord: `redscience serve` runs as a real
//! process against a fake of Discord's REST API and gateway on loopback
//! (`discord_support`). Interactions arrive signed at the HTTP endpoint,
//! or through the fake gateway, shaped as Discord sends them; everything
//! the bot says is read back from the calls the fake recorded.

use crate::discord_support;

use std::path::PathBuf;
use std::process::Child;
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
        Served::start_with(fake, name, endpoint, &[]).await
    }

    /// The same, with more settings.
    async fn start_with(
        fake: &FakeDiscord,
        name: &str,
        endpoint: bool,
        settings: &[(&str, &str)],
    ) -> Served {
        // In memory where the system allows: the database is thrown away.
        let dir = redscience_storage::scratch::scratch_dir()
            .join(format!("redscience-discord-{name}-{}", std::process::id()));
        let addr = endpoint.then(free_addr);
        let mut command = serve_command(fake, &dir);
        command
            .env(
                "DATABASE_URL",
                format!("sqlite:{}", dir.join("redscience.db").display()),
            )
            .env("RUST_LOG", "warn,redscience=debug");
        if let Some(addr) = &addr {
            command.env("DISCORD_INTERACTIONS_ADDR", addr);
        }
        for (name, value) in settings {
            command.env(name, value);
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

    /// A slash command in the guild's channel; the HTTP answer.
    async fn slash(&self, who: &Person, name: &str, options: Value) -> Value {
        self.send(&slash(who, name, options, CHANNEL, IN_GUILD))
            .await
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
    /// The names of the files it carried.
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

/// A subcommand's options, e.g. `friend add name:bob`.
fn sub(name: &str, options: Value) -> Value {
    json!([{"name": name, "type": 1, "options": options}])
}

/// Alice and Bob become friends: Bob accepts by the button in his DM.
async fn befriend(fake: &FakeDiscord, bot: &Served) {
    // Bob has used the bot once, so Alice can find him by name.
    bot.slash(&BOB, "help", json!([])).await;
    let mark = fake.calls().len();
    let answer = bot
        .slash(&ALICE, "friend", sub("add", json!([opt("name", "bob")])))
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
    // The machines are offered too.
    let focused = json!([opt("game", "Connect4"), {"name": "opponent", "type": 3, "value": "ha", "focused": true}]);
    let answer = bot
        .send(&autocomplete(
            &ALICE,
            "challenge",
            focused,
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    let first = &answer["data"]["choices"][0]["value"];
    assert_eq!(first, "hard", "{answer}");
}

/// The first (enabled) choice id starting with `prefix` that `s` offers.
fn offered(s: &Said, prefix: &str) -> Option<String> {
    s.ids().into_iter().find(|id| id.starts_with(prefix))
}

fn is_turn(s: &Said) -> bool {
    offered(s, "c:move #").is_some() || offered(s, "c:plan #").is_some()
}

/// Alice challenges Bob (friends already) in a guild channel and Bob
/// accepts by the button; everything said since the acceptance.
async fn challenge_accepted(fake: &FakeDiscord, bot: &Served, game: &str) -> (usize, Value) {
    let mark = fake.calls().len();
    let options = json!([opt("game", game), opt("opponent", "bob")]);
    let answer = bot.slash(&ALICE, "challenge", options).await;
    let out = until(fake, mark, Some(&answer), "the challenge's buttons", |s| {
        s.is_public() && offered(s, "c:accept").is_some()
    })
    .await;
    let challenge = out
        .iter()
        .find(|s| s.is_public() && offered(s, "c:accept").is_some())
        .unwrap();
    let accept = offered(challenge, "c:accept").unwrap();
    let mark = fake.calls().len();
    let answer = bot
        .send(&button(
            &BOB,
            &accept,
            challenge.as_message(),
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    (mark, answer)
}

#[tokio::test(flavor = "multi_thread")]
async fn tic_tac_toe_is_challenged_accepted_and_played_by_buttons() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "tictactoe", true).await;
    befriend(&fake, &bot).await;
    // Discord rate-limits the next follow-up once: the bot waits and retries.
    fake.fail_next(
        "/webhooks/",
        429,
        json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false}),
    );
    let (mut mark, mut answer) = challenge_accepted(&fake, &bot, "Tic-Tac-Toe").await;
    let mut moves = 0;
    let end = loop {
        let out = until(&fake, mark, Some(&answer), "a turn or the end", |s| {
            s.content().contains("is over") || is_turn(s)
        })
        .await;
        if let Some(end) = out.iter().find(|s| s.content().contains("is over")) {
            break end.clone();
        }
        let prompt = out.iter().rev().find(|s| is_turn(s)).unwrap();
        assert!(prompt.is_public(), "{prompt:?}");
        let mover = if prompt.content().to_lowercase().starts_with("alice") {
            ALICE
        } else {
            BOB
        };
        let cell = offered(prompt, "c:move #").unwrap();
        mark = fake.calls().len();
        answer = bot
            .send(&button(
                &mover,
                &cell,
                prompt.as_message(),
                CHANNEL,
                IN_GUILD,
            ))
            .await;
        moves += 1;
        assert!(moves <= 9, "{}", fake.dump());
    };
    assert!(
        moves >= 5,
        "a game of Tic-Tac-Toe takes at least five moves"
    );
    assert!(end.is_public());
    let calls = fake.calls();
    assert!(
        calls.iter().any(|c| c.status == 429),
        "the fake limited once"
    );
    // Boards are PNG pictures, shown in embeds.
    let png = calls.iter().find(|c| {
        c.files
            .iter()
            .any(|(n, b)| n.ends_with(".png") && b.starts_with(&[137, 80, 78, 71]))
    });
    let png = png.unwrap_or_else(|| panic!("no picture:\n{}", fake.dump()));
    let embed = png.json["embeds"][0]["image"]["url"].as_str().unwrap();
    assert!(embed.starts_with("attachment://") && embed.ends_with(".png"));
    // Each new turn disabled the buttons of the one before.
    let disabled = calls
        .iter()
        .filter(|c| {
            c.method == "PATCH"
                && c.path
                    .starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"))
                && c.json["components"][0]["components"]
                    .as_array()
                    .is_some_and(|b| b.iter().all(|b| b["disabled"] == true))
        })
        .count();
    assert!(
        disabled >= moves - 1,
        "{disabled} of {moves}:\n{}",
        fake.dump()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_wizard_is_answered_with_buttons_a_select_menu_and_a_form() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "wizard", true).await;
    let mark = fake.calls().len();
    let create = sub("create", json!([]));
    let answer = bot.slash(&ALICE, "game", create).await;
    let is_question = |s: &Said| offered(s, "t:").is_some();
    let out = until(
        &fake,
        mark,
        Some(&answer),
        "the first question",
        is_question,
    )
    .await;
    let mut question = out.into_iter().rfind(is_question).unwrap();
    let mut used = std::collections::BTreeSet::new();
    for word in ["Four-Wide", "skip", "next", "squares", "4", "done", "save"] {
        let id = format!("c:{word}");
        let here = question.channel.unwrap_or(CHANNEL);
        let mark = fake.calls().len();
        let answer = if question.ids().contains(&id) {
            match question.select_holding(&id) {
                Some(menu) => {
                    used.insert("select");
                    let pick = select(&ALICE, &menu, &[&id], question.as_message(), here, IN_GUILD);
                    bot.send(&pick).await
                }
                None => {
                    used.insert("button");
                    bot.send(&button(&ALICE, &id, question.as_message(), here, IN_GUILD))
                        .await
                }
            }
        } else {
            // The ✎ button opens a form; what is typed there is the answer.
            used.insert("form");
            let typed = offered(&question, "t:").unwrap();
            let form = bot
                .send(&button(
                    &ALICE,
                    &typed,
                    question.as_message(),
                    here,
                    IN_GUILD,
                ))
                .await;
            assert_eq!(form["type"], 9, "{form}");
            assert_eq!(form["data"]["custom_id"], typed.as_str());
            let input = form["data"]["components"][0]["components"][0]["custom_id"]
                .as_str()
                .unwrap()
                .to_string();
            let submit = modal_submit(
                &ALICE,
                &typed,
                &[(&input, word)],
                Some(question.as_message()),
                here,
                IN_GUILD,
            );
            bot.send(&submit).await
        };
        let out = until(&fake, mark, Some(&answer), word, |s| {
            is_question(s) || s.content().contains("Saved")
        })
        .await;
        let refused = out
            .iter()
            .find(|s| s.content().contains("Nothing was saved"));
        assert!(refused.is_none(), "{word}: {refused:?}");
        if word == "save" {
            let saved = out.iter().find(|s| s.content().contains("Saved Four-Wide"));
            assert!(saved.is_some(), "{out:?}");
        } else {
            question = out.into_iter().rfind(is_question).unwrap();
        }
    }
    assert_eq!(
        used.into_iter().collect::<Vec<_>>(),
        ["button", "form", "select"]
    );
    let answer = bot
        .slash(
            &ALICE,
            "game",
            sub("show", json!([opt("name", "Four-Wide")])),
        )
        .await;
    let shown = answer["data"]["content"].as_str().unwrap_or_default();
    assert!(shown.contains("4x3x1"), "{answer}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cloaked_game_shows_each_view_only_in_ephemeral_messages_and_dms() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "cloaked", true).await;
    befriend(&fake, &bot).await;
    let (mut mark, mut answer) = challenge_accepted(&fake, &bot, "3Blotto13").await;
    let mut clicker = BOB;
    let first = mark;
    for _ in 0..4 {
        let out = until(&fake, mark, Some(&answer), "a private turn", is_turn).await;
        let prompt = out.iter().rev().find(|s| is_turn(s)).unwrap();
        assert!(
            !prompt.is_public(),
            "a turn in a cloaked game is private: {prompt:?}"
        );
        // An ephemeral prompt is the clicker's; a DM says whose by its channel.
        let (mover, channel, guild) = match prompt.channel {
            Some(dm) if fake.dm_channel(ALICE.id) == Some(dm) => (ALICE, dm, None),
            Some(dm) => {
                assert_eq!(fake.dm_channel(BOB.id), Some(dm));
                (BOB, dm, None)
            }
            None => (clicker, CHANNEL, IN_GUILD),
        };
        let pick = offered(prompt, "c:plan #")
            .or_else(|| offered(prompt, "c:move #"))
            .unwrap();
        mark = fake.calls().len();
        answer = bot
            .send(&button(&mover, &pick, prompt.as_message(), channel, guild))
            .await;
        clicker = mover;
    }
    until(&fake, mark, Some(&answer), "the last move's answer", |s| {
        !s.content().is_empty()
    })
    .await;
    let calls = fake.calls();
    let all = said(&calls[first..], None);
    let views: Vec<&Said> = all
        .iter()
        .filter(|s| s.content().contains("your view as"))
        .collect();
    assert!(
        views.iter().any(|s| s.ephemeral) && views.iter().any(|s| s.how == "dm"),
        "views by ephemeral message and by DM:\n{}",
        fake.dump()
    );
    for s in &all {
        assert!(
            !(s.is_public() && s.content().contains("your view")),
            "a private view went public: {s:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_dm_is_said_in_the_channel_and_shown_by_a_button_to_its_owner_alone() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "refused", true).await;
    fake.refuse_dms_to(BOB.id);
    bot.slash(&BOB, "help", json!([])).await;
    let mark = fake.calls().len();
    let add = sub("add", json!([opt("name", "bob")]));
    let answer = bot.slash(&ALICE, "friend", add).await;
    let out = until(&fake, mark, Some(&answer), "the refused-DM notice", |s| {
        offered(s, "v:").is_some()
    })
    .await;
    let refused = fake
        .calls()
        .into_iter()
        .find(|c| c.status == 403)
        .unwrap_or_else(|| panic!("the fake refused no DM:\n{}", fake.dump()));
    assert!(
        refused.json["components"].is_array(),
        "the request itself was tried"
    );
    let notice = out.iter().find(|s| offered(s, "v:").is_some()).unwrap();
    assert!(notice.is_public());
    assert!(notice.content().contains(&format!("<@{}>", BOB.id)));
    let show = offered(notice, "v:").unwrap();
    // Someone else only learns that it is not theirs.
    let other = bot
        .send(&button(
            &ALICE,
            &show,
            notice.as_message(),
            CHANNEL,
            IN_GUILD,
        ))
        .await;
    assert_eq!(other["type"], 4);
    assert_eq!(other["data"]["flags"], 64);
    assert!(other["data"]["content"].as_str().unwrap().contains("alone"));
    // Bob sees the request, ephemerally, with its buttons.
    let mark = fake.calls().len();
    let answer = bot
        .send(&button(&BOB, &show, notice.as_message(), CHANNEL, IN_GUILD))
        .await;
    let out = until(&fake, mark, Some(&answer), "the kept request", |s| {
        offered(s, "c:friend accept").is_some()
    })
    .await;
    let view = out
        .iter()
        .find(|s| offered(s, "c:friend accept").is_some())
        .unwrap();
    assert!(view.ephemeral, "{view:?}");
    assert!(!notice.content().contains(&view.content()));
    let accept = offered(view, "c:friend accept").unwrap();
    let mark = fake.calls().len();
    let answer = bot
        .send(&button(&BOB, &accept, view.as_message(), CHANNEL, IN_GUILD))
        .await;
    until(&fake, mark, Some(&answer), "the friendship", |s| {
        s.content().to_lowercase().contains("friends")
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_gateway_brings_interactions_and_direct_messages() {
    let fake = FakeDiscord::start().await;
    let _bot = Served::start(&fake, "gateway", false).await;
    let identify = fake.wait_identified(PATIENCE).await;
    assert!(identify["token"].as_str().unwrap().contains("test-token"));
    // DIRECT_MESSAGES only: no privileged intent.
    assert_eq!(identify["intents"], 1 << 12, "{identify}");
    let help = slash(&ALICE, "help", json!([]), CHANNEL, IN_GUILD);
    fake.dispatch("INTERACTION_CREATE", help.clone()).await;
    let token = help["token"].as_str().unwrap().to_string();
    let response = fake
        .wait_for(
            "the help response",
            |c| c.path.ends_with("/callback") && c.path.contains(&token),
            PATIENCE,
        )
        .await;
    assert_eq!(response.json["type"], 4);
    assert!(
        response.json["data"]["content"]
            .as_str()
            .unwrap()
            .contains("Commands")
    );
    // A DM typed to the bot is a command; the answer comes in that DM.
    let dm = user_message(&ALICE, 1, DM_CHANNEL, "game show Tic-Tac-Toe", None);
    fake.dispatch("MESSAGE_CREATE", dm).await;
    let started = fake
        .wait_for(
            "the game in the DM",
            |c| {
                c.path == format!("/api/v10/channels/{DM_CHANNEL}/messages")
                    && c.json["content"]
                        .as_str()
                        .is_some_and(|t| t.contains("Play it: `challenge Tic-Tac-Toe"))
            },
            PATIENCE,
        )
        .await;
    assert_eq!(started.method, "POST");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_exported_as_a_file_comes_back_through_an_attachment_option() {
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "files", true).await;
    let mark = fake.calls().len();
    let export = sub("export", json!([opt("name", "Tic-Tac-Toe")]));
    let answer = bot.slash(&ALICE, "game", export).await;
    let out = until(&fake, mark, Some(&answer), "the exported file", |s| {
        s.files.iter().any(|f| f.ends_with(".json"))
    })
    .await;
    let name = out
        .iter()
        .flat_map(|s| s.files.clone())
        .find(|f| f.ends_with(".json"))
        .unwrap();
    let bytes = fake
        .calls()
        .into_iter()
        .flat_map(|c| c.files)
        .find(|(n, _)| *n == name)
        .map(|(_, b)| b)
        .unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("Tic-Tac-Toe"));
    let url = fake.serve_file("mine.json", bytes.clone());
    let import = sub(
        "import",
        json!([{"name": "file", "type": 11, "value": "77"}]),
    );
    let attached = (77, "mine.json", url.as_str(), bytes.len() as u64);
    let mark = fake.calls().len();
    let answer = bot
        .send(&slash_with_attachment(
            &ALICE,
            "game",
            import.clone(),
            CHANNEL,
            IN_GUILD,
            attached,
        ))
        .await;
    // The same rules under the same name: read, and refused for what it is.
    let out = until(&fake, mark, Some(&answer), "the import's answer", |s| {
        s.content().contains("Tic-Tac-Toe")
    })
    .await;
    assert!(out.iter().all(|s| !s.content().contains("could not read")));
    // A file over the limit is not even fetched.
    let huge = (77, "huge.json", url.as_str(), 5 * 1024 * 1024);
    let answer = bot
        .send(&slash_with_attachment(
            &ALICE, "game", import, CHANNEL, IN_GUILD, huge,
        ))
        .await;
    assert_eq!(answer["data"]["flags"], 64);
    let said = answer["data"]["content"].as_str().unwrap();
    assert!(said.contains("at most 1024 KiB"), "{said}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_slow_answer_is_deferred_then_delivered_by_edits_and_follow_ups() {
    let fake = FakeDiscord::start().await;
    // Every answer counts as slow: the endpoint defers at once.
    let settings = [("DISCORD_DEFER_AFTER_MS", "0")];
    let bot = Served::start_with(&fake, "deferred", true, &settings).await;
    let help = slash(&ALICE, "help", json!([]), CHANNEL, IN_GUILD);
    let answer = bot.send(&help).await;
    assert_eq!(answer["type"], 5, "{answer}");
    assert_eq!(
        answer["data"]["flags"], 64,
        "the person alone sees it thinking"
    );
    // A public answer: the "thinking" goes, the text comes as follow-ups.
    let token = help["token"].as_str().unwrap().to_string();
    let original = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
    let webhook = format!("/webhooks/{APPLICATION_ID}/{token}");
    fake.wait_for(
        "the deferral removed",
        |c| c.method == "DELETE" && c.path.ends_with(&original),
        PATIENCE,
    )
    .await;
    let followup = fake
        .wait_for(
            "the help",
            |c| c.method == "POST" && c.path.ends_with(&webhook),
            PATIENCE,
        )
        .await;
    assert!(
        followup.json["content"]
            .as_str()
            .unwrap()
            .contains("Commands")
    );
    assert_ne!(followup.json["flags"], 64);
    // A private answer replaces the "thinking" itself.
    let list = sub("list", json!([]));
    let friends = slash(&ALICE, "friend", list, CHANNEL, IN_GUILD);
    let answer = bot.send(&friends).await;
    assert_eq!(answer["type"], 5);
    let token = friends["token"].as_str().unwrap().to_string();
    let edit = fake
        .wait_for(
            "the friend list in the deferred response",
            |c| c.method == "PATCH" && c.path.contains(&token),
            PATIENCE,
        )
        .await;
    assert!(
        edit.json["content"].as_str().unwrap().contains("Friends:"),
        "{}",
        edit.json
    );
}

/// A slash command naming `who` by the `user` option, with `who` among
/// the interaction's resolved users as Discord sends them.
fn naming_user(from: &Person, name: &str, mut options: Value, who: &Person) -> Value {
    let user = json!({"name": "user", "type": 6, "value": who.id.to_string()});
    match options.as_array_mut() {
        // A subcommand's options are one level down.
        Some(top) if top.first().is_some_and(|o| o["type"] == 1) => {
            top[0]["options"].as_array_mut().unwrap().push(user);
        }
        Some(top) => top.push(user),
        None => options = json!([user]),
    }
    let mut payload = slash(from, name, options, CHANNEL, IN_GUILD);
    let mut shown = user_json(who);
    shown["global_name"] = json!("Carol Picked");
    payload["data"]["resolved"] = json!({ "users": { who.id.to_string(): shown } });
    payload
}

#[tokio::test(flavor = "multi_thread")]
async fn machines_and_picked_users_are_challenged_and_befriended_by_name() {
    const CAROL: Person = Person {
        id: 555555555555555509,
        name: "carol",
    };
    let fake = FakeDiscord::start().await;
    let bot = Served::start(&fake, "machines", true).await;
    // The standard player by its short name.
    let mark = fake.calls().len();
    let answer = bot
        .slash(
            &ALICE,
            "challenge",
            json!([opt("game", "Tic-Tac-Toe"), opt("opponent", "SP")]),
        )
        .await;
    until(&fake, mark, Some(&answer), "a match against the SP", |s| {
        s.content().contains("*Tic-Tac-Toe SP")
    })
    .await;
    bot.slash(&ALICE, "resign", json!([])).await;
    // Carol never spoke to the bot: picked as a user, she is befriended by
    // the name her interaction data gives.
    let mark = fake.calls().len();
    let answer = bot
        .send(&naming_user(
            &ALICE,
            "friend",
            sub("add", json!([])),
            &CAROL,
        ))
        .await;
    let out = until(&fake, mark, Some(&answer), "the friend request", |s| {
        s.content().contains("Friend request sent to")
    })
    .await;
    assert!(
        out.iter()
            .any(|s| s.content().contains("Friend request sent to Carol-Picked")),
        "{out:?}"
    );
    // A mention typed into the opponent option works the same way.
    let mark = fake.calls().len();
    let answer = bot
        .slash(
            &ALICE,
            "challenge",
            json!([
                opt("game", "Tic-Tac-Toe"),
                opt("opponent", &format!("<@!{}>", CAROL.id))
            ]),
        )
        .await;
    until(&fake, mark, Some(&answer), "not a friend yet", |s| {
        s.content().contains("Carol-Picked is not your friend yet")
    })
    .await;
}

//! Tests of the fake Discord itself: serenity's REST client and gateway
//! against it, the payload builders against serenity's model, and the
//! signing helper against ed25519-dalek.
use crate::discord_support;

use discord_support::*;
use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use serde_json::{Value, json};
use serenity::all::{
    ApplicationId, ButtonStyle, Client, Command, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAttachment, CreateButton,
    CreateCommand, CreateCommandOption, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EventHandler, GatewayIntents, Http, HttpBuilder, Interaction, Message, PrivateChannel,
};
use std::time::Duration;

const SECOND: Duration = Duration::from_secs(1);
const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a picture";

fn http(fake: &FakeDiscord) -> Http {
    HttpBuilder::new("test-token")
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(APPLICATION_ID))
        .build()
}

fn interaction(v: &Value) -> Interaction {
    serde_json::from_value(v.clone())
        .unwrap_or_else(|e| panic!("not a serenity Interaction ({e}): {v:#}"))
}

fn error_code(e: &serenity::Error) -> isize {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => r.error.code,
        other => panic!("not an unsuccessful request: {other:?}"),
    }
}

#[tokio::test]
async fn dm_channel_and_message() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let dm: PrivateChannel = ALICE_ID.create_dm_channel(&http).await.unwrap();
    assert_eq!(dm.recipient.id.get(), ALICE.id);
    let again = ALICE_ID.create_dm_channel(&http).await.unwrap();
    assert_eq!(again.id, dm.id, "the same person gets the same DM channel");
    assert_eq!(fake.dm_channel(ALICE.id), Some(dm.id.get()));

    let button = CreateButton::new("play:1")
        .label("Play")
        .style(ButtonStyle::Primary);
    let sent = dm
        .id
        .send_message(
            &http,
            CreateMessage::new()
                .content("Your move")
                .components(vec![CreateActionRow::Buttons(vec![button])]),
        )
        .await
        .unwrap();
    assert_eq!(sent.content, "Your move");
    assert_eq!(sent.channel_id, dm.id);
    let call = fake
        .wait_for(
            "the message",
            |c| c.method == "POST" && c.path == format!("/api/v10/channels/{}/messages", dm.id),
            SECOND,
        )
        .await;
    assert_eq!(call.json["content"], "Your move");
    assert_eq!(
        call.json["components"][0]["components"][0]["custom_id"],
        "play:1"
    );
    assert_eq!(call.status, 200);
    let stored = fake.message(&sent.id.to_string()).unwrap();
    let stored: Message = serde_json::from_value(stored).unwrap();
    assert_eq!(stored.components[0].components.len(), 1);

    // Edits and deletes.
    let mut sent = sent;
    sent.edit(&http, serenity::all::EditMessage::new().content("Done"))
        .await
        .unwrap();
    assert_eq!(sent.content, "Done");
    assert_eq!(
        fake.message(&sent.id.to_string()).unwrap()["content"],
        "Done"
    );
    sent.delete(&http).await.unwrap();
    assert!(fake.message(&sent.id.to_string()).is_none());
}

const ALICE_ID: serenity::all::UserId = serenity::all::UserId::new(ALICE.id);

#[tokio::test]
async fn refused_dm_fails_with_50007_and_failures_are_one_shot() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    fake.refuse_dms_to(BOB.id);
    let bob = serenity::all::UserId::new(BOB.id);
    let dm = bob.create_dm_channel(&http).await.unwrap();
    let err = dm.id.say(&http, "hello").await.unwrap_err();
    assert_eq!(error_code(&err), 50007);
    let alice_dm = ALICE_ID.create_dm_channel(&http).await.unwrap();
    alice_dm.id.say(&http, "hello").await.unwrap();

    fake.fail_next(
        "/messages",
        429,
        json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false}),
    );
    let err = alice_dm.id.say(&http, "again").await.unwrap_err();
    assert!(format!("{err:?}").contains("429"), "{err:?}");
    alice_dm.id.say(&http, "again").await.unwrap();
    let statuses: Vec<u16> = fake
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/messages"))
        .map(|c| c.status)
        .collect();
    assert_eq!(statuses, [403, 200, 429, 200]);

    let unknown = http.get_guild(serenity::all::GuildId::new(GUILD)).await;
    assert_eq!(error_code(&unknown.unwrap_err()), 0);
    assert_eq!(fake.calls().last().unwrap().status, 404);
    fake.clear();
    assert!(fake.calls().is_empty());
}

#[tokio::test]
async fn responses_followups_with_files_and_buttons_on_them() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let payload = slash(&ALICE, "play", json!([]), CHANNEL, Some(GUILD));
    let command: CommandInteraction = match interaction(&payload) {
        Interaction::Command(c) => c,
        other => panic!("not a command: {other:?}"),
    };
    let reply = CreateInteractionResponseMessage::new()
        .content("Pick a game")
        .button(CreateButton::new("game:ttt").label("Tic-Tac-Toe"));
    command
        .create_response(&http, CreateInteractionResponse::Message(reply))
        .await
        .unwrap();
    let callback = fake
        .wait_for("the callback", |c| c.path.ends_with("/callback"), SECOND)
        .await;
    assert_eq!(
        callback.path,
        format!(
            "/api/v10/interactions/{}/{}/callback",
            payload["id"].as_str().unwrap(),
            payload["token"].as_str().unwrap()
        )
    );
    assert_eq!(callback.status, 204);
    assert_eq!(callback.json["type"], 4);
    let original = command.get_response(&http).await.unwrap();
    assert_eq!(original.content, "Pick a game");
    assert_eq!(original.channel_id.get(), CHANNEL);
    assert_eq!(
        fake.original(&command.token).unwrap()["id"],
        original.id.to_string()
    );

    let followup = command
        .create_followup(
            &http,
            CreateInteractionResponseFollowup::new()
                .content("The board")
                .ephemeral(true)
                .add_file(CreateAttachment::bytes(PNG, "board.png")),
        )
        .await
        .unwrap();
    assert_eq!(followup.content, "The board");
    assert_eq!(followup.attachments.len(), 1);
    assert_eq!(followup.attachments[0].filename, "board.png");
    assert_eq!(followup.attachments[0].size as usize, PNG.len());
    let call = fake
        .wait_for(
            "the follow-up",
            |c| c.method == "POST" && c.path.contains("/webhooks/"),
            SECOND,
        )
        .await;
    assert_eq!(
        call.path,
        format!("/api/v10/webhooks/{APPLICATION_ID}/{}", command.token)
    );
    assert_eq!(call.files, vec![("board.png".to_string(), PNG.to_vec())]);
    assert_eq!(call.json["content"], "The board");
    assert_eq!(call.json["flags"], 64);
    // The attachment's URL serves the bytes.
    let url = &followup.attachments[0].url;
    let path = url.strip_prefix(&fake.api_base()).unwrap();
    let (status, _) = get(&fake.api_base(), path).await;
    assert_eq!(status, 200);

    // Click the button on the original response; the update edits it.
    let original_json = fake.original(&command.token).unwrap();
    let click = button(&BOB, "game:ttt", original_json, CHANNEL, Some(GUILD));
    let component: ComponentInteraction = match interaction(&click) {
        Interaction::Component(c) => c,
        other => panic!("not a component: {other:?}"),
    };
    assert_eq!(component.message.id, original.id);
    assert_eq!(component.user.id.get(), BOB.id);
    component
        .create_response(
            &http,
            CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new().content("Tic-Tac-Toe it is"),
            ),
        )
        .await
        .unwrap();
    assert_eq!(
        fake.message(&original.id.to_string()).unwrap()["content"],
        "Tic-Tac-Toe it is"
    );
    // Editing the original through the token.
    command
        .edit_response(
            &http,
            serenity::all::EditInteractionResponse::new().content("Edited"),
        )
        .await
        .unwrap();
    assert_eq!(fake.original(&command.token).unwrap()["content"], "Edited");
}

/// A plain GET to the fake (for the attachment URLs).
async fn get(base: &str, path: &str) -> (u16, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = base.strip_prefix("http://").unwrap();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let (status, _) = parse_response(&out);
    (status, out)
}

#[tokio::test]
async fn served_files() {
    let fake = FakeDiscord::start().await;
    let url = fake.serve_file("upload.json", b"{\"a\":1}".to_vec());
    assert_eq!(url, format!("{}/attachments/upload.json", fake.api_base()));
    let (status, out) = get(&fake.api_base(), "/attachments/upload.json").await;
    assert_eq!(status, 200);
    assert!(out.ends_with(b"{\"a\":1}"));
    let (status, _) = get(&fake.api_base(), "/attachments/missing").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn global_and_guild_commands() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let commands = vec![
        CreateCommand::new("play")
            .description("Start a match")
            .add_option(
                CreateCommandOption::new(
                    serenity::all::CommandOptionType::String,
                    "game",
                    "The game",
                )
                .required(true)
                .set_autocomplete(true),
            ),
        CreateCommand::new("stats").description("Your statistics"),
    ];
    let set = Command::set_global_commands(&http, commands.clone())
        .await
        .unwrap();
    assert_eq!(set.len(), 2);
    assert_eq!(set[0].name, "play");
    assert_eq!(set[0].options[0].name, "game");
    assert!(set[0].options[0].autocomplete);
    assert_eq!(set[0].application_id.get(), APPLICATION_ID);
    let call = fake.calls().pop().unwrap();
    assert_eq!(call.method, "PUT");
    assert_eq!(
        call.path,
        format!("/api/v10/applications/{APPLICATION_ID}/commands")
    );
    assert_eq!(call.json[1]["name"], "stats");

    let guild = serenity::all::GuildId::new(GUILD);
    let set = guild.set_commands(&http, commands).await.unwrap();
    assert_eq!(set[1].guild_id, Some(guild));

    let user = http.get_current_user().await.unwrap();
    assert_eq!(user.id.get(), BOT_USER_ID);
    let app = http.get_current_application_info().await.unwrap();
    assert_eq!(app.id.get(), APPLICATION_ID);
}

#[test]
fn payloads_deserialise_as_serenity_interactions() {
    // Slash commands, in a guild and in a DM.
    let options = json!([{"name": "game", "type": 3, "value": "Tic-Tac-Toe"}]);
    let v = slash(&ALICE, "play", options.clone(), CHANNEL, Some(GUILD));
    let Interaction::Command(c) = interaction(&v) else {
        panic!("not a command")
    };
    assert_eq!(c.data.name, "play");
    assert_eq!(c.user.id.get(), ALICE.id);
    assert_eq!(c.member.as_ref().unwrap().user.id.get(), ALICE.id);
    assert_eq!(c.guild_id.unwrap().get(), GUILD);
    assert_eq!(c.channel_id.get(), CHANNEL);
    assert_eq!(c.data.options[0].value.as_str(), Some("Tic-Tac-Toe"));
    assert_eq!(c.token, v["token"].as_str().unwrap());
    assert_eq!(c.id.to_string(), v["id"].as_str().unwrap());

    let v2 = slash(
        &BOB,
        "list",
        json!([{"name": "list", "type": 1, "options": []}]),
        DM_CHANNEL,
        None,
    );
    assert_ne!(v2["id"], v["id"]);
    assert_ne!(v2["token"], v["token"]);
    let Interaction::Command(c) = interaction(&v2) else {
        panic!("not a command")
    };
    assert!(c.guild_id.is_none() && c.member.is_none());
    assert_eq!(c.user.id.get(), BOB.id);
    assert_eq!(
        c.channel.as_ref().unwrap().kind,
        serenity::all::ChannelType::Private
    );
    assert_eq!(c.data.options[0].name, "list");

    // An attachment option, resolved.
    let v = slash_with_attachment(
        &ALICE,
        "import",
        json!([{"name": "file", "type": 11, "value": "123456789012345678"}]),
        CHANNEL,
        Some(GUILD),
        (
            123456789012345678,
            "game.json",
            "http://127.0.0.1:1/attachments/game.json",
            42,
        ),
    );
    let Interaction::Command(c) = interaction(&v) else {
        panic!("not a command")
    };
    let resolved = c.data.options();
    let serenity::all::ResolvedValue::Attachment(a) = &resolved[0].value else {
        panic!("not an attachment: {resolved:?}")
    };
    assert_eq!((a.filename.as_str(), a.size), ("game.json", 42));

    // Autocomplete.
    let v = autocomplete(
        &ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "Tic", "focused": true}]),
        CHANNEL,
        Some(GUILD),
    );
    let Interaction::Autocomplete(c) = interaction(&v) else {
        panic!("not autocomplete")
    };
    assert_eq!(c.data.autocomplete().unwrap().value, "Tic");

    // Components on a bot message.
    let message = message_json(
        900000000000000123,
        DM_CHANNEL,
        "Choose",
        json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]),
        0,
    );
    let v = button(&ALICE, "go", message.clone(), DM_CHANNEL, None);
    let Interaction::Component(c) = interaction(&v) else {
        panic!("not a component")
    };
    assert_eq!(c.data.custom_id, "go");
    assert!(matches!(c.data.kind, ComponentInteractionDataKind::Button));
    assert_eq!(c.message.content, "Choose");
    assert_eq!(c.user.id.get(), ALICE.id);

    let v = select(
        &BOB,
        "pick",
        &["a", "b"],
        message.clone(),
        CHANNEL,
        Some(GUILD),
    );
    let Interaction::Component(c) = interaction(&v) else {
        panic!("not a component")
    };
    let ComponentInteractionDataKind::StringSelect { values } = &c.data.kind else {
        panic!("not a string select: {:?}", c.data.kind)
    };
    assert_eq!(values, &["a", "b"]);

    let v = modal_submit(
        &ALICE,
        "rename",
        &[("name", "Zed"), ("bio", "hi")],
        Some(message),
        DM_CHANNEL,
        None,
    );
    let Interaction::Modal(m) = interaction(&v) else {
        panic!("not a modal")
    };
    assert_eq!(m.data.custom_id, "rename");
    assert_eq!(m.data.components.len(), 2);
    let serenity::all::ActionRowComponent::InputText(input) = &m.data.components[1].components[0]
    else {
        panic!("not a text input")
    };
    assert_eq!(
        (input.custom_id.as_str(), input.value.as_deref()),
        ("bio", Some("hi"))
    );
    let v = modal_submit(
        &ALICE,
        "rename",
        &[("name", "Zed")],
        None,
        CHANNEL,
        Some(GUILD),
    );
    assert!(matches!(interaction(&v), Interaction::Modal(_)));

    // A message someone sends.
    let m: Message =
        serde_json::from_value(user_message(&CAROL, 1, CHANNEL, "hi", Some(GUILD))).unwrap();
    assert_eq!(
        (m.author.id.get(), m.guild_id.map(|g| g.get())),
        (CAROL.id, Some(GUILD))
    );
}

#[test]
fn signatures() {
    let key = test_key();
    let public: [u8; 32] = hex::decode(public_key_hex(&key))
        .unwrap()
        .try_into()
        .unwrap();
    let public = VerifyingKey::from_bytes(&public).unwrap();
    let body = br#"{"type":1}"#;
    let verifies = |(sig, ts): &(String, String), body: &[u8]| {
        let sig: [u8; 64] = hex::decode(sig).unwrap().try_into().unwrap();
        let mut message = ts.as_bytes().to_vec();
        message.extend_from_slice(body);
        public
            .verify(&message, &Signature::from_bytes(&sig))
            .is_ok()
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let age = |(_, ts): &(String, String)| now as i64 - ts.parse::<i64>().unwrap();

    let good = signature_headers(body, Signing::Good(&key)).unwrap();
    assert!(verifies(&good, body));
    assert!(age(&good).abs() <= 5);
    assert!(!verifies(&good, br#"{"type":2}"#));

    assert!(signature_headers(body, Signing::Unsigned).is_none());

    let wrong = signature_headers(body, Signing::WrongKey).unwrap();
    assert!(!verifies(&wrong, body), "another key's signature");
    assert!(age(&wrong).abs() <= 5, "fails for the key, not the time");

    let stale = signature_headers(body, Signing::Stale(&key)).unwrap();
    assert!(verifies(&stale, body), "a good signature");
    assert!((595..=605).contains(&age(&stale)), "but 10 minutes old");

    let tampered = signature_headers(body, Signing::Tampered(&key)).unwrap();
    assert!(!verifies(&tampered, body), "over other bytes");
    assert!(
        age(&tampered).abs() <= 5,
        "fails for the bytes, not the time"
    );
}

#[tokio::test]
async fn post_interaction_speaks_http() {
    // A one-shot server standing in for the bot's endpoint: it echoes the
    // signature headers back, chunked.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let server = tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let mut buf = vec![0; 65536];
        let mut got = Vec::new();
        loop {
            let n = s.read(&mut buf).await.unwrap();
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got).to_string();
            if let Some(i) = text.find("\r\n\r\n")
                && text.len() >= i + 4 + r#"{"type":1}"#.len()
            {
                break;
            }
        }
        let text = String::from_utf8_lossy(&got).to_string();
        let header = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let body = json!({"sig": header("X-Signature-Ed25519:"), "ts": header("X-Signature-Timestamp:"), "start": text.lines().next()}).to_string();
        let reply = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n0\r\n\r\n",
            body.len()
        );
        s.write_all(reply.as_bytes()).await.unwrap();
    });
    let key = test_key();
    let (status, body) = post_interaction(&addr, &json!({"type": 1}), Signing::Good(&key)).await;
    server.await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(body["start"], "POST /interactions HTTP/1.1");
    assert_eq!(body["sig"].as_str().unwrap().len(), 128);
    assert!(body["ts"].as_str().unwrap().parse::<u64>().is_ok());
    assert_eq!(
        parse_response(b"HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n"),
        (401, Value::Null)
    );
}

struct Recorder(tokio::sync::mpsc::UnboundedSender<Interaction>);

#[serenity::async_trait]
impl EventHandler for Recorder {
    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        let _ = self.0.send(interaction);
    }
}

#[tokio::test]
async fn gateway_delivers_interactions_to_serenity() {
    let fake = FakeDiscord::start().await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut client: Client =
        serenity::all::ClientBuilder::new_with_http(http(&fake), GatewayIntents::DIRECT_MESSAGES)
            .event_handler(Recorder(tx))
            .await
            .unwrap();
    let shards = client.shard_manager.clone();
    let running = tokio::spawn(async move { client.start().await });
    let identify = fake.wait_identified(10 * SECOND).await;
    assert!(
        identify["token"].as_str().unwrap().contains("test-token"),
        "{identify}"
    );
    assert_eq!(identify["intents"], GatewayIntents::DIRECT_MESSAGES.bits());
    let message = message_json(900000000000000999, DM_CHANNEL, "Choose", json!([]), 0);
    let click = button(&ALICE, "go", message, DM_CHANNEL, None);
    fake.dispatch("INTERACTION_CREATE", click.clone()).await;
    let got = tokio::time::timeout(10 * SECOND, rx.recv())
        .await
        .expect("the handler saw no interaction")
        .unwrap();
    let Interaction::Component(c) = got else {
        panic!("not a component: {got:?}")
    };
    assert_eq!(c.data.custom_id, "go");
    assert_eq!(c.token, click["token"].as_str().unwrap());

    // Heartbeats are answered.
    fake.gateway_send(json!({"op": 1, "d": null})).await;
    let deadline = tokio::time::Instant::now() + 10 * SECOND;
    while !fake.gateway_received().iter().any(|p| p["op"] == 1) {
        assert!(tokio::time::Instant::now() < deadline, "no heartbeat");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // A reconnect: the client resumes, and dispatches reach it.
    fake.gateway_send(json!({"op": 7, "d": null})).await;
    let deadline = tokio::time::Instant::now() + 20 * SECOND;
    while fake.gateway_sessions() < 2 {
        assert!(tokio::time::Instant::now() < deadline, "no second session");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        fake.gateway_received().iter().any(|p| p["op"] == 6),
        "no RESUME"
    );
    let message = message_json(900000000000000998, DM_CHANNEL, "x", json!([]), 0);
    let again = button(&BOB, "again", message, DM_CHANNEL, None);
    fake.dispatch("INTERACTION_CREATE", again).await;
    let got = tokio::time::timeout(10 * SECOND, rx.recv())
        .await
        .expect("the handler saw nothing after the reconnect")
        .unwrap();
    let Interaction::Component(c) = got else {
        panic!("not a component: {got:?}")
    };
    assert_eq!(c.data.custom_id, "again");
    shards.shutdown_all().await;
    let _ = tokio::time::timeout(10 * SECOND, running).await;
}

//! Interaction and message payloads shaped as Discord sends them.
use super::{APPLICATION_ID, GUILD, bot_user};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

/// A person who uses the bot.
#[derive(Clone, Copy, Debug)]
pub struct Person {
    pub id: u64,
    pub name: &'static str,
}

pub const ALICE: Person = Person {
    id: 555555555555555501,
    name: "alice",
};
pub const BOB: Person = Person {
    id: 555555555555555502,
    name: "bob",
};
pub const CAROL: Person = Person {
    id: 555555555555555503,
    name: "carol",
};

/// A DM channel of interactions outside a guild (pass with `guild: None`).
pub const DM_CHANNEL: u64 = 666666666666666666;

/// Discord's timestamp of every fake object.
pub const TIMESTAMP: &str = "2026-01-01T12:00:00.000000+00:00";

static NEXT_INTERACTION: AtomicU64 = AtomicU64::new(700000000000000000);

/// Each token's channel, and the message of a component interaction: the
/// fake uses them to answer follow-ups and message updates.
static TOKENS: LazyLock<Mutex<HashMap<String, TokenInfo>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// An interaction token's channel and, for components, message id.
type TokenInfo = (u64, Option<String>);

pub(super) fn token_info(token: &str) -> Option<TokenInfo> {
    TOKENS.lock().unwrap().get(token).cloned()
}

/// A user object.
pub fn user_json(who: &Person) -> Value {
    json!({
        "id": who.id.to_string(),
        "username": who.name,
        "discriminator": "0",
        "global_name": who.name,
        "avatar": null,
        "public_flags": 0,
        "flags": 0,
    })
}

/// A guild member object for `who` (no roles, no nick).
pub fn member_json(who: &Person) -> Value {
    json!({
        "user": user_json(who),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "0",
        "communication_disabled_until": null,
    })
}

/// A full bot message, as Discord returns it (e.g. to embed in a component
/// interaction).
pub fn message_json(id: u64, channel: u64, content: &str, components: Value, flags: u64) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user(),
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": flags,
        "components": if components.is_null() { json!([]) } else { components },
        "application_id": APPLICATION_ID.to_string(),
    })
}

/// An attachment object.
pub fn attachment_json(id: u64, filename: &str, url: &str, size: u64) -> Value {
    json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type(filename),
    })
}

pub(super) fn content_type(filename: &str) -> &'static str {
    let lower = filename.to_ascii_lowercase();
    match lower.rsplit('.').next() {
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn interaction(
    kind: u8,
    who: &Person,
    data: Value,
    message: Option<&Value>,
    channel: u64,
    guild: Option<u64>,
) -> Value {
    let id = NEXT_INTERACTION.fetch_add(1, Ordering::Relaxed);
    let token = format!("tok-{id}");
    let message_id = message.and_then(|m| m["id"].as_str()).map(str::to_string);
    TOKENS
        .lock()
        .unwrap()
        .insert(token.clone(), (channel, message_id));
    let mut v = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "channel_id": channel.to_string(),
        "token": token,
        "version": 1,
        "locale": "en-US",
        "app_permissions": "2248473465835073",
        "entitlements": [],
        "attachment_size_limit": 10485760,
    });
    match guild {
        Some(g) => {
            v["guild_id"] = json!(g.to_string());
            v["guild_locale"] = json!("en-US");
            v["member"] = member_json(who);
            v["channel"] = json!({
                "id": channel.to_string(),
                "type": 0,
                "name": "general",
                "guild_id": g.to_string(),
                "permissions": "2248473465835073",
                "flags": 0,
            });
            v["context"] = json!(0);
            v["authorizing_integration_owners"] = json!({ "0": g.to_string() });
        }
        None => {
            v["user"] = user_json(who);
            v["channel"] = json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "flags": 0,
                "recipients": [user_json(who)],
            });
            v["context"] = json!(1);
            v["authorizing_integration_owners"] = json!({ "0": "0" });
        }
    }
    if let Some(m) = message {
        v["message"] = m.clone();
    }
    v
}

/// A command id for `name` (stable, so a test can compare it).
pub fn command_id(name: &str) -> u64 {
    let hash = name
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    800000000000000000 + hash % 100000000000000000
}

fn command_data(name: &str, options: Value) -> Value {
    json!({
        "id": command_id(name).to_string(),
        "name": name,
        "type": 1,
        "options": if options.is_null() { json!([]) } else { options },
    })
}

/// A slash command (type 2). `options` is Discord's options array, e.g.
/// `[{"name":"game","type":3,"value":"Tic-Tac-Toe"}]` or a subcommand
/// `[{"name":"list","type":1,"options":[]}]`. In a guild the person is
/// `member.user`; with `guild: None` (a DM) the top-level `user`.
pub fn slash(who: &Person, name: &str, options: Value, channel: u64, guild: Option<u64>) -> Value {
    interaction(2, who, command_data(name, options), None, channel, guild)
}

/// A slash command with an attachment option: `options` holds e.g.
/// `{"name":"file","type":11,"value":"ATTACHMENT_ID"}`, and `attachment`
/// (id, filename, url, size) goes into `data.resolved.attachments`.
pub fn slash_with_attachment(
    who: &Person,
    name: &str,
    options: Value,
    channel: u64,
    guild: Option<u64>,
    attachment: (u64, &str, &str, u64),
) -> Value {
    let (id, filename, url, size) = attachment;
    let mut v = slash(who, name, options, channel, guild);
    v["data"]["resolved"] = json!({
        "attachments": { id.to_string(): attachment_json(id, filename, url, size) }
    });
    v
}

/// An autocomplete request (type 4): the focused option carries `"focused": true`.
pub fn autocomplete(
    who: &Person,
    name: &str,
    options: Value,
    channel: u64,
    guild: Option<u64>,
) -> Value {
    interaction(4, who, command_data(name, options), None, channel, guild)
}

/// A button click (type 3, component_type 2) on `message`.
pub fn button(
    who: &Person,
    custom_id: &str,
    message: Value,
    channel: u64,
    guild: Option<u64>,
) -> Value {
    let data = json!({ "custom_id": custom_id, "component_type": 2 });
    interaction(3, who, data, Some(&message), channel, guild)
}

/// A string select (type 3, component_type 3) on `message`.
pub fn select(
    who: &Person,
    custom_id: &str,
    values: &[&str],
    message: Value,
    channel: u64,
    guild: Option<u64>,
) -> Value {
    let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
    interaction(3, who, data, Some(&message), channel, guild)
}

/// A modal submission (type 5): one action row with one text input per
/// (input custom_id, value).
pub fn modal_submit(
    who: &Person,
    custom_id: &str,
    inputs: &[(&str, &str)],
    message: Option<Value>,
    channel: u64,
    guild: Option<u64>,
) -> Value {
    let rows: Vec<Value> = inputs
        .iter()
        .map(|(id, value)| {
            json!({ "type": 1, "components": [{ "type": 4, "custom_id": id, "value": value }] })
        })
        .collect();
    let data = json!({ "custom_id": custom_id, "components": rows });
    interaction(5, who, data, message.as_ref(), channel, guild)
}

/// A message someone sent (MESSAGE_CREATE's data): in a guild when `guild`
/// is given (with `guild_id` and `member`), otherwise in a DM.
pub fn user_message(
    who: &Person,
    id: u64,
    channel: u64,
    content: &str,
    guild: Option<u64>,
) -> Value {
    let mut m = message_json(id, channel, content, json!([]), 0);
    m["author"] = user_json(who);
    m.as_object_mut().unwrap().remove("application_id");
    if let Some(g) = guild {
        m["guild_id"] = json!(g.to_string());
        let mut member = member_json(who);
        member.as_object_mut().unwrap().remove("user");
        m["member"] = member;
    }
    m
}

/// The default guild, for `Some(GUILD)` at call sites.
pub const IN_GUILD: Option<u64> = Some(GUILD);

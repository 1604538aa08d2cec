//! The fake REST API: records every request and answers as Discord does.
use super::payloads::{attachment_json, message_json, token_info, user_json};
use super::{APPLICATION_ID, BOT_USER_ID, Call, Person, bot_user};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State as AxumState;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

pub(super) struct Shared {
    pub(super) base: String,
    state: Mutex<State>,
    /// Woken whenever a message the bot sent was read into `watch`.
    pub(super) said: tokio::sync::Notify,
}

#[derive(Default)]
pub(super) struct State {
    pub(super) calls: Vec<Call>,
    next_id: u64,
    pub(super) dms: HashMap<u64, u64>,
    pub(super) refused: HashSet<u64>,
    pub(super) messages: HashMap<String, Value>,
    /// Interaction token → the id of its original response.
    pub(super) originals: HashMap<String, String>,
    pub(super) files: HashMap<String, Vec<u8>>,
    pub(super) failures: Vec<(String, u16, Value)>,
    /// Lean (for load runs): requests and uploaded files are not kept.
    pub(super) lean: bool,
    pub(super) watch: super::watch::Watch,
    gateway_url: String,
    base: String,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub(super) async fn start(gateway_url: String) -> (Arc<Shared>, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = State {
        next_id: 900000000000000000,
        gateway_url,
        base: base.clone(),
        ..State::default()
    };
    let shared = Arc::new(Shared {
        base,
        state: Mutex::new(state),
        said: tokio::sync::Notify::new(),
    });
    let app = Router::new().fallback(handle).with_state(shared.clone());
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    (shared, task)
}

enum Reply {
    Json(u16, Value),
    Empty(u16),
    Bytes(Vec<u8>),
}

async fn handle(
    AxumState(shared): AxumState<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (json, files) = parse_body(content_type, &body);
    let mut call = Call {
        method: method.as_str().to_string(),
        path: uri.path().replace("%40", "@"),
        query: uri.query().unwrap_or("").to_string(),
        json,
        files,
        status: 0,
    };
    let reply = {
        let mut state = shared.lock();
        let failure = state
            .failures
            .iter()
            .position(|(p, _, _)| call.path.contains(p.as_str()));
        let reply = match failure {
            Some(i) => {
                let (_, status, body) = state.failures.remove(i);
                Reply::Json(status, body)
            }
            None => route(&mut state, &call),
        };
        call.status = match &reply {
            Reply::Json(s, _) | Reply::Empty(s) => *s,
            Reply::Bytes(_) => 200,
        };
        observe(&mut state, &call);
        if !state.lean {
            state.calls.push(call);
        }
        reply
    };
    shared.said.notify_waiters();
    match reply {
        Reply::Json(status, body) => {
            let code = StatusCode::from_u16(status).unwrap();
            let mut response = (code, axum::Json(body.clone())).into_response();
            if let Some(after) = body.get("retry_after").and_then(Value::as_f64) {
                let h = response.headers_mut();
                h.insert("retry-after", HeaderValue::from(after.ceil() as u64));
                h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
            }
            response
        }
        Reply::Empty(status) => StatusCode::from_u16(status).unwrap().into_response(),
        Reply::Bytes(bytes) => (StatusCode::OK, bytes).into_response(),
    }
}

/// Reads a message the bot sent into the watch: a callback's `data`, or
/// the body of an edit, follow-up or post.
fn observe(state: &mut State, call: &Call) {
    let now = std::time::Instant::now();
    let segments: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["api", "v10", "interactions", _, _, "callback"] => {
            state.watch.observe(&call.json["data"], None, now);
        }
        ["api", "v10", "webhooks", _, token, ..] if call.method != "DELETE" => {
            state.watch.observe(&call.json, Some(token), now);
        }
        ["api", "v10", "channels", _, "messages", ..] if call.method != "DELETE" => {
            state.watch.observe(&call.json, None, now);
        }
        _ => {}
    }
}

fn not_found() -> Reply {
    Reply::Json(404, json!({ "message": "Unknown route", "code": 0 }))
}

fn unknown_message() -> Reply {
    Reply::Json(404, json!({ "message": "Unknown Message", "code": 10008 }))
}

fn route(state: &mut State, call: &Call) -> Reply {
    let segments: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    let api: &[&str] = match segments.as_slice() {
        ["api", "v10", rest @ ..] => rest,
        ["attachments", name @ ..] if call.method == "GET" => {
            return match state.files.get(&name.join("/")) {
                Some(bytes) => Reply::Bytes(bytes.clone()),
                None => not_found(),
            };
        }
        _ => return not_found(),
    };
    match (call.method.as_str(), api) {
        ("GET", ["gateway"]) => Reply::Json(200, json!({ "url": state.gateway_url })),
        ("GET", ["gateway", "bot"]) => Reply::Json(
            200,
            json!({
                "url": state.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                }
            }),
        ),
        ("GET", ["users", "@me"]) => Reply::Json(200, bot_user()),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            Reply::Json(200, application())
        }
        ("PUT", ["applications", _, "commands"]) => commands(state, &call.json, None),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            commands(state, &call.json, Some(guild))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            callback(state, token, call);
            Reply::Empty(204)
        }
        ("POST", ["webhooks", _, token]) => {
            let channel = token_info(token).map_or(0, |(c, _)| c);
            let id = state.new_id().to_string();
            let m = state.write_message(&id, channel, call, &call.json, true);
            Reply::Json(200, m)
        }
        (method, ["webhooks", _, token, "messages", id]) => {
            let id = if *id == "@original" {
                match state.originals.get(*token) {
                    Some(id) => id.clone(),
                    None if method == "PATCH" => {
                        let id = state.new_id().to_string();
                        state.originals.insert(token.to_string(), id.clone());
                        id
                    }
                    None => return unknown_message(),
                }
            } else {
                id.to_string()
            };
            let channel = token_info(token).map_or(0, |(c, _)| c);
            state.message_op(method, &id, channel, call)
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = id_of(&call.json["recipient_id"]) else {
                return Reply::Json(
                    400,
                    json!({ "message": "Invalid Form Body", "code": 50035 }),
                );
            };
            let channel = match state.dms.get(&user) {
                Some(c) => *c,
                None => {
                    let c = state.new_id();
                    state.dms.insert(user, c);
                    c
                }
            };
            let recipient = user_json(&Person {
                id: user,
                name: "someone",
            });
            Reply::Json(
                200,
                json!({
                    "id": channel.to_string(),
                    "type": 1,
                    "recipients": [recipient],
                    "last_message_id": null,
                    "flags": 0,
                }),
            )
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let refused = state
                .dms
                .iter()
                .any(|(user, c)| *c == channel && state.refused.contains(user));
            if refused {
                return Reply::Json(
                    403,
                    json!({ "message": "Cannot send messages to this user", "code": 50007 }),
                );
            }
            let id = state.new_id().to_string();
            Reply::Json(
                200,
                state.write_message(&id, channel, call, &call.json, false),
            )
        }
        (method, ["channels", channel, "messages", id]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            state.message_op(method, id, channel, call)
        }
        _ => not_found(),
    }
}

fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

fn application() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "redscience",
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "00".repeat(32),
        "owner": user_json(&Person { id: 999999999999999999, name: "owner" }),
        "team": null,
        "flags": 0,
        "bot": bot_user(),
    })
}

/// PUT .../commands: echoes the array with what serenity's `Command` needs.
fn commands(state: &mut State, body: &Value, guild: Option<&str>) -> Reply {
    let Some(items) = body.as_array() else {
        return Reply::Json(
            400,
            json!({ "message": "Invalid Form Body", "code": 50035 }),
        );
    };
    let mut out = Vec::new();
    for item in items {
        let mut c = item.clone();
        let Some(obj) = c.as_object_mut() else {
            return Reply::Json(
                400,
                json!({ "message": "Invalid Form Body", "code": 50035 }),
            );
        };
        let id = state.new_id();
        obj.insert("id".into(), json!(id.to_string()));
        obj.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
        obj.insert("version".into(), json!((id + 1).to_string()));
        obj.entry("type").or_insert(json!(1));
        obj.entry("description").or_insert(json!(""));
        obj.entry("default_member_permissions")
            .or_insert(Value::Null);
        obj.entry("dm_permission").or_insert(json!(true));
        obj.entry("nsfw").or_insert(json!(false));
        obj.entry("name_localizations").or_insert(Value::Null);
        obj.entry("description_localizations")
            .or_insert(Value::Null);
        if let Some(g) = guild {
            obj.insert("guild_id".into(), json!(g));
        }
        out.push(c);
    }
    Reply::Json(200, Value::Array(out))
}

/// An interaction callback: 4 answers with a message (the original
/// response), 7 updates the component's message.
fn callback(state: &mut State, token: &str, call: &Call) {
    let kind = call.json["type"].as_u64().unwrap_or(0);
    let data = &call.json["data"];
    let (channel, message) = token_info(token).unwrap_or((0, None));
    match kind {
        4 => {
            let id = state.new_id().to_string();
            state.originals.insert(token.to_string(), id.clone());
            state.write_message(&id, channel, call, data, true);
        }
        7 => {
            let id = message.unwrap_or_else(|| state.new_id().to_string());
            state.originals.insert(token.to_string(), id.clone());
            state.write_message(&id, channel, call, data, true);
        }
        5 | 6 => {
            // Deferred: the original is created by the first PATCH @original.
        }
        _ => {}
    }
}

impl State {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn message_op(&mut self, method: &str, id: &str, channel: u64, call: &Call) -> Reply {
        match method {
            "GET" => match self.messages.get(id) {
                Some(m) => Reply::Json(200, m.clone()),
                None => unknown_message(),
            },
            "PATCH" => Reply::Json(
                200,
                self.write_message(id, channel, call, &call.json, false),
            ),
            "DELETE" => {
                self.messages.remove(id);
                Reply::Empty(204)
            }
            _ => not_found(),
        }
    }

    /// Creates or edits message `id` from a request body (`data`) and the
    /// call's files; remembers and returns it.
    fn write_message(
        &mut self,
        id: &str,
        channel: u64,
        call: &Call,
        data: &Value,
        webhook: bool,
    ) -> Value {
        let mut m = match self.messages.get(id) {
            Some(old) => {
                let mut m = old.clone();
                m["edited_timestamp"] = json!(super::TIMESTAMP);
                m
            }
            None => {
                let channel = if channel == 0 {
                    data["channel_id"].clone()
                } else {
                    json!(channel.to_string())
                };
                let mut m = message_json(0, 0, "", json!([]), 0);
                m["id"] = json!(id);
                m["channel_id"] = channel;
                if webhook {
                    m["webhook_id"] = json!(APPLICATION_ID.to_string());
                }
                m
            }
        };
        for key in ["content", "components", "embeds", "flags", "tts"] {
            if let Some(v) = data.get(key).filter(|v| !v.is_null()) {
                m[key] = v.clone();
            }
        }
        // Attachments: kept ones (listed by id in the body) and the uploads.
        let mut attachments: Vec<Value> = match data.get("attachments") {
            Some(Value::Array(keep)) => m["attachments"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|a| keep.iter().any(|k| k["id"] == a["id"]))
                .collect(),
            _ => m["attachments"].as_array().cloned().unwrap_or_default(),
        };
        for (filename, bytes) in &call.files {
            let att = self.new_id();
            let name = format!("{att}/{filename}");
            let url = format!("{}/attachments/{name}", self.base);
            if !self.lean {
                self.files.insert(name, bytes.clone());
            }
            attachments.push(attachment_json(att, filename, &url, bytes.len() as u64));
        }
        m["attachments"] = Value::Array(attachments);
        if m["author"]["id"] != json!(BOT_USER_ID.to_string()) {
            m["author"] = bot_user();
        }
        self.messages.insert(id.to_string(), m.clone());
        m
    }
}

/// The body's JSON (or a multipart body's `payload_json`) and its files.
fn parse_body(content_type: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    if content_type.starts_with("multipart/") {
        return parse_multipart(content_type, body);
    }
    if body.is_empty() {
        return (Value::Null, Vec::new());
    }
    let json = serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()));
    (json, Vec::new())
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > haystack.len() {
        return None;
    }
    haystack[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

fn parse_multipart(content_type: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    let boundary = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
        .unwrap_or_default();
    let delimiter = format!("--{boundary}").into_bytes();
    let mut json = Value::Null;
    let mut files = Vec::new();
    let mut at = match find(body, &delimiter, 0) {
        Some(i) => i + delimiter.len(),
        None => return (json, files),
    };
    while let Some(next) = find(body, &delimiter, at) {
        let part = &body[at..next];
        at = next + delimiter.len();
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let Some(split) = find(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]);
        let content = &part[split + 4..];
        let mut name = None;
        let mut filename = None;
        for line in head.lines() {
            if !line.to_ascii_lowercase().starts_with("content-disposition") {
                continue;
            }
            for param in line.split(';').map(str::trim) {
                if let Some(v) = param.strip_prefix("name=") {
                    name = Some(v.trim_matches('"').to_string());
                } else if let Some(v) = param.strip_prefix("filename=") {
                    filename = Some(v.trim_matches('"').to_string());
                }
            }
        }
        match (name.as_deref(), filename) {
            (Some("payload_json"), _) => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null);
            }
            (_, Some(filename)) => files.push((filename, content.to_vec())),
            _ => {}
        }
    }
    (json, files)
}

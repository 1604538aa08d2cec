//! The fake gateway: HELLO, IDENTIFY → READY, heartbeats, and dispatches
//! pushed by the test. A reconnecting client is accepted again: a RESUME
//! continues the sequence (RESUMED), an IDENTIFY starts a new session.
use super::{APPLICATION_ID, bot_user};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;

pub(super) struct Shared {
    url: String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    identify: Option<Value>,
    /// The connection of the identified (or resumed) session.
    session: Option<UnboundedSender<String>>,
    /// The session's last sequence number.
    seq: u64,
    identified: u64,
    resumed: u64,
    received: Vec<Value>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn url(&self) -> String {
        self.url.clone()
    }

    pub(super) fn received(&self) -> Vec<Value> {
        self.lock().received.clone()
    }

    pub(super) async fn wait_identified(&self, timeout: Duration) -> Value {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            {
                let state = self.lock();
                if let (Some(d), Some(_)) = (&state.identify, &state.session) {
                    return d.clone();
                }
            }
            if tokio::time::Instant::now() >= deadline {
                panic!(
                    "no gateway session identified within {timeout:?}; received: {:?}",
                    self.received()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub(super) fn sessions(&self) -> u64 {
        let state = self.lock();
        state.identified + state.resumed
    }

    /// Sends a frame to the identified session: `frame(seq)` builds it from
    /// the next sequence number when `numbered`.
    pub(super) async fn send(&self, what: &str, numbered: bool, frame: impl Fn(u64) -> Value) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            {
                let mut state = self.lock();
                if let Some(tx) = state.session.clone() {
                    if numbered {
                        state.seq += 1;
                    }
                    if tx.send(frame(state.seq).to_string()).is_ok() {
                        return;
                    }
                    state.session = None;
                }
            }
            if tokio::time::Instant::now() >= deadline {
                panic!("no gateway session to send {what} to");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

pub(super) async fn start() -> (Arc<Shared>, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let shared = Arc::new(Shared {
        url: format!("ws://{}", listener.local_addr().unwrap()),
        state: Mutex::new(State::default()),
    });
    let accepting = shared.clone();
    let task = tokio::spawn(async move {
        let mut connections = tokio::task::JoinSet::new();
        while let Ok((stream, _)) = listener.accept().await {
            connections.spawn(connection(stream, accepting.clone()));
        }
    });
    (shared, task)
}

async fn connection(stream: tokio::net::TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = unbounded_channel::<String>();
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 45000 } });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(text) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            frame = incoming.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                let reply = answer(&shared, &tx, &payload);
                shared.lock().received.push(payload);
                if let Some(reply) = reply
                    && sink.send(Message::Text(reply.to_string())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    let mut state = shared.lock();
    if state
        .session
        .as_ref()
        .is_some_and(|session| session.same_channel(&tx))
    {
        state.session = None;
    }
}

/// The gateway's answer to one client payload, if any.
fn answer(shared: &Shared, tx: &UnboundedSender<String>, payload: &Value) -> Option<Value> {
    match payload["op"].as_u64() {
        Some(1) => Some(json!({ "op": 11 })),
        Some(2) => {
            let mut state = shared.lock();
            state.identified += 1;
            state.identify = Some(payload["d"].clone());
            state.session = Some(tx.clone());
            state.seq = 1;
            Some(json!({
                "op": 0,
                "s": 1,
                "t": "READY",
                "d": {
                    "v": 10,
                    "user": bot_user(),
                    "guilds": [],
                    "session_id": format!("fake-session-{}", state.identified),
                    "resume_gateway_url": shared.url,
                    "shard": [0, 1],
                    "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
                }
            }))
        }
        Some(6) => {
            let mut state = shared.lock();
            if state.identify.is_none() {
                return Some(json!({ "op": 9, "d": false }));
            }
            state.resumed += 1;
            state.session = Some(tx.clone());
            state.seq += 1;
            Some(json!({ "op": 0, "s": state.seq, "t": "RESUMED", "d": {} }))
        }
        _ => None,
    }
}

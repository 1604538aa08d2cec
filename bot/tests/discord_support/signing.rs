//! Signed posts to the bot's HTTP interactions endpoint, as Discord makes
//! them: Ed25519 over `timestamp + body`, in `X-Signature-Ed25519` (hex) and
//! `X-Signature-Timestamp` (unix seconds).
use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The application's key (a fixed seed).
pub fn test_key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

/// Another key: what `Signing::WrongKey` signs with.
pub fn wrong_key() -> SigningKey {
    SigningKey::from_bytes(&[9u8; 32])
}

/// The hex public key, as DISCORD_PUBLIC_KEY.
pub fn public_key_hex(key: &SigningKey) -> String {
    hex::encode(key.verifying_key().to_bytes())
}

/// How a post is signed.
#[derive(Clone, Copy, Debug)]
pub enum Signing<'a> {
    /// Correctly, now.
    Good(&'a SigningKey),
    /// No signature headers at all.
    Unsigned,
    /// By another key.
    WrongKey,
    /// Correctly, but with a timestamp 10 minutes old.
    Stale(&'a SigningKey),
    /// A good key and timestamp, but over different bytes than the body.
    Tampered(&'a SigningKey),
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The (X-Signature-Ed25519, X-Signature-Timestamp) header values for
/// `body`, or None for `Unsigned`.
pub fn signature_headers(body: &[u8], signing: Signing) -> Option<(String, String)> {
    let sign = |key: &SigningKey, timestamp: u64, extra: &[u8]| {
        let timestamp = timestamp.to_string();
        let mut message = timestamp.as_bytes().to_vec();
        message.extend_from_slice(body);
        message.extend_from_slice(extra);
        (hex::encode(key.sign(&message).to_bytes()), timestamp)
    };
    match signing {
        Signing::Good(key) => Some(sign(key, now(), b"")),
        Signing::Unsigned => None,
        Signing::WrongKey => Some(sign(&wrong_key(), now(), b"")),
        Signing::Stale(key) => Some(sign(key, now() - 600, b"")),
        Signing::Tampered(key) => Some(sign(key, now(), b" ")),
    }
}

/// POSTs `body` to `http://{addr}/interactions` (addr = "127.0.0.1:PORT"),
/// signed as `signing` says; returns the status and the JSON body (Null if
/// empty, a string if not JSON).
pub async fn post_interaction(addr: &str, body: &Value, signing: Signing<'_>) -> (u16, Value) {
    let body = body.to_string();
    let mut request = format!(
        "POST /interactions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\nUser-Agent: Discord-Interactions/1.0\r\n",
        body.len()
    );
    if let Some((signature, timestamp)) = signature_headers(body.as_bytes(), signing) {
        request.push_str(&format!(
            "X-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {timestamp}\r\n"
        ));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the interactions endpoint at {addr}: {e}"));
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    parse_response(&response)
}

/// The same as [`post_interaction`] with the key's good signature, but a
/// failure (no connection, no HTTP answer) is an error, not a panic.
pub async fn try_post_interaction(
    addr: &str,
    body: &Value,
    key: &SigningKey,
) -> Result<(u16, Value), String> {
    let body = body.to_string();
    let (signature, timestamp) =
        signature_headers(body.as_bytes(), Signing::Good(key)).ok_or("not signed")?;
    let request = format!(
        "POST /interactions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\nUser-Agent: Discord-Interactions/1.0\r\n\
         X-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {timestamp}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| format!("cannot send to {addr}: {e}"))?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .await
        .map_err(|e| format!("no answer from {addr}: {e}"))?;
    let head_ok = response.windows(4).any(|w| w == b"\r\n\r\n")
        && response.starts_with(b"HTTP/1.1 ")
        && response
            .get(9..12)
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    if !head_ok {
        return Err(format!(
            "not an HTTP answer from {addr}: {:?}",
            String::from_utf8_lossy(&response[..response.len().min(200)])
        ));
    }
    Ok(parse_response(&response))
}

/// Status and JSON body of an HTTP/1.1 response (plain or chunked).
pub fn parse_response(response: &[u8]) -> (u16, Value) {
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP response: {}", String::from_utf8_lossy(response)));
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line: {head}"));
    let mut body = response[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    let json = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Null
    } else {
        serde_json::from_slice(&body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()))
    };
    (status, json)
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = rest.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&rest[..line_end]);
        let size_text = size_text.split(';').next().unwrap_or("").trim();
        let Ok(size) = usize::from_str_radix(size_text, 16) else {
            break;
        };
        rest = &rest[line_end + 2..];
        if size == 0 || rest.len() < size {
            break;
        }
        out.extend_from_slice(&rest[..size]);
        rest = rest.get(size + 2..).unwrap_or_default();
    }
    out
}

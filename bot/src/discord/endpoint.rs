//! The HTTP interactions endpoint: Discord POSTs each interaction to
//! `/interactions`, signed with the application's key. Unsigned, wrongly
//! signed and stale requests are refused (401) before anything is read;
//! the interaction's first response is the HTTP answer. Nothing here is
//! kept between requests that a second process would lack, except the
//! adapter's memory of long ids and pages (see `memory`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use ed25519_dalek::{Signature, VerifyingKey};
use serenity::all::{CreateInteractionResponse, CreateInteractionResponseMessage, Interaction};
use tokio::sync::oneshot;

use super::deliver::{Responder, Shared};
use super::incoming;

/// How old (or how far ahead) a signed timestamp may be.
const FRESH: Duration = Duration::from_secs(300);

struct Endpoint {
    shared: Arc<Shared>,
    key: VerifyingKey,
}

/// Serves the endpoint on `addr` until the process stops.
pub async fn serve(shared: Arc<Shared>, key: VerifyingKey, addr: SocketAddr) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr} (DISCORD_INTERACTIONS_ADDR): {e}"))?;
    tracing::info!(
        "Discord: interactions endpoint on http://{}/interactions",
        listener.local_addr().map_err(|e| e.to_string())?
    );
    let app = Router::new()
        .route("/interactions", post(receive))
        .with_state(Arc::new(Endpoint { shared, key }));
    axum::serve(listener, app)
        .await
        .map_err(|e| format!("the interactions endpoint stopped: {e}"))
}

async fn receive(
    State(endpoint): State<Arc<Endpoint>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(why) = verify(&endpoint.key, &headers, &body, SystemTime::now()) {
        tracing::info!("Discord: refused an interaction request: {why}");
        return (StatusCode::UNAUTHORIZED, why).into_response();
    }
    let interaction: Interaction = match serde_json::from_slice(&body) {
        Ok(interaction) => interaction,
        Err(e) => {
            tracing::warn!("Discord: an interaction the adapter does not understand: {e}");
            return (StatusCode::BAD_REQUEST, format!("not an interaction: {e}")).into_response();
        }
    };
    if matches!(interaction, Interaction::Ping(_)) {
        // Exactly Discord's PONG (serenity's adds `"data": null`).
        let pong = [(axum::http::header::CONTENT_TYPE, "application/json")];
        return (StatusCode::OK, pong, r#"{"type":1}"#).into_response();
    }
    let (tx, rx) = oneshot::channel();
    let shared = endpoint.shared.clone();
    tokio::spawn(async move {
        incoming::interaction(&shared, interaction, Responder::Endpoint(tx)).await;
    });
    // The answer defers by itself in time; this is a last resort.
    let limit = endpoint.shared.defer_after + Duration::from_millis(150);
    match tokio::time::timeout(limit, rx).await {
        Ok(Ok(response)) => json(&response),
        _ => json(&CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(true),
        )),
    }
}

fn json(response: &CreateInteractionResponse) -> Response {
    match serde_json::to_vec(response) {
        Ok(body) => (
            StatusCode::OK,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// Checks Discord's signature of `timestamp + body`, and that the
/// timestamp is recent (a replayed request is refused).
pub fn verify(
    key: &VerifyingKey,
    headers: &HeaderMap,
    body: &[u8],
    now: SystemTime,
) -> Result<(), &'static str> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let signature = header("x-signature-ed25519").ok_or("no signature")?;
    let timestamp = header("x-signature-timestamp").ok_or("no timestamp")?;
    let signature: [u8; 64] = hex::decode(signature)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or("the signature is not 64 bytes of hex")?;
    let signed_at: u64 = timestamp
        .parse()
        .map_err(|_| "the timestamp is not a number")?;
    let now = now.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
    if now.abs_diff(signed_at) > FRESH.as_secs() {
        return Err("the timestamp is stale");
    }
    let mut message = timestamp.as_bytes().to_vec();
    message.extend_from_slice(body);
    key.verify_strict(&message, &Signature::from_bytes(&signature))
        .map_err(|_| "the signature does not match")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer, SigningKey};

    fn signed(key: &SigningKey, timestamp: &str, body: &[u8]) -> HeaderMap {
        let mut message = timestamp.as_bytes().to_vec();
        message.extend_from_slice(body);
        let mut headers = HeaderMap::new();
        let signature = hex::encode(key.sign(&message).to_bytes());
        headers.insert("x-signature-ed25519", signature.parse().unwrap());
        headers.insert("x-signature-timestamp", timestamp.parse().unwrap());
        headers
    }

    #[test]
    fn only_fresh_requests_signed_by_the_application_pass() {
        let key = SigningKey::from_bytes(&[7; 32]);
        let public = key.verifying_key();
        let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let body = br#"{"type":1}"#;
        let good = signed(&key, "1800000000", body);
        assert_eq!(verify(&public, &good, body, now), Ok(()));
        assert_eq!(
            verify(&public, &good, br#"{"type":2}"#, now),
            Err("the signature does not match")
        );
        let other = SigningKey::from_bytes(&[8; 32]);
        let forged = signed(&other, "1800000000", body);
        assert_eq!(
            verify(&public, &forged, body, now),
            Err("the signature does not match")
        );
        let stale = signed(&key, "1799999000", body);
        assert_eq!(
            verify(&public, &stale, body, now),
            Err("the timestamp is stale")
        );
        assert_eq!(
            verify(&public, &HeaderMap::new(), body, now),
            Err("no signature")
        );
    }
}

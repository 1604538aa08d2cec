//! Logging in, and resuming: the session (user, device, access token) is
//! saved in `<data dir>/matrix/session.json` and the state and encryption
//! keys in the SQLite stores beside it, so a restart resumes on the same
//! device and can still read and write encrypted rooms.

use std::path::{Path, PathBuf};

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};

use super::config::{Credentials, MatrixConfig};

/// What is saved between runs.
#[derive(Serialize, Deserialize)]
struct Saved {
    /// The homeserver URL the session belongs to.
    homeserver: String,
    session: MatrixSession,
}

fn session_file(dir: &Path) -> PathBuf {
    dir.join("session.json")
}

fn store_path(dir: &Path) -> PathBuf {
    dir.join("store")
}

fn builder(homeserver: &str, dir: &Path) -> matrix_sdk::ClientBuilder {
    let builder = Client::builder().sqlite_store(store_path(dir), None);
    if homeserver.starts_with("http://") || homeserver.starts_with("https://") {
        builder.homeserver_url(homeserver)
    } else {
        builder.server_name_or_homeserver_url(homeserver)
    }
}

/// A logged-in client: the saved session when there is one for this
/// account, else a fresh login whose session is saved. Says whether the
/// session was resumed.
pub async fn client(config: &MatrixConfig) -> Result<(Client, bool), String> {
    let dir = &config.store_dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if let Some(saved) = read_saved(dir)? {
        if let Some(wanted) = config.login_name()
            && !same_user(wanted, &saved.session.meta.user_id)
        {
            return Err(format!(
                "{} holds the session of {}, but MATRIX_USER is {wanted}: remove that directory \
                 (the bot then logs in as a new device) or set REDSCIENCE_DATA_DIR elsewhere",
                dir.display(),
                saved.session.meta.user_id
            ));
        }
        let client = builder(&saved.homeserver, dir)
            .build()
            .await
            .map_err(|e| format!("cannot open the Matrix store in {}: {e}", dir.display()))?;
        let user = saved.session.meta.user_id.clone();
        client
            .restore_session(saved.session)
            .await
            .map_err(|e| format!("cannot resume the Matrix session of {user}: {e}"))?;
        match client.whoami().await {
            Ok(_) => return Ok((client, true)),
            Err(e) if matches!(e.client_api_error_kind(), Some(ErrorKind::UnknownToken(..))) => {
                // The token was revoked (logged out elsewhere): start over
                // as a new device, with fresh keys.
                tracing::warn!("the saved Matrix session no longer works ({e}); logging in again");
                drop(client);
                std::fs::remove_dir_all(dir)
                    .map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            // The server may just be unreachable for now: sync retries.
            Err(e) => {
                tracing::warn!("cannot reach the homeserver yet ({e}); resuming anyway");
                return Ok((client, true));
            }
        }
    }
    let client = builder(&config.homeserver, dir)
        .build()
        .await
        .map_err(|e| format!("cannot reach the homeserver {}: {e}", config.homeserver))?;
    let session = match &config.credentials {
        Credentials::Password(password) => {
            let user = config.login_name().unwrap_or_default();
            client
                .matrix_auth()
                .login_username(user, password)
                .initial_device_display_name(&config.device_name)
                .send()
                .await
                .map_err(|e| format!("cannot log in to Matrix as {user}: {e}"))?;
            client
                .matrix_auth()
                .session()
                .ok_or("the homeserver accepted the login but gave no session")?
        }
        Credentials::AccessToken(token) => {
            let (user_id, device_id) = who_has(&config.homeserver, token).await?;
            if let Some(wanted) = config.login_name()
                && !same_user(wanted, &user_id)
            {
                return Err(format!(
                    "MATRIX_ACCESS_TOKEN belongs to {user_id}, but MATRIX_USER is {wanted}"
                ));
            }
            let session = MatrixSession {
                meta: SessionMeta { user_id, device_id },
                tokens: SessionTokens {
                    access_token: token.clone(),
                    refresh_token: None,
                },
            };
            client
                .restore_session(session.clone())
                .await
                .map_err(|e| format!("cannot use MATRIX_ACCESS_TOKEN: {e}"))?;
            session
        }
    };
    let saved = Saved {
        homeserver: client.homeserver().to_string(),
        session,
    };
    write_saved(dir, &saved)?;
    Ok((client, false))
}

/// The account and device an access token belongs to.
async fn who_has(homeserver: &str, token: &str) -> Result<(OwnedUserId, OwnedDeviceId), String> {
    let probe = if homeserver.starts_with("http://") || homeserver.starts_with("https://") {
        Client::builder().homeserver_url(homeserver)
    } else {
        Client::builder().server_name_or_homeserver_url(homeserver)
    }
    .build()
    .await
    .map_err(|e| format!("cannot reach the homeserver {homeserver}: {e}"))?;
    // whoami needs a session; the device is what we are asking for.
    let placeholder = MatrixSession {
        meta: SessionMeta {
            user_id: "@unknown:invalid".try_into().expect("a valid user id"),
            device_id: "UNKNOWN".into(),
        },
        tokens: SessionTokens {
            access_token: token.to_string(),
            refresh_token: None,
        },
    };
    probe
        .matrix_auth()
        .restore_session(placeholder, matrix_sdk::store::RoomLoadSettings::default())
        .await
        .map_err(|e| format!("cannot use MATRIX_ACCESS_TOKEN: {e}"))?;
    let me = probe
        .whoami()
        .await
        .map_err(|e| format!("the homeserver refused MATRIX_ACCESS_TOKEN: {e}"))?;
    let device = me.device_id.ok_or(
        "MATRIX_ACCESS_TOKEN belongs to no device; log in with MATRIX_PASSWORD instead, \
         or create the token with a device",
    )?;
    Ok((me.user_id, device))
}

fn same_user(wanted: &str, user_id: &OwnedUserId) -> bool {
    if wanted.starts_with('@') {
        wanted == user_id.as_str()
    } else {
        wanted == user_id.localpart()
    }
}

fn read_saved(dir: &Path) -> Result<Option<Saved>, String> {
    let path = session_file(dir);
    match std::fs::read(&path) {
        Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
            format!(
                "{} is damaged ({e}); remove it to log in again",
                path.display()
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

fn write_saved(dir: &Path, saved: &Saved) -> Result<(), String> {
    let path = session_file(dir);
    let json = serde_json::to_vec_pretty(saved).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, json)
        .and_then(|()| restrict(&tmp))
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("cannot save the Matrix session in {}: {e}", path.display()))
}

/// The session holds an access token: readable by its owner only.
#[cfg(unix)]
fn restrict(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn restrict(_: &Path) -> std::io::Result<()> {
    Ok(())
}

//! The Matrix settings, from the environment or a `.env` file:
//! `MATRIX_HOMESERVER`, `MATRIX_USER`, `MATRIX_PASSWORD` or
//! `MATRIX_ACCESS_TOKEN`, `MATRIX_DEVICE_NAME`, `MATRIX_PREFIX`, and the
//! data directory `REDSCIENCE_DATA_DIR` where the session and the
//! encryption keys are kept.

use std::path::PathBuf;

/// How the bot proves who it is.
#[derive(Clone, PartialEq, Eq)]
pub enum Credentials {
    Password(String),
    AccessToken(String),
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print a secret.
        match self {
            Credentials::Password(_) => f.write_str("Password(..)"),
            Credentials::AccessToken(_) => f.write_str("AccessToken(..)"),
        }
    }
}

/// Everything the Matrix transport needs to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixConfig {
    /// A homeserver URL (`https://matrix.example.org`) or a server name
    /// (`example.org`, resolved through `.well-known`).
    pub homeserver: String,
    /// `@bot:example.org` or the bare localpart `bot`; may be left out with
    /// an access token.
    pub user: Option<String>,
    pub credentials: Credentials,
    /// The name of the bot's device, as other users' clients show it.
    pub device_name: String,
    /// What starts a command in a shared room, `!rs` by default.
    pub prefix: String,
    /// Where the session and the stores live (`<data dir>/matrix`).
    pub store_dir: PathBuf,
}

/// The data directory: `REDSCIENCE_DATA_DIR`, by default `redscience-data`
/// in the working directory.
pub fn data_dir(get: &impl Fn(&str) -> Option<String>) -> PathBuf {
    PathBuf::from(get("REDSCIENCE_DATA_DIR").unwrap_or_else(|| "redscience-data".to_string()))
}

impl MatrixConfig {
    pub const DEFAULT_PREFIX: &str = "!rs";
    pub const DEFAULT_DEVICE_NAME: &str = "redscience";

    /// Reads the process environment (after `.env`). `Ok(None)` when
    /// Matrix is not configured (no `MATRIX_HOMESERVER`).
    pub fn from_env() -> Result<Option<MatrixConfig>, String> {
        MatrixConfig::from_vars(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `get` (tests pass a map).
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Option<MatrixConfig>, String> {
        let value = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(homeserver) = value("MATRIX_HOMESERVER") else {
            return Ok(None);
        };
        let user = value("MATRIX_USER");
        let credentials = match (value("MATRIX_PASSWORD"), value("MATRIX_ACCESS_TOKEN")) {
            (Some(_), Some(_)) => {
                return Err(
                    "both MATRIX_PASSWORD and MATRIX_ACCESS_TOKEN are set; set only one".into(),
                );
            }
            (Some(password), None) => Credentials::Password(password),
            (None, Some(token)) => Credentials::AccessToken(token),
            (None, None) => {
                return Err("MATRIX_HOMESERVER is set, but neither MATRIX_PASSWORD nor \
                            MATRIX_ACCESS_TOKEN is: set one of them for the bot's account"
                    .into());
            }
        };
        if let Some(user) = &user {
            check_user(user)?;
        } else if matches!(credentials, Credentials::Password(_)) {
            return Err(
                "MATRIX_PASSWORD needs MATRIX_USER, the bot's account (such as @redscience:example.org)"
                    .into(),
            );
        }
        let prefix = value("MATRIX_PREFIX").unwrap_or_else(|| Self::DEFAULT_PREFIX.to_string());
        if prefix.contains(char::is_whitespace) {
            return Err(format!(
                "MATRIX_PREFIX is \"{prefix}\"; it must be one word, such as !rs"
            ));
        }
        Ok(Some(MatrixConfig {
            homeserver,
            user,
            credentials,
            device_name: value("MATRIX_DEVICE_NAME")
                .unwrap_or_else(|| Self::DEFAULT_DEVICE_NAME.to_string()),
            prefix,
            store_dir: data_dir(&value).join("matrix"),
        }))
    }

    /// The user to log in as: a full id, or a localpart.
    pub fn login_name(&self) -> Option<&str> {
        self.user.as_deref()
    }
}

fn check_user(user: &str) -> Result<(), String> {
    let full = user.starts_with('@');
    let ok = if full {
        user[1..]
            .split_once(':')
            .is_some_and(|(local, server)| !local.is_empty() && !server.is_empty())
    } else {
        !user.contains(':')
    };
    if ok && !user.contains(char::is_whitespace) {
        Ok(())
    } else {
        Err(format!(
            "MATRIX_USER is \"{user}\"; write the bot's account as @name:server (or the bare name)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> Result<Option<MatrixConfig>, String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        MatrixConfig::from_vars(|name| map.get(name).cloned())
    }

    #[test]
    fn no_homeserver_means_no_matrix() {
        assert_eq!(read(&[("MATRIX_USER", "@bot:x")]), Ok(None));
    }

    #[test]
    fn a_password_login_takes_defaults() {
        let c = read(&[
            ("MATRIX_HOMESERVER", "http://127.0.0.1:8008"),
            ("MATRIX_USER", "@bot:localhost"),
            ("MATRIX_PASSWORD", "pw"),
            ("REDSCIENCE_DATA_DIR", "data"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.prefix, "!rs");
        assert_eq!(c.device_name, "redscience");
        assert_eq!(c.credentials, Credentials::Password("pw".into()));
        assert_eq!(c.store_dir, PathBuf::from("data").join("matrix"));
        assert!(!format!("{c:?}").contains("pw\""), "no secret in {c:?}");
    }

    #[test]
    fn missing_or_doubled_secrets_are_explained() {
        let none = read(&[("MATRIX_HOMESERVER", "x"), ("MATRIX_USER", "@b:x")]).unwrap_err();
        assert!(none.contains("MATRIX_PASSWORD"), "{none}");
        let both = read(&[
            ("MATRIX_HOMESERVER", "x"),
            ("MATRIX_USER", "@b:x"),
            ("MATRIX_PASSWORD", "a"),
            ("MATRIX_ACCESS_TOKEN", "b"),
        ])
        .unwrap_err();
        assert!(both.contains("only one"), "{both}");
        let nobody = read(&[("MATRIX_HOMESERVER", "x"), ("MATRIX_PASSWORD", "a")]).unwrap_err();
        assert!(nobody.contains("MATRIX_USER"), "{nobody}");
        let bad = read(&[
            ("MATRIX_HOMESERVER", "x"),
            ("MATRIX_USER", "@b"),
            ("MATRIX_PASSWORD", "a"),
        ])
        .unwrap_err();
        assert!(bad.contains("@name:server"), "{bad}");
        let prefix = read(&[
            ("MATRIX_HOMESERVER", "x"),
            ("MATRIX_ACCESS_TOKEN", "t"),
            ("MATRIX_PREFIX", "! rs"),
        ])
        .unwrap_err();
        assert!(prefix.contains("one word"), "{prefix}");
    }

    #[test]
    fn a_token_needs_no_user() {
        let c = read(&[
            ("MATRIX_HOMESERVER", "example.org"),
            ("MATRIX_ACCESS_TOKEN", "t"),
            ("MATRIX_PREFIX", "!game"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.user, None);
        assert_eq!(c.prefix, "!game");
    }
}

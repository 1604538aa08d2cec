//! The Discord settings, from the environment (or `.env`).
//!
//! - `DISCORD_TOKEN`: the bot's token (Discord is on when it is set).
//! - `DISCORD_APPLICATION_ID`: the application's id.
//! - `DISCORD_PUBLIC_KEY`: the application's public key (hex), which
//!   signs the requests of the HTTP interactions endpoint.
//! - `DISCORD_INTERACTIONS_ADDR`: when set, interactions arrive at
//!   `http://ADDR/interactions` instead of through the gateway.
//! - `DISCORD_API_BASE`: another base for the REST API (a rate-limiting
//!   proxy, or a test's fake); Discord's own by default.
//! - `DISCORD_SHARDS`: `auto` (Discord's advice, the default), a count
//!   (`4`), or this process's part of them (`0-1/4`: shards 0 and 1 of 4).
//! - `DISCORD_DEFER_AFTER_MS`: how long the bot may think before it
//!   defers an answer (Discord waits 3 s for the first response); 2,500 by
//!   default, at most 2,800.

use std::net::SocketAddr;
use std::time::Duration;

use ed25519_dalek::VerifyingKey;

/// Which gateway shards this process runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord advises.
    Auto,
    /// All of `total`, in this process.
    All(u32),
    /// Shards `first..=last` of `total`.
    Range { first: u32, last: u32, total: u32 },
}

/// The Discord transport's settings.
#[derive(Clone, Debug)]
pub struct DiscordConfig {
    pub token: String,
    pub application_id: u64,
    pub public_key: Option<VerifyingKey>,
    pub interactions_addr: Option<SocketAddr>,
    pub api_base: Option<String>,
    pub shards: Shards,
    /// How long an interaction's answer may take before it is deferred.
    pub defer_after: Duration,
}

impl DiscordConfig {
    /// The settings from the environment; `None` when Discord is not
    /// configured (no `DISCORD_TOKEN`).
    pub fn from_env() -> Result<Option<DiscordConfig>, String> {
        DiscordConfig::from_lookup(|name| std::env::var(name).ok())
    }

    /// The settings from any source of named values.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<DiscordConfig>, String> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(token) = get("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let application_id = match get("DISCORD_APPLICATION_ID") {
            Some(id) => id.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!(
                    "DISCORD_APPLICATION_ID \"{id}\" is not an application id: it is a number \
                     (the Developer Portal shows it under General Information)"
                )
            })?,
            None => {
                return Err(
                    "DISCORD_TOKEN is set but DISCORD_APPLICATION_ID is not: copy the \
                            Application ID from the Developer Portal (General Information)"
                        .into(),
                );
            }
        };
        let public_key = get("DISCORD_PUBLIC_KEY")
            .map(|k| public_key(&k))
            .transpose()?;
        let interactions_addr = match get("DISCORD_INTERACTIONS_ADDR") {
            Some(addr) => Some(addr.parse::<SocketAddr>().map_err(|_| {
                format!(
                    "DISCORD_INTERACTIONS_ADDR \"{addr}\" is not an address to listen on; \
                     write it as IP:PORT, e.g. 0.0.0.0:8080"
                )
            })?),
            None => None,
        };
        if interactions_addr.is_some() && public_key.is_none() {
            return Err(
                "DISCORD_INTERACTIONS_ADDR is set but DISCORD_PUBLIC_KEY is not: the \
                        endpoint checks every request against the application's public key \
                        (Developer Portal, General Information)"
                    .into(),
            );
        }
        let api_base = match get("DISCORD_API_BASE") {
            Some(base) if base.starts_with("http://") || base.starts_with("https://") => {
                Some(base.trim_end_matches('/').to_string())
            }
            Some(base) => {
                return Err(format!(
                    "DISCORD_API_BASE \"{base}\" is not a URL; write it as http://HOST:PORT"
                ));
            }
            None => None,
        };
        let shards = match get("DISCORD_SHARDS") {
            Some(shards) => parse_shards(&shards)?,
            None => Shards::Auto,
        };
        let defer_after = match get("DISCORD_DEFER_AFTER_MS") {
            Some(ms) => match ms.parse::<u64>() {
                Ok(ms) if ms <= 2800 => Duration::from_millis(ms),
                _ => {
                    return Err(format!(
                        "DISCORD_DEFER_AFTER_MS \"{ms}\" is not a wait the bot can use: write \
                         milliseconds from 0 to 2800 (Discord waits 3 seconds)"
                    ));
                }
            },
            None => Duration::from_millis(2500),
        };
        Ok(Some(DiscordConfig {
            token,
            application_id,
            public_key,
            interactions_addr,
            api_base,
            shards,
            defer_after,
        }))
    }
}

fn public_key(hex_key: &str) -> Result<VerifyingKey, String> {
    let refused = || {
        format!(
            "DISCORD_PUBLIC_KEY is not a public key: it is 64 hexadecimal digits \
             (the Developer Portal shows it under General Information); got \"{hex_key}\""
        )
    };
    let bytes: [u8; 32] = hex::decode(hex_key)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(refused)?;
    VerifyingKey::from_bytes(&bytes).map_err(|_| refused())
}

fn parse_shards(text: &str) -> Result<Shards, String> {
    let refused = || {
        format!(
            "DISCORD_SHARDS \"{text}\" is not understood: write `auto`, a count such as `4`, \
             or a range of a count such as `0-1/4`"
        )
    };
    if text.eq_ignore_ascii_case("auto") {
        return Ok(Shards::Auto);
    }
    if let Some((range, total)) = text.split_once('/') {
        let total: u32 = total.trim().parse().map_err(|_| refused())?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let first: u32 = first.trim().parse().map_err(|_| refused())?;
        let last: u32 = last.trim().parse().map_err(|_| refused())?;
        if first > last || last >= total {
            return Err(refused());
        }
        return Ok(Shards::Range { first, last, total });
    }
    match text.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Shards::All(n)),
        _ => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Result<Option<DiscordConfig>, String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        DiscordConfig::from_lookup(move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    const KEY: &str = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

    #[test]
    fn discord_is_off_without_a_token_and_explains_missing_settings() {
        assert!(config(&[]).unwrap().is_none());
        let e = config(&[("DISCORD_TOKEN", "t")]).unwrap_err();
        assert!(e.contains("DISCORD_APPLICATION_ID"), "{e}");
        let e = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_APPLICATION_ID", "x")]).unwrap_err();
        assert!(e.contains("is a number"), "{e}");
        let e = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_APPLICATION_ID", "1"),
            ("DISCORD_INTERACTIONS_ADDR", "127.0.0.1:8080"),
        ])
        .unwrap_err();
        assert!(e.contains("DISCORD_PUBLIC_KEY"), "{e}");
        let e = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_APPLICATION_ID", "1"),
            ("DISCORD_PUBLIC_KEY", "abc"),
        ])
        .unwrap_err();
        assert!(e.contains("64 hexadecimal digits"), "{e}");
        let e = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_APPLICATION_ID", "1"),
            ("DISCORD_DEFER_AFTER_MS", "5000"),
        ])
        .unwrap_err();
        assert!(e.contains("0 to 2800"), "{e}");
    }

    #[test]
    fn a_full_configuration_reads_every_setting() {
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_APPLICATION_ID", "42"),
            ("DISCORD_PUBLIC_KEY", KEY),
            ("DISCORD_INTERACTIONS_ADDR", "127.0.0.1:8080"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
            ("DISCORD_SHARDS", "0-1/4"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.application_id, 42);
        assert_eq!(c.defer_after, Duration::from_millis(2500));
        assert!(c.public_key.is_some());
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(
            c.shards,
            Shards::Range {
                first: 0,
                last: 1,
                total: 4
            }
        );
    }

    #[test]
    fn shards_are_auto_a_count_or_a_range() {
        assert_eq!(parse_shards("auto"), Ok(Shards::Auto));
        assert_eq!(parse_shards("3"), Ok(Shards::All(3)));
        assert_eq!(
            parse_shards("2/3"),
            Ok(Shards::Range {
                first: 2,
                last: 2,
                total: 3
            })
        );
        for bad in ["0", "x", "2-1/4", "0-4/4"] {
            assert!(parse_shards(bad).is_err(), "{bad}");
        }
    }
}

//! Where the database is and who the Admins are, from the environment
//! (the binary loads `.env` first).

use std::path::Path;

use crate::accounts::ChatId;
use crate::error::{Result, refuse};

/// How to open storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `sqlite:PATH` or `postgres://USER@HOST:PORT/DB`.
    pub database_url: String,
    /// Chat ids made Admins at start (`REDSCIENCE_ADMINS`).
    pub admins: Vec<ChatId>,
}

impl Config {
    /// The embedded default: `redscience.db` in the working directory.
    pub const DEFAULT_URL: &'static str = "sqlite:redscience.db";

    /// Reads `DATABASE_URL` (default [`Config::DEFAULT_URL`]) and
    /// `REDSCIENCE_ADMINS` (chat ids separated by commas or spaces).
    pub fn from_env() -> Result<Config> {
        let url = std::env::var("DATABASE_URL").unwrap_or_default();
        let admins = std::env::var("REDSCIENCE_ADMINS").unwrap_or_default();
        Config::new(&url, &admins)
    }

    /// A configuration from the two settings' text (empty means default).
    pub fn new(database_url: &str, admins: &str) -> Result<Config> {
        let url = database_url.trim();
        let database_url = if url.is_empty() {
            Config::DEFAULT_URL.to_string()
        } else if url.starts_with("sqlite:")
            || url.starts_with("postgres://")
            || url.starts_with("postgresql://")
        {
            url.to_string()
        } else {
            return refuse(format!(
                "DATABASE_URL is \"{url}\"; accepted are sqlite:PATH (for example sqlite:redscience.db) \
                 and postgres://USER@HOST:PORT/DATABASE"
            ));
        };
        let admins = admins
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| {
                ChatId::parse(s)
                    .map_err(|e| crate::Error::Refused(format!("REDSCIENCE_ADMINS: {e}")))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Config {
            database_url,
            admins,
        })
    }

    /// The SQLite file, when the database is one.
    pub fn sqlite_path(&self) -> Option<&Path> {
        let rest = self.database_url.strip_prefix("sqlite:")?;
        let rest = rest.strip_prefix("//").unwrap_or(rest);
        let path = rest.split('?').next().unwrap_or(rest);
        (!path.is_empty() && path != ":memory:").then(|| Path::new(path))
    }

    /// Whether the database is there already: a server always counts; a
    /// SQLite file counts once created. Read-only commands use storage only
    /// then, so they never create a database as a side effect.
    pub fn exists(&self) -> bool {
        match self.sqlite_path() {
            Some(path) => path.exists(),
            None => !self.database_url.starts_with("sqlite:"),
        }
    }

    /// A description for messages, without any password.
    pub fn describe(&self) -> String {
        match self.sqlite_path() {
            Some(path) => format!("SQLite database {}", path.display()),
            None => {
                let url = &self.database_url;
                match (url.find("://"), url.rfind('@')) {
                    (Some(scheme), Some(at)) if at > scheme => {
                        format!("PostgreSQL database {}", &url[at + 1..])
                    }
                    (Some(scheme), _) => format!("PostgreSQL database {}", &url[scheme + 3..]),
                    _ => url.clone(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_refusals() {
        let c = Config::new("", "").unwrap();
        assert_eq!(c.database_url, Config::DEFAULT_URL);
        assert_eq!(c.sqlite_path(), Some(Path::new("redscience.db")));
        let pg = Config::new("postgres://bot:secret@127.0.0.1:5432/rs", "").unwrap();
        assert_eq!(pg.describe(), "PostgreSQL database 127.0.0.1:5432/rs");
        assert!(pg.exists());
        let e = Config::new("mysql://x", "").unwrap_err().to_string();
        assert!(e.contains("sqlite:PATH"), "{e}");
        let admins = Config::new("", "discord:42, matrix:@ann:example.org @bo:x.org").unwrap();
        assert_eq!(admins.admins.len(), 3);
        assert!(Config::new("", "nobody").is_err());
    }
}

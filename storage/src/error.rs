//! What can go wrong: a refusal a person can act on, or a database failure.

use std::fmt;

use sea_orm::DbErr;

#[derive(Debug)]
pub enum Error {
    /// The request was refused; the message says what was wrong and what is accepted.
    Refused(String),
    /// Another writer changed the record first (a move recorded by another
    /// handler or process since it was loaded): loading it again and
    /// retrying may succeed.
    Conflict(String),
    /// The database failed or could not be reached.
    Database(DbErr),
    /// Stored data no longer makes sense (a move log that does not replay).
    Corrupt(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// A refusal with its message.
pub fn refuse<T>(message: impl Into<String>) -> Result<T> {
    Err(Error::Refused(message.into()))
}

impl Error {
    /// The refusal's message, if this is one.
    pub fn refusal(&self) -> Option<&str> {
        match self {
            Error::Refused(message) | Error::Conflict(message) => Some(message),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Refused(message) | Error::Conflict(message) => f.write_str(message),
            Error::Database(e) => write!(f, "database error: {e}"),
            Error::Corrupt(message) => write!(f, "stored data is inconsistent: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<DbErr> for Error {
    fn from(e: DbErr) -> Error {
        Error::Database(e)
    }
}

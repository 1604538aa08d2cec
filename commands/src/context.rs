//! What every command works with: the request being answered (who asks,
//! where, as which player) and the shape of its answer.

use redscience_storage::{Error as StorageError, Player, Storage};

use crate::reply::{Destination, Message, Reply};
use crate::request::Request;
use crate::services::Services;

/// A refusal to show the person, and what it is about: what was typed
/// (the bot then shows how to write the command), or the state of things
/// (the words were right; no syntax would help).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// What was typed is wrong (a word that names nothing, a value of the
    /// wrong kind): the command's syntax and an example follow it, this
    /// example when the refusal knows a better one than the command's own.
    Input {
        text: String,
        example: Option<String>,
    },
    /// The world refuses (not your turn, no match here, not allowed): the
    /// words were right, and the text says what to do instead.
    State(String),
}

impl Refusal {
    /// A refusal of what was typed.
    pub fn input(text: impl Into<String>) -> Refusal {
        Refusal::Input {
            text: text.into(),
            example: None,
        }
    }

    /// A refusal of what was typed, with the example (a command line) to
    /// show after the command's syntax.
    pub fn with_example(self, example: impl Into<String>) -> Refusal {
        match self {
            Refusal::Input { text, .. } => Refusal::Input {
                text,
                example: Some(example.into()),
            },
            state => state,
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Refusal::Input { text, .. } | Refusal::State(text) => text,
        }
    }

    pub fn into_text(self) -> String {
        match self {
            Refusal::Input { text, .. } | Refusal::State(text) => text,
        }
    }

    /// The same refusal, its text changed (`"... Nothing was saved."`).
    pub fn map(self, change: impl FnOnce(String) -> String) -> Refusal {
        match self {
            Refusal::Input { text, example } => Refusal::Input {
                text: change(text),
                example,
            },
            Refusal::State(text) => Refusal::State(change(text)),
        }
    }
}

/// Words from below (storage, the engine, the limits) refuse by the state
/// of things unless a command says they are about what was typed.
impl From<String> for Refusal {
    fn from(text: String) -> Refusal {
        Refusal::State(text)
    }
}

impl From<&str> for Refusal {
    fn from(text: &str) -> Refusal {
        Refusal::State(text.to_string())
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// A refusal by the state of things, formatted like `format!`.
macro_rules! refused {
    ($($words:tt)*) => {
        $crate::context::Refusal::State(format!($($words)*))
    };
}

/// A refusal of what was typed, formatted like `format!`.
macro_rules! mistyped {
    ($($words:tt)*) => {
        $crate::context::Refusal::input(format!($($words)*))
    };
}

pub(crate) use {mistyped, refused};

/// The result of a command: the reply, or a refusal.
pub type Answer = Result<Reply, Refusal>;

/// Turns a storage error into words for a person. A refusal is shown as
/// it is; anything else is our fault, and nothing was changed.
pub fn said(e: StorageError) -> Refusal {
    Refusal::State(in_words(e))
}

fn in_words(e: StorageError) -> String {
    match e.refusal() {
        Some(message) => sentence(message),
        None => format!(
            "Something went wrong on our side ({e}); nothing was changed. Please try again."
        ),
    }
}

/// A refusal from below (the engine's words) as a sentence of its own:
/// capitalised and closed with a full stop, before what follows.
pub(crate) fn sentence(text: &str) -> String {
    let text = capitalise(text.trim());
    if text.ends_with(['.', '?', '!']) {
        text
    } else {
        format!("{text}.")
    }
}

pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One request being answered.
pub(crate) struct Ctx<'a> {
    pub services: &'a Services,
    pub player: Player,
    pub req: &'a Request,
}

impl Ctx<'_> {
    /// Where an answer to the requester goes: privately if they asked
    /// privately, else the channel they asked in.
    pub fn here(&self) -> Destination {
        if self.req.place.private {
            Destination::Private(self.req.who.chat.clone())
        } else {
            Destination::Channel(self.req.place.channel_ref())
        }
    }

    /// A reply of one message to the requester.
    pub fn answer(&self, text: impl Into<String>) -> Reply {
        Reply::one(Message::new(self.here(), text))
    }

    pub fn storage(&self) -> &Storage {
        &self.services.storage
    }
}

//! What every command works with: the request being answered (who asks,
//! where, as which player) and the shape of its answer.

use redscience_storage::{Error as StorageError, Player, Storage};

use crate::reply::{Destination, Message, Reply};
use crate::request::Request;
use crate::services::Services;

/// A refusal to show the person: what was wrong and what is accepted.
pub type Said = String;

/// The result of a command: the reply, or a refusal.
pub type Answer = Result<Reply, Said>;

/// Turns a storage error into words for a person. A refusal is shown as
/// it is; anything else is our fault, and nothing was changed.
pub fn said(e: StorageError) -> Said {
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

//! What a person asked: who (a chat account), where (a community and a
//! channel, private or not) and what (a command line, a picked choice, or
//! free text such as a wizard answer).

use redscience_storage::{ChannelRef, ChatId, Platform};

/// The chat account behind a request, with the name it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub chat: ChatId,
    pub display_name: String,
}

/// Where a request was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub platform: Platform,
    /// A Discord guild or a Matrix space, when there is one.
    pub community: Option<String>,
    /// The channel or room replies go to.
    pub channel: String,
    /// A direct conversation with the bot: only the requester reads it.
    pub private: bool,
}

impl Place {
    /// The channel as stored with a challenge and its match.
    pub fn channel_ref(&self) -> ChannelRef {
        ChannelRef {
            platform: self.platform,
            community: self.community.clone(),
            channel: self.channel.clone(),
        }
    }
}

/// What was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A command and its arguments as words, e.g. `challenge Connect4 Random`
    /// (a slash command's name and options, or text after Matrix's `!rs`).
    Command(String),
    /// The id of a choice the person picked (a button or select option).
    Choice(String),
    /// Any other text, e.g. an answer to the wizard's question.
    Text(String),
    /// A file the person attached, with the command it came with.
    File {
        command: String,
        name: String,
        bytes: Vec<u8>,
    },
}

/// One request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub who: Who,
    pub place: Place,
    pub what: What,
}

impl Request {
    /// A request typed in the console by `user`: in `channel`, or in their
    /// private conversation with the bot (`dm USER`).
    pub fn console(user: &str, channel: &str, private: bool, what: What) -> Request {
        Request {
            who: Who {
                chat: ChatId::console(user),
                display_name: user.to_string(),
            },
            place: Place {
                platform: Platform::Console,
                community: None,
                channel: if private {
                    format!("dm {user}")
                } else {
                    channel.to_string()
                },
                private,
            },
            what,
        }
    }
}

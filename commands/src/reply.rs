//! What the bot says back: messages, each for a channel or for one player
//! privately, with text, attachments and choices that adapters map to
//! buttons and select menus (Discord) or numbered options (Matrix, console).

/// The most options one set of choices may hold (Discord's limit for a
/// select menu; adapters page longer lists).
pub const MAX_CHOICES: usize = 25;

use redscience_storage::{ChannelRef, ChatId};

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A channel: the one the request came from, or a match's.
    Channel(ChannelRef),
    /// One chat account, privately (a direct message, or an ephemeral reply).
    Private(ChatId),
}

/// One option a person can pick. Picking it is the same as typing `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the bot receives when the option is picked.
    pub id: String,
    /// What the person sees.
    pub label: String,
}

impl Choice {
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            id: id.into(),
            label: label.into(),
        }
    }
}

/// A group of options shown together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceSet {
    /// A row of buttons (at most [`MAX_CHOICES`]).
    Buttons(Vec<Choice>),
    /// A drop-down list (at most [`MAX_CHOICES`]); `default` is preselected.
    Select {
        placeholder: String,
        options: Vec<Choice>,
        default: Option<String>,
    },
}

impl ChoiceSet {
    /// The options, whatever their presentation.
    pub fn options(&self) -> &[Choice] {
        match self {
            ChoiceSet::Buttons(options) => options,
            ChoiceSet::Select { options, .. } => options,
        }
    }
}

/// A file sent with a message: a picture of a board, an exported game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// An answer the bot takes as typed text. Where typing into the channel
/// is not how people answer (Discord's forms), adapters offer a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// What the person is asked to type, e.g. "Your move".
    pub label: String,
    /// Put before what is typed (e.g. `move #12@4 `); picking a choice
    /// with id `prefix + text` is the same as typing it.
    pub prefix: String,
}

/// One message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub to: Destination,
    pub text: String,
    pub attachments: Vec<Attachment>,
    pub choices: Vec<ChoiceSet>,
    /// A typed answer the message asks for, besides its choices.
    pub typed: Option<Typed>,
}

impl Message {
    pub fn new(to: Destination, text: impl Into<String>) -> Message {
        Message {
            to,
            text: text.into(),
            attachments: Vec::new(),
            choices: Vec::new(),
            typed: None,
        }
    }

    /// Adds a set of choices, split into sets of at most [`MAX_CHOICES`].
    pub fn with_choices(mut self, set: ChoiceSet) -> Message {
        match set {
            ChoiceSet::Buttons(options) => {
                for chunk in options.chunks(MAX_CHOICES) {
                    self.choices.push(ChoiceSet::Buttons(chunk.to_vec()));
                }
            }
            ChoiceSet::Select {
                placeholder,
                options,
                default,
            } => {
                for chunk in options.chunks(MAX_CHOICES) {
                    let has_default = default
                        .as_ref()
                        .is_some_and(|d| chunk.iter().any(|c| &c.id == d));
                    self.choices.push(ChoiceSet::Select {
                        placeholder: placeholder.clone(),
                        options: chunk.to_vec(),
                        default: default.clone().filter(|_| has_default),
                    });
                }
            }
        }
        self
    }

    /// Asks for a typed answer too, put after `prefix`.
    pub fn with_typed(mut self, label: impl Into<String>, prefix: impl Into<String>) -> Message {
        self.typed = Some(Typed {
            label: label.into(),
            prefix: prefix.into(),
        });
        self
    }

    pub fn with_attachment(mut self, name: impl Into<String>, bytes: Vec<u8>) -> Message {
        self.attachments.push(Attachment {
            name: name.into(),
            bytes,
        });
        self
    }
}

/// Everything the bot says in answer to one request (or one tick of its clock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub messages: Vec<Message>,
}

impl Reply {
    pub fn one(message: Message) -> Reply {
        Reply {
            messages: vec![message],
        }
    }

    pub fn push(&mut self, message: Message) {
        self.messages.push(message);
    }

    pub fn extend(&mut self, other: Reply) {
        self.messages.extend(other.messages);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_split_into_sets_of_twenty_five() {
        let options: Vec<Choice> = (0..60).map(|i| Choice::new(i.to_string(), "x")).collect();
        let m = Message::new(Destination::Private(ChatId::console("ann")), "pick").with_choices(
            ChoiceSet::Select {
                placeholder: "cells".into(),
                options,
                default: Some("30".into()),
            },
        );
        let sizes: Vec<usize> = m.choices.iter().map(|c| c.options().len()).collect();
        assert_eq!(sizes, vec![25, 25, 10]);
        let defaults: Vec<Option<String>> = m
            .choices
            .iter()
            .map(|c| match c {
                ChoiceSet::Select { default, .. } => default.clone(),
                ChoiceSet::Buttons(_) => None,
            })
            .collect();
        assert_eq!(defaults, vec![None, Some("30".into()), None]);
    }
}

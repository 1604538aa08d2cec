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

/// One option a person can pick. Clicking it (a button, a select) sends
/// `id`; on a text transport (console, Matrix) it is picked as `pick` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the bot receives when the option is clicked.
    pub id: String,
    /// What the person sees.
    pub label: String,
    pub pick: Pick,
}

/// How a person who types picks an option. A typed number means one thing
/// only: an option's position where a question's options are words, and
/// never a position where the options are values, moves or commands (see
/// `docs/rules.md`, "Input means one thing").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// By its number among the numbered options of the message (1, 2, ...):
    /// answers to a question whose options are words (the wizard's).
    Numbered,
    /// By typing these words, shown with the option: a value (`15`), a
    /// move (`4`), a command (`challenge Connect4 sp`).
    Typed(String),
}

impl Choice {
    /// An option picked by typing its id (a command, a value).
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Choice {
        let id = id.into();
        Choice {
            pick: Pick::Typed(id.clone()),
            id,
            label: label.into(),
        }
    }

    /// An option picked by typing `typed`, which means the same as `id`
    /// where it is typed (a move's text, for a move's choice).
    pub fn typed(
        id: impl Into<String>,
        label: impl Into<String>,
        typed: impl Into<String>,
    ) -> Choice {
        Choice {
            id: id.into(),
            label: label.into(),
            pick: Pick::Typed(typed.into()),
        }
    }

    /// An answer to a question, picked by its number on text transports.
    pub fn numbered(id: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            id: id.into(),
            label: label.into(),
            pick: Pick::Numbered,
        }
    }

    /// The words a person types to pick it, when it is not numbered.
    pub fn typed_text(&self) -> Option<&str> {
        match &self.pick {
            Pick::Typed(text) => Some(text),
            Pick::Numbered => None,
        }
    }
}

/// The numbered options of a message's choice sets, in the order they are
/// numbered (from 1): what a typed number picks.
pub fn numbered(sets: &[ChoiceSet]) -> Vec<&Choice> {
    sets.iter()
        .flat_map(ChoiceSet::options)
        .filter(|c| c.pick == Pick::Numbered)
        .collect()
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

/// Typed options beyond this many are summarised on one line.
const TYPED_LINES: usize = 10;

/// A message's options as lines of text, for transports without buttons
/// (console, Matrix): numbered options as `1. Label`, the others with the
/// words that pick them (`` `4`: Black circle to column 4 ``), long lists of
/// those summarised on one line. The option proposed is marked.
pub fn options_as_text(message: &Message) -> Vec<String> {
    let defaults: Vec<&String> = message
        .choices
        .iter()
        .filter_map(|set| match set {
            ChoiceSet::Select { default, .. } => default.as_ref(),
            ChoiceSet::Buttons(_) => None,
        })
        .collect();
    let options: Vec<&Choice> = message
        .choices
        .iter()
        .flat_map(ChoiceSet::options)
        .collect();
    let typed: Vec<&Choice> = options
        .iter()
        .copied()
        .filter(|c| c.typed_text().is_some())
        .collect();
    let mut lines = Vec::new();
    let mut number = 0;
    for choice in &options {
        let mark = if defaults.contains(&&choice.id) {
            " (proposed)"
        } else {
            ""
        };
        let line = match &choice.pick {
            Pick::Numbered => {
                number += 1;
                format!("{number}. {}", choice.label)
            }
            Pick::Typed(_) if typed.len() > TYPED_LINES && mark.is_empty() => continue,
            Pick::Typed(text) if text.eq_ignore_ascii_case(&choice.label) => format!("`{text}`"),
            Pick::Typed(text) => format!("`{text}`: {}", choice.label),
        };
        lines.push(format!("{line}{mark}"));
    }
    if typed.len() > TYPED_LINES {
        let shown: Vec<String> = typed
            .iter()
            .take(TYPED_LINES)
            .filter_map(|c| c.typed_text().map(|t| format!("`{t}`")))
            .collect();
        lines.push(format!(
            "Type one of {} options, e.g. {} …",
            typed.len(),
            shown.join(", ")
        ));
    }
    lines
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

    fn to_ann() -> Destination {
        Destination::Private(ChatId::console("ann"))
    }

    #[test]
    fn numbers_count_numbered_options_only_and_typed_ones_show_their_words() {
        let m = Message::new(to_ann(), "pick")
            .with_choices(ChoiceSet::Buttons(vec![
                Choice::numbered("squares", "Squares"),
                Choice::new("next", "Next (keep Hash)"),
                Choice::numbered("stacks", "Stacks"),
            ]))
            .with_choices(ChoiceSet::Buttons(vec![Choice::typed(
                "move #3@0 4",
                "Black circle to column 4",
                "4",
            )]));
        assert_eq!(
            options_as_text(&m),
            [
                "1. Squares",
                "`next`: Next (keep Hash)",
                "2. Stacks",
                "`4`: Black circle to column 4"
            ]
        );
        let ids: Vec<&str> = numbered(&m.choices).iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["squares", "stacks"]);
    }

    #[test]
    fn long_typed_lists_are_summarised_on_one_line() {
        let options: Vec<Choice> = (1..=40)
            .map(|i| {
                Choice::typed(
                    format!("move #1@0 {i},1"),
                    format!("Black to ({i},1)"),
                    format!("{i},1"),
                )
            })
            .collect();
        let m = Message::new(to_ann(), "your move").with_choices(ChoiceSet::Select {
            placeholder: "Your move".into(),
            options,
            default: None,
        });
        let lines = options_as_text(&m);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("Type one of 40 options, e.g. `1,1`, `2,1`"),
            "{}",
            lines[0]
        );
        assert!(!lines[0].contains("`11,1`"), "{}", lines[0]);
    }
}

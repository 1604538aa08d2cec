//! A message's choices as Discord components: rows of at most five
//! buttons or one select menu of at most 25 options, at most five rows a
//! message (more go to a "More options" page), and a button that opens a
//! form when the bot also takes a typed answer.
//!
//! Custom ids say what a component does: `c:ID` picks the choice `ID`;
//! `t:PREFIX` opens the form for a typed answer put after `PREFIX`;
//! `p:KEY` shows the next page; `v:KEY` shows a private view kept for
//! someone whose DMs are closed; `s:N` is a select menu (its values are
//! `c:ID`). An id too long for Discord's 100 characters is kept in memory
//! and written `c#KEY`.

use redscience_commands::{Choice, ChoiceSet, Message, Typed};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::memory::{Memory, Page, lock};
use super::slash::short;

/// Discord's limits.
const ROWS: usize = 5;
const BUTTONS_PER_ROW: usize = 5;
const ID_LENGTH: usize = 100;

/// One row's worth of choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    Buttons(Vec<Choice>),
    Select {
        placeholder: String,
        options: Vec<Choice>,
        default: Option<String>,
    },
}

/// What a component asks for, decoded from its custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Pick(String),
    Type(String),
    Page(String),
    View(String),
    /// A key this run does not remember (the bot restarted since).
    Forgotten,
}

/// A message's choices, a row each, without repeated ids.
pub fn units(message: &Message) -> Vec<Unit> {
    let mut seen = std::collections::HashSet::new();
    let mut units = Vec::new();
    for set in &message.choices {
        let fresh: Vec<Choice> = set
            .options()
            .iter()
            .filter(|c| seen.insert(c.id.clone()))
            .cloned()
            .collect();
        match set {
            ChoiceSet::Buttons(_) => {
                for row in fresh.chunks(BUTTONS_PER_ROW) {
                    units.push(Unit::Buttons(row.to_vec()));
                }
            }
            ChoiceSet::Select {
                placeholder,
                default,
                ..
            } if !fresh.is_empty() => units.push(Unit::Select {
                placeholder: placeholder.clone(),
                options: fresh,
                default: default.clone(),
            }),
            ChoiceSet::Select { .. } => {}
        }
    }
    units
}

/// The rows for `units` and the typed-answer button; what does not fit
/// in five rows goes to a page behind a "More options" button.
pub fn rows(
    units: &[Unit],
    typed: Option<&Typed>,
    memory: &Memory,
    disabled: bool,
) -> Vec<CreateActionRow> {
    let typed_joins_last =
        matches!(units.last(), Some(Unit::Buttons(b)) if b.len() < BUTTONS_PER_ROW);
    let needed = units.len() + usize::from(typed.is_some() && !typed_joins_last);
    let (shown, rest) = if needed <= ROWS {
        (units, &[][..])
    } else {
        units.split_at(ROWS - 1)
    };
    let mut rows: Vec<CreateActionRow> = shown
        .iter()
        .enumerate()
        .map(|(n, unit)| row(n, unit, memory, disabled))
        .collect();
    let mut extra = Vec::new();
    if let Some(typed) = typed {
        extra.push(
            CreateButton::new(encode('t', &typed.prefix, memory))
                .label(short(&format!("✎ {}", typed.label), 80))
                .style(ButtonStyle::Secondary)
                .disabled(disabled),
        );
    }
    if !rest.is_empty() {
        let key = memory.key();
        lock(&memory.pages).insert(
            key.clone(),
            Page {
                units: rest.to_vec(),
                typed: typed.cloned(),
            },
        );
        extra.push(
            CreateButton::new(format!("p:{key}"))
                .label("More options")
                .style(ButtonStyle::Secondary)
                .disabled(disabled),
        );
    }
    if !extra.is_empty() {
        match (rest.is_empty() && typed_joins_last, shown.last()) {
            (true, Some(Unit::Buttons(last))) => {
                let n = shown.len() - 1;
                let mut buttons = buttons(last, memory, disabled);
                buttons.extend(extra);
                rows[n] = CreateActionRow::Buttons(buttons);
            }
            _ => rows.push(CreateActionRow::Buttons(extra)),
        }
    }
    rows
}

fn row(n: usize, unit: &Unit, memory: &Memory, disabled: bool) -> CreateActionRow {
    match unit {
        Unit::Buttons(choices) => CreateActionRow::Buttons(buttons(choices, memory, disabled)),
        Unit::Select {
            placeholder,
            options,
            default,
        } => {
            let options = options
                .iter()
                .map(|c| {
                    CreateSelectMenuOption::new(short(&c.label, 100), encode('c', &c.id, memory))
                        .default_selection(default.as_ref() == Some(&c.id))
                })
                .collect();
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(format!("s:{n}"), CreateSelectMenuKind::String { options })
                    .placeholder(short(placeholder, 150))
                    .disabled(disabled),
            )
        }
    }
}

fn buttons(choices: &[Choice], memory: &Memory, disabled: bool) -> Vec<CreateButton> {
    choices
        .iter()
        .map(|c| {
            CreateButton::new(encode('c', &c.id, memory))
                .label(short(&c.label, 80))
                .style(ButtonStyle::Primary)
                .disabled(disabled)
        })
        .collect()
}

/// `tag:payload`, or `tag#KEY` with the payload kept in memory when it is
/// too long for a custom id.
pub fn encode(tag: char, payload: &str, memory: &Memory) -> String {
    if payload.len() + 2 <= ID_LENGTH {
        return format!("{tag}:{payload}");
    }
    let key = memory.key();
    lock(&memory.long_ids).insert(key.clone(), payload.to_string());
    format!("{tag}#{key}")
}

/// What a component's custom id (or a select menu's value) asks for.
pub fn decode(id: &str, memory: &Memory) -> Option<Action> {
    let mut chars = id.chars();
    let tag = chars.next()?;
    let sep = chars.next()?;
    let payload = chars.as_str().to_string();
    let payload = match sep {
        ':' => payload,
        '#' => match lock(&memory.long_ids).get(&payload) {
            Some(long) => long,
            None => return Some(Action::Forgotten),
        },
        _ => return None,
    };
    Some(match tag {
        'c' => Action::Pick(payload),
        't' => Action::Type(payload),
        'p' => Action::Page(payload),
        'v' => Action::View(payload),
        _ => return None,
    })
}

/// What a message's buttons are about, when it is a turn in a match
/// (ids `move #12@4 ...`): `move #12`. A newer message on the same topic
/// in a channel makes the older one's buttons stale.
pub fn topic(message: &Message) -> Option<String> {
    let id = message
        .typed
        .as_ref()
        .map(|t| t.prefix.clone())
        .or_else(|| {
            message
                .choices
                .first()?
                .options()
                .first()
                .map(|c| c.id.clone())
        })?;
    let (topic, _) = id.split_once('@')?;
    topic.starts_with(['m', 'p']).then(|| topic.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_commands::Destination;
    use redscience_storage::ChatId;

    fn message(sets: Vec<ChoiceSet>) -> Message {
        let mut m = Message::new(Destination::Private(ChatId::discord("1")), "pick");
        for set in sets {
            m = m.with_choices(set);
        }
        m
    }

    fn choices(n: usize, prefix: &str) -> Vec<Choice> {
        (0..n)
            .map(|i| Choice::new(format!("{prefix}{i}"), format!("option {i}")))
            .collect()
    }

    fn json(rows: &[CreateActionRow]) -> Vec<serde_json::Value> {
        rows.iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect()
    }

    #[test]
    fn nine_cells_are_two_rows_of_buttons_and_the_typed_button_joins_the_last() {
        let memory = Memory::default();
        let mut m = message(vec![ChoiceSet::Buttons(choices(9, "move #1@0 "))]);
        m = m.with_typed("Type your move", "move #1@0 ");
        let rows = json(&rows(&units(&m), m.typed.as_ref(), &memory, false));
        assert_eq!(rows.len(), 2);
        let second = rows[1]["components"].as_array().unwrap();
        assert_eq!(second.len(), 5);
        assert_eq!(second[4]["custom_id"], "t:move #1@0 ");
        assert_eq!(rows[0]["components"][0]["custom_id"], "c:move #1@0 0");
        assert_eq!(topic(&m).as_deref(), Some("move #1"));
    }

    #[test]
    fn more_than_five_rows_page_and_the_page_remembers_the_rest() {
        let memory = Memory::default();
        let m = message(vec![ChoiceSet::Select {
            placeholder: "cells".into(),
            options: choices(200, "x"),
            default: None,
        }]);
        let all = units(&m);
        assert_eq!(all.len(), 8);
        let rows = json(&rows(&all, None, &memory, false));
        assert_eq!(rows.len(), 5);
        let more = &rows[4]["components"][0];
        assert_eq!(more["label"], "More options");
        let Some(Action::Page(key)) = decode(more["custom_id"].as_str().unwrap(), &memory) else {
            panic!("{more}")
        };
        let page = lock(&memory.pages).get(&key).unwrap();
        assert_eq!(page.units.len(), 4);
        assert_eq!(page.units[0], all[4]);
    }

    #[test]
    fn long_ids_are_kept_in_memory_and_unknown_keys_are_forgotten() {
        let memory = Memory::default();
        let long = "x".repeat(150);
        let id = encode('c', &long, &memory);
        assert!(id.len() <= 100);
        assert_eq!(decode(&id, &memory), Some(Action::Pick(long)));
        assert_eq!(decode("c#nothing", &memory), Some(Action::Forgotten));
        assert_eq!(decode("zz", &memory), None);
        let disabled = json(&rows(
            &[Unit::Buttons(choices(2, "a"))],
            None,
            &memory,
            true,
        ));
        assert_eq!(disabled[0]["components"][1]["disabled"], true);
    }
}

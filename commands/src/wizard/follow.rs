//! Defaults follow the board: when an answer changes the board (its kind,
//! dimensions or number of boards) or the seats, the values the person never
//! set themselves and that still hold the old board's defaults move with it:
//! reserves that filled the old board fill the new one, and in-a-row lengths
//! that were the old board's suggestion become the new board's. Every change
//! is said in the next message.

use std::collections::BTreeSet;

use redscience_engine::RuleSet;
use redscience_engine::rules::{BoardKind, Measure, Shape, StalemateRule, TurnCheck};
use redscience_engine::validate::longest_line;

use super::dependent::{colors_in_play, fill};
use super::input::and_list;

/// What the person set themselves in this wizard; those values never move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct SetByPerson {
    /// Shapes whose reserves were answered.
    pub reserves: BTreeSet<Shape>,
    /// The turn checks were answered.
    pub checks: bool,
    /// The stalemate rules were answered.
    pub stalemate: bool,
}

/// The in-a-row length suggested for a board: the longest line up to 4
/// (3 on Tic-Tac-Toe's 3x3, 4 on Qubic's 4x4x4), 4 up to 9 (Connect4's 7
/// columns, 4on7sq), 5 up to 15 (5on15sq), else 6 (Connect6 on 19x19).
/// None when no line of 2 fits.
pub(super) fn suggested_length(rules: &RuleSet) -> Option<u8> {
    let longest = longest_line(rules);
    let length = match longest {
        0 | 1 => return None,
        2..=4 => longest,
        5..=9 => 4,
        10..=15 => 5,
        _ => 6,
    };
    Some(length)
}

/// "AxBxC".
pub(super) fn size(rules: &RuleSet) -> String {
    let [x, y, z] = rules.dimensions;
    format!("{x}x{y}x{z}")
}

fn board_changed(before: &RuleSet, after: &RuleSet) -> bool {
    before.board != after.board
        || before.dimensions != after.dimensions
        || before.boards != after.boards
}

fn seats_changed(before: &RuleSet, after: &RuleSet) -> bool {
    before.players != after.players
        || before.colors != after.colors
        || before.chaos_color != after.chaos_color
}

/// Moves the defaults of `after` with its board and seats, comparing with
/// `before`, and returns what changed in words.
pub(super) fn follow(before: &RuleSet, after: &mut RuleSet, set: &SetByPerson) -> Vec<String> {
    let mut notes = Vec::new();
    let board = board_changed(before, after);
    if board {
        notes.extend(board_note(before, after));
    }
    if board || seats_changed(before, after) {
        notes.extend(follow_reserves(before, after, set));
    }
    if board {
        notes.extend(follow_lengths(before, after, set));
    }
    notes
}

fn board_note(before: &RuleSet, after: &RuleSet) -> Option<String> {
    let stacks = after.board == BoardKind::Stacks;
    let [x, y, z] = after.dimensions;
    if stacks && (before.board != BoardKind::Stacks || before.dimensions[2] != z) {
        let rows = if y == 1 {
            "one row of stacks".to_string()
        } else {
            format!("{y} rows of stacks")
        };
        return Some(format!(
            "Stacks: pieces drop to the lowest free space of a column; {x} columns, {rows}, height \
             {z} (the board is {}).",
            size(after)
        ));
    }
    if before.board != after.board && before.dimensions != after.dimensions {
        return Some(format!("The board is now {}.", size(after)));
    }
    None
}

/// "21 each" or "11 black and 10 white".
fn counts_words(rules: &RuleSet, counts: &[u16]) -> String {
    if counts.windows(2).all(|w| w[0] == w[1]) {
        let n = counts.first().copied().unwrap_or(0);
        return if counts.len() == 1 {
            format!("{n} {}", colors_in_play(rules)[0].name())
        } else {
            format!("{n} each")
        };
    }
    let items: Vec<String> = colors_in_play(rules)
        .iter()
        .zip(counts)
        .map(|(c, n)| format!("{n} {}", c.name()))
        .collect();
    and_list(&items)
}

fn reserves_of(rules: &RuleSet, shape: usize) -> Vec<u16> {
    colors_in_play(rules)
        .iter()
        .map(|c| rules.shapes[shape].reserves.get(c).copied().unwrap_or(0))
        .collect()
}

fn follow_reserves(before: &RuleSet, after: &mut RuleSet, set: &SetByPerson) -> Vec<String> {
    let old_fill = fill(before);
    let new_fill = fill(after);
    let colors = colors_in_play(after);
    let mut moved = Vec::new();
    for (i, shape) in after.shapes.clone().iter().enumerate() {
        if set.reserves.contains(&shape.shape) {
            continue;
        }
        let Some(j) = before.shapes.iter().position(|s| s.shape == shape.shape) else {
            continue;
        };
        if reserves_of(before, j) != old_fill || reserves_of(after, i) == new_fill {
            continue;
        }
        for (color, n) in colors.iter().zip(&new_fill) {
            after.shapes[i].reserves.insert(*color, *n);
        }
        after.shapes[i]
            .reserves
            .retain(|c, n| colors.contains(c) || *n == 0);
        moved.push(shape.shape.plural().to_string());
    }
    if moved.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "Reserves of {} now {} to fill the {} spaces.",
        and_list(&moved),
        counts_words(after, &new_fill),
        after.space_count()
    )]
}

fn retarget(length: &mut u8, from: u8, to: u8) -> bool {
    if *length == from && from != to {
        *length = to;
        true
    } else {
        false
    }
}

fn follow_lengths(before: &RuleSet, after: &mut RuleSet, set: &SetByPerson) -> Vec<String> {
    let mut notes = Vec::new();
    let longest = longest_line(after);
    if let (Some(from), Some(to)) = (suggested_length(before), suggested_length(after)) {
        let mut moved = false;
        if !set.checks {
            for check in &mut after.turn_checks {
                if let TurnCheck::InARow { length, .. }
                | TurnCheck::AllLoseIfInARow { length, .. } = check
                {
                    moved |= retarget(length, from, to);
                }
            }
            dedup(&mut after.turn_checks);
        }
        if !set.stalemate {
            for rule in &mut after.stalemate {
                match rule {
                    StalemateRule::LastInARow { length, .. } => moved |= retarget(length, from, to),
                    StalemateRule::Most { of, .. }
                    | StalemateRule::Least { of, .. }
                    | StalemateRule::MoreThanChaos { of, .. }
                    | StalemateRule::LessThanChaos { of, .. }
                    | StalemateRule::Any { of, .. } => {
                        if let Measure::Lines { length, .. } = of {
                            moved |= retarget(length, from, to);
                        }
                    }
                    _ => {}
                }
            }
            dedup(&mut after.stalemate);
        }
        if moved {
            notes.push(format!(
                "In a row now {to}, to fit the board (its longest line is {longest}): {}.",
                lines_words(after)
            ));
        }
    }
    let too_long: Vec<String> = after
        .turn_checks
        .iter()
        .filter(|c| {
            matches!(c, TurnCheck::InARow { length, .. } | TurnCheck::AllLoseIfInARow { length, .. }
                if *length > longest)
        })
        .map(redscience_engine::describe::turn_check_words)
        .collect();
    if !too_long.is_empty() {
        notes.push(format!(
            "{} no longer fits: the longest line on {} is {longest}; change the turn checks \
             (edit_outcome at the review).",
            and_list(&too_long),
            size(after)
        ));
    }
    notes
}

fn lines_words(rules: &RuleSet) -> String {
    let items: Vec<String> = rules
        .turn_checks
        .iter()
        .filter(|c| {
            matches!(
                c,
                TurnCheck::InARow { .. } | TurnCheck::AllLoseIfInARow { .. }
            )
        })
        .map(redscience_engine::describe::turn_check_words)
        .collect();
    if items.is_empty() {
        "the stalemate rules count the new length".into()
    } else {
        and_list(&items)
    }
}

fn dedup<T: PartialEq>(list: &mut Vec<T>) {
    let mut i = 0;
    while i < list.len() {
        if list[..i].contains(&list[i]) {
            list.remove(i);
        } else {
            i += 1;
        }
    }
}

//! Reading answers: choices, numbers, and lists of spaces and seats.
//!
//! Answers are forgiving about case, spaces and punctuation ("2 vs Chaos",
//! "two_vs_chaos" and "TWO-VS-CHAOS" are one answer) and strict about
//! meaning: anything not understood is refused with what would be accepted.

use std::ops::RangeInclusive;

use redscience_engine::rules::{Players, SeatRef, SpaceRef};

use crate::reply::{Choice, ChoiceSet, MAX_CHOICES};

/// Lower case, every run of other characters one '_', none at either end:
/// the form answers, choice ids and labels are compared in.
pub(super) fn normalize(text: &str) -> String {
    let mut out = String::new();
    for c in text.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// One option of a step: its value, the id a choice sends, the label a person
/// sees, and other words typed for it.
#[derive(Clone, Debug)]
pub(super) struct Opt<T> {
    pub value: T,
    pub id: String,
    pub label: String,
    pub aliases: Vec<String>,
}

impl<T: Clone> Opt<T> {
    pub fn new(value: T, id: impl Into<String>, label: impl Into<String>) -> Opt<T> {
        Opt {
            value,
            id: id.into(),
            label: label.into(),
            aliases: Vec::new(),
        }
    }

    pub fn alias(mut self, word: &str) -> Opt<T> {
        self.aliases.push(word.to_string());
        self
    }

    pub fn choice(&self) -> Choice {
        Choice::new(self.id.clone(), self.label.clone())
    }

    fn matches(&self, answer: &str) -> bool {
        normalize(&self.id) == answer
            || normalize(&self.label) == answer
            || self.aliases.iter().any(|a| normalize(a) == answer)
    }
}

/// The value of the option the answer names.
pub(super) fn pick<T: Clone>(input: &str, opts: &[Opt<T>]) -> Result<T, String> {
    let answer = normalize(input);
    opts.iter()
        .find(|o| !answer.is_empty() && o.matches(&answer))
        .map(|o| o.value.clone())
        .ok_or_else(|| not_offered(input, opts))
}

/// "a (A), b (B) or c (C)".
pub(super) fn accepted<T>(opts: &[Opt<T>]) -> String {
    let items: Vec<String> = opts
        .iter()
        .map(|o| {
            if normalize(&o.id) == normalize(&o.label) {
                o.id.clone()
            } else {
                format!("{} ({})", o.id, o.label)
            }
        })
        .collect();
    or_list(&items)
}

pub(super) fn not_offered<T>(input: &str, opts: &[Opt<T>]) -> String {
    let input = input.trim();
    if input.is_empty() {
        format!("the answer is empty; answer {}", accepted(opts))
    } else {
        format!(
            "\"{input}\" is not a choice here; answer {}",
            accepted(opts)
        )
    }
}

pub(super) use crate::words::or_list;

/// "a", "a and b", "a, b and c".
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::from("none"),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "1 board", "3 boards".
pub(super) fn counted(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Options as sets of buttons, at most [`MAX_CHOICES`] to a set.
pub(super) fn buttons<T: Clone>(opts: &[Opt<T>]) -> Vec<ChoiceSet> {
    opts.chunks(MAX_CHOICES)
        .map(|chunk| ChoiceSet::Buttons(chunk.iter().map(Opt::choice).collect()))
        .collect()
}

/// Options as drop-down lists, at most [`MAX_CHOICES`] to a list.
pub(super) fn select<T: Clone>(
    placeholder: &str,
    opts: &[Opt<T>],
    default: Option<String>,
) -> Vec<ChoiceSet> {
    opts.chunks(MAX_CHOICES)
        .map(|chunk| ChoiceSet::Select {
            placeholder: placeholder.to_string(),
            options: chunk.iter().map(Opt::choice).collect(),
            default: default.clone().filter(|d| chunk.iter().any(|o| &o.id == d)),
        })
        .collect()
}

/// The name a value has in rule-set files, e.g. "two_vs_chaos".
pub(super) fn file_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::from("?"),
    }
}

/// A whole number in `range`.
pub(super) fn number(input: &str, range: RangeInclusive<u32>, what: &str) -> Result<u32, String> {
    let accepted = if range.start() == range.end() {
        format!("the only {what} possible here is {}", range.start())
    } else {
        format!(
            "answer a whole number from {} to {}, e.g. {}",
            range.start(),
            range.end(),
            range.start() + (range.end() - range.start()) / 2
        )
    };
    let t = input.trim();
    match t.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(n) => Err(format!("{n} is out of range for the {what}; {accepted}")),
        Err(_) => Err(format!("\"{t}\" is not a number; {accepted}")),
    }
}

/// How spaces are written, for prompts and errors.
pub(super) const SPACES_HELP: &str = "spaces like \"2,3\" or \"(2,3,1)\", several separated by spaces \
     (\"1,1 3,3\"), \"b3\" for column b row 3, \"3\" for a whole stack or column, \"*,2\" for a whole row, \
     \"2:1,1\" for board 2, \"all\", or \"none\"";

/// A list of spaces, "none" or "all".
pub(super) fn spaces(input: &str) -> Result<Vec<SpaceRef>, String> {
    let t = input.trim();
    if t.is_empty() {
        return Err(format!("the answer is empty; write {SPACES_HELP}"));
    }
    if matches!(normalize(t).as_str(), "none" | "nothing" | "no") {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for token in space_tokens(t) {
        let text = algebraic(&token).unwrap_or_else(|| token.clone());
        let r = SpaceRef::parse(&text)
            .map_err(|_| format!("\"{token}\" is not a space; write {SPACES_HELP}"))?;
        if !out.contains(&r) {
            out.push(r);
        }
    }
    Ok(out)
}

/// The space written at the start of `line`, and the text after it:
/// "2, 2 the centre" is 2,2 and "the centre". The longest run of words that
/// reads as one space wins, so "(2, 2)" is one space, not "(2,".
pub(super) fn leading_space(line: &str) -> Option<(SpaceRef, &str)> {
    let line = line.trim();
    let word_ends: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| c.is_whitespace())
        .map(|(i, _)| i)
        .chain(std::iter::once(line.len()))
        .collect();
    word_ends.into_iter().rev().find_map(|end| {
        let tokens = space_tokens(&line[..end]);
        let [token] = tokens.as_slice() else {
            return None;
        };
        let text = algebraic(token).unwrap_or_else(|| token.clone());
        let at = SpaceRef::parse(&text).ok()?;
        Some((at, line[end..].trim()))
    })
}

/// Splits "1,1 (2, 2) 2:3,3; b3" into one text per space: whitespace and ';'
/// separate spaces except inside parentheses or next to a comma.
fn space_tokens(text: &str) -> Vec<String> {
    let mut raw: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                current.push(c);
            }
            c if depth == 0 && (c.is_whitespace() || c == ';') => {
                if !current.is_empty() {
                    raw.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        raw.push(current);
    }
    // "2, 3" and "2 ,3" are one space.
    let mut tokens: Vec<String> = Vec::new();
    for token in raw {
        match tokens.last_mut() {
            Some(last) if last.ends_with(',') || token.starts_with(',') => last.push_str(&token),
            Some(last) if last.ends_with(':') => last.push_str(&token),
            _ => tokens.push(token),
        }
    }
    tokens
}

/// "b3" → "2,3" and "2:b3" → "2:2,3" (column letter, row number).
fn algebraic(token: &str) -> Option<String> {
    let (board, cell) = match token.split_once(':') {
        Some((b, cell)) => (format!("{}:", b.trim()), cell.trim()),
        None => (String::new(), token.trim()),
    };
    let mut chars = cell.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let row: String = chars.collect();
    if !('a'..='s').contains(&letter)
        || row.is_empty()
        || row.len() > 2
        || !row.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let column = u32::from(letter) - u32::from('a') + 1;
    Some(format!("{board}{column},{row}"))
}

/// Every seat of the game, Chaos last.
pub(super) fn all_seats(players: Players) -> Vec<SeatRef> {
    let mut seats: Vec<SeatRef> = (1..=players.player_seats() as u8)
        .map(SeatRef::Player)
        .collect();
    if players.has_chaos() {
        seats.push(SeatRef::Chaos);
    }
    seats
}

/// How seats are written, for prompts and errors.
pub(super) fn seats_help(players: Players) -> String {
    let seats: Vec<String> = all_seats(players).iter().map(|s| s.to_string()).collect();
    format!(
        "seat numbers or \"chaos\" separated by spaces or commas (this game has {})",
        or_list(&seats)
    )
}

/// A list of seats of this game; "none" is the empty list.
pub(super) fn seats(input: &str, players: Players) -> Result<Vec<SeatRef>, String> {
    let t = input.trim();
    if matches!(normalize(t).as_str(), "none" | "nobody" | "no") {
        return Ok(Vec::new());
    }
    let all = all_seats(players);
    let mut out = Vec::new();
    for word in t
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
    {
        let seat = SeatRef::parse(word)
            .ok()
            .filter(|s| all.contains(s))
            .ok_or_else(|| {
                format!(
                    "\"{word}\" is not a seat of {}; write {}",
                    players.words(),
                    seats_help(players)
                )
            })?;
        if !out.contains(&seat) {
            out.push(seat);
        }
    }
    if out.is_empty() {
        return Err(format!(
            "the answer is empty; write {}, or \"none\"",
            seats_help(players)
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_compare_without_case_or_punctuation() {
        assert_eq!(normalize("  2 vs Chaos "), "2_vs_chaos");
        assert_eq!(normalize("Two-VS-chaos"), "two_vs_chaos");
        assert_eq!(normalize("(no diagonal)"), "no_diagonal");
    }

    #[test]
    fn spaces_read_in_every_written_form() {
        let got = spaces("1,1 (2, 2) 2:3,3; b3 3 2 , 1").unwrap();
        let shown: Vec<String> = got.iter().map(|r| r.to_string()).collect();
        assert_eq!(shown, ["1,1", "2,2", "2:3,3", "2,3", "3", "2,1"]);
        assert_eq!(spaces("all").unwrap(), vec![SpaceRef::ALL]);
        assert!(spaces("none").unwrap().is_empty());
        let err = spaces("1,1 x,y").unwrap_err();
        assert!(err.contains("\"x,y\" is not a space"), "{err}");
        assert!(err.contains("\"2,3\""), "{err}");
    }

    #[test]
    fn a_line_starts_with_one_space_in_any_written_form() {
        let read = |line| leading_space(line).map(|(at, rest)| (at.to_string(), rest));
        assert_eq!(read("5 the pot"), Some(("5".into(), "the pot")));
        assert_eq!(
            read("(2, 2) the centre"),
            Some(("2,2".into(), "the centre"))
        );
        assert_eq!(
            read("2, 2  the centre "),
            Some(("2,2".into(), "the centre"))
        );
        assert_eq!(read("b3 the corner"), Some(("2,3".into(), "the corner")));
        assert_eq!(read("2:1,1 home"), Some(("2:1,1".into(), "home")));
        // A second space is part of the name, not a second space.
        assert_eq!(read("1,1 3,3"), Some(("1,1".into(), "3,3")));
        assert_eq!(read("7"), Some(("7".into(), "")));
        assert_eq!(read("the pot 5"), None);
        assert_eq!(read(""), None);
    }

    #[test]
    fn seats_are_numbers_of_this_game_or_chaos() {
        let got = seats("1, chaos and 2", Players::TwoVsChaos).unwrap();
        assert_eq!(
            got,
            [SeatRef::Player(1), SeatRef::Chaos, SeatRef::Player(2)]
        );
        let err = seats("3", Players::Two).unwrap_err();
        assert!(err.contains("1 or 2"), "{err}");
        assert!(seats("chaos", Players::Two).is_err());
    }

    #[test]
    fn numbers_out_of_range_say_the_range() {
        assert_eq!(number(" 7 ", 1..=19, "width"), Ok(7));
        let err = number("20", 1..=19, "width").unwrap_err();
        assert!(err.contains("from 1 to 19"), "{err}");
        let err = number("seven", 1..=19, "width").unwrap_err();
        assert!(err.contains("not a number"), "{err}");
    }
}

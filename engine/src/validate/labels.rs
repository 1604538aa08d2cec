//! Labels: short, printable, and never mistaken for something else a
//! person types (a colour, a shape, a command word, a cell).

use std::collections::BTreeSet;

use crate::RuleSet;
use crate::rules::{Color, HOW_TO_PLAY_MAX, LABEL_MAX, Shape};

use super::Report;
use super::spaces::Extent;

/// Characters no label may hold: chat formatting (`*_~|` and code marks),
/// mentions (`@`, `<`, `>`), and what typed moves are made of (`+`, `:`,
/// `,`, `=`), so a label typed in place of a shape reads as one.
const FORBIDDEN: &str = "`*_~|@<>\\";
const MOVE_MARKS: &str = "+:,=()";

/// Words that already mean something in a move.
const MOVE_WORDS: [&str; 8] = [
    "pass", "p", "draw", "offer", "agree", "accept", "refuse", "decline",
];

pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    let labels = &rules.labels;
    if labels.is_empty() {
        return;
    }
    if rules.schema_version < 2 {
        report.add(
            "labels",
            "labels need schema_version 2; write \"schema_version\": 2 at the top of the file",
        );
    }
    if let Some(text) = &labels.how_to_play {
        check_text(text, HOW_TO_PLAY_MAX, "labels.how_to_play", report);
    }
    let mut seen = BTreeSet::new();
    for (shape, label) in &labels.shapes {
        let field = format!("labels.shapes.{}", shape_key(*shape));
        if rules.shape_rules(*shape).is_none() {
            report.add(
                &field,
                format!(
                    "the {} is not in play in this game; label only the shapes it has",
                    shape.name()
                ),
            );
        }
        if !check_text(label, LABEL_MAX, &field, report) {
            continue;
        }
        check_shape_label(label, &field, report);
        if !seen.insert(label.to_lowercase()) {
            report.add(
                &field,
                format!("\"{label}\" labels another shape too; give each shape its own label"),
            );
        }
    }
    let extent = Extent::of(rules);
    for (i, space) in labels.spaces.iter().enumerate() {
        let field = format!("labels.spaces[{i}]");
        if let Some(message) = extent.problem(&space.at) {
            report.add(format!("{field}.at"), message);
        }
        check_text(&space.label, LABEL_MAX, &format!("{field}.label"), report);
    }
    if labels.phases.len() > rules.phases.len() {
        report.add(
            "labels.phases",
            format!(
                "{} phase names for {} phases; give at most one name per phase",
                labels.phases.len(),
                rules.phases.len()
            ),
        );
    }
    for (i, name) in labels.phases.iter().enumerate() {
        check_text(name, LABEL_MAX, &format!("labels.phases[{i}]"), report);
    }
}

/// The key a shape has in the file ("circle", "x").
fn shape_key(shape: Shape) -> String {
    shape.name().to_lowercase()
}

/// Length and characters. Returns whether the text is usable at all.
fn check_text(text: &str, max: usize, field: &str, report: &mut Report) -> bool {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        report.add(
            field,
            "the label is empty; leave it out, or give 1 or more characters",
        );
        return false;
    }
    let mut ok = true;
    let length = text.chars().count();
    if length > max {
        report.add(
            field,
            format!("{length} characters; at most {max} are accepted"),
        );
        ok = false;
    }
    if trimmed.len() != text.len() {
        report.add(field, "starts or ends with a space; remove it");
        ok = false;
    }
    if let Some(c) = text
        .chars()
        .find(|c| c.is_control() || FORBIDDEN.contains(*c))
    {
        let shown = if c.is_control() {
            "a line break or control character".to_string()
        } else {
            format!("'{c}'")
        };
        report.add(
            field,
            format!(
                "{shown} is not accepted in a label (no line breaks, and none of {FORBIDDEN}); \
                 use letters, digits, spaces and everyday punctuation, e.g. \"the pot\""
            ),
        );
        ok = false;
    }
    ok
}

/// A shape label is typed in place of the shape's name, so it must read
/// as nothing else: not a colour, another shape, a move word or a cell.
fn check_shape_label(label: &str, field: &str, report: &mut Report) {
    let lower = label.to_lowercase();
    let clash = if let Some(c) = label.chars().find(|c| MOVE_MARKS.contains(*c) || *c == '-') {
        Some(format!("'{c}' belongs to typed moves"))
    } else if label.chars().any(|c| c.is_ascii_digit()) {
        Some("digits belong to cells".to_string())
    } else if lower
        .split_whitespace()
        .any(|w| Color::parse(w).is_some() || Shape::parse(w).is_some())
    {
        Some("a colour or shape name in it would be read as that colour or shape".to_string())
    } else if MOVE_WORDS.contains(&lower.as_str()) {
        Some(format!("\"{label}\" is a word typed for moves"))
    } else {
        None
    };
    if let Some(why) = clash {
        report.add(
            field,
            format!(
                "\"{label}\" cannot label a shape: {why}. Use a word or two of letters, \
                 e.g. \"rock\" or \"stay silent\""
            ),
        );
    }
}

//! Labels: what a game's things mean, in its own words. A circle may be
//! "rock", a stack "the pot", a phase "Hunt". Labels are words, not rules:
//! optional, left out of the fingerprint like the name, and never changing
//! how a game plays.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Shape, SpaceRef};

/// The most characters of a shape, space or phase label.
pub const LABEL_MAX: usize = 24;
/// The most characters of the how-to-play paragraph.
pub const HOW_TO_PLAY_MAX: usize = 700;

/// What the things of a game stand for. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Labels {
    /// A short paragraph for a newcomer: what the game is about and what
    /// each choice means (at most 700 characters, one paragraph).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub how_to_play: Option<String>,
    /// What each shape stands for, e.g. {"circle": "rock"}. A label can be
    /// typed in place of the shape's name ("rock 1").
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub shapes: BTreeMap<Shape, String>,
    /// Names of spaces or whole stacks, e.g. [{"at": "5", "label": "the pot"}].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spaces: Vec<SpaceLabel>,
    /// Names of the phases, in order, e.g. ["Hunt", "Chaos"]; there may be
    /// fewer names than phases.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<String>,
}

/// A name for a space, or on stacks for a whole stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceLabel {
    pub at: SpaceRef,
    pub label: String,
}

impl Labels {
    pub fn is_empty(&self) -> bool {
        *self == Labels::default()
    }

    /// The label of a shape, if it has one.
    pub fn shape(&self, shape: Shape) -> Option<&str> {
        self.shapes.get(&shape).map(String::as_str)
    }

    /// The name of phase `index` (0-based), if it has one.
    pub fn phase(&self, index: usize) -> Option<&str> {
        self.phases.get(index).map(String::as_str)
    }

    /// The shape a typed word or phrase names by its label (any case).
    pub fn shape_named(&self, words: &str) -> Option<Shape> {
        let words = words.trim();
        self.shapes
            .iter()
            .find(|(_, label)| label.eq_ignore_ascii_case(words))
            .map(|(shape, _)| *shape)
    }

    /// The shape's words for a person: "rock (circle)" where it has a
    /// label, else its name.
    pub fn shape_words(&self, shape: Shape) -> String {
        match self.shape(shape) {
            Some(label) => format!("{label} ({})", shape.name()),
            None => shape.name().to_string(),
        }
    }

    /// "Phase 2 (Hunt)" where the phase has a name, else "Phase 2".
    pub fn phase_words(&self, index: usize) -> String {
        match self.phase(index) {
            Some(name) => format!("Phase {} ({name})", index + 1),
            None => format!("Phase {}", index + 1),
        }
    }

    /// Typed text with every shape label replaced by its shape's name, so
    /// "rock 1" reads as "circle 1". Longer labels go first, so that one
    /// label inside another ("hare" in "big hare") cannot split it.
    pub fn unlabel(&self, text: &str) -> String {
        let mut labels: Vec<(&String, Shape)> = self.shapes.iter().map(|(s, l)| (l, *s)).collect();
        labels.sort_by_key(|(l, _)| std::cmp::Reverse(l.chars().count()));
        let mut out = text.to_string();
        for (label, shape) in labels {
            out = replace_phrase(&out, label, shape.name());
        }
        out
    }
}

/// Replaces each whole-word, case-insensitive occurrence of `phrase`.
fn replace_phrase(text: &str, phrase: &str, with: &str) -> String {
    let lower = text.to_lowercase();
    let needle = phrase.to_lowercase();
    // Lowercasing may change lengths outside ASCII: then match nothing
    // rather than cut a character in two.
    if needle.is_empty() || lower.len() != text.len() {
        return text.to_string();
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    let mut from = 0;
    while let Some(found) = lower[from..].find(&needle) {
        let start = from + found;
        let end = start + needle.len();
        let before = lower[..start].chars().next_back();
        let after = lower[end..].chars().next();
        if !word(before) && !word(after) {
            out.push_str(&text[rest..start]);
            out.push_str(with);
            rest = end;
        }
        from = end;
    }
    out.push_str(&text[rest..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rps() -> Labels {
        Labels {
            shapes: BTreeMap::from([
                (Shape::Circle, "rock".to_string()),
                (Shape::Pentagon, "scissors".to_string()),
                (Shape::X, "paper".to_string()),
            ]),
            phases: vec!["Throw".to_string()],
            ..Labels::default()
        }
    }

    #[test]
    fn labels_read_as_their_shapes_in_typed_text() {
        let labels = rps();
        assert_eq!(labels.unlabel("Rock 1"), "circle 1");
        assert_eq!(labels.unlabel("plan paper 1,1"), "plan X 1,1");
        // Only whole words: "rocky" is not "rock".
        assert_eq!(labels.unlabel("rocky 1"), "rocky 1");
        assert_eq!(labels.shape_named("SCISSORS"), Some(Shape::Pentagon));
        assert_eq!(labels.shape_named("stone"), None);
    }

    #[test]
    fn a_longer_label_wins_over_one_inside_it() {
        let labels = Labels {
            shapes: BTreeMap::from([
                (Shape::Circle, "hare".to_string()),
                (Shape::X, "big hare".to_string()),
            ]),
            ..Labels::default()
        };
        assert_eq!(labels.unlabel("big hare 2"), "X 2");
        assert_eq!(labels.unlabel("hare 2"), "circle 2");
    }

    #[test]
    fn words_name_the_label_and_the_shape() {
        let labels = rps();
        assert_eq!(labels.shape_words(Shape::Circle), "rock (circle)");
        assert_eq!(labels.shape_words(Shape::Star), "star");
        assert_eq!(labels.phase_words(0), "Phase 1 (Throw)");
        assert_eq!(labels.phase_words(1), "Phase 2");
    }
}

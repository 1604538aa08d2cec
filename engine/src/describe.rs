//! The rules in the spec's words.
use crate::RuleSet;

/// One line per rule, e.g. "Played on a hash (3, 3)".
pub fn describe(_rules: &RuleSet) -> Vec<String> {
    Vec::new()
}

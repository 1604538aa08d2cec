//! Fingerprints: two rule sets that differ only by name are the same game.
use crate::RuleSet;

/// A hex digest of the canonical form without the name.
pub fn fingerprint(_rules: &RuleSet) -> String {
    String::new()
}

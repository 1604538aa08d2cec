//! Validation of a rule set: every problem at once.
use crate::{Problem, RuleSet};

/// Every problem with the rule set, or Ok.
pub fn validate(_rules: &RuleSet) -> Result<(), Vec<Problem>> {
    Ok(())
}

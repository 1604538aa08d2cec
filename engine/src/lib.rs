//! The redscience game engine: the rule-set model, its validation, compiled
//! board geometry, game state and moves, outcomes, and the built-in catalogue.
//!
//! Pure and deterministic: no I/O, no clock, and randomness only through an
//! RNG passed in.

pub mod rules;

use std::fmt;

pub use rules::RuleSet;

/// One thing wrong with a rule set or a file: the field it is in, and a
/// sentence that says what was wrong and what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub message: String,
}

impl Problem {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

pub mod catalogue;
pub mod describe;
pub mod fingerprint;
pub mod validate;

pub use describe::describe;
pub use fingerprint::fingerprint;
pub use validate::validate;

pub mod game;
pub mod geometry;
pub mod notation;
pub mod perft;
pub mod poker;
pub mod random;
pub mod text;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use game::{Chances, Game, GameState, Move, Outcome, SeatResult, State};

//! The tactical suite of issue 24: positions from random play across the
//! catalogue, each labelled by exhaustive short search ([`label`]), and a
//! check that the search ([`crate::search`]) obeys every label's rule
//! ([`suite`]). The labeller is independent of `crate`: it plays whole
//! turns on the game interface alone, so it can judge the search.

mod solver;

pub mod label;
pub mod suite;

pub use label::{Budget, Label, Labelled, Unlabelled, label, obeys};
pub use suite::{
    Checked, GameTally, Miss, Options, Position, Suite, check, check_position, eligible_games,
    generate,
};

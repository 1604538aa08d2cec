//! Per cell, the flags of the piece there: whether it moved, whether it is
//! paralysed, which seats know it under cloaking. They move with the piece.
//!
//! Only some rules read them (en passant, castling, paralysis, cloaking);
//! a game without those keeps none, and every write is then dropped and
//! every read is 0. That spares each state of such a game a byte a cell.

use std::ops::Index;

use crate::rules::{CaptureResult, Cloaking, TurnCheck};

use super::Game;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flags(Box<[u8]>);

/// Every flag of a cell not kept.
static NONE: u8 = 0;

impl Flags {
    /// A cell's flags for each of `cells` cells where `game` reads them,
    /// else none.
    pub(crate) fn new(game: &Game, cells: usize) -> Flags {
        match kept_by(game) {
            true => Flags(vec![0; cells].into()),
            false => Flags::default(),
        }
    }

    #[inline]
    pub(crate) fn set(&mut self, cell: usize, flags: u8) {
        if let Some(kept) = self.0.get_mut(cell) {
            *kept = flags;
        }
    }

    /// Adds `flags` to the cell's.
    #[inline]
    pub(crate) fn add(&mut self, cell: usize, flags: u8) {
        if let Some(kept) = self.0.get_mut(cell) {
            *kept |= flags;
        }
    }

    /// The cell's flags, leaving it none.
    #[inline]
    pub(crate) fn take(&mut self, cell: usize) -> u8 {
        self.0.get_mut(cell).map_or(0, std::mem::take)
    }

    /// Keeps as many cells' flags as `like` does, whatever they hold: for
    /// a copy whose flags nothing reads.
    pub(crate) fn fit(&mut self, like: &Flags) {
        if self.0.len() != like.0.len() {
            self.0 = vec![0; like.0.len()].into();
        }
    }

    /// Makes these flags `source`'s, reusing the memory.
    pub(crate) fn copy_from(&mut self, source: &Flags) {
        super::board::copy_into_boxed(&mut self.0, &source.0);
    }
}

/// The flags of cell `i` (0 where none are kept).
impl Index<usize> for Flags {
    type Output = u8;

    #[inline]
    fn index(&self, cell: usize) -> &u8 {
        self.0.get(cell).unwrap_or(&NONE)
    }
}

/// Whether some rule of `game` reads a piece's flags.
fn kept_by(game: &Game) -> bool {
    let rules = &game.rules;
    rules.cloaking != Cloaking::None
        || (rules.turn_checks.iter()).any(|c| matches!(c, TurnCheck::EnPassant | TurnCheck::Castle))
        || (game.pieces.powers.iter().flatten()).any(|p| p.result == CaptureResult::Paralyze)
}

//! One move of a turn.

use crate::rules::{Color, Shape};

/// A single move; a turn is one or two of these (pieces per turn), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pass,
    OfferDraw,
    AgreeDraw,
    RefuseDraw,
    /// A piece from reserves to a cell (on stacks, the cell it lands on).
    Place {
        color: Color,
        shape: Shape,
        to: u16,
    },
    /// A placed piece from one cell to another (on stacks, where it lands;
    /// by-stack moves carry the pieces above along).
    Step {
        from: u16,
        to: u16,
    },
    /// A step that brings a piece that cannot move backwards to its goal,
    /// where it becomes `shape` (a shape that can move backwards).
    Promote {
        from: u16,
        to: u16,
        shape: Shape,
    },
    /// The die's roll at the start of a turn, a chance outcome (face 1 to
    /// the die's faces): it decides which shape moves or how far.
    Roll {
        face: u8,
    },
}

impl Move {
    /// `moves` without a draw offer, which the engine lists last when it
    /// lists one (see `State::other_moves`).
    #[inline]
    pub(crate) fn but_offer(moves: &[Move]) -> &[Move] {
        let rest = match moves.split_last() {
            Some((Move::OfferDraw, rest)) => rest,
            _ => moves,
        };
        debug_assert!(!rest.contains(&Move::OfferDraw), "an offer is listed last");
        rest
    }

    /// Moves on the board, as opposed to passes and draw talk.
    pub fn is_board_move(self) -> bool {
        matches!(
            self,
            Move::Place { .. } | Move::Step { .. } | Move::Promote { .. }
        )
    }

    /// Where a movement starts and ends (steps and promotions).
    pub fn from_to(self) -> Option<(u16, u16)> {
        match self {
            Move::Step { from, to } | Move::Promote { from, to, .. } => Some((from, to)),
            _ => None,
        }
    }

    pub fn is_draw_talk(self) -> bool {
        matches!(self, Move::OfferDraw | Move::AgreeDraw | Move::RefuseDraw)
    }
}

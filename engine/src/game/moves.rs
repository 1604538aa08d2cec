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
}

impl Move {
    /// Moves on the board, as opposed to passes and draw talk.
    pub fn is_board_move(self) -> bool {
        matches!(self, Move::Place { .. } | Move::Step { .. })
    }

    pub fn is_draw_talk(self) -> bool {
        matches!(self, Move::OfferDraw | Move::AgreeDraw | Move::RefuseDraw)
    }
}

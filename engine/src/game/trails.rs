//! Trails (ours, issue 23): a moving piece whose shape has a trail leaves a
//! wall, or a piece from its colour's reserve, on the space it left.

use super::{Game, State, pack};
use crate::rules::{Color, Shape, Trail};

/// The walls that moves have left, and with them the phase's own locked
/// spaces: the mask [`State::locked_mask`] reads once there is one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LeftWalls {
    /// The spaces walled by moves, in the order they were left.
    cells: Vec<u16>,
    mask: Vec<bool>,
}

impl LeftWalls {
    pub(crate) fn mask(&self) -> &[bool] {
        &self.mask
    }

    /// Combines the walls left with the locked spaces of `phase`.
    fn rebuild(&mut self, game: &Game, phase: usize) {
        self.mask.clone_from(&game.phases[phase].locked);
        for &cell in &self.cells {
            self.mask[usize::from(cell)] = true;
        }
    }
}

impl State {
    /// Leaves the trail of `piece`, which has just moved from `from`, where
    /// its shape has one and the space is still empty.
    pub(super) fn leave_trail(&mut self, piece: (Color, Shape), from: u16) {
        let Some(trail) = self.game.rules.shape_rules(piece.1).and_then(|s| s.trail) else {
            return;
        };
        let cell = usize::from(from);
        if self.position.board[cell] != 0 || self.is_locked(from) {
            return;
        }
        match trail {
            Trail::Wall => {
                let walls = self
                    .position
                    .left_walls
                    .get_or_insert_with(Default::default);
                walls.cells.push(from);
                walls.rebuild(&self.game, usize::from(self.position.phase));
            }
            Trail::Piece(shape) => {
                if self.position.reserves.get(piece.0, shape) == 0 {
                    return;
                }
                self.position.reserves.take_one(piece.0, shape);
                self.position.board.fill(cell, pack(piece.0, shape));
                (self.position.flags).set(cell, super::known_bit(self.position.to_move()));
            }
        }
        self.position.changed.push(from);
    }

    /// Keeps the walls left in step with a new phase's locked spaces.
    pub(super) fn rebuild_left_walls(&mut self) {
        if let Some(walls) = self.position.left_walls.as_mut() {
            walls.rebuild(&self.game, usize::from(self.position.phase));
        }
    }

    /// The spaces walled by moves so far, oldest first.
    pub fn left_walls(&self) -> &[u16] {
        self.position.left_walls.as_ref().map_or(&[], |w| &w.cells)
    }
}

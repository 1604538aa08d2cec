//! The pieces on the board, with the open slots kept up to date as pieces
//! come and go: every write goes through [`Board::set`], so the slots can
//! never fall out of step with the cells.
//!
//! A slot is where a dropped piece can land as far as the pieces go: an
//! empty cell on flat boards, a stack whose top cell is empty on stacks.
//! Locks, exclusive spaces and decided boards are the rules' business and
//! are judged where moves are made. The slots are kept sorted, so the
//! placements they give come in cell order, the order of the full move list,
//! and the i-th placement is found without walking the board.

use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

use super::Cell;

/// Marks a cell that is no slot's representative (not the top of its stack).
const NO_SLOT: u16 = u16::MAX;

#[derive(Debug)]
pub(crate) struct Board {
    cells: Vec<Cell>,
    /// Open slots, sorted: cells on flat boards, stack indexes on stacks.
    open: Vec<u16>,
    /// Per cell, the slot it stands for when it changes: itself on flat
    /// boards, its stack on stacks for the top cell, else `NO_SLOT`.
    slot_of: Arc<[u16]>,
}

impl Board {
    /// A board holding `cells`, where `slot_of` says which slot each cell
    /// opens or closes (see the field).
    pub(crate) fn new(cells: Vec<Cell>, slot_of: Arc<[u16]>) -> Board {
        let mut open: Vec<u16> = cells
            .iter()
            .zip(slot_of.iter())
            .filter(|(piece, slot)| **piece == 0 && **slot != NO_SLOT)
            .map(|(_, slot)| *slot)
            .collect();
        open.sort_unstable();
        Board {
            cells,
            open,
            slot_of,
        }
    }

    /// Puts `piece` (0 for nothing) on `cell`.
    pub(crate) fn set(&mut self, cell: usize, piece: Cell) {
        let before = std::mem::replace(&mut self.cells[cell], piece);
        let slot = self.slot_of[cell];
        if slot == NO_SLOT || (before == 0) == (piece == 0) {
            return;
        }
        match (self.open.binary_search(&slot), piece == 0) {
            (Err(at), true) => self.open.insert(at, slot),
            (Ok(at), false) => {
                self.open.remove(at);
            }
            _ => {}
        }
    }

    /// The open slots, sorted.
    pub(crate) fn open(&self) -> &[u16] {
        &self.open
    }
}

/// Which slot each cell stands for: cells themselves on flat boards, on
/// stacks the stack of each top cell.
pub(crate) fn slots_of(geometry: &crate::geometry::Geometry) -> Arc<[u16]> {
    let cells = geometry.cell_count();
    if geometry.kind != crate::rules::BoardKind::Stacks {
        return (0..cells as u16).collect();
    }
    let mut slot_of = vec![NO_SLOT; cells];
    for (i, column) in geometry.columns().iter().enumerate() {
        if let Some(&top) = column.last() {
            slot_of[usize::from(top)] = i as u16;
        }
    }
    slot_of.into()
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            cells: self.cells.clone(),
            open: self.open.clone(),
            slot_of: self.slot_of.clone(),
        }
    }

    fn clone_from(&mut self, source: &Board) {
        self.cells.clone_from(&source.cells);
        self.open.clone_from(&source.open);
        if !Arc::ptr_eq(&self.slot_of, &source.slot_of) {
            self.slot_of = source.slot_of.clone();
        }
    }
}

impl Deref for Board {
    type Target = [Cell];

    fn deref(&self) -> &[Cell] {
        &self.cells
    }
}

/// Hashes as the cells alone, as a `Vec<Cell>` does.
impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_follow_every_write() {
        let mut board = Board::new(vec![0, 1, 0, 0], (0..4).collect());
        assert_eq!(board.open(), [0, 2, 3]);
        board.set(2, 5);
        assert_eq!(board.open(), [0, 3]);
        board.set(2, 6); // one piece for another: still closed
        assert_eq!(board.open(), [0, 3]);
        board.set(1, 0);
        assert_eq!(board.open(), [0, 1, 3]);
        board.set(0, 0); // already empty
        assert_eq!(board.open(), [0, 1, 3]);
        assert_eq!(&*board, [0, 0, 6, 0]);
    }

    #[test]
    fn on_stacks_a_slot_is_a_stack_with_room_at_the_top() {
        // Two stacks of two: cells 0,1 (top 1) and 2,3 (top 3).
        let slot_of: Arc<[u16]> = vec![NO_SLOT, 0, NO_SLOT, 1].into();
        let mut board = Board::new(vec![0; 4], slot_of);
        assert_eq!(board.open(), [0, 1]);
        board.set(0, 1);
        assert_eq!(board.open(), [0, 1], "the bottom filled: room remains");
        board.set(1, 1);
        assert_eq!(board.open(), [1], "stack 0 is full");
        board.set(1, 0);
        assert_eq!(board.open(), [0, 1]);
    }
}

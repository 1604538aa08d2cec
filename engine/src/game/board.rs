//! The pieces on the board, with the open slots kept up to date as pieces
//! come and go: every write goes through [`Board::set`], so the slots can
//! never fall out of step with the cells.
//!
//! A slot is where a dropped piece can land as far as the pieces go: an
//! empty cell on flat boards, a stack whose top cell is empty on stacks.
//! Locks, exclusive spaces and decided boards are the rules' business and
//! are judged where moves are made. The open slots are a bit set, so they
//! come in cell order (the order of the full move list), and the i-th is
//! found by counting bits a word at a time, not by walking the board.

use std::ops::Deref;
use std::sync::Arc;

use super::Cell;

/// Marks a cell that is no slot's representative (not the top of its stack).
const NO_SLOT: u16 = u16::MAX;

#[derive(Debug)]
pub(crate) struct Board {
    cells: Vec<Cell>,
    /// Open slots: cells on flat boards, stack indexes on stacks.
    open: Slots,
    /// Per cell, the slot it stands for when it changes: itself on flat
    /// boards, its stack on stacks for the top cell, else `NO_SLOT`.
    slot_of: Arc<[u16]>,
    /// The pieces and where they stand, as one hash kept up to date by
    /// `set` (each piece on its cell contributes a mixed word, XORed in).
    key: u64,
    /// How many cells hold each piece (indexed by its packed value).
    counts: [u16; 1 + super::PIECE_KINDS],
}

/// What a piece on a cell adds to the board's key: nothing for an empty
/// cell, else a well-mixed word (SplitMix64's finaliser).
fn piece_key(cell: usize, piece: Cell) -> u64 {
    if piece == 0 {
        return 0;
    }
    let mut z = ((cell as u64) << 8 | u64::from(piece)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Board {
    /// A board holding `cells`, where `slot_of` says which slot each cell
    /// opens or closes (see the field).
    pub(crate) fn new(cells: Vec<Cell>, slot_of: Arc<[u16]>) -> Board {
        let mut open = Slots::with_room(cells.len());
        for (piece, slot) in cells.iter().zip(slot_of.iter()) {
            if *piece == 0 && *slot != NO_SLOT {
                open.insert(*slot);
            }
        }
        let key = cells
            .iter()
            .enumerate()
            .fold(0, |key, (cell, piece)| key ^ piece_key(cell, *piece));
        let mut counts = [0; 1 + super::PIECE_KINDS];
        for piece in &cells {
            counts[usize::from(*piece)] += 1;
        }
        Board {
            cells,
            open,
            slot_of,
            key,
            counts,
        }
    }

    /// Puts `piece` (0 for nothing) on `cell`.
    pub(crate) fn set(&mut self, cell: usize, piece: Cell) {
        let before = std::mem::replace(&mut self.cells[cell], piece);
        self.key ^= piece_key(cell, before) ^ piece_key(cell, piece);
        self.counts[usize::from(before)] -= 1;
        self.counts[usize::from(piece)] += 1;
        let slot = self.slot_of[cell];
        if slot == NO_SLOT || (before == 0) == (piece == 0) {
            return;
        }
        if piece == 0 {
            self.open.insert(slot);
        } else {
            self.open.remove(slot);
        }
    }

    /// A hash of the pieces and where they stand: equal boards have equal
    /// keys, and unequal ones almost surely not.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }

    /// How many pieces of `color` stand on the board (all boards).
    pub(crate) fn count_of(&self, color: crate::rules::Color) -> u16 {
        let first = 1 + color.index() * 6;
        self.counts[first..first + 6].iter().sum()
    }

    /// The open slots.
    pub(crate) fn open(&self) -> &Slots {
        &self.open
    }
}

/// A set of slots (cells or stacks), one bit each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Slots {
    words: Vec<u64>,
    len: usize,
}

/// Cloned by hand so `clone_from` reuses the words: a derived one
/// allocated anew for every copy of a board (a round's position, a restart).
impl Clone for Slots {
    fn clone(&self) -> Slots {
        Slots {
            words: self.words.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Slots) {
        self.words.clone_from(&source.words);
        self.len = source.len;
    }
}

impl Slots {
    fn with_room(slots: usize) -> Slots {
        Slots {
            words: vec![0; slots.div_ceil(64)],
            len: 0,
        }
    }

    fn insert(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        if self.words[word] & bit == 0 {
            self.words[word] |= bit;
            self.len += 1;
        }
    }

    fn remove(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        if self.words[word] & bit != 0 {
            self.words[word] &= !bit;
            self.len -= 1;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The `index`-th smallest slot (from 0); `index` must be below `len`.
    pub(crate) fn nth(&self, mut index: usize) -> u16 {
        for (w, &word) in self.words.iter().enumerate() {
            let here = word.count_ones() as usize;
            if index < here {
                return (w * 64) as u16 + nth_bit(word, index as u32) as u16;
            }
            index -= here;
        }
        panic!("slot {index} past the last open slot")
    }

    /// The slots, smallest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (w * 64) as u16 + bit as u16
                })
            })
        })
    }
}

/// The position of the `k`-th set bit of `word` (from 0), halving the word
/// by counting bits instead of clearing them one by one.
fn nth_bit(mut word: u64, mut k: u32) -> u32 {
    let mut base = 0;
    let mut width = 64;
    while width > 8 {
        let half = width / 2;
        let low = word & ((1u64 << half) - 1);
        if k < low.count_ones() {
            word = low;
        } else {
            k -= low.count_ones();
            word >>= half;
            base += half;
        }
        width = half;
    }
    for _ in 0..k {
        word &= word - 1;
    }
    base + word.trailing_zeros()
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
            key: self.key,
            counts: self.counts,
        }
    }

    fn clone_from(&mut self, source: &Board) {
        self.cells.clone_from(&source.cells);
        self.open.clone_from(&source.open);
        self.key = source.key;
        self.counts = source.counts;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn open(board: &Board) -> Vec<u16> {
        let slots = board.open();
        let listed: Vec<u16> = slots.iter().collect();
        let counted: Vec<u16> = (0..slots.len()).map(|i| slots.nth(i)).collect();
        assert_eq!(listed, counted, "nth agrees with the listing");
        listed
    }

    #[test]
    fn slots_follow_every_write() {
        let mut board = Board::new(vec![0, 1, 0, 0], (0..4).collect());
        assert_eq!(open(&board), [0, 2, 3]);
        board.set(2, 5);
        assert_eq!(open(&board), [0, 3]);
        board.set(2, 6); // one piece for another: still closed
        assert_eq!(open(&board), [0, 3]);
        board.set(1, 0);
        assert_eq!(open(&board), [0, 1, 3]);
        board.set(0, 0); // already empty
        assert_eq!(open(&board), [0, 1, 3]);
        assert_eq!(&*board, [0, 0, 6, 0]);
        assert_eq!(
            board.count_of(crate::rules::Color::Black),
            1,
            "piece 6: black"
        );
        let same = Board::new(vec![0, 0, 6, 0], (0..4).collect());
        assert_eq!(board.key(), same.key(), "the key follows the pieces");
        assert_ne!(
            board.key(),
            Board::new(vec![0, 6, 0, 0], (0..4).collect()).key()
        );
    }

    #[test]
    fn on_stacks_a_slot_is_a_stack_with_room_at_the_top() {
        // Two stacks of two: cells 0,1 (top 1) and 2,3 (top 3).
        let slot_of: Arc<[u16]> = vec![NO_SLOT, 0, NO_SLOT, 1].into();
        let mut board = Board::new(vec![0; 4], slot_of);
        assert_eq!(open(&board), [0, 1]);
        board.set(0, 1);
        assert_eq!(open(&board), [0, 1], "the bottom filled: room remains");
        board.set(1, 1);
        assert_eq!(open(&board), [1], "stack 0 is full");
        board.set(1, 0);
        assert_eq!(open(&board), [0, 1]);
    }

    #[test]
    fn the_nth_slot_is_found_across_words() {
        // A 361-cell board (19x19), every third cell open.
        let cells: Vec<Cell> = (0..361).map(|c| u8::from(c % 3 != 0)).collect();
        let board = Board::new(cells, (0..361).collect());
        let expected: Vec<u16> = (0..361).filter(|c| c % 3 == 0).collect();
        assert_eq!(open(&board), expected);
        assert_eq!(board.open().len(), 121);
        // Every bit position of a full word.
        for k in 0..64 {
            assert_eq!(nth_bit(u64::MAX, k), k);
        }
        assert_eq!(
            nth_bit(0b1010_0000_0000_0000_0000_0000_0000_0000_0000_0001, 2),
            39
        );
    }
}

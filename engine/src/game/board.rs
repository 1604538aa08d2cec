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

/// How many colours pieces come in.
const COLOURS: usize = crate::rules::Color::ALL.len();

/// Marks a cell that is no slot's representative (not the top of its stack).
const NO_SLOT: u16 = u16::MAX;

#[derive(Debug)]
pub(crate) struct Board {
    cells: Box<[Cell]>,
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
    /// How many cells hold each colour.
    colour_counts: [u16; COLOURS],
    /// Per colour, its cells among the first 64, a bit each (inline: the
    /// lean runs of line games read and write them at every placement).
    colour_words: [u64; COLOURS],
    /// Per colour, its cells beyond the first 64, `words - 1` words a
    /// colour one after another: empty on boards of at most 64 cells.
    /// Connections and surrounds read all of them a word at a time.
    colour_more: Box<[u64]>,
    words: usize,
    /// On stacks, where each cell stands, and per stack how high its pieces
    /// reach (see [`Board::height`]).
    stacks: Option<Arc<StackLayout>>,
    heights: Box<[u8]>,
    /// On boards too big for `colour_words`, where the game counts lines:
    /// each colour's pieces along every line axis (see `line_bits`).
    lines: Option<super::line_bits::LineBits>,
}

/// Where each cell of a board of stacks stands: its stack, and its place
/// in it from the bottom.
#[derive(Debug)]
pub(crate) struct StackLayout {
    place: Vec<(u16, u8)>,
    columns: Vec<Vec<u16>>,
}

impl StackLayout {
    pub(crate) fn new(columns: &[Vec<u16>], cells: usize) -> StackLayout {
        let mut place = vec![(0, 0); cells];
        for (stack, column) in columns.iter().enumerate() {
            for (index, &cell) in column.iter().enumerate() {
                place[usize::from(cell)] = (stack as u16, index as u8);
            }
        }
        StackLayout {
            place,
            columns: columns.to_vec(),
        }
    }
}

/// The colour index of a packed piece, as `pack` lays them out; None for nothing.
#[inline]
fn colour_of(piece: Cell) -> Option<usize> {
    (piece != 0).then(|| usize::from(piece - 1) / 6)
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
        let mut board = Board {
            cells: vec![0; cells.len()].into(),
            open,
            slot_of,
            key,
            counts: [0; 1 + super::PIECE_KINDS],
            colour_counts: [0; COLOURS],
            colour_words: [0; COLOURS],
            colour_more: Box::default(),
            words: 1,
            stacks: None,
            heights: Box::default(),
            lines: None,
        };
        board.counts[0] = cells.len() as u16;
        for (cell, piece) in cells.into_iter().enumerate() {
            board.count(cell, 0, piece);
            board.cells[cell] = piece;
        }
        board
    }

    /// The same board, keeping every colour's cells as bits beyond the
    /// first 64 too (see `colour_more`): for games that read them (joined
    /// sides, surrounds), not for every big board, where keeping them cost
    /// a line game's placements a tenth of their time.
    pub(crate) fn with_every_colour_bit(mut self) -> Board {
        let words = self.cells.len().div_ceil(64).max(1);
        self.words = words;
        self.colour_more = vec![0; COLOURS * (words - 1)].into();
        for cell in 64..self.cells.len() {
            if let Some(colour) = colour_of(self.cells[cell]) {
                self.flip_colour_bit(colour, cell);
            }
        }
        self
    }

    /// The same board, keeping its stacks' heights by `layout`.
    pub(crate) fn with_stacks(mut self, layout: Arc<StackLayout>) -> Board {
        self.heights = layout
            .columns
            .iter()
            .map(|column| {
                column
                    .iter()
                    .rposition(|&c| self.cells[usize::from(c)] != 0)
                    .map_or(0, |top| top as u8 + 1)
            })
            .collect();
        self.stacks = Some(layout);
        self
    }

    /// The same board, keeping its pieces as bits along the line axes of
    /// `layout` (see `line_bits`).
    pub(crate) fn with_line_bits(mut self, layout: Arc<super::line_bits::LineLayout>) -> Board {
        let mut lines = super::line_bits::LineBits::new(layout);
        for (cell, &piece) in self.cells.iter().enumerate() {
            if let Some(colour) = colour_of(piece) {
                lines.flip(cell, colour);
            }
        }
        self.lines = Some(lines);
        self
    }

    /// The board's pieces as bits along its line axes, where it keeps them.
    pub(crate) fn line_bits(&self) -> Option<&super::line_bits::LineBits> {
        self.lines.as_ref()
    }

    /// On stacks, how many places of `stack` lie at or below its highest
    /// piece (0 for an empty stack); None on flat boards.
    pub(crate) fn height(&self, stack: usize) -> Option<u8> {
        self.heights.get(stack).copied()
    }

    /// Puts `piece` (0 for nothing) on `cell`.
    pub(crate) fn set(&mut self, cell: usize, piece: Cell) {
        let before = std::mem::replace(&mut self.cells[cell], piece);
        self.key ^= piece_key(cell, before) ^ piece_key(cell, piece);
        self.count(cell, before, piece);
        if let Some(layout) = &self.stacks {
            let (stack, index) = layout.place[cell];
            let height = &mut self.heights[usize::from(stack)];
            if piece != 0 {
                *height = (*height).max(index + 1);
            } else if before != 0 && index + 1 == *height {
                // The top piece left: the next one down is the top now.
                let column = &layout.columns[usize::from(stack)];
                *height = column[..usize::from(index)]
                    .iter()
                    .rposition(|&c| self.cells[usize::from(c)] != 0)
                    .map_or(0, |top| top as u8 + 1);
            }
        }
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

    /// Moves the piece on `from` to `to`, which is empty, on a flat board:
    /// [`Board::set`] of both cells in one go (a step of a playout), the
    /// counts unchanged.
    #[inline]
    pub(crate) fn shift(&mut self, from: usize, to: usize) {
        debug_assert!(self.stacks.is_none(), "a flat board");
        debug_assert!(
            self.cells[from] != 0 && self.cells[to] == 0,
            "onto an empty cell"
        );
        let piece = std::mem::replace(&mut self.cells[from], 0);
        self.cells[to] = piece;
        self.key ^= piece_key(from, piece) ^ piece_key(to, piece);
        let colour = colour_of(piece).expect("a piece moves");
        self.flip_colour_bit(colour, from);
        self.flip_colour_bit(colour, to);
        if let Some(lines) = &mut self.lines {
            lines.flip(from, colour);
            lines.flip(to, colour);
        }
        if self.slot_of[from] != NO_SLOT {
            self.open.insert(self.slot_of[from]);
        }
        if self.slot_of[to] != NO_SLOT {
            self.open.remove(self.slot_of[to]);
        }
    }

    /// Puts `piece` (a piece) on `cell`, which is empty: [`Board::set`]
    /// without asking what was there (a quiet placement).
    #[inline]
    pub(crate) fn fill(&mut self, cell: usize, piece: Cell) {
        self.key ^= piece_key(cell, piece);
        self.fill_unkeyed(cell, piece);
    }

    /// [`Board::fill`], leaving the key as it was: for a lean run's copy
    /// of the board (see `lean_run`), whose key nothing reads, and where
    /// working it out was a fifth of a placement's time.
    #[inline]
    pub(crate) fn fill_unkeyed(&mut self, cell: usize, piece: Cell) {
        debug_assert!(
            self.cells[cell] == 0 && piece != 0,
            "a piece fills an empty cell"
        );
        self.cells[cell] = piece;
        self.count(cell, 0, piece);
        if let Some(layout) = &self.stacks {
            let (stack, index) = layout.place[cell];
            let height = &mut self.heights[usize::from(stack)];
            *height = (*height).max(index + 1);
        }
        let slot = self.slot_of[cell];
        if slot != NO_SLOT {
            self.open.remove(slot);
        }
    }

    /// The counts and colour words as `before` on `cell` gives way to `piece`.
    #[inline]
    fn count(&mut self, cell: usize, before: Cell, piece: Cell) {
        self.counts[usize::from(before)] -= 1;
        self.counts[usize::from(piece)] += 1;
        if let Some(colour) = colour_of(before) {
            self.colour_counts[colour] -= 1;
            self.flip_colour_bit(colour, cell);
            if let Some(lines) = &mut self.lines {
                lines.flip(cell, colour);
            }
        }
        if let Some(colour) = colour_of(piece) {
            self.colour_counts[colour] += 1;
            self.flip_colour_bit(colour, cell);
            if let Some(lines) = &mut self.lines {
                lines.flip(cell, colour);
            }
        }
    }

    /// Flips `cell`'s bit among `colour`'s cells (a piece of that colour
    /// came or went).
    #[inline]
    fn flip_colour_bit(&mut self, colour: usize, cell: usize) {
        if cell < 64 {
            self.colour_words[colour] ^= 1 << cell;
        } else if !self.colour_more.is_empty() {
            self.colour_more[colour * (self.words - 1) + cell / 64 - 1] ^= 1 << (cell % 64);
        }
    }

    /// A hash of the pieces and where they stand: equal boards have equal
    /// keys, and unequal ones almost surely not.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }

    /// How many pieces of `color` stand on the board (all boards).
    pub(crate) fn count_of(&self, color: crate::rules::Color) -> u16 {
        self.colour_counts[color.index()]
    }

    /// How many cells hold `piece` (packed), on all boards.
    pub(crate) fn count_piece(&self, piece: Cell) -> u16 {
        self.counts[usize::from(piece)]
    }

    /// The cells of `color` among the first 64, a bit each.
    #[inline]
    pub(crate) fn colour_word(&self, color: crate::rules::Color) -> u64 {
        self.colour_words[color.index()]
    }

    /// The cells holding a piece of a colour in `colours` (bit i for
    /// colour i, as a seat's controls) among the first 64, a bit each.
    #[inline]
    pub(crate) fn colours_word(&self, mut colours: u16) -> u64 {
        let mut word = 0;
        while colours != 0 {
            word |= self.colour_words[colours.trailing_zeros() as usize];
            colours &= colours - 1;
        }
        word
    }

    /// The cells holding a piece among the first 64, a bit each.
    pub(crate) fn occupied_word(&self) -> u64 {
        self.colour_words.iter().fold(0, |bits, word| bits | word)
    }

    /// The cells holding a piece of a colour in `colours`, the first 128 as
    /// one number (bit `b` is cell `b`): what a board of at most 128 cells
    /// shifts a step at once (see `side_bits`, `surround_bits`).
    #[inline]
    pub(crate) fn colours_wide(&self, colours: u16) -> u128 {
        let low = u128::from(self.colours_bits(colours, 0));
        if self.words > 1 {
            low | u128::from(self.colours_bits(colours, 1)) << 64
        } else {
            low
        }
    }

    /// How many words of each colour's cells are kept (see
    /// [`Board::colours_bits`]): one unless `with_every_colour_bit`.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// The cells holding a piece of a colour in `colours` (bit i for
    /// colour i), word `word` of them: bit `b` is cell `64 * word + b`.
    #[inline]
    pub(crate) fn colours_bits(&self, mut colours: u16, word: usize) -> u64 {
        let mut bits = 0;
        while colours != 0 {
            let colour = colours.trailing_zeros() as usize;
            bits |= if word == 0 {
                self.colour_words[colour]
            } else {
                self.colour_more[colour * (self.words - 1) + word - 1]
            };
            colours &= colours - 1;
        }
        bits
    }

    /// The open slots.
    pub(crate) fn open(&self) -> &Slots {
        &self.open
    }
}

/// A set of slots (cells or stacks), one bit each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Slots {
    words: Box<[u64]>,
    /// Per word, how many of its bits are set: the i-th slot's word is
    /// found by these, not by counting every word's bits again.
    counts: Box<[u8]>,
    len: usize,
}

/// Cloned by hand so `clone_from` reuses the words (a playout restarts
/// from a copy of the start position thousands of times a second).
impl Clone for Slots {
    fn clone(&self) -> Slots {
        Slots {
            words: self.words.clone(),
            counts: self.counts.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Slots) {
        copy_into_boxed(&mut self.words, &source.words);
        copy_into_boxed(&mut self.counts, &source.counts);
        self.len = source.len;
    }
}

/// Makes `into` a copy of `from`, in place where their lengths agree (a
/// board copied from another position of its game, as a playout's
/// restart and every lean run's load copy one), sparing `clone_from`'s
/// truncating and growing.
#[inline]
pub(crate) fn copy_into_boxed<T: Copy>(into: &mut Box<[T]>, from: &[T]) {
    match into.len() == from.len() {
        true => into.copy_from_slice(from),
        false => *into = from.into(),
    }
}

impl Slots {
    pub(crate) fn with_room(slots: usize) -> Slots {
        Slots {
            words: vec![0; slots.div_ceil(64)].into(),
            counts: vec![0; slots.div_ceil(64)].into(),
            len: 0,
        }
    }

    pub(crate) fn insert(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        if self.words[word] & bit == 0 {
            self.words[word] |= bit;
            self.counts[word] += 1;
            self.len += 1;
        }
    }

    pub(crate) fn remove(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        if self.words[word] & bit != 0 {
            self.words[word] &= !bit;
            self.counts[word] -= 1;
            self.len -= 1;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether `slot` is in the set.
    pub(crate) fn contains(&self, slot: u16) -> bool {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        self.words.get(word).is_some_and(|w| w & bit != 0)
    }

    /// Becomes the slots of `from` without those of `blocked` (a bit per
    /// slot, as many words as `from` has), reusing its own words.
    pub(crate) fn assign_without(&mut self, from: &Slots, blocked: &[u64]) {
        let words = from.words.len();
        if self.words.len() != words {
            self.words = vec![0; words].into();
            self.counts = vec![0; words].into();
        }
        self.len = 0;
        for (i, &word) in from.words.iter().enumerate() {
            // A word `blocked` lacks blocks every slot of it.
            let kept = word & !blocked.get(i).copied().unwrap_or(!0);
            let count = (byte_prefix_counts(kept) >> 56) as u8;
            self.words[i] = kept;
            self.counts[i] = count;
            self.len += usize::from(count);
        }
    }

    /// The `index`-th smallest slot (from 0); `index` must be below `len`.
    /// Its word is found without a branch: every word's count is added up,
    /// and the words whose counts all lie at or below `index` are skipped.
    /// A loop that stopped at the word mispredicted on most random picks,
    /// a fifth of 5on15sq's playouts.
    #[inline(always)]
    pub(crate) fn nth(&self, index: usize) -> u16 {
        assert!(index < self.len, "slot {index} past the last open slot");
        match self.words[..] {
            // At most 64 slots (every flat board a playout runs fast on).
            [word] => nth_bit(word, index as u32) as u16,
            _ => self.nth_of_many(index),
        }
    }

    /// [`Slots::nth`] over several words.
    fn nth_of_many(&self, index: usize) -> u16 {
        let (mut word, mut before, mut through) = (0, 0, 0);
        for &here in &self.counts {
            through += usize::from(here);
            let past = through <= index;
            word += usize::from(past);
            before = if past { through } else { before };
        }
        (word * 64) as u16 + nth_bit(self.words[word], (index - before) as u32) as u16
    }

    /// The slots, smallest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.iter_within(&[])
    }

    /// The slots also in `mask` (a bit per slot; none asked where `mask`
    /// is empty, every slot), smallest first.
    pub(crate) fn iter_within<'a>(&'a self, mask: &'a [u64]) -> impl Iterator<Item = u16> + 'a {
        self.words.iter().enumerate().flat_map(move |(w, &word)| {
            let mut rest = if mask.is_empty() {
                word
            } else {
                word & mask[w]
            };
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

/// Per byte of `word`, the bits set in it and every lower byte: byte i
/// holds the count of bytes 0..=i, the top byte the whole word's. Counted by
/// shifts and one multiply, because the baseline x86-64 target has no
/// popcount instruction and `count_ones` is a longer sequence of the same.
#[inline]
fn byte_prefix_counts(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut s = word - ((word >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    s.wrapping_mul(ONES)
}

/// The position of the `k`-th set bit of `word` (from 0; `k` below the
/// word's count), without a branch: `k` is a random pick in playouts, and
/// a loop that stops at it mispredicted most of the time. The bytes whose
/// count so far is at most `k` are the lower ones (compared all at once);
/// within the byte they lead to, a table gives the bit. Where the
/// processor deposits bits (BMI2), one instruction does it.
#[inline]
pub(crate) fn nth_bit(word: u64, k: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        // SAFETY: the processor has BMI2, checked just above.
        return unsafe { nth_bit_deposited(word, k) };
    }
    nth_bit_counted(word, k)
}

/// [`nth_bit`] by depositing the bit `k` onto the set bits of `word`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn nth_bit_deposited(word: u64, k: u32) -> u32 {
    std::arch::x86_64::_pdep_u64(1 << k, word).trailing_zeros()
}

/// [`nth_bit`] by counting bits a byte at a time.
#[inline]
fn nth_bit_counted(word: u64, k: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let prefix = byte_prefix_counts(word);
    // Counts and k are at most 64, so no byte borrows from the next.
    let at_most_k = (((u64::from(k) * ONES) | HIGH) - prefix) & HIGH;
    let byte = ((at_most_k >> 7).wrapping_mul(ONES) >> 56) as u32;
    // The count of the bytes below it (none below the first).
    let before = ((prefix << 8) >> (8 * byte)) & 0xff;
    let bits = (word >> (8 * byte)) & 0xff;
    8 * byte + u32::from(SELECT_IN_BYTE[bits as usize][(u64::from(k) - before) as usize & 7])
}

/// Per byte value, the place of its i-th set bit (8 past its last).
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
    let mut table = [[8u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut found, mut bit) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// Per phase and seat, the cells closed to the seat's placements even when
/// empty: locked in the phase, or kept for other seats (exclusive spaces),
/// a bit each. A phase where none is closed to anyone has no words, so
/// placements there are just the open slots.
pub(crate) fn placement_blocked(
    phases: &[super::CompiledPhase],
    exclusive: &[u8],
    seats: usize,
) -> Vec<Vec<Vec<u64>>> {
    let cells = exclusive.len();
    phases
        .iter()
        .map(|phase| {
            let per_seat: Vec<Vec<u64>> = (0..seats)
                .map(|seat| {
                    let mut words = vec![0u64; cells.div_ceil(64)];
                    for cell in 0..cells {
                        if phase.locked[cell] || exclusive[cell] & (1 << seat) == 0 {
                            words[cell / 64] |= 1 << (cell % 64);
                        }
                    }
                    words
                })
                .collect();
            let none = per_seat.iter().flatten().all(|w| *w == 0);
            if none { Vec::new() } else { per_seat }
        })
        .collect()
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

/// A board of no cells: what a run holds before it first copies a state's
/// board (with `clone_from`, which then reuses its buffers).
impl Default for Board {
    fn default() -> Board {
        Board::new(Vec::new(), Arc::default())
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            cells: self.cells.clone(),
            open: self.open.clone(),
            slot_of: self.slot_of.clone(),
            key: self.key,
            counts: self.counts,
            colour_counts: self.colour_counts,
            colour_words: self.colour_words,
            colour_more: self.colour_more.clone(),
            words: self.words,
            stacks: self.stacks.clone(),
            heights: self.heights.clone(),
            lines: self.lines.clone(),
        }
    }

    fn clone_from(&mut self, source: &Board) {
        copy_into_boxed(&mut self.cells, &source.cells);
        self.open.clone_from(&source.open);
        self.key = source.key;
        self.counts = source.counts;
        self.colour_counts = source.colour_counts;
        self.colour_words = source.colour_words;
        if !(self.colour_more.is_empty() && source.colour_more.is_empty()) {
            copy_into_boxed(&mut self.colour_more, &source.colour_more);
        }
        self.words = source.words;
        copy_into_boxed(&mut self.heights, &source.heights);
        self.lines.clone_from(&source.lines);
        let same = match (&self.stacks, &source.stacks) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same {
            self.stacks = source.stacks.clone();
        }
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

    #[test]
    fn filling_a_cell_is_setting_it() {
        for name in ["Tic-Tac-Toe", "Connect4", "5on15sq", "Qubic-4"] {
            let game = crate::testing::catalogue_game(name);
            let mut set = game.start().position.board.clone();
            let mut filled = set.clone();
            let geo = &game.geometry;
            // Bottom up on stacks, where a piece lands on the one below.
            let mut cells: Vec<u16> = match geo.kind {
                crate::rules::BoardKind::Stacks => geo.columns().concat(),
                _ => (0..geo.cell_count() as u16).collect(),
            };
            cells.sort_by_key(|&c| (geo.coord(c).z, c.wrapping_mul(40_503)));
            for (i, cell) in cells.into_iter().enumerate() {
                // Pieces of two colours and two shapes, as `pack` lays them.
                let piece = [1, 7, 2, 8][i % 4];
                set.set(usize::from(cell), piece);
                filled.fill(usize::from(cell), piece);
                assert_eq!(
                    format!("{filled:?}"),
                    format!("{set:?}"),
                    "{name}, cell {cell}"
                );
            }
            assert_eq!(filled.open().len(), 0, "{name}");
        }
    }

    #[test]
    fn shifting_a_piece_is_setting_both_cells() {
        // Small and big flat boards, the big ones keeping lines as bits.
        for name in ["Tic-Tac-Toe", "Tapatan", "5on15sq", "Connect6-19x19"] {
            let game = crate::testing::catalogue_game(name);
            let mut set = game.start().position.board.clone();
            let cells = game.geometry.cell_count();
            for (i, cell) in (0..cells).step_by(3).enumerate() {
                set.set(cell, [1, 7, 2, 8][i % 4]);
            }
            let mut shifted = set.clone();
            let mut shifts = 0;
            for step in 0..200usize {
                let from = (step * 7919) % cells;
                let to = (step * 104_729 + 1) % cells;
                if set[from] == 0 || set[to] != 0 {
                    continue;
                }
                set.set(to, set[from]);
                set.set(from, 0);
                shifted.shift(from, to);
                shifts += 1;
                assert_eq!(
                    format!("{shifted:?}"),
                    format!("{set:?}"),
                    "{name}, {from} to {to}"
                );
            }
            assert_eq!(shifted.key(), set.key(), "{name}");
            assert!(shifts >= 10, "{name}: {shifts} shifts");
        }
    }

    #[test]
    fn a_stack_knows_how_high_its_pieces_reach() {
        // Two stacks of three: cells 0-2 and 3-5, from the bottom.
        let columns = vec![vec![0, 1, 2], vec![3, 4, 5]];
        let layout = Arc::new(StackLayout::new(&columns, 6));
        let mut board = Board::new(vec![1, 1, 1, 0, 0, 0], (0..6).collect()).with_stacks(layout);
        assert_eq!((board.height(0), board.height(1)), (Some(3), Some(0)));
        board.set(3, 7);
        assert_eq!(board.height(1), Some(1));
        // A middle piece leaving keeps the height; the top one then lowers
        // it past the gap to the next piece down.
        board.set(1, 0);
        assert_eq!(board.height(0), Some(3));
        board.set(2, 0);
        assert_eq!(board.height(0), Some(1), "down to the bottom piece");
        board.set(0, 0);
        assert_eq!(board.height(0), Some(0));
        assert_eq!(Board::new(vec![0; 4], (0..4).collect()).height(0), None);
    }

    #[test]
    fn every_colour_is_counted_and_placed_in_its_word() {
        use crate::rules::{Color, Shape};
        let mut board = Board::new(vec![0; 70], (0..70).collect());
        for (i, color) in Color::ALL.into_iter().enumerate() {
            // Cells 60.. straddle the end of the first word.
            board.set(60 + i, super::super::pack(color, Shape::X));
            assert_eq!(board.count_of(color), 1, "{color:?}");
            let expected = if 60 + i < 64 { 1u64 << (60 + i) } else { 0 };
            assert_eq!(board.colour_word(color), expected, "{color:?}");
        }
        board.set(68, 0);
        assert_eq!(board.count_of(*Color::ALL.last().expect("colours")), 0);
        assert_eq!(board.open().len(), 70 - Color::ALL.len() + 1);
    }

    #[test]
    fn slots_copy_over_slots_of_the_same_size_and_of_another() {
        let set = |room: usize, slots: &[u16]| {
            let mut set = Slots::with_room(room);
            slots.iter().for_each(|&slot| set.insert(slot));
            set
        };
        let (small, big, other) = (set(9, &[1, 4, 8]), set(200, &[3, 70, 199]), set(9, &[2]));
        let mut copy = small.clone();
        for source in [&big, &small, &other, &big] {
            copy.clone_from(source);
            assert_eq!(&copy, source);
            assert_eq!(
                copy.iter().collect::<Vec<_>>(),
                source.iter().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn the_nth_bit_agrees_with_clearing_bits_one_by_one() {
        let mut word: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            // SplitMix64 steps, and sparse and dense words from them.
            word = word.wrapping_add(0x9e37_79b9_7f4a_7c15);
            for w in [
                word,
                word & (word >> 7),
                word | (word << 3),
                word & 0xff00_0000_00ff,
            ] {
                assert_eq!((byte_prefix_counts(w) >> 56) as u32, w.count_ones());
                let mut rest = w;
                for k in 0..w.count_ones() {
                    assert_eq!(nth_bit(w, k), rest.trailing_zeros(), "{w:#x} {k}");
                    // Both ways, whichever this processor takes.
                    assert_eq!(nth_bit_counted(w, k), rest.trailing_zeros(), "{w:#x} {k}");
                    rest &= rest - 1;
                }
            }
        }
    }
}

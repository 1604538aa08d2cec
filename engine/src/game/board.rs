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
pub(crate) use super::slots::{Slots, nth_bit};
use super::split_list::SplitList;

/// How many colours pieces come in.
const COLOURS: usize = crate::rules::Color::ALL.len();

/// The colours whose cells among the first 64 a board keeps inline: the
/// first four, those of two to four seats (Black, White, Pink, Yellow).
const INLINE_COLOURS: usize = 4;

/// The piece counts kept inline: empty cells, then the six kinds of each
/// of the first two colours (see `Board::counts`).
const FIRST_COUNTS: usize = 1 + 2 * 6;

/// How many cells hold each piece, by packed value (see `Board::counts`).
type PieceCounts = SplitList<u16, FIRST_COUNTS, { 1 + super::PIECE_KINDS - FIRST_COUNTS }>;

/// Per colour, its cells among the first 64 (see `Board::colour_words`).
type ColourWords = SplitList<u64, INLINE_COLOURS, { COLOURS - INLINE_COLOURS }>;

/// Marks a cell that is no slot's representative (not the top of its stack).
const NO_SLOT: u16 = u16::MAX;

#[derive(Debug)]
pub(crate) struct Board {
    cells: Box<[Cell]>,
    /// Open slots: cells on flat boards, stack indexes on stacks.
    open: Slots,
    /// Where its cells stand: shared by every board of the game.
    layout: Arc<CellLayout>,
    /// The layout's `cells_are_slots`, kept here so that a flat board sets
    /// and places without reading the layout (in the counts' spare bytes).
    cells_are_slots: bool,
    /// The pieces and where they stand, as one hash kept up to date by
    /// `set` (each piece on its cell contributes a mixed word, XORed in).
    key: u64,
    /// How many cells hold each piece, by its packed value (0: empty
    /// cells): the first two colours' inline, as most games have two; a
    /// later colour's boxed once one stands on the board.
    counts: PieceCounts,
    /// How many pieces of the first two colours stand on the board: the
    /// count a line game's lean run asks after each placement, one load
    /// away (summing a colour's six kinds, or counting its word's bits
    /// without the CPU's popcount, took a tenth of a Tic-Tac-Toe
    /// placement). The third entry counts every later colour together and
    /// is never read: it lets a write count any colour without a branch
    /// (`count_of` sums a later colour's kinds). In the bytes `counts` and
    /// `cells_are_slots` leave over: a state no bigger.
    colour_counts: [u16; 3],
    /// Per colour, its cells among the first 64, a bit each: the first four
    /// colours' inline (the lean runs of line games read and write them at
    /// every placement), the later ones' boxed once one comes.
    colour_words: ColourWords,
    /// Per colour, its cells beyond the first 64, `words - 1` words a
    /// colour one after another: empty on boards of at most 64 cells.
    /// Connections and surrounds read all of them a word at a time.
    colour_more: Box<[u64]>,
    /// On stacks, per stack how high its pieces reach (see
    /// [`Board::height`]); else empty.
    heights: Box<[u8]>,
    /// On boards too big for `colour_words`, where the game counts lines:
    /// each colour's pieces along every line axis (see `line_bits`). Boxed:
    /// most games have none, and every state carries the field.
    lines: Option<Box<super::line_bits::LineBits>>,
}

/// Where the cells of a game's boards stand, the same for all of them.
#[derive(Debug, Default)]
pub(crate) struct CellLayout {
    /// Per cell, the slot it stands for when it changes: itself on flat
    /// boards, its stack on stacks for the top cell, else `NO_SLOT`.
    slot_of: Box<[u16]>,
    /// On stacks, where each cell stands.
    stacks: Option<StackLayout>,
    /// Each cell is its own slot (a flat board).
    cells_are_slots: bool,
}

impl CellLayout {
    pub(crate) fn new(
        slot_of: impl Into<Box<[u16]>>,
        stacks: Option<StackLayout>,
    ) -> Arc<CellLayout> {
        let slot_of: Box<[u16]> = slot_of.into();
        let cells_are_slots = stacks.is_none()
            && (slot_of.iter().enumerate()).all(|(cell, &slot)| usize::from(slot) == cell);
        Arc::new(CellLayout {
            slot_of,
            stacks,
            cells_are_slots,
        })
    }

    /// The layout of `geometry`'s cells.
    pub(crate) fn of(geometry: &crate::geometry::Geometry) -> Arc<CellLayout> {
        let stacks = (geometry.kind == crate::rules::BoardKind::Stacks)
            .then(|| StackLayout::new(geometry.columns(), geometry.cell_count()));
        CellLayout::new(slots_of(geometry), stacks)
    }
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
    /// A board holding `cells`, laid out by `layout`.
    pub(crate) fn new(cells: Vec<Cell>, layout: Arc<CellLayout>) -> Board {
        let mut open = Slots::with_room(cells.len());
        for (piece, slot) in cells.iter().zip(layout.slot_of.iter()) {
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
            key,
            counts: PieceCounts::from_slice(&[cells.len() as u16]),
            colour_counts: [0; 3],
            cells_are_slots: layout.cells_are_slots,
            layout,
            colour_words: ColourWords::default(),
            colour_more: Box::default(),
            heights: Box::default(),
            lines: None,
        };
        for (cell, piece) in cells.into_iter().enumerate() {
            board.count(cell, 0, piece);
            board.cells[cell] = piece;
        }
        if let Some(stacks) = &board.layout.stacks {
            let cells = &board.cells;
            let height = |column: &Vec<u16>| {
                (column.iter())
                    .rposition(|&c| cells[usize::from(c)] != 0)
                    .map_or(0, |top| top as u8 + 1)
            };
            board.heights = stacks.columns.iter().map(height).collect();
        }
        board
    }

    /// The same board, keeping every colour's cells as bits beyond the
    /// first 64 too (see `colour_more`): for games that read them (joined
    /// sides, surrounds), not for every big board, where keeping them cost
    /// a line game's placements a tenth of their time.
    pub(crate) fn with_every_colour_bit(mut self) -> Board {
        let words = self.cells.len().div_ceil(64).max(1);
        self.colour_more = vec![0; COLOURS * (words - 1)].into();
        for cell in 64..self.cells.len() {
            if let Some(colour) = colour_of(self.cells[cell]) {
                self.flip_colour_bit(colour, cell);
            }
        }
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
        self.lines = Some(Box::new(lines));
        self
    }

    /// The board's pieces as bits along its line axes, where it keeps them.
    pub(crate) fn line_bits(&self) -> Option<&super::line_bits::LineBits> {
        self.lines.as_deref()
    }

    /// On stacks, how many places of `stack` lie at or below its highest
    /// piece (0 for an empty stack); None on flat boards.
    pub(crate) fn height(&self, stack: usize) -> Option<u8> {
        self.heights.get(stack).copied()
    }

    /// Puts `piece` (0 for nothing) on `cell`.
    pub(crate) fn set(&mut self, cell: usize, piece: Cell) {
        self.set_as::<true>(cell, piece);
    }

    /// [`Board::set`], leaving the key and the piece counts as they were:
    /// for taking unseen pieces off and putting them back around a listing
    /// of moves, which reads neither (they are the outcomes' and the turn
    /// keys'), so that the two leave them right. A third colour's counts
    /// lie behind a branch on which colour a piece is, and the pieces
    /// lifted come in every colour.
    pub(crate) fn set_uncounted(&mut self, cell: usize, piece: Cell) {
        self.set_as::<false>(cell, piece);
    }

    /// [`Board::set`], the key and counts kept up to date where `COUNTED`.
    #[inline(always)]
    fn set_as<const COUNTED: bool>(&mut self, cell: usize, piece: Cell) {
        let before = std::mem::replace(&mut self.cells[cell], piece);
        if COUNTED {
            self.key ^= piece_key(cell, before) ^ piece_key(cell, piece);
            self.count_pieces(before, piece);
        }
        self.flip_colours(cell, before, piece);
        let opened = match (before == 0, piece == 0) {
            (false, true) => true,
            (true, false) => false,
            // A piece for a piece: no slot opens or fills, and no stack's
            // height changes.
            _ => return,
        };
        if !self.cells_are_slots {
            self.restack(cell, before, piece);
        }
        let slot = self.slot_of(cell);
        if slot == NO_SLOT {
            return;
        }
        if opened {
            self.open.insert(slot);
        } else {
            self.open.remove(slot);
        }
    }

    /// On stacks, the height of `cell`'s stack as `before` gives way to
    /// `piece` there (see [`Board::height`]).
    #[inline(always)]
    fn restack(&mut self, cell: usize, before: Cell, piece: Cell) {
        let Some(layout) = &self.layout.stacks else {
            return;
        };
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

    /// Moves the piece on `from` to `to`, which is empty, on a flat board:
    /// [`Board::set`] of both cells in one go (a step of a playout), the
    /// counts unchanged.
    #[inline]
    pub(crate) fn shift(&mut self, from: usize, to: usize) {
        debug_assert!(self.layout.stacks.is_none(), "a flat board");
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
        if self.slot_of(from) != NO_SLOT {
            self.open.insert(self.slot_of(from));
        }
        if self.slot_of(to) != NO_SLOT {
            self.open.remove(self.slot_of(to));
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
        if self.cells_are_slots {
            return self.open.remove(cell as u16);
        }
        self.restack(cell, 0, piece);
        let slot = self.layout.slot_of[cell];
        if slot != NO_SLOT {
            self.open.remove(slot);
        }
    }

    /// [`Board::fill_unkeyed`] on a board of stacks, where the caller knows
    /// where the piece lands: `cell`, the `height`-th of `stack`, above
    /// every piece there (a lean run's drop, see `lean_run`).
    #[inline]
    pub(crate) fn fill_stack_unkeyed(
        &mut self,
        stack: usize,
        height: u8,
        cell: usize,
        piece: Cell,
    ) {
        debug_assert!(
            self.cells[cell] == 0 && self.heights[stack] <= height,
            "a piece lands above the stack's pieces"
        );
        self.cells[cell] = piece;
        self.count(cell, 0, piece);
        self.heights[stack] = height + 1;
        // Only a stack's top cell stands for it: filled, the stack is full.
        if self.layout.slot_of[cell] != NO_SLOT {
            self.open.remove(stack as u16);
        }
    }

    /// The counts and colour words as `before` on `cell` gives way to `piece`.
    #[inline(always)]
    fn count(&mut self, cell: usize, before: Cell, piece: Cell) {
        self.count_pieces(before, piece);
        self.flip_colours(cell, before, piece);
    }

    /// The piece counts as `before` gives way to `piece`.
    #[inline(always)]
    fn count_pieces(&mut self, before: Cell, piece: Cell) {
        *self.counts.get_mut(usize::from(before)) -= 1;
        *self.counts.get_mut(usize::from(piece)) += 1;
        if let Some(colour) = colour_of(before) {
            self.colour_counts[colour.min(2)] -= 1;
        }
        if let Some(colour) = colour_of(piece) {
            self.colour_counts[colour.min(2)] += 1;
        }
    }

    /// The colour words (and line bits) as `before` on `cell` gives way
    /// to `piece`.
    #[inline(always)]
    fn flip_colours(&mut self, cell: usize, before: Cell, piece: Cell) {
        if let Some(colour) = colour_of(before) {
            self.flip_colour_bit(colour, cell);
            if let Some(lines) = &mut self.lines {
                lines.flip(cell, colour);
            }
        }
        if let Some(colour) = colour_of(piece) {
            self.flip_colour_bit(colour, cell);
            if let Some(lines) = &mut self.lines {
                lines.flip(cell, colour);
            }
        }
    }

    /// The slot `cell` stands for (see `CellLayout::slot_of`).
    #[inline(always)]
    fn slot_of(&self, cell: usize) -> u16 {
        match self.cells_are_slots {
            true => cell as u16,
            false => self.layout.slot_of[cell],
        }
    }

    /// Flips `cell`'s bit among `colour`'s cells (a piece of that colour
    /// came or went).
    /// Without a branch on the cell: on a board of more than 64 cells,
    /// whether a random placement's cell is among the first 64 is a coin
    /// toss, and branching on it mispredicted a third of the time.
    #[inline]
    fn flip_colour_bit(&mut self, colour: usize, cell: usize) {
        *self.colour_words.get_mut(colour) ^= if cell < 64 { 1 << cell } else { 0 };
        if !self.colour_more.is_empty() {
            self.flip_later_colour_bit(colour, cell);
        }
    }

    /// [`Board::flip_colour_bit`] among the words past the first, kept
    /// for the games that read them: on a cell among the first 64, a zero
    /// is XORed into the colour's second word. Out of line: inlined, it
    /// cost the line games of small boards a few percent by the clock.
    #[inline(never)]
    fn flip_later_colour_bit(&mut self, colour: usize, cell: usize) {
        let word = colour * (self.words() - 1) + (cell / 64).saturating_sub(1);
        self.colour_more[word] ^= if cell < 64 { 0 } else { 1 << (cell % 64) };
    }

    /// A hash of the pieces and where they stand: equal boards have equal
    /// keys, and unequal ones almost surely not.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }

    /// How many pieces of `color` stand on the board (all boards).
    ///
    /// Read after every placement of a line game (see
    /// `placement_made_a_line`): the first two colours' kept counts by
    /// index, with no branch on which of them it is (they alternate), as
    /// most games have no other colour.
    #[inline]
    pub(crate) fn count_of(&self, color: crate::rules::Color) -> u16 {
        match color.index() {
            c @ (0 | 1) => self.colour_counts[c],
            c => (self.counts.later().chunks_exact(6).nth(c - 2))
                .map_or(0, |kinds| kinds.iter().sum()),
        }
    }

    /// Per colour counted, from the first, how many cells hold each of its
    /// six kinds (by shape index): the colours after them have none.
    #[inline]
    pub(crate) fn kinds_by_colour(&self) -> impl Iterator<Item = &[u16]> {
        let later = self.counts.later();
        self.counts.first()[1..]
            .chunks_exact(6)
            .chain(later.chunks_exact(6))
    }

    /// The sum over the colours of each one's pieces on the board times its
    /// word in `words` (by colour index): a key of how many each has.
    pub(crate) fn colours_weighed(&self, words: &[u64; COLOURS]) -> u64 {
        let total = |kinds: &[u16]| u64::from(kinds.iter().sum::<u16>());
        let counts = self.counts.first();
        let first = (total(&counts[1..7]).wrapping_mul(words[0]))
            .wrapping_add(total(&counts[7..13]).wrapping_mul(words[1]));
        (self.counts.later().chunks_exact(6).zip(&words[2..])).fold(first, |key, (kinds, word)| {
            key.wrapping_add(total(kinds).wrapping_mul(*word))
        })
    }

    /// How many cells hold a piece of `shape`, of any colour, on all
    /// boards: asked after every turn where a total of a shape ends the
    /// game, so read as the counts lie, not colour by colour.
    pub(crate) fn count_shape(&self, shape: crate::rules::Shape) -> u16 {
        let first = self.counts.first();
        let inline = first[1 + shape.index()] + first[7 + shape.index()];
        (self.counts.later().chunks_exact(6)).fold(inline, |n, kinds| n + kinds[shape.index()])
    }

    /// How many cells hold `piece` (packed), on all boards.
    pub(crate) fn count_piece(&self, piece: Cell) -> u16 {
        self.counts.get(usize::from(piece))
    }

    /// The cells of `color` among the first 64, a bit each.
    #[inline]
    pub(crate) fn colour_word(&self, color: crate::rules::Color) -> u64 {
        self.colour_words.get(color.index())
    }

    /// The cells holding a piece of a colour in `colours` (bit i for
    /// colour i, as a seat's controls) among the first 64, a bit each.
    #[inline]
    pub(crate) fn colours_word(&self, mut colours: u16) -> u64 {
        let mut word = 0;
        if colours >> INLINE_COLOURS == 0 {
            // The common case: no later colour to look for.
            while colours != 0 {
                let colour = colours.trailing_zeros() as usize & (INLINE_COLOURS - 1);
                word |= self.colour_words.first()[colour];
                colours &= colours - 1;
            }
            return word;
        }
        while colours != 0 {
            word |= self.colour_words.get(colours.trailing_zeros() as usize);
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
    #[inline(always)]
    pub(crate) fn colours_wide(&self, colours: u16) -> u128 {
        let low = u128::from(self.colours_bits(colours, 0));
        if self.words() > 1 {
            low | u128::from(self.colours_bits(colours, 1)) << 64
        } else {
            low
        }
    }

    /// How many words of each colour's cells are kept (see
    /// [`Board::colours_bits`]): one unless `with_every_colour_bit`.
    #[inline]
    pub(crate) fn words(&self) -> usize {
        1 + self.colour_more.len() / COLOURS
    }

    /// The cells holding a piece of a colour in `colours` (bit i for
    /// colour i), word `word` of them: bit `b` is cell `64 * word + b`.
    #[inline]
    pub(crate) fn colours_bits(&self, mut colours: u16, word: usize) -> u64 {
        if word == 0 {
            return self.colours_word(colours);
        }
        let mut bits = 0;
        while colours != 0 {
            let colour = colours.trailing_zeros() as usize;
            bits |= self.colour_more[colour * (self.words() - 1) + word - 1];
            colours &= colours - 1;
        }
        bits
    }

    /// The open slots.
    pub(crate) fn open(&self) -> &Slots {
        &self.open
    }

    /// Takes the slots of `blocked` (see [`Slots::remove_blocked`]) out of
    /// the open ones, for good: a lean run's copy of the board where every
    /// seat is closed out of the same spaces (walls), so that its seats
    /// place on the board's open slots. Only where pieces come and never
    /// go, as in a run: [`Board::set`] emptying a cell opens its slot again.
    pub(crate) fn close_slots(&mut self, blocked: &[u64]) {
        self.open.remove_blocked(blocked);
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
fn slots_of(geometry: &crate::geometry::Geometry) -> Box<[u16]> {
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
            layout: self.layout.clone(),
            cells_are_slots: self.cells_are_slots,
            key: self.key,
            counts: self.counts.clone(),
            colour_counts: self.colour_counts,
            colour_words: self.colour_words.clone(),
            colour_more: self.colour_more.clone(),
            heights: self.heights.clone(),
            lines: self.lines.clone(),
        }
    }

    fn clone_from(&mut self, source: &Board) {
        copy_into_boxed(&mut self.cells, &source.cells);
        self.open.clone_from(&source.open);
        self.key = source.key;
        self.counts.copy_from(&source.counts);
        self.colour_counts = source.colour_counts;
        self.colour_words.copy_from(&source.colour_words);
        if !(self.colour_more.is_empty() && source.colour_more.is_empty()) {
            copy_into_boxed(&mut self.colour_more, &source.colour_more);
        }
        copy_into_boxed(&mut self.heights, &source.heights);
        self.lines.clone_from(&source.lines);
        if !Arc::ptr_eq(&self.layout, &source.layout) {
            self.layout = source.layout.clone();
        }
        self.cells_are_slots = source.cells_are_slots;
    }
}

impl Deref for Board {
    type Target = [Cell];

    fn deref(&self) -> &[Cell] {
        &self.cells
    }
}

#[cfg(test)]
mod tests;

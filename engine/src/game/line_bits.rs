//! In-a-row lines on boards too big for one word of masks (see `lines`),
//! counted as bits. Along each line axis the board's lines are laid out one
//! after another, a gap between two; a colour's pieces are a bit string in
//! each layout, kept up to date as pieces come and go. A run through a cell
//! is then the ones around its place in that string, counted a word at a
//! time, where the walk along the neighbours loaded and compared cell after
//! cell (a run of Gomoku or Connect6 spent most of its time there).
//!
//! Only where that is the same count: every axis's lines are chains that
//! begin and end at the board's edge, each step undone by the opposite
//! step (no toroid seams, no rings), and lines are at most `MAX_RUN` long.

use std::sync::Arc;

use crate::geometry::{Geometry, NO_CELL};

/// The longest line counted as bits: a run is read from one word around
/// the cell, 31 places ahead of it and 32 behind.
pub(crate) const MAX_RUN: u8 = 32;

/// How many colours pieces come in.
const COLOURS: usize = crate::rules::Color::ALL.len();

/// Where each cell stands in each axis's layout, compiled once per game.
#[derive(Debug)]
pub(crate) struct LineLayout {
    /// Per direction of the board: its axis, where it is a line direction.
    axis_of: Vec<Option<u8>>,
    axes: usize,
    /// Per cell and axis, the cell's bit in a colour's block.
    bit_of: Vec<u32>,
    /// Words per colour: every axis's layout, with a word of room before
    /// and after each so a word around any place can be read.
    block: usize,
    /// Per colour, its block's place among the colours kept (`NOT_KEPT`
    /// for a colour no piece of the game has): two of nine, most often.
    block_of: [u8; COLOURS],
    kept: usize,
}

/// A colour whose pieces are not kept as bits (see `LineLayout::block_of`).
const NOT_KEPT: u8 = u8::MAX;

impl LineLayout {
    /// The layout of `geo`'s line axes (those of lines with diagonals, a
    /// superset of those without) for the pieces of `colours` (a bit per
    /// colour index), or None where runs there are not the walk's count
    /// (see the module).
    pub(crate) fn compile(geo: &Geometry, colours: u16) -> Option<LineLayout> {
        if super::lines::wraps(geo) {
            return None;
        }
        let cells = geo.cell_count();
        let directions = geo.line_directions(true);
        let mut axis_of = vec![None; geo.direction_count()];
        let mut bit_of = vec![0u32; cells * directions.len()];
        let mut block = 0usize;
        for (axis, &forward) in directions.iter().enumerate() {
            let back = geo.direction_count() - 1 - forward;
            axis_of[forward] = Some(axis as u8);
            axis_of[back] = Some(axis as u8);
            // A word of room, then each line from its first cell, a gap after.
            let mut place = block * 64 + 64;
            let mut placed = 0;
            for first in 0..cells as u16 {
                if geo.neighbour(first, back) != NO_CELL {
                    continue;
                }
                let mut c = first;
                while c != NO_CELL {
                    let next = geo.neighbour(c, forward);
                    if placed == cells || (next != NO_CELL && geo.neighbour(next, back) != c) {
                        // A ring, or a step the opposite one does not undo.
                        return None;
                    }
                    bit_of[usize::from(c) * directions.len() + axis] = place as u32;
                    place += 1;
                    placed += 1;
                    c = next;
                }
                place += 1;
            }
            if placed != cells {
                // Some cells lie on rings with no first cell.
                return None;
            }
            block = place.div_ceil(64) + 1;
        }
        let mut block_of = [NOT_KEPT; COLOURS];
        let mut kept = 0;
        for (colour, place) in block_of.iter_mut().enumerate() {
            if colours & 1 << colour != 0 {
                *place = kept as u8;
                kept += 1;
            }
        }
        Some(LineLayout {
            axis_of,
            axes: directions.len(),
            bit_of,
            block,
            block_of,
            kept,
        })
    }
}

/// A board's pieces per colour as bits in each axis's layout.
#[derive(Debug)]
pub(crate) struct LineBits {
    layout: Arc<LineLayout>,
    /// Per colour, a block of `LineLayout::block` words.
    words: Vec<u64>,
}

/// Cloned by hand, as `Board` is, so `clone_from` reuses the words.
impl Clone for LineBits {
    fn clone(&self) -> LineBits {
        LineBits {
            layout: self.layout.clone(),
            words: self.words.clone(),
        }
    }

    fn clone_from(&mut self, source: &LineBits) {
        self.words.clone_from(&source.words);
        if !Arc::ptr_eq(&self.layout, &source.layout) {
            self.layout = source.layout.clone();
        }
    }
}

impl LineBits {
    pub(crate) fn new(layout: Arc<LineLayout>) -> LineBits {
        LineBits {
            words: vec![0; layout.block * layout.kept],
            layout,
        }
    }

    /// A piece of colour `colour` (its index) now stands on `cell`, or no
    /// longer does.
    #[inline]
    pub(crate) fn flip(&mut self, cell: usize, colour: usize) {
        let layout = &*self.layout;
        let kept = layout.block_of[colour];
        debug_assert_ne!(kept, NOT_KEPT, "a piece of a colour the game has");
        if kept == NOT_KEPT {
            return;
        }
        let block = &mut self.words[usize::from(kept) * layout.block..][..layout.block];
        for &bit in &layout.bit_of[cell * layout.axes..][..layout.axes] {
            block[bit as usize / 64] ^= 1 << (bit % 64);
        }
    }

    /// Whether the pieces of `colour` are kept (see `LineLayout::block_of`).
    pub(crate) fn keeps(&self, colour: usize) -> bool {
        self.layout.block_of[colour] != NOT_KEPT
    }

    /// Whether `cell`, holding a piece of `colour` (one kept), lies on a run
    /// of at least `length` of that colour along direction `dir`'s axis.
    #[inline]
    pub(crate) fn run_reaches(&self, cell: u16, colour: usize, dir: usize, length: u8) -> bool {
        let layout = &*self.layout;
        let Some(axis) = layout.axis_of[dir] else {
            return false;
        };
        let bit = layout.bit_of[usize::from(cell) * layout.axes + usize::from(axis)];
        run_at(self.block(colour), bit) >= u32::from(length)
    }

    /// Whether `cell`, holding a piece of `colour` (one kept), lies on a run
    /// of at least `length` of that colour along any of the layout's axes
    /// (those of lines with diagonals). Every axis is read, without a
    /// branch between them: a line is rare, and the colour's block and the
    /// cell's places are found once.
    #[inline]
    pub(crate) fn run_reaches_any_axis(&self, cell: u16, colour: usize, length: u8) -> bool {
        let layout = &*self.layout;
        let block = self.block(colour);
        let places = &layout.bit_of[usize::from(cell) * layout.axes..][..layout.axes];
        places.iter().fold(false, |found, &bit| {
            found | (run_at(block, bit) >= u32::from(length))
        })
    }

    /// The words of `colour` (one kept).
    #[inline]
    fn block(&self, colour: usize) -> &[u64] {
        let layout = &*self.layout;
        let kept = usize::from(layout.block_of[colour]);
        &self.words[kept * layout.block..][..layout.block]
    }
}

/// The run of ones through place `bit` of `block` (a set place): the 64
/// places from 32 behind it, the place itself at bit 32, read from the two
/// words they span.
#[inline]
fn run_at(block: &[u64], bit: u32) -> u32 {
    let start = bit as usize - 32;
    let (word, shift) = (start / 64, start % 64);
    let around = (block[word] >> shift) | ((block[word + 1] << 1) << (63 - shift));
    let ahead = (around >> 33).trailing_ones();
    let behind = (around << 32).leading_ones();
    1 + ahead + behind
}

#[cfg(test)]
mod tests;

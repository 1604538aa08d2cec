//! The pieces each colour holds off the board, per kind (colour and shape),
//! with a key kept up to date as they change: the repetition rule names a
//! turn by the position it starts from, and hashing all 54 counts at every
//! turn cost as much as the rest of a turn's bookkeeping.

use super::PIECE_KINDS;
use super::split_list::SplitList;
use crate::rules::{Color, Shape};

#[derive(Debug)]
pub(crate) struct Reserves {
    /// Per kind, how many are held: the first two colours' inline, as most
    /// games have two; the later colours' boxed once one holds a piece.
    counts: SplitList<u16, FIRST_KINDS, { PIECE_KINDS - FIRST_KINDS }>,
    /// The sum of each count times its kind's word: one addition per change,
    /// and equal counts always give equal keys.
    key: u64,
}

/// The kinds counted inline: the six of each of the first two colours.
const FIRST_KINDS: usize = 2 * 6;

/// A kind's place among the counts.
#[inline]
fn index(color: Color, shape: Shape) -> usize {
    color.index() * 6 + shape.index()
}

/// A well-mixed odd word per kind (SplitMix64's finaliser), so that small
/// differences in counts do not cancel out; worked out when compiling.
const KIND_WORDS: [u64; PIECE_KINDS] = {
    let mut words = [0; PIECE_KINDS];
    let mut kind = 0;
    while kind < PIECE_KINDS {
        words[kind] = mixed(kind as u64 + 1);
        kind += 1;
    }
    words
};

/// SplitMix64's finaliser of `n`, made odd: a word whose multiples by
/// small counts do not cancel out.
pub(super) const fn mixed(n: u64) -> u64 {
    let mut z = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}

#[inline]
fn kind_word(kind: usize) -> u64 {
    KIND_WORDS[kind]
}

/// No piece of any kind.
impl Default for Reserves {
    fn default() -> Reserves {
        Reserves::new([0; PIECE_KINDS])
    }
}

/// Equal counts, whether kept or none.
impl PartialEq for Reserves {
    fn eq(&self, other: &Reserves) -> bool {
        self.key == other.key && (0..PIECE_KINDS).all(|kind| self.count(kind) == other.count(kind))
    }
}

impl Eq for Reserves {}

/// Cloned by hand so `clone_from` reuses the counts' memory.
impl Clone for Reserves {
    fn clone(&self) -> Reserves {
        Reserves {
            counts: self.counts.clone(),
            key: self.key,
        }
    }

    fn clone_from(&mut self, source: &Reserves) {
        self.counts.copy_from(&source.counts);
        self.key = source.key;
    }
}

impl Reserves {
    pub(crate) fn new(counts: [u16; PIECE_KINDS]) -> Reserves {
        let key = counts.iter().enumerate().fold(0u64, |key, (kind, &n)| {
            key.wrapping_add(u64::from(n).wrapping_mul(kind_word(kind)))
        });
        Reserves {
            counts: SplitList::from_slice(&counts),
            key,
        }
    }

    #[inline]
    pub(crate) fn get(&self, color: Color, shape: Shape) -> u16 {
        self.count(index(color, shape))
    }

    /// How many pieces of the kind packed as `piece` (see `pack`) are held.
    #[inline]
    pub(crate) fn get_packed(&self, piece: super::Cell) -> u16 {
        self.count(usize::from(piece) - 1)
    }

    #[inline]
    fn count(&self, kind: usize) -> u16 {
        self.counts.get(kind)
    }

    /// The count of `kind`, to change.
    #[inline]
    fn count_mut(&mut self, kind: usize) -> &mut u16 {
        self.counts.get_mut(kind)
    }

    /// One piece of the kind leaves the reserve (placed on the board).
    #[inline]
    pub(crate) fn take_one(&mut self, color: Color, shape: Shape) {
        let kind = index(color, shape);
        *self.count_mut(kind) -= 1;
        self.key = self.key.wrapping_sub(kind_word(kind));
    }

    /// [`Reserves::take_one`] of the kind packed as `piece` (see `pack`),
    /// which a placement has at hand, leaving the key as it was: for a lean
    /// run's copy, whose key nothing reads (see `lean_run`).
    #[inline]
    pub(crate) fn take_one_packed_unkeyed(&mut self, piece: super::Cell) {
        *self.count_mut(usize::from(piece) - 1) -= 1;
    }

    /// `n` pieces of the kind join the reserve; a count stops at its
    /// largest value (doubling captures can outgrow a u16, found by fuzzing).
    pub(crate) fn add(&mut self, color: Color, shape: Shape, n: u16) {
        let kind = index(color, shape);
        let count = self.count_mut(kind);
        let before = *count;
        *count = before.saturating_add(n);
        let added = *count - before;
        self.key = self
            .key
            .wrapping_add(u64::from(added).wrapping_mul(kind_word(kind)));
    }

    /// Whether no piece is held off the board.
    #[inline]
    pub(crate) fn holds_none(&self) -> bool {
        self.counts.is_zero()
    }

    /// A word naming the counts, kept as they change.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_the_counts_whatever_the_path() {
        let mut counts = [0u16; PIECE_KINDS];
        counts[index(Color::Black, Shape::Circle)] = 3;
        counts[index(Color::White, Shape::X)] = 2;
        let start = Reserves::new(counts);
        let mut a = start.clone();
        a.take_one(Color::Black, Shape::Circle);
        a.add(Color::White, Shape::X, 1);
        let mut b = start.clone();
        b.add(Color::White, Shape::X, 1);
        b.take_one(Color::Black, Shape::Circle);
        assert_eq!(a, b);
        assert_eq!(a.get(Color::Black, Shape::Circle), 2);
        assert_eq!(a.get(Color::White, Shape::X), 3);
        assert_ne!(a.key(), start.key());
        // Back to the start's counts, back to its key.
        a.add(Color::Black, Shape::Circle, 1);
        a.take_one(Color::White, Shape::X);
        assert_eq!(a.key(), start.key());
        // Moving a piece from one kind to another changes the key.
        let mut moved = start.clone();
        moved.take_one(Color::Black, Shape::Circle);
        moved.add(Color::Black, Shape::X, 1);
        assert_ne!(moved.key(), start.key());
    }

    #[test]
    fn a_colour_first_held_later_counts_as_one_held_from_the_start() {
        let mut counts = [0u16; PIECE_KINDS];
        counts[index(Color::White, Shape::Circle)] = 1;
        let mut grown = Reserves::new(counts);
        grown.add(Color::Purple, Shape::Star, 4);
        grown.take_one(Color::Purple, Shape::Star);
        counts[index(Color::Purple, Shape::Star)] = 3;
        let from_start = Reserves::new(counts);
        assert_eq!(grown, from_start);
        assert_eq!(grown.key(), from_start.key());
        assert_eq!(grown.get(Color::Purple, Shape::Star), 3);
        assert_eq!(grown.get(Color::Purple, Shape::X), 0);
        assert_eq!(Reserves::default().get(Color::Black, Shape::X), 0);
        assert_eq!(Reserves::default(), Reserves::new([0; PIECE_KINDS]));
    }

    #[test]
    fn a_count_at_its_limit_stays_there_and_the_key_agrees() {
        let mut counts = [0u16; PIECE_KINDS];
        counts[0] = u16::MAX - 1;
        let mut r = Reserves::new(counts);
        r.add(Color::Black, Shape::Circle, 5);
        assert_eq!(r.get(Color::Black, Shape::Circle), u16::MAX);
        counts[0] = u16::MAX;
        assert_eq!(r.key(), Reserves::new(counts).key());
    }
}

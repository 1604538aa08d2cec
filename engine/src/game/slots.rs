//! A set of slots (cells or stacks), a bit each, with the count of each
//! word kept beside it: the i-th open slot is found by counting, not by
//! walking the board, and Random picks among them in a few instructions.

use super::board::copy_into_boxed;

/// A set of slots (cells or stacks), one bit each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Slots {
    /// The slots, a bit each, in `words` words; then, on sets of several
    /// words, each word's count of slots, a byte each, eight to a word:
    /// the i-th slot's word is found by these, not by counting every
    /// word's bits again. One allocation for both: every state carries a
    /// set.
    bits: Box<[u64]>,
    words: u32,
    len: u32,
}

/// The words of bytes that count the slots of `words` words: none for
/// one word, whose slot is found without them.
fn count_words(words: usize) -> usize {
    if words > 1 { words.div_ceil(8) } else { 0 }
}

/// Cloned by hand so `clone_from` reuses the words (a playout restarts
/// from a copy of the start position thousands of times a second).
impl Clone for Slots {
    fn clone(&self) -> Slots {
        Slots {
            bits: self.bits.clone(),
            words: self.words,
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Slots) {
        copy_into_boxed(&mut self.bits, &source.bits);
        self.words = source.words;
        self.len = source.len;
    }
}

impl Slots {
    pub(crate) fn with_room(slots: usize) -> Slots {
        let words = slots.div_ceil(64);
        Slots {
            bits: vec![0; words + count_words(words)].into(),
            words: words as u32,
            len: 0,
        }
    }

    /// The slots, a bit each.
    #[inline]
    fn words(&self) -> &[u64] {
        &self.bits[..self.words as usize]
    }

    /// How many slots each word holds, on sets of several words.
    #[inline]
    fn counts(&self) -> &[u8] {
        let words = self.words as usize;
        &bytemuck::must_cast_slice(&self.bits[words..])[..words]
    }

    /// [`Slots::counts`], to change.
    #[inline]
    fn counts_mut(&mut self) -> &mut [u8] {
        let words = self.words as usize;
        &mut bytemuck::must_cast_slice_mut(&mut self.bits[words..])[..words]
    }

    /// Word `word` gained a slot (`up`) or lost one. Whether the set has
    /// counts is read off the length of its words (a set of one word has
    /// none), which the caller's index into them has just loaded.
    #[inline(always)]
    fn recount(&mut self, word: usize, up: bool) {
        if self.bits.len() > 1 {
            let count = &mut self.counts_mut()[word];
            match up {
                true => *count += 1,
                false => *count -= 1,
            }
        }
        match up {
            true => self.len += 1,
            false => self.len -= 1,
        }
    }

    #[inline]
    pub(crate) fn insert(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        let held = &mut self.bits[word];
        if *held & bit == 0 {
            *held |= bit;
            self.recount(word, true);
        }
    }

    #[inline]
    pub(crate) fn remove(&mut self, slot: u16) {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        let held = &mut self.bits[word];
        if *held & bit != 0 {
            *held &= !bit;
            self.recount(word, false);
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether `slot` is in the set.
    #[inline]
    pub(crate) fn contains(&self, slot: u16) -> bool {
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        self.words().get(word).is_some_and(|w| w & bit != 0)
    }

    /// Empties the set, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.bits.fill(0);
        self.len = 0;
    }

    /// Becomes the slots of `from` without those of `blocked` (a bit per
    /// slot, as many words as `from` has), reusing its own words.
    pub(crate) fn assign_without(&mut self, from: &Slots, blocked: &[u64]) {
        self.clone_from(from);
        self.remove_blocked(blocked);
    }

    /// Takes out the slots of `blocked` (a bit per slot; a word it lacks
    /// takes out every slot of that word).
    pub(crate) fn remove_blocked(&mut self, blocked: &[u64]) {
        let words = self.words as usize;
        self.len = 0;
        for i in 0..words {
            let word = self.bits[i] & !blocked.get(i).copied().unwrap_or(!0);
            self.bits[i] = word;
            let count = (byte_prefix_counts(word) >> 56) as u8;
            if words > 1 {
                self.counts_mut()[i] = count;
            }
            self.len += u32::from(count);
        }
    }

    /// The `index`-th smallest slot (from 0); `index` must be below `len`.
    /// Its word is found without a branch: every word's count is added up,
    /// and the words whose counts all lie at or below `index` are skipped.
    /// A loop that stopped at the word mispredicted on most random picks,
    /// a fifth of 5on15sq's playouts.
    #[inline(always)]
    pub(crate) fn nth(&self, index: usize) -> u16 {
        assert!(index < self.len(), "slot {index} past the last open slot");
        match self.bits[..] {
            // At most 64 slots (every flat board a playout runs fast on):
            // one word, and no counts beside it.
            [word] => nth_bit(word, index as u32) as u16,
            _ => self.nth_of_many(index),
        }
    }

    /// [`Slots::nth`] over several words.
    fn nth_of_many(&self, index: usize) -> u16 {
        let (mut word, mut before, mut through) = (0, 0, 0);
        for &here in self.counts() {
            through += usize::from(here);
            let past = through <= index;
            word += usize::from(past);
            before = if past { through } else { before };
        }
        (word * 64) as u16 + nth_bit(self.bits[word], (index - before) as u32) as u16
    }

    /// The slots, smallest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.iter_within(&[])
    }

    /// The slots also in `mask` (a bit per slot; none asked where `mask`
    /// is empty, every slot), smallest first.
    pub(crate) fn iter_within<'a>(&'a self, mask: &'a [u64]) -> impl Iterator<Item = u16> + 'a {
        self.words().iter().enumerate().flat_map(move |(w, &word)| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_without_blocked_ones_are_counted_word_by_word() {
        // 200 slots (four words), every other one in; then blocked: the
        // multiples of 3, and the whole fourth word (the mask stops short).
        let mut all = Slots::with_room(200);
        (0..200).step_by(2).for_each(|slot| all.insert(slot));
        let mut blocked = vec![0u64; 3];
        for slot in (0..192).step_by(3) {
            blocked[slot / 64] |= 1 << (slot % 64);
        }
        let mut kept = Slots::with_room(9);
        kept.assign_without(&all, &blocked);
        let expected: Vec<u16> = (0..192).filter(|s| s % 2 == 0 && s % 3 != 0).collect();
        assert_eq!(kept.iter().collect::<Vec<_>>(), expected);
        assert_eq!(kept.len(), expected.len());
        let nth: Vec<u16> = (0..kept.len()).map(|i| kept.nth(i)).collect();
        assert_eq!(nth, expected, "each slot found by its place");
        // Removing and inserting keeps the words' counts right.
        kept.remove(expected[0]);
        kept.insert(191);
        let now: Vec<u16> = (0..kept.len()).map(|i| kept.nth(i)).collect();
        assert_eq!(now, kept.iter().collect::<Vec<_>>());
        assert_eq!(now.last(), Some(&191));
    }

    #[test]
    fn a_slot_added_or_taken_twice_is_counted_once() {
        for room in [9, 200] {
            let mut set = Slots::with_room(room);
            for slot in [3, 3, 7, 3, 7, 8] {
                set.insert(slot);
            }
            assert_eq!((set.len(), set.nth(2)), (3, 8), "room {room}");
            for slot in [7, 7, 5] {
                set.remove(slot);
            }
            assert_eq!(set.iter().collect::<Vec<_>>(), [3, 8]);
            assert_eq!((set.len(), set.nth(1)), (2, 8), "room {room}");
            // Taking out blocked slots in place: 8, and on the big set
            // the missing second word's slots too.
            set.insert(150.min(room as u16 - 1));
            set.remove_blocked(&[1 << 8]);
            let left: Vec<u16> = (0..set.len()).map(|i| set.nth(i)).collect();
            assert_eq!(left, [3], "room {room}");
        }
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

//! The turns of the current phase, by key, for the repetition rule: a turn
//! seen before stalemates the phase. Most phases end after a few turns, so
//! the first keys are kept in a short list, searched in a few instructions;
//! a phase that runs long moves them to a hash set. A filter of 64 bits,
//! one per key's top six bits, says at once that most new keys are new:
//! the list is searched only when the key's bit is already set. (One word
//! rather than four: every state carries it, and the list it spares a
//! search of is at most 32 keys.)

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Keys kept in the list before the set takes over.
const FEW: usize = 32;

#[derive(Debug, Default)]
pub(crate) struct SeenTurns {
    few: Vec<u64>,
    /// A bit per top six bits of the listed keys.
    filter: u64,
    /// Every key once the list has filled; empty until then. Boxed: most
    /// phases never fill the list, and every state carries the field.
    many: Option<Box<KeySet>>,
}

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Cloned by hand so `clone_from` reuses the list and the set.
impl Clone for SeenTurns {
    fn clone(&self) -> SeenTurns {
        SeenTurns {
            few: self.few.clone(),
            filter: self.filter,
            many: self.many.as_ref().filter(|many| !many.is_empty()).cloned(),
        }
    }

    fn clone_from(&mut self, source: &SeenTurns) {
        self.few.clone_from(&source.few);
        self.filter = source.filter;
        // An empty set is cleared, not copied: copying would drop the room
        // a long phase grew it to.
        match (&mut self.many, &source.many) {
            (Some(mine), Some(theirs)) if !theirs.is_empty() => mine.clone_from(theirs),
            (mine, Some(theirs)) if !theirs.is_empty() => *mine = Some(theirs.clone()),
            (Some(mine), _) => mine.clear(),
            (None, _) => {}
        }
    }
}

impl SeenTurns {
    /// Remembers `key`; false when it was seen before. Inlined: every turn
    /// asks it, most of them a seat's pass.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        if let Some(many) = self.many.as_mut().filter(|many| !many.is_empty()) {
            return many.insert(key);
        }
        let bit = 1u64 << (key >> 58);
        if self.filter & bit != 0 && self.few.contains(&key) {
            return false;
        }
        self.filter |= bit;
        if self.few.len() < FEW {
            self.few.push(key);
        } else {
            let many = self.many.get_or_insert_default();
            many.extend(self.few.drain(..));
            many.insert(key);
        }
        true
    }

    /// Whether the turn keyed `key` repeats one seen before, remembering
    /// it; a turn that can never repeat (None) clears the memory, since no
    /// turn before it can come back.
    #[inline]
    pub(crate) fn repeats(&mut self, key: Option<u64>) -> bool {
        match key {
            Some(key) => !self.insert(key),
            None => {
                if !self.is_empty() {
                    self.clear();
                }
                false
            }
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.few.is_empty() && self.many.as_ref().is_none_or(|many| many.is_empty())
    }

    pub(crate) fn clear(&mut self) {
        self.few.clear();
        self.filter = 0;
        if let Some(many) = &mut self.many {
            many.clear();
        }
    }
}

/// Hashes the turn keys, which are hashes already: the key is its own hash.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_new_once_whether_listed_or_hashed() {
        let mut seen = SeenTurns::default();
        assert!(seen.is_empty());
        // Past the list's length, so the set takes over midway.
        let keys: Vec<u64> = (0..100u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &k in &keys {
            assert!(seen.insert(k), "{k} is new");
        }
        for &k in &keys {
            assert!(!seen.insert(k), "{k} was seen");
        }
        let copy = seen.clone();
        seen.clear();
        assert!(seen.is_empty());
        assert!(seen.insert(keys[0]), "cleared");
        // Keys that share their top byte are told apart by the list.
        let mut close = SeenTurns::default();
        for k in 0..20u64 {
            assert!(close.insert(0xab00_0000_0000_0000 | k), "{k} is new");
        }
        assert!(!close.insert(0xab00_0000_0000_0005), "seen, same top byte");
        let mut other = SeenTurns::default();
        other.clone_from(&copy);
        assert!(!other.insert(keys[99]) && !other.insert(keys[0]));
        assert!(other.insert(7), "a key never inserted");
    }
}

//! An append-only list that copies share: the record of a match's past.
//!
//! States of one match, a search's tree of them above all, have the same
//! past up to a point. A plain list copies all of it with every state;
//! this one keeps its entries in sealed chunks that copies share behind
//! `Arc`s, and only the last few entries (the tail) are each copy's own.
//! A copy costs at most [`CHUNK`] entries and one reference count, so a
//! state's bytes no longer grow with the length of its game.
//!
//! The tail is sealed every [`CHUNK`] entries. Where no other copy shares
//! the last sealed chunk (a playout's state, a match played on), the tail
//! joins that chunk in place rather than becoming a chunk of its own: a
//! playout then allocates a handful of times per game, not once per
//! [`CHUNK`] moves.
//!
//! Entries are read by index or in order, not as one slice: the chunks
//! are not next to each other in memory.

use std::fmt;
use std::ops::Index;
use std::sync::Arc;

/// The most entries a copy's own tail holds.
pub const CHUNK: usize = 4;

/// The list: sealed chunks shared by every copy, then the copy's own tail.
pub struct Log<T> {
    /// The sealed entries; None until the tail is first sealed. Shared
    /// too, and copied only when a copy that shares it seals its tail.
    full: Option<Arc<Sealed<T>>>,
    /// At most [`CHUNK`] entries, after the full ones: a full tail is
    /// sealed when the next entry comes, so the tail is never empty once an
    /// entry was pushed, and the last entry can be changed in place.
    tail: Vec<T>,
}

/// The sealed chunks, oldest first, each with the index it starts at.
struct Sealed<T> {
    len: usize,
    chunks: Vec<(usize, Arc<Vec<T>>)>,
}

impl<T> Default for Sealed<T> {
    fn default() -> Sealed<T> {
        Sealed {
            len: 0,
            chunks: Vec::new(),
        }
    }
}

/// A copy of the list of chunks shares each chunk.
impl<T> Clone for Sealed<T> {
    fn clone(&self) -> Sealed<T> {
        Sealed {
            len: self.len,
            chunks: self.chunks.clone(),
        }
    }
}

impl<T: Clone> Sealed<T> {
    /// The one chunk of a list that nothing else holds, to be refilled.
    fn own_chunk(&mut self) -> Option<&mut Vec<T>> {
        match &mut self.chunks[..] {
            [(_, only)] => Arc::get_mut(only),
            _ => None,
        }
    }
}

impl<T> Default for Log<T> {
    fn default() -> Log<T> {
        Log {
            full: None,
            tail: Vec::new(),
        }
    }
}

/// A clone shares the sealed chunks. `clone_from` is for a state that is
/// made again and again a copy of others (a playout's, a search's): where
/// this log alone holds its sealed entries, it copies the source's into
/// them, as a plain list would, rather than allocating its own chunks
/// anew with every copy.
impl<T: Clone> Clone for Log<T> {
    fn clone(&self) -> Log<T> {
        Log {
            full: self.full.clone(),
            tail: self.tail.clone(),
        }
    }

    fn clone_from(&mut self, source: &Log<T>) {
        self.tail.clone_from(&source.tail);
        if let Some(sealed) = self.full.as_mut().and_then(Arc::get_mut)
            && let Some(own) = sealed.own_chunk()
        {
            own.clear();
            for (_, chunk) in source.full.iter().flat_map(|theirs| &theirs.chunks) {
                own.extend_from_slice(chunk);
            }
            sealed.len = own.len();
            return;
        }
        self.full.clone_from(&source.full);
    }
}

impl<T: fmt::Debug> fmt::Debug for Log<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for Log<T> {
    fn eq(&self, other: &Log<T>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T> Log<T> {
    /// How many entries the sealed chunks hold.
    fn full_len(&self) -> usize {
        self.full.as_ref().map_or(0, |sealed| sealed.len)
    }

    pub fn len(&self) -> usize {
        self.full_len() + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        match &self.full {
            Some(sealed) if i < sealed.len => {
                let chunk = sealed.chunks.partition_point(|(start, _)| *start <= i) - 1;
                let (start, entries) = &sealed.chunks[chunk];
                entries.get(i - start)
            }
            _ => self.tail.get(i - self.full_len()),
        }
    }

    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&T> {
        self.tail.last()
    }

    /// The entries in order, the oldest first.
    pub fn iter(&self) -> Iter<'_, T> {
        self.since(0)
    }

    /// The entries from index `from` on (none if `from` is past the end).
    pub fn since(&self, from: usize) -> Iter<'_, T> {
        Iter {
            log: self,
            front: from.min(self.len()),
            back: self.len(),
        }
    }

    /// The entries before index `to`, or None if there are fewer.
    pub fn before(&self, to: usize) -> Option<Iter<'_, T>> {
        (to <= self.len()).then_some(Iter {
            log: self,
            front: 0,
            back: to,
        })
    }

    /// Forgets every entry, keeping the tail's memory.
    pub(crate) fn clear(&mut self) {
        self.full = None;
        self.tail.clear();
    }
}

impl<T: Clone> Log<T> {
    #[inline]
    pub(crate) fn push(&mut self, entry: T) {
        if self.tail.len() == CHUNK {
            self.seal_tail();
        }
        self.tail.push(entry);
    }

    /// The last entry, to be changed: it is always in this copy's own tail.
    pub(crate) fn last_mut(&mut self) -> Option<&mut T> {
        self.tail.last_mut()
    }

    /// The entries as one list of their own.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }

    /// Moves the full tail (a push seals it only when full) into the last
    /// sealed chunk where this copy alone holds it, else into a new one.
    /// Copied as a `[T; CHUNK]`: a few moves rather than a call to
    /// `memcpy` (a playout seals every few moves).
    #[cold]
    #[inline(never)]
    fn seal_tail(&mut self) {
        let full: &[T; CHUNK] = self.tail[..].try_into().expect("sealed when full");
        let sealed = Arc::make_mut(self.full.get_or_insert_default());
        sealed.len += CHUNK;
        match sealed
            .chunks
            .last_mut()
            .and_then(|(_, last)| Arc::get_mut(last))
        {
            Some(own) => own.extend_from_slice(full),
            None => {
                let start = sealed.len - CHUNK;
                sealed.chunks.push((start, Arc::new(full.to_vec())));
            }
        }
        self.tail.clear();
    }
}

impl<T> Index<usize> for Log<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(entry) => entry,
            None => panic!("index {i} is past the log's {} entries", self.len()),
        }
    }
}

impl<'a, T> IntoIterator for &'a Log<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// A log's entries from `front` up to `back`, either end first.
pub struct Iter<'a, T> {
    log: &'a Log<T>,
    front: usize,
    back: usize,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter { ..*self }
    }
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        self.log.get(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.back - self.front, Some(self.back - self.front))
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        self.log.get(self.back)
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log and a plain list given the same entries agree.
    #[test]
    fn a_log_reads_as_the_list_it_was_given() {
        let mut log = Log::default();
        let mut list = Vec::new();
        for n in 0..(3 * CHUNK + 3) {
            log.push(n);
            list.push(n);
            assert_eq!(log.len(), list.len());
            assert_eq!(log.to_vec(), list);
            assert_eq!(log.last(), list.last());
            assert_eq!(log[n], n);
        }
        assert_eq!(log.since(5).copied().collect::<Vec<_>>(), list[5..]);
        assert_eq!(log.iter().rev().copied().collect::<Vec<_>>(), {
            let mut reversed = list.clone();
            reversed.reverse();
            reversed
        });
        assert_eq!(log.before(4).unwrap().count(), 4);
        assert!(log.before(list.len() + 1).is_none());
        log.clear();
        assert!(log.is_empty() && log.last().is_none() && log.get(0).is_none());
    }

    /// A log made a copy of others again and again reads as each in turn.
    #[test]
    fn a_log_copied_into_reads_as_its_source() {
        let sources: Vec<Log<usize>> = [3, 2 * CHUNK + 5, 0, CHUNK + 1, 4 * CHUNK]
            .into_iter()
            .map(|len| {
                let mut log = Log::default();
                (0..len).for_each(|n| log.push(n * 10 + len));
                log
            })
            .collect();
        let mut copy = Log::default();
        for source in sources.iter().chain(sources.iter().rev()) {
            copy.clone_from(source);
            assert_eq!(copy.to_vec(), source.to_vec());
            copy.push(1);
            *copy.last_mut().unwrap() = 2;
            assert_eq!(copy.len(), source.len() + 1);
            assert_eq!(copy.last(), Some(&2));
            assert_eq!(copy.since(source.len()).count(), 1);
        }
        for source in &sources {
            let len = source.len();
            let made: Vec<usize> = (0..len).map(|n| n * 10 + len).collect();
            assert_eq!(source.to_vec(), made, "the sources are untouched");
        }
    }

    /// Copies share the full chunks: a change to one never shows in another.
    #[test]
    fn copies_share_the_past_and_keep_their_own_present() {
        let mut first = Log::default();
        for n in 0..(2 * CHUNK + 1) {
            first.push(n);
        }
        let mut second = first.clone();
        *second.last_mut().unwrap() = 100;
        second.push(101);
        first.push(7);
        assert_eq!(first[2 * CHUNK], 2 * CHUNK);
        assert_eq!(second[2 * CHUNK], 100);
        assert_eq!((first[2 * CHUNK + 1], second[2 * CHUNK + 1]), (7, 101));
        let shared = |log: &Log<usize>| Arc::as_ptr(&log.full.as_ref().unwrap().chunks[0].1);
        assert_eq!(shared(&first), shared(&second));
        // Each seals its own next chunk: the one they share stays as it was.
        for n in 0..CHUNK {
            first.push(n);
            second.push(n + 200);
        }
        assert_eq!(shared(&first), shared(&second));
        assert_eq!(first[2 * CHUNK], 2 * CHUNK);
        assert_eq!((first[2 * CHUNK + 2], second[2 * CHUNK + 2]), (0, 200));
    }
}

//! A list of fixed length whose first entries are kept inline and the rest
//! boxed once one of them is first written: what a state keeps per colour
//! (the board's piece counts and colour words, the reserves), where most
//! games use the first colours only and every state carries the list.

/// `FIRST` entries inline, then `LATER` more behind a box made on the
/// first write past the inline ones; unwritten entries read as zero, and
/// a box of zeros is no different from none.
#[derive(Clone, Debug)]
pub(crate) struct SplitList<T, const FIRST: usize, const LATER: usize> {
    first: [T; FIRST],
    later: Option<Box<[T; LATER]>>,
}

impl<T: Copy + Default, const FIRST: usize, const LATER: usize> Default
    for SplitList<T, FIRST, LATER>
{
    fn default() -> Self {
        SplitList {
            first: [T::default(); FIRST],
            later: None,
        }
    }
}

impl<T: Copy + Default + PartialEq, const FIRST: usize, const LATER: usize>
    SplitList<T, FIRST, LATER>
{
    /// The list holding `entries` (at most `FIRST + LATER`; the rest zero):
    /// the later ones boxed only where one is not zero.
    pub(crate) fn from_slice(entries: &[T]) -> Self {
        let mut list = Self::default();
        for (i, &entry) in entries.iter().enumerate() {
            if entry != T::default() {
                *list.get_mut(i) = entry;
            }
        }
        list
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> T {
        match self.first.get(i) {
            Some(&entry) => entry,
            None => (self.later.as_ref()).map_or(T::default(), |later| later[i - FIRST]),
        }
    }

    #[inline(always)]
    pub(crate) fn get_mut(&mut self, i: usize) -> &mut T {
        if i < FIRST {
            return &mut self.first[i];
        }
        // Not cold: a third of a three-colour game's placements come here.
        &mut self.later.get_or_insert_with(Self::zeros)[i - FIRST]
    }

    /// The box of later entries, made on the first write to one.
    #[cold]
    #[inline(never)]
    fn zeros() -> Box<[T; LATER]> {
        Box::new([T::default(); LATER])
    }

    /// The inline entries.
    #[inline]
    pub(crate) fn first(&self) -> &[T; FIRST] {
        &self.first
    }

    /// The boxed entries; empty until one was written.
    #[inline]
    pub(crate) fn later(&self) -> &[T] {
        self.later.as_deref().map_or(&[], |later| later)
    }

    /// Every entry kept, the inline ones first.
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.first.iter().chain(self.later())
    }

    /// Whether every entry is zero.
    #[inline]
    pub(crate) fn is_zero(&self) -> bool {
        self.first == [T::default(); FIRST]
            && self.later().iter().all(|&entry| entry == T::default())
    }

    /// Becomes a copy of `source`, keeping its own box (zeroed where
    /// `source` has none): a playout copies the start again and again, and
    /// a game of three colours boxed its third each time.
    #[inline]
    pub(crate) fn copy_from(&mut self, source: &Self) {
        self.first = source.first;
        match (&mut self.later, &source.later) {
            (Some(mine), Some(theirs)) => **mine = **theirs,
            (Some(mine), None) => **mine = [T::default(); LATER],
            (None, Some(theirs)) => self.later = Some(theirs.clone()),
            (None, None) => {}
        }
    }
}

impl<T: Copy + Default + PartialEq, const FIRST: usize, const LATER: usize> PartialEq
    for SplitList<T, FIRST, LATER>
{
    fn eq(&self, other: &Self) -> bool {
        self.first == other.first && (0..LATER).all(|i| self.get(FIRST + i) == other.get(FIRST + i))
    }
}

impl<T: Copy + Default + Eq, const FIRST: usize, const LATER: usize> Eq
    for SplitList<T, FIRST, LATER>
{
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_past_the_inline_ones_are_boxed_only_once_written() {
        let mut list = SplitList::<u16, 2, 3>::default();
        assert_eq!((list.get(0), list.get(4)), (0, 0));
        assert!(list.later().is_empty() && list.is_zero());
        *list.get_mut(1) += 5;
        assert!(list.later().is_empty(), "an inline write boxes nothing");
        *list.get_mut(3) += 2;
        assert_eq!(list.later(), [0, 2, 0]);
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), [0, 5, 0, 2, 0]);
        assert_eq!(list, SplitList::from_slice(&[0, 5, 0, 2]));
        assert!(
            SplitList::<u16, 2, 3>::from_slice(&[1, 0, 0])
                .later()
                .is_empty()
        );
        let mut copy = SplitList::<u16, 2, 3>::default();
        copy.copy_from(&list);
        assert_eq!(copy, list);
        *list.get_mut(3) -= 2;
        assert!(!list.is_zero() && list.later() == [0, 0, 0]);
        *list.get_mut(1) = 0;
        assert!(list.is_zero(), "a box of zeros is zero");
        assert_eq!(list, SplitList::default(), "and equals no box");
        let boxed = list.later().as_ptr();
        *list.get_mut(4) = 7;
        list.copy_from(&SplitList::default());
        assert_eq!(
            (list.later(), list.later().as_ptr()),
            (&[0, 0, 0][..], boxed)
        );
        assert_ne!(list, SplitList::from_slice(&[0, 0, 0, 0, 7]));
    }
}

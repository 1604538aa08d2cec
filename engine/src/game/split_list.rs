//! A list of fixed length whose first entries are kept inline and the rest
//! boxed once one of them is first written: what a state keeps per colour
//! (the board's piece counts and colour words, the reserves), where most
//! games use the first colours only and every state carries the list.

/// `FIRST` entries inline, then `LATER` more behind a box made on the
/// first write past the inline ones; unwritten entries read as zero.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        self.later_mut(i)
    }

    /// [`SplitList::get_mut`] past the inline entries: the box made on the
    /// first write there.
    #[cold]
    #[inline(never)]
    fn later_mut(&mut self, i: usize) -> &mut T {
        let later = (self.later).get_or_insert_with(|| Box::new([T::default(); LATER]));
        &mut later[i - FIRST]
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

    /// Becomes a copy of `source`, reusing its box where both have one.
    #[inline]
    pub(crate) fn copy_from(&mut self, source: &Self) {
        self.first = source.first;
        self.later.clone_from(&source.later);
    }
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
    }
}

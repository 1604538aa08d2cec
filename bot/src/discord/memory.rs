//! What the adapter remembers between interactions, in memory and capped:
//! ids too long for Discord's 100 characters, the further pages of long
//! option lists, private views waiting behind a "show me" button (when
//! a person's DMs are closed), each person's DM channel, and the last
//! message with a match's buttons in each channel (disabled when the
//! next one is posted). Losing it (a restart) only turns old buttons into
//! a polite "ask again".

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use redscience_commands::{Message, Typed};

use super::components::Unit;

/// How many entries each kind of memory keeps.
const KEPT: usize = 2000;

/// A map that forgets its oldest entries beyond [`KEPT`].
pub struct Recent<K, V> {
    map: HashMap<K, V>,
    order: VecDeque<K>,
}

impl<K: Clone + Eq + Hash, V: Clone> Default for Recent<K, V> {
    fn default() -> Self {
        Recent {
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }
}

impl<K: Clone + Eq + Hash, V: Clone> Recent<K, V> {
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        let old = self.map.insert(key.clone(), value);
        if old.is_none() {
            self.order.push_back(key);
            if self.order.len() > KEPT
                && let Some(oldest) = self.order.pop_front()
            {
                self.map.remove(&oldest);
            }
        }
        old
    }

    pub fn get(&self, key: &K) -> Option<V> {
        self.map.get(key).cloned()
    }
}

/// A further page of options.
#[derive(Clone)]
pub struct Page {
    pub units: Vec<Unit>,
    pub typed: Option<Typed>,
}

/// A private message kept for its owner, whose DMs are closed.
#[derive(Clone)]
pub struct View {
    pub owner: u64,
    pub message: Message,
}

/// A posted message whose buttons are disabled when the next one on the
/// same topic (a match's moves) is posted in its channel.
#[derive(Clone)]
pub struct Live {
    pub message: u64,
    pub units: Vec<Unit>,
    pub typed: Option<Typed>,
}

/// Everything remembered.
pub struct Memory {
    /// Tells this run's keys from an earlier run's.
    run: String,
    next: AtomicU64,
    pub long_ids: Mutex<Recent<String, String>>,
    pub pages: Mutex<Recent<String, Page>>,
    pub views: Mutex<Recent<String, View>>,
    pub dm_channels: Mutex<Recent<u64, u64>>,
    pub live: Mutex<Recent<(u64, String), Live>>,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            run: format!("{:x}", rand::random::<u16>()),
            next: AtomicU64::new(1),
            long_ids: Mutex::default(),
            pages: Mutex::default(),
            views: Mutex::default(),
            dm_channels: Mutex::default(),
            live: Mutex::default(),
        }
    }
}

impl Memory {
    /// A fresh short key.
    pub fn key(&self) -> String {
        format!("{}{}", self.run, self.next.fetch_add(1, Ordering::Relaxed))
    }
}

/// Locks a memory; a panic elsewhere while it was held leaves it usable.
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_entries_are_forgotten() {
        let mut recent: Recent<usize, usize> = Recent::default();
        for i in 0..KEPT + 10 {
            recent.insert(i, i * 2);
        }
        assert_eq!(recent.get(&5), None);
        assert_eq!(recent.get(&(KEPT + 5)), Some((KEPT + 5) * 2));
        let memory = Memory::default();
        assert_ne!(memory.key(), memory.key());
    }
}

//! The services a command works with (`Services`), apart from the bot that
//! dispatches to the commands, so that no command can reach the dispatch.

use std::sync::Mutex;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use redscience_storage::{Platform, Storage};

use crate::cpu::Lanes;

/// What every command works with: storage, the randomness for seeds and
/// seat orders, the wizards under way, the limits, the CPU lanes and which
/// platforms this process's clock serves. The bot (`crate::Bot`) owns one and
/// dispatches to the commands; the commands see only this.
pub struct Services {
    pub(crate) storage: Storage,
    rng: Mutex<Xoshiro256PlusPlus>,
    pub(crate) wizards: crate::wizard_sessions::Wizards,
    pub(crate) limits: crate::limits::Limits,
    /// How many times the clock has ticked in this process.
    pub(crate) ticks: std::sync::atomic::AtomicU64,
    /// The platforms whose matches this process's clock looks after (all
    /// when `None`): a process can deliver only through its transports.
    clock_platforms: Option<Vec<Platform>>,
    /// The permits for CPU-heavy work (searches, drawings).
    pub(crate) cpu: Lanes,
}

impl Services {
    /// The services on this storage; `seed` drives match seeds and seat orders
    /// (tests fix it, the binary draws it).
    pub(crate) fn new(storage: Storage, seed: u64) -> Services {
        Services {
            storage,
            rng: Mutex::new(Xoshiro256PlusPlus::seed_from_u64(seed)),
            wizards: crate::wizard_sessions::Wizards::default(),
            limits: crate::limits::Limits::default(),
            ticks: std::sync::atomic::AtomicU64::new(0),
            clock_platforms: None,
            cpu: Lanes::per_cpu(),
        }
    }

    /// Leaves the matches of other platforms to the processes that run
    /// their transports: this process's clock then looks after these only.
    pub fn clock_only_for(&mut self, platforms: Vec<Platform>) {
        self.clock_platforms = Some(platforms);
    }

    /// Whether this process's clock looks after matches on `platform`.
    pub(crate) fn clocks(&self, platform: Platform) -> bool {
        self.clock_platforms
            .as_ref()
            .is_none_or(|only| only.contains(&platform))
    }

    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    /// A fresh random number (match seeds, seat orders).
    pub(crate) fn random(&self) -> u64 {
        self.rng.lock().expect("the bot's random stream").random()
    }
}

impl Services {
    /// Runs quick CPU work (a picture) off the async runtime, at most as
    /// many at once as the bot allows (one per CPU unless set otherwise).
    pub(crate) async fn cpu<T, F>(&self, work: F) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.cpu.quick.run(work).await
    }

    /// Runs a search off the async runtime, in the lane of long work.
    pub(crate) async fn think<T, F>(&self, work: F) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.cpu.think.run_low(work).await
    }

    /// Allows `n` (at least 1) pieces of CPU work at once in each lane
    /// instead of one per CPU.
    pub fn set_cpu_limit(&mut self, n: usize) {
        self.cpu = Lanes::new(n);
    }

    /// How many pieces of CPU work may run at once in each lane.
    pub fn cpu_limit(&self) -> usize {
        self.cpu.think.size()
    }
}

//! Memory per state: the bytes one game state takes, measured by counting
//! what the heap hands out while a state is cloned.
//!
//! Shared by the playouts benchmark (`engine/benches/playouts.rs`) and the
//! command line's `bench playouts` (`bot/src/bench.rs`), which both include
//! this file, so that both report the same figure. Each binary that
//! includes it gets [`CountingAllocator`] as its global allocator: the
//! system allocator, plus one flag read per allocation while nothing is
//! being measured, so timed playouts pay next to nothing for it.
//!
//! A state's bytes are `size_of::<State>()` plus the heap bytes its clone
//! allocates (a clone allocates what the state owns, at its length rather
//! than its spare capacity). Data the states of one game share, such as the
//! compiled rules behind an `Arc`, is not counted: it is paid once per game,
//! not per state. The figure is the mean over the start, the middle and the
//! end of a few random games, since states grow as a game goes on (a
//! history, for one).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::{Game, State, random};

/// The system allocator, counting this thread's live heap bytes while
/// [`heap_bytes_of`] measures.
pub struct CountingAllocator;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Set only while a measurement runs: otherwise an allocation costs one
/// relaxed load more than the system allocator's.
static MEASURING: AtomicBool = AtomicBool::new(false);

thread_local! {
    // Const-initialised and without a destructor: using it never allocates.
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    if MEASURING.load(Ordering::Relaxed) {
        // During a thread's teardown the slot may be gone; nothing to count then.
        let _ = LIVE_BYTES.try_with(|live| live.set(live.get() + bytes));
    }
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// counting only touches a thread-local integer and never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `make` and returns what it made with the heap bytes that are still
/// allocated (on this thread) when it returns: what the value owns.
pub fn heap_bytes_of<T>(make: impl FnOnce() -> T) -> (T, usize) {
    LIVE_BYTES.with(|live| live.set(0));
    MEASURING.store(true, Ordering::SeqCst);
    let made = make();
    MEASURING.store(false, Ordering::SeqCst);
    let bytes = LIVE_BYTES.with(Cell::get);
    (made, bytes.max(0) as usize)
}

/// The bytes of one state: its own size plus the heap its clone takes.
pub fn state_bytes(state: &State) -> usize {
    let (copy, heap) = heap_bytes_of(|| state.clone());
    drop(copy);
    size_of::<State>() + heap
}

/// The mean bytes per state over the start, middle and end of `games`
/// random games: the states random playouts play, each move Random's
/// choice.
pub fn mean_state_bytes(game: &Arc<Game>, games: u64) -> f64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed_b17e);
    let mut samples = Vec::new();
    for seed in 0..games.max(1) {
        let mut state = game.start_seeded(seed);
        // Bytes at every position, the start first; three are kept.
        let mut along = vec![state_bytes(&state)];
        while let Some(next) = random::random_move(&state, &mut rng) {
            if state.apply(next).is_err() {
                break;
            }
            along.push(state_bytes(&state));
        }
        let last = along.len() - 1;
        samples.extend([along[0], along[last / 2], along[last]]);
    }
    samples.iter().sum::<usize>() as f64 / samples.len() as f64
}

/// Checks the counting on values whose sizes are known: the benchmarks
/// call it before they measure, so a broken count is an error (and fails
/// `cargo test --all-targets`) rather than wrong bytes in a table.
pub fn check_the_counting() -> Result<(), String> {
    let wrong = |what: &str, heap: usize| {
        Err(format!(
            "the memory count is wrong: {what} counted as {heap} bytes"
        ))
    };
    let (bytes, heap) = heap_bytes_of(|| vec![7u8; 1000]);
    drop(bytes);
    if heap != 1000 {
        return wrong("a vector of 1000 bytes", heap);
    }
    let ((), heap) = heap_bytes_of(|| drop(vec![0u64; 500]));
    if heap != 0 {
        return wrong("memory freed before the end", heap);
    }
    // Growing reallocates: what counts is the capacity it ends with.
    let (grown, heap) = heap_bytes_of(|| {
        let mut v = Vec::<u32>::with_capacity(2);
        v.extend(0..100);
        v
    });
    if heap != grown.capacity() * 4 {
        return wrong(
            &format!("a vector of capacity {} u32", grown.capacity()),
            heap,
        );
    }
    Ok(())
}

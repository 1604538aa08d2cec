//! Playouts allocate nothing once warmed up: the compiled kernel's random
//! playouts and the search's iterations on it. A counting allocator wraps
//! the system one for this test binary only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::rollout::Playout;
use redscience_engine::{Game, catalogue, random};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `work`. The test binary runs its tests on several
/// threads, so the tests here run one after another from a single test.
fn allocations(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    work();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

#[test]
fn playouts_allocate_nothing_once_warmed_up() {
    for name in [
        "Tic-Tac-Toe",
        "Connect4",
        "Qubic-4",
        "5on15sq",
        "Connect6-19x19",
    ] {
        let game = Game::new(catalogue::get(name).unwrap()).unwrap();
        let kernel = game.rollout().expect("a kernel");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut start = Playout::default();
        assert!(kernel.load(&game.start(), &mut start));
        let mut board = start.clone();
        let mut moves = 0;
        let count = allocations(|| {
            for _ in 0..200 {
                board.reset_from(&start);
                moves += kernel.play(&mut board, &mut rng).moves;
            }
        });
        assert!(moves > 200, "{name}: games were played");
        assert_eq!(count, 0, "{name}: {count} allocations in 200 playouts");

        // The general engine, for comparison: it allocates, and the figure
        // is printed so a change shows (cargo test -- --nocapture).
        let mut general_moves = 0;
        let count = allocations(|| {
            for g in 0..20 {
                let mut state = game.start_seeded(g);
                state.make_quiet();
                general_moves += random::playout(&mut state, &mut rng);
            }
        });
        println!(
            "{name}: general engine {:.1} allocations a move",
            count as f64 / general_moves as f64
        );
    }
}

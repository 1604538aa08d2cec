//! Playouts allocate (almost) nothing once warmed up: random playouts for
//! their results, where lean runs end most games apart from the match;
//! and whole playouts of a match stay within a bound of allocations a
//! move. A counting allocator wraps the system one for the scenario tests'
//! binary; it counts per thread, so tests running alongside do not count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::rules::RuleSet;
use redscience_engine::{Game, catalogue, random};

struct Counting;

thread_local! {
    // Const-initialised and without a destructor: reading it never allocates.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // During a thread's teardown the slot may be gone; nothing to count then.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `work` on this thread.
fn allocations(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn playouts_allocate_nothing_once_warmed_up() {
    // Phantom Tic-Tac-Toe, the benchmark's stand-in for OpenSpiel's
    // (every space cloaked), is no catalogue game.
    let phantom = RuleSet::from_json(include_str!("../../bench/Phantom-TTT.json")).unwrap();
    let games = [
        "Tic-Tac-Toe",
        "Connect4",
        "Qubic-4",
        "5on15sq",
        "Connect6-19x19",
    ]
    .map(|name| catalogue::get(name).unwrap());
    for rules in games.into_iter().chain([phantom]) {
        let name = rules.name.clone();
        let game = Game::new(rules).unwrap();
        // Playouts for their results (the benchmark's and the search's): a
        // game a line or a full board's draw ends within a lean run
        // allocates nothing. 400 games less 200 leaves out what setting up
        // allocates.
        let played = |games: u64| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            allocations(|| {
                let random::Playouts {
                    games: played,
                    moves,
                    ..
                } = random::playouts(&game, &mut rng, |n| n >= games);
                assert!(
                    played == games && moves > games,
                    "{name}: games were played"
                );
            })
        };
        let per_game = played(400).saturating_sub(played(200)) as f64 / 200.0;
        println!("{name}: {per_game:.2} allocations a playout for its results");
        assert!(
            per_game <= RESULTS_ALLOCATIONS_A_GAME,
            "{name}: {per_game:.2} allocations a playout for its results \
             (at most {RESULTS_ALLOCATIONS_A_GAME} expected)"
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);

        // The general engine allocates (move lists, history); a bound
        // catches a change that makes it allocate per cell or per legal
        // move. In this test's first run: 4.4 a move on Tic-Tac-Toe, 1.6 on
        // Connect4, 1.2 on Qubic-4, 0.4 on 5on15sq, 0.3 on Connect6-19x19;
        // 5.1 on Phantom-TTT when it joined.
        let mut general_moves = 0;
        let count = allocations(|| {
            for g in 0..20 {
                let mut state = game.start_seeded(g);
                general_moves += random::playout(&mut state, &mut rng);
            }
        });
        assert!(general_moves > 20, "{name}: general games were played");
        let per_move = count as f64 / general_moves as f64;
        println!("{name}: general engine {per_move:.1} allocations a move");
        assert!(
            per_move <= GENERAL_ALLOCATIONS_A_MOVE,
            "{name}: the general engine made {per_move:.1} allocations a move \
             (at most {GENERAL_ALLOCATIONS_A_MOVE} expected)"
        );
    }
}

/// The most allocations a playout for its results may make, on average,
/// in the games above: none (0.51 on Tic-Tac-Toe while the match recorded
/// its draws).
const RESULTS_ALLOCATIONS_A_GAME: f64 = 0.0;

/// The most allocations a move the general engine may make in random
/// playouts of the games above: about twice the most measured (4.4 on
/// Tic-Tac-Toe; Phantom-TTT's 5.1 is under it too).
const GENERAL_ALLOCATIONS_A_MOVE: f64 = 9.0;

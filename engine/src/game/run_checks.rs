//! The checks every run played apart from the state answers to (see
//! `lean_run`, `move_run`, `stack_run`): a game played through the runs
//! makes the moves, reaches the states and ends with the results of the
//! same game played move by move the general way, from the same random
//! stream.

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::{Game, LeanRun, State};

/// Plays `game` from `seed` for its results through the runs, and move by
/// move the general way; asserts the same number of moves and the same
/// results. Returns the general way's finished state, and whether the
/// runs ended the game apart from their state.
pub(super) fn play_for_results_both_ways(
    game: &Arc<Game>,
    seed: u64,
    run: &mut LeanRun,
) -> (State, bool) {
    let name = &game.rules.name;
    let start = game.start_seeded(seed);
    let mut general = start.clone();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut general_rng = rng.clone();
    let mut moves = 0;
    while crate::random::play_random(&mut general, &mut general_rng) {
        moves += 1;
    }
    let mut state = start.clone();
    let played = crate::random::play_for_results(&mut state, run, &mut rng, usize::MAX);
    assert_eq!(played.moves, moves, "{name}, seed {seed}: moves");
    let results = match played.apart {
        true => run.results().to_vec(),
        false => state.results().expect("over").to_vec(),
    };
    assert_eq!(Some(&results[..]), general.results(), "{name}, seed {seed}");
    (general, played.apart)
}

/// Plays `game` from `seed` through runs of one to three moves, each
/// settled into its state, and move by move the general way, handing both
/// states to `same` after every run (named by game, seed and ply) until
/// the game ends.
pub(super) fn play_runs_step_by_step(
    game: &Arc<Game>,
    seed: u64,
    run: &mut LeanRun,
    same: impl Fn(&State, &State, &str),
) {
    let name = &game.rules.name;
    let mut state = game.start_seeded(seed);
    let mut general = state.clone();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut general_rng = rng.clone();
    let mut ply = 0;
    while !state.is_finished() {
        // Runs of a few moves, so the states are compared midway.
        let limit = 1 + (ply % 3);
        let mut played = state.play_lean_run(run, &mut rng, limit);
        if played == 0 {
            assert!(crate::random::play_random(&mut state, &mut rng));
            played = 1;
        }
        for _ in 0..played {
            assert!(crate::random::play_random(&mut general, &mut general_rng));
        }
        ply += played;
        same(&state, &general, &format!("{name}, seed {seed}, ply {ply}"));
    }
    assert!(general.is_finished(), "{name}, seed {seed}");
}

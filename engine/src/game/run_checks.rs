//! The checks every run played apart from the state answers to (see
//! `lean_run`, `move_run`, `stack_run`): a game played through the runs
//! makes the moves, reaches the states and ends with the results of the
//! same game played move by move the general way, from the same random
//! stream.

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::{Game, LeanRun, State};
use crate::game::GameState;

/// Plays `game` from `seed` for its results through the runs, and move by
/// move the general way; asserts the same number of moves and the same
/// results. Returns the general way's finished state, and whether the
/// runs ended the game apart from their state.
pub(super) fn play_for_results_both_ways(
    game: &Arc<Game>,
    seed: u64,
    run: &mut LeanRun,
) -> (State, bool) {
    for_results_both_ways(game, seed, run, usize::MAX)
        .unwrap_or_else(|what| panic!("{}, seed {seed}: {what}", game.rules.name))
}

/// [`play_for_results_both_ways`] for at most `cap` moves, saying what
/// differed rather than asserting.
fn for_results_both_ways(
    game: &Arc<Game>,
    seed: u64,
    run: &mut LeanRun,
    cap: usize,
) -> Result<(State, bool), String> {
    let start = game.start_seeded(seed);
    let mut general = start.clone();
    let mut general_rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut moves = 0;
    while moves < cap && crate::random::play_random(&mut general, &mut general_rng) {
        moves += 1;
    }
    let mut state = start;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let played = crate::random::play_for_results(&mut state, run, &mut rng, cap);
    if played.moves != moves {
        return Err(format!(
            "for results: {} moves, the general way {moves}",
            played.moves
        ));
    }
    let results = match played.apart {
        true => Some(run.results().to_vec()),
        false => state.results().map(<[_]>::to_vec),
    };
    if general.is_finished() && results.as_deref() != general.results() {
        return Err(format!(
            "for results: {results:?}, the general way {:?}",
            general.results()
        ));
    }
    Ok((general, played.apart))
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
    let compare = |state: &State, general: &State, ply: usize| {
        same(state, general, &format!("{name}, seed {seed}, ply {ply}"));
        Ok(())
    };
    let general = runs_step_by_step(game, seed, run, usize::MAX, compare)
        .unwrap_or_else(|what| panic!("{name}, seed {seed}: {what}"));
    assert!(general.0.is_finished(), "{name}, seed {seed}");
}

/// The loop of [`play_runs_step_by_step`], for at most `cap` moves:
/// `compare` judges the two states after each run (by ply). Returns the
/// general way's last state and the runs that played, or what differed.
fn runs_step_by_step(
    game: &Arc<Game>,
    seed: u64,
    run: &mut LeanRun,
    cap: usize,
    compare: impl Fn(&State, &State, usize) -> Result<(), String>,
) -> Result<(State, Vec<FastPath>), String> {
    let mut state = game.start_seeded(seed);
    let mut general = state.clone();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut general_rng = rng.clone();
    let (mut ply, mut took) = (0, Vec::new());
    while !state.is_finished() && ply < cap {
        // Runs of a few moves, so the states are compared midway.
        let mut played = state.play_lean_run(run, &mut rng, 1 + ply % 3);
        if played > 0 {
            took.push(run.kind_played());
        } else if crate::random::play_random(&mut state, &mut rng) {
            played = 1;
        } else {
            return Err(format!("ply {ply}: no move, the game not over"));
        }
        for _ in 0..played {
            if !crate::random::play_random(&mut general, &mut general_rng) {
                return Err(format!("ply {ply}: the general way ended first"));
            }
        }
        ply += played;
        compare(&state, &general, ply)?;
    }
    Ok((general, took))
}

/// Which run played a stretch of a game apart from the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum FastPath {
    /// Placements that a line may end (`lean_run`).
    Placements,
    /// Pieces that move (`move_run`).
    Moves,
    /// Placements on stacks, phase by phase (`stack_run`).
    Stacks,
}

/// What two states of one match, one reached through runs, must agree on;
/// the first difference, named.
fn first_difference(run: &State, general: &State) -> Option<&'static str> {
    let checks: [(&str, bool); 8] = [
        ("history", run.history() == general.history()),
        ("decisions", run.decisions() == general.decisions()),
        ("seat to move", run.to_move() == general.to_move()),
        ("phase", run.phase() == general.phase()),
        ("position", run.position_key() == general.position_key()),
        ("turn", run.moves_this_turn() == general.moves_this_turn()),
        (
            "legal moves",
            run.legal_actions() == general.legal_actions(),
        ),
        ("results", run.results() == general.results()),
    ];
    checks.iter().find(|(_, same)| !same).map(|(what, _)| *what)
}

/// Plays `game` from `seed` through the runs and move by move the general
/// way, from the same random stream, as the tools play it: in runs of one
/// to three moves settled into the state (compared with the general
/// state after as many moves), and whole, for its results (the same
/// moves, the same results). At most `cap` moves each. Returns the runs
/// that played, or the first difference.
pub(super) fn fast_paths_agree(
    game: &Arc<Game>,
    seed: u64,
    cap: usize,
) -> Result<Vec<FastPath>, String> {
    let mut run = LeanRun::default();
    let compare =
        |state: &State, general: &State, ply: usize| match first_difference(state, general) {
            Some(what) => Err(format!("runs settled, ply {ply}: {what} differ")),
            None => Ok(()),
        };
    let (_, mut took) = runs_step_by_step(game, seed, &mut run, cap, compare)?;
    for_results_both_ways(game, seed, &mut run, cap)?;
    took.sort();
    took.dedup();
    Ok(took)
}

#[cfg(test)]
mod generated;

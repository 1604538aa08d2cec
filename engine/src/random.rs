//! The Random player (and Chaos, which plays the same way): every legal move
//! listed once per reserve piece it could use, then a uniform pick. Random
//! never offers a draw and answers offers at even odds. The chances are the
//! game interface's ([`State::chance_outcomes`]), so Random and the chance
//! nodes of a search follow one rule.

use rand::Rng;

use crate::game::{Move, State};

/// Random's choice for the seat to move, or None when the game is over.
pub fn random_move<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    state.chance_outcomes().sample(rng)
}

/// Plays Random's choice for the seat asked next; false when the game is
/// over. The move is drawn from the legal ones, so it is applied without
/// being checked again (a playout's moves are a tenth of its work).
pub fn play_random<R: Rng + ?Sized>(state: &mut State, rng: &mut R) -> bool {
    match random_move(state, rng) {
        Some(mv) => {
            state.apply_drawn(mv);
            true
        }
        None => false,
    }
}

/// Plays Random's moves, at most `limit` and at least one while the game
/// goes on: a lean run of placements where the position allows one (see
/// `State::play_lean_run`), else one move. Returns how many were played.
#[inline]
pub(crate) fn play_random_run<R: Rng + ?Sized>(
    state: &mut State,
    rng: &mut R,
    limit: usize,
) -> usize {
    match state.play_lean_run(rng, limit) {
        0 => usize::from(play_random(state, rng)),
        run => run,
    }
}

/// Plays random moves until the game ends; returns the number of moves applied.
pub fn playout<R: Rng + ?Sized>(state: &mut State, rng: &mut R) -> usize {
    let mut moves = 0;
    loop {
        match play_random_run(state, rng, usize::MAX) {
            0 => return moves,
            run => moves += run,
        }
    }
}

/// Plays whole random games from the start position until `stop`, asked
/// after each game with the count so far, says enough; returns the games
/// and the moves played. Games go through the compiled kernel when the rule
/// set has one, unless `general` asks for the general engine.
pub fn playouts<R: Rng + ?Sized>(
    game: &std::sync::Arc<crate::Game>,
    rng: &mut R,
    general: bool,
    mut stop: impl FnMut(u64) -> bool,
) -> (u64, u64) {
    let (mut games, mut moves) = (0u64, 0u64);
    match game.rollout() {
        Some(kernel) if !general && kernel.load(&game.start(), &mut Default::default()) => {
            let mut start = crate::rollout::Playout::default();
            kernel.load(&game.start(), &mut start);
            let mut board = start.clone();
            loop {
                board.reset_from(&start);
                moves += kernel.play(&mut board, rng).moves as u64;
                games += 1;
                if stop(games) {
                    return (games, moves);
                }
            }
        }
        _ => {
            let start = game.start_seeded(0);
            let mut state = start.clone();
            loop {
                state.restart_from(&start, games);
                moves += playout(&mut state, rng) as u64;
                games += 1;
                if stop(games) {
                    return (games, moves);
                }
            }
        }
    }
}

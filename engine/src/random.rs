//! The Random player (and Chaos, which plays the same way): every legal move
//! listed once per reserve piece it could use, then a uniform pick. Random
//! never offers a draw and answers offers at even odds. The chances are the
//! game interface's ([`State::chance_outcomes`]), so Random and the chance
//! nodes of a search follow one rule.

use rand::Rng;

use crate::game::{Chances, GameState};
use crate::game::{LeanRun, Move, RunStop, State};

/// Random's choice for the seat to move, or None when the game is over.
pub fn random_move<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Move> {
    state.chance_outcomes().sample(rng)
}

/// Plays Random's choice for the seat asked next; false when the game is
/// over. The move is drawn from the legal ones, so it is applied without
/// being checked again (a playout's moves are a tenth of its work).
pub fn play_random<R: Rng + ?Sized>(state: &mut State, rng: &mut R) -> bool {
    play_picked(state, rng, &mut random_move)
}

/// Plays `pick`'s move for the seat asked next (one of its legal actions
/// or chance outcomes, so not checked again); false when the game is over.
#[inline]
fn play_picked<R: Rng + ?Sized>(
    state: &mut State,
    rng: &mut R,
    pick: &mut impl FnMut(&State, &mut R) -> Option<Move>,
) -> bool {
    match pick(state, rng) {
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
    run: &mut LeanRun,
    rng: &mut R,
    limit: usize,
) -> usize {
    match state.play_lean_run(run, rng, limit) {
        0 => usize::from(play_random(state, rng)),
        played => played,
    }
}

/// Plays random moves until the game ends; returns the number of moves applied.
pub fn playout<R: Rng + ?Sized>(state: &mut State, rng: &mut R) -> usize {
    let mut run = LeanRun::default();
    let mut moves = 0;
    loop {
        match play_random_run(state, &mut run, rng, usize::MAX) {
            0 => return moves,
            played => moves += played,
        }
    }
}

/// How a playout for its results went (see [`play_for_results`]).
pub struct Played {
    /// The moves played.
    pub moves: usize,
    /// Whether a lean run ended the game apart from the state (every
    /// seat's result is then `LeanRun::results`); else the state holds the
    /// end, or the limit came first.
    pub apart: bool,
    /// Whether the state moved on from where it was.
    pub moved: bool,
}

/// Plays Random's moves from `state` until the game ends or `limit` moves
/// are played, for the results alone: a lean run that a line ends is
/// played on `run` only, and the state stays where the run began (see
/// [`Played::apart`]). Every move is the one
/// [`playout`] makes from the same random stream.
pub fn play_for_results<R: Rng + ?Sized>(
    state: &mut State,
    run: &mut LeanRun,
    rng: &mut R,
    limit: usize,
) -> Played {
    play_for_results_with(state, run, rng, limit, LeanRun::play)
}

/// [`play_for_results`], with each lean run of placements played out by
/// `placements` instead of [`LeanRun::play`]'s Random draws: a search's
/// playout policy, given the run loaded, the game, the stream and how many
/// moves it may play, returning how many it played and why it stopped.
/// The other moves are Random's.
pub fn play_for_results_with<R: Rng + ?Sized>(
    state: &mut State,
    run: &mut LeanRun,
    rng: &mut R,
    limit: usize,
    placements: impl Fn(&mut LeanRun, &crate::Game, &mut R, usize) -> (usize, RunStop),
) -> Played {
    play_for_results_picking(state, run, rng, limit, placements, random_move)
}

/// [`play_for_results_with`], with every move outside a lean run chosen by
/// `pick` instead of Random: a search's playout policy for the moves of
/// the general way (None when there is none, the game being over). `pick`
/// must choose one of the state's legal actions or chance outcomes: its
/// move is applied as a drawn one, without being checked again.
pub fn play_for_results_picking<R: Rng + ?Sized>(
    state: &mut State,
    run: &mut LeanRun,
    rng: &mut R,
    limit: usize,
    placements: impl Fn(&mut LeanRun, &crate::Game, &mut R, usize) -> (usize, RunStop),
    mut pick: impl FnMut(&State, &mut R) -> Option<Move>,
) -> Played {
    let (mut moves, mut moved) = (0, false);
    while moves < limit {
        if let Some((played, stop)) = run.play_from(state, rng, limit - moves, &placements) {
            moves += played;
            if stop.decided() {
                let apart = true;
                return Played {
                    moves,
                    apart,
                    moved,
                };
            }
            run.settle(state, stop);
        } else if play_picked(state, rng, &mut pick) {
            moves += 1;
        } else {
            break;
        }
        moved = true;
    }
    Played {
        moves,
        apart: false,
        moved,
    }
}

/// The most moves a whole-game tool plays in one game before it stops the
/// game itself and says so: every rule set that validates ends its games
/// (stalemates, move limits), but one whose pieces wander a big board may
/// take longer than anyone will wait.
pub const GAME_MOVE_CAP: usize = 20_000;

/// What [`playouts`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    pub games: u64,
    pub moves: u64,
    /// Games stopped at [`GAME_MOVE_CAP`] moves, not ended by the rules.
    pub capped: u64,
}

/// Plays whole random games from the start position until `stop`, asked
/// after each game with the count so far, says enough; each game stops at
/// [`GAME_MOVE_CAP`] moves if the rules have not ended it. Each game is
/// played for its results (see [`play_for_results`]), the `games`-th
/// seeded `games`.
pub fn playouts<R: Rng + ?Sized>(
    game: &std::sync::Arc<crate::Game>,
    rng: &mut R,
    mut stop: impl FnMut(u64) -> bool,
) -> Playouts {
    let (mut games, mut moves, mut capped) = (0u64, 0u64, 0u64);
    let start = game.start_seeded(0);
    let mut state = start.clone();
    let mut run = LeanRun::default();
    loop {
        let played = play_for_results(&mut state, &mut run, rng, GAME_MOVE_CAP);
        moves += played.moves as u64;
        games += 1;
        if !played.apart && !state.is_finished() {
            capped += 1;
        }
        // A game a lean run ended apart left the start as it was.
        match played.moved {
            true => state.restart_from(&start, games),
            false => state.set_seed(games),
        }
        if stop(games) {
            return Playouts {
                games,
                moves,
                capped,
            };
        }
    }
}

//! The search on a lean run: where the whole game is one lean phase of one
//! placement a turn (Tic-Tac-Toe, Connect4, Qubic, Gomoku and people's
//! variants of them), the tree runs on a copy of the board
//! ([`LeanRun`]), so an iteration copies a board instead of a match's
//! state, and several times more iterations fit in the same thinking time.
//! A position the run hands back (a seat with no piece left, a stalemate
//! the position decides) is judged by the match's own rules: the root's state records the run's
//! moves and plays on from there.

use rand::{Rng, RngExt};

use super::{Node, Scratch, add_child, backpropagate, most_visited, play_out, select};
use crate::game::{LeanRun, Move, RunStop, State, return_of};

/// The run the search plays on from `root`, where its tree can: the one
/// phase is lean, a turn is one placement and nothing else is ever legal
/// (no pass), and no Chaos seat makes chance moves.
pub(super) fn start(root: &State) -> Option<LeanRun> {
    let game = root.game();
    let one_lean_phase = game.rules.phases.len() == 1
        && !game.rules.phases[0].pass
        && game.rules.pieces_per_turn == 1
        && game.chaos_seat().is_none();
    let mut run = LeanRun::default();
    (one_lean_phase && run.load(root)).then_some(run)
}

/// UCT from `root`, loaded into `start`.
pub(super) fn search<R: Rng + ?Sized>(
    root: &State,
    start: &LeanRun,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    let game = root.game().clone();
    let mut nodes = vec![Node::root(start.to_move(), start.moves(&game))];
    let mut run = start.clone();
    let mut sim = root.clone();
    let mut scratch = Scratch::default();
    let mut results = Vec::with_capacity(game.seats.len());
    let mut iterations = 0;
    loop {
        run.clone_from(start);
        let mut at = 0;
        let mut ended: Option<RunStop> = None;
        while ended.is_none() && nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            at = select(&nodes, at);
            ended = run.make(&game, nodes[at].mv.expect("a child has a move"));
        }
        if ended.is_none() && !nodes[at].untried.is_empty() {
            let pick = rng.random_range(0..nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(pick);
            let seat = run.to_move();
            ended = run.make(&game, mv);
            let untried = match ended {
                Some(_) => Vec::new(),
                None => run.moves(&game),
            };
            at = add_child(&mut nodes, at, mv, seat, untried);
        }
        let ended = ended.unwrap_or_else(|| run.play(&game, rng, usize::MAX).1);
        results.clear();
        if ended.decided() {
            results.extend(run.results().iter().map(|&r| return_of(r)));
        } else {
            // The match's rules judge it from here: the root records the
            // run's moves, and plays on at random where the match goes on.
            sim.clone_from(root);
            sim.settle_lean(&run, false);
            play_out(&mut sim, rng, &mut scratch, &mut results);
        }
        backpropagate(&mut nodes, at, &results);
        iterations += 1;
        if stop(iterations) {
            break;
        }
    }
    most_visited(&nodes)
}

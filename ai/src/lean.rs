//! The search on a lean run: where the whole game is one lean phase of one
//! placement a turn (Tic-Tac-Toe, Connect4, Qubic, Gomoku and people's
//! variants of them), the tree runs on a copy of the board
//! ([`LeanRun`]), so an iteration copies a board instead of a match's
//! state, and several times more iterations fit in the same thinking time.
//! A position the run hands back (a seat with no piece left, a stalemate
//! the position decides) is judged by the match's own rules: the root's state records the run's
//! moves and plays on from there.

use std::sync::Arc;

use rand::Rng;

use super::tree::{self, Descent};
use super::{Node, Scratch, play_out, ranked};
use redscience_engine::Game;
use redscience_engine::game::{LeanRun, Move, RunStop, State, return_of};

/// The run the search plays on from `root`, where its tree can: the one
/// phase is lean, a turn is one placement and nothing else is ever legal
/// (no pass), and no Chaos seat makes chance moves.
pub(super) fn start(root: &State) -> Option<LeanRun> {
    let game = root.game();
    let one_lean_phase = game.rules.phases.len() == 1
        && !game.rules.phases[0].pass
        && game.rules.pieces_per_turn == 1
        && game.chaos_seat().is_none()
        && game.rules.dice.is_none();
    let mut run = LeanRun::default();
    run.inform(game);
    if !(one_lean_phase && run.load(root)) {
        return None;
    }
    run.note_all_threats(game);
    Some(run)
}

/// UCT from `root`, loaded into `start`, over the root's `moves` (the
/// run's own, or those the guard kept); the moves most trusted first.
pub(super) fn search<R: Rng + ?Sized>(
    root: &State,
    start: &LeanRun,
    moves: Vec<Move>,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
) -> Vec<Move> {
    let game = root.game().clone();
    let top = Node::root(start.to_move(), moves);
    let mut descent = RunDescent {
        root,
        start,
        run: start.clone(),
        ended: None,
        sim: root.clone(),
        scratch: Scratch::informed(&game),
        game,
    };
    ranked(&tree::grow(&mut descent, top, rng, stop))
}

/// The tree's descent on a copy of the run loaded at the root.
struct RunDescent<'a> {
    root: &'a State,
    start: &'a LeanRun,
    game: Arc<Game>,
    run: LeanRun,
    /// Why the run stopped, once it did (the game decided, or handed back).
    ended: Option<RunStop>,
    /// Where the match's rules judge a run handed back.
    sim: State,
    scratch: Scratch,
}

impl Descent for RunDescent<'_> {
    fn restart(&mut self, _iteration: usize) {
        self.run.clone_from(self.start);
        self.ended = None;
    }

    /// No chance: a lean game has no Chaos seat.
    fn chance<R: Rng + ?Sized>(&mut self, _rng: &mut R) {}

    fn open(&self) -> bool {
        self.ended.is_none()
    }

    fn mover(&self) -> usize {
        self.run.to_move()
    }

    fn make(&mut self, mv: Move) -> bool {
        self.ended = self.run.make(&self.game, mv);
        true
    }

    fn moves(&self) -> Vec<Move> {
        self.run.moves(&self.game)
    }

    /// A lean game has no chance and nothing hidden from the search: with
    /// two seats, its ends prove.
    fn proves(&self) -> bool {
        self.game.seats.len() == 2
    }

    fn over(&self) -> bool {
        self.ended.is_some_and(|stop| stop.decided())
    }

    fn exploration(&self) -> f64 {
        match super::playout::under_gravity(self.start, &self.game) {
            true => super::EXPLORATION_UNDER_GRAVITY,
            false => super::EXPLORATION,
        }
    }

    fn played(&self, played: &mut super::rave::Played) {
        played.load(self.run.placements());
    }

    fn order<R: Rng + ?Sized>(&self, moves: &mut [Move], rng: &mut R) {
        let run = &self.run;
        super::widen::order(moves, &self.game.geometry, |c| run.occupied(c), rng);
    }

    fn score<R: Rng + ?Sized>(&mut self, _at: usize, rng: &mut R, results: &mut Vec<f64>) {
        let ended = match self.ended {
            Some(stop) => stop,
            None => super::playout::play(&mut self.run, &self.game, rng, usize::MAX).1,
        };
        results.clear();
        if ended.decided() {
            results.extend(self.run.results().iter().map(|&r| return_of(r)));
        } else {
            // The match's rules judge it from here: the root records the
            // run's moves, and plays on at random where the match goes on.
            self.sim.clone_from(self.root);
            self.sim.settle_lean(&self.run, false);
            play_out(&mut self.sim, rng, &mut self.scratch, results);
        }
    }
}

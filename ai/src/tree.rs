//! The one loop of the search's tree (UCT): selection down through fully
//! expanded nodes, the expansion of one untried move, a score of the
//! position reached, and backpropagation. What the tree descends through
//! is a [`Descent`]: a match's state (one position, or the worlds of an
//! information set; see `StateDescent` in the parent module), or a lean
//! run's copy of the board (see `lean`), where an iteration copies a board
//! instead of a match's state.

use rand::{Rng, RngExt};

use super::{Node, add_child, backpropagate, proven, rave, select, widen};
use redscience_engine::game::Move;

/// A position the tree descends through, restarted at every iteration.
pub(super) trait Descent {
    /// Starts the `iteration`-th descent from its root.
    fn restart(&mut self, iteration: usize);

    /// Plays what is no seat's decision before the next one (Chaos's
    /// turns, where they are chance), drawing from `rng`.
    fn chance<R: Rng + ?Sized>(&mut self, rng: &mut R);

    /// Whether one seat decides here: not over, not handed back, no sealed
    /// round.
    fn open(&self) -> bool;

    /// The seat that decides here.
    fn mover(&self) -> usize;

    /// Whether chance decides here on the tree (the die's roll): its
    /// children are drawn at random, as likely as the faces, never chosen.
    fn at_chance(&self) -> bool {
        false
    }

    /// Makes `mv`; false where it cannot be made here (a move of another
    /// world), which ends the descent.
    fn make(&mut self, mv: Move) -> bool;

    /// The moves the tree considers here.
    fn moves(&self) -> Vec<Move>;

    /// Orders moves of the position here for expansion, the next to try
    /// last (see `widen`).
    fn order<R: Rng + ?Sized>(&self, moves: &mut [Move], rng: &mut R);

    /// Every seat's score (1 win, 0.5 draw, 0 loss) of the game played on
    /// from the position reached below node `at`, into `results`.
    fn score<R: Rng + ?Sized>(&mut self, at: usize, rng: &mut R, results: &mut Vec<f64>);

    /// Loads into `played` the moves made from the root in this iteration,
    /// tree and playout, in order, where the descent knows them (for
    /// [`rave`]); by default none.
    fn played(&self, played: &mut rave::Played) {
        played.load(std::iter::empty());
    }

    /// What the leaf at `at` learns from `results` once they are
    /// backpropagated (a sealed round's planners).
    fn learn(&mut self, _at: usize, _results: &[f64]) {}

    /// Whether wins and losses met in the tree prove its nodes (see
    /// [`proven`]): two seats, nothing hidden, no chance, so a position's
    /// moves lead to the same positions every time.
    fn proves(&self) -> bool {
        false
    }

    /// Whether the game is over here, its results decided (not a position
    /// handed back or a sealed round).
    fn over(&self) -> bool {
        false
    }

    /// UCT's exploration constant for this tree.
    fn exploration(&self) -> f64 {
        super::EXPLORATION
    }
}

/// Grows a tree from `root` through `descent` until `stop`, asked after
/// every iteration with the count so far, says enough (at least one
/// iteration runs); returns its nodes, the root first.
pub(super) fn grow<D: Descent, R: Rng + ?Sized>(
    descent: &mut D,
    root: Node,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Vec<Node> {
    let mut root = root;
    descent.restart(0);
    descent.order(&mut root.untried, rng);
    let mut nodes = vec![root];
    let mut results = Vec::new();
    let mut played = rave::Played::default();
    let mut iterations = 0;
    let proves = descent.proves();
    let exploration = descent.exploration();
    loop {
        descent.restart(iterations);
        let mut at = 0;
        // Selection: down through fully expanded nodes by UCT.
        loop {
            descent.chance(rng);
            if !(full(&nodes[at]) && descent.open()) {
                break;
            }
            at = if descent.at_chance() {
                let children = &nodes[at].children;
                children[rng.random_range(0..children.len())]
            } else {
                select(&nodes, at, exploration)
            };
            if !descent.make(nodes[at].mv.expect("a child has a move")) {
                break;
            }
        }
        // Expansion: one untried move.
        let mut ended = false;
        if !nodes[at].untried.is_empty() && descent.open() {
            let mv = nodes[at].untried.pop().expect("an untried move");
            let seat = descent.mover();
            if descent.make(mv) {
                descent.chance(rng);
                let untried = match descent.open() {
                    true => {
                        let mut moves = descent.moves();
                        descent.order(&mut moves, rng);
                        moves
                    }
                    false => Vec::new(),
                };
                at = add_child(&mut nodes, at, mv, seat, untried);
                ended = proves && descent.over();
            }
        }
        descent.score(at, rng, &mut results);
        if ended {
            proven::mark_end(&mut nodes, at, &results);
        }
        backpropagate(&mut nodes, at, &results);
        descent.played(&mut played);
        played.update(&mut nodes, at, &results);
        descent.learn(at, &results);
        iterations += 1;
        if stop(iterations) {
            return nodes;
        }
    }
}

/// Whether selection passes `node` by: it has children and may open no
/// other now (every move tried, or a wide node at its allowance).
fn full(node: &Node) -> bool {
    !node.children.is_empty()
        && (node.untried.is_empty()
            || node.wide && node.children.len() >= widen::children_allowed(node.visits))
}

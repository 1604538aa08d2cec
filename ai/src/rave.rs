//! Knowledge learned during the search: all moves as first (AMAF, as in
//! RAVE). A playout that made a move anywhere below a node says a little
//! about that move at the node too; on a big board, where a node's own
//! visits spread thin, those counts separate good cells from bad long
//! before the visits do. A child's value blends its own average with its
//! AMAF average, trusting the AMAF one less as its own visits grow.
//!
//! Only where the descent reports the moves made (see
//! `Descent::played`); elsewhere a node's value is its own average.

use rustc_hash::FxHashMap;

use super::Node;
use redscience_engine::game::Move;

/// Visits at which a child's own average and its AMAF average weigh the
/// same, roughly (the equivalence parameter of RAVE).
const EQUIVALENCE: f64 = 600.0;

/// A child's value for selection: its average, blended with its AMAF
/// average while its visits are few.
pub(super) fn value(node: &Node) -> f64 {
    let v = f64::from(node.visits.max(1));
    let own = node.reward / v;
    if node.amaf_visits == 0 {
        return own;
    }
    let amaf = node.amaf_reward / f64::from(node.amaf_visits);
    let beta = (EQUIVALENCE / (3.0 * v + EQUIVALENCE)).sqrt();
    (1.0 - beta) * own + beta * amaf
}

/// Where each move of an iteration was first made: its place among the
/// moves made from the root (tree and playout). Placements, most of the
/// moves of most games, are kept by cell, so an update looks no move up
/// in a hash table.
#[derive(Default)]
pub(super) struct Played {
    /// Per cell, the first placement made there and its place.
    by_cell: Vec<Option<(Move, usize)>>,
    /// The cells `by_cell` holds a placement of, to clear.
    cells: Vec<usize>,
    /// The other moves (steps, passes, a second placement on a cell).
    others: FxHashMap<Move, usize>,
    /// Scratch: the path of the last update, leaf first.
    path: Vec<usize>,
}

impl Played {
    /// Records `moves`, made in order from the root.
    pub(super) fn load(&mut self, moves: impl Iterator<Item = Move>) {
        for &cell in &self.cells {
            self.by_cell[cell] = None;
        }
        self.cells.clear();
        self.others.clear();
        for (at, mv) in moves.enumerate() {
            if let Move::Place { to, .. } = mv {
                let cell = usize::from(to);
                if cell >= self.by_cell.len() {
                    self.by_cell.resize(cell + 1, None);
                }
                match self.by_cell[cell] {
                    None => {
                        self.by_cell[cell] = Some((mv, at));
                        self.cells.push(cell);
                        continue;
                    }
                    Some((first, _)) if first == mv => continue,
                    Some(_) => {}
                }
            }
            self.others.entry(mv).or_insert(at);
        }
    }

    /// Where `mv` was first made, if it was.
    fn first(&self, mv: Move) -> Option<usize> {
        if let Move::Place { to, .. } = mv
            && let Some(&Some((first, at))) = self.by_cell.get(usize::from(to))
            && first == mv
        {
            return Some(at);
        }
        match self.others.is_empty() {
            true => None,
            false => self.others.get(&mv).copied(),
        }
    }

    /// Updates the AMAF counts of the children of every node on the path
    /// from `leaf` up: a child whose move was made at or after its
    /// parent's depth counts the playout, for the seat that makes it.
    pub(super) fn update(&mut self, nodes: &mut [Node], leaf: usize, results: &[f64]) {
        if self.cells.is_empty() && self.others.is_empty() {
            return;
        }
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut node = Some(leaf);
        while let Some(n) = node {
            path.push(n);
            node = nodes[n].parent;
        }
        // The root is at depth 0; a node's children's moves are made from
        // its depth on.
        for (depth, &n) in path.iter().rev().enumerate() {
            for i in 0..nodes[n].children.len() {
                let c = nodes[n].children[i];
                let Some(mv) = nodes[c].mv else { continue };
                if self.first(mv).is_some_and(|at| at >= depth) {
                    let child = &mut nodes[c];
                    child.amaf_visits += 1;
                    child.amaf_reward += results.get(child.seat).copied().unwrap_or(0.5);
                }
            }
        }
        self.path = path;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{add_child, backpropagate};

    fn at(to: u16) -> Move {
        Move::Place {
            color: redscience_engine::rules::Color::Black,
            shape: redscience_engine::rules::Shape::Circle,
            to,
        }
    }

    #[test]
    fn a_move_made_later_counts_for_the_sibling_that_makes_it_first() {
        let mut nodes = vec![Node::root(1, vec![])];
        let a = add_child(&mut nodes, 0, at(1), 0, vec![]);
        let b = add_child(&mut nodes, 0, at(2), 0, vec![]);
        let c = add_child(&mut nodes, 0, at(3), 0, vec![]);
        // The iteration went through `a`, and the playout then made 2.
        let mut played = Played::default();
        played.load([at(1), at(9), at(2)].into_iter());
        backpropagate(&mut nodes, a, &[1.0, 0.0]);
        played.update(&mut nodes, a, &[1.0, 0.0]);
        assert_eq!((nodes[a].amaf_visits, nodes[b].amaf_visits), (1, 1));
        assert_eq!(nodes[c].amaf_visits, 0, "3 was never made");
        assert_eq!(nodes[b].amaf_reward, 1.0);
        // B's own visits are none: its value is nearly its AMAF average.
        assert!(value(&nodes[b]) > 0.99);
        // A's own average and its AMAF one agree.
        assert_eq!(value(&nodes[a]), 1.0);
    }

    #[test]
    fn a_later_placement_on_the_same_cell_is_known_apart() {
        let white = |to: u16| Move::Place {
            color: redscience_engine::rules::Color::White,
            shape: redscience_engine::rules::Shape::Circle,
            to,
        };
        let mut played = Played::default();
        played.load([at(4), white(4), at(4), white(6)].into_iter());
        assert_eq!(played.first(at(4)), Some(0));
        assert_eq!(played.first(white(4)), Some(1));
        assert_eq!(played.first(white(6)), Some(3));
        assert_eq!(played.first(at(6)), None, "black never played 6");
        // A load forgets the last iteration's moves.
        played.load([white(6)].into_iter());
        assert_eq!((played.first(at(4)), played.first(white(4))), (None, None));
        assert_eq!(played.first(white(6)), Some(0));
    }

    #[test]
    fn own_visits_outweigh_amaf_as_they_grow() {
        let mut node = Node::root(0, vec![]);
        node.amaf_visits = 1_000;
        node.amaf_reward = 1_000.0;
        node.visits = 10;
        node.reward = 0.0;
        let few = value(&node);
        node.visits = 10_000;
        let many = value(&node);
        assert!(few > 0.5 && many < 0.3, "{few} then {many}");
    }
}

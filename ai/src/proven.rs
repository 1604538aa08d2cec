//! Proven wins and losses in the tree (MCTS-Solver: Winands, Björnsson and
//! Saito, "Monte-Carlo Tree Search Solver", Computers and Games 2008). A
//! node whose move ended the game with a win or a loss is proven so for the
//! seat that made it; a position where the mover has a proven win is won
//! for it, and one where every move of the mover is tried and proven lost
//! is lost for it. Selection then takes a proven win at once and passes
//! proven losses by, so iterations stop going where the answer is known,
//! and a short tactic found once is never outvoted by averages.
//!
//! Sound only where a position's moves lead to the same positions every
//! time: two seats, nothing hidden, no chance (see `Descent::proves`).

use super::Node;

/// What the tree has proven of a node, for the seat that moved into it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Proven {
    #[default]
    Unknown,
    Win,
    Loss,
}

/// Marks `leaf`, whose move ended the game with `results` (each seat's
/// score, 1 a win and 0 a loss), and passes what follows up the tree.
pub(super) fn mark_end(nodes: &mut [Node], leaf: usize, results: &[f64]) {
    let score = results.get(nodes[leaf].seat).copied().unwrap_or(0.5);
    nodes[leaf].proven = match score {
        s if s >= 1.0 => Proven::Win,
        s if s <= 0.0 => Proven::Loss,
        _ => return,
    };
    back_up(nodes, leaf);
}

/// From a newly proven `node` up: its parent's position is won for the
/// seat that chose `node` where `node` is a proven win, and lost for it
/// where every move there is tried and proven lost. The root's own value
/// is not kept (its moves are what the search ranks).
fn back_up(nodes: &mut [Node], mut node: usize) {
    while let Some(parent) = nodes[node].parent {
        if parent == 0 {
            return;
        }
        // The seat that chose among the parent's children.
        let chooser = nodes[node].seat;
        let won = match nodes[node].proven {
            Proven::Win => true,
            Proven::Loss if all_lost(nodes, parent) => false,
            _ => return,
        };
        // Two seats: the parent's seat is the chooser (it moves again,
        // as in a turn of two stones) or the other one.
        let same = nodes[parent].seat == chooser;
        nodes[parent].proven = match won == same {
            true => Proven::Win,
            false => Proven::Loss,
        };
        node = parent;
    }
}

/// Whether every move at `at` is tried and proven lost for its mover.
fn all_lost(nodes: &[Node], at: usize) -> bool {
    nodes[at].untried.is_empty()
        && nodes[at]
            .children
            .iter()
            .all(|&c| nodes[c].proven == Proven::Loss)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::add_child;
    use redscience_engine::game::Move;

    fn cell(to: u16) -> Move {
        Move::Place {
            color: redscience_engine::rules::Color::Black,
            shape: redscience_engine::rules::Shape::Circle,
            to,
        }
    }

    /// Root (seat 0 to move) with two moves; each leads to a position
    /// where seat 1 has two moves.
    fn two_ply() -> Vec<Node> {
        let mut nodes = vec![Node::root(0, Vec::new())];
        for a in 0..2 {
            let child = add_child(&mut nodes, 0, cell(a), 0, Vec::new());
            for b in 0..2 {
                add_child(&mut nodes, child, cell(10 + b), 1, Vec::new());
            }
        }
        nodes
    }

    #[test]
    fn a_reply_that_wins_proves_the_move_before_it_lost() {
        let mut nodes = two_ply();
        // Node 2 is seat 1's first reply to the root's first move.
        mark_end(&mut nodes, 2, &[0.0, 1.0]);
        assert_eq!(nodes[2].proven, Proven::Win);
        assert_eq!(
            nodes[1].proven,
            Proven::Loss,
            "seat 0's move allows the win"
        );
        assert_eq!(nodes[0].proven, Proven::Unknown, "the root is never marked");
    }

    #[test]
    fn only_when_every_reply_loses_is_the_move_before_it_won() {
        let mut nodes = two_ply();
        // Seat 1's replies to the root's second move (node 4): 5 and 6.
        mark_end(&mut nodes, 5, &[1.0, 0.0]);
        assert_eq!(nodes[5].proven, Proven::Loss);
        assert_eq!(nodes[4].proven, Proven::Unknown, "the other reply may hold");
        mark_end(&mut nodes, 6, &[1.0, 0.0]);
        assert_eq!(nodes[4].proven, Proven::Win, "every reply loses");
        // A draw proves nothing.
        let mut nodes = two_ply();
        mark_end(&mut nodes, 5, &[0.5, 0.5]);
        assert_eq!(nodes[5].proven, Proven::Unknown);
    }

    #[test]
    fn an_untried_reply_keeps_the_move_unproven() {
        let mut nodes = vec![Node::root(0, Vec::new())];
        let child = add_child(&mut nodes, 0, cell(0), 0, vec![cell(12)]);
        let reply = add_child(&mut nodes, child, cell(10), 1, Vec::new());
        mark_end(&mut nodes, reply, &[1.0, 0.0]);
        assert_eq!(nodes[child].proven, Proven::Unknown, "12 is not tried yet");
    }

    #[test]
    fn a_seat_moving_twice_in_a_row_keeps_its_own_proof() {
        // Seat 0 places two stones a turn: the root's child (seat 0's first
        // stone) has children of seat 0's second stone.
        let mut nodes = vec![Node::root(0, Vec::new())];
        let first = add_child(&mut nodes, 0, cell(0), 0, Vec::new());
        let second = add_child(&mut nodes, first, cell(1), 0, Vec::new());
        mark_end(&mut nodes, second, &[1.0, 0.0]);
        assert_eq!(nodes[first].proven, Proven::Win);
    }
}

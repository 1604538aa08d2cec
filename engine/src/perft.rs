//! Perft ("performance test"): how many decision sequences and how many
//! distinct positions a game has at each depth, counted through the public
//! [`State`] interface only. Counts that agree with published ones (and with
//! an older engine's, recorded before a rewrite) show that move generation
//! and move application are right; the time they take measures the engine.
//!
//! A *decision* is a move a seat chooses: every legal move but draw talk
//! (offering, agreeing to or refusing a draw), which perft never counts, so
//! no draw is ever offered along the way. Automatic moves (a forced pass,
//! the only move of a seat with one) are not decisions: [`State::apply`]
//! plays them itself. In a sealed (simultaneous or single) round each
//! planner's move is one decision, in planning order, and the round resolves
//! after the last planner's last move.
//!
//! Both counts start from the state given (usually [`crate::Game::start`])
//! and never expand a finished match.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;

use crate::game::{Move, SeatResult, State, pack};
use crate::rules::Color;

/// The counts of one depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Number of decisions made from the start.
    pub depth: usize,
    /// Decision sequences of exactly `depth` decisions (the leaves of the
    /// tree of decisions at that depth; a match that ended earlier is no leaf).
    pub sequences: u64,
    /// Distinct positions reached after exactly `depth` decisions (see
    /// [`position_key`]); None when not counted.
    pub positions: Option<u64>,
}

/// The decisions open to the seat to move: its legal moves without draw talk.
pub fn decisions(state: &State) -> impl Iterator<Item = Move> + '_ {
    state.legal().iter().copied().filter(|m| !m.is_draw_talk())
}

/// The decisions, sorted: an order that does not depend on the order the
/// engine generates moves in.
pub fn sorted_decisions(state: &State) -> Vec<Move> {
    let mut moves: Vec<Move> = decisions(state).collect();
    moves.sort_unstable();
    moves
}

/// Counts decision sequences of every length from 1 to `depth`, in one walk
/// of the tree: element `d - 1` is the count for `d` decisions. The walk
/// keeps one state per level on an explicit stack, and counts the last
/// level's decisions without playing them.
pub fn sequences_by_depth(start: &State, depth: usize) -> Vec<u64> {
    let mut counts = vec![0u64; depth];
    if depth == 0 {
        return counts;
    }
    let root = start.clone();
    // Each frame: a state `stack.len() - 1` decisions deep, and the index
    // in its legal moves of the next one to expand.
    let mut stack: Vec<(State, usize)> = vec![(root, 0)];
    while let Some(level) = stack.len().checked_sub(1) {
        let (state, next) = stack.last_mut().expect("the stack is not empty");
        if *next == 0 {
            counts[level] += decisions(state).count() as u64;
            if level + 1 == depth {
                stack.pop();
                continue;
            }
        }
        let legal = state.legal();
        while *next < legal.len() && legal[*next].is_draw_talk() {
            *next += 1;
        }
        let Some(&mv) = legal.get(*next) else {
            stack.pop();
            continue;
        };
        *next += 1;
        let mut child = state.clone();
        child
            .apply(mv)
            .expect("a legal move applies to the state it is legal in");
        if !child.is_finished() {
            stack.push((child, 0));
        }
    }
    counts
}

/// Counts the decision sequences of exactly `depth` decisions.
pub fn sequences(start: &State, depth: usize) -> u64 {
    sequences_by_depth(start, depth)
        .last()
        .copied()
        .unwrap_or(1)
}

type ByteKeys = HashSet<Box<[u8]>, BuildHasherDefault<FxHasher>>;

/// A breadth-first walk that counts the distinct positions after each
/// number of decisions: each step expands the positions of the last one
/// and keeps one state per new position. A position's representative is
/// the first state reached with its key, children taken in sorted move
/// order, so the counts do not depend on the order moves are generated in.
/// A state can hold more than its key (the turns seen, for repetition;
/// what each seat has seen under cloaking; the match's random stream);
/// deeper layers follow the representative's.
pub struct PositionLayers {
    layer: Vec<State>,
    depth: usize,
    max_depth: usize,
    key: Vec<u8>,
}

impl PositionLayers {
    /// A walk from `start` that stops after `max_depth` decisions (the last
    /// layer keeps keys only, no states).
    pub fn new(start: &State, max_depth: usize) -> PositionLayers {
        let root = start.clone();
        PositionLayers {
            layer: vec![root],
            depth: 0,
            max_depth,
            key: Vec::new(),
        }
    }
}

impl Iterator for PositionLayers {
    /// The number of distinct positions after one more decision.
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.depth >= self.max_depth {
            return None;
        }
        self.depth += 1;
        let keep_states = self.depth < self.max_depth;
        let mut seen = ByteKeys::default();
        let mut next_layer = Vec::new();
        for state in std::mem::take(&mut self.layer) {
            if state.is_finished() {
                continue;
            }
            for mv in sorted_decisions(&state) {
                let mut child = state.clone();
                child
                    .apply(mv)
                    .expect("a legal move applies to the state it is legal in");
                position_key(&child, &mut self.key);
                if seen.contains(self.key.as_slice()) {
                    continue;
                }
                seen.insert(self.key.as_slice().into());
                if keep_states {
                    next_layer.push(child);
                }
            }
        }
        self.layer = next_layer;
        Some(seen.len() as u64)
    }
}

/// Distinct positions after 1 to `depth` decisions (element `d - 1` for `d`).
pub fn positions_by_depth(start: &State, depth: usize) -> Vec<u64> {
    PositionLayers::new(start, depth).collect()
}

/// Sequences and (when `count_positions`) positions for every depth from 1
/// to `depth`.
pub fn perft(start: &State, depth: usize, count_positions: bool) -> Vec<Counts> {
    let sequences = sequences_by_depth(start, depth);
    let positions: Vec<Option<u64>> = if count_positions {
        positions_by_depth(start, depth)
            .into_iter()
            .map(Some)
            .collect()
    } else {
        vec![None; depth]
    };
    sequences
        .into_iter()
        .zip(positions)
        .enumerate()
        .map(|(i, (sequences, positions))| Counts {
            depth: i + 1,
            sequences,
            positions,
        })
        .collect()
}

/// Writes the key of a position into `out` (cleared first): the pieces on
/// the board (each occupied cell and its piece), every reserve, the phase,
/// the seats that folded, and then either that the match is over with each
/// seat's result, or the seat to move, the moves already made in the
/// current turn or plan and the plans already sealed in the round under
/// way. Two states with the same key are the same position; the bytes are
/// the whole contents, so no two positions share a key.
pub fn position_key(state: &State, out: &mut Vec<u8>) {
    out.clear();
    let game = state.game();
    let cells = game.geometry.cell_count();
    let count_at = out.len();
    out.extend([0, 0]);
    let mut occupied: u16 = 0;
    for cell in 0..cells as u16 {
        if let Some((color, shape)) = state.piece_at(cell) {
            out.extend(cell.to_le_bytes());
            out.push(pack(color, shape));
            occupied += 1;
        }
    }
    out[count_at..count_at + 2].copy_from_slice(&occupied.to_le_bytes());
    for color in Color::ALL {
        for shape in &game.rules.shapes {
            out.extend(state.reserve(color, shape.shape).to_le_bytes());
        }
    }
    out.push(state.phase() as u8);
    let folded = (0..game.seats.len())
        .filter(|&s| state.has_folded(s))
        .fold(0u16, |bits, s| bits | 1 << s);
    out.extend(folded.to_le_bytes());
    if let Some(outcome) = state.outcome() {
        // Over: no one is to move and no turn goes on, however it ended.
        out.push(1);
        out.extend(outcome.results.iter().map(|r| match r {
            SeatResult::Win => 1u8,
            SeatResult::Loss => 2,
            SeatResult::Draw => 3,
        }));
        return;
    }
    out.push(0);
    out.push(state.to_move() as u8);
    let this_turn = state.moves_this_turn();
    out.push(this_turn.len() as u8);
    for &mv in this_turn {
        push_move(out, mv);
    }
    // Plans sealed earlier in the round: the history from the round's start,
    // each move with its planner (the current planner's are in `this_turn` too).
    if let Some(round) = state.round_progress() {
        let sealed = state.history().since(round.history_start);
        out.extend((sealed.len() as u16).to_le_bytes());
        for applied in sealed {
            out.push(applied.seat);
            push_move(out, applied.mv);
        }
    }
}

/// A move as bytes: a tag, then its fields.
fn push_move(out: &mut Vec<u8>, mv: Move) {
    match mv {
        Move::Pass => out.push(0),
        Move::OfferDraw => out.push(1),
        Move::AgreeDraw => out.push(2),
        Move::RefuseDraw => out.push(3),
        Move::Place { color, shape, to } => {
            out.extend([4, color.index() as u8, shape.index() as u8]);
            out.extend(to.to_le_bytes());
        }
        Move::Step { from, to } => {
            out.push(5);
            out.extend(from.to_le_bytes());
            out.extend(to.to_le_bytes());
        }
        Move::Promote { from, to, shape } => {
            out.push(6);
            out.extend(from.to_le_bytes());
            out.extend(to.to_le_bytes());
            out.push(shape.index() as u8);
        }
        Move::Roll { face } => out.extend([7, face]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{game, game_without_checks};
    use serde_json::json;

    #[test]
    fn every_ordering_of_placements_counts_until_the_last_move_is_forced() {
        // No line is checked on a 4x1 board with 2 pieces each, so the tree
        // is every ordering of the cells: 4, 4*3, 4*3*2; the fourth piece
        // has one cell left and goes there by itself (no decision).
        let g = game_without_checks(json!({"board": "squares", "dimensions": [4, 1, 1],
            "shapes": [{"reserves": {"black": 2, "white": 2}}]}));
        let start = g.start();
        assert_eq!(sequences_by_depth(&start, 4), vec![4, 12, 24, 0]);
        // Positions: the cells black holds and those white holds. After 3
        // decisions the board is full: C(4,2) = 6 ways.
        assert_eq!(positions_by_depth(&start, 4), vec![4, 12, 6, 0]);
        assert_eq!(sequences(&start, 2), 12);
        assert_eq!(sequences(&start, 0), 1, "the empty sequence");
    }

    #[test]
    fn finished_matches_are_not_expanded() {
        // Two in a row on a 3x1 board.
        let g = game(json!({"board": "squares", "dimensions": [3, 1, 1],
            "shapes": [{"reserves": {"black": 2, "white": 1}}],
            "turn_checks": [{"check": "in_a_row", "length": 2, "result": "win",
                "diagonals": false}]}));
        let start = g.start();
        // Black has 3 cells, white 2; black's second piece goes on the last
        // cell by itself (a single move is no decision), which ends the
        // match: it makes two in a row, or fills the board.
        assert_eq!(sequences_by_depth(&start, 6), vec![3, 6, 0, 0, 0, 0]);
        // Two orders end on each of the 3 final boards.
        assert_eq!(positions_by_depth(&start, 3), vec![3, 3, 0]);
    }

    #[test]
    fn draw_talk_is_no_decision() {
        let g = game(json!({"draw_option": true}));
        let start = g.start();
        assert!(start.legal().contains(&Move::OfferDraw));
        assert_eq!(sequences(&start, 1), 9);
        assert_eq!(positions_by_depth(&start, 1), vec![9]);
    }

    #[test]
    fn a_key_tells_apart_what_differs_and_only_that() {
        let g = game(json!({}));
        let start = g.start();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut x = start.clone();
        x.apply(sorted_decisions(&start)[0]).unwrap();
        position_key(&start, &mut a);
        position_key(&x, &mut b);
        assert_ne!(a, b);
        position_key(&start.clone(), &mut b);
        assert_eq!(a, b);
    }

    #[test]
    fn perft_reports_each_depth_with_or_without_positions() {
        let g = game(json!({}));
        let counts = perft(&g.start(), 2, true);
        assert_eq!(
            counts,
            vec![
                Counts {
                    depth: 1,
                    sequences: 9,
                    positions: Some(9)
                },
                Counts {
                    depth: 2,
                    sequences: 72,
                    positions: Some(72)
                },
            ]
        );
        assert!(
            perft(&g.start(), 2, false)
                .iter()
                .all(|c| c.positions.is_none())
        );
    }
}

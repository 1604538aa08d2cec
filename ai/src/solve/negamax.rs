//! Alpha-beta over positions that never come back, with a transposition
//! table. Scores are seat 0's: a win `WIN - plies`, a loss its negation, a
//! draw 0, so seat 0 maximises and seat 1 minimises whoever follows whom
//! (a seat making two decisions in a row simply decides twice).
//!
//! Positions cannot come back while every move is a placement and nothing
//! captures: each placement takes a piece from a reserve that never fills
//! again, and reserves are in the key. Meeting any other move, the search
//! stops and says so ([`Outcome::Cyclic`]); the graph takes over.

use rustc_hash::FxHashMap;

use super::{Node, Solved, Unsolvable, Value, key, node_of};
use crate::clock::Deadline;
use redscience_engine::game::position_key::PositionKey;
use redscience_engine::game::{GameState, Move, State};

/// A win now; a win in `p` plies scores `WIN - p`.
const WIN: i32 = 1 << 20;

/// What the search found.
pub(super) enum Outcome {
    Solved(Solved),
    /// A move that could bring a position back: the graph must solve it.
    Cyclic {
        nodes: u64,
    },
}

/// Why a search stopped early.
enum Stop {
    Cyclic,
    Refused(Unsolvable),
}

impl From<Unsolvable> for Stop {
    fn from(refusal: Unsolvable) -> Stop {
        Stop::Refused(refusal)
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    score: i32,
    bound: Bound,
    /// The index of the best move found among the legal actions.
    best: u16,
}

struct Search {
    table: FxHashMap<PositionKey, Entry>,
    nodes: u64,
    budget: u64,
    /// Where the decision is timed, the moment the budget runs out anyway.
    deadline: Deadline,
}

pub(super) fn solve(root: &State, budget: u64, deadline: Deadline) -> Result<Outcome, Unsolvable> {
    if !root.game().positions_never_repeat() {
        return Ok(Outcome::Cyclic { nodes: 0 });
    }
    let Node::Mover(seat) = node_of(root)? else {
        return Err(Unsolvable::Finished);
    };
    let mut search = Search {
        table: FxHashMap::default(),
        nodes: 1,
        budget,
        deadline,
    };
    match search.root(root, seat) {
        Ok(solved) => Ok(Outcome::Solved(solved)),
        Err(Stop::Cyclic) => Ok(Outcome::Cyclic {
            nodes: search.nodes,
        }),
        Err(Stop::Refused(refusal)) => Err(refusal),
    }
}

/// A child's score seen one ply earlier: a win or a loss one ply further.
fn one_ply_back(score: i32) -> i32 {
    score - score.signum()
}

/// The bound for a child that makes the parent's bound: the inverse of
/// [`one_ply_back`].
fn one_ply_on(bound: i32) -> i32 {
    bound + bound.signum()
}

fn score_of(value: Value) -> i32 {
    match value {
        Value::Win => WIN,
        Value::Draw => 0,
        Value::Loss => -WIN,
    }
}

impl Search {
    /// Every root move searched to its result, and those that reach the
    /// best to their distance, so that every move keeping the value is known.
    fn root(&mut self, root: &State, seat: usize) -> Result<Solved, Stop> {
        let children = self.children(root)?;
        let for_seat = |score: i32| if seat == 0 { score } else { -score };
        // Each move's result alone first (win, draw or loss): a window
        // around a draw proves it without any distance, which is cheap.
        let mut results = Vec::with_capacity(children.len());
        for (_, child) in &children {
            results.push(for_seat(self.search(child, -1, 1)?.signum()));
        }
        let best_result = *results.iter().max().ok_or(Unsolvable::Finished)?;
        // Then the distance of the moves that reach it, when it is decisive.
        let mut scored = Vec::with_capacity(children.len());
        for ((mv, child), &result) in children.iter().zip(&results) {
            if result != best_result {
                continue;
            }
            let score = match result {
                0 => 0,
                _ => for_seat(one_ply_back(self.search(child, -WIN - 1, WIN + 1)?)),
            };
            scored.push((*mv, score));
        }
        let best_score = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
        let best = scored
            .iter()
            .filter(|&&(_, s)| s == best_score)
            .map(|&(mv, _)| mv)
            .collect();
        let value = match best_score.signum() {
            1 => Value::Win,
            -1 => Value::Loss,
            _ => Value::Draw,
        };
        let plies = match value {
            Value::Draw => self.drawn_line(root)?,
            _ => (WIN - best_score.abs()) as u32,
        };
        Ok(Solved {
            value,
            plies,
            best,
            nodes: self.nodes,
        })
    }

    /// The decisions of one drawn line from a drawn position: at each step
    /// the first move whose position is still drawn.
    fn drawn_line(&mut self, from: &State) -> Result<u32, Stop> {
        let mut state = from.clone();
        let mut plies = 0;
        while let Node::Mover(_) = node_of(&state)? {
            let mut next = None;
            for (_, child) in self.children(&state)? {
                if self.search(&child, -1, 1)? == 0 {
                    next = Some(child);
                    break;
                }
            }
            let Some(child) = next else { break };
            state = child;
            plies += 1;
        }
        Ok(plies)
    }

    /// The legal moves and the positions they lead to, the table's best
    /// move first, then moves that win at once for the seat to move.
    fn children(&mut self, state: &State) -> Result<Vec<(Move, State)>, Stop> {
        let seat = state.to_move();
        let remembered = self.table.get(&key(state)).map(|e| usize::from(e.best));
        let mut children = Vec::with_capacity(state.legal_actions().len());
        for (i, &mv) in state.legal_actions().iter().enumerate() {
            if !matches!(mv, Move::Place { .. }) {
                return Err(Stop::Cyclic);
            }
            let mut child = state.clone();
            if child.apply_action(mv).is_err() {
                continue;
            }
            let wins_now = match node_of(&child)? {
                Node::Over(v) => (if seat == 0 { v } else { v.flipped() }) == Value::Win,
                Node::Mover(_) => false,
            };
            let rank = if Some(i) == remembered {
                0
            } else if wins_now {
                1
            } else {
                2
            };
            children.push((rank, i, mv, child));
        }
        children.sort_by_key(|&(rank, i, _, _)| (rank, i));
        Ok(children
            .into_iter()
            .map(|(_, _, mv, child)| (mv, child))
            .collect())
    }

    /// Seat 0's score of `state`, exact when it falls strictly between
    /// `alpha` and `beta`, else a bound beyond the one it crossed.
    fn search(&mut self, state: &State, mut alpha: i32, mut beta: i32) -> Result<i32, Stop> {
        let seat = match node_of(state)? {
            Node::Over(v) => return Ok(score_of(v)),
            Node::Mover(seat) => seat,
        };
        let position = key(state);
        if let Some(entry) = self.table.get(&position) {
            match entry.bound {
                Bound::Exact => return Ok(entry.score),
                Bound::Lower => alpha = alpha.max(entry.score),
                Bound::Upper => beta = beta.min(entry.score),
            }
            if alpha >= beta {
                return Ok(entry.score);
            }
        }
        self.nodes += 1;
        // The clock is read at every node: a node costs microseconds (a
        // copy of the position per move), a reading tens of nanoseconds.
        if self.nodes > self.budget || self.deadline.passed() {
            return Err(Unsolvable::TooBig {
                budget: self.budget,
            }
            .into());
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = seat == 0;
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        let mut best_index = 0;
        let legal = state.legal_actions().to_vec();
        for (mv, child) in self.children(state)? {
            let score = one_ply_back(self.search(&child, one_ply_on(alpha), one_ply_on(beta))?);
            let better = if maximising {
                score > best
            } else {
                score < best
            };
            if better {
                best = score;
                best_index = legal.iter().position(|&m| m == mv).unwrap_or(0);
            }
            if maximising {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            position,
            Entry {
                score: best,
                bound,
                best: best_index as u16,
            },
        );
        Ok(best)
    }
}

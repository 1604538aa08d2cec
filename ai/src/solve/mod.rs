//! Perfect play where it is affordable: the exact game-theoretic value of a
//! position in a two-player game of perfect information (Tic-Tac-Toe,
//! Tapatan, Treblecross and invented games of that size), with the moves
//! that keep it.
//!
//! Two exact methods, both through the game interface (movers, legal
//! actions, apply, returns) and a [`PositionKey`] per position, so moves
//! that transpose meet in one table entry:
//!
//! - [`negamax`]: depth-first alpha-beta with a transposition table, for
//!   games whose positions never come back (placements): it proves a value
//!   without visiting every position. Meeting a position already on its
//!   path, it stops and hands over to the graph.
//! - [`graph`]: every position reachable is listed, then values flow back
//!   from the finished ones (retrograde analysis), which handles games whose
//!   positions come back (moving stones). A position neither side can force
//!   out of is drawn, which is what the rules make of it only where a
//!   repeated turn draws; elsewhere the solver refuses.
//!
//! Values are for the seat to move, with the decisions to the end: a win
//! is won quickest, a loss lost slowest. A turn of several decisions by one
//! seat (two pieces a turn) is several plies of that seat; nothing is
//! negated until the seat changes.

mod graph;
#[cfg(test)]
mod morris_tests;
mod negamax;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::clock::Deadline;
use redscience_engine::game::position_key::PositionKey;
use redscience_engine::game::{GameState, Move, Movers, State};
use redscience_engine::rules::{Cloaking, Order, Repetition, StalemateRule};

/// A game-theoretic result for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win,
    Draw,
    Loss,
}

impl Value {
    /// The same result seen by the other side.
    pub fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The result for the seat to move with best play on both sides.
    pub value: Value,
    /// Decisions to the end with best play: the quickest win, the slowest
    /// loss; for a draw, the shortest drawn line to a finished match, or 0
    /// where the game is drawn only by a repeated turn (it never finishes
    /// otherwise).
    pub plies: u32,
    /// Every legal move that keeps the value, in the order of the legal
    /// actions: for a win the quickest, for a loss the slowest.
    pub best: Vec<Move>,
    /// Positions searched.
    pub nodes: u64,
}

/// Why a position was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolvable {
    /// The match is over: nobody is to move.
    Finished,
    /// More or fewer than two seats decide (Chaos aside).
    Seats(usize),
    /// Chaos plays at random.
    Chaos,
    /// A die is rolled every turn.
    Dice,
    /// Pieces are hidden (cloaking).
    Hidden,
    /// Seats plan sealed rounds at the same time.
    Sealed,
    /// A seat is to move and has no legal move.
    Stuck,
    /// A finished match where the two seats' results do not add up to one
    /// win (both win, or both lose): not a contest of two sides.
    NotZeroSum,
    /// Positions come back, and the rules do not draw a repeated turn (it
    /// loses, is ignored, or moves to another phase), so a cycle's value is
    /// not a draw.
    Repetition,
    /// Positions come back and turns of this phase are remembered: a
    /// repeated turn may end the match, so the value can depend on the
    /// moves before this position.
    History,
    /// More positions than the budget allowed.
    TooBig { budget: u64 },
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolvable::Finished => f.write_str("the match is over: nobody is to move"),
            Unsolvable::Seats(n) => write!(
                f,
                "it has {n} sides; the solver plays two-sided games only"
            ),
            Unsolvable::Chaos => f.write_str("Chaos moves at random (a game of chance)"),
            Unsolvable::Dice => f.write_str("a die is rolled every turn (a game of chance)"),
            Unsolvable::Hidden => f.write_str("pieces are hidden (cloaking)"),
            Unsolvable::Sealed => f.write_str("seats plan sealed rounds at the same time"),
            Unsolvable::Stuck => f.write_str("a seat is to move with no legal move"),
            Unsolvable::NotZeroSum => {
                f.write_str("some endings are not one side's win, a loss or a draw for both")
            }
            Unsolvable::Repetition => f.write_str(
                "positions come back, and a repeated turn does not simply draw in these rules",
            ),
            Unsolvable::History => f.write_str(
                "positions come back and this phase has turns a repetition would end on; solve from the phase's start",
            ),
            Unsolvable::TooBig { budget } => write!(
                f,
                "it has more positions than the budget of {budget} allows"
            ),
        }
    }
}

impl std::error::Error for Unsolvable {}

/// The position's value, best moves and the positions searched; None when
/// the game is not one this solver plays (chance, hidden pieces, sealed
/// rounds, other than two sides) or the budget of positions ran out.
pub fn solve(state: &State, node_budget: u64) -> Option<Solved> {
    try_solve(state, node_budget).ok()
}

/// As [`solve`], saying why not.
pub fn try_solve(state: &State, node_budget: u64) -> Result<Solved, Unsolvable> {
    try_solve_until(state, node_budget, Deadline::NEVER)
}

/// As [`try_solve`], the budget out once `deadline` has passed (a timed
/// decision's share).
pub(crate) fn try_solve_until(
    state: &State,
    node_budget: u64,
    deadline: Deadline,
) -> Result<Solved, Unsolvable> {
    refuse_by_rules(state)?;
    // Repetition aside (the graph judges it on its own), a position's
    // value does not depend on how it was reached: every node's copy then
    // carries only the moves since the root.
    let state = &state.copy_without_past();
    let first = negamax::solve(state, node_budget, deadline)?;
    match first {
        negamax::Outcome::Solved(solved) => Ok(solved),
        negamax::Outcome::Cyclic { nodes } => {
            let budget = node_budget.saturating_sub(nodes);
            let mut solved = graph::solve(state, budget, deadline)?;
            solved.nodes += nodes;
            Ok(solved)
        }
    }
}

/// The refusals the rules decide before any search.
fn refuse_by_rules(state: &State) -> Result<(), Unsolvable> {
    let game = state.game();
    let rules = &game.rules;
    if state.is_terminal() {
        return Err(Unsolvable::Finished);
    }
    if state.chance_seat().is_some() {
        return Err(Unsolvable::Chaos);
    }
    if rules.dice.is_some() {
        return Err(Unsolvable::Dice);
    }
    if state.seat_count() != 2 {
        return Err(Unsolvable::Seats(state.seat_count()));
    }
    if rules.cloaking != Cloaking::None {
        return Err(Unsolvable::Hidden);
    }
    if rules.phases.iter().any(|p| p.order != Order::Sequential) {
        return Err(Unsolvable::Sealed);
    }
    Ok(())
}

/// What a position in the search is: whose decision, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    /// Seat 0 or 1 decides.
    Mover(usize),
    /// Over, with seat 0's result.
    Over(Value),
}

/// The position's [`Node`], refusing what the solver cannot play.
fn node_of(state: &State) -> Result<Node, Unsolvable> {
    match state.movers() {
        Movers::One(seat) => Ok(Node::Mover(seat)),
        Movers::Chance(_) => Err(Unsolvable::Chaos),
        Movers::Roll(_) => Err(Unsolvable::Dice),
        Movers::Sealed { .. } => Err(Unsolvable::Sealed),
        Movers::Nobody => {
            let returns: Vec<f64> = state
                .returns()
                .map(|r| r.collect())
                .ok_or(Unsolvable::Finished)?;
            match returns[..] {
                [a, b] if a + b == 1.0 => Ok(Node::Over(if a == 1.0 {
                    Value::Win
                } else if a == 0.0 {
                    Value::Loss
                } else {
                    Value::Draw
                })),
                _ => Err(Unsolvable::NotZeroSum),
            }
        }
    }
}

/// Whether a repeated turn draws the match wherever positions can come
/// back: the repetition rule draws, or stalemates a last phase whose
/// stalemate rules are only "draw". `phase` is a phase positions come back
/// in.
fn repetition_draws(state: &State, phase: usize) -> bool {
    let game = state.game();
    let rules = &game.rules;
    let only_draws = rules.stalemate == [StalemateRule::Draw];
    let last_phase = phase + 1 == rules.phases.len();
    let draws = matches!(rules.repetition, Repetition::Draw | Repetition::Stalemate);
    only_draws && last_phase && draws
}

/// A position's key, for both methods' tables.
fn key(state: &State) -> PositionKey {
    state.position_key_whole()
}

//! Labels of a position by exhaustive short search (see [`super::solver`]),
//! and the rule each label sets for the move a player makes there.
//!
//! A turn is all the consecutive decisions of one side, so a two-piece
//! turn (Connect6) is one turn of two decisions. A label is never
//! guessed: a position whose labelling runs past its budget is skipped.

use std::fmt;

use redscience_engine::game::{GameState, Move, State};

use super::solver::{Goal, Solver, Stop};

/// What short search says about a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// The mover has a turn that wins at once: the move must begin one.
    Win1,
    /// Some of the mover's turns leave the opponent no winning turn, some
    /// do not: the move must begin a safe one.
    Loss1,
    /// No win at once, but a turn that forces a win on the next (the
    /// opponent cannot win at once, and each of its turns leaves a
    /// winning one): the move must begin such a turn.
    Win2,
    /// None of the above (so every turn of the mover is safe), and the
    /// opponent forces a win within two of its turns after some of the
    /// mover's turns but not after others (an open three in
    /// five-in-a-row): the move must begin a turn that prevents it.
    Loss2,
    /// Every turn of the mover lets the opponent win within two of its
    /// turns (at once, when no turn is safe): no rule to check.
    Lost,
    /// No threat for either side within two turns: no rule to check.
    Quiet,
}

impl Label {
    pub const ALL: [Label; 6] = [
        Label::Win1,
        Label::Loss1,
        Label::Win2,
        Label::Loss2,
        Label::Lost,
        Label::Quiet,
    ];

    /// Whether the label sets a rule for the move.
    pub fn is_threat(self) -> bool {
        self.goal().is_some()
    }

    /// What the turn the move begins must reach; None when anything goes.
    fn goal(self) -> Option<Goal> {
        match self {
            Label::Win1 => Some(Goal::Win),
            Label::Loss1 => Some(Goal::Safe),
            Label::Win2 => Some(Goal::Forcing),
            Label::Loss2 => Some(Goal::Prevents),
            Label::Lost | Label::Quiet => None,
        }
    }

    /// The label's name, as the suite reports it.
    pub fn name(self) -> &'static str {
        match self {
            Label::Win1 => "WIN1",
            Label::Loss1 => "LOSS1",
            Label::Win2 => "WIN2",
            Label::Loss2 => "LOSS2",
            Label::Lost => "LOST",
            Label::Quiet => "QUIET",
        }
    }

    /// What the move must do, in words.
    pub fn rule(self) -> &'static str {
        match self {
            Label::Win1 => "begin a turn that wins at once",
            Label::Loss1 => "begin a turn that leaves the opponent no winning turn",
            Label::Win2 => "begin a turn that forces a win on the next turn",
            Label::Loss2 => "begin a turn that stops the opponent's forced win within two turns",
            Label::Lost | Label::Quiet => "nothing",
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Nodes (applied decisions) a position's labelling may use: one budget
/// for the one-move stage (WIN1, LOSS1), one more for the two-move stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub one_move: u64,
    pub two_move: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            one_move: 500_000,
            two_move: 1_000_000,
        }
    }
}

/// A position's label, and how it was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labelled {
    pub label: Label,
    /// Whether the two-move stage was settled. Only a LOSS1 may stand
    /// without it (the opponent's win at once is settled, whatever more
    /// there is); its rule then holds as it is.
    pub two_move_settled: bool,
    /// Nodes used.
    pub nodes: u64,
}

/// Why a position has no label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlabelled {
    /// Not a position of one side deciding, in a game of two sides with
    /// no chance (or it reaches one within the search).
    Ineligible,
    /// The budget ran out first.
    OverBudget,
}

/// Labels `state` exactly, or says why not.
pub fn label(state: &State, budget: Budget) -> Result<Labelled, Unlabelled> {
    // Every node copies its position: the history would go with each.
    let state = &state.copy_without_history();
    let mut solver = Solver::new(state.game()).ok_or(Unlabelled::Ineligible)?;
    let me = match solver.side(state) {
        Ok(Some(side)) => side,
        Ok(None) | Err(Stop::Unsupported) => return Err(Unlabelled::Ineligible),
        Err(Stop::Budget) => return Err(Unlabelled::OverBudget),
    };
    solver.limit = budget.one_move;
    let one = one_move(&mut solver, state, me).map_err(unlabelled)?;
    let settled = |label: Label, two_move_settled: bool, solver: &Solver| Labelled {
        label,
        two_move_settled,
        nodes: solver.nodes,
    };
    let loss1 = match one {
        OneMove::Win => return Ok(settled(Label::Win1, true, &solver)),
        OneMove::Lost => return Ok(settled(Label::Lost, true, &solver)),
        OneMove::Threatened => true,
        OneMove::Calm => false,
    };
    solver.limit = solver.nodes.saturating_add(budget.two_move);
    let turns = turn_branching(&mut solver, state, me).map_err(unlabelled)?;
    // Both sides' turns at least once each: hopeless past the budget.
    let two = if turns.saturating_mul(turns) > budget.two_move {
        Err(Stop::Budget)
    } else {
        two_move(&mut solver, state, me, loss1)
    };
    match two {
        Ok(label) => Ok(settled(label, true, &solver)),
        Err(Stop::Budget) if loss1 => Ok(settled(Label::Loss1, false, &solver)),
        Err(stop) => Err(unlabelled(stop)),
    }
}

fn unlabelled(stop: Stop) -> Unlabelled {
    match stop {
        Stop::Budget => Unlabelled::OverBudget,
        Stop::Unsupported => Unlabelled::Ineligible,
    }
}

/// The one-move stage's finding.
enum OneMove {
    /// A turn wins at once.
    Win,
    /// Some turns leave the opponent a winning turn, some do not.
    Threatened,
    /// Every turn does.
    Lost,
    /// None does.
    Calm,
}

fn one_move(solver: &mut Solver, state: &State, me: usize) -> Result<OneMove, Stop> {
    if solver.winning_turn(state, me)?.is_some() {
        return Ok(OneMove::Win);
    }
    let (mut safe, mut unsafe_) = (false, false);
    solver.turns(state, me, &mut Vec::new(), &mut |solver, end, _| {
        if solver.opponent_wins_at_once(end, me)? {
            unsafe_ = true;
        } else {
            safe = true;
        }
        Ok(safe && unsafe_)
    })?;
    Ok(match (safe, unsafe_) {
        (false, _) => OneMove::Lost,
        (true, true) => OneMove::Threatened,
        (true, false) => OneMove::Calm,
    })
}

/// The two-move stage, when no turn wins at once and some turn is safe. A
/// LOSS1 stays one unless a turn forces a win (which is safe too): its
/// rule already says what the threat at once asks.
fn two_move(solver: &mut Solver, state: &State, me: usize, loss1: bool) -> Result<Label, Stop> {
    if solver.forcing_turn(state, me)?.is_some() {
        return Ok(Label::Win2);
    }
    if loss1 {
        return Ok(Label::Loss1);
    }
    let (mut prevents, mut fails) = (false, false);
    solver.turns(state, me, &mut Vec::new(), &mut |solver, end, _| {
        if solver.opponent_wins_within_two(end, me)? {
            fails = true;
        } else {
            prevents = true;
        }
        Ok(prevents && fails)
    })?;
    Ok(match (prevents, fails) {
        (true, true) => Label::Loss2,
        (false, _) => Label::Lost,
        (true, false) => Label::Quiet,
    })
}

/// How many turns the mover has, estimated from the first turn's path:
/// the product of the choices at each of its decisions.
fn turn_branching(solver: &mut Solver, state: &State, me: usize) -> Result<u64, Stop> {
    let mut count = 1u64;
    let mut current = state.clone();
    while solver.side(&current)? == Some(me) {
        let moves = current.legal_actions();
        count = count.saturating_mul(moves.len() as u64);
        let Some(&first) = moves.first() else { break };
        current = solver.play(&current, first)?;
    }
    Ok(count)
}

/// Whether `mv`, played at `state`, obeys the rule of `label` (it begins a
/// turn that reaches what the label asks); Ok(true) for labels without a
/// rule. Err when the budget runs out first or the position is not one the
/// labeller reads.
pub fn obeys(state: &State, label: Label, mv: Move, nodes: u64) -> Result<bool, Unlabelled> {
    let Some(goal) = label.goal() else {
        return Ok(true);
    };
    let state = &state.copy_without_history();
    let mut solver = Solver::new(state.game()).ok_or(Unlabelled::Ineligible)?;
    solver.limit = nodes;
    let me = match solver.side(state) {
        Ok(Some(side)) => side,
        _ => return Err(Unlabelled::Ineligible),
    };
    solver
        .begins_turn_reaching(state, me, mv, goal)
        .map_err(unlabelled)
}

#[cfg(test)]
#[path = "label_tests.rs"]
mod tests;

//! A planner's plan in a sealed round, made apart from the others' and
//! resolved with them (OpenSpiel's joint action at a simultaneous node).

use super::{ChanceOutcomes, IllegalAction, Movers};
use crate::game::{GameState, Move, State};

/// A planner's plan in a sealed round, being made: the round-start position
/// as the planner judges it, with the plan so far played on it. Plans of
/// other planners are never in it. Made by [`State::plan`], sealed when
/// [`Plan::is_sealed`], and resolved with the others by
/// [`State::apply_plans`].
#[derive(Debug)]
pub struct Plan {
    /// A planning copy of the position: its turn's moves are the plan, and
    /// its legal moves are kept up to date (empty once sealed).
    position: State,
}

/// Cloned by hand, as `State` is, so a search refills one plan per planner
/// with `clone_from` instead of copying a position for every plan it tries.
impl Clone for Plan {
    fn clone(&self) -> Plan {
        Plan {
            position: self.position.clone(),
        }
    }

    fn clone_from(&mut self, source: &Plan) {
        self.position.clone_from(&source.position);
    }
}

impl Plan {
    pub(super) fn new(mut position: State) -> Plan {
        position.set_legal(Vec::new());
        let mut plan = Plan { position };
        plan.refresh();
        plan
    }

    /// Makes this plan what `state.plan(seat)` would, reusing its buffers;
    /// false, the plan unchanged, when `seat` does not plan there.
    pub fn refill(&mut self, state: &State, seat: usize) -> bool {
        match state.movers() {
            Movers::Sealed { planners, .. } if planners.contains(seat) => {}
            _ => return false,
        }
        state.plan_start_into(seat, &mut self.position);
        let emptied = self.position.take_listed();
        self.position.set_legal(emptied);
        self.refresh();
        true
    }

    /// Works out the moves that may extend the plan (draw talk is no part
    /// of a plan); none once it is sealed.
    fn refresh(&mut self) {
        let mut legal = self.position.take_listed();
        if !self.is_sealed() {
            self.position.generate_legal(&mut legal);
            legal.retain(|m| !m.is_draw_talk());
        }
        self.position.set_legal(legal);
    }

    /// The planner.
    pub fn seat(&self) -> usize {
        self.position.position.to_move()
    }

    /// Whether the plan is complete: its turn's moves are all made (or the
    /// plan alone would end the match).
    pub fn is_sealed(&self) -> bool {
        !self.position.rounds.planning || self.position.is_finished()
    }

    /// The moves that may come next in the plan; empty once it is sealed.
    #[inline]
    pub fn legal_actions(&self) -> &[Move] {
        self.position.listed_choices()
    }

    /// Adds `mv`, one of [`Plan::legal_actions`], to the plan. A plan not
    /// sealed with no move left passes: add [`Move::Pass`].
    pub fn extend(&mut self, mv: Move) -> Result<(), IllegalAction> {
        let legal = self.position.listed_choices();
        let pass_when_stuck = mv == Move::Pass && legal.is_empty();
        if self.is_sealed() || !(pass_when_stuck || legal.contains(&mv)) {
            return Err(IllegalAction::Move(mv));
        }
        self.position.apply_legal(mv, false);
        self.refresh();
        Ok(())
    }

    /// The plan's moves so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.position.position.turn_moves
    }

    /// Random's choice of the plan's next move, as [`State::chance_outcomes`].
    #[inline]
    pub fn chance_outcomes(&self) -> ChanceOutcomes<'_> {
        ChanceOutcomes {
            state: &self.position,
            plan_moves: Some(self.position.listed_choices()),
            draw_answer: false,
        }
    }

    /// The finished plan, ready to resolve with the others' (the position
    /// it was made on is let go); None while it is not sealed.
    pub fn seal(mut self) -> Option<SealedPlan> {
        self.sealed_moves()
    }

    /// As [`Plan::seal`], keeping the position for the search to refill
    /// (its moves are taken).
    pub fn sealed_moves(&mut self) -> Option<SealedPlan> {
        self.is_sealed().then(|| SealedPlan {
            seat: self.seat(),
            moves: std::mem::take(&mut self.position.position.turn_moves),
        })
    }
}

/// A planner's finished plan (see [`Plan::seal`]), for [`State::apply_plans`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedPlan {
    pub(super) seat: usize,
    pub(super) moves: Vec<Move>,
}

impl SealedPlan {
    /// The planner.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The plan's moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
}

//! Simultaneous and Single rounds: every unlocked seat registers a sealed
//! plan judged against the board as it stood at the start of the round, as if
//! it moved first; then the plans resolve together.
//!
//! The state itself stays at the round start until the plans resolve (a
//! plan only adds to the history), so it is the one position every plan is
//! judged from. A planner that has made no move yet is judged on the state
//! itself (see `Round::fresh`); its moves play on a single buffer, copied
//! from the state at its first move that must be played. A plan of one
//! placement, pass or move on stacks is only recorded, not played, so most
//! rounds copy nothing. A resolved round's lists and buffer are kept for the next round
//! (see `State::idle_round`).
//!
//! Collisions: on flat boards, pieces arriving on one space are all destroyed
//! unless ranks settle it (one arrival beats every other by rank); on stacks
//! the arrivals stack in seat order and the stack's capture rules resolve them.

mod resolve;

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::{Applied, Move, State};
use crate::rules::{BoardKind, Order};

#[derive(Debug)]
pub(crate) struct Round {
    /// The planner's position: the round start with its own plan so far
    /// applied, open until its turn's moves are made (`State::planning`).
    /// Out of date while the round is `fresh`.
    position: State,
    /// Whether the planner's position is the round start as the planner
    /// begins (to move, planning, no move made, `offered` as below),
    /// judged on the state itself and not copied into `position`: copying
    /// the state for each round cost a sealed game a sixth of its playout.
    fresh: bool,
    /// Whether the planner offered a draw before its plan (once a plan).
    offered: bool,
    /// Per seat, its plan (empty for a seat sitting out or still to plan).
    plans: Vec<Vec<Move>>,
    /// Bit per seat still to plan; the lowest plans now.
    pending: u16,
    /// Where this round's plans begin in the history: sealed until it resolves.
    pub(super) history_start: usize,
    /// How many decisions were made before the round began.
    decisions_start: usize,
    /// What the plans' resolution fills: kept for the next round.
    lists: Lists,
}

/// The lists a round's resolution fills, kept from round to round.
#[derive(Debug, Default)]
pub(super) struct Lists {
    /// The plans' board moves, in seat order.
    joint: Vec<(usize, Move)>,
    /// Stacks an arrival touched (and whether it moved by stack), to
    /// resolve once every piece has arrived.
    touched: Vec<(u16, bool)>,
    /// Per stack, how many pieces arrive on it.
    arrivals: Vec<usize>,
}

/// Cloned by hand, as `State` is, so `clone_from` reuses the buffers: a
/// playout restarts in a round thousands of times a second.
impl Clone for Round {
    fn clone(&self) -> Round {
        Round {
            position: self.position.clone(),
            fresh: self.fresh,
            offered: self.offered,
            plans: self.plans.clone(),
            pending: self.pending,
            history_start: self.history_start,
            decisions_start: self.decisions_start,
            lists: Lists::default(),
        }
    }

    fn clone_from(&mut self, source: &Round) {
        if !source.fresh {
            self.position.clone_from(&source.position);
        }
        self.fresh = source.fresh;
        self.offered = source.offered;
        self.plans.clone_from(&source.plans);
        self.pending = source.pending;
        self.history_start = source.history_start;
        self.decisions_start = source.decisions_start;
    }
}

/// A sealed round under way, as anyone may know it: who has sealed a plan
/// and who is awaited, never what was planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundProgress {
    /// Seats that sealed their plans, in seat order.
    pub planned: Vec<usize>,
    /// Seats still to plan, in seat order (the first plans now).
    pub awaited: Vec<usize>,
    /// Where the round's plans begin in [`State::history`].
    pub history_start: usize,
    /// How many decisions were made before the round began: an offer made
    /// for this round carries it, and holds until the round resolves.
    pub decisions_start: usize,
}

impl Round {
    /// The seats of `team` left the match: the planner's position, once
    /// copied, knows it as the state does.
    pub(super) fn leave(&mut self, team: u8) {
        self.position.standings.folded |= team;
        self.position.standings.left |= team;
    }

    pub(crate) fn planner(&self) -> usize {
        self.pending.trailing_zeros() as usize
    }

    /// The planner offered a draw: not again in this plan.
    pub(crate) fn offered_draw(&mut self) {
        self.offered = true;
        self.position.talk.offered_this_turn = true;
    }

    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.position.set_seed(seed);
    }

    /// The moves of the plan being made so far.
    pub(crate) fn planned(&self) -> &[Move] {
        if self.fresh {
            return &[];
        }
        &self.position.position.turn_moves
    }

    /// The next planner begins, with no move made: judged on the state.
    fn next_planner_fresh(&mut self) {
        self.fresh = true;
        self.offered = false;
    }

    /// Seats still to plan, in seat order (the first plans now).
    pub(super) fn awaited(&self) -> impl Iterator<Item = usize> + '_ {
        (0..16).filter(|s| self.pending & (1 << s) != 0)
    }
}

/// `round.clone_from(source)` for `State::clone_from`: a round that goes is
/// kept as the idle one in `scratch`, and a round that comes reuses the
/// idle one.
pub(super) fn clone_round_from(
    round: &mut Option<Box<Round>>,
    scratch: &mut Option<Box<super::state::Scratch>>,
    source: &Option<Box<Round>>,
) {
    match (round.as_mut(), source) {
        (Some(mine), Some(theirs)) => mine.clone_from(theirs),
        (None, Some(theirs)) => {
            let idle = scratch
                .as_mut()
                .and_then(|scratch| scratch.idle_round.take());
            *round = Some(match idle {
                Some(mut mine) => {
                    mine.clone_from(theirs);
                    mine
                }
                None => theirs.clone(),
            });
        }
        (_, None) => {
            if let Some(gone) = round.take() {
                scratch.get_or_insert_default().idle_round = Some(gone);
            }
        }
    }
}

impl State {
    fn order(&self) -> Order {
        self.game().rules.phases[self.position.phase()].order
    }

    /// Starts a round when the phase is simultaneous or single. Asked at
    /// every turn's end, so the question is inlined and the round's start
    /// is not.
    #[inline]
    pub(crate) fn begin_round_if_simultaneous(&mut self) {
        if self.rounds.planning || self.is_finished() || self.order() == Order::Sequential {
            return;
        }
        self.begin_round();
    }

    #[inline(never)]
    fn begin_round(&mut self) {
        let seats = self.game().seats.len();
        let locked = self.game().phases[self.position.phase()].locked_seats;
        let pending = (0..seats)
            .filter(|s| locked & (1 << s) == 0)
            .fold(0u16, |set, s| set | 1 << s);
        let idle = self
            .scratch
            .as_mut()
            .and_then(|scratch| scratch.idle_round.take());
        let mut round = match idle {
            Some(round) => round,
            None => Box::new(Round {
                position: self.clone_bare(),
                fresh: true,
                offered: false,
                plans: Vec::new(),
                pending: 0,
                history_start: 0,
                decisions_start: 0,
                lists: Lists::default(),
            }),
        };
        round.plans.resize_with(seats, Vec::new);
        round.plans.truncate(seats);
        round.plans.iter_mut().for_each(Vec::clear);
        round.pending = pending;
        round.history_start = self.records.history.len();
        round.decisions_start = self.decisions().len();
        if pending == 0 {
            // Everyone is locked: the round passes at once.
            return self.resolve_round(round);
        }
        round.next_planner_fresh();
        self.rounds.current = Some(round);
    }

    /// Copies the round start into the round's position as its planner
    /// begins: this state without its past, the planner to move. The round
    /// must be out of the state.
    fn open_round_position(&self, round: &mut Round) {
        debug_assert!(self.rounds.current.is_none(), "a position holds no round");
        round.position.clone_bare_from(self);
        round.position.open_plan(round.planner());
        round.position.talk.offered_this_turn = round.offered;
        round.fresh = false;
    }

    /// The planner's legal moves while its round is fresh (see
    /// `Round::fresh`), judged on this state in place: the planner to move
    /// with a fresh plan, the round set aside, then all put back. The same
    /// moves as on a copy, which `generate_plan_moves` makes where the
    /// state cannot be changed.
    pub(crate) fn generate_fresh_plan_moves(&mut self, out: &mut Vec<Move>) {
        let round = self.rounds.current.take().expect("a round is under way");
        let to_move = std::mem::replace(&mut self.position.to_move, round.planner() as u8);
        let planning = std::mem::replace(&mut self.rounds.planning, true);
        let offered = std::mem::replace(&mut self.talk.offered_this_turn, round.offered);
        let turn_moves = std::mem::take(&mut self.position.turn_moves);
        self.generate_legal(out);
        self.position.turn_moves = turn_moves;
        self.talk.offered_this_turn = offered;
        self.rounds.planning = planning;
        self.position.to_move = to_move;
        self.rounds.current = Some(round);
        debug_assert_eq!(*out, {
            let mut copied = Vec::new();
            self.generate_plan_moves(&mut copied);
            copied
        });
    }

    /// Whether the round under way waits on a planner with no move made,
    /// judged on the state itself (see `Round::fresh`).
    pub(crate) fn round_is_fresh(&self) -> bool {
        self.rounds.current.as_ref().is_some_and(|r| r.fresh)
    }

    /// A planner's position, fresh: `seat` moves, its plan open and empty.
    fn open_plan(&mut self, seat: usize) {
        self.rounds.planning = true;
        // Each planner may offer a draw once, before its plan.
        self.talk.offered_this_turn = false;
        self.position.to_move = seat as u8;
        self.position.turn_moves.clear();
    }

    /// Whether `mv` makes the whole plan on this planner's position, fresh
    /// from the round start, with nothing of its play needed: one piece a
    /// turn, no chain of jumps open, and a placement, a pass, or a move on
    /// stacks (which never opens a chain nor earns another move: see
    /// `State::play_step`). Such a move ends the turn, and its words need
    /// only the board it starts from (see `State::said_before_step`), so it
    /// is only recorded: the position stays the round start for the next
    /// planner, with nothing to undo.
    fn closes_plan_untouched(&self, mv: Move, fresh: bool) -> bool {
        // A plan's every move is in `turn_moves`: none yet, nothing played.
        // A fresh round's planner has made none (`self` is the state).
        let ends_turn = match mv {
            Move::Place { .. } | Move::Pass => true,
            Move::Step { .. } | Move::Promote { .. } => {
                self.game().geometry.kind == BoardKind::Stacks
            }
            Move::OfferDraw | Move::AgreeDraw | Move::RefuseDraw | Move::Roll { .. } => false,
        };
        (fresh || self.position.turn_moves.is_empty())
            && ends_turn
            && self.game().rules.pieces_per_turn == 1
            && self.position.tactics.chain.is_none()
            && self.position.tactics.extra == 0
    }

    /// A copy of the round-start position for one planner, without history.
    fn position_for(&self, seat: usize) -> State {
        let mut position = self.clone_bare();
        position.open_plan(seat);
        position
    }

    /// One move of the planner's sealed plan.
    pub(super) fn add_to_plan(&mut self, mv: Move, automatic: bool) {
        let mut round = self
            .rounds
            .current
            .take()
            .expect("planning happens in a round");
        let seat = round.planner();
        round.plans[seat].push(mv);
        let untouched = if round.fresh {
            self.closes_plan_untouched(mv, true)
        } else {
            round.position.closes_plan_untouched(mv, false)
        };
        let (done, said) = if untouched {
            // The words as the planner's position would record them: it
            // is the round start, as the state is while the round is fresh.
            let start = if round.fresh { &*self } else { &round.position };
            (true, start.said_before_step(mv))
        } else {
            if round.fresh {
                self.open_round_position(&mut round);
            }
            round.position.apply_legal(mv, automatic);
            // The plan's move as the planner's position recorded it, with
            // what its words need from there.
            let said = round
                .position
                .records
                .history
                .last()
                .map_or_else(Default::default, |a| a.said);
            let done = !round.position.rounds.planning || round.position.is_finished();
            (done, said)
        };
        self.records.history.push(Applied {
            seat: seat as u8,
            mv,
            automatic,
            said,
            phase: self.position.phase() as u8,
        });
        if done {
            round.pending &= !(1 << seat);
            if round.pending == 0 {
                return self.resolve_round(round);
            }
            round.next_planner_fresh();
        }
        self.rounds.current = Some(round);
    }

    /// The seats planning in the round under way (locked seats sit it out),
    /// in seat order: those that sealed their plans and those still to plan.
    pub(super) fn round_planners(&self) -> Vec<usize> {
        let locked = self.game().phases[self.position.phase()].locked_seats;
        match &self.rounds.current {
            Some(_) => (0..self.game().seats.len())
                .filter(|s| locked & (1 << s) == 0)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The sealed round under way, if any: who planned, who is awaited.
    pub fn round_progress(&self) -> Option<RoundProgress> {
        let round = self.rounds.current.as_ref()?;
        let awaited: Vec<usize> = round.awaited().collect();
        Some(RoundProgress {
            planned: self
                .round_planners()
                .into_iter()
                .filter(|s| !awaited.contains(s))
                .collect(),
            awaited,
            history_start: round.history_start,
            decisions_start: round.decisions_start,
        })
    }

    /// The position `seat` plans from in the round under way, to offer its
    /// moves and judge a plan sent before its turn to plan: the round-start
    /// position (with its own plan so far when it plans now), on which the
    /// plan plays as an ordinary turn. `None` outside a round or for a seat
    /// that does not plan in it.
    pub fn plan_position(&self, seat: usize) -> Option<State> {
        let round = self.rounds.current.as_ref()?;
        if !round.awaited().any(|s| s == seat) {
            return None;
        }
        let mut position = self.plan_start(seat);
        // A position of its own, played like a turn: a plan judged on it
        // ends there (a planner's position only records, and never ends).
        position.rounds.planning = false;
        // A planner's position keeps no list of its own legal moves.
        let mut legal = Vec::new();
        position.generate_legal(&mut legal);
        position.set_legal(legal);
        Some(position)
    }

    /// Where `seat` plans from in the round under way: the round-start
    /// position, with the moves of its plan so far when it is planning now.
    /// Never another seat's sealed moves.
    pub(super) fn plan_start(&self, seat: usize) -> State {
        match &self.rounds.current {
            Some(round) if round.planner() == seat && !round.fresh => round.position.clone(),
            Some(round) if round.planner() == seat => {
                let mut position = self.position_for(seat);
                position.talk.offered_this_turn = round.offered;
                position
            }
            _ => self.position_for(seat),
        }
    }

    /// [`State::plan_start`] into `position`, reusing its buffers: a search
    /// makes every planner's plan afresh in each of its playouts.
    pub(super) fn plan_start_into(&self, seat: usize, position: &mut State) {
        match &self.rounds.current {
            Some(round) if round.planner() == seat && !round.fresh => {
                position.clone_from(&round.position);
            }
            // The round start, which every planner judges from (the
            // planner to move may have offered a draw).
            Some(round) => {
                position.clone_bare_from(self);
                position.open_plan(seat);
                if round.planner() == seat {
                    position.talk.offered_this_turn = round.offered;
                }
            }
            None => *position = self.position_for(seat),
        }
    }

    /// For a seat's information state: drops every plan of the round under
    /// way but `seat`'s own. The planner's position is rebuilt from this
    /// state when another seat plans now (its moves so far are sealed) or
    /// when `rebuild` asks (this state is what `seat` perceives, and the
    /// position must be too), replaying the seat's own plan so far.
    pub(super) fn keep_only_the_plan_of(&mut self, seat: usize, rebuild: bool) {
        let Some(mut round) = self.rounds.current.take() else {
            return;
        };
        round.history_start = 0;
        round.decisions_start = 0;
        for (planner, plan) in round.plans.iter_mut().enumerate() {
            if planner != seat {
                plan.clear();
            }
        }
        let planner = round.planner();
        if planner != seat || rebuild {
            round.next_planner_fresh();
            if planner == seat && !round.plans[seat].is_empty() {
                self.open_round_position(&mut round);
                for &mv in &round.plans[seat] {
                    round.position.apply_legal(mv, false);
                }
            }
        }
        self.rounds.current = Some(round);
    }

    /// For the search: ends the round under way with these plans (one per
    /// seat, empty for a seat sitting out) in place of the sealed ones.
    pub(super) fn resolve_with(&mut self, plans: Vec<Vec<Move>>) {
        let mut round = self.rounds.current.take().expect("plans resolve a round");
        round.plans = plans;
        self.resolve_round(round);
        // As `apply` leaves a state: knowledge and legal moves up to date.
        self.refresh_knowledge();
        self.play_automatic();
    }

    /// Legal moves of the planner, judged from the round-start position.
    pub(crate) fn generate_plan_moves(&self, out: &mut Vec<Move>) -> bool {
        match &self.rounds.current {
            Some(round) if round.fresh => {
                // Where the state cannot be changed: on a copy (see
                // `generate_fresh_plan_moves`).
                let mut position = self.position_for(round.planner());
                position.talk.offered_this_turn = round.offered;
                position.generate_legal(out);
                true
            }
            Some(round) => {
                round.position.generate_legal(out);
                true
            }
            None => false,
        }
    }

    /// Applies every plan together, then ends the round like a turn. The
    /// round is over once its plans are read: it waits as the idle round
    /// for the next, which may begin as this one ends.
    fn resolve_round(&mut self, mut round: Box<Round>) {
        let mut hasher = FxHasher::default();
        (self.position.turn_start_key, &round.plans).hash(&mut hasher);
        let key = hasher.finish();
        self.position.changed.clear();
        let mut lists = std::mem::take(&mut round.lists);
        lists.joint.clear();
        lists.joint.extend(
            round
                .plans
                .iter()
                .enumerate()
                .flat_map(|(seat, p)| p.iter().map(move |m| (seat, *m)))
                .filter(|(_, m)| m.is_board_move()),
        );
        self.scratch_mut().idle_round = Some(round);
        if self.game().geometry.kind == BoardKind::Stacks {
            self.resolve_on_stacks(&mut lists);
        } else {
            self.resolve_on_cells(&lists.joint);
        }
        let mover = lists.joint.first().map_or(0, |(seat, _)| *seat);
        if let Some(idle) = self.scratch.as_mut().and_then(|s| s.idle_round.as_mut()) {
            idle.lists = lists;
        }
        let single = self.order() == Order::Single;
        self.finish_turn(mover, Some(key), true, single);
    }
}

#[cfg(test)]
mod tests;

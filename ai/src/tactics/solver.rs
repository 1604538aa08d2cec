//! The exhaustive short search behind the labels: whole turns (every
//! consecutive decision of one side) played on the game interface alone,
//! with two prunings that cannot change an answer: each search stops at
//! its first witness or refutation, and the last one found is tried first
//! (a winning turn, a refuting reply and a forcing turn per side), since
//! in sibling positions it usually works again. Every `apply_action` counts
//! as a node against a limit; past it the search stops with
//! [`Stop::Budget`] and nothing is concluded.
//!
//! Independent of `crate` on purpose: it judges the search.

use redscience_engine::game::{Game, GameState, Move, Movers, SeatResult, State};

/// Why a search gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// More nodes were needed than the limit allows.
    Budget,
    /// The position leaves the model: a chance node, a sealed round, a
    /// seat of no side, or a listed action the state refused.
    Unsupported,
}

pub(crate) type Found<T> = Result<T, Stop>;

/// What [`Solver::turns`] calls at the end of each turn: true to stop.
pub(crate) type Visit<'a> = dyn FnMut(&mut Solver, &State, &[Move]) -> Found<bool> + 'a;

/// What a turn's end must achieve for the rule of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// The match ends with the mover's win.
    Win,
    /// The opponent has no winning turn.
    Safe,
    /// The opponent cannot win at once, and every turn of its leaves the
    /// mover a winning turn.
    Forcing,
    /// The opponent has no forced win within two of its turns.
    Prevents,
}

/// The search state: sides, node count and the last witnesses per side.
pub(crate) struct Solver {
    /// The side (0 or 1) of each seat; None for a seat of neither.
    side_of_seat: Vec<Option<usize>>,
    /// A seat of each side, whose result is its side's.
    seat_of_side: [usize; 2],
    pub nodes: u64,
    pub limit: u64,
    win_killer: [Vec<Move>; 2],
    reply_killer: [Vec<Move>; 2],
    force_killer: [Vec<Move>; 2],
}

impl Solver {
    /// A solver for a game of exactly two sides (two seats, or two teams),
    /// with no Chaos; None otherwise.
    pub fn new(game: &Game) -> Option<Solver> {
        if game.chaos_seat().is_some() {
            return None;
        }
        let mut teams: Vec<usize> = game.seats.iter().map(|s| s.team).collect();
        teams.sort_unstable();
        teams.dedup();
        let [first, second] = teams[..] else {
            return None;
        };
        let side = |team: usize| {
            (team == second)
                .then_some(1)
                .or((team == first).then_some(0))
        };
        let side_of_seat: Vec<Option<usize>> = game.seats.iter().map(|s| side(s.team)).collect();
        let seat_of = |wanted: usize| side_of_seat.iter().position(|&s| s == Some(wanted));
        let seat_of_side = [seat_of(0)?, seat_of(1)?];
        Some(Solver {
            side_of_seat,
            seat_of_side,
            nodes: 0,
            limit: u64::MAX,
            win_killer: Default::default(),
            reply_killer: Default::default(),
            force_killer: Default::default(),
        })
    }

    /// The side that decides now; None when the match is over.
    pub fn side(&self, state: &State) -> Found<Option<usize>> {
        match state.movers() {
            Movers::Nobody => Ok(None),
            Movers::One(seat) => match self.side_of_seat.get(seat) {
                Some(Some(side)) => Ok(Some(*side)),
                _ => Err(Stop::Unsupported),
            },
            _ => Err(Stop::Unsupported),
        }
    }

    /// The state after one more decision, counted against the limit.
    pub fn play(&mut self, state: &State, mv: Move) -> Found<State> {
        if self.nodes >= self.limit {
            return Err(Stop::Budget);
        }
        self.nodes += 1;
        let mut next = state.clone();
        next.apply_action(mv).map_err(|_| Stop::Unsupported)?;
        Ok(next)
    }

    /// Whether the match is over with `side` winning.
    pub fn won(&self, state: &State, side: usize) -> bool {
        state
            .results()
            .is_some_and(|r| r.get(self.seat_of_side[side]) == Some(&SeatResult::Win))
    }

    /// Whether `state` is at the end of a turn of `side`: over, or another
    /// side decides.
    fn turn_over(&self, state: &State, side: usize) -> Found<bool> {
        Ok(self.side(state)? != Some(side))
    }

    /// Plays a remembered turn of `side` from `state`; None when it is not
    /// one there (a move not legal, or the turn not over at its end).
    fn replay_turn(&mut self, state: &State, side: usize, turn: &[Move]) -> Found<Option<State>> {
        let mut current: Option<State> = None;
        for &mv in turn {
            let at = current.as_ref().unwrap_or(state);
            if self.side(at)? != Some(side) || !at.legal_actions().contains(&mv) {
                return Ok(None);
            }
            current = Some(self.play(at, mv)?);
        }
        match current {
            Some(end) if self.turn_over(&end, side)? => Ok(Some(end)),
            _ => Ok(None),
        }
    }

    /// Calls `visit` at the end of every turn of `side` from `state` (which
    /// `side` decides), with the turn's moves, until it returns true;
    /// whether it did.
    pub fn turns(
        &mut self,
        state: &State,
        side: usize,
        path: &mut Vec<Move>,
        visit: &mut Visit<'_>,
    ) -> Found<bool> {
        for mv in state.legal_actions().to_vec() {
            let next = self.play(state, mv)?;
            path.push(mv);
            let stop = if self.turn_over(&next, side)? {
                visit(self, &next, path)?
            } else {
                self.turns(&next, side, path, visit)?
            };
            path.pop();
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A turn of `side` (which decides at `state`) that wins at once.
    pub fn winning_turn(&mut self, state: &State, side: usize) -> Found<Option<Vec<Move>>> {
        let killer = self.win_killer[side].clone();
        if !killer.is_empty()
            && let Some(end) = self.replay_turn(state, side, &killer)?
            && self.won(&end, side)
        {
            return Ok(Some(killer));
        }
        let mut found = None;
        self.turns(state, side, &mut Vec::new(), &mut |solver, end, path| {
            let wins = solver.won(end, side);
            if wins {
                found = Some(path.to_vec());
            }
            Ok(wins)
        })?;
        if let Some(turn) = &found {
            self.win_killer[side] = turn.clone();
        }
        Ok(found)
    }

    /// After a turn of `side` ended at `end`: whether the other side wins
    /// at once (it has won already, or it has a winning turn).
    pub fn opponent_wins_at_once(&mut self, end: &State, side: usize) -> Found<bool> {
        let other = 1 - side;
        if end.is_terminal() {
            return Ok(self.won(end, other));
        }
        Ok(self.side(end)? == Some(other) && self.winning_turn(end, other)?.is_some())
    }

    /// After the other side's turn ended at `end`: whether `side` has won
    /// or has a winning turn.
    fn wins_next(&mut self, end: &State, side: usize) -> Found<bool> {
        if end.is_terminal() {
            return Ok(self.won(end, side));
        }
        Ok(self.side(end)? == Some(side) && self.winning_turn(end, side)?.is_some())
    }

    /// After a turn of `side` ended at `end`: whether it forces a win on
    /// the next turn (the other side cannot win at once, and every turn of
    /// its leaves `side` a winning turn).
    pub fn forcing(&mut self, end: &State, side: usize) -> Found<bool> {
        let other = 1 - side;
        if end.is_terminal() || self.side(end)? != Some(other) {
            return Ok(false);
        }
        let killer = self.reply_killer[other].clone();
        if !killer.is_empty()
            && let Some(after) = self.replay_turn(end, other, &killer)?
            && !self.wins_next(&after, side)?
        {
            return Ok(false);
        }
        if self.winning_turn(end, other)?.is_some() {
            return Ok(false);
        }
        let mut refutation = None;
        self.turns(end, other, &mut Vec::new(), &mut |solver, after, path| {
            let refutes = !solver.wins_next(after, side)?;
            if refutes {
                refutation = Some(path.to_vec());
            }
            Ok(refutes)
        })?;
        match refutation {
            Some(reply) => {
                self.reply_killer[other] = reply;
                Ok(false)
            }
            None => Ok(true),
        }
    }

    /// A turn of `side` (which decides at `state`) that forces a win on its
    /// next turn (see [`Solver::forcing`]).
    pub fn forcing_turn(&mut self, state: &State, side: usize) -> Found<Option<Vec<Move>>> {
        let killer = self.force_killer[side].clone();
        if !killer.is_empty()
            && let Some(end) = self.replay_turn(state, side, &killer)?
            && self.forcing(&end, side)?
        {
            return Ok(Some(killer));
        }
        let mut found = None;
        self.turns(state, side, &mut Vec::new(), &mut |solver, end, path| {
            let forces = solver.forcing(end, side)?;
            if forces {
                found = Some(path.to_vec());
            }
            Ok(forces)
        })?;
        if let Some(turn) = &found {
            self.force_killer[side] = turn.clone();
        }
        Ok(found)
    }

    /// After a turn of `side` ended at `end`: whether the other side has
    /// won, wins at once, or forces a win within two of its turns.
    pub fn opponent_wins_within_two(&mut self, end: &State, side: usize) -> Found<bool> {
        let other = 1 - side;
        if end.is_terminal() {
            return Ok(self.won(end, other));
        }
        if self.side(end)? != Some(other) {
            return Ok(false);
        }
        Ok(self.winning_turn(end, other)?.is_some() || self.forcing_turn(end, other)?.is_some())
    }

    /// Whether a turn of `side` ending at `end` reaches `goal`.
    pub fn reaches(&mut self, end: &State, side: usize, goal: Goal) -> Found<bool> {
        match goal {
            Goal::Win => Ok(self.won(end, side)),
            Goal::Safe => Ok(!self.opponent_wins_at_once(end, side)?),
            Goal::Forcing => self.forcing(end, side),
            Goal::Prevents => Ok(!self.opponent_wins_within_two(end, side)?),
        }
    }

    /// Whether some turn of `side` that begins with `first` (from `state`,
    /// where `side` decides) reaches `goal`.
    pub fn begins_turn_reaching(
        &mut self,
        state: &State,
        side: usize,
        first: Move,
        goal: Goal,
    ) -> Found<bool> {
        if !state.legal_actions().contains(&first) {
            return Ok(false);
        }
        let next = self.play(state, first)?;
        if self.turn_over(&next, side)? {
            return self.reaches(&next, side, goal);
        }
        self.turns(&next, side, &mut vec![first], &mut |solver, end, _| {
            solver.reaches(end, side, goal)
        })
    }
}

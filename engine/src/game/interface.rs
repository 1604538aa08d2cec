//! The game interface: the one way algorithms (the search, its sampled
//! worlds and planners, and Random) see a match. It follows OpenSpiel's
//! `State` (open_spiel/spiel.h):
//!
//! | OpenSpiel | here |
//! |---|---|
//! | `CurrentPlayer` (with chance, simultaneous and terminal ids) | [`State::movers`] |
//! | `LegalActions` | [`State::legal_actions`] |
//! | `ApplyAction` | [`State::apply_action`] |
//! | `ApplyActions` (a simultaneous node's joint action) | [`State::plan`], [`Plan::seal`], [`State::apply_plans`] |
//! | `ChanceOutcomes` | [`State::chance_outcomes`] |
//! | `IsTerminal`, `Returns` | [`State::is_terminal`], [`State::returns`] |
//! | `ObservationString(player)` | [`State::observation`] |
//! | `InformationStateString(player)` | [`State::information_state`], [`State::decisions_known_to`] |
//! | `NumPlayers`, `NewInitialState` | [`State::seat_count`], [`State::start_position`] |
//! | `Clone` | `State::clone` |
//!
//! `UndoAction` is left out: [`State::undo`] replays the match from its
//! start, which no search can afford per move. Clone before a move instead.
//!
//! The interface is a trait, [`GameState`]: [`State`] implements it, and
//! so may any position a search runs on. Everything else a person needs
//! (a move explained, the legal moves with draw talk, a view) stays on
//! `State`, under names of its own.
//!
//! Nothing here says how a state stores its board, knowledge or legal
//! moves: moves come as slices and small iterators of [`Move`], seats as
//! indices (0-based; Chaos sits last).

use std::fmt;

use rand::{Rng, RngExt};

use super::choices::{Drawn, draw};
use super::{Move, PlayerView, SeatResult, State};

mod plan;

pub use plan::{Plan, SealedPlan};

/// Who decides now: OpenSpiel's current player, its chance player, its
/// simultaneous player and its terminal player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movers {
    /// The match is over.
    Nobody,
    /// One seat decides: its turn, or its answer to a draw offer.
    One(usize),
    /// Chaos's turn (the seat given): a chance node. Chaos plays at random
    /// as Random does, so its move is drawn from
    /// [`State::chance_outcomes`]; it has no goal to search for.
    Chance(usize),
    /// The die is rolled for the turn of the seat given (ours, issue 23): a
    /// chance node whose legal actions are the faces ([`Move::Roll`]), each
    /// as likely ([`State::chance_outcomes`]). No seat decides it.
    Roll(usize),
    /// A sealed round: every seat in `planners` seals a plan judged from the
    /// round-start position, without seeing the others'; the plans then
    /// resolve together. `awaited` are those still to plan, and the engine
    /// asks the first of them next ([`Movers::next`]): the legal actions are
    /// that planner's, and applying one adds to its plan. A search builds
    /// every planner's plan itself instead, with [`State::plan`], and
    /// resolves them with [`State::apply_plans`]. Chaos, when it plans,
    /// plans at random.
    Sealed { planners: Seats, awaited: Seats },
}

impl Movers {
    /// The seat the engine asks next; None once the match is over.
    #[inline]
    pub fn next(self) -> Option<usize> {
        match self {
            Movers::Nobody => None,
            Movers::One(seat) | Movers::Chance(seat) | Movers::Roll(seat) => Some(seat),
            Movers::Sealed { awaited, .. } => awaited.first(),
        }
    }
}

/// A set of seats (by index, 0 to 15: a match has at most 9), small and
/// copied freely.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats(u16);

impl Seats {
    #[inline]
    pub fn contains(self, seat: usize) -> bool {
        seat < 16 && self.0 & (1 << seat) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    pub fn first(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// The seats, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..16).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<usize> for Seats {
    fn from_iter<I: IntoIterator<Item = usize>>(seats: I) -> Seats {
        let bit = |seat: usize| u32::try_from(seat).ok().and_then(|s| 1u16.checked_shl(s));
        Seats(
            seats
                .into_iter()
                .fold(0, |set, seat| set | bit(seat).unwrap_or(0)),
        )
    }
}

/// What the interface refused, the state left unchanged. For a person,
/// [`State::apply`] explains in words why a move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The move is not among the legal actions, or the match is over.
    Move(Move),
    /// Plans given outside a sealed round, for a seat that does not plan
    /// in it, or twice for one seat.
    Plans,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::Move(mv) => write!(
                f,
                "{mv:?} is not a legal action here: choose one of State::legal_actions"
            ),
            IllegalAction::Plans => f.write_str(
                "plans resolve a sealed round: one sealed plan per planner, made with State::plan",
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}

/// What a finished match is worth to a seat: 1 for a win, 0.5 for a draw,
/// 0 for a loss. Partners share their team's result.
pub fn return_of(result: SeatResult) -> f64 {
    match result {
        SeatResult::Win => 1.0,
        SeatResult::Draw => 0.5,
        SeatResult::Loss => 0.0,
    }
}

/// The moves Random and Chaos may make, each with its chance: every legal
/// move but a draw offer, a placement weighted by the pieces of its kind
/// left in reserve (the spec's Random), any other move by 1; an offered
/// draw is agreed or refused at even odds. Borrowed from the state it
/// describes; nothing is allocated.
#[derive(Clone, Copy, Debug)]
pub struct ChanceOutcomes<'a> {
    state: &'a State,
    /// A plan's moves; None for the state's own, listed only when asked
    /// for (a draw is sampled from the state's kept placements unlisted).
    plan_moves: Option<&'a [Move]>,
    draw_answer: bool,
}

impl<'a> ChanceOutcomes<'a> {
    /// A move's weight: its chance is its share of the total. An answer
    /// to a draw offer weighs 1, as its only alternative does.
    /// A move's weight in Random's draw: a placement weighs as many as the
    /// pieces of its kind held (see also [`State::weighs_every_move_one`]).
    #[inline]
    fn weight(state: &State, mv: Move) -> u32 {
        match mv {
            Move::OfferDraw => 0,
            Move::Place { color, shape, .. } => u32::from(state.reserve(color, shape)),
            _ => 1,
        }
    }

    /// The moves with a chance: the plan's, or the state's legal actions.
    fn moves(&self) -> &'a [Move] {
        match self.plan_moves {
            Some(moves) => moves,
            None => self.state.legal_actions(),
        }
    }

    #[inline]
    fn total(&self) -> u32 {
        self.moves()
            .iter()
            .map(|&m| Self::weight(self.state, m))
            .sum()
    }
}

impl State {
    /// Whether every move listed weighs one in Random's draw (see
    /// `ChanceOutcomes::weight`): no draw offer can be listed, and no piece
    /// is held off the board, so none is placed. Random's pick is
    /// then the move's index, without weighing the list.
    #[inline]
    pub(crate) fn weighs_every_move_one(&self) -> bool {
        !self.game().rules.draw_option && self.position.reserves.holds_none()
    }
}

impl Chances for ChanceOutcomes<'_> {
    /// Each move with its probability; the probabilities sum to 1. Empty
    /// when there is nothing to choose (the match is over).
    fn iter(&self) -> impl Iterator<Item = (Move, f64)> + '_ {
        let state = self.state;
        let total = f64::from(self.total());
        self.moves()
            .iter()
            .map(move |&m| (m, f64::from(Self::weight(state, m)) / total))
            .filter(|&(_, p)| p > 0.0)
    }

    fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// One move drawn with these chances; None when there is none. This is
    /// Random's and Chaos's choice (see [`crate::random::random_move`]).
    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.draw_answer && !self.moves().is_empty() {
            return Some(if rng.random_bool(0.5) {
                Move::AgreeDraw
            } else {
                Move::RefuseDraw
            });
        }
        if self.plan_moves.is_none()
            && let Some(mv) = sample_placement(self.state, rng)
        {
            return mv;
        }
        let moves = self.moves();
        if self.state.weighs_every_move_one() {
            // The same draw as below, where every weight is one.
            if moves.is_empty() {
                return None;
            }
            return Some(moves[rng.random_range(0..moves.len() as u32) as usize]);
        }
        let (mut total, mut uniform) = (0, true);
        for &m in moves {
            let w = Self::weight(self.state, m);
            total += w;
            uniform &= w == 1;
        }
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        // Every move weighs one, as where nothing is placed from reserves
        // and no draw is offered: the pick is the move's index, found
        // without a second walk.
        if uniform {
            return Some(moves[pick as usize]);
        }
        for &m in moves {
            let w = Self::weight(self.state, m);
            if pick < w {
                return Some(m);
            }
            pick -= w;
        }
        None
    }
}

/// The draw of [`ChanceOutcomes::sample`] where the state keeps its
/// placements as a product of kinds and open slots, without listing them:
/// the same pick, from the same draw, as walking the list (slot by slot,
/// each kind as many times as it is held, then the other moves). None when
/// the state keeps a plain list.
#[inline]
pub(super) fn sample_placement<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
) -> Option<Option<Move>> {
    let (kinds, slots) = state.placing()?;
    let per_slot = state.placeable_pieces()?;
    let others = state.listed_choices();
    let weight = |m: &Move| ChanceOutcomes::weight(state, *m);
    let other_weight = others.iter().map(weight).sum::<u32>();
    let slot_count = slots.len() as u32;
    let mut pick = match draw(rng, slot_count, per_slot, kinds.len(), other_weight) {
        None => return Some(None),
        Some(Drawn::Placement { slot, mut within }) => {
            let to = state.slot_target(slots.nth(slot as usize));
            for &(color, shape) in kinds {
                let held = u32::from(state.reserve(color, shape));
                if within < held {
                    return Some(Some(Move::Place { color, shape, to }));
                }
                within -= held;
            }
            unreachable!("the pick falls on a kind held")
        }
        Some(Drawn::Other(pick)) => pick,
    };
    for &m in others {
        if pick < weight(&m) {
            return Some(Some(m));
        }
        pick -= weight(&m);
    }
    Some(None)
}

/// The game interface (see the module): what an algorithm may ask of a
/// position and do to it, after OpenSpiel's `State`.
pub trait GameState: Clone {
    /// The chances of the moves of the seat asked next.
    type Chances<'a>: Chances
    where
        Self: 'a;
    /// What a seat is shown of the position.
    type Observation;

    /// Who decides now (see [`Movers`]).
    fn movers(&self) -> Movers;

    /// How many seats the game has, Chaos included.
    fn seat_count(&self) -> usize;

    /// The moves of the seat the engine asks next ([`Movers::next`]), in a
    /// stable order; empty once the game is over.
    fn legal_actions(&self) -> &[Move];

    /// Applies one of the legal actions, then every move that follows by
    /// force. Refuses any other move, the position unchanged.
    fn apply_action(&mut self, mv: Move) -> Result<(), IllegalAction>;

    /// The chances of each move of the seat asked next: chance's outcomes
    /// at a chance node, Random's choice elsewhere.
    fn chance_outcomes(&self) -> Self::Chances<'_>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool;

    /// Per seat, in seat order, what the finished game is worth to it
    /// ([`return_of`]: 1 win, 0.5 draw, 0 loss); None while it goes on.
    fn returns(&self) -> Option<impl ExactSizeIterator<Item = f64> + '_>;

    /// What `seat` sees now.
    fn observation(&self, seat: usize) -> Self::Observation;

    /// The position as `seat` knows it: what a search for that seat may
    /// start from, with nothing in it the seat may not know.
    fn information_state(&self, seat: usize) -> Self;
}

/// A distribution over moves (see [`GameState::chance_outcomes`]).
pub trait Chances {
    /// Each move with its probability; the probabilities sum to 1. Empty
    /// when there is nothing to choose.
    fn iter(&self) -> impl Iterator<Item = (Move, f64)> + '_;

    /// Whether there is nothing to choose.
    fn is_empty(&self) -> bool;

    /// One move drawn with these chances; None when there is none.
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move>;
}

impl GameState for State {
    type Chances<'a> = ChanceOutcomes<'a>;
    type Observation = PlayerView;

    /// Who decides now (see [`Movers`]). A draw offer awaiting an answer
    /// comes first: the seat answering decides, round or not.
    #[inline]
    fn movers(&self) -> Movers {
        if self.is_finished() {
            return Movers::Nobody;
        }
        if self.draw_offered_by().is_some() {
            return Movers::One(self.to_move());
        }
        if let Some(round) = &self.rounds.current {
            let locked = self.game().phases[self.position.phase()].locked_seats;
            return Movers::Sealed {
                planners: (0..self.seat_count())
                    .filter(|s| locked & (1 << s) == 0)
                    .collect(),
                awaited: round.awaited().collect(),
            };
        }
        let seat = self.position.to_move();
        if self.awaits_roll() {
            Movers::Roll(seat)
        } else if self.game().seats[seat].is_chaos {
            Movers::Chance(seat)
        } else {
            Movers::One(seat)
        }
    }

    /// How many seats the match has, Chaos included.
    #[inline]
    fn seat_count(&self) -> usize {
        self.game().seats.len()
    }

    /// The moves of the seat the engine asks next ([`Movers::next`]), in a
    /// stable order; empty once the match is over. Draw offers are never
    /// among them (a person may offer one through [`State::apply`]; an
    /// algorithm never does). While an offer awaits an answer, the answers
    /// ([`Move::AgreeDraw`], [`Move::RefuseDraw`]) are the legal actions.
    #[inline]
    fn legal_actions(&self) -> &[Move] {
        Move::but_offer(self.legal())
    }

    /// Applies one of the [`State::legal_actions`] (or a draw offer, as a
    /// person may), then every move that follows by force (a pass with
    /// nothing to do, a single choice). Refuses any other move, unchanged.
    #[inline]
    fn apply_action(&mut self, mv: Move) -> Result<(), IllegalAction> {
        if self.is_finished() || !self.allows(mv) {
            return Err(IllegalAction::Move(mv));
        }
        self.decide(mv);
        Ok(())
    }

    /// The chances of each move of the seat asked next. At a chance node
    /// ([`Movers::Chance`]) these are chance's outcomes; elsewhere they are
    /// the Random player's choice, which is the same rule: Random and Chaos
    /// both draw from here (see [`ChanceOutcomes`]).
    #[inline]
    fn chance_outcomes(&self) -> ChanceOutcomes<'_> {
        ChanceOutcomes {
            state: self,
            plan_moves: None,
            draw_answer: self.draw_offered_by().is_some(),
        }
    }

    /// Whether the match is over.
    #[inline]
    fn is_terminal(&self) -> bool {
        self.is_finished()
    }

    /// Per seat, in seat order, what the finished match is worth to it
    /// ([`return_of`]: 1 win, 0.5 draw, 0 loss); None while it goes on.
    #[inline]
    fn returns(&self) -> Option<impl ExactSizeIterator<Item = f64> + '_> {
        self.results()
            .map(|results| results.iter().map(|&r| return_of(r)))
    }

    /// What `seat` sees now: its [`PlayerView`].
    fn observation(&self, seat: usize) -> PlayerView {
        self.player_view(seat)
    }

    /// The position as `seat` knows it: what a search for that seat may
    /// start from. Under cloaking, the pieces the seat has not seen are
    /// gone and the walls it has not met are open (its moves are judged on
    /// what it knows); in a sealed round, the others' sealed plans are
    /// dropped, and the plan the seat is making stays. It has no past: its
    /// history and decisions are empty (the past as the seat knows it is
    /// [`State::decisions_known_to`]).
    fn information_state(&self, seat: usize) -> State {
        let cloaked = self.game().rules.cloaking != crate::rules::Cloaking::None;
        let mut known = if cloaked {
            self.perceived(seat)
        } else {
            self.clone()
        };
        known.records.history = Default::default();
        known.records.decisions = Default::default();
        known.keep_only_the_plan_of(seat, cloaked);
        known
    }
}

impl State {
    /// The seat whose moves are chance (Chaos), if the rules have one.
    #[inline]
    pub fn chance_seat(&self) -> Option<usize> {
        self.game().chaos_seat()
    }

    /// Applies a move drawn from [`State::chance_outcomes`], which are legal
    /// by construction: as [`State::apply_action`] without checking it.
    #[inline]
    pub(crate) fn apply_drawn(&mut self, mv: Move) {
        debug_assert!(!self.is_finished() && self.allows(mv), "{mv:?} is legal");
        self.decide(mv);
    }

    /// The plan `seat` makes in the sealed round under way, from the
    /// round-start position, with its moves so far when it is planning now
    /// (never another seat's sealed moves). None outside a round or for a
    /// seat that sits it out.
    pub fn plan(&self, seat: usize) -> Option<Plan> {
        match self.movers() {
            Movers::Sealed { planners, .. } if planners.contains(seat) => {
                Some(Plan::new(self.plan_start(seat)))
            }
            _ => None,
        }
    }

    /// Ends the sealed round under way with these plans, made with
    /// [`State::plan`] and sealed, at most one per planner, in place of any
    /// plans sealed in the match (a planner without one plans nothing);
    /// then plays on as [`State::apply_action`] does: OpenSpiel's
    /// `ApplyActions` at a simultaneous node. Refused, the state unchanged,
    /// outside a sealed round or with a plan of a seat not planning in it.
    pub fn apply_plans(&mut self, plans: Vec<SealedPlan>) -> Result<(), IllegalAction> {
        let Movers::Sealed { planners, .. } = self.movers() else {
            return Err(IllegalAction::Plans);
        };
        let mut moves = vec![Vec::new(); self.seat_count()];
        let mut given = Seats::default();
        for plan in &plans {
            if !planners.contains(plan.seat) || given.contains(plan.seat) {
                return Err(IllegalAction::Plans);
            }
            given = given.iter().chain([plan.seat]).collect();
        }
        for plan in plans {
            moves[plan.seat] = plan.moves;
        }
        self.resolve_with(moves);
        Ok(())
    }

    /// The match's decisions so far as `seat` knows them, in order: who
    /// decided, and the move where the seat may know it (None for a move
    /// it could not see, or another seat's sealed plan). Empty for an
    /// [`State::information_state`], which has no past; None for a state
    /// that holds only part of its past (its history and decisions differ).
    pub fn decisions_known_to(&self, seat: usize) -> Option<Vec<KnownDecision>> {
        let known: Vec<KnownDecision> = self
            .history()
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.automatic)
            .map(|(i, a)| KnownDecision {
                seat: a.seat(),
                mv: (!self.is_secret_to(i, Some(seat))).then_some(a.mv),
            })
            .collect();
        (known.len() == self.decisions().len()).then_some(known)
    }

    /// The match's first position, its random stream (pot splits) as it
    /// began: OpenSpiel's `NewInitialState`, for replaying the match.
    pub fn start_position(&self) -> State {
        self.game().start_seeded(self.seed())
    }
}

/// One decision of a match as a seat knows it (see
/// [`State::decisions_known_to`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownDecision {
    /// The seat that decided.
    pub seat: usize,
    /// The move, unless it was hidden from the seat asking.
    pub mv: Option<Move>,
}

#[cfg(test)]
mod tests;

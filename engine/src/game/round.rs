//! Simultaneous and Single rounds: every unlocked seat registers a sealed
//! plan judged against the board as it stood at the start of the round, as if
//! it moved first; then the plans resolve together.
//!
//! Collisions: on flat boards, pieces arriving on one space are all destroyed
//! unless ranks settle it (one arrival beats every other by rank); on stacks
//! the arrivals stack in seat order and the stack's capture rules resolve them.

use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::capture::{Strength, contest};
use super::{Applied, Move, State, pack, unpack};
use crate::rules::{BoardKind, Color, Order, Shape};

#[derive(Clone, Debug)]
pub(crate) struct Round {
    /// The position the planner judges from, with its own plan so far applied.
    scratch: State,
    plans: Vec<Vec<Move>>,
    /// Seats still to plan, in seat order.
    pending: VecDeque<usize>,
    /// Where this round's plans begin in the history: sealed until it resolves.
    pub(super) history_start: usize,
    /// How many decisions were made before the round began.
    decisions_start: usize,
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
    pub(crate) fn planner(&self) -> usize {
        self.pending[0]
    }

    /// The planner offered a draw: not again in this plan.
    pub(crate) fn offered_draw(&mut self) {
        self.scratch.offered_this_turn = true;
    }

    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.scratch.set_seed(seed);
    }

    /// The moves of the plan being made so far.
    pub(crate) fn planned(&self) -> &[Move] {
        &self.scratch.turn_moves
    }

    /// Seats still to plan, in seat order (the first plans now).
    pub(super) fn awaited(&self) -> impl Iterator<Item = usize> + '_ {
        self.pending.iter().copied()
    }
}

impl State {
    fn order(&self) -> Order {
        self.game().rules.phases[self.phase].order
    }

    /// Starts a round when the phase is simultaneous or single.
    pub(crate) fn begin_round_if_simultaneous(&mut self) {
        if self.planning || self.is_finished() || self.order() == Order::Sequential {
            return;
        }
        let locked = self.game().phases[self.phase].locked_seats;
        let pending: VecDeque<usize> = (0..self.game().seats.len())
            .filter(|s| locked & (1 << s) == 0)
            .collect();
        let plans = vec![Vec::new(); self.game().seats.len()];
        match pending.front() {
            Some(&first) => {
                let scratch = self.scratch_for(first);
                let history_start = self.history.len();
                let decisions_start = self.decisions().len();
                self.round = Some(Box::new(Round {
                    scratch,
                    plans,
                    pending,
                    history_start,
                    decisions_start,
                }));
            }
            // Everyone is locked: the round passes at once.
            None => self.resolve_round(plans),
        }
    }

    /// A copy of the round-start position for one planner, without history.
    fn scratch_for(&self, seat: usize) -> State {
        let mut scratch = self.clone_bare();
        scratch.planning = true;
        // Each planner may offer a draw once, before its plan.
        scratch.offered_this_turn = false;
        scratch.plan_done = false;
        scratch.to_move = seat;
        scratch.turn_moves.clear();
        scratch
    }

    /// One move of the planner's sealed plan.
    pub(super) fn add_to_plan(&mut self, mv: Move, automatic: bool) {
        let round = self.round.as_mut().expect("planning happens in a round");
        let seat = round.planner();
        round.plans[seat].push(mv);
        round.scratch.apply_legal(mv, automatic);
        let done = round.scratch.plan_done || round.scratch.is_finished();
        // The plan's move as the planner's position recorded it, with what
        // its words need from there.
        let said = round
            .scratch
            .history
            .last()
            .map_or_else(Default::default, |a| a.said);
        self.history.push(Applied {
            seat,
            mv,
            automatic,
            said,
        });
        if !done {
            return;
        }
        let round = self.round.as_mut().expect("still in the round");
        round.pending.pop_front();
        if let Some(&next) = round.pending.front() {
            let scratch = self.scratch_for(next);
            self.round.as_mut().expect("still in the round").scratch = scratch;
        } else {
            let round = self.round.take().expect("still in the round");
            self.resolve_round(round.plans);
        }
    }

    /// The seats planning in the round under way (locked seats sit it out),
    /// in seat order: those that sealed their plans and those still to plan.
    pub(super) fn round_planners(&self) -> Vec<usize> {
        let locked = self.game().phases[self.phase].locked_seats;
        match &self.round {
            Some(_) => (0..self.game().seats.len())
                .filter(|s| locked & (1 << s) == 0)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The sealed round under way, if any: who planned, who is awaited.
    pub fn round_progress(&self) -> Option<RoundProgress> {
        let round = self.round.as_ref()?;
        let awaited: Vec<usize> = round.pending.iter().copied().collect();
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
        let round = self.round.as_ref()?;
        if !round.pending.contains(&seat) {
            return None;
        }
        let mut position = self.plan_start(seat);
        // A position of its own, played like a turn: a plan judged on it
        // ends there (a planner's scratch only records, and never ends).
        position.planning = false;
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
        match &self.round {
            Some(round) if round.planner() == seat => round.scratch.clone(),
            _ => self.scratch_for(seat),
        }
    }

    /// For a seat's information state: drops every plan of the round under
    /// way but `seat`'s own. The planner's position is rebuilt from this
    /// state when another seat plans now (its moves so far are sealed) or
    /// when `rebuild` asks (this state is what `seat` perceives, and the
    /// position must be too), replaying the seat's own plan so far.
    pub(super) fn keep_only_the_plan_of(&mut self, seat: usize, rebuild: bool) {
        let Some(round) = self.round.as_mut() else {
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
        if planner == seat && !rebuild {
            return;
        }
        let own = if planner == seat {
            round.plans[seat].clone()
        } else {
            Vec::new()
        };
        let mut scratch = self.scratch_for(planner);
        for mv in own {
            scratch.apply_legal(mv, false);
        }
        self.round.as_mut().expect("still in the round").scratch = scratch;
    }

    /// For the search: ends the round under way with these plans (one per
    /// seat, empty for a seat sitting out) in place of the sealed ones.
    pub(super) fn resolve_with(&mut self, plans: Vec<Vec<Move>>) {
        self.round = None;
        self.resolve_round(plans);
        // As `apply` leaves a state: knowledge and legal moves up to date.
        self.refresh_knowledge();
        self.play_automatic();
    }

    /// Legal moves of the planner, judged from the round-start position.
    pub(crate) fn generate_plan_moves(&self, out: &mut Vec<Move>) -> bool {
        match &self.round {
            Some(round) => {
                round.scratch.generate_legal(out);
                true
            }
            None => false,
        }
    }

    /// Applies every plan together, then ends the round like a turn.
    fn resolve_round(&mut self, plans: Vec<Vec<Move>>) {
        let mut hasher = FxHasher::default();
        (self.turn_start_key, &plans).hash(&mut hasher);
        let key = hasher.finish();
        self.changed.clear();
        let moves: Vec<(usize, Move)> = plans
            .iter()
            .enumerate()
            .flat_map(|(seat, p)| p.iter().map(move |m| (seat, *m)))
            .filter(|(_, m)| m.is_board_move())
            .collect();
        if self.game().geometry.kind == BoardKind::Stacks {
            self.resolve_on_stacks(&moves);
        } else {
            self.resolve_on_cells(&moves);
        }
        let mover = moves.first().map_or(0, |(seat, _)| *seat);
        let single = self.order() == Order::Single;
        self.finish_turn(mover, Some(key), true, single);
    }

    /// Arrivals stack in seat order; each touched stack then resolves.
    fn resolve_on_stacks(&mut self, moves: &[(usize, Move)]) {
        // The game, not its geometry, is copied: a count, not its tables.
        let game = self.game().clone();
        let geo = &game.geometry;
        let mut touched = Vec::new();
        // A stack that takes one arrival is covered by it; several arrive together.
        let mut arrivals = vec![0usize; geo.columns().len()];
        for &(_, mv) in moves {
            if let Move::Place { to, .. } | Move::Step { to, .. } | Move::Promote { to, .. } = mv {
                arrivals[geo.column_of(to)] += 1;
            }
        }
        for &(_, mv) in moves {
            match mv {
                Move::Place { color, shape, to } => {
                    self.reserves[color.index() * 6 + shape.index()] -= 1;
                    self.make_room(to, 1, &mut touched, &arrivals);
                    // The stack may have filled since the round began: then the piece is lost.
                    if let Some(cell) = self.landing(to) {
                        self.board.set(usize::from(cell), pack(color, shape));
                        self.flags[usize::from(cell)] = 0;
                        self.changed.push(cell);
                        touched.push((cell, false));
                    }
                }
                Move::Step { from, to } | Move::Promote { from, to, .. } => {
                    let column = &geo.columns()[geo.column_of(from)];
                    let carried: Vec<u16> = column
                        .iter()
                        .copied()
                        .skip_while(|&c| c != from)
                        .take_while(|&c| self.board[usize::from(c)] != 0)
                        .collect();
                    self.make_room(to, carried.len(), &mut touched, &arrivals);
                    match self.landing(to) {
                        Some(landing) if self.room_at(landing) >= carried.len() => {
                            let piece = unpack(self.board[usize::from(from)]);
                            self.move_stack_part(from, landing);
                            if let (Move::Promote { shape, .. }, Some((color, _))) = (mv, piece) {
                                self.board.set(usize::from(landing), pack(color, shape));
                            }
                            let by_stack = piece.is_some_and(|p| self.game().moves_by_stack(p.1));
                            touched.push((landing, by_stack));
                        }
                        _ => {
                            for c in carried {
                                self.board.set(usize::from(c), 0);
                                self.flags[usize::from(c)] = 0;
                                self.changed.push(c);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (cell, by_stack) in touched {
            let alone = arrivals[geo.column_of(cell)] == 1;
            self.resolve_stack_from(cell, by_stack, alone);
        }
    }

    /// Before an arrival of `needed` pieces that does not fit on the stack of
    /// `to`, that stack resolves the captures of its arrivals so far this
    /// round: taking the pot may make room (3P-PublicGoods' full investment).
    fn make_room(
        &mut self,
        to: u16,
        needed: usize,
        touched: &mut Vec<(u16, bool)>,
        arrivals: &[usize],
    ) {
        if self.landing(to).is_some_and(|l| self.room_at(l) >= needed) {
            return;
        }
        let game = self.game().clone();
        let column = game.geometry.column_of(to);
        let (here, rest): (Vec<_>, Vec<_>) = touched
            .iter()
            .partition(|(c, _)| game.geometry.column_of(*c) == column);
        *touched = rest;
        for (cell, by_stack) in here {
            self.resolve_stack_from(cell, by_stack, arrivals[column] == 1);
        }
    }

    /// Pieces leave their spaces first; then each space takes its arrivals:
    /// one arrival lands (covering what is there), several collide.
    fn resolve_on_cells(&mut self, moves: &[(usize, Move)]) {
        // Chains, castling and captures other than cover: see `taking::rounds`.
        let (moves, journeys) = self.round_journeys(moves);
        let mut arrivals: Vec<(u16, (Color, Shape), u8)> = Vec::new();
        for &(_, mv) in &moves {
            match mv {
                Move::Place { color, shape, to } => {
                    self.reserves[color.index() * 6 + shape.index()] -= 1;
                    arrivals.push((to, (color, shape), 0));
                }
                Move::Step { from, to } | Move::Promote { from, to, .. } => {
                    let f = usize::from(from);
                    // A piece another plan already moved or destroyed cannot move again.
                    if let Some(mut piece) = unpack(self.board[f]) {
                        // A piece reaching its goal arrives as what it becomes.
                        if let Move::Promote { shape, .. } = mv {
                            piece.1 = shape;
                        }
                        arrivals.push((to, piece, self.flags[f] | super::goals::MOVED));
                        self.board.set(f, 0);
                        self.flags[f] = 0;
                        self.changed.push(from);
                    }
                }
                _ => {}
            }
        }
        let mut cells: Vec<u16> = arrivals.iter().map(|a| a.0).collect();
        cells.sort_unstable();
        cells.dedup();
        for cell in cells {
            let here: Vec<((Color, Shape), u8)> = arrivals
                .iter()
                .filter(|a| a.0 == cell)
                .map(|a| (a.1, a.2))
                .collect();
            if let [(piece, flags)] = here.as_slice() {
                self.take_onto_in_round(cell, &journeys);
                self.arrive(*piece, *flags, cell);
                continue;
            }
            let game = self.game().clone();
            let strongest = here.iter().position(|(p, _)| {
                here.iter().all(|(q, _)| {
                    std::ptr::eq(p, q)
                        || matches!(game.strength(p.1), Strength::ByRank(_))
                            && contest(game.strength(p.1), game.strength(q.1))
                                == std::cmp::Ordering::Greater
                })
            });
            match strongest {
                Some(w) => {
                    let (winner, flags) = here[w];
                    for (i, (loser, _)) in here.iter().enumerate() {
                        if i != w {
                            self.take_captive(*loser, winner);
                        }
                    }
                    self.arrive(winner, flags, cell);
                }
                // Not settled by rank: every arrival is destroyed.
                None => self.changed.push(cell),
            }
        }
        self.round_captures(&journeys);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatResult;
    use crate::notation::apply_turn;
    use crate::testing::{game_without_checks, play};

    #[test]
    fn plans_are_judged_from_the_round_start_and_collisions_destroy_all_arrivals() {
        let g = game_without_checks(
            serde_json::json!({"players": "four", "board": "squares", "dimensions": [1, 3, 1],
            "phases": [{"order": "simultaneous"}],
            "shapes": [{"reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
        );
        let mut s = g.start();
        play(&mut s, &["1,1"]);
        assert_eq!(s.to_move(), 1, "white plans next");
        assert!(
            s.piece_at(0).is_none(),
            "plans stay sealed until the round resolves"
        );
        // White may plan the same space: it judges the board as it stood at the round's start.
        play(&mut s, &["1,1", "1,2"]);
        play(&mut s, &["1,3"]);
        assert_eq!(s.piece_at(0), None, "black and white collided on (1,1)");
        assert_eq!(s.piece_at(1), Some((Color::Pink, Shape::Circle)));
        assert_eq!(s.piece_at(2), Some((Color::Yellow, Shape::Circle)));
        let o = s.outcome().expect("nothing left to play: stalemate");
        assert_eq!(
            o.results,
            vec![
                SeatResult::Loss,
                SeatResult::Loss,
                SeatResult::Win,
                SeatResult::Win
            ]
        );
    }

    #[test]
    fn arrivals_on_a_stack_resolve_by_rank() {
        let rps = |black: &str, white: &str| {
            let g = game_without_checks(
                serde_json::json!({"board": "stacks", "dimensions": [1, 1, 2],
                "phases": [{"order": "simultaneous"}],
                "shapes": [
                    {"shape": "circle", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}},
                    {"shape": "pentagon", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}},
                    {"shape": "x", "power": "can", "capture": "cover_by_rank", "result": "convert", "reserves": {"black": 1, "white": 1}}],
                "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
            );
            let mut s = g.start();
            play(&mut s, &[black, white]);
            s
        };
        let s = rps("x 1", "circle 1");
        assert_eq!(s.piece_at(0), Some((Color::Black, Shape::X)));
        assert_eq!(
            s.piece_at(1),
            Some((Color::Black, Shape::Circle)),
            "the captive is converted"
        );
        let s = rps("circle 1", "pentagon 1");
        assert_eq!(
            s.piece_at(1),
            Some((Color::Black, Shape::Pentagon)),
            "circle beats pentagon"
        );
        let s = rps("x 1", "x 1");
        assert_eq!(
            (s.piece_at(0), s.piece_at(1)),
            (None, None),
            "equal ranks destroy each other"
        );
    }

    #[test]
    fn an_arrival_that_does_not_fit_waits_for_the_stack_to_take_its_pot() {
        // Five circles invested at once on a stack of three pentagons with
        // room for two: the pot is taken as the stack fills, and every circle
        // comes back doubled; none is lost for want of room.
        let g = game_without_checks(
            serde_json::json!({"players": "three", "board": "stacks", "dimensions": [4, 1, 5],
            "initial": [{"at": "1", "color": "black", "shape": "circle", "count": 1},
                {"at": "2", "color": "white", "shape": "circle", "count": 2},
                {"at": "3", "color": "pink", "shape": "circle", "count": 2},
                {"at": "4", "color": "black", "shape": "pentagon", "count": 1},
                {"at": "4", "color": "white", "shape": "pentagon", "count": 1},
                {"at": "4", "color": "pink", "shape": "pentagon", "count": 1}],
            "phases": [{"order": "single", "pass": true}, {"pass": true}],
            "shapes": [{"shape": "circle", "movement": ["orth_by_stack"]},
                {"shape": "pentagon", "power": "can", "capture": "cover", "result": "reincarnate_x2"}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
        );
        for seed in 0..4 {
            let mut s = g.start_seeded(seed);
            play(&mut s, &["1,1,1-4", "2,1,1-4", "3,1,1-4"]);
            let circles: u16 = [Color::Black, Color::White, Color::Pink]
                .iter()
                .map(|c| s.reserve(*c, Shape::Circle))
                .sum();
            assert_eq!(circles, 10, "seed {seed}: 5 circles, doubled");
            let on_board = (0..g.geometry.cell_count() as u16)
                .filter(|&c| s.piece_at(c).is_some())
                .count();
            assert_eq!(on_board, 3, "seed {seed}: only the pentagons stay");
        }
    }

    #[test]
    fn captors_arriving_together_on_a_stack_share_it() {
        // One arrival covers the stack alone; two arriving in one round do not
        // attack each other.
        let g = game_without_checks(
            serde_json::json!({"board": "stacks", "dimensions": [2, 1, 3],
            "initial": [{"at": "2", "color": "black", "shape": "pentagon", "count": 1}],
            "phases": [{"order": "simultaneous", "pass": true}],
            "shapes": [{"shape": "pentagon", "power": "can", "capture": "cover", "result": "remove",
                "reserves": {"black": 1, "white": 1}}]}),
        );
        let mut s = g.start();
        play(&mut s, &["1", "1"]);
        let column = |s: &State, x: u8| {
            (1..=3)
                .filter_map(|z| s.piece_at(g.geometry.cell(1, x, 1, z).unwrap()))
                .map(|p| p.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(column(&s, 1), vec![Color::Black, Color::White]);
        let mut s = g.start();
        play(&mut s, &["pass", "2"]);
        assert_eq!(
            column(&s, 2),
            vec![Color::White],
            "white's lone arrival takes black's"
        );
    }

    #[test]
    fn a_planner_may_offer_a_draw_before_its_plan() {
        let g = game_without_checks(
            serde_json::json!({"board": "squares", "dimensions": [3, 1, 1], "draw_option": true,
            "phases": [{"order": "simultaneous"}],
            "shapes": [{"reserves": {"black": 1, "white": 1}}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
        );
        let mut s = g.start();
        assert!(s.legal().contains(&Move::OfferDraw));
        play(&mut s, &["draw"]);
        assert_eq!(s.to_move(), 1, "white answers before anyone plans on");
        assert_eq!(s.legal(), [Move::AgreeDraw, Move::RefuseDraw]);
        play(&mut s, &["refuse"]);
        assert_eq!(
            s.to_move(),
            0,
            "black plans after all, and cannot offer again"
        );
        assert!(!s.legal().contains(&Move::OfferDraw));
        play(&mut s, &["1,1"]);
        // White's plan: it may offer too.
        play(&mut s, &["draw", "agree"]);
        let o = s.outcome().expect("agreed");
        assert_eq!(o.results, vec![SeatResult::Draw, SeatResult::Draw]);
        assert_eq!(s.piece_at(0), None, "the round never resolved");
    }

    #[test]
    fn a_single_phase_lasts_one_round() {
        let g = game_without_checks(
            serde_json::json!({"board": "squares", "dimensions": [3, 1, 1],
            "phases": [{"order": "single", "pass": true}, {"pass": true}],
            "shapes": [{"reserves": {"black": 2, "white": 2}}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}),
        );
        let mut s = g.start();
        play(&mut s, &["1", "3"]);
        assert_eq!(s.phase(), 1, "one round, then the next phase");
        assert_eq!(s.to_move(), 0);
        play(&mut s, &["2"]);
        assert!(
            s.history().iter().any(|a| a.seat == 1 && a.automatic),
            "white can only pass"
        );
    }

    #[test]
    fn several_boards_each_get_an_outcome_and_most_boards_won_wins() {
        let g = game_without_checks(
            serde_json::json!({"boards": 2, "board": "squares", "dimensions": [3, 1, 1],
            "shapes": [{"reserves": {"black": 3, "white": 3}}],
            "turn_checks": [{"check": "in_a_row", "length": 2, "result": "win"}]}),
        );
        let mut s = g.start();
        play(&mut s, &["1:1", "2:1", "1:2"]);
        assert!(s.outcome().is_none(), "black won board 1; board 2 plays on");
        let err = apply_turn(&mut s, "1:3", |_| None).unwrap_err();
        assert!(
            err.contains("not legal"),
            "a decided board is locked: {err}"
        );
        // Black's last piece has one place left (played for it); board 2 fills
        // without a line and stalemates into a draw there.
        play(&mut s, &["2:3"]);
        let o = s.outcome().expect("both boards decided");
        assert!(
            o.reason(s.game())
                .contains("Boards won: Player 1 (black) 1, Player 2 (white) 0."),
            "{}",
            o.reason(s.game())
        );
        assert_eq!(
            o.results,
            vec![SeatResult::Win, SeatResult::Loss],
            "{}",
            o.reason(s.game())
        );
    }
}

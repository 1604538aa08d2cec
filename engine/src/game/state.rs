//! The state of one match: pieces, reserves, phase, whose turn, and the
//! history that stalemate detection, undo and replay need.

use std::sync::Arc;

use super::capture::CoverResult;
use super::log::Log;
use super::outcome::{self, Outcome};
use super::words::Said;
use super::{Game, Move, pack, unpack};
use crate::rules::{BoardKind, Color, Shape};

mod copies;
mod parts;

pub(crate) use parts::{
    BoardResult, Decided, DrawOffer, DrawTalk, Position, Records, Rounds, Scratch, Standings,
    Stream,
};

/// A move as it happened: who made it, and whether the engine made it for
/// them (no choice, or a single one). Its words are built on demand
/// ([`State::move_words`]) from what was said of it then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The seat that made it (see [`Applied::seat`]): a byte, as a match
    /// has at most a few seats and every state keeps one of these a move.
    pub(crate) seat: u8,
    pub mv: Move,
    pub automatic: bool,
    pub(crate) said: Said,
    /// The phase it was made in: whether a pass there was a secret.
    pub(crate) phase: u8,
}

impl Applied {
    /// The seat that made it, from 0.
    pub fn seat(&self) -> usize {
        usize::from(self.seat)
    }
}

/// One match in progress or finished: its position, and the records kept
/// beside it (the past, the standings, what each seat knows, a round being
/// planned).
#[derive(Debug)]
pub struct State {
    pub(super) game: Arc<Game>,
    /// What the next move is judged on.
    pub(super) position: Position,
    /// The match's own random stream (pot splits), seeded at the start.
    pub(super) stream: Stream,
    /// A draw offer being answered, and whether one was made this turn.
    pub(super) talk: DrawTalk,
    pub(super) seen_turns: super::seen_turns::SeenTurns,
    pub(super) outcome: Option<Box<outcome::Ending>>,
    /// Who stands where: folds, departures, disqualifications, boards decided.
    pub(super) standings: Standings,
    /// Per seat: what its last attempt ran into and revealed (see `View::marked`).
    pub(super) revealed: Box<[Vec<u16>]>,
    /// The past: every move as it happened, and the decisions alone.
    pub(super) records: Records,
    /// The legal moves now, kept up to date by `play_automatic`.
    pub(super) choices: super::choices::Choices,
    /// The simultaneous round being planned, if any.
    pub(super) rounds: Rounds,
    /// What the seats know under cloaking (see `knowledge`).
    pub(super) knowledge: super::knowledge::Knowledge,
    /// Turns counted for the rules' move limits (see `turn_end`).
    pub(super) counted: super::turn_end::TurnCount,
    /// Buffers kept between calls so that judging a turn allocates
    /// nothing; never copied.
    pub(super) scratch: Option<Box<Scratch>>,
}

/// [`State::locked_mask`] from the fields it reads, so that a caller can
/// lend the state's other fields beside it (see `resolve_stack_from`).
pub(super) fn locked_mask_of<'a>(
    knowledge: &'a super::knowledge::Knowledge,
    left_walls: &'a Option<Box<super::trails::LeftWalls>>,
    game: &'a Game,
    phase: usize,
) -> &'a [bool] {
    match (knowledge.believed_walls(), left_walls) {
        (Some(mask), _) => mask,
        (None, Some(walls)) => walls.mask(),
        (None, None) => &game.phases[phase].locked,
    }
}

impl State {
    pub(crate) fn new(game: Arc<Game>, seed: u64) -> State {
        let mut state = State {
            position: Position {
                flags: super::piece_flags::Flags::new(&game, game.start.board.len()),
                board: {
                    let board = super::board::Board::new(
                        game.start.board.clone(),
                        game.layouts.cell_layout.clone(),
                    );
                    let board = match &game.layouts.line_layout {
                        Some(layout) => board.with_line_bits(layout.clone()),
                        None => board,
                    };
                    if game.layouts.side_layout.is_some() || game.layouts.surround_layout.is_some()
                    {
                        board.with_every_colour_bit()
                    } else {
                        board
                    }
                },
                reserves: super::reserves::Reserves::new(game.start.reserves),
                phase: 0,
                to_move: 0,
                turn_moves: Vec::with_capacity(2),
                turn_start_key: 0,
                changed: Vec::new(),
                tactics: Default::default(),
                left_walls: None,
                rolled: None,
            },
            stream: Stream {
                next: first_draw(seed),
                seed,
            },
            talk: DrawTalk::default(),
            seen_turns: Default::default(),
            outcome: None,
            standings: Standings {
                folded: 0,
                left: 0,
                shape_holders: Vec::new(),
                decided: Arc::new(Decided {
                    last_line_teams: vec![Vec::new(); game.rules.stalemate.len()],
                    disqualified: vec![false; game.teams.count],
                    board_results: vec![BoardResult::Open; usize::from(game.geometry.boards)],
                }),
            },
            // A seat's list once an attempt of its is blocked (cloaked games).
            revealed: Box::default(),
            records: Records::default(),
            choices: Default::default(),
            rounds: Rounds::default(),
            knowledge: super::knowledge::Knowledge::new(&game),
            counted: Default::default(),
            scratch: None,
            game,
        };
        if state.game.rules.lines_at_start {
            // The first turn's checks judge the whole starting position.
            let cells = state.game.geometry.cell_count() as u16;
            state.position.changed = (0..cells)
                .filter(|&c| state.piece_at(c).is_some())
                .collect();
        }
        state.keep_turn_start(true);
        state.counted.material = state.material();
        state.refresh_knowledge();
        state.begin_round_if_simultaneous();
        state.play_automatic();
        state
    }

    /// Rebuilds a match from its decisions (the moves that were not automatic).
    /// On an illegal decision, returns its index and the reason.
    pub fn replay<'a>(
        game: &Arc<Game>,
        decisions: impl IntoIterator<Item = &'a Move>,
    ) -> Result<State, (usize, String)> {
        State::replay_seeded(game, 0, decisions)
    }

    /// Rebuilds a match started with [`Game::start_seeded`].
    pub fn replay_seeded<'a>(
        game: &Arc<Game>,
        seed: u64,
        decisions: impl IntoIterator<Item = &'a Move>,
    ) -> Result<State, (usize, String)> {
        let mut state = game.start_seeded(seed);
        for (i, mv) in decisions.into_iter().enumerate() {
            state.apply(*mv).map_err(|e| (i, e))?;
        }
        Ok(state)
    }

    /// Makes this state what `start.game().start_seeded(seed)` would be,
    /// reusing this state's buffers: random playouts start thousands of
    /// matches a second, and most small games cost more to set up than to
    /// play. `start` is a start position of any seed; one that already drew
    /// from its random stream, or holds decisions, is not reused but rebuilt.
    pub fn restart_from(&mut self, start: &State, seed: u64) {
        if start.stream.next != first_draw(start.stream.seed) || !start.records.decisions.is_empty()
        {
            *self = start.game.start_seeded(seed);
            return;
        }
        self.clone_from(start);
        self.set_seed(seed);
    }

    /// Seeds the match's random stream, and that of a round's planner position.
    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.stream.seed = seed;
        self.stream.next = first_draw(seed);
        if let Some(round) = self.rounds.current.as_mut() {
            round.set_seed(seed);
        }
    }

    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The seed the match started from (see [`Game::start_seeded`]).
    pub(crate) fn seed(&self) -> u64 {
        self.stream.seed
    }

    /// The seat index (0-based) whose decision is awaited: the mover, or the
    /// next seat to answer a draw offer.
    pub fn to_move(&self) -> usize {
        match (&self.talk.offer, &self.rounds.current) {
            (Some(offer), _) => offer.waiting[0],
            (None, Some(round)) => round.planner(),
            (None, None) => self.position.to_move(),
        }
    }

    pub fn phase(&self) -> usize {
        self.position.phase()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        Some(self.outcome.as_ref()?.outcome(self))
    }

    /// Each seat's result once the match is over, without its explanation.
    pub fn results(&self) -> Option<&[outcome::SeatResult]> {
        Some(self.outcome.as_ref()?.results())
    }

    pub(crate) fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seat that offered a draw now being answered.
    pub fn draw_offered_by(&self) -> Option<usize> {
        self.talk.offer.as_ref().map(|d| d.offerer)
    }

    /// The seats of `team` left the match: a draw offer no longer waits
    /// for them, and one they made is withdrawn. True when that leaves an
    /// offer every seat still asked has agreed to.
    pub(super) fn leave_draw_offer(&mut self, team: u8) -> bool {
        let Some(offer) = self.talk.offer.as_mut() else {
            return false;
        };
        offer.waiting.retain(|&s| team & (1 << s) == 0);
        let withdrawn = team & (1 << offer.offerer) != 0;
        let agreed = !withdrawn && offer.waiting.is_empty();
        if withdrawn || agreed {
            self.talk.offer = None;
        }
        agreed
    }

    /// Withdraws any draw offer (the match ends without one).
    pub(super) fn drop_draw_offer(&mut self) {
        self.talk.offer = None;
    }

    /// The buffers kept between calls, made at the first.
    pub(super) fn scratch_mut(&mut self) -> &mut Scratch {
        self.scratch.get_or_insert_default()
    }

    /// Every move applied so far, automatic ones included.
    pub fn history(&self) -> &Log<Applied> {
        &self.records.history
    }

    /// The moves that were chosen, not forced: replaying them rebuilds this state.
    pub fn decisions(&self) -> &Log<Move> {
        &self.records.decisions
    }

    /// Moves already made in the current turn (the first of a 2-piece turn,
    /// or jumps of a chain); in a round, those of the plan being made.
    pub fn moves_this_turn(&self) -> &[Move] {
        match &self.rounds.current {
            Some(round) => round.planned(),
            None => &self.position.turn_moves,
        }
    }

    pub fn piece_at(&self, cell: u16) -> Option<(Color, Shape)> {
        unpack(self.position.board[usize::from(cell)])
    }

    pub fn reserve(&self, color: Color, shape: Shape) -> u16 {
        self.position.reserves.get(color, shape)
    }

    pub fn is_locked(&self, cell: u16) -> bool {
        self.locked_mask()[usize::from(cell)]
    }

    /// Locked spaces: the phase's, or on a seat's belief the ones it knows.
    pub(crate) fn locked_mask(&self) -> &[bool] {
        locked_mask_of(
            &self.knowledge,
            &self.position.left_walls,
            &self.game,
            self.position.phase(),
        )
    }

    /// Takes back the last decision (and the automatic moves after it).
    pub fn undo(&mut self) -> bool {
        if self.records.decisions.is_empty() {
            return false;
        }
        let mut decisions = self.records.decisions.to_vec();
        decisions.pop();
        *self = State::replay_seeded(&self.game, self.stream.seed, &decisions)
            .expect("a prefix of legal decisions stays legal");
        true
    }

    /// Applies one decision of the seat to move, then every automatic move
    /// that follows. Refuses illegal moves with the reason.
    pub fn apply(&mut self, mv: Move) -> Result<(), String> {
        if let Some(outcome) = self.outcome() {
            return Err(format!("the game is over: {}", outcome.summary(&self.game)));
        }
        if !self.allows(mv) {
            return Err(self.explain_illegal(mv));
        }
        self.decide(mv);
        Ok(())
    }

    /// Applies a legal decision and the automatic moves after it.
    pub(super) fn decide(&mut self, mv: Move) {
        self.records.decisions.push(mv);
        self.apply_legal(mv, false);
        self.play_automatic();
        if self.standings.left != 0 {
            self.judge_leavers();
        }
    }

    /// Passes for a seat with nothing to do, and plays the only move of a seat
    /// with a single one (draw offers do not count as choices). Leaves the
    /// legal moves of the position it stops at in `self.choices`.
    pub(crate) fn play_automatic(&mut self) {
        loop {
            if self.game.upkeep.seats_sit_out && self.sits_out() {
                // Nothing to list: the seat passes (most turns of the
                // phased game-theory games are such passes). Checked on a
                // copy early in a match only: a copy at every pass of a
                // long one made a fuzzed rule set of passes take minutes.
                debug_assert!(
                    self.records.history.len() > 256 || {
                        let mut listed = Vec::new();
                        self.clone().generate_known(&mut listed);
                        listed.is_empty()
                    }
                );
                if !self.pass_quietly() {
                    self.pass_sitting_out();
                }
                continue;
            }
            self.refresh_choices();
            if self.outcome.is_none() && self.talk.offer.is_none() {
                let forced = match self.choice_count() {
                    0 if self.game.ending_rules() && self.stuck_seat_ends() => return,
                    0 => Some(Move::Pass),
                    count => self.only_choice(count),
                };
                if let Some(mv) = forced {
                    if mv != Move::Pass || !self.pass_quietly() {
                        self.apply_legal(mv, true);
                    }
                    continue;
                }
            }
            return;
        }
    }

    /// Where the seat to move has no legal move as its turn starts and the
    /// phase's rule for that is not a pass, ends the match by that rule
    /// and says so. Seats locked out or folded pass as before, and so do
    /// planners in a round and a turn's later moves.
    fn stuck_seat_ends(&mut self) -> bool {
        let out = self.game.phases[self.position.phase()].locked_seats | self.standings.folded;
        let result = match self.game.rules.no_move_in(self.position.phase()) {
            crate::rules::NoMove::Pass => return false,
            crate::rules::NoMove::Lose => crate::rules::WinLose::Lose,
            crate::rules::NoMove::Win => crate::rules::WinLose::Win,
        };
        // A roll that leaves no move passes: the die stopped the seat.
        if !self.position.turn_moves.is_empty()
            || self.position.rolled.is_some()
            || self.rounds.current.is_some()
            || self.rounds.planning
            || self.position.tactics.chain.is_some()
            || out & (1 << self.position.to_move()) != 0
        {
            return false;
        }
        let rule = outcome::Rule::NoMove(result);
        self.outcome = Some(Box::new(outcome::match_rule(
            &self.game,
            rule,
            self.position.to_move(),
        )));
        true
    }

    pub(crate) fn apply_legal(&mut self, mv: Move, automatic: bool) {
        if let Move::Place { color, shape, to } = mv
            && self.choices.placing.is_some()
            && self.game.upkeep.quiet_placement[self.position.phase()]
        {
            return self.place_quietly(color, shape, to, automatic);
        }
        let (phase, in_round) = self.start_learning();
        self.apply_known(mv, automatic);
        self.learn_after(phase, in_round);
    }

    /// Applies a move judged from the mover's knowledge against the truth: a
    /// move blocked by an unseen piece or wall only reveals it and ends the turn.
    fn apply_known(&mut self, mv: Move, automatic: bool) {
        // In a round a planner may offer a draw before its plan; the offer
        // and its answers are no part of any plan.
        if self.rounds.current.is_some() && !mv.is_draw_talk() {
            return self.add_to_plan(mv, automatic);
        }
        let seat = self.to_move();
        let mut mv = mv;
        if self.game.rules.cloaking != crate::rules::Cloaking::None
            && !self.knowledge.is_belief()
            && !self.rounds.planning
            && mv.is_board_move()
        {
            let mut truth = std::mem::take(&mut self.scratch_mut().moves);
            let real = self.in_truth(mv, &mut truth);
            self.scratch_mut().moves = truth;
            match real {
                Some(real) => mv = real,
                None => return self.blocked_attempt(seat, mv, automatic),
            }
        }
        if let Some(seen) = self.revealed.get_mut(seat) {
            seen.clear();
        }
        let said = self.said_before_step(mv);
        self.records.history.push(Applied {
            seat: seat as u8,
            mv,
            automatic,
            said,
            phase: self.position.phase() as u8,
        });
        match mv {
            Move::Pass => {
                self.position.turn_moves.push(mv);
                if !self.pass_keeps_turn() {
                    self.end_turn();
                }
            }
            Move::OfferDraw | Move::AgreeDraw | Move::RefuseDraw => self.apply_draw_talk(seat, mv),
            Move::Roll { face } => self.position.rolled = Some(face),
            Move::Place { color, shape, to } => {
                let before = self
                    .game
                    .rules
                    .capture_moves_again
                    .then(|| self.capture_tally(seat));
                self.position.reserves.take_one(color, shape);
                // Every seat fully sees the pieces it placed.
                self.arrive((color, shape), super::known_bit(seat), to);
                self.after_place(seat, (color, shape), to);
                self.records
                    .history
                    .set_last_seized(self.position.tactics.seized);
                self.note_changed();
                self.earn_a_move_if_captured(seat, before);
                self.after_board_move(mv);
            }
            Move::Step { from, .. } | Move::Promote { from, .. } => {
                let before = self
                    .game
                    .rules
                    .capture_moves_again
                    .then(|| self.capture_tally(seat));
                let mover = self.piece_at(from);
                let jumped = self.play_step(mv);
                if let Some(piece) = mover {
                    self.leave_trail(piece, from);
                }
                self.records.history.set_last_jump(jumped);
                self.records
                    .history
                    .set_last_seized(self.position.tactics.seized);
                self.note_changed();
                self.earn_a_move_if_captured(seat, before);
                self.after_board_move(mv);
            }
        }
    }

    /// A move an unseen piece or wall blocks: it only reveals the blocker
    /// to the mover and ends the turn.
    fn blocked_attempt(&mut self, seat: usize, mv: Move, automatic: bool) {
        let revealed = self.reveal_blocker(seat, mv);
        if self.revealed.is_empty() {
            self.revealed = vec![Vec::new(); self.game.seats.len()].into();
        }
        self.revealed[seat].clone_from(&revealed);
        let said = self.said_before(mv);
        let attempt = Applied {
            seat: seat as u8,
            mv,
            automatic,
            said,
            phase: self.position.phase() as u8,
        };
        self.records.history.push_blocked(attempt, revealed);
        self.position.turn_moves.push(mv);
        self.end_turn();
    }

    /// A draw offered, agreed or refused by `seat`.
    fn apply_draw_talk(&mut self, seat: usize, mv: Move) {
        match mv {
            Move::OfferDraw => {
                let n = self.game.seats.len();
                let waiting: Vec<usize> = (1..n)
                    .map(|k| (seat + k) % n)
                    .filter(|&s| !self.game.seats[s].is_chaos)
                    .collect();
                self.talk.offered_this_turn = true;
                if let Some(round) = self.rounds.current.as_mut() {
                    round.offered_draw();
                }
                if waiting.is_empty() {
                    self.outcome = Some(Box::new(outcome::Ending::Told(outcome::agreed_draw(
                        &self.game,
                    ))));
                } else {
                    self.talk.offer = Some(Box::new(DrawOffer {
                        offerer: seat,
                        waiting,
                    }));
                }
            }
            Move::AgreeDraw => {
                let offer = self.talk.offer.as_mut().expect("agree answers an offer");
                offer.waiting.remove(0);
                if offer.waiting.is_empty() {
                    self.talk.offer = None;
                    self.outcome = Some(Box::new(outcome::Ending::Told(outcome::agreed_draw(
                        &self.game,
                    ))));
                }
            }
            Move::RefuseDraw => {
                // The offerer must now choose a different move in the same turn.
                self.talk.offer = None;
            }
            _ => unreachable!("{mv:?} is no draw talk"),
        }
    }

    /// The pass of a seat that sits out (see `sits_out`): what `apply_known`
    /// does for it, without the questions that cannot apply: no round is
    /// being planned, a pass is no cloaked move, and no chain of jumps is
    /// open to keep the turn.
    fn pass_sitting_out(&mut self) {
        let (phase, in_round) = self.start_learning();
        let seat = self.position.to_move();
        if let Some(seen) = self.revealed.get_mut(seat) {
            seen.clear();
        }
        self.records.history.push(Applied {
            seat: seat as u8,
            mv: Move::Pass,
            automatic: true,
            said: Said::default(),
            phase: self.position.phase() as u8,
        });
        self.position.turn_moves.push(Move::Pass);
        self.position.tactics.passed = None;
        self.end_turn();
        self.learn_after(phase, in_round);
    }

    /// A placement where the rules make it touch nothing but the board, the
    /// mover's reserve and the turn (see `Upkeep::quiet_placement`): what
    /// `apply_known` does for it, without asking about rounds, cloaking,
    /// covers, captures or chains, which cannot apply.
    pub(super) fn place_quietly(&mut self, color: Color, shape: Shape, to: u16, automatic: bool) {
        self.record_quiet_placement(color, shape, to, automatic);
        self.after_board_move(Move::Place { color, shape, to });
    }

    /// A quiet placement recorded and made, its turn not yet ended. Its
    /// placements are kept as a product, so `to` is an open slot's
    /// landing: empty. Always inlined: a lean run's placement is most of a
    /// playout, and out of line it took 3% longer.
    #[inline(always)]
    pub(super) fn record_quiet_placement(
        &mut self,
        color: Color,
        shape: Shape,
        to: u16,
        automatic: bool,
    ) {
        let seat = self.position.to_move();
        let t = usize::from(to);
        debug_assert_eq!(
            self.position.board[t], 0,
            "a product's placement lands on an empty space"
        );
        debug_assert!(
            self.revealed.iter().all(Vec::is_empty),
            "nothing is cloaked"
        );
        self.records.history.push(Applied {
            seat: seat as u8,
            mv: Move::Place { color, shape, to },
            automatic,
            said: Said::default(),
            phase: self.position.phase() as u8,
        });
        self.position.reserves.take_one(color, shape);
        self.position.changed.push(to);
        self.position.board.fill(t, pack(color, shape));
        self.position.flags.set(t, super::known_bit(seat));
        self.position.tactics.passed = None;
    }

    /// A piece arrives on a cell: on stacks the stack resolves its captures;
    /// on an occupied flat cell the cover contest decides who stays.
    pub(crate) fn arrive(&mut self, piece: (Color, Shape), flags: u8, to: u16) {
        let t = usize::from(to);
        self.position.changed.push(to);
        // Whoever knows the arriving piece attempted to cover what is there, and sees it.
        let knowers = flags & !(super::PARALYSED | super::goals::MOVED);
        if self.game.geometry.kind == BoardKind::Stacks {
            if knowers != 0 && self.game.rules.cloaking != crate::rules::Cloaking::None {
                // Only pieces are learned (an empty place's flags are never
                // read), up to the stack's top, walked by index: the column
                // is the game's.
                let stack = self.game.geometry.column_of(to);
                let places = self.game.geometry.columns()[stack].len();
                for i in 0..self
                    .position
                    .board
                    .height(stack)
                    .map_or(places, usize::from)
                {
                    let c = self.game.geometry.columns()[stack][i];
                    if self.position.board[usize::from(c)] != 0 {
                        self.learn_pieces(knowers, c);
                    }
                }
            }
            self.position.board.set(t, pack(piece.0, piece.1));
            self.position.flags.set(t, flags);
            self.resolve_stack(to);
            return;
        }
        let Some(defender) = unpack(self.position.board[t]) else {
            self.position.board.set(t, pack(piece.0, piece.1));
            self.position.flags.set(t, flags);
            return;
        };
        match super::capture::cover(&self.game, piece.1, defender.1) {
            Some(CoverResult::AttackerWins) => {
                self.take_captive(defender, piece);
                self.position.board.set(t, pack(piece.0, piece.1));
                self.position.flags.set(t, flags);
            }
            Some(CoverResult::DefenderWins) => {
                self.take_captive(piece, defender);
                self.position.flags.add(t, knowers);
            }
            Some(CoverResult::BothDestroyed) | None => {
                self.position.board.set(t, 0);
                self.position.flags.set(t, 0);
            }
        }
    }

    /// What a capture changes for `seat`: the pieces on the board it does
    /// not play, and the paralysed pieces. A capture (removing, converting,
    /// reincarnating or paralysing) lowers the first or raises the second;
    /// nothing else the mover does can.
    fn capture_tally(&self, seat: usize) -> (u32, u32) {
        let controller = &self.game.seats[seat];
        let mut others = 0;
        let mut paralysed = 0;
        for (cell, &piece) in self.position.board.iter().enumerate() {
            let flags = self.position.flags[cell];
            if let Some((color, _)) = unpack(piece) {
                others += u32::from(!controller.controls(color));
                paralysed += u32::from(flags & super::PARALYSED != 0);
            }
        }
        (others, paralysed)
    }

    /// "Another move after a capture": a move that captured (judged from
    /// the tally `before` it) and opened no chain of jumps does not count
    /// toward the turn's pieces.
    fn earn_a_move_if_captured(&mut self, seat: usize, before: Option<(u32, u32)>) {
        let Some((others, paralysed)) = before else {
            return;
        };
        let (now_others, now_paralysed) = self.capture_tally(seat);
        if self.position.tactics.chain.is_none()
            && (now_others < others || now_paralysed > paralysed)
        {
            self.position.tactics.extra += 1;
        }
    }

    fn after_board_move(&mut self, mv: Move) {
        self.position.turn_moves.push(mv);
        if self.position.tactics.chain.is_some() {
            // An open chain of jumps adds a move to the turn.
            return;
        }
        let made = self.position.turn_moves.len() - usize::from(self.position.tactics.extra);
        if made >= usize::from(self.game.rules.pieces_per_turn) {
            self.end_turn();
        }
    }

    /// Moves a piece and what stands on it to land at `to` (stacks).
    pub(crate) fn move_stack_part(&mut self, from: u16, to: u16) {
        self.move_pieces(from, to);
    }

    /// Moves the piece at `from` to `to`; on stacks the pieces above it come along.
    fn move_pieces(&mut self, from: u16, to: u16) {
        let geo = &self.game.geometry;
        if geo.kind != BoardKind::Stacks {
            let (src, dst) = (usize::from(from), usize::from(to));
            if self.position.board[dst] == 0 {
                self.position.board.shift(src, dst);
            } else {
                self.position.board.set(dst, self.position.board[src]);
                self.position.board.set(src, 0);
            }
            let flags = self.position.flags.take(src);
            self.position.flags.set(dst, flags);
            self.position.changed.extend([from, to]);
            return;
        }
        // The piece and those above it, onto the same places of the target
        // stack from `to` up (read from the columns in place: collecting
        // them was most of a move's allocations).
        let columns = geo.columns();
        let (source, target) = (&columns[geo.column_of(from)], &columns[geo.column_of(to)]);
        let place = |column: &[u16], cell: u16| {
            (column.iter().position(|&c| c == cell)).expect("a cell is in its column")
        };
        let (start, land) = (place(source, from), place(target, to));
        let carried = (source[start..].iter())
            .take_while(|&&c| self.position.board[usize::from(c)] != 0)
            .count();
        debug_assert!(target.len() - land >= carried, "the target stack has room");
        for (&src, &dst) in source[start..start + carried].iter().zip(&target[land..]) {
            self.position
                .board
                .set(usize::from(dst), self.position.board[usize::from(src)]);
            self.position.board.set(usize::from(src), 0);
            let flags = self.position.flags[usize::from(src)];
            self.position.flags.set(usize::from(dst), flags);
            self.position.flags.set(usize::from(src), 0);
            self.position.changed.push(src);
            self.position.changed.push(dst);
        }
    }
}

/// The state of a match's random stream before its first draw.
fn first_draw(seed: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1
}

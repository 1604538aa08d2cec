//! The end of a turn: the rules' checks on every board, repetition and the
//! stalemate rules, then the next turn and what it must remember of its start.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::outcome::{self, Outcome, Rule, StalemateCause};
use super::state::BoardResult;
use super::{Move, State};
use crate::rules::Repetition;

/// The turns a match has counted for its move limits.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TurnCount {
    /// Turns ended (passes and rounds included).
    pub turns: u32,
    /// Turns in a row with no capture and no placement.
    pub quiet: u32,
    /// The pieces on the board when the last turn ended (see `State::material`).
    pub material: u64,
}

impl State {
    pub(super) fn end_turn(&mut self) {
        self.position.tactics.chain = None;
        self.position.tactics.extra = 0;
        if self.rounds.planning {
            self.rounds.planning = false;
            return;
        }
        let seat = self.position.to_move();
        // Where reserves never rise, a turn that placed a piece starts
        // from reserves no later turn will have: it can never repeat, and
        // no turn before it can come back.
        let unrepeatable = self.game.pieces.placements_never_repeat
            && self
                .position
                .turn_moves
                .iter()
                .any(|m| matches!(m, Move::Place { .. }))
            || self.game.goals.forward_steps_last && self.stepped_forward();
        let turn_key = (!unrepeatable).then(|| {
            // Where the start is not kept, the turn changed nothing (see
            // `Upkeep::start_key`): it starts where it ends.
            turn_key(seat, self.turn_start(), &self.position.turn_moves)
        });
        self.finish_turn(seat, turn_key, false, false);
    }

    /// Whether the turn stepped a forward-only piece (still standing where
    /// it arrived) toward its seat's goal: see `goals::forward_steps_last`.
    fn stepped_forward(&self) -> bool {
        let game = &self.game;
        let geo = &game.geometry;
        self.position.turn_moves.iter().any(|m| {
            let Move::Step { from, to } = *m else {
                return false;
            };
            let Some((color, shape)) = self.piece_at(to) else {
                return false;
            };
            let owner = game.seats.iter().position(|s| s.controls(color));
            let forward = owner.and_then(|seat| game.goals.seats[seat].forward);
            let (a, b) = (geo.coord(from), geo.coord(to));
            let step = [b.x, b.y, b.z].map(i16::from);
            let start = [a.x, a.y, a.z].map(i16::from);
            let ahead = |f: [i8; 3]| {
                (0..3)
                    .map(|i| (step[i] - start[i]) * i16::from(f[i]))
                    .sum::<i16>()
                    > 0
            };
            game.goals.forward_only[shape.index()]
                && a.board == b.board
                && forward.is_some_and(ahead)
        })
    }

    /// The key of the position the turn started from. Where the start is
    /// not kept, the turn changed nothing (see `Upkeep::start_key`): it
    /// starts where it ends.
    #[inline]
    fn turn_start(&self) -> u64 {
        if self.game.upkeep.start_key[self.position.phase()] {
            self.position.turn_start_key
        } else {
            self.position_key()
        }
    }

    /// Passes for the seat to move at its turn's start, where a pass asks
    /// nothing at the turn's end but whether the turn repeats
    /// (`Upkeep::quiet_passes`): recorded as automatic and the turn ended
    /// as `end_turn` ends it, without its other questions. False, having
    /// done nothing, where the pass is no such pass, or its turn repeats
    /// (the phase or the match then ends, the general way).
    pub(super) fn pass_quietly(&mut self) -> bool {
        if !self.game.upkeep.quiet_passes
            || !self.position.turn_moves.is_empty()
            || self.rounds.planning
            || self.rounds.current.is_some()
            || self.draw_offered_by().is_some()
            || self.position.tactics.chain.is_some()
        {
            return false;
        }
        let seat = self.position.to_move();
        if !self
            .seen_turns
            .insert(turn_key(seat, self.turn_start(), &[Move::Pass]))
        {
            return false;
        }
        self.records.history.push(super::Applied {
            seat: seat as u8,
            mv: Move::Pass,
            automatic: true,
            said: Default::default(),
            phase: self.position.phase() as u8,
        });
        self.position.tactics.passed = None;
        self.position.tactics.extra = 0;
        debug_assert!(
            self.position.changed.is_empty(),
            "a turn's start changed nothing"
        );
        self.begin_turn(self.seat_after(seat), true);
        true
    }

    /// After a turn or a simultaneous round: turn checks on every undecided
    /// board, then stalemate (a repeated turn, or the end of a Single round)
    /// advancing the phase or ending the match, then the next turn.
    /// `turn_key` names the turn for the repetition rule; None for a turn
    /// that can never repeat.
    pub(crate) fn finish_turn(
        &mut self,
        mover: usize,
        turn_key: Option<u64>,
        after_round: bool,
        round_ended_phase: bool,
    ) {
        if self.game.upkeep.remembers_lines {
            outcome::remember_lines(self, mover);
        }
        if self.game.upkeep.untold_lines {
            if let Some(results) = outcome::line_check_results(self, mover) {
                return self.end_only_board(results, mover, outcome::Decider::TurnChecks);
            }
        } else if self.game.upkeep.untold_board_checks {
            match outcome::turn_check_results(self, mover) {
                outcome::CheckResults::Nothing => {}
                outcome::CheckResults::Decided(decided) => {
                    self.standings.decided_mut().board_results[0] =
                        BoardResult::Kept(Box::new(decided))
                }
                outcome::CheckResults::Results(results) => {
                    return self.end_only_board(results, mover, outcome::Decider::TurnChecks);
                }
            }
        } else if self.game.upkeep.board_checks {
            self.check_every_board(mover);
        }
        if self
            .standings
            .decided
            .board_results
            .iter()
            .all(BoardResult::is_decided)
        {
            return self.conclude();
        }
        let counts = self.game.ending_rules() && !after_round && !self.only_passed();
        // A turn the rule ignores is not remembered either: only turns of
        // passes alone (or rounds) could repeat it to any effect, and their
        // keys never equal one of a turn that moved.
        let ignored = counts && self.game.rules.repetition == Repetition::Ignored;
        let mut repeated = match turn_key {
            Some(_) if ignored => false,
            key => self.seen_turns.repeats(key),
        };
        if repeated && counts {
            match self.game.rules.repetition {
                Repetition::Stalemate => {}
                Repetition::Ignored => repeated = false,
                other => {
                    self.outcome = Some(Box::new(outcome::match_rule(
                        &self.game,
                        Rule::Repetition(other),
                        mover,
                    )));
                    return;
                }
            }
        }
        let chaos_stuck =
            self.game.upkeep.chaos_capture_check && outcome::chaos_cannot_capture(self);
        let full = self.game.upkeep.board_full_check && outcome::boards_full(self);
        let advanced = repeated || round_ended_phase || chaos_stuck || full;
        if advanced {
            if self.position.phase() + 1 < self.game.phases.len() {
                self.fold_at_phase_end();
                self.position.phase += 1;
                self.seen_turns.clear();
                self.rebuild_left_walls();
            } else {
                return self.stalemate(mover, None);
            }
        }
        if self.game.ending_rules()
            && let Some(cause) = self.count_turn()
        {
            return self.stalemate(mover, Some(cause));
        }
        // After a round, the first seat starts; after a turn, the next seat.
        let next = if after_round {
            0
        } else {
            self.seat_after(mover)
        };
        // A turn of the same phase that changed no cell (a pass, most of
        // them a seat's that sits out) ends where it started.
        let unchanged = self.position.changed.is_empty() && !after_round && !advanced;
        self.begin_turn(next, unchanged);
    }

    /// Starts `seat`'s turn after one that ended where it started
    /// (`unchanged`: its start's key is the one kept) or not.
    fn begin_turn(&mut self, seat: usize, unchanged: bool) {
        self.position.to_move = seat as u8;
        self.position.rolled = None;
        self.position.turn_moves.clear();
        self.position.changed.clear();
        self.talk.offered_this_turn = false;
        debug_assert!(
            !unchanged
                || !self.game.upkeep.start_key[self.position.phase()]
                || self.position.turn_start_key == self.position_key(),
            "a turn that changed nothing starts where it ended"
        );
        self.keep_turn_start(!unchanged);
        self.begin_round_if_simultaneous();
    }

    /// The seat whose turn follows `seat`'s, without a division (a
    /// playout's turns waited on it).
    #[inline]
    pub(super) fn seat_after(&self, seat: usize) -> usize {
        seat_after(&self.game, seat)
    }

    /// What the turn about to start needs remembered of its start; its
    /// position's key only where the position `moved` since it was kept.
    /// The questions inline, the work out of line: most games keep
    /// neither, and every turn paid the whole function's frame.
    #[inline(always)]
    pub(super) fn keep_turn_start(&mut self, moved: bool) {
        if moved && self.game.upkeep.start_key[self.position.phase()] {
            self.keep_turn_start_key();
        }
        if self.game.upkeep.tracks_shape_holders {
            self.keep_shape_holders();
        }
    }

    #[inline(never)]
    fn keep_turn_start_key(&mut self) {
        self.position.turn_start_key = self.position_key();
    }

    #[inline(never)]
    fn keep_shape_holders(&mut self) {
        let mut holders = std::mem::take(&mut self.standings.shape_holders);
        outcome::shape_holders(self, &mut holders);
        self.standings.shape_holders = holders;
    }

    /// The final phase stalemated: the stalemate rules decide every board
    /// not yet decided. A game of one board keeps the results and tells
    /// why when asked (see `outcome::Ending`).
    /// `limit`, where a move limit and not a repeated turn ended it, is
    /// the cause given.
    fn stalemate(&mut self, mover: usize, limit: Option<StalemateCause>) {
        let cause = |state: &mut State| limit.unwrap_or_else(|| outcome::stalemate_cause(state));
        if let [BoardResult::Open] = self.standings.decided.board_results.as_slice() {
            let by = outcome::Decider::Stalemate(cause(self));
            let results = outcome::stalemate_results(self, mover, 1);
            return self.end_only_board(results, mover, by);
        }
        // Each board's cause is judged as its turn comes: the boards
        // before it are decided by then (a decided board counts as full).
        let mut stalemated = Vec::new();
        let mut tally = outcome::BoardWins::default();
        for board in 1..=self.game.geometry.boards {
            let b = usize::from(board - 1);
            match &self.standings.decided.board_results[b] {
                BoardResult::Kept(decided) => tally.add(&self.game, &decided.results),
                BoardResult::Decided => {}
                BoardResult::Open => {
                    stalemated.push((board, cause(self)));
                    let results = outcome::stalemate_results(self, mover, board);
                    tally.add(&self.game, &results);
                    self.standings.decided_mut().board_results[b] = BoardResult::Decided;
                }
            }
        }
        let results = match self.standings.decided.board_results.as_slice() {
            // One board, decided: its results are the match's (as
            // `combine_results` has it).
            [BoardResult::Kept(only)] => only.results.clone(),
            _ => tally.results(&self.game),
        };
        self.outcome = Some(Box::new(outcome::Ending::Untold {
            results,
            mover,
            by: outcome::Decider::StalemateBoards(stalemated),
            told: Default::default(),
        }));
    }

    /// Ends a game of one board with `results`, decided by `by` after
    /// `mover`'s turn: the board marked decided, the outcome told from the
    /// finished position when asked (see `outcome::Ending`). Inlined: out
    /// of line, playouts took about 0.7% more instructions.
    #[inline(always)]
    pub(super) fn end_only_board(
        &mut self,
        results: Vec<outcome::SeatResult>,
        mover: usize,
        by: outcome::Decider,
    ) {
        self.standings.decided_mut().board_results[0] = BoardResult::Decided;
        self.outcome = Some(Box::new(outcome::Ending::Untold {
            results,
            mover,
            by,
            told: Default::default(),
        }));
    }

    /// The turn checks of every board not yet decided.
    fn check_every_board(&mut self, mover: usize) {
        for board in 1..=self.game.geometry.boards {
            let b = usize::from(board - 1);
            // Written only when decided: an outcome is a large value to move.
            if self.standings.decided.board_results[b].is_open()
                && let Some(decided) = outcome::turn_checks(self, mover, board)
            {
                self.standings.decided_mut().board_results[b] =
                    BoardResult::Kept(Box::new(decided));
            }
        }
    }

    fn conclude(&mut self) {
        // Moved out, not copied: a decided board only needs to stay marked
        // as decided (see `board_open`).
        let boards: Vec<Outcome> = self
            .standings
            .decided_mut()
            .board_results
            .iter_mut()
            .filter(|board| board.is_decided())
            .map(
                |board| match std::mem::replace(board, BoardResult::Decided) {
                    BoardResult::Kept(outcome) => *outcome,
                    _ => outcome::placeholder(),
                },
            )
            .collect();
        self.outcome = Some(Box::new(outcome::Ending::Told(outcome::combine_boards(
            &self.game, boards,
        ))));
    }

    /// Whether every move of the turn just made was a pass.
    fn only_passed(&self) -> bool {
        self.position.turn_moves.iter().all(|m| *m == Move::Pass)
    }

    /// Counts the turn just made for the move limits; the cause when one
    /// is reached.
    fn count_turn(&mut self) -> Option<StalemateCause> {
        let rules = &self.game.rules;
        let (turn_limit, quiet_limit) = (rules.turn_limit, rules.quiet_turn_limit);
        self.counted.turns += 1;
        if let Some(limit) = turn_limit
            && self.counted.turns >= u32::from(limit)
        {
            return Some(StalemateCause::TurnLimit(limit));
        }
        let limit = quiet_limit?;
        let material = self.material();
        let placed = (self.position.turn_moves.iter()).any(|m| matches!(m, Move::Place { .. }));
        if placed || material != self.counted.material {
            self.counted.quiet = 0;
        } else {
            self.counted.quiet += 1;
        }
        self.counted.material = material;
        (self.counted.quiet >= u32::from(limit)).then_some(StalemateCause::QuietLimit(limit))
    }

    /// The pieces on the board as a key: how many of each colour, and how
    /// many paralysed. A capture changes it (a piece removed, converted or
    /// paralysed), and so does a placement; a move or a promotion does not.
    pub(super) fn material(&self) -> u64 {
        use crate::rules::{CaptureResult, Color};
        // The board keeps each colour's count; only paralysis needs a walk.
        let words = MATERIAL_WORDS.first_chunk().expect("a word per colour");
        let key = self.position.board.colours_weighed(words);
        let paralyses =
            (self.game.pieces.powers.iter().flatten()).any(|p| p.result == CaptureResult::Paralyze);
        let mut paralysed = 0u16;
        if paralyses {
            for (cell, &piece) in self.position.board.iter().enumerate() {
                if piece != 0 {
                    paralysed += u16::from(self.position.flags[cell] & super::PARALYSED);
                }
            }
        }
        key.wrapping_add(u64::from(paralysed).wrapping_mul(MATERIAL_WORDS[Color::ALL.len()]))
    }

    /// What a seat faces: pieces (the board's own key, kept as they move),
    /// reserves and phase. FxHash: deterministic, and the keys only ever
    /// meet positions of one match.
    pub(crate) fn position_key(&self) -> u64 {
        State::key_of(
            &self.position.board,
            &self.position.reserves,
            self.position.phase(),
        )
    }

    /// [`State::position_key`] of a position's parts: a lean run's copy
    /// keys its turns the same way (see `move_run`).
    #[inline]
    pub(super) fn key_of(
        board: &super::board::Board,
        reserves: &super::reserves::Reserves,
        phase: usize,
    ) -> u64 {
        let mut hasher = FxHasher::default();
        (board.key(), reserves.key(), phase).hash(&mut hasher);
        hasher.finish()
    }
}

/// Per colour, then for the paralysed, the word its count weighs in
/// `State::material`: well mixed and odd, so a capture, which changes some
/// count by one or two, always changes the key.
const MATERIAL_WORDS: [u64; crate::rules::Color::ALL.len() + 1] = {
    let mut words = [0; crate::rules::Color::ALL.len() + 1];
    let mut i = 0;
    while i < words.len() {
        words[i] = super::reserves::mixed(0x4d41_5445_0000 + i as u64);
        i += 1;
    }
    words
};

/// The key of a turn for the repetition rule: who made it, from where, and
/// its moves. FxHash: deterministic, and the keys only ever meet turns of
/// one match.
pub(super) fn turn_key(seat: usize, start: u64, moves: &[Move]) -> u64 {
    let mut hasher = FxHasher::default();
    (seat, start, moves).hash(&mut hasher);
    hasher.finish()
}

/// The seat after `seat` in turn order, found without a division (a
/// playout's turns waited on it); a lean run's copy asks it too.
#[inline]
pub(super) fn seat_after(game: &super::Game, seat: usize) -> usize {
    match seat + 1 {
        next if next == game.seats.len() => 0,
        next => next,
    }
}

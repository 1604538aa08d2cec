//! Copies of a state: whole (`Clone`), or without its past for a
//! planner's position, reusing the buffers of the state copied into (a
//! playout restarts from a copy of the start position thousands of times a
//! second). Every field is named in both lists, so a new one cannot be
//! forgotten.

use std::sync::Arc;

use super::State;
use crate::game::words::History;

/// Cloned by hand for `clone_from`: a playout or a search reuses one state's
/// buffers from game to game instead of allocating them again. Every field
/// is named, so a new field cannot be forgotten.
impl Clone for State {
    fn clone(&self) -> State {
        self.copy_with(
            self.history.clone(),
            self.round.clone(),
            self.seen_turns.clone(),
        )
    }

    fn clone_from(&mut self, source: &State) {
        self.copy_from(source, true);
    }
}

impl State {
    /// `clone_from`, with or without the past: a position without one (see
    /// [`State::clone_bare`]) has an empty history, no turns seen and no
    /// round under way, and copying them only to empty them cost a
    /// planner's position most of its copy.
    fn copy_from(&mut self, source: &State, past: bool) {
        let State {
            game,
            board,
            flags,
            rng,
            seed,
            reserves,
            phase,
            to_move,
            turn_moves,
            turn_start_key,
            changed,
            draw,
            offered_this_turn,
            seen_turns,
            outcome,
            last_line_teams,
            disqualified,
            folded,
            left,
            shape_holders,
            revealed,
            history,
            decisions,
            choices,
            board_results,
            round,
            planning,
            knowledge,
            tactics,
            counted,
            left_walls,
            rolled,
            idle_round,
            scratch_moves: _,
            verdicts,
        } = self;
        // Copies within a match share its game: no count to touch.
        if !Arc::ptr_eq(game, &source.game) {
            game.clone_from(&source.game);
            // Another game's stacks are judged by other rules.
            *verdicts = Default::default();
        }
        board.clone_from(&source.board);
        flags.clone_from(&source.flags);
        *rng = source.rng;
        *seed = source.seed;
        *reserves = source.reserves;
        *phase = source.phase;
        *to_move = source.to_move;
        turn_moves.clone_from(&source.turn_moves);
        *turn_start_key = source.turn_start_key;
        changed.clone_from(&source.changed);
        draw.clone_from(&source.draw);
        *offered_this_turn = source.offered_this_turn;
        decisions.clone_from(&source.decisions);
        if past {
            seen_turns.clone_from(&source.seen_turns);
            history.clone_from(&source.history);
        } else {
            seen_turns.clear();
            history.clear();
        }
        outcome.clone_from(&source.outcome);
        last_line_teams.clone_from(&source.last_line_teams);
        disqualified.clone_from(&source.disqualified);
        *folded = source.folded;
        *left = source.left;
        shape_holders.clone_from(&source.shape_holders);
        revealed.clone_from(&source.revealed);
        choices.clone_from(&source.choices);
        board_results.clone_from(&source.board_results);
        // A copy without its past has no round under way either.
        let source_round = if past { &source.round } else { &None };
        crate::game::round::clone_round_from(round, idle_round, source_round);
        *planning = source.planning;
        knowledge.clone_from(&source.knowledge);
        tactics.clone_from(&source.tactics);
        *counted = source.counted;
        left_walls.clone_from(&source.left_walls);
        *rolled = source.rolled;
    }

    /// Makes this state a copy of `source` without its past (see
    /// [`State::clone_bare`]), reusing this state's buffers.
    pub(in crate::game) fn clone_bare_from(&mut self, source: &State) {
        self.copy_from(source, false);
    }

    /// A copy without the history, the round under way or the memory of
    /// turns: a planner's position has no use for them, and copying them
    /// only to drop them cost a fifth of a sealed round's time.
    pub(in crate::game) fn clone_bare(&self) -> State {
        self.copy_with(Default::default(), None, Default::default())
    }

    /// A copy of every field but the three that a copy may leave behind,
    /// which the caller gives: one list of fields for both kinds of copy.
    fn copy_with(
        &self,
        history: History,
        round: Option<Box<crate::game::round::Round>>,
        seen_turns: crate::game::seen_turns::SeenTurns,
    ) -> State {
        State {
            game: self.game.clone(),
            board: self.board.clone(),
            flags: self.flags.clone(),
            rng: self.rng,
            seed: self.seed,
            reserves: self.reserves,
            phase: self.phase,
            to_move: self.to_move,
            turn_moves: self.turn_moves.clone(),
            turn_start_key: self.turn_start_key,
            changed: self.changed.clone(),
            draw: self.draw.clone(),
            offered_this_turn: self.offered_this_turn,
            seen_turns,
            outcome: self.outcome.clone(),
            last_line_teams: self.last_line_teams.clone(),
            disqualified: self.disqualified.clone(),
            folded: self.folded,
            left: self.left,
            shape_holders: self.shape_holders.clone(),
            revealed: self.revealed.clone(),
            history,
            decisions: self.decisions.clone(),
            choices: self.choices.clone(),
            board_results: self.board_results.clone(),
            round,
            planning: self.planning,
            knowledge: self.knowledge.clone(),
            tactics: self.tactics.clone(),
            counted: self.counted,
            left_walls: self.left_walls.clone(),
            rolled: self.rolled,
            idle_round: None,
            scratch_moves: Vec::new(),
            verdicts: Default::default(),
        }
    }
}

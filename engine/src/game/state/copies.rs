//! Copies of a state: whole (`Clone`), or without its past for a
//! planner's position, reusing the buffers of the state copied into (a
//! playout restarts from a copy of the start position thousands of times a
//! second). Every field is named in both lists, so a new one cannot be
//! forgotten.

use std::sync::Arc;

use super::{Records, Rounds, State};
use crate::game::words::History;

/// Cloned by hand for `clone_from`: a playout or a search reuses one state's
/// buffers from game to game instead of allocating them again. Every field
/// is named, so a new field cannot be forgotten.
impl Clone for State {
    fn clone(&self) -> State {
        self.copy_with(
            self.records.history.clone(),
            self.rounds.current.clone(),
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
            position,
            stream,
            talk,
            seen_turns,
            outcome,
            standings,
            revealed,
            records,
            choices,
            rounds,
            knowledge,
            counted,
            scratch,
        } = self;
        // Copies within a match share its game: no count to touch.
        if !Arc::ptr_eq(game, &source.game) {
            game.clone_from(&source.game);
            // Another game's stacks are judged by other rules.
            *scratch = None;
        }
        position.clone_from(&source.position);
        *stream = source.stream;
        talk.clone_from(&source.talk);
        records.decisions.clone_from(&source.records.decisions);
        if past {
            seen_turns.clone_from(&source.seen_turns);
            records.history.clone_from(&source.records.history);
        } else {
            seen_turns.clear();
            records.history.clear();
        }
        outcome.clone_from(&source.outcome);
        standings.copy_from(&source.standings);
        revealed.clone_from(&source.revealed);
        choices.clone_from(&source.choices);
        // A copy without its past has no round under way either.
        let source_round = if past { &source.rounds.current } else { &None };
        crate::game::round::clone_round_from(&mut rounds.current, scratch, source_round);
        rounds.planning = source.rounds.planning;
        knowledge.clone_from(&source.knowledge);
        *counted = source.counted;
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

    /// A copy for a search that judges positions on its own (a solver's
    /// table or graph): without the history, the turns the repetition rule
    /// remembers or a round under way, so that the copies made from it at
    /// every node carry only the moves since. Its moves and their results
    /// are those of this state, but for a turn repeating one played before
    /// the copy (the search must judge repetition itself, if at all).
    pub fn copy_without_past(&self) -> State {
        self.clone_bare()
    }

    /// A copy for a search that copies a position at every node: without
    /// the history (the moves as they were said, which decide nothing), so
    /// that each copy carries only the moves made since. Its moves, their
    /// results and the turns the repetition rule remembers are this
    /// state's. A round under way counts its moves in the history: then
    /// the copy is whole.
    pub fn copy_without_history(&self) -> State {
        if self.rounds.current.is_some() {
            return self.clone();
        }
        self.copy_with(Default::default(), None, self.seen_turns.clone())
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
            position: self.position.clone(),
            stream: self.stream,
            talk: self.talk.clone(),
            seen_turns,
            outcome: self.outcome.clone(),
            standings: self.standings.clone(),
            revealed: self.revealed.clone(),
            records: Records {
                history,
                decisions: self.records.decisions.clone(),
            },
            choices: self.choices.clone(),
            rounds: Rounds {
                current: round,
                planning: self.rounds.planning,
            },
            knowledge: self.knowledge.clone(),
            counted: self.counted,
            scratch: None,
        }
    }
}

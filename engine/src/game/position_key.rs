//! The whole key of a position, for an exact solver's table: two states
//! with the same key have the same future, whatever moves they came by.
//!
//! It is [`crate::perft::position_key`] (pieces, reserves, phase, folded
//! seats, the seat to move, the moves of the turn under way, a finished
//! match's results) and every other part of the state that a later rule
//! reads: the pieces' flags (paralysed, moved where pawns or castling ask),
//! the match's random stream (on stacks, where it splits pots), the move-limit
//! counters the rules use, captures spanning moves (an open chain, a pawn's
//! passing step), walls left behind, the die's face, a draw offer, the lines
//! and shapes the stalemate rules remember, disqualified teams and decided
//! boards. Bytes, not a hash: no two positions share a key.
//!
//! Left out, on purpose: the turns remembered for the repetition rule
//! ([`State::remembers_turns`] says whether there are any, and
//! [`State::forget_turns`] forgets them; a solver decides what repetition
//! means for its values), the history and the words,
//! which decide nothing, and what seats know under cloaking or plan in a
//! sealed round (a solver of perfect-information games refuses those).

use std::hash::Hash;

use super::State;
use super::state::BoardResult;

/// See the module's documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey(Box<[u8]>);

impl PositionKey {
    /// The key's size in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl State {
    /// The position's [`PositionKey`].
    pub fn position_key_whole(&self) -> PositionKey {
        // Three bytes an occupied cell, a flag byte each, and the rest:
        // one allocation for most keys.
        let mut out = Vec::with_capacity(4 * self.game.geometry.cell_count() + 64);
        crate::perft::position_key(self, &mut out);
        if self.is_finished() {
            // Over: the pieces and the results are all there is.
            return PositionKey(out.into_boxed_slice());
        }
        out.extend(self.kept_flags());
        // The stream splits a captured pot between stacks' captors; it
        // moves on elsewhere too, where nothing reads it.
        if self.game.geometry.kind == crate::rules::BoardKind::Stacks {
            out.extend(self.stream.next.to_le_bytes());
        }
        // Mid-turn, where the turn's start is kept, the start names the
        // turn for the repetition rule; at a turn's start it is the
        // position itself, already keyed.
        if !self.position.turn_moves.is_empty() && self.game.upkeep.start_key[self.position.phase()]
        {
            out.extend(self.position.turn_start_key.to_le_bytes());
        }
        let rules = &self.game.rules;
        if rules.turn_limit.is_some() {
            out.extend(self.counted.turns.to_le_bytes());
        }
        if rules.quiet_turn_limit.is_some() {
            out.extend(self.counted.quiet.to_le_bytes());
            out.extend(self.counted.material.to_le_bytes());
        }
        let tactics = &self.position.tactics;
        push_option(&mut out, tactics.chain);
        out.extend(u32::from(tactics.extra).to_le_bytes());
        push_option(&mut out, tactics.passed.map(|(crossed, _)| crossed));
        push_option(&mut out, tactics.passed.map(|(_, stands)| stands));
        push_cells(&mut out, &tactics.visited);
        if let Some(walls) = &self.position.left_walls {
            out.extend(walls.mask().iter().map(|&locked| u8::from(locked)));
        }
        push_option(&mut out, self.position.rolled.map(u16::from));
        push_option(&mut out, self.draw_offered_by().map(|seat| seat as u16));
        out.push(u8::from(self.talk.offered_this_turn));
        let standings = &self.standings;
        out.push(standings.decided.last_line_teams.len() as u8);
        for teams in &standings.decided.last_line_teams {
            out.push(teams.len() as u8);
            out.extend(teams.iter().map(|&team| team as u8));
        }
        out.push(standings.decided.disqualified.len() as u8);
        out.extend(
            standings
                .decided
                .disqualified
                .iter()
                .map(|&team_out| u8::from(team_out)),
        );
        push_cells(&mut out, &standings.shape_holders);
        // A decided board is rare (games of several boards): its debug form.
        out.push(standings.decided.board_results.len() as u8);
        for board in &standings.decided.board_results {
            match board {
                BoardResult::Open => out.push(0),
                BoardResult::Decided => out.push(2),
                BoardResult::Kept(outcome) => {
                    use std::io::Write;
                    out.push(1);
                    let _ = write!(out, "{outcome:?}");
                    out.push(0);
                }
            }
        }
        PositionKey(out.into_boxed_slice())
    }

    /// Per occupied cell, the flags a later move reads: paralysed, and
    /// whether the piece has moved where a pawn's double step or castling
    /// asks it. What seats have seen matters only under cloaking.
    fn kept_flags(&self) -> impl Iterator<Item = u8> + '_ {
        let goals = &self.game.goals;
        let moved = if goals.en_passant || goals.castle {
            super::goals::MOVED
        } else {
            0
        };
        let kept = super::PARALYSED | moved;
        (0..self.position.board.len())
            .filter(|&cell| self.position.board[cell] != 0)
            .map(move |cell| self.position.flags[cell] & kept)
    }

    /// Whether the repetition rule remembers turns of this phase: a turn
    /// made again from one of them would repeat it. A position's future can
    /// depend on these turns, which [`PositionKey`] leaves out.
    pub fn remembers_turns(&self) -> bool {
        !self.seen_turns.is_empty()
    }

    /// Forgets the turns the repetition rule remembers, so that the moves
    /// from here lead where they would from any history: a solver that
    /// judges repetition on its own graph of positions explores from such
    /// states.
    pub fn forget_turns(&mut self) {
        self.seen_turns.clear();
    }
}

/// An optional number: a presence byte, then the number.
fn push_option(out: &mut Vec<u8>, value: Option<u16>) {
    match value {
        None => out.push(0),
        Some(value) => {
            out.push(1);
            out.extend(value.to_le_bytes());
        }
    }
}

/// A list of numbers (cells, team bits) behind its length, so that
/// consecutive parts cannot run into each other.
fn push_cells(out: &mut Vec<u8>, cells: &[u16]) {
    out.extend((cells.len() as u16).to_le_bytes());
    for cell in cells {
        out.extend(cell.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{GameState, Move};
    use crate::testing::catalogue_game;

    fn place_at(state: &crate::game::State, cell: u16) -> Move {
        *state
            .legal_actions()
            .iter()
            .find(|m| matches!(m, Move::Place { to, .. } if *to == cell))
            .expect("the cell is empty")
    }

    #[test]
    fn transposed_moves_give_one_key_and_different_positions_differ() {
        let game = catalogue_game("Tic-Tac-Toe");
        let start = game.start();
        let play = |cells: &[u16]| {
            let mut state = start.clone();
            for &cell in cells {
                let mv = place_at(&state, cell);
                state.apply_action(mv).expect("legal");
            }
            state
        };
        // Black 0 and 2, white 4, in two orders: one position.
        let a = play(&[0, 4, 2]);
        let b = play(&[2, 4, 0]);
        assert_eq!(a.position_key_whole(), b.position_key_whole());
        // The same cells with the colours swapped: another position.
        let c = play(&[4, 0, 2]);
        assert_ne!(a.position_key_whole(), c.position_key_whole());
        // The same pieces with another seat to move cannot happen in
        // Tic-Tac-Toe; the start and one move differ.
        assert_ne!(start.position_key_whole(), play(&[0]).position_key_whole());
        assert!(!a.remembers_turns(), "placements never repeat");
    }
}

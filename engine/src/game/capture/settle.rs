//! A stack's resolution after an arrival, on the parts of a position it
//! touches: the board, the pieces' flags, the reserves (reincarnation), the
//! match's random stream (the first captor dealt to) and the cells changed.
//! The match resolves its stacks through it; a run played apart from the
//! match, on copies of those parts, can too.

use super::verdicts::Verdicts;
use super::{STACK_MAX, StackVerdict, contest, every_position, judge_stack_attacked};
use crate::game::board::Board;
use crate::game::reserves::Reserves;
use crate::game::{Cell, Game, pack, unpack};
use crate::rules::{CaptureResult, Color, Shape};

/// The parts of a position a stack's resolution reads and changes.
pub(crate) struct StackSite<'a> {
    pub(crate) game: &'a Game,
    pub(crate) board: &'a mut Board,
    /// Per cell, the flags of the piece there (see `PARALYSED`).
    pub(crate) flags: &'a mut crate::game::piece_flags::Flags,
    pub(crate) reserves: &'a mut Reserves,
    /// The match's own random stream.
    pub(crate) rng: &'a mut u64,
    /// The cells changed this turn, added to.
    pub(crate) changed: &'a mut Vec<u16>,
    /// Per cell, closed to the pieces that settle: the phase's locked
    /// cells, or the walls a seat believes in while its moves are judged.
    pub(crate) locked: &'a [bool],
    /// The verdicts judged so far, where the owner keeps them (a state
    /// does: it never changes games).
    pub(crate) verdicts: Option<&'a mut Verdicts>,
}

impl StackSite<'_> {
    /// Resolves the stack holding `cell` after an arrival (see
    /// `State::resolve_stack_from`); `attacking` when the piece at `cell`
    /// arrived alone.
    pub(crate) fn resolve(&mut self, cell: u16, by_stack: bool, attacking: bool) {
        if self.game.pieces.nothing_captures {
            // Nothing can capture: stacks only grow.
            return;
        }
        let geo = &self.game.geometry;
        let stack = geo.column_of(cell);
        // Only the places up to the stack's highest piece hold pieces.
        let column = &geo.columns()[stack];
        let filled = &column[..self.board.height(stack).map_or(column.len(), usize::from)];
        if !by_stack && self.one_colour(filled) {
            // A lone colour captures none of its own: nothing to judge, and
            // nothing to allocate or count for it (most arrivals in a playout).
            return;
        }
        // A stack is at most as high as a board's dimension: its pieces
        // and cells fit in arrays on the stack, with nothing to allocate.
        let mut cells = [0u16; STACK_MAX];
        let mut pieces = [(Color::Black, Shape::Circle); STACK_MAX];
        let mut n = 0;
        for &c in filled {
            if let Some(piece) = unpack(self.board[usize::from(c)]) {
                (cells[n], pieces[n]) = (c, piece);
                n += 1;
            }
        }
        let (cells, pieces) = (&cells[..n], &pieces[..n]);
        let attacker = cells.iter().position(|&c| c == cell).filter(|_| attacking);
        let mut verdict = match self.verdicts.as_deref_mut() {
            Some(verdicts) => verdicts.judge(self.game, pieces, by_stack, attacker),
            None => judge_stack_attacked(self.game, pieces, by_stack, attacker),
        };
        if verdict.kept == every_position(pieces.len()) {
            return;
        }
        // What stays, bottom up: each piece with its flags.
        let mut remaining = [(0 as Cell, 0u8); STACK_MAX];
        let mut kept = 0;
        let dealt = self.deal(pieces, &mut verdict);
        let mut keep = |piece: (Cell, u8)| {
            remaining[kept] = piece;
            kept += 1;
        };
        for (i, &c) in cells.iter().enumerate() {
            let f = self.flags[usize::from(c)];
            if verdict.kept & 1 << i != 0 {
                keep((self.board[usize::from(c)], f));
            } else if let Some(color) = dealt[i] {
                match verdict.result {
                    Some(CaptureResult::Convert) => keep((pack(color, pieces[i].1), f)),
                    Some(CaptureResult::Paralyze) => {
                        keep((self.board[usize::from(c)], f | crate::game::PARALYSED));
                    }
                    _ => {}
                }
            }
        }
        // The stack settles: what is left falls to the lowest free places.
        // Every piece's old place and every new one count as changed; the
        // board is written only where a place's contents differ (most
        // pieces of a settled stack stay where they were). The walk up the
        // stack stops once every piece has landed and every old place is
        // passed: above, nothing changes.
        let locked = self.locked;
        self.changed.extend_from_slice(cells);
        let (mut landed, mut next_old) = (0, 0);
        for &c in &self.game.geometry.columns()[stack] {
            if landed == kept && next_old == cells.len() {
                break;
            }
            let at = usize::from(c);
            let lands = landed < kept && !locked[at];
            let left = next_old < cells.len() && cells[next_old] == c;
            next_old += usize::from(left);
            let (piece, f) = match (lands, left) {
                (true, _) => {
                    landed += 1;
                    self.changed.push(c);
                    remaining[landed - 1]
                }
                (false, true) => (0, 0),
                (false, false) => continue,
            };
            if self.board[at] != piece {
                self.board.set(at, piece);
            }
            self.flags.set(at, f);
        }
    }

    /// Whether the pieces on `column` are all of one colour (or none): a
    /// stack judged by rank then keeps them all (see `judge_stack_attacked`:
    /// one captor, no captive, no tie).
    fn one_colour(&self, column: &[u16]) -> bool {
        let mut colours = column
            .iter()
            .filter_map(|&c| unpack(self.board[usize::from(c)]))
            .map(|(color, _)| color);
        let first = colours.next();
        colours.all(|c| Some(c) == first)
    }

    /// Deals the pot round-robin to the captors, from a random captor, in
    /// descending rank; reincarnated pieces go to the captors' reserves.
    /// Returns, per position on the stack, the colour a piece dealt there
    /// went to (None for a piece not dealt, or dealt to the reserves).
    /// The verdict's pot is left in the order it was dealt.
    fn deal(
        &mut self,
        pieces: &[(Color, Shape)],
        verdict: &mut StackVerdict,
    ) -> [Option<Color>; STACK_MAX] {
        let mut dealt = [None; STACK_MAX];
        if verdict.captors.is_empty() {
            return dealt;
        }
        let game = self.game;
        // The order is by shape alone, and the sort is stable: a pot of one
        // shape (most are coins) is in order already.
        let first = verdict.pot.first().map(|&i| pieces[i].1);
        if verdict.pot.iter().any(|&i| Some(pieces[i].1) != first) {
            verdict.pot.sort_by(|a, b| {
                contest(game.strength(pieces[*b].1), game.strength(pieces[*a].1))
                    .then(pieces[*b].1.rank().cmp(&pieces[*a].1.rank()))
            });
        }
        let pot = std::mem::take(&mut verdict.pot);
        let copies = match verdict.result {
            Some(CaptureResult::ReincarnateX2) => 2,
            _ => 1,
        };
        let n = verdict.captors.len();
        let mut next = random_below(self.rng, n);
        for &i in &pot {
            match verdict.result {
                Some(CaptureResult::Reincarnate) | Some(CaptureResult::ReincarnateX2) => {
                    for _ in 0..copies {
                        let color = verdict.captors[next];
                        // Doubling captures can outgrow a u16 (found by fuzzing).
                        self.reserves.add(color, pieces[i].1, 1);
                        next = (next + 1) % n;
                    }
                }
                Some(CaptureResult::Convert) => {
                    dealt[i] = Some(verdict.captors[next]);
                    next = (next + 1) % n;
                }
                Some(CaptureResult::Paralyze) => {
                    dealt[i] = Some(pieces[i].0);
                }
                _ => {}
            }
        }
        verdict.pot = pot;
        dealt
    }
}

/// A number below `n` from a match's random stream `rng`, moved on.
fn random_below(rng: &mut u64, n: usize) -> usize {
    // xorshift64*: the engine's randomness is seeded per match, so replays repeat it.
    let mut x = *rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *rng = x;
    (x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1) as u64) as usize
}

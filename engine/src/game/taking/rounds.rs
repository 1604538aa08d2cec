//! Captures other than cover, and castling, in simultaneous rounds on flat
//! boards. Plans are judged from the round's start; when they resolve:
//!
//! - the moves of one piece in one plan (a chain of jumps, or both moves of
//!   a 2-piece turn) make one journey from its first space to its last;
//! - castling moves both pieces;
//! - a lone arrival of a piece that captures by moving onto its captive
//!   (diagonal, triagonal) first takes what still stands there;
//! - once every arrival has settled, each journey whose piece stands where it
//!   went takes, in seat order, the pieces it jumped that are still there and
//!   what it surrounds, approaches or touches on the board as it then is.
//!
//! There is no "move just before" in a round, so no capture in passing.

use super::super::goals::is_jump;
use super::super::{Move, State};
use crate::rules::{CaptureCondition, Color, Shape};
use smallvec::SmallVec;

/// A round's moves as they settle, each with its seat.
pub(crate) type Settling = SmallVec<[(usize, Move); 4]>;

/// One piece's way through a round, and what it may take.
#[derive(Clone, Debug)]
pub(crate) struct Journey {
    seat: usize,
    piece: (Color, Shape),
    from: Option<u16>,
    to: u16,
    /// Spaces it jumped over.
    over: Vec<u16>,
    /// Index of its move among the moves that settle.
    slot: usize,
}

impl State {
    /// The board moves of a round's plans as the moves that settle (a chain
    /// becomes one move, castling two), with the journeys whose captures follow.
    pub(crate) fn round_journeys(
        &self,
        moves: &[(usize, Move)],
    ) -> (Settling, SmallVec<[Journey; 4]>) {
        // On the stack: a sealed game settles a round every turn, of a
        // move or two a seat.
        let mut settle = Settling::new();
        let mut journeys: SmallVec<[Journey; 4]> = SmallVec::new();
        for &(seat, mv) in moves {
            let (from, to) = match mv {
                Move::Place { color, shape, to } => {
                    journeys.push(Journey {
                        seat,
                        piece: (color, shape),
                        from: None,
                        to,
                        over: Vec::new(),
                        slot: settle.len(),
                    });
                    settle.push((seat, mv));
                    continue;
                }
                Move::Step { from, to } | Move::Promote { from, to, .. } => (from, to),
                _ => continue,
            };
            if self.is_castle_for(seat, from, to) {
                let (partner_to, rook_to) = self.castle_landing(from, to);
                settle.push((
                    seat,
                    Move::Step {
                        from: to,
                        to: partner_to,
                    },
                ));
                settle.push((seat, Move::Step { from, to: rook_to }));
                continue;
            }
            // The same piece moving on: its journey goes further.
            let last = journeys.iter_mut().rev().find(|j| j.seat == seat);
            if let Some(j) = last.filter(|j| j.to == from && j.from.is_some()) {
                j.over.extend(self.jumped(j.piece.1, from, to));
                j.to = to;
                settle[j.slot].1 = match mv {
                    Move::Promote { shape, .. } => Move::Promote {
                        from: j.from.expect("a movement"),
                        to,
                        shape,
                    },
                    _ => Move::Step {
                        from: j.from.expect("a movement"),
                        to,
                    },
                };
                continue;
            }
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            journeys.push(Journey {
                seat,
                piece,
                from: Some(from),
                to,
                over: self.jumped(piece.1, from, to).into_iter().collect(),
                slot: settle.len(),
            });
            settle.push((seat, mv));
        }
        (settle, journeys)
    }

    /// The space a jumper's move from `from` to `to` passes over.
    fn jumped(&self, shape: Shape, from: u16, to: u16) -> Option<u16> {
        let condition = self.game().power(shape).map(|p| p.condition)?;
        if !is_jump(condition) {
            return None;
        }
        match self.line_between(from, to) {
            Some((d, 2)) => Some(self.game().geometry.neighbour(from, d)),
            _ => None,
        }
    }

    /// Before a lone arrival lands: a piece that captures by moving onto its
    /// captive takes what still stands there.
    pub(crate) fn take_onto_in_round(&mut self, cell: u16, journeys: &[Journey]) {
        let Some(j) = journeys.iter().find(|j| j.to == cell && j.from.is_some()) else {
            return;
        };
        let moves_on = matches!(
            self.condition(j.piece.1),
            Some(CaptureCondition::MoveOnDiagEnPassant | CaptureCondition::MoveOnTriagonal)
        );
        if moves_on && self.capturable(j.seat, j.piece.1, cell) {
            self.seize_off(cell, j.piece);
        }
    }

    /// After every arrival has settled: each journey's captures, in seat order.
    pub(crate) fn round_captures(&mut self, journeys: &[Journey]) {
        self.position.tactics.passed = None;
        for j in journeys {
            if self.game().power(j.piece.1).is_none() {
                continue;
            }
            let stands = self
                .piece_at(j.to)
                .is_some_and(|(color, _)| color == j.piece.0);
            if !stands {
                continue;
            }
            for &c in &j.over {
                if self.capturable(j.seat, j.piece.1, c) {
                    self.seize(c, j.piece);
                }
            }
            if !self.takes_on_arrival(j.piece.1) {
                continue;
            }
            let board = self.position.board.clone();
            let occupant = |c: u16| super::super::unpack(board[usize::from(c)]).map(|p| p.0);
            for c in self.arrival_captives(j.seat, j.piece.1, j.from, j.to, &occupant) {
                self.seize(c, j.piece);
            }
        }
    }
}

//! How a sealed round's plans resolve together on the board: on stacks the
//! arrivals stack in seat order and each stack's capture rules settle them;
//! on flat boards the pieces leave first, then each space takes its
//! arrivals (one lands, several collide unless ranks settle it).

use super::super::capture::{Strength, contest};
use super::super::{Move, State, pack, unpack};
use super::Lists;
use crate::rules::{Color, Shape};
use smallvec::SmallVec;

/// A piece arriving on a cell in a round: the cell, the piece, its flags.
type Arrival = (u16, (Color, Shape), u8);

impl State {
    /// Arrivals (the plans' moves in `lists`) stack in seat order; each
    /// touched stack then resolves.
    pub(super) fn resolve_on_stacks(&mut self, lists: &mut Lists) {
        // The game, not its geometry, is copied: a count, not its tables.
        let game = self.game().clone();
        let geo = &game.geometry;
        let Lists {
            joint: moves,
            touched,
            arrivals,
        } = lists;
        touched.clear();
        // A stack that takes one arrival is covered by it; several arrive together.
        arrivals.clear();
        arrivals.resize(geo.columns().len(), 0);
        for &(_, mv) in moves.iter() {
            if let Move::Place { to, .. } | Move::Step { to, .. } | Move::Promote { to, .. } = mv {
                arrivals[geo.column_of(to)] += 1;
            }
        }
        for &(_, mv) in moves.iter() {
            match mv {
                Move::Place { color, shape, to } => {
                    self.position.reserves.take_one(color, shape);
                    self.make_room(to, 1, touched, arrivals);
                    // The stack may have filled since the round began: then the piece is lost.
                    if let Some(cell) = self.landing(to) {
                        self.position
                            .board
                            .set(usize::from(cell), pack(color, shape));
                        self.position.flags.set(usize::from(cell), 0);
                        self.position.changed.push(cell);
                        touched.push((cell, false));
                    }
                }
                Move::Step { from, to } | Move::Promote { from, to, .. } => {
                    let column = &geo.columns()[geo.column_of(from)];
                    let carried: Vec<u16> = column
                        .iter()
                        .copied()
                        .skip_while(|&c| c != from)
                        .take_while(|&c| self.position.board[usize::from(c)] != 0)
                        .collect();
                    self.make_room(to, carried.len(), touched, arrivals);
                    match self.landing(to) {
                        Some(landing) if self.room_at(landing) >= carried.len() => {
                            let piece = unpack(self.position.board[usize::from(from)]);
                            self.move_stack_part(from, landing);
                            if let (Move::Promote { shape, .. }, Some((color, _))) = (mv, piece) {
                                self.position
                                    .board
                                    .set(usize::from(landing), pack(color, shape));
                            }
                            let by_stack = piece.is_some_and(|p| self.game().moves_by_stack(p.1));
                            touched.push((landing, by_stack));
                        }
                        _ => {
                            for c in carried {
                                self.position.board.set(usize::from(c), 0);
                                self.position.flags.set(usize::from(c), 0);
                                self.position.changed.push(c);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (cell, by_stack) in touched.drain(..) {
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
    pub(super) fn resolve_on_cells(&mut self, moves: &[(usize, Move)]) {
        // Chains, castling and captures other than cover: see `taking::rounds`.
        let (moves, journeys) = self.round_journeys(moves);
        // On the stack: a round's arrivals are few, and a sealed game
        // resolves a round every turn.
        let mut arrivals: SmallVec<[Arrival; 8]> = SmallVec::new();
        for &(_, mv) in &moves {
            match mv {
                Move::Place { color, shape, to } => {
                    self.position.reserves.take_one(color, shape);
                    arrivals.push((to, (color, shape), 0));
                }
                Move::Step { from, to } | Move::Promote { from, to, .. } => {
                    let f = usize::from(from);
                    // A piece another plan already moved or destroyed cannot move again.
                    if let Some(mut piece) = unpack(self.position.board[f]) {
                        // A piece reaching its goal arrives as what it becomes.
                        if let Move::Promote { shape, .. } = mv {
                            piece.1 = shape;
                        }
                        arrivals.push((
                            to,
                            piece,
                            self.position.flags[f] | super::super::goals::MOVED,
                        ));
                        self.position.board.set(f, 0);
                        self.position.flags.set(f, 0);
                        self.position.changed.push(from);
                    }
                }
                _ => {}
            }
        }
        let mut cells: SmallVec<[u16; 8]> = arrivals.iter().map(|a| a.0).collect();
        cells.sort_unstable();
        cells.dedup();
        for cell in cells {
            let here: SmallVec<[((Color, Shape), u8); 4]> = arrivals
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
                None => self.position.changed.push(cell),
            }
        }
        self.round_captures(&journeys);
    }
}

//! The steps of a seat's pieces listed from the step tables (see `steps`),
//! a piece at a time as a few ANDs of bit masks: the walk in
//! `movegen::targets` stays the source of truth, and the tables' tests
//! compare the two move for move.

use super::state::BoardResult;
use super::steps::{Jumps, OVER_ANY, OVER_OWN, StepTable};
use super::{Move, PARALYSED, State, unpack};
use crate::rules::{CaptureResult, Shape};

/// The board as the tables read it for one seat, worked out once for all
/// its pieces: cells among the first 64, a bit each.
#[derive(Clone, Copy, Debug)]
pub(super) struct SeatBits {
    /// The pieces of the colours the seat plays.
    pub mine: u64,
    pub occupied: u64,
    /// Where the seat may land: empty, unlocked and open to it.
    pub free: u64,
    /// The cells the seat may enter, empty or not.
    pub open: u64,
}

impl SeatBits {
    /// The pieces of colours the seat does not play.
    #[inline]
    pub(super) fn enemies(&self) -> u64 {
        self.occupied & !self.mine
    }

    /// The pieces a jump passes over (`steps::OVER_*`): `may_jump` for
    /// every cell at once, where nothing paralyses.
    #[inline]
    pub(super) fn jumpable(&self, over: u8) -> u64 {
        match over {
            OVER_OWN => self.mine,
            OVER_ANY => self.occupied,
            _ => self.enemies(),
        }
    }
}

impl<'a> Jumps<'a> {
    /// The (passed, landing) cells of the jumps the board allows: over a
    /// piece of `jumpable`, to a free cell. Most pieces in most positions
    /// have none, which the masks say without a walk of the list.
    #[inline]
    fn allowed(&self, bits: &SeatBits, jumpable: u64) -> impl Iterator<Item = [u8; 2]> + 'a {
        let free = bits.free;
        let any = self.landings & free != 0 && self.passed & jumpable != 0;
        let list = if any { self.list } else { &[] };
        (list.iter().copied()).filter(move |&[passed, landing]| {
            jumpable >> passed & 1 != 0 && free >> landing & 1 != 0
        })
    }

    /// Whether the board allows one of these jumps (see `allowed`).
    #[inline]
    pub(super) fn any_allowed(&self, bits: &SeatBits) -> bool {
        self.allowed(bits, bits.jumpable(self.over))
            .next()
            .is_some()
    }
}

impl State {
    /// The step tables, where they may list this position's steps: every
    /// board still open, and no capture in passing open where some shape
    /// captures on the diagonal (the walk judges that one).
    #[inline]
    pub(super) fn tables_for_steps(&self) -> Option<&StepTable> {
        let table = self.game().pieces.step_table.as_ref()?;
        let open = self
            .standings
            .decided
            .board_results
            .iter()
            .all(BoardResult::is_open);
        let passing = self.position.tactics.passed.is_some() && table.takes_any_diagonally();
        (open && !passing).then_some(table)
    }

    /// The board as the tables read it for `seat` (see [`SeatBits`]).
    #[inline]
    pub(super) fn seat_bits(&self, table: &StepTable, seat: usize) -> SeatBits {
        let mine = self
            .position
            .board
            .colours_word(self.game().seats[seat].controls);
        let occupied = self.position.board.occupied_word();
        let free = table.free(self.position.phase(), seat, occupied);
        SeatBits {
            mine,
            occupied,
            free,
            open: table.open_to(self.position.phase(), seat),
        }
    }

    /// The kinds of `seat`'s pieces that may move (a bit per packed
    /// piece: their shape moves and none of their kind waits in reserve,
    /// see `steps_from`), the board as the seat reads it, the cells of its
    /// pieces it may leave that may have a move, and of those the ones
    /// that may have a jump (see `StepTable::mover_filter`).
    #[inline(always)]
    fn moving_pieces(&self, table: &StepTable, seat: usize) -> (u64, SeatBits, [u64; 2]) {
        let mut moving = table.moving(seat);
        let mut kinds = moving;
        while kinds != 0 {
            let piece = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if self.position.reserves.get_packed(piece) > 0 {
                moving &= !(1 << piece);
            }
        }
        let bits = self.seat_bits(table, seat);
        let pieces = bits.mine & table.leavable(self.position.phase(), seat);
        let (pieces, jumpers) = match table.mover_filter(seat) {
            Some(filter) => filter.movers(pieces, bits.free, |over| bits.jumpable(over)),
            None => (pieces, pieces),
        };
        (moving, bits, [pieces, jumpers])
    }

    /// The shape of the piece on `from`, if it is of the kinds `moving`
    /// (see `moving_pieces`) and not paralysed.
    #[inline(always)]
    fn mover_on(&self, from: u16, moving: u64) -> Option<Shape> {
        let piece = self.position.board[usize::from(from)];
        if moving >> piece & 1 == 0 || self.position.flags[usize::from(from)] & PARALYSED != 0 {
            return None;
        }
        unpack(piece).map(|(_, shape)| shape)
    }

    /// Appends every step of `seat`'s pieces, in the walk's order: by the
    /// cell moved from, then the cell moved to. Returns how many of them
    /// are jumps over a piece they take.
    ///
    /// With `COMPULSORY` (every capture is compulsory and the tables know
    /// every capture, see `StepTable::captures_known`), from the first
    /// capture on only captures are listed and the steps before it are
    /// dropped: then the moves listed are the legal ones, and the second
    /// value says so. A parameter of the type, so that the other listing
    /// carries none of it.
    pub(super) fn table_steps<const COMPULSORY: bool>(
        &self,
        table: &StepTable,
        seat: usize,
        out: &mut Vec<Move>,
    ) -> (u32, bool) {
        let (moving, bits, [mut pieces, jumpers]) = self.moving_pieces(table, seat);
        let (start, mut captures) = (out.len(), 0);
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u16;
            pieces &= pieces - 1;
            let Some(shape) = self.mover_on(from, moving) else {
                continue;
            };
            let reach = self.table_reach(table, (seat, from), shape, &bits);
            self.push_reach(table, (seat, from), shape, reach, out);
            if jumpers >> from & 1 != 0
                && let Some(jumps) = table.jumps(seat, from, shape.index())
            {
                let taken = self.push_jumps((seat, from), shape, (jumps, &bits), false, out);
                captures += taken;
                if COMPULSORY && taken > 0 {
                    // The first capture: what was listed before goes.
                    out.truncate(start);
                    let rest = (pieces | 1 << from) & jumpers;
                    self.push_captures(table, seat, (rest, moving), &bits, out);
                    return (captures, true);
                }
            }
        }
        (captures, false)
    }

    /// Appends the jumps of the pieces on `pieces` that take a piece, for
    /// those of the kinds `moving` (see `moving_pieces`), in the walk's
    /// order.
    fn push_captures(
        &self,
        table: &StepTable,
        seat: usize,
        (mut pieces, moving): (u64, u64),
        bits: &SeatBits,
        out: &mut Vec<Move>,
    ) {
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u16;
            pieces &= pieces - 1;
            let Some(shape) = self.mover_on(from, moving) else {
                continue;
            };
            if let Some(jumps) = table.jumps(seat, from, shape.index()) {
                self.push_jumps((seat, from), shape, (jumps, bits), true, out);
            }
        }
    }

    /// Appends the jumps of `jumps` (see `StepTable::jumps`) the board
    /// allows: over a piece the shape may pass, to a free cell; with
    /// `only_taking`, only those that pass over a piece they take. Returns
    /// how many pass over a piece they take.
    #[inline]
    pub(super) fn push_jumps(
        &self,
        (seat, from): (usize, u16),
        shape: Shape,
        (jumps, bits): (Jumps<'_>, &SeatBits),
        only_taking: bool,
        out: &mut Vec<Move>,
    ) -> u32 {
        if jumps.landings & bits.free == 0 {
            return 0;
        }
        let leaves = self.game().power(shape).map(|p| p.result) == Some(CaptureResult::Leave);
        let taken = if leaves { 0 } else { bits.enemies() };
        let jumpable = if only_taking {
            bits.jumpable(jumps.over) & taken
        } else {
            bits.jumpable(jumps.over)
        };
        let mut captures = 0;
        for [passed, landing] in jumps.allowed(bits, jumpable) {
            self.push_step(seat, from, u16::from(landing), shape, out);
            captures += (taken >> passed & 1) as u32;
        }
        captures
    }

    /// The cells the piece of `shape` on `from`, moved by `seat`, reaches:
    /// free cells by its steps, leaps and slides, the pieces it may cover,
    /// and the enemies it may take diagonally forward.
    #[inline(always)]
    pub(super) fn table_reach(
        &self,
        table: &StepTable,
        (seat, from): (usize, u16),
        shape: Shape,
        bits: &SeatBits,
    ) -> u64 {
        let (occupied, free) = (bits.occupied, bits.free);
        let s = shape.index();
        let mut reach = table.shape_reach((seat, from), s, occupied, free);
        let mut prey = table.prey(seat, from, s, occupied & bits.open);
        while prey != 0 {
            let cell = prey.trailing_zeros() as u16;
            prey &= prey - 1;
            if self.may_cover(seat, shape, cell) {
                reach |= 1 << cell;
            }
        }
        let mut taken = table.diagonal_prey(seat, from, s, bits.enemies() & bits.open);
        if table.paralyses(s) {
            // A paralysed piece is not paralysed again (see `capturable`).
            while taken != 0 {
                let cell = taken.trailing_zeros() as u16;
                taken &= taken - 1;
                if self.capturable(seat, shape, cell) {
                    reach |= 1 << cell;
                }
            }
        }
        reach | taken
    }

    /// Appends the steps from `from` to each cell of `reach`, in the walk's
    /// order: a promotion is one move per shape it may become.
    #[inline(always)]
    pub(super) fn push_reach(
        &self,
        table: &StepTable,
        (seat, from): (usize, u16),
        shape: Shape,
        mut reach: u64,
        out: &mut Vec<Move>,
    ) {
        let goals = &self.game().goals;
        if goals.promotions.is_empty() || !goals.forward_only[shape.index()] {
            while reach != 0 {
                let to = reach.trailing_zeros() as u16;
                reach &= reach - 1;
                out.push(Move::Step { from, to });
            }
            return;
        }
        // A forward-only piece promotes on arriving at its goal edge from
        // off it (as `push_step` judges a move, a mask at a time).
        let goal = table.goal(seat);
        let promoting = if goal >> from & 1 != 0 { 0 } else { goal };
        let start = out.len();
        while reach != 0 {
            let to = reach.trailing_zeros() as u16;
            reach &= reach - 1;
            if promoting >> to & 1 != 0 {
                out.extend(
                    goals
                        .promotions
                        .iter()
                        .map(|&shape| Move::Promote { from, to, shape }),
                );
            } else {
                out.push(Move::Step { from, to });
            }
        }
        if table.takes_diagonally(shape.index()) {
            // The walk sorts a diagonal taker's moves (see `steps_from`).
            out[start..].sort_unstable();
        }
    }
}

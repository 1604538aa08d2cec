//! Legal moves of the seat to move, and why a move is not legal.

use super::placements::surrounding_directions;
use super::steps::StepTable;
use super::{Move, State};
use crate::geometry::DirectionSet;
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Movement, Shape};

/// The cells a piece reaches, gathered on the stack: listing them for
/// every piece of every position allocated a list each time.
pub(crate) type Targets = smallvec::SmallVec<[u16; 32]>;

/// What the listing of steps knows of their captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listed {
    /// None of them captures.
    NoCapture,
    /// A compulsory capture can be made, and only captures were listed.
    OnlyCompulsory,
    /// Each move would have to be judged.
    Unknown,
}

/// Whether the moves listed are restricted to captures where one is
/// compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Restrict {
    /// No: nothing is compulsory, or nothing listed captures.
    No,
    /// Already: only compulsory captures were listed.
    Done,
    /// Each move is judged (see `keep_captures_if_must`).
    Judge,
}

impl State {
    /// Every legal move of the seat whose decision is awaited, in a stable
    /// order, as a person may make them: with a draw offer where one may
    /// be made (an algorithm's are [`GameState::legal_actions`]).
    pub fn legal(&self) -> &[Move] {
        self.choice_list()
    }

    /// Works out the legal moves afresh into `out`. A state keeps them from
    /// one decision to the next: every change goes through `apply`, which
    /// calls this once per position it stops at.
    pub(crate) fn generate_legal(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_finished() || self.draw_offered_by().is_none() && self.generate_plan_moves(out) {
            return;
        }
        // Under cloaking a seat judges its moves on what it knows: here on
        // a bare copy made its belief (see `generate_known`, which needs
        // none); no round is under way, or its plan's moves were listed.
        if self.game().rules.cloaking != crate::rules::Cloaking::None
            && !self.knowledge.is_belief()
            && self.draw_offered_by().is_none()
        {
            let mut belief = self.clone_bare();
            belief.become_belief_of(self.position.to_move());
            return belief.generate_legal(out);
        }
        self.generate_on_board(out, true);
    }

    /// Every move the true position allows the seat to move, however
    /// little it knows: what a cloaked move is checked against. A capture
    /// there may be hidden from the mover, so it restricts nothing.
    pub(crate) fn generate_truth(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_finished() || self.draw_offered_by().is_none() && self.generate_plan_moves(out) {
            return;
        }
        self.generate_on_board(out, false);
    }

    /// The moves on the board as it stands, the mover's own or a belief;
    /// `must_restricts`: a capture a "must" piece can make leaves only captures.
    pub(crate) fn generate_on_board(&self, out: &mut Vec<Move>, must_restricts: bool) {
        if self.draw_offered_by().is_some() {
            out.extend([Move::AgreeDraw, Move::RefuseDraw]);
            return;
        }
        if let Some(cell) = self.position.tactics.chain {
            // A chain of jumps is open: jump again with the same piece, or pass.
            return self.chain_moves(cell, out);
        }
        let seat = self.position.to_move();
        let phase = &self.game().phases[self.position.phase()];
        if phase.locked_seats & (1 << seat) != 0 || self.has_folded(seat) {
            return;
        }
        let placements_capture = self.placements(seat, out);
        // What is known of the captures listed, without judging each move.
        let mut listed = Listed::Unknown;
        if !phase.placement_only {
            let placed = !out.is_empty();
            listed = self.steps(seat, out, must_restricts && !placed);
            if placed && listed == Listed::NoCapture {
                listed = Listed::Unknown;
            }
        }
        if self.game().upkeep.capture_only {
            self.keep_captures_of_only(out, placements_capture);
        }
        if self.roll_first(out) {
            return;
        }
        self.keep_rolled(out);
        let restrict = match listed {
            Listed::NoCapture => Restrict::No,
            Listed::OnlyCompulsory => Restrict::Done,
            Listed::Unknown if must_restricts => Restrict::Judge,
            Listed::Unknown => Restrict::No,
        };
        self.other_moves_restricted(seat, out, restrict);
    }

    /// The moves `seat` has besides placements and steps, appended to those
    /// in `out`: a pass, and an offer to draw.
    pub(crate) fn other_moves(&self, seat: usize, out: &mut Vec<Move>) {
        self.other_moves_restricted(seat, out, Restrict::Judge);
    }

    /// [`State::other_moves`], and as `restrict` says, a seat that must
    /// capture keeps only captures.
    fn other_moves_restricted(&self, seat: usize, out: &mut Vec<Move>, restrict: Restrict) {
        let phase = &self.game().phases[self.position.phase()];
        let only_captures = match restrict {
            Restrict::No => false,
            Restrict::Done => true,
            Restrict::Judge => self.keep_captures_if_must(out),
        };
        // A pass is no capture either: a seat that must capture may not pass.
        if !only_captures && (phase.pass || self.may_end_turn()) {
            out.push(Move::Pass);
        }
        let game = self.game();
        // Only another player can agree: Chaos never answers.
        let someone_to_agree =
            || (game.seats.iter().enumerate()).any(|(s, other)| s != seat && !other.is_chaos);
        if game.rules.draw_option
            && !self.talk.offered_this_turn
            && self.moves_this_turn().is_empty()
            && !game.seats[seat].is_chaos
            && someone_to_agree()
        {
            out.push(Move::OfferDraw);
        }
    }

    /// "1 to N pieces/turn": once the turn has a move of its own (not a
    /// link of an open chain), a pass may end it.
    fn may_end_turn(&self) -> bool {
        self.game().rules.pieces_up_to
            && self.rounds.current.is_none()
            && self.position.tactics.chain.is_none()
            && self.position.turn_moves.iter().any(|m| m.is_board_move())
    }

    pub(crate) fn can_enter(&self, seat: usize, cell: u16) -> bool {
        let c = usize::from(cell);
        !self.locked_mask()[c] && self.game().spaces.exclusive[c] & (1 << seat) != 0
    }

    /// The shape a move places or moves, if any.
    pub(super) fn shape_of(&self, m: Move) -> Option<Shape> {
        match m {
            Move::Place { shape, .. } => Some(shape),
            Move::Step { from, .. } | Move::Promote { from, .. } => {
                self.piece_at(from).map(|p| p.1)
            }
            _ => None,
        }
    }

    /// Drops the moves of "Only captures" shapes that capture nothing;
    /// `placements_capture`: the placements listed are known to capture.
    fn keep_captures_of_only(&self, out: &mut Vec<Move>, placements_capture: bool) {
        let game = self.game();
        // Surrounding placements onto empty cells, judged for the whole
        // board at once per kind of line (see `surround_bits`).
        let mut surrounding: [Option<u128>; 2] = [None, None];
        out.retain(|m| {
            if placements_capture && matches!(m, Move::Place { .. }) {
                return true;
            }
            let Some(power) = self.shape_of(*m).and_then(|s| game.power(s)) else {
                return true;
            };
            if !power.only {
                return true;
            }
            if let (Move::Place { to, .. }, Some(layout)) = (m, &game.layouts.surround_layout)
                && self.position.board[usize::from(*to)] == 0
                && power.result != CaptureResult::Paralyze
                && let Some(set) = surrounding_directions(power.condition)
            {
                let controls = game.seats[self.position.to_move()].controls;
                let takers = surrounding[usize::from(set == DirectionSet::Orthogonal)]
                    .get_or_insert_with(|| {
                        layout.takers(
                            &self.position.board,
                            controls,
                            game.geometry.directions_in(set),
                        )
                    });
                return *takers >> to & 1 == 1;
            }
            self.captures(*m)
        });
    }

    /// "If a piece must capture and at least one opportunity to capture is
    /// visible, then no non-capture is legal."
    /// Returns whether it left only captures.
    fn keep_captures_if_must(&self, out: &mut Vec<Move>) -> bool {
        let game = self.game();
        if !game.upkeep.must_capture {
            return false;
        }
        let must = |m: &Move| {
            self.shape_of(*m)
                .and_then(|s| game.power(s))
                .is_some_and(|p| p.must)
        };
        let jumps = (self.tables_for_steps())
            .filter(|table| table.jumps_straight())
            .map(|table| (table, self.seat_bits(table, self.position.to_move())));
        let captures = |m: &Move| self.listed_captures(*m, jumps);
        if out.iter().any(|m| must(m) && captures(m)) {
            out.retain(captures);
            return true;
        }
        false
    }

    /// Whether a move just listed captures ([`State::captures`]): given
    /// straight jump tables, a listed jump over a piece it takes.
    fn listed_captures(
        &self,
        m: Move,
        jumps: Option<(&StepTable, super::step_moves::SeatBits)>,
    ) -> bool {
        if let (Move::Step { from, to } | Move::Promote { from, to, .. }, Some((table, bits))) =
            (m, jumps)
            && let Some((_, shape)) = self.piece_at(from)
            && let Some(jumps) = table.jumps(self.position.to_move(), from, shape.index())
        {
            let result = self.game().power(shape).map(|p| p.result);
            let taken = bits.jumpable(jumps.over) & bits.enemies();
            return result != Some(CaptureResult::Leave)
                && (jumps.list.iter()).any(|&[passed, landing]| {
                    u16::from(landing) == to && taken >> passed & 1 != 0
                });
        }
        self.captures(m)
    }

    /// Whether a piece of `shape` placed or moved by `seat` may cover the
    /// piece on `cell`: an opponent's piece, where one of the two can capture.
    pub(crate) fn may_cover(&self, seat: usize, shape: Shape, cell: u16) -> bool {
        let game = self.game();
        if !game.upkeep.captures {
            return false;
        }
        let Some((color, defender)) = self.piece_at(cell) else {
            return false;
        };
        // These capture only by their own kind of move (see `targets`).
        let moves_on = game.power(shape).is_some_and(|p| {
            matches!(
                p.condition,
                CaptureCondition::MoveOnDiagEnPassant | CaptureCondition::MoveOnTriagonal
            )
        });
        !moves_on
            && !game.seats[seat].controls(color)
            && self.can_enter(seat, cell)
            && self.board_open(cell)
            && super::capture::cover(game, shape, defender).is_some()
    }

    /// Whether the board holding `cell` is still undecided (decided boards are locked to all).
    pub(crate) fn board_open(&self, cell: u16) -> bool {
        let board = self.game().geometry.coord(cell).board;
        self.standings.decided.board_results[usize::from(board - 1)].is_open()
    }

    pub(crate) fn can_leave(&self, seat: usize, cell: u16) -> bool {
        self.can_enter(seat, cell) && !self.game().spaces.sticky[usize::from(cell)]
    }

    /// Appends the steps of `seat`'s pieces; says what is known of their
    /// captures where the tables know them (see
    /// [`StepTable::captures_known`]). With `compulsory`, where a capture
    /// must be made and one can, only the captures are listed.
    fn steps(&self, seat: usize, out: &mut Vec<Move>, compulsory: bool) -> Listed {
        let game = self.game();
        if game.pieces.movement.iter().all(Vec::is_empty)
            || game.pieces.seats_may_step[self.position.phase()] & 1 << seat == 0
        {
            // No shape moves once placed, or the seat may enter no stack
            // but one: nothing to look for.
            return Listed::NoCapture;
        }
        if let Some(table) = self.tables_for_steps() {
            // Where every capture is compulsory and one can be made, only
            // captures are listed (dice choose among all moves before the
            // rule applies, so not with dice). The caller's wish is asked
            // last: it changes from one listing to the next where a
            // cloaked game lists the mover's moves and then Chaos's, and
            // asked first it mispredicted where the game's answer is no.
            let compulsory = table.captures_known()
                && game.rules.dice.is_none()
                && game.upkeep.must_capture
                && game.pieces.powers.iter().flatten().all(|p| p.must)
                && compulsory;
            // A piece leaves only a cell its seat may enter (see `can_leave`):
            // pink's ring of mice in 3P-9X-HideSeek stands on Chaos's cells.
            let (captures, only_captures) = if compulsory {
                self.table_steps::<true>(table, seat, out)
            } else {
                self.table_steps::<false>(table, seat, out)
            };
            return if only_captures {
                Listed::OnlyCompulsory
            } else if captures == 0 && table.captures_known() {
                Listed::NoCapture
            } else {
                Listed::Unknown
            };
        }
        let mut targets = Targets::new();
        for from in self.cells_of(&self.game().seats[seat]) {
            self.steps_from(seat, from, &mut targets, out);
        }
        Listed::Unknown
    }

    /// The moves of the piece on `from`, if `seat` may move it; `targets`
    /// is room for the cells it reaches.
    pub(crate) fn steps_from(
        &self,
        seat: usize,
        from: u16,
        targets: &mut Targets,
        out: &mut Vec<Move>,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        let stacks = geo.kind == BoardKind::Stacks;
        let Some((color, shape)) = self.piece_at(from) else {
            return;
        };
        let kinds = &game.pieces.movement[shape.index()];
        if kinds.is_empty()
            || !game.seats[seat].controls(color)
            || self.reserve(color, shape) > 0
            || self.position.flags[usize::from(from)] & super::PARALYSED != 0
            || !self.can_leave(seat, from)
        {
            return;
        }
        let on_top = !stacks || {
            let column = &geo.columns()[geo.column_of(from)];
            column
                .iter()
                .skip_while(|&&c| c != from)
                .nth(1)
                .is_none_or(|&above| self.position.board[usize::from(above)] == 0)
        };
        if let Some(table) = self.tables_for_steps() {
            // Nothing captures but by covering or stepping diagonally
            // forward: no jumps or castles, and no capture in passing open.
            let bits = self.seat_bits(table, seat);
            let reach = self.table_reach(table, (seat, from), shape, &bits);
            self.push_reach(table, (seat, from), shape, reach, out);
            if let Some(jumps) = table.jumps(seat, from, shape.index()) {
                self.push_jumps((seat, from), shape, (jumps, &bits), false, out);
            }
            return;
        }
        targets.clear();
        for kind in kinds {
            if stacks && !kind.needs_stacks() && !on_top {
                continue;
            }
            self.targets(seat, from, shape, *kind, targets);
        }
        targets.sort_unstable();
        targets.dedup();
        let start = out.len();
        for &to in targets.iter() {
            self.push_step(seat, from, to, shape, out);
        }
        match game.power(shape).map(|p| p.condition) {
            Some(CaptureCondition::MoveOnDiagEnPassant) => {
                // A capture in passing may land where a plain step could.
                self.diagonal_captures(seat, from, shape, out);
                // Sorted and deduplicated in place: a list apart was an
                // allocation for every piece of every position.
                out[start..].sort_unstable();
                let mut kept = start;
                for i in start..out.len() {
                    if kept == start || out[i] != out[kept - 1] {
                        out[kept] = out[i];
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
            Some(c) if super::goals::is_jump(c) => self.jumps(seat, from, shape, out),
            _ => {}
        }
        if kinds.contains(&Movement::RookOrthCastle) {
            self.castles(seat, from, out);
        }
        if let Some(axis) = game.pieces.axis[shape.index()] {
            self.keep_along(axis, start, out);
        }
    }

    /// Drops the moves in `out[start..]` that leave `axis`: a move keeps
    /// every coordinate but the axis's own, on the same board.
    pub(crate) fn keep_along(&self, axis: crate::rules::Axis, start: usize, out: &mut Vec<Move>) {
        let geo = &self.game().geometry;
        let along = |from: u16, to: u16| {
            let (a, b) = (geo.coord(from), geo.coord(to));
            let same = [a.x == b.x, a.y == b.y, a.z == b.z];
            a.board == b.board && (0..3).all(|i| i == axis.index() || same[i])
        };
        let mut index = 0;
        out.retain(|m| {
            index += 1;
            index <= start
                || match *m {
                    Move::Step { from, to } | Move::Promote { from, to, .. } => along(from, to),
                    _ => true,
                }
        });
    }

    /// The cells that may hold a piece of a colour `controller` plays, in
    /// cell order: on boards of up to 64 cells only those (from the board's
    /// colour words), elsewhere every cell.
    fn cells_of(&self, controller: &super::Seat) -> CellsOf {
        let cells = self.position.board.len();
        if cells > 64 {
            return CellsOf::All(0..cells as u16);
        }
        CellsOf::Bits(self.position.board.colours_word(controller.controls))
    }
}

/// Cells to look at for pieces: every cell, or those of a bit set.
enum CellsOf {
    All(std::ops::Range<u16>),
    Bits(u64),
}

impl Iterator for CellsOf {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        match self {
            CellsOf::All(range) => range.next(),
            CellsOf::Bits(bits) => (*bits != 0).then(|| {
                let cell = bits.trailing_zeros() as u16;
                *bits &= *bits - 1;
                cell
            }),
        }
    }
}

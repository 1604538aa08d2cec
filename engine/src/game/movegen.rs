//! Legal moves of the seat to move, and why a move is not legal.

use super::steps::StepTable;
use super::{Move, State};
use crate::geometry::{DirectionSet, NO_CELL};
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Color, Movement, Shape};

/// The cells a piece reaches, gathered on the stack: listing them for
/// every piece of every position allocated a list each time.
pub(crate) type Targets = smallvec::SmallVec<[u16; 32]>;

/// How many legal moves an explanation of an illegal one gives as examples.
const EXAMPLES: usize = 3;

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
    /// Every legal move of the seat whose decision is awaited, in a stable order.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal().to_vec()
    }

    /// The legal moves, as [`State::legal_moves`] lists them, without a copy.
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
            belief.become_belief_of(self.to_move);
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
        if let Some(cell) = self.tactics.chain {
            // A chain of jumps is open: jump again with the same piece, or pass.
            return self.chain_moves(cell, out);
        }
        let seat = self.to_move;
        let phase = &self.game().phases[self.phase];
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
        let phase = &self.game().phases[self.phase];
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
            && !self.offered_this_turn
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
            && self.round.is_none()
            && self.tactics.chain.is_none()
            && self.turn_moves.iter().any(|m| m.is_board_move())
    }

    pub(crate) fn can_enter(&self, seat: usize, cell: u16) -> bool {
        let c = usize::from(cell);
        !self.locked_mask()[c] && self.game().exclusive[c] & (1 << seat) != 0
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

    /// Where every kind `seat` holds is an "Only captures" shape that
    /// surrounds (not paralysing), the cells where a placement captures,
    /// judged for the whole board at once (see `surround_bits`); None
    /// where a placement must be judged alone.
    fn surrounding_takers(&self, seat: usize, kinds: &[(Color, Shape)]) -> Option<u128> {
        let game = self.game();
        let layout = game.surround_layout.as_ref()?;
        if !game.upkeep.capture_only {
            return None;
        }
        let mut set = None;
        for &(_, shape) in kinds {
            let power = game.power(shape)?;
            if !power.only || power.result == CaptureResult::Paralyze {
                return None;
            }
            let this = surrounding_directions(power.condition)?;
            if set.is_some_and(|s| s != this) {
                return None;
            }
            set = Some(this);
        }
        let controls = game.seats[seat].controls;
        Some(layout.takers(&self.board, controls, game.geometry.directions_in(set?)))
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
            if let (Move::Place { to, .. }, Some(layout)) = (m, &game.surround_layout)
                && self.board[usize::from(*to)] == 0
                && power.result != CaptureResult::Paralyze
                && let Some(set) = surrounding_directions(power.condition)
            {
                let controls = game.seats[self.to_move].controls;
                let takers = surrounding[usize::from(set == DirectionSet::Orthogonal)]
                    .get_or_insert_with(|| {
                        layout.takers(&self.board, controls, game.geometry.directions_in(set))
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
            .map(|table| (table, self.seat_bits(table, self.to_move)));
        let captures = |m: &Move| self.listed_captures(*m, jumps);
        if out.iter().any(|m| must(m) && captures(m)) {
            out.retain(captures);
            return true;
        }
        false
    }

    /// Whether `mv` would be legal but for "a piece that can capture
    /// must". Only where nothing is cloaked: on a seat's belief, a move the
    /// true board allows would tell what the seat does not know.
    fn only_a_capture_is_legal(&self, mv: Move) -> bool {
        if self.game().rules.cloaking != crate::rules::Cloaking::None {
            return false;
        }
        let mut unrestricted = Vec::new();
        self.generate_on_board(&mut unrestricted, false);
        unrestricted.contains(&mv)
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
            && let Some((jumps, over)) = table.jumps(self.to_move, from, shape.index())
        {
            let result = self.game().power(shape).map(|p| p.result);
            let taken = bits.jumpable(over) & bits.enemies();
            return result != Some(CaptureResult::Leave)
                && (jumps.iter()).any(|&[passed, landing]| {
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
        self.board_results[usize::from(board - 1)].is_none()
    }

    pub(crate) fn can_leave(&self, seat: usize, cell: u16) -> bool {
        self.can_enter(seat, cell) && !self.game().sticky[usize::from(cell)]
    }

    /// Where a piece dropped on the column of `cell` lands: above the highest
    /// piece or locked cell. Elsewhere the cell itself, if empty.
    pub(crate) fn landing(&self, cell: u16) -> Option<u16> {
        let geo = &self.game().geometry;
        if geo.kind != BoardKind::Stacks {
            return (self.board[usize::from(cell)] == 0 && !self.is_locked(cell)).then_some(cell);
        }
        let stack = geo.column_of(cell);
        let column = &geo.columns()[stack];
        if self.knowledge.believed_walls().is_none() && self.board.height(stack).is_some() {
            let landing = kept_landing(self.game(), self.phase, &self.board, stack);
            debug_assert_eq!(landing, self.landing_walked(column), "stack {stack}");
            return landing;
        }
        self.landing_walked(column)
    }

    /// [`State::landing`] on stacks by walking down `column`.
    fn landing_walked(&self, column: &[u16]) -> Option<u16> {
        let (board, locked) = (&self.board, self.locked_mask());
        let highest = column
            .iter()
            .map(|&c| usize::from(c))
            .rposition(|c| board[c] != 0 || locked[c]);
        let index = highest.map_or(0, |h| h + 1);
        column.get(index).copied()
    }

    /// Free cells at the top of a column (stacks), for by-stack moves.
    pub(crate) fn room_at(&self, cell: u16) -> usize {
        self.room(cell)
    }

    fn room(&self, cell: u16) -> usize {
        let geo = &self.game().geometry;
        match self.landing(cell) {
            Some(landing) => {
                let column = &geo.columns()[geo.column_of(cell)];
                column.len()
                    - column
                        .iter()
                        .position(|&c| c == landing)
                        .expect("landing is in its column")
            }
            None => 0,
        }
    }

    /// Appends the placements of `seat`; returns whether every one listed
    /// is known to capture (judged for the whole board at once, see
    /// `surrounding_takers`).
    fn placements(&self, seat: usize, out: &mut Vec<Move>) -> bool {
        let game = self.game();
        let geo = &game.geometry;
        // On the stack: this runs for every position of every playout.
        let mut held = [(Color::Black, Shape::Circle); super::PIECE_KINDS];
        let mut count = 0;
        for kind in self.held_kinds(seat) {
            held[count] = kind;
            count += 1;
        }
        let kinds = &held[..count];
        if kinds.is_empty() {
            return false;
        }
        if geo.kind != BoardKind::Stacks {
            // One column per cell, in cell order: a piece lands on an empty,
            // unlocked cell it may enter (`landing` and `can_enter` unrolled).
            let locked = self.locked_mask();
            // Only a covering shape places onto a piece (see `may_cover`).
            let any_cover = game.powers.iter().flatten().any(|p| {
                matches!(
                    p.condition,
                    CaptureCondition::Cover | CaptureCondition::CoverByRank
                )
            });
            let all_open = self.board_results.iter().all(Option::is_none);
            let cells = self.board.iter().zip(locked).zip(&game.exclusive);
            let seat_bit = 1 << seat;
            if !any_cover && all_open {
                // Capture-only surrounding: only where a placement takes.
                if let Some(takers) = self.surrounding_takers(seat, kinds) {
                    let mut bits = takers;
                    while bits != 0 {
                        let to = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if self.board[to] == 0 && !locked[to] && game.exclusive[to] & seat_bit != 0
                        {
                            let to = to as u16;
                            out.extend(kinds.iter().map(|&(color, shape)| Move::Place {
                                color,
                                shape,
                                to,
                            }));
                        }
                    }
                    return true;
                }
                // The common case, kept tight: empty cells only.
                for (to, ((&piece, &locked), &allowed)) in cells.enumerate() {
                    if piece == 0 && !locked && allowed & seat_bit != 0 {
                        let to = to as u16;
                        out.extend(kinds.iter().map(|&(color, shape)| Move::Place {
                            color,
                            shape,
                            to,
                        }));
                    }
                }
                return false;
            }
            for (to, ((&piece, &locked), &allowed)) in cells.enumerate() {
                if locked || allowed & (1 << seat) == 0 || !(all_open || self.board_open(to as u16))
                {
                    continue;
                }
                let to = to as u16;
                if piece == 0 {
                    out.extend(kinds.iter().map(|&(color, shape)| Move::Place {
                        color,
                        shape,
                        to,
                    }));
                } else if any_cover {
                    // Covering an opponent's piece, where one of the two can capture.
                    out.extend(
                        kinds
                            .iter()
                            .filter(|&&(_, shape)| self.may_cover(seat, shape, to))
                            .map(|&(color, shape)| Move::Place { color, shape, to }),
                    );
                }
            }
            return false;
        }
        let seat_bit = 1 << seat;
        if self.knowledge.believed_walls().is_none() && self.board.height(0).is_some() {
            // `landing` and `can_enter` unrolled over the kept heights and
            // locked floors: this runs for every position of a stacks game.
            let (floors, locked) = (
                &game.locked_floor[self.phase],
                &game.phases[self.phase].locked,
            );
            for (stack, column) in geo.columns().iter().enumerate() {
                let height = self.board.height(stack).unwrap_or_default();
                let Some(&to) = column.get(usize::from(height.max(floors[stack]))) else {
                    continue;
                };
                debug_assert_eq!(Some(to), self.landing(column[0]));
                let t = usize::from(to);
                if locked[t] || game.exclusive[t] & seat_bit == 0 {
                    continue;
                }
                for &(color, shape) in kinds {
                    out.push(Move::Place { color, shape, to });
                }
            }
            return false;
        }
        for column in geo.columns() {
            let Some(to) = self.landing(column[0]) else {
                continue;
            };
            if !self.can_enter(seat, to) {
                continue;
            }
            for &(color, shape) in kinds {
                out.push(Move::Place { color, shape, to });
            }
        }
        false
    }

    /// Appends the steps of `seat`'s pieces; says what is known of their
    /// captures where the tables know them (see
    /// [`StepTable::captures_known`]). With `compulsory`, where a capture
    /// must be made and one can, only the captures are listed.
    fn steps(&self, seat: usize, out: &mut Vec<Move>, compulsory: bool) -> Listed {
        let game = self.game();
        if game.movement.iter().all(Vec::is_empty)
            || game.seats_may_step[self.phase] & 1 << seat == 0
        {
            // No shape moves once placed, or the seat may enter no stack
            // but one: nothing to look for.
            return Listed::NoCapture;
        }
        if let Some(table) = self.tables_for_steps() {
            // Where every capture is compulsory and one can be made, only
            // captures are listed (dice choose among all moves before the
            // rule applies, so not with dice).
            let compulsory = compulsory
                && table.captures_known()
                && game.rules.dice.is_none()
                && game.upkeep.must_capture
                && game.powers.iter().flatten().all(|p| p.must);
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
        let kinds = &game.movement[shape.index()];
        if kinds.is_empty()
            || !game.seats[seat].controls(color)
            || self.reserve(color, shape) > 0
            || self.flags[usize::from(from)] & super::PARALYSED != 0
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
                .is_none_or(|&above| self.board[usize::from(above)] == 0)
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
        if let Some(axis) = game.axis[shape.index()] {
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
        let cells = self.board.len();
        if cells > 64 {
            return CellsOf::All(0..cells as u16);
        }
        CellsOf::Bits(self.board.colours_word(controller.controls))
    }

    /// Cells a piece at `from` may reach by one movement kind.
    fn targets(&self, seat: usize, from: u16, shape: Shape, kind: Movement, out: &mut Targets) {
        let game = self.game();
        let geo = &game.geometry;
        let stacks = geo.kind == BoardKind::Stacks;
        let triagonal = game
            .power(shape)
            .is_some_and(|p| p.condition == CaptureCondition::MoveOnTriagonal);
        // Where a step or slide coming to `cell` (along `dir`, if straight) lands.
        let land = |cell: u16, dir: Option<usize>| -> Option<u16> {
            if !stacks && self.board[usize::from(cell)] != 0 {
                // "Move on triagonal" captures along a 3-D diagonal only.
                let on_triagonal = triagonal
                    && dir.is_some_and(|d| geo.is_triagonal(d))
                    && self.capturable(seat, shape, cell)
                    && self.can_enter(seat, cell)
                    && self.board_open(cell);
                return (on_triagonal || self.may_cover(seat, shape, cell)).then_some(cell);
            }
            let to = self.landing(cell)?;
            (self.can_enter(seat, to) && self.board_open(to)).then_some(to)
        };
        let one_step = |set: DirectionSet, out: &mut Targets| {
            for &d in geo.directions_in(set) {
                let n = geo.neighbour(from, d);
                if n != NO_CELL
                    && let Some(to) = land(n, Some(d))
                {
                    out.push(to);
                }
            }
        };
        // Slides stop at the first piece, and pass over locked cells
        // unless walls stop slides.
        let walls_stop = game.rules.walls_stop_slides;
        let slide = |set: DirectionSet, out: &mut Targets| {
            for &d in geo.directions_in(set) {
                let mut cell = geo.neighbour(from, d);
                while cell != NO_CELL {
                    if walls_stop && self.is_locked(cell) {
                        break;
                    }
                    if let Some(to) = land(cell, Some(d)) {
                        out.push(to);
                    }
                    if !stacks && self.board[usize::from(cell)] != 0 {
                        break;
                    }
                    cell = geo.neighbour(cell, d);
                }
            }
        };
        // A move by stack of `carried` pieces: onto the stacks of its rows
        // it may land on, with room for them all.
        let by_stack = |carried: usize, out: &mut Targets| match &game.stack_rows {
            Some(rows) => {
                let stack = geo.column_of(from);
                for &reached in rows.reached(self.phase, seat, stack) {
                    let bottom = geo.columns()[usize::from(reached)][0];
                    if let Some(to) = land(bottom, None)
                        && self.room(to) >= carried
                    {
                        out.push(to);
                    }
                }
            }
            None => {
                let mut reach = Targets::new();
                slide(DirectionSet::Orthogonal, &mut reach);
                out.extend(reach.into_iter().filter(|&to| self.room(to) >= carried));
            }
        };
        let knight = |ones: Option<usize>, out: &mut Targets| {
            out.extend(geo.knight_targets(from, ones).filter_map(|c| land(c, None)));
        };
        match kind {
            Movement::Adjacent => one_step(DirectionSet::Any, out),
            Movement::AdjOrthogonal => one_step(DirectionSet::Orthogonal, out),
            Movement::AdjDiagonal => one_step(DirectionSet::Diagonal, out),
            Movement::Orthogonal => slide(DirectionSet::Orthogonal, out),
            Movement::Diagonal => slide(DirectionSet::Diagonal, out),
            Movement::Linear => slide(DirectionSet::Any, out),
            Movement::Knight => knight(None, out),
            Movement::KnightBlocked => {
                // The leg is the square next to `from` along the leap's
                // long side: a piece there blocks the leap.
                let k = geo.coord(from);
                for to in geo.knight_targets(from, None) {
                    let t = geo.coord(to);
                    let (dx, dy) = (
                        i16::from(t.x) - i16::from(k.x),
                        i16::from(t.y) - i16::from(k.y),
                    );
                    let (lx, ly) = if dx.abs() == 2 {
                        (i16::from(k.x) + dx.signum(), i16::from(k.y))
                    } else {
                        (i16::from(k.x), i16::from(k.y) + dy.signum())
                    };
                    let leg = geo.cell(k.board, lx as u8, ly as u8, k.z);
                    if leg.is_some_and(|leg| self.board[usize::from(leg)] == 0)
                        && let Some(to) = land(to, None)
                    {
                        out.push(to);
                    }
                }
            }
            Movement::Knight2x1x0 => knight(Some(1), out),
            Movement::Knight2x1x1 => knight(Some(2), out),
            Movement::LinearOrKnight => {
                slide(DirectionSet::Any, out);
                knight(None, out);
            }
            Movement::AdjacentOrKnight => {
                one_step(DirectionSet::Any, out);
                knight(None, out);
            }
            Movement::OrthByStack => {
                let column = &geo.columns()[geo.column_of(from)];
                let carried = column
                    .iter()
                    .skip_while(|&&c| c != from)
                    .take_while(|&&c| self.board[usize::from(c)] != 0)
                    .count();
                by_stack(carried, out);
            }
            Movement::OrthByFullStack => {
                // Only the lowest piece moves, and it takes the whole stack.
                let column = &geo.columns()[geo.column_of(from)];
                let lowest = column.iter().find(|&&c| self.board[usize::from(c)] != 0);
                if lowest != Some(&from) {
                    return;
                }
                let carried = column
                    .iter()
                    .filter(|&&c| self.board[usize::from(c)] != 0)
                    .count();
                by_stack(carried, out);
            }
            Movement::RookOrthCastle => slide(DirectionSet::Orthogonal, out),
            Movement::ForwardOrth
            | Movement::ForwardDiag
            | Movement::AdjacentNoBackSide
            | Movement::AdjacentNoBack
            | Movement::OrthNoBack
            | Movement::PawnForwardCenter
            | Movement::ForwardAdjDiag => self.forward_targets(seat, from, kind, &land, out),
        }
    }

    /// A sentence saying why `mv` is not legal now, and a few moves that are.
    pub fn explain_illegal(&self, mv: Move) -> String {
        let game = self.game();
        let geo = &game.geometry;
        let seat = self.to_move();
        let who = game.seats[seat].label();
        let legal = self.legal_moves();
        let reason = match mv {
            _ if self.draw_offered_by().is_some()
                && !matches!(mv, Move::AgreeDraw | Move::RefuseDraw) =>
            {
                "a draw has been offered: answer it with agree or refuse first".to_string()
            }
            Move::AgreeDraw | Move::RefuseDraw => "no draw has been offered".to_string(),
            Move::Roll { .. } if game.rules.dice.is_none() => "this game has no dice".to_string(),
            Move::Roll { .. } if self.awaits_roll() => format!(
                "the die has {} faces, numbered from 1",
                game.rules.dice.map_or(0, |d| d.faces)
            ),
            Move::Roll { .. } => "the die is rolled once, at the start of a turn".to_string(),
            _ if self.awaits_roll() => format!("the die is rolled first, for {who}'s turn"),
            _ if self.roll_forbids(mv) => {
                let face = self.rolled().expect("a roll forbids");
                game.die_shows(face)
            }
            Move::OfferDraw if !game.rules.draw_option => {
                "this game has no option to agree a draw".to_string()
            }
            Move::OfferDraw => {
                "a draw can be offered once per turn, before the turn's first move".to_string()
            }
            Move::Pass => "this phase has no option to pass".to_string(),
            _ if game.phases[self.phase].locked_seats & (1 << seat) != 0 => {
                format!("{who} is locked in this phase")
            }
            _ if self.has_folded(seat) => format!("{who} has folded"),
            Move::Place { color, shape, to } => {
                if !game.seats[seat].controls(color) {
                    format!("{who} cannot place {} pieces", color.name())
                } else if self.reserve(color, shape) == 0 {
                    format!("no {} {} is left in reserve", color.name(), shape.name())
                } else if geo.kind == BoardKind::Stacks && self.landing(to).is_none() {
                    // The stack as people type it: "stack 4" in Connect4.
                    let stack = game.place_words(to);
                    let column = &geo.columns()[geo.column_of(to)];
                    if column.iter().all(|&c| self.is_locked(c)) {
                        format!("{stack} is locked")
                    } else {
                        format!("{stack} is full")
                    }
                } else if self.is_locked(to) {
                    format!("{} is locked", geo.name(to))
                } else if self.piece_at(to).is_some() {
                    format!("{} is occupied", geo.name(to))
                } else if self.landing(to) != Some(to) {
                    format!(
                        "pieces dropped on that stack land at {}",
                        self.landing(to)
                            .map_or("no free space".into(), |c| geo.name(c))
                    )
                } else {
                    format!("{who} may not enter {}", geo.name(to))
                }
            }
            _ if self.tactics.chain.is_some() => format!(
                "a chain of jumps is open: jump again with the piece at {}, or pass",
                geo.name(self.tactics.chain.expect("open"))
            ),
            Move::Step { from, to }
                if legal
                    .iter()
                    .any(|m| matches!(m, Move::Promote { .. }) && m.from_to() == Some((from, to))) =>
            {
                "a piece reaching its goal must become a shape that can move backwards: add =SHAPE, like =pentagon".to_string()
            }
            Move::Promote { from, to, shape }
                if legal.iter().any(|m| m.from_to() == Some((from, to))) =>
            {
                format!("the piece cannot become a {} there", shape.name())
            }
            Move::Step { from, to } | Move::Promote { from, to, .. } => match self.piece_at(from) {
                None => format!("there is no piece at {}", geo.name(from)),
                Some(_) if self.flags[usize::from(from)] & super::PARALYSED != 0 => {
                    format!("the piece at {} is paralysed", geo.name(from))
                }
                Some((color, _)) if !game.seats[seat].controls(color) => {
                    format!("{who} cannot move {} pieces", color.name())
                }
                Some(_) if game.phases[self.phase].placement_only => {
                    "this phase is placement only".to_string()
                }
                Some((color, shape)) if game.movement[shape.index()].is_empty() => {
                    format!("{} {}s do not move once placed", color.name(), shape.name())
                }
                Some((color, shape)) if self.reserve(color, shape) > 0 => format!(
                    "a placed piece cannot move while an identical one ({} {}) is in reserve",
                    color.name(),
                    shape.name()
                ),
                Some(_) if self.piece_at(to).is_some() => format!("{} is occupied", geo.name(to)),
                Some(_) if self.only_a_capture_is_legal(mv) => {
                    "a capture is compulsory: a piece that can capture must, so only captures are legal now".to_string()
                }
                Some(_) => format!(
                    "the piece at {} cannot move to {}",
                    geo.name(from),
                    geo.name(to)
                ),
            },
        };
        // A few examples as typed, never the whole list: a person needs
        // one that works, not 360.
        let typed: Vec<String> = legal
            .iter()
            .filter_map(|m| crate::notation::typed(self, *m))
            .take(EXAMPLES)
            .map(|t| format!("`{t}`"))
            .collect();
        let options = match (legal.len(), typed.as_slice()) {
            (0, _) | (_, []) => String::new(),
            (1, [only]) => format!("; the only legal move now is {only}"),
            (n, examples) if n <= EXAMPLES => {
                format!("; legal now: {}", examples.join(", "))
            }
            (n, examples) => format!("; {n} moves are legal now, e.g. {}", examples.join(", ")),
        };
        format!("{} is not legal: {reason}{options}", self.move_text(mv))
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

/// Where a piece dropped into `stack` lands on `board`, a board of stacks,
/// in `phase`: above the highest piece and the highest locked place, both
/// kept (the heights by the board, the locks per phase); None on a full
/// stack.
#[inline]
pub(crate) fn kept_landing(
    game: &super::Game,
    phase: usize,
    board: &super::board::Board,
    stack: usize,
) -> Option<u16> {
    game.geometry.columns()[stack]
        .get(kept_height(game, phase, board, stack))
        .copied()
}

/// Where in `stack`'s column the next piece lands: its height, or the
/// phase's locked floor where that is higher.
pub(crate) fn kept_height(
    game: &super::Game,
    phase: usize,
    board: &super::board::Board,
    stack: usize,
) -> usize {
    let height = board.height(stack).unwrap_or(0);
    usize::from(height.max(game.locked_floor[phase][stack]))
}

/// The lines a surrounding capture closes, for the captures that surround.
fn surrounding_directions(condition: CaptureCondition) -> Option<DirectionSet> {
    match condition {
        CaptureCondition::SurroundLine => Some(DirectionSet::Any),
        CaptureCondition::SurroundOrthogonal => Some(DirectionSet::Orthogonal),
        _ => None,
    }
}

//! Captures other than cover, on flat boards: jumps and chain jumps,
//! surrounding (in any line or orthogonally), approach, adjacency, moving on
//! a diagonal (with en passant) or a triagonal; and taking captives with the
//! captor's result.
//!
//! "Opponent" pieces are those of a colour the mover's seat does not play.
//! Paralysis leaves a captive in place, flagged so it cannot move; a piece
//! already paralysed is no captive for a paralysing captor, so chains of
//! jumps always end.

use super::goals::{MOVED, is_jump};
use super::{Move, PARALYSED, State, pack};
use crate::geometry::{DirectionSet, NO_CELL};
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Color, JumpOver, Shape};

/// Per-turn state of the captures that span moves.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tactics {
    /// The piece whose chain of jumps is open: it may jump again, or the mover passes.
    pub chain: Option<u16>,
    /// Moves of this turn that were chain jumps or the pass that closed a chain.
    pub extra: u16,
    /// After a pawn's two-space step: the space it crossed, and where it stands.
    pub passed: Option<(u16, u16)>,
    /// The pieces the last move surrounded, approached or touched and took
    /// once it arrived, for its words.
    pub seized: u8,
    /// Where the open chain of jumps has stood this turn, its start first
    /// (kept where a chain may not return).
    pub visited: smallvec::SmallVec<[u16; 8]>,
}

/// What a jump passed over, for its words: the first piece it took (or
/// the pawn taken in passing) and how many it took, or, taking none, the
/// first piece it passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Jumped {
    pub over: Option<u16>,
    pub taken: u8,
    pub hopped: Option<u16>,
}

/// Pieces a move takes once it arrives, kept on the stack: a Reversi
/// placement is judged for every empty square, and a list allocated for
/// each was a quarter of a playout.
pub(crate) type Captives = smallvec::SmallVec<[u16; 16]>;

/// What a move takes apart from a cover contest, judged before it is made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Taking {
    /// The piece on the destination is taken by moving onto it (diagonal, triagonal).
    pub onto: bool,
    /// The (first) jumped piece taken, or the pawn taken in passing.
    pub over: Option<u16>,
    /// The further pieces a jump over a line takes.
    pub more_over: Captives,
    /// The first piece a jump passed without taking any.
    pub hopped: Option<u16>,
    /// Pieces surrounded, approached or adjacent once the piece has arrived.
    pub after: Captives,
}

impl Taking {
    pub fn any(&self) -> bool {
        self.onto || self.over.is_some() || !self.after.is_empty()
    }

    /// Whether a jumping shape's move jumped (taking or not).
    fn jumped(&self) -> bool {
        self.over.is_some() || self.hopped.is_some()
    }

    /// What the jump passed over, for its words.
    pub(crate) fn jump_words(&self) -> Jumped {
        let taken = usize::from(self.over.is_some()) + self.more_over.len();
        Jumped {
            over: self.over,
            taken: u8::try_from(taken).unwrap_or(u8::MAX),
            hopped: self.hopped,
        }
    }
}

impl State {
    fn condition(&self, shape: Shape) -> Option<CaptureCondition> {
        self.game().power(shape).map(|p| p.condition)
    }

    /// Whether the piece on `cell` is one `seat`'s piece of shape `captor` may capture.
    pub(crate) fn capturable(&self, seat: usize, captor: Shape, cell: u16) -> bool {
        let game = self.game();
        let Some((color, _)) = self.piece_at(cell) else {
            return false;
        };
        let paralysed = self.position.flags[usize::from(cell)] & PARALYSED != 0;
        let paralyses = game.power(captor).map(|p| p.result) == Some(CaptureResult::Paralyze);
        let again = paralysed && paralyses;
        !game.seats[seat].controls(color) && !again
    }

    /// The direction of the shortest straight walk from `from` to `to` (by
    /// neighbours, so it wraps where the board does), and its number of steps.
    pub(crate) fn line_between(&self, from: u16, to: u16) -> Option<(usize, usize)> {
        self.game().geometry.line_between(from, to)
    }

    /// What `mv` by `seat` takes besides a cover contest (flat boards).
    pub(crate) fn taking(&self, seat: usize, mv: Move) -> Taking {
        let mut taking = Taking::default();
        let game = self.game();
        if game.geometry.kind == BoardKind::Stacks {
            return taking;
        }
        let (piece, from, to) = match mv {
            Move::Place { color, shape, to } => ((color, shape), None, to),
            Move::Step { from, to } | Move::Promote { from, to, .. } => match self.piece_at(from) {
                Some(p) => (p, Some(from), to),
                None => return taking,
            },
            _ => return taking,
        };
        let Some(condition) = self.condition(piece.1) else {
            return taking;
        };
        if matches!(
            condition,
            CaptureCondition::Cover | CaptureCondition::CoverByRank
        ) {
            // A cover is the contest on the space arrived on, nothing
            // taken besides it (Chaos's capture check asks this of every
            // move after every turn of a hide-and-seek game).
            return taking;
        }
        if let Some(from) = from {
            if self.is_castle_for(seat, from, to) {
                return taking;
            }
            match condition {
                CaptureCondition::MoveOnDiagEnPassant | CaptureCondition::MoveOnTriagonal => {
                    if self.capturable(seat, piece.1, to) {
                        taking.onto = true;
                    } else if condition == CaptureCondition::MoveOnDiagEnPassant
                        && let Some((crossed, pawn)) = self.position.tactics.passed
                        && crossed == to
                        && self.capturable(seat, piece.1, pawn)
                    {
                        taking.over = Some(pawn);
                    }
                }
                c if is_jump(c) => {
                    if let Some(passed) = self.jumped_cells(seat, piece.1, from, to) {
                        let mut taken = passed
                            .iter()
                            .copied()
                            .filter(|&c| self.takes_jumped(seat, piece.1, c));
                        taking.over = taken.next();
                        taking.more_over = taken.collect();
                        if taking.over.is_none() {
                            taking.hopped = passed.first().copied();
                        }
                    }
                }
                _ => {}
            }
        }
        if !self.takes_on_arrival(piece.1) {
            return taking;
        }
        let occupant = |c: u16| -> Option<Color> {
            if c == to {
                Some(piece.0)
            } else if Some(c) == from || Some(c) == taking.over || taking.more_over.contains(&c) {
                None
            } else {
                self.piece_at(c).map(|p| p.0)
            }
        };
        taking.after = self.arrival_captives(seat, piece.1, from, to, &occupant);
        taking
    }

    /// Pieces a piece of shape `shape` captures by arriving on `to` (from
    /// `from`, or from reserves): surrounded lines, the approached line, or
    /// its neighbours. `occupant` gives each cell's colour as it will be.
    /// Whether a piece of `shape` takes pieces around where it arrives (see
    /// [`State::arrival_captives`]): only then is the board copied to be
    /// read while they are taken (a copy a step, most of a step's
    /// allocations, for pieces that take only what they cover).
    pub(crate) fn takes_on_arrival(&self, shape: Shape) -> bool {
        matches!(
            self.condition(shape),
            Some(
                CaptureCondition::SurroundLine
                    | CaptureCondition::SurroundOrthogonal
                    | CaptureCondition::Approach
                    | CaptureCondition::Adjacent
            )
        )
    }

    fn arrival_captives(
        &self,
        seat: usize,
        shape: Shape,
        from: Option<u16>,
        to: u16,
        occupant: &dyn Fn(u16) -> Option<Color>,
    ) -> Captives {
        let game = self.game();
        let geo = &game.geometry;
        let controller = &game.seats[seat];
        let mut out = Captives::new();
        let opponent = |c: u16| occupant(c).is_some_and(|color| !controller.controls(color));
        match self.condition(shape) {
            Some(CaptureCondition::SurroundLine | CaptureCondition::SurroundOrthogonal) => {
                let set = if self.condition(shape) == Some(CaptureCondition::SurroundLine) {
                    DirectionSet::Any
                } else {
                    DirectionSet::Orthogonal
                };
                for &d in geo.directions_in(set) {
                    // The line goes straight into `out`, and back out
                    // where nothing of the mover's closes it.
                    let line_start = out.len();
                    let mut c = geo.neighbour(to, d);
                    while c != NO_CELL && opponent(c) {
                        out.push(c);
                        c = geo.neighbour(c, d);
                    }
                    let closed =
                        c != NO_CELL && occupant(c).is_some_and(|k| controller.controls(k));
                    if !closed {
                        out.truncate(line_start);
                    }
                }
            }
            Some(CaptureCondition::Approach) => {
                if let Some((d, _)) = from.and_then(|f| self.line_between(f, to)) {
                    let mut c = geo.neighbour(to, d);
                    while c != NO_CELL && opponent(c) {
                        out.push(c);
                        c = geo.neighbour(c, d);
                    }
                }
            }
            Some(CaptureCondition::Adjacent) => {
                for &d in geo.directions_in(DirectionSet::Any) {
                    let c = geo.neighbour(to, d);
                    if c != NO_CELL && opponent(c) {
                        out.push(c);
                    }
                }
            }
            _ => {}
        }
        out.retain(|c| self.capturable(seat, shape, *c));
        out
    }

    /// Takes the piece on `cell` as `captor`'s captive, with its result.
    pub(crate) fn seize(&mut self, cell: u16, captor: (Color, Shape)) {
        let c = usize::from(cell);
        let Some(captive) = self.piece_at(cell) else {
            return;
        };
        self.position.changed.push(cell);
        match self.game().power(captor.1).map(|p| p.result) {
            Some(CaptureResult::Convert) => self.position.board.set(c, pack(captor.0, captive.1)),
            Some(CaptureResult::Paralyze) => self.position.flags.add(c, PARALYSED),
            _ => self.seize_off(cell, captor),
        }
    }

    /// Takes the piece on `cell` off the board (reincarnating it if that is
    /// the captor's result): where the captor itself needs the space, paralysis
    /// and conversion come to this too.
    fn seize_off(&mut self, cell: u16, captor: (Color, Shape)) {
        let c = usize::from(cell);
        if let Some(captive) = self.piece_at(cell) {
            self.take_captive(captive, captor);
        }
        self.position.board.set(c, 0);
        self.position.flags.set(c, 0);
        self.position.changed.push(cell);
    }

    /// A placement's captures: surrounding and adjacency (flat boards).
    pub(crate) fn after_place(&mut self, seat: usize, piece: (Color, Shape), to: u16) {
        self.position.tactics.passed = None;
        self.position.tactics.seized = 0;
        if self.game().geometry.kind == BoardKind::Stacks
            || !self.takes_on_arrival(piece.1)
            || self.piece_at(to) != Some(piece)
        {
            return;
        }
        // The captives are listed before any is taken: the board is read
        // as it stands, not copied.
        let captives = {
            let board = &self.position.board;
            let occupant = |c: u16| super::unpack(board[usize::from(c)]).map(|p| p.0);
            self.arrival_captives(seat, piece.1, None, to, &occupant)
        };
        for c in captives {
            self.seize(c, piece);
            self.position.tactics.seized = self.position.tactics.seized.saturating_add(1);
        }
    }

    /// Whether a placement of `piece` on `to` by `seat` surrounds something
    /// it may take (a line of opponents closed by the mover's own piece):
    /// [`State::arrival_captives`] is not empty, answered without listing
    /// them (capture-only placements, as Reversi's, ask it of every empty
    /// square each turn).
    pub(crate) fn surrounds_any(&self, seat: usize, piece: (Color, Shape), to: u16) -> bool {
        let set = match self.condition(piece.1) {
            Some(CaptureCondition::SurroundLine) => DirectionSet::Any,
            Some(CaptureCondition::SurroundOrthogonal) => DirectionSet::Orthogonal,
            _ => unreachable!("asked only of surrounding captors"),
        };
        let game = self.game();
        let geo = &game.geometry;
        let controller = &game.seats[seat];
        // The placed piece is the mover's, wherever a line comes back to it.
        let own = |c: u16| {
            c == to
                || self
                    .piece_at(c)
                    .is_some_and(|(k, _)| controller.controls(k))
        };
        let opponent = |c: u16| {
            c != to
                && self
                    .piece_at(c)
                    .is_some_and(|(k, _)| !controller.controls(k))
        };
        geo.directions_in(set).iter().any(|&d| {
            let mut takes = false;
            let mut c = geo.neighbour(to, d);
            while c != NO_CELL && opponent(c) {
                takes |= self.capturable(seat, piece.1, c);
                c = geo.neighbour(c, d);
            }
            takes && c != NO_CELL && own(c)
        })
    }

    /// A movement: castling, or the piece (on stacks with what it carries)
    /// moving with its captures, promotion, and chain of jumps. Returns what
    /// it jumped or took in passing, for its words.
    pub(crate) fn play_step(&mut self, mv: Move) -> Jumped {
        let seat = self.position.to_move();
        let (from, to, promote) = match mv {
            Move::Step { from, to } => (from, to, None),
            Move::Promote { from, to, shape } => (from, to, Some(shape)),
            _ => unreachable!("only movements are played as steps"),
        };
        let piece = self.piece_at(from).expect("a step moves a piece");
        self.position.tactics.seized = 0;
        let continuing = self.position.tactics.chain.take().is_some();
        if continuing {
            self.position.tactics.extra += 1;
        }
        // What the rules say of the piece, read before the board changes
        // (the game is not cloned to be read meanwhile: an atomic count,
        // up and down, took a third of a step's time).
        let game = self.game();
        let (stacks, by_stack) = (
            game.geometry.kind == BoardKind::Stacks,
            game.moves_by_stack(piece.1),
        );
        let has_power = game.power(piece.1).is_some();
        let pawn = game.goals.en_passant
            && game.pieces.movement[piece.1.index()]
                .contains(&crate::rules::Movement::PawnForwardCenter);
        if stacks {
            self.move_stack_part(from, to);
            self.position.flags.add(usize::from(to), MOVED);
            if let Some(shape) = promote {
                self.position
                    .board
                    .set(usize::from(to), pack(piece.0, shape));
            }
            self.resolve_stack_by(to, by_stack);
            self.position.tactics.passed = None;
            return Jumped::default();
        }
        if self.is_castle(from, to) {
            self.castle(from, to);
            return Jumped::default();
        }
        let taking = self.taking(seat, mv);
        if taking.onto {
            self.seize_off(to, piece);
        }
        let flags = self.position.flags[usize::from(from)] | MOVED;
        self.position.board.set(usize::from(from), 0);
        self.position.flags.set(usize::from(from), 0);
        self.position.changed.push(from);
        self.arrive(piece, flags, to);
        for over in taking
            .over
            .into_iter()
            .chain(taking.more_over.iter().copied())
        {
            self.seize(over, piece);
        }
        let arrived = self.piece_at(to) == Some(piece);
        if arrived && has_power && self.takes_on_arrival(piece.1) {
            let captives = {
                let board = &self.position.board;
                let occupant = |c: u16| super::unpack(board[usize::from(c)]).map(|p| p.0);
                self.arrival_captives(seat, piece.1, Some(from), to, &occupant)
            };
            for c in captives {
                self.seize(c, piece);
                self.position.tactics.seized = self.position.tactics.seized.saturating_add(1);
            }
        }
        if arrived && let Some(shape) = promote {
            self.position
                .board
                .set(usize::from(to), pack(piece.0, shape));
        }
        let double = pawn && self.double_step_of(seat, from, to);
        self.position.tactics.passed = double.then(|| {
            let (dir, _) = self.line_between(from, to).expect("a straight step");
            (self.game().geometry.neighbour(from, dir), to)
        });
        // A capturing jump opens a chain when the piece can jump again.
        let chains = matches!(
            self.condition(piece.1),
            Some(CaptureCondition::ChainJump | CaptureCondition::ChainJumpBack)
        );
        if chains && taking.jumped() && arrived && promote.is_none() {
            self.open_chain(seat, (from, to), piece.1, continuing);
        }
        taking.jump_words()
    }

    /// Castles: the piece on `from` and its partner on `to` each land
    /// where castling puts them.
    fn castle(&mut self, from: u16, to: u16) {
        let (partner_to, rook_to) = self.castle_landing(from, to);
        for (src, dst) in [(to, partner_to), (from, rook_to)] {
            self.position
                .board
                .set(usize::from(dst), self.position.board[usize::from(src)]);
            let moved = self.position.flags[usize::from(src)] | MOVED;
            self.position.flags.set(usize::from(dst), moved);
            self.position.board.set(usize::from(src), 0);
            self.position.flags.set(usize::from(src), 0);
            self.position.changed.extend([src, dst]);
        }
        self.position.tactics.passed = None;
    }

    /// After a jump of `seat`'s piece of `shape` from `from` to `to` (a
    /// link of a chain already open when `continuing`): the chain stays
    /// open where the piece can jump again.
    fn open_chain(&mut self, seat: usize, (from, to): (u16, u16), shape: Shape, continuing: bool) {
        // Where the chain has stood, for a chain that may not return.
        if !continuing {
            self.position.tactics.visited.clear();
            self.position.tactics.visited.push(from);
        }
        self.position.tactics.visited.push(to);
        self.position.tactics.chain = Some(to);
        if !self.has_jump(seat, to, shape) {
            self.position.tactics.chain = None;
        }
    }

    /// Whether the piece on `from` has a jump (see [`State::jumps`]): from
    /// the tables where they know, without listing one; else on the
    /// scratch list.
    fn has_jump(&mut self, seat: usize, from: u16, shape: Shape) -> bool {
        if let Some(table) = self.tables_for_steps()
            && let Some(jumps) = table.jumps(seat, from, shape.index())
        {
            return jumps.any_allowed(&self.seat_bits(table, seat));
        }
        let mut again = std::mem::take(&mut self.scratch_mut().moves);
        again.clear();
        self.jumps(seat, from, shape, &mut again);
        let any = !again.is_empty();
        self.scratch_mut().moves = again;
        any
    }

    /// Whether `seat`'s piece of `shape` may pass over the piece on `cell`
    /// in a jump: an opponent's it may capture, its own, or either, as the
    /// shape's jumps say.
    fn may_jump(&self, seat: usize, shape: Shape, cell: u16) -> bool {
        let Some((color, _)) = self.piece_at(cell) else {
            return false;
        };
        let own = self.game().seats[seat].controls(color);
        match self.game().power(shape).map(|p| p.jump_over) {
            Some(JumpOver::Own) => own,
            Some(JumpOver::Any) => true,
            _ => !own && self.capturable(seat, shape, cell),
        }
    }

    /// Whether a jump by `seat`'s `shape` takes the piece it passed on
    /// `cell`: an opponent's it may capture, unless its jumps leave them.
    fn takes_jumped(&self, seat: usize, shape: Shape, cell: u16) -> bool {
        let leaves = self.game().power(shape).map(|p| p.result) == Some(CaptureResult::Leave);
        !leaves && self.capturable(seat, shape, cell)
    }

    /// The pieces `from`-`to` jumps over, if it is a jump of `seat`'s
    /// `shape`: in a straight line, over one piece it may jump (or a solid
    /// line of them, where its jumps go over lines) to the space beyond.
    fn jumped_cells(&self, seat: usize, shape: Shape, from: u16, to: u16) -> Option<Captives> {
        let (dir, steps) = self.line_between(from, to)?;
        let line = self.game().power(shape).is_some_and(|p| p.jump_line);
        if steps < 2 || (steps > 2 && !line) {
            return None;
        }
        let geo = &self.game().geometry;
        let mut passed = Captives::new();
        let mut c = geo.neighbour(from, dir);
        while c != to {
            if c == NO_CELL || !self.may_jump(seat, shape, c) {
                return None;
            }
            passed.push(c);
            c = geo.neighbour(c, dir);
        }
        Some(passed)
    }

    /// Whether `from`-`to` was a pawn's two-space step straight forward.
    fn double_step_of(&self, seat: usize, from: u16, to: u16) -> bool {
        let game = self.game();
        let Some(forward) = game.goals.seats[seat].forward else {
            return false;
        };
        matches!(self.line_between(from, to), Some((d, 2)) if game.geometry.direction(d) == forward)
    }

    /// A pass: it closes an open chain of jumps. Returns whether the turn
    /// goes on (a chain closed before the turn's own moves are all made).
    pub(crate) fn pass_keeps_turn(&mut self) -> bool {
        self.position.tactics.passed = None;
        if self.position.tactics.chain.take().is_none() {
            return false;
        }
        self.position.tactics.extra += 1;
        let regular = self.position.turn_moves.len() - usize::from(self.position.tactics.extra);
        regular < usize::from(self.game().rules.pieces_per_turn)
    }

    /// The jumps of the piece on `from`: over an adjacent capturable piece,
    /// in a straight line, to the empty space beyond.
    pub(crate) fn jumps(&self, seat: usize, from: u16, shape: Shape, out: &mut Vec<Move>) {
        if let Some(table) = self.tables_for_steps()
            && let Some(jumps) = table.jumps(seat, from, shape.index())
        {
            let bits = self.seat_bits(table, seat);
            self.push_jumps((seat, from), shape, (jumps, &bits), false, out);
            return;
        }
        let game = self.game();
        let geo = &game.geometry;
        let Some(condition) = self.condition(shape).filter(|c| is_jump(*c)) else {
            return;
        };
        let back = condition == CaptureCondition::ChainJumpBack;
        let power = game.power(shape);
        let line = power.is_some_and(|p| p.jump_line);
        // A chain that may not return skips where it has stood this turn.
        let barred: &[u16] = match power {
            Some(p) if p.chain_no_return && self.position.tactics.chain == Some(from) => {
                &self.position.tactics.visited
            }
            _ => &[],
        };
        for &d in game.goals.jump_dirs(seat, shape, back) {
            let mut beyond = geo.neighbour(from, d);
            let mut passed = 0;
            while beyond != NO_CELL
                && beyond != from
                && (passed == 0 || line)
                && self.may_jump(seat, shape, beyond)
            {
                passed += 1;
                beyond = geo.neighbour(beyond, d);
            }
            if passed == 0
                || beyond == NO_CELL
                || beyond == from
                || self.position.board[usize::from(beyond)] != 0
                || !self.can_enter(seat, beyond)
                || !self.board_open(beyond)
                || barred.contains(&beyond)
            {
                continue;
            }
            self.push_step(seat, from, beyond, shape, out);
        }
    }

    /// Captures by moving one space diagonally forward onto a capturable
    /// piece, or onto the space a pawn just crossed (en passant).
    pub(crate) fn diagonal_captures(
        &self,
        seat: usize,
        from: u16,
        shape: Shape,
        out: &mut Vec<Move>,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        for &d in geo.directions_in(DirectionSet::Diagonal) {
            if !game.diagonal_forward(seat, d) {
                continue;
            }
            let to = geo.neighbour(from, d);
            if to == NO_CELL || !self.can_enter(seat, to) || !self.board_open(to) {
                continue;
            }
            let in_passing = self.position.board[usize::from(to)] == 0
                && self.position.tactics.passed.is_some_and(|(crossed, pawn)| {
                    crossed == to && self.capturable(seat, shape, pawn)
                });
            if self.capturable(seat, shape, to) || in_passing {
                self.push_step(seat, from, to, shape, out);
            }
        }
    }

    /// The legal moves while a chain of jumps is open: that piece's jumps, or pass.
    pub(crate) fn chain_moves(&self, cell: u16, out: &mut Vec<Move>) {
        let before = out.len();
        let mut must = false;
        if let Some((_, shape)) = self.piece_at(cell) {
            self.jumps(self.position.to_move(), cell, shape, out);
            if let Some(axis) = self.game().pieces.axis[shape.index()] {
                self.keep_along(axis, before, out);
            }
            must = self.game().power(shape).is_some_and(|p| p.chain_must);
        }
        // A chain that must go on may still end where no jump is left.
        if !must || out.len() == before {
            out.push(Move::Pass);
        }
    }
}

mod rounds;
#[cfg(test)]
mod tests;

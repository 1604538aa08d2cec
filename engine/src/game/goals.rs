//! Goals and the movement kinds that depend on them: forward-only kinds,
//! the pawn's step, promotion on reaching the goal, castling, and the
//! directions each shape may jump in.
//!
//! Goals: Player 1's is y = max (x = 1 when the board is one row high); in
//! 2-player games Player 2's is the opposite edge; with more players the goals
//! go round counter-clockwise (P2 x = 1, P3 y = 1, P4 x = max from the top).
//! "Forward" is toward the seat's own goal. Chaos has no goal, so its
//! forward-only pieces never move.

use super::{Game, Move, State};
use crate::geometry::{DirectionSet, Geometry, NO_CELL};
use crate::rules::{BoardKind, CaptureCondition, Movement, RuleSet, Shape, TurnCheck};

/// Per-cell flag: the piece there has moved since it was placed (castling).
pub(crate) const MOVED: u8 = 0x80;

/// The forward-only kinds, in the order of [`SeatGoal::dirs`].
const FORWARD_KINDS: [Movement; 7] = [
    Movement::ForwardOrth,
    Movement::ForwardDiag,
    Movement::AdjacentNoBackSide,
    Movement::AdjacentNoBack,
    Movement::OrthNoBack,
    Movement::PawnForwardCenter,
    Movement::ForwardAdjDiag,
];

impl Game {
    /// Whether a seat's goal means anything in this game: some shape moves
    /// toward it (forward-only kinds, which promote there), or reaching it
    /// is a turn check. Pictures mark goals only then.
    pub fn goals_matter(&self) -> bool {
        let forward =
            |s: &crate::rules::ShapeRules| s.movement.iter().any(|m| FORWARD_KINDS.contains(m));
        self.rules.shapes.iter().any(forward)
            || (self.rules.turn_checks.iter()).any(|c| matches!(c, TurnCheck::ReachGoal { .. }))
    }
}

/// One seat's goal, compiled.
#[derive(Clone, Debug, Default)]
pub(crate) struct SeatGoal {
    /// Unit vector toward the goal; None for Chaos.
    pub forward: Option<[i8; 3]>,
    /// The goal edge: an axis (0 = x, 1 = y) and its value there.
    pub edge: Option<(usize, u8)>,
    /// Directions per forward-only kind (see `FORWARD_KINDS`).
    dirs: [Vec<usize>; 7],
    /// Per shape: directions it may jump in, and with backward jumps allowed.
    jump: [Vec<usize>; 6],
    jump_back: [Vec<usize>; 6],
}

/// Goal-dependent tables of a rule set, worked out once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Goals {
    pub seats: Vec<SeatGoal>,
    /// Shapes that cannot move backwards: every kind they move by is forward-only.
    pub forward_only: [bool; 6],
    /// Shapes in play that can move backwards: what a piece reaching its goal may become.
    pub promotions: Vec<Shape>,
    /// "En passant" is among the turn checks: pawns may step two from where
    /// they started, and "move on diag + en passe" captors may take them in passing.
    pub en_passant: bool,
    /// "Castle" is among the turn checks.
    pub castle: bool,
    /// A turn that steps a forward-only piece can never repeat, nor can any
    /// turn before it come back (see [`forward_steps_last`]).
    pub forward_steps_last: bool,
}

/// Whether a step of a forward-only piece leaves behind every position
/// before it. Order positions by the pieces on the board and in reserve
/// together (fewer is later), then by those in reserve (fewer is later),
/// then by how far the forward-only pieces stand from their seats' start
/// (further is later). Every turn keeps or advances that order where a
/// capture only removes, paralyses or leaves pieces, nothing is left as a
/// trail, no piece changes shape, edges do not join, no stacks, and each
/// colour is one seat's (so its forward is one way); a forward step
/// advances it. So no position before the step comes back after it.
fn forward_steps_last(
    rules: &RuleSet,
    geo: &Geometry,
    seats: &[super::Seat],
    promotions: &[Shape],
) -> bool {
    use crate::rules::CaptureResult;
    let results_keep = rules.shapes.iter().all(|s| {
        s.trail.is_none()
            && s.result.is_none_or(|r| {
                matches!(
                    r,
                    CaptureResult::Remove | CaptureResult::Paralyze | CaptureResult::Leave
                )
            })
    });
    let shared = seats
        .iter()
        .enumerate()
        .any(|(i, a)| (seats[i + 1..].iter()).any(|b| a.controls & b.controls != 0));
    results_keep
        && promotions.is_empty()
        && !shared
        && !matches!(geo.kind, BoardKind::SquaresOnToroid | BoardKind::Stacks)
}

fn dot(a: [i8; 3], b: [i8; 3]) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Directions a movement kind steps or slides along, before any forward filter.
pub(crate) fn base_set(kind: Movement) -> Option<DirectionSet> {
    use Movement::*;
    match kind {
        Adjacent | Linear | LinearOrKnight | AdjacentOrKnight | AdjacentNoBackSide
        | AdjacentNoBack | PawnForwardCenter => Some(DirectionSet::Any),
        AdjOrthogonal | Orthogonal | OrthByStack | OrthByFullStack | RookOrthCastle
        | ForwardOrth | OrthNoBack => Some(DirectionSet::Orthogonal),
        AdjDiagonal | Diagonal | ForwardDiag | ForwardAdjDiag => Some(DirectionSet::Diagonal),
        Knight | Knight2x1x0 | Knight2x1x1 | KnightBlocked => None,
    }
}

impl Goals {
    pub(crate) fn compile(rules: &RuleSet, geo: &Geometry, seats: &[super::Seat]) -> Goals {
        let [nx, ny, _] = geo.dims;
        // Edges counter-clockwise from the top: (axis, value, forward vector).
        let edges: [(usize, u8, [i8; 3]); 4] = [
            (1, ny, [0, 1, 0]),
            (0, 1, [-1, 0, 0]),
            (1, 1, [0, -1, 0]),
            (0, nx, [1, 0, 0]),
        ];
        let start = if ny > 1 { 0 } else { 1 };
        let players = rules.players.player_seats();
        let mut forward_only = [false; 6];
        for s in &rules.shapes {
            forward_only[s.shape.index()] =
                !s.movement.is_empty() && s.movement.iter().all(|m| m.is_forward_only());
        }
        let promotions = rules
            .shapes
            .iter()
            .filter(|s| !s.movement.is_empty() && !forward_only[s.shape.index()])
            .map(|s| s.shape)
            .collect::<Vec<_>>();
        let forward_steps_last =
            forward_only.contains(&true) && forward_steps_last(rules, geo, seats, &promotions);
        let seats = seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                if seat.is_chaos {
                    return SeatGoal::default();
                }
                let edge = if players == 2 {
                    start + 2 * i
                } else {
                    start + i
                };
                let (axis, value, forward) = edges[edge % 4];
                let mut goal = SeatGoal {
                    forward: Some(forward),
                    edge: Some((axis, value)),
                    ..Default::default()
                };
                let pick = |set: DirectionSet, keep: &dyn Fn(i8) -> bool| -> Vec<usize> {
                    geo.directions_in(set)
                        .iter()
                        .copied()
                        .filter(|&d| keep(dot(geo.direction(d), forward)))
                        .collect()
                };
                let ahead = |v: i8| v > 0;
                let not_back = |v: i8| v >= 0;
                goal.dirs = [
                    pick(DirectionSet::Orthogonal, &ahead),
                    pick(DirectionSet::Diagonal, &ahead),
                    pick(DirectionSet::Any, &ahead),
                    pick(DirectionSet::Any, &not_back),
                    pick(DirectionSet::Orthogonal, &not_back),
                    pick(DirectionSet::Any, &ahead),
                    pick(DirectionSet::Diagonal, &ahead),
                ];
                for s in &rules.shapes {
                    let k = s.shape.index();
                    for kind in &s.movement {
                        let Some(set) = base_set(*kind) else { continue };
                        let forward_dirs = match FORWARD_KINDS.iter().position(|f| f == kind) {
                            Some(f) => goal.dirs[f].clone(),
                            None => geo.directions_in(set).to_vec(),
                        };
                        goal.jump[k].extend(forward_dirs);
                        goal.jump_back[k].extend(geo.directions_in(set).iter().copied());
                    }
                    for list in [&mut goal.jump[k], &mut goal.jump_back[k]] {
                        list.sort_unstable();
                        list.dedup();
                    }
                }
                goal
            })
            .collect();
        Goals {
            seats,
            forward_only,
            promotions,
            en_passant: rules.turn_checks.contains(&TurnCheck::EnPassant),
            castle: rules.turn_checks.contains(&TurnCheck::Castle),
            forward_steps_last,
        }
    }

    /// Directions of a forward-only kind for a seat (empty for Chaos).
    pub(crate) fn kind_dirs(&self, seat: usize, kind: Movement) -> &[usize] {
        match FORWARD_KINDS.iter().position(|f| *f == kind) {
            Some(f) => &self.seats[seat].dirs[f],
            None => &[],
        }
    }

    /// Whether a step of `dir` is "diagonally forward" for `seat`: toward its
    /// goal and sideways at once.
    pub(crate) fn diagonal_forward(&self, geo: &Geometry, seat: usize, dir: usize) -> bool {
        let d = geo.direction(dir);
        let sideways = !geo.is_orthogonal(dir);
        self.seats[seat]
            .forward
            .is_some_and(|f| dot(d, f) > 0 && sideways)
    }

    /// Directions a shape may jump in for a seat.
    pub(crate) fn jump_dirs(&self, seat: usize, shape: Shape, back: bool) -> &[usize] {
        let goal = &self.seats[seat];
        if goal.forward.is_none() {
            return &[];
        }
        if back {
            &goal.jump_back[shape.index()]
        } else {
            &goal.jump[shape.index()]
        }
    }
}

impl Game {
    /// Whether `cell` lies on `seat`'s goal line (or plane).
    pub(crate) fn on_goal(&self, seat: usize, cell: u16) -> bool {
        match self.goals.seats[seat].edge {
            Some((axis, value)) => {
                let c = self.geometry.coord(cell);
                [c.x, c.y][axis] == value
            }
            None => false,
        }
    }

    /// Whether a step of `dir` is "diagonally forward" for `seat`: toward its
    /// goal and sideways at once.
    pub(crate) fn diagonal_forward(&self, seat: usize, dir: usize) -> bool {
        self.goals.diagonal_forward(&self.geometry, seat, dir)
    }

    /// Whether the shape moves "by stack" or "by full stack".
    pub(crate) fn moves_by_stack(&self, shape: Shape) -> bool {
        self.pieces.movement[shape.index()]
            .iter()
            .any(|m| m.needs_stacks())
    }
}

impl State {
    /// Cells a forward-only kind reaches from `from`: `land` decides each cell
    /// a step or slide comes to, as for every other kind.
    pub(crate) fn forward_targets(
        &self,
        seat: usize,
        from: u16,
        kind: Movement,
        land: &dyn Fn(u16, Option<usize>) -> Option<u16>,
        out: &mut super::movegen::Targets,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        let stacks = geo.kind == BoardKind::Stacks;
        let dirs = game.goals.kind_dirs(seat, kind);
        let slides = matches!(
            kind,
            Movement::ForwardOrth | Movement::ForwardDiag | Movement::OrthNoBack
        );
        for &d in dirs {
            if kind == Movement::PawnForwardCenter && !self.toward_centre(seat, from, d) {
                continue;
            }
            let mut cell = geo.neighbour(from, d);
            while cell != NO_CELL {
                if slides && game.rules.walls_stop_slides && self.is_locked(cell) {
                    break;
                }
                if let Some(to) = land(cell, Some(d)) {
                    out.push(to);
                }
                if !slides || (!stacks && self.position.board[usize::from(cell)] != 0) {
                    break;
                }
                cell = geo.neighbour(cell, d);
            }
        }
        if kind == Movement::PawnForwardCenter
            && game.goals.en_passant
            && self.position.flags[usize::from(from)] & MOVED == 0
            && let Some(to) = self.double_step(seat, from)
            && let Some(to) = land(to, None)
        {
            out.push(to);
        }
    }

    /// A pawn's first move two spaces straight forward (with "En passant"):
    /// the space it passes must be empty and open.
    pub(crate) fn double_step(&self, seat: usize, from: u16) -> Option<u16> {
        let game = self.game();
        let geo = &game.geometry;
        if geo.kind == BoardKind::Stacks {
            return None;
        }
        let forward = game.goals.seats[seat].forward?;
        // On a toroid several seam copies share the vector; any that does
        // not stop at its seam within the two steps will do.
        (0..geo.direction_count())
            .filter(|&d| geo.direction(d) == forward)
            .find_map(|d| {
                let over = geo.neighbour(from, d);
                if over == NO_CELL
                    || self.position.board[usize::from(over)] != 0
                    || self.is_locked(over)
                {
                    return None;
                }
                let to = geo.neighbour(over, d);
                (to != NO_CELL && self.position.board[usize::from(to)] == 0).then_some(to)
            })
    }

    /// The pawn's step never leads away from the centre line: each sideways
    /// coordinate that changes moves toward the middle of the board.
    fn toward_centre(&self, seat: usize, from: u16, dir: usize) -> bool {
        let geo = &self.game().geometry;
        let d = geo.direction(dir);
        let c = geo.coord(from);
        let forward = self.game().goals.seats[seat].forward;
        [c.x, c.y, c.z].iter().enumerate().all(|(axis, &v)| {
            let lateral = forward.is_none_or(|f| f[axis] == 0);
            if !lateral || d[axis] == 0 {
                return true;
            }
            let twice_centre = i16::from(geo.dims[axis]) + 1;
            i16::from(d[axis]) * (twice_centre - 2 * i16::from(v)) > 0
        })
    }

    /// Castling (with "Castle", flat boards): a rook-move piece and a piece of
    /// the same colour in line sideways, neither moved yet, with at least two
    /// empty spaces between. Written as the rook moving onto its partner.
    pub(crate) fn castles(&self, seat: usize, from: u16, out: &mut Vec<Move>) {
        let game = self.game();
        let geo = &game.geometry;
        if !game.goals.castle
            || geo.kind == BoardKind::Stacks
            || self.position.flags[usize::from(from)] & MOVED != 0
        {
            return;
        }
        let Some((color, _)) = self.piece_at(from) else {
            return;
        };
        let forward = game.goals.seats[seat].forward.unwrap_or([0; 3]);
        for &d in geo.directions_in(DirectionSet::Orthogonal) {
            if dot(geo.direction(d), forward) != 0 {
                continue;
            }
            let mut between = Vec::new();
            let mut cell = geo.neighbour(from, d);
            while cell != NO_CELL && self.position.board[usize::from(cell)] == 0 {
                between.push(cell);
                cell = geo.neighbour(cell, d);
            }
            if cell == NO_CELL || between.len() < 2 {
                continue;
            }
            let partner = cell;
            let unmoved =
                self.position.flags[usize::from(partner)] & (MOVED | super::PARALYSED) == 0;
            if self.piece_at(partner).map(|p| p.0) != Some(color) || !unmoved {
                continue;
            }
            let (partner_to, rook_to) = self.castle_landing(from, partner);
            let open = |c: u16| {
                c != NO_CELL
                    && self.position.board[usize::from(c)] == 0
                    && self.can_enter(seat, c)
                    && self.board_open(c)
            };
            if self.can_leave(seat, partner) && open(partner_to) && open(rook_to) {
                out.push(Move::Step { from, to: partner });
            }
        }
    }

    /// Where castling puts the partner (two spaces toward the rook) and the
    /// rook (the space the partner crossed): along the shortest orthogonal
    /// walk from the partner to the rook with at least two spaces between
    /// (round a toroid's ring the other way may be shorter, but too short).
    pub(crate) fn castle_landing(&self, rook: u16, partner: u16) -> (u16, u16) {
        let geo = &self.game().geometry;
        let mut best: Option<(usize, usize)> = None;
        for &d in geo.directions_in(DirectionSet::Orthogonal) {
            let mut c = geo.neighbour(partner, d);
            let mut steps = 1;
            while c != NO_CELL && c != rook && c != partner {
                c = geo.neighbour(c, d);
                steps += 1;
            }
            if c == rook && steps >= 3 && best.is_none_or(|(_, b)| steps < b) {
                best = Some((d, steps));
            }
        }
        let (d, _) = best
            .or_else(|| self.line_between(partner, rook))
            .expect("castling runs along a line");
        let crossed = geo.neighbour(partner, d);
        (geo.neighbour(crossed, d), crossed)
    }

    /// Whether a step from `from` to `to` is castling: onto a piece of a
    /// colour the mover plays, which no other move may do on a flat board.
    pub(crate) fn is_castle(&self, from: u16, to: u16) -> bool {
        self.is_castle_for(self.position.to_move(), from, to)
    }

    /// [`State::is_castle`] for a move of `seat`.
    pub(crate) fn is_castle_for(&self, seat: usize, from: u16, to: u16) -> bool {
        let game = self.game();
        game.goals.castle
            && game.geometry.kind != BoardKind::Stacks
            && from != to
            && match (self.piece_at(from), self.piece_at(to)) {
                (Some(_), Some((color, _))) => game.seats[seat].controls(color),
                _ => false,
            }
    }

    /// The step from `from` to `to` as legal moves: a forward-only piece
    /// reaching its goal is offered once per shape it may become.
    pub(crate) fn push_step(
        &self,
        seat: usize,
        from: u16,
        to: u16,
        shape: Shape,
        out: &mut Vec<Move>,
    ) {
        let game = self.game();
        if game.goals.forward_only[shape.index()]
            && !game.goals.promotions.is_empty()
            && game.on_goal(seat, to)
            && !game.on_goal(seat, from)
        {
            out.extend(game.goals.promotions.iter().map(|&shape| Move::Promote {
                from,
                to,
                shape,
            }));
        } else {
            out.push(Move::Step { from, to });
        }
    }
}

/// Whether a condition is one of the jumps.
pub(crate) fn is_jump(condition: CaptureCondition) -> bool {
    matches!(
        condition,
        CaptureCondition::Jump | CaptureCondition::ChainJump | CaptureCondition::ChainJumpBack
    )
}

#[cfg(test)]
mod tests;

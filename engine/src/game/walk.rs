//! Where a piece may go by walking the board, one movement kind at a
//! time: the general way, where the step tables do not apply (see
//! `steps`).

use super::State;
use super::movegen::Targets;
use crate::geometry::{DirectionSet, NO_CELL};
use crate::rules::{BoardKind, CaptureCondition, Movement, Shape};

impl State {
    /// Cells a piece at `from` may reach by one movement kind.
    pub(super) fn targets(
        &self,
        seat: usize,
        from: u16,
        shape: Shape,
        kind: Movement,
        out: &mut Targets,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        let stacks = geo.kind == BoardKind::Stacks;
        let triagonal = game
            .power(shape)
            .is_some_and(|p| p.condition == CaptureCondition::MoveOnTriagonal);
        // Where a step or slide coming to `cell` (along `dir`, if straight) lands.
        let land = |cell: u16, dir: Option<usize>| -> Option<u16> {
            if !stacks && self.position.board[usize::from(cell)] != 0 {
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
        let slide =
            |set: DirectionSet, out: &mut Targets| self.slide_targets(from, set, &land, out);
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
            Movement::KnightBlocked => self.blocked_knight_targets(from, &land, out),
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
            Movement::OrthByStack | Movement::OrthByFullStack => {
                self.stack_move_targets(seat, from, kind, &land, out);
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

    /// A slide's targets along each direction of `set`: it stops at the
    /// first piece, and passes over locked cells unless walls stop slides.
    #[inline]
    fn slide_targets(
        &self,
        from: u16,
        set: DirectionSet,
        land: &impl Fn(u16, Option<usize>) -> Option<u16>,
        out: &mut Targets,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        let stacks = geo.kind == BoardKind::Stacks;
        let walls_stop = game.rules.walls_stop_slides;
        for &d in geo.directions_in(set) {
            let mut cell = geo.neighbour(from, d);
            while cell != NO_CELL {
                if walls_stop && self.is_locked(cell) {
                    break;
                }
                if let Some(to) = land(cell, Some(d)) {
                    out.push(to);
                }
                if !stacks && self.position.board[usize::from(cell)] != 0 {
                    break;
                }
                cell = geo.neighbour(cell, d);
            }
        }
    }

    /// A knight's leap that a piece on its leg blocks: the leg is the
    /// square next to `from` along the leap's long side.
    fn blocked_knight_targets(
        &self,
        from: u16,
        land: &impl Fn(u16, Option<usize>) -> Option<u16>,
        out: &mut Targets,
    ) {
        let geo = &self.game().geometry;
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
            if leg.is_some_and(|leg| self.position.board[usize::from(leg)] == 0)
                && let Some(to) = land(to, None)
            {
                out.push(to);
            }
        }
    }

    /// A move by stack from `from`: the pieces from it up (the whole stack
    /// from its lowest piece, for `OrthByFullStack`) go onto the stacks of
    /// its rows they may land on, with room for them all.
    fn stack_move_targets(
        &self,
        seat: usize,
        from: u16,
        kind: Movement,
        land: &impl Fn(u16, Option<usize>) -> Option<u16>,
        out: &mut Targets,
    ) {
        let game = self.game();
        let geo = &game.geometry;
        let board = &self.position.board;
        let column = &geo.columns()[geo.column_of(from)];
        let carried = if kind == Movement::OrthByFullStack {
            // Only the lowest piece moves, and it takes the whole stack.
            if column.iter().find(|&&c| board[usize::from(c)] != 0) != Some(&from) {
                return;
            }
            column
                .iter()
                .filter(|&&c| board[usize::from(c)] != 0)
                .count()
        } else {
            (column.iter().skip_while(|&&c| c != from))
                .take_while(|&&c| board[usize::from(c)] != 0)
                .count()
        };
        match &game.pieces.stack_rows {
            Some(rows) => {
                let stack = geo.column_of(from);
                for &reached in rows.reached(self.position.phase(), seat, stack) {
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
                self.slide_targets(from, DirectionSet::Orthogonal, land, &mut reach);
                out.extend(reach.into_iter().filter(|&to| self.room(to) >= carried));
            }
        }
    }
}

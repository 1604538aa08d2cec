//! Which of a seat's pieces may have a step or a jump, for all of them at
//! once: where every shape the seat moves only steps to neighbours along
//! directions that move every cell alike (`Geometry::uniform_step`, as on
//! a rectangle that does not wrap), a piece may move only where a
//! neighbour along one of them is free, or holds a piece to jump with a
//! free cell beyond. The listing then visits only those pieces: in
//! Draughts most of a seat's men are blocked by their own.
//!
//! The test may let through a piece with no move (the directions are the
//! union of the seat's shapes'), never the other way round.

use super::{SETS, StepTable, parts, relative};
use crate::game::capture::ShapePower;
use crate::game::goals::{Goals, is_jump};
use crate::geometry::Geometry;
use crate::rules::{CaptureCondition, Movement, Shape};

/// The most directions a test keeps (eight neighbours on squares).
const MOST: usize = 8;

/// The directions a test shifts along: per direction, how many places a
/// step moves a cell and the cells that have a neighbour that way.
#[derive(Clone, Copy, Debug, Default)]
struct Shifts {
    by: [(i8, u64); MOST],
    len: u8,
}

impl Shifts {
    /// The shifts of `dirs`, or None where one of them is not uniform or
    /// there are too many.
    fn of(geo: &Geometry, dirs: impl IntoIterator<Item = usize>) -> Option<Shifts> {
        let mut shifts = Shifts::default();
        let mut seen = 0u64;
        for dir in dirs {
            if seen >> dir & 1 != 0 {
                continue;
            }
            seen |= 1 << dir;
            let (by, from) = geo.uniform_step(dir)?;
            let slot = shifts.by.get_mut(usize::from(shifts.len))?;
            // One word: the step tables are made for boards of at most 64 cells.
            *slot = (i8::try_from(by).ok()?, from[0]);
            shifts.len += 1;
        }
        Some(shifts)
    }

    fn iter(&self) -> impl Iterator<Item = &(i8, u64)> {
        self.by[..usize::from(self.len)].iter()
    }
}

/// The cells whose neighbour `by` places on is in `cells`.
#[inline]
fn back(cells: u64, by: i8) -> u64 {
    if by >= 0 { cells >> by } else { cells << -by }
}

/// A seat's test (see the module).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoverFilter {
    steps: Shifts,
    jumps: Shifts,
    /// Whose pieces the seat's jumps pass over (`OVER_*`, of every shape).
    over: u8,
}

impl MoverFilter {
    /// The test for `seat`, whose moving shapes are `shapes` (a bit per
    /// shape), or None where a shape slides or leaps farther than a
    /// neighbour, a step's direction is not uniform, or something moves
    /// besides steps and jumps (covers, diagonal captures).
    pub(super) fn compile(
        geo: &Geometry,
        (movement, powers, goals): (&[Vec<Movement>; 6], &[Option<ShapePower>; 6], &Goals),
        table: &StepTable,
        (seat, shapes): (usize, u8),
    ) -> Option<MoverFilter> {
        if table.covers || table.takes_diagonally != 0 {
            return None;
        }
        let mut step_dirs = Vec::new();
        let mut jump_dirs = Vec::new();
        let mut over = 0;
        for shape in (0..6).filter(|s| shapes >> s & 1 != 0) {
            for &kind in &movement[shape] {
                if relative(kind) {
                    step_dirs.extend_from_slice(goals.kind_dirs(seat, kind));
                    continue;
                }
                let (leaps, slides) = parts(kind);
                if slides != 0 || leaps >> 3 != 0 {
                    return None;
                }
                for (set, &dirs) in SETS.iter().enumerate() {
                    if leaps >> set & 1 != 0 {
                        step_dirs.extend_from_slice(geo.directions_in(dirs));
                    }
                }
            }
            let jumping = powers[shape].filter(|p: &ShapePower| is_jump(p.condition));
            if let Some(power) = jumping {
                let back = power.condition == CaptureCondition::ChainJumpBack;
                jump_dirs.extend_from_slice(goals.jump_dirs(seat, Shape::ALL[shape], back));
                over |= table.jumps.as_ref()?.over[shape];
            }
        }
        Some(MoverFilter {
            steps: Shifts::of(geo, step_dirs)?,
            jumps: Shifts::of(geo, jump_dirs)?,
            over,
        })
    }

    /// Of `pieces`, those that may have a step or a jump, and those that
    /// may have a jump (see the module).
    #[inline]
    pub(crate) fn movers(
        &self,
        pieces: u64,
        free: u64,
        jumpable: impl Fn(u8) -> u64,
    ) -> (u64, u64) {
        let mut steppers = 0;
        for &(by, from) in self.steps.iter() {
            steppers |= from & back(free, by);
        }
        let mut jumpers = 0;
        if self.jumps.len > 0 {
            let jumpable = jumpable(self.over);
            for &(by, from) in self.jumps.iter() {
                jumpers |= from & back(jumpable & from & back(free, by), by);
            }
        }
        (pieces & (steppers | jumpers), pieces & jumpers)
    }
}

//! Squares on a toroid: x and y wrap around, z (if any) does not.
//!
//! A fixed neighbour table cannot both wrap a ring and end every walk along
//! it, and lines and slides are walks that stop only at [`NO_CELL`]. So each
//! flat direction comes in one copy per position of the ring: copy `j` is
//! cut at one seam per `n` cells (the step across edge `j` of the wrapping
//! axis, between positions `j` and `j + 1` counted from 0, is [`NO_CELL`]).
//! A walk along one copy therefore visits at most `n` cells, never one twice,
//! and taken over all copies:
//!
//! - a slide reaches every cell up to the first piece, or all the way round
//!   to the cell before its start (the copy cut just behind the start);
//! - a line is found, up to `n` long, in the copy whose seam lies outside it;
//! - one step wraps (all copies but one agree on it).
//!
//! `n` is the length of the axis the direction wraps along: for a diagonal
//! the longer of the two sides it crosses (ties: x), so a diagonal line also
//! holds at most that many cells, and they are distinct since the diagonal's
//! ring is a common multiple of both sides long. Directions that change z never come
//! back to a cell, so they wrap in x and y without copies. Knight jumps wrap
//! in x and y, and a jump that would land on its own start is left out.

use super::layered::{cube_directions, cube_knights};
use super::{Coord, Dir, Geometry, Layout, NO_CELL, mirrored, table};

pub(super) fn layout(geo: &Geometry) -> Layout {
    let base = cube_directions();
    let mut half = Vec::new();
    for dir in &base[..base.len() / 2] {
        if dir.vector[2] != 0 {
            half.push(*dir);
            continue;
        }
        // The wrapping axis: the longer side the direction crosses (ties: x).
        let axis = if dir.vector[0] != 0 && (dir.vector[1] == 0 || geo.dims[0] >= geo.dims[1]) {
            0
        } else {
            1
        };
        let n = geo.dims[axis];
        for j in 0..n {
            half.push(Dir {
                seam: Some((axis as u8, j)),
                ..*dir
            });
        }
    }
    let directions = mirrored(half);
    let cells = geo.cell_count();
    let step = table(cells, directions.len(), |c, d| {
        step(geo, geo.coords[c], directions[d])
    });
    let knights = cube_knights();
    let knight_step = table(cells, knights.len(), |c, k| {
        let from = geo.coords[c];
        wrapped(geo, from, knights[k].vector).filter(|&t| usize::from(t) != c)
    });
    Layout {
        directions,
        step,
        knights,
        knight_step,
    }
}

/// The cell `v` away from `c`, wrapping x and y; None off the top or bottom layer.
fn wrapped(geo: &Geometry, c: Coord, v: [i8; 3]) -> Option<u16> {
    let wrap = |p: u8, d: i8, n: u8| -> u8 {
        ((i16::from(p) - 1 + i16::from(d)).rem_euclid(i16::from(n)) + 1) as u8
    };
    let z = i16::from(c.z) + i16::from(v[2]);
    if !(1..=i16::from(geo.dims[2])).contains(&z) {
        return None;
    }
    geo.cell(
        c.board,
        wrap(c.x, v[0], geo.dims[0]),
        wrap(c.y, v[1], geo.dims[1]),
        z as u8,
    )
}

fn step(geo: &Geometry, c: Coord, dir: Dir) -> Option<u16> {
    if let Some((axis, edge)) = dir.seam {
        let axis = usize::from(axis);
        let n = geo.dims[axis];
        let p = [c.x, c.y][axis] - 1;
        // The edge crossed: after position p going up, before it going down.
        let crossed = if dir.vector[axis] > 0 {
            p
        } else {
            (p + n - 1) % n
        };
        if crossed == edge {
            return None;
        }
    }
    let from = geo.cell(c.board, c.x, c.y, c.z);
    wrapped(geo, c, dir.vector).filter(|&t| Some(t) != from && t != NO_CELL)
}

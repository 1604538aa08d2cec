//! Tetrakis squares: each square (x,y) split by its diagonals into four
//! triangles, z = 1 north, 2 east, 3 south, 4 west.
//!
//! Unit squares are centred on (x,y). In thirds of a square the centres of
//! the triangles are north (3x, 3y+1), east (3x+1, 3y), south (3x, 3y-1) and
//! west (3x-1, 3y). Corners are in halves: the centre of the square is
//! (2x, 2y), its corners (2x±1, 2y±1).
//!
//! Directions: the four strip steps first and last (north-east, south-east,
//! ..., north-west, south-west), then every move of a centre between two
//! triangles that share exactly one corner, opposites mirrored.

use std::collections::BTreeSet;

use super::{Dir, Geometry, Layout, mirrored, table};

const NORTH: u8 = 1;
const EAST: u8 = 2;
const SOUTH: u8 = 3;
const WEST: u8 = 4;

/// A triangle by square and 1-based triangle number, in signed coordinates.
type Tri = (i32, i32, u8);

/// The centre of a triangle, in thirds of a square.
fn centre((x, y, t): Tri) -> (i32, i32) {
    match t {
        NORTH => (3 * x, 3 * y + 1),
        EAST => (3 * x + 1, 3 * y),
        SOUTH => (3 * x, 3 * y - 1),
        _ => (3 * x - 1, 3 * y),
    }
}

/// The triangle whose centre is (cx, cy) in thirds, if any.
fn at_centre(cx: i32, cy: i32) -> Option<Tri> {
    match (cx.rem_euclid(3), cy.rem_euclid(3)) {
        (0, 1) => Some((cx / 3, (cy - 1) / 3, NORTH)),
        (0, 2) => Some((cx / 3, (cy + 1) / 3, SOUTH)),
        (1, 0) => Some(((cx - 1) / 3, cy / 3, EAST)),
        (2, 0) => Some(((cx + 1) / 3, cy / 3, WEST)),
        _ => None,
    }
    .filter(|&tri| centre(tri) == (cx, cy))
}

/// The three corners of a triangle, in halves of a square.
fn corners((x, y, t): Tri) -> [(i32, i32); 3] {
    let (cx, cy) = (2 * x, 2 * y);
    let (tl, tr, br, bl) = (
        (cx - 1, cy + 1),
        (cx + 1, cy + 1),
        (cx + 1, cy - 1),
        (cx - 1, cy - 1),
    );
    let pair = match t {
        NORTH => (tl, tr),
        EAST => (tr, br),
        SOUTH => (br, bl),
        _ => (bl, tl),
    };
    [(cx, cy), pair.0, pair.1]
}

/// How many corners two triangles share: 2 across an edge, 1 at a corner only.
pub(super) fn shared_corners(a: Tri, b: Tri) -> usize {
    let b = corners(b);
    corners(a).iter().filter(|c| b.contains(c)).count()
}

/// The next triangle along a strip. North-east: east, west of the next
/// square, north, south of the square above, east, ...; south-east: north,
/// east, west of the next square, south, north of the square below, ...
fn strip((x, y, t): Tri, north_east: bool, forward: bool) -> Tri {
    match (north_east, forward, t) {
        (true, true, EAST) => (x + 1, y, WEST),
        (true, true, WEST) => (x, y, NORTH),
        (true, true, NORTH) => (x, y + 1, SOUTH),
        (true, true, _) => (x, y, EAST),
        (true, false, WEST) => (x - 1, y, EAST),
        (true, false, NORTH) => (x, y, WEST),
        (true, false, SOUTH) => (x, y - 1, NORTH),
        (true, false, _) => (x, y, SOUTH),
        (false, true, NORTH) => (x, y, EAST),
        (false, true, EAST) => (x + 1, y, WEST),
        (false, true, WEST) => (x, y, SOUTH),
        (false, true, _) => (x, y - 1, NORTH),
        (false, false, EAST) => (x, y, NORTH),
        (false, false, WEST) => (x - 1, y, EAST),
        (false, false, SOUTH) => (x, y, WEST),
        (false, false, _) => (x, y + 1, SOUTH),
    }
}

/// Every move of a centre from a triangle to one sharing only a corner with
/// it, the half whose first non-zero component is positive, sorted.
fn corner_jumps() -> Vec<[i8; 2]> {
    let mut jumps = BTreeSet::new();
    for t in NORTH..=WEST {
        let from = (0, 0, t);
        for x in -1..=1 {
            for y in -1..=1 {
                for u in NORTH..=WEST {
                    let to = (x, y, u);
                    if shared_corners(from, to) == 1 {
                        let (a, b) = (centre(from), centre(to));
                        let v = [(b.0 - a.0) as i8, (b.1 - a.1) as i8];
                        if v[0] > 0 || (v[0] == 0 && v[1] > 0) {
                            jumps.insert(v);
                        }
                    }
                }
            }
        }
    }
    jumps.into_iter().collect()
}

pub(super) fn layout(geo: &Geometry) -> Layout {
    let strip_dir = |v: [i8; 3]| Dir {
        vector: v,
        orthogonal: true,
        triagonal: false,
        line: Some(false),
        seam: None,
    };
    let mut half = vec![strip_dir([1, 1, 0]), strip_dir([1, -1, 0])];
    half.extend(corner_jumps().into_iter().map(|v| Dir {
        vector: [v[0], v[1], 0],
        orthogonal: false,
        triagonal: false,
        line: Some(true),
        seam: None,
    }));
    let directions = mirrored(half);
    let n = directions.len();
    let step = table(geo.cell_count(), n, |cell, d| {
        let c = geo.coords[cell];
        let from = (i32::from(c.x), i32::from(c.y), c.z);
        let to = match d {
            0 => strip(from, true, true),
            1 => strip(from, false, true),
            _ if d == n - 2 => strip(from, false, false),
            _ if d == n - 1 => strip(from, true, false),
            _ => {
                let v = directions[d].vector;
                let (cx, cy) = centre(from);
                let to = at_centre(cx + i32::from(v[0]), cy + i32::from(v[1]))?;
                if shared_corners(from, to) != 1 {
                    return None;
                }
                to
            }
        };
        let (x, y, t) = to;
        let x = u8::try_from(x).ok()?;
        let y = u8::try_from(y).ok()?;
        geo.cell(c.board, x, y, t)
    });
    Layout {
        directions,
        step,
        knights: Vec::new(),
        knight_step: Vec::new(),
    }
}

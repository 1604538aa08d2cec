//! Boards built from a flat grid stacked in layers, without wrapping: hash,
//! squares and stacks (square grid), and hexagons (axial hex grid).
//!
//! A flat direction set, ordered so that entries `i` and `len - 1 - i` are
//! opposites, is combined with a z step of -1, 0 or +1 (z slowest, the flat
//! "no move" in the middle), which keeps the mirror order. For squares this
//! is the familiar list of the 26 cube offsets.

use super::{Dir, Geometry, Knight, Layout, mirrored, table};

/// A flat direction: its (dx, dy), whether it crosses an edge (orthogonal),
/// and whether cells along it touch, so that lines may run along it.
struct Flat {
    v: [i8; 2],
    orthogonal: bool,
    line: bool,
}

const fn flat(v: [i8; 2], orthogonal: bool, line: bool) -> Flat {
    Flat {
        v,
        orthogonal,
        line,
    }
}

/// The 8 square directions, opposites mirrored: y slowest, then x.
const SQUARE: [Flat; 8] = [
    flat([-1, -1], false, true),
    flat([0, -1], true, true),
    flat([1, -1], false, true),
    flat([-1, 0], true, true),
    flat([1, 0], true, true),
    flat([-1, 1], false, true),
    flat([0, 1], true, true),
    flat([1, 1], false, true),
];

/// The 6 hex neighbours (orthogonal) and 6 hex diagonals, opposites mirrored.
const HEX: [Flat; 12] = [
    flat([-1, -1], false, false),
    flat([1, -2], false, false),
    flat([0, -1], true, true),
    flat([1, -1], true, true),
    flat([-1, 0], true, true),
    flat([2, -1], false, false),
    flat([-2, 1], false, false),
    flat([1, 0], true, true),
    flat([-1, 1], true, true),
    flat([0, 1], true, true),
    flat([-1, 2], false, false),
    flat([1, 1], false, false),
];

/// The 12 knight jumps of hexagonal chess, as (dx, dy).
const HEX_KNIGHT: [[i8; 2]; 12] = [
    [1, 2],
    [2, 1],
    [3, -1],
    [3, -2],
    [2, -3],
    [1, -3],
    [-1, -2],
    [-2, -1],
    [-3, 1],
    [-3, 2],
    [-2, 3],
    [-1, 3],
];

/// Every flat direction with every z step, but not standing still.
fn layers(flat: &[Flat]) -> Vec<Dir> {
    let half = flat.len() / 2;
    let mut all = Vec::with_capacity(3 * (flat.len() + 1) - 1);
    for dz in -1i8..=1 {
        let row = flat[..half]
            .iter()
            .map(Some)
            .chain([None])
            .chain(flat[half..].iter().map(Some));
        for f in row {
            let dir = match (f, dz) {
                (None, 0) => continue,
                (None, _) => Dir {
                    vector: [0, 0, dz],
                    orthogonal: true,
                    triagonal: false,
                    line: Some(false),
                    seam: None,
                },
                (Some(f), _) => {
                    let orthogonal = f.orthogonal && dz == 0;
                    Dir {
                        vector: [f.v[0], f.v[1], dz],
                        orthogonal,
                        triagonal: !f.orthogonal && dz != 0,
                        line: f.line.then_some(!orthogonal),
                        seam: None,
                    }
                }
            };
            all.push(dir);
        }
    }
    debug_assert_eq!(mirrored(all[..all.len() / 2].to_vec()), all);
    all
}

fn build(geo: &Geometry, directions: Vec<Dir>, knights: Vec<Knight>) -> Layout {
    let cells = geo.cell_count();
    let step = table(cells, directions.len(), |c, d| {
        geo.offset(geo.coords[c], directions[d].vector)
    });
    let knight_step = table(cells, knights.len(), |c, k| {
        geo.offset(geo.coords[c], knights[k].vector)
    });
    Layout {
        directions,
        step,
        knights,
        knight_step,
    }
}

/// The 2x1x0 and 2x1x1 knight jumps of a cube, z slowest.
pub(super) fn cube_knights() -> Vec<Knight> {
    let mut knights = Vec::new();
    for dz in -2i8..=2 {
        for dy in -2i8..=2 {
            for dx in -2i8..=2 {
                let vector = [dx, dy, dz];
                let twos = vector.iter().filter(|v| v.abs() == 2).count();
                let ones = vector.iter().filter(|v| v.abs() == 1).count();
                if twos == 1 && ones >= 1 {
                    knights.push(Knight {
                        vector,
                        ones: ones as u8,
                    });
                }
            }
        }
    }
    knights
}

/// The 26 cube directions, for every square board and the toroid's base.
pub(super) fn cube_directions() -> Vec<Dir> {
    layers(&SQUARE)
}

pub(super) fn squares(geo: &Geometry) -> Layout {
    build(geo, cube_directions(), cube_knights())
}

pub(super) fn hexagons(geo: &Geometry) -> Layout {
    let knights = HEX_KNIGHT
        .iter()
        .map(|v| Knight {
            vector: [v[0], v[1], 0],
            ones: 1,
        })
        .collect();
    build(geo, layers(&HEX), knights)
}

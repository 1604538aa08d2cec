use std::collections::BTreeSet;

use super::*;

fn geometry(fields: serde_json::Value) -> Geometry {
    Geometry::compile(&crate::testing::rules(fields))
}

/// The names of distinct cells, sorted as text.
fn names(g: &Geometry, cells: impl IntoIterator<Item = u16>) -> Vec<String> {
    let set: BTreeSet<String> = cells.into_iter().map(|c| g.name(c)).collect();
    set.into_iter().collect()
}

/// Distinct cells one step away along a set.
fn around(g: &Geometry, cell: u16, set: DirectionSet) -> BTreeSet<u16> {
    g.directions_in(set)
        .iter()
        .map(|&d| g.neighbour(cell, d))
        .filter(|&c| c != NO_CELL)
        .collect()
}

/// Every cell a walk along `d` visits after `cell`.
fn walk(g: &Geometry, cell: u16, d: usize) -> Vec<u16> {
    let mut out = Vec::new();
    let mut c = g.neighbour(cell, d);
    while c != NO_CELL {
        assert!(out.len() <= g.cell_count(), "walks end");
        out.push(c);
        c = g.neighbour(c, d);
    }
    out
}

fn every_kind() -> Vec<Geometry> {
    [
        serde_json::json!({}),
        serde_json::json!({"board": "squares", "dimensions": [4, 3, 2]}),
        serde_json::json!({"board": "stacks", "dimensions": [3, 2, 4]}),
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 3, 1]}),
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 2, 1]}),
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [4, 6, 3]}),
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [1, 4, 1]}),
        serde_json::json!({"board": "hexagons", "dimensions": [4, 3, 1]}),
        serde_json::json!({"board": "hexagons", "dimensions": [3, 3, 2]}),
        serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 2, 1]}),
        serde_json::json!({"board": "tetrakis_squares", "boards": 2, "dimensions": [2, 2, 1]}),
    ]
    .into_iter()
    .map(geometry)
    .collect()
}

#[test]
fn every_kind_steps_back_along_the_mirrored_direction_and_every_walk_ends_without_repeats() {
    for g in every_kind() {
        let n = g.direction_count();
        for cell in 0..g.cell_count() as u16 {
            for d in 0..n {
                let t = g.neighbour(cell, d);
                if t != NO_CELL {
                    assert_ne!(t, cell, "{:?}: no step stays put", g.kind);
                    assert_eq!(g.neighbour(t, n - 1 - d), cell, "{:?} {d}", g.kind);
                    assert_eq!(g.coord(t).board, g.coord(cell).board);
                }
                let w = walk(&g, cell, d);
                let distinct: BTreeSet<u16> = w.iter().copied().collect();
                assert_eq!(
                    distinct.len(),
                    w.len(),
                    "{:?}: a walk never repeats",
                    g.kind
                );
                assert!(!distinct.contains(&cell), "{:?}: nor comes back", g.kind);
            }
        }
        // Lines name one direction of each axis.
        for diagonals in [false, true] {
            for &d in g.line_directions(diagonals) {
                assert!(!g.line_directions(diagonals).contains(&(n - 1 - d)));
            }
        }
        let any: BTreeSet<usize> = g.directions_in(DirectionSet::Any).iter().copied().collect();
        let orth: BTreeSet<usize> = g
            .directions_in(DirectionSet::Orthogonal)
            .iter()
            .copied()
            .collect();
        let diag: BTreeSet<usize> = g
            .directions_in(DirectionSet::Diagonal)
            .iter()
            .copied()
            .collect();
        assert!(orth.is_disjoint(&diag));
        assert_eq!(&orth | &diag, any, "{:?}", g.kind);
    }
}

#[test]
fn hash_board_has_nine_cells_and_eight_neighbours_in_the_middle() {
    let g = geometry(serde_json::json!({}));
    assert_eq!(g.cell_count(), 9);
    assert_eq!(g.direction_count(), 26);
    let centre = g.cell(1, 2, 2, 1).unwrap();
    let around = (0..g.direction_count())
        .filter(|&d| g.neighbour(centre, d) != NO_CELL)
        .count();
    assert_eq!(around, 8);
    assert_eq!(g.name(centre), "(2,2)");
    // On a flat board only the flat axes count.
    assert_eq!(g.line_directions(true).len(), 4);
    assert_eq!(g.line_directions(false).len(), 2);
    assert_eq!(g.directions_in(DirectionSet::Any).len(), 8);
    assert_eq!(g.longest_line(true), 3);
}

#[test]
fn cube_corners_reach_three_diagonal_kinds() {
    let g = geometry(serde_json::json!({"board": "squares", "dimensions": [4, 4, 4]}));
    assert_eq!(g.cell_count(), 64);
    let corner = g.cell(1, 1, 1, 1).unwrap();
    let around = (0..g.direction_count())
        .filter(|&d| g.neighbour(corner, d) != NO_CELL)
        .count();
    assert_eq!(around, 7);
    assert_eq!(g.name(corner), "(1,1,1)");
    assert_eq!(g.longest_line(true), 4);
    assert_eq!(g.line_directions(true).len(), 13);
    assert_eq!(g.line_directions(false).len(), 3);
}

#[test]
fn stacks_have_columns_bottom_to_top_and_flat_directions() {
    let g = geometry(serde_json::json!({"board": "stacks", "dimensions": [7, 1, 6]}));
    assert_eq!(g.columns().len(), 7);
    let col = &g.columns()[2];
    assert_eq!(col.len(), 6);
    assert_eq!(g.coord(col[0]).z, 1);
    assert_eq!(g.coord(col[5]).z, 6);
    assert_eq!(g.column_of(col[4]), 2);
    assert!(
        g.directions_in(DirectionSet::Orthogonal)
            .iter()
            .all(|&d| g.direction(d)[2] == 0)
    );
    // Lines still run up the stacks.
    assert!(
        g.line_directions(false)
            .iter()
            .any(|&d| g.direction(d)[..2] == [0, 0])
    );
}

#[test]
fn knights_jump_two_by_one() {
    let g = geometry(serde_json::json!({}));
    let corner = g.cell(1, 1, 1, 1).unwrap();
    let mut targets: Vec<String> = g.knight_targets(corner, None).map(|c| g.name(c)).collect();
    targets.sort();
    assert_eq!(targets, vec!["(2,3)", "(3,2)"]);
    assert_eq!(g.knight_targets(corner, Some(2)).count(), 0);
}

#[test]
fn several_boards_number_their_cells_apart() {
    let g = geometry(serde_json::json!({"board": "stacks", "boards": 3, "dimensions": [2, 1, 13]}));
    assert_eq!(g.cell_count(), 78);
    let c = g.cell(3, 2, 1, 13).unwrap();
    assert_eq!(
        g.coord(c),
        Coord {
            board: 3,
            x: 2,
            y: 1,
            z: 13
        }
    );
    assert_eq!(g.name(c), "3:(2,1,13)");
    assert_eq!(g.columns().len(), 6);
}

#[test]
fn straight_paths_between_cells() {
    let g = geometry(serde_json::json!({"board": "squares", "dimensions": [5, 5, 1]}));
    let c = |x, y| g.cell(1, x, y, 1).unwrap();
    assert_eq!(
        names(&g, g.path_between(c(1, 1), c(4, 4)).unwrap()),
        ["(2,2)", "(3,3)"]
    );
    assert_eq!(g.path_between(c(1, 1), c(2, 1)), Some(vec![]));
    assert_eq!(g.path_between(c(1, 1), c(2, 3)), None);
    let t = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 5, 1]}));
    let c = |x, y| t.cell(1, x, y, 1).unwrap();
    assert_eq!(
        names(&t, t.path_between(c(4, 1), c(1, 1)).unwrap()),
        ["(5,1)"]
    );
    assert_eq!(
        names(&t, t.path_between(c(4, 4), c(2, 2)).unwrap()),
        ["(3,3)"]
    );
}

// Squares on a toroid.

#[test]
fn toroid_cells_all_have_eight_neighbours_that_wrap() {
    let g = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [4, 4, 1]}));
    for cell in 0..g.cell_count() as u16 {
        assert_eq!(around(&g, cell, DirectionSet::Any).len(), 8);
        assert_eq!(around(&g, cell, DirectionSet::Orthogonal).len(), 4);
        assert_eq!(around(&g, cell, DirectionSet::Diagonal).len(), 4);
    }
    let corner = g.cell(1, 1, 1, 1).unwrap();
    assert_eq!(
        names(&g, around(&g, corner, DirectionSet::Orthogonal)),
        ["(1,2)", "(1,4)", "(2,1)", "(4,1)"]
    );
    assert_eq!(
        names(&g, around(&g, corner, DirectionSet::Diagonal)),
        ["(2,2)", "(2,4)", "(4,2)", "(4,4)"]
    );
    // On a 3x3 toroid every other cell is a neighbour.
    let small =
        geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 3, 1]}));
    assert_eq!(around(&small, 4, DirectionSet::Any).len(), 8);
    // A 1-wide toroid has no neighbours along x.
    let thin = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [1, 4, 1]}));
    assert_eq!(
        names(&thin, around(&thin, 0, DirectionSet::Any)),
        ["(1,2)", "(1,4)"]
    );
}

#[test]
fn toroid_lines_wrap_up_to_the_ring_and_slides_stop_before_their_start() {
    let g = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 3, 1]}));
    assert_eq!(g.longest_line(false), 3);
    assert_eq!(g.longest_line(true), 3);
    let c = |x, y| g.cell(1, x, y, 1).unwrap();
    let n = g.direction_count();
    // Some copy of the x axis walks (2,1) -> (3,1) -> (1,1).
    let found = g
        .line_directions(false)
        .iter()
        .any(|&d| g.direction(d) == [1, 0, 0] && walk(&g, c(2, 1), d) == [c(3, 1), c(1, 1)]);
    assert!(found, "a line wraps across the edge");
    // A wrapped diagonal: (1,2), (2,3), (3,1), in every copy.
    for &d in g.line_directions(true) {
        let v = g.direction(d);
        if v[0] != 0 && v[0] == v[1] {
            let mut line = walk(&g, c(1, 2), d);
            line.extend(walk(&g, c(1, 2), n - 1 - d));
            assert_eq!(names(&g, line), ["(2,3)", "(3,1)"]);
        }
    }
    // Rings: at most as long as the side, never the same cell twice.
    let wide = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 3, 1]}));
    assert_eq!(wide.longest_line(false), 5);
    assert_eq!(wide.longest_line(true), 5);
    let slide: BTreeSet<u16> = wide
        .directions_in(DirectionSet::Orthogonal)
        .iter()
        .filter(|&&d| wide.direction(d) == [1, 0, 0])
        .flat_map(|&d| walk(&wide, 0, d))
        .collect();
    assert_eq!(names(&wide, slide), ["(2,1)", "(3,1)", "(4,1)", "(5,1)"]);
    // z does not wrap.
    let tall = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 3, 3]}));
    let top = tall.cell(1, 1, 1, 3).unwrap();
    assert!(
        around(&tall, top, DirectionSet::Any)
            .iter()
            .all(|&n| tall.coord(n).z >= 2)
    );
    assert_eq!(around(&tall, top, DirectionSet::Any).len(), 8 + 9);
}

#[test]
fn toroid_seam_copies_count_each_stretch_once_from_behind_its_seam() {
    let g = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [4, 4, 1]}));
    let cell = g.cell(1, 3, 2, 1).unwrap();
    let starts = g
        .line_directions(false)
        .iter()
        .filter(|&&d| g.is_seam_copy(d) && g.direction(d)[1] == 0)
        .filter(|&&d| g.neighbour(cell, g.direction_count() - 1 - d) == NO_CELL)
        .count();
    assert_eq!(starts, 1);
    let flat = geometry(serde_json::json!({"board": "squares", "dimensions": [4, 4, 1]}));
    assert!((0..flat.direction_count()).all(|d| !flat.is_seam_copy(d)));
}

#[test]
fn toroid_knights_wrap() {
    let g = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 5, 1]}));
    let corner = g.cell(1, 1, 1, 1).unwrap();
    assert_eq!(
        names(&g, g.knight_targets(corner, None)),
        [
            "(2,3)", "(2,4)", "(3,2)", "(3,5)", "(4,2)", "(4,5)", "(5,3)", "(5,4)"
        ]
    );
    // On a 2-wide toroid a 2-step along x stays in its column.
    let narrow =
        geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [2, 5, 1]}));
    let from = narrow.cell(1, 1, 3, 1).unwrap();
    assert!(narrow.knight_targets(from, None).all(|t| t != from));
    assert_eq!(
        names(&narrow, narrow.knight_targets(from, None)),
        ["(1,2)", "(1,4)", "(2,1)", "(2,5)"]
    );
    // A jump that would come back to its start is left out.
    let tiny = geometry(serde_json::json!({"board": "squares_on_toroid", "dimensions": [2, 1, 1]}));
    assert_eq!(names(&tiny, tiny.knight_targets(0, None)), ["(2,1)"]);
}

// Hexagons.

#[test]
fn hexagons_have_six_neighbours_inside_and_fewer_on_the_rim() {
    let g = geometry(serde_json::json!({"board": "hexagons", "dimensions": [3, 3, 1]}));
    let c = |x, y| g.cell(1, x, y, 1).unwrap();
    let orth = |cell| around(&g, cell, DirectionSet::Orthogonal).len();
    assert_eq!(orth(c(2, 2)), 6);
    assert_eq!(orth(c(1, 1)), 2);
    assert_eq!(orth(c(3, 3)), 2);
    assert_eq!(orth(c(3, 1)), 3);
    assert_eq!(orth(c(1, 3)), 3);
    assert_eq!(orth(c(2, 1)), 4);
    assert_eq!(
        names(&g, around(&g, c(3, 1), DirectionSet::Orthogonal)),
        ["(2,1)", "(2,2)", "(3,2)"]
    );
    // Diagonals jump two cells away, through a corner.
    assert_eq!(
        names(&g, around(&g, c(2, 2), DirectionSet::Diagonal)),
        ["(1,1)", "(3,3)"]
    );
    let big = geometry(serde_json::json!({"board": "hexagons", "dimensions": [5, 5, 1]}));
    let centre = big.cell(1, 3, 3, 1).unwrap();
    assert_eq!(
        names(&big, around(&big, centre, DirectionSet::Diagonal)),
        ["(1,4)", "(2,2)", "(2,5)", "(4,1)", "(4,4)", "(5,2)"]
    );
    assert_eq!(around(&big, centre, DirectionSet::Any).len(), 12);
}

#[test]
fn hexagon_lines_run_along_three_axes_only() {
    let g = geometry(serde_json::json!({"board": "hexagons", "dimensions": [4, 3, 1]}));
    let axes = |diagonals| {
        let mut v: Vec<[i8; 3]> = g
            .line_directions(diagonals)
            .iter()
            .map(|&d| {
                g.direction(d)
                    .map(|c| c * if g.direction(d) < [0; 3] { -1 } else { 1 })
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(axes(false), [[0, 1, 0], [1, -1, 0], [1, 0, 0]]);
    assert_eq!(axes(true), axes(false));
    assert_eq!(g.longest_line(true), 4);
    let c = |x, y| g.cell(1, x, y, 1).unwrap();
    let anti = g
        .line_directions(false)
        .iter()
        .find(|&&d| g.direction(d) == [-1, 1, 0] || g.direction(d) == [1, -1, 0])
        .copied()
        .unwrap();
    let mut line = walk(&g, c(3, 1), g.direction_count() - 1 - anti);
    line.extend(walk(&g, c(3, 1), anti));
    assert_eq!(names(&g, line), ["(1,3)", "(2,2)"]);
    // Layers of hexagonal prisms: up and down are orthogonal, lines run up too.
    let prisms = geometry(serde_json::json!({"board": "hexagons", "dimensions": [3, 3, 2]}));
    let centre = prisms.cell(1, 2, 2, 1).unwrap();
    assert_eq!(around(&prisms, centre, DirectionSet::Orthogonal).len(), 7);
    assert_eq!(prisms.line_directions(false).len(), 4);
    assert_eq!(prisms.line_directions(true).len(), 10);
}

#[test]
fn hexagon_knights_make_the_twelve_jumps_of_hexagonal_chess() {
    let g = geometry(serde_json::json!({"board": "hexagons", "dimensions": [7, 7, 1]}));
    let centre = g.cell(1, 4, 4, 1).unwrap();
    let targets: Vec<u16> = g.knight_targets(centre, None).collect();
    assert_eq!(targets.len(), 12);
    for t in targets {
        let (a, b) = (g.coord(centre), g.coord(t));
        let (dx, dy) = (
            i16::from(b.x) - i16::from(a.x),
            i16::from(b.y) - i16::from(a.y),
        );
        let distance = dx.abs().max(dy.abs()).max((dx + dy).abs());
        assert_eq!(distance, 3, "three steps away");
        assert!(dx != 0 && dy != 0 && dx + dy != 0, "not along an axis");
    }
    assert_eq!(g.knight_targets(centre, Some(1)).count(), 12);
    assert_eq!(g.knight_targets(centre, Some(2)).count(), 0);
    let corner = g.cell(1, 1, 1, 1).unwrap();
    assert_eq!(
        names(&g, g.knight_targets(corner, None)),
        ["(2,3)", "(3,2)"]
    );
}

// Tetrakis squares.

fn tri(c: Coord) -> (i32, i32, u8) {
    (i32::from(c.x), i32::from(c.y), c.z)
}

#[test]
fn tetrakis_triangles_touch_by_edge_orthogonally_and_by_corner_diagonally() {
    let g = geometry(serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 3, 1]}));
    assert_eq!(g.cell_count(), 36);
    assert_eq!(g.dims, [3, 3, 4]);
    let north = g.cell(1, 2, 2, 1).unwrap();
    assert_eq!(g.name(north), "(2,2,1)");
    assert_eq!(
        names(&g, around(&g, north, DirectionSet::Orthogonal)),
        ["(2,2,2)", "(2,2,4)", "(2,3,3)"]
    );
    assert_eq!(around(&g, north, DirectionSet::Diagonal).len(), 11);
    let rim = g.cell(1, 1, 1, 3).unwrap();
    assert_eq!(
        names(&g, around(&g, rim, DirectionSet::Orthogonal)),
        ["(1,1,2)", "(1,1,4)"]
    );
    // Exactly the triangles sharing an edge, and those sharing one corner only.
    for a in 0..g.cell_count() as u16 {
        let orth = around(&g, a, DirectionSet::Orthogonal);
        let diag = around(&g, a, DirectionSet::Diagonal);
        for b in 0..g.cell_count() as u16 {
            let shared = if a == b {
                3
            } else {
                tetrakis::shared_corners(tri(g.coord(a)), tri(g.coord(b)))
            };
            assert_eq!(
                orth.contains(&b),
                shared == 2,
                "{} {}",
                g.name(a),
                g.name(b)
            );
            assert_eq!(
                diag.contains(&b),
                shared == 1,
                "{} {}",
                g.name(a),
                g.name(b)
            );
        }
    }
    assert_eq!(g.knight_targets(north, None).count(), 0);
}

#[test]
fn tetrakis_lines_follow_the_diagonal_strips_and_rows_of_like_triangles() {
    let g = geometry(serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 3, 1]}));
    assert_eq!(g.line_directions(false).len(), 2);
    let c = |x, y, t| g.cell(1, x, y, t).unwrap();
    let strip = |from, d| {
        let mut line = walk(&g, from, g.direction_count() - 1 - d);
        line.reverse();
        line.push(from);
        line.extend(walk(&g, from, d));
        line.into_iter().map(|c| g.name(c)).collect::<Vec<_>>()
    };
    let [ne, se] = [g.line_directions(false)[0], g.line_directions(false)[1]];
    assert_eq!(
        strip(c(2, 2, 2), ne),
        [
            "(1,1,3)", "(1,1,2)", "(2,1,4)", "(2,1,1)", "(2,2,3)", "(2,2,2)", "(3,2,4)", "(3,2,1)",
            "(3,3,3)", "(3,3,2)"
        ]
    );
    assert_eq!(
        strip(c(1, 3, 2), se),
        [
            "(1,3,1)", "(1,3,2)", "(2,3,4)", "(2,3,3)", "(2,2,1)", "(2,2,2)", "(3,2,4)", "(3,2,3)",
            "(3,1,1)", "(3,1,2)"
        ]
    );
    // Every step of a strip crosses an edge.
    for &d in g.line_directions(false) {
        for cell in 0..g.cell_count() as u16 {
            let n = g.neighbour(cell, d);
            if n != NO_CELL {
                assert_eq!(
                    tetrakis::shared_corners(tri(g.coord(cell)), tri(g.coord(n))),
                    2
                );
            }
        }
    }
    assert_eq!(g.longest_line(false), 10);
    // With diagonals: rows of north triangles, columns of east triangles.
    let row = g
        .line_directions(true)
        .iter()
        .filter(|&&d| d != ne && d != se)
        .map(|&d| strip(c(1, 2, 1), d))
        .max_by_key(|l| l.len())
        .unwrap();
    assert_eq!(row, ["(1,2,1)", "(2,2,1)", "(3,2,1)"]);
    let column = g
        .line_directions(true)
        .iter()
        .filter(|&&d| d != ne && d != se)
        .map(|&d| strip(c(2, 1, 2), d))
        .max_by_key(|l| l.len())
        .unwrap();
    assert_eq!(column, ["(2,1,2)", "(2,2,2)", "(2,3,2)"]);
}

// Games on the new boards, through the engine.

mod games {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use crate::game::{SeatResult, State};
    use crate::notation::apply_turn;
    use crate::random;
    use crate::testing::{game, play};

    fn winner(state: &State) -> Option<usize> {
        let o = state.outcome()?;
        o.results.iter().position(|r| *r == SeatResult::Win)
    }

    #[test]
    fn a_row_wrapping_round_the_toroid_wins() {
        let g = game(
            serde_json::json!({"board": "squares_on_toroid", "dimensions": [4, 4, 1],
            "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win", "diagonals": false}]}),
        );
        let mut s = g.start();
        play(&mut s, &["4,1", "2,3", "1,1", "3,3"]);
        assert!(!s.is_finished());
        play(&mut s, &["3,1"]);
        assert_eq!(winner(&s), Some(0), "(3,1) (4,1) (1,1) is a row");
    }

    #[test]
    fn a_diagonal_wrapping_round_a_small_toroid_wins() {
        let g = game(serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 3, 1]}));
        let mut s = g.start();
        play(&mut s, &["1,2", "1,1", "2,3", "2,1", "3,1"]);
        assert_eq!(winner(&s), Some(0), "(1,2) (2,3) (3,1) is a diagonal");
    }

    #[test]
    fn hexagon_rows_win_and_hex_diagonals_do_not() {
        let rules = serde_json::json!({"board": "hexagons", "dimensions": [4, 4, 1]});
        let g = game(rules);
        let mut s = g.start();
        play(&mut s, &["1,3", "4,4", "2,2", "4,3", "3,1"]);
        assert_eq!(winner(&s), Some(0), "(1,3) (2,2) (3,1) lie on one axis");
        let mut s = g.start();
        play(&mut s, &["1,1", "4,1", "2,2", "4,2", "3,3"]);
        assert!(!s.is_finished(), "(1,1) (2,2) (3,3) do not touch");
        play(&mut s, &["4,3"]);
        assert_eq!(winner(&s), Some(1));
    }

    #[test]
    fn tetrakis_strips_win_and_rows_of_triangles_win_with_diagonals() {
        let strict = serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 3, 1],
            "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win", "diagonals": false}]});
        let g = game(strict.clone());
        let mut s = g.start();
        play(&mut s, &["1,1,2", "3,3,1", "2,1,4", "3,3,3", "2,1,1"]);
        assert_eq!(winner(&s), Some(0), "east, west, north along a strip");
        // North triangles in a row touch only at corners.
        let mut s = g.start();
        play(&mut s, &["1,1,1", "3,3,3", "2,1,1", "1,3,3", "3,1,1"]);
        assert!(!s.is_finished());
        let g = game(serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 3, 1]}));
        let mut s = g.start();
        play(&mut s, &["1,1,1", "3,3,3", "2,1,1", "1,3,3", "3,1,1"]);
        assert_eq!(winner(&s), Some(0));
        let err = apply_turn(&mut g.start(), "2,2", |_| None).unwrap_err();
        assert!(err.contains("x,y,z"), "{err}");
    }

    #[test]
    fn random_playouts_end_on_every_new_board() {
        let boards = [
            serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 5, 1],
                "shapes": [{"reserves": {"black": 13, "white": 12}}],
                "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
            serde_json::json!({"board": "squares_on_toroid", "dimensions": [3, 4, 2]}),
            serde_json::json!({"board": "hexagons", "dimensions": [5, 5, 1],
                "shapes": [{"reserves": {"black": 13, "white": 12}}],
                "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
            serde_json::json!({"board": "hexagons", "dimensions": [3, 3, 3], "players": "three",
                "shapes": [{"reserves": {"black": 9, "white": 9, "pink": 9}}]}),
            serde_json::json!({"board": "tetrakis_squares", "dimensions": [4, 4, 1],
                "shapes": [{"reserves": {"black": 8, "white": 8}}],
                "turn_checks": [{"check": "in_a_row", "length": 4, "result": "win"}]}),
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for rules in boards {
            let g = game(rules.clone());
            for _ in 0..50 {
                let mut s = g.start();
                let moves = random::playout(&mut s, &mut rng);
                assert!(s.is_finished() && moves > 0, "{rules}");
            }
        }
    }

    #[test]
    fn moving_pieces_slide_step_and_jump_on_every_new_board() {
        let shapes = serde_json::json!([
            {"shape": "circle", "movement": ["linear_or_knight"], "reserves": {"black": 3, "white": 3}},
            {"shape": "x", "movement": ["adjacent"], "reserves": {"black": 2, "white": 2}}
        ]);
        let boards = [
            serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 4, 1]}),
            serde_json::json!({"board": "hexagons", "dimensions": [5, 5, 1]}),
            serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 3, 1]}),
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for mut rules in boards {
            rules["shapes"] = shapes.clone();
            rules["turn_checks"] = serde_json::json!([
                {"check": "in_a_row", "length": 3, "result": "win", "diagonals": false}
            ]);
            let g = game(rules.clone());
            let mut moved = 0;
            for _ in 0..20 {
                let mut s = g.start();
                for _ in 0..300 {
                    let Some(m) = random::random_move(&s, &mut rng) else {
                        break;
                    };
                    let legal = s.legal().to_vec();
                    let mut sorted = legal.clone();
                    sorted.sort_unstable_by_key(|m| format!("{m:?}"));
                    sorted.dedup();
                    assert_eq!(sorted.len(), legal.len(), "no move listed twice: {rules}");
                    if let crate::game::Move::Step { from, to } = m {
                        assert_ne!(from, to);
                        moved += 1;
                    }
                    s.apply(m).unwrap();
                }
            }
            assert!(moved > 0, "pieces moved on {rules}");
        }
    }
}

#[test]
fn the_table_of_walks_between_cells_is_the_walk() {
    let boards = [
        serde_json::json!({"board": "squares", "dimensions": [8, 8, 1]}),
        serde_json::json!({"board": "hash", "dimensions": [3, 3, 1], "boards": 2}),
        serde_json::json!({"board": "squares", "dimensions": [4, 4, 4]}),
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [7, 5, 1]}),
        serde_json::json!({"board": "hexagons", "dimensions": [11, 11, 1]}),
        serde_json::json!({"board": "hexagons", "dimensions": [7, 7, 1], "hexagon_shaped": true}),
        serde_json::json!({"board": "tetrakis_squares", "dimensions": [4, 4, 1]}),
        serde_json::json!({"board": "stacks", "dimensions": [7, 1, 6]}),
    ];
    let mut lines = 0;
    for fields in boards {
        let g = geometry(fields.clone());
        assert!(!g.lines_between.is_empty(), "{fields}: a table");
        for from in 0..g.cell_count() as u16 {
            for to in 0..g.cell_count() as u16 {
                let walked = g.walk_between(from, to);
                assert_eq!(g.line_between(from, to), walked, "{fields}: {from} to {to}");
                lines += usize::from(walked.is_some());
            }
        }
    }
    assert!(lines > 10_000, "{lines} lines");
    // Bigger boards walk.
    assert!(
        geometry(serde_json::json!({"board": "squares", "dimensions": [12, 12, 1]}))
            .lines_between
            .is_empty()
    );
}

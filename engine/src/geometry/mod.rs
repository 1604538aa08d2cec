//! Board geometry compiled once per rule set: cell indices, neighbour tables
//! per direction, knight offsets, stack columns, and the cells of every board.
//! Hot loops index these tables instead of doing coordinate arithmetic.

use std::fmt;

use crate::rules::{BoardKind, RuleSet};

/// Marks "no cell" in neighbour tables.
pub const NO_CELL: u16 = u16::MAX;

/// A cell's 1-based board and coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    pub board: u8,
    pub x: u8,
    pub y: u8,
    pub z: u8,
}

/// Compiled geometry of all boards of a rule set.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub kind: BoardKind,
    /// x (columns), y (rows), z (height).
    pub dims: [u8; 3],
    pub boards: u8,
    pub cells_per_board: usize,
    coords: Vec<Coord>,
    /// The 26 unit offsets; index with `step`.
    directions: Vec<[i8; 3]>,
    step: Vec<u16>,
    /// The 13 half-directions (first non-zero component positive), for lines.
    line_directions: Vec<u8>,
    /// `directions_in` per set (any, orthogonal, diagonal), worked out once.
    direction_sets: [Vec<usize>; 3],
    /// `line_directions` without and with diagonals, worked out once.
    line_sets: [Vec<usize>; 2],
    knight_offsets: Vec<[i8; 3]>,
    knight_step: Vec<u16>,
    /// On stacks: each column's cells bottom to top; elsewhere each cell alone.
    columns: Vec<Vec<u16>>,
    column_of: Vec<u16>,
}

/// A cell's name, written when displayed: see [`Geometry::name`].
#[derive(Clone, Copy)]
pub struct CellName<'a> {
    geometry: &'a Geometry,
    cell: u16,
}

impl fmt::Display for CellName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.geometry.coord(self.cell);
        if self.geometry.boards > 1 {
            write!(f, "{}:", c.board)?;
        }
        if self.geometry.shows_z() {
            write!(f, "({},{},{})", c.x, c.y, c.z)
        } else {
            write!(f, "({},{})", c.x, c.y)
        }
    }
}

/// Which unit directions a kind of step may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectionSet {
    Any,
    Orthogonal,
    Diagonal,
}

impl Geometry {
    pub fn compile(rules: &RuleSet) -> Geometry {
        let dims = rules.dimensions.map(|d| d.max(1));
        let [nx, ny, nz] = dims.map(usize::from);
        let cells_per_board = nx * ny * nz;
        let boards = rules.boards.clamp(1, 3);
        let mut coords = Vec::with_capacity(cells_per_board * usize::from(boards));
        for b in 1..=boards {
            for z in 1..=nz {
                for y in 1..=ny {
                    for x in 1..=nx {
                        coords.push(Coord {
                            board: b,
                            x: x as u8,
                            y: y as u8,
                            z: z as u8,
                        });
                    }
                }
            }
        }
        let mut directions = Vec::new();
        for dz in -1i8..=1 {
            for dy in -1i8..=1 {
                for dx in -1i8..=1 {
                    if (dx, dy, dz) != (0, 0, 0) {
                        directions.push([dx, dy, dz]);
                    }
                }
            }
        }
        let line_directions = directions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.iter().find(|v| **v != 0).is_some_and(|v| *v > 0))
            .map(|(i, _)| i as u8)
            .collect();
        let mut knight_offsets = Vec::new();
        for dz in -2i8..=2 {
            for dy in -2i8..=2 {
                for dx in -2i8..=2 {
                    let d = [dx, dy, dz];
                    let twos = d.iter().filter(|v| v.abs() == 2).count();
                    let ones = d.iter().filter(|v| v.abs() == 1).count();
                    if twos == 1 && ones >= 1 {
                        knight_offsets.push(d);
                    }
                }
            }
        }
        let mut geo = Geometry {
            kind: rules.board,
            dims,
            boards,
            cells_per_board,
            coords,
            directions,
            step: Vec::new(),
            line_directions,
            direction_sets: Default::default(),
            line_sets: Default::default(),
            knight_offsets,
            knight_step: Vec::new(),
            columns: Vec::new(),
            column_of: Vec::new(),
        };
        geo.step = geo.offset_table(&geo.directions.clone());
        geo.knight_step = geo.offset_table(&geo.knight_offsets.clone());
        geo.build_columns();
        geo.direction_sets = [
            DirectionSet::Any,
            DirectionSet::Orthogonal,
            DirectionSet::Diagonal,
        ]
        .map(|set| geo.list_directions_in(set));
        geo.line_sets = [false, true].map(|diagonals| geo.list_line_directions(diagonals));
        geo
    }

    fn offset_table(&self, offsets: &[[i8; 3]]) -> Vec<u16> {
        let mut table = Vec::with_capacity(self.cell_count() * offsets.len());
        for cell in 0..self.cell_count() {
            let c = self.coords[cell];
            for d in offsets {
                table.push(self.offset(c, *d).unwrap_or(NO_CELL));
            }
        }
        table
    }

    fn offset(&self, c: Coord, d: [i8; 3]) -> Option<u16> {
        let x = i16::from(c.x) + i16::from(d[0]);
        let y = i16::from(c.y) + i16::from(d[1]);
        let z = i16::from(c.z) + i16::from(d[2]);
        let inside = |v: i16, n: u8| (1..=i16::from(n)).contains(&v);
        if inside(x, self.dims[0]) && inside(y, self.dims[1]) && inside(z, self.dims[2]) {
            self.cell(c.board, x as u8, y as u8, z as u8)
        } else {
            None
        }
    }

    fn build_columns(&mut self) {
        let stacks = self.kind == BoardKind::Stacks;
        self.column_of = vec![0; self.cell_count()];
        for cell in 0..self.cell_count() {
            let c = self.coords[cell];
            if stacks && c.z > 1 {
                continue;
            }
            let column: Vec<u16> = if stacks {
                (1..=self.dims[2])
                    .filter_map(|z| self.cell(c.board, c.x, c.y, z))
                    .collect()
            } else {
                vec![cell as u16]
            };
            let index = self.columns.len() as u16;
            for member in &column {
                self.column_of[usize::from(*member)] = index;
            }
            self.columns.push(column);
        }
    }

    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    /// The cell at 1-based coordinates, if it exists.
    pub fn cell(&self, board: u8, x: u8, y: u8, z: u8) -> Option<u16> {
        let [nx, ny, nz] = self.dims;
        if !(1..=self.boards).contains(&board)
            || !(1..=nx).contains(&x)
            || !(1..=ny).contains(&y)
            || !(1..=nz).contains(&z)
        {
            return None;
        }
        let (nx, ny, nz) = (usize::from(nx), usize::from(ny), usize::from(nz));
        let index = usize::from(board - 1) * nx * ny * nz
            + (usize::from(z - 1) * ny + usize::from(y - 1)) * nx
            + usize::from(x - 1);
        Some(index as u16)
    }

    pub fn coord(&self, cell: u16) -> Coord {
        self.coords[usize::from(cell)]
    }

    /// Whether the boards have height (3-D squares or stacks), so coordinates show z.
    pub fn shows_z(&self) -> bool {
        self.dims[2] > 1
    }

    /// "(x,y)" or "(x,y,z)", prefixed "N:" when there are several boards.
    pub fn name(&self, cell: u16) -> String {
        self.cell_name(cell).to_string()
    }

    /// [`Geometry::name`] as a `Display`, to write into a longer text
    /// without a `String` of its own.
    pub fn cell_name(&self, cell: u16) -> CellName<'_> {
        CellName {
            geometry: self,
            cell,
        }
    }

    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    pub fn direction(&self, dir: usize) -> [i8; 3] {
        self.directions[dir]
    }

    /// The neighbour of `cell` one step along direction `dir`, or [`NO_CELL`].
    #[inline]
    pub fn neighbour(&self, cell: u16, dir: usize) -> u16 {
        self.step[usize::from(cell) * self.directions.len() + dir]
    }

    /// Directions in a set; on stacks only the horizontal ones, since moves
    /// go to the top of a stack whatever its height.
    pub fn directions_in(&self, set: DirectionSet) -> &[usize] {
        let index = match set {
            DirectionSet::Any => 0,
            DirectionSet::Orthogonal => 1,
            DirectionSet::Diagonal => 2,
        };
        &self.direction_sets[index]
    }

    fn list_directions_in(&self, set: DirectionSet) -> Vec<usize> {
        let stacks = self.kind == BoardKind::Stacks;
        (0..self.directions.len())
            .filter(|&i| {
                let d = self.directions[i];
                if stacks && d[2] != 0 {
                    return false;
                }
                let nonzero = d.iter().filter(|v| **v != 0).count();
                match set {
                    DirectionSet::Any => true,
                    DirectionSet::Orthogonal => nonzero == 1,
                    DirectionSet::Diagonal => nonzero >= 2,
                }
            })
            .collect()
    }

    /// The 13 half-directions along which lines are counted; with
    /// `diagonals` false only the three axes.
    pub fn line_directions(&self, diagonals: bool) -> &[usize] {
        &self.line_sets[usize::from(diagonals)]
    }

    fn list_line_directions(&self, diagonals: bool) -> Vec<usize> {
        self.line_directions
            .iter()
            .map(|d| usize::from(*d))
            .filter(|&d| diagonals || self.directions[d].iter().filter(|v| **v != 0).count() == 1)
            .collect()
    }

    /// Knight targets of a cell: `ones` = 1 for 2x1x0 jumps, 2 for 2x1x1.
    pub fn knight_targets(&self, cell: u16, ones: Option<usize>) -> impl Iterator<Item = u16> + '_ {
        let n = self.knight_offsets.len();
        let stacks = self.kind == BoardKind::Stacks;
        (0..n).filter_map(move |k| {
            let d = self.knight_offsets[k];
            if stacks && d[2] != 0 {
                return None;
            }
            if let Some(ones) = ones
                && d.iter().filter(|v| v.abs() == 1).count() != ones
            {
                return None;
            }
            let t = self.knight_step[usize::from(cell) * n + k];
            (t != NO_CELL).then_some(t)
        })
    }

    /// Columns: on stacks the cells of each stack bottom to top, elsewhere one cell each.
    pub fn columns(&self) -> &[Vec<u16>] {
        &self.columns
    }

    pub fn column_of(&self, cell: u16) -> usize {
        usize::from(self.column_of[usize::from(cell)])
    }

    /// The longest straight line that fits on one board.
    pub fn longest_line(&self, diagonals: bool) -> u8 {
        let [x, y, z] = self.dims;
        let axis = x.max(y).max(z);
        if !diagonals {
            return axis;
        }
        let mut sorted = [x, y, z];
        sorted.sort_unstable();
        // A diagonal is as long as the second-largest dimension of the plane it lies in.
        axis.max(sorted[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(json: serde_json::Value) -> Geometry {
        let mut v = serde_json::json!({"schema_version": 1, "name": "t"});
        v.as_object_mut()
            .unwrap()
            .extend(json.as_object().unwrap().clone());
        Geometry::compile(&serde_json::from_value(v).unwrap())
    }

    #[test]
    fn hash_board_has_nine_cells_and_eight_neighbours_in_the_middle() {
        let g = geometry(serde_json::json!({}));
        assert_eq!(g.cell_count(), 9);
        let centre = g.cell(1, 2, 2, 1).unwrap();
        let around = (0..g.direction_count())
            .filter(|&d| g.neighbour(centre, d) != NO_CELL)
            .count();
        assert_eq!(around, 8);
        assert_eq!(g.name(centre), "(2,2)");
        assert_eq!(g.line_directions(true).len(), 13);
        assert_eq!(g.line_directions(false).len(), 3);
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
    }

    #[test]
    fn knights_jump_two_by_one() {
        let g = geometry(serde_json::json!({}));
        let corner = g.cell(1, 1, 1, 1).unwrap();
        let mut targets: Vec<String> = g.knight_targets(corner, None).map(|c| g.name(c)).collect();
        targets.sort();
        assert_eq!(targets, vec!["(2,3)", "(3,2)"]);
    }

    #[test]
    fn several_boards_number_their_cells_apart() {
        let g =
            geometry(serde_json::json!({"board": "stacks", "boards": 3, "dimensions": [2, 1, 13]}));
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
}

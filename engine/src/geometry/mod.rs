//! Board geometry compiled once per rule set: cell indices, neighbour tables
//! per direction, knight jumps, stack columns, and the cells of every board.
//! Hot loops index these tables instead of doing coordinate arithmetic.
//!
//! Every kind of board has its own list of directions. Direction `d` and
//! direction `direction_count() - 1 - d` are always opposites, and
//! `neighbour(cell, d)` is the cell one step along `d`, or [`NO_CELL`]. A walk
//! that repeats one direction always ends at [`NO_CELL`]: lines and slides
//! are such walks.
//!
//! - **Hash, squares, stacks**: the 26 unit offsets of a cube, (dx,dy,dz)
//!   with z slowest. Orthogonal steps change one coordinate, diagonal steps
//!   two or three. Lines run along all 13 axes (diagonal ones only when
//!   diagonals count). Knights jump (2,1,0) or (2,1,1) in any order and sign.
//!   On stacks, moves stay in the layer (a piece lands on top of a stack),
//!   while lines also run up the stacks.
//! - **Squares on a toroid** ([`toroid`]): squares whose x and y edges wrap
//!   around (z, if taller than 1, does not). Steps, slides, lines and knight
//!   jumps wrap. A line never uses a cell twice: along a ring it holds at
//!   most as many cells as the longer board side it runs along (so on a
//!   3-wide toroid, 3 in a row along x is the whole row). A slide wraps and
//!   stops before it would come back to its start. To keep every walk finite
//!   each flat direction comes in several copies, each cut at one "seam";
//!   see [`toroid`].
//! - **Hexagons** ([`layered`]): a rhombus of x by y hexagons in axial
//!   coordinates. The 6 orthogonal steps (shared edge) are (+1,0), (-1,0),
//!   (0,+1), (0,-1), (+1,-1), (-1,+1); the 6 diagonal steps are the hex
//!   diagonals, two cells away through the corner between two neighbours:
//!   (+1,+1), (-1,-1), (+2,-1), (-2,+1), (+1,-2), (-1,+2). Lines run along the
//!   3 axes (+1,0), (0,+1), (+1,-1) only: cells along a hex diagonal do not
//!   touch, so "diagonals" adds no lines on a flat hex board. Knights make
//!   the 12 jumps of hexagonal chess: two steps along one axis and one more
//!   along a neighbouring axis, such as (+2,+1) or (+3,-1) (all 12 count as
//!   2x1x0 jumps; there are no 2x1x1 jumps). With a height above 1 the
//!   layers stack as hexagonal prisms: (0,0,±1) is orthogonal, and each flat
//!   step combined with ±1 in z is diagonal (a line when diagonals count, for
//!   the hex neighbours).
//! - **Tetrakis squares** ([`tetrakis`]): every square of the x by y grid is
//!   split by its diagonals into 4 triangles. A cell is named (x,y,t): x, y
//!   its square and t its triangle, 1 = north (top), 2 = east, 3 = south,
//!   4 = west. Triangles sharing an edge (3 each, fewer at the rim) are
//!   orthogonal neighbours; triangles sharing only a corner (up to 11) are
//!   diagonal neighbours. Orthogonal lines and slides run along the straight
//!   strips between two neighbouring parallel diagonals of the grid: each
//!   step crosses an edge, alternating a grid edge and a half-diagonal, e.g.
//!   east of (1,1), west of (2,1), north of (2,1), south of (2,2), east of
//!   (2,2), ... (the north-east strip), or north of (1,2), east of (1,2),
//!   west of (2,2), south of (2,2), north of (2,1), ... (the south-east
//!   strip). Diagonal steps jump to a corner-sharing triangle, and diagonal
//!   lines and slides keep the same jump while the triangles' centres stay
//!   collinear and equally spaced: in practice the rows of north (or south)
//!   triangles along x and the columns of east (or west) triangles along y;
//!   other corner jumps go one step only. Knights have no jumps on tetrakis
//!   squares. The rules' height must be 1; the geometry's own z is the
//!   triangle, so `dims` is [x, y, 4].

mod layered;
mod tetrakis;
mod toroid;

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

/// One entry of a kind's direction list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dir {
    /// What [`Geometry::direction`] reports.
    vector: [i8; 3],
    orthogonal: bool,
    /// A flat diagonal combined with a step up or down: through a corner of
    /// a cube (or hexagonal prism), as "Move on triagonal" needs.
    triagonal: bool,
    /// Lines run along it: `Some(false)` always, `Some(true)` only when
    /// diagonals count, `None` never.
    line: Option<bool>,
    /// On a toroid, the ring along this direction is cut at one edge:
    /// (axis, 0-based edge between positions `edge` and `edge + 1`).
    seam: Option<(u8, u8)>,
}

impl Dir {
    fn reversed(self) -> Dir {
        Dir {
            vector: self.vector.map(|v| -v),
            ..self
        }
    }
}

/// A knight jump and how many of its components are ±1 (1 for 2x1x0 jumps,
/// 2 for 2x1x1).
#[derive(Clone, Copy, Debug)]
struct Knight {
    vector: [i8; 3],
    ones: u8,
}

/// A board's knight jumps: the jumps, where each lands from each cell
/// (`cell * jumps + jump`, or `NO_CELL`), and the jumps per `ones` filter
/// (any, 2x1x0, 2x1x1), worked out once.
#[derive(Clone, Debug, Default)]
struct KnightJumps {
    jumps: Vec<Knight>,
    step: Vec<u16>,
    sets: [Vec<usize>; 3],
}

/// The direction list and neighbour tables of one kind of board.
struct Layout {
    directions: Vec<Dir>,
    step: Vec<u16>,
    knights: Vec<Knight>,
    knight_step: Vec<u16>,
}

/// `half` followed by the opposites of its entries in reverse order, so that
/// entry `d` and entry `len - 1 - d` are opposites.
fn mirrored(half: Vec<Dir>) -> Vec<Dir> {
    let back: Vec<Dir> = half.iter().rev().map(|d| d.reversed()).collect();
    let mut all = half;
    all.extend(back);
    all
}

/// A cell-major table: entry `cell * n + k` is `f(cell, k)` or [`NO_CELL`].
fn table(cells: usize, n: usize, f: impl Fn(usize, usize) -> Option<u16>) -> Vec<u16> {
    let mut out = Vec::with_capacity(cells * n);
    for cell in 0..cells {
        for k in 0..n {
            out.push(f(cell, k).unwrap_or(NO_CELL));
        }
    }
    out
}

/// Compiled geometry of all boards of a rule set.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub kind: BoardKind,
    /// x (columns), y (rows), z (height; on tetrakis squares the triangle, 4).
    pub dims: [u8; 3],
    pub boards: u8,
    pub cells_per_board: usize,
    coords: Vec<Coord>,
    /// A hexagon-shaped board's cell for each place of its rhombus (or
    /// `NO_CELL` off the hexagon), by the rhombus's index; empty otherwise.
    slots: Vec<u16>,
    directions: Vec<Dir>,
    step: Vec<u16>,
    /// `directions_in` per set (any, orthogonal, diagonal), worked out once.
    direction_sets: [Vec<usize>; 3],
    /// `line_directions` without and with diagonals, worked out once.
    line_sets: [Vec<usize>; 2],
    knights: KnightJumps,
    /// On stacks: each column's cells bottom to top; elsewhere each cell alone.
    columns: Vec<Vec<u16>>,
    column_of: Vec<u16>,
    /// On boards of at most `LINE_TABLE_CELLS` cells, per pair of cells
    /// (from, to) the straight walk between them as `direction << 8 |
    /// steps`, or `NO_LINE` (see [`Geometry::line_between`]).
    lines_between: Vec<u16>,
}

/// The most cells a board may have for its walks between cells to be
/// kept as a table (128 cells: 32 KB).
const LINE_TABLE_CELLS: usize = 128;

/// No straight walk leads from one cell to the other.
const NO_LINE: u16 = u16::MAX;

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
        let mut dims = rules.dimensions.map(|d| d.max(1));
        if rules.board == BoardKind::TetrakisSquares {
            dims[2] = 4;
        }
        let [nx, ny, nz] = dims.map(usize::from);
        let shaped = rules.hexagon_shaped && rules.board == BoardKind::Hexagons;
        let on_board =
            |x: usize, y: usize| !shaped || crate::rules::on_hexagon(dims[0], x as u8, y as u8);
        let boards = rules.boards.clamp(1, 3);
        let mut coords = Vec::with_capacity(nx * ny * nz * usize::from(boards));
        let mut slots = Vec::new();
        for b in 1..=boards {
            for z in 1..=nz {
                for y in 1..=ny {
                    for x in 1..=nx {
                        if !on_board(x, y) {
                            slots.push(NO_CELL);
                            continue;
                        }
                        slots.push(coords.len() as u16);
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
        if !shaped {
            slots.clear();
        }
        let cells_per_board = coords.len() / usize::from(boards);
        let mut geo = Geometry {
            kind: rules.board,
            dims,
            boards,
            cells_per_board,
            coords,
            slots,
            directions: Vec::new(),
            step: Vec::new(),
            direction_sets: Default::default(),
            line_sets: Default::default(),
            knights: KnightJumps::default(),
            columns: Vec::new(),
            column_of: Vec::new(),
            lines_between: Vec::new(),
        };
        let layout = match geo.kind {
            BoardKind::Hash | BoardKind::Squares | BoardKind::Stacks => layered::squares(&geo),
            BoardKind::Hexagons => layered::hexagons(&geo),
            BoardKind::SquaresOnToroid => toroid::layout(&geo),
            BoardKind::TetrakisSquares => tetrakis::layout(&geo),
        };
        debug_assert!(
            (0..layout.directions.len()).all(|d| {
                let o = layout.directions.len() - 1 - d;
                layout.directions[o] == layout.directions[d].reversed()
            }),
            "direction d and its mirror are opposites"
        );
        geo.directions = layout.directions;
        geo.step = layout.step;
        geo.knights.jumps = layout.knights;
        geo.knights.step = layout.knight_step;
        geo.build_columns();
        geo.direction_sets = [
            DirectionSet::Any,
            DirectionSet::Orthogonal,
            DirectionSet::Diagonal,
        ]
        .map(|set| geo.list_directions_in(set));
        geo.line_sets = [false, true].map(|diagonals| geo.list_line_directions(diagonals));
        geo.knights.sets = [None, Some(1), Some(2)].map(|ones| geo.list_knights(ones));
        geo.lines_between = geo.table_lines_between();
        geo
    }

    /// The direction of the shortest straight walk from `from` to `to` by
    /// neighbours (so it wraps where the board does), and its number of
    /// steps; of equally short walks, the first direction's. Read from a
    /// table on small boards (a Draughts step asks it for every move), else
    /// walked.
    #[inline]
    pub fn line_between(&self, from: u16, to: u16) -> Option<(usize, usize)> {
        if self.lines_between.is_empty() {
            return self.walk_between(from, to);
        }
        let entry = self.lines_between[usize::from(from) * self.cell_count() + usize::from(to)];
        (entry != NO_LINE).then(|| (usize::from(entry >> 8), usize::from(entry & 0xff)))
    }

    /// [`Geometry::line_between`], walked direction by direction.
    fn walk_between(&self, from: u16, to: u16) -> Option<(usize, usize)> {
        let limit = self.cell_count();
        let mut best: Option<(usize, usize)> = None;
        for d in 0..self.direction_count() {
            let mut c = self.neighbour(from, d);
            let mut steps = 1;
            while c != NO_CELL && c != to && c != from && steps < limit {
                if best.is_some_and(|(_, b)| steps >= b) {
                    break;
                }
                c = self.neighbour(c, d);
                steps += 1;
            }
            if c == to && best.is_none_or(|(_, b)| steps < b) {
                best = Some((d, steps));
            }
        }
        best
    }

    /// The table of [`Geometry::line_between`]: each cell's rays walked
    /// once, a cell keeping the first direction that reaches it in the
    /// fewest steps. Empty on bigger boards.
    fn table_lines_between(&self) -> Vec<u16> {
        let cells = self.cell_count();
        if cells > LINE_TABLE_CELLS || self.direction_count() > 0xff {
            return Vec::new();
        }
        let mut table = vec![NO_LINE; cells * cells];
        for from in 0..cells {
            let row = &mut table[from * cells..(from + 1) * cells];
            for d in 0..self.direction_count() {
                let mut c = self.neighbour(from as u16, d);
                let mut steps = 1;
                while c != NO_CELL && usize::from(c) != from {
                    let entry = &mut row[usize::from(c)];
                    if *entry == NO_LINE || steps < usize::from(*entry & 0xff) {
                        *entry = (d as u16) << 8 | steps as u16;
                    }
                    if steps >= cells {
                        break;
                    }
                    c = self.neighbour(c, d);
                    steps += 1;
                }
            }
        }
        table
    }

    /// The cell `d` away from `c` on a board without wrapping, if inside.
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
        match self.slots.get(index) {
            Some(&NO_CELL) => None,
            Some(&cell) => Some(cell),
            None => Some(index as u16),
        }
    }

    /// Whether the board is a hexagon of hexagons cut from its rhombus.
    pub fn hexagon_shaped(&self) -> bool {
        !self.slots.is_empty()
    }

    pub fn coord(&self, cell: u16) -> Coord {
        self.coords[usize::from(cell)]
    }

    /// Whether cells are named with a z: 3-D boards, stacks, and tetrakis
    /// squares (where z is the triangle).
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

    /// How many directions this kind of board has; `d` and
    /// `direction_count() - 1 - d` are opposites.
    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// The vector of a direction. On hash, squares, stacks, toroids and
    /// hexagons it is the coordinate offset of one step (on toroids before
    /// wrapping, and every seam copy has the same vector). On tetrakis
    /// squares it is nominal: (±1,±1,0) for the strips, and for corner jumps
    /// the move of the triangle's centre in thirds of a square.
    pub fn direction(&self, dir: usize) -> [i8; 3] {
        self.directions[dir].vector
    }

    /// Whether `dir` is one seam copy of a wrapping direction (toroids only):
    /// a walk along it stops at its seam, so each stretch of a ring is walked
    /// once per copy. To count each stretch once, count it only in the copy
    /// whose seam lies just behind its first cell (where the step back is
    /// [`NO_CELL`]).
    pub fn is_seam_copy(&self, dir: usize) -> bool {
        self.directions[dir].seam.is_some()
    }

    /// The neighbour of `cell` one step along direction `dir`, or [`NO_CELL`].
    #[inline]
    pub fn neighbour(&self, cell: u16, dir: usize) -> u16 {
        self.step[usize::from(cell) * self.directions.len() + dir]
    }

    /// How many places a step along `dir` moves a cell, where that is the
    /// same for every cell with a neighbour that way (rectangles that do
    /// not wrap), with the cells that have one, a bit each: what lets a
    /// set of cells step at once as a shift of its bits. None where steps
    /// differ; a direction that leads nowhere is a shift of no cells.
    pub fn uniform_step(&self, dir: usize) -> Option<(isize, Vec<u64>)> {
        let cells = self.cell_count();
        let mut from = vec![0u64; cells.div_ceil(64).max(1)];
        let mut by = None;
        for cell in 0..cells {
            let next = self.neighbour(cell as u16, dir);
            if next == NO_CELL {
                continue;
            }
            let step = next as isize - cell as isize;
            if *by.get_or_insert(step) != step {
                return None;
            }
            from[cell / 64] |= 1 << (cell % 64);
        }
        Some((by.unwrap_or(0), from))
    }

    /// Directions in a set that lead somewhere on this board; on stacks only
    /// the horizontal ones, since moves go to the top of a stack whatever its
    /// height.
    pub fn directions_in(&self, set: DirectionSet) -> &[usize] {
        let index = match set {
            DirectionSet::Any => 0,
            DirectionSet::Orthogonal => 1,
            DirectionSet::Diagonal => 2,
        };
        &self.direction_sets[index]
    }

    /// Whether a step along `dir` crosses a shared edge or face (up and down
    /// included), whatever the kind of board.
    pub fn is_orthogonal(&self, dir: usize) -> bool {
        self.directions[dir].orthogonal
    }

    /// Whether `dir` runs through a corner in 3-D: a flat diagonal combined
    /// with a step up or down (none on flat boards or tetrakis squares).
    pub fn is_triagonal(&self, dir: usize) -> bool {
        self.directions[dir].triagonal
    }

    /// Whether some cell has a neighbour along `dir`.
    fn leads_somewhere(&self, dir: usize) -> bool {
        let n = self.directions.len();
        (0..self.cell_count()).any(|c| self.step[c * n + dir] != NO_CELL)
    }

    fn list_directions_in(&self, set: DirectionSet) -> Vec<usize> {
        let stacks = self.kind == BoardKind::Stacks;
        (0..self.directions.len())
            .filter(|&i| {
                let d = self.directions[i];
                if stacks && d.vector[2] != 0 {
                    return false;
                }
                let wanted = match set {
                    DirectionSet::Any => true,
                    DirectionSet::Orthogonal => d.orthogonal,
                    DirectionSet::Diagonal => !d.orthogonal,
                };
                wanted && self.leads_somewhere(i)
            })
            .collect()
    }

    /// One direction of each line axis (the other is its opposite), along
    /// which lines are counted; with `diagonals` false only orthogonal lines.
    pub fn line_directions(&self, diagonals: bool) -> &[usize] {
        &self.line_sets[usize::from(diagonals)]
    }

    /// Of each opposite pair, the direction whose first non-zero component
    /// is positive (every kind's vectors are non-zero and mirrored).
    fn list_line_directions(&self, diagonals: bool) -> Vec<usize> {
        let positive = |v: [i8; 3]| v.iter().find(|c| **c != 0).is_some_and(|c| *c > 0);
        (0..self.directions.len())
            .filter(|&d| positive(self.directions[d].vector))
            .filter(|&d| match self.directions[d].line {
                Some(needs_diagonals) => diagonals || !needs_diagonals,
                None => false,
            })
            .filter(|&d| self.leads_somewhere(d))
            .collect()
    }

    fn list_knights(&self, ones: Option<u8>) -> Vec<usize> {
        let stacks = self.kind == BoardKind::Stacks;
        let n = self.knights.jumps.len();
        (0..n)
            .filter(|&k| {
                let knight = self.knights.jumps[k];
                !(stacks && knight.vector[2] != 0)
                    && ones.is_none_or(|o| o == knight.ones)
                    && (0..self.cell_count()).any(|c| self.knights.step[c * n + k] != NO_CELL)
            })
            .collect()
    }

    /// Knight targets of a cell: `ones` = 1 for 2x1x0 jumps, 2 for 2x1x1
    /// (on hexagons every jump is 2x1x0; tetrakis squares have none). On a
    /// small toroid two jumps may reach the same cell.
    pub fn knight_targets(&self, cell: u16, ones: Option<usize>) -> impl Iterator<Item = u16> + '_ {
        let set: &[usize] = match ones {
            None => &self.knights.sets[0],
            Some(1) => &self.knights.sets[1],
            Some(2) => &self.knights.sets[2],
            Some(_) => &[],
        };
        let n = self.knights.jumps.len();
        set.iter().filter_map(move |&k| {
            let t = self.knights.step[usize::from(cell) * n + k];
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

    /// The longest straight line that fits on one board, walked on the tables.
    pub fn longest_line(&self, diagonals: bool) -> u8 {
        let mut longest = 1;
        for &d in self.line_directions(diagonals) {
            for cell in 0..self.cells_per_board as u16 {
                let mut run = 1;
                let mut c = self.neighbour(cell, d);
                while c != NO_CELL {
                    run += 1;
                    c = self.neighbour(c, d);
                }
                longest = longest.max(run);
            }
        }
        longest
    }

    /// The cells strictly between `from` and `to` along the shortest straight
    /// walk (any direction, wrapping on toroids) that joins them, or `None`
    /// when no straight walk does (knight jumps, unrelated cells).
    pub fn path_between(&self, from: u16, to: u16) -> Option<Vec<u16>> {
        self.walks_between(from, to)
            .into_iter()
            .min_by_key(Vec::len)
    }

    /// Every straight walk from `from` to `to`, each as the cells strictly
    /// between, without repeats: on a toroid a ring is walked both ways
    /// round, so a slide's path is one of them whichever way it went.
    pub fn walks_between(&self, from: u16, to: u16) -> Vec<Vec<u16>> {
        let mut walks: Vec<Vec<u16>> = Vec::new();
        for d in 0..self.directions.len() {
            let mut path = Vec::new();
            let mut c = self.neighbour(from, d);
            while c != NO_CELL && c != to && c != from {
                path.push(c);
                c = self.neighbour(c, d);
            }
            if c == to && !walks.contains(&path) {
                walks.push(path);
            }
        }
        walks
    }
}

#[cfg(test)]
mod tests;

//! In-a-row lines compiled into bit masks, for boards of at most 64 cells:
//! per cell, every run of exactly K cells along a line direction through it.
//! A line of K through a cell exists when one of its masks is all of one
//! colour, which the board keeps as a word per colour: a few ANDs instead of
//! walking the board's neighbours from the cell both ways along every axis.
//!
//! The walk stays the source of truth for the line's cells (see
//! `outcome::new_lines`); the masks only say whether it can find one. They
//! say exactly that on boards whose lines do not wrap around: no toroids,
//! whose seam copies walk rings in stretches, and no ring shorter than K,
//! which the walk would count twice. Those boards get no table and walk.

use crate::geometry::{Geometry, NO_CELL};

/// Whether some direction of the board is a seam copy (toroids), whose
/// walks cross the seam in stretches: there only the walk that lists a
/// line's cells says where it is.
pub(crate) fn wraps(geo: &Geometry) -> bool {
    (0..geo.direction_count()).any(|d| geo.is_seam_copy(d))
}

/// How an in-a-row check is decided without listing the line's cells
/// (see `Upkeep::untold_lines`): by a compiled table, or by counting runs
/// along the neighbours where the board is too big for one.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LineTest {
    /// The table at this place in `Game::line_tables`.
    Table(usize),
    Walk {
        length: u8,
        diagonals: bool,
    },
}

/// The runs of K cells of a board, per cell.
#[derive(Clone, Debug)]
pub(crate) struct LineTable {
    pub length: u8,
    pub diagonals: bool,
    /// How many chunks of masks each cell has in `masks`: enough for the
    /// most lines through one cell, a cell with fewer repeating its first
    /// (see [`LineTable::completes`]).
    chunks: usize,
    /// Per cell, `chunks` chunks of masks.
    masks: Vec<[u64; CHUNK]>,
}

/// Masks asked together: a fixed count unrolls into straight code (a cell
/// of most boards lies on at most four lines), where a count known only at
/// run time cost Tic-Tac-Toe's placements a loop each.
const CHUNK: usize = 4;

impl LineTable {
    /// The table for lines of `length` (with diagonals or not), or None
    /// where masks cannot stand in for the walk (see the module).
    pub(crate) fn compile(geo: &Geometry, length: u8, diagonals: bool) -> Option<LineTable> {
        let cells = geo.cell_count();
        let k = usize::from(length);
        if cells > 64 || k == 0 || wraps(geo) {
            return None;
        }
        let mut per_cell: Vec<Vec<u64>> = vec![Vec::new(); cells];
        for &d in geo.line_directions(diagonals) {
            for first in 0..cells as u16 {
                let mut run = Vec::with_capacity(k);
                let mut c = first;
                while run.len() < k && c != NO_CELL {
                    if run.contains(&c) {
                        // A ring shorter than a line: the walk counts it twice.
                        return None;
                    }
                    run.push(c);
                    c = geo.neighbour(c, d);
                }
                if run.len() < k {
                    continue;
                }
                let mask = run.iter().fold(0u64, |m, &c| m | 1 << c);
                for &c in &run {
                    if !per_cell[usize::from(c)].contains(&mask) {
                        per_cell[usize::from(c)].push(mask);
                    }
                }
            }
        }
        let chunks = per_cell
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .div_ceil(CHUNK);
        let width = chunks * CHUNK;
        let mut masks = Vec::with_capacity(cells * chunks);
        for list in per_cell {
            // A cell on no line takes a mask no colour fills: a cell the
            // board lacks (every board of 64 cells has a line through each
            // cell, or none at all, when width is 0).
            let filler = match list.first() {
                Some(&first) => first,
                None if cells < 64 => 1 << 63,
                None => return None,
            };
            let mut padded = list.iter().copied().chain(std::iter::repeat(filler));
            masks.extend(
                (0..width / CHUNK)
                    .map(|_| std::array::from_fn(|_| padded.next().unwrap_or(filler))),
            );
        }
        Some(LineTable {
            length,
            diagonals,
            chunks,
            masks,
        })
    }

    /// Whether a run of K cells through `cell` lies wholly in `colour`
    /// (the cells of one colour, a bit each).
    #[inline]
    pub(crate) fn completes(&self, cell: u16, colour: u64) -> bool {
        let from = usize::from(cell) * self.chunks;
        // Every mask of the cell is asked, without stopping at the first
        // whole one: every cell asks as many, so no branch waits on which
        // cell a random playout placed on (that cost Tic-Tac-Toe a tenth).
        self.masks[from..from + self.chunks]
            .iter()
            .fold(false, |whole, chunk| {
                whole | chunk.iter().fold(false, |w, &m| w | (m & !colour == 0))
            })
    }

    /// The different lines through `cell`, as masks.
    #[cfg(test)]
    fn lines_through(&self, cell: usize) -> Vec<u64> {
        let chunks = &self.masks[cell * self.chunks..(cell + 1) * self.chunks];
        let mut lines = chunks.as_flattened().to_vec();
        lines.sort_unstable();
        lines.dedup();
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::catalogue_game;

    #[test]
    fn tic_tac_toe_has_the_eight_lines_of_three() {
        let game = catalogue_game("Tic-Tac-Toe");
        let table = LineTable::compile(&game.geometry, 3, true).expect("a 3x3 board fits");
        let mut all: Vec<u64> = table.masks.as_flattened().to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 8, "three rows, three columns, two diagonals");
        // The centre is on four lines, a corner on three, an edge on two.
        let on = |cell: usize| table.lines_through(cell).len();
        let counts: Vec<usize> = (0..9).map(on).collect();
        let mut sorted = counts.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [2, 2, 2, 2, 3, 3, 3, 3, 4]);
        let without = LineTable::compile(&game.geometry, 3, false).expect("fits");
        let listed: usize = (0..9).map(|cell| without.lines_through(cell).len()).sum();
        assert_eq!(listed, 18, "six lines of three cells, each listed per cell");
    }

    #[test]
    fn every_line_through_a_cell_completes_there_and_no_line_short_of_a_cell() {
        // Qubic's cells lie on up to seven lines: more than one chunk.
        for (name, length, lines) in [
            ("Tic-Tac-Toe", 3, 8),
            ("Connect4", 4, 69),
            ("Qubic-4", 4, 76),
        ] {
            let game = catalogue_game(name);
            let table = LineTable::compile(&game.geometry, length, true).expect("fits in 64");
            let mut all = Vec::new();
            for cell in 0..game.geometry.cell_count() {
                for line in table.lines_through(cell) {
                    assert!(
                        table.completes(cell as u16, line),
                        "{name}: {line:#x} at {cell}"
                    );
                    let others = line & !(1 << cell);
                    let short = line & !(others & others.wrapping_neg());
                    assert!(
                        !table.completes(cell as u16, short),
                        "{name}: {short:#x} at {cell}"
                    );
                    all.push(line);
                }
            }
            all.sort_unstable();
            all.dedup();
            // Published counts: 8 lines of Tic-Tac-Toe, 69 windows of
            // Connect Four, 76 lines of the 4x4x4 cube.
            assert_eq!(all.len(), lines, "{name}");
        }
    }

    #[test]
    fn connect_four_has_its_69_windows_and_big_boards_walk() {
        let game = catalogue_game("Connect4");
        let table = LineTable::compile(&game.geometry, 4, true).expect("42 cells fit");
        let mut all = table.masks.as_flattened().to_vec();
        all.sort_unstable();
        all.dedup();
        // 24 horizontal, 21 vertical and 2 x 12 diagonal windows of four.
        assert_eq!(all.len(), 69);
        let big = catalogue_game("5on15sq");
        assert!(LineTable::compile(&big.geometry, 5, true).is_none());
    }
}

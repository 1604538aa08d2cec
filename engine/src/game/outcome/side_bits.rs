//! Whether a seat joins its two sides, answered a word at a time: the
//! seat's pieces are a bit set (kept by the board), and its group touching
//! the near side grows by shifting the set one step along each edge
//! direction at once, until it reaches the far side or stops growing.
//! The breadth-first search that finds the shortest chain to show
//! (`sides::joined`) then runs only on the turn that joins them; before,
//! it ran from every near-side piece of every seat after every turn, most
//! of the time of a game of Hex.
//!
//! Only where a step is the same shift everywhere: every edge direction
//! moves a cell by one fixed number of places wherever it leads somewhere
//! (rectangles of squares or hexagons, on one board or several; not
//! toroids, whose seams wrap, nor boards cut to a hexagon, whose rows
//! differ in length), on flat boards of at most `MAX_WORDS` words.

use crate::geometry::{DirectionSet, Geometry};

use super::super::board::Board;

/// The most words a set of cells takes here (1,024 cells).
const MAX_WORDS: usize = 16;

/// One edge direction as a shift: the cells with a neighbour that way,
/// and how many places the neighbour is ahead (behind when negative).
#[derive(Debug)]
struct Shift {
    from: Vec<u64>,
    by: isize,
}

/// The shifts of a board's edge directions, and each seat's sides per
/// board, compiled once per game.
#[derive(Debug)]
pub(crate) struct SideLayout {
    words: usize,
    shifts: Vec<Shift>,
    /// Per axis (x, y, z) and board, the cells of the near and far sides.
    sides: Vec<[Vec<u64>; 2]>,
    boards: usize,
    /// The same as single numbers, on boards of at most 128 cells (Hex
    /// 11x11 has 121), where a shift is one instruction.
    narrow: Option<Narrow>,
}

#[derive(Debug)]
struct Narrow {
    shifts: Vec<(u128, isize)>,
    sides: Vec<[u128; 2]>,
}

/// Two words as one number, the first word low.
pub(crate) fn wide(words: &[u64]) -> u128 {
    words
        .iter()
        .rev()
        .fold(0u128, |bits, &word| bits << 64 | u128::from(word))
}

impl SideLayout {
    /// The layout of `geo`, or None where a step is not one shift (see the
    /// module).
    pub(crate) fn compile(geo: &Geometry, stacks: bool) -> Option<SideLayout> {
        let cells = geo.cell_count();
        let words = cells.div_ceil(64).max(1);
        if stacks || words > MAX_WORDS {
            return None;
        }
        let empty = || vec![0u64; words];
        let set = |bits: &mut Vec<u64>, cell: usize| bits[cell / 64] |= 1 << (cell % 64);
        let mut shifts = Vec::new();
        for &dir in geo.directions_in(DirectionSet::Orthogonal) {
            let (by, from) = geo.uniform_step(dir)?;
            shifts.push(Shift { from, by });
        }
        let boards = usize::from(geo.boards);
        let mut sides = Vec::new();
        for axis in 0..3 {
            for board in 1..=geo.boards {
                let (mut near, mut far) = (empty(), empty());
                for cell in 0..cells {
                    let c = geo.coord(cell as u16);
                    if c.board != board {
                        continue;
                    }
                    let along = [c.x, c.y, c.z][axis];
                    if along == 1 {
                        set(&mut near, cell);
                    }
                    if along == geo.dims[axis] {
                        set(&mut far, cell);
                    }
                }
                sides.push([near, far]);
            }
        }
        let narrow = (words <= 2).then(|| Narrow {
            shifts: shifts.iter().map(|s| (wide(&s.from), s.by)).collect(),
            sides: sides.iter().map(|[n, f]| [wide(n), wide(f)]).collect(),
        });
        Some(SideLayout {
            words,
            shifts,
            sides,
            boards,
            narrow,
        })
    }

    /// Whether the pieces of `colours` (bit i for colour i) on `board`
    /// join its two sides along `axis` by edge neighbours.
    pub(crate) fn joined(&self, pieces: &Board, colours: u16, axis: usize, board: u8) -> bool {
        let index = axis * self.boards + usize::from(board - 1);
        if let Some(narrow) = &self.narrow {
            return narrow.joined(pieces, colours, index);
        }
        let words = self.words;
        debug_assert_eq!(pieces.words(), words, "the board's words");
        let [near, far] = &self.sides[axis * self.boards + usize::from(board - 1)];
        let mut ours = [0u64; MAX_WORDS];
        let mut reach = [0u64; MAX_WORDS];
        let (mut touches_near, mut touches_far) = (false, false);
        for w in 0..words {
            ours[w] = pieces.colours_bits(colours, w);
            reach[w] = ours[w] & near[w];
            touches_near |= reach[w] != 0;
            touches_far |= ours[w] & far[w] != 0;
        }
        if !(touches_near && touches_far) {
            return false;
        }
        // The far side only counts pieces of this board: `ours` need not be
        // cut to it, since a shift never leaves a board for another
        // (a step between boards is no edge neighbour).
        let mut grown = [0u64; MAX_WORDS];
        loop {
            grown[..words].copy_from_slice(&reach[..words]);
            for shift in &self.shifts {
                shift_into(&mut grown[..words], &reach[..words], &shift.from, shift.by);
            }
            let mut changed = false;
            for w in 0..words {
                grown[w] &= ours[w];
                if grown[w] & far[w] != 0 {
                    return true;
                }
                changed |= grown[w] != reach[w];
            }
            if !changed {
                return false;
            }
            reach[..words].copy_from_slice(&grown[..words]);
        }
    }
}

impl Narrow {
    /// [`SideLayout::joined`] on a board of one or two words.
    #[inline]
    fn joined(&self, pieces: &Board, colours: u16, index: usize) -> bool {
        let ours = pieces.colours_wide(colours);
        let [near, far] = self.sides[index];
        let mut reach = ours & near;
        if reach == 0 || ours & far == 0 {
            return false;
        }
        loop {
            let mut grown = reach;
            for &(from, by) in &self.shifts {
                let moving = reach & from;
                grown |= if by >= 0 { moving << by } else { moving >> -by };
            }
            grown &= ours;
            if grown & far != 0 {
                return true;
            }
            if grown == reach {
                return false;
            }
            reach = grown;
        }
    }
}

/// Adds to `into` the cells of `set` that have a neighbour along a shift
/// (`from`), moved `by` places.
#[inline]
fn shift_into(into: &mut [u64], set: &[u64], from: &[u64], by: isize) {
    let words = set.len();
    let (whole, part) = (by.unsigned_abs() / 64, (by.unsigned_abs() % 64) as u32);
    for w in 0..words {
        // The source word(s) that land on word `w`.
        let bits = |i: isize| -> u64 {
            if i < 0 || i as usize >= words {
                0
            } else {
                set[i as usize] & from[i as usize]
            }
        };
        let w = w as isize;
        let moved = if by >= 0 {
            let low = bits(w - whole as isize);
            let carry = bits(w - whole as isize - 1);
            if part == 0 {
                low
            } else {
                low << part | carry >> (64 - part)
            }
        } else {
            let high = bits(w + whole as isize);
            let carry = bits(w + whole as isize + 1);
            if part == 0 {
                high
            } else {
                high >> part | carry << (64 - part)
            }
        };
        into[w as usize] |= moved;
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    use serde_json::json;

    use super::shift_into;
    use crate::game::outcome::sides;
    use crate::rules::{Color, Shape};
    use crate::testing::game;

    /// Random boards of every kind that compiles a layout, sparse to full:
    /// the bits join a seat's sides exactly where the search finds a chain.
    #[test]
    fn the_bits_join_sides_exactly_where_the_search_finds_a_chain() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let kinds = [
            ("hexagons", [5, 5, 1], 1),
            ("hexagons", [11, 11, 1], 1),
            ("hexagons", [14, 14, 1], 1),
            ("hexagons", [19, 19, 1], 1),
            ("squares", [9, 9, 1], 1),
            ("squares", [4, 4, 4], 1),
            ("squares", [7, 7, 1], 2),
        ];
        let (mut joined, mut apart) = (0, 0);
        for (board, dims, boards) in kinds {
            let game = game(json!({"board": board, "dimensions": dims, "boards": boards,
                "turn_checks": [{"check": "connect_sides", "result": "win"}]}));
            let layout = game.layouts.side_layout.as_ref().expect("a layout");
            for _ in 0..300 {
                let mut state = game.start_seeded(0);
                let filled: f64 = rng.random_range(0.3..0.95);
                let black: f64 = rng.random_range(0.2..0.8);
                for cell in 0..game.geometry.cell_count() {
                    if rng.random_bool(filled) {
                        let color = if rng.random_bool(black) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        state
                            .position
                            .board
                            .set(cell, crate::game::pack(color, Shape::Circle));
                    }
                }
                for seat in 0..2 {
                    for b in 1..=game.geometry.boards {
                        let searched = sides::joined(&state, seat, b).is_some();
                        let controls = game.seats[seat].controls;
                        let bits = layout.joined(
                            &state.position.board,
                            controls,
                            sides::SIDE_AXES[seat],
                            b,
                        );
                        assert_eq!(bits, searched, "{board} {dims:?}: seat {seat}, board {b}");
                        if searched {
                            joined += 1;
                        } else {
                            apart += 1;
                        }
                    }
                }
            }
        }
        // Both answers came up often enough to tell.
        assert!(
            joined > 500 && apart > 500,
            "{joined} joined, {apart} apart"
        );
    }

    #[test]
    fn boards_cut_to_a_hexagon_have_no_layout() {
        let hexagon = game(json!({"board": "hexagons", "dimensions": [7, 7, 1],
            "hexagon_shaped": true,
            "turn_checks": [{"check": "connect_sides", "result": "win"}]}));
        assert!(hexagon.geometry.hexagon_shaped());
        assert!(hexagon.layouts.side_layout.is_none());
    }

    #[test]
    fn a_shift_carries_bits_across_words_both_ways() {
        let everywhere = [u64::MAX; 3];
        let mut into = [0u64; 3];
        shift_into(&mut into, &[1 << 63, 0, 0], &everywhere, 1);
        assert_eq!(into, [0, 1, 0]);
        let mut into = [0u64; 3];
        shift_into(&mut into, &[0, 1, 0], &everywhere, -1);
        assert_eq!(into, [1 << 63, 0, 0]);
        let mut into = [0u64; 3];
        shift_into(&mut into, &[1 << 5, 0, 0], &everywhere, 64 + 3);
        assert_eq!(into, [0, 1 << 8, 0]);
        // Cells without a neighbour that way do not move.
        let mut into = [0u64; 3];
        shift_into(&mut into, &[0b11, 0, 0], &[0b01, 0, 0], 1);
        assert_eq!(into, [0b10, 0, 0]);
    }
}

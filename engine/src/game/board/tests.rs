//! The board's unit tests: slots, keys, counts and colour words kept up
//! to date by every write.

use super::*;

/// A flat board's layout: each cell its own slot.
fn flat(cells: u16) -> Arc<CellLayout> {
    CellLayout::new((0..cells).collect::<Vec<u16>>(), None)
}

fn open(board: &Board) -> Vec<u16> {
    let slots = board.open();
    let listed: Vec<u16> = slots.iter().collect();
    let counted: Vec<u16> = (0..slots.len()).map(|i| slots.nth(i)).collect();
    assert_eq!(listed, counted, "nth agrees with the listing");
    listed
}

#[test]
fn slots_follow_every_write() {
    let mut board = Board::new(vec![0, 1, 0, 0], flat(4));
    assert_eq!(open(&board), [0, 2, 3]);
    board.set(2, 5);
    assert_eq!(open(&board), [0, 3]);
    board.set(2, 6); // one piece for another: still closed
    assert_eq!(open(&board), [0, 3]);
    board.set(1, 0);
    assert_eq!(open(&board), [0, 1, 3]);
    board.set(0, 0); // already empty
    assert_eq!(open(&board), [0, 1, 3]);
    assert_eq!(&*board, [0, 0, 6, 0]);
    assert_eq!(
        board.count_of(crate::rules::Color::Black),
        1,
        "piece 6: black"
    );
    let same = Board::new(vec![0, 0, 6, 0], flat(4));
    assert_eq!(board.key(), same.key(), "the key follows the pieces");
    assert_ne!(board.key(), Board::new(vec![0, 6, 0, 0], flat(4)).key());
}

#[test]
fn on_stacks_a_slot_is_a_stack_with_room_at_the_top() {
    // Two stacks of two: cells 0,1 (top 1) and 2,3 (top 3).
    let layout = CellLayout::new(vec![NO_SLOT, 0, NO_SLOT, 1], None);
    let mut board = Board::new(vec![0; 4], layout);
    assert_eq!(open(&board), [0, 1]);
    board.set(0, 1);
    assert_eq!(open(&board), [0, 1], "the bottom filled: room remains");
    board.set(1, 1);
    assert_eq!(open(&board), [1], "stack 0 is full");
    board.set(1, 0);
    assert_eq!(open(&board), [0, 1]);
}

#[test]
fn the_nth_slot_is_found_across_words() {
    // A 361-cell board (19x19), every third cell open.
    let cells: Vec<Cell> = (0..361).map(|c| u8::from(c % 3 != 0)).collect();
    let board = Board::new(cells, flat(361));
    let expected: Vec<u16> = (0..361).filter(|c| c % 3 == 0).collect();
    assert_eq!(open(&board), expected);
    assert_eq!(board.open().len(), 121);
    // Every bit position of a full word.
    for k in 0..64 {
        assert_eq!(nth_bit(u64::MAX, k), k);
    }
    assert_eq!(
        nth_bit(0b1010_0000_0000_0000_0000_0000_0000_0000_0000_0001, 2),
        39
    );
}

#[test]
fn filling_a_cell_is_setting_it() {
    for name in ["Tic-Tac-Toe", "Connect4", "5on15sq", "Qubic-4"] {
        let game = crate::testing::catalogue_game(name);
        let mut set = game.start().position.board.clone();
        let mut filled = set.clone();
        let geo = &game.geometry;
        // Bottom up on stacks, where a piece lands on the one below.
        let mut cells: Vec<u16> = match geo.kind {
            crate::rules::BoardKind::Stacks => geo.columns().concat(),
            _ => (0..geo.cell_count() as u16).collect(),
        };
        cells.sort_by_key(|&c| (geo.coord(c).z, c.wrapping_mul(40_503)));
        for (i, cell) in cells.into_iter().enumerate() {
            // Pieces of two colours and two shapes, as `pack` lays them.
            let piece = [1, 7, 2, 8][i % 4];
            set.set(usize::from(cell), piece);
            filled.fill(usize::from(cell), piece);
            assert_eq!(
                format!("{filled:?}"),
                format!("{set:?}"),
                "{name}, cell {cell}"
            );
        }
        assert_eq!(filled.open().len(), 0, "{name}");
    }
}

#[test]
fn shifting_a_piece_is_setting_both_cells() {
    // Small and big flat boards, the big ones keeping lines as bits.
    for name in ["Tic-Tac-Toe", "Tapatan", "5on15sq", "Connect6-19x19"] {
        let game = crate::testing::catalogue_game(name);
        let mut set = game.start().position.board.clone();
        let cells = game.geometry.cell_count();
        for (i, cell) in (0..cells).step_by(3).enumerate() {
            set.set(cell, [1, 7, 2, 8][i % 4]);
        }
        let mut shifted = set.clone();
        let mut shifts = 0;
        for step in 0..200usize {
            let from = (step * 7919) % cells;
            let to = (step * 104_729 + 1) % cells;
            if set[from] == 0 || set[to] != 0 {
                continue;
            }
            set.set(to, set[from]);
            set.set(from, 0);
            shifted.shift(from, to);
            shifts += 1;
            assert_eq!(
                format!("{shifted:?}"),
                format!("{set:?}"),
                "{name}, {from} to {to}"
            );
        }
        assert_eq!(shifted.key(), set.key(), "{name}");
        assert!(shifts >= 10, "{name}: {shifts} shifts");
    }
}

#[test]
fn a_stack_knows_how_high_its_pieces_reach() {
    // Two stacks of three: cells 0-2 and 3-5, from the bottom.
    let columns = vec![vec![0, 1, 2], vec![3, 4, 5]];
    let stacks = StackLayout::new(&columns, 6);
    let layout = CellLayout::new((0..6).collect::<Vec<u16>>(), Some(stacks));
    let mut board = Board::new(vec![1, 1, 1, 0, 0, 0], layout);
    assert_eq!((board.height(0), board.height(1)), (Some(3), Some(0)));
    board.set(3, 7);
    assert_eq!(board.height(1), Some(1));
    // A middle piece leaving keeps the height; the top one then lowers
    // it past the gap to the next piece down.
    board.set(1, 0);
    assert_eq!(board.height(0), Some(3));
    board.set(2, 0);
    assert_eq!(board.height(0), Some(1), "down to the bottom piece");
    board.set(0, 0);
    assert_eq!(board.height(0), Some(0));
    assert_eq!(Board::new(vec![0; 4], flat(4)).height(0), None);
}

#[test]
fn every_colour_is_counted_and_placed_in_its_word() {
    use crate::rules::{Color, Shape};
    let mut board = Board::new(vec![0; 70], flat(70));
    for (i, color) in Color::ALL.into_iter().enumerate() {
        // Cells 60.. straddle the end of the first word.
        board.set(60 + i, super::super::pack(color, Shape::X));
        assert_eq!(board.count_of(color), 1, "{color:?}");
        let expected = if 60 + i < 64 { 1u64 << (60 + i) } else { 0 };
        assert_eq!(board.colour_word(color), expected, "{color:?}");
    }
    board.set(68, 0);
    assert_eq!(board.count_of(*Color::ALL.last().expect("colours")), 0);
    assert_eq!(board.open().len(), 70 - Color::ALL.len() + 1);
}

#[test]
fn a_shape_is_counted_over_every_colour() {
    use crate::rules::{Color, Shape};
    let mut board = Board::new(vec![0; 20], flat(20));
    assert_eq!(board.count_shape(Shape::Pentagon), 0);
    // One square of each colour, the later colours' counts boxed, and a
    // piece of another shape that must not count.
    for (i, color) in Color::ALL.into_iter().enumerate() {
        board.set(i, super::super::pack(color, Shape::Pentagon));
    }
    board.set(15, super::super::pack(Color::White, Shape::Circle));
    assert_eq!(
        usize::from(board.count_shape(Shape::Pentagon)),
        Color::ALL.len()
    );
    assert_eq!(board.count_shape(Shape::Circle), 1);
    board.set(0, 0);
    assert_eq!(
        usize::from(board.count_shape(Shape::Pentagon)),
        Color::ALL.len() - 1
    );
}

#[test]
fn every_word_of_a_colours_cells_follows_its_pieces() {
    use crate::rules::{Color, Shape};
    // 200 cells: four words a colour, cells on both sides of each word's end.
    let mut board = Board::new(vec![0; 200], flat(200)).with_every_colour_bit();
    let cells = [0usize, 63, 64, 127, 128, 199];
    for (i, &cell) in cells.iter().enumerate() {
        let color = Color::ALL[i % 3];
        board.set(cell, super::super::pack(color, Shape::X));
    }
    for (i, color) in Color::ALL.into_iter().take(3).enumerate() {
        let bit = 1u16 << color.index();
        for word in 0..4 {
            let expected = (cells.iter().enumerate())
                .filter(|&(j, &cell)| j % 3 == i && cell / 64 == word)
                .fold(0u64, |bits, (_, &cell)| bits | 1 << (cell % 64));
            assert_eq!(
                board.colours_bits(bit, word),
                expected,
                "{color:?}, word {word}"
            );
        }
    }
    board.set(128, 0);
    assert_eq!(board.colours_bits(1 << Color::ALL[1].index(), 2), 0);
    assert_eq!(board.colours_bits(1 << Color::ALL[0].index(), 0), 1);
}

#[test]
fn pieces_lifted_uncounted_and_put_back_leave_the_board_as_it_was() {
    // A black, a white and a pink piece (packed as `pack` packs them).
    use crate::rules::{Color, Shape};
    let pieces =
        [Color::Black, Color::White, Color::Pink].map(|c| super::super::pack(c, Shape::Circle));
    let start = Board::new(vec![pieces[0], 0, pieces[1], pieces[2], 0], flat(5));
    let mut board = start.clone();
    for cell in [0, 2, 3] {
        board.set_uncounted(cell, 0);
    }
    // While lifted, the listing's parts see an empty board ...
    assert_eq!(open(&board), [0, 1, 2, 3, 4]);
    assert_eq!(board.colour_word(Color::Pink), 0);
    assert_eq!(board.colour_word(Color::Black), 0);
    // ... and the outcomes' parts are left alone.
    assert_eq!(board.key(), start.key());
    assert_eq!(board.count_of(Color::Pink), 1);
    for (cell, piece) in [(0, pieces[0]), (2, pieces[1]), (3, pieces[2])] {
        board.set_uncounted(cell, piece);
    }
    assert_eq!(&*board, &*start);
    assert_eq!(open(&board), [1, 4]);
    assert_eq!(board.key(), start.key());
    for color in [Color::Black, Color::White, Color::Pink] {
        assert_eq!(
            board.colour_word(color),
            start.colour_word(color),
            "{color:?}"
        );
        assert_eq!(board.count_of(color), 1, "{color:?}");
    }
}

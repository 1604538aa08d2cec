use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::json;

use super::MAX_RUN;
use crate::geometry::NO_CELL;
use crate::rules::{Color, Shape};
use crate::testing::game;

/// The run through `cell` along `dir` and back, counted cell by cell
/// along the neighbours as the walk in `outcome` counts it.
fn walked(state: &crate::State, cell: u16, dir: usize) -> usize {
    let geo = &state.game().geometry;
    let colour = state.piece_at(cell).expect("a piece").0;
    let same = |c: u16| state.piece_at(c).is_some_and(|p| p.0 == colour);
    let mut run = 1;
    for d in [dir, geo.direction_count() - 1 - dir] {
        let mut c = geo.neighbour(cell, d);
        while c != NO_CELL && c != cell && same(c) {
            run += 1;
            c = geo.neighbour(c, d);
        }
    }
    run
}

/// Boards bigger than a word, of every kind that lays its lines out.
fn big_boards() -> Vec<std::sync::Arc<crate::Game>> {
    [
        ("squares", [12, 12, 1]),
        ("squares", [19, 19, 1]),
        ("hexagons", [9, 9, 1]),
        ("squares", [5, 5, 5]),
        ("stacks", [9, 9, 4]),
        ("tetrakis_squares", [6, 6, 1]),
    ]
    .iter()
    .map(|(board, dims)| {
        game(json!({"board": board, "dimensions": dims,
                    "turn_checks": [{"check": "in_a_row", "length": 5, "result": "win"}]}))
    })
    .collect()
}

#[test]
fn runs_counted_as_bits_are_the_runs_walked() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut compared = 0;
    for game in big_boards() {
        let name = format!("{:?} {:?}", game.rules.board, game.rules.dimensions);
        assert!(
            game.layouts.line_layout.is_some(),
            "{name} lays its lines out"
        );
        for _ in 0..6 {
            // Random positions, sparse to full, mostly of one colour so
            // that runs grow long: set on the board as a game would.
            let mut state = game.start_seeded(0);
            let filled: f64 = rng.random_range(0.2..1.0);
            let mostly: f64 = rng.random_range(0.5..0.95);
            for cell in 0..game.geometry.cell_count() {
                let piece = match (rng.random_bool(filled), rng.random_bool(mostly)) {
                    (false, _) => 0,
                    (true, true) => crate::game::pack(Color::Black, Shape::Circle),
                    (true, false) => crate::game::pack(Color::White, Shape::Circle),
                };
                state.position.board.set(cell, piece);
            }
            let bits = state.position.board.line_bits().expect("kept as bits");
            // Only the colours the seats play are kept.
            for colour in Color::ALL {
                let played = matches!(colour, Color::Black | Color::White);
                assert_eq!(bits.keeps(colour.index()), played, "{name}: {colour:?}");
            }
            let geo = &game.geometry;
            for cell in 0..geo.cell_count() as u16 {
                let Some((colour, _)) = state.piece_at(cell) else {
                    continue;
                };
                let mut longest = 0;
                for &d in geo.line_directions(true) {
                    let run = walked(&state, cell, d);
                    for length in 1..=MAX_RUN {
                        let reaches = bits.run_reaches(cell, colour.index(), d, length);
                        assert_eq!(reaches, run >= usize::from(length), "{name}: {cell} {d}");
                    }
                    longest = longest.max(run);
                    compared += 1;
                }
                // Along any axis: as long as the longest walked.
                for length in 1..=MAX_RUN {
                    let reaches = bits.run_reaches_any_axis(cell, colour.index(), length);
                    assert_eq!(reaches, longest >= usize::from(length), "{name}: {cell}");
                }
            }
        }
    }
    assert!(compared > 5_000, "{compared} runs compared");
}

#[test]
fn boards_whose_lines_wrap_or_fit_a_word_keep_no_bits() {
    let toroid = game(json!({"board": "squares_on_toroid", "dimensions": [9, 9, 1]}));
    assert!(
        toroid.layouts.line_layout.is_none(),
        "a toroid's lines are rings"
    );
    let small = game(json!({"board": "squares", "dimensions": [8, 8, 1]}));
    assert!(small.layouts.line_layout.is_none(), "64 cells have masks");
    let no_lines = game(json!({"board": "squares", "dimensions": [9, 9, 1], "turn_checks": []}));
    assert!(
        no_lines.layouts.line_layout.is_none(),
        "nothing counts lines"
    );
}

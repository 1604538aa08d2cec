use std::collections::BTreeSet;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::super::LeanRun;
use super::Informed;
use crate::Move;
use crate::game::{GameState, State, outcome};
use crate::testing::{LINE_GAMES, catalogue_game, line_game_positions};

#[test]
fn only_two_seats_placing_their_own_piece_for_a_winning_line_are_informed() {
    for name in LINE_GAMES {
        assert!(Informed::of(&catalogue_game(name)).is_some(), "{name}");
    }
    // Both seats place the same piece (Treblecross), a line loses
    // (misère), three seats, lines are not the check (Hex, Reversi), and
    // hidden pieces.
    for name in [
        "Treblecross15",
        "3P-Misere-Notakto",
        "3P-MostWins-3x4",
        "Hex",
        "Reversi",
        "Shopping9",
    ] {
        assert!(Informed::of(&catalogue_game(name)).is_none(), "{name}");
    }
}

/// The empty cells where a piece of `seat` would complete a line, by the
/// engine's walk along the lines (`outcome::walk_completes`) on a copy of
/// the board.
fn cells_completing(state: &State, seat: usize, informed: Informed) -> BTreeSet<u16> {
    cells_completing_on(state.game(), &state.position.board, seat, informed)
}

fn cells_completing_on(
    game: &crate::Game,
    board: &crate::game::board::Board,
    seat: usize,
    informed: Informed,
) -> BTreeSet<u16> {
    let (color, _) = crate::game::unpack(informed.pieces[seat]).expect("packed");
    let mut board = board.clone();
    (0..game.geometry.cell_count() as u16)
        .filter(|&cell| {
            if board[usize::from(cell)] != 0 {
                return false;
            }
            board.set(usize::from(cell), informed.pieces[seat]);
            let line = outcome::walk_completes(
                game,
                &board,
                cell,
                color,
                informed.length,
                informed.diagonals,
            );
            board.set(usize::from(cell), 0);
            line
        })
        .collect()
}

#[test]
fn the_cells_found_are_exactly_those_completing_a_line() {
    for state in line_game_positions(12) {
        let game = state.game();
        let informed = Informed::of(game).expect("a line game");
        let mut run = LeanRun::default();
        if !run.load(&state) {
            continue;
        }
        run.find_all_threats(game, informed);
        for seat in 0..2 {
            let found: BTreeSet<u16> = run.threats[seat].iter().copied().collect();
            assert_eq!(
                found,
                cells_completing(&state, seat, informed),
                "{} after {} moves, seat {seat}",
                game.rules.name,
                state.decisions().len()
            );
        }
    }
}

#[test]
fn the_cells_found_stay_exact_as_a_playout_places() {
    let mut compared = 0;
    for state in line_game_positions(60) {
        let game = state.game();
        let informed = Informed::of(game).expect("a line game");
        let mut run = LeanRun::default();
        run.inform(game);
        if !run.load(&state) {
            continue;
        }
        run.note_all_threats(game);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut ended = false;
        for _ in 0..12 {
            let placed = match run.draw_slot(game, &mut rng) {
                Some(slot) => run.place_noting(game, slot),
                None => Err(super::super::RunStop::Pass),
            };
            if placed.is_err() {
                ended = true;
                break;
            }
        }
        if ended {
            continue;
        }
        // The engine's own placements are listed afresh, as a playout's
        // next start lists them.
        run.refresh_threats(game);
        compared += assert_cells_exact(&run, game, informed);
    }
    assert!(compared >= 10, "positions with a cell to find: {compared}");
}

/// Asserts that the run's cells completing a line, those still empty, are
/// exactly the engine's for each seat; how many seats have one.
fn assert_cells_exact(run: &LeanRun, game: &crate::Game, informed: Informed) -> usize {
    let board = &run.board;
    (0..2)
        .map(|seat| {
            let found: BTreeSet<u16> = run.threats[seat]
                .iter()
                .copied()
                .filter(|&c| board[usize::from(c)] == 0)
                .collect();
            let expected = cells_completing_on(game, board, seat, informed);
            assert_eq!(found, expected, "{} seat {seat}", game.rules.name);
            usize::from(!expected.is_empty())
        })
        .sum()
}

#[test]
fn the_cells_noted_stay_exact_through_the_trees_moves() {
    let mut compared = 0;
    for state in line_game_positions(30) {
        let game = state.game();
        let informed = Informed::of(game).expect("a line game");
        let mut run = LeanRun::default();
        run.inform(game);
        if game.rules.pieces_per_turn != 1 || !run.load(&state) {
            continue;
        }
        run.note_all_threats(game);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(state.decisions().len() as u64);
        for _ in 0..8 {
            let moves = run.moves(game);
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            if run.make(game, mv).is_some() {
                break;
            }
            assert!(
                run.noted,
                "{}: a tree's move keeps the list",
                game.rules.name
            );
            compared += assert_cells_exact(&run, game, informed);
        }
    }
    assert!(compared >= 10, "positions with a cell to find: {compared}");
}

/// Under gravity, the cell a piece put in the stack of `to` would open:
/// the one above it.
fn above(game: &crate::Game, to: u16) -> Option<u16> {
    let column = &game.geometry.columns()[game.geometry.column_of(to)];
    let at = column.iter().position(|&c| c == to)?;
    column.get(at + 1).copied()
}

#[test]
fn a_slot_opens_a_line_where_the_cell_above_its_landing_completes_one() {
    let game = catalogue_game("Connect4");
    let informed = Informed::of(&game).expect("a line game");
    let (mut opening, mut checked) = (0, 0);
    for state in line_game_positions(200) {
        if state.game().rules.name != "Connect4" {
            continue;
        }
        let mut run = LeanRun::default();
        run.inform(&game);
        if !run.load(&state) {
            continue;
        }
        run.note_all_threats(&game);
        let lines: BTreeSet<u16> = (0..2)
            .flat_map(|seat| cells_completing(&state, seat, informed))
            .collect();
        for mv in state.legal_actions() {
            let Move::Place { to, .. } = *mv else {
                continue;
            };
            let expected = above(&game, to).is_some_and(|a| lines.contains(&a));
            let slot = game.geometry.column_of(to) as u16;
            assert_eq!(run.opens_a_line(&game, slot), expected, "landing {to}");
            opening += usize::from(expected);
            checked += 1;
        }
    }
    assert!(checked >= 500 && opening >= 20, "{opening} of {checked}");
}

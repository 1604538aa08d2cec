use std::collections::BTreeSet;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::super::LeanRun;
use super::Informed;
use crate::Move;
use crate::game::{GameState, State, outcome};
use crate::testing::{catalogue_game, cell_of, played};

const LINE_GAMES: [&str; 6] = [
    "Tic-Tac-Toe",
    "Connect4",
    "Qubic-4",
    "4on7sq",
    "5on15sq",
    "Connect6-19x19",
];

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

/// The moves of seat `seat` that end the game at once with its win, by
/// the state's own rules: each legal move made and the returns read.
fn winning_moves(state: &State, seat: usize) -> BTreeSet<u16> {
    state
        .legal_actions()
        .iter()
        .filter_map(|&mv| {
            let mut next = state.clone();
            next.apply_action(mv).ok()?;
            let won = next.returns()?.nth(seat)? >= 1.0;
            let Move::Place { to, .. } = mv else {
                return None;
            };
            won.then_some(to)
        })
        .collect()
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

/// Positions of random play in each line game, at most `per_game` each,
/// none over.
fn random_positions(per_game: usize) -> Vec<State> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(24);
    let mut positions = Vec::new();
    for name in LINE_GAMES {
        let game = catalogue_game(name);
        for seed in 0..per_game as u64 {
            let mut state = game.start_seeded(seed);
            let cells = game.geometry.cell_count();
            let moves = rng.random_range(0..cells.min(60));
            for _ in 0..moves {
                let mut next = state.clone();
                let Some(mv) = crate::random::random_move(&next, &mut rng) else {
                    break;
                };
                if next.apply_action(mv).is_err() || next.is_terminal() {
                    break;
                }
                state = next;
            }
            positions.push(state);
        }
    }
    positions
}

#[test]
fn the_cells_found_are_exactly_those_completing_a_line() {
    for state in random_positions(12) {
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
    for state in random_positions(60) {
        let game = state.game();
        let informed = Informed::of(game).expect("a line game");
        let mut run = LeanRun::default();
        run.inform(game);
        if !run.load(&state) {
            continue;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        if run.play(game, &mut rng, 12).1.decided() {
            continue;
        }
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
fn a_playout_wins_where_it_can_and_else_blocks_the_next_seats_win() {
    let mut checked = [0, 0];
    for state in random_positions(40) {
        let game = state.game();
        let Some(me) = state.movers().next() else {
            continue;
        };
        // One placement a turn: a turn of two is proved by whole turns.
        if game.rules.pieces_per_turn != 1 || !state.moves_this_turn().is_empty() {
            continue;
        }
        let mut run = LeanRun::default();
        run.inform(game);
        if !run.load(&state) {
            continue;
        }
        let wins = winning_moves(&state, me);
        let blocks = as_if_next_moved(&state);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(state.decisions().len() as u64);
        let (_, stop) = run.play(game, &mut rng, 1);
        let first = run.placements().next().map(|mv| match mv {
            Move::Place { to, .. } => to,
            other => panic!("a placement, not {other:?}"),
        });
        let first = first.expect("one placement");
        if !wins.is_empty() {
            assert!(
                wins.contains(&first),
                "{}: wins at {wins:?}, played {first}",
                game.rules.name
            );
            assert!(stop.decided(), "the win ends the playout");
            checked[0] += 1;
        } else if let Some(blocks) = blocks.filter(|b| !b.is_empty()) {
            assert!(
                blocks.contains(&first),
                "{}: blocks {blocks:?}, played {first}",
                game.rules.name
            );
            checked[1] += 1;
        }
    }
    assert!(
        checked[0] >= 10 && checked[1] >= 10,
        "positions checked: {checked:?}"
    );
}

/// Where the next seat would win at once if it moved in `state`: the
/// winning moves of the next seat, asked of the position with the mover's
/// turn handed over. The rules give no pass, so the next seat's stones are
/// tried on each empty cell the mover could also use.
fn as_if_next_moved(state: &State) -> Option<BTreeSet<u16>> {
    let game = state.game();
    let informed = Informed::of(game)?;
    let me = state.movers().next()?;
    let completing = cells_completing(state, 1 - me, informed);
    // Only cells a piece put now would land on (a stack's next cell).
    let playable: BTreeSet<u16> = state
        .legal_actions()
        .iter()
        .filter_map(|mv| match mv {
            Move::Place { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    Some(completing.intersection(&playable).copied().collect())
}

#[test]
fn an_informed_playout_takes_an_open_four_and_blocks_a_four() {
    let game = catalogue_game("5on15sq");
    // Black's open four from 8,8 to 8,11 (white's stones far off), black
    // to move: every playout wins at once, on 8,7 or 8,12.
    let open = played(
        &game,
        &["8,8", "1,1", "8,9", "1,15", "8,10", "15,1", "8,11", "15,15"],
    );
    let wins: BTreeSet<u16> = ["8,7", "8,12"].iter().map(|t| cell_of(&open, t)).collect();
    // Black's four from 8,8 to 8,11, closed by white on 8,7: white must
    // fill 8,12.
    let four = played(&game, &["8,8", "8,7", "8,9", "1,1", "8,10", "1,15", "8,11"]);
    let block = cell_of(&four, "8,12");
    for seed in 0..50 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut run = LeanRun::default();
        run.inform(&game);
        assert!(run.load(&open));
        let (played, stop) = run.play(&game, &mut rng, usize::MAX);
        assert_eq!((played, stop.decided()), (1, true), "seed {seed}");
        assert_eq!(run.results()[0], crate::game::SeatResult::Win, "black wins");
        assert!(wins.contains(&first_cell(&run)));
        let mut run = LeanRun::default();
        run.inform(&game);
        assert!(run.load(&four));
        run.play(&game, &mut rng, 1);
        assert_eq!(first_cell(&run), block, "seed {seed}");
    }
}

fn first_cell(run: &LeanRun) -> u16 {
    match run.placements().next() {
        Some(Move::Place { to, .. }) => to,
        other => panic!("a placement, not {other:?}"),
    }
}

#[test]
fn the_cells_noted_stay_exact_through_the_trees_moves() {
    let mut compared = 0;
    for state in random_positions(30) {
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
fn under_gravity_a_playout_keeps_off_the_cells_below_a_line() {
    let game = catalogue_game("Connect4");
    let informed = Informed::of(&game).expect("a line game");
    let (mut tried, mut opened, mut uniform) = (0, 0, 0.0);
    for state in random_positions(200) {
        if state.game().rules.name != "Connect4" {
            continue;
        }
        let Some(me) = state.movers().next() else {
            continue;
        };
        // No win to take and none to block: the playout draws.
        if !winning_moves(&state, me).is_empty()
            || as_if_next_moved(&state).is_some_and(|b| !b.is_empty())
        {
            continue;
        }
        let lines: BTreeSet<u16> = (0..2)
            .flat_map(|seat| cells_completing(&state, seat, informed))
            .collect();
        let landings: Vec<u16> = state
            .legal_actions()
            .iter()
            .filter_map(|mv| match mv {
                Move::Place { to, .. } => Some(*to),
                _ => None,
            })
            .collect();
        let opening: BTreeSet<u16> = landings
            .iter()
            .copied()
            .filter(|&to| above(&game, to).is_some_and(|a| lines.contains(&a)))
            .collect();
        if opening.is_empty() || opening.len() == landings.len() {
            continue;
        }
        for seed in 0..20 {
            let mut run = LeanRun::default();
            run.inform(&game);
            assert!(run.load(&state));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            run.play(&game, &mut rng, 1);
            tried += 1;
            opened += usize::from(opening.contains(&first_cell(&run)));
            uniform += opening.len() as f64 / landings.len() as f64;
        }
    }
    assert!(tried >= 100, "playouts checked: {tried}");
    // A uniform draw would open such a cell `uniform` times in all.
    assert!(
        (opened as f64) < uniform / 4.0,
        "opened {opened} times in {tried}; a uniform draw would {uniform:.0}"
    );
}

#[test]
fn only_informed_runs_under_gravity_explore_less() {
    let under = |name: &str| {
        let game = catalogue_game(name);
        let mut run = LeanRun::default();
        run.inform(&game);
        run.plays_under_gravity(&game)
    };
    assert!(under("Connect4"));
    assert!(!under("Qubic-4") && !under("Tic-Tac-Toe") && !under("5on15sq"));
}

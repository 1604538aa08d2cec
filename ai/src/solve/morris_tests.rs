//! The movement games of the catalogue (Tapatan, Achi, 9-Holes) solved a
//! second way, apart from the engine: their rules written out over a 3×3
//! array, every reachable position listed, and values found by repeating
//! "a position is won if a move reaches a lost one, lost if every move
//! reaches a won one" until nothing changes (what never settles is a draw:
//! the rules draw a repeated move). The solver's values must agree, from
//! the start and after every opening placement.

use std::collections::HashMap;

use super::*;
use redscience_engine::testing::{catalogue_game, played};

/// One of the games' rules, as their descriptions state them.
struct Rules {
    stones: u8,
    /// Slides any distance and knight's jumps (9-Holes), or one step.
    slides_and_jumps: bool,
    diagonal_lines: bool,
}

/// Cells 0..9, x + 3y, (0,0) the lower left; 0 empty, 1 black, 2 white.
type Board = [u8; 9];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Position {
    board: Board,
    mover: u8,
}

fn xy(cell: usize) -> (i32, i32) {
    ((cell % 3) as i32, (cell / 3) as i32)
}

fn cell_at(x: i32, y: i32) -> Option<usize> {
    ((0..3).contains(&x) && (0..3).contains(&y)).then(|| (x + 3 * y) as usize)
}

fn has_line(board: &Board, side: u8, diagonals: bool) -> bool {
    let mut lines = vec![
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
    ];
    if diagonals {
        lines.extend([[0, 4, 8], [2, 4, 6]]);
    }
    lines.iter().any(|l| l.iter().all(|&c| board[c] == side))
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The boards a mover can reach; a stuck mover passes (the board stays).
fn moves(rules: &Rules, p: Position) -> Vec<Board> {
    let on_board = p.board.iter().filter(|&&c| c == p.mover).count() as u8;
    let mut out = Vec::new();
    let with = |from: Option<usize>, to: usize| {
        let mut board = p.board;
        if let Some(from) = from {
            board[from] = 0;
        }
        board[to] = p.mover;
        board
    };
    if on_board < rules.stones {
        for to in (0..9).filter(|&c| p.board[c] == 0) {
            out.push(with(None, to));
        }
        return out;
    }
    for from in (0..9).filter(|&c| p.board[c] == p.mover) {
        let (x, y) = xy(from);
        for (dx, dy) in DIRECTIONS {
            let mut step = 1;
            while let Some(to) = cell_at(x + dx * step, y + dy * step) {
                if p.board[to] != 0 {
                    break;
                }
                out.push(with(Some(from), to));
                if !rules.slides_and_jumps {
                    break;
                }
                step += 1;
            }
        }
        if rules.slides_and_jumps {
            for (dx, dy) in KNIGHT {
                if let Some(to) = cell_at(x + dx, y + dy).filter(|&to| p.board[to] == 0) {
                    out.push(with(Some(from), to));
                }
            }
        }
    }
    if out.is_empty() {
        out.push(p.board);
    }
    out
}

/// Every position's value for its mover, by repeated sweeps.
fn values(rules: &Rules) -> HashMap<Position, Value> {
    let start = Position {
        board: [0; 9],
        mover: 1,
    };
    let mut children: HashMap<Position, Vec<Position>> = HashMap::new();
    let mut stack = vec![start];
    let mut lost_now = Vec::new();
    while let Some(p) = stack.pop() {
        if children.contains_key(&p) {
            continue;
        }
        let next: Vec<Position> = moves(rules, p)
            .into_iter()
            .map(|board| Position {
                board,
                mover: 3 - p.mover,
            })
            .collect();
        for &child in &next {
            // The mover who completes a line has won: the child is lost
            // for the seat to move there, and ends.
            if has_line(&child.board, p.mover, rules.diagonal_lines) {
                lost_now.push(child);
                children.insert(child, Vec::new());
            } else {
                stack.push(child);
            }
        }
        children.insert(p, next);
    }
    let mut value: HashMap<Position, Value> = lost_now.iter().map(|&p| (p, Value::Loss)).collect();
    loop {
        let mut changed = false;
        for (p, next) in &children {
            if value.contains_key(p) || next.is_empty() {
                continue;
            }
            let of = |c: &Position| value.get(c).copied();
            let found = if next.iter().any(|c| of(c) == Some(Value::Loss)) {
                Some(Value::Win)
            } else if next.iter().all(|c| of(c) == Some(Value::Win)) {
                Some(Value::Loss)
            } else {
                None
            };
            if let Some(v) = found {
                value.insert(*p, v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    children
        .keys()
        .map(|p| (*p, value.get(p).copied().unwrap_or(Value::Draw)))
        .collect()
}

fn agree(name: &str, rules: Rules) {
    let brute = values(&rules);
    let game = catalogue_game(name);
    let start = Position {
        board: [0; 9],
        mover: 1,
    };
    let solved = try_solve(&game.start(), 200_000).expect("solvable");
    assert_eq!(solved.value, brute[&start], "{name} from the start");
    for cell in 0..9 {
        let (x, y) = xy(cell);
        let typed = format!("{},{}", x + 1, y + 1);
        let state = played(&game, &[typed.as_str()]);
        let mut board = [0; 9];
        board[cell] = 1;
        let after = Position { board, mover: 2 };
        let solved = try_solve(&state, 200_000).expect("solvable");
        assert_eq!(solved.value, brute[&after], "{name} after {typed}");
    }
}

#[test]
fn tapatan_agrees_with_a_brute_force() {
    agree(
        "Tapatan",
        Rules {
            stones: 3,
            slides_and_jumps: false,
            diagonal_lines: true,
        },
    );
}

#[test]
fn achi_agrees_with_a_brute_force() {
    agree(
        "Achi",
        Rules {
            stones: 4,
            slides_and_jumps: false,
            diagonal_lines: true,
        },
    );
}

#[test]
fn nine_holes_agrees_with_a_brute_force() {
    agree(
        "9-Holes",
        Rules {
            stones: 3,
            slides_and_jumps: true,
            diagonal_lines: false,
        },
    );
}

//! The checks on a seat's edges of the board: "Reaching the goal" (a piece
//! arriving on its goal) and "Connecting opposite sides" (a seat's pieces
//! joining its two opposite sides by edge neighbours, as in Hex, with the
//! shortest such chain to show).

use std::collections::VecDeque;

use super::measures;
use crate::game::State;
use crate::geometry::{DirectionSet, NO_CELL};

/// The teams with a piece of their colours that arrived on `board` this
/// turn on a seat's goal, and those spaces: both empty where none did.
pub(super) fn goals_reached(state: &State, board: u8) -> (Vec<bool>, Vec<u16>) {
    let game = state.game();
    // Both lists stay empty, and unallocated, at the many turns that reach
    // no goal: this runs after every turn.
    let mut named = Vec::new();
    let mut cells: Vec<u16> = Vec::new();
    let on_board = measures::board_cells(state.position(), board);
    for &cell in state
        .position
        .changed
        .iter()
        .filter(|c| on_board.contains(c))
    {
        let Some((color, _)) = state.piece_at(cell) else {
            continue;
        };
        for (s, seat) in game.seats.iter().enumerate() {
            if seat.controls(color) && game.on_goal(s, cell) && !cells.contains(&cell) {
                named.resize(game.teams.count, false);
                named[seat.team] = true;
                cells.push(cell);
            }
        }
    }
    cells.sort_unstable();
    (named, cells)
}

/// The axis whose two ends a seat joins: Player 1 the rows (y, its goal's
/// direction), Player 2 the columns (x), Player 3 the levels (z).
pub const SIDE_AXES: [usize; 3] = [1, 0, 2];

/// A cell's coordinate along `axis`.
fn along(state: &State, cell: u16, axis: usize) -> u8 {
    let c = state.game().geometry.coord(cell);
    [c.x, c.y, c.z][axis]
}

/// The shortest chain of `seat`'s pieces on `board` from the low end of its
/// axis to the high end, ends included, if there is one.
pub(crate) fn joined(state: &State, seat: usize, board: u8) -> Option<Vec<u16>> {
    let game = state.game();
    let axis = *SIDE_AXES.get(seat)?;
    let geo = &game.geometry;
    let far = geo.dims[axis];
    let ours = |cell: u16| {
        state
            .piece_at(cell)
            .is_some_and(|(color, _)| game.seats[seat].controls(color))
    };
    let first = usize::from(board - 1) * geo.cells_per_board;
    let cells = first as u16..(first + geo.cells_per_board) as u16;
    // Breadth first from every piece on the near side: the first piece on
    // the far side reached ends the shortest chain.
    let mut came_from = vec![NO_CELL; geo.cells_per_board];
    let mut queue = VecDeque::new();
    for cell in cells.clone() {
        if along(state, cell, axis) == 1 && ours(cell) {
            came_from[usize::from(cell) - first] = cell;
            queue.push_back(cell);
        }
    }
    while let Some(cell) = queue.pop_front() {
        if along(state, cell, axis) == far {
            let mut chain = vec![cell];
            let mut at = cell;
            while came_from[usize::from(at) - first] != at {
                at = came_from[usize::from(at) - first];
                chain.push(at);
            }
            chain.reverse();
            return Some(chain);
        }
        for &d in geo.directions_in(DirectionSet::Orthogonal) {
            let next = geo.neighbour(cell, d);
            if next != NO_CELL
                && cells.contains(&next)
                && came_from[usize::from(next) - first] == NO_CELL
                && ours(next)
            {
                came_from[usize::from(next) - first] = cell;
                queue.push_back(next);
            }
        }
    }
    None
}

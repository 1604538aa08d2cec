//! What stalemate rules measure for each team: lines, pieces and area.

use crate::game::State;
use crate::geometry::NO_CELL;
use crate::rules::{Color, Measure};

/// A measure per team, summed over the colours each team controls
/// (longest lines take the maximum instead; area is counted per team).
pub(super) fn measure(state: &State, of: &Measure, board: u8) -> Vec<u32> {
    let game = state.game();
    if *of == Measure::Area {
        return area(state, board);
    }
    let per_color = color_measure(state, of, board);
    (0..game.teams)
        .map(|team| {
            let colors = Color::ALL
                .iter()
                .filter(|c| game.seats.iter().any(|s| s.team == team && s.controls(**c)));
            match of {
                Measure::LongestLine { .. } => {
                    colors.map(|c| per_color[c.index()]).max().unwrap_or(0)
                }
                _ => colors.map(|c| per_color[c.index()]).sum(),
            }
        })
        .collect()
}

/// The cells of one board.
pub(super) fn board_cells(state: &State, board: u8) -> std::ops::Range<u16> {
    let geo = &state.game().geometry;
    let first = usize::from(board - 1) * geo.cells_per_board;
    first as u16..(first + geo.cells_per_board) as u16
}

fn color_measure(state: &State, of: &Measure, board: u8) -> [u32; 9] {
    let geo = &state.game().geometry;
    let mut out = [0u32; 9];
    let cells = board_cells(state, board);
    match of {
        Measure::Pieces { shape } => {
            for cell in cells {
                if let Some((c, s)) = state.piece_at(cell)
                    && shape.is_none_or(|want| want == s)
                {
                    out[c.index()] += 1;
                }
            }
        }
        Measure::LongestLine { diagonals } | Measure::Lines { diagonals, .. } => {
            let window = match of {
                Measure::Lines { length, .. } => Some(u32::from(*length)),
                _ => None,
            };
            for cell in cells {
                let Some((color, _)) = state.piece_at(cell) else {
                    continue;
                };
                for &d in geo.line_directions(*diagonals) {
                    let back = geo.neighbour(cell, geo.direction_count() - 1 - d);
                    let starts_run =
                        back == NO_CELL || state.piece_at(back).is_none_or(|(k, _)| k != color);
                    let mut run = 1;
                    let mut c = geo.neighbour(cell, d);
                    while c != NO_CELL && state.piece_at(c).is_some_and(|(k, _)| k == color) {
                        run += 1;
                        c = geo.neighbour(c, d);
                    }
                    match window {
                        // Every K-cell segment starting here counts once.
                        Some(k) => out[color.index()] += u32::from(run >= k),
                        None if starts_run => out[color.index()] = out[color.index()].max(run),
                        None => {}
                    }
                }
            }
        }
        // Counted per team by `area`.
        Measure::Area => {}
    }
    out
}

/// "Most area" (from Go), per team: the spaces of the board the team
/// occupies or reaches by an orthogonal flood fill from its pieces through
/// empty spaces (locked blanks included), stopping at other teams' pieces.
/// Up and down count as orthogonal steps on stacks and 3-D boards. Shapes'
/// own movement is ignored, and a space two teams reach counts for both.
fn area(state: &State, board: u8) -> Vec<u32> {
    let game = state.game();
    let geo = &game.geometry;
    let orthogonal: Vec<usize> = (0..geo.direction_count())
        .filter(|&d| geo.is_orthogonal(d))
        .collect();
    let cells = board_cells(state, board);
    let first = usize::from(cells.start);
    (0..game.teams)
        .map(|team| {
            let owns = |cell: u16| {
                state.piece_at(cell).is_some_and(|(color, _)| {
                    game.seats
                        .iter()
                        .any(|s| s.team == team && s.controls(color))
                })
            };
            let mut reached = vec![false; cells.len()];
            let mut queue: Vec<u16> = cells.clone().filter(|&c| owns(c)).collect();
            for &c in &queue {
                reached[usize::from(c) - first] = true;
            }
            while let Some(cell) = queue.pop() {
                for &d in &orthogonal {
                    let next = geo.neighbour(cell, d);
                    if next == NO_CELL || reached[usize::from(next) - first] {
                        continue;
                    }
                    // Through empty spaces; the team's own pieces are reached already.
                    if state.piece_at(next).is_none() {
                        reached[usize::from(next) - first] = true;
                        queue.push(next);
                    }
                }
            }
            reached.iter().filter(|r| **r).count() as u32
        })
        .collect()
}

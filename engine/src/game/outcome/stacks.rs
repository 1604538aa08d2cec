//! "First stack of N own colours" (ours, issue 23): on stacks, a stack that
//! holds pieces of N different colours one team plays.

use super::measures;
use crate::game::{State, unpack};

/// The teams with N or more of their colours in a stack of `board` that
/// changed this turn, and the pieces of those colours there.
#[inline(never)]
pub(super) fn of_colors(state: &State, colors: u8, board: u8) -> (Vec<bool>, Vec<u16>) {
    let game = state.game();
    let geo = &game.geometry;
    let mut named = vec![false; game.teams.count];
    let mut cells: Vec<u16> = Vec::new();
    let on_board = measures::board_cells(state.position(), board);
    let mut stacks: Vec<usize> = (state.position.changed.iter())
        .filter(|c| on_board.contains(c))
        .map(|&c| geo.column_of(c))
        .collect();
    stacks.sort_unstable();
    stacks.dedup();
    for stack in stacks {
        let column = &geo.columns()[stack];
        let held = |c: &u16| unpack(state.position.board[usize::from(*c)]).map(|(color, _)| color);
        let present = (column.iter().filter_map(held)).fold(0u16, |bits, c| bits | 1 << c.index());
        for (team, &theirs) in game.teams.colors.iter().enumerate() {
            if (present & theirs).count_ones() >= u32::from(colors) {
                named[team] = true;
                let of_team =
                    |c: &&u16| held(c).is_some_and(|color| theirs & 1 << color.index() != 0);
                cells.extend(column.iter().filter(of_team));
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    (named, cells)
}

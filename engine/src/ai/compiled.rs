//! The search on the compiled kernel: for rule sets in its family with one
//! piece a turn, the whole tree runs on the kernel's byte board, so an
//! iteration copies a few hundred bytes instead of a match's state, and
//! several times more iterations fit in the same thinking time.

use rand::{Rng, RngExt};

use super::{Node, add_child, backpropagate, most_visited, select};
use crate::game::{Move, State, return_of, unpack};
use crate::rollout::{Finish, Playout, Rollout};

/// The move `seat` makes by placing on `cell`.
fn placing(kernel: &Rollout, seat: usize, cell: u16) -> Move {
    let (color, shape) = unpack(kernel.piece(seat)).expect("a seat places a piece");
    Move::Place {
        color,
        shape,
        to: cell,
    }
}

fn cell_of(mv: Move) -> u16 {
    match mv {
        Move::Place { to, .. } => to,
        _ => unreachable!("the kernel's tree holds placements only"),
    }
}

/// The moves of the position in `playout`, as placements by its mover.
fn moves_of(kernel: &Rollout, playout: &Playout, cells: &mut Vec<u16>) -> Vec<Move> {
    kernel.open_cells(playout, cells);
    let seat = playout.to_move();
    cells.iter().map(|&c| placing(kernel, seat, c)).collect()
}

/// UCT from `root`, which the kernel has loaded into `start`.
pub(super) fn search<R: Rng + ?Sized>(
    root: &State,
    kernel: &Rollout,
    start: &Playout,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    let seats = root.game().seats.len();
    let mut cells = Vec::new();
    let mut nodes = vec![Node::root(
        start.to_move(),
        moves_of(kernel, start, &mut cells),
    )];
    let mut board = start.clone();
    let mut results = Vec::with_capacity(seats);
    let mut iterations = 0;
    loop {
        board.reset_from(start);
        let mut at = 0;
        let mut finish: Option<Finish> = None;
        while finish.is_none() && nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            at = select(&nodes, at);
            finish = kernel.place(
                &mut board,
                cell_of(nodes[at].mv.expect("a child has a move")),
            );
        }
        if finish.is_none() && !nodes[at].untried.is_empty() {
            let pick = rng.random_range(0..nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(pick);
            let seat = board.to_move();
            finish = kernel.place(&mut board, cell_of(mv));
            let untried = match finish {
                Some(_) => Vec::new(),
                None => moves_of(kernel, &board, &mut cells),
            };
            at = add_child(&mut nodes, at, mv, seat, untried);
        }
        let finish = finish.unwrap_or_else(|| kernel.play(&mut board, rng));
        results.clear();
        results.extend((0..seats).map(|s| return_of(finish.result(s))));
        backpropagate(&mut nodes, at, &results);
        iterations += 1;
        if stop(iterations) {
            break;
        }
    }
    most_visited(&nodes)
}

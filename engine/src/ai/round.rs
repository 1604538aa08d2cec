//! The search in a simultaneous round: decoupled UCT. Every planner of the
//! round has a tree over its own plan, grown from the round-start position
//! as that planner sees it. An iteration lets each planner pick its plan by
//! UCT in its own tree, without seeing the others' picks; the plans resolve
//! together, the game is played out at random, and each tree learns its own
//! planner's reward. So the search's seat meets opponents that learn too,
//! not a uniform crowd, and never the plans already sealed: those planners
//! are searched afresh like the rest.

use rand::{Rng, RngExt};

use super::{Node, add_child, backpropagate, most_visited, play_out, select};
use crate::game::{Move, State};
use crate::random::random_move;
use crate::rollout::Playout;

/// One planner's tree.
struct PlanTree {
    seat: usize,
    /// Where the planner plans from: the round start, with its own plan so
    /// far when it is the seat searching.
    start: State,
    nodes: Vec<Node>,
}

/// The moves a planner may add to its plan on `scratch`, draw talk aside.
/// Empty once the plan is sealed.
fn plan_moves(scratch: &State) -> Vec<Move> {
    if scratch.plan_done || scratch.is_finished() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    scratch.generate_legal(&mut moves);
    moves.retain(|m| !m.is_draw_talk());
    moves
}

/// Adds `mv` to the plan on `scratch`; as the engine does, a plan with no
/// move left passes.
fn extend_plan(scratch: &mut State, mv: Move) {
    scratch.apply_legal(mv, false);
}

/// Completes a plan at random: Random's choice from the moves left.
fn finish_plan<R: Rng + ?Sized>(scratch: &mut State, rng: &mut R) {
    while !scratch.plan_done && !scratch.is_finished() {
        let moves = plan_moves(scratch);
        if moves.is_empty() {
            extend_plan(scratch, Move::Pass);
            continue;
        }
        scratch.legal = moves;
        let mv = random_move(scratch, rng).unwrap_or(Move::Pass);
        extend_plan(scratch, mv);
    }
}

/// The plan the root seat should seal next: its next move.
pub(super) fn search<R: Rng + ?Sized>(
    root: &State,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    let me = root.to_move();
    let mut trees: Vec<PlanTree> = root
        .round_planners()
        .into_iter()
        .map(|seat| {
            let start = root.plan_start(seat);
            let nodes = vec![Node::root(seat, plan_moves(&start))];
            PlanTree { seat, start, nodes }
        })
        .collect();
    let mut board = Playout::default();
    let mut results = Vec::new();
    let mut leaves = vec![0; trees.len()];
    let mut iterations = 0;
    loop {
        let mut plans = vec![Vec::new(); root.game().seats.len()];
        for (tree, leaf) in trees.iter_mut().zip(leaves.iter_mut()) {
            let mut scratch = tree.start.clone();
            let mut at = 0;
            let nodes = &mut tree.nodes;
            while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
                at = select(nodes, at);
                extend_plan(&mut scratch, nodes[at].mv.expect("a child has a move"));
            }
            if !nodes[at].untried.is_empty() {
                let pick = rng.random_range(0..nodes[at].untried.len());
                let mv = nodes[at].untried.swap_remove(pick);
                extend_plan(&mut scratch, mv);
                let untried = plan_moves(&scratch);
                at = add_child(nodes, at, mv, tree.seat, untried);
            }
            finish_plan(&mut scratch, rng);
            // The scratch's moves this turn are the whole plan, the moves
            // made before the search included.
            plans[tree.seat] = scratch.turn_moves.clone();
            *leaf = at;
        }
        let mut sim = root.clone();
        sim.resolve_with(plans);
        play_out(sim, rng, &mut board, &mut results);
        for (tree, &leaf) in trees.iter_mut().zip(&leaves) {
            backpropagate(&mut tree.nodes, leaf, &results);
        }
        iterations += 1;
        if stop(iterations) {
            break;
        }
    }
    let mine = trees.iter().find(|t| t.seat == me)?;
    most_visited(&mine.nodes)
}

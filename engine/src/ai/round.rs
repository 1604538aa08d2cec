//! The search in a simultaneous round: a decoupled search with regret
//! matching. Every planner of the round has a tree over its own plan, grown
//! from the round-start position as that planner sees it. An iteration lets
//! each planner draw the first move of its plan from its own regret-matching
//! strategy (the rest of the plan by UCT below it), without seeing the
//! others' picks; the plans resolve together, the game is played out at
//! random, and each planner learns from its own reward. The search's seat
//! answers the average strategy's likeliest move.
//!
//! Why not UCT at the round: UCT picks deterministically, so in a symmetric
//! game the planners' trees move in lockstep, each seeing only the others
//! mirror it, and they settle on a dominated plan (in the Prisoner's
//! Dilemma: both defect-looking moves while cooperation dominates). Regret
//! matching draws each planner's move at random from its own strategy, so
//! the others' moves are sampled independently, and it converges to an
//! equilibrium in two-player zero-sum rounds. Plans already sealed are
//! never read: those planners are searched afresh like the rest.

use rand::{Rng, RngExt};

use super::{Node, add_child, backpropagate, play_out, select};
use crate::game::{Move, State};
use crate::random::random_move;
use crate::rollout::Playout;

/// Share of a planner's draws spread evenly over its moves, so every move
/// keeps being tried.
const EXPLORE: f64 = 0.1;

/// One planner's tree: its first moves are the root's children, all made at
/// once, chosen by regret matching; deeper moves of the plan by UCT.
struct PlanTree {
    seat: usize,
    /// Where the planner plans from: the round start, with its own plan so
    /// far when it is the seat searching.
    start: State,
    nodes: Vec<Node>,
    /// Per child of the root: the regret of not having played it.
    regret: Vec<f64>,
    /// Per child of the root: the sum of its probabilities over the draws.
    average: Vec<f64>,
}

impl PlanTree {
    fn new(seat: usize, start: State) -> PlanTree {
        let moves = plan_moves(&start);
        let mut nodes = vec![Node::root(seat, Vec::new())];
        for mv in moves {
            let mut scratch = start.clone();
            extend_plan(&mut scratch, mv);
            let untried = plan_moves(&scratch);
            add_child(&mut nodes, 0, mv, seat, untried);
        }
        let n = nodes[0].children.len();
        PlanTree {
            seat,
            start,
            nodes,
            regret: vec![0.0; n],
            average: vec![0.0; n],
        }
    }

    /// The regret-matching strategy, mixed with an even spread.
    fn strategy(&self, out: &mut Vec<f64>) {
        let n = self.regret.len() as f64;
        let positive: f64 = self.regret.iter().map(|r| r.max(0.0)).sum();
        out.clear();
        out.extend(self.regret.iter().map(|r| {
            let matched = if positive > 0.0 {
                r.max(0.0) / positive
            } else {
                1.0 / n
            };
            (1.0 - EXPLORE) * matched + EXPLORE / n
        }));
    }
}

/// An index drawn with the probabilities `p`.
fn draw<R: Rng + ?Sized>(p: &[f64], rng: &mut R) -> usize {
    let mut x: f64 = rng.random::<f64>();
    for (i, &q) in p.iter().enumerate() {
        if x < q {
            return i;
        }
        x -= q;
    }
    p.len() - 1
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
    let chaos = root.game().chaos_seat().filter(|&c| c != me);
    let mut trees: Vec<PlanTree> = root
        .round_planners()
        .into_iter()
        .map(|seat| PlanTree::new(seat, root.plan_start(seat)))
        .collect();
    let mut board = Playout::default();
    let mut results = Vec::new();
    let mut leaves = vec![0; trees.len()];
    let mut drawn = vec![(0, 1.0); trees.len()];
    let mut strategy = Vec::new();
    let mut iterations = 0;
    loop {
        let mut plans = vec![Vec::new(); root.game().seats.len()];
        for ((tree, leaf), drawn) in trees.iter_mut().zip(leaves.iter_mut()).zip(&mut drawn) {
            let mut scratch = tree.start.clone();
            let mut at = 0;
            if chaos == Some(tree.seat) {
                // Chaos plans at random, as it will in the match.
                finish_plan(&mut scratch, rng);
                plans[tree.seat] = scratch.turn_moves.clone();
                *leaf = 0;
                continue;
            }
            if !tree.regret.is_empty() {
                tree.strategy(&mut strategy);
                let pick = draw(&strategy, rng);
                for (sum, p) in tree.average.iter_mut().zip(&strategy) {
                    *sum += p;
                }
                *drawn = (pick, strategy[pick]);
                at = tree.nodes[0].children[pick];
                extend_plan(&mut scratch, tree.nodes[at].mv.expect("a child has a move"));
            }
            let nodes = &mut tree.nodes;
            while at != 0 && nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
                at = select(nodes, at);
                extend_plan(&mut scratch, nodes[at].mv.expect("a child has a move"));
            }
            if at != 0 && !nodes[at].untried.is_empty() {
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
        for ((tree, &leaf), &(pick, p)) in trees.iter_mut().zip(&leaves).zip(&drawn) {
            if chaos == Some(tree.seat) {
                continue;
            }
            backpropagate(&mut tree.nodes, leaf, &results);
            if tree.regret.is_empty() {
                continue;
            }
            // The sampled reward, weighted by how unlikely its draw was,
            // against what was got: an unbiased estimate of each regret.
            let reward = results.get(tree.seat).copied().unwrap_or(0.5);
            for (i, regret) in tree.regret.iter_mut().enumerate() {
                let estimate = if i == pick { reward / p } else { 0.0 };
                *regret += estimate - reward;
            }
        }
        iterations += 1;
        if stop(iterations) {
            break;
        }
    }
    let mine = trees.iter().find(|t| t.seat == me)?;
    let best =
        (0..mine.average.len()).max_by(|&a, &b| mine.average[a].total_cmp(&mine.average[b]))?;
    mine.nodes[mine.nodes[0].children[best]].mv
}

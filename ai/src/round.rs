//! The search in a simultaneous round: a decoupled search with regret
//! matching. Every planner of the round has a tree over its own plan, grown
//! from the round-start position as that planner sees it. An iteration lets
//! planners draw the first move of their plans from their own
//! regret-matching strategies (the rest of the plan by UCT below it),
//! without seeing the others' picks; the plans resolve together, the game
//! is played out at random, and the planner whose turn it is to learn
//! learns from its reward. Half the iterations teach each other planner its
//! best plan against a field at random; the other half teach the seat its
//! best plan against others playing theirs or Random's (see
//! `OTHERS_AT_RANDOM`). The search's seat answers the average strategy's
//! likeliest move.
//!
//! Where the game is small enough to solve (see [`crate::theory`]), the
//! seat plays its equilibrium strategy instead: a plan drawn from the
//! equilibrium the theory module selects (docs/rules.md, "Equilibria in
//! chat"), and the search runs only for games too big to solve.
//!
//! Why not UCT at the round: UCT picks deterministically, so in a symmetric
//! game the planners' trees move in lockstep, each seeing only the others
//! mirror it, and they settle on a dominated plan (in the Prisoner's
//! Dilemma: both defect-looking moves while cooperation dominates). Regret
//! matching draws each planner's move at random from its own strategy, so
//! the others' moves are sampled independently. Plans already sealed are
//! never read: those planners are searched afresh like the rest.

use rand::{Rng, RngExt};

use super::{Node, add_child, backpropagate, play_out, select};
use redscience_engine::game::{Chances, GameState};
use redscience_engine::game::{Move, Movers, Plan, SealedPlan, Seats, State};

/// Share of a planner's draws spread evenly over its moves, so every move
/// keeps being tried.
const EXPLORE: f64 = 0.1;

/// How the seat models the other planners: as people and Random play, not
/// as equilibrium players. Each other planner learns its best plan against
/// a field playing at random (level 1 of level-k reasoning); the seat
/// learns its best plan against others who play that plan, or Random's,
/// each half the time. Planners learning only against each other settled
/// on StagHunt's mixed equilibrium, or on hare for both, and so chose the
/// plan that is worse against anyone not playing that equilibrium. Dominant
/// plans (the Prisoner's Dilemma) stay dominant.
const OTHERS_AT_RANDOM: f64 = 0.5;

/// One planner's tree: its first moves are the root's children, all made at
/// once, chosen by regret matching; deeper moves of the plan by UCT.
struct PlanTree {
    seat: usize,
    /// Where the planner plans from: the round start, with its own plan so
    /// far when it is the seat searching.
    start: Plan,
    nodes: Vec<Node>,
    /// Per child of the root: the regret of not having played it.
    regret: Vec<f64>,
    /// Per child of the root: the sum of its probabilities over the draws.
    average: Vec<f64>,
}

impl PlanTree {
    fn new(start: Plan) -> PlanTree {
        let seat = start.seat();
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
        regret_matching(&self.regret, out);
    }
}

/// The regret-matching strategy for `regret`, mixed with an even spread.
fn regret_matching(regret: &[f64], out: &mut Vec<f64>) {
    let n = regret.len() as f64;
    let positive: f64 = regret.iter().map(|r| r.max(0.0)).sum();
    out.clear();
    out.extend(regret.iter().map(|r| {
        let matched = if positive > 0.0 {
            r.max(0.0) / positive
        } else {
            1.0 / n
        };
        (1.0 - EXPLORE) * matched + EXPLORE / n
    }));
}

/// Adds to each regret the sampled reward of its move, weighted by how
/// unlikely the draw was, against what was got: an unbiased estimate.
fn learn_regret(regret: &mut [f64], pick: usize, p: f64, reward: f64) {
    for (i, r) in regret.iter_mut().enumerate() {
        let estimate = if i == pick { reward / p } else { 0.0 };
        *r += estimate - reward;
    }
}

/// A simultaneous round met deeper in the search, below a sequential turn:
/// each planner (Chaos aside) draws the first move of its plan by regret
/// matching kept at that point of the tree, the rest of the plan at random.
/// So a turn before a round is judged by how the round will be played, not
/// by random plans.
pub(super) struct RoundLeaf {
    planners: Vec<Planner>,
    /// The seat searching: the others plan at random in a share of the
    /// plays, as in [`search`].
    me: usize,
    /// One plan per planner, refilled for every play.
    scratches: Vec<Plan>,
}

struct Planner {
    seat: usize,
    moves: Vec<Move>,
    regret: Vec<f64>,
}

impl RoundLeaf {
    pub(super) fn new(state: &State, chaos: Option<usize>, me: usize) -> RoundLeaf {
        let planners = planners_of(state)
            .iter()
            .filter(|&seat| chaos != Some(seat))
            .map(|seat| {
                let moves = plan_moves(&plan_of(state, seat));
                let regret = vec![0.0; moves.len()];
                Planner {
                    seat,
                    moves,
                    regret,
                }
            })
            .collect();
        RoundLeaf {
            planners,
            me,
            scratches: Vec::new(),
        }
    }

    /// Ends the round on `sim` with a plan for every planner; `picks` gets,
    /// per planner, the first move drawn and its probability (None when
    /// this position offered other moves and the plan was random).
    pub(super) fn play<R: Rng + ?Sized>(
        &mut self,
        sim: &mut State,
        rng: &mut R,
        picks: &mut Vec<Option<(usize, f64)>>,
    ) {
        let mut plans = Vec::new();
        let mut strategy = Vec::new();
        picks.clear();
        for (i, seat) in planners_of(sim).iter().enumerate() {
            if i == self.scratches.len() {
                self.scratches.push(plan_of(sim, seat));
            } else {
                let refilled = self.scratches[i].refill(sim, seat);
                debug_assert!(refilled, "a planner of the round");
            }
            let scratch = &mut self.scratches[i];
            let at_random = seat != self.me && rng.random::<f64>() < OTHERS_AT_RANDOM;
            if let Some(planner) = self.planners.iter().find(|p| p.seat == seat)
                && !planner.moves.is_empty()
                && !at_random
            {
                regret_matching(&planner.regret, &mut strategy);
                let pick = draw(&strategy, rng);
                let mv = planner.moves[pick];
                if scratch.legal_actions().contains(&mv) {
                    extend_plan(scratch, mv);
                    picks.push(Some((pick, strategy[pick])));
                } else {
                    picks.push(None);
                }
            } else {
                picks.push(None);
            }
            finish_plan(scratch, rng);
            plans.push(seal(scratch));
        }
        sim.apply_plans(plans)
            .expect("every planner's plan, sealed, in its round");
    }

    /// Learns from one play's results (per seat).
    pub(super) fn learn(
        &mut self,
        planners: Seats,
        picks: &[Option<(usize, f64)>],
        results: &[f64],
    ) {
        for (seat, pick) in planners.iter().zip(picks) {
            let Some((pick, p)) = *pick else { continue };
            if let Some(planner) = self.planners.iter_mut().find(|pl| pl.seat == seat) {
                let reward = results.get(seat).copied().unwrap_or(0.5);
                learn_regret(&mut planner.regret, pick, p, reward);
            }
        }
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

/// The seats planning in the round `state` is in (none outside one).
fn planners_of(state: &State) -> Seats {
    match state.movers() {
        Movers::Sealed { planners, .. } => planners,
        _ => Seats::default(),
    }
}

/// The plan `seat` makes in the round `state` is in.
fn plan_of(state: &State, seat: usize) -> Plan {
    state.plan(seat).expect("a planner of the round")
}

/// The moves a planner may add to its plan, draw talk aside. Empty once
/// the plan is sealed.
fn plan_moves(plan: &Plan) -> Vec<Move> {
    plan.legal_actions().to_vec()
}

/// Adds `mv`, one of the plan's moves, to the plan.
fn extend_plan(plan: &mut Plan, mv: Move) {
    plan.extend(mv).expect("a move the plan offered");
}

/// A finished plan, sealed (see [`finish_plan`]); its position stays to
/// be refilled.
fn seal(plan: &mut Plan) -> SealedPlan {
    plan.sealed_moves().expect("a finished plan is sealed")
}

/// Completes a plan at random: Random's choice from the moves left, and a
/// pass when none is left.
fn finish_plan<R: Rng + ?Sized>(plan: &mut Plan, rng: &mut R) {
    while !plan.is_sealed() {
        let mv = plan.chance_outcomes().sample(rng).unwrap_or(Move::Pass);
        extend_plan(plan, mv);
    }
}

/// Makes `scratch` a plan from `tree`: the first move drawn from its
/// regret-matching strategy where it keeps one (`drawn` says which, and
/// with what chance), then UCT down the tree, one move not tried yet, and
/// the rest at random. Returns the node reached.
fn plan_from_tree<R: Rng + ?Sized>(
    tree: &mut PlanTree,
    scratch: &mut Plan,
    strategy: &mut Vec<f64>,
    drawn: &mut (usize, f64),
    rng: &mut R,
) -> usize {
    let mut at = 0;
    if !tree.regret.is_empty() {
        tree.strategy(strategy);
        let pick = draw(strategy, rng);
        for (sum, p) in tree.average.iter_mut().zip(strategy.iter()) {
            *sum += p;
        }
        *drawn = (pick, strategy[pick]);
        at = tree.nodes[0].children[pick];
        extend_plan(scratch, tree.nodes[at].mv.expect("a child has a move"));
    }
    let nodes = &mut tree.nodes;
    while at != 0 && nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
        at = select(nodes, at, super::EXPLORATION);
        extend_plan(scratch, nodes[at].mv.expect("a child has a move"));
    }
    if at != 0 && !nodes[at].untried.is_empty() {
        let pick = rng.random_range(0..nodes[at].untried.len());
        let mv = nodes[at].untried.swap_remove(pick);
        extend_plan(scratch, mv);
        let untried = plan_moves(scratch);
        at = add_child(nodes, at, mv, tree.seat, untried);
    }
    finish_plan(scratch, rng);
    at
}

/// What a learning planner's tree takes from a playout's `results`: its
/// nodes from `leaf` up, and the regret of its first move (`drawn`).
fn learn(tree: &mut PlanTree, leaf: usize, (pick, p): (usize, f64), results: &[f64]) {
    backpropagate(&mut tree.nodes, leaf, results);
    if tree.regret.is_empty() {
        return;
    }
    let reward = results.get(tree.seat).copied().unwrap_or(0.5);
    learn_regret(&mut tree.regret, pick, p, reward);
}

/// The plan the root seat should seal next: its next move.
pub(super) fn search<R: Rng + ?Sized>(
    root: &State,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    let me = root.movers().next()?;
    if let Some(mv) = crate::theory::equilibrium_move(root, me, rng) {
        return Some(mv);
    }
    let chaos = root.chance_seat().filter(|&c| c != me);
    let mut trees: Vec<PlanTree> = planners_of(root)
        .iter()
        .map(|seat| PlanTree::new(plan_of(root, seat)))
        .collect();
    let mut board = super::Scratch::default();
    let mut results = Vec::new();
    let mut leaves = vec![0; trees.len()];
    let mut drawn = vec![(0, 1.0); trees.len()];
    let mut random_plans = vec![false; trees.len()];
    let mut learning = vec![false; trees.len()];
    let others: Vec<usize> = (0..trees.len())
        .filter(|&i| trees[i].seat != me && chaos != Some(trees[i].seat))
        .collect();
    let mut strategy = Vec::new();
    let mut iterations = 0;
    // One plan per planner and one state, refilled every iteration: no
    // position is copied anew for a plan.
    let mut scratches: Vec<Plan> = trees.iter().map(|t| t.start.clone()).collect();
    let mut sim = root.clone();
    loop {
        let mut plans = Vec::with_capacity(trees.len());
        // Every other iteration one of the others learns, against a field
        // all at random; in the rest the seat learns (see `OTHERS_AT_RANDOM`).
        let learner = (!others.is_empty() && iterations % 2 == 1)
            .then(|| others[(iterations / 2) % others.len()]);
        for (i, ((((tree, leaf), drawn), random), scratch)) in trees
            .iter_mut()
            .zip(leaves.iter_mut())
            .zip(&mut drawn)
            .zip(&mut random_plans)
            .zip(&mut scratches)
            .enumerate()
        {
            scratch.clone_from(&tree.start);
            // Chaos plans at random, as it will in the match.
            *random = chaos == Some(tree.seat)
                || match learner {
                    Some(l) => i != l,
                    None => tree.seat != me && rng.random::<f64>() < OTHERS_AT_RANDOM,
                };
            learning[i] = !*random
                && match learner {
                    Some(l) => i == l,
                    None => tree.seat == me,
                };
            if *random {
                finish_plan(scratch, rng);
                plans.push(seal(scratch));
                *leaf = 0;
                continue;
            }
            *leaf = plan_from_tree(tree, scratch, &mut strategy, drawn, rng);
            // The plan's moves are the whole plan, the moves made before
            // the search included.
            plans.push(seal(scratch));
        }
        sim.clone_from(root);
        sim.apply_plans(plans)
            .expect("every planner's plan, sealed, in its round");
        play_out(&mut sim, rng, &mut board, &mut results);
        for (((tree, &leaf), &drawn), &learns) in
            trees.iter_mut().zip(&leaves).zip(&drawn).zip(&learning)
        {
            if learns {
                learn(tree, leaf, drawn, &results);
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use redscience_engine::testing::catalogue_game;

    impl RoundLeaf {
        /// The move a planner's regrets favour now.
        fn favoured(&self, seat: usize) -> Option<Move> {
            let planner = self.planners.iter().find(|p| p.seat == seat)?;
            let best = (0..planner.moves.len())
                .max_by(|&a, &b| planner.regret[a].total_cmp(&planner.regret[b]))?;
            Some(planner.moves[best])
        }
    }

    #[test]
    fn a_round_below_the_root_learns_the_dominant_plans() {
        // PrisonerDilemma's round, as the tree meets it below a sequential
        // turn: each planner's own post beats the shared one whatever the
        // other plans (see `in_a_round_it_plays_the_dominant_plan`).
        let game = catalogue_game("PrisonerDilemma");
        let start = game.start();
        let mut leaf = RoundLeaf::new(&start, game.chaos_seat(), 0);
        let planners = planners_of(&start);
        assert_eq!(planners.iter().collect::<Vec<_>>(), vec![0, 1]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut board, mut results, mut picks) =
            (crate::Scratch::default(), Vec::new(), Vec::new());
        for _ in 0..3_000 {
            let mut sim = start.clone();
            leaf.play(&mut sim, &mut rng, &mut picks);
            assert!(
                !matches!(sim.movers(), Movers::Sealed { .. }),
                "the round is over"
            );
            play_out(&mut sim, &mut rng, &mut board, &mut results);
            leaf.learn(planners, &picks, &results);
        }
        let text = |seat| start.move_text(leaf.favoured(seat).unwrap());
        assert_eq!(text(0), "Black prisoner (X) to black's testimony (stack 1)");
        assert_eq!(
            text(1),
            "White inmate (pentagon) to white's testimony (stack 3)"
        );
    }
}

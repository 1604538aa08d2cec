//! Counterfactual regret minimisation (CFR+, Tammelin 2014: regrets kept
//! non-negative, the average strategy weighted by iteration) over a
//! [`GameTree`], its simultaneous nodes treated as each mover choosing
//! without seeing the others. Each iteration is two passes over the nodes
//! in index order, which is a topological order (a node is stored after its
//! children), so positions shared by several paths are visited once.

use super::tree::{GameTree, Mover, Node, joint_choices};

/// A strategy per information set: each plan's probability.
pub type Profile = Vec<Vec<f64>>;

/// The probabilities `mover` chooses with under `profile`.
pub fn mover_probs<'a>(mover: &'a Mover, profile: &'a Profile) -> &'a [f64] {
    match mover {
        Mover::Player { infoset, .. } => &profile[*infoset],
        Mover::Random { probs, .. } => probs,
    }
}

/// The seat whose choice a mover is (Chaos's for a random plan).
pub fn mover_seat(mover: &Mover) -> usize {
    match mover {
        Mover::Player { seat, .. } | Mover::Random { seat, .. } => *seat,
    }
}

/// The joint choices of a decision node: per child, each mover's choice.
pub fn joint_picks(tree: &GameTree, movers: &[Mover], children: usize) -> Vec<Vec<usize>> {
    (0..children)
        .map(|j| joint_choices(j, movers.iter().map(|m| m.choices(tree))))
        .collect()
}

/// Every node's expected returns (per seat) when all play `profile`.
pub fn node_values(tree: &GameTree, profile: &Profile) -> Vec<Vec<f64>> {
    let seats = tree.seat_count;
    let mut values: Vec<Vec<f64>> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let mut v = vec![0.0; seats];
        match node {
            Node::Leaf { returns } => v.clone_from(returns),
            Node::Chance { outcomes } => {
                for &(p, child) in outcomes {
                    add_scaled(&mut v, &values[child], p);
                }
            }
            Node::Decision { movers, children } => {
                for (picks, &child) in joint_picks(tree, movers, children.len())
                    .iter()
                    .zip(children)
                {
                    let p: f64 = movers
                        .iter()
                        .zip(picks)
                        .map(|(m, &a)| mover_probs(m, profile)[a])
                        .product();
                    if p > 0.0 {
                        add_scaled(&mut v, &values[child], p);
                    }
                }
            }
        }
        values.push(v);
    }
    values
}

fn add_scaled(into: &mut [f64], from: &[f64], p: f64) {
    for (x, y) in into.iter_mut().zip(from) {
        *x += p * y;
    }
}

/// Per node and seat, the sum over the paths reaching it of the chance
/// that everyone else's choices (chance's included) lead there; and of the
/// seat's own choices.
pub struct Reach {
    pub others: Vec<Vec<f64>>,
    pub own: Vec<Vec<f64>>,
}

pub fn reach(tree: &GameTree, profile: &Profile) -> Reach {
    let seats = tree.seat_count;
    let n = tree.nodes.len();
    let mut others = vec![vec![0.0; seats]; n];
    let mut own = vec![vec![0.0; seats]; n];
    others[tree.root] = vec![1.0; seats];
    own[tree.root] = vec![1.0; seats];
    for at in (0..n).rev() {
        if others[at].iter().all(|&x| x == 0.0) && own[at].iter().all(|&x| x == 0.0) {
            continue;
        }
        match &tree.nodes[at] {
            Node::Leaf { .. } => {}
            Node::Chance { outcomes } => {
                for &(p, child) in outcomes {
                    for s in 0..seats {
                        others[child][s] += others[at][s] * p;
                        own[child][s] += own[at][s];
                    }
                }
            }
            Node::Decision { movers, children } => {
                for (picks, &child) in joint_picks(tree, movers, children.len())
                    .iter()
                    .zip(children)
                {
                    for s in 0..seats {
                        let (mut other_p, mut own_p) = (1.0, 1.0);
                        for (m, &a) in movers.iter().zip(picks) {
                            let p = mover_probs(m, profile)[a];
                            if matches!(m, Mover::Player { seat, .. } if *seat == s) {
                                own_p *= p;
                            } else {
                                other_p *= p;
                            }
                        }
                        others[child][s] += others[at][s] * other_p;
                        own[child][s] += own[at][s] * own_p;
                    }
                }
            }
        }
    }
    Reach { others, own }
}

/// CFR+ under way: regrets and the weighted sum of strategies.
pub struct Cfr {
    regrets: Profile,
    average: Profile,
    pub iterations: usize,
}

impl Cfr {
    pub fn new(tree: &GameTree) -> Cfr {
        let zeros: Profile = tree
            .infosets
            .iter()
            .map(|i| vec![0.0; i.plans.len()])
            .collect();
        Cfr {
            regrets: zeros.clone(),
            average: zeros,
            iterations: 0,
        }
    }

    /// The current strategy: regret matching (even where no regret is positive).
    pub fn current(&self) -> Profile {
        self.regrets
            .iter()
            .map(|r| {
                let total: f64 = r.iter().map(|x| x.max(0.0)).sum();
                if total > 0.0 {
                    r.iter().map(|x| x.max(0.0) / total).collect()
                } else {
                    vec![1.0 / r.len() as f64; r.len()]
                }
            })
            .collect()
    }

    /// The average strategy: what CFR converges to.
    pub fn average(&self) -> Profile {
        self.average
            .iter()
            .map(|sum| {
                let total: f64 = sum.iter().sum();
                if total > 0.0 {
                    sum.iter().map(|x| x / total).collect()
                } else {
                    vec![1.0 / sum.len() as f64; sum.len()]
                }
            })
            .collect()
    }

    /// One iteration over the whole tree.
    pub fn iterate(&mut self, tree: &GameTree) {
        self.iterations += 1;
        let weight = self.iterations as f64;
        let sigma = self.current();
        let values = node_values(tree, &sigma);
        let reach = reach(tree, &sigma);
        for (at, node) in tree.nodes.iter().enumerate() {
            let Node::Decision { movers, children } = node else {
                continue;
            };
            let picks = joint_picks(tree, movers, children.len());
            for (i, mover) in movers.iter().enumerate() {
                let Mover::Player { seat, infoset } = *mover else {
                    continue;
                };
                let probs = &sigma[infoset];
                let mut q = vec![0.0; probs.len()];
                for (pick, &child) in picks.iter().zip(children) {
                    let others: f64 = movers
                        .iter()
                        .zip(pick)
                        .enumerate()
                        .filter(|&(k, _)| k != i)
                        .map(|(_, (m, &a))| mover_probs(m, &sigma)[a])
                        .product();
                    q[pick[i]] += others * values[child][seat];
                }
                let v: f64 = probs.iter().zip(&q).map(|(p, x)| p * x).sum();
                let cf = reach.others[at][seat];
                for (a, r) in self.regrets[infoset].iter_mut().enumerate() {
                    *r += cf * (q[a] - v);
                }
                for (a, s) in self.average[infoset].iter_mut().enumerate() {
                    *s += weight * reach.own[at][seat] * probs[a];
                }
            }
        }
        for r in self.regrets.iter_mut().flatten() {
            *r = r.max(0.0);
        }
    }
}

//! Exact equilibria by backward induction over rounds: where every
//! information set is a single position (no cloaking hides an earlier
//! choice), each decision node is a one-shot game whose payoffs are its
//! children's values, solved exactly (support enumeration for two players,
//! pure equilibria for more) and the selected equilibrium carried up.

use super::cfr::{Profile, mover_probs};
use super::matrix::{Equilibrium, pure_equilibria, support_enumeration};
use super::tree::{GameTree, Mover, Node, joint_choices};

/// An exact solution: the selected equilibrium everywhere, and every
/// equilibrium found at the root's round.
pub struct Exact {
    pub profile: Profile,
    /// The root round's equilibria (given the equilibrium play after it),
    /// each mover's strategy in the root's mover order, players only.
    pub root_equilibria: Vec<Equilibrium>,
    /// The index of the selected one in `root_equilibria`.
    pub selected: usize,
}

/// The equilibrium the standard player plays among several: the one with
/// the highest total for the players, then the one using fewest plans,
/// then the first found.
pub fn select(equilibria: &[Equilibrium]) -> Option<usize> {
    (0..equilibria.len()).max_by(|&x, &y| {
        let total = |e: &Equilibrium| e.values.iter().sum::<f64>();
        let (ex, ey) = (&equilibria[x], &equilibria[y]);
        let by_total = total(ex) - total(ey);
        if by_total.abs() > 1e-9 {
            return by_total.total_cmp(&0.0);
        }
        ey.support_size().cmp(&ex.support_size()).then(y.cmp(&x))
    })
}

/// The exact solution, or None where some information set spans several
/// positions, or a round has no equilibrium this method finds.
pub fn backward_induction(tree: &GameTree) -> Option<Exact> {
    let mut seen = vec![0usize; tree.infosets.len()];
    for node in &tree.nodes {
        if let Node::Decision { movers, .. } = node {
            for m in movers {
                if let Mover::Player { infoset, .. } = m {
                    seen[*infoset] += 1;
                }
            }
        }
    }
    if seen.iter().any(|&n| n > 1) {
        return None;
    }
    let mut profile: Profile = tree
        .infosets
        .iter()
        .map(|i| vec![1.0 / i.plans.len() as f64; i.plans.len()])
        .collect();
    let mut values: Vec<Vec<f64>> = Vec::with_capacity(tree.nodes.len());
    let mut root = None;
    for (at, node) in tree.nodes.iter().enumerate() {
        let v = match node {
            Node::Leaf { returns } => returns.clone(),
            Node::Chance { outcomes } => {
                let mut v = vec![0.0; tree.seat_count];
                for &(p, child) in outcomes {
                    for (x, y) in v.iter_mut().zip(&values[child]) {
                        *x += p * y;
                    }
                }
                v
            }
            Node::Decision { movers, children } => {
                let (equilibria, game) = solve_round(tree, movers, children, &values)?;
                let selected = select(&equilibria)?;
                for (k, &(_, infoset)) in game.players.iter().enumerate() {
                    profile[infoset].clone_from(&equilibria[selected].strategies[k]);
                }
                let v = expected(tree, movers, children, &values, &profile);
                if at == tree.root {
                    root = Some((equilibria, selected));
                }
                v
            }
        };
        values.push(v);
    }
    let (root_equilibria, selected) = root.unwrap_or_default();
    Some(Exact {
        profile,
        root_equilibria,
        selected,
    })
}

/// A round as a one-shot game among its players, chance plans averaged.
pub struct RoundGame {
    /// Per player mover: its seat and information set.
    pub players: Vec<(usize, usize)>,
    pub counts: Vec<usize>,
    /// Per joint choice of the players: each player's expected return.
    pub payoffs: Vec<Vec<f64>>,
}

pub fn round_game(
    tree: &GameTree,
    movers: &[Mover],
    children: &[usize],
    values: &[Vec<f64>],
) -> RoundGame {
    let players: Vec<(usize, usize)> = movers
        .iter()
        .filter_map(|m| match *m {
            Mover::Player { seat, infoset } => Some((seat, infoset)),
            Mover::Random { .. } => None,
        })
        .collect();
    let counts: Vec<usize> = players
        .iter()
        .map(|&(_, i)| tree.infosets[i].plans.len())
        .collect();
    let joint: usize = counts.iter().product();
    let mut payoffs = vec![vec![0.0; players.len()]; joint];
    let empty = Profile::new();
    for (j, &child) in children.iter().enumerate() {
        let picks = joint_choices(j, movers.iter().map(|m| m.choices(tree)));
        let mut chance = 1.0;
        let mut player_picks = Vec::new();
        for (m, &a) in movers.iter().zip(&picks) {
            match m {
                Mover::Random { .. } => chance *= mover_probs(m, &empty)[a],
                Mover::Player { .. } => player_picks.push(a),
            }
        }
        let index = super::matrix::joint_index(&player_picks, &counts);
        for (k, &(seat, _)) in players.iter().enumerate() {
            payoffs[index][k] += chance * values[child][seat];
        }
    }
    RoundGame {
        players,
        counts,
        payoffs,
    }
}

fn solve_round(
    tree: &GameTree,
    movers: &[Mover],
    children: &[usize],
    values: &[Vec<f64>],
) -> Option<(Vec<Equilibrium>, RoundGame)> {
    let game = round_game(tree, movers, children, values);
    let equilibria = match game.counts.len() {
        0 => vec![Equilibrium {
            strategies: Vec::new(),
            values: Vec::new(),
        }],
        2 => {
            let (rows, cols) = (game.counts[0], game.counts[1]);
            let cell = |k: usize| -> Vec<Vec<f64>> {
                (0..rows)
                    .map(|r| (0..cols).map(|c| game.payoffs[r * cols + c][k]).collect())
                    .collect()
            };
            support_enumeration(&cell(0), &cell(1))?
        }
        _ => pure_equilibria(&game.counts, &game.payoffs),
    };
    (!equilibria.is_empty()).then_some((equilibria, game))
}

fn expected(
    tree: &GameTree,
    movers: &[Mover],
    children: &[usize],
    values: &[Vec<f64>],
    profile: &Profile,
) -> Vec<f64> {
    let mut v = vec![0.0; tree.seat_count];
    for (j, &child) in children.iter().enumerate() {
        let picks = joint_choices(j, movers.iter().map(|m| m.choices(tree)));
        let p: f64 = movers
            .iter()
            .zip(&picks)
            .map(|(m, &a)| mover_probs(m, profile)[a])
            .product();
        for (x, y) in v.iter_mut().zip(&values[child]) {
            *x += p * y;
        }
    }
    v
}

//! Game theory for sealed-plan games: the game tree over each planner's
//! whole plans ([`tree`]), exact equilibria where every round is a proper
//! subgame ([`solve`], with support enumeration in [`matrix`]), CFR+ for
//! the rest ([`cfr`]), and the exploitability any strategy profile reaches
//! ([`exploit`]). Everything goes through the game interface; payoffs are
//! the engine's returns (1 a win, 0.5 a draw, 0 a loss, Chaos's random
//! moves averaged in), since the engine keeps no other payoff numbers.

pub mod cfr;
pub mod exploit;
pub mod matrix;
pub mod report;
pub mod solve;
pub mod tree;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use rand::{Rng, RngExt};

pub use exploit::Exploitability;
pub use matrix::Equilibrium;
pub use tree::{GameTree, NODE_LIMIT, TreeError};

use redscience_engine::game::{Game, GameState, Move, State};
use redscience_engine::rules::Order;

/// CFR+ runs at most this many iterations, stopping once its average is
/// exploitable by less than [`CFR_TARGET`] of the payoff range.
pub const CFR_ITERATIONS: usize = 5_000;
pub const CFR_TARGET: f64 = 0.001;

/// Why a game was not analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TheoryError {
    /// No phase of the game is a sealed (simultaneous) round.
    NoSealedRound,
    /// The tree has more positions than the limit.
    TooBig { limit: usize },
}

impl fmt::Display for TheoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TheoryError::NoSealedRound => f.write_str(
                "it has no sealed round: equilibria are computed for games where players \
                 seal their plans at the same time (a simultaneous or single phase)",
            ),
            TheoryError::TooBig { limit } => write!(
                f,
                "it is too big to analyse: its game tree has more than {limit} positions"
            ),
        }
    }
}

impl std::error::Error for TheoryError {}

/// How the equilibrium was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Backward induction over rounds, each solved exactly.
    Exact,
    /// CFR+'s average strategy after this many iterations.
    Cfr { iterations: usize },
}

/// A game solved: its tree, the equilibrium the standard player plays, and
/// how exploitable that is.
pub struct Solution {
    pub tree: GameTree,
    /// Per information set of the tree: each plan's probability.
    pub profile: cfr::Profile,
    pub method: Method,
    pub exploitability: Exploitability,
    /// The root round's equilibria (exact method only), and which one the
    /// profile plays.
    pub root_equilibria: Vec<Equilibrium>,
    pub selected: Option<usize>,
    /// CFR+ run on the same tree for comparison, when the method is exact.
    pub cfr: Option<(usize, Exploitability)>,
    by_key: HashMap<Vec<u8>, usize>,
}

/// The first decision of the game: its players' information sets.
#[derive(Clone, Debug)]
pub struct RootRound {
    /// Per player: seat and information set.
    pub players: Vec<(usize, usize)>,
    /// Per joint choice of the players (first varying slowest): each
    /// player's expected return when play goes on by the profile.
    pub payoffs: Vec<Vec<f64>>,
}

impl Solution {
    /// The strategy at a seat's information set, if the tree has it.
    pub fn strategy_at(&self, state: &State, seat: usize) -> Option<(&tree::InfoSet, &[f64])> {
        let mut key = tree::info_key(state, seat);
        let plans = state.plan(seat).map_or_else(
            || state.legal_actions().len(),
            |_| usize::MAX, // a sealed round: found by key prefix below
        );
        if plans != usize::MAX {
            key.extend((plans as u32).to_le_bytes());
            let i = *self.by_key.get(&key)?;
            return Some((&self.tree.infosets[i], &self.profile[i]));
        }
        let i = self
            .by_key
            .iter()
            .find(|(k, i)| {
                k.starts_with(&key) && k.len() == key.len() + 4 && self.tree.infosets[**i].sealed
            })
            .map(|(_, &i)| i)?;
        Some((&self.tree.infosets[i], &self.profile[i]))
    }

    /// The root's round as a one-shot game among its players, with play
    /// after it by the profile; None when the root is not a decision.
    pub fn root_round(&self) -> Option<RootRound> {
        let tree::Node::Decision { movers, children } = &self.tree.nodes[self.tree.root] else {
            return None;
        };
        let values = cfr::node_values(&self.tree, &self.profile);
        let game = solve::round_game(&self.tree, movers, children, &values);
        Some(RootRound {
            players: game.players,
            payoffs: game.payoffs,
        })
    }
}

/// Whether some phase of the game is a sealed round.
pub fn has_sealed_round(game: &Game) -> bool {
    game.rules
        .phases
        .iter()
        .any(|p| p.order != Order::Sequential)
}

/// Solves the game from its start: exactly where every round is a proper
/// subgame, else by CFR+ (see [`Method`]).
pub fn solve_game(game: &Arc<Game>, limit: usize) -> Result<Solution, TheoryError> {
    if !has_sealed_round(game) {
        return Err(TheoryError::NoSealedRound);
    }
    let start = game.start();
    let tree = tree::build(&start, limit).map_err(|e| match e {
        TreeError::TooBig { limit } => TheoryError::TooBig { limit },
    })?;
    if !tree.has_sealed_round {
        return Err(TheoryError::NoSealedRound);
    }
    let (cfr_iterations, cfr_profile) = run_cfr(&tree, CFR_ITERATIONS);
    let cfr_exploitability = exploit::exploitability(&tree, &cfr_profile);
    let by_key = tree
        .infosets
        .iter()
        .enumerate()
        .map(|(i, info)| (info.key.clone(), i))
        .collect();
    let solution = match solve::backward_induction(&tree) {
        Some(exact) => Solution {
            exploitability: exploit::exploitability(&tree, &exact.profile),
            profile: exact.profile,
            method: Method::Exact,
            selected: (!exact.root_equilibria.is_empty()).then_some(exact.selected),
            root_equilibria: exact.root_equilibria,
            cfr: Some((cfr_iterations, cfr_exploitability)),
            tree,
            by_key,
        },
        None => Solution {
            exploitability: cfr_exploitability,
            profile: cfr_profile,
            method: Method::Cfr {
                iterations: cfr_iterations,
            },
            root_equilibria: Vec::new(),
            selected: None,
            cfr: None,
            tree,
            by_key,
        },
    };
    Ok(solution)
}

/// CFR+ on the tree until its average is within [`CFR_TARGET`] of the
/// payoff range or `max_iterations` are done: the iterations run and the
/// average strategy.
pub fn run_cfr(tree: &GameTree, max_iterations: usize) -> (usize, cfr::Profile) {
    let mut cfr = cfr::Cfr::new(tree);
    while cfr.iterations < max_iterations {
        cfr.iterate(tree);
        if cfr.iterations.is_multiple_of(50) {
            let e = exploit::exploitability(tree, &cfr.average());
            if e.fraction() < CFR_TARGET {
                break;
            }
        }
    }
    (cfr.iterations, cfr.average())
}

/// Solutions per game (by rule set), so a chat or a search solves a
/// game once: None for a game too big or without a sealed round.
type Cache = Mutex<HashMap<String, Option<Arc<Solution>>>>;

fn cache() -> &'static Cache {
    static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The game's solution, computed once per process (a pure function of the
/// rules, so caching changes nothing but time).
pub fn solved(game: &Arc<Game>) -> Result<Arc<Solution>, TheoryError> {
    // The whole rule set, labels included: the solution holds plan texts.
    let key = serde_json::to_string(&game.rules)
        .unwrap_or_else(|_| redscience_engine::fingerprint::fingerprint(&game.rules));
    if let Some(known) = cache().lock().ok().and_then(|c| c.get(&key).cloned()) {
        return known.ok_or(TheoryError::TooBig { limit: NODE_LIMIT });
    }
    let result = solve_game(game, NODE_LIMIT).map(Arc::new);
    if let Ok(mut c) = cache().lock() {
        c.insert(key, result.as_ref().ok().cloned());
    }
    result
}

/// The next move of `seat`'s plan drawn from the equilibrium, where the
/// game is solved and the position is in its tree: a plan is drawn among
/// those that begin with the moves the seat has planned so far, by their
/// equilibrium probabilities. None otherwise (the caller searches).
pub fn equilibrium_move<R: Rng + ?Sized>(state: &State, seat: usize, rng: &mut R) -> Option<Move> {
    if !has_sealed_round(state.game()) {
        return None;
    }
    let solution = solved(state.game()).ok()?;
    let (info, probs) = solution.strategy_at(state, seat)?;
    let so_far = state
        .plan(seat)
        .map(|p| p.moves().to_vec())
        .unwrap_or_default();
    let fitting: Vec<(usize, f64)> = info
        .plans
        .iter()
        .zip(probs)
        .enumerate()
        .filter(|(_, (plan, _))| plan.len() > so_far.len() && plan.starts_with(&so_far))
        .map(|(i, (_, &p))| (i, p))
        .collect();
    let total: f64 = fitting.iter().map(|f| f.1).sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = rng.random::<f64>() * total;
    for &(i, p) in &fitting {
        if x < p {
            return Some(info.plans[i][so_far.len()]);
        }
        x -= p;
    }
    fitting.last().map(|&(i, _)| info.plans[i][so_far.len()])
}

#[cfg(test)]
mod tests;

//! The game tree of a match built through the game interface only: sealed
//! rounds become simultaneous nodes over each planner's whole sealed plans,
//! Chaos and dice become chance nodes, and finished matches leaves with the
//! engine's returns. Positions met twice (Chaos placing the same circles in
//! another order) share one node, and a chance subtree with no decision
//! below it is folded into a leaf worth its expected returns, so a round
//! followed by Chaos's random phase is a one-level tree.

use std::collections::HashMap;

use redscience_engine::game::{Chances, GameState};
use redscience_engine::game::{Move, Movers, SealedPlan, State};
use redscience_engine::perft::position_key;

/// At most this many positions are visited while building a tree; beyond
/// it a game is too big to analyse.
pub const NODE_LIMIT: usize = 200_000;

/// At most this many sealed plans for one planner in one round.
const PLAN_LIMIT: usize = 400;

/// A node of the tree.
#[derive(Clone, Debug)]
pub enum Node {
    /// The match is over (or only chance is left): each seat's expected
    /// return, in seat order.
    Leaf { returns: Vec<f64> },
    /// Chance draws one child with its probability.
    Chance { outcomes: Vec<(f64, usize)> },
    /// One or more movers choose at once; `children` lists the joint
    /// choices with the first mover's choice varying slowest.
    Decision {
        movers: Vec<Mover>,
        children: Vec<usize>,
    },
}

/// Who chooses at a decision node.
#[derive(Clone, Debug)]
pub enum Mover {
    /// A seat choosing at its information set (an index into
    /// [`GameTree::infosets`]).
    Player { seat: usize, infoset: usize },
    /// Chaos sealing a plan at random: each plan's probability.
    Random { seat: usize, probs: Vec<f64> },
}

impl Mover {
    /// How many choices the mover has.
    pub fn choices(&self, tree: &GameTree) -> usize {
        match self {
            Mover::Player { infoset, .. } => tree.infosets[*infoset].plans.len(),
            Mover::Random { probs, .. } => probs.len(),
        }
    }
}

/// What a seat knows when it chooses, and what it may choose: whole plans
/// in a sealed round, single moves elsewhere.
#[derive(Clone, Debug)]
pub struct InfoSet {
    pub seat: usize,
    /// The seat's information state as bytes (see [`info_key`]).
    pub key: Vec<u8>,
    /// Each plan's moves.
    pub plans: Vec<Vec<Move>>,
    /// Each plan in the game's words.
    pub texts: Vec<String>,
    /// Whether the choice is a sealed round's plan (not a sequential move).
    pub sealed: bool,
}

/// Why a tree could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// More positions than the limit, or too many plans in a round.
    TooBig { limit: usize },
}

/// The whole game from one position.
#[derive(Clone, Debug)]
pub struct GameTree {
    pub nodes: Vec<Node>,
    pub infosets: Vec<InfoSet>,
    pub root: usize,
    pub seat_count: usize,
    /// Chaos's seat, whose returns are not a player's.
    pub chaos: Option<usize>,
    /// Positions visited while building (shared ones counted once).
    pub visited: usize,
    /// Whether some decision is a sealed round's.
    pub has_sealed_round: bool,
}

/// The key of `seat`'s information at `state`: its information state's
/// position (board, reserves, phase, folds) without whose turn it is or
/// the plans under way, so a seat that plans second in a round knows what
/// the first to plan knew.
pub fn info_key(state: &State, seat: usize) -> Vec<u8> {
    let known = state.information_state(seat);
    let game = known.game();
    let mut key = vec![seat as u8, known.phase() as u8];
    for cell in 0..game.geometry.cell_count() as u16 {
        if let Some((color, shape)) = known.piece_at(cell) {
            key.extend(cell.to_le_bytes());
            key.extend(format!("{color:?}{shape:?};").bytes());
        }
    }
    for color in redscience_engine::rules::Color::ALL {
        for shape in &game.rules.shapes {
            key.extend(known.reserve(color, shape.shape).to_le_bytes());
        }
    }
    for s in 0..known.seat_count() {
        key.push(u8::from(known.has_folded(s)));
    }
    key
}

struct Builder {
    tree: GameTree,
    seen: HashMap<Vec<u8>, usize>,
    infoset_of: HashMap<Vec<u8>, usize>,
    limit: usize,
    scratch_key: Vec<u8>,
}

/// Builds the tree of the game from `start`, visiting at most `limit`
/// positions.
pub fn build(start: &State, limit: usize) -> Result<GameTree, TreeError> {
    let mut builder = Builder {
        tree: GameTree {
            nodes: Vec::new(),
            infosets: Vec::new(),
            root: 0,
            seat_count: start.seat_count(),
            chaos: start.chance_seat(),
            visited: 0,
            has_sealed_round: false,
        },
        seen: HashMap::new(),
        infoset_of: HashMap::new(),
        limit,
        scratch_key: Vec::new(),
    };
    let root = builder.node(start.clone())?;
    builder.tree.root = root;
    Ok(builder.tree)
}

impl Builder {
    fn push(&mut self, node: Node) -> usize {
        self.tree.nodes.push(node);
        self.tree.nodes.len() - 1
    }

    fn node(&mut self, state: State) -> Result<usize, TreeError> {
        position_key(&state, &mut self.scratch_key);
        if let Some(&at) = self.seen.get(&self.scratch_key) {
            return Ok(at);
        }
        let key = self.scratch_key.clone();
        self.tree.visited += 1;
        if self.tree.visited > self.limit {
            return Err(TreeError::TooBig { limit: self.limit });
        }
        let at = match state.movers() {
            Movers::Nobody => {
                let returns = state.returns().map(|r| r.collect()).unwrap_or_default();
                self.push(Node::Leaf { returns })
            }
            Movers::Chance(_) | Movers::Roll(_) => {
                let mut outcomes = Vec::new();
                let drawn: Vec<(Move, f64)> = state.chance_outcomes().iter().collect();
                for (mv, p) in drawn {
                    let mut next = state.clone();
                    if next.apply_action(mv).is_ok() {
                        outcomes.push((p, self.node(next)?));
                    }
                }
                self.chance(outcomes)
            }
            Movers::One(seat) => {
                let moves = state.legal_actions().to_vec();
                let plans: Vec<Vec<Move>> = moves.iter().map(|&m| vec![m]).collect();
                let infoset = self.infoset(&state, seat, plans, false);
                let mut children = Vec::new();
                for mv in moves {
                    let mut next = state.clone();
                    next.apply_action(mv)
                        .map_err(|_| TreeError::TooBig { limit: self.limit })?;
                    children.push(self.node(next)?);
                }
                self.push(Node::Decision {
                    movers: vec![Mover::Player { seat, infoset }],
                    children,
                })
            }
            Movers::Sealed { planners, .. } => self.round(&state, planners.iter().collect())?,
        };
        self.seen.insert(key, at);
        Ok(at)
    }

    /// A chance node, folded into a leaf when every outcome is one.
    fn chance(&mut self, outcomes: Vec<(f64, usize)>) -> usize {
        let mut expected = vec![0.0; self.tree.seat_count];
        let all_leaves = outcomes
            .iter()
            .all(|&(p, child)| match &self.tree.nodes[child] {
                Node::Leaf { returns } => {
                    for (e, r) in expected.iter_mut().zip(returns) {
                        *e += p * r;
                    }
                    true
                }
                _ => false,
            });
        if all_leaves {
            self.push(Node::Leaf { returns: expected })
        } else {
            self.push(Node::Chance { outcomes })
        }
    }

    fn round(&mut self, state: &State, planners: Vec<usize>) -> Result<usize, TreeError> {
        let too_big = TreeError::TooBig { limit: self.limit };
        let mut movers = Vec::new();
        let mut sealed: Vec<Vec<SealedPlan>> = Vec::new();
        let chaos = state.chance_seat();
        for &seat in &planners {
            let plan = state.plan(seat).ok_or(too_big.clone())?;
            let random = chaos == Some(seat);
            let mut found = Vec::new();
            enumerate_plans(plan, 1.0, random, &mut found)?;
            if random {
                movers.push(Mover::Random {
                    seat,
                    probs: found.iter().map(|f| f.2).collect(),
                });
            } else {
                let plans = found.iter().map(|f| f.0.clone()).collect();
                let infoset = self.infoset(state, seat, plans, true);
                movers.push(Mover::Player { seat, infoset });
            }
            sealed.push(found.into_iter().map(|f| f.1).collect());
        }
        self.tree.has_sealed_round |= movers.iter().any(|m| matches!(m, Mover::Player { .. }));
        let joint: usize = sealed.iter().map(Vec::len).product();
        if joint > self.limit {
            return Err(too_big);
        }
        let mut children = Vec::with_capacity(joint);
        for index in 0..joint {
            let picks = joint_choices(index, sealed.iter().map(Vec::len));
            let plans = sealed
                .iter()
                .zip(&picks)
                .map(|(options, &pick)| options[pick].clone())
                .collect();
            let mut next = state.clone();
            next.apply_plans(plans).map_err(|_| too_big.clone())?;
            children.push(self.node(next)?);
        }
        Ok(self.push(Node::Decision { movers, children }))
    }

    fn infoset(
        &mut self,
        state: &State,
        seat: usize,
        plans: Vec<Vec<Move>>,
        sealed: bool,
    ) -> usize {
        let mut key = info_key(state, seat);
        key.extend((plans.len() as u32).to_le_bytes());
        if let Some(&i) = self.infoset_of.get(&key) {
            return i;
        }
        let texts = plans
            .iter()
            .map(|moves| {
                let words: Vec<String> = moves.iter().map(|&m| state.move_text(m)).collect();
                words.join(", then ")
            })
            .collect();
        self.tree.infosets.push(InfoSet {
            seat,
            key: key.clone(),
            plans,
            texts,
            sealed,
        });
        let i = self.tree.infosets.len() - 1;
        self.infoset_of.insert(key, i);
        i
    }
}

/// Every sealed plan that extends `plan`: its moves, the sealed plan, and
/// (for Chaos) its chance of being drawn.
fn enumerate_plans(
    plan: redscience_engine::game::Plan,
    p: f64,
    random: bool,
    out: &mut Vec<(Vec<Move>, SealedPlan, f64)>,
) -> Result<(), TreeError> {
    if out.len() > PLAN_LIMIT {
        return Err(TreeError::TooBig { limit: PLAN_LIMIT });
    }
    if plan.is_sealed() {
        let moves = plan.moves().to_vec();
        if let Some(sealed) = plan.seal()
            && !out.iter().any(|f| f.1 == sealed)
        {
            out.push((moves, sealed, p));
        }
        return Ok(());
    }
    let options: Vec<(Move, f64)> = if plan.legal_actions().is_empty() {
        vec![(Move::Pass, 1.0)]
    } else if random {
        plan.chance_outcomes().iter().collect()
    } else {
        plan.legal_actions().iter().map(|&m| (m, 1.0)).collect()
    };
    for (mv, q) in options {
        let mut next = plan.clone();
        if next.extend(mv).is_ok() {
            enumerate_plans(next, p * q, random, out)?;
        }
    }
    Ok(())
}

/// The choice of each mover in joint choice `index`, the first mover's
/// varying slowest; `counts` are the movers' numbers of choices.
pub fn joint_choices(index: usize, counts: impl DoubleEndedIterator<Item = usize>) -> Vec<usize> {
    let mut rest = index;
    let mut picks: Vec<usize> = counts
        .rev()
        .map(|n| {
            let pick = rest % n;
            rest /= n;
            pick
        })
        .collect();
    picks.reverse();
    picks
}

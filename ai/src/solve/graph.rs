//! Retrograde analysis: every position reachable from the root is listed
//! with its moves, then values flow back from the finished positions, the
//! nearest first, so a position is won as soon as one move wins (the
//! quickest) and lost once its last move is known to lose (the slowest).
//! What is left undecided can be held off forever by both sides: a draw,
//! where the rules draw a repeated turn.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::{Node, Solved, Unsolvable, Value, key, node_of, repetition_draws};
use crate::clock::Deadline;
use redscience_engine::game::{GameState, Move, State};

/// The positions reachable from a root (index 0) and their moves.
struct Graph {
    nodes: Vec<Node>,
    phases: Vec<usize>,
    /// Per position, where its moves' children start in `children`, and
    /// how many there are.
    spans: Vec<(u32, u32)>,
    children: Vec<u32>,
    /// The root's moves, each with its child.
    root_moves: Vec<(Move, u32)>,
}

impl Graph {
    fn children_of(&self, node: usize) -> &[u32] {
        let (start, len) = self.spans[node];
        &self.children[start as usize..(start + len) as usize]
    }

    /// Adds a position; its moves are listed when it is expanded.
    fn add(&mut self, node: Node, phase: usize) -> u32 {
        self.nodes.push(node);
        self.phases.push(phase);
        self.spans.push((0, 0));
        (self.nodes.len() - 1) as u32
    }
}

/// Seat 0's value of each position, with the plies to the end.
struct Values {
    value: Vec<Option<Value>>,
    plies: Vec<u32>,
}

pub(super) fn solve(root: &State, budget: u64, deadline: Deadline) -> Result<Solved, Unsolvable> {
    let graph = explore(root, budget, deadline)?;
    let values = retrograde(&graph);
    let cyclic = !acyclic(&graph);
    let Node::Mover(seat) = graph.nodes[0] else {
        return Err(Unsolvable::Finished);
    };
    if cyclic {
        let undecided = (0..graph.nodes.len()).filter(|&n| values.value[n].is_none());
        for node in undecided {
            if !repetition_draws(root, graph.phases[node]) {
                return Err(Unsolvable::Repetition);
            }
        }
    }
    let seat0 = |n: usize| values.value[n].unwrap_or(Value::Draw);
    let for_mover = |v: Value| if seat == 0 { v } else { v.flipped() };
    let value = for_mover(seat0(0));
    if cyclic && root.remembers_turns() && value != Value::Draw {
        return Err(Unsolvable::History);
    }
    let plies = match value {
        Value::Draw => drawn_plies(&graph, &values),
        _ => values.plies[0],
    };
    let best = graph
        .root_moves
        .iter()
        .filter(|&&(_, child)| {
            let child = child as usize;
            match value {
                Value::Draw => seat0(child) == Value::Draw,
                _ => for_mover(seat0(child)) == value && values.plies[child] + 1 == plies,
            }
        })
        .map(|&(mv, _)| mv)
        .collect();
    Ok(Solved {
        value,
        plies,
        best,
        nodes: graph.nodes.len() as u64,
    })
}

/// Lists every position reachable from `root`, refusing at the first the
/// solver cannot play or past `budget` positions (or `deadline`).
fn explore(root: &State, budget: u64, deadline: Deadline) -> Result<Graph, Unsolvable> {
    let mut graph = Graph {
        nodes: Vec::new(),
        phases: Vec::new(),
        spans: Vec::new(),
        children: Vec::new(),
        root_moves: Vec::new(),
    };
    let mut index = FxHashMap::default();
    index.insert(key(root), graph.add(node_of(root)?, root.phase()));
    // Explored without the turns remembered for repetition, so that a
    // position's moves lead to the same positions however it was reached;
    // positions that come back are judged on the graph instead.
    let mut from_root = root.clone();
    from_root.forget_turns();
    let mut pending = vec![(0u32, from_root)];
    while let Some((at, state)) = pending.pop() {
        let start = graph.children.len() as u32;
        for &mv in state.legal_actions() {
            let mut next = state.clone();
            if next.apply_action(mv).is_err() {
                continue;
            }
            next.forget_turns();
            let position = key(&next);
            let child = match index.get(&position) {
                Some(&child) => child,
                None => {
                    let listed = graph.nodes.len() as u64;
                    if listed >= budget || deadline.passed() {
                        return Err(Unsolvable::TooBig { budget });
                    }
                    let node = node_of(&next)?;
                    let child = graph.add(node, next.phase());
                    index.insert(position, child);
                    if let Node::Mover(_) = node {
                        pending.push((child, next));
                    }
                    child
                }
            };
            graph.children.push(child);
            if at == 0 {
                graph.root_moves.push((mv, child));
            }
        }
        if graph.children.len() as u32 == start {
            return Err(Unsolvable::Stuck);
        }
        graph.spans[at as usize] = (start, graph.children.len() as u32 - start);
    }
    Ok(graph)
}

/// Per position, the positions with a move into it (once per move).
fn parents(graph: &Graph) -> Vec<Vec<u32>> {
    let mut parents = vec![Vec::new(); graph.nodes.len()];
    for node in 0..graph.nodes.len() {
        for &child in graph.children_of(node) {
            parents[child as usize].push(node as u32);
        }
    }
    parents
}

/// Seat 0's values, the nearest ends first: a position is won for its
/// mover by its first winning child met (the nearest), lost when its last
/// child is known to win for the other seat (the farthest).
fn retrograde(graph: &Graph) -> Values {
    let count = graph.nodes.len();
    let parents = parents(graph);
    let mut values = Values {
        value: vec![None; count],
        plies: vec![0; count],
    };
    let mut losing_children_left: Vec<u32> = graph.spans.iter().map(|&(_, len)| len).collect();
    let mut queue = VecDeque::new();
    for (n, node) in graph.nodes.iter().enumerate() {
        if let Node::Over(v) = *node {
            values.value[n] = Some(v);
            if v != Value::Draw {
                queue.push_back(n);
            }
        }
    }
    while let Some(child) = queue.pop_front() {
        let (won, plies) = (values.value[child], values.plies[child] + 1);
        let winner = if won == Some(Value::Win) { 0 } else { 1 };
        for &parent in &parents[child] {
            let parent = parent as usize;
            let Node::Mover(mover) = graph.nodes[parent] else {
                continue;
            };
            if values.value[parent].is_some() {
                continue;
            }
            let decided = if mover == winner {
                true
            } else {
                losing_children_left[parent] -= 1;
                losing_children_left[parent] == 0
            };
            if decided {
                values.value[parent] = won;
                values.plies[parent] = plies;
                queue.push_back(parent);
            }
        }
    }
    values
}

/// The shortest drawn line from the root to a drawn end through drawn
/// positions; 0 when none finishes (only a repeated turn ends it).
fn drawn_plies(graph: &Graph, values: &Values) -> u32 {
    let parents = parents(graph);
    let drawn = |n: usize| values.value[n].unwrap_or(Value::Draw) == Value::Draw;
    let mut plies: Vec<Option<u32>> = vec![None; graph.nodes.len()];
    let mut queue = VecDeque::new();
    for (n, node) in graph.nodes.iter().enumerate() {
        if *node == Node::Over(Value::Draw) {
            plies[n] = Some(0);
            queue.push_back(n);
        }
    }
    while let Some(child) = queue.pop_front() {
        let next = plies[child].unwrap_or(0) + 1;
        for &parent in &parents[child] {
            let parent = parent as usize;
            if drawn(parent) && plies[parent].is_none() {
                plies[parent] = Some(next);
                queue.push_back(parent);
            }
        }
    }
    plies[0].unwrap_or(0)
}

/// Whether no position can come back: peeling finished positions, then
/// those whose children are all peeled, leaves nothing.
fn acyclic(graph: &Graph) -> bool {
    let parents = parents(graph);
    let mut children_left: Vec<u32> = graph.spans.iter().map(|&(_, len)| len).collect();
    let mut queue: VecDeque<usize> = (0..graph.nodes.len())
        .filter(|&n| children_left[n] == 0)
        .collect();
    let mut peeled = 0;
    while let Some(node) = queue.pop_front() {
        peeled += 1;
        for &parent in &parents[node] {
            let parent = parent as usize;
            children_left[parent] -= 1;
            if children_left[parent] == 0 {
                queue.push_back(parent);
            }
        }
    }
    peeled == graph.nodes.len()
}

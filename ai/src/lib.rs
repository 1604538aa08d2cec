//! A search player for every rule set: Monte Carlo tree search (UCT) with
//! random playouts. Each node keeps the reward of the seat that moved into
//! it, so any number of seats (partners share their results) is handled the
//! same way.
//!
//! It sees a match only through the engine's public interface, the
//! [`GameState`] trait above all (who decides, legal actions, chance
//! outcomes, returns, information states) and a sealed round's plans: this
//! crate is apart from the engine so that the compiler holds it to that.
//!
//! - Hidden pieces: the search starts from what its seat knows
//!   ([`State::information_state`]: unseen pieces absent), so it can never
//!   read a hidden piece, and the same view gives the same choice.
//! - Simultaneous rounds: when the search's seat is planning, every planner
//!   of the round gets a tree of its own plan, chosen without seeing the
//!   others' (regret matching, see [`round`]); sealed plans are never read.
//!   A round met below a sequential turn is played by planners learning at
//!   that node the same way; rounds after it are played out at random.
//! - Chaos's turns are chance: played at random, as in the match.
//! - Playouts play lean placements on a copy of the board ([`LeanRun`]);
//!   where the whole game is such placements, one a turn, the tree runs on
//!   that copy too ([`lean`]). Both trees grow by one loop ([`tree`]),
//!   over what they descend through.
//!
//! Pure like the rest of the engine: the caller passes the random stream and
//! decides when to stop (an iteration count, or a clock it reads itself).
//! A caller that gives [`decide`] a time limit means the whole decision: the
//! search then shares it out (see [`clock`]).

mod clock;
mod guard;
mod lean;
mod levels;
mod mast;
mod playout;
mod proof;
mod proven;
mod rave;
mod round;
pub mod solve;
mod threat_win;
mod tree;
mod widen;
mod worlds;

pub mod tactics;
pub mod theory;

use std::time::Duration;

use rand::Rng;

use clock::Clock;
use redscience_engine::game::{Chances, GameState, LeanRun, Move, Movers, State, return_of};

pub use guard::Guard;
pub use levels::{Level, STANDARD_ITERATIONS, Thinking};

/// Exploration constant of UCT (the usual sqrt 2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Exploration where playouts keep clear of the cells that complete lines
/// under gravity (see `playout::under_gravity`): their values are
/// steadier, so the tree trusts them sooner. On Connect4 against
/// OpenSpiel's MCTS at equal time, 0.92 with it against 0.88 with sqrt 2
/// (200 games, three seeds; see `bench/results/journal-2026-11.md`).
const EXPLORATION_UNDER_GRAVITY: f64 = 0.7;

/// Playouts longer than this are scored as draws (a rule set may loop
/// until its stalemate rule catches the repetition).
const PLAYOUT_LIMIT: usize = 4_000;

/// The most a player of any level thinks about one decision, in
/// milliseconds, whatever its iterations: a chat reply must not wait. Rule
/// sets whose playouts are long (pieces that move) reach it first.
pub const THINKING_CAP_MS: u64 = 20_000;

pub(crate) struct Node {
    /// The move that led here (None at the root).
    pub(crate) mv: Option<Move>,
    /// The seat that made `mv`.
    pub(crate) seat: usize,
    pub(crate) parent: Option<usize>,
    pub(crate) children: Vec<usize>,
    /// The moves not tried yet, the next to try last (see [`widen`]).
    pub(crate) untried: Vec<Move>,
    /// Whether the node opens children as its visits grow (a big board).
    pub(crate) wide: bool,
    pub(crate) visits: u32,
    /// Sum of the rewards of `seat` over the visits.
    pub(crate) reward: f64,
    /// Playouts through the parent in which `seat` made `mv` later on, and
    /// the sum of `seat`'s rewards in them (all moves as first, see
    /// [`rave`]).
    pub(crate) amaf_visits: u32,
    pub(crate) amaf_reward: f64,
    /// What the tree has proven of `mv` for `seat` (see [`proven`]).
    pub(crate) proven: proven::Proven,
}

impl Node {
    pub(crate) fn root(seat: usize, untried: Vec<Move>) -> Node {
        Node {
            mv: None,
            seat,
            parent: None,
            children: Vec::new(),
            wide: untried.len() >= widen::WIDE,
            untried,
            visits: 0,
            reward: 0.0,
            amaf_visits: 0,
            amaf_reward: 0.0,
            proven: proven::Proven::Unknown,
        }
    }
}

/// The child of `at` that UCT picks with `exploration`: a proven win at
/// once, a proven loss only where every child is one.
pub(crate) fn select(nodes: &[Node], at: usize, exploration: f64) -> usize {
    let parent_visits = f64::from(nodes[at].visits.max(1)).ln();
    let score = |n: &Node| match n.proven {
        proven::Proven::Win => f64::INFINITY,
        proven::Proven::Loss => f64::NEG_INFINITY,
        proven::Proven::Unknown => {
            let v = f64::from(n.visits.max(1));
            rave::value(n) + exploration * (parent_visits / v).sqrt()
        }
    };
    *nodes[at]
        .children
        .iter()
        .max_by(|&&a, &&b| score(&nodes[a]).total_cmp(&score(&nodes[b])))
        .expect("a node with children")
}

/// Adds a child of `at` for `mv`, made by `seat`; returns its index.
pub(crate) fn add_child(
    nodes: &mut Vec<Node>,
    at: usize,
    mv: Move,
    seat: usize,
    untried: Vec<Move>,
) -> usize {
    nodes.push(Node {
        mv: Some(mv),
        seat,
        parent: Some(at),
        children: Vec::new(),
        wide: untried.len() >= widen::WIDE,
        untried,
        visits: 0,
        reward: 0.0,
        amaf_visits: 0,
        amaf_reward: 0.0,
        proven: proven::Proven::Unknown,
    });
    let id = nodes.len() - 1;
    nodes[at].children.push(id);
    id
}

/// Scores the path from `leaf` up: each node for the seat that moved into it.
pub(crate) fn backpropagate(nodes: &mut [Node], leaf: usize, results: &[f64]) {
    let mut node = Some(leaf);
    while let Some(n) = node {
        nodes[n].visits += 1;
        nodes[n].reward += results.get(nodes[n].seat).copied().unwrap_or(0.5);
        node = nodes[n].parent;
    }
}

/// The root's moves, most trusted first: proven wins, its other children
/// by visits, the moves never tried, then proven losses.
pub(crate) fn ranked(nodes: &[Node]) -> Vec<Move> {
    let (lost, mut children): (Vec<usize>, Vec<usize>) = nodes[0]
        .children
        .iter()
        .partition(|&&c| nodes[c].proven == proven::Proven::Loss);
    children.sort_by_key(|&c| {
        (
            nodes[c].proven != proven::Proven::Win,
            std::cmp::Reverse(nodes[c].visits),
        )
    });
    children
        .iter()
        .filter_map(|&c| nodes[c].mv)
        .chain(nodes[0].untried.iter().copied())
        .chain(lost.iter().filter_map(|&c| nodes[c].mv))
        .collect()
}

/// The moves a search considers: the legal actions (never a draw offer).
fn choices(state: &State) -> Vec<Move> {
    state.legal_actions().to_vec()
}

/// Whether the seat to move answers a draw offer: a decision the search
/// weighs, but no position for sealed plans, sampled worlds or a lean run.
fn answers_a_draw(moves: &[Move]) -> bool {
    moves.iter().any(|m| m.is_draw_talk())
}

/// Whether `sim` awaits the move of one seat or of chance: no sealed round,
/// not over.
fn open(sim: &State) -> bool {
    matches!(
        sim.movers(),
        Movers::One(_) | Movers::Chance(_) | Movers::Roll(_)
    )
}

/// What the seat the engine asks next knows: the search's root. Under cloaking every later move of the search,
/// whoever's, is judged on that knowledge too, so nothing hidden from the
/// seat steers it. None once the match is over.
fn root_of(state: &State) -> Option<State> {
    Some(state.information_state(state.movers().next()?))
}

/// What playouts reuse from one to the next: a lean run's copy of the
/// position (see [`LeanRun`]).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    run: LeanRun,
    /// The moves of the general way chosen by their averages so far.
    mast: mast::Mast,
    /// Whether the last playout ran apart from its state (its moves are
    /// the run's placements, not the state's decisions).
    apart: bool,
}

impl Scratch {
    /// Scratch whose playouts are informed where `game` allows (a seat
    /// takes a winning cell, else blocks the next seat's; see
    /// [`LeanRun::inform`]).
    pub(crate) fn informed(game: &redscience_engine::Game) -> Scratch {
        let mut scratch = Scratch::default();
        scratch.run.inform(game);
        scratch
    }
}

/// Plays `sim` out at random and scores every seat (1 win, 0.5 draw, 0
/// loss), for the results alone (see `random::play_for_results`). `sim` is
/// left wherever the playout left it.
pub(crate) fn play_out<R: Rng + ?Sized>(
    sim: &mut State,
    rng: &mut R,
    scratch: &mut Scratch,
    results: &mut Vec<f64>,
) {
    let seats = sim.seat_count();
    results.clear();
    let mast = &mut scratch.mast;
    let played = redscience_engine::random::play_for_results_picking(
        sim,
        &mut scratch.run,
        rng,
        PLAYOUT_LIMIT,
        playout::play,
        |state, rng| mast.pick(state, rng),
    );
    scratch.apart = played.apart;
    if played.apart {
        results.extend(scratch.run.results().iter().map(|&r| return_of(r)));
    } else {
        match sim.returns() {
            Some(returns) => results.extend(returns),
            None => results.resize(seats, 0.5),
        }
    }
    scratch.mast.learn(results);
}

/// The search's choice for the seat to move, or None when the match is over.
/// `stop` is asked after every iteration (with the count so far) and ends the
/// search when it returns true; at least one iteration always runs.
pub fn search<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    search_guarded(state, rng, stop, Guard::Full)
}

/// [`search`] with the root's short proofs limited to `guard` (the
/// weaker levels see fewer threats).
pub fn search_guarded<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
    guard: Guard,
) -> Option<Move> {
    search_on(state, rng, stop, guard, Clock::new(None))
}

/// The choice of a player thinking as `thinking` says, within `limit` of
/// time for the whole decision where one is given: the solver, the guard's
/// proofs and the tree each stop by their share of it (see [`clock`]).
pub fn decide<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
    thinking: Thinking,
    limit: Option<Duration>,
) -> Option<Move> {
    let clock = Clock::new(limit);
    let tree_end = clock.at(clock::TREE_SHARE);
    let stop = |n| n >= thinking.iterations || tree_end.passed();
    search_on(state, rng, stop, thinking.guard, clock)
}

/// [`search_guarded`] on `clock`.
fn search_on<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
    guard: Guard,
    clock: Clock,
) -> Option<Move> {
    state.movers().next()?;
    // The die is no seat's choice: it rolls, whoever asks.
    if let Movers::Roll(_) = state.movers() {
        return state.chance_outcomes().sample(rng);
    }
    let root_state = root_of(state)?;
    let moves = choices(&root_state);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    if let Movers::Sealed { .. } = root_state.movers() {
        return round::search(&root_state, rng, stop);
    }
    let draw_answer = answers_a_draw(&moves);
    let guarded = !draw_answer && guard != Guard::Off && guard::applies(&root_state);
    let mut moves = moves;
    // Perfect play where it is affordable: only the moves that keep the
    // game's value stay, and the tree picks among them (a drawn position
    // is played for the opponent's mistakes, never lost).
    if guarded && guard == Guard::Full && moves.len() <= SOLVE_BRANCHING {
        let deadline = clock.at(clock::SOLVER_SHARE);
        if let Ok(solved) = solve::try_solve_until(&root_state, SOLVE_BUDGET, deadline)
            && moves.iter().any(|m| solved.best.contains(m))
        {
            moves.retain(|m| solved.best.contains(m));
        }
        if moves.len() == 1 {
            return Some(moves[0]);
        }
    }
    if guarded {
        match guard::before_search(&root_state, moves, guard, clock.at(clock::GUARD_SHARE)) {
            guard::Before::Play(mv) => return Some(mv),
            guard::Before::Keep(kept) if kept.len() == 1 => return Some(kept[0]),
            guard::Before::Keep(kept) => moves = kept,
        }
    }
    let ranked = grow_ranked(state, &root_state, moves, draw_answer, rng, stop);
    match guarded && guard >= Guard::TwoTurns {
        true => guard::after_search(&root_state, &ranked, guard, clock.at(1.0)),
        false => ranked.first().copied(),
    }
}

/// The tree's ranking of `moves` at `root_state` (what the seat to move
/// in `state` knows).
fn grow_ranked<R: Rng + ?Sized>(
    state: &State,
    root_state: &State,
    moves: Vec<Move>,
    draw_answer: bool,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
) -> Vec<Move> {
    if !draw_answer && let Some(start) = lean::start(root_state) {
        return lean::search(root_state, &start, moves, rng, stop);
    }
    // Hidden moves: search across worlds the seat cannot tell from the
    // truth, or from its own knowledge alone when none are found. (With
    // nothing hidden from the seat there are no worlds to sample.)
    if !draw_answer && let Some(seat) = state.movers().next() {
        let worlds = worlds::sample(state, seat, rng, WORLDS, WORLD_TRIES);
        if !worlds.is_empty() {
            return tree_search(&worlds, moves, rng, stop);
        }
    }
    tree_search(std::slice::from_ref(root_state), moves, rng, stop)
}

/// Plays the chance nodes on `sim` (Chaos's turns) as the match will: at
/// random, unless `me`, the seat searching, is Chaos. Chaos is no opponent
/// that answers the search's moves, so its turns get no nodes (a tree that
/// let Chaos pick its best reply would fear moves it never makes). A die's
/// roll is a node of the tree, drawn at random (see `Descent::at_chance`):
/// the moves that follow depend on it.
fn chance_moves<R: Rng + ?Sized>(sim: &mut State, me: usize, rng: &mut R) {
    while let Movers::Chance(chaos) = sim.movers()
        && chaos != me
    {
        let Some(mv) = sim.chance_outcomes().sample(rng) else {
            return;
        };
        if sim.apply_action(mv).is_err() {
            return;
        }
    }
}

/// The solver is tried where the mover has at most this many moves (small
/// boards, and big ones near their end), within this many positions: a
/// game that does not fit costs a few milliseconds a move.
const SOLVE_BRANCHING: usize = 24;
const SOLVE_BUDGET: u64 = 60_000;

/// Worlds a search with hidden pieces samples, and the replays it may
/// spend finding them.
const WORLDS: usize = 24;
const WORLD_TRIES: usize = 400;

/// UCT over the turns that follow, each iteration in the next of `roots`
/// (one position, or the worlds of an information set; a move that does
/// not fit a world ends that iteration's descent). A simultaneous round met
/// on the way is a leaf whose planners learn their plans there by regret
/// matching (see [`round::RoundLeaf`]), so no planner answers another's
/// plan. Chaos's turns are chance: played at random, off the tree.
fn tree_search<R: Rng + ?Sized>(
    roots: &[State],
    moves: Vec<Move>,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
) -> Vec<Move> {
    ranked(&grow_tree(roots, moves, rng, stop))
}

/// The tree of [`tree_search`].
fn grow_tree<R: Rng + ?Sized>(
    roots: &[State],
    moves: Vec<Move>,
    rng: &mut R,
    stop: impl FnMut(usize) -> bool,
) -> Vec<Node> {
    let me = roots[0]
        .movers()
        .next()
        .expect("a search starts where a seat decides");
    let mut descent = StateDescent {
        roots,
        me,
        // Chaos's turns are chance, unless Chaos is the one searching.
        chaos: roots[0].chance_seat().filter(|&c| c != me),
        // One state for every iteration, refilled: no allocation per playout.
        sim: roots[0].clone(),
        scratch: Scratch::informed(roots[0].game()),
        rounds: Default::default(),
        round: None,
        picks: Vec::new(),
    };
    tree::grow(&mut descent, Node::root(me, moves), rng, stop)
}

/// The tree's descent on a match's state, each iteration from the next of
/// its roots.
struct StateDescent<'a> {
    roots: &'a [State],
    /// The seat searching.
    me: usize,
    /// The Chaos seat whose turns are chance, if any.
    chaos: Option<usize>,
    sim: State,
    scratch: Scratch,
    /// Per node where a sealed round was met, its planners' learning.
    rounds: rustc_hash::FxHashMap<usize, round::RoundLeaf>,
    /// The planners of the round played at this iteration's leaf, if any,
    /// and what each picked.
    round: Option<redscience_engine::game::Seats>,
    picks: Vec<Option<(usize, f64)>>,
}

impl tree::Descent for StateDescent<'_> {
    fn restart(&mut self, iteration: usize) {
        self.sim
            .clone_from(&self.roots[iteration % self.roots.len()]);
        self.scratch.apart = false;
    }

    /// The decisions made since the root, then those of a playout that ran
    /// apart.
    fn played(&self, played: &mut rave::Played) {
        let root = self.roots[0].decisions().len();
        let decided = self.sim.decisions().since(root);
        let apart = self.scratch.apart.then(|| self.scratch.run.placements());
        played.load(decided.copied().chain(apart.into_iter().flatten()));
    }

    fn chance<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        chance_moves(&mut self.sim, self.me, rng);
    }

    fn open(&self) -> bool {
        open(&self.sim)
    }

    fn mover(&self) -> usize {
        self.sim
            .movers()
            .next()
            .expect("an open position has a mover")
    }

    fn at_chance(&self) -> bool {
        matches!(self.sim.movers(), Movers::Roll(_))
    }

    /// One position (no sampled worlds), two seats, no Chaos, no die and
    /// nothing hidden.
    fn proves(&self) -> bool {
        let game = self.roots[0].game();
        self.roots.len() == 1
            && game.seats.len() == 2
            && game.chaos_seat().is_none()
            && game.rules.dice.is_none()
            && game.rules.cloaking == redscience_engine::rules::Cloaking::None
    }

    fn over(&self) -> bool {
        self.sim.is_terminal()
    }

    fn make(&mut self, mv: Move) -> bool {
        self.sim.apply_action(mv).is_ok()
    }

    fn moves(&self) -> Vec<Move> {
        choices(&self.sim)
    }

    fn order<R: Rng + ?Sized>(&self, moves: &mut [Move], rng: &mut R) {
        let sim = &self.sim;
        widen::order(
            moves,
            &sim.game().geometry,
            |c| sim.piece_at(c).is_some(),
            rng,
        );
    }

    /// A round reached below the root: its planners play it as they learn
    /// to at this node, then the rest is played out at random.
    fn score<R: Rng + ?Sized>(&mut self, at: usize, rng: &mut R, results: &mut Vec<f64>) {
        self.round = None;
        if let Movers::Sealed { planners, .. } = self.sim.movers() {
            let (sim, chaos, me) = (&self.sim, self.chaos, self.me);
            let leaf = self
                .rounds
                .entry(at)
                .or_insert_with(|| round::RoundLeaf::new(sim, chaos, me));
            leaf.play(&mut self.sim, rng, &mut self.picks);
            self.round = Some(planners);
        }
        play_out(&mut self.sim, rng, &mut self.scratch, results);
    }

    fn learn(&mut self, at: usize, results: &[f64]) {
        if let (Some(planners), Some(leaf)) = (self.round, self.rounds.get_mut(&at)) {
            leaf.learn(planners, &self.picks, results);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use redscience_engine::game::SeatResult;
    use redscience_engine::testing::{catalogue_game, game, played};
    use redscience_engine::{Game, catalogue};

    fn ttt(moves: &[&str]) -> State {
        played(&catalogue_game("Tic-Tac-Toe"), moves)
    }

    fn best(state: &State, iterations: usize) -> Move {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        search(state, &mut rng, |n| n >= iterations).unwrap()
    }

    #[test]
    fn it_takes_a_win_and_blocks_a_loss() {
        // Black has (1,1) and (2,1): (3,1) wins.
        let s = ttt(&["1,1", "1,3", "2,1", "2,3"]);
        assert_eq!(s.move_text(best(&s, 2_000)), "Black circle to (3,1)");
        // White must block black's (3,1).
        let s = ttt(&["1,1", "2,2", "2,1"]);
        assert_eq!(s.move_text(best(&s, 2_000)), "White circle to (3,1)");
    }

    #[test]
    fn where_the_game_is_solved_it_keeps_its_value() {
        // From positions of random play in small games, the standard
        // player's move (at a budget far too small to find it by search)
        // keeps the solver's value: a win stays a win, a draw a draw.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let mut checked = 0;
        for name in ["Tic-Tac-Toe", "Achi", "Treblecross15"] {
            let game = catalogue_game(name);
            for seed in 0..12 {
                let mut s = game.start_seeded(seed);
                let depth = seed as usize % 5;
                for _ in 0..depth {
                    if s.is_terminal() {
                        break;
                    }
                    let mv = redscience_engine::random::random_move(&s, &mut rng).unwrap();
                    s.apply(mv).unwrap();
                }
                if s.is_terminal() {
                    continue;
                }
                let Some(before) = solve::solve(&s, 2_000_000) else {
                    continue;
                };
                let mv = search(&s, &mut rng, |n| n >= 16).unwrap();
                let mut after = s.clone();
                after.apply(mv).unwrap();
                let kept = match after.outcome() {
                    Some(_) => {
                        let mine = after.returns().unwrap().nth(s.to_move()).unwrap();
                        match before.value {
                            solve::Value::Win => mine == 1.0,
                            solve::Value::Draw => mine >= 0.5,
                            solve::Value::Loss => true,
                        }
                    }
                    None => {
                        let now = solve::solve(&after, 2_000_000).unwrap().value;
                        let mine = match after.to_move() == s.to_move() {
                            true => now,
                            false => now.flipped(),
                        };
                        before.value != solve::Value::Loss && mine == before.value
                            || before.value == solve::Value::Loss
                    }
                };
                assert!(
                    kept,
                    "{name} seed {seed}: {} threw away a {:?}",
                    s.move_text(mv),
                    before.value
                );
                checked += 1;
            }
        }
        assert!(checked >= 24, "{checked} positions checked");
    }

    #[test]
    fn it_beats_random_at_tic_tac_toe() {
        let game = catalogue_game("Tic-Tac-Toe");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut wins, mut losses) = (0, 0);
        for g in 0..20 {
            let search_seat = g % 2;
            let mut s = game.start();
            while !s.is_terminal() {
                let mv = if s.to_move() == search_seat {
                    search(&s, &mut rng, |n| n >= 400).unwrap()
                } else {
                    redscience_engine::random::random_move(&s, &mut rng).unwrap()
                };
                s.apply(mv).unwrap();
            }
            match s.outcome().unwrap().results[search_seat] {
                SeatResult::Win => wins += 1,
                SeatResult::Loss => losses += 1,
                SeatResult::Draw => {}
            }
        }
        assert!(
            wins >= 14 && losses <= 1,
            "{wins} wins, {losses} losses in 20"
        );
    }

    /// Every `parts`th catalogue game from `part` on: six turns, the
    /// search's move found legal at the first two and the last two (both
    /// seats, early and later), Random's in between. Each search tries the
    /// solver and the proofs, most of this test's time in the bigger games,
    /// so not every turn is searched. Split so that the test threads share
    /// the catalogue.
    fn legal_moves_at_every_stage_of(part: usize, parts: usize) {
        for rules in catalogue::all().into_iter().skip(part).step_by(parts) {
            let name = rules.name.clone();
            let game = Game::new(rules).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
            let mut s = game.start_seeded(11);
            for turn in 0..6 {
                if s.is_terminal() {
                    break;
                }
                let mv = match turn {
                    2 | 3 => redscience_engine::random::random_move(&s, &mut rng).expect("a move"),
                    _ => search(&s, &mut rng, |n| n >= 40).expect("a move"),
                };
                assert!(s.legal().contains(&mv), "{name}: {mv:?}");
                s.apply(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }

    #[test]
    fn every_catalogue_game_gets_a_legal_move_at_every_stage_first_quarter() {
        legal_moves_at_every_stage_of(0, 4);
    }

    #[test]
    fn every_catalogue_game_gets_a_legal_move_at_every_stage_second_quarter() {
        legal_moves_at_every_stage_of(1, 4);
    }

    #[test]
    fn every_catalogue_game_gets_a_legal_move_at_every_stage_third_quarter() {
        legal_moves_at_every_stage_of(2, 4);
    }

    #[test]
    fn every_catalogue_game_gets_a_legal_move_at_every_stage_fourth_quarter() {
        legal_moves_at_every_stage_of(3, 4);
    }

    #[test]
    fn chaos_turns_are_chance_and_get_no_nodes() {
        // Shopping9: black's phase, white's, then Chaos's. A tree that
        // reaches Chaos's phase plays Chaos at random, off the tree.
        let game = catalogue_game("Shopping9");
        let chaos = game.chaos_seat().expect("a Chaos seat");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut s = game.start_seeded(5);
        let (mut checked, mut deep) = (0, false);
        while !s.is_terminal() {
            if s.to_move() != chaos && !matches!(s.movers(), Movers::Sealed { .. }) {
                let root = root_of(&s).unwrap();
                let nodes = grow_tree(std::slice::from_ref(&root), choices(&root), &mut rng, |n| {
                    n >= 300
                });
                assert!(nodes.len() > 1);
                deep |= nodes.iter().any(|n| n.seat != nodes[0].seat);
                assert!(
                    nodes.iter().all(|n| n.seat != chaos),
                    "no node is Chaos's move"
                );
                checked += 1;
            }
            let mv = redscience_engine::random::random_move(&s, &mut rng).unwrap();
            s.apply(mv).unwrap();
        }
        assert!(checked > 0, "some turns were searched");
        assert!(deep, "some trees reached another seat's turns");
    }

    #[test]
    fn hidden_pieces_do_not_change_its_choice() {
        // White's view is the same whether black hid at (1,1) or (1,2).
        let game = game(serde_json::json!({"name": "h",
            "cloaking": "hides", "phases": [{"cloaked": ["1,*"]}], "turn_checks": [
                {"check": "in_a_row", "length": 3, "result": "win"}]}));
        let a = played(&game, &["1,1"]);
        let b = played(&game, &["1,2"]);
        assert_eq!(a.player_view(1), b.player_view(1));
        assert_eq!(best(&a, 300), best(&b, 300));
    }

    #[test]
    fn sealed_plans_do_not_change_its_choice() {
        // Rock-paper-scissors: whatever the first seat sealed, the second
        // seat's search sees the same round and chooses the same.
        let game = catalogue_game("RockPaperScissors");
        let start = game.start();
        assert_eq!(start.to_move(), 0);
        let mut choices = Vec::new();
        for first in start.legal().to_vec() {
            if first.is_draw_talk() {
                continue;
            }
            let mut s = start.clone();
            s.apply(first).unwrap();
            assert_eq!(s.to_move(), 1, "the second seat plans next");
            choices.push(best(&s, 600));
        }
        assert_eq!(choices.len(), 3, "three sealed plans tried");
        assert!(choices.windows(2).all(|w| w[0] == w[1]), "{choices:?}");
    }

    #[test]
    fn decoupled_planners_learn_each_others_best_plan() {
        // Every planner of the round gets a tree, the sealed ones included.
        let game = catalogue_game("RockPaperScissors");
        let mut s = game.start();
        let first = s.legal()[0];
        s.apply(first).unwrap();
        let root = root_of(&s).unwrap();
        let Movers::Sealed { planners, .. } = root.movers() else {
            panic!("a sealed round");
        };
        assert_eq!(planners.iter().collect::<Vec<_>>(), vec![0, 1]);
        // Seat 0's start holds none of its sealed plan.
        assert!(root.plan(0).unwrap().moves().is_empty());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mv = round::search(&root, &mut rng, |n| n >= 300).unwrap();
        assert!(s.legal().contains(&mv));
    }

    #[test]
    fn in_staghunt_it_hunts_the_stag() {
        // Against a partner who hunts the stag half the time or more, the
        // stag pays more than the hare (docs/rules.md, StagHunt; with Chaos
        // at random: stag 0 or 1, hare about 0.25 or 0.65). Planners that
        // learned only against each other chose the hare for about half
        // the seeds.
        let game = catalogue_game("StagHunt");
        let start = game.start();
        let stag = (0..6)
            .filter(|&seed| {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let mv = search(&start, &mut rng, |n| n >= 4_000).unwrap();
                start.move_text(mv) == "Black hunter (pentagon) to black's stag forest (stack 3)"
            })
            .count();
        assert!(stag >= 5, "stag in {stag} of 6 seeds");
    }

    #[test]
    fn in_a_round_it_plays_the_dominant_plan() {
        // PrisonerDilemma: a piece on one's own post beats the shared post
        // whatever the other seat plans (docs/rules.md has the payoffs). A
        // decoupled UCT moved both seats' trees in lockstep and chose the
        // shared post; regret matching samples them apart.
        let game = catalogue_game("PrisonerDilemma");
        let start = game.start();
        let mv = best(&start, 3_000);
        assert_eq!(
            start.move_text(mv),
            "Black prisoner (X) to black's testimony (stack 1)"
        );
        for sealed in start.legal().to_vec() {
            let mut s = start.clone();
            s.apply(sealed).unwrap();
            let mv = best(&s, 3_000);
            assert_eq!(
                s.move_text(mv),
                "White inmate (pentagon) to white's testimony (stack 3)"
            );
        }
    }
}

//! A search player for every rule set: Monte Carlo tree search (UCT) with
//! random playouts. Each node keeps the reward of the seat that moved into
//! it, so any number of seats (partners share their results) is handled the
//! same way. Where pieces are hidden, the search starts from what its seat
//! knows ([`State::perceived`]: unseen pieces absent), so it can never read
//! a hidden piece; simultaneous rounds are searched as the seat's own plan
//! judged on the round-start position, as the engine judges it.
//!
//! Pure like the rest of the engine: the caller passes the random stream and
//! decides when to stop (an iteration count, or a clock it reads itself).

use rand::{Rng, RngExt};

use crate::game::{Move, SeatResult, State};
use crate::random::random_move;

/// Exploration constant of UCT (the usual sqrt 2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Playouts longer than this are scored as draws (a rule set may loop
/// until its stalemate rule catches the repetition).
const PLAYOUT_LIMIT: usize = 4_000;

struct Node {
    /// The move that led here (None at the root).
    mv: Option<Move>,
    /// The seat that made `mv`.
    seat: usize,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: u32,
    /// Sum of the rewards of `seat` over the visits.
    reward: f64,
}

fn reward(result: SeatResult) -> f64 {
    match result {
        SeatResult::Win => 1.0,
        SeatResult::Draw => 0.5,
        SeatResult::Loss => 0.0,
    }
}

/// The moves a search considers: every legal move but offering a draw.
fn choices(state: &State) -> Vec<Move> {
    state
        .legal()
        .iter()
        .copied()
        .filter(|m| *m != Move::OfferDraw)
        .collect()
}

/// What the seat to move of `state` knows: the search's root. Under
/// cloaking every later move of the search, whoever's, is judged on that
/// knowledge too, so nothing hidden from the seat steers it.
fn root_of(state: &State) -> State {
    if state.game().rules.cloaking == crate::rules::Cloaking::None {
        state.clone()
    } else {
        state.perceived(state.to_move())
    }
}

/// Where the simultaneous round under way began, if one is.
fn round_of(state: &State) -> Option<usize> {
    state.round.as_ref().map(|r| r.history_start)
}

/// The search's choice for the seat to move, or None when the match is over.
/// `stop` is asked after every iteration (with the count so far) and ends the
/// search when it returns true; at least one iteration always runs.
pub fn search<R: Rng + ?Sized>(
    state: &State,
    rng: &mut R,
    mut stop: impl FnMut(usize) -> bool,
) -> Option<Move> {
    if state.is_finished() {
        return None;
    }
    let root_state = root_of(state);
    let moves = choices(&root_state);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let mut nodes = vec![Node {
        mv: None,
        seat: state.to_move(),
        parent: None,
        children: Vec::new(),
        untried: moves,
        visits: 0,
        reward: 0.0,
    }];
    // In a simultaneous round the other planners judge the round-start
    // position and never see this seat's plan: their plans are sampled in
    // the playout, not searched in a tree that would let them answer it.
    let root_seat = state.to_move();
    let root_round = round_of(&root_state);
    let sealed = |sim: &State| {
        root_round.is_some() && round_of(sim) == root_round && sim.to_move() != root_seat
    };
    let mut iterations = 0;
    loop {
        let mut sim = root_state.clone();
        let mut at = 0;
        // Selection: down through fully expanded nodes by UCT.
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() && !sealed(&sim) {
            let parent_visits = f64::from(nodes[at].visits.max(1)).ln();
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let score = |n: &Node| {
                        let v = f64::from(n.visits.max(1));
                        n.reward / v + EXPLORATION * (parent_visits / v).sqrt()
                    };
                    score(&nodes[a]).total_cmp(&score(&nodes[b]))
                })
                .expect("a node with children");
            let mv = nodes[at].mv.expect("a child has a move");
            if sim.apply(mv).is_err() {
                break;
            }
        }
        // Expansion: one untried move.
        if !nodes[at].untried.is_empty() && !sim.is_finished() && !sealed(&sim) {
            let pick = rng.random_range(0..nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(pick);
            let seat = sim.to_move();
            if sim.apply(mv).is_ok() {
                let child = Node {
                    mv: Some(mv),
                    seat,
                    parent: Some(at),
                    children: Vec::new(),
                    untried: if sim.is_finished() {
                        Vec::new()
                    } else {
                        choices(&sim)
                    },
                    visits: 0,
                    reward: 0.0,
                };
                nodes.push(child);
                let id = nodes.len() - 1;
                nodes[at].children.push(id);
                at = id;
            }
        }
        // Playout.
        let mut steps = 0;
        while steps < PLAYOUT_LIMIT {
            let Some(mv) = random_move(&sim, rng) else {
                break;
            };
            if sim.apply(mv).is_err() {
                break;
            }
            steps += 1;
        }
        let results: Vec<f64> = match sim.outcome() {
            Some(o) => o.results.iter().map(|r| reward(*r)).collect(),
            None => vec![0.5; state.game().seats.len()],
        };
        // Backpropagation: each node is scored for the seat that moved into it.
        let mut node = Some(at);
        while let Some(n) = node {
            nodes[n].visits += 1;
            nodes[n].reward += results.get(nodes[n].seat).copied().unwrap_or(0.5);
            node = nodes[n].parent;
        }
        iterations += 1;
        if stop(iterations) {
            break;
        }
    }
    // The most visited move is the most trusted.
    nodes[0]
        .children
        .iter()
        .max_by_key(|&&c| nodes[c].visits)
        .and_then(|&c| nodes[c].mv)
        .or_else(|| nodes[0].untried.first().copied())
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::notation::apply_turn;
    use crate::{Game, catalogue};

    fn ttt(moves: &[&str]) -> State {
        let game = Game::new(catalogue::get("Tic-Tac-Toe").unwrap()).unwrap();
        let mut s = game.start();
        for m in moves {
            apply_turn(&mut s, m, |_| None).unwrap();
        }
        s
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
    fn it_beats_random_at_tic_tac_toe() {
        let game = Game::new(catalogue::get("Tic-Tac-Toe").unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut wins, mut losses) = (0, 0);
        for g in 0..20 {
            let search_seat = g % 2;
            let mut s = game.start();
            while !s.is_finished() {
                let mv = if s.to_move() == search_seat {
                    search(&s, &mut rng, |n| n >= 400).unwrap()
                } else {
                    random_move(&s, &mut rng).unwrap()
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

    #[test]
    fn every_catalogue_game_gets_a_legal_move_at_every_stage() {
        for rules in catalogue::all() {
            let name = rules.name.clone();
            let game = Game::new(rules).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
            let mut s = game.start_seeded(11);
            for _ in 0..6 {
                if s.is_finished() {
                    break;
                }
                let mv = search(&s, &mut rng, |n| n >= 40).expect("a move");
                assert!(s.legal_moves().contains(&mv), "{name}: {mv:?}");
                s.apply(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }

    #[test]
    fn hidden_pieces_do_not_change_its_choice() {
        // White's view is the same whether black hid at (1,1) or (1,2).
        let game = Game::new(
            serde_json::from_value(serde_json::json!({"schema_version": 1, "name": "h",
                "cloaking": "hides", "phases": [{"cloaked": ["1,*"]}], "turn_checks": [
                    {"check": "in_a_row", "length": 3, "result": "win"}]}))
            .unwrap(),
        )
        .unwrap();
        let play = |moves: &[&str]| {
            let mut s = game.start();
            for m in moves {
                apply_turn(&mut s, m, |_| None).unwrap();
            }
            s
        };
        let a = play(&["1,1"]);
        let b = play(&["1,2"]);
        assert_eq!(a.player_view(1), b.player_view(1));
        assert_eq!(best(&a, 300), best(&b, 300));
    }
}

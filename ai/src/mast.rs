//! Move-average sampling (MAST): a playout's moves of the general way
//! (moving, capturing, flipping pieces) chosen by how the same move did in
//! the playouts before, rather than uniformly. A move that has won for its
//! seat wherever it was played is likely good wherever it is legal (in
//! Breakthrough, a capture of a runner; in Reversi, a corner). Finnsson and
//! Björnsson, "Simulation-based approach to general game playing" (AAAI
//! 2008); the ε-greedy choice after Tak, Winands and Björnsson, "N-grams
//! and the last-good-reply policy applied in general game playing" (IEEE
//! TCIAIG 2012).
//!
//! Rule-independent: a move is its text's identity (`Move`), a seat's
//! average is over every playout it was played in. Chance, Chaos and
//! sealed rounds keep their own draws; lean runs of placements keep
//! theirs (see [`crate::playout`]).

use rand::{Rng, RngExt};
use redscience_engine::game::{Chances, GameState, Move, Movers, State};
use rustc_hash::FxHashMap;

/// The share of a playout's choices drawn as Random draws them: the rest
/// take the legal move with the best average.
const EPSILON: f64 = 0.4;

/// Each seat's record of the moves it played in playouts, and the moves of
/// the playout under way.
#[derive(Debug, Default)]
pub(crate) struct Mast {
    /// (seat, move) -> (sum of the seat's results, playouts).
    averages: FxHashMap<(u8, Move), (f32, u32)>,
    /// The moves the playout under way chose by this record, with their seat.
    played: Vec<(u8, Move)>,
}

impl Mast {
    /// The move for whoever is asked next in a playout: the seat's legal
    /// move with the best average, or Random's draw (at chance nodes, in
    /// sealed rounds, and a share [`EPSILON`] of the time). None once the
    /// game is over.
    pub(crate) fn pick<R: Rng + ?Sized>(&mut self, state: &State, rng: &mut R) -> Option<Move> {
        let Movers::One(seat) = state.movers() else {
            return state.chance_outcomes().sample(rng);
        };
        let moves = state.legal_actions();
        let mv = if moves.len() < 2 || self.averages.is_empty() || rng.random_bool(EPSILON) {
            state.chance_outcomes().sample(rng)?
        } else {
            self.best(seat as u8, moves, rng)
        };
        self.played.push((seat as u8, mv));
        Some(mv)
    }

    /// The move of `moves` with the best average for `seat`; a move never
    /// played counts as a win (it is tried), and of equal averages the
    /// first from a random place in the list is taken.
    fn best<R: Rng + ?Sized>(&self, seat: u8, moves: &[Move], rng: &mut R) -> Move {
        // Start the scan at a random move, so equal averages share the picks.
        let start = rng.random_range(0..moves.len());
        let mut best = (f32::NEG_INFINITY, moves[start]);
        for &mv in moves[start..].iter().chain(&moves[..start]) {
            let value = match self.averages.get(&(seat, mv)) {
                Some(&(sum, n)) => sum / n as f32,
                None => 1.0,
            };
            if value > best.0 {
                best = (value, mv);
            }
        }
        best.1
    }

    /// Credits the playout's moves with its results (per seat, 1 win, 0.5
    /// draw, 0 loss), and forgets them.
    pub(crate) fn learn(&mut self, results: &[f64]) {
        for (seat, mv) in self.played.drain(..) {
            let Some(&result) = results.get(usize::from(seat)) else {
                continue;
            };
            let entry = self.averages.entry((seat, mv)).or_insert((0.0, 0));
            entry.0 += result as f32;
            entry.1 += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use redscience_engine::testing::catalogue_game;

    fn start(name: &str) -> State {
        catalogue_game(name).start_seeded(0)
    }

    /// A move that won before is chosen over the others whenever the
    /// choice is not Random's, and a move that lost is avoided.
    #[test]
    fn the_move_with_the_best_average_is_chosen_outside_randoms_share() {
        let state = start("Breakthrough");
        let moves = state.legal_actions().to_vec();
        let seat = 0u8;
        let mut mast = Mast::default();
        for (i, &mv) in moves.iter().enumerate() {
            mast.played.push((seat, mv));
            let won = if i == 3 { 1.0 } else { 0.0 };
            mast.learn(&[won, 1.0 - won]);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let picks = 2_000;
        let chosen = (0..picks)
            .filter(|_| mast.pick(&state, &mut rng) == Some(moves[3]))
            .count();
        // 60% greedy, plus Random's 1 in moves.len() of the other 40%.
        let expected = picks as f64 * (1.0 - EPSILON + EPSILON / moves.len() as f64);
        assert!(
            (chosen as f64 - expected).abs() < 0.05 * picks as f64,
            "chosen {chosen} times of {picks}, expected about {expected:.0}"
        );
    }

    /// Each pick is recorded for its seat, and learning credits each seat
    /// with its own result.
    #[test]
    fn a_playouts_moves_are_credited_to_their_seats() {
        let mut state = start("Breakthrough");
        let mut mast = Mast::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let first = mast.pick(&state, &mut rng).unwrap();
        state.apply_action(first).unwrap();
        let second = mast.pick(&state, &mut rng).unwrap();
        assert_eq!(mast.played, vec![(0, first), (1, second)]);
        mast.learn(&[1.0, 0.0]);
        assert!(mast.played.is_empty());
        assert_eq!(mast.averages[&(0, first)], (1.0, 1));
        assert_eq!(mast.averages[&(1, second)], (0.0, 1));
    }
}

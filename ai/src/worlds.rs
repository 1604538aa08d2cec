//! Information sets by sampling: the worlds a seat cannot tell from the
//! truth. A world is the match replayed from its start with every move the
//! seat could not see replaced by a random legal move of the same seat
//! (Random's model of the others), kept only when the seat's view of it is
//! the view it has now. Only what the seat sees and the random stream shape
//! a world, so hidden pieces never steer the search, yet it meets opponents
//! that do hold pieces where it cannot look.

use rand::Rng;

use redscience_engine::game::{Chances, GameState};
use redscience_engine::game::{KnownDecision, State};

/// Up to `wanted` worlds for `seat`, drawn in at most `tries` replays.
/// Empty when no move was hidden from the seat, or none fits its view.
pub(super) fn sample<R: Rng + ?Sized>(
    state: &State,
    seat: usize,
    rng: &mut R,
    wanted: usize,
    tries: usize,
) -> Vec<State> {
    let Some(decided) = state.decisions_known_to(seat) else {
        return Vec::new();
    };
    if !decided.iter().any(|d| d.mv.is_none()) {
        return Vec::new();
    }
    let view = state.observation(seat);
    let mut worlds = Vec::new();
    for _ in 0..tries {
        if worlds.len() == wanted {
            break;
        }
        let Some(world) = replay(state, &decided, rng) else {
            continue;
        };
        if world.movers().next() == Some(seat) && world.observation(seat) == view {
            worlds.push(world);
        }
    }
    worlds
}

/// The match replayed with its hidden decisions drawn afresh (as Random
/// would make them); None when a visible decision no longer fits.
fn replay<R: Rng + ?Sized>(state: &State, decided: &[KnownDecision], rng: &mut R) -> Option<State> {
    let mut world = state.start_position();
    for decision in decided {
        if world.movers().next() != Some(decision.seat) {
            return None;
        }
        let mv = match decision.mv {
            Some(mv) => mv,
            None => world.chance_outcomes().sample(rng)?,
        };
        world.apply_action(mv).ok()?;
    }
    Some(world)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use redscience_engine::notation::apply_turn;
    use redscience_engine::testing::{game, played};

    #[test]
    fn worlds_match_the_view_and_move_the_hidden_pieces() {
        // Row 1 is cloaked: black's pieces there are hidden from white.
        let game = game(serde_json::json!({"name": "h",
            "cloaking": "hides", "phases": [{"cloaked": ["1,*"]}], "turn_checks": [
                {"check": "in_a_row", "length": 3, "result": "win"}]}));
        let truth = played(&game, &["1,1", "2,2", "1,3"]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let worlds = sample(&truth, 1, &mut rng, 20, 400);
        assert_eq!(worlds.len(), 20);
        let view = truth.player_view(1);
        let black_of = |s: &State| -> Vec<u16> {
            (0..9)
                .filter(|&c| {
                    s.piece_at(c)
                        .is_some_and(|p| p.0 == redscience_engine::rules::Color::Black)
                })
                .collect()
        };
        let hidden = black_of(&truth);
        let mut elsewhere = 0;
        for world in &worlds {
            assert_eq!(world.player_view(1), view);
            assert_eq!(world.to_move(), 1);
            // Black's two hidden pieces stay in the cloaked row.
            let black = black_of(world);
            assert_eq!(black.len(), 2);
            if black != hidden {
                elsewhere += 1;
            }
        }
        assert!(
            elsewhere > 0 && elsewhere < worlds.len(),
            "worlds put the hidden pieces elsewhere, and sometimes where they are: {elsewhere}"
        );
        // Black sees everything it placed: no world to sample.
        let mut black_turn = truth.clone();
        apply_turn(&mut black_turn, "3,3", |_| None).unwrap();
        assert!(sample(&black_turn, 0, &mut rng, 5, 50).is_empty());
    }
}

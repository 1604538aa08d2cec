//! One player alone (issue 23): a puzzle against the rules, won by its
//! checks and stalemate rules and lost when the player is stuck; the
//! standard player searches it through the game interface like any other.

use crate::factory_support::{assert_described, legal, refused, with};
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use redscience_engine::game::GameState;
use redscience_engine::notation::typed;
use redscience_engine::testing::played;
use redscience_engine::{Game, SeatResult, State};

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

/// A king alone on a board of `x` by `y`, walling every space it leaves:
/// filling the board wins, being stuck loses.
fn walk(x: u8, y: u8, start: &str, extra: Value) -> Arc<Game> {
    with(
        json!({
            "players": "one", "board": "squares", "dimensions": [x, y, 1],
            "turn_checks": [{"check": "stalemate_if_board_full"}],
            "stalemate": [{"rule": "all_win"}], "no_move": "lose",
            "shapes": [{"shape": "circle", "movement": ["adj_orthogonal"], "trail": "wall",
                        "reserves": {}}],
            "initial": [{"at": start, "color": "black"}],
        }),
        extra,
    )
}

#[test]
fn a_player_alone_wins_by_filling_the_board_and_loses_when_stuck() {
    let g = walk(2, 2, "1,1", json!({}));
    assert_eq!(g.seats.len(), 1, "no Chaos, no second seat");
    let state = g.start();
    assert_eq!(legal(&state), ["1,1-1,2", "1,1-2,1"]);
    // The rest of the walk has one way: the engine makes it.
    let state = played(&g, &["1,1-1,2"]);
    assert_eq!(results(&state), vec![SeatResult::Win]);
    // From the middle of a row, either way leaves a space unreachable.
    let g = walk(3, 1, "2,1", json!({}));
    let state = played(&g, &["2,1-1,1"]);
    assert_eq!(results(&state), vec![SeatResult::Loss]);
    assert_described(&g, "1 Player alone");
}

#[test]
fn the_standard_player_finds_the_way_through_a_puzzle() {
    // From the middle of the bottom row of 3x2, going up strands a corner.
    let g = walk(3, 2, "2,1", json!({}));
    let state = g.start();
    assert!(legal(&state).contains(&"2,1-2,2".to_string()));
    for seed in 0..4 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = g.start();
        while !state.is_terminal() {
            let mv = redscience_ai::search(&state, &mut rng, |n| n >= 2_000)
                .expect("a move while the match is on");
            assert_ne!(typed(&state, mv).as_deref(), Some("2,1-2,2"), "seed {seed}");
            state.apply(mv).expect("the search's move is legal");
        }
        assert_eq!(results(&state), vec![SeatResult::Win], "seed {seed}");
    }
}

#[test]
fn alone_there_is_no_draw_to_agree() {
    let messages = refused(
        json!({"players": "one", "draw_option": true}),
        "draw_option",
    );
    assert!(
        messages.iter().any(|m| m.contains("played alone")),
        "{messages:?}"
    );
    // Against Chaos alone, which never answers, no draw is offered (an
    // offer would have drawn at once); with another player it is.
    let offers = |players: &str, reserves: Value| {
        let g = with(
            json!({"players": players, "draw_option": true,
                   "shapes": [{"shape": "circle", "reserves": reserves}]}),
            json!({}),
        );
        g.start()
            .legal()
            .contains(&redscience_engine::Move::OfferDraw)
    };
    assert!(!offers("one_vs_chaos", json!({"black": 4, "white": 4})));
    assert!(offers(
        "two_vs_chaos",
        json!({"black": 3, "white": 3, "pink": 3})
    ));
}

/// A one-player game's score is counted when it ends and told with its
/// result; it ranks nothing where several players play.
#[test]
fn a_score_counts_moves_or_pieces_when_the_game_ends() {
    // The walk of 2x2 with walls: three moves fill it.
    let walk = redscience_engine::testing::game(json!({
        "players": "one", "board": "squares", "dimensions": [2, 2, 1], "no_move": "lose",
        "turn_checks": [{"check": "stalemate_if_board_full"}],
        "stalemate": [{"rule": "all_win"}],
        "shapes": [{"shape": "circle", "movement": ["adj_orthogonal"], "trail": "wall",
                    "reserves": {}}],
        "initial": [{"at": "1,1", "color": "black"}],
        "score": {"count": "moves", "better": "more"},
    }));
    let start = walk.start();
    assert_eq!(start.score(), None, "no score before the end");
    let done = played(&walk, &["1,1-2,1"]);
    assert!(done.is_terminal());
    assert_eq!(done.score(), Some(3));
    assert_eq!(
        done.score_words().as_deref(),
        Some("Score: 3 moves made (more is better).")
    );
    assert_described(&walk, "Score: moves made, more is better");
    // Three in a row alone, placed: the pieces on the board when it ends.
    let row = redscience_engine::testing::game(json!({
        "players": "one",
        "shapes": [{"shape": "circle", "reserves": {"black": 5}}],
        "score": {"count": "pieces", "better": "fewer"},
    }));
    let won = played(&row, &["1,1", "3,3", "2,1", "3,1"]);
    assert_eq!(
        won.outcome().map(|o| o.results.clone()),
        Some(vec![SeatResult::Win])
    );
    assert_eq!(
        won.score_words().as_deref(),
        Some("Score: 4 pieces left on the board (fewer is better).")
    );
    // Two players: the result ranks them.
    let said = refused(
        json!({"score": {"count": "moves", "better": "fewer"}}),
        "score",
    );
    assert!(said[0].contains("\"players\" to \"one\""), "{said:?}");
}

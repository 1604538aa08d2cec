//! Turn lengths of issue 23, each in a small game to every outcome it
//! allows: turns of up to 6 pieces, turns of 1 to N pieces that a pass
//! ends early, and another move after a capture.

use crate::factory_support::{refused, with};
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::game::Move;
use redscience_engine::testing::{play, played};
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

/// Tic-Tac-Toe on 5x5 where a turn takes up to three pieces.
fn three_a_turn(extra: Value) -> Arc<Game> {
    with(
        json!({"board": "squares", "dimensions": [5, 5, 1], "pieces_per_turn": 3,
               "shapes": [{"shape": "circle", "reserves": {"black": 12, "white": 12}}]}),
        extra,
    )
}

#[test]
fn a_turn_of_three_takes_three_unless_it_may_end_early() {
    // Fixed: three moves, and no pass.
    let g = three_a_turn(json!({}));
    let mut state = played(&g, &["1,1"]);
    assert!(!state.legal().contains(&Move::Pass));
    play(&mut state, &["5,5"]);
    assert_eq!(state.to_move(), 0, "black's turn goes on");
    // Up to three: no pass before the first move, one after it, and it
    // ends the turn.
    let g = three_a_turn(json!({"pieces_up_to": true}));
    let state = g.start();
    assert!(
        !state.legal().contains(&Move::Pass),
        "an empty turn is no turn"
    );
    let mut state = played(&g, &["1,1"]);
    assert!(state.legal().contains(&Move::Pass));
    play(&mut state, &["pass"]);
    assert_eq!(state.to_move(), 1, "the pass ended black's turn");
    // White takes all three and makes its line in one turn.
    play(&mut state, &["5,1", "5,2", "5,3"]);
    assert_eq!(results(&state), vec![Loss, Win]);
    let said = redscience_engine::describe(&g.rules);
    assert!(said.iter().any(|l| l == "1 to 3 pieces/turn"), "{said:?}");
}

#[test]
fn turns_take_up_to_six_pieces() {
    let g = with(
        json!({"board": "squares", "dimensions": [6, 6, 1], "pieces_per_turn": 6,
               "turn_checks": [{"check": "in_a_row", "length": 6, "result": "win"}],
               "shapes": [{"shape": "circle", "reserves": {"black": 18, "white": 18}}]}),
        json!({}),
    );
    let state = played(&g, &["1,1", "2,1", "3,1", "4,1", "5,1", "6,1"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    let messages = refused(json!({"pieces_per_turn": 7}), "pieces_per_turn");
    assert!(messages[0].contains("use 1 to 6"), "{messages:?}");
}

/// 5x1 squares: black's X steps and captures by covering white's
/// circles on (2,1) and (3,1); "Most pieces wins" after the turn limit.
fn hunter(extra: Value) -> Arc<Game> {
    with(
        json!({
            "board": "squares", "dimensions": [5, 1, 1], "turn_checks": [],
            "phases": [{"pass": true}], "turn_limit": 4,
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}],
            "shapes": [
                {"shape": "x", "power": "can", "capture": "cover", "result": "remove",
                 "movement": ["adj_orthogonal"], "reserves": {}},
                {"shape": "circle", "reserves": {}},
            ],
            "initial": [{"at": "1,1", "color": "black", "shape": "x"},
                        {"at": "2,1", "color": "white"}, {"at": "3,1", "color": "white"},
                        {"at": "5,1", "color": "white"}],
        }),
        extra,
    )
}

/// Who made each move after the first `from` of the match's history.
fn movers_since(state: &State, from: usize) -> Vec<(usize, Move)> {
    state
        .history()
        .since(from)
        .map(|a| (a.seat(), a.mv))
        .collect()
}

#[test]
fn a_capture_earns_another_move_when_the_rules_say() {
    // By default a capture ends the turn: white, with nothing to move,
    // passes.
    let g = hunter(json!({}));
    let state = played(&g, &["1,1-2,1"]);
    assert_eq!(movers_since(&state, 1), [(1, Move::Pass)]);
    // With the rule: two captures and a quiet step in one turn.
    let g = hunter(json!({"capture_moves_again": true}));
    let mut state = played(&g, &["1,1-2,1"]);
    assert_eq!(state.history().len(), 1, "the capture earned a move");
    play(&mut state, &["2,1-3,1"]);
    assert_eq!(state.history().len(), 2, "and so did the second");
    play(&mut state, &["3,1-4,1"]);
    assert_eq!(
        movers_since(&state, 3),
        [(1, Move::Pass)],
        "the quiet step ended it"
    );
    // Black takes the last circle and may go on; its pass ends the turn,
    // and white's the fourth, the limit: 1 piece to 0.
    play(&mut state, &["4,1-5,1"]);
    assert_eq!(state.to_move(), 0);
    assert_eq!(state.history().len(), 5);
    play(&mut state, &["pass"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    let said = redscience_engine::describe(&g.rules);
    assert!(
        said.iter().any(|l| l == "Another move after a capture"),
        "{said:?}"
    );
}

#[test]
fn turn_options_are_refused_where_they_cannot_apply() {
    let messages = refused(json!({"pieces_up_to": true}), "pieces_up_to");
    assert!(messages[0].contains("a turn of 1 piece"), "{messages:?}");
    let messages = refused(
        json!({"pieces_up_to": true, "pieces_per_turn": 2,
               "phases": [{"order": "simultaneous"}]}),
        "pieces_up_to",
    );
    assert!(messages[0].contains("sealed round"), "{messages:?}");
    let messages = refused(json!({"capture_moves_again": true}), "capture_moves_again");
    assert!(messages[0].contains("no shape can capture"), "{messages:?}");
    // A jump that leaves what it passes captures nothing either.
    let messages = refused(
        json!({"capture_moves_again": true,
               "shapes": [{"power": "can", "capture": "jump", "result": "leave",
                           "jump_over": "own", "movement": ["adjacent"],
                           "reserves": {"black": 5, "white": 4}}]}),
        "capture_moves_again",
    );
    assert!(messages[0].contains("no shape can capture"), "{messages:?}");
}

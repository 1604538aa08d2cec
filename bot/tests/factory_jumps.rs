//! Jumps generalised (issue 23), each in a small game to every outcome it
//! allows: over the mover's own pieces or anyone's, over a line of pieces,
//! the captive removed, converted or left, and a chain that may not return;
//! with the words each move is echoed in.

use crate::factory_support::{legal, refused};
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::rules::Color;
use redscience_engine::testing::{game, play, rules};
use redscience_engine::{Game, State};

/// A row of `length` squares (and a second row, so that black always has
/// a step besides): black's jumper at (1,1) with `power`, and X's on the
/// first row as `others`, (x, colour).
fn row(length: u8, power: Value, others: &[(u8, &str)]) -> Arc<Game> {
    let mut circle = json!({"shape": "circle", "movement": ["adj_orthogonal"], "reserves": {}});
    for (k, v) in power.as_object().expect("an object") {
        circle[k] = v.clone();
    }
    let mut initial = vec![json!({"at": "1,1", "color": "black"})];
    initial.extend(
        (others.iter())
            .map(|(x, color)| json!({"at": format!("{x},1"), "color": color, "shape": "x"})),
    );
    game(json!({
        "board": "squares", "dimensions": [length, 2, 1], "turn_checks": [],
        "phases": [{"pass": true}],
        "shapes": [circle, {"shape": "x", "reserves": {}}],
        "initial": initial,
    }))
}

fn at(g: &Game, state: &State, x: u8) -> Option<Color> {
    state
        .piece_at(g.geometry.cell(1, x, 1, 1).expect("on the row"))
        .map(|p| p.0)
}

/// The words black's last move was echoed in.
fn echoed(state: &State) -> String {
    let last = (0..state.history().len())
        .rev()
        .find(|&i| state.history()[i].seat() == 0);
    state.move_words(last.expect("black moved"))
}

#[test]
fn a_jump_passes_over_own_pieces_and_leaves_them() {
    let hop = json!({"power": "can", "capture": "jump", "result": "leave", "jump_over": "own"});
    // Not over white's X.
    let g = row(4, hop.clone(), &[(2, "white")]);
    assert_eq!(legal(&g.start()), ["1,1-1,2", "pass"]);
    // Over its own.
    let g = row(4, hop, &[(2, "black")]);
    let mut state = g.start();
    assert!(
        legal(&state).contains(&"1,1-3,1".to_string()),
        "{:?}",
        legal(&state)
    );
    play(&mut state, &["1,1-3,1"]);
    assert_eq!(
        at(&g, &state, 2),
        Some(Color::Black),
        "the hopped piece stays"
    );
    assert!(
        echoed(&state).ends_with("(1,1) to (3,1), jumping over (2,1)"),
        "{}",
        echoed(&state)
    );
}

#[test]
fn a_jump_over_anyone_converts_an_opponent_and_leaves_its_own() {
    let power = json!({"power": "can", "capture": "jump", "result": "convert", "jump_over": "any"});
    let g = row(5, power.clone(), &[(2, "white")]);
    let mut state = g.start();
    play(&mut state, &["1,1-3,1"]);
    assert_eq!(at(&g, &state, 2), Some(Color::Black), "white's X is turned");
    assert!(
        echoed(&state).ends_with("jumping and turning (2,1)"),
        "{}",
        echoed(&state)
    );
    // Over its own: a hop, nothing turned.
    let g = row(5, power, &[(2, "black")]);
    let mut state = g.start();
    play(&mut state, &["1,1-3,1"]);
    assert_eq!(at(&g, &state, 2), Some(Color::Black));
    assert!(
        echoed(&state).ends_with("jumping over (2,1)"),
        "{}",
        echoed(&state)
    );
}

#[test]
fn a_jump_over_a_line_takes_every_piece_of_it() {
    let line = json!({"power": "can", "capture": "jump", "result": "remove", "jump_line": true});
    let g = row(5, line, &[(2, "white"), (3, "white")]);
    let mut state = g.start();
    assert!(
        legal(&state).contains(&"1,1-4,1".to_string()),
        "{:?}",
        legal(&state)
    );
    play(&mut state, &["1,1-4,1"]);
    assert_eq!((at(&g, &state, 2), at(&g, &state, 3)), (None, None));
    assert!(
        echoed(&state).ends_with("jumping 2 pieces from (2,1)"),
        "{}",
        echoed(&state)
    );
    // Without jump_line, two in a row block the jump.
    let g = row(
        5,
        json!({"power": "can", "capture": "jump", "result": "remove"}),
        &[(2, "white"), (3, "white")],
    );
    assert!(
        !legal(&g.start()).iter().any(|m| m.starts_with("1,1-4,1")),
        "{:?}",
        legal(&g.start())
    );
}

#[test]
fn a_chain_that_may_not_return_never_lands_where_it_stood() {
    let chain = json!({"power": "can", "capture": "chain_jump", "result": "leave",
                       "jump_over": "own", "chain_no_return": true});
    let g = row(5, chain, &[(2, "black"), (4, "black")]);
    let mut state = g.start();
    play(&mut state, &["1,1-3,1"]);
    // Back over (2,1) to (1,1) is barred; on over (4,1), or stop.
    assert_eq!(
        legal(&state),
        ["3,1-5,1", "pass"],
        "no way back, no step: a chain"
    );
    play(&mut state, &["3,1-5,1"]);
    // No jump left: the chain and the turn ended, and white (with nothing
    // to move) passed.
    assert_eq!(state.history().last().map(|a| a.seat()), Some(1));
    // Pieces that stay need the rule, or a chain could go round for ever.
    let messages = refused(
        json!({"board": "squares", "dimensions": [5, 1, 1],
               "shapes": [{"power": "can", "capture": "chain_jump", "result": "leave",
                           "jump_over": "own", "movement": ["adjacent"],
                           "reserves": {"black": 2, "white": 2}}]}),
        "shapes[0].chain_no_return",
    );
    assert!(messages[0].contains("go round for ever"), "{messages:?}");
}

#[test]
fn jump_options_are_refused_off_jumps() {
    let messages = refused(
        json!({"shapes": [{"power": "can", "capture": "cover", "result": "leave",
                           "jump_line": true, "reserves": {"black": 5, "white": 4}}]}),
        "shapes[0].jump_line",
    );
    assert!(messages[0].contains("for jumps"), "{messages:?}");
    let messages = refused(
        json!({"shapes": [{"power": "can", "capture": "cover", "result": "leave",
                           "reserves": {"black": 5, "white": 4}}]}),
        "shapes[0].result",
    );
    assert!(
        messages[0].contains("\"leave\" is for jumps"),
        "{messages:?}"
    );
    let messages = refused(
        json!({"shapes": [{"power": "must", "capture": "jump", "result": "leave",
                           "movement": ["adjacent"], "reserves": {"black": 5, "white": 4}}]}),
        "shapes[0].power",
    );
    assert!(messages[0].contains("captures nothing"), "{messages:?}");
    let said = redscience_engine::describe(&rules(json!({
        "shapes": [{"power": "can", "capture": "chain_jump", "result": "leave",
                    "jump_over": "any", "jump_line": true, "chain_no_return": true,
                    "movement": ["adjacent"], "reserves": {"black": 5, "white": 4}}]})));
    let line = said
        .iter()
        .find(|l| l.starts_with("Circle"))
        .expect("the circle's line");
    for words in [
        "Leaves captive(s)",
        "Jumps over any pieces",
        "Jumps over lines",
        "Chain never returns",
    ] {
        assert!(line.contains(words), "{words} in {line}");
    }
}

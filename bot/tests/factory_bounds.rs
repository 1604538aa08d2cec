//! Bounds on moves (issue 23), each in a small game to every outcome it
//! allows: walls that stop slides, and shapes that keep to one axis.

use crate::factory_support::{legal, refused, with};
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::testing::{game, played};
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};
use redscience_engine::game::GameState;

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

/// 2x5 squares: black's rook at (1,1) slides orthogonally to reach the top
/// row; (1,3) is a wall. White has a piece in the far corner that cannot
/// move.
fn walled_race(extra: Value) -> Arc<Game> {
    with(
        json!({
            "board": "squares", "dimensions": [2, 5, 1],
            "turn_checks": [{"check": "reach_goal", "result": "win"}],
            "phases": [{"locked": ["1,3"], "pass": true}],
            "shapes": [{"shape": "circle", "movement": ["orthogonal"], "reserves": {}},
                       {"shape": "cross", "reserves": {}}],
            "initial": [{"at": "1,1", "color": "black"},
                        {"at": "2,5", "color": "white", "shape": "cross"}],
        }),
        extra,
    )
}

#[test]
fn a_slide_passes_over_a_wall_unless_walls_stop_slides() {
    // The Factory's reading: over the wall and straight to the goal.
    let g = walled_race(json!({}));
    let state = g.start();
    assert_eq!(
        legal(&state),
        ["1,1-1,2", "1,1-1,4", "1,1-1,5", "1,1-2,1", "pass"]
    );
    let state = played(&g, &["1,1-1,5"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    // Stopped by the wall: round it through the other column.
    let g = walled_race(json!({"walls_stop_slides": true}));
    let state = g.start();
    assert_eq!(legal(&state), ["1,1-1,2", "1,1-2,1", "pass"]);
    let state = played(&g, &["1,1-2,1", "2,1-2,4"]);
    assert!(
        !state.is_terminal(),
        "(2,5) is white's: the slide stops below it"
    );
    assert_eq!(
        redscience_engine::describe(&g.rules)
            .iter()
            .filter(|l| *l == "Walls stop slides")
            .count(),
        1
    );
}

#[test]
fn walls_that_stop_slides_need_slides_walls_and_a_flat_board() {
    let messages = refused(json!({"walls_stop_slides": true}), "walls_stop_slides");
    assert!(
        messages.iter().any(|m| m.contains("no shape slides")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("no phase has walls")),
        "{messages:?}"
    );
    let messages = refused(
        json!({"walls_stop_slides": true, "board": "stacks", "dimensions": [3, 3, 3],
               "phases": [{"locked": ["2,2,1"]}],
               "shapes": [{"movement": ["orthogonal"], "reserves": {"black": 3, "white": 3}}]}),
        "walls_stop_slides",
    );
    assert!(
        messages.iter().any(|m| m.contains("on stacks")),
        "{messages:?}"
    );
}

/// 3x3 squares: black's circle at (2,1) moves linearly along `axis`, and
/// wins by reaching the top row; white's square cannot move.
fn keeping_to(axis: &str) -> Arc<Game> {
    game(json!({
        "board": "squares", "phases": [{"pass": true}],
        "turn_checks": [{"check": "reach_goal", "result": "win"}],
        "shapes": [{"shape": "circle", "movement": ["linear"], "axis": axis, "reserves": {}},
                   {"shape": "cross", "reserves": {}}],
        "initial": [{"at": "2,1", "color": "black"},
                    {"at": "1,3", "color": "white", "shape": "cross"}],
    }))
}

#[test]
fn a_shape_keeps_to_its_axis() {
    // Along its row it can never reach the goal.
    let g = keeping_to("rows");
    assert_eq!(legal(&g.start()), ["2,1-1,1", "2,1-3,1", "pass"]);
    // Along its column it reaches it in one slide.
    let g = keeping_to("columns");
    assert_eq!(legal(&g.start()), ["2,1-2,2", "2,1-2,3", "pass"]);
    let state = played(&g, &["2,1-2,3"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    let said = redscience_engine::describe(&g.rules);
    assert!(
        said.iter()
            .any(|l| l.contains("Moves linear, Moves along columns only")),
        "{said:?}"
    );
}

#[test]
fn a_jump_keeps_to_the_axis_too() {
    // Black jumps white's pieces orthogonally; kept to its row, the jump up
    // the column is not offered. (A pass keeps the one jump left from
    // being played by itself.)
    let jumper = |axis: Value| {
        let mut circle = json!({"shape": "circle", "power": "can", "capture": "jump",
                                "result": "remove", "movement": ["adj_orthogonal"],
                                "reserves": {}});
        if !axis.is_null() {
            circle["axis"] = axis;
        }
        game(json!({
            "board": "squares", "turn_checks": [], "phases": [{"pass": true}],
            "shapes": [circle, {"shape": "cross", "reserves": {}}],
            "initial": [{"at": "1,1", "color": "black"},
                        {"at": "2,1", "color": "white", "shape": "cross"},
                        {"at": "1,2", "color": "white", "shape": "cross"}],
        }))
    };
    let free = legal(&jumper(Value::Null).start());
    assert!(
        free.contains(&"1,1-3,1".to_string()) && free.contains(&"1,1-1,3".to_string()),
        "{free:?}"
    );
    let rows = legal(&jumper(json!("rows")).start());
    assert!(rows.contains(&"1,1-3,1".to_string()), "{rows:?}");
    assert!(!rows.contains(&"1,1-1,3".to_string()), "{rows:?}");
}

#[test]
fn an_axis_needs_moves_along_it() {
    let messages = refused(
        json!({"shapes": [{"movement": ["knight"], "axis": "rows",
                           "reserves": {"black": 3, "white": 3}}]}),
        "shapes[0].axis",
    );
    assert!(messages[0].contains("knight's leap"), "{messages:?}");
    let messages = refused(
        json!({"shapes": [{"movement": ["adjacent"], "axis": "layers",
                           "reserves": {"black": 3, "white": 3}}]}),
        "shapes[0].axis",
    );
    assert!(messages[0].contains("one layer"), "{messages:?}");
    let messages = refused(
        json!({"shapes": [{"axis": "rows", "reserves": {"black": 5, "white": 4}}]}),
        "shapes[0].axis",
    );
    assert!(messages[0].contains("never moves"), "{messages:?}");
}

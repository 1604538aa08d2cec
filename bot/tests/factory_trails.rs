//! Trails (issue 23): a moving piece leaves a wall, or a piece from its
//! colour's reserve, on the space it left; each in a small game played to
//! the outcomes it allows.

use crate::factory_support::{assert_described, legal, refused, with};
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::game::{GameState, Seen};
use redscience_engine::rules::{Color, Shape};
use redscience_engine::testing::played;
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

fn cell(g: &Game, x: u8, y: u8) -> u16 {
    g.geometry.cell(1, x, y, 1).expect("on the board")
}

/// Isolation on 3x3: each seat's king steps one space any way and walls
/// the space it left; a seat that cannot move loses.
fn isolation(extra: Value) -> Arc<Game> {
    with(
        json!({
            "turn_checks": [], "no_move": "lose",
            "shapes": [{"shape": "circle", "movement": ["adjacent"], "trail": "wall",
                        "reserves": {}}],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "3,3", "color": "white"}],
        }),
        extra,
    )
}

#[test]
fn a_wall_left_behind_closes_its_space_to_everyone_for_good() {
    let g = isolation(json!({}));
    let state = played(&g, &["1,1-2,2"]);
    assert!(state.is_locked(cell(&g, 1, 1)), "the space left is a wall");
    assert_eq!(state.left_walls(), [cell(&g, 1, 1)]);
    // White's king may not step onto black's king nor its own wall.
    assert_eq!(legal(&state), ["3,3-2,3", "3,3-3,2"]);
    for seat in 0..2 {
        assert_eq!(
            state.observation(seat).seen(cell(&g, 1, 1)),
            Seen::Wall,
            "seat {seat} sees the wall"
        );
    }
    let state = played(&g, &["1,1-2,2", "3,3-3,2"]);
    assert_eq!(
        legal(&state),
        ["2,2-1,2", "2,2-1,3", "2,2-2,1", "2,2-2,3", "2,2-3,1"],
        "neither wall nor the white king is a step"
    );
    assert_described(&g, "Leaves a wall behind");
}

#[test]
fn walls_left_behind_shut_a_king_in_and_it_loses() {
    let g = isolation(json!({}));
    let moves = ["1,1-2,2", "3,3-3,2", "2,2-3,1", "3,2-2,3"];
    let state = played(&g, &moves);
    let last = state.history().last().expect("moves were made");
    assert!(
        last.automatic,
        "black's one way out, (3,1) to (2,1), is made for it"
    );
    assert_eq!(legal(&state), ["2,3-1,2", "2,3-1,3"]);
    let state = played(&g, &[&moves[..], &["2,3-1,3"]].concat());
    assert_eq!(
        results(&state),
        vec![Win, Loss],
        "white's king is walled in"
    );
    // Where a stuck seat passes instead, both kings end walled in: a draw.
    let g = isolation(json!({"no_move": "pass"}));
    let state = played(&g, &[&moves[..], &["2,3-1,3"]].concat());
    assert_eq!(results(&state), vec![SeatResult::Draw, SeatResult::Draw]);
}

#[test]
fn a_wall_left_behind_closes_its_space_to_placements() {
    let g = isolation(json!({
        "shapes": [{"shape": "circle", "movement": ["adjacent"], "trail": "wall",
                    "reserves": {"white": 1}}],
    }));
    let state = played(&g, &["1,1-2,2"]);
    let places: Vec<String> = (legal(&state).into_iter())
        .filter(|m| !m.contains('-'))
        .collect();
    assert_eq!(places, ["1,2", "1,3", "2,1", "2,3", "3,1", "3,2"]);
}

/// 3x3, three in a row wins: black's circle steps and leaves a black cross
/// from its reserve; white only passes.
fn crosses_left(crosses: u16) -> Arc<Game> {
    with(
        json!({
            "phases": [{"pass": true}],
            "shapes": [{"shape": "circle", "movement": ["adjacent"],
                        "trail": {"piece": "cross"}, "reserves": {}},
                       {"shape": "cross", "reserves": {"black": crosses}}],
            "initial": [{"at": "1,1", "color": "black"}, {"at": "3,3", "color": "white"}],
        }),
        json!({}),
    )
}

#[test]
fn a_piece_left_behind_comes_from_reserve_and_makes_lines() {
    let g = crosses_left(2);
    let state = played(&g, &["1,1-1,2"]);
    let (black, cross) = (Color::Black, Shape::Cross);
    assert_eq!(state.piece_at(cell(&g, 1, 1)), Some((black, cross)));
    assert_eq!(state.reserve(black, cross), 1);
    assert!(!state.is_locked(cell(&g, 1, 1)), "a piece, not a wall");
    let state = played(&g, &["1,1-1,2", "pass", "1,2-1,3"]);
    assert_eq!(
        results(&state),
        vec![Win, Loss],
        "cross, cross, circle in a row"
    );
    assert_described(&g, "Leaves a cross behind");
}

#[test]
fn with_the_reserve_spent_nothing_is_left_behind() {
    let g = crosses_left(1);
    let state = played(&g, &["1,1-1,2", "pass", "1,2-1,3"]);
    assert!(!state.is_terminal(), "the second space stays empty");
    assert_eq!(state.piece_at(cell(&g, 1, 2)), None);
    assert_eq!(state.reserve(Color::Black, Shape::Cross), 0);
}

#[test]
fn trails_are_refused_where_they_cannot_hold() {
    let shapes = |trail: Value| {
        json!([{"shape": "circle", "movement": ["adjacent"], "trail": trail,
                "reserves": {"black": 5, "white": 4}}])
    };
    let cases = [
        (
            json!({"shapes": [{"shape": "circle", "trail": "wall",
                            "reserves": {"black": 5, "white": 4}}]}),
            "never leaves its space",
        ),
        (
            json!({"shapes": shapes(json!("wall")), "board": "stacks", "dimensions": [3, 3, 3]}),
            "flat boards",
        ),
        (
            json!({"shapes": shapes(json!("wall")), "cloaking": "hides"}),
            "hidden piece",
        ),
        (
            json!({"shapes": shapes(json!("wall")), "phases": [{"order": "simultaneous"}]}),
            "one at a time",
        ),
        (
            json!({"shapes": shapes(json!({"piece": "star"}))}),
            "not in play",
        ),
    ];
    for (fields, expected) in cases {
        let messages = refused(fields.clone(), "shapes[0].trail");
        assert!(
            messages.iter().any(|m| m.contains(expected)),
            "{fields}: {messages:?}"
        );
    }
    let messages = refused(
        json!({"shapes": [{"shape": "circle", "movement": ["adjacent"],
                           "trail": {"piece": "cross"}, "reserves": {"black": 5, "white": 4}},
                          {"shape": "cross", "reserves": {}}]}),
        "shapes[0].trail",
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("no cross starts in reserve")),
        "{messages:?}"
    );
}

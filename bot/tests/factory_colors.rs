//! Several colours per seat (issue 23): with assigned colours each seat
//! plays 2 to 4 colours, each with its own reserves and its own lines.

use crate::factory_support::{assert_described, legal, refused, with};
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::rules::Color;
use redscience_engine::testing::played;
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};
use redscience_engine::game::GameState;

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

/// Tic-Tac-Toe on 4x4 where each player has two colours: black and pink
/// for seat 1, white and yellow for seat 2.
fn two_each(extra: Value) -> Arc<Game> {
    with(
        json!({
            "dimensions": [4, 4, 1], "board": "squares", "colors_per_seat": 2,
            "shapes": [{"shape": "circle",
                        "reserves": {"black": 4, "pink": 4, "white": 4, "yellow": 4}}],
        }),
        extra,
    )
}

#[test]
fn each_seat_places_its_own_colours_only() {
    let g = two_each(json!({}));
    let seat_colors = |seat: usize| -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|&c| g.seats[seat].controls(c))
            .collect()
    };
    assert_eq!(seat_colors(0), [Color::Black, Color::Pink]);
    assert_eq!(seat_colors(1), [Color::White, Color::Yellow]);
    let state = g.start();
    let moves = legal(&state);
    assert!(moves.contains(&"black circle 1,1".to_string()), "{moves:?}");
    assert!(moves.contains(&"pink circle 1,1".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 32, "16 spaces, two colours: {moves:?}");
    let state = played(&g, &["pink 1,1"]);
    assert_eq!(
        state.reserve(Color::Pink, redscience_engine::rules::Shape::Circle),
        3
    );
    let moves = legal(&state);
    assert!(
        moves.contains(&"yellow circle 2,2".to_string()),
        "{moves:?}"
    );
    assert!(
        !moves
            .iter()
            .any(|m| m.contains("pink") || m.contains("black"))
    );
    assert_eq!(g.seat_colors_name(0), "black and pink");
    assert_described(&g, "2 colours per player: black and pink; white and yellow");
}

#[test]
fn a_line_is_of_one_colour_and_wins_for_its_seat() {
    let g = two_each(json!({}));
    // Pink, pink, pink along y = 1: seat 1's line.
    let state = played(
        &g,
        &["pink 1,1", "white 1,4", "pink 2,1", "white 2,4", "pink 3,1"],
    );
    assert_eq!(results(&state), vec![Win, Loss]);
    // Black, pink, black: two colours of one seat make no line.
    let state = played(
        &g,
        &[
            "black 1,1",
            "white 1,4",
            "pink 2,1",
            "white 4,4",
            "black 3,1",
        ],
    );
    assert!(!state.is_terminal(), "a line is of one colour");
    // Yellow's line wins for seat 2.
    let state = played(
        &g,
        &[
            "black 1,1",
            "yellow 1,4",
            "black 4,3",
            "yellow 2,4",
            "pink 4,1",
            "yellow 3,4",
        ],
    );
    assert_eq!(results(&state), vec![Loss, Win]);
}

#[test]
fn chaos_takes_the_colour_after_every_players_colours() {
    let g = two_each(json!({"players": "two_vs_chaos",
        "shapes": [{"shape": "circle", "reserves":
            {"black": 3, "pink": 3, "white": 3, "yellow": 3, "orange": 3}}]}));
    assert_eq!(g.seats[2].color, Color::Orange);
    assert!(g.seats[2].is_chaos);
}

#[test]
fn several_colours_per_seat_are_refused_where_they_cannot_hold() {
    let messages = refused(
        json!({"colors_per_seat": 2, "colors": "shared"}),
        "colors_per_seat",
    );
    assert!(
        messages.iter().any(|m| m.contains("need assigned colours")),
        "{messages:?}"
    );
    let messages = refused(
        json!({"colors_per_seat": 3, "players": "four"}),
        "colors_per_seat",
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("needs 12 colours, and there are 9")),
        "{messages:?}"
    );
    let messages = refused(json!({"colors_per_seat": 5}), "colors_per_seat");
    assert!(
        messages.iter().any(|m| m.contains("1 to 4")),
        "{messages:?}"
    );
    // A reserve of a colour no seat plays is refused, as ever.
    let problems = redscience_engine::validate(&redscience_engine::testing::rules(json!({
        "shapes": [{"shape": "circle", "reserves": {"black": 5, "pink": 4, "white": 4}}]
    })))
    .expect_err("pink is no one's with one colour a seat");
    assert!(!problems.is_empty());
}

/// Two stacks 3 high; each player has two colours and wins by stacking
/// both of its colours in one stack.
fn own_colours_stacked(extra: Value) -> Arc<Game> {
    with(
        json!({
            "board": "stacks", "dimensions": [3, 1, 3], "colors_per_seat": 2,
            "turn_checks": [{"check": "stack_of_colors", "colors": 2, "result": "win"}],
            "shapes": [{"shape": "circle",
                        "reserves": {"black": 3, "pink": 3, "white": 3, "yellow": 3}}],
        }),
        extra,
    )
}

#[test]
fn a_stack_of_a_teams_own_colours_decides_the_game() {
    let g = own_colours_stacked(json!({}));
    // Black and white share stack 1: two colours, but of two teams.
    let state = played(&g, &["black 1", "white 1"]);
    assert!(!state.is_terminal());
    let state = played(&g, &["black 1", "white 1", "pink 1"]);
    assert_eq!(
        results(&state),
        vec![Win, Loss],
        "black and pink are seat 1's"
    );
    let told = state
        .outcome()
        .expect("over")
        .explain(&g, &|seat| format!("Player {}", seat + 1));
    assert!(
        told.iter().any(|l| l.contains("stacked 2 of its colours")),
        "{told:?}"
    );
    let state = played(&g, &["black 1", "yellow 2", "pink 3", "white 2"]);
    assert_eq!(
        results(&state),
        vec![Loss, Win],
        "white and yellow are seat 2's"
    );
    // As a losing check, whoever stacks its two colours loses.
    let g = own_colours_stacked(json!({
        "turn_checks": [{"check": "stack_of_colors", "colors": 2, "result": "lose"}],
    }));
    let state = played(&g, &["black 1", "white 2", "pink 1"]);
    assert_eq!(results(&state), vec![Loss, Win]);
    assert_described(&g, "First stack of 2 own colours loses");
}

#[test]
fn a_stack_of_colours_is_refused_where_no_team_can_make_one() {
    let check = json!([{"check": "stack_of_colors", "colors": 2, "result": "win"}]);
    let messages = refused(json!({"turn_checks": check}), "turn_checks[0]");
    assert!(
        messages.iter().any(|m| m.contains("board of stacks")),
        "{messages:?}"
    );
    let messages = refused(
        json!({"board": "stacks", "dimensions": [3, 1, 3], "turn_checks": check}),
        "turn_checks[0].colors",
    );
    assert!(
        messages.iter().any(|m| m.contains("at most 1 colour")),
        "{messages:?}"
    );
    let three = json!([{"check": "stack_of_colors", "colors": 3, "result": "win"}]);
    let messages = refused(
        json!({"board": "stacks", "dimensions": [3, 1, 2], "colors_per_seat": 3,
               "turn_checks": three,
               "shapes": [{"shape": "circle", "reserves": {"black": 1}}]}),
        "turn_checks[0].colors",
    );
    assert!(
        messages.iter().any(|m| m.contains("a stack holds 2")),
        "{messages:?}"
    );
}

//! The Game Factory's move and goal options of issue 23, each in a small
//! game to every outcome it allows: "Only captures", chains that must go
//! on, the forward diagonal step, "Reaching the goal" and "Connecting
//! opposite sides"; and the classic games written with them.

use crate::factory_support::{legal, with};
use std::sync::Arc;

use serde_json::json;

use redscience_engine::game::{GameState, default_label};
use redscience_engine::rules::{Color, Shape};
use redscience_engine::testing::{catalogue_game, game, play, played};
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the match is over").results.clone()
}

fn why(game: &Arc<Game>, state: &State) -> Vec<String> {
    let outcome = state.outcome().expect("over");
    outcome.explain(game, &default_label(game))
}

#[test]
fn only_captures_leaves_the_placements_that_capture() {
    // A row of 4: black's disc at 1,1, white's at 2,1. Black may place only
    // where it closes white's line: 3,1.
    let row = json!({
        "board": "squares", "dimensions": [4, 1, 1], "turn_checks": [],
        "initial": [
            {"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"},
        ],
    });
    let g = with(
        row.clone(),
        json!({"shapes": [{"shape": "circle", "power": "only", "capture": "surround_line",
                 "result": "convert", "reserves": {"black": 2, "white": 2}}]}),
    );
    let state = g.start();
    // The only legal placement is played for black; white then has none
    // (every square beside a black line is taken or closes nothing).
    assert_eq!(
        state.piece_at(g.geometry.cell(1, 2, 1, 1).expect("a cell")),
        Some((Color::Black, Shape::Circle)),
        "converted"
    );
    assert!(state.history()[0].automatic);
    // "Can capture" would have allowed every empty square.
    let can = with(
        row,
        json!({"shapes": [{"shape": "circle", "power": "can", "capture": "surround_line",
                 "result": "convert", "reserves": {"black": 2, "white": 2}}]}),
    );
    assert_eq!(legal(&can.start()), vec!["3,1", "4,1"]);
}

/// 5x5 squares: black's man at (1,1) before white's at (2,2) and (4,4),
/// jumping diagonally forward; a white man far off at (5,1).
fn chain_game(chain: &str) -> Arc<Game> {
    game(json!({
        "board": "squares", "dimensions": [5, 5, 1], "turn_checks": [],
        "phases": [{"pass": true}],
        "shapes": [{"shape": "circle", "power": "can", "capture": "chain_jump", "result": "remove",
                    "chain": chain, "movement": ["forward_adj_diag"], "reserves": {}}],
        "initial": [
            {"at": "1,1", "color": "black"}, {"at": "2,2", "color": "white"},
            {"at": "4,4", "color": "white"}, {"at": "5,1", "color": "white"},
        ],
    }))
}

#[test]
fn a_chain_may_stop_by_default_and_must_go_on_when_the_rules_say() {
    let g = chain_game("may_stop");
    let mut state = g.start();
    assert_eq!(legal(&state), vec!["1,1-3,3", "pass"]);
    play(&mut state, &["1,1-3,3"]);
    assert_eq!(legal(&state), vec!["3,3-5,5", "pass"], "the chain may stop");
    let g = chain_game("must_continue");
    let mut state = g.start();
    play(&mut state, &["1,1-3,3"]);
    // The second jump was the only move left: played for black.
    assert!(
        state
            .piece_at(g.geometry.cell(1, 5, 5, 1).unwrap())
            .is_some()
    );
    assert!(
        state
            .piece_at(g.geometry.cell(1, 4, 4, 1).unwrap())
            .is_none()
    );
    assert_eq!(state.history().last().map(|a| a.automatic), Some(true));
}

#[test]
fn the_forward_diagonal_step_goes_one_square_toward_the_goal() {
    let g = game(json!({
        "board": "squares", "dimensions": [3, 3, 1], "turn_checks": [],
        "shapes": [{"shape": "circle", "movement": ["forward_adj_diag"], "reserves": {}}],
        "initial": [{"at": "2,2", "color": "black"}, {"at": "2,3", "color": "white"}],
    }));
    assert_eq!(legal(&g.start()), vec!["2,2-1,3", "2,2-3,3"]);
}

#[test]
fn a_blocked_knight_cannot_leap_past_a_piece_beside_it() {
    let horses = |kind: &str| {
        game(json!({
            "board": "squares", "dimensions": [5, 5, 1], "turn_checks": [],
            "shapes": [{"shape": "circle", "movement": [kind], "reserves": {}}],
            "initial": [
                {"at": "3,3", "color": "black"}, {"at": "3,4", "color": "white"},
                {"at": "1,1", "color": "white"},
            ],
        }))
    };
    // The white piece at (3,4) stands on the leg of the two leaps upward.
    assert_eq!(
        legal(&horses("knight_blocked").start()),
        vec![
            "3,3-1,2", "3,3-1,4", "3,3-2,1", "3,3-4,1", "3,3-5,2", "3,3-5,4"
        ]
    );
    assert_eq!(legal(&horses("knight").start()).len(), 8);
    // Not on hexagons: validation says why.
    let mut rules = horses("knight_blocked").rules.clone();
    rules.board = redscience_engine::rules::BoardKind::Hexagons;
    let problems = redscience_engine::validate(&rules).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("needs a flat board of squares")),
        "{problems:?}"
    );
}

/// 3x3 squares: a black and a white circle each step one square forward;
/// black from (1,1) toward y = 3, white from (3,3) toward y = 1.
fn race(result: &str) -> Arc<Game> {
    game(json!({
        "board": "squares", "turn_checks": [{"check": "reach_goal", "result": result}],
        "shapes": [{"shape": "circle", "movement": ["adjacent_no_back_side"], "reserves": {}}],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "3,3", "color": "white"}],
    }))
}

#[test]
fn reaching_the_goal_wins_or_loses() {
    let g = race("win");
    let state = played(&g, &["1,1-1,2", "3,3-3,2", "1,2-1,3"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    assert_eq!(
        why(&g, &state),
        vec!["Player 1 (black) reached its goal at (1,3). Reaching the goal wins.".to_string()]
    );
    let g = race("lose");
    let state = played(&g, &["1,1-1,2", "3,3-3,2", "1,2-1,3"]);
    assert_eq!(results(&state), vec![Loss, Win]);
}

#[test]
fn connecting_opposite_sides_wins_or_loses_on_squares_and_hexagons() {
    // Squares 3x3: black joins the bottom and top rows; white's column
    // of two joins nothing.
    let sides = |board: &str, result: &str| {
        game(json!({
            "board": board, "dimensions": [3, 3, 1],
            "turn_checks": [{"check": "connect_sides", "result": result}],
        }))
    };
    let g = sides("squares", "win");
    let state = played(&g, &["2,1", "1,1", "2,2", "1,2", "2,3"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    assert_eq!(
        why(&g, &state),
        vec![
            "Player 1 (black) joined its sides from (2,1) to (2,3). Connecting opposite sides wins."
                .to_string()
        ]
    );
    // A diagonal does not join squares...
    let state = played(&g, &["1,1", "3,1", "2,2", "3,2"]);
    assert!(!state.is_terminal());
    // ...but (1,2)-(2,1) are edge neighbours on hexagons: black's chain
    // (2,1), (1,2), (1,3) joins its rows there.
    let g = sides("hexagons", "lose");
    let state = played(&g, &["2,1", "3,3", "1,2", "3,2", "1,3"]);
    assert_eq!(results(&state), vec![Loss, Win]);
    // White joins the left and right columns.
    let g = sides("hexagons", "win");
    let state = played(&g, &["3,3", "1,1", "3,2", "2,1", "1,3", "3,1"]);
    assert_eq!(results(&state), vec![Loss, Win]);
}

#[test]
fn reversi_passes_when_a_player_cannot_place_and_counts_discs_at_the_end() {
    let g = catalogue_game("Reversi");
    let state = g.start();
    assert_eq!(legal(&state), vec!["3,4", "4,3", "5,6", "6,5"]);
    // The fastest wipe-out: black takes every white disc in 9 plies.
    // The shortest game, e6 f4 e3 f6 g5 d6 e7 f5 c5 (OpenSpiel's letters
    // are our x, its numbers our y): black's 13 discs to none.
    let state = played(
        &g,
        &[
            "5,6", "6,4", "5,3", "6,6", "7,5", "4,6", "5,7", "6,5", "3,5",
        ],
    );
    assert_eq!(results(&state), vec![Win, Loss]);
    let told = why(&g, &state);
    assert_eq!(told[0], "Nobody could move any more.", "{told:?}");
    assert!(told[1].starts_with("Most pieces wins"), "{told:?}");
}

#[test]
fn a_draughts_man_becomes_a_king_on_the_far_row_and_that_ends_the_turn() {
    let g = catalogue_game("Draughts");
    let state = g.start();
    assert_eq!(
        legal(&state),
        vec![
            "1,3-2,4", "3,3-2,4", "3,3-4,4", "5,3-4,4", "5,3-6,4", "7,3-6,4", "7,3-8,4"
        ]
    );
    let said = redscience_engine::describe(&g.rules);
    for line in [
        "A player who cannot move loses",
        "Repeated turns are allowed",
        "Stalemate after 40 turns without capture or placement",
    ] {
        assert!(said.iter().any(|l| l == line), "{line} in {said:?}");
    }
}

#[test]
fn hex_is_won_by_a_chain_from_bottom_to_top() {
    let g = catalogue_game("Hex");
    let mut turns = Vec::new();
    for y in 1..=11 {
        turns.push(format!("1,{y}"));
        if y < 11 {
            turns.push(format!("11,{y}"));
        }
    }
    let turns: Vec<&str> = turns.iter().map(String::as_str).collect();
    let state = played(&g, &turns);
    assert_eq!(results(&state), vec![Win, Loss]);
    assert_eq!(state.outcome().unwrap().deciding_cells().len(), 11);
}

//! Turn-check options beyond the spec's lists (issue 23), each played in a
//! small game to every outcome it allows: "Stalemate if board full", lines
//! on the board at the start, and in-a-row lengths past 6.

use crate::factory_support::refused;
use std::sync::Arc;

use serde_json::{Value, json};

use redscience_engine::game::{GameState, default_label};
use redscience_engine::testing::{game, play, played};
use redscience_engine::{Game, SeatResult, State};

use SeatResult::{Loss, Win};

fn results(state: &State) -> Vec<SeatResult> {
    state
        .outcome()
        .unwrap_or_else(|| panic!("the match goes on after {} moves", state.history().len()))
        .results
        .clone()
}

fn why(game: &Arc<Game>, state: &State) -> Vec<String> {
    let outcome = state.outcome().expect("over");
    outcome.explain(game, &default_label(game))
}

/// 3x1 squares: circles placed from reserves that step and capture by
/// covering, so play could go on over a full board. "Most pieces wins".
fn full_row(extra: Value) -> Arc<Game> {
    let mut fields = json!({
        "board": "squares", "dimensions": [3, 1, 1], "turn_checks": [],
        "shapes": [{"shape": "circle", "power": "can", "capture": "cover",
                    "result": "remove", "movement": ["adj_orthogonal"],
                    "reserves": {"black": 2, "white": 1}}],
        "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}],
    });
    for (k, v) in extra.as_object().expect("an object") {
        fields[k] = v.clone();
    }
    game(fields)
}

#[test]
fn a_full_board_lets_the_stalemate_rules_decide() {
    // Without the check, white captures over the full board.
    let g = full_row(json!({}));
    let mut state = played(&g, &["1,1", "2,1", "3,1"]);
    assert!(!state.is_terminal(), "play goes on over a full board");
    play(&mut state, &["2,1-1,1"]);
    assert!(!state.is_terminal());
    // With it, black's filling move ends the game: 2 pieces to 1.
    let g = full_row(json!({"turn_checks": [{"check": "stalemate_if_board_full"}]}));
    let state = played(&g, &["1,1", "2,1", "3,1"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    assert_eq!(why(&g, &state)[0], "The board is full.");
    // Even piece counts: both have the most, so both win. (White's one
    // placement is forced, so the engine plays it.)
    let g = full_row(json!({
        "dimensions": [2, 1, 1],
        "shapes": [{"shape": "circle", "reserves": {"black": 1, "white": 1}}],
        "turn_checks": [{"check": "stalemate_if_board_full"}],
    }));
    let state = played(&g, &["1,1"]);
    assert_eq!(results(&state), vec![Win, Win]);
}

#[test]
fn a_full_board_ends_the_phase_before_the_last() {
    // In the first of two phases, the full board moves play on: the second
    // phase captures over it.
    let g = full_row(json!({
        "turn_checks": [{"check": "stalemate_if_board_full"}],
        "phases": [{}, {"pass": true}],
    }));
    let state = played(&g, &["1,1", "2,1", "3,1"]);
    assert!(!state.is_terminal(), "the first phase ended, not the game");
    assert_eq!(state.phase(), 1);
    // White captures there, which leaves a gap: play goes on.
    let mut state = state;
    play(&mut state, &["2,1-1,1"]);
    assert!(!state.is_terminal());
    assert_eq!(state.to_move(), 0);
}

#[test]
fn a_full_board_check_is_written_in_the_files_words() {
    let g = full_row(json!({"turn_checks": [{"check": "stalemate_if_board_full"}]}));
    let said = redscience_engine::describe(&g.rules);
    assert!(
        said.iter().any(|l| l.contains("Stalemate if board full")),
        "{said:?}"
    );
}

/// Tic-Tac-Toe with white's line already across the top row, and black's
/// pieces to place.
fn white_line_at_start(extra: Value) -> Arc<Game> {
    let mut fields = json!({
        "initial": [
            {"at": "1,3", "color": "white"}, {"at": "2,3", "color": "white"},
            {"at": "3,3", "color": "white"},
        ],
    });
    for (k, v) in extra.as_object().expect("an object") {
        fields[k] = v.clone();
    }
    game(fields)
}

#[test]
fn a_line_at_the_start_counts_only_when_the_rules_say() {
    // By default only lines made in play count.
    let g = white_line_at_start(json!({}));
    let state = played(&g, &["1,1"]);
    assert!(!state.is_terminal());
    // Counted: white's line wins at the end of black's first turn.
    let g = white_line_at_start(json!({"lines_at_start": true}));
    let state = played(&g, &["1,1"]);
    assert_eq!(results(&state), vec![Loss, Win]);
    assert!(
        why(&g, &state).iter().any(|l| l.contains("3 in a row")),
        "{:?}",
        why(&g, &state)
    );
    // Only the first turn judges the start: a line made later counts as
    // ever, and the starting line is not judged again.
    let g = white_line_at_start(json!({
        "lines_at_start": true,
        "turn_checks": [{"check": "in_a_row", "length": 3, "result": "win", "diagonals": false}],
        "initial": [{"at": "1,3", "color": "white"}, {"at": "2,3", "color": "white"}],
    }));
    let mut state = played(&g, &["1,1"]);
    assert!(!state.is_terminal(), "two in a row is no line of 3");
    play(&mut state, &["1,2", "2,1", "2,2", "3,1"]);
    assert_eq!(results(&state), vec![Win, Loss]);
}

#[test]
fn lines_at_the_start_need_pieces_a_line_check_and_turns() {
    let messages = refused(json!({"lines_at_start": true}), "lines_at_start");
    assert!(
        messages[0].contains("no piece is on the board at the start"),
        "{messages:?}"
    );
    let messages = refused(
        json!({"lines_at_start": true, "turn_checks": [],
               "initial": [{"at": "1,1", "color": "black"}]}),
        "lines_at_start",
    );
    assert!(
        messages[0].contains("in-a-row and goal checks"),
        "{messages:?}"
    );
    let messages = refused(
        json!({"lines_at_start": true, "phases": [{"order": "simultaneous"}],
               "initial": [{"at": "1,1", "color": "black"}]}),
        "lines_at_start",
    );
    assert!(messages[0].contains("sealed rounds"), "{messages:?}");
    let said =
        redscience_engine::describe(&white_line_at_start(json!({"lines_at_start": true})).rules);
    assert!(
        said.iter()
            .any(|l| l == "Lines on the board at the start count"),
        "{said:?}"
    );
}

#[test]
fn lines_longer_than_six_count_where_they_fit() {
    // 7x2: black fills the bottom row, white the top one; black is first.
    let g = game(json!({
        "board": "squares", "dimensions": [7, 2, 1],
        "shapes": [{"shape": "circle", "reserves": {"black": 7, "white": 7}}],
        "turn_checks": [{"check": "in_a_row", "length": 7, "result": "win"}],
    }));
    let mut state = g.start();
    for x in 1..=6 {
        play(&mut state, &[&format!("{x},1"), &format!("{x},2")]);
        assert!(!state.is_terminal(), "six of seven");
    }
    play(&mut state, &["7,1"]);
    assert_eq!(results(&state), vec![Win, Loss]);
    // Longer than the board's longest line, or than any board's: refused.
    let messages = refused(
        json!({"board": "squares", "dimensions": [7, 2, 1],
               "turn_checks": [{"check": "in_a_row", "length": 8, "result": "win"}]}),
        "turn_checks[0].length",
    );
    assert!(
        messages[0].contains("the longest line possible is 7"),
        "{messages:?}"
    );
    let messages = refused(
        json!({"turn_checks": [{"check": "in_a_row", "length": 20, "result": "win"}]}),
        "turn_checks[0].length",
    );
    assert!(messages[0].contains("use 2 to 19"), "{messages:?}");
}

/// A hexagon of hexagons, 3 on a side: 19 spaces, the longest line the
/// middle row's 5.
fn hexagon_board(extra: Value) -> Arc<Game> {
    let mut fields = json!({
        "board": "hexagons", "dimensions": [5, 5, 1], "hexagon_shaped": true,
        "shapes": [{"shape": "circle", "reserves": {"black": 10, "white": 9}}],
        "turn_checks": [{"check": "in_a_row", "length": 5, "result": "win"}],
    });
    for (k, v) in extra.as_object().expect("an object") {
        fields[k] = v.clone();
    }
    game(fields)
}

#[test]
fn a_hexagon_of_hexagons_has_its_corners_cut() {
    let g = hexagon_board(json!({}));
    assert_eq!(g.geometry.cell_count(), 19);
    assert_eq!(g.geometry.cell(1, 1, 1, 1), None, "a corner of the rhombus");
    assert!(g.geometry.cell(1, 3, 1, 1).is_some() && g.geometry.cell(1, 1, 5, 1).is_some());
    // Off the hexagon: refused, saying what the board is.
    let state = g.start();
    let text = redscience_engine::notation::parse_move("1,1").expect("a move's text");
    let err = redscience_engine::notation::resolve(&state, &text).expect_err("off the board");
    assert!(err.contains("hexagon of hexagons, 3 on a side"), "{err}");
    // The middle row is the one line of 5: black fills it.
    let state = played(
        &g,
        &[
            "1,3", "3,1", "2,3", "4,1", "3,3", "5,1", "4,3", "1,5", "5,3",
        ],
    );
    assert_eq!(results(&state), vec![Win, Loss]);
    // A line of 6 fits nowhere; only hexagons square and odd are hexagons.
    let messages = refused(
        json!({"board": "hexagons", "dimensions": [5, 5, 1], "hexagon_shaped": true,
               "turn_checks": [{"check": "in_a_row", "length": 6, "result": "win"}]}),
        "turn_checks[0].length",
    );
    assert!(
        messages[0].contains("longest line possible is 5"),
        "{messages:?}"
    );
    let messages = refused(
        json!({"board": "hexagons", "dimensions": [4, 4, 1], "hexagon_shaped": true}),
        "hexagon_shaped",
    );
    assert!(messages[0].contains("odd number"), "{messages:?}");
    let messages = refused(
        json!({"board": "squares", "hexagon_shaped": true}),
        "hexagon_shaped",
    );
    assert!(
        messages[0].contains("only a board of hexagons"),
        "{messages:?}"
    );
}

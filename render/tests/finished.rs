//! Golden images of what makes a picture worth posting: seats by name,
//! the result and its reason, what decided the match (on every kind of
//! board), every piece of the last turn, go and Connect Four boards, a key
//! of only what the board shows, and text in any script. See `golden.rs`
//! for how the images are compared and renewed.

mod common;

use std::sync::Arc;

use redscience_engine::game::{Game, GameState, Shown, State};
use redscience_engine::testing::{catalogue_game, game_over, played};
use redscience_render::{BoardOptions, MatchResult, board_png, board_svg, caption, last_turn};
use serde_json::json;

use common::check;

/// The green of what decided the match, and the red of the last turn.
const DECIDING: &str = "#12a150";
const LAST: &str = "#e0261b";

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn cells(game: &Game, board: u8, list: &[(u8, u8, u8)]) -> Vec<u16> {
    list.iter()
        .map(|&(x, y, z)| game.geometry.cell(board, x, y, z).unwrap())
        .collect()
}

/// What the bot passes for a match: the caption, the seats' names, the
/// result once it is over, the last turn outlined and the deciding cells.
fn options(state: &State, seats: &[&str], deciding: Vec<Vec<u16>>) -> BoardOptions {
    let game = state.game();
    let view = Shown::from(state.public_view());
    let seats = names(seats);
    BoardOptions {
        caption: caption(game, &view, &seats),
        result: state
            .outcome()
            .map(|o| MatchResult::of_outcome(game, o, &seats)),
        last_move: last_turn(state.history()),
        deciding,
        seats,
        ..BoardOptions::default()
    }
}

/// Checks the picture of `state` as a spectator sees it (with no space
/// cloaked, everything), and returns its SVG.
fn check_with(name: &str, state: &State, options: &BoardOptions) -> String {
    let game = state.game();
    assert!(common::nothing_cloaked(state), "{name}: nothing hidden");
    let view = Shown::from(state.public_view());
    check(name, &board_png(game, &view, options).unwrap());
    board_svg(game, &view, options)
}

#[test]
fn tic_tac_toe_won_names_the_winner_and_draws_the_line() {
    let g = catalogue_game("Tic-Tac-Toe");
    let s = played(&g, &["1,1", "2,1", "2,2", "3,1", "3,3"]);
    let line = cells(&g, 1, &[(1, 1, 1), (2, 2, 1), (3, 3, 1)]);
    let svg = check_with(
        "finished_hash",
        &s,
        &options(&s, &["alice", "Random"], vec![line]),
    );
    assert!(svg.contains(">alice wins<"), "{svg}");
    assert!(svg.contains(">Random<"), "the legend names the seats");
    assert!(!svg.contains("Player 1") && !svg.contains("Game over"));
    assert_eq!(
        svg.matches(&format!(r#"stroke="{DECIDING}" stroke-width"#))
            .count(),
        2,
        "one line through the three (and the key's sample)"
    );
    assert!(svg.contains(">decided the match<"));
}

#[test]
fn connect6_outlines_both_stones_of_the_last_turn_on_a_go_board() {
    let g = catalogue_game("Connect6-19x19");
    let s = played(
        &g,
        &["1,1+2,1", "1,19+2,19", "3,1+4,1", "3,19+4,19", "5,1+6,1"],
    );
    assert!(s.is_terminal());
    let line: Vec<(u8, u8, u8)> = (1..=6).map(|x| (x, 1, 1)).collect();
    let options = options(&s, &["ann", "Connect6-19x19 SP"], vec![cells(&g, 1, &line)]);
    assert_eq!(options.last_move, cells(&g, 1, &[(5, 1, 1), (6, 1, 1)]));
    let svg = check_with("finished_go_19x19", &s, &options);
    assert_eq!(
        svg.matches(&format!(r#"stroke="{LAST}""#)).count(),
        3,
        "both stones outlined, and the key's sample"
    );
    assert!(svg.contains(">last turn<"));
    assert!(svg.contains(">ann wins<"), "{svg}");
}

#[test]
fn a_game_in_progress_on_a_go_board() {
    let g = catalogue_game("5on15sq");
    let s = played(&g, &["8,8", "9,9", "7,9", "1,1", "15,15"]);
    check_with("go_15x15", &s, &options(&s, &["ann", "bob"], Vec::new()));
}

#[test]
fn connect_four_is_a_frame_with_every_hole() {
    let g = catalogue_game("Connect4");
    let s = played(&g, &["1", "2", "1", "2", "1", "2", "1"]);
    let line = cells(&g, 1, &[(1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 1, 4)]);
    let svg = check_with(
        "finished_connect_four",
        &s,
        &options(&s, &["bob", "Connect4 SP"], vec![line]),
    );
    assert!(svg.contains(">bob wins<"), "{svg}");
    // Forty-two holes, every one drawn though six rows are empty.
    assert_eq!(svg.matches(r##"fill="#183c98""##).count(), 42);
}

#[test]
fn hexagons_line_across_the_rows() {
    let g = game_over(
        json!({"name": "Hex-row"}),
        json!({"board": "hexagons", "dimensions": [5, 4, 1],
            "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["1,3", "5,4", "2,2", "4,4", "3,1"]);
    assert!(s.is_terminal(), "(1,3), (2,2), (3,1) touch in a row");
    let line = cells(&g, 1, &[(1, 3, 1), (2, 2, 1), (3, 1, 1)]);
    let svg = check_with(
        "finished_hexagons",
        &s,
        &options(&s, &["cy", "di"], vec![line]),
    );
    assert!(svg.contains(">cy wins<"));
}

/// An area (not a row) of triangles: each glows and is outlined, no line.
#[test]
fn tetrakis_area_glows() {
    let g = game_over(
        json!({"name": "Triangles", "turn_checks": []}),
        json!({"board": "tetrakis_squares", "dimensions": [3, 2, 1],
            "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["1,1,1", "2,1,4", "1,1,2", "1,2,3", "1,1,3"]);
    let area = cells(&g, 1, &[(1, 1, 1), (1, 1, 2), (1, 1, 3)]);
    let mut options = options(&s, &["eve", "fay"], vec![area]);
    options.caption.truncate(1);
    options.result = Some(MatchResult {
        headline: "eve wins".to_string(),
        winners: vec![0],
        reasons: vec!["Most triangles in one square: eve 3, fay 1".to_string()],
    });
    let svg = check_with("finished_tetrakis", &s, &options);
    assert_eq!(
        svg.matches(&format!(r#"stroke="{DECIDING}" stroke-width"#))
            .count(),
        4,
        "three outlines and the key's sample, no line"
    );
}

/// A line through the layers of a cube: a cell in each layer, each
/// outlined and glowing.
#[test]
fn qubic_line_through_the_layers() {
    let g = catalogue_game("Qubic-4");
    let s = played(
        &g,
        &[
            "1,1,1", "2,2,1", "1,1,2", "2,2,2", "1,1,3", "3,3,1", "1,1,4",
        ],
    );
    assert!(s.is_terminal());
    let line = cells(&g, 1, &[(1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 1, 4)]);
    let svg = check_with("finished_3d", &s, &options(&s, &["gil", "hal"], vec![line]));
    assert_eq!(svg.matches("url(#glow)").count(), 4 + 1, "and the key");
}

/// Several boards: a line on each, the result's reasons a line per board,
/// and a drawn match's grey box.
#[test]
fn several_boards_with_a_result_per_board() {
    let g = game_over(
        json!({"name": "Two-boards", "turn_checks": []}),
        json!({"board": "squares", "boards": 2, "dimensions": [3, 3, 1],
            "shapes": [{"reserves": {"black": 6, "white": 6}}]}),
    );
    let s = played(&g, &["1,1", "2:1,3", "2,1", "2:2,3", "3,1", "2:3,3"]);
    let mut options = options(
        &s,
        &["ivy", "jo"],
        vec![
            cells(&g, 1, &[(1, 1, 1), (2, 1, 1), (3, 1, 1)]),
            cells(&g, 2, &[(1, 3, 1), (2, 3, 1), (3, 3, 1)]),
        ],
    );
    options.caption.truncate(1);
    options.result = Some(MatchResult {
        headline: "Draw".to_string(),
        winners: Vec::new(),
        reasons: vec![
            "Board 1: ivy made 3 in a row".to_string(),
            "Board 2: jo made 3 in a row".to_string(),
        ],
    });
    let svg = check_with("finished_boards_2", &s, &options);
    assert!(svg.contains(">Board 2: jo made 3 in a row<"));
    assert!(svg.contains("#f1f1f1"), "a draw's box is grey");
}

/// A game name and seat names in other scripts and with emoji.
#[test]
fn text_in_any_script_and_emoji() {
    let g = game_over(
        json!({"name": "\u{1f3b2}Dice-\u{dc}n\u{ef}c\u{f6}d\u{e9}-\u{65e5}\u{672c}-\u{c4}\u{3a9}\u{416}"}),
        json!({}),
    );
    let s = played(&g, &["2,2", "1,1"]);
    // Katakana; emoji, Arabic (right to left) and Devanagari in one name.
    let seats = [
        "\u{30a2}\u{30ea}\u{30b9}",
        "bob\u{1f600}\u{1f980}-\u{645}\u{631}\u{62d}\u{628}\u{627}-\u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947}",
    ];
    let svg = check_with("text_any_script", &s, &options(&s, &seats, Vec::new()));
    // Each run is named with the font that has it.
    assert!(
        svg.contains("<tspan x=\"0\" font-family=\"Unifont\">\u{30a2}\u{30ea}\u{30b9}</tspan>"),
        "{svg}"
    );
    assert!(svg.contains("font-family=\"Unifont Upper\">\u{1f980}</tspan>"));
    assert!(
        svg.contains(">\u{1f3b2}</tspan>"),
        "the die in the game's name"
    );
}

/// Shapes are explained only where several kinds are in play or they
/// have a name in the game; cloaked and locked only where they are.
#[test]
fn the_key_explains_only_what_the_board_shows() {
    let plain = catalogue_game("Tic-Tac-Toe");
    let s = played(&plain, &["2,2", "1,1"]);
    let svg = board_svg(
        &plain,
        &s.public_view().into(),
        &options(&s, &[], Vec::new()),
    );
    for word in [">circle<", ">cloaked<", ">locked<", ">shape unknown<"] {
        assert!(!svg.contains(word), "{word} in a plain game's key");
    }
    let g = game_over(
        json!({"name": "Rock-paper-scissors", "turn_checks": [], "schema_version": 2,
            "labels": {"shapes": {"circle": "rock", "pentagon": "paper", "x": "scissors"}}}),
        json!({"board": "squares", "dimensions": [4, 2, 1],
            "phases": [{"locked": ["4,2"]}],
            "shapes": [{"shape": "circle", "reserves": {"black": 2, "white": 2}},
                       {"shape": "pentagon", "reserves": {"black": 2, "white": 2}},
                       {"shape": "x", "reserves": {"black": 2, "white": 2}}]}),
    );
    let s = played(&g, &["circle 1,1", "x 2,1"]);
    let options = options(&s, &["kim", "lee"], Vec::new());
    let svg = check_with("key_labels", &s, &options);
    assert!(
        svg.contains(">rock<") && svg.contains(">scissors<"),
        "{svg}"
    );
    assert!(!svg.contains(">paper<"), "no paper on the board");
    // A player's own reserves are by shape, and named.
    let own = board_svg(&g, &s.player_view(0).into(), &options);
    assert!(own.contains(">paper \u{d7}2<"), "{own}");
    assert!(svg.contains(">locked<") && !svg.contains(">cloaked<"));
}

/// Names stand wherever a seat is named: notes on kept spaces and goals.
#[test]
fn notes_name_the_seats() {
    let g: Arc<Game> = game_over(
        json!({"name": "Kept", "turn_checks": []}),
        json!({"board": "squares", "dimensions": [4, 4, 1],
            "exclusive": [{"seats": ["2"], "spaces": ["1,3"]}],
            "shapes": [{"shape": "triangle", "movement": ["forward_orth"],
                        "reserves": {"black": 4, "white": 4}}]}),
    );
    let s = g.start();
    let svg = board_svg(
        &g,
        &s.public_view().into(),
        &options(&s, &["mo", "ned"], Vec::new()),
    );
    assert!(svg.contains("only ned may enter or leave"), "{svg}");
    assert!(svg.contains("Goals: mo top (y=4), ned bottom (y=1)"));
}

//! Hand-made positions whose labels were worked out on paper (each test
//! says how), and the moves that obey or break each rule.

use super::*;
use redscience_engine::notation::{read_move, resolve};
use redscience_engine::testing::{catalogue_game, played};

fn position(game: &str, turns: &[&str]) -> State {
    played(&catalogue_game(game), turns)
}

fn label_of(state: &State) -> Label {
    label(state, Budget::default())
        .unwrap_or_else(|why| panic!("no label: {why:?}"))
        .label
}

fn move_at(state: &State, text: &str) -> Move {
    let typed = read_move(state.game(), text).expect("a move's text");
    resolve(state, &typed).expect("a legal move")
}

fn obeyed(state: &State, label: Label, text: &str) -> bool {
    obeys(state, label, move_at(state, text), 10_000_000).expect("within budget")
}

#[test]
fn tic_tac_toe_with_a_win_in_one() {
    // X 1,1 2,1 and O 1,2 2,2: X completes row y=1 at 3,1 (O's threat at
    // 3,2 does not matter: X wins first).
    let state = position("Tic-Tac-Toe", &["1,1", "1,2", "2,1", "2,2"]);
    assert_eq!(label_of(&state), Label::Win1);
    assert!(obeyed(&state, Label::Win1, "3,1"));
    assert!(
        !obeyed(&state, Label::Win1, "3,2"),
        "blocking is not winning"
    );
    assert!(!obeyed(&state, Label::Win1, "1,3"));
}

#[test]
fn tic_tac_toe_where_the_opponent_threatens() {
    // X 1,1 1,2 threatens 1,3; O (2,2) has no win, and only 1,3 stops X.
    // After O 1,3 (threatening 3,1) X must block at 3,1 and O can then
    // block X's 2,1: O forces nothing, so the label stays LOSS1.
    let state = position("Tic-Tac-Toe", &["1,1", "2,2", "1,2"]);
    assert_eq!(label_of(&state), Label::Loss1);
    assert!(obeyed(&state, Label::Loss1, "1,3"));
    for elsewhere in ["2,1", "3,1", "3,3", "2,3"] {
        assert!(!obeyed(&state, Label::Loss1, elsewhere), "{elsewhere}");
    }
}

#[test]
fn tic_tac_toe_fork_forces_a_win_in_two() {
    // X 1,1 2,2, O 1,2 3,3; X to move. No line of X is open to a win at
    // once and O threatens nothing. X 2,1 threatens 3,1 and 2,3; X 3,1
    // threatens 2,1 and 1,3: forks. X 2,3 threatens only 2,1, which O
    // blocks.
    let state = position("Tic-Tac-Toe", &["1,1", "1,2", "2,2", "3,3"]);
    assert_eq!(label_of(&state), Label::Win2);
    assert!(obeyed(&state, Label::Win2, "2,1"));
    assert!(obeyed(&state, Label::Win2, "3,1"));
    assert!(!obeyed(&state, Label::Win2, "2,3"));
    assert!(!obeyed(&state, Label::Win2, "1,3"));
}

#[test]
fn tic_tac_toe_one_safe_reply_that_forces_nothing() {
    // X 1,1 3,1 (row y=1 blocked by O 2,1), O 2,1 2,2 threatening 2,3;
    // X to move has no line open to a win. Only 2,3 is safe, and after it
    // X has no two on an open line: LOSS1.
    let state = position("Tic-Tac-Toe", &["1,1", "2,1", "3,1", "2,2"]);
    assert_eq!(label_of(&state), Label::Loss1);
    assert!(obeyed(&state, Label::Loss1, "2,3"));
    assert!(!obeyed(&state, Label::Loss1, "3,3"));
}

#[test]
fn connect6_two_stones_of_one_turn_win() {
    // Black (to move, two stones a turn) has 3,1 to 6,1; 1,1 2,1 7,1 8,1
    // are empty, so 7,1+8,1 (or 2,1+7,1, or 1,1+2,1) makes six. A first
    // stone away from the row leaves at most five.
    let state = position(
        "Connect6-19x19",
        &["3,1+4,1", "1,19+2,19", "5,1+6,1", "10,19+12,19"],
    );
    assert_eq!(label_of(&state), Label::Win1);
    assert!(obeyed(&state, Label::Win1, "7,1"));
    assert!(obeyed(&state, Label::Win1, "2,1"));
    assert!(obeyed(&state, Label::Win1, "1,1"));
    assert!(!obeyed(&state, Label::Win1, "10,15"));
    assert!(
        !obeyed(&state, Label::Win1, "9,1"),
        "9,1 is not next to the four"
    );
}

#[test]
fn connect6_four_must_be_covered_by_both_stones() {
    // White to move against black's 3,1-6,1: black's sixes would use
    // {1,1 2,1}, {2,1 7,1} or {7,1 8,1}; a white turn is safe only when
    // it meets all three (2,1+7,1, 1,1+7,1, 2,1+8,1). One stone at 7,1
    // can still be completed safely; a first stone far away cannot.
    let state = position("Connect6-19x19", &["3,1+4,1", "1,19+2,19", "5,1+6,1"]);
    let labelled = label(&state, Budget::default()).expect("within budget");
    assert_eq!(labelled.label, Label::Loss1);
    assert!(obeyed(&state, Label::Loss1, "7,1"));
    assert!(obeyed(&state, Label::Loss1, "2,1"));
    assert!(!obeyed(&state, Label::Loss1, "10,15"));
}

#[test]
fn five_in_a_row_open_three_must_be_answered_at_its_ends() {
    // Black 8,8 8,9 8,10 with the column open both ways; white (1,1 1,15)
    // to move. No four exists, so every white move is safe at once; but
    // black's 8,7 or 8,11 then makes an open four. Only 8,7 and 8,11
    // stop it: after 8,12 black still has 8,7 (four 8,7-8,10, both ends
    // open).
    let state = position("5on15sq", &["8,8", "1,1", "8,9", "1,15", "8,10"]);
    assert_eq!(label_of(&state), Label::Loss2);
    assert!(obeyed(&state, Label::Loss2, "8,11"));
    assert!(obeyed(&state, Label::Loss2, "8,7"));
    assert!(!obeyed(&state, Label::Loss2, "8,12"));
    assert!(!obeyed(&state, Label::Loss2, "2,2"));
}

#[test]
fn a_budget_too_small_skips_instead_of_guessing() {
    let state = position("5on15sq", &["8,8", "1,1", "8,9", "1,15", "8,10"]);
    let tiny = Budget {
        one_move: 100,
        two_move: 100,
    };
    assert_eq!(label(&state, tiny), Err(Unlabelled::OverBudget));
}

#[test]
fn the_empty_board_of_tic_tac_toe_is_quiet() {
    // Nobody can make three within the next two turns of each side.
    let state = position("Tic-Tac-Toe", &[]);
    assert_eq!(label_of(&state), Label::Quiet);
}

#[test]
fn games_with_chance_or_one_side_are_not_labelled() {
    for name in ["RockPaperScissors", "3P-Notakto"] {
        let state = catalogue_game(name).start_seeded(1);
        assert_eq!(
            label(&state, Budget::default()),
            Err(Unlabelled::Ineligible),
            "{name}"
        );
    }
}

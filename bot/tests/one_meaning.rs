//! Input means one thing (`docs/rules.md`, "Input means one thing"): each
//! surprise people met in the console, played again. A typed move is a
//! move, a number is never a position on a list of moves or commands, and
//! a list shown by one command is never answered by input meant for another.

use crate::common;

use common::{Chat, Setup};

async fn chat(seed: u64) -> Chat {
    Setup::new("one-meaning").chat(seed).await
}

/// The lines of `out` that echo a move ("name (colour): what").
fn echoes(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            !l.starts_with(' ')
                && l.contains("): ")
                && (l.contains(" to (") || l.contains(" to stack "))
        })
        .collect()
}

#[tokio::test]
async fn a_bare_number_in_connect4_is_its_column_even_when_a_column_is_full() {
    let mut c = chat(1).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Connect4 bob unrated").await;
    let started = c.say("@bob accept").await;
    assert!(started.contains("Match 1 of Connect4 starts"), "{started}");
    // Both drop six pieces into column 1, filling it.
    for _ in 0..6 {
        let mover = c.whose_turn(&["ann", "bob"]).await;
        let out = c.say(&format!("@{mover} 1")).await;
        assert!(
            echoes(&out).iter().any(|l| l.ends_with("to stack 1")),
            "column 1 is column 1: {out}"
        );
    }
    let mover = c.whose_turn(&["ann", "bob"]).await;
    let full = c.say(&format!("@{mover} 1")).await;
    assert!(full.contains("full"), "{full}");
    assert!(full.contains("Nothing was played."), "{full}");
    // Column 1 is no longer on the list of moves; 4 is still column 4.
    let out = c.say(&format!("@{mover} 4")).await;
    let echoed = echoes(&out);
    assert!(
        echoed.iter().any(|l| l.contains("to stack 4")),
        "4 plays column 4: {out}"
    );
    assert!(
        !echoed.iter().any(|l| l.contains("to stack 5")),
        "never column 5: {out}"
    );
}

#[tokio::test]
async fn a_number_after_a_leaderboard_is_a_move_not_a_challenge() {
    let mut c = chat(2).await;
    let start = c.say("challenge Connect4 Random").await;
    assert!(start.contains("Match 1 of Connect4 starts"), "{start}");
    let mut out = start;
    if !out.contains("ann, your turn") {
        out = c.say("board").await;
    }
    let board = c.say("leaderboard Connect4").await;
    assert!(board.contains("Connect4 leaderboard"), "{board}");
    let played = c.say("2").await;
    assert!(
        echoes(&played)
            .iter()
            .any(|l| l.starts_with("[#general] ann") && l.ends_with("to stack 2")),
        "2 is column 2 of match 1: {played}\n(before: {out})"
    );
    assert!(!played.contains("Match 2"), "no new match: {played}");
    let games = c.say("games").await;
    assert_eq!(games.matches("- #").count(), 1, "{games}");
    // A command shown on the leaderboard is typed as it is shown.
    assert!(
        common::offered(&board, "challenge Connect4 ")
            .iter()
            .any(|id| id.contains("Random")),
        "{board}"
    );
}

#[tokio::test]
async fn a_move_out_of_turn_says_whose_turn_it_is() {
    let mut c = chat(3).await;
    c.befriend("ann", "bob").await;
    c.say("@ann challenge Tic-Tac-Toe bob unrated").await;
    c.say("@bob accept").await;
    let mover = c.whose_turn(&["ann", "bob"]).await;
    let other = if mover == "ann" { "bob" } else { "ann" };
    let early = c.say(&format!("@{other} 2,2")).await;
    assert!(
        early.contains(&format!("It is {mover}'s turn in match 1")),
        "{early}"
    );
    assert!(!early.contains("not a command"), "{early}");
    // Someone without a match is told so, with a way to start one.
    let stranger = c.say("@dora 2,2").await;
    assert!(
        stranger.contains("reads as a move") && stranger.contains("`challenge "),
        "{stranger}"
    );
}

#[tokio::test]
async fn refusals_of_moves_are_sentences_with_examples() {
    let mut c = chat(4).await;
    c.say("challenge Tic-Tac-Toe Random").await;
    let two = c.say("move 2,2 3,3").await;
    assert!(
        two.contains("names 2 moves") && two.contains("`move 2,2`"),
        "{two}"
    );
    // Tic-Tac-Toe's turn is one piece: joining them is no example.
    assert!(!two.contains("2,2+3,3"), "{two}");
    assert!(!two.contains("(2,23,3)"), "{two}");
    let off = c.say("move 9,9").await;
    assert!(off.contains("hash. Nothing was played."), "{off}");
    c.say("2,2").await;
    let again = c.say("2,2").await;
    assert!(again.contains("is occupied"), "{again}");
    assert!(again.contains("moves are legal now, e.g. `"), "{again}");
    assert!(again.contains(". Nothing was played."), "{again}");
    // Not every legal move is printed.
    assert!(again.matches('`').count() <= 6, "{again}");
}

#[tokio::test]
async fn moves_typed_apart_with_two_matches_open_are_told_as_moves_apart() {
    let mut c = chat(6).await;
    c.say("challenge Connect4 Random unrated").await;
    c.say("challenge Tic-Tac-Toe Random unrated").await;
    let two = c.say("2,2 3,3").await;
    assert!(two.contains("names 2 moves"), "{two}");
    // An example right for each match, and no words run together.
    assert!(
        two.contains("(Connect4)") && two.contains("(Tic-Tac-Toe)"),
        "{two}"
    );
    assert!(!two.contains("(2,23,3)"), "{two}");
    assert!(two.ends_with("Nothing was played."), "{two}");
}

#[tokio::test]
async fn misspelt_games_and_commands_get_a_suggestion() {
    let mut c = chat(5).await;
    let game = c.say("challenge Conect4 Random").await;
    assert!(game.contains("Did you mean `Connect4`?"), "{game}");
    let command = c.say("chalenge Connect4 Random").await;
    assert!(command.contains("Did you mean `challenge`?"), "{command}");
    assert!(!command.contains("Match 1"), "nothing starts: {command}");
}

#[tokio::test]
async fn a_move_typed_in_a_match_channel_is_not_taken_by_a_private_wizard() {
    let mut c = chat(6).await;
    let start = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(start.contains("ann, your turn in match 1"), "{start}");
    let wizard = c.say("[dm] game create").await;
    assert!(wizard.contains("[dm ann]"), "{wizard}");
    let played = c.say("2,2").await;
    assert!(
        echoes(&played)
            .iter()
            .any(|l| l.starts_with("[#general] ann (") && l.ends_with("circle to (2,2)")),
        "the move is played in the channel: {played}"
    );
    // The wizard is still open where it was started.
    let answer = c.say("[dm] back").await;
    assert!(answer.contains("first question"), "{answer}");
}

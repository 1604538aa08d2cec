//! The last message of a match explains its ending, in the console chat:
//! the winner by name, the rule that decided with its counts, per-board
//! results, every hidden piece shown, and forced passes and Chaos's moves
//! told in a line rather than one line each.

use crate::common;

use common::{Chat, Setup};

/// ann and bob, friends, in a match of `game` (unrated); returns the chat
/// and (black's name, white's name).
async fn ann_and_bob(game: &str, seed: u64) -> (Chat, String, String) {
    let mut c = Setup::new("endings").chat(seed).await;
    c.befriend("ann", "bob").await;
    c.say(&format!("@ann challenge {game} bob unrated")).await;
    let started = c.say("@bob accept").await;
    assert!(started.contains("starts: Player 1 "), "{started}");
    let black = if started.contains("Player 1 ann (black)") {
        "ann"
    } else {
        "bob"
    };
    let white = if black == "ann" { "bob" } else { "ann" };
    (c, black.to_string(), white.to_string())
}

/// The channel's part of a reply, lines without the pictures' paths.
fn channel(out: &str) -> String {
    out.lines()
        .skip_while(|l| !l.starts_with("[#general]"))
        .take_while(|l| !l.starts_with("[dm "))
        .filter(|l| !l.trim_start().starts_with("(file: "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn rock_paper_scissors_ends_saying_what_met_and_who_holds_more() {
    let (mut c, black, white) = ann_and_bob("RockPaperScissors", 31).await;
    c.say(&format!("@{black} [dm] plan circle 1")).await;
    let end = channel(&c.say(&format!("@{white} [dm] plan pentagon 1")).await);
    let lines: Vec<&str> = end.lines().collect();
    assert_eq!(
        lines[0],
        format!("[#general] {black} (black): Black rock (circle) to the table (stack 1)"),
        "{end}"
    );
    assert_eq!(
        lines[1],
        format!("{white} (white): White scissors (pentagon) to the table (stack 1)")
    );
    // The clash is told as it happened: right after the plans that made it,
    // before the four forced passes that followed (in one line).
    assert_eq!(
        lines[3],
        format!(
            "{black} (black) and {white} (white) had no move and passed, until the match ended."
        )
    );
    assert_eq!(
        lines[2],
        format!(
            "Collision on the table (stack 1): {black} (black)'s rock (circle) and {white} (white)'s scissors \
             (pentagon) met; the stack holds, bottom to top: {black} (black)'s rock (circle), \
             {black} (black)'s scissors (pentagon)."
        )
    );
    let ending: Vec<&str> = end
        .lines()
        .skip_while(|l| !l.starts_with("Match 1 is over."))
        .collect();
    assert_eq!(
        ending,
        vec![
            format!("Match 1 is over. Victory: {black} (black)."),
            "The board is full.".to_string(),
            format!("Most pieces wins, least pieces loses: {black} (black) 2, {white} (white) 0."),
        ],
        "{end}"
    );
    // Asked later, the board says the same.
    let board = c.say(&format!("@{white} board #1")).await;
    assert!(
        board.contains(&format!(
            "Over: Victory: {black} (black).\nThe board is full."
        )),
        "{board}"
    );
    let late = c.say(&format!("@{white} [dm] plan #1 x 1")).await;
    assert!(
        late.contains(&format!(
            "Match 1 is over: Victory: {black} (black). Nothing was played."
        )),
        "{late}"
    );
}

#[tokio::test]
async fn stag_hunt_tells_chaos_and_the_forced_passes_in_a_line_each() {
    let (mut c, black, white) = ann_and_bob("StagHunt", 32).await;
    // Both hunt the stag: their pentagons go to the stacks they share with Chaos.
    c.say(&format!("@{black} [dm] plan 3")).await;
    let end = channel(&c.say(&format!("@{white} [dm] plan 4")).await);
    let moves: Vec<&str> = end.lines().take_while(|l| !l.starts_with("```")).collect();
    assert_eq!(moves.len(), 4, "two plans, Chaos, the passes: {end}");
    assert!(moves[2].starts_with("Chaos (pink) placed "), "{end}");
    assert_eq!(
        moves[3],
        format!(
            "{black} (black), {white} (white), and Chaos (pink) had no move and passed, \
             until the match ended."
        )
    );
    assert!(!end.contains(": Pass"), "no pass listed one by one: {end}");
    assert!(end.contains("Match 1 is over. "), "{end}");
    assert!(
        end.contains("Most 2-same-color-in-a-row wins: "),
        "the deciding rule with its counts: {end}"
    );
}

#[tokio::test]
async fn blotto_shows_every_hidden_circle_and_each_board_at_the_end() {
    let (mut c, black, white) = ann_and_bob("3Blotto13", 33).await;
    // Black 7, 1, 5 circles on the boards; white 6, 6, 1.
    let black_boards = [1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3];
    let white_boards = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3];
    let mut out = String::new();
    for (b, w) in black_boards.iter().zip(&white_boards) {
        let played = c.say(&format!("@{black} [dm] plan {b}:1")).await;
        assert!(!played.contains("Nothing was"), "{played}");
        out = c.say(&format!("@{white} [dm] plan {w}:2")).await;
        assert!(!out.contains("Nothing was"), "{out}");
    }
    let end = channel(&out);
    let board = end
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("a board: {end}"));
    assert!(!board.contains('~'), "no haze is left: {board}");
    assert_eq!(board.matches(" Bo").count(), 13, "{board}");
    assert_eq!(board.matches(" Wo").count(), 13, "{board}");
    let ending: Vec<&str> = end
        .lines()
        .skip_while(|l| !l.starts_with("Match 1 is over."))
        .collect();
    assert_eq!(
        ending,
        vec![
            format!("Match 1 is over. Victory: {black} (black)."),
            "Nobody could move any more.".to_string(),
            "Most pieces wins, on each board.".to_string(),
            format!("Board 1: {black} (black) 7, {white} (white) 6. Winner: {black} (black)."),
            format!("Board 2: {black} (black) 1, {white} (white) 6. Winner: {white} (white)."),
            format!("Board 3: {black} (black) 5, {white} (white) 1. Winner: {black} (black)."),
            format!("Boards won: {black} (black) 2, {white} (white) 1."),
        ],
        "{end}"
    );
    // The moves once hidden from the channel are shown with the ending.
    assert!(
        end.contains(&format!(
            "{white} (white): White soldier (circle) to white's army (stack 3:2)"
        )),
        "{end}"
    );
}

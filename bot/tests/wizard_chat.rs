//! The game wizard through the console chat, tried as a new user would:
//! the numbers shown with a list are the numbers typed, lists take several
//! numbers, refusals say what is accepted, defaults follow the board, and
//! the review warns and playtests. A Connect Four variant is made,
//! playtested and saved, and a game with ending rules (a player who cannot
//! move loses, a turn limit, repeated turns allowed) is made and saved.

use crate::common;

use common::{Chat, Setup};

async fn chat(seed: u64) -> Chat {
    Setup::new("wizard_chat").chat(seed).await
}

/// The label shown with number `n` in a printed list ("  2. Label").
fn numbered_label(out: &str, n: usize) -> Option<String> {
    let mark = format!("{n}. ");
    out.lines()
        .find_map(|l| l.trim_start().strip_prefix(&mark).map(str::to_string))
}

/// The whole-number percentage after `what` ("Player 1 wins 55%").
fn percent_after(out: &str, what: &str) -> Option<u32> {
    let (_, rest) = out.split_once(what)?;
    rest.trim_start()
        .split('%')
        .next()
        .and_then(|n| n.trim().parse().ok())
}

#[tokio::test]
async fn locked_seats_take_the_seat_typed_not_a_position_on_the_list() {
    let mut c = chat(21).await;
    c.say("game create").await;
    let players = c.say("Locks").await;
    // How many play takes a count, so its options are not numbered.
    assert_eq!(numbered_label(&players, 1), None, "{players}");
    for answer in ["skip", "skip", "skip", "next", "next", "next"] {
        c.say(answer).await;
    }
    let locked = c.say("next").await;
    assert!(locked.contains("locked seats cannot move"), "{locked}");
    // Seats are values: shown with the seat to type, never numbered.
    assert!(locked.contains("`2`: Seat 2 locked"), "{locked}");
    assert!(!locked.contains("2. Seat 1 locked"), "{locked}");
    assert_eq!(numbered_label(&locked, 1), None, "{locked}");
    let spaces = c.say("2").await;
    assert!(spaces.contains("locked spaces are walls"), "{spaces}");
    let review = c.say("done").await;
    // Seat 2 plays white: white is locked, black is not.
    assert!(review.contains("white locked"), "{review}");
    assert!(!review.contains("black locked"), "{review}");
}

#[tokio::test]
async fn how_many_play_takes_a_count_typed() {
    let mut c = chat(27).await;
    c.say("game create").await;
    let players = c.say("Counted").await;
    assert!(players.contains("how many play?"), "{players}");
    // 4 is four players, not the fourth option (3 vs Chaos).
    let next = c.say("4").await;
    assert!(!next.contains("is not offered"), "{next}");
    let review = c.say("done").await;
    assert!(review.contains("4-Player"), "{review}");
    assert!(!review.contains("3 vs Chaos"), "{review}");
    // Back at the question, 1 is alone and 3 is three players.
    for (typed, players) in [("1", "1 Player alone"), ("3", "3-Player")] {
        c.say("edit_players").await;
        c.say(typed).await;
        let review = c.say("done").await;
        assert!(review.contains(players), "{typed}: {review}");
    }
}

#[tokio::test]
async fn time_per_turn_says_it_takes_the_factorys_times_only() {
    let mut c = chat(22).await;
    c.say("game create").await;
    c.say("Clocks").await;
    c.say("done").await;
    let asked = c.say("edit_time").await;
    assert!(asked.contains("not any number of seconds"), "{asked}");
    for typed in ["1", "8", "14"] {
        let refused = c.say(typed).await;
        assert!(refused.contains("is not offered"), "{typed}: {refused}");
        assert!(refused.contains("e.g. 15"), "{typed}: {refused}");
    }
    let near = c.say("8").await;
    assert!(near.contains("6 seconds or 10 seconds"), "{near}");
    // 15 is 15 seconds, not the fifteenth option.
    let review = c.say("15").await;
    assert!(review.contains("15 seconds/turn"), "{review}");
}

#[tokio::test]
async fn lists_take_the_numbers_shown_separated_by_commas() {
    let mut c = chat(23).await;
    c.say("game create").await;
    c.say("Lists").await;
    c.say("done").await;
    let checks = c.say("edit_outcome").await;
    assert!(checks.contains("several separated by commas"), "{checks}");
    let second = numbered_label(&checks, 2).expect("a second check");
    let fourth = numbered_label(&checks, 4).expect("a fourth check");
    let added = c.say("2, 4").await;
    assert!(!added.contains("not a turn check"), "{added}");
    let now = added
        .lines()
        .find(|l| l.contains("Now: "))
        .expect("the checks listed");
    for label in [&second, &fourth] {
        let words = label.trim_start_matches("Add: ");
        assert!(now.contains(words), "{words} in {now}");
    }
    // An option that is not on the list: what was wrong and what is accepted.
    let wrong = c.say("99").await;
    assert!(wrong.contains("no option 99"), "{wrong}");
    assert!(wrong.contains("number, 1 to "), "{wrong}");
    assert!(wrong.contains("e.g. 2 for"), "{wrong}");
    c.say("done").await;
    let boards = c.say("edit_board").await;
    assert!(boards.contains("Boards:"), "{boards}");
    let kind = c.say("next").await;
    let wrong = c.say("8").await;
    assert!(wrong.contains("no option 8 here"), "{kind}\n{wrong}");
    assert!(wrong.contains("1 to 7"), "{wrong}");
}

#[tokio::test]
async fn a_board_of_another_size_brings_reserves_and_lines_that_fit_it() {
    let mut c = chat(24).await;
    c.say("game create").await;
    c.say("Cube").await;
    c.say("skip").await;
    c.say("next").await;
    c.say("squares").await;
    c.say("4").await;
    c.say("4").await;
    let filled = c.say("4").await;
    assert!(
        filled.contains("Reserves of circles now 32 each to fill the 64 spaces"),
        "{filled}"
    );
    let review = c.say("done").await;
    assert!(review.contains("Played on 4x4x4 squares"), "{review}");
    assert!(review.contains("32 black and 32 white"), "{review}");
    assert!(
        review.contains("First 4-same-color-in-a-row wins"),
        "{review}"
    );
    assert!(!review.contains("Warning:"), "{review}");
}

#[tokio::test]
async fn the_review_warns_when_no_colour_has_the_pieces_a_line_needs() {
    let mut c = chat(25).await;
    c.say("game create").await;
    c.say("Few").await;
    for answer in ["skip", "skip", "next", "next"] {
        c.say(answer).await;
    }
    c.say("2").await;
    let review = c.say("done").await;
    assert!(review.contains("Warning:"), "{review}");
    assert!(review.contains("can never happen"), "{review}");
    assert!(review.contains("Playtest"), "{review}");
    // Every random game is drawn: nobody wins.
    assert_eq!(percent_after(&review, "Player 1 wins"), Some(0), "{review}");
    assert_eq!(percent_after(&review, "Player 2 wins"), Some(0), "{review}");
}

#[tokio::test]
async fn a_connect_four_variant_is_made_playtested_and_saved() {
    let mut c = chat(26).await;
    c.say("game create").await;
    c.say("Drop-Four").await;
    c.say("skip").await;
    let kinds = c.say("next").await;
    assert_eq!(numbered_label(&kinds, 3).as_deref(), Some("Stacks"));
    // 3 is Stacks, as shown.
    let stacks = c.say("3").await;
    assert!(
        stacks.contains("Stacks: pieces drop to the lowest free space of a column"),
        "{stacks}"
    );
    assert!(stacks.contains("height 3"), "{stacks}");
    let wide = c.say("7").await;
    assert!(wide.contains("to fill the 21 spaces"), "{wide}");
    assert!(wide.contains("In a row now 4"), "{wide}");
    c.say("1").await;
    let high = c.say("6").await;
    assert!(high.contains("height 6"), "{high}");
    assert!(
        high.contains("Reserves of circles now 21 each to fill the 42 spaces"),
        "{high}"
    );
    let review = c.say("done").await;
    assert!(review.contains("Played on 7x1x6 stacks"), "{review}");
    assert!(review.contains("21 black and 21 white"), "{review}");
    assert!(
        review.contains("First 4-same-color-in-a-row wins"),
        "{review}"
    );
    assert!(!review.contains("Warning:"), "{review}");
    // The playtest: both seats win some random games.
    assert!(review.contains("Playtest"), "{review}");
    let one = percent_after(&review, "Player 1 wins").expect("player 1's share");
    let two = percent_after(&review, "Player 2 wins").expect("player 2's share");
    assert!(one > 0 && two > 0, "{review}");
    assert!(one + two <= 100, "{review}");
    // Connect4 itself is saved already: a variant with 30 seconds a turn.
    c.say("edit_time").await;
    let review = c.say("30").await;
    assert!(review.contains("30 seconds/turn"), "{review}");
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Drop-Four"), "{saved}");
    assert!(saved.contains("Player 2 wins"), "{saved}");
    let shown = c.say("game show Drop-Four").await;
    assert!(shown.contains("7x1x6"), "{shown}");
    let started = c.say("challenge Drop-Four Random").await;
    assert!(started.contains("Match 1 of Drop-Four starts"), "{started}");
}

#[tokio::test]
async fn ending_rules_are_asked_with_the_outcome_and_shown_at_the_review() {
    let mut c = chat(27).await;
    c.say("game create").await;
    c.say("Ends").await;
    c.say("done").await;
    for answer in ["edit_outcome", "next", "next"] {
        c.say(answer).await;
    }
    let stuck = c.say("next").await;
    assert!(stuck.contains("A player who cannot move:"), "{stuck}");
    assert_eq!(
        numbered_label(&stuck, 2).as_deref(),
        Some("A player who cannot move loses")
    );
    let limit = c.say("2").await;
    assert!(limit.contains("Turn limit:"), "{limit}");
    // Limits are values: 0 is no option's number but a limit out of range.
    let zero = c.say("0").await;
    assert!(zero.contains("0 turns is out of range"), "{zero}");
    assert!(zero.contains("e.g. 300"), "{zero}");
    c.say("next").await;
    let repeated = c.say("next").await;
    assert!(repeated.contains("Not offered: \"allowed\""), "{repeated}");
    let refused = c.say("allowed").await;
    assert!(refused.contains("is not offered here"), "{refused}");
    assert!(refused.contains("e.g. a turn limit of 300"), "{refused}");
    c.say("back").await;
    c.say("back").await;
    c.say("200").await;
    c.say("next").await;
    c.say("allowed").await;
    let review = c.say("done").await;
    for line in [
        "A player who cannot move loses",
        "Repeated turns are allowed",
        "Stalemate after 200 turns",
    ] {
        assert!(review.contains(line), "{line}: {review}");
    }
    let saved = c.say("save").await;
    assert!(saved.contains("Saved Ends"), "{saved}");
}

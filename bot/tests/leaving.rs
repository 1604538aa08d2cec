//! Leaving a match and what a match's end does to ratings, in the console
//! chat: a person who resigns or runs out of time in a match of three or
//! four leaves it and the others play on to a real result; every ending
//! shows every hidden piece; a first game against a machine is not lost by
//! stepping away; a result every player shares moves no rating.

use redscience_storage::{Augmentation, ChatId, Rating, RatingKey};

use crate::common;

use common::{Chat, Setup, by, seat_order};

/// Each rated player's shown rating after the match, from its ratings line.
fn rating_after(out: &str, name: &str) -> i32 {
    let line = out
        .lines()
        .find(|l| l.contains("Ratings in "))
        .unwrap_or_else(|| panic!("no ratings line: {out}"));
    let part = line
        .split(&format!(" {name} "))
        .nth(1)
        .unwrap_or_else(|| panic!("{name} is not rated: {line}"));
    let after = part.split('→').nth(1).unwrap().trim_start();
    let figure: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    figure.parse().unwrap()
}

async fn three_at_notakto(seed: u64) -> (Chat, Vec<String>) {
    let mut c = Setup::new("leaving").chat(seed).await;
    c.say("challenge 3P-Notakto open open").await;
    c.say("@bob accept").await;
    let started = c.say("@carl accept").await;
    let order = seat_order(&started, 3);
    (c, order)
}

#[tokio::test]
async fn a_player_who_resigns_a_match_of_three_leaves_it_and_the_others_finish_it() {
    let (mut c, order) = three_at_notakto(41).await;
    let [first, second, third] = [&order[0], &order[1], &order[2]];
    c.say(&by(first, "2,2")).await;
    let left = c.say(&by(second, "resign")).await;
    assert!(
        left.contains(&format!(
            "{second} resigned in match 1. Their turns pass from now on and their pieces stay; \
             {first} (black) and {third} (black) play on."
        )),
        "{left}"
    );
    assert!(!left.contains("is over"), "{left}");
    assert!(
        left.contains(&format!("{third}, your turn in match 1")),
        "{left}"
    );
    c.say(&by(third, "1,1")).await;
    // The second seat's turn passes by itself: the third moves next.
    let passed = c.say(&by(first, "1,3")).await;
    assert!(
        passed.contains(&format!(
            "{second} (black) left the match, so their turn passed."
        )),
        "{passed}"
    );
    assert!(
        passed.contains(&format!("{third}, your turn in match 1")),
        "{passed}"
    );
    // (1,1), (2,2), (3,3): the third completes the line and loses, as
    // Notakto says; the first wins; the second left, so loses too.
    let end = c.say(&by(third, "3,3")).await;
    assert!(
        end.contains(&format!("Match 1 is over. Victory: {first} (black).")),
        "{end}"
    );
    assert!(
        end.contains(&format!("{second} (black) left the match, so loses.")),
        "{end}"
    );
    // Rated as the result stands: the winner rises, the two losers fall
    // alike (tied losers draw with each other).
    let (won, resigned, lost) = (
        rating_after(&end, first),
        rating_after(&end, second),
        rating_after(&end, third),
    );
    assert!(won > 0 && resigned < 0 && resigned == lost, "{end}");
}

/// Tic-Tac-Toe's rules for four on a 4x4 board with a live minute a move.
fn four_line() -> serde_json::Value {
    serde_json::json!({
        "schema_version": 1, "name": "Four-Line", "players": "four", "board": "squares",
        "dimensions": [4, 4, 1], "seconds_per_turn": 60,
        "shapes": [{"reserves": {"black": 4, "white": 4, "pink": 4, "yellow": 4}}]})
}

#[tokio::test]
async fn a_time_out_in_a_match_of_four_leaves_the_seat_and_the_others_play_on() {
    let mut c = Setup::new("leaving").chat(42).await;
    c.save_as_ann(four_line()).await;
    c.say("challenge Four-Line open open open live").await;
    c.say("@bob accept").await;
    c.say("@carl accept").await;
    let started = c.say("@dora accept").await;
    let order = seat_order(&started, 4);
    let late = c.wait(61).await;
    assert!(
        late.contains(&format!(
            "{} ran out of time in match 1. Their turns pass from now on and their pieces stay; \
             {} (white), {} (pink), and {} (yellow) play on.",
            order[0], order[1], order[2], order[3]
        )),
        "{late}"
    );
    assert!(!late.contains("is over"), "{late}");
    // The second, third and fourth seats play on; the second makes 3 in a
    // row along the bottom, the first seat's turns passing.
    for (seat, cell) in [
        (1, "1,1"),
        (2, "1,2"),
        (3, "1,3"),
        (1, "2,1"),
        (2, "2,2"),
        (3, "2,3"),
    ] {
        let out = c.say(&by(&order[seat], cell)).await;
        assert!(
            !out.contains("is over") && !out.contains("not yours"),
            "{out}"
        );
    }
    let end = c.say(&by(&order[1], "3,1")).await;
    assert!(
        end.contains(&format!("Match 1 is over. Victory: {} (white).", order[1])),
        "{end}"
    );
    assert!(
        end.contains(&format!("{} (black) left the match, so loses.", order[0])),
        "{end}"
    );
}

#[tokio::test]
async fn a_resignation_shows_every_hidden_piece_as_a_natural_end_does() {
    let mut c = Setup::new("leaving").chat(43).await;
    c.save_as_ann(serde_json::json!({
        "schema_version": 1, "name": "Hidden-TTT", "cloaking": "hides",
        "phases": [{"cloaked": ["all"]}]}))
        .await;
    c.befriend("ann", "bob").await;
    c.say("challenge Hidden-TTT bob").await;
    let started = c.say("@bob accept").await;
    let order = seat_order(&started, 2);
    let placed = c.say(&by(&order[0], "[dm] move 2,2")).await;
    let channel_before: Vec<&str> = placed
        .lines()
        .skip_while(|l| !l.starts_with("[#general]"))
        .take_while(|l| !l.starts_with("[dm "))
        .collect();
    assert!(
        !channel_before.iter().any(|l| l.contains("Bo")),
        "hidden while playing: {placed}"
    );
    let end = c.say(&by(&order[1], "resign")).await;
    let channel: Vec<&str> = end
        .lines()
        .skip_while(|l| !l.starts_with("[#general]"))
        .take_while(|l| !l.starts_with("[dm "))
        .collect();
    let board_row = channel
        .iter()
        .find(|l| l.starts_with(" 2 "))
        .unwrap_or_else(|| panic!("no board: {end}"));
    assert!(
        board_row.contains("Bo"),
        "the black circle at (2,2) shows once the match is over: {end}"
    );
    assert!(
        end.contains(&format!("Match 1 is over. Victory: {} (black).", order[0])),
        "{end}"
    );
}

#[tokio::test]
async fn a_newcomer_who_steps_away_from_a_first_game_against_random_keeps_it() {
    let mut c = Setup::new("leaving").chat(44).await;
    let started = c.say("challenge Tic-Tac-Toe Random").await;
    assert!(
        started.contains("Clock: 1 day per move (correspondence)."),
        "{started}"
    );
    let away = c.wait(70).await;
    assert!(!away.contains("ran out of time"), "{away}");
    let games = c.say("games").await;
    assert!(games.contains("#1 Tic-Tac-Toe"), "still going: {games}");
    let key = RatingKey {
        player_id: c.ann().await,
        augmentation: Augmentation::Alone,
        rule_set_id: c.storage().load_match(1).await.unwrap().rule_set_id,
    };
    assert_eq!(c.storage().rating(&key).await.unwrap(), Rating::beginner());
}

#[tokio::test]
async fn two_hunters_who_both_hunt_stag_win_and_keep_their_ratings() {
    let mut c = Setup::new("leaving").chat(45).await;
    c.befriend("ann", "bob").await;
    let s = c.storage();
    let mut keys = Vec::new();
    for _ in 0..2 {
        c.say("challenge StagHunt bob").await;
        let started = c.say("@bob accept").await;
        let order = seat_order(&started, 2);
        // Black hunts stag with "plan 3", white with "plan 4".
        c.say(&by(&order[0], "[dm] plan 3")).await;
        let end = c.say(&by(&order[1], "[dm] plan 4")).await;
        assert!(
            end.contains(&format!(
                "Victory: {} (black) and {} (white)",
                order[0], order[1]
            )),
            "{end}"
        );
        assert!(
            end.contains(
                "Everyone won: ratings in StagHunt unchanged, as a result every player shares \
                 says nothing of one player against another."
            ),
            "{end}"
        );
        keys.clear();
        for name in ["ann", "bob"] {
            let player = s
                .player_for_chat(&ChatId::console(name), name)
                .await
                .unwrap();
            let live = s.load_match(1).await.unwrap();
            keys.push(RatingKey {
                player_id: player.id,
                augmentation: Augmentation::Alone,
                rule_set_id: live.rule_set_id,
            });
        }
        for key in &keys {
            let rating = s.rating(key).await.unwrap();
            assert_eq!(
                (rating.mu, rating.sigma, rating.shown()),
                (Rating::BEGINNER_MU, Rating::BEGINNER_SIGMA, 0),
                "{end}"
            );
        }
    }
}

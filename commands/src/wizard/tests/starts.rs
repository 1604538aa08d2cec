//! Turn-check options of issue 23 picked as a person would: "Stalemate if
//! board full", lines on the board at the start, and in-a-row lengths past
//! the Factory's 6.

use redscience_engine::rules::TurnCheck;
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the turn checks, everything before them as it came.
fn at_checks(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    w
}

#[test]
fn a_full_board_check_is_offered_and_shown() {
    let mut w = at_checks("Filled");
    assert!(ids(&w.prompt()).contains(&"stalemate_if_board_full".to_string()));
    answer_all(&mut w, &["Stalemate if board full"]);
    assert!(
        (w.rules().turn_checks).contains(&TurnCheck::StalemateIfBoardFull),
        "{:?}",
        w.rules().turn_checks
    );
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Stalemate if board full"), "{review}");
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn lines_at_the_start_are_asked_only_with_starting_pieces() {
    // No starting pieces: the question after the checks is the stalemate.
    let mut w = at_checks("Plain");
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Stalemate);
    // With white's two at the top, it is asked, and "yes" keeps.
    let mut w = named("Head-Start");
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "next", "next"]);
    assert_eq!(w.step, Step::Initial, "{}", w.prompt().text);
    answer_all(&mut w, &["white circle 1,3 2,3", "next"]);
    assert_eq!(w.step, Step::TurnChecks, "{}", w.prompt().text);
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::LinesAtStart, "{}", w.prompt().text);
    assert!(w.prompt().text.contains("Starting lines"));
    pick_all(&mut w, &["yes"]);
    assert!(w.rules().lines_at_start);
    assert_eq!(w.step, Step::Stalemate);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("Lines on the board at the start count"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok());
    // Removing the only line check drops it, and says so.
    pick_all(&mut w, &["edit_outcome"]);
    answer_all(&mut w, &["none"]);
    assert!(!w.rules().lines_at_start);
    let text = w.prompt().text;
    assert!(text.contains("no longer count"), "{text}");
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn long_lines_are_offered_up_to_the_longest_and_typed_beyond_six() {
    // 9x9: the longest line, 9, is offered; 8 is not, but may be typed.
    let mut w = named("Long-Lines");
    pick_all(&mut w, &["skip", "next", "squares", "9", "9", "1"]);
    pick_all(&mut w, &["skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    let offered = ids(&w.prompt());
    assert!(offered.contains(&"first_9_wins".to_string()), "{offered:?}");
    assert!(
        !offered.contains(&"first_8_wins".to_string()),
        "{offered:?}"
    );
    answer_all(&mut w, &["none", "first_8_wins"]);
    assert!(matches!(
        w.rules().turn_checks.as_slice(),
        [TurnCheck::InARow { length: 8, .. }]
    ));
    // Longer than the board's longest line: refused in the engine's words.
    refused(&mut w, "first_10_wins", &["the longest line possible is 9"]);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("First 8-same-color-in-a-row wins"),
        "{review}"
    );
}

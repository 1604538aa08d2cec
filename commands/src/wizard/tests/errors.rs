//! Every refused answer says what was wrong and what is accepted, and
//! changes nothing.

use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

#[test]
fn bad_names_are_refused_with_the_name_rules() {
    let mut w = Wizard::new();
    refused(&mut w, "my game", &["whitespace", "'-' or '_'"]);
    refused(&mut w, "x*y", &["'*'"]);
    refused(&mut w, "(ttt)", &["'('"]);
    refused(&mut w, "", &["empty", "1 to 40"]);
    refused(&mut w, &"a".repeat(41), &["41 characters", "at most 40"]);
    refused(&mut w, "save", &["command", "another name"]);
    refused(&mut w, "back", &["first question", "name"]);
    // Without a name there is nothing to keep and no shortcut to the review.
    refused(&mut w, "done", &["command"]);
    answer_all(&mut w, &["Fine_Name-2"]);
    assert_eq!(w.rules().name, "Fine_Name-2");
}

#[test]
fn unknown_choices_list_what_is_accepted() {
    let mut w = named("Picky");
    refused(
        &mut w,
        "five",
        &["\"five\" is not a choice", "two_vs_chaos", "partners"],
    );
    pick_all(&mut w, &["next"]);
    // Partners share colour only with partners.
    refused(&mut w, "partners_share", &["assigned", "players_choose"]);
    pick_all(&mut w, &["skip", "next"]);
    refused(&mut w, "octagons", &["hash", "squares_on_toroid"]);
    pick_all(&mut w, &["squares", "next", "next", "next", "next", "next"]);
    assert_eq!(w.step, Step::Reserves(0));
    pick_all(&mut w, &["next"]);
    refused(&mut w, "orth_by_stack", &["only for stacks", "adjacent"]);
    refused(&mut w, "teleport", &["not a movement", "stationary"]);
    pick_all(&mut w, &["done"]);
    refused(&mut w, "publish", &["save", "edit_board"]);
}

#[test]
fn bad_numbers_say_the_range() {
    let mut w = named("Numbers");
    pick_all(&mut w, &["skip", "next", "squares"]);
    refused(&mut w, "abc", &["not a number", "from 1 to 19"]);
    refused(&mut w, "0", &["out of range", "from 1 to 19"]);
    refused(&mut w, "20", &["out of range", "at most 512"]);
    pick_all(&mut w, &["3", "3", "1", "next", "next"]);
    assert_eq!(w.step, Step::Reserves(0));
    refused(
        &mut w,
        "black 6",
        &["more than can be played", "from 0 to 5"],
    );
    refused(&mut w, "1 2 3", &["3 numbers given for 2 colours"]);
    refused(&mut w, "pink 2", &["not a colour of this game"]);
    refused(&mut w, "black", &["needs a number"]);
    answer_all(&mut w, &["black 4"]);
    assert_eq!(
        w.rules().shapes[0].reserves.values().collect::<Vec<_>>(),
        [&4, &4]
    );
    pick_all(&mut w, &["next", "skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::Time);
    refused(
        &mut w,
        "7 seconds",
        &[
            "not offered",
            "not any number of seconds",
            "6 seconds or 10 seconds",
            "7 days",
        ],
    );
    answer_all(&mut w, &["2 minutes"]);
    assert_eq!(w.rules().seconds_per_turn, 120);
}

#[test]
fn bad_coordinates_are_refused_with_the_board_and_the_format() {
    let mut w = named("Walls");
    pick_all(
        &mut w,
        &["skip", "skip", "skip", "next", "next", "next", "next"],
    );
    assert_eq!(w.step, Step::LockedSeats(0));
    refused(&mut w, "3", &["not a seat", "1 or 2"]);
    pick_all(&mut w, &["none"]);
    assert_eq!(w.step, Step::LockedSpaces(0));
    refused(&mut w, "a,b", &["\"a,b\" is not a space", "\"2,3\""]);
    refused(&mut w, "1,1 9,9", &["names no space", "3x3x1"]);
    refused(&mut w, "2:1,1", &["only 1 board"]);
    answer_all(&mut w, &["b2"]);
    assert_eq!(w.rules().phases[0].locked[0].to_string(), "2,2");
    pick_all(&mut w, &["none"]);
    assert_eq!(w.step, Step::Exclusive);
    refused(&mut w, "1 1,1", &["no '='", "SEATS = SPACES"]);
    refused(&mut w, "5 = 1,1", &["not a seat"]);
    refused(&mut w, "1 = 4,4", &["names no space"]);
    pick_all(&mut w, &["next"]);
    refused(
        &mut w,
        "purple circle 1,1",
        &["not a colour in play", "black or white"],
    );
    refused(&mut w, "black star 1,1", &["not among the game's shapes"]);
    refused(&mut w, "2 black circle 1,1", &["a cell holds one piece"]);
    answer_all(&mut w, &["black 1,1"]);
    refused(&mut w, "white 1,1", &["already holds a starting piece"]);
}

#[test]
fn checks_that_do_not_fit_are_neither_offered_nor_accepted() {
    let mut w = named("Small");
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    assert!(!ids(&w.prompt()).contains(&"first_4_wins".to_string()));
    refused(
        &mut w,
        "first_4_wins",
        &["no line of 4 fits", "longest line possible is 3"],
    );
    refused(&mut w, "castle", &["rook_orth_castle"]);
    refused(
        &mut w,
        "first 9 wins",
        &["no line of 9 fits", "longest line possible is 3"],
    );
    refused(
        &mut w,
        "first 20 wins",
        &["not a turn check", "first_3_loses"],
    );
    pick_all(&mut w, &["next"]);
    refused(
        &mut w,
        "more_pieces_than_chaos_wins",
        &["needs a Chaos seat"],
    );
    refused(
        &mut w,
        "most_fun_wins",
        &["not a stalemate rule", "most_pieces_wins"],
    );
}

#[test]
fn rules_that_fail_validation_show_the_problems_and_offer_back_not_save() {
    let mut w = named("Broken");
    pick_all(&mut w, &["two_vs_chaos", "done", "edit_outcome", "next"]);
    pick_all(&mut w, &["more_pieces_than_chaos_wins", "done"]);
    assert!(ids(&w.prompt()).contains(&"save".to_string()));
    // Without Chaos, the stalemate rule no longer makes sense.
    pick_all(&mut w, &["edit_players", "two", "done"]);
    assert_eq!(w.step, Step::Review);
    assert!(validate(w.rules()).is_err());
    let prompt = w.prompt();
    assert!(prompt.text.contains("cannot be saved"), "{}", prompt.text);
    assert!(
        prompt.text.contains("needs a Chaos seat"),
        "{}",
        prompt.text
    );
    let offered = ids(&prompt);
    assert!(!offered.contains(&"save".to_string()), "{offered:?}");
    assert!(offered.contains(&"back".to_string()), "{offered:?}");
    refused(
        &mut w,
        "save",
        &["cannot be saved", "needs a Chaos seat", "back"],
    );
    assert!(!w.is_finished());
    pick_all(&mut w, &["back"]);
    assert_eq!(w.step, Step::Colors);
    pick_all(
        &mut w,
        &["done", "edit_outcome", "next", "draw", "done", "save"],
    );
    assert!(w.is_finished());
}

#[test]
fn a_finished_wizard_refuses_answers_until_back() {
    let mut w = named("Finished");
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished());
    refused(&mut w, "edit_board", &["already confirmed", "back"]);
    assert!(w.back());
    assert!(!w.is_finished());
    assert_eq!(w.step, Step::Review);
}

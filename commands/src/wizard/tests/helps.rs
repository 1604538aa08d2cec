//! A wizard that helps: numbers typed mean what the list shows, defaults
//! follow the board, and the review warns and playtests.

use std::time::Duration;

use redscience_engine::rules::{
    BoardKind, Color, Players, SCHEMA_VERSION, SeatRef, TurnCheck, WinLose,
};
use redscience_engine::{RuleSet, catalogue, validate};

use super::super::playtest::{self, Playtest, SeatTally};
use super::super::step::Step;
use super::{answer_all, named, pick_all};
use crate::reply::{Pick, numbered};
use crate::wizard::Wizard;

fn counts(w: &Wizard, shape: usize) -> Vec<(Color, u16)> {
    w.rules().shapes[shape]
        .reserves
        .iter()
        .map(|(c, n)| (*c, *n))
        .collect()
}

fn in_a_row(length: u8) -> TurnCheck {
    TurnCheck::InARow {
        length,
        result: WinLose::Win,
        diagonals: true,
    }
}

/// For every numbered option of the question, typing its number does
/// exactly what typing its id does.
fn numbers_agree_with_ids(w: &Wizard) {
    let prompt = w.prompt();
    let options: Vec<(String, String)> = numbered(&prompt.choices)
        .iter()
        .map(|c| (c.id.clone(), c.label.clone()))
        .collect();
    for (i, (id, label)) in options.iter().enumerate() {
        let mut by_number = w.clone();
        let mut by_id = w.clone();
        let a = by_number.answer(&(i + 1).to_string());
        let b = by_id.answer(id);
        assert_eq!(
            a.is_ok(),
            b.is_ok(),
            "{} ({label}) at: {}",
            i + 1,
            prompt.text
        );
        assert_eq!(by_number.rules(), by_id.rules(), "{} ({label})", i + 1);
        assert_eq!(by_number.step, by_id.step, "{} ({label})", i + 1);
    }
}

#[test]
fn on_every_question_a_typed_number_picks_the_option_shown_with_it() {
    // Along a route through every group, with shapes, phases and Chaos.
    let mut w = named("Numbers");
    let route = [
        "two_vs_chaos",
        "next",
        "hides",
        "next",
        "next",
        "squares",
        "4",
        "4",
        "1",
        "2",
        "can",
        "cover",
        "remove",
        "next",
        "adjacent",
        "next",
        "next",
        "next",
        "no",
        "2",
        "next",
        "next",
        "pass",
        "as_game",
        "none",
        "none",
        "all",
        "no_fold",
        "same",
        "none",
        "next",
        "next",
        "next",
        "next",
        "next",
        "lose",
        "200",
        "40",
        "draw",
        "Capture by covering.",
        "next",
        "next",
        "Opening",
        "next",
        "1,1 the corner",
        "next",
        "next",
    ];
    let mut questions = 0;
    for answer in route {
        if w.step == Step::Review {
            break;
        }
        numbers_agree_with_ids(&w);
        questions += 1;
        answer_all(&mut w, &[answer]);
    }
    assert!(questions > 25, "the route asked only {questions} questions");
    assert_eq!(w.step, Step::Review, "{}", w.prompt().text);
    numbers_agree_with_ids(&w);
}

#[test]
fn questions_of_words_are_numbered_and_questions_of_values_are_not() {
    let mut w = named("Lists");
    // Players: a count; "4" is four players (the fourth option is 3 vs
    // Chaos), so nothing is numbered.
    assert!(numbered(&w.prompt().choices).is_empty());
    answer_all(&mut w, &["4"]);
    assert_eq!(w.rules().players, Players::Four);
    assert!(w.back());
    answer_all(&mut w, &["1"]);
    assert_eq!(w.rules().players, Players::One);
    assert!(w.back());
    answer_all(&mut w, &["2"]);
    assert_eq!(w.rules().players, Players::Two);
    assert!(w.back());
    answer_all(&mut w, &["2 vs chaos"]);
    assert_eq!(w.rules().players, Players::TwoVsChaos);
    assert!(w.back());
    // Locked seats: values; "2" is seat 2 (white), and nothing is numbered.
    pick_all(
        &mut w,
        &["skip", "skip", "skip", "next", "next", "next", "next"],
    );
    assert_eq!(w.step, Step::LockedSeats(0));
    assert!(numbered(&w.prompt().choices).is_empty());
    answer_all(&mut w, &["2"]);
    assert_eq!(w.rules().phases[0].locked_seats, [SeatRef::Player(2)]);
    // Locked spaces: "3" is column 3, never the third option.
    assert_eq!(w.step, Step::LockedSpaces(0));
    assert!(numbered(&w.prompt().choices).is_empty());
    answer_all(&mut w, &["3"]);
    assert_eq!(w.rules().phases[0].locked.len(), 1);
    assert_eq!(w.rules().phases[0].locked[0].to_string(), "3");
    // Time: values; every option typed is a number of seconds.
    pick_all(&mut w, &["done", "edit_time"]);
    let prompt = w.prompt();
    assert!(numbered(&prompt.choices).is_empty());
    assert!(
        prompt
            .choices
            .iter()
            .flat_map(|s| s.options())
            .all(|c| matches!(&c.pick, Pick::Typed(t) if *t == c.id))
    );
}

#[test]
fn numbers_out_of_range_say_what_is_accepted_with_an_example() {
    let mut w = named("Range");
    pick_all(&mut w, &["skip", "next"]);
    assert_eq!(w.step, Step::BoardKind);
    let err = w.answer("9").unwrap_err();
    assert!(err.contains("no option 9"), "{err}");
    assert!(err.contains("1 to 7"), "{err}");
    assert!(err.contains("e.g. 2 for \"Squares\""), "{err}");
    let err = w.answer("1,2").unwrap_err();
    assert!(err.contains("one answer"), "{err}");
    let err = w.answer("pyramid").unwrap_err();
    assert!(err.contains("not a choice"), "{err}");
    assert!(err.contains("squares"), "{err}");
    assert!(err.contains("number, 1 to 7"), "{err}");
    assert_eq!(w.step, Step::BoardKind, "nothing moved on");
}

#[test]
fn time_per_turn_is_one_of_the_factorys_times_typed_as_seconds() {
    let mut w = named("Clock");
    pick_all(&mut w, &["done", "edit_time"]);
    assert_eq!(w.step, Step::Time);
    assert!(w.prompt().text.contains("not any number of seconds"));
    for typed in ["1", "8", "14"] {
        let err = w.answer(typed).unwrap_err();
        assert!(err.contains("is not offered"), "{typed}: {err}");
        assert!(err.contains("e.g. 15"), "{typed}: {err}");
    }
    let err = w.answer("8").unwrap_err();
    assert!(err.contains("6 seconds or 10 seconds"), "{err}");
    let err = w.answer("soon").unwrap_err();
    assert!(err.contains("not a time"), "{err}");
    answer_all(&mut w, &["15"]);
    assert_eq!(w.rules().seconds_per_turn, 15);
}

#[test]
fn lists_take_several_numbers_separated_by_commas() {
    let mut w = named("Several");
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    let prompt = w.prompt();
    let shown: Vec<String> = numbered(&prompt.choices)
        .iter()
        .map(|c| c.id.clone())
        .collect();
    answer_all(&mut w, &["2, 4"]);
    assert_eq!(w.step, Step::TurnChecks, "a list stays for more");
    // The same as picking the second and the fourth option by their ids.
    let mut by_ids = named("Several");
    pick_all(
        &mut by_ids,
        &["skip", "skip", "skip", "skip", "skip", &shown[1]],
    );
    pick_all(&mut by_ids, &[&shown[3]]);
    assert_eq!(w.rules().turn_checks, by_ids.rules().turn_checks);
    assert_eq!(w.rules().turn_checks.len(), 3, "two added to 3 in a row");
    let err = w.answer("1, 99").unwrap_err();
    assert!(err.contains("no option 99"), "{err}");
    // Movement: several movements by their numbers.
    let mut w = named("Moves");
    pick_all(&mut w, &["skip", "skip", "next", "next", "4"]);
    assert_eq!(w.step, Step::Movement(0));
    let labels: Vec<String> = numbered(&w.prompt().choices)
        .iter()
        .map(|c| c.label.clone())
        .collect();
    assert_eq!(labels[0], "Stationary");
    answer_all(&mut w, &["2,3"]);
    assert_eq!(w.rules().shapes[0].movement.len(), 2);
}

#[test]
fn connect4_dimensions_bring_21_pieces_each_and_4_in_a_row() {
    let mut w = named("Drop");
    pick_all(&mut w, &["skip", "next", "stacks"]);
    // Stacks keep the board standing: 3 columns, height 3; said so.
    assert_eq!(w.rules().board, BoardKind::Stacks);
    assert_eq!(w.rules().dimensions, [3, 1, 3]);
    let text = w.prompt().text;
    assert!(
        text.contains("Stacks: pieces drop to the lowest free space of a column"),
        "{text}"
    );
    assert!(text.contains("height 3"), "{text}");
    answer_all(&mut w, &["7"]);
    let text = w.prompt().text;
    assert!(text.contains("to fill the 21 spaces"), "{text}");
    assert!(text.contains("In a row now 4"), "{text}");
    answer_all(&mut w, &["1", "6"]);
    let text = w.prompt().text;
    assert!(
        text.contains("Reserves of circles now 21 each to fill the 42 spaces"),
        "{text}"
    );
    assert!(text.contains("height 6"), "{text}");
    assert_eq!(w.rules().dimensions, [7, 1, 6]);
    assert_eq!(counts(&w, 0), [(Color::Black, 21), (Color::White, 21)]);
    assert_eq!(w.rules().turn_checks, [in_a_row(4)]);
    pick_all(&mut w, &["done"]);
    let mut connect4 = catalogue::get("Connect4").unwrap();
    connect4.name = "Drop".into();
    // A new game is written in the current schema, whatever the catalogue's file says,
    // and the catalogue's labels (words, not rules) are not the wizard's to invent.
    connect4.schema_version = SCHEMA_VERSION;
    connect4.labels = Default::default();
    assert_eq!(w.rules(), &connect4);
}

#[test]
fn a_flat_seven_by_six_stands_up_as_stacks_seven_wide_six_high() {
    let mut w = named("Stand");
    pick_all(&mut w, &["skip", "next", "squares", "7", "6", "next"]);
    assert_eq!(w.rules().dimensions, [7, 6, 1]);
    assert_eq!(w.rules().turn_checks, [in_a_row(4)]);
    pick_all(&mut w, &["done", "edit_board", "next", "stacks"]);
    assert_eq!(w.rules().dimensions, [7, 1, 6]);
    assert_eq!(counts(&w, 0), [(Color::Black, 21), (Color::White, 21)]);
}

#[test]
fn qubic_dimensions_bring_32_each_and_4_in_a_row_and_back_to_three() {
    let mut w = named("Cube");
    pick_all(&mut w, &["skip", "next", "squares", "4", "4", "4"]);
    assert_eq!(counts(&w, 0), [(Color::Black, 32), (Color::White, 32)]);
    assert_eq!(w.rules().turn_checks, [in_a_row(4)]);
    // Back on 3x3: 5 and 4, and 3 in a row.
    pick_all(&mut w, &["done", "edit_board", "next", "hash"]);
    assert_eq!(counts(&w, 0), [(Color::Black, 5), (Color::White, 4)]);
    assert_eq!(w.rules().turn_checks, [in_a_row(3)]);
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn values_the_person_set_do_not_move_with_the_board() {
    let mut w = named("Mine");
    pick_all(&mut w, &["skip", "skip", "next", "next"]);
    assert_eq!(w.step, Step::Reserves(0));
    answer_all(&mut w, &["3"]);
    pick_all(&mut w, &["skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    answer_all(&mut w, &["first_3_wins_orth", "first_3_wins"]);
    let checks = w.rules().turn_checks.clone();
    pick_all(&mut w, &["done", "edit_board", "next", "squares", "7", "7"]);
    assert_eq!(counts(&w, 0), [(Color::Black, 3), (Color::White, 3)]);
    assert_eq!(w.rules().turn_checks, checks);
}

#[test]
fn a_copy_keeps_values_that_are_not_the_boards_defaults() {
    // Treblecross15: 3 in a row on 15x1x1, 15 black pieces shared (the
    // fill): the reserves follow a wider board, the 3 (not the 5 suggested
    // for a line of 15) stays.
    let treble = catalogue::get("Treblecross15").unwrap();
    let mut w = Wizard::from_rules(treble);
    answer_all(&mut w, &["Treble-17", "skip", "next", "next", "17"]);
    assert_eq!(w.rules().dimensions, [17, 1, 1]);
    assert_eq!(counts(&w, 0), [(Color::Black, 17)]);
    assert_eq!(w.rules().turn_checks, [in_a_row(3)]);
}

#[test]
fn the_review_warns_when_the_checks_cannot_happen() {
    let mut w = named("Short");
    pick_all(&mut w, &["skip", "skip", "next", "next"]);
    answer_all(&mut w, &["2"]);
    pick_all(&mut w, &["done"]);
    let text = w.prompt().text;
    assert!(text.contains("Warning:"), "{text}");
    assert!(text.contains("can never happen"), "{text}");
    assert!(text.contains("no colour has the 3 pieces"), "{text}");
    // Enough pieces: no warning.
    let mut w = named("Plenty");
    pick_all(&mut w, &["done"]);
    assert!(!w.prompt().text.contains("Warning:"), "{}", w.prompt().text);
}

#[test]
fn the_playtest_counts_wins_for_both_seats_of_tic_tac_toe() {
    let mut w = named("Played");
    pick_all(&mut w, &["done"]);
    assert!(w.prompt().text.contains("Playtest: not run yet"));
    let rules = w.wants_playtest().expect("the review wants a playtest");
    let p = playtest::run(&rules).expect("the rules make a game");
    assert!(p.games > 0 && p.games <= 300, "{p:?}");
    // Random against Random in Tic-Tac-Toe: the first player wins most.
    let (one, two) = (&p.seats[0], &p.seats[1]);
    assert!(one.wins > two.wins && two.wins > 0, "{p:?}");
    assert!(one.draws > 0 && one.draws == two.draws, "{p:?}");
    w.set_playtest(rules, p);
    assert!(w.wants_playtest().is_none(), "kept for the same rules");
    let text = w.prompt().text;
    assert!(text.contains("Playtest"), "{text}");
    assert!(text.contains("Player 1 wins"), "{text}");
    // The same rules, the same games.
    let again = playtest::run_with(w.rules(), 50, Duration::from_secs(60)).unwrap();
    let once = playtest::run_with(w.rules(), 50, Duration::from_secs(60)).unwrap();
    assert_eq!(again, once);
    // A changed rule needs a new playtest.
    pick_all(&mut w, &["edit_time", "300"]);
    assert!(w.wants_playtest().is_some());
}

#[test]
fn a_playtest_whose_games_do_not_end_says_so() {
    let p = Playtest {
        games: 12,
        unfinished: 12,
        seats: vec![SeatTally {
            label: "Player 1".into(),
            wins: 0,
            losses: 0,
            draws: 0,
        }],
        out_of_time: true,
    };
    let words = p.words();
    assert!(words.contains("random games do not end"), "{words}");
    assert!(words.contains("none of 12"), "{words}");
    assert!(words.contains("time limit"), "{words}");
}

#[test]
fn the_engine_answers_for_caps_and_colours() {
    // The wizard's limits are the engine's: a reserve above the engine's
    // cap is refused, and the offered colours are those in play.
    let rules = RuleSet::tic_tac_toe("t");
    assert_eq!(validate::reserve_max(&rules), Some(5));
    assert_eq!(
        validate::colors_in_play(&rules),
        [Color::Black, Color::White]
    );
    let mut w = named("Caps");
    pick_all(&mut w, &["skip", "skip", "next", "next"]);
    let err = w.answer("6").unwrap_err();
    assert!(err.contains("from 0 to 5"), "{err}");
}

#[test]
fn reserves_at_their_default_are_refilled_for_new_seats() {
    let mut w = named("Three");
    pick_all(&mut w, &["three"]);
    assert_eq!(
        counts(&w, 0),
        [(Color::Black, 3), (Color::White, 3), (Color::Pink, 3)]
    );
    assert!(
        w.prompt()
            .text
            .contains("Reserves of circles now 3 each to fill the 9 spaces"),
        "{}",
        w.prompt().text
    );
}

#[test]
fn a_line_the_person_set_that_outgrows_the_board_is_named_then_refused() {
    let mut w = named("Outgrown");
    pick_all(&mut w, &["skip", "next", "squares", "4", "4", "next"]);
    assert_eq!(w.rules().turn_checks, [in_a_row(4)]);
    pick_all(&mut w, &["done", "edit_outcome"]);
    // Chosen by the person: it no longer follows the board.
    answer_all(&mut w, &["first_4_wins_orth", "first_4_wins"]);
    pick_all(&mut w, &["done", "edit_board", "next", "hash"]);
    let text = w.prompt().text;
    assert!(text.contains("no longer fits"), "{text}");
    assert!(text.contains("the longest line on 3x3x1 is 3"), "{text}");
    pick_all(&mut w, &["done"]);
    let text = w.prompt().text;
    assert!(text.contains("cannot be saved yet"), "{text}");
    assert!(text.contains("no line of 4 fits"), "{text}");
    assert!(!crate::wizard::tests::ids(&w.prompt()).contains(&"save".to_string()));
}

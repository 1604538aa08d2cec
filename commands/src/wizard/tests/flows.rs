//! Whole games built answer by answer.

use redscience_engine::rules::{
    BoardKind, CaptureCondition, CaptureResult, Cloaking, Color, Movement, Order, Phase, Players,
    Power, SCHEMA_VERSION, SeatRef, SpaceRef, StalemateRule, TurnCheck, WinLose,
};
use redscience_engine::{RuleSet, catalogue, validate};

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all};
use crate::wizard::Wizard;

fn reserves(w: &Wizard, shape: usize) -> Vec<(Color, u16)> {
    w.rules().shapes[shape]
        .reserves
        .iter()
        .map(|(c, n)| (*c, *n))
        .collect()
}

#[test]
fn plain_tic_tac_toe_takes_a_name_done_and_save() {
    let mut w = Wizard::new();
    assert!(w.prompt().choices.is_empty(), "the name is typed");
    answer_all(&mut w, &["My-TTT"]);
    pick_all(&mut w, &["done"]);
    assert_eq!(w.step, Step::Review);
    let review = w.prompt();
    assert!(
        review.text.contains("First 3-same-color-in-a-row wins"),
        "{}",
        review.text
    );
    pick_all(&mut w, &["save"]);
    assert!(w.is_finished());
    assert_eq!(w.rules(), &RuleSet::tic_tac_toe("My-TTT"));
}

#[test]
fn a_connect4_like_stacks_game() {
    let mut w = named("Drop4");
    pick_all(
        &mut w,
        &[
            "skip", "next", "stacks", "7", "1", "6", "next", "next", "next",
        ],
    );
    // The reserves followed the board: 42 spaces for two colours are 21
    // each, the maximum, so the movement question is skipped (the board
    // fills before a circle could move).
    assert_eq!(reserves(&w, 0), [(Color::Black, 21), (Color::White, 21)]);
    assert_eq!(w.step, Step::PhaseCount);
    // And 3 in a row became 4 on a board whose longest line is 7.
    pick_all(
        &mut w,
        &[
            "skip", "skip", "next", "next", "next", "skip", "skip", "next",
        ],
    );
    assert_eq!(w.step, Step::Review);
    pick_all(&mut w, &["save"]);
    assert!(w.is_finished());
    let mut connect4 = catalogue::get("Connect4").expect("Connect4 is in the catalogue");
    connect4.name = "Drop4".into();
    // A new game is written in the current schema, whatever the catalogue's file says,
    // and the catalogue's labels (words, not rules) are not the wizard's to invent.
    connect4.schema_version = SCHEMA_VERSION;
    connect4.labels = Default::default();
    assert_eq!(w.rules(), &connect4);
}

#[test]
fn a_hexagon_game_with_draws_and_five_minutes() {
    let mut w = named("Hex5");
    pick_all(
        &mut w,
        &[
            "skip", "next", "hexagons", "5", "5", "1", "next", "next", "fill", "adjacent", "none",
            "none",
        ],
    );
    pick_all(
        &mut w,
        &["skip", "skip", "first_4_wins", "first_5_wins", "next"],
    );
    pick_all(&mut w, &["next", "yes", "skip", "skip", "300", "save"]);
    assert!(w.is_finished(), "{}", w.prompt().text);
    let r = w.rules();
    assert_eq!(r.board, BoardKind::Hexagons);
    assert_eq!(r.dimensions, [5, 5, 1]);
    assert_eq!(reserves(&w, 0), [(Color::Black, 13), (Color::White, 12)]);
    assert_eq!(r.shapes[0].movement, [Movement::Adjacent]);
    assert!(r.draw_option);
    assert_eq!(r.seconds_per_turn, 300);
    assert_eq!(
        r.turn_checks,
        [TurnCheck::InARow {
            length: 5,
            result: WinLose::Win,
            diagonals: true
        }]
    );
    assert!(
        w.preview().contains("Played on 5x5x1 hexagons"),
        "{}",
        w.preview()
    );
}

#[test]
fn a_capturing_shape_power_keeps_or_clears_its_condition_and_result() {
    let mut w = named("Hunters");
    pick_all(&mut w, &["skip", "next", "squares", "4", "4", "1", "2"]);
    // Shape 1: circle, unchanged. Shape 2: pentagon, must capture by cover.
    pick_all(&mut w, &["keep_shape", "must"]);
    assert_eq!(w.step, Step::Condition(1));
    pick_all(&mut w, &["cover"]);
    // Cover on a flat board: only the results that clear the space.
    assert_eq!(
        ids(&w.prompt())
            .into_iter()
            .filter(|id| !matches!(id.as_str(), "skip" | "done" | "next"))
            .collect::<Vec<_>>(),
        ["remove", "reincarnate", "reincarnate_x2"]
    );
    pick_all(&mut w, &["remove", "1", "adjacent", "none"]);
    // A shape captures: whether a capture earns another move comes next.
    assert_eq!(w.step, Step::CaptureAgain);
    pick_all(&mut w, &["no"]);
    // Two shapes: a die may say which one plays.
    assert_eq!(w.step, Step::Dice);
    pick_all(&mut w, &["none"]);
    let s = &w.rules().shapes[1];
    assert_eq!(
        (s.power, s.capture, s.result),
        (
            Power::Must,
            Some(CaptureCondition::Cover),
            Some(CaptureResult::Remove)
        )
    );
    assert_eq!(w.step, Step::PhaseCount);
    // "Can capture" keeps the condition and result: next keeps each.
    pick_all(
        &mut w,
        &["done", "edit_shapes", "next", "keep_shape", "can"],
    );
    assert_eq!(w.step, Step::Condition(1));
    pick_all(&mut w, &["next", "next"]);
    let s = &w.rules().shapes[1];
    assert_eq!(
        (s.power, s.capture, s.result),
        (
            Power::Can,
            Some(CaptureCondition::Cover),
            Some(CaptureResult::Remove)
        )
    );
    assert_eq!(w.step, Step::Reserves(1));
    // "No power" clears both and skips their questions.
    pick_all(
        &mut w,
        &["done", "edit_shapes", "next", "keep_shape", "none"],
    );
    let s = &w.rules().shapes[1];
    assert_eq!((s.power, s.capture, s.result), (Power::None, None, None));
    assert_eq!(w.step, Step::Reserves(1));
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished());
}

#[test]
fn capture_on_stacks_offers_cover_only_and_may_convert() {
    let mut w = named("Pile");
    pick_all(
        &mut w,
        &["skip", "next", "stacks", "3", "1", "3", "next", "can"],
    );
    let conditions = ids(&w.prompt());
    assert!(conditions.contains(&"cover_by_rank".to_string()));
    assert!(!conditions.contains(&"jump".to_string()), "{conditions:?}");
    pick_all(&mut w, &["cover_by_rank", "convert"]);
    assert_eq!(w.rules().shapes[0].result, Some(CaptureResult::Convert));
}

#[test]
fn a_three_phase_simultaneous_game_with_locked_and_cloaked_spaces() {
    let mut w = named("Fog3");
    pick_all(
        &mut w,
        &["next", "next", "hides", "skip", "skip", "skip", "3"],
    );
    assert_eq!(w.step, Step::Order(0));
    pick_all(
        &mut w,
        &["simultaneous", "placement_only", "no_pass", "none"],
    );
    answer_all(&mut w, &["2,2"]);
    // Cloaking was chosen with nothing cloaked: every space is, until changed.
    assert!(w.prompt().text.contains("Now: all"), "{}", w.prompt().text);
    answer_all(&mut w, &["1,1 (3, 3)"]);
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Order(1));
    pick_all(
        &mut w,
        &["same", "simultaneous", "movement_allowed", "pass", "2"],
    );
    answer_all(&mut w, &["none", "all"]);
    assert_eq!(w.step, Step::Sticky, "the last phase has no fold question");
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished(), "{}", w.prompt().text);
    let first = Phase {
        order: Order::Simultaneous,
        placement_only: true,
        pass: false,
        locked_seats: vec![],
        locked: vec![SpaceRef::parse("2,2").unwrap()],
        cloaked: vec![
            SpaceRef::parse("1,1").unwrap(),
            SpaceRef::parse("3,3").unwrap(),
        ],
        fold: None,
        no_move: None,
    };
    let last = Phase {
        order: Order::Simultaneous,
        placement_only: false,
        pass: true,
        locked_seats: vec![SeatRef::Player(2)],
        locked: vec![],
        cloaked: vec![SpaceRef::ALL],
        fold: None,
        no_move: None,
    };
    assert_eq!(w.rules().cloaking, Cloaking::Hides);
    assert_eq!(w.rules().phases, [first.clone(), first, last]);
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn a_two_versus_chaos_game() {
    let mut w = named("Chaos-TTT");
    pick_all(&mut w, &["two_vs_chaos"]);
    // Chaos plays pink; on 9 spaces three colours may hold 3 each.
    assert_eq!(
        reserves(&w, 0),
        [(Color::Black, 3), (Color::White, 3), (Color::Pink, 3)]
    );
    pick_all(&mut w, &["done"]);
    let stalemate = ids(&w.prompt());
    assert!(stalemate.contains(&"save".to_string()));
    pick_all(
        &mut w,
        &[
            "edit_outcome",
            "next",
            "more_pieces_than_chaos_wins",
            "next",
        ],
    );
    assert_eq!(
        w.rules().stalemate,
        [StalemateRule::MoreThanChaos {
            of: redscience_engine::rules::Measure::Pieces { shape: None },
            result: WinLose::Win
        }]
    );
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished());
    assert_eq!(w.rules().players, Players::TwoVsChaos);
    assert!(w.preview().contains("2 vs Chaos"), "{}", w.preview());
}

#[test]
fn exclusive_spaces_and_starting_pieces_are_added_one_answer_at_a_time() {
    let mut w = named("Posts");
    pick_all(&mut w, &["skip", "next", "stacks", "3", "1", "4", "2"]);
    // Circles fill the 12 spaces (6 each, the most, so they never move);
    // pentagons start with none in reserve.
    pick_all(&mut w, &["next", "next", "next"]);
    assert_eq!(w.step, Step::Reserves(1));
    pick_all(&mut w, &["0", "next", "none", "skip"]);
    assert_eq!(w.step, Step::Sticky);
    pick_all(&mut w, &["none"]);
    answer_all(&mut w, &["1 = 1", "2 = 2"]);
    assert_eq!(w.step, Step::Exclusive);
    assert_eq!(w.rules().exclusive.len(), 2);
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["2 white pentagons 2", "black circle at 3,1,1"]);
    assert_eq!(w.rules().initial.len(), 2);
    assert_eq!(w.rules().initial[0].count, 2);
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished(), "{}", w.prompt().text);
    let text = w.preview();
    assert!(
        text.contains("Starts with 2 white pentagons on stack 2"),
        "{text}"
    );
    assert!(text.contains("Stack 1 is exclusive to black"), "{text}");
}

#[test]
fn copying_a_game_prefills_it_and_needs_a_new_name() {
    let connect4 = catalogue::get("Connect4").unwrap();
    let mut w = Wizard::from_rules(connect4.clone());
    assert!(w.prompt().text.contains("copying \"Connect4\""));
    let err = w.answer("connect4").unwrap_err();
    assert!(err.contains("needs a new name"), "{err}");
    answer_all(&mut w, &["Connect4-Misere"]);
    pick_all(
        &mut w,
        &[
            "skip",
            "skip",
            "skip",
            "skip",
            "skip",
            "first_4_wins",
            "first_4_loses",
        ],
    );
    pick_all(&mut w, &["done", "save"]);
    let r = w.rules();
    assert_eq!(r.name, "Connect4-Misere");
    assert_eq!(
        (r.board, r.dimensions),
        (connect4.board, connect4.dimensions)
    );
    assert_eq!(
        r.turn_checks,
        [TurnCheck::InARow {
            length: 4,
            result: WinLose::Lose,
            diagonals: true
        }]
    );
}

#[test]
fn every_catalogue_game_copies_unchanged_but_for_its_name() {
    for original in catalogue::all() {
        let mut w = Wizard::from_rules(original.clone());
        let name = format!("{}-copy", original.name);
        answer_all(&mut w, &[&name]);
        pick_all(&mut w, &["done", "save"]);
        assert!(w.is_finished(), "{}", original.name);
        let mut expected = original.clone();
        expected.name = name;
        assert_eq!(w.rules(), &expected, "{}", original.name);
    }
}

//! Going back, and choices that are exactly what typing their id does.

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all};
use crate::wizard::{Prompt, Wizard};

#[test]
fn back_restores_each_previous_question_and_its_rules() {
    let mut w = Wizard::new();
    assert!(!w.back(), "nothing before the first question");
    let mut seen: Vec<(Prompt, redscience_engine::RuleSet)> = Vec::new();
    for answer in [
        "Backtrack",
        "three",
        "shared",
        "hides",
        "2",
        "2",
        "stacks",
        "4",
        "1",
        "5",
        "3",
    ] {
        seen.push((w.prompt(), w.rules().clone()));
        answer_all(&mut w, &[answer]);
    }
    assert_eq!(w.step, Step::Power(0));
    assert_eq!(w.rules().shapes.len(), 3);
    while let Some((prompt, rules)) = seen.pop() {
        assert!(w.back());
        assert_eq!(w.prompt(), prompt);
        assert_eq!(w.rules(), &rules);
    }
    assert_eq!(w.step, Step::Name);
    assert!(!w.back());
    let err = w.answer("back").unwrap_err();
    assert!(err.contains("first question"), "{err}");
}

#[test]
fn back_undoes_a_jump_and_one_entry_of_a_list() {
    let mut w = named("Jumps");
    pick_all(&mut w, &["done"]);
    assert_eq!(w.step, Step::Review);
    pick_all(&mut w, &["edit_spaces", "next", "next"]);
    answer_all(&mut w, &["black 1,1", "white 3,3"]);
    assert_eq!(w.rules().initial.len(), 2);
    // "back" as an answer is the same as back().
    answer_all(&mut w, &["back"]);
    assert_eq!(w.rules().initial.len(), 1);
    assert_eq!(w.step, Step::Initial);
    for _ in 0..3 {
        assert!(w.back());
    }
    assert_eq!(w.step, Step::Sticky);
    assert!(w.back());
    assert_eq!(w.step, Step::Review);
    assert!(w.back());
    assert_eq!(w.step, Step::Players);
}

/// Every choice offered at every question along a route is accepted.
fn every_choice_is_accepted_along(route: &[&str]) {
    let mut w = named("Everything");
    for answer in route {
        let prompt = w.prompt();
        for id in ids(&prompt) {
            let mut copy = w.clone();
            if let Err(e) = copy.answer(&id) {
                panic!("offered {id:?} refused: {e}\nquestion: {}", prompt.text);
            }
        }
        answer_all(&mut w, &[answer]);
    }
}

#[test]
fn every_offered_choice_is_accepted() {
    every_choice_is_accepted_along(&[
        "three_vs_chaos",
        "players_choose",
        "obscures",
        "2",
        "2",
        "stacks",
        "4",
        "1",
        "4",
        "3",
        "can",
        "cover",
        "convert",
        "2",
        "orth_by_stack",
        "must",
        "cover_by_rank",
        "reincarnate",
        "1",
        "next",
        "next",
        "next",
        "next",
        "no",
        "2",
        "single",
        "placement_only",
        "pass",
        "only_chaos",
        "1",
        "all",
        "less_than_most_committed",
        "same",
        "1,1",
        "2 = 1",
        "next",
        "yellow pentagon 4",
        "next",
        "first_4_wins",
        "next",
        "most_pieces_wins",
        "next",
        "no",
        "300",
        "none",
        "ignored",
        "Race up the stacks.",
        "stone",
        "next",
        "next",
        "Opening",
        "Closing",
        "1 the well",
        "next",
        "86400",
        "save",
    ]);
    every_choice_is_accepted_along(&[
        "four",
        "next",
        "next",
        "next",
        "next",
        "tetrakis_squares",
        "2",
        "2",
        "next",
        "must",
        "chain_jump",
        "paralyze",
        "must_continue",
        "next",
        "3",
        "adjacent",
        "wall",
        "yes",
        "distance",
        "skip",
        "skip",
        "any_piece_wins",
        "next",
        "next",
        "next",
        "win",
        "next",
        "50",
        "repeater_loses",
        "yes",
        "none",
        "hunter",
        "2,2 the centre",
        "none",
        "next",
        "next",
        "save",
    ]);
}

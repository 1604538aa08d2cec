//! Dice picked as a person would: once the shapes are set, whether a die
//! says which shape plays or how far a piece moves; offered only where a
//! die can mean something, and dropped, and said, when a later answer
//! rules it out.

use redscience_engine::rules::{Dice, DiceDecides};
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// The choices offered, without the moves between questions.
fn offered(w: &Wizard) -> Vec<String> {
    ids(&w.prompt())
        .into_iter()
        .filter(|id| !matches!(id.as_str(), "skip" | "done" | "next"))
        .collect()
}

/// A wizard at the dice question of a game with one king on 8x8.
fn dice_for_a_king(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "next", "squares", "8", "8", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["12", "linear", "none"]);
    assert_eq!(w.step, Step::Dice, "{}", w.prompt().text);
    w
}

#[test]
fn a_die_says_how_far_a_piece_moves() {
    let mut w = dice_for_a_king("Dice-Rook");
    // One shape: no die can say which shape plays.
    assert_eq!(offered(&w), ["none", "distance"]);
    refused(&mut w, "shape", &["not a choice here"]);
    pick_all(&mut w, &["distance"]);
    assert_eq!(
        w.rules().dice,
        Some(Dice {
            faces: 6,
            decides: DiceDecides::Distance
        })
    );
    assert_eq!(w.step, Step::PhaseCount);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("A 6-sided die rolled each turn says how far a piece moves"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn a_die_says_which_of_two_shapes_plays() {
    let mut w = named("Dice-Two");
    pick_all(&mut w, &["skip", "next", "squares", "4", "4", "1", "2"]);
    for _ in 0..20 {
        if w.step == Step::Dice {
            break;
        }
        pick_all(&mut w, &["next"]);
    }
    assert_eq!(w.step, Step::Dice, "{}", w.prompt().text);
    assert!(
        offered(&w).contains(&"shape".to_string()),
        "{:?}",
        offered(&w)
    );
    // Typed as its words, as any choice may be.
    answer_all(
        &mut w,
        &["A 2-sided die rolled each turn says which shape plays (1 circle, 2 pentagon)"],
    );
    assert_eq!(
        w.rules().dice,
        Some(Dice {
            faces: 2,
            decides: DiceDecides::Shape
        })
    );
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn the_die_goes_when_a_phase_is_played_in_sealed_rounds() {
    let mut w = dice_for_a_king("Dice-Sealed");
    pick_all(&mut w, &["distance", "next"]);
    assert_eq!(w.step, Step::Order(0), "{}", w.prompt().text);
    pick_all(&mut w, &["simultaneous"]);
    assert_eq!(w.rules().dice, None);
    let text = w.prompt().text;
    assert!(text.contains("no longer has dice"), "{text}");
    // Sealed rounds: the question is not asked again.
    pick_all(
        &mut w,
        &["done", "edit_shapes", "next", "next", "next", "next"],
    );
    assert_ne!(w.step, Step::Dice, "{}", w.prompt().text);
}

//! Trails picked as a person would: after a moving shape's movement, what
//! it leaves on the space it left; offered only where a trail can hold, and
//! dropped, and said, when a later answer rules it out.

use redscience_engine::rules::Trail;
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the trail of the only shape, a king with 12 pieces a side
/// in reserve, on an 8x8 board.
fn trail_of_a_king(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "next", "squares", "8", "8", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["12", "adjacent"]);
    assert_eq!(w.step, Step::Trail(0), "{}", w.prompt().text);
    w
}

#[test]
fn a_moving_shape_leaves_a_wall_or_a_piece_behind() {
    let mut w = trail_of_a_king("Isolation");
    assert_eq!(
        ids(&w.prompt())
            .into_iter()
            .filter(|id| !matches!(id.as_str(), "skip" | "done" | "next"))
            .collect::<Vec<_>>(),
        ["none", "wall", "leave_circle"]
    );
    refused(&mut w, "leave_star", &["not a choice here"]);
    pick_all(&mut w, &["wall"]);
    assert_eq!(w.rules().shapes[0].trail, Some(Trail::Wall));
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Leaves a wall behind"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // Typed as its words, a piece of the shape's own kind.
    let mut w = trail_of_a_king("Trails");
    answer_all(&mut w, &["Leaves a circle behind"]);
    assert_eq!(
        w.rules().shapes[0].trail,
        Some(Trail::Piece(redscience_engine::rules::Shape::Circle))
    );
}

#[test]
fn a_trail_goes_when_a_phase_is_played_in_sealed_rounds() {
    let mut w = trail_of_a_king("Sealed");
    pick_all(&mut w, &["wall", "none", "next"]);
    assert_eq!(w.step, Step::Order(0), "{}", w.prompt().text);
    pick_all(&mut w, &["simultaneous"]);
    assert_eq!(w.rules().shapes[0].trail, None);
    let text = w.prompt().text;
    assert!(text.contains("no longer leaves a trail"), "{text}");
    // Sealed rounds: the question is not asked again.
    pick_all(&mut w, &["done", "edit_shapes", "next", "next", "next"]);
    assert_ne!(w.step, Step::Trail(0), "{}", w.prompt().text);
}

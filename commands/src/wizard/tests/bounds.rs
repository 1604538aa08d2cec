//! Bounds on moves and turns picked as a person would: a shape kept to one
//! axis, typed with its movement; walls that stop slides, asked once a
//! phase has walls and a shape slides; turns of 1 to N pieces; and another
//! move after a capture, asked once a shape captures. Each is dropped, and
//! said, when it no longer fits.

use redscience_engine::rules::{Axis, BoardKind, JumpOver, Movement};
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the movement of the only shape, on an 8x8 board.
fn movement_on_eight_by_eight(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "next", "squares", "8", "8", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["12"]);
    assert_eq!(w.step, Step::Movement(0), "{}", w.prompt().text);
    w
}

#[test]
fn a_shape_keeps_to_the_axis_typed_with_its_movement() {
    let mut w = movement_on_eight_by_eight("Rows");
    let offered = ids(&w.prompt());
    assert!(offered.contains(&"rows_only".to_string()), "{offered:?}");
    assert!(offered.contains(&"columns_only".to_string()), "{offered:?}");
    // One layer: no layers to move along.
    assert!(!offered.contains(&"layers_only".to_string()), "{offered:?}");
    refused(&mut w, "knight, rows_only", &["knight's leap"]);
    refused(&mut w, "rows_only", &["at least one movement"]);
    refused(
        &mut w,
        "linear, rows_only, columns_only",
        &["one axis at most"],
    );
    answer_all(&mut w, &["linear, rows_only"]);
    let shape = &w.rules().shapes[0];
    assert_eq!(shape.movement, [Movement::Linear]);
    assert_eq!(shape.axis, Some(Axis::Rows));
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("Moves linear, Moves along rows only"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok());
    // Answered again without an axis, the shape moves freely again.
    pick_all(&mut w, &["edit_shapes", "next", "next", "next"]);
    assert_eq!(w.step, Step::Movement(0), "{}", w.prompt().text);
    answer_all(&mut w, &["linear"]);
    assert_eq!(w.rules().shapes[0].axis, None);
}

#[test]
fn walls_stop_slides_once_a_phase_has_walls() {
    let mut w = movement_on_eight_by_eight("Walled");
    answer_all(&mut w, &["orthogonal"]);
    // No walls yet: the spaces group ends with the starting pieces.
    pick_all(&mut w, &["none", "none", "skip", "next", "next", "next"]);
    assert_eq!(w.step, Step::TurnChecks, "{}", w.prompt().text);
    // A wall in the phase: now the question comes.
    pick_all(
        &mut w,
        &[
            "done",
            "edit_phases",
            "next",
            "next",
            "next",
            "next",
            "none",
        ],
    );
    assert_eq!(w.step, Step::LockedSpaces(0), "{}", w.prompt().text);
    answer_all(&mut w, &["4,4"]);
    pick_all(&mut w, &["next", "next", "next"]);
    assert_eq!(w.step, Step::WallsStopSlides, "{}", w.prompt().text);
    assert!(w.prompt().text.contains("Should a wall stop a slide"));
    pick_all(&mut w, &["yes"]);
    assert!(w.rules().walls_stop_slides);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Walls stop slides"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // The wall taken away: the rule goes too, and the wizard says so.
    pick_all(
        &mut w,
        &["edit_phases", "next", "next", "next", "next", "none"],
    );
    assert_eq!(w.step, Step::LockedSpaces(0), "{}", w.prompt().text);
    answer_all(&mut w, &["none"]);
    assert!(!w.rules().walls_stop_slides);
    let text = w.prompt().text;
    assert!(text.contains("Walls no longer stop slides"), "{text}");
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn turns_of_one_to_n_pieces_and_another_move_after_a_capture() {
    let mut w = named("Turns");
    pick_all(&mut w, &["next", "next", "next"]);
    assert_eq!(w.step, Step::PiecesPerTurn, "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    for id in ["1", "6", "1-2", "1-6"] {
        assert!(offered.contains(&id.to_string()), "{id} in {offered:?}");
    }
    answer_all(&mut w, &["up to 3"]);
    assert_eq!(
        (w.rules().pieces_per_turn, w.rules().pieces_up_to),
        (3, true)
    );
    // A capturing shape: whether a capture earns another move follows it.
    pick_all(
        &mut w,
        &[
            "skip", "next", "can", "cover", "remove", "next", "adjacent", "none",
        ],
    );
    assert_eq!(w.step, Step::CaptureAgain, "{}", w.prompt().text);
    pick_all(&mut w, &["yes"]);
    assert!(w.rules().capture_moves_again);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("1 to 3 pieces/turn"), "{review}");
    assert!(review.contains("Another move after a capture"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // A sealed phase takes both away, and the wizard says so.
    pick_all(&mut w, &["edit_phases", "next", "simultaneous"]);
    let text = w.prompt().text;
    assert!(text.contains("no longer earns another move"), "{text}");
    assert!(text.contains("Turns take 3 pieces again"), "{text}");
    assert!(!w.rules().capture_moves_again && !w.rules().pieces_up_to);
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn jumps_over_own_pieces_and_lines_that_leave_what_they_pass() {
    let mut w = named("Hops");
    pick_all(&mut w, &["skip", "next", "squares", "8", "8", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    pick_all(&mut w, &["can", "chain_jump"]);
    assert_eq!(w.step, Step::Result(0));
    assert!(ids(&w.prompt()).contains(&"leave".to_string()));
    pick_all(&mut w, &["leave"]);
    // A chain over pieces that stay never returns, and the wizard says so.
    let text = w.prompt().text;
    assert!(text.contains("never lands where it has stood"), "{text}");
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Jumps(0), "{}", w.prompt().text);
    refused(&mut w, "over_nobody", &["not a choice", "over_own"]);
    answer_all(&mut w, &["over_own, over_lines"]);
    let s = &w.rules().shapes[0];
    assert_eq!(
        (s.jump_over, s.jump_line, s.chain_no_return),
        (JumpOver::Own, true, true)
    );
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    for words in [
        "Leaves captive(s)",
        "Jumps over own pieces",
        "Jumps over lines",
        "Chain never returns",
    ] {
        assert!(review.contains(words), "{words} in {review}");
    }
    assert!(validate(w.rules()).is_ok(), "{:?}", validate(w.rules()));
    // A cover is no jump: the jump options go, said.
    pick_all(&mut w, &["edit_shapes", "next", "next", "cover"]);
    let s = &w.rules().shapes[0];
    assert_eq!((s.jump_over, s.jump_line), (JumpOver::Enemy, false));
    assert!(
        w.prompt().text.contains("jump options went"),
        "{}",
        w.prompt().text
    );
}

#[test]
fn a_hexagon_of_hexagons_is_chosen_with_its_width_only() {
    let mut w = named("Hex-Hex");
    pick_all(&mut w, &["skip", "next"]);
    assert_eq!(w.step, Step::BoardKind);
    answer_all(&mut w, &["Hexagon of hexagons"]);
    assert!(w.rules().hexagon_shaped);
    assert_eq!(w.rules().board, BoardKind::Hexagons);
    assert_eq!(w.step, Step::Dimension(0), "{}", w.prompt().text);
    let offered = ids(&w.prompt());
    assert!(offered.contains(&"5".to_string()) && !offered.contains(&"4".to_string()));
    refused(&mut w, "4", &["odd number across"]);
    answer_all(&mut w, &["5"]);
    // As deep as wide: no question for y.
    assert_eq!(w.rules().dimensions[..2], [5, 5]);
    assert_eq!(w.step, Step::Dimension(2), "{}", w.prompt().text);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("a hexagon of hexagons, 3 on a side (5 across)"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok(), "{:?}", validate(w.rules()));
    // Another kind is a rhombus again.
    pick_all(&mut w, &["edit_board", "next", "hexagons"]);
    assert!(!w.rules().hexagon_shaped);
}

//! The Factory's newer options, picked as a person would: the turn checks
//! "Reaching the goal" and "Connecting opposite sides", the power "Only
//! captures", a chain of jumps that must continue, and "Moves adj forward
//! diag"; each offered only where it fits.

use redscience_engine::rules::{
    CaptureCondition, CaptureResult, Chain, Movement, Power, TurnCheck, WinLose,
};
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the turn checks of a board of this kind and size.
fn checks_on(name: &str, players: &str, kind: &str, dims: &[&str]) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &[players, "skip", "next", kind]);
    pick_all(&mut w, dims);
    assert_eq!(w.step, Step::ShapeCount, "{}", w.prompt().text);
    pick_all(&mut w, &["skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    w
}

/// A wizard at the power of the only shape, on an 8x8 board.
fn shape_on_eight_by_eight(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "next", "squares", "8", "8", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    w
}

#[test]
fn reaching_the_goal_wins_or_loses() {
    let mut w = named("Race");
    pick_all(&mut w, &["skip", "skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::TurnChecks);
    let offered = ids(&w.prompt());
    for id in ["reach_goal_wins", "reach_goal_loses"] {
        assert!(offered.contains(&id.to_string()), "{id} in {offered:?}");
    }
    // Typed in the spec's words, as a person reads them.
    answer_all(&mut w, &["none", "Reaching the goal wins"]);
    assert_eq!(
        w.rules().turn_checks,
        [TurnCheck::ReachGoal {
            result: WinLose::Win
        }]
    );
    // Picked again it goes; its losing form takes its place.
    pick_all(&mut w, &["reach_goal_wins", "reach_goal_loses", "done"]);
    assert_eq!(
        w.rules().turn_checks,
        [TurnCheck::ReachGoal {
            result: WinLose::Lose
        }]
    );
    let review = w.prompt().text;
    assert!(review.contains("Reaching the goal loses"), "{review}");
    pick_all(&mut w, &["save"]);
    assert!(w.is_finished());
}

#[test]
fn connecting_opposite_sides_on_a_hex_board() {
    let mut w = checks_on("Hexes", "next", "hexagons", &["11", "11", "1"]);
    pick_all(&mut w, &["none", "connect_sides_wins", "done"]);
    assert_eq!(
        w.rules().turn_checks,
        [TurnCheck::ConnectSides {
            result: WinLose::Win
        }]
    );
    let review = w.prompt().text;
    assert!(
        review.contains("Connecting opposite sides wins"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok());
    // The board becomes a toroid: the check no longer fits, and the next
    // message says so and where to change it.
    pick_all(&mut w, &["edit_board", "next", "squares_on_toroid"]);
    let text = w.prompt().text;
    assert!(
        text.contains("Connecting opposite sides wins no longer fits"),
        "{text}"
    );
    assert!(text.contains("a toroid has no sides to connect"), "{text}");
    assert!(text.contains("edit_outcome"), "{text}");
    pick_all(&mut w, &["done"]);
    assert!(!ids(&w.prompt()).contains(&"save".to_string()));
}

#[test]
fn connecting_sides_is_offered_only_where_it_fits() {
    let not_offered = |w: &Wizard| {
        let offered = ids(&w.prompt());
        assert!(
            !offered.iter().any(|id| id.starts_with("connect_sides")),
            "{offered:?}"
        );
    };
    // A toroid's edges join: there are no sides.
    let mut w = checks_on("Ring", "next", "squares_on_toroid", &["5", "5", "1"]);
    not_offered(&w);
    refused(
        &mut w,
        "connect_sides_wins",
        &[
            "cannot be added",
            "a toroid has no sides to connect",
            "squares or hexagons",
        ],
    );
    // Four players: each player needs an axis of its own.
    let mut w = checks_on("Quad", "four", "squares", &["5", "5", "1"]);
    not_offered(&w);
    refused(&mut w, "connect_sides_loses", &["at most 3 players"]);
    // One row: Player 1 has no bottom and top to join.
    let mut w = checks_on("Row", "next", "squares", &["7", "1", "1"]);
    not_offered(&w);
    refused(
        &mut w,
        "Connecting opposite sides wins",
        &["Player 1", "make that dimension at least 2"],
    );
    // Three players on a cube of 3: each has its axis.
    let mut w = checks_on("Cube", "three", "squares", &["3", "3", "3"]);
    pick_all(&mut w, &["connect_sides_wins"]);
    assert!(w.rules().turn_checks.contains(&TurnCheck::ConnectSides {
        result: WinLose::Win
    }));
}

#[test]
fn only_captures_makes_every_move_capture() {
    let mut w = shape_on_eight_by_eight("Flip");
    let offered = ids(&w.prompt());
    assert!(offered.contains(&"only".to_string()), "{offered:?}");
    assert!(w.prompt().text.contains("only captures means"));
    pick_all(&mut w, &["only", "surround_line", "convert"]);
    // Not a chain of jumps: no chain question.
    assert_eq!(w.step, Step::Reserves(0));
    let s = &w.rules().shapes[0];
    assert_eq!(
        (s.power, s.capture, s.result),
        (
            Power::Only,
            Some(CaptureCondition::SurroundLine),
            Some(CaptureResult::Convert)
        )
    );
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Only captures"), "{review}");
    // Typed in words, too.
    let mut w = shape_on_eight_by_eight("Flip2");
    answer_all(&mut w, &["Only captures"]);
    assert_eq!(w.rules().shapes[0].power, Power::Only);
}

#[test]
fn a_chain_of_jumps_may_be_made_to_continue() {
    let mut w = shape_on_eight_by_eight("Jumps");
    pick_all(&mut w, &["must", "chain_jump", "remove"]);
    assert_eq!(w.step, Step::Chain(0));
    let prompt = w.prompt();
    assert!(prompt.text.contains("chain of jumps"), "{}", prompt.text);
    for id in ["may_stop", "must_continue"] {
        assert!(ids(&prompt).contains(&id.to_string()), "{id}");
    }
    refused(
        &mut w,
        "forever",
        &["not a choice", "may_stop", "must_continue"],
    );
    answer_all(&mut w, &["Chain must continue"]);
    // Then the jump's own options, kept as they are.
    assert_eq!(w.step, Step::Jumps(0));
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Reserves(0));
    assert_eq!(w.rules().shapes[0].chain, Chain::MustContinue);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Chain must continue"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // A plain jump is no chain: the rule goes, and is not asked.
    pick_all(
        &mut w,
        &["edit_shapes", "next", "next", "jump", "next", "next"],
    );
    assert_eq!(w.step, Step::Reserves(0));
    assert_eq!(w.rules().shapes[0].chain, Chain::MayStop);
    // Back on a chain (+ back), it is asked again.
    pick_all(
        &mut w,
        &[
            "done",
            "edit_shapes",
            "next",
            "next",
            "chain_jump_back",
            "next",
        ],
    );
    assert_eq!(w.step, Step::Chain(0));
    pick_all(&mut w, &["must_continue"]);
    assert_eq!(w.rules().shapes[0].chain, Chain::MustContinue);
    // No power: no capture, no chain.
    pick_all(&mut w, &["done", "edit_shapes", "next", "none"]);
    assert_eq!(w.step, Step::Reserves(0));
    assert_eq!(w.rules().shapes[0].chain, Chain::MayStop);
}

#[test]
fn a_draughts_man_moves_one_step_diagonally_forward() {
    let mut w = shape_on_eight_by_eight("Men");
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["12"]);
    assert_eq!(w.step, Step::Movement(0));
    let offered = ids(&w.prompt());
    assert!(
        offered.contains(&"forward_adj_diag".to_string()),
        "{offered:?}"
    );
    answer_all(&mut w, &["Moves adj forward diag"]);
    assert_eq!(w.rules().shapes[0].movement, [Movement::ForwardAdjDiag]);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Moves adj forward diag"), "{review}");
}

#[test]
fn a_blocked_knight_is_offered_on_flat_squares_only() {
    let mut w = shape_on_eight_by_eight("Horses");
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["12"]);
    assert_eq!(w.step, Step::Movement(0));
    assert!(ids(&w.prompt()).contains(&"knight_blocked".to_string()));
    answer_all(&mut w, &["Moves knight (blocked)"]);
    assert_eq!(w.rules().shapes[0].movement, [Movement::KnightBlocked]);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Moves knight (blocked)"), "{review}");

    // Hexagons have no square beside a knight's leap: not offered, and
    // refused when typed, saying why.
    let mut w = named("HexHorses");
    pick_all(&mut w, &["skip", "next", "hexagons", "5", "5", "1", "next"]);
    assert_eq!(w.step, Step::Power(0));
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["5"]);
    assert_eq!(w.step, Step::Movement(0));
    assert!(!ids(&w.prompt()).contains(&"knight_blocked".to_string()));
    refused(&mut w, "knight_blocked", &["needs a flat board of squares"]);
}

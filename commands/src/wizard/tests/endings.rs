//! The ending rules, answered as a person would: what a player who cannot
//! move does (in the game and in a phase), the turn limits, and what a
//! repeated turn does; each shown at the review, and "allowed" repetitions
//! offered only where a limit ends every game.

use redscience_engine::rules::{NoMove, Order, Repetition};
use redscience_engine::validate;

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the first ending question, "A player who cannot move".
fn at_endings(name: &str) -> Wizard {
    let mut w = named(name);
    pick_all(
        &mut w,
        &[
            "skip", "skip", "skip", "skip", "skip", "next", "next", "next",
        ],
    );
    assert_eq!(w.step, Step::NoMove, "{}", w.prompt().text);
    w
}

fn offers(w: &Wizard, id: &str) -> bool {
    ids(&w.prompt()).iter().any(|o| o == id)
}

#[test]
fn a_player_who_cannot_move_loses_or_wins() {
    let mut w = at_endings("Stuck");
    for id in ["pass", "lose", "win"] {
        assert!(offers(&w, id), "{id}");
    }
    answer_all(&mut w, &["loses"]);
    assert_eq!(w.rules().no_move, NoMove::Lose);
    assert_eq!(w.step, Step::TurnLimit);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(
        review.contains("A player who cannot move loses"),
        "{review}"
    );
    assert!(validate(w.rules()).is_ok());
    pick_all(&mut w, &["edit_outcome", "next", "next", "next", "win"]);
    assert_eq!(w.rules().no_move, NoMove::Win);
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished());
}

#[test]
fn a_phase_in_sealed_rounds_always_passes() {
    let mut w = at_endings("Sealed");
    pick_all(&mut w, &["lose", "done", "edit_phases", "2", "keep_phase"]);
    assert_eq!(w.step, Step::Order(1));
    // A simultaneous phase: a seat there with no move plans a pass, so the
    // phase passes, said with the next question, and the rules stay valid.
    pick_all(&mut w, &["simultaneous"]);
    let text = w.prompt().text;
    assert!(
        text.contains("Phase 2 is played in sealed rounds") && text.contains("passes there"),
        "{text}"
    );
    assert_eq!(w.rules().no_move, NoMove::Lose);
    assert_eq!(w.rules().phases[0].no_move, None);
    assert_eq!(w.rules().phases[1].no_move, Some(NoMove::Pass));
    // No question of its own for a sealed phase.
    pick_all(&mut w, &["next", "next"]);
    assert_eq!(w.step, Step::LockedSeats(1));
    pick_all(&mut w, &["done"]);
    assert!(validate(w.rules()).is_ok());
    // The game's question says so too.
    pick_all(&mut w, &["edit_outcome", "next", "next", "next"]);
    assert_eq!(w.step, Step::NoMove);
    let text = w.prompt().text;
    assert!(
        text.contains("Phase 2 is played in sealed rounds"),
        "{text}"
    );
}

#[test]
fn with_every_phase_in_sealed_rounds_nobody_is_asked() {
    let mut w = named("Rounds");
    pick_all(&mut w, &["skip", "skip", "skip", "next", "simultaneous"]);
    // One phase: no phase question; in sealed rounds: no game question.
    pick_all(&mut w, &["next", "next"]);
    assert_eq!(w.step, Step::LockedSeats(0));
    pick_all(&mut w, &["skip", "skip", "next", "next", "next"]);
    assert_eq!(w.step, Step::TurnLimit, "{}", w.prompt().text);
    assert_eq!(w.rules().phases[0].order, Order::Simultaneous);
}

#[test]
fn a_sequential_phase_of_several_has_a_rule_of_its_own() {
    let mut w = named("Phased");
    pick_all(
        &mut w,
        &["skip", "skip", "skip", "2", "next", "next", "next"],
    );
    assert_eq!(w.step, Step::PhaseNoMove(0));
    let text = w.prompt().text;
    assert!(text.contains("as the whole game: passes"), "{text}");
    refused(&mut w, "explodes", &["not a choice", "as_game", "win"]);
    answer_all(&mut w, &["wins"]);
    assert_eq!(w.rules().phases[0].no_move, Some(NoMove::Win));
    assert_eq!(w.step, Step::LockedSeats(0));
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("A player who cannot move wins"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // One phase left: its rule of its own is still asked, to keep or drop.
    pick_all(&mut w, &["edit_phases", "1", "next", "next", "next"]);
    assert_eq!(w.step, Step::PhaseNoMove(0));
    pick_all(&mut w, &["as_game"]);
    assert_eq!(w.rules().phases[0].no_move, None);
    pick_all(
        &mut w,
        &["done", "edit_phases", "next", "next", "next", "next"],
    );
    assert_eq!(w.step, Step::LockedSeats(0), "no rule to keep: not asked");
}

#[test]
fn turn_limits_take_a_number_of_turns_or_none() {
    let mut w = at_endings("Limits");
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::TurnLimit);
    // Values, not numbered options: 2 is two turns.
    assert!(offers(&w, "200") && offers(&w, "none"));
    refused(
        &mut w,
        "0",
        &["0 turns is out of range", "1 to 10000", "none", "e.g. 300"],
    );
    refused(&mut w, "10001", &["out of range", "1 to 10000"]);
    refused(
        &mut w,
        "soon",
        &["\"soon\" is not a number of turns", "none"],
    );
    answer_all(&mut w, &["250 turns"]);
    assert_eq!(w.rules().turn_limit, Some(250));
    assert_eq!(w.step, Step::QuietTurnLimit);
    refused(&mut w, "-5", &["not a number of turns", "e.g. 50"]);
    answer_all(&mut w, &["40"]);
    assert_eq!(w.rules().quiet_turn_limit, Some(40));
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Stalemate after 250 turns"), "{review}");
    assert!(
        review.contains("Stalemate after 40 turns without capture or placement"),
        "{review}"
    );
    // None takes a limit away.
    pick_all(
        &mut w,
        &["edit_outcome", "next", "next", "next", "next", "none"],
    );
    assert_eq!(w.rules().turn_limit, None);
    answer_all(&mut w, &["1"]);
    pick_all(&mut w, &["done", "save"]);
    assert_eq!(w.rules().quiet_turn_limit, Some(1));
}

#[test]
fn a_repeated_turn_may_draw_or_lose() {
    let mut w = at_endings("Repeats");
    pick_all(&mut w, &["next", "next", "next"]);
    assert_eq!(w.step, Step::Repetition);
    answer_all(&mut w, &["draws"]);
    assert_eq!(w.rules().repetition, Repetition::Draw);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("A repeated turn draws"), "{review}");
    pick_all(
        &mut w,
        &["edit_outcome", "next", "next", "next", "next", "next"],
    );
    pick_all(&mut w, &["next"]);
    answer_all(&mut w, &["loses"]);
    pick_all(&mut w, &["done"]);
    assert_eq!(w.rules().repetition, Repetition::RepeaterLoses);
    let review = w.prompt().text;
    assert!(review.contains("A repeated turn loses"), "{review}");
}

#[test]
fn repeated_turns_are_allowed_only_where_a_limit_ends_every_game() {
    let mut w = at_endings("Forever");
    pick_all(&mut w, &["next", "next", "next"]);
    assert_eq!(w.step, Step::Repetition);
    assert!(!offers(&w, "ignored"));
    let text = w.prompt().text;
    assert!(text.contains("Not offered: \"allowed\""), "{text}");
    refused(
        &mut w,
        "allowed",
        &[
            "\"allowed\" is not offered here",
            "a turn limit",
            "e.g. a turn limit of 300",
            "stalemate, draw or repeater_loses",
        ],
    );
    // With a turn limit it is offered.
    assert!(w.back() && w.back());
    assert_eq!(w.step, Step::TurnLimit);
    answer_all(&mut w, &["300"]);
    pick_all(&mut w, &["next", "ignored"]);
    assert_eq!(w.rules().repetition, Repetition::Ignored);
    pick_all(&mut w, &["done"]);
    let review = w.prompt().text;
    assert!(review.contains("Repeated turns are allowed"), "{review}");
    assert!(validate(w.rules()).is_ok());
    // Taking the limit away stops them being allowed, and says so.
    pick_all(
        &mut w,
        &["edit_outcome", "next", "next", "next", "next", "none"],
    );
    let text = w.prompt().text;
    assert!(
        text.contains("Repeated turns are no longer allowed"),
        "{text}"
    );
    assert_eq!(w.rules().repetition, Repetition::Stalemate);
    // A quiet-turn limit bounds the game where captures remove pieces...
    pick_all(&mut w, &["50", "ignored", "done"]);
    assert_eq!(w.rules().repetition, Repetition::Ignored);
    assert!(validate(w.rules()).is_ok());
    // ...but not where they convert them: then captures need not run out.
    pick_all(
        &mut w,
        &["edit_shapes", "next", "can", "surround_line", "convert"],
    );
    let text = w.prompt().text;
    assert!(
        text.contains("Repeated turns are no longer allowed"),
        "{text}"
    );
    assert_eq!(w.rules().repetition, Repetition::Stalemate);
}

//! Labels: set in their own group, checked by the engine's rules, dropped
//! with what they named, and kept by a copy that skips them.

use std::collections::BTreeMap;

use redscience_engine::rules::{Labels, Shape, SpaceLabel, SpaceRef};
use redscience_engine::{RuleSet, catalogue, validate};

use super::super::step::Step;
use super::{answer_all, ids, named, pick_all, refused};
use crate::wizard::Wizard;

/// A wizard at the how-to-play question of a game on Tic-Tac-Toe's board
/// with three shapes (circle, pentagon, X) and `phases` phases.
fn at_labels(name: &str, phases: &str) -> Wizard {
    let mut w = named(name);
    pick_all(&mut w, &["skip", "skip", "3", "skip", phases]);
    pick_all(&mut w, &["skip", "skip", "skip"]);
    assert_eq!(w.step, Step::HowToPlay, "{}", w.prompt().text);
    w
}

fn space(at: &str, label: &str) -> SpaceLabel {
    SpaceLabel {
        at: SpaceRef::parse(at).unwrap(),
        label: label.into(),
    }
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Rock-paper-scissors words on three shapes and three phases, set
/// through the wizard.
fn rock_paper_scissors_labelled() -> Wizard {
    let mut w = at_labels("Throws", "3");
    answer_all(
        &mut w,
        &[
            "none", "rock", "paper", "scissors", "Throw", "Reveal", "Score",
        ],
    );
    answer_all(&mut w, &["2,2 the centre", "next", "next"]);
    assert_eq!(w.step, Step::Review);
    w
}

#[test]
fn a_game_gets_every_kind_of_label_and_is_saved_with_them() {
    let mut w = at_labels("Throws", "2");
    assert!(w.takes_text(), "a label question takes typed words");
    let prompt = w.prompt().text;
    assert!(prompt.contains("How to play"), "{prompt}");
    assert!(prompt.contains("e.g. \"Each player"), "{prompt}");
    // A paragraph typed over two lines is one paragraph.
    answer_all(
        &mut w,
        &["Each player secretly throws\nrock, paper or scissors."],
    );
    assert_eq!(w.step, Step::ShapeLabel(0));
    // The shape is shown by its name and with what it does.
    let prompt = w.prompt().text;
    assert!(
        prompt.contains("Label of the circle, shape 1 of 3"),
        "{prompt}"
    );
    assert!(
        prompt.contains("5 black and 4 white start in reserve"),
        "{prompt}"
    );
    answer_all(&mut w, &["Rock", "paper", "scissors"]);
    assert_eq!(w.step, Step::PhaseName(0));
    answer_all(&mut w, &["Throw", "Reveal"]);
    assert_eq!(w.step, Step::SpaceLabels);
    // Several names at once, one more, then one taken back.
    answer_all(
        &mut w,
        &[
            "(2, 2) the centre; 1,1 the corner",
            "c3 the far corner",
            "1,1 none",
        ],
    );
    assert!(
        w.prompt()
            .text
            .contains("Now: 2,2 the centre; 3,3 the far corner"),
        "{}",
        w.prompt().text
    );
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Time, "time per turn follows the labels");
    assert!(!w.takes_text(), "time takes its own words");
    pick_all(&mut w, &["next"]);
    assert_eq!(w.step, Step::Review);
    let review = w.prompt().text;
    for shown in [
        "How to play: Each player secretly throws rock, paper or scissors.",
        "Rock (circle): ",
        "Paper (pentagon): ",
        "Scissors (X): ",
        "Phase 1 (Throw): ",
        "Phase 2 (Reveal): ",
        "called \"the centre\"",
        "called \"the far corner\"",
    ] {
        assert!(review.contains(shown), "{shown:?} not in {review}");
    }
    pick_all(&mut w, &["save"]);
    assert!(w.is_finished());
    let expected = Labels {
        how_to_play: Some("Each player secretly throws rock, paper or scissors.".into()),
        shapes: BTreeMap::from([
            (Shape::Circle, "Rock".into()),
            (Shape::Pentagon, "paper".into()),
            (Shape::X, "scissors".into()),
        ]),
        spaces: vec![space("2,2", "the centre"), space("3,3", "the far corner")],
        phases: words(&["Throw", "Reveal"]),
    };
    assert_eq!(w.rules().labels, expected);
    assert_eq!(w.rules().schema_version, 2);
    assert!(validate(w.rules()).is_ok());
}

#[test]
fn a_label_brings_schema_version_2_to_a_version_1_game() {
    let mut old = catalogue::get("Connect4").unwrap();
    old.schema_version = 1;
    old.labels = Default::default();
    assert!(validate(&old).is_ok(), "version 1 reads without labels");
    let mut w = Wizard::from_rules(old);
    answer_all(&mut w, &["Drop-Four"]);
    pick_all(&mut w, &["done"]);
    assert_eq!(w.rules().schema_version, 1, "no label, no new version");
    pick_all(&mut w, &["edit_labels"]);
    answer_all(&mut w, &["Drop discs; four in a row wins."]);
    assert_eq!(w.rules().schema_version, 2);
    pick_all(&mut w, &["done", "save"]);
    assert!(w.is_finished(), "{}", w.prompt().text);
}

#[test]
fn bad_labels_are_refused_with_the_reason_and_an_example() {
    let mut w = at_labels("Refusals", "2");
    let too_long = "a".repeat(701);
    refused(
        &mut w,
        &too_long,
        &["701 characters", "at most 700", "e.g."],
    );
    refused(&mut w, "Ask @everyone", &["'@'", "no line breaks", "e.g."]);
    refused(&mut w, "save", &["command", "e.g."]);
    answer_all(&mut w, &["none"]);
    assert_eq!(w.step, Step::ShapeLabel(0));
    refused(&mut w, "pink", &["colour or shape", "e.g. \"rock\""]);
    refused(&mut w, "big circle", &["colour or shape"]);
    refused(&mut w, "rock2", &["digits belong to cells", "e.g."]);
    refused(&mut w, "pass", &["typed for moves", "e.g."]);
    refused(&mut w, "rock-hard", &["'-'", "e.g."]);
    refused(&mut w, "*rock*", &["'*'", "e.g."]);
    refused(
        &mut w,
        "an enormous granite rocky",
        &["25 characters", "at most 24", "e.g. \"rock\""],
    );
    // A typed number is a label here, not an option's number.
    refused(&mut w, "1", &["digits"]);
    // A label the bot would run as a command when typed as a move.
    refused(
        &mut w,
        "board game",
        &["\"board\" is a command", "e.g. \"rock\""],
    );
    answer_all(&mut w, &["rock"]);
    refused(&mut w, "Rock", &["labels another shape too", "e.g."]);
    answer_all(&mut w, &["paper", "scissors"]);
    assert_eq!(w.step, Step::PhaseName(0));
    refused(&mut w, "Hunt | Chase", &["'|'", "e.g."]);
    refused(
        &mut w,
        "The very long hunting phase",
        &["27 characters", "at most 24", "e.g. \"Hunt\""],
    );
    answer_all(&mut w, &["Hunt", "Chase"]);
    assert_eq!(w.step, Step::SpaceLabels);
    refused(
        &mut w,
        "the pot",
        &["does not start with a space", "e.g. \"1,1 the corner\""],
    );
    refused(&mut w, "2,2", &["no name after the space", "SPACE NAME"]);
    refused(&mut w, "4,4 far away", &["names no space", "3x3x1"]);
    refused(&mut w, "2:1,1 home", &["only 1 board"]);
    refused(
        &mut w,
        "2,2 the very centre of everything",
        &["the name of 2,2", "29 characters", "at most 24", "e.g."],
    );
    refused(&mut w, "1,1 none", &["1,1 has no name to remove"]);
    // A list is kept whole or not at all.
    refused(&mut w, "1,1 home; 9,9 away", &["\"9,9\" names no space"]);
    answer_all(&mut w, &["1,1 home"]);
    // "1" is the first column, not the "none" button, and it needs a name.
    assert!(ids(&w.prompt()).contains(&"none".to_string()));
    refused(&mut w, "1", &["no name after the space"]);
    assert_eq!(w.rules().labels.spaces, [space("1,1", "home")]);
}

#[test]
fn labels_of_shapes_and_phases_that_go_are_dropped_with_a_note() {
    let mut w = rock_paper_scissors_labelled();
    pick_all(&mut w, &["edit_shapes", "2"]);
    let note = w.prompt().text;
    assert!(
        note.contains("Dropped what no longer names anything in the game: \"scissors\" of the X"),
        "{note}"
    );
    assert_eq!(
        w.rules().labels.shapes,
        BTreeMap::from([
            (Shape::Circle, "rock".into()),
            (Shape::Pentagon, "paper".into())
        ])
    );
    pick_all(&mut w, &["done", "edit_phases", "1"]);
    let note = w.prompt().text;
    assert!(
        note.contains("\"Reveal\" of phase 2 and \"Score\" of phase 3"),
        "{note}"
    );
    assert_eq!(w.rules().labels.phases, words(&["Throw"]));
    pick_all(&mut w, &["done"]);
    assert!(validate(w.rules()).is_ok(), "{}", w.prompt().text);
    // One phase keeps its name, shown at the review though the phase is plain.
    assert!(
        w.prompt().text.contains("Phase 1 is called \"Throw\""),
        "{}",
        w.prompt().text
    );
    // Back brings the phases and their names again.
    assert!(w.back() && w.back());
    assert_eq!(w.rules().labels.phases.len(), 3);
}

#[test]
fn a_named_space_off_a_smaller_board_is_named_at_the_review() {
    let mut w = named("Shrinks");
    pick_all(&mut w, &["skip", "next", "squares", "4", "4", "next"]);
    pick_all(&mut w, &["skip", "skip", "skip", "skip"]);
    assert_eq!(w.step, Step::HowToPlay);
    pick_all(&mut w, &["next", "next"]);
    answer_all(&mut w, &["4,4 the far corner", "next", "next"]);
    pick_all(&mut w, &["edit_board", "next", "next", "3", "3", "done"]);
    assert_eq!(w.step, Step::Review);
    let review = w.prompt().text;
    assert!(review.contains("cannot be saved"), "{review}");
    assert!(review.contains("labels.spaces[0].at"), "{review}");
    assert!(review.contains("\"4,4\" names no space"), "{review}");
    assert!(!ids(&w.prompt()).contains(&"save".to_string()));
    // Fixed where labels are set.
    pick_all(&mut w, &["edit_labels", "next", "next"]);
    assert_eq!(w.step, Step::SpaceLabels);
    answer_all(&mut w, &["4,4 none", "3,3 the far corner", "done"]);
    pick_all(&mut w, &["save"]);
    assert!(w.is_finished());
    assert_eq!(w.rules().labels.spaces, [space("3,3", "the far corner")]);
}

/// Tic-Tac-Toe with every kind of label, made by hand as a file would be.
fn labelled_tic_tac_toe() -> RuleSet {
    let mut rules = RuleSet::tic_tac_toe("Noughts");
    rules.labels = Labels {
        how_to_play: Some("Three of your stones in a row win.".into()),
        shapes: BTreeMap::from([(Shape::Circle, "stone".into())]),
        spaces: vec![space("2,2", "the centre")],
        phases: words(&["Play"]),
    };
    assert!(validate(&rules).is_ok(), "{:?}", validate(&rules));
    rules
}

#[test]
fn a_copy_that_skips_the_labels_keeps_them() {
    let original = labelled_tic_tac_toe();
    let copied = |answers: &[&str]| {
        let mut w = Wizard::from_rules(original.clone());
        answer_all(&mut w, &["Noughts-2"]);
        pick_all(&mut w, answers);
        assert!(w.is_finished(), "{}", w.prompt().text);
        w.rules().labels.clone()
    };
    // "done" at once, "skip" through every group, and "next" at every label question.
    assert_eq!(copied(&["done", "save"]), original.labels);
    // Eight groups follow the name; the seventh is the labels, then time.
    let skips = ["skip"; 8];
    assert_eq!(copied(&[&skips[..], &["save"]].concat()), original.labels);
    let nexts = ["next"; 5];
    assert_eq!(
        copied(&[&skips[..6], &nexts[..], &["save"]].concat()),
        original.labels
    );
}

#[test]
fn a_single_phase_with_a_name_is_asked_and_one_without_is_not() {
    let mut w = Wizard::from_rules(labelled_tic_tac_toe());
    answer_all(&mut w, &["Noughts-3"]);
    pick_all(&mut w, &["done", "edit_labels", "next", "next"]);
    assert_eq!(w.step, Step::PhaseName(0));
    assert!(w.prompt().text.contains("Now: \"Play\""));
    answer_all(&mut w, &["none"]);
    assert_eq!(w.step, Step::SpaceLabels);
    let mut plain = named("Plain");
    pick_all(&mut plain, &["done", "edit_labels", "next", "next"]);
    assert_eq!(
        plain.step,
        Step::SpaceLabels,
        "one plain phase has no name to ask"
    );
}

#[test]
fn phases_are_named_in_order() {
    let mut w = at_labels("Ordered", "3");
    pick_all(&mut w, &["next", "next", "next", "next"]);
    assert_eq!(w.step, Step::PhaseName(0));
    assert!(
        w.prompt()
            .text
            .contains("leaves the phases after it without one"),
        "{}",
        w.prompt().text
    );
    // No name for phase 1: phases 2 and 3 cannot have one, so are not asked.
    answer_all(&mut w, &["none"]);
    assert_eq!(w.step, Step::SpaceLabels);
    assert!(w.back());
    answer_all(&mut w, &["Hunt", "Chase", "Rest"]);
    assert_eq!(w.rules().labels.phases, words(&["Hunt", "Chase", "Rest"]));
    pick_all(
        &mut w,
        &["done", "edit_labels", "next", "next", "next", "next"],
    );
    assert_eq!(w.step, Step::PhaseName(0));
    assert!(
        w.prompt()
            .text
            .contains("also clears the names of the phases after it"),
        "{}",
        w.prompt().text
    );
    answer_all(&mut w, &["Stalk"]);
    assert_eq!(w.rules().labels.phases, words(&["Stalk", "Chase", "Rest"]));
    answer_all(&mut w, &["none"]);
    assert_eq!(w.rules().labels.phases, words(&["Stalk"]));
    assert_eq!(w.step, Step::SpaceLabels);
}

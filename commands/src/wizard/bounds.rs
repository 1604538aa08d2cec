//! Bounds on moves and turns: the one axis a shape keeps to, answered with
//! its movement ("orthogonal, rows_only"); whether a capture earns another
//! move, asked after the shapes once one captures; and whether walls stop
//! slides, asked with the spaces once some phase has walls and some shape
//! slides. Only choices that validate
//! are offered; [`settle`] drops a bound that no longer fits and says why.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Axis, Movement};
use redscience_engine::validate::axis_fits;

use super::input::{Opt, buttons, file_name, pick};
use super::{Ask, Flow, problems_at};

/// The axes a shape may keep to on this board, offered beside its
/// movement kinds as "rows_only", "columns_only", "layers_only".
pub(super) fn axis_options(rules: &RuleSet) -> Vec<Opt<Axis>> {
    (Axis::ALL.into_iter())
        .filter(|&a| axis_fits(rules, a))
        .map(|a| {
            let id = format!("{}_only", file_name(&a));
            Opt::new(a, id, a.words()).alias(&file_name(&a))
        })
        .collect()
}

/// Sets the shape's movement and axis together, refused in the engine's
/// words where the axis does not fit them.
pub(super) fn set_movement(
    rules: &mut RuleSet,
    i: usize,
    movement: Vec<Movement>,
    axis: Option<Axis>,
) -> Result<(), String> {
    let mut candidate = rules.clone();
    candidate.shapes[i].movement = movement;
    candidate.shapes[i].axis = axis;
    let problems = problems_at(&candidate, &format!("shapes[{i}].axis"));
    if axis.is_some() && !problems.is_empty() {
        return Err(format!(
            "the {} cannot keep to that axis: {}",
            rules.shapes[i].shape.name(),
            problems.join("; ")
        ));
    }
    *rules = candidate;
    Ok(())
}

fn walls_options() -> Vec<Opt<bool>> {
    vec![
        Opt::new(true, "yes", "Walls stop slides"),
        Opt::new(false, "no", "Slides pass over walls"),
    ]
}

/// Whether "Walls stop slides" would be valid: walls in some phase, a
/// shape that slides, a flat board.
pub(super) fn walls_apply(rules: &RuleSet) -> bool {
    let mut candidate = rules.clone();
    candidate.walls_stop_slides = true;
    rules.walls_stop_slides || problems_at(&candidate, "walls_stop_slides").is_empty()
}

pub(super) fn ask_walls(rules: &RuleSet) -> Ask {
    let now = if rules.walls_stop_slides {
        "Walls stop slides"
    } else {
        "Slides pass over walls"
    };
    Ask::new(
        format!(
            "Walls (spaces locked in a phase): by the Factory's rule a slide passes over them, \
             though it cannot stop on one. Should a wall stop a slide instead? Now: {now}."
        ),
        buttons(&walls_options()),
        now,
    )
}

pub(super) fn apply_walls(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let stop = pick(input, &walls_options())?;
    let mut candidate = rules.clone();
    candidate.walls_stop_slides = stop;
    let problems = problems_at(&candidate, "walls_stop_slides");
    if !problems.is_empty() {
        return Err(format!(
            "walls cannot stop slides here: {}",
            problems.join("; ")
        ));
    }
    rules.walls_stop_slides = stop;
    Ok(Flow::Next)
}

fn capture_again_options() -> Vec<Opt<bool>> {
    vec![
        Opt::new(true, "yes", "Another move after a capture"),
        Opt::new(false, "no", "A capture ends the move as any move does"),
    ]
}

/// Whether "Another move after a capture" may be set: a shape captures and
/// every phase is played in turns.
pub(super) fn capture_again_applies(rules: &RuleSet) -> bool {
    let mut candidate = rules.clone();
    candidate.capture_moves_again = true;
    rules.capture_moves_again || problems_at(&candidate, "capture_moves_again").is_empty()
}

pub(super) fn ask_capture_again(rules: &RuleSet) -> Ask {
    let now = if rules.capture_moves_again {
        "Another move after a capture"
    } else {
        "A capture ends the move as any move does"
    };
    Ask::new(
        format!(
            "Captures: does a move that captures earn another move, with any piece, in the \
             same turn (a chain of jumps aside, which goes on by itself)? Now: {now}."
        ),
        buttons(&capture_again_options()),
        now,
    )
}

pub(super) fn apply_capture_again(rules: &mut RuleSet, input: &str) -> Result<Flow, String> {
    let again = pick(input, &capture_again_options())?;
    let mut candidate = rules.clone();
    candidate.capture_moves_again = again;
    let problems = problems_at(&candidate, "capture_moves_again");
    if !problems.is_empty() {
        return Err(format!(
            "a capture cannot earn another move here: {}",
            problems.join("; ")
        ));
    }
    rules.capture_moves_again = again;
    Ok(Flow::Next)
}

/// Drops the bounds an answer left unfit, saying what changed.
pub(super) fn settle(rules: &mut RuleSet) -> Vec<String> {
    let mut notes = Vec::new();
    if rules.capture_moves_again && !problems_at(rules, "capture_moves_again").is_empty() {
        rules.capture_moves_again = false;
        notes.push(
            "A capture no longer earns another move: that needs a shape that captures and \
             every phase played in turns."
                .to_string(),
        );
    }
    if rules.pieces_up_to && !problems_at(rules, "pieces_up_to").is_empty() {
        rules.pieces_up_to = false;
        notes.push(format!(
            "Turns take {} pieces again: a turn of 1 to N pieces needs every phase played in \
             turns.",
            rules.pieces_per_turn
        ));
    }
    if rules.walls_stop_slides && !problems_at(rules, "walls_stop_slides").is_empty() {
        rules.walls_stop_slides = false;
        notes.push(
            "Walls no longer stop slides: that needs walls in some phase, a shape that slides \
             and a flat board."
                .to_string(),
        );
    }
    for i in 0..rules.shapes.len() {
        if rules.shapes[i].axis.is_some()
            && !problems_at(rules, &format!("shapes[{i}].axis")).is_empty()
        {
            rules.shapes[i].axis = None;
            notes.push(format!(
                "The {} no longer keeps to one axis: its movement or the board no longer allows it.",
                rules.shapes[i].shape.name()
            ));
        }
    }
    notes
}

//! Bounds on moves and turns: the one axis a shape keeps to, answered with
//! its movement ("orthogonal, rows_only"); whether a capture earns another
//! move, asked after the shapes once one captures; and whether walls stop
//! slides, asked with the spaces once some phase has walls and some shape
//! slides. Only choices that validate
//! are offered; [`settle`] drops a bound that no longer fits and says why.

use redscience_engine::RuleSet;
use redscience_engine::rules::{Axis, JumpOver, Movement};
use redscience_engine::validate::axis_fits;

use super::input::{Opt, buttons, file_name, pick, select};
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

/// One answer to the jump question.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JumpPick {
    Over(JumpOver),
    Lines,
    NoReturn,
}

fn jump_options(rules: &RuleSet, i: usize) -> Vec<Opt<JumpPick>> {
    let mut opts: Vec<Opt<JumpPick>> = [JumpOver::Enemy, JumpOver::Own, JumpOver::Any]
        .into_iter()
        .map(|o| {
            let id = match o {
                JumpOver::Enemy => "over_opponents",
                JumpOver::Own => "over_own",
                JumpOver::Any => "over_any",
            };
            Opt::new(JumpPick::Over(o), id, o.words())
        })
        .collect();
    opts.push(Opt::new(JumpPick::Lines, "over_lines", "Jumps over lines"));
    if super::step::chains(&rules.shapes[i]) {
        opts.push(Opt::new(
            JumpPick::NoReturn,
            "no_return",
            "Chain never returns",
        ));
    }
    opts
}

/// "Jumps over own pieces, Jumps over lines" as the shape now jumps.
fn jumps_now(s: &redscience_engine::rules::ShapeRules) -> String {
    let mut words = vec![s.jump_over.words()];
    if s.jump_line {
        words.push("Jumps over lines");
    }
    if s.chain_no_return {
        words.push("Chain never returns");
    }
    words.join(", ")
}

pub(super) fn ask_jumps(rules: &RuleSet, i: usize) -> Ask {
    let now = jumps_now(&rules.shapes[i]);
    Ask::new(
        format!(
            "Jumps of the {}: now {now}. Type what applies, separated by commas: whose pieces \
             it jumps (over_opponents, over_own or over_any; only an opponent's is captured), \
             over_lines to jump a solid line of pieces, and for a chain no_return so that it \
             never lands where it has stood this turn (\"over_own, over_lines\"). A chain over \
             pieces that stay always has no_return.",
            super::step::title(rules, i)
        ),
        select("jumps", &jump_options(rules, i), None),
        now,
    )
}

pub(super) fn apply_jumps(rules: &mut RuleSet, i: usize, input: &str) -> Result<Flow, String> {
    let opts = jump_options(rules, i);
    let mut candidate = rules.clone();
    let s = &mut candidate.shapes[i];
    (s.jump_over, s.jump_line, s.chain_no_return) = (JumpOver::Enemy, false, false);
    for part in input
        .split([',', '+', ';'])
        .filter(|p| !p.trim().is_empty())
    {
        match pick(part, &opts)? {
            JumpPick::Over(over) => s.jump_over = over,
            JumpPick::Lines => s.jump_line = true,
            JumpPick::NoReturn => s.chain_no_return = true,
        }
    }
    // A chain over pieces that stay could go round for ever: it never
    // returns (said in the question).
    let stays =
        s.result == Some(redscience_engine::rules::CaptureResult::Leave) || !s.jump_over.is_enemy();
    if super::step::chains(s) && stays {
        s.chain_no_return = true;
    }
    let problems: Vec<String> = ["jump_over", "jump_line", "chain_no_return", "power"]
        .iter()
        .flat_map(|f| problems_at(&candidate, &format!("shapes[{i}].{f}")))
        .collect();
    if !problems.is_empty() {
        return Err(format!(
            "the {} cannot jump so: {}",
            rules.shapes[i].shape.name(),
            problems.join("; ")
        ));
    }
    *rules = candidate;
    Ok(Flow::Next)
}

/// Drops the bounds an answer left unfit, saying what changed.
pub(super) fn settle(rules: &mut RuleSet) -> Vec<String> {
    let mut notes = Vec::new();
    for s in &mut rules.shapes {
        let changed = (!s.jump_over.is_enemy() || s.jump_line) && !super::step::jumps(s)
            || s.chain_no_return && !super::step::chains(s);
        if changed {
            s.jump_over = JumpOver::Enemy;
            s.jump_line = false;
            s.chain_no_return = s.chain_no_return && super::step::chains(s);
            notes.push(format!(
                "The {}'s jump options went with its jumps.",
                s.shape.name()
            ));
        }
        let stays = s.result == Some(redscience_engine::rules::CaptureResult::Leave)
            || !s.jump_over.is_enemy();
        if super::step::chains(s) && stays && !s.chain_no_return {
            s.chain_no_return = true;
            notes.push(format!(
                "The {}'s chain of jumps now never lands where it has stood this turn: its \
                 jumps leave pieces, so it could go round for ever.",
                s.shape.name()
            ));
        }
    }
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

//! Trails: what a moving piece of a shape leaves on the space it left (a
//! wall, or a piece from its colour's reserve), asked after the shape's
//! movement. Only trails that validate are offered; [`settle`] drops one a
//! later answer left unfit and says why.

use redscience_engine::RuleSet;
use redscience_engine::rules::Trail;

use super::input::{Opt, buttons, pick};
use super::{Ask, Flow, problems_at};

fn field(i: usize) -> String {
    format!("shapes[{i}].trail")
}

/// "leave_square" for a piece of the square.
fn id_of(trail: Option<Trail>) -> String {
    match trail {
        None => "none".into(),
        Some(Trail::Wall) => "wall".into(),
        Some(Trail::Piece(shape)) => format!("leave_{}", shape.name().to_lowercase()),
    }
}

fn words_of(trail: Option<Trail>) -> String {
    trail.map_or_else(|| "Leaves nothing behind".into(), Trail::words)
}

/// The rules with shape `i` leaving `trail`.
fn with_trail(rules: &RuleSet, i: usize, trail: Option<Trail>) -> RuleSet {
    let mut candidate = rules.clone();
    candidate.shapes[i].trail = trail;
    candidate
}

fn fits(rules: &RuleSet, i: usize, trail: Trail) -> bool {
    problems_at(&with_trail(rules, i, Some(trail)), &field(i)).is_empty()
}

/// Nothing, a wall, and a piece of each shape in play with pieces in
/// reserve, where the rules allow a trail at all.
fn options(rules: &RuleSet, i: usize) -> Vec<Opt<Option<Trail>>> {
    let trails = std::iter::once(Trail::Wall)
        .chain(rules.shapes.iter().map(|s| Trail::Piece(s.shape)))
        .filter(|&t| fits(rules, i, t));
    std::iter::once(None)
        .chain(trails.map(Some))
        .map(|t| Opt::new(t, id_of(t), words_of(t)))
        .collect()
}

/// Whether the question applies: the shape moves, and some trail fits (or
/// one is set, to be taken off).
pub(super) fn applies(rules: &RuleSet, i: usize) -> bool {
    rules
        .shapes
        .get(i)
        .is_some_and(|s| s.trail.is_some() || !s.movement.is_empty() && fits(rules, i, Trail::Wall))
}

pub(super) fn ask(rules: &RuleSet, i: usize) -> Ask {
    let now = rules.shapes[i].trail;
    Ask::new(
        format!(
            "Trail of the {}: what does it leave on the space it moves from? Now: {}. A wall \
             stays for the rest of the game (nothing enters it or slides through it); a piece \
             comes from the mover's reserve of that shape, and none is left once it runs out.",
            super::step::title(rules, i),
            words_of(now)
        ),
        buttons(&options(rules, i)),
        id_of(now),
    )
}

pub(super) fn apply(rules: &mut RuleSet, i: usize, input: &str) -> Result<Flow, String> {
    let trail = pick(input, &options(rules, i))?;
    let candidate = with_trail(rules, i, trail);
    let problems = problems_at(&candidate, &field(i));
    if !problems.is_empty() {
        return Err(format!(
            "the {} cannot leave that behind: {}",
            rules.shapes[i].shape.name(),
            problems.join("; ")
        ));
    }
    *rules = candidate;
    Ok(Flow::Next)
}

/// Drops the trails a later answer left unfit, saying what changed.
pub(super) fn settle(rules: &mut RuleSet) -> Vec<String> {
    let mut notes = Vec::new();
    for i in 0..rules.shapes.len() {
        if rules.shapes[i].trail.is_some() && !problems_at(rules, &field(i)).is_empty() {
            rules.shapes[i].trail = None;
            notes.push(format!(
                "The {} no longer leaves a trail: a trail needs a shape that moves, a flat \
                 board without cloaking, every phase played in turns, and, for a piece, that \
                 shape in reserve.",
                rules.shapes[i].shape.name()
            ));
        }
    }
    notes
}

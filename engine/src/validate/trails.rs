//! Trails (ours, issue 23): what a moving piece leaves on the space it left.

use crate::RuleSet;
use crate::rules::{BoardKind, Cloaking, Order, Trail};

use super::Report;

pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    let trails = rules.shapes.iter().enumerate();
    for (i, (s, trail)) in trails.filter_map(|(i, s)| s.trail.map(|t| (i, (s, t)))) {
        let field = format!("shapes[{i}].trail");
        let name = s.shape.name();
        if s.movement.is_empty() {
            report.add(
                &field,
                format!(
                    "a stationary {name} never leaves its space; give it a movement, like \
                     \"movement\": [\"adjacent\"], or leave trail out"
                ),
            );
        }
        if rules.board == BoardKind::Stacks {
            report.add(
                &field,
                "trails are for flat boards: on stacks the pieces above a moving piece \
                 come with it; choose another board or leave trail out",
            );
        }
        if rules.cloaking != Cloaking::None {
            report.add(
                &field,
                "a trail would show where a hidden piece went; set \"cloaking\" to \"none\" \
                 or leave trail out",
            );
        }
        if rules.phases.iter().any(|p| p.order != Order::Sequential) {
            report.add(
                &field,
                "trails need turns taken one at a time: in a sealed round, pieces crossing \
                 paths would leave them on each other; make every phase \"sequential\" or \
                 leave trail out",
            );
        }
        if let Trail::Piece(left) = trail {
            check_piece_left(rules, left, &field, report);
        }
    }
}

/// A piece left behind comes from the reserve of a shape in play.
fn check_piece_left(rules: &RuleSet, left: crate::rules::Shape, field: &str, report: &mut Report) {
    let in_play: Vec<&str> = rules.shapes.iter().map(|s| s.shape.name()).collect();
    match rules.shape_rules(left) {
        None => report.add(
            field,
            format!(
                "the trail leaves a {}, which is not in play; use one of the shapes listed \
                 ({}), like {{\"piece\": \"{}\"}}",
                left.name(),
                in_play.join(", "),
                in_play.first().copied().unwrap_or("circle"),
            ),
        ),
        Some(s) if s.reserves.values().all(|&n| n == 0) => report.add(
            field,
            format!(
                "the trail leaves a {0}, but no {0} starts in reserve to be left; give the \
                 {0} reserves, like \"reserves\": {{\"black\": 10}}",
                left.name()
            ),
        ),
        Some(_) => {}
    }
}

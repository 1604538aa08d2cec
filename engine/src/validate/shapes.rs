//! Shapes: power blocks, movement and reserves.

use crate::RuleSet;
use crate::rules::{BoardKind, CaptureCondition, CaptureResult, Power};

use super::Report;
use super::seats::{color_list, colors_in_play};

/// The name a value has in a rule-set file, e.g. "orth_by_stack".
pub(super) fn file_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::from("?"),
    }
}

/// True when some capture takes pieces off the board, so a game may hold
/// more pieces than it has spaces.
pub(super) fn pieces_can_leave(rules: &RuleSet) -> bool {
    rules.shapes.iter().any(|s| {
        s.power != Power::None
            && matches!(
                s.result,
                Some(
                    CaptureResult::Remove
                        | CaptureResult::Reincarnate
                        | CaptureResult::ReincarnateX2
                )
            )
    })
}

pub(super) fn check(rules: &RuleSet, dimensions_ok: bool, report: &mut Report) {
    if rules.shapes.is_empty() || rules.shapes.len() > 6 {
        report.add(
            "shapes",
            format!("{} shapes listed; list 1 to 6 shapes", rules.shapes.len()),
        );
    }
    for (i, s) in rules.shapes.iter().enumerate() {
        let field = format!("shapes[{i}]");
        if let Some(first) = rules.shapes[..i].iter().position(|o| o.shape == s.shape) {
            report.add(
                format!("{field}.shape"),
                format!(
                    "{} is already listed at shapes[{first}]; list each shape once",
                    s.shape.name()
                ),
            );
        }
        check_power(rules, s, &field, report);
        for (j, m) in s.movement.iter().enumerate() {
            let name = file_name(m);
            if m.needs_stacks() && rules.board != BoardKind::Stacks {
                report.add(
                    format!("{field}.movement[{j}]"),
                    format!("\"{name}\" is only for stacks boards; choose another movement"),
                );
            }
            if s.movement[..j].contains(m) {
                report.add(
                    format!("{field}.movement[{j}]"),
                    format!("\"{name}\" is listed twice; list each movement once"),
                );
            }
        }
    }
    check_reserves(rules, dimensions_ok, report);
}

fn check_power(rules: &RuleSet, s: &crate::rules::ShapeRules, field: &str, report: &mut Report) {
    if s.power == Power::None {
        if s.capture.is_some() {
            report.add(
                format!("{field}.capture"),
                "a shape with power \"none\" has no capture condition; leave capture out, or set power to \"must\" or \"can\"",
            );
        }
        if s.result.is_some() {
            report.add(
                format!("{field}.result"),
                "a shape with power \"none\" has no capture result; leave result out, or set power to \"must\" or \"can\"",
            );
        }
        return;
    }
    let power = file_name(&s.power);
    if s.capture.is_none() {
        report.add(
            format!("{field}.capture"),
            format!("a shape with power \"{power}\" needs a capture condition, e.g. \"cover\" or \"cover_by_rank\""),
        );
    }
    if s.result.is_none() {
        report.add(
            format!("{field}.result"),
            format!("a shape with power \"{power}\" needs a capture result, e.g. \"remove\", \"convert\" or \"reincarnate\""),
        );
    }
    if s.result == Some(CaptureResult::Convert)
        && matches!(
            s.capture,
            Some(CaptureCondition::Cover | CaptureCondition::CoverByRank)
        )
        && rules.board != BoardKind::Stacks
    {
        report.add(
            format!("{field}.result"),
            "convert-on-cover only on stacks: two pieces cannot share a space on other boards; use \"remove\" or \"reincarnate\"",
        );
    }
}

/// Reserves name only colours in play, and hold no more than can be played:
/// ceil(spaces / colours) per colour and shape, unless captures can take pieces
/// off the board. There is no cap on the total: in the spec's own games not
/// every piece gets played (4P-Coordination has 4 pieces for 3 spaces).
fn check_reserves(rules: &RuleSet, dimensions_ok: bool, report: &mut Report) {
    let colors = colors_in_play(rules);
    for (i, s) in rules.shapes.iter().enumerate() {
        for (color, &count) in &s.reserves {
            if count > 0 && !colors.contains(color) {
                report.add(
                    format!("shapes[{i}].reserves.{}", color.name()),
                    format!(
                        "{} is not played in this game; the colours in play are {}",
                        color.name(),
                        color_list(&colors)
                    ),
                );
            }
        }
    }
    let total_reserves: u32 = rules
        .shapes
        .iter()
        .flat_map(|s| s.reserves.values())
        .map(|&n| u32::from(n))
        .sum();
    if total_reserves == 0 && rules.initial.is_empty() {
        report.add(
            "shapes",
            "the game has no pieces: nothing is in reserve and nothing starts on the board; give a colour some pieces in reserve",
        );
    }
    if !dimensions_ok || !(1..=3).contains(&rules.boards) || pieces_can_leave(rules) {
        return;
    }
    let d = rules.dimensions;
    let spaces = u32::from(d[0]) * u32::from(d[1]) * u32::from(d[2]) * u32::from(rules.boards);
    let shared_by = colors.len().max(1) as u32;
    let max = spaces.div_ceil(shared_by);
    let among = if shared_by == 1 {
        String::from("1 colour")
    } else {
        format!("{shared_by} colours")
    };
    for (i, s) in rules.shapes.iter().enumerate() {
        for (color, &count) in &s.reserves {
            if u32::from(count) > max && colors.contains(color) {
                report.add(
                    format!("shapes[{i}].reserves.{}", color.name()),
                    format!(
                        "{count} is more than can be played; at most {max} ({spaces} spaces shared among {among}, rounded up)"
                    ),
                );
            }
        }
        let all_at_max = colors
            .iter()
            .all(|c| s.reserves.get(c).is_some_and(|&n| u32::from(n) == max));
        if all_at_max && !s.movement.is_empty() {
            report.add(
                format!("shapes[{i}].movement"),
                format!(
                    "every colour has the maximum of {max} {} in reserve, so the board fills before any could move; leave movement out or lower a reserve",
                    s.shape.plural()
                ),
            );
        }
    }
}

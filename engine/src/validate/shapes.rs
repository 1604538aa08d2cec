//! Shapes: power blocks, movement and reserves.

use crate::RuleSet;
use crate::rules::{
    BoardKind, CaptureCondition, CaptureResult, Chain, Movement, Power, ShapeRules,
};

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

pub(super) fn check(rules: &RuleSet, dimensions_ok: bool, report: &mut Report) {
    if rules.shapes.is_empty() || rules.shapes.len() > 6 {
        report.add(
            "shapes",
            format!("{} shapes listed; list 1 to 6 shapes", rules.shapes.len()),
        );
    }
    let cap = reserve_cap(rules, dimensions_ok);
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
            if m.needs_flat_squares() && !movement_fits(rules, *m) {
                report.add(
                    format!("{field}.movement[{j}]"),
                    format!(
                        "\"{name}\" needs a flat board of squares (hash, or squares with a height \
                         of 1), where a knight's leg is the square beside it; choose \"knight\", \
                         or such a board"
                    ),
                );
            }
            if s.movement[..j].contains(m) {
                report.add(
                    format!("{field}.movement[{j}]"),
                    format!("\"{name}\" is listed twice; list each movement once"),
                );
            }
        }
        check_reserves(rules, s, &field, cap.as_ref(), report);
    }
    let no_reserves = rules
        .shapes
        .iter()
        .all(|s| s.reserves.values().all(|&n| n == 0));
    if no_reserves && rules.initial.is_empty() {
        report.add(
            "shapes",
            "the game has no pieces: nothing is in reserve and nothing starts on the board; give a colour some pieces in reserve",
        );
    }
}

fn check_power(rules: &RuleSet, s: &ShapeRules, field: &str, report: &mut Report) {
    let chains = matches!(
        s.capture,
        Some(CaptureCondition::ChainJump | CaptureCondition::ChainJumpBack)
    );
    if s.chain != Chain::MayStop && !(chains && s.power != Power::None) {
        report.add(
            format!("{field}.chain"),
            "only a chain of jumps can be made to continue; give the shape a power with the \
             capture \"chain_jump\" or \"chain_jump_back\", or leave chain out",
        );
    }
    if s.power == Power::None {
        if s.capture.is_some() {
            report.add(
                format!("{field}.capture"),
                "a shape with power \"none\" has no capture condition; leave capture out, or set power to \"must\", \"can\" or \"only\"",
            );
        }
        if s.result.is_some() {
            report.add(
                format!("{field}.result"),
                "a shape with power \"none\" has no capture result; leave result out, or set power to \"must\", \"can\" or \"only\"",
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
    if let Some(condition) = s.capture
        && !condition_fits(rules, condition)
    {
        report.add(
            format!("{field}.capture"),
            format!(
                "\"{}\" needs a flat board: on stacks every capture is by arriving on a stack; use \"cover\" or \"cover_by_rank\"",
                file_name(&condition)
            ),
        );
    }
    // "leave" off a jump is refused with the jumps (see `bounds`).
    if let (Some(condition), Some(result)) = (s.capture, s.result)
        && result != CaptureResult::Leave
        && !result_fits(rules, condition, result)
    {
        report.add(
            format!("{field}.result"),
            "convert-on-cover only on stacks: two pieces cannot share a space on other boards; use \"remove\" or \"reincarnate\"",
        );
    }
}

/// The most of one shape and colour that can be played, with the reason in
/// words: ceil(spaces / colours), as the Factory's "product of the dimensions
/// divided by the number of colors" rounded up so Tic-Tac-Toe's 5 black fit.
/// None when captures can take pieces off the board, or the board is invalid.
/// There is no cap on the total: in the spec's own games not every piece gets
/// played (4P-Coordination has 4 pieces for 3 spaces).
fn reserve_cap(rules: &RuleSet, dimensions_ok: bool) -> Option<(u32, String)> {
    if !dimensions_ok || !(1..=3).contains(&rules.boards) || rules.pieces_can_leave() {
        return None;
    }
    let spaces = rules.space_count();
    let converts = rules
        .shapes
        .iter()
        .any(|s| s.power != Power::None && s.result == Some(CaptureResult::Convert));
    if converts {
        // A colour may place on every space its captures turn back empty
        // of the others' colours: one colour may come to fill the board.
        return Some((
            spaces,
            format!("{spaces} spaces, which captures that convert may give one colour"),
        ));
    }
    let shared_by = colors_in_play(rules).len().max(1) as u32;
    let max = spaces.div_ceil(shared_by);
    let among = match shared_by {
        1 => String::from("1 colour"),
        n => format!("{n} colours"),
    };
    Some((
        max,
        format!("{spaces} spaces shared among {among}, rounded up"),
    ))
}

/// Whether a movement kind is allowed on this board: by stack only on
/// stacks, a blocked knight only on hash and one-layer squares boards, where
/// its leg is the square beside it.
pub fn movement_fits(rules: &RuleSet, movement: Movement) -> bool {
    let flat_squares =
        matches!(rules.board, BoardKind::Squares | BoardKind::Hash) && rules.dimensions[2] == 1;
    (!movement.needs_stacks() || rules.board == BoardKind::Stacks)
        && (!movement.needs_flat_squares() || flat_squares)
}

/// Whether a capture condition is allowed on this board: on stacks every
/// capture is by arriving on a stack, so only "cover" and "cover by rank".
pub fn condition_fits(rules: &RuleSet, condition: CaptureCondition) -> bool {
    rules.board != BoardKind::Stacks
        || matches!(
            condition,
            CaptureCondition::Cover | CaptureCondition::CoverByRank
        )
}

/// Whether a capture result is allowed with this condition on this board:
/// pieces that capture by moving onto the captive need its space, so they
/// convert only on stacks.
pub fn result_fits(rules: &RuleSet, condition: CaptureCondition, result: CaptureResult) -> bool {
    let takes_the_space = matches!(
        condition,
        CaptureCondition::Cover
            | CaptureCondition::CoverByRank
            | CaptureCondition::MoveOnDiagEnPassant
            | CaptureCondition::MoveOnTriagonal
    );
    if result == CaptureResult::Leave {
        // Only a jump passes over what it leaves.
        return matches!(
            condition,
            CaptureCondition::Jump | CaptureCondition::ChainJump | CaptureCondition::ChainJumpBack
        );
    }
    !(result == CaptureResult::Convert && takes_the_space && rules.board != BoardKind::Stacks)
}

/// The most of one shape one colour may start with, as validation counts it
/// (the spaces shared among the colours in play, rounded up), or None when
/// captures can take pieces off the board or the board is not valid.
pub fn reserve_max(rules: &RuleSet) -> Option<u32> {
    let dimensions_ok = rules.board != BoardKind::Hash || rules.dimensions == [3, 3, 1];
    let dimensions_ok = dimensions_ok
        && (0..3).all(|axis| {
            super::dimension_range(rules, axis).contains(&u32::from(rules.dimensions[axis]))
        });
    reserve_cap(rules, dimensions_ok).map(|(max, _)| max)
}

/// Reserves name only colours in play, and hold no more than can be played.
fn check_reserves(
    rules: &RuleSet,
    s: &ShapeRules,
    field: &str,
    cap: Option<&(u32, String)>,
    report: &mut Report,
) {
    let colors = colors_in_play(rules);
    for (color, &count) in &s.reserves {
        let field = format!("{field}.reserves.{}", color.name());
        if count > 0 && !colors.contains(color) {
            report.add(
                field,
                format!(
                    "{} is not played in this game; the colours in play are {}",
                    color.name(),
                    color_list(&colors)
                ),
            );
        } else if let Some((max, why)) = cap
            && u32::from(count) > *max
        {
            report.add(
                field,
                format!("{count} is more than can be played; at most {max} ({why})"),
            );
        }
    }
    if let Some((max, _)) = cap {
        // The Factory clears and disables movement when every reserve of a
        // shape is at the maximum: the board fills before anything could move.
        let all_at_max = colors
            .iter()
            .all(|c| s.reserves.get(c).is_some_and(|&n| u32::from(n) == *max));
        if all_at_max && !s.movement.is_empty() {
            report.add(
                format!("{field}.movement"),
                format!(
                    "every colour has the maximum of {max} {} in reserve, so the board fills before any could move; leave movement out or lower a reserve",
                    s.shape.plural()
                ),
            );
        }
    }
}

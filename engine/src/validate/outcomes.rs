//! Turn checks and stalemate rules.

use crate::RuleSet;
use crate::rules::{BoardKind, Measure, Movement, Power, Shape, StalemateRule, TurnCheck};

use super::Report;
use super::shapes::file_name;

/// The Factory's in-a-row lengths: "First 2-..." up to "First 6-...".
pub const IN_A_ROW_LENGTHS: std::ops::RangeInclusive<u8> = 2..=6;
const LENGTHS: std::ops::RangeInclusive<u8> = IN_A_ROW_LENGTHS;

/// The longest straight line of spaces on the board, as in-a-row checks
/// count it: along the longest axis (diagonals are never longer), or walked
/// on the board's own tables for tetrakis squares, whose strips zigzag.
pub fn longest_line(rules: &RuleSet) -> u8 {
    let d = rules.dimensions;
    let tetrakis_fits = d.iter().all(|v| (1..=19).contains(v)) && d[2] == 1;
    if rules.board == BoardKind::TetrakisSquares && tetrakis_fits {
        crate::geometry::Geometry::compile(rules).longest_line(true)
    } else {
        d.into_iter().max().unwrap_or(0)
    }
}

pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    for (i, check) in rules.turn_checks.iter().enumerate() {
        let field = format!("turn_checks[{i}]");
        check_turn_check(rules, check, &field, report);
        if rules.turn_checks[..i].contains(check) {
            report.add(field, "this check is listed twice; list each check once");
        }
    }
    if rules.stalemate.is_empty() {
        report.add(
            "stalemate",
            "list at least one stalemate rule, e.g. {\"rule\": \"draw\"}",
        );
    }
    let several = rules.stalemate.len() > 1;
    for (i, rule) in rules.stalemate.iter().enumerate() {
        let field = format!("stalemate[{i}]");
        check_stalemate_rule(rules, rule, several, &field, report);
        if rules.stalemate[..i].contains(rule) {
            report.add(field, "this rule is listed twice; list each rule once");
        }
    }
}

fn check_turn_check(rules: &RuleSet, check: &TurnCheck, field: &str, report: &mut Report) {
    match check {
        TurnCheck::InARow { length, .. } | TurnCheck::AllLoseIfInARow { length, .. } => {
            check_length(rules, *length, &format!("{field}.length"), report);
        }
        TurnCheck::AnyPiece { .. } => {}
        TurnCheck::LastShape { shape, .. } => {
            check_shape(rules, *shape, &format!("{field}.shape"), report);
        }
        TurnCheck::ChaosWinsIfTotalAbove { shape, .. } => {
            check_chaos(rules, "\"Chaos wins if total ...\"", field, report);
            check_shape(rules, *shape, &format!("{field}.shape"), report);
        }
        TurnCheck::StalemateIfChaosCannotCapture => {
            check_chaos(
                rules,
                "\"Stalemate if Chaos cannot capture\"",
                field,
                report,
            );
            if rules.shapes.iter().all(|s| s.power == Power::None) {
                report.add(
                    field,
                    "\"Stalemate if Chaos cannot capture\" needs a shape that can capture; give a shape a power",
                );
            }
        }
        TurnCheck::EnPassant => {
            check_movement(
                rules,
                Movement::PawnForwardCenter,
                "\"En passant\"",
                field,
                report,
            );
        }
        TurnCheck::Castle => {
            check_movement(rules, Movement::RookOrthCastle, "\"Castle\"", field, report);
        }
    }
}

fn check_stalemate_rule(
    rules: &RuleSet,
    rule: &StalemateRule,
    several: bool,
    field: &str,
    report: &mut Report,
) {
    match rule {
        _ if rule.decides_everyone() => {
            if several {
                let name = serde_json::to_value(rule)
                    .ok()
                    .and_then(|v| v.get("rule").map(|r| r.to_string()))
                    .unwrap_or_default();
                report.add(
                    field,
                    format!(
                        "{name} decides every player, so it cannot be combined with other stalemate rules; keep it alone or remove it"
                    ),
                );
            }
        }
        StalemateRule::Most { of, .. }
        | StalemateRule::Least { of, .. }
        | StalemateRule::Any { of, .. } => check_measure(rules, of, field, report),
        StalemateRule::MoreThanChaos { of, .. } | StalemateRule::LessThanChaos { of, .. } => {
            check_chaos(rules, "a comparison with Chaos", field, report);
            check_measure(rules, of, field, report);
        }
        StalemateRule::LastInARow { length, .. } => {
            check_length(rules, *length, &format!("{field}.length"), report);
        }
        StalemateRule::Draw
        | StalemateRule::AllWin
        | StalemateRule::AllLose
        | StalemateRule::MoverWins
        | StalemateRule::MoverLoses => {}
    }
}

fn check_measure(rules: &RuleSet, of: &Measure, field: &str, report: &mut Report) {
    match of {
        Measure::Lines { length, .. } => {
            check_length(rules, *length, &format!("{field}.of.length"), report);
        }
        Measure::Pieces { shape: Some(shape) } => {
            check_shape(rules, *shape, &format!("{field}.of.shape"), report);
        }
        Measure::LongestLine { .. } | Measure::Pieces { shape: None } | Measure::Area => {}
    }
}

/// A line length: one the Factory offers, and one that fits on the board.
fn check_length(rules: &RuleSet, length: u8, field: &str, report: &mut Report) {
    if !LENGTHS.contains(&length) {
        report.add(
            field,
            format!(
                "{length} in a row is not offered; use {} to {}",
                LENGTHS.start(),
                LENGTHS.end()
            ),
        );
        return;
    }
    let d = rules.dimensions;
    let longest = longest_line(rules);
    if length > longest {
        report.add(
            field,
            format!(
                "no line of {length} fits on a {}x{}x{} board; the longest line possible is {longest}",
                d[0], d[1], d[2]
            ),
        );
    }
}

fn check_shape(rules: &RuleSet, shape: Shape, field: &str, report: &mut Report) {
    if rules.shape_rules(shape).is_none() {
        report.add(
            field,
            format!(
                "{} is not among the game's shapes; add it to shapes or choose a listed one",
                shape.name()
            ),
        );
    }
}

fn check_chaos(rules: &RuleSet, what: &str, field: &str, report: &mut Report) {
    if !rules.players.has_chaos() {
        report.add(
            field,
            format!(
                "{what} needs a Chaos seat, and {} has none; choose \"one_vs_chaos\", \"two_vs_chaos\" or \"three_vs_chaos\"",
                rules.players.words()
            ),
        );
    }
}

fn check_movement(rules: &RuleSet, needed: Movement, what: &str, field: &str, report: &mut Report) {
    if !rules.shapes.iter().any(|s| s.movement.contains(&needed)) {
        report.add(
            field,
            format!(
                "{what} needs a shape that moves \"{}\"; add that movement to a shape",
                file_name(&needed)
            ),
        );
    }
}

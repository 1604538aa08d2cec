//! Turn checks and stalemate rules.

use crate::RuleSet;
use crate::rules::{
    BoardKind, CaptureResult, ColorMode, Measure, Movement, NoMove, Order, Players, Power,
    Repetition, Shape, StalemateRule, TurnCheck,
};

use super::Report;
use super::shapes::file_name;

/// The in-a-row lengths: the Factory's "First 2-..." to "First 6-...", and
/// on to the longest line a board can hold (19 spaces).
pub const IN_A_ROW_LENGTHS: std::ops::RangeInclusive<u8> = 2..=19;
const LENGTHS: std::ops::RangeInclusive<u8> = IN_A_ROW_LENGTHS;

/// The most turns a move limit may name.
pub const TURN_LIMIT_MAX: u16 = 10_000;

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
    check_endings(rules, report);
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

/// The rules that end a match beyond checks and stalemates: a stuck seat's
/// fate, repetitions and move limits.
fn check_endings(rules: &RuleSet, report: &mut Report) {
    for (field, limit) in [
        ("turn_limit", rules.turn_limit),
        ("quiet_turn_limit", rules.quiet_turn_limit),
    ] {
        if limit.is_some_and(|n| !(1..=TURN_LIMIT_MAX).contains(&n)) {
            report.add(
                field,
                format!("a limit of 1 to {TURN_LIMIT_MAX} turns is accepted, e.g. 200"),
            );
        }
    }
    let sealed = |order: Order| order != Order::Sequential;
    for (i, phase) in rules.phases.iter().enumerate() {
        let no_move = phase.no_move.unwrap_or(rules.no_move);
        if no_move != NoMove::Pass && sealed(phase.order) {
            let field = match phase.no_move {
                Some(_) => format!("phases[{i}].no_move"),
                None => "no_move".to_string(),
            };
            report.add(
                field,
                format!(
                    "phase {} is played in sealed rounds, where a seat with no move plans a \
                     pass; a player who cannot move can lose or win only in sequential \
                     phases: give phase {} \"no_move\": \"pass\"",
                    i + 1,
                    i + 1
                ),
            );
        }
    }
    if rules.lines_at_start {
        check_lines_at_start(rules, report);
    }
    if rules.repetition == Repetition::Ignored && !length_bounded(rules) {
        report.add(
            "repetition",
            "with repeated turns allowed a game could go on forever; set \"turn_limit\" \
             (e.g. 300), or a \"quiet_turn_limit\" where no capture converts or \
             reincarnates (captures and placements then run out)",
        );
    }
}

/// "Lines on the board at the start count": there must be pieces at the
/// start, a check that looks at lines or goals, and a first turn (a
/// sealed round judges only what its plans change).
fn check_lines_at_start(rules: &RuleSet, report: &mut Report) {
    let field = "lines_at_start";
    if rules.initial.is_empty() {
        report.add(
            field,
            "no piece is on the board at the start, so no line there can count; list \
             pieces in \"initial\", or leave \"lines_at_start\" out",
        );
    }
    let looks = rules.turn_checks.iter().any(|c| {
        matches!(
            c,
            TurnCheck::InARow { .. }
                | TurnCheck::AllLoseIfInARow { .. }
                | TurnCheck::ReachGoal { .. }
        )
    });
    if !looks {
        report.add(
            field,
            "only in-a-row and goal checks look at lines or goals; add one, e.g. \
             {\"check\": \"in_a_row\", \"length\": 3, \"result\": \"win\"}",
        );
    }
    if rules
        .phases
        .first()
        .is_some_and(|p| p.order != Order::Sequential)
    {
        report.add(
            field,
            "the first phase is played in sealed rounds, whose checks judge only what the \
             plans change; play the first phase in turns (\"order\": \"sequential\")",
        );
    }
}

/// Whether the move limits bound every game though turns may repeat: a
/// turn limit does; a quiet limit does where every capture removes or
/// paralyses, so that captures and placements, which restart its count,
/// run out.
fn length_bounded(rules: &RuleSet) -> bool {
    let runs_out = rules.shapes.iter().all(|s| {
        s.power == Power::None
            || matches!(
                s.result,
                None | Some(CaptureResult::Remove | CaptureResult::Paralyze)
            )
    });
    rules.turn_limit.is_some() || rules.quiet_turn_limit.is_some() && runs_out
}

fn check_turn_check(rules: &RuleSet, check: &TurnCheck, field: &str, report: &mut Report) {
    match check {
        TurnCheck::InARow { length, .. } | TurnCheck::AllLoseIfInARow { length, .. } => {
            check_length(rules, *length, &format!("{field}.length"), report);
        }
        TurnCheck::AnyPiece { .. }
        | TurnCheck::ReachGoal { .. }
        | TurnCheck::StalemateIfBoardFull => {}
        TurnCheck::ConnectSides { .. } => check_sides(rules, field, report),
        TurnCheck::StackOfColors { colors, .. } => {
            check_stack_of_colors(rules, *colors, field, report);
        }
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

/// "Connecting opposite sides": each player has two sides to join, along
/// an axis of its own at least 2 spaces long, on a board whose sides do not
/// wrap round.
/// The most colours one team plays: a seat's (several with assigned
/// colours, every player colour when players choose), a partnership's two
/// seats' with assigned colours.
fn team_colors_most(rules: &RuleSet) -> usize {
    let seat = match rules.colors {
        ColorMode::Assigned => usize::from(rules.colors_per_seat),
        ColorMode::PlayersChoose => super::player_colors(rules).len(),
        ColorMode::Shared | ColorMode::PartnersShare => 1,
    };
    let partners = rules.players == Players::Partners && rules.colors == ColorMode::Assigned;
    seat * if partners { 2 } else { 1 }
}

/// A stack of N own colours: on stacks tall enough, where some team plays
/// N colours.
fn check_stack_of_colors(rules: &RuleSet, colors: u8, field: &str, report: &mut Report) {
    if rules.board != BoardKind::Stacks {
        report.add(
            field,
            "a stack of colours needs a board of stacks; set \"board\": \"stacks\", or use \
             another check",
        );
        return;
    }
    let most = team_colors_most(rules);
    let height = rules.dimensions[2];
    if colors < 2 || usize::from(colors) > most || colors > height {
        report.add(
            format!("{field}.colors"),
            format!(
                "{colors} colours in a stack: a team here plays at most {most} colour(s) and a \
                 stack holds {height}; give each seat more colours (\"colors_per_seat\"), or \
                 ask for 2 to {} colours",
                most.min(usize::from(height)).max(2)
            ),
        );
    }
}

fn check_sides(rules: &RuleSet, field: &str, report: &mut Report) {
    if rules.board == BoardKind::SquaresOnToroid {
        report.add(
            field,
            "a toroid has no sides to connect: its edges join; choose squares or hexagons",
        );
        return;
    }
    let axes = [
        "y (bottom and top)",
        "x (left and right)",
        "z (lowest and highest levels)",
    ];
    let players = rules.players.player_seats();
    if players > axes.len() {
        report.add(
            field,
            format!(
                "each player joins the two sides of an axis of its own (Player 1 {}, Player 2 \
                 {}, Player 3 {}), so at most 3 players can; {} has {players}",
                axes[0],
                axes[1],
                axes[2],
                rules.players.words()
            ),
        );
        return;
    }
    for (seat, axis) in crate::game::SIDE_AXES.iter().take(players).enumerate() {
        if rules.dimensions[*axis] < 2 {
            report.add(
                field,
                format!(
                    "Player {} joins the sides along {}, but the board is {} long there; \
                     make that dimension at least 2",
                    seat + 1,
                    axes[seat],
                    rules.dimensions[*axis]
                ),
            );
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

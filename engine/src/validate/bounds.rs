//! Bounds on moves and turns (ours, issue 23): walls that stop slides,
//! shapes that keep to one axis, turns of 1 to N pieces, and another move
//! after a capture.

use crate::RuleSet;
use crate::rules::{
    Axis, BoardKind, CaptureCondition, CaptureResult, Movement, Order, Power, ShapeRules,
};

/// The most pieces a turn may take ("6 pieces/turn").
pub const PIECES_PER_TURN_MAX: u8 = 6;

use super::Report;

/// Kinds that slide along a line (and so can meet a wall on the way).
fn slides(kind: Movement) -> bool {
    matches!(
        kind,
        Movement::Orthogonal
            | Movement::Diagonal
            | Movement::Linear
            | Movement::LinearOrKnight
            | Movement::RookOrthCastle
            | Movement::ForwardOrth
            | Movement::ForwardDiag
            | Movement::OrthNoBack
    )
}

/// Kinds whose every move changes two coordinates or more: nothing of
/// them survives an axis.
fn leaps_only(kind: Movement) -> bool {
    matches!(
        kind,
        Movement::Knight | Movement::Knight2x1x0 | Movement::Knight2x1x1 | Movement::KnightBlocked
    )
}

/// Whether a shape may keep to `axis` on the rules' board: rows and columns
/// on boards of rows and columns, layers where there are several.
pub fn axis_fits(rules: &RuleSet, axis: Axis) -> bool {
    let rows_and_columns = !matches!(rules.board, BoardKind::Stacks | BoardKind::TetrakisSquares);
    let layers = rules.board != BoardKind::Hash && rules.dimensions[2] > 1;
    rows_and_columns && (axis != Axis::Layers || layers)
}

pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    if rules.walls_stop_slides {
        check_walls(rules, report);
    }
    check_turns(rules, report);
    for (i, s) in rules.shapes.iter().enumerate() {
        if let Some(axis) = s.axis {
            check_axis(rules, s, axis, &format!("shapes[{i}].axis"), report);
        }
        check_jumps(s, &format!("shapes[{i}]"), report);
    }
}

/// A jump's options: only on jumps; a jump that leaves what it passes
/// captures nothing, so it cannot be a shape's only or compulsory move; and
/// a chain over pieces that stay must not return, or it could go round for
/// ever.
fn check_jumps(s: &ShapeRules, field: &str, report: &mut Report) {
    let jumps = s.power != Power::None
        && matches!(
            s.capture,
            Some(
                CaptureCondition::Jump
                    | CaptureCondition::ChainJump
                    | CaptureCondition::ChainJumpBack
            )
        );
    let chains = jumps
        && matches!(
            s.capture,
            Some(CaptureCondition::ChainJump | CaptureCondition::ChainJumpBack)
        );
    let leaves = s.result == Some(CaptureResult::Leave);
    let not_a_jump = |option: &str| {
        format!(
            "\"{option}\" is for jumps; give the shape a power with the capture \"jump\", \
             \"chain_jump\" or \"chain_jump_back\", or leave {option} out"
        )
    };
    if !jumps {
        if !s.jump_over.is_enemy() {
            report.add(format!("{field}.jump_over"), not_a_jump("jump_over"));
        }
        if s.jump_line {
            report.add(format!("{field}.jump_line"), not_a_jump("jump_line"));
        }
        if leaves {
            report.add(
                format!("{field}.result"),
                "\"leave\" is for jumps, which pass over what they leave; use \"remove\", \
                 \"convert\" or \"reincarnate\"",
            );
        }
    }
    if s.chain_no_return && !chains {
        report.add(
            format!("{field}.chain_no_return"),
            "only a chain of jumps can be kept from returning; give the shape the capture \
             \"chain_jump\" or \"chain_jump_back\", or leave chain_no_return out",
        );
    }
    if jumps && leaves && s.power != Power::Can {
        report.add(
            format!("{field}.power"),
            "a jump that leaves what it passes captures nothing, so it cannot be a must or an \
             only; use the power \"can\"",
        );
    }
    let pieces_stay = leaves || !s.jump_over.is_enemy();
    if chains && pieces_stay && !s.chain_no_return {
        report.add(
            format!("{field}.chain_no_return"),
            "a chain of jumps over pieces that stay could go round for ever; set \
             \"chain_no_return\": true (a chain never lands where it has stood this turn)",
        );
    }
}

/// "1 to N pieces/turn" and "Another move after a capture": turns of a
/// seat's own, where the rules allow what they change.
fn check_turns(rules: &RuleSet, report: &mut Report) {
    let sealed = rules.phases.iter().any(|p| p.order != Order::Sequential);
    if rules.pieces_up_to {
        let field = "pieces_up_to";
        if rules.pieces_per_turn < 2 {
            report.add(
                field,
                "a turn of 1 piece cannot end any sooner; set \"pieces_per_turn\" to 2 to 6, \
                 or leave \"pieces_up_to\" out",
            );
        }
        if sealed {
            report.add(
                field,
                "a sealed round's plans all take the same pieces; play every phase in turns \
                 (\"order\": \"sequential\"), or leave \"pieces_up_to\" out",
            );
        }
    }
    if rules.capture_moves_again {
        let field = "capture_moves_again";
        // A jump that leaves what it passes captures nothing.
        let captures =
            |s: &ShapeRules| s.power != Power::None && s.result != Some(CaptureResult::Leave);
        if !rules.shapes.iter().any(captures) {
            report.add(
                field,
                "no shape can capture; give a shape a power, e.g. \"power\": \"can\", or leave \
                 \"capture_moves_again\" out",
            );
        }
        if sealed {
            report.add(
                field,
                "a sealed round is planned before any capture is made; play every phase in \
                 turns (\"order\": \"sequential\"), or leave \"capture_moves_again\" out",
            );
        }
    }
}

fn check_walls(rules: &RuleSet, report: &mut Report) {
    let field = "walls_stop_slides";
    if rules.board == BoardKind::Stacks {
        report.add(
            field,
            "on stacks a piece lands on a stack, whatever is locked on the way; leave \
             \"walls_stop_slides\" out, or choose a flat board",
        );
    }
    if !(rules.shapes.iter()).any(|s| s.movement.iter().any(|&m| slides(m))) {
        report.add(
            field,
            "no shape slides, so no wall can stop one; give a shape a sliding movement, e.g. \
             \"orthogonal\", or leave \"walls_stop_slides\" out",
        );
    }
    if rules.phases.iter().all(|p| p.locked.is_empty()) {
        report.add(
            field,
            "no phase has walls (locked spaces); lock some, e.g. \"locked\": [\"2,2\"], or leave \
             \"walls_stop_slides\" out",
        );
    }
}

fn check_axis(rules: &RuleSet, s: &ShapeRules, axis: Axis, field: &str, report: &mut Report) {
    let name = super::shapes::file_name(&axis);
    if !axis_fits(rules, axis) {
        let why = match axis {
            Axis::Layers => "a board of one layer has none to move along; use rows or columns",
            _ => "stacks and tetrakis squares have no straight rows and columns to keep to",
        };
        report.add(field, format!("\"{name}\": {why}"));
    }
    if s.movement.is_empty() {
        report.add(
            field,
            "a shape that never moves has no axis to keep to; give it a movement, or leave axis out",
        );
    } else if s.movement.iter().all(|&m| leaps_only(m)) {
        report.add(
            field,
            "a knight's leap always changes two coordinates, so no move would be left; give the \
             shape a step or a slide, or leave axis out",
        );
    }
}

//! Dice (ours, issue 23): a die rolled at the start of every turn that
//! decides which shape plays or how far a piece moves; and a one-player
//! game's score.

use crate::RuleSet;
use crate::rules::{BoardKind, Cloaking, DiceDecides, Order};

use super::Report;

/// The faces a die may have.
pub const DICE_FACES: std::ops::RangeInclusive<u8> = 2..=12;

pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    let Some(dice) = rules.dice else {
        return;
    };
    if !DICE_FACES.contains(&dice.faces) {
        report.add(
            "dice.faces",
            format!(
                "a die has {} to {} faces, not {}; like \"faces\": 6",
                DICE_FACES.start(),
                DICE_FACES.end(),
                dice.faces
            ),
        );
    }
    let field = "dice.decides";
    match dice.decides {
        DiceDecides::Shape if rules.shapes.len() < 2 => report.add(
            field,
            "with one shape in play a roll for the shape decides nothing; add a shape, or \
             have the die decide how far a piece moves (\"decides\": \"distance\")",
        ),
        DiceDecides::Distance if rules.shapes.iter().all(|s| s.movement.is_empty()) => report.add(
            field,
            "no shape moves, so a roll for how far decides nothing; give a shape a \
                 movement, like \"movement\": [\"linear\"], or have the die decide the shape \
                 (\"decides\": \"shape\")",
        ),
        DiceDecides::Distance if rules.board == BoardKind::Stacks => report.add(
            field,
            "on stacks a move lands on top of a stack, so it has no distance to roll; choose \
             a flat board or have the die decide the shape (\"decides\": \"shape\")",
        ),
        _ => {}
    }
    if rules.cloaking != Cloaking::None {
        report.add(
            "dice",
            "dice are for open boards: set \"cloaking\" to \"none\" or leave dice out",
        );
    }
    if rules.phases.iter().any(|p| p.order != Order::Sequential) {
        report.add(
            "dice",
            "a die is rolled for one seat's turn at a time: make every phase \"sequential\" \
             or leave dice out",
        );
    }
}

/// A score ranks one player's games: the rules have one player (alone or
/// against Chaos).
pub(super) fn check_score(rules: &RuleSet, report: &mut Report) {
    if rules.score.is_some() && rules.players.player_seats() != 1 {
        report.add(
            "score",
            "a score ranks one player's games, and here the result ranks the players; set \
             \"players\" to \"one\" or \"one_vs_chaos\", or leave score out",
        );
    }
}

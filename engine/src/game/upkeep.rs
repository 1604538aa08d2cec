//! The end-of-turn bookkeeping a rule set needs, decided once when it is
//! compiled: a turn of Tic-Tac-Toe should not ask, every turn, whether some
//! rule remembers who last made a line or which teams hold a shape.

use super::CompiledPhase;
use super::capture::ShapePower;
use crate::rules::{Order, RuleSet, StalemateRule, TurnCheck};

#[derive(Clone, Debug, Default)]
pub(crate) struct Upkeep {
    /// A "Last K-same-color-in-a-row" stalemate rule needs who last made a line.
    pub remembers_lines: bool,
    /// A "Last <shape>" check needs the teams holding the shape at turn start.
    pub tracks_shape_holders: bool,
    /// "Stalemate if Chaos cannot capture" is a turn check.
    pub chaos_capture_check: bool,
    /// Some shape must capture when it can.
    pub must_capture: bool,
    /// Per phase: whether the position key at a turn's start must be kept.
    /// Not where every board move places a piece, reserves only fall and
    /// turns come one at a time: a turn that placed can never repeat, and
    /// one that did not (passes, draw talk) changed nothing, so its start
    /// is the position at its end.
    pub start_key: Vec<bool>,
}

impl Upkeep {
    pub(crate) fn compile(
        rules: &RuleSet,
        phases: &[CompiledPhase],
        powers: &[Option<ShapePower>; 6],
        nothing_captures: bool,
    ) -> Upkeep {
        let nothing_moves = rules.shapes.iter().all(|s| s.movement.is_empty());
        let start_key = phases
            .iter()
            .zip(&rules.phases)
            .map(|(compiled, phase)| {
                let only_places = compiled.placement_only || nothing_moves;
                !(only_places && nothing_captures && phase.order == Order::Sequential)
            })
            .collect();
        Upkeep {
            remembers_lines: rules
                .stalemate
                .iter()
                .any(|r| matches!(r, StalemateRule::LastInARow { .. })),
            tracks_shape_holders: rules
                .turn_checks
                .iter()
                .any(|c| matches!(c, TurnCheck::LastShape { .. })),
            chaos_capture_check: rules
                .turn_checks
                .contains(&TurnCheck::StalemateIfChaosCannotCapture),
            must_capture: powers.iter().flatten().any(|p| p.must),
            start_key,
        }
    }
}

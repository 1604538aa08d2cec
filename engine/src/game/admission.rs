//! Which rule sets the runs may play: the lean placements, moves and
//! stacks played apart from the state (`lean_run`, `move_run`,
//! `stack_run`), which make a turn's moves without its records and end it
//! without `finish_turn`'s questions (move limits, repetitions, stuck
//! seats). A positive list over every field of the rule set, its shapes
//! and its phases, each named with why a run plays it as the general way
//! does: a field added to the rules is a compile error here until someone
//! says how it plays, and until then no run takes it.
//!
//! Each run asks its own questions of the compiled game besides (see
//! `move_run::lean_move_phases`, `stack_run::stack_run_phases`, the
//! upkeep's lean turns); what is refused here no run plays.

use super::Game;
use super::stack_run::StackPhase;
use crate::rules::{Phase, RuleSet, ShapeRules, TurnCheck};

/// What the runs may play in each phase of a game, decided once when it
/// is compiled.
#[derive(Debug, Default)]
pub(crate) struct Runs {
    /// Whether any run may play the rule set at all (see
    /// [`runs_may_play`]). Where not, the rules end a match in ways beyond
    /// checks and stalemates, or bound moves or turns beyond the runs:
    /// every turn ends the general way, counted.
    pub may_play: bool,
    /// Per phase: Random plays a run of placements whose turns ask nothing
    /// at their end but the lines they made, or nothing (see
    /// `Upkeep::quiet_placement` and `State::play_lean_run`).
    pub placements: Vec<bool>,
    /// Per phase: as `placements`, where placements are quiet under
    /// "Cloaking hides" on a flat board: on a copy of each seat's believed
    /// open cells (see `LeanRun`).
    pub hidden_placements: Vec<bool>,
    /// Per phase and seat: the cells lean moves may start from (see
    /// `move_run::lean_move_phases`); empty where none plays.
    pub moves: Vec<Vec<u64>>,
    /// Per phase: the run of placements on stacks (see `stack_run`).
    pub stacks: Vec<Option<StackPhase>>,
    /// Per phase: whether some run may play there.
    pub any: Vec<bool>,
}

impl Runs {
    /// Decides the runs of `game`, whose other tables are compiled; where
    /// no run may play, its passes are not quiet either (a quiet pass ends
    /// its turn apart from `finish_turn`, as a run does).
    pub(crate) fn admit(game: &mut Game) {
        let phases = game.phases.len();
        let may_play = runs_may_play(&game.rules);
        let upkeep = &game.upkeep;
        let lean_ends = !upkeep.remembers_lines
            && !upkeep.tracks_shape_holders
            && !upkeep.chaos_capture_check
            && !upkeep.seats_sit_out
            && (upkeep.untold_lines || !upkeep.board_checks);
        let lean = |quiet: &[bool]| -> Vec<bool> {
            (quiet.iter().zip(&upkeep.start_key))
                .map(|(&quiet, &start_key)| may_play && quiet && !start_key && lean_ends)
                .collect()
        };
        let mut runs = Runs {
            may_play,
            placements: lean(&upkeep.quiet_placement),
            hidden_placements: lean(&super::upkeep::quiet_placements(
                &game.rules,
                &game.placing.everywhere,
                game.pieces.nothing_captures,
                crate::rules::Cloaking::Hides,
            )),
            moves: vec![Vec::new(); phases],
            stacks: (0..phases).map(|_| None).collect(),
            any: Vec::new(),
        };
        if may_play {
            runs.moves = super::move_run::lean_move_phases(game);
            runs.stacks = super::stack_run::stack_run_phases(game);
        } else {
            game.upkeep.quiet_passes = false;
        }
        runs.any = (0..phases)
            .map(|phase| {
                runs.placements[phase]
                    || runs.hidden_placements[phase]
                    || !runs.moves[phase].is_empty()
                    || runs.stacks[phase].is_some()
            })
            .collect();
        game.runs = runs;
    }
}

/// Whether the runs may play `rules` at all. False where a turn ends or a
/// match is decided beyond the checks and stalemates the runs judge, or a
/// turn's length or a move's reach is bounded beyond what they know.
pub(crate) fn runs_may_play(rules: &RuleSet) -> bool {
    let RuleSet {
        // Names, labels and the clock: no bearing on play.
        schema_version: _,
        name: _,
        labels: _,
        seconds_per_turn: _,
        // Seats and colours: compiled into the seats, which the runs read.
        players: _,
        colors: _,
        colors_per_seat: _,
        chaos_color: _,
        // The board: compiled into the geometry; the runs read its cells.
        boards: _,
        board: _,
        dimensions: _,
        hexagon_shaped: _,
        sticky: _,
        exclusive: _,
        initial: _,
        // Each run judges these itself (hidden placements, one piece a
        // turn for moves, draw offers, captures, scores at the end).
        cloaking: _,
        pieces_per_turn: _,
        draw_option: _,
        overachievers_disqualified: _,
        score: _,
        stalemate: _,
        shapes,
        phases,
        turn_checks,
        // A turn of unknown length: the runs count moves a turn.
        pieces_up_to,
        capture_moves_again,
        dice,
        // Ending rules `finish_turn` judges at every turn's end.
        no_move,
        repetition,
        turn_limit,
        quiet_turn_limit,
        lines_at_start,
        // Slides the step tables do not stop.
        walls_stop_slides,
    } = rules;
    !pieces_up_to
        && !capture_moves_again
        && dice.is_none()
        && no_move.is_pass()
        && repetition.is_stalemate()
        && turn_limit.is_none()
        && quiet_turn_limit.is_none()
        && !lines_at_start
        && !walls_stop_slides
        && !turn_checks.contains(&TurnCheck::StalemateIfBoardFull)
        && shapes.iter().all(shape_may_run)
        && phases.iter().all(phase_may_run)
}

/// Whether a shape's rules leave it to the runs.
fn shape_may_run(shape: &ShapeRules) -> bool {
    let ShapeRules {
        // What it is, how it captures and how it moves: the step tables
        // and each run's own questions (a run takes no capturing game).
        shape: _,
        power: _,
        capture: _,
        result: _,
        chain: _,
        jump_over: _,
        jump_line: _,
        chain_no_return: _,
        movement: _,
        reserves: _,
        // A move kept to one axis, or leaving a trail: bounds the runs do
        // not know.
        axis,
        trail,
    } = shape;
    axis.is_none() && trail.is_none()
}

/// Whether a phase's rules leave it to the runs.
fn phase_may_run(phase: &Phase) -> bool {
    let Phase {
        // Each run judges these itself (sequential turns, no pass, cells
        // locked or cloaked, seats locked out or folding).
        order: _,
        placement_only: _,
        pass: _,
        locked_seats: _,
        locked: _,
        cloaked: _,
        fold: _,
        // A seat that cannot move and loses or wins: `finish_turn`'s.
        no_move,
    } = phase;
    no_move.is_none_or(|n| n.is_pass())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::runs_may_play;
    use crate::testing::rules;

    #[test]
    fn rules_the_runs_do_not_know_take_the_general_way() {
        let known = [
            json!({}),
            json!({"pieces_per_turn": 2, "draw_option": true}),
            json!({"shapes": [{"movement": ["adjacent"], "reserves": {"black": 3, "white": 3}}]}),
        ];
        for fields in known {
            assert!(runs_may_play(&rules(fields.clone())), "{fields}");
        }
        let unknown = [
            json!({"pieces_up_to": true, "pieces_per_turn": 2}),
            json!({"capture_moves_again": true}),
            json!({"dice": {"faces": 6, "decides": "shape"}}),
            json!({"no_move": "lose"}),
            json!({"phases": [{"no_move": "win"}]}),
            json!({"repetition": "draw"}),
            json!({"turn_limit": 20}),
            json!({"quiet_turn_limit": 20}),
            json!({"lines_at_start": true}),
            json!({"walls_stop_slides": true}),
            json!({"turn_checks": [{"check": "stalemate_if_board_full"}]}),
            json!({"shapes": [{"movement": ["orthogonal"], "axis": "columns",
                               "reserves": {"black": 3, "white": 3}}]}),
            json!({"shapes": [{"movement": ["adjacent"], "trail": "wall",
                               "reserves": {"black": 3, "white": 3}}]}),
        ];
        for fields in unknown {
            assert!(!runs_may_play(&rules(fields.clone())), "{fields}");
        }
    }
}

//! The end-of-turn bookkeeping a rule set needs, decided once when it is
//! compiled: a turn of Tic-Tac-Toe should not ask, every turn, whether some
//! rule remembers who last made a line or which teams hold a shape.

use super::CompiledPhase;
use super::capture::ShapePower;
use super::lines::{LineTable, LineTest, wraps};
use crate::geometry::Geometry;
use crate::rules::{BoardKind, Cloaking, Order, RuleSet, StalemateRule, TurnCheck, WinLose};

#[derive(Clone, Debug, Default)]
pub(crate) struct Upkeep {
    /// A "Last K-same-color-in-a-row" stalemate rule needs who last made a line.
    pub remembers_lines: bool,
    /// A "Last <shape>" check needs the teams holding the shape at turn start.
    pub tracks_shape_holders: bool,
    /// Some turn check can decide a board (the others are not outcomes:
    /// Chaos's capture test, en passant, castling). Without one, a turn
    /// asks no board anything.
    pub board_checks: bool,
    /// Some phase locks seats out, or some seat may fold: a seat may have
    /// no move at all without its moves being listed (see `State::sits_out`).
    pub seats_sit_out: bool,
    /// "Stalemate if Chaos cannot capture" is a turn check.
    pub chaos_capture_check: bool,
    /// "Stalemate if board full" is a turn check (judged in `finish_turn`:
    /// a game with it has `Game::ending_rules`, so no turn ends apart).
    pub board_full_check: bool,
    /// A pass asks nothing at its turn's end but whether the turn repeats:
    /// no turn check decides a board, no line is remembered, Chaos's
    /// capture is not tested and nothing is cloaked (see
    /// `State::pass_quietly`; most turns of the game-theory games are
    /// such passes).
    pub quiet_passes: bool,
    /// Some shape can capture (a piece covering another, jumping, ...).
    pub captures: bool,
    /// Some shape must capture when it can, or only captures.
    pub must_capture: bool,
    /// Some shape only captures: its moves that capture nothing are dropped.
    pub capture_only: bool,
    /// Per phase: whether the position key at a turn's start must be kept.
    /// Not where every board move places a piece, reserves only fall and
    /// turns come one at a time: a turn that placed can never repeat, and
    /// one that did not (passes, draw talk) changed nothing, so its start
    /// is the position at its end.
    pub start_key: Vec<bool>,
    /// In-a-row checks alone decide the game's only board, each decided by
    /// a compiled line table or a count along neighbours that do not wrap,
    /// and no one is disqualified for overachieving:
    /// an ending's results are found without building its explanation,
    /// which is told when asked (see `outcome::Ending`).
    pub untold_lines: bool,
    /// Otherwise, turn checks decide the game's only board and no one is
    /// disqualified for overachieving: checks that fire give the results
    /// alone, the outcome told from the finished position when asked.
    pub untold_board_checks: bool,
    /// With `untold_lines`, each in-a-row check as the test that decides it
    /// and its result, in the rules' order.
    pub untold_checks: Vec<(LineTest, WinLose)>,
    /// Per phase: a placement there touches only the board, the mover's
    /// reserve and the turn: placements are a product (see
    /// `Game::placing_everywhere`, which also means nothing captures),
    /// nothing is cloaked and turns come one at a time. Such a placement
    /// skips the general move's questions (see `State::place_quietly`).
    pub quiet_placement: Vec<bool>,
}

impl Upkeep {
    /// Sets `untold_lines` once the line tables are compiled.
    pub(crate) fn with_line_tables(
        mut self,
        rules: &RuleSet,
        geometry: &Geometry,
        tables: &[LineTable],
    ) -> Upkeep {
        let in_a_row: Vec<(LineTest, WinLose)> = rules
            .turn_checks
            .iter()
            .filter_map(|c| match c {
                TurnCheck::InARow {
                    length,
                    diagonals,
                    result,
                } => {
                    let table = tables
                        .iter()
                        .position(|t| t.length == *length && t.diagonals == *diagonals);
                    let test = match table {
                        Some(table) => LineTest::Table(table),
                        None => LineTest::Walk {
                            length: *length,
                            diagonals: *diagonals,
                        },
                    };
                    Some((test, *result))
                }
                _ => None,
            })
            .collect();
        let only_lines = rules
            .turn_checks
            .iter()
            .all(|c| matches!(c, TurnCheck::InARow { .. }) || !decides_a_board(c));
        self.untold_lines = geometry.boards == 1
            && !rules.overachievers_disqualified
            && only_lines
            && !wraps(geometry)
            && (1..=crate::game::outcome::MAX_UNTOLD_CHECKS).contains(&in_a_row.len());
        if self.untold_lines {
            self.untold_checks = in_a_row;
        }
        self.untold_board_checks = !self.untold_lines
            && self.board_checks
            && geometry.boards == 1
            && !rules.overachievers_disqualified;
        self
    }

    pub(crate) fn compile(
        rules: &RuleSet,
        phases: &[CompiledPhase],
        powers: &[Option<ShapePower>; 6],
        nothing_captures: bool,
        placing_everywhere: &[bool],
    ) -> Upkeep {
        let quiet_placement =
            quiet_placements(rules, placing_everywhere, nothing_captures, Cloaking::None);
        let nothing_moves = rules.shapes.iter().all(|s| s.movement.is_empty());
        let start_key = phases
            .iter()
            .zip(&rules.phases)
            .map(|(compiled, phase)| {
                let only_places = compiled.placement_only || nothing_moves;
                !(only_places && nothing_captures && phase.order == Order::Sequential)
            })
            .collect();
        let mut upkeep = Upkeep {
            remembers_lines: rules
                .stalemate
                .iter()
                .any(|r| matches!(r, StalemateRule::LastInARow { .. })),
            tracks_shape_holders: rules
                .turn_checks
                .iter()
                .any(|c| matches!(c, TurnCheck::LastShape { .. })),
            board_checks: rules.turn_checks.iter().any(decides_a_board),
            seats_sit_out: phases.iter().any(|p| p.locked_seats != 0)
                || rules.phases.iter().any(|p| p.fold.is_some()),
            chaos_capture_check: rules
                .turn_checks
                .contains(&TurnCheck::StalemateIfChaosCannotCapture),
            board_full_check: rules.turn_checks.contains(&TurnCheck::StalemateIfBoardFull),
            captures: !nothing_captures,
            must_capture: powers.iter().flatten().any(|p| p.must || p.only),
            capture_only: powers.iter().flatten().any(|p| p.only),
            quiet_passes: false,
            start_key,
            untold_lines: false,
            untold_board_checks: false,
            untold_checks: Vec::new(),
            quiet_placement,
        };
        upkeep.quiet_passes = rules.cloaking == Cloaking::None
            && !upkeep.board_checks
            && !upkeep.remembers_lines
            && !upkeep.chaos_capture_check
            && !upkeep.board_full_check;
        upkeep
    }
}

/// Whether a turn check can decide a board: not Chaos's capture test
/// (it ends a phase), en passant or castling (they allow moves).
fn decides_a_board(check: &TurnCheck) -> bool {
    !matches!(
        check,
        TurnCheck::StalemateIfChaosCannotCapture
            | TurnCheck::StalemateIfBoardFull
            | TurnCheck::EnPassant
            | TurnCheck::Castle
    )
}

/// Per phase: whether a placement there is quiet (see
/// `Upkeep::quiet_placement`) where the rules' cloaking is `cloaking`:
/// placements are a product, nothing captures, turns come one at a time,
/// and under "Cloaking hides" the board is flat (each seat places on the
/// cells it believes open, a placement on an unseen piece blocked).
pub(crate) fn quiet_placements(
    rules: &RuleSet,
    placing_everywhere: &[bool],
    nothing_captures: bool,
    cloaking: Cloaking,
) -> Vec<bool> {
    let flat = rules.board != BoardKind::Stacks;
    (rules.phases.iter().zip(placing_everywhere))
        .map(|(phase, &product)| {
            product
                && nothing_captures
                && rules.cloaking == cloaking
                && (cloaking == Cloaking::None || flat)
                && phase.order == Order::Sequential
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use serde_json::json;

    use crate::catalogue;
    use crate::testing::{catalogue_game, game};

    #[test]
    fn endings_are_told_when_asked_with_the_results_decided() {
        for name in ["Tic-Tac-Toe", "Connect4", "Qubic-4"] {
            assert!(catalogue_game(name).upkeep.untold_lines, "{name}");
        }
        // Too big for a table: lines counted along the neighbours.
        for name in ["5on15sq", "Connect6-19x19"] {
            assert!(catalogue_game(name).upkeep.untold_lines, "{name}");
        }
        // A toroid's lines cross its seam: only the walk that lists them counts them.
        let toroid = game(json!({"board": "squares_on_toroid", "dimensions": [5, 5, 1]}));
        assert!(!toroid.upkeep.untold_lines);
        // Boards of every kind, small and big, with lines of every length.
        let invented = [
            ("hexagons", [9, 9, 1], 4),
            ("tetrakis_squares", [5, 5, 1], 3),
            ("squares", [5, 5, 5], 4),
            ("squares", [12, 12, 1], 5),
            ("hash", [3, 3, 1], 3),
            ("stacks", [9, 9, 4], 4),
        ]
        .map(|(board, dims, length)| {
            json!({"name": format!("{board}-{}", dims.map(|d| d.to_string()).join("x")), "board": board, "dimensions": dims,
                   "turn_checks": [{"check": "in_a_row", "length": length, "result": "win"}]})
        })
        .map(crate::testing::rules);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut untold = 0;
        // Every game: one-board games tell stalemates when asked too.
        for rules in catalogue::all().into_iter().chain(invented) {
            let name = rules.name.clone();
            let game = crate::Game::new(rules).expect("valid rule sets");
            untold += usize::from(game.upkeep.untold_lines);
            for seed in 0..20 {
                let mut state = game.start_seeded(seed);
                crate::random::playout(&mut state, &mut rng);
                let results = state.results().expect("over").to_vec();
                let told = state.outcome().expect("over");
                assert_eq!(told.results, results, "{name}");
                assert!(!told.reason(&game).is_empty(), "{name}: explained");
            }
        }
        assert!(untold >= 11, "{untold} games decided their lines untold");
    }
}

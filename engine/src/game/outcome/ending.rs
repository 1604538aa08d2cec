//! Endings kept as results and told when asked: a playout needs who won,
//! a person needs why.

use std::sync::OnceLock;

use super::checks::{Checked, checks_of_turn};
use super::explain::{Explanation, StalemateCause};
use super::{
    Outcome, SeatResult, after_turn, combine_boards, credited, decide, decide_named_into,
    stalemate, walk_completes,
};
use crate::game::board::Board;
use crate::game::lines::LineTest;
use crate::game::state::BoardResult;
use crate::game::unpack;
use crate::game::{Game, State};
use crate::rules::{Color, WinLose};

/// A finished match's outcome as a state keeps it: told in full, or, where
/// in-a-row checks (see `Upkeep::untold_lines`) or the stalemate rules
/// decided its only board, its results and what decided them, the
/// explanation built from the finished position when first asked for.
/// Random playouts never ask, and building every ending's explanation was
/// a fifth of a Tic-Tac-Toe playout and half of some game-theory games'.
#[derive(Clone, Debug)]
pub(crate) enum Ending {
    Told(Outcome),
    Untold {
        results: Vec<SeatResult>,
        mover: usize,
        by: Decider,
        told: OnceLock<Outcome>,
    },
}

/// What decided an untold ending.
#[derive(Clone, Debug)]
pub(crate) enum Decider {
    /// The turn checks of the only board, after the mover's turn.
    TurnChecks,
    /// The stalemate rules, for this cause.
    Stalemate(StalemateCause),
    /// On a game of several boards, the stalemate rules on the boards
    /// still undecided (each with its cause); the boards decided before
    /// keep their outcomes in the state (`board_results`).
    StalemateBoards(Vec<(u8, StalemateCause)>),
}

impl Ending {
    pub(crate) fn results(&self) -> &[SeatResult] {
        match self {
            Ending::Told(outcome) => &outcome.results,
            Ending::Untold { results, .. } => results,
        }
    }

    /// The outcome, told from `state` (the finished position) if not yet.
    pub(crate) fn outcome(&self, state: &State) -> &Outcome {
        match self {
            Ending::Told(outcome) => outcome,
            Ending::Untold {
                results,
                mover,
                by,
                told,
            } => told.get_or_init(|| {
                let told = match by {
                    Decider::Stalemate(cause) => stalemate::told(state, *mover, 1, *cause),
                    Decider::StalemateBoards(stalemated) => {
                        let boards = (1..=state.game().geometry.boards)
                            .map(|board| match stalemated.iter().find(|(b, _)| *b == board) {
                                Some(&(_, cause)) => stalemate::told(state, *mover, board, cause),
                                None => match &state.standings.decided.board_results
                                    [usize::from(board - 1)]
                                {
                                    BoardResult::Kept(outcome) => (**outcome).clone(),
                                    _ => unreachable!("decided before the stalemate"),
                                },
                            })
                            .collect();
                        combine_boards(state.game(), boards)
                    }
                    Decider::TurnChecks => match checks_of_turn(state, *mover, 1) {
                        Checked::Decided(outcome) => outcome,
                        Checked::Fired(fired) => {
                            after_turn(state, 1, decide(state.game(), &fired), fired)
                        }
                        Checked::Nothing => {
                            unreachable!("the checks that ended the match fire again")
                        }
                    },
                };
                debug_assert_eq!(&told.results, results, "told as decided");
                told
            }),
        }
    }
}

/// Stands in for a board's outcome once it has gone into the match's:
/// nothing to allocate.
pub(crate) fn placeholder() -> Outcome {
    Outcome {
        results: Vec::new(),
        explanation: Explanation::AgreedDraw,
    }
}

/// Where in-a-row checks alone decide the only board and every line has a
/// compiled table (see `Upkeep::untold_lines`): the results of the checks
/// after `mover`'s turn, None when none fired. The same decision as
/// [`turn_checks`], without building what explains it.
pub(crate) fn line_check_results(state: &State, mover: usize) -> Option<Vec<SeatResult>> {
    let mut results = Vec::new();
    let game = state.game();
    line_results_into(
        game,
        &state.position.board,
        &state.position.changed,
        mover,
        &mut results,
    )
    .then_some(results)
}

/// [`line_check_results`] on `board`, where the turn changed the cells
/// `changed`, into `results`; false where no check fired. A lean run asks
/// it of a board it plays apart from the state (see `lean_run`).
pub(crate) fn line_results_into(
    game: &Game,
    board: &Board,
    changed: &[u16],
    mover: usize,
    results: &mut Vec<SeatResult>,
) -> bool {
    let mut fired = [(0u16, WinLose::Win); MAX_UNTOLD_CHECKS];
    let mut count = 0;
    for &(test, result) in &game.upkeep.untold_checks {
        let mut teams = 0u16;
        for color in line_colors(game, board, changed, test) {
            if let Some(team) = credited(game, color, mover) {
                teams |= 1 << team;
            }
        }
        if teams != 0 {
            fired[count] = (teams, result);
            count += 1;
        }
    }
    if count > 0 {
        decide_named_into(game, &fired[..count], results);
    }
    count > 0
}

/// [`line_results_into`] for a turn of one placement, of `color`, that
/// completed a line for the only check, whose result is `result` (see
/// [`placement_made_a_line`]): a line through the one cell changed is of
/// its piece's colour, so that colour's team is named without looking for
/// the line again (the end of most of a lean run's playouts).
pub(crate) fn one_line_results_into(
    game: &Game,
    color: Color,
    result: WinLose,
    mover: usize,
    results: &mut Vec<SeatResult>,
) -> bool {
    let Some(team) = credited(game, color, mover) else {
        return false;
    };
    let by = match result {
        WinLose::Win => 0,
        WinLose::Lose => 1,
    };
    results.clone_from(&game.outcomes.foreknown.one_team_named[team][by]);
    true
}

/// Whether a piece of `color` placed on `cell` completed a line for some
/// check of `Upkeep::untold_checks`: what [`line_results`] asks of each
/// changed cell, asked of a placement whose colour is known, without
/// reading the board's cell (the lean runs' question after every
/// placement; see `lean_run`). Only when it says yes can results follow.
#[inline]
pub(crate) fn placement_made_a_line(game: &Game, board: &Board, cell: u16, color: Color) -> bool {
    game.upkeep
        .untold_checks
        .iter()
        .any(|&(test, _)| match test {
            LineTest::Table(table) => {
                let table = &game.layouts.line_tables[table];
                board.count_of(color) >= u16::from(table.length)
                    && table.completes(cell, board.colour_word(color))
            }
            LineTest::Walk { length, diagonals } => {
                board.count_of(color) >= u16::from(length)
                    && walk_completes(game, board, cell, color, length, diagonals)
            }
        })
}

/// At most this many in-a-row checks for [`line_check_results`].
pub(crate) const MAX_UNTOLD_CHECKS: usize = 8;

/// The colours with a line of the test's length through a cell changed
/// this turn: exactly those [`new_lines`] finds (see `Upkeep::untold_lines`),
/// without listing the lines' cells.
fn line_colors<'a>(
    game: &'a Game,
    board: &'a Board,
    changed: &'a [u16],
    test: LineTest,
) -> impl Iterator<Item = Color> + 'a {
    let length = match test {
        LineTest::Table(table) => game.layouts.line_tables[table].length,
        LineTest::Walk { length, .. } => length,
    };
    let mut seen = 0u16;
    changed.iter().filter_map(move |&cell| {
        let (color, _) = unpack(board[usize::from(cell)])?;
        let bit = 1 << color.index();
        if seen & bit != 0 || board.count_of(color) < u16::from(length) {
            return None;
        }
        let completes = match test {
            LineTest::Table(table) => {
                game.layouts.line_tables[table].completes(cell, board.colour_word(color))
            }
            LineTest::Walk { diagonals, .. } => {
                walk_completes(game, board, cell, color, length, diagonals)
            }
        };
        if !completes {
            return None;
        }
        seen |= bit;
        Some(color)
    })
}

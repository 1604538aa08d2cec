//! The checks a turn's end makes (see `TurnCheck`): which fired on a
//! board, and the outcome they decide.

use super::{
    Fired, Measured, Named, Outcome, Rule, SeatResult, after_turn, credited, decide, everyone,
    lines_made, measures, overachievers, sides, stacks,
};
use crate::game::{Game, State};
use crate::rules::{Color, Shape, TurnCheck};

/// What a turn's checks found on a board.
pub(super) enum Checked {
    Nothing,
    /// A check decided the board on its own.
    Decided(Outcome),
    /// Checks fired, for the results to be decided from.
    Fired(Vec<Fired>),
}

/// Runs every turn check on one board at the end of a turn.
pub(crate) fn turn_checks(state: &mut State, mover: usize, board: u8) -> Option<Outcome> {
    match checks_of_turn(state, mover, board) {
        Checked::Nothing => None,
        Checked::Decided(outcome) => Some(outcome),
        Checked::Fired(fired) if state.game().rules.overachievers_disqualified => {
            overachievers::after_turn_checks(state, fired, board)
        }
        Checked::Fired(fired) => {
            let results = decide(state.game(), &fired);
            Some(after_turn(state, board, results, fired))
        }
    }
}

/// What the turn checks of a game's only board decided (see
/// `Upkeep::untold_board_checks`).
pub(crate) enum CheckResults {
    Nothing,
    /// A check decided the board on its own, told.
    Decided(Outcome),
    /// Checks fired: their results, told from the finished position when
    /// asked (`Decider::TurnChecks`).
    Results(Vec<SeatResult>),
}

/// [`turn_checks`] on a game's only board without building what explains
/// the checks that fired (see `Upkeep::untold_board_checks`).
pub(crate) fn turn_check_results(state: &State, mover: usize) -> CheckResults {
    debug_assert!(!state.game().rules.overachievers_disqualified);
    match checks_of_turn(state, mover, 1) {
        Checked::Nothing => CheckResults::Nothing,
        Checked::Decided(outcome) => CheckResults::Decided(outcome),
        Checked::Fired(fired) => CheckResults::Results(decide(state.game(), &fired)),
    }
}

/// The turn checks of one board after `mover`'s turn.
pub(super) fn checks_of_turn(state: &State, mover: usize, board: u8) -> Checked {
    let mut fired = Vec::new();
    for (i, check) in state.game().rules.turn_checks.iter().enumerate() {
        if let Some(decided) = judge_check(state, (i, check), mover, board, &mut fired) {
            return decided;
        }
    }
    if fired.is_empty() {
        Checked::Nothing
    } else {
        Checked::Fired(fired)
    }
}

/// The `i`-th turn check, `check`, after `mover`'s turn on `board`: the
/// board decided, or None with what fired added to `fired`. Out of line:
/// inlined into the loop over the checks, the loads of every kind's
/// judging were hoisted before it and paid by every check of every turn
/// (a tenth of Shopping9's playouts).
#[inline(never)]
fn judge_check(
    state: &State,
    (i, check): (usize, &TurnCheck),
    mover: usize,
    board: u8,
    fired: &mut Vec<Fired>,
) -> Option<Checked> {
    let game = state.game();
    match check {
        TurnCheck::InARow {
            length, diagonals, ..
        } => {
            if let Some(f) = lines_made(state, check, *length, *diagonals, mover, board)
                && f.named.iter().any(|n| *n)
            {
                fired.push(f);
            }
        }
        TurnCheck::AllLoseIfInARow { length, diagonals } => {
            if let Some(f) = lines_made(state, check, *length, *diagonals, mover, board) {
                let results = everyone(game, SeatResult::Loss);
                return Some(Checked::Decided(after_turn(state, board, results, vec![f])));
            }
        }
        TurnCheck::AnyPiece { .. } => {
            fire(fired, check, any_piece(state, mover, board));
        }
        TurnCheck::ReachGoal { .. } => {
            fire(fired, check, sides::goals_reached(state, board));
        }
        TurnCheck::ConnectSides { .. } => {
            fire(fired, check, sides_connected(state, board));
        }
        TurnCheck::StackOfColors { colors, .. } => {
            fire(fired, check, stacks::of_colors(state, *colors, board));
        }
        TurnCheck::LastShape { shape, .. } => {
            let now = holders(state, *shape, board);
            let index = i * usize::from(game.geometry.boards) + usize::from(board - 1);
            let before = state
                .standings
                .shape_holders
                .get(index)
                .copied()
                .unwrap_or(0);
            if now.count_ones() == 1 && before.count_ones() >= 2 {
                let named: Named = (0..game.teams.count).map(|t| now & (1 << t) != 0).collect();
                let mut f = Fired::new(Rule::Check(check.clone()), named);
                f.cells = shape_cells(state, *shape, board);
                fired.push(f);
            }
        }
        // Counted first: it runs after every turn, and fires once.
        TurnCheck::ChaosWinsIfTotalAbove { shape, count }
            if shape_count(state, *shape, board) > usize::from(*count) =>
        {
            let cells = shape_cells(state, *shape, board);
            let nobody = vec![false; game.teams.count];
            let mut f = Fired::new(Rule::Check(check.clone()), nobody);
            f.measured = Measured::Total(cells.len() as u32);
            f.cells = cells;
            let results = everyone(game, SeatResult::Loss);
            return Some(Checked::Decided(after_turn(state, board, results, vec![f])));
        }
        // Not outcomes of a board.
        _ => {}
    }
    None
}

/// Adds `check` to `fired` where it named some team, with the cells that
/// made it.
#[inline]
pub(super) fn fire(fired: &mut Vec<Fired>, check: &TurnCheck, (named, cells): (Named, Vec<u16>)) {
    if named.iter().any(|n| *n) {
        let mut f = Fired::new(Rule::Check(check.clone()), named);
        f.cells = cells;
        fired.push(f);
    }
}

/// The teams credited with a piece on `board` after `mover`'s turn, and
/// where their pieces stand.
///
/// Here and below, the checks that walk a board's cells are kept out of
/// line: inlined into [`checks_of_turn`], their loads were hoisted to its
/// start and paid by every check of every turn (a tenth of Shopping9's
/// playouts).
#[inline(never)]
pub(super) fn any_piece(state: &State, mover: usize, board: u8) -> (Named, Vec<u16>) {
    let game = state.game();
    let mut named = vec![false; game.teams.count];
    let mut cells = Vec::new();
    for cell in measures::board_cells(state.position(), board) {
        if let Some((color, _)) = state.piece_at(cell)
            && let Some(team) = credited(game, color, mover)
        {
            named[team] = true;
            cells.push(cell);
        }
    }
    (named, cells)
}

/// The teams whose seats join their sides on `board`, and the chains that
/// join them.
#[inline]
pub(super) fn sides_connected(state: &State, board: u8) -> (Named, Vec<u16>) {
    let game = state.game();
    let mut named = vec![false; game.teams.count];
    let mut cells = Vec::new();
    for seat in (0..game.seats.len()).filter(|&s| !game.seats[s].is_chaos) {
        // The chain is searched for only once the bits say it is there.
        let joined = match (&game.layouts.side_layout, sides::SIDE_AXES.get(seat)) {
            (Some(layout), Some(&axis)) => layout.joined(
                &state.position.board,
                game.seats[seat].controls,
                axis,
                board,
            ),
            _ => true,
        };
        if !joined {
            continue;
        }
        if let Some(path) = sides::joined(state, seat, board) {
            named[game.seats[seat].team] = true;
            cells.extend(path);
        }
    }
    (named, cells)
}

/// How many pieces of `shape`, of any colour, stand on `board`: on a
/// game's only board, the board's own counts.
pub(super) fn shape_count(state: &State, shape: Shape, board: u8) -> usize {
    if state.game().geometry.boards == 1 {
        return usize::from(state.position.board.count_shape(shape));
    }
    shape_cells(state, shape, board).len()
}

/// The spaces of `board` holding pieces of `shape`, of any colour.
#[inline(never)]
pub(super) fn shape_cells(state: &State, shape: Shape, board: u8) -> Vec<u16> {
    measures::board_cells(state.position(), board)
        .filter(|&c| state.piece_at(c).is_some_and(|(_, s)| s == shape))
        .collect()
}

/// The only team that plays `color`, if one team alone does.
pub(crate) fn owner(game: &Game, color: Color) -> Option<usize> {
    let mut teams = game
        .seats
        .iter()
        .filter(|s| s.controls(color))
        .map(|s| s.team);
    let first = teams.next()?;
    teams.all(|t| t == first).then_some(first)
}

/// The teams (a bit each) with pieces of `shape` on `board`, in colours they
/// alone play: a shared colour's pieces belong to no team alone.
pub(super) fn holders(state: &State, shape: Shape, board: u8) -> u16 {
    let game = state.game();
    if game.geometry.boards == 1 {
        // The board's counts say which colours hold the shape: no walk
        // over the cells at every turn's start.
        let colours = state.position.board.kinds_by_colour();
        let mut teams = 0;
        for (kinds, owner) in colours.zip(&game.teams.color_owner) {
            if let (true, Some(team)) = (kinds[shape.index()] > 0, *owner) {
                teams |= 1 << team;
            }
        }
        return teams;
    }
    holders_on_board(state, shape, board)
}

/// [`holders`] on one of several boards, walking its cells.
#[inline(never)]
fn holders_on_board(state: &State, shape: Shape, board: u8) -> u16 {
    let game = state.game();
    measures::board_cells(state.position(), board)
        .filter_map(|c| state.piece_at(c))
        .filter(|(_, s)| *s == shape)
        .filter_map(|(color, _)| game.teams.color_owner[color.index()])
        .fold(0, |bits, team| bits | 1 << team)
}

/// For "Last <shape>" checks, per check and board, the teams holding the
/// shape: remembered at the start of every turn, so the check fires on the
/// turn that leaves one team of several.
/// Written over `into`, reusing its room: this runs at every turn's start.
pub(crate) fn shape_holders(state: &State, into: &mut Vec<u16>) {
    let game = state.game();
    into.clear();
    if !game.upkeep.tracks_shape_holders {
        return;
    }
    for check in &game.rules.turn_checks {
        into.extend((1..=game.geometry.boards).map(|board| match check {
            TurnCheck::LastShape { shape, .. } => holders(state, *shape, board),
            _ => 0,
        }));
    }
}

/// "Stalemate if Chaos cannot capture": the phase ends as by stalemate when
/// Chaos, were it to move now, could make a move on the board but none that
/// captures (judged on what Chaos knows, as its moves are). While Chaos
/// cannot move at all (locked, or a placement-only phase with nothing to
/// place) the check waits, and repeated turns end the phase as usual.
/// "Stalemate if Chaos cannot capture": the rule is in play and Chaos,
/// were it to move now, has moves but none that captures.
pub(crate) fn chaos_cannot_capture(state: &mut State) -> bool {
    if !state.game().upkeep.chaos_capture_check {
        return false;
    }
    state
        .game()
        .chaos_seat()
        .is_some_and(|chaos| state.capture_available(chaos) == Some(false))
}

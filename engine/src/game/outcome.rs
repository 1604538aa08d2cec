//! How matches end: turn checks, stalemate rules, agreed draws, and the Chaos
//! rules ("if all players win, Chaos loses"; "if all players lose, Chaos wins").
//! Every outcome carries its explanation as data (see `explain`), put into
//! words with the seat names the caller knows (see `words`).

mod ending;
mod explain;
mod measures;
pub(crate) use measures::{BitStep, orthogonal_masks, step_masks};
mod overachievers;
pub(crate) mod side_bits;
mod sides;
pub use sides::SIDE_AXES;
mod stacks;
mod stalemate;
mod words;

use super::board::Board;
use super::{Game, State, unpack};
use crate::describe::join_and;
use crate::geometry::NO_CELL;
use crate::rules::{Color, Shape, StalemateRule, TurnCheck, WinLose};
pub(crate) use ending::{
    Decider, Ending, MAX_UNTOLD_CHECKS, line_check_results, line_results_into,
    one_line_results_into, placeholder, placement_made_a_line,
};
pub use explain::{BoardEnding, Explanation, Fired, Line, Measured, Rule, StalemateCause};
pub(crate) use stalemate::{
    boards_full, cause as stalemate_cause, judges_board_alone as stalemate_judges_board_alone,
    results as stalemate_results, results_anywhere as stalemate_results_anywhere,
    results_of_board as stalemate_results_of_board,
};
pub use words::default_label;

/// A seat's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatResult {
    Win,
    Loss,
    Draw,
}

impl SeatResult {
    pub fn word(self) -> &'static str {
        match self {
            SeatResult::Win => "win",
            SeatResult::Loss => "loss",
            SeatResult::Draw => "draw",
        }
    }
}

/// How a match ended: a result per seat (Chaos included) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub results: Vec<SeatResult>,
    pub explanation: Explanation,
}

impl Outcome {
    /// "Victory: Player 1 and Player 3", "Draw", or "Everyone loses".
    pub fn summary(&self, game: &Game) -> String {
        self.headline(&|seat| game.seats[seat].label())
    }

    /// Why, in the engine's own seat names ("Player 1 (black)"): for
    /// logs, the command line and tests.
    pub fn reason(&self, game: &Game) -> String {
        self.explain(game, &default_label(game)).join(" ")
    }

    /// The spaces that decided the match (see [`Explanation::deciding_cells`]).
    pub fn deciding_cells(&self) -> Vec<u16> {
        self.explanation.deciding_cells()
    }
}

pub(crate) fn agreed_draw(game: &Game) -> Outcome {
    Outcome {
        results: vec![SeatResult::Draw; game.seats.len()],
        explanation: Explanation::AgreedDraw,
    }
}

/// Per team: named by the rule or not.
type Named = Vec<bool>;

/// The outcome of one board, with why (the stalemate's cause when the
/// stalemate rules decided it).
fn board_outcome(
    board: u8,
    results: Vec<SeatResult>,
    stalemate: Option<StalemateCause>,
    fired: Vec<Fired>,
    disqualified: Vec<bool>,
) -> Outcome {
    let ending = BoardEnding {
        board,
        results: results.clone(),
        stalemate,
        fired,
        disqualified,
    };
    Outcome {
        results,
        explanation: Explanation::Boards {
            boards: vec![ending],
            won: Vec::new(),
        },
    }
}

/// A board decided by its turn checks (not at stalemate), with who is
/// disqualified so far.
fn after_turn(state: &State, board: u8, results: Vec<SeatResult>, fired: Vec<Fired>) -> Outcome {
    board_outcome(board, results, None, fired, state.disqualified.clone())
}

/// Applies fired rules to teams. With one rule, the teams it names get its
/// result and the rest the opposite; with several, a team named only by win
/// rules wins, named only by lose rules loses, and otherwise draws. Rules
/// that decide everyone alike take no part.
fn decide(game: &Game, fired: &[Fired]) -> Vec<SeatResult> {
    let fired: Vec<(u16, WinLose)> = fired
        .iter()
        .filter_map(|f| f.rule.result().map(|r| (team_bits(&f.named), r)))
        .collect();
    decide_named(game, &fired)
}

/// The ending of a match that a rule of the whole match ended during
/// play (a seat with no legal move, a repeated turn), naming `seat`'s team.
pub(crate) fn match_rule(game: &Game, rule: Rule, seat: usize) -> Ending {
    let team = game.seats[seat].team;
    let named = (0..game.teams).map(|t| t == team).collect();
    let fired = Fired::new(rule, named);
    let results = decide(game, std::slice::from_ref(&fired));
    Ending::Told(Outcome {
        results,
        explanation: Explanation::Match(fired),
    })
}

/// Teams named, a bit each.
fn team_bits(named: &[bool]) -> u16 {
    named
        .iter()
        .enumerate()
        .filter(|(_, n)| **n)
        .fold(0, |bits, (team, _)| bits | 1 << team)
}

/// [`decide`], from each fired rule's named teams (a bit each) and result.
fn decide_named(game: &Game, fired: &[(u16, WinLose)]) -> Vec<SeatResult> {
    let mut results = Vec::with_capacity(game.seats.len());
    decide_named_into(game, fired, &mut results);
    results
}

/// [`decide_named`] into `results` (emptied first): a playout's lean run
/// reuses one list rather than allocate one per game.
fn decide_named_into(game: &Game, fired: &[(u16, WinLose)], results: &mut Vec<SeatResult>) {
    let team_result = |team: usize| {
        let hit = |named: u16| named & (1 << team) != 0;
        if let [(named, result)] = fired {
            return match (result, hit(*named)) {
                (WinLose::Win, true) | (WinLose::Lose, false) => SeatResult::Win,
                _ => SeatResult::Loss,
            };
        }
        let wins = fired.iter().any(|(n, r)| hit(*n) && *r == WinLose::Win);
        let loses = fired.iter().any(|(n, r)| hit(*n) && *r == WinLose::Lose);
        match (wins, loses) {
            (true, false) => SeatResult::Win,
            (false, true) => SeatResult::Loss,
            _ => SeatResult::Draw,
        }
    };
    results.clear();
    results.extend(game.seats.iter().map(|s| team_result(s.team)));
    chaos_rules(game, results);
}

/// Results a game's rules give whatever the play, worked out once when
/// it is compiled.
#[derive(Debug, Default)]
pub(crate) struct Foreknown {
    /// The results of a stalemate, where the rules give them whatever the
    /// position (see `stalemate_results_anywhere`).
    pub stalemate_anywhere: Option<Vec<SeatResult>>,
    /// Whether the stalemate rules judge a one-board game's final board
    /// alone (see `stalemate_judges_board_alone`).
    pub stalemate_by_position: bool,
    /// Per team, every seat's result where a lone check names that team
    /// alone: by a win (index 0) or a lose (1) rule (see
    /// `one_line_results_into`, the end of most lean playouts).
    pub one_team_named: Vec<[Vec<SeatResult>; 2]>,
}

impl Foreknown {
    pub(crate) fn compile(game: &Game) -> Foreknown {
        Foreknown {
            stalemate_anywhere: stalemate_results_anywhere(game),
            stalemate_by_position: stalemate_judges_board_alone(&game.rules),
            one_team_named: one_team_named_results(game),
        }
    }
}

/// Per team, the results where a lone check names that team alone, by a
/// win and by a lose rule (see `Foreknown::one_team_named`).
fn one_team_named_results(game: &Game) -> Vec<[Vec<SeatResult>; 2]> {
    let named = |team: usize, result: WinLose| {
        let mut results = Vec::new();
        decide_named_into(game, &[(1 << team, result)], &mut results);
        results
    };
    (0..game.teams)
        .map(|team| [named(team, WinLose::Win), named(team, WinLose::Lose)])
        .collect()
}

/// "If all players win, then Chaos loses"; if all lose, Chaos wins.
fn chaos_rules(game: &Game, results: &mut [SeatResult]) {
    if let Some(chaos) = game.chaos_seat() {
        let players = results
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != chaos)
            .map(|(_, r)| *r);
        if players.clone().all(|r| r == SeatResult::Win) {
            results[chaos] = SeatResult::Loss;
        } else if players.clone().all(|r| r == SeatResult::Loss) {
            results[chaos] = SeatResult::Win;
        }
    }
}

/// Every player gets `result`; Chaos draws unless the Chaos rules decide.
fn everyone(game: &Game, result: SeatResult) -> Vec<SeatResult> {
    let mut results: Vec<SeatResult> = game
        .seats
        .iter()
        .map(|s| if s.is_chaos { SeatResult::Draw } else { result })
        .collect();
    chaos_rules(game, &mut results);
    results
}

/// Teams credited with a line of `color`: its only controlling team, or the
/// mover's when the colour is shared.
fn credited(game: &Game, color: Color, mover: usize) -> Option<usize> {
    game.color_owner[color.index()].or_else(|| {
        let mover = &game.seats[mover];
        mover.controls(color).then_some(mover.team)
    })
}

/// Lines of at least `length` through a cell of `board` changed this turn:
/// the first found per colour, with its cells from one end to the other.
fn new_lines(state: &State, length: u8, diagonals: bool, board: u8) -> Vec<(Color, Vec<u16>)> {
    let geo = &state.game().geometry;
    let directions = geo.line_directions(diagonals);
    let table = state.game().line_table(length, diagonals);
    let mut found: Vec<(Color, Vec<u16>)> = Vec::new();
    for &cell in &state.changed {
        if geo.coord(cell).board != board {
            continue;
        }
        let Some((color, _)) = unpack(state.board[usize::from(cell)]) else {
            continue;
        };
        if found.iter().any(|(c, _)| *c == color) || state.board.count_of(color) < u16::from(length)
        {
            continue;
        }
        let same = |c: u16| same_colour(&state.board, c, color);
        let walk = |dir: usize| {
            let mut cells = Vec::new();
            let mut c = geo.neighbour(cell, dir);
            while c != NO_CELL && same(c) && c != cell && !cells.contains(&c) {
                cells.push(c);
                c = geo.neighbour(c, dir);
            }
            cells
        };
        // Counted first without building anything: a line is rare, and
        // this runs for every move of every playout.
        let possible = match table {
            Some(table) => table.completes(cell, state.board.colour_word(color)),
            None => walk_completes(state.game(), &state.board, cell, color, length, diagonals),
        };
        if !possible {
            continue;
        }
        for &d in directions {
            let back = walk(geo.direction_count() - 1 - d);
            let ahead = walk(d);
            if 1 + back.len() + ahead.len() >= usize::from(length) {
                let mut line: Vec<u16> = back.into_iter().rev().collect();
                line.push(cell);
                line.extend(ahead);
                // Told from its lower end: "from (1,1) to (3,3)".
                if line.first() > line.last() {
                    line.reverse();
                }
                found.push((color, line));
                break;
            }
        }
    }
    found
}

/// Whether `cell` holds a piece of `color`: compared packed, as `pack`
/// lays cells out.
#[inline]
fn same_colour(board: &Board, cell: u16, color: Color) -> bool {
    board[usize::from(cell)].wrapping_sub(1) / 6 == color.index() as u8
}

/// Whether a line of at least `length` of `color` runs through `cell`,
/// counted along the board's neighbours without listing its cells. Where
/// no direction is a seam copy (see `lines::wraps`) it says exactly whether
/// [`new_lines`] finds one there: both walks end at the board's edge, at
/// another colour, or back at `cell`.
pub(crate) fn walk_completes(
    game: &Game,
    board: &Board,
    cell: u16,
    color: Color,
    length: u8,
    diagonals: bool,
) -> bool {
    let geo = &game.geometry;
    if let Some(bits) = board.line_bits()
        && length <= super::line_bits::MAX_RUN
        && bits.keeps(color.index())
    {
        // The layout's axes are those of lines with diagonals.
        if diagonals {
            return bits.run_reaches_any_axis(cell, color.index(), length);
        }
        let directions = geo.line_directions(diagonals).iter();
        return directions
            .into_iter()
            .any(|&d| bits.run_reaches(cell, color.index(), d, length));
    }
    let same = |c: u16| same_colour(board, c, color);
    geo.line_directions(diagonals).iter().any(|&d| {
        let back = run_length(geo, cell, geo.direction_count() - 1 - d, length, same);
        1 + back + run_length(geo, cell, d, length, same) >= usize::from(length)
    })
}

/// How many cells from `cell` along `dir` pass `same`, up to `length`:
/// at least as many as the walk in [`new_lines`] counts (which also stops
/// at a cell met before), so a line it does not find is not there.
fn run_length(
    geo: &crate::geometry::Geometry,
    cell: u16,
    dir: usize,
    length: u8,
    same: impl Fn(u16) -> bool,
) -> usize {
    let mut count = 0;
    let mut c = geo.neighbour(cell, dir);
    while count < usize::from(length) && c != NO_CELL && c != cell && same(c) {
        count += 1;
        c = geo.neighbour(c, dir);
    }
    count
}

/// Remembers who last completed a line, for "Last K-same-color-in-a-row" rules.
pub(crate) fn remember_lines(state: &mut State, mover: usize) {
    if !state.game().upkeep.remembers_lines {
        return;
    }
    let game = state.game().clone();
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        if let StalemateRule::LastInARow {
            length, diagonals, ..
        } = rule
        {
            for board in 1..=game.geometry.boards {
                for (color, _) in new_lines(state, *length, *diagonals, board) {
                    if let Some(team) = credited(&game, color, mover) {
                        // Most recent last, each team once.
                        state.last_line_teams[i].retain(|t| *t != team);
                        state.last_line_teams[i].push(team);
                    }
                }
            }
        }
    }
}

/// The lines made this turn for an in-a-row check, credited: the check
/// with the teams it names, or None when no line was made.
fn lines_made(
    state: &State,
    check: &TurnCheck,
    length: u8,
    diagonals: bool,
    mover: usize,
    board: u8,
) -> Option<Fired> {
    let game = state.game();
    let found = new_lines(state, length, diagonals, board);
    if found.is_empty() {
        return None;
    }
    let lines: Vec<Line> = found
        .into_iter()
        .map(|(color, cells)| Line {
            color,
            team: credited(game, color, mover),
            cells,
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let mut named = vec![false; game.teams];
    for team in lines.iter().filter_map(|l| l.team) {
        named[team] = true;
    }
    let mut fired = Fired::new(Rule::Check(check.clone()), named);
    fired.cells = lines.iter().flat_map(|l| l.cells.iter().copied()).collect();
    fired.lines = lines;
    Some(fired)
}

/// What a turn's checks found on a board.
enum Checked {
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
fn checks_of_turn(state: &State, mover: usize, board: u8) -> Checked {
    let game = state.game();
    let mut fired = Vec::new();
    for (i, check) in game.rules.turn_checks.iter().enumerate() {
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
                    return Checked::Decided(after_turn(state, board, results, vec![f]));
                }
            }
            TurnCheck::AnyPiece { .. } => {
                let mut named = vec![false; game.teams];
                let mut cells = Vec::new();
                for cell in measures::board_cells(state.position(), board) {
                    if let Some((color, _)) = state.piece_at(cell)
                        && let Some(team) = credited(game, color, mover)
                    {
                        named[team] = true;
                        cells.push(cell);
                    }
                }
                if named.iter().any(|n| *n) {
                    let mut f = Fired::new(Rule::Check(check.clone()), named);
                    f.cells = cells;
                    fired.push(f);
                }
            }
            TurnCheck::ReachGoal { .. } => {
                let (named, cells) = sides::goals_reached(state, board);
                if named.iter().any(|n| *n) {
                    let mut f = Fired::new(Rule::Check(check.clone()), named);
                    f.cells = cells;
                    fired.push(f);
                }
            }
            TurnCheck::ConnectSides { .. } => {
                let mut named = vec![false; game.teams];
                let mut cells = Vec::new();
                for seat in (0..game.seats.len()).filter(|&s| !game.seats[s].is_chaos) {
                    // The chain is searched for only once the bits say it is there.
                    let joined = match (&game.side_layout, sides::SIDE_AXES.get(seat)) {
                        (Some(layout), Some(&axis)) => {
                            layout.joined(&state.board, game.seats[seat].controls, axis, board)
                        }
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
                if named.iter().any(|n| *n) {
                    let mut f = Fired::new(Rule::Check(check.clone()), named);
                    f.cells = cells;
                    fired.push(f);
                }
            }
            TurnCheck::StackOfColors { colors, .. } => {
                let (named, cells) = stacks::of_colors(state, *colors, board);
                if named.iter().any(|n| *n) {
                    let mut f = Fired::new(Rule::Check(check.clone()), named);
                    f.cells = cells;
                    fired.push(f);
                }
            }
            TurnCheck::LastShape { shape, .. } => {
                let now = holders(state, *shape, board);
                let index = i * usize::from(game.geometry.boards) + usize::from(board - 1);
                let before = state.shape_holders.get(index).copied().unwrap_or(0);
                if now.count_ones() == 1 && before.count_ones() >= 2 {
                    let named: Named = (0..game.teams).map(|t| now & (1 << t) != 0).collect();
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
                let nobody = vec![false; game.teams];
                let mut f = Fired::new(Rule::Check(check.clone()), nobody);
                f.measured = Measured::Total(cells.len() as u32);
                f.cells = cells;
                let results = everyone(game, SeatResult::Loss);
                return Checked::Decided(after_turn(state, board, results, vec![f]));
            }
            // Not outcomes of a board.
            _ => {}
        }
    }
    if fired.is_empty() {
        Checked::Nothing
    } else {
        Checked::Fired(fired)
    }
}

/// How many pieces of `shape`, of any colour, stand on `board`: on a
/// game's only board, the board's own counts.
fn shape_count(state: &State, shape: Shape, board: u8) -> usize {
    if state.game().geometry.boards == 1 {
        let count = |color| usize::from(state.board.count_piece(super::pack(color, shape)));
        return Color::ALL.into_iter().map(count).sum();
    }
    measures::board_cells(state.position(), board)
        .filter(|&c| state.piece_at(c).is_some_and(|(_, s)| s == shape))
        .count()
}

/// The spaces of `board` holding pieces of `shape`, of any colour.
fn shape_cells(state: &State, shape: Shape, board: u8) -> Vec<u16> {
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
fn holders(state: &State, shape: Shape, board: u8) -> u16 {
    let game = state.game();
    if game.geometry.boards == 1 {
        // The board's counts say which colours hold the shape: no walk
        // over the cells at every turn's start.
        return Color::ALL
            .into_iter()
            .filter(|&color| state.board.count_piece(super::pack(color, shape)) > 0)
            .filter_map(|color| game.color_owner[color.index()])
            .fold(0, |bits, team| bits | 1 << team);
    }
    measures::board_cells(state.position(), board)
        .filter_map(|c| state.piece_at(c))
        .filter(|(_, s)| *s == shape)
        .filter_map(|(color, _)| game.color_owner[color.index()])
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

/// The match's outcome from its boards' outcomes. One board is the match;
/// with several, whoever wins the most boards wins (a board won by everyone
/// is a tie), tied leaders draw and everyone else loses.
pub(crate) fn combine_boards(game: &Game, mut boards: Vec<Outcome>) -> Outcome {
    if boards.len() == 1
        && let Some(only) = boards.pop()
    {
        return only;
    }
    let per_board: Vec<&[SeatResult]> = boards.iter().map(|o| o.results.as_slice()).collect();
    let (results, won) = combine_results(game, &per_board);
    let explanation = Explanation::Boards {
        boards: boards
            .iter()
            .flat_map(|o| o.explanation.boards().iter().cloned())
            .collect(),
        won,
    };
    Outcome {
        results,
        explanation,
    }
}

/// The match's results from its boards' results, with the boards each
/// team won: most boards won wins, a tie draws, and a board every team won
/// counts for no one.
pub(crate) fn combine_results(
    game: &Game,
    boards: &[&[SeatResult]],
) -> (Vec<SeatResult>, Vec<usize>) {
    if let [only] = boards {
        return (only.to_vec(), Vec::new());
    }
    let mut tally = BoardWins::default();
    for results in boards {
        tally.add(game, results);
    }
    (tally.results(game), tally.won[..game.teams].to_vec())
}

/// Per team, the boards it won (see [`combine_results`]), counted board by
/// board: a stalemate of several boards adds each board's results as it
/// judges them, with nothing to keep or allocate between.
#[derive(Default)]
pub(crate) struct BoardWins {
    won: [usize; 16],
}

impl BoardWins {
    /// Counts a board's results: each team a seat of which won it, unless
    /// every team did.
    pub(crate) fn add(&mut self, game: &Game, results: &[SeatResult]) {
        let winners = game
            .seats
            .iter()
            .zip(results)
            .filter(|(_, r)| **r == SeatResult::Win)
            .fold(0u16, |teams, (seat, _)| teams | 1 << seat.team);
        if (winners.count_ones() as usize) < game.teams {
            for (team, won) in self.won[..game.teams].iter_mut().enumerate() {
                *won += usize::from(winners & 1 << team != 0);
            }
        }
    }

    /// The match's results: the team with the most boards wins, tied
    /// leaders draw, everyone else loses; no board won at all draws.
    pub(crate) fn results(&self, game: &Game) -> Vec<SeatResult> {
        let won = &self.won[..game.teams];
        let best = won.iter().copied().max().unwrap_or(0);
        let leaders = won.iter().filter(|w| **w == best).count();
        let team_result = |t: usize| match (best, won[t] == best, leaders) {
            (0, _, _) => SeatResult::Draw,
            (_, true, 1) => SeatResult::Win,
            (_, true, _) => SeatResult::Draw,
            _ => SeatResult::Loss,
        };
        let mut results: Vec<SeatResult> = game.seats.iter().map(|s| team_result(s.team)).collect();
        chaos_rules(game, &mut results);
        results
    }
}

#[cfg(test)]
mod tests;

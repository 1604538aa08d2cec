//! How matches end: turn checks, stalemate rules, agreed draws, and the Chaos
//! rules ("if all players win, Chaos loses"; "if all players lose, Chaos wins").
//! Every outcome carries its explanation as data (see `explain`), put into
//! words with the seat names the caller knows (see `words`).

mod checks;
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
use crate::rules::{Color, StalemateRule, TurnCheck, WinLose};
pub(crate) use checks::{
    CheckResults, chaos_cannot_capture, owner, shape_holders, turn_check_results, turn_checks,
};
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
    board_outcome(
        board,
        results,
        None,
        fired,
        state.standings.decided.disqualified.clone(),
    )
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
    let named = (0..game.teams.count).map(|t| t == team).collect();
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

/// What a game's outcomes are judged with, made when it is compiled.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Results of a stalemate and of a lone check naming one team.
    pub foreknown: Foreknown,
    /// Per cell, its orthogonal neighbours a bit each, where some stalemate
    /// rule measures area and the board has at most 64 cells: an area
    /// then grows by ORs (see `measures`).
    pub area_masks: Option<Vec<u64>>,
    /// Per direction, one step along it from a set of cells as bits (a
    /// shift where every step adds the same to the cell index), where some
    /// stalemate rule measures lines and the board has at most 64 cells
    /// with no walk that comes back: runs then grow by ORs (see
    /// `measures`).
    pub line_steps: Option<Vec<BitStep>>,
}

impl Tables {
    /// The masks the stalemate rules' measures need; the results are
    /// worked out once the rest of the game is compiled
    /// ([`Foreknown::compile`]).
    pub(crate) fn compile(rules: &crate::RuleSet, geometry: &crate::geometry::Geometry) -> Tables {
        use crate::rules::Measure;
        let measured = |wanted: fn(&Measure) -> bool| {
            rules.stalemate.iter().any(|r| match r {
                StalemateRule::Most { of, .. }
                | StalemateRule::Least { of, .. }
                | StalemateRule::MoreThanChaos { of, .. }
                | StalemateRule::LessThanChaos { of, .. }
                | StalemateRule::Any { of, .. } => wanted(of),
                _ => false,
            })
        };
        Tables {
            foreknown: Foreknown::default(),
            area_masks: measured(|of| *of == Measure::Area)
                .then(|| orthogonal_masks(geometry))
                .flatten(),
            line_steps: measured(|of| {
                matches!(of, Measure::LongestLine { .. } | Measure::Lines { .. })
            })
            .then(|| step_masks(geometry))
            .flatten(),
        }
    }
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
    (0..game.teams.count)
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
    game.teams.color_owner[color.index()].or_else(|| {
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
    for &cell in &state.position.changed {
        if geo.coord(cell).board != board {
            continue;
        }
        let Some((color, _)) = unpack(state.position.board[usize::from(cell)]) else {
            continue;
        };
        if found.iter().any(|(c, _)| *c == color)
            || state.position.board.count_of(color) < u16::from(length)
        {
            continue;
        }
        let same = |c: u16| same_colour(&state.position.board, c, color);
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
            Some(table) => table.completes(cell, state.position.board.colour_word(color)),
            None => walk_completes(
                state.game(),
                &state.position.board,
                cell,
                color,
                length,
                diagonals,
            ),
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
                        state.standings.decided_mut().last_line_teams[i].retain(|t| *t != team);
                        state.standings.decided_mut().last_line_teams[i].push(team);
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
    let mut named = vec![false; game.teams.count];
    for team in lines.iter().filter_map(|l| l.team) {
        named[team] = true;
    }
    let mut fired = Fired::new(Rule::Check(check.clone()), named);
    fired.cells = lines.iter().flat_map(|l| l.cells.iter().copied()).collect();
    fired.lines = lines;
    Some(fired)
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
    (tally.results(game), tally.won[..game.teams.count].to_vec())
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
        if (winners.count_ones() as usize) < game.teams.count {
            for (team, won) in self.won[..game.teams.count].iter_mut().enumerate() {
                *won += usize::from(winners & 1 << team != 0);
            }
        }
    }

    /// The match's results: the team with the most boards wins, tied
    /// leaders draw, everyone else loses; no board won at all draws.
    pub(crate) fn results(&self, game: &Game) -> Vec<SeatResult> {
        let won = &self.won[..game.teams.count];
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

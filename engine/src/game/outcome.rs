//! How matches end: turn checks, stalemate rules, agreed draws, and the Chaos
//! rules ("if all players win, Chaos loses"; "if all players lose, Chaos wins").

mod measures;
mod overachievers;
mod stalemate;

use super::{Game, State, unpack};
use crate::geometry::NO_CELL;
use crate::rules::{Cloaking, Color, Shape, StalemateRule, TurnCheck, WinLose};
pub(crate) use stalemate::stalemate;

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
    pub reason: String,
}

impl Outcome {
    /// "Victory: Player 1 and Player 3", "Draw", or "Defeat: everyone".
    pub fn summary(&self, game: &Game) -> String {
        let winners: Vec<String> = self
            .results
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == SeatResult::Win)
            .map(|(i, _)| game.seats[i].label())
            .collect();
        if !winners.is_empty() {
            format!("Victory: {}", join_and(&winners))
        } else if self.results.iter().all(|r| *r == SeatResult::Loss) {
            "Everyone loses".to_string()
        } else {
            "Draw".to_string()
        }
    }
}

pub(crate) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

pub(crate) fn agreed_draw(game: &Game) -> Outcome {
    Outcome {
        results: vec![SeatResult::Draw; game.seats.len()],
        reason: "Draw agreed".to_string(),
    }
}

/// Per team: named by the rule or not.
type Named = Vec<bool>;

/// Applies fired rules to teams. With one rule, the teams it names get its
/// result and the rest the opposite; with several, a team named only by win
/// rules wins, named only by lose rules loses, and otherwise draws.
fn decide(game: &Game, fired: &[(Named, WinLose)], reason: String) -> Outcome {
    let team_result: Vec<SeatResult> = (0..game.teams)
        .map(|team| {
            if let [(named, result)] = fired {
                let hit = named[team];
                return match (result, hit) {
                    (WinLose::Win, true) | (WinLose::Lose, false) => SeatResult::Win,
                    _ => SeatResult::Loss,
                };
            }
            let wins = fired.iter().any(|(n, r)| n[team] && *r == WinLose::Win);
            let loses = fired.iter().any(|(n, r)| n[team] && *r == WinLose::Lose);
            match (wins, loses) {
                (true, false) => SeatResult::Win,
                (false, true) => SeatResult::Loss,
                _ => SeatResult::Draw,
            }
        })
        .collect();
    let results = game.seats.iter().map(|s| team_result[s.team]).collect();
    chaos_rules(game, Outcome { results, reason })
}

/// "If all players win, then Chaos loses"; if all lose, Chaos wins.
fn chaos_rules(game: &Game, mut outcome: Outcome) -> Outcome {
    if let Some(chaos) = game.chaos_seat() {
        let players = outcome
            .results
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != chaos)
            .map(|(_, r)| *r);
        if players.clone().all(|r| r == SeatResult::Win) {
            outcome.results[chaos] = SeatResult::Loss;
        } else if players.clone().all(|r| r == SeatResult::Loss) {
            outcome.results[chaos] = SeatResult::Win;
        }
    }
    outcome
}

fn everyone(game: &Game, result: SeatResult, reason: &str) -> Outcome {
    let results = game
        .seats
        .iter()
        .map(|s| if s.is_chaos { SeatResult::Draw } else { result })
        .collect();
    chaos_rules(
        game,
        Outcome {
            results,
            reason: reason.to_string(),
        },
    )
}

/// Teams credited with a line of `color`: its only controlling team, or the
/// mover's when the colour is shared.
fn credited(game: &Game, color: Color, mover: usize) -> Option<usize> {
    owner(game, color).or_else(|| {
        let mover = &game.seats[mover];
        mover.controls(color).then_some(mover.team)
    })
}

/// Colours that have a line of at least `length` through a cell of `board`
/// changed this turn.
fn new_lines(state: &State, length: u8, diagonals: bool, board: u8) -> Vec<Color> {
    let geo = &state.game().geometry;
    let directions = geo.line_directions(diagonals);
    let mut found = Vec::new();
    for &cell in &state.changed {
        if geo.coord(cell).board != board {
            continue;
        }
        let Some((color, _)) = unpack(state.board[usize::from(cell)]) else {
            continue;
        };
        if found.contains(&color) {
            continue;
        }
        // Same colour as `color`: compared packed, as `pack` lays cells out.
        let same = |c: u16| state.board[usize::from(c)].wrapping_sub(1) / 6 == color.index() as u8;
        for &d in directions {
            let mut run = 1;
            for dir in [d, geo.direction_count() - 1 - d] {
                let mut c = geo.neighbour(cell, dir);
                while c != NO_CELL && same(c) {
                    run += 1;
                    c = geo.neighbour(c, dir);
                }
            }
            if run >= usize::from(length) {
                found.push(color);
                break;
            }
        }
    }
    found
}

/// Remembers who last completed a line, for "Last K-same-color-in-a-row" rules.
pub(crate) fn remember_lines(state: &mut State, mover: usize) {
    let game = state.game().clone();
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        if let StalemateRule::LastInARow {
            length, diagonals, ..
        } = rule
        {
            for board in 1..=game.geometry.boards {
                for color in new_lines(state, *length, *diagonals, board) {
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

/// Runs every turn check on one board at the end of a turn.
pub(crate) fn turn_checks(state: &mut State, mover: usize, board: u8) -> Option<Outcome> {
    let game = &state.game().clone();
    let mut fired = Vec::new();
    let mut reasons = Vec::new();
    for (i, check) in game.rules.turn_checks.iter().enumerate() {
        match check {
            TurnCheck::InARow {
                length,
                result,
                diagonals,
            } => {
                let colors = new_lines(state, *length, *diagonals, board);
                if colors.is_empty() {
                    continue;
                }
                let mut named = vec![false; game.teams];
                for color in colors {
                    if let Some(team) = credited(game, color, mover) {
                        named[team] = true;
                    }
                    reasons.push(format!(
                        "{} made {length}-same-color-in-a-row{}",
                        super::state::capitalise(color.name()),
                        if *diagonals { "" } else { " (no diagonal)" }
                    ));
                }
                if named.iter().any(|n| *n) {
                    fired.push((named, *result));
                }
            }
            TurnCheck::AllLoseIfInARow { length, diagonals }
                if !new_lines(state, *length, *diagonals, board).is_empty() =>
            {
                let reason = format!("Someone made {length}-same-color-in-a-row: all players lose");
                return Some(everyone(game, SeatResult::Loss, &reason));
            }
            TurnCheck::AnyPiece { result } => {
                let mut named = vec![false; game.teams];
                for cell in measures::board_cells(state, board) {
                    if let Some((color, _)) = state.piece_at(cell)
                        && let Some(team) = credited(game, color, mover)
                    {
                        named[team] = true;
                    }
                }
                if named.iter().any(|n| *n) {
                    reasons.push(format!(
                        "Any piece {}: {} on the board",
                        result.verb(),
                        team_names(game, &named, "has a piece", "have pieces")
                    ));
                    fired.push((named, *result));
                }
            }
            TurnCheck::LastShape { shape, result } => {
                let now = holders(state, *shape, board);
                let index = i * usize::from(game.geometry.boards) + usize::from(board - 1);
                let before = state.shape_holders.get(index).copied().unwrap_or(0);
                if now.count_ones() == 1 && before.count_ones() >= 2 {
                    let named: Named = (0..game.teams).map(|t| now & (1 << t) != 0).collect();
                    reasons.push(format!(
                        "Last {} {}: {} the last",
                        shape.name(),
                        result.verb(),
                        team_names(game, &named, "has", "have")
                    ));
                    fired.push((named, *result));
                }
            }
            TurnCheck::ChaosWinsIfTotalAbove { shape, count } => {
                let total = measures::board_cells(state, board)
                    .filter(|&c| state.piece_at(c).is_some_and(|(_, s)| s == *shape))
                    .count();
                if total > usize::from(*count) {
                    let reason = format!(
                        "{total} {} on the board, more than {count}: Chaos wins",
                        shape.plural()
                    );
                    return Some(everyone(game, SeatResult::Loss, &reason));
                }
            }
            // Not outcomes of a board.
            _ => {}
        }
    }
    if fired.is_empty() {
        return None;
    }
    let reason = reasons.join("; ");
    if game.rules.overachievers_disqualified {
        return overachievers::after_turn_checks(state, fired, reason);
    }
    Some(decide(game, &fired, reason))
}

/// The only team that plays `color`, if one team alone does.
fn owner(game: &Game, color: Color) -> Option<usize> {
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
    measures::board_cells(state, board)
        .filter_map(|c| state.piece_at(c))
        .filter(|(_, s)| *s == shape)
        .filter_map(|(color, _)| owner(game, color))
        .fold(0, |bits, team| bits | 1 << team)
}

/// For "Last <shape>" checks, per check and board, the teams holding the
/// shape: remembered at the start of every turn, so the check fires on the
/// turn that leaves one team of several.
pub(crate) fn shape_holders(state: &State) -> Vec<u16> {
    let game = state.game();
    let checks = &game.rules.turn_checks;
    if !checks
        .iter()
        .any(|c| matches!(c, TurnCheck::LastShape { .. }))
    {
        return Vec::new();
    }
    checks
        .iter()
        .flat_map(|check| {
            (1..=game.geometry.boards).map(move |board| match check {
                TurnCheck::LastShape { shape, .. } => holders(state, *shape, board),
                _ => 0,
            })
        })
        .collect()
}

/// "Player 1 has a piece", "Player 1 and Player 3 have pieces": the seats of
/// the named teams with the verb phrase for one or several.
fn team_names(game: &Game, named: &[bool], one: &str, several: &str) -> String {
    let labels: Vec<String> = game
        .seats
        .iter()
        .filter(|s| named[s.team])
        .map(|s| s.label())
        .collect();
    let verb = if labels.len() == 1 { one } else { several };
    format!("{} {verb}", join_and(&labels))
}

/// "Stalemate if Chaos cannot capture": the phase ends as by stalemate when
/// Chaos, were it to move now, could make a move on the board but none that
/// captures (judged on what Chaos knows, as its moves are). While Chaos
/// cannot move at all (locked, or a placement-only phase with nothing to
/// place) the check waits, and repeated turns end the phase as usual.
pub(crate) fn chaos_cannot_capture(state: &State) -> bool {
    let game = state.game();
    if !game
        .rules
        .turn_checks
        .contains(&TurnCheck::StalemateIfChaosCannotCapture)
    {
        return false;
    }
    game.chaos_seat()
        .is_some_and(|chaos| state.capture_available(chaos) == Some(false))
}

impl State {
    /// Whether `seat`, were it to move now, could capture: None when it has
    /// no move on the board at all. Judged on a copy with `seat` to move,
    /// from its knowledge under cloaking.
    pub(crate) fn capture_available(&self, seat: usize) -> Option<bool> {
        let mut probe = self.clone();
        probe.round = None;
        probe.to_move = seat;
        probe.turn_moves.clear();
        probe.offered_this_turn = true;
        if self.game().rules.cloaking != Cloaking::None {
            probe = probe.perceived(seat);
        }
        let mut moves = Vec::new();
        probe.generate_legal(&mut moves);
        moves.retain(|m| m.is_board_move());
        (!moves.is_empty()).then(|| moves.iter().any(|m| probe.captures(*m)))
    }
}

fn describe_results(game: &Game, outcome: &Outcome) -> String {
    outcome.summary(game)
}

/// The match's outcome from its boards' outcomes. One board is the match;
/// with several, whoever wins the most boards wins (a board won by everyone
/// is a tie), tied leaders draw and everyone else loses.
pub(crate) fn combine_boards(game: &Game, boards: &[Outcome]) -> Outcome {
    if let [only] = boards {
        return only.clone();
    }
    let mut won = vec![0usize; game.teams];
    for outcome in boards {
        let winners: Vec<usize> = (0..game.teams)
            .filter(|t| {
                let seats = game.seats.iter().enumerate();
                seats
                    .clone()
                    .any(|(i, s)| s.team == *t && outcome.results[i] == SeatResult::Win)
            })
            .collect();
        if winners.len() < game.teams {
            for t in winners {
                won[t] += 1;
            }
        }
    }
    let best = won.iter().copied().max().unwrap_or(0);
    let leaders = won.iter().filter(|w| **w == best).count();
    let team_result = |t: usize| match (best, won[t] == best, leaders) {
        (0, _, _) => SeatResult::Draw,
        (_, true, 1) => SeatResult::Win,
        (_, true, _) => SeatResult::Draw,
        _ => SeatResult::Loss,
    };
    let results = game.seats.iter().map(|s| team_result(s.team)).collect();
    let counts: Vec<String> = game
        .seats
        .iter()
        .filter(|s| !s.is_chaos || won[s.team] > 0)
        .map(|s| format!("{} {}", s.label(), won[s.team]))
        .collect();
    let outcome = chaos_rules(
        game,
        Outcome {
            results,
            reason: String::new(),
        },
    );
    let reason = format!(
        "Boards won: {}; {}",
        counts.join(", "),
        outcome.summary(game)
    );
    Outcome { reason, ..outcome }
}

#[cfg(test)]
mod tests;

//! Stalemate rules, applied to each undecided board when the final phase
//! stalemates.

use super::measures::{counted_cells, measure};
use super::{
    Fired, Measured, Named, Outcome, Rule, SeatResult, StalemateCause, board_outcome,
    chaos_cannot_capture, decide, everyone, overachievers,
};
use crate::game::State;
use crate::rules::{Measure, Order, StalemateRule, WinLose};

/// The outcome of one board when the final phase stalemates; `mover` made
/// the repeated turn. With "Overachiever(s) disqualified", the first set of
/// winners is disqualified and the rules are applied again to those left.
pub(crate) fn stalemate(state: &State, mover: usize, board: u8) -> Outcome {
    told(state, mover, board, cause(state))
}

/// [`stalemate`], with the cause as it was when the board stalemated (a
/// finished position has every board decided, so it cannot tell).
pub(super) fn told(state: &State, mover: usize, board: u8, cause: StalemateCause) -> Outcome {
    let (results, fired, disqualified) = judged(state, mover, board, true);
    board_outcome(board, results, Some(cause), fired, disqualified)
}

/// The results of [`stalemate`] alone: the rules judged without the cells
/// that explain them (see `Ending::Untold`).
pub(crate) fn results(state: &State, mover: usize, board: u8) -> Vec<SeatResult> {
    judged(state, mover, board, false).0
}

/// The stalemate rules judged, with "Overachiever(s) disqualified" applied;
/// `explain` asks for the cells each rule counted.
fn judged(
    state: &State,
    mover: usize,
    board: u8,
    explain: bool,
) -> (Vec<SeatResult>, Vec<Fired>, Named) {
    let eligible: Named = state.disqualified.iter().map(|d| !d).collect();
    let (results, fired, winners) = judge(state, mover, board, &eligible, explain);
    overachievers::at_stalemate(state, (results, fired), &winners, |left| {
        let (results, fired, _) = judge(state, mover, board, left, explain);
        (results, fired)
    })
}

/// Why the last phase stalemated, as a player would put it.
pub(crate) fn cause(state: &State) -> StalemateCause {
    let game = state.game();
    if chaos_cannot_capture(state) {
        return StalemateCause::ChaosCannotCapture;
    }
    let cells_per_board = game.geometry.cells_per_board;
    // Decided boards are locked to all, full or not.
    let full = (0..game.geometry.cell_count() as u16).all(|c| {
        let board = usize::from(c) / cells_per_board;
        state.board_results[board].is_some() || state.piece_at(c).is_some() || state.is_locked(c)
    });
    if full {
        StalemateCause::BoardFull
    } else if game.rules.phases[state.phase].order == Order::Single {
        StalemateCause::SingleRound
    } else if !state.changed.is_empty() {
        StalemateCause::Repeated
    } else if state.history.last().is_some_and(|a| a.automatic) {
        StalemateCause::NoMoveLeft
    } else {
        StalemateCause::Passed
    }
}

/// The stalemate rules applied among the `eligible` teams: every other team
/// loses. Returns the results, the rules as they fired, and the teams the
/// win rules named.
pub(super) fn judge(
    state: &State,
    mover: usize,
    board: u8,
    eligible: &[bool],
    explain: bool,
) -> (Vec<SeatResult>, Vec<Fired>, Named) {
    let game = state.game();
    let players: Named = (0..game.teams)
        .map(|t| eligible[t] && Some(t) != game.chaos_seat().map(|c| game.seats[c].team))
        .collect();
    let nobody = vec![false; game.teams];
    let mut fired = Vec::new();
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        let alone = |named: &Named| vec![Fired::new(Rule::Stalemate(rule.clone()), named.clone())];
        let (named, measured): (Named, Option<(&Measure, Vec<u32>)>) = match rule {
            StalemateRule::Draw => {
                let results =
                    overachievers::exclude(game, everyone(game, SeatResult::Draw), eligible);
                return (results, alone(&nobody), nobody);
            }
            StalemateRule::AllWin => {
                let results =
                    overachievers::exclude(game, everyone(game, SeatResult::Win), eligible);
                return (results, alone(&players), players);
            }
            StalemateRule::AllLose => {
                return (everyone(game, SeatResult::Loss), alone(&players), nobody);
            }
            StalemateRule::MoverWins | StalemateRule::MoverLoses => (
                (0..game.teams)
                    .map(|t| eligible[t] && t == game.seats[mover].team)
                    .collect(),
                None,
            ),
            StalemateRule::Most { of, .. } | StalemateRule::Least { of, .. } => {
                let values = measure(state, of, board);
                let among = values.iter().enumerate().filter(|(t, _)| eligible[*t]);
                let best = if matches!(rule, StalemateRule::Most { .. }) {
                    among.map(|(_, v)| v).max()
                } else {
                    among.map(|(_, v)| v).min()
                };
                let named = match best {
                    Some(&best) => (0..game.teams)
                        .map(|t| eligible[t] && values[t] == best)
                        .collect(),
                    None => nobody.clone(),
                };
                (named, Some((of, values)))
            }
            StalemateRule::MoreThanChaos { of, .. } | StalemateRule::LessThanChaos { of, .. } => {
                let values = measure(state, of, board);
                let chaos_team = game.chaos_seat().map(|s| game.seats[s].team);
                let chaos_value = chaos_team.map_or(0, |t| values[t]);
                let more = matches!(rule, StalemateRule::MoreThanChaos { .. });
                let named = (0..game.teams)
                    .map(|t| {
                        players[t]
                            && if more {
                                values[t] > chaos_value
                            } else {
                                values[t] < chaos_value
                            }
                    })
                    .collect();
                (named, Some((of, values)))
            }
            StalemateRule::Any { of, .. } => {
                let values = measure(state, of, board);
                let named = (0..game.teams)
                    .map(|t| eligible[t] && values[t] > 0)
                    .collect();
                (named, Some((of, values)))
            }
            StalemateRule::LastInARow { .. } => {
                // The eligible team that completed such a line last.
                let last = state.last_line_teams[i]
                    .iter()
                    .rev()
                    .find(|t| eligible[**t]);
                ((0..game.teams).map(|t| Some(&t) == last).collect(), None)
            }
        };
        let mut f = Fired::new(Rule::Stalemate(rule.clone()), named);
        if let Some((of, values)) = measured {
            f.measured = Measured::PerTeam(values);
            f.cells = (0..game.teams)
                .filter(|_| explain)
                .filter(|&t| f.named[t])
                .flat_map(|t| counted_cells(state, of, board, t))
                .collect();
        }
        fired.push(f);
    }
    let winners = (0..game.teams)
        .map(|t| {
            fired
                .iter()
                .any(|f| f.named[t] && f.rule.result() == Some(WinLose::Win))
        })
        .collect();
    let mut results = decide(game, &fired);
    // Chaos is no contestant in "than Chaos" rules: it wins or loses only by
    // the Chaos rules, and draws otherwise (a rule that names only losers
    // must not make Chaos a winner).
    if let Some(chaos) = game.chaos_seat()
        && game.rules.stalemate.iter().all(|r| {
            matches!(
                r,
                StalemateRule::MoreThanChaos { .. } | StalemateRule::LessThanChaos { .. }
            )
        })
    {
        let players = || {
            results
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != chaos)
                .map(|(_, r)| *r)
        };
        results[chaos] = if players().all(|r| r == SeatResult::Loss) {
            SeatResult::Win
        } else if players().all(|r| r == SeatResult::Win) {
            SeatResult::Loss
        } else {
            SeatResult::Draw
        };
    }
    let results = overachievers::exclude(game, results, eligible);
    (results, fired, winners)
}

//! Stalemate rules, applied to each undecided board when the final phase
//! stalemates.

use super::measures::measure;
use super::{Named, Outcome, SeatResult, decide, describe_results, everyone, overachievers};
use crate::game::State;
use crate::rules::{StalemateRule, WinLose};

/// The outcome of one board when the final phase stalemates; `mover` made
/// the repeated turn. With "Overachiever(s) disqualified", the first set of
/// winners is disqualified and the rules are applied again to those left.
pub(crate) fn stalemate(state: &State, mover: usize, board: u8) -> Outcome {
    let eligible: Named = state.disqualified.iter().map(|d| !d).collect();
    let (outcome, winners) = judge(state, mover, board, &eligible);
    overachievers::at_stalemate(state, outcome, &winners, |left| {
        judge(state, mover, board, left).0
    })
}

/// The stalemate rules applied among the `eligible` teams: every other team
/// loses. Returns the outcome and the teams the win rules named.
pub(super) fn judge(state: &State, mover: usize, board: u8, eligible: &[bool]) -> (Outcome, Named) {
    let game = state.game();
    let players: Named = (0..game.teams)
        .map(|t| eligible[t] && Some(t) != game.chaos_seat().map(|c| game.seats[c].team))
        .collect();
    let nobody = vec![false; game.teams];
    let mut fired = Vec::new();
    for (i, rule) in game.rules.stalemate.iter().enumerate() {
        let (named, result): (Named, WinLose) = match rule {
            StalemateRule::Draw => {
                let outcome = everyone(game, SeatResult::Draw, "Stalemate draws");
                return (overachievers::exclude(game, outcome, eligible), nobody);
            }
            StalemateRule::AllWin => {
                let outcome = everyone(game, SeatResult::Win, "All players win at stalemate");
                return (overachievers::exclude(game, outcome, eligible), players);
            }
            StalemateRule::AllLose => {
                let outcome = everyone(game, SeatResult::Loss, "All players lose at stalemate");
                return (outcome, nobody);
            }
            StalemateRule::MoverWins | StalemateRule::MoverLoses => {
                let named = (0..game.teams)
                    .map(|t| eligible[t] && t == game.seats[mover].team)
                    .collect();
                let result = if *rule == StalemateRule::MoverWins {
                    WinLose::Win
                } else {
                    WinLose::Lose
                };
                (named, result)
            }
            StalemateRule::Most { of, result } | StalemateRule::Least { of, result } => {
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
                (named, *result)
            }
            StalemateRule::MoreThanChaos { of, result }
            | StalemateRule::LessThanChaos { of, result } => {
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
                (named, *result)
            }
            StalemateRule::Any { of, result } => (
                measure(state, of, board)
                    .iter()
                    .enumerate()
                    .map(|(t, v)| eligible[t] && *v > 0)
                    .collect(),
                *result,
            ),
            StalemateRule::LastInARow { result, .. } => {
                // The eligible team that completed such a line last.
                let last = state.last_line_teams[i]
                    .iter()
                    .rev()
                    .find(|t| eligible[**t]);
                ((0..game.teams).map(|t| Some(&t) == last).collect(), *result)
            }
        };
        fired.push((named, result));
    }
    let winners = (0..game.teams)
        .map(|t| fired.iter().any(|(n, r)| n[t] && *r == WinLose::Win))
        .collect();
    let mut outcome = decide(game, &fired, "Stalemate".to_string());
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
            outcome
                .results
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != chaos)
                .map(|(_, r)| *r)
        };
        outcome.results[chaos] = if players().all(|r| r == SeatResult::Loss) {
            SeatResult::Win
        } else if players().all(|r| r == SeatResult::Win) {
            SeatResult::Loss
        } else {
            SeatResult::Draw
        };
    }
    let mut outcome = overachievers::exclude(game, outcome, eligible);
    outcome.reason = format!("Stalemate: {}", describe_results(game, &outcome));
    (outcome, winners)
}

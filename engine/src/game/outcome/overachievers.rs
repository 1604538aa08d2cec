//! "Overachiever(s) disqualified" (4-player games): the first set of winners
//! is disqualified from winning but plays on, and later wins are judged among
//! the rest. If every player is disqualified or loses, Chaos wins: without a
//! Chaos seat (a virtual Chaos), every player loses.

use super::{Fired, Named, Outcome, SeatResult, after_turn, chaos_rules, decide, everyone};
use crate::game::{Game, State};
use crate::rules::WinLose;

/// Every team that is not eligible loses; the Chaos rules then apply again.
pub(super) fn exclude(
    game: &Game,
    mut results: Vec<SeatResult>,
    eligible: &[bool],
) -> Vec<SeatResult> {
    if eligible.iter().all(|e| *e) {
        return results;
    }
    for (i, seat) in game.seats.iter().enumerate() {
        if !eligible[seat.team] {
            results[i] = SeatResult::Loss;
        }
    }
    chaos_rules(game, &mut results);
    results
}

/// Turn checks that fired: disqualified teams cannot be named winners. The
/// first time winners are named they are disqualified and play goes on
/// (lose rules that fired with them still apply).
pub(super) fn after_turn_checks(
    state: &mut State,
    mut fired: Vec<Fired>,
    board: u8,
) -> Option<Outcome> {
    let game = state.game().clone();
    let before = state.standings.decided.disqualified.clone();
    // What happened, to explain an ending where every player overachieved.
    let seen = fired.clone();
    for f in &mut fired {
        if f.rule.result() == Some(WinLose::Win) {
            for (n, d) in f.named.iter_mut().zip(&before) {
                *n &= !d;
            }
        }
    }
    fired.retain(|f| f.named.iter().any(|n| *n));
    if !before.iter().any(|d| *d) {
        let winners: Named = (0..game.teams.count)
            .map(|t| {
                fired
                    .iter()
                    .any(|f| f.named[t] && f.rule.result() == Some(WinLose::Win))
            })
            .collect();
        if winners.iter().any(|w| *w) {
            state.standings.decided_mut().disqualified = winners;
            fired.retain(|f| f.rule.result() == Some(WinLose::Lose));
            let chaos_team = game.chaos_seat().map(|c| game.seats[c].team);
            let all_out = (0..game.teams.count)
                .all(|t| Some(t) == chaos_team || state.standings.decided.disqualified[t]);
            if all_out {
                let results = everyone(&game, SeatResult::Loss);
                return Some(after_turn(state, board, results, seen));
            }
        }
    }
    if fired.is_empty() {
        return None;
    }
    let eligible = super::stalemate::eligible_teams(state);
    let results = exclude(&game, decide(&game, &fired), &eligible);
    Some(after_turn(state, board, results, fired))
}

/// At stalemate: the first time winners are named (`winners`, by
/// `judged`), they are disqualified and the rules are applied `again` to
/// those left. Returns the results, the rules that fired and who is
/// disqualified.
pub(super) fn at_stalemate(
    state: &State,
    judged: (Vec<SeatResult>, Vec<Fired>),
    winners: &[bool],
    again: impl FnOnce(&[bool]) -> (Vec<SeatResult>, Vec<Fired>),
) -> (Vec<SeatResult>, Vec<Fired>, Named) {
    let game = state.game();
    let already = state.standings.decided.disqualified.iter().any(|d| *d);
    if !game.rules.overachievers_disqualified || already || !winners.iter().any(|w| *w) {
        return (
            judged.0,
            judged.1,
            state.standings.decided.disqualified.clone(),
        );
    }
    let left: Named = winners.iter().map(|w| !w).collect();
    let (results, fired) = again(&left);
    (results, fired, winners.to_vec())
}

impl State {
    /// Whether the seat's team was disqualified as an overachiever: it plays
    /// on but cannot win.
    pub fn is_disqualified(&self, seat: usize) -> bool {
        self.standings.decided.disqualified[self.game().seats[seat].team]
    }
}

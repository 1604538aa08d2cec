//! "Overachiever(s) disqualified" (4-player games): the first set of winners
//! is disqualified from winning but plays on, and later wins are judged among
//! the rest. If every player is disqualified or loses, Chaos wins: without a
//! Chaos seat (a virtual Chaos), every player loses.

use super::{Named, Outcome, SeatResult, chaos_rules, decide, everyone, team_names};
use crate::game::{Game, State};
use crate::rules::WinLose;

/// Every team that is not eligible loses; the Chaos rules then apply again.
pub(super) fn exclude(game: &Game, mut outcome: Outcome, eligible: &[bool]) -> Outcome {
    if eligible.iter().all(|e| *e) {
        return outcome;
    }
    for (i, seat) in game.seats.iter().enumerate() {
        if !eligible[seat.team] {
            outcome.results[i] = SeatResult::Loss;
        }
    }
    chaos_rules(game, outcome)
}

/// Says who was disqualified, if anyone, after the reason.
fn noted(game: &Game, mut outcome: Outcome, disqualified: &[bool]) -> Outcome {
    if disqualified.iter().any(|d| *d) {
        outcome.reason = format!(
            "{}; {}",
            outcome.reason,
            team_names(
                game,
                disqualified,
                "was disqualified as an overachiever",
                "were disqualified as overachievers"
            )
        );
    }
    outcome
}

/// Turn checks that fired, with the rule: disqualified teams cannot be
/// named winners. The first time winners are named they are disqualified
/// and play goes on (lose rules that fired with them still apply).
pub(super) fn after_turn_checks(
    state: &mut State,
    mut fired: Vec<(Named, WinLose)>,
    reason: String,
) -> Option<Outcome> {
    let game = state.game().clone();
    let before = state.disqualified.clone();
    for (named, result) in &mut fired {
        if *result == WinLose::Win {
            for (n, d) in named.iter_mut().zip(&before) {
                *n &= !d;
            }
        }
    }
    fired.retain(|(named, _)| named.iter().any(|n| *n));
    if !before.iter().any(|d| *d) {
        let winners: Named = (0..game.teams)
            .map(|t| fired.iter().any(|(n, r)| n[t] && *r == WinLose::Win))
            .collect();
        if winners.iter().any(|w| *w) {
            state.disqualified = winners;
            fired.retain(|(_, r)| *r == WinLose::Lose);
            let chaos_team = game.chaos_seat().map(|c| game.seats[c].team);
            let all_out = (0..game.teams).all(|t| Some(t) == chaos_team || state.disqualified[t]);
            if all_out {
                let outcome =
                    everyone(game.as_ref(), SeatResult::Loss, "Every player overachieved");
                return Some(noted(&game, outcome, &state.disqualified));
            }
        }
    }
    if fired.is_empty() {
        return None;
    }
    let eligible: Named = state.disqualified.iter().map(|d| !d).collect();
    let outcome = exclude(&game, decide(&game, &fired, reason), &eligible);
    Some(noted(&game, outcome, &state.disqualified))
}

/// At stalemate: the first time winners are named (`winners`, by `outcome`),
/// they are disqualified and the rules are applied `again` to those left.
pub(super) fn at_stalemate(
    state: &State,
    outcome: Outcome,
    winners: &[bool],
    again: impl FnOnce(&[bool]) -> Outcome,
) -> Outcome {
    let game = state.game();
    let already = state.disqualified.iter().any(|d| *d);
    if !game.rules.overachievers_disqualified || already || !winners.iter().any(|w| *w) {
        return noted(game, outcome, &state.disqualified);
    }
    let left: Named = winners.iter().map(|w| !w).collect();
    noted(game, again(&left), winners)
}

impl State {
    /// Whether the seat's team was disqualified as an overachiever: it plays
    /// on but cannot win.
    pub fn is_disqualified(&self, seat: usize) -> bool {
        self.disqualified[self.game().seats[seat].team]
    }
}

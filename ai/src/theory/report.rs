//! A game's analysis in its own words: each seat's equilibrium plans (the
//! engine's move texts, which carry the game's labels), values, the
//! exploitability reached and how the standard player plays, as text for
//! the chat and as data for scripts.

use std::sync::Arc;

use serde::Serialize;

use super::{Method, Solution, TheoryError, solved};
use redscience_engine::game::Game;

/// What the payoffs are, said once in every report.
pub const PAYOFF_UNITS: &str = "the engine's returns: 1 a win, 0.5 a draw, 0 a loss, \
     with Chaos's random moves averaged in";

/// Equilibria listed in the chat text at most (the data has them all).
const LISTED: usize = 6;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: String,
    /// "exact" or "cfr".
    pub method: String,
    pub method_words: String,
    pub payoff_units: String,
    /// The players of the first round, in seat order.
    pub seats: Vec<SeatReport>,
    /// The first round's equilibria (exact method), play after it by the
    /// selected equilibrium.
    pub equilibria: Vec<EquilibriumReport>,
    /// Per joint choice of the first round's players (the first player's
    /// plan varying slowest): each player's expected return.
    pub payoffs: Vec<Vec<f64>>,
    /// Decision points after the first round.
    pub later_decisions: usize,
    pub exploitability: ExploitabilityReport,
    /// CFR+ on the same tree, for comparison (exact method only).
    pub cfr: Option<CfrReport>,
    pub standard_player: String,
    pub tree_positions: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatReport {
    pub seat: usize,
    /// The seat as people read it: its colours ("black").
    pub name: String,
    pub plans: Vec<String>,
    /// The selected equilibrium's probability of each plan.
    pub probabilities: Vec<f64>,
    /// The seat's expected return when all play the equilibrium.
    pub value: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct EquilibriumReport {
    /// Per player of the first round, each plan's probability.
    pub strategies: Vec<Vec<f64>>,
    pub values: Vec<f64>,
    /// Whether the standard player plays this one.
    pub selected: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ExploitabilityReport {
    pub nash_conv: f64,
    /// NashConv / 2 for two-player constant-sum games, else NashConv.
    pub exploitability: f64,
    pub payoff_range: f64,
    /// Exploitability over the payoff range.
    pub fraction: f64,
    pub constant_sum: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct CfrReport {
    pub iterations: usize,
    pub exploitability: ExploitabilityReport,
}

fn exploitability_report(e: &super::Exploitability) -> ExploitabilityReport {
    ExploitabilityReport {
        nash_conv: e.nash_conv,
        exploitability: e.exploitability,
        payoff_range: e.payoff_range,
        fraction: e.fraction(),
        constant_sum: e.constant_sum,
    }
}

/// The analysis of `game` (named `name`), solved once per process.
pub fn analyze(game: &Arc<Game>, name: &str) -> Result<Report, TheoryError> {
    let solution = solved(game)?;
    Ok(report_of(game, name, &solution))
}

fn report_of(game: &Arc<Game>, name: &str, s: &Solution) -> Report {
    let round = s.root_round();
    let players = round.as_ref().map_or(&[][..], |r| &r.players[..]);
    let values = &s.exploitability.values;
    let seats: Vec<SeatReport> = players
        .iter()
        .map(|&(seat, info)| SeatReport {
            seat,
            name: game.seat_colors_name(seat),
            plans: s.tree.infosets[info].texts.clone(),
            probabilities: s.profile[info].clone(),
            value: values[seat],
        })
        .collect();
    let root_infosets = players.len();
    let (method, method_words) = match s.method {
        Method::Exact => (
            "exact",
            "exact: every round solved by backward induction, two players by support \
             enumeration (every equilibrium), more by their pure equilibria"
                .to_string(),
        ),
        Method::Cfr { iterations } => (
            "cfr",
            format!("CFR+ (counterfactual regret minimisation), {iterations} iterations"),
        ),
    };
    let equilibria = s
        .root_equilibria
        .iter()
        .enumerate()
        .map(|(i, e)| EquilibriumReport {
            strategies: e.strategies.clone(),
            values: e.values.clone(),
            selected: s.selected == Some(i),
        })
        .collect();
    let standard_player = match s.method {
        Method::Exact => "draws its plan from the selected equilibrium: of several, the one \
             worth most to the players together, then the one using fewest plans"
            .to_string(),
        Method::Cfr { .. } => "draws its plan from CFR+'s average strategy".to_string(),
    };
    Report {
        game: name.to_string(),
        method: method.to_string(),
        method_words,
        payoff_units: PAYOFF_UNITS.to_string(),
        seats,
        equilibria,
        payoffs: round.map(|r| r.payoffs).unwrap_or_default(),
        later_decisions: s.tree.infosets.len().saturating_sub(root_infosets),
        exploitability: exploitability_report(&s.exploitability),
        cfr: s.cfr.as_ref().map(|(iterations, e)| CfrReport {
            iterations: *iterations,
            exploitability: exploitability_report(e),
        }),
        standard_player,
        tree_positions: s.tree.visited,
    }
}

/// A probability as people read it: "100%", "33.3%".
fn percent(p: f64) -> String {
    let rounded = format!("{:.1}", p * 100.0);
    format!("{}%", rounded.trim_end_matches(".0"))
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

impl Report {
    /// The analysis as chat text.
    pub fn text(&self) -> String {
        let mut out = format!("**{}**: equilibrium ({}).\n", self.game, self.method_words);
        out += &format!("Payoffs are {}.\n", self.payoff_units);
        for seat in &self.seats {
            let plans: Vec<String> = seat
                .plans
                .iter()
                .zip(&seat.probabilities)
                .filter(|(_, p)| **p > 1e-9)
                .map(|(plan, p)| format!("{plan} {}", percent(*p)))
                .collect();
            out += &format!(
                "- {} plays {}; value {:.3}.\n",
                capitalised(&seat.name),
                plans.join(", "),
                seat.value
            );
        }
        if self.later_decisions > 0 {
            out += &format!(
                "Later decisions ({}) are played by their own equilibria too.\n",
                self.later_decisions
            );
        }
        if self.equilibria.len() > 1 {
            out += &format!(
                "Equilibria of the first round: {}.\n",
                self.equilibria.len()
            );
            for (i, eq) in self.equilibria.iter().take(LISTED).enumerate() {
                let parts: Vec<String> = self
                    .seats
                    .iter()
                    .zip(&eq.strategies)
                    .zip(&eq.values)
                    .map(|((seat, strategy), value)| {
                        let used: Vec<String> = seat
                            .plans
                            .iter()
                            .zip(strategy)
                            .filter(|(_, p)| **p > 1e-9)
                            .map(|(plan, p)| format!("{plan} {}", percent(*p)))
                            .collect();
                        format!(
                            "{}: {} (value {value:.3})",
                            capitalised(&seat.name),
                            used.join(", ")
                        )
                    })
                    .collect();
                let mark = if eq.selected {
                    " ← the standard player's"
                } else {
                    ""
                };
                out += &format!("{}. {}{mark}\n", i + 1, parts.join("; "));
            }
            if self.equilibria.len() > LISTED {
                out += &format!("… and {} more.\n", self.equilibria.len() - LISTED);
            }
        }
        let e = &self.exploitability;
        out += &format!(
            "Exploitability: {:.6} ({:.2}% of the payoff range {}{}).\n",
            e.exploitability,
            e.fraction * 100.0,
            e.payoff_range,
            if e.constant_sum {
                ", NashConv / 2 as the game is constant-sum"
            } else {
                ", NashConv"
            }
        );
        if let Some(cfr) = &self.cfr {
            out += &format!(
                "CFR+ reaches {:.6} ({:.2}%) in {} iterations.\n",
                cfr.exploitability.exploitability,
                cfr.exploitability.fraction * 100.0,
                cfr.iterations
            );
        }
        out += &format!("The standard player {}.", self.standard_player);
        out
    }
}

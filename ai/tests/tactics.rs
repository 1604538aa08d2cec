//! The tactical suite of issue 24, small enough for the debug test build:
//! positions from random play across the catalogue, labelled by the
//! exhaustive short search of `redscience_ai::tactics`, and the search
//! (`ai::search` at a small budget) must obey every label. The full suite
//! is `redscience tactics` (10,000 positions, release build).

use std::sync::OnceLock;

use redscience_ai::tactics::{self, Budget, Checked, Label, Options};

/// A few positions per game, with budgets that keep the debug build
/// quick: the test loop's share. CI checks 1,000 positions more with the
/// command line (`.ci/run`, "the tactical suite"), and the full suite is
/// 10,000 (release).
fn options() -> Options {
    Options {
        positions: 100,
        seed: 24,
        iterations: 64,
        budget: Budget {
            one_move: 150_000,
            two_move: 150_000,
        },
    }
}

fn table(suite: &tactics::Suite) -> String {
    let mut out = String::new();
    for t in &suite.tallies {
        let labels: Vec<String> = Label::ALL
            .iter()
            .map(|&l| format!("{l} {}", t.count(l)))
            .collect();
        out += &format!(
            "{:<18} kept {:>4} of {:>4}, skipped {:>3}, {}, misses {}\n",
            t.game,
            t.positions,
            t.tried,
            t.skipped,
            labels.join(", "),
            t.misses
        );
    }
    out
}

/// The suite, generated once for every test of this binary (generating
/// it is a quarter of the checking's time).
fn suite() -> &'static tactics::Suite {
    static SUITE: OnceLock<tactics::Suite> = OnceLock::new();
    SUITE.get_or_init(|| tactics::generate(&options()))
}

#[test]
fn a_generated_suite_holds_every_threat_label() {
    let options = options();
    let suite = suite();
    let threats = suite
        .positions
        .iter()
        .filter(|p| p.label.is_threat())
        .count();
    eprint!("{}", table(suite));
    assert!(
        suite.positions.len() >= options.positions * 9 / 10,
        "{} positions\n{}",
        suite.positions.len(),
        table(suite)
    );
    for label in [Label::Win1, Label::Loss1, Label::Win2, Label::Loss2] {
        assert!(
            suite.positions.iter().any(|p| p.label == label),
            "no {label}\n{}",
            table(suite)
        );
    }
    assert!(threats * 2 > suite.positions.len(), "{}", table(suite));
}

/// How many tests share the checking, so that the test harness's threads
/// check the suite side by side.
const PARTS: usize = 4;

/// The search must obey the label of every `PARTS`th position of the
/// suite, starting at `part`.
fn obeys_every_label_of_part(part: usize) {
    let options = options();
    let suite = suite();
    let mut checked = 0;
    let mut misses = Vec::new();
    for position in suite.positions.iter().skip(part).step_by(PARTS) {
        checked += 1;
        if let Checked::Missed(miss) =
            tactics::check_position(position, options.iterations, options.budget)
        {
            misses.push(miss);
        }
    }
    assert!(checked > 0, "part {part} of {PARTS} holds no position");
    let listed: Vec<String> = misses
        .iter()
        .map(|m| format!("{} {}: chose {} ({})", m.game, m.label, m.chosen, m.command))
        .collect();
    assert!(
        misses.is_empty(),
        "{} misses of {checked}\n{}",
        misses.len(),
        listed.join("\n")
    );
}

#[test]
fn the_search_obeys_every_label_first_quarter() {
    obeys_every_label_of_part(0);
}

#[test]
fn the_search_obeys_every_label_second_quarter() {
    obeys_every_label_of_part(1);
}

#[test]
fn the_search_obeys_every_label_third_quarter() {
    obeys_every_label_of_part(2);
}

#[test]
fn the_search_obeys_every_label_fourth_quarter() {
    obeys_every_label_of_part(3);
}

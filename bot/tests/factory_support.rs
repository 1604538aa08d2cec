//! What the Factory's scenario tests share: a game from fields over a base,
//! the legal moves as typed, and the validation messages of a rule set.

use std::sync::Arc;

use serde_json::Value;

use redscience_engine::notation::typed;
use redscience_engine::testing::{game, rules};
use redscience_engine::{Game, State};

/// The game of `base` with `extra`'s fields set over it.
pub fn with(mut base: Value, extra: Value) -> Arc<Game> {
    for (k, v) in extra.as_object().expect("an object") {
        base[k] = v.clone();
    }
    game(base)
}

/// The legal moves as typed, sorted (draw talk aside).
pub fn legal(state: &State) -> Vec<String> {
    let mut out: Vec<String> = (state.legal().iter())
        .filter(|m| !m.is_draw_talk())
        .map(|m| typed(state, *m).expect("a legal move can be typed"))
        .collect();
    out.sort();
    out
}

/// The validation messages of `fields` over Tic-Tac-Toe at `field`: at
/// least one, or the test fails.
pub fn refused(fields: Value, field: &str) -> Vec<String> {
    let problems = redscience_engine::validate(&rules(fields)).expect_err("refused");
    let messages: Vec<String> = (problems.into_iter())
        .filter(|p| p.field == field)
        .map(|p| p.message)
        .collect();
    assert!(!messages.is_empty(), "nothing refused at {field}");
    messages
}

/// Fails unless one line of the game's description contains `words`.
pub fn assert_described(game: &Game, words: &str) {
    let lines = redscience_engine::describe(&game.rules);
    assert!(
        lines.iter().any(|l| l.contains(words)),
        "{words:?} is not in {lines:?}"
    );
}

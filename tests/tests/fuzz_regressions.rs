//! Crashes the fuzz targets found (fuzz/, bench/fuzz.sh), replayed the way
//! the target plays them. Each input is also a seed of its target.

use redscience_engine::{Game, RuleSet};

/// The rule_set_json target: read, describe, compile, and play up to 64
/// moves picked by the file's own bytes.
fn rule_set_json(text: &str) {
    let data = text.as_bytes();
    let Ok(rules) = RuleSet::from_json(text) else {
        return;
    };
    let _ = redscience_engine::describe(&rules);
    let Ok(game) = Game::new(rules) else {
        return;
    };
    let mut state = game.start_seeded(data.len() as u64);
    for &byte in data.iter().take(64) {
        let legal = state.legal_moves();
        if state.is_finished() || legal.is_empty() {
            break;
        }
        let mv = legal[byte as usize % legal.len()];
        let _ = state.move_text(mv);
        state.apply(mv).expect("a legal move applies");
    }
}

/// `describe` indexed the first of an empty list of spaces.
#[test]
fn an_empty_list_of_exclusive_spaces() {
    rule_set_json(include_str!(
        "../../fuzz/seeds/rule_set_json/crash-empty-spaces.json"
    ));
}

/// Doubling captures (reincarnate_x2) overflowed a reserve count.
#[test]
fn reserves_grown_by_doubling_captures() {
    rule_set_json(include_str!(
        "../../fuzz/seeds/rule_set_json/crash-reincarnate-overflow.json"
    ));
}

//! Any bytes as a rule-set file: read, validate, and when valid compile and
//! play a few moves picked by the input's own bytes. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use redscience_engine::{Game, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = RuleSet::from_json(text) else {
        return;
    };
    let _ = redscience_engine::describe(&rules);
    let Ok(game) = Game::new(rules) else {
        return;
    };
    let _ = redscience_engine::fingerprint(&game.rules);
    let mut state = game.start_seeded(data.len() as u64);
    // The file's own bytes pick the moves, so a crash replays exactly.
    for &byte in data.iter().take(64) {
        let legal = state.legal_moves();
        if state.is_finished() || legal.is_empty() {
            break;
        }
        let mv = legal[byte as usize % legal.len()];
        let _ = state.move_text(mv);
        state.apply(mv).expect("a legal move applies");
    }
});

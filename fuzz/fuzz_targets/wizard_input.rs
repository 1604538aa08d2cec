//! The game-creation wizard fed each line as an answer; a line "<" goes
//! back a question. Nothing may panic, and every prompt must render.
#![no_main]

use libfuzzer_sys::fuzz_target;
use redscience_commands::wizard::Wizard;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut wizard = Wizard::new();
    for line in text.lines().take(200) {
        if line == "<" {
            wizard.back();
        } else {
            let _ = wizard.answer(line);
        }
        let _ = wizard.prompt();
        let _ = wizard.preview();
    }
    if wizard.is_finished() {
        let _ = redscience_engine::Game::new(wizard.rules().clone());
    }
});

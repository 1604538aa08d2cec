//! The game-creation wizard fed each line as an answer; a line "<" goes
//! back a question. Nothing may panic, and every prompt must render.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the tests crate, so its regression tests replay
// findings through this very code.
fuzz_target!(|data: &[u8]| redscience_tests::fuzz::wizard_input(data));

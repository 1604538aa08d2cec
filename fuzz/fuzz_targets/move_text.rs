//! Typed move text against catalogue games: the first byte picks the game,
//! the next bytes play a few legal moves, the rest is the text typed.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the tests crate, so its regression tests replay
// findings through this very code.
fuzz_target!(|data: &[u8]| redscience_tests::fuzz::move_text(data));

//! The whole bot on arbitrary text: each line goes to one bot on a scratch
//! SQLite file, as a command ("/..."), a choice ("#...") or plain text, from
//! ann or bob ("@bob ..."), in a channel or privately ("~..."). The bot
//! must answer every request without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the tests crate, so its regression tests replay
// findings through this very code.
fuzz_target!(|data: &[u8]| redscience_tests::fuzz::command_text(data));

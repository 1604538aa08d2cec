//! Any bytes as a rule-set file: read, validate, and when valid compile and
//! play a few moves picked by the input's own bytes. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the tests crate, so its regression tests replay
// findings through this very code.
fuzz_target!(|data: &[u8]| redscience_tests::fuzz::rule_set_json(data));

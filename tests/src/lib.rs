//! Scenario tests across the redscience crates live in `tests/`; this crate has no library code.

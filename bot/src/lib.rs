//! The parts of the `redscience` binary that tests drive in-process: the
//! console chat adapter.

pub mod console;

//! The parts of the `redscience` binary that tests drive in-process: the
//! console chat adapter, the Matrix transport and `serve`.

// matrix-sdk's futures are deep: proving them Send needs a higher limit.
#![recursion_limit = "256"]

pub mod console;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod serve;

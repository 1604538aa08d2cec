//! The parts of the `redscience` binary that tests drive in-process: the
//! console chat adapter, the Discord and Matrix transports and `serve`.

// matrix-sdk's futures are deep: proving them Send needs a higher limit.
#![recursion_limit = "256"]

pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;
#[cfg(any(feature = "matrix", feature = "discord"))]
pub mod relay;
pub mod serve;

use redscience_storage::{Config, Storage};

/// Opens storage for the bot itself (the console or the chat transports):
/// migrated, the catalogue and system players seeded, the configured
/// Admins named, all by `Storage::open`.
pub(crate) async fn open_for_the_bot(config: &Config) -> Result<Storage, String> {
    Storage::open(config)
        .await
        .map_err(|e| format!("{}: {e}", config.describe()))
}

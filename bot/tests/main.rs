//! The bot's integration tests: the command line, the console, Discord and
//! Matrix as people meet them, crashes and load. One test binary, a module
//! per concern: every test binary links the whole dependency graph, so
//! one link instead of nine keeps `cargo test` quick.

// matrix-sdk's futures are deep: proving them Send needs a higher limit.
#![recursion_limit = "256"]

mod discord_support;
mod matrix_support;

mod cli;
mod crash;
mod discord;
mod discord_fake;
mod load;
mod matrix;
mod matrix_crash;
mod matrix_load;
mod storage_cli;

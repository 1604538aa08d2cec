//! The integration tests, one binary with a module per concern: every test
//! binary links the whole dependency graph again, and in one binary the
//! tests that wait (turn clocks, killed and restarted bots, a homeserver)
//! overlap with those that compute, where separate binaries run one after
//! another.
//!
//! The bot as people meet it: the command line, the console, Discord and
//! Matrix, crashes and load. Then the scenarios across the crates: the
//! catalogue's games, the console chat as people use it, ratings,
//! leaderboards, friends, personas, the authorization matrix and the
//! fuzzers' findings (on the console harness in `common`).

// matrix-sdk's futures are deep: proving them Send needs a higher limit.
#![recursion_limit = "256"]

mod common;
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

mod allocations;
mod analyze;
mod authorization;
mod catalogue_games;
mod challenges;
mod clocks;
mod console_chat;
mod creations;
mod endings;
mod factory_alone;
mod factory_bounds;
mod factory_checks;
mod factory_colors;
mod factory_dice;
mod factory_jumps;
mod factory_moves;
mod factory_options;
mod factory_support;
mod factory_trails;
mod factory_turns;
mod friends;
mod fuzz_regressions;
mod game_theory;
mod generated_rules;
mod labels;
mod leaderboard;
mod leaving;
mod limits;
mod machines;
mod match_finding;
mod one_meaning;
mod personas;
mod playouts;
mod ratings;
mod refusals;
mod sealed_rounds;
mod secret_chat;
mod secret_runs;
mod stats;
mod views;
mod wizard_chat;

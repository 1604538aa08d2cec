//! Scenario tests across the crates: the catalogue's games, the console
//! chat as people use it, ratings, leaderboards, friends, personas, the
//! authorization matrix and the fuzzers' findings. One test binary, a
//! module per concern (each test binary links the whole graph again).

mod common;

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

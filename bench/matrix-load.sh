#!/usr/bin/env bash
# Load run over a local Synapse: MATCHES (20) people play Tic-Tac-Toe
# against Random with the bot at the same time, ROUNDS (2) matches each, and
# the time from a move message to the bot's answer is reported (median and
# 99th percentile, in milliseconds, as one JSON line). An ignored test of
# the bot's test binary (bot/tests/matrix_load.rs), not part of the test run.
#
#   bench/matrix-load.sh             # debug build of the bot
#   PROFILE=release bench/matrix-load.sh   # release build (long first build)
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/redscience/target}"
PROFILE="${PROFILE:-debug}"
if [ "$PROFILE" = release ]; then FLAG=(--release); else FLAG=(); fi

cargo test --locked "${FLAG[@]}" -p redscience --test bot --no-run
source .ci/synapse.sh
cargo test --locked "${FLAG[@]}" -p redscience --test bot -- --ignored --exact \
    matrix_load::matrix_load --nocapture --test-threads 1

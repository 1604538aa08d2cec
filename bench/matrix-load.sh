#!/usr/bin/env bash
# Load run over a local Synapse: MATCHES (20) people play Tic-Tac-Toe
# against Random with the bot at the same time, ROUNDS (2) matches each, and
# the time from a move message to the bot's answer is reported (median and
# 99th percentile, in milliseconds, as one JSON line). Not a test.
#
#   bench/matrix-load.sh             # debug build of the bot
#   PROFILE=release bench/matrix-load.sh   # release build (long first build)
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/redscience/target}"
PROFILE="${PROFILE:-debug}"
if [ "$PROFILE" = release ]; then FLAG=(--release); else FLAG=(); fi

cargo build --locked "${FLAG[@]}" -p redscience --bin redscience --example matrix_load
source .ci/synapse.sh
export REDSCIENCE_BIN="$CARGO_TARGET_DIR/$PROFILE/redscience"
"$CARGO_TARGET_DIR/$PROFILE/examples/matrix_load"

#!/usr/bin/env bash
# Load run over the Discord HTTP interactions endpoint: PLAYERS simulated
# players against PROCESSES `redscience serve` processes (1 or 2) sharing
# one PostgreSQL database, for SECONDS; prints moves per second, latency
# percentiles and errors (bot/tests/load.rs says what is measured).
#
#   bench/load.sh [PLAYERS] [PROCESSES] [SECONDS]     # defaults 20 1 30
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bench/load.sh 20 2 60
#   PROFILE=release bench/load.sh 100 2 60
#
# With DATABASE_URL naming a PostgreSQL server, the run makes a fresh
# database there and drops it afterwards (LOAD_KEEP_DB=1 keeps it);
# without one, a throw-away cluster is started (.ci/postgres.sh).
# LOAD_PACE=0 lets players send faster than the bot's per-account rate
# limit (the refusals are counted); LOAD_GAME picks another game.
#
#   bench/load.sh machines [SECONDS] [PROCESSES]      # defaults 60 1
#
# The machines run: 20 people each against a game's standard player (10 on
# Connect6-19x19, 10 on 5on15sq) while 6 others ask `help` and `board`;
# prints the light commands' answer times (LOAD_MACHINES, LOAD_WATCHERS
# change the numbers, and add machines to any run).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = machines ]; then
    export LOAD_MACHINES="${LOAD_MACHINES:-20}" LOAD_WATCHERS="${LOAD_WATCHERS:-6}"
    set -- 0 "${3:-1}" "${2:-60}"
fi

export LOAD_PLAYERS="${1:-${LOAD_PLAYERS:-20}}"
export LOAD_PROCESSES="${2:-${LOAD_PROCESSES:-1}}"
export LOAD_SECONDS="${3:-${LOAD_SECONDS:-30}}"

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/redscience/target}"
if [ "${PROFILE:-debug}" = release ]; then FLAG=(--release); else FLAG=(); fi

case "${DATABASE_URL:-}" in
    postgres://* | postgresql://*) ;;
    *) source .ci/postgres.sh ;;
esac

cargo test --locked "${FLAG[@]}" -p redscience --test bot -- --ignored --exact load::load \
    --nocapture --test-threads 1

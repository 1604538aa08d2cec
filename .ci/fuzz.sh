#!/usr/bin/env bash
# CI: a short fuzz run of every target (bench/fuzz.sh; installs cargo-fuzz
# into ~/.cargo/bin if missing). Fails when any target crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/fuzz.sh "${FUZZ_SECONDS:-20}"

#!/usr/bin/env bash
# Fuzzing: runs each cargo-fuzz target for SECONDS (default 300) and prints
# its executions and findings. Exits non-zero if any target crashed; the
# failing input is left in fuzz/artifacts/TARGET/ (make it a regression test
# in bot/tests/fuzz_regressions.rs). Usage: bench/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(rule_set_json move_text wizard_input command_text)

command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
# libFuzzer needs nightly flags; the stable compiler accepts them this way,
# so no nightly toolchain is needed (and every machine builds the same).
export RUSTC_BOOTSTRAP=1
fuzz_target_dir="${FUZZ_TARGET_DIR:-$HOME/.cache/redscience/fuzz-target}"
# No sanitizer: the code is safe Rust, and debug assertions catch overflows.
flags=(--fuzz-dir fuzz --target-dir "$fuzz_target_dir" -O --debug-assertions -s none)
# The command_text target's scratch database goes here, removed at the end.
TMPDIR="$(mktemp -d)"
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

cargo fuzz build "${flags[@]}"

failed=0
for target in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$target"
    log="$TMPDIR/$target.log"
    status=0
    cargo fuzz run "${flags[@]}" "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    if [ "$status" -eq 0 ]; then
        echo "fuzz $target: ${runs:-?} executions in ${seconds}s, 0 findings"
    else
        failed=1
        echo "fuzz $target: ${runs:-?} executions, FOUND A CRASH (exit $status):"
        grep -E "panicked|ERROR|Test unit written|^Base64" "$log" | head -n 20 || tail -n 40 "$log"
    fi
done
exit "$failed"

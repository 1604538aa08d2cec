#!/usr/bin/env bash
# Before and after: random playouts per second of every catalogue game,
# an old commit's engine against the working tree's, measured back to back
# per game (old, then new, for the same game, so that changes in the
# machine's load hit both), printed as a Markdown table.
#
#   bench/engines.sh OLD_COMMIT [SECONDS]     (SECONDS per game and path, default 3)
#
# For each game the old binary runs twice: its default path (the compiled
# kernel where it applies, else the general engine) and `--general`; the
# second run is skipped where the default already was the general engine.
# The new binary runs its general engine (`--general` when it still has that
# flag). The games are the new binary's catalogue (`bench playouts --list`),
# named one by one to both binaries: older binaries time only a few games
# when none is named. A game the old binary does not know gets "-".
#
# The old commit is exported with `git archive` (its committed files only)
# and built in release under $CARGO_TARGET_DIR/engines-old: one target
# directory for every old commit, so the dependencies are built once; the
# binary is kept per commit (engines-old/bin) and reused by later runs. The working tree is
# built as `cargo build --release -p redscience` into $CARGO_TARGET_DIR.
#
# Environment:
#   CARGO_TARGET_DIR   where cargo builds (default ~/.cache/redscience/target)
#   OLD_BIN, NEW_BIN   use these binaries instead of building (OLD_COMMIT still
#                      names the old side in the table)
#   ENGINES_JSON       also write every measurement as JSON to this file
#   ROUNDS             measure each game this many times (default 1), old and
#                      new alternating, and keep each side's fastest run: the
#                      machine's slow spells then hit neither side's figure
#                      (single runs moved by up to 30% between runs)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"

die() {
  echo "error: $*" >&2
  exit 1
}

usage="usage: bench/engines.sh OLD_COMMIT [SECONDS], e.g. bench/engines.sh 839ce82 3"
[[ $# -ge 1 && $# -le 2 ]] || die "$usage"
[[ "$1" != -* ]] || die "$usage"
seconds="${2:-3}"
rounds="${ROUNDS:-1}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] ||
  die "ROUNDS must be a whole number of rounds of at least 1, e.g. 3 (got '$rounds')"
python3 -c 'import sys; s = float(sys.argv[1]); sys.exit(0 if 0 < s < float("inf") else 1)' "$seconds" 2>/dev/null ||
  die "SECONDS must be a positive number of seconds per game, e.g. 3 (got '$seconds')"
old_sha="$(git -C "$repo" rev-parse --verify --quiet "$1^{commit}")" ||
  die "'$1' names no commit of this repository (try a hash such as 839ce82, or a branch)"
old_short="${old_sha:0:7}"
target="${CARGO_TARGET_DIR:-$HOME/.cache/redscience/target}"

# --- the binaries ----------------------------------------------------------
if [[ -z "${OLD_BIN:-}" ]]; then
  engines="$target/engines-old"
  OLD_BIN="$engines/bin/redscience-$old_sha"
  if [[ ! -x "$OLD_BIN" ]]; then
    # Always the same directory, so cargo sees the same workspace and reuses
    # the dependencies; extracted afresh with the files dated now (tar -m):
    # cargo judges our crates by their files' dates, and an older commit's
    # dates would pass its sources for already built.
    source_dir="$engines/src"
    rm -rf "$source_dir"
    mkdir -p "$source_dir"
    git -C "$repo" archive "$old_sha" | tar -x -m -C "$source_dir"
    echo "building $old_short (release) into $engines/target; a first build takes several minutes ..." >&2
    CARGO_TARGET_DIR="$engines/target" cargo build --release --locked --quiet -p redscience \
      --manifest-path "$source_dir/Cargo.toml" >&2 ||
      die "the release build of $old_short failed (see above)"
    mkdir -p "$engines/bin"
    cp "$engines/target/release/redscience" "$OLD_BIN"
  fi
fi
if [[ -z "${NEW_BIN:-}" ]]; then
  echo "building the working tree (release) into $target ..." >&2
  CARGO_TARGET_DIR="$target" cargo build --release --locked --quiet -p redscience \
    --manifest-path "$repo/Cargo.toml" >&2 ||
    die "the release build of the working tree failed (see above)"
  NEW_BIN="$target/release/redscience"
fi
for bin in "$OLD_BIN" "$NEW_BIN"; do
  [[ -x "$bin" ]] || die "$bin is not an executable file"
done

# --- what each binary understands ----------------------------------------
has_flag() { # binary flag
  # The help is read whole first: grep -q stops at the first match, and a
  # binary still writing would die of the closed pipe and fail the pipeline.
  local help
  help="$("$1" bench playouts --help 2>/dev/null)" || return 1
  grep -q -- "$2" <<<"$help"
}
has_flag "$NEW_BIN" --list ||
  die "the new binary has no 'bench playouts --list' to name the catalogue's games"
new_flags=()
new_path="its one engine"
if has_flag "$NEW_BIN" --general; then
  new_flags=(--general)
  new_path="its general engine (--general)"
fi
has_flag "$OLD_BIN" --general || die "the old binary has no 'bench playouts --general'"
mapfile -t games < <("$NEW_BIN" bench playouts --list)
[[ ${#games[@]} -gt 0 ]] || die "'bench playouts --list' named no game"

# --- measure, back to back per game ----------------------------------------
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
uptime_before="$(uptime)"
echo "load before: $uptime_before" >&2
# One JSON row per line: {"game", "side", "row"} (row is null when a
# binary could not time the game).
measure() { # side binary game [flags...]
  local side="$1" bin="$2" game="$3" out
  shift 3
  if out="$("$bin" bench playouts "$game" --seconds "$seconds" --json "$@" 2>"$work/stderr")"; then
    python3 -c 'import json, sys; print(json.dumps({"game": sys.argv[1], "side": sys.argv[2], "row": json.loads(sys.argv[3])[0]}))' \
      "$game" "$side" "$out" >>"$work/rows.jsonl"
  else
    echo "  $side could not time $game: $(head -c 300 "$work/stderr")" >&2
    python3 -c 'import json, sys; print(json.dumps({"game": sys.argv[1], "side": sys.argv[2], "row": None}))' \
      "$game" "$side" >>"$work/rows.jsonl"
  fi
}
n=0
for game in "${games[@]}"; do
  n=$((n + 1))
  echo "[$n/${#games[@]}] $game" >&2
  for ((round = 1; round <= rounds; round++)); do
    measure old "$OLD_BIN" "$game"
    old_path="$(tail -n 1 "$work/rows.jsonl" | python3 -c 'import json, sys; r = json.load(sys.stdin)["row"]; print(r["path"] if r else "")')"
    if [[ "$old_path" == compiled ]]; then
      measure old_general "$OLD_BIN" "$game" --general
    fi
    measure new "$NEW_BIN" "$game" "${new_flags[@]}"
  done
done
uptime_after="$(uptime)"
echo "load after: $uptime_after" >&2

# --- the table -------------------------------------------------------------
new_tree="$(git -C "$repo" describe --always --dirty --abbrev=7 2>/dev/null || echo unknown)"
python3 - "$work/rows.jsonl" "$old_short" "$new_tree" "$seconds" "$uptime_before" "$uptime_after" \
  "${ENGINES_JSON:-}" "$new_path" "$rounds" <<'PY'
import datetime, json, math, sys

rows_file, old, new, seconds, load_before, load_after, json_out, new_path, rounds = sys.argv[1:10]
games = {}
for line in open(rows_file):
    entry = json.loads(line)
    sides = games.setdefault(entry["game"], {})
    kept, row = sides.get(entry["side"]), entry["row"]
    # Of several rounds, each side's fastest run.
    if entry["side"] not in sides or (row and (not kept or row["games_per_second"] > kept["games_per_second"])):
        sides[entry["side"]] = row
for sides in games.values():
    # Where the old default path was the general engine, it is also the
    # old general figure.
    if "old_general" not in sides and sides["old"] and sides["old"].get("path") != "compiled":
        sides["old_general"] = sides["old"]

def speed(row):
    return row["games_per_second"] if row else None

def count(x):
    if x is None:
        return "-"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"

def ratio(a, b):
    return a / b if a and b else None

def times(x):
    return "-" if x is None else f"{x:.2f}x"

def moves_per_game(row):
    if not row:
        return None
    # Older binaries report no moves_per_game: it is moves/s over games/s.
    return row.get("moves_per_game") or row["moves_per_second"] / row["games_per_second"]

def length(x):
    return "-" if x is None else f"{x:.1f}"

def size(row):
    b = row.get("bytes_per_state") if row else None
    return "-" if b is None else f"{b:,.0f}"

print(f"Old {old}, new {new} through {new_path}; {seconds} s per game and path"
      + (f", fastest of {rounds} rounds" if int(rounds) > 1 else "") + "; "
      f"{datetime.date.today()}.")
print(f"Load before: {load_before.strip()}")
print(f"Load after: {load_after.strip()}")
print()
print("| game | old kernel g/s | old general g/s | new g/s | new ÷ old general | new ÷ old kernel "
      "| moves/game old → new | old bytes/state | new bytes/state |")
print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
gains = []
for game, sides in games.items():
    old_row, old_general, new_row = sides.get("old"), sides.get("old_general"), sides.get("new")
    kernel = speed(old_row) if old_row and old_row.get("path") == "compiled" else None
    over_general = ratio(speed(new_row), speed(old_general))
    if over_general:
        gains.append(over_general)
    print(f"| {game} | {count(kernel)} | {count(speed(old_general))} | {count(speed(new_row))} "
          f"| {times(over_general)} | {times(ratio(speed(new_row), kernel))} "
          f"| {length(moves_per_game(old_general))} → {length(moves_per_game(new_row))} "
          f"| {size(old_general)} | {size(new_row)} |")
if gains:
    geomean = math.exp(sum(map(math.log, gains)) / len(gains))
    print()
    print(f"New over old general engine: lowest {min(gains):.2f}x, geometric mean {geomean:.2f}x "
          f"over {len(gains)} games.")
if json_out:
    with open(json_out, "w") as f:
        json.dump({"date": str(datetime.date.today()), "old": old, "new": new, "new_path": new_path,
                   "seconds_per_game_and_path": float(seconds), "rounds": int(rounds),
                   "load_before": load_before.strip(), "load_after": load_after.strip(),
                   "games": games}, f, indent=1)
        f.write("\n")
PY

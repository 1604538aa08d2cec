#!/usr/bin/env bash
# Compare redscience with OpenSpiel (issue 7): installs OpenSpiel from PyPI
# (open-spiel) into bench/.venv, builds our release binary unless
# REDSCIENCE_BIN names one, then runs bench/compare.py with the arguments given.
#
#   bench/openspiel.sh [playouts] [--seconds S] [--json]
#   bench/openspiel.sh mcts-match [--games N] [--sims 1000] [--json]
#
# Environment:
#   REDSCIENCE_BIN       our binary; when set, nothing is built
#   CARGO_TARGET_DIR     where cargo builds (default ~/.cache/redscience/target)
#   PYTHON               the Python that makes the venv (default python3)
#   OPEN_SPIEL_VERSION   pin open-spiel, e.g. 2.0.2 (default: the newest wheel)
#   BENCH_VENV           the virtual environment (default bench/.venv)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
venv="${BENCH_VENV:-$here/.venv}"
python="${PYTHON:-python3}"

die() {
  echo "error: $*" >&2
  exit 1
}

# --- OpenSpiel in a virtual environment -----------------------------------
command -v "$python" >/dev/null 2>&1 || die "$python not found (set PYTHON to a Python 3 with an open-spiel wheel, e.g. python3.11)"
if [[ ! -x "$venv/bin/python" ]]; then
  echo "creating $venv ..." >&2
  "$python" -m venv "$venv" ||
    die "could not create a virtual environment with $python (on Debian: apt-get install python3-venv)"
fi
if ! "$venv/bin/python" -c 'import pyspiel' >/dev/null 2>&1; then
  spec="open-spiel${OPEN_SPIEL_VERSION:+==$OPEN_SPIEL_VERSION}"
  echo "installing $spec into $venv ..." >&2
  # Wheels only: building OpenSpiel from source needs a C++ toolchain, CMake
  # and downloads of its own, and takes very long.
  "$venv/bin/python" -m pip install --quiet --upgrade pip >&2 || true
  "$venv/bin/python" -m pip install --only-binary=:all: "$spec" >&2 ||
    die "pip could not install $spec as a wheel for $("$venv/bin/python" -V 2>&1).
       open-spiel 2.0.2 has manylinux x86_64 wheels for CPython 3.11-3.13 (older
       Pythons only get older releases, e.g. 1.6.11 on 3.10): set PYTHON to such a
       Python, or pin OPEN_SPIEL_VERSION to a release with a wheel for this one"
  "$venv/bin/python" -c 'import pyspiel' ||
    die "open-spiel installed but 'import pyspiel' fails (see above)"
fi

# --- our binary --------------------------------------------------------------
if [[ -z "${REDSCIENCE_BIN:-}" ]]; then
  command -v cargo >/dev/null 2>&1 || die "cargo not found: install Rust, or set REDSCIENCE_BIN to a built redscience binary"
  target="${CARGO_TARGET_DIR:-$HOME/.cache/redscience/target}"
  echo "building redscience (release) into $target; the first build takes a while ..." >&2
  # The default build has no chat transports (matrix-sdk alone takes minutes in release).
  CARGO_TARGET_DIR="$target" cargo build --release --quiet -p redscience \
    --manifest-path "$repo/Cargo.toml" >&2 ||
    die "cargo build --release -p redscience failed (see above)"
  REDSCIENCE_BIN="$target/release/redscience"
fi
[[ -x "$REDSCIENCE_BIN" ]] || die "REDSCIENCE_BIN=$REDSCIENCE_BIN is not an executable file"
export REDSCIENCE_BIN

exec "$venv/bin/python" "$here/compare.py" "$@"

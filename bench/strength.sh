#!/usr/bin/env bash
# The standard player's strength: `ai-match` of the standard player (sp)
# against Random (and itself at Tic-Tac-Toe) in every two-player
# perfect-information catalogue game (the classics included), the cloaked
# games and the
# simultaneous ones, printed as a Markdown table.
#
#   bench/strength.sh [GAMES_PER_MATCH [GAMES_PER_SEAT_MATCH]]   (default 200 and 1000)
#
# The cloaked and simultaneous games are measured twice: head to head, and
# with the standard player in one seat among Random players (`--one-seat`),
# compared with Random in that seat in paired games from the same seeds.
# The second is the measure of "beats Random" there: in games of three or
# more seats, or where seats win or lose together, head to head says little.
#
# REDSCIENCE_BIN names the binary; by default a release build is made.
set -euo pipefail
cd "$(dirname "$0")/.."

games="${1:-200}"
seat_games="${2:-1000}"
if [[ -z "${REDSCIENCE_BIN:-}" ]]; then
    # The default build has no chat transports (matrix-sdk alone takes minutes in release).
    cargo build --release --locked -p redscience >&2
    REDSCIENCE_BIN="${CARGO_TARGET_DIR:-target}/release/redscience"
fi

perfect=(Tic-Tac-Toe 3on15line Treblecross15 4on7sq 5on15sq Connect6-19x19 Tapatan Achi
    9-Holes Qubic-4 Connect4 Wild-TTT-6sq3143)
# The classic games of issue 23 (OpenSpiel's othello, checkers, breakthrough, hex).
classics=(Reversi Draughts Breakthrough Hex)
cloaked=(3Blotto13 Shopping9 KBeauty9 3P-9X-HideSeek)
simultaneous=(RockPaperScissors 4P-TrendSetter StagHunt 4P-Coordination PrisonerDilemma
    OptionalPD ContractPD ContractHunt 3P-Volunteer 3P-PublicGoods BoS 3P-BoS)

row() {
    local kind="$1" game="$2" a="$3" b="$4" started json
    started=$(date +%s)
    json=$("$REDSCIENCE_BIN" ai-match "$game" --a "$a" --b "$b" --games "$games" --json)
    python3 -c '
import json, sys
j = json.loads(sys.argv[1])
print("| {} | {} | {} vs {} | {} | {} | {} | {} | {:.3f} ({:.3f}-{:.3f}) | {} s |".format(
    sys.argv[2], j["game"], sys.argv[3], sys.argv[4], j["games"], j["a_wins"], j["draws"],
    j["a_losses"], j["a_score"], j["a_score_low"], j["a_score_high"], sys.argv[5]))
' "$json" "$kind" "$a" "$b" "$(( $(date +%s) - started ))"
}

seat_row() {
    local kind="$1" game="$2" started json
    started=$(date +%s)
    json=$("$REDSCIENCE_BIN" ai-match "$game" --a sp --b random --games "$seat_games" --one-seat --json)
    python3 -c '
import json, sys
j = json.loads(sys.argv[1])
print("| {} | {} | {} | {:.3f} | {:.3f} | {:+.3f} ({:+.3f} to {:+.3f}) | {} / {} / {} | {} s |".format(
    sys.argv[2], j["game"], j["games"], j["a_score"], j["baseline_score"], j["advantage"],
    j["advantage_low"], j["advantage_high"], j["a_wins"], j["draws"], j["a_losses"], sys.argv[3]))
' "$json" "$kind" "$(( $(date +%s) - started ))"
}

echo "| Kind | Game | Match | Games | A wins | Draws | A losses | A's score (95% CI) | Time |"
echo "|---|---|---|---|---|---|---|---|---|"
row perfect Tic-Tac-Toe sp sp
for game in "${perfect[@]}"; do row perfect "$game" sp random; done
for game in "${classics[@]}"; do row classic "$game" sp random; done
for game in "${cloaked[@]}"; do row cloaked "$game" sp random; done
for game in "${simultaneous[@]}"; do row simultaneous "$game" sp random; done

echo
echo "One seat among Random, against Random in that seat (paired games):"
echo
echo "| Kind | Game | Games | SP's score | Random's score | Advantage (95% CI) | Better / equal / worse | Time |"
echo "|---|---|---|---|---|---|---|---|"
for game in "${cloaked[@]}"; do seat_row cloaked "$game"; done
for game in "${simultaneous[@]}"; do seat_row simultaneous "$game"; done

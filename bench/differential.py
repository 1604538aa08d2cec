"""Differential tests of the classic games against OpenSpiel (issue 23).

Random games are played in OpenSpiel (`othello`, `checkers`, `breakthrough`,
`hex`), each action written as our move text, and the decisions replayed by
`redscience replay --json`. Every game must agree ply for ply:

- where OpenSpiel offers two or more actions, we offer as many moves, and
  that ply is a decision of ours;
- where OpenSpiel offers one action, we play it for the seat ourselves: a
  pass ("p") where its action is a pass, else a move ("a");
- at the end we may have automatic passes OpenSpiel does not (our stalemate
  needs a repeated pass to see that nobody can move), and nothing else;
- and each seat's result is the same.

Started by `compare.py differential` (see bench/openspiel.sh).
"""

from __future__ import annotations

import json
import random
import subprocess

import pyspiel


def othello_move(action: int) -> str | None:
    """Row 0 is OpenSpiel's first printed row; ours counts y from 1 there too."""
    if action == 64:
        return None
    row, col = divmod(action, 8)
    return f"{col + 1},{row + 1}"


# checkers: directions 0 up-left, 1 up-right, 2 down-right, 3 down-left,
# where row 0 is the top printed row ("8"); our y is the printed row label.
CHECKERS_DIRS = [(-1, -1), (-1, 1), (1, 1), (1, -1)]


def checkers_move(action: int) -> str:
    rest, kind = divmod(action, 2)
    rest, direction = divmod(rest, 4)
    row, col = divmod(rest, 8)
    dr, dc = CHECKERS_DIRS[direction]
    row2, col2 = row + dr * (kind + 1), col + dc * (kind + 1)
    return f"{col + 1},{8 - row}-{col2 + 1},{8 - row2}"


# breakthrough: black (OpenSpiel's player 0) starts on rows 0 and 1 and moves
# to higher rows; ours starts black on y = 1 and 2, so y = row + 1.
BREAKTHROUGH_DIRS = [(1, -1), (1, 0), (1, 1), (-1, -1), (-1, 0), (-1, 1)]


def breakthrough_move(action: int) -> str:
    rest = action // 2
    rest, direction = divmod(rest, 6)
    row, col = divmod(rest, 8)
    dr, dc = BREAKTHROUGH_DIRS[direction]
    return f"{col + 1},{row + 1}-{col + dc + 1},{row + dr + 1}"


def hex_move(action: int) -> str:
    """Black joins OpenSpiel's rows 0 and 10, as our player 1 joins y = 1
    and 11; OpenSpiel's neighbours (r-1, c+1) and (r+1, c-1) are our
    hexagons' (+1, -1) and (-1, +1)."""
    row, col = divmod(action, 11)
    return f"{col + 1},{row + 1}"


# (our catalogue name, OpenSpiel game, action to our move text)
CLASSICS = [
    ("Reversi", "othello", othello_move),
    ("Draughts", "checkers", checkers_move),
    ("Breakthrough", "breakthrough", breakthrough_move),
    ("Hex", "hex", hex_move),
]


def their_game(name: str, rng: random.Random):
    """One random OpenSpiel game: per ply (actions offered, action taken),
    and the returns."""
    state = pyspiel.load_game(name).new_initial_state()
    plies = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        plies.append((len(legal), action))
        state.apply_action(action)
    return plies, state.returns()


def result_word(value: float) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def compare_one(binary: str, ours: str, to_text, plies, returns) -> str | None:
    """None where our replay agrees with OpenSpiel's game, else why not."""
    decisions = [to_text(a) for n, a in plies if n >= 2]
    if any(d is None for d in decisions):
        return "a pass was a choice in OpenSpiel"
    done = subprocess.run(
        [binary, "replay", "--json", ours, *decisions],
        capture_output=True,
        text=True,
    )
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return f"replay exited {done.returncode}: {done.stderr.strip()[:300]}"
    if "rejected" in report:
        return f"our engine refused a move: {report['rejected']}"
    expected_counts = [n for n, _ in plies if n >= 2]
    if report.get("legal") != expected_counts:
        got = report.get("legal") or []
        at = next(
            (i for i, (a, b) in enumerate(zip(got, expected_counts)) if a != b),
            min(len(got), len(expected_counts)),
        )
        return (
            f"legal moves differ at decision {at + 1}: ours "
            f"{got[at] if at < len(got) else '-'}, OpenSpiel's "
            f"{expected_counts[at] if at < len(expected_counts) else '-'}"
        )
    theirs = "".join(
        "d" if n >= 2 else ("p" if to_text(a) is None else "a") for n, a in plies
    )
    mine = report.get("plies", "")
    if not mine.startswith(theirs) or set(mine[len(theirs):]) - {"p"}:
        return f"plies differ: ours {mine}, OpenSpiel's {theirs}"
    if report.get("status") != "finished":
        return "OpenSpiel's game ended and ours goes on"
    wanted = [result_word(r) for r in returns]
    if report.get("results") != wanted:
        return f"results differ: ours {report.get('results')}, OpenSpiel's {wanted}"
    return None


def differential(binary: str, games: int, seed: int, only: list[str] | None) -> dict:
    """Per classic game: games played, plies compared, and the first few
    disagreements (none when the engines agree)."""
    summary = {}
    for ours, theirs, to_text in CLASSICS:
        if only and ours not in only:
            continue
        rng = random.Random(f"{seed}:{theirs}")
        plies_total, outcomes, problems = 0, {"win": 0, "loss": 0, "draw": 0}, []
        for index in range(games):
            plies, returns = their_game(theirs, rng)
            plies_total += len(plies)
            outcomes[result_word(returns[0])] += 1
            why = compare_one(binary, ours, to_text, plies, returns)
            if why:
                problems.append({"game": index + 1, "why": why})
        summary[ours] = {
            "openspiel": theirs,
            "games": games,
            "plies": plies_total,
            "first_player": outcomes,
            "disagreements": len(problems),
            "first_disagreements": problems[:5],
        }
    return summary

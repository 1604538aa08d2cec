#!/usr/bin/env python3
"""Compare the redscience engine with OpenSpiel, side by side in one run.

Two modes:

  compare.py [playouts] [--seconds S] [--rounds N] [--json]
      Random playouts per second on the same five games, ours (the
      `redscience bench playouts` command) against OpenSpiel's C++ playout
      paths, and the ratio ours / theirs per game. With --rounds N each
      game is measured N times, ours then theirs back to back, and each
      side's fastest run kept.

  compare.py mcts-match [--game GAME] [--games N] [--sims 1000] [--our-ai sp] [--json]
      Our search player (`redscience suggest GAME ... --ai AI --ms T`)
      against OpenSpiel's C++ MCTSBot, alternating who starts, at equal
      thinking time: T is the mean time OpenSpiel's bot takes per move.
      Games: connect4 (connect_four / Connect4), gomoku
      (gomoku(size=15,connect=5) / 5on15sq) and six19
      (gomoku(size=19,connect=6) / bench/6on19sq.json: six in a row on
      19x19, one stone a turn, as OpenSpiel plays it), and the classics
      breakthrough, checkers, hex and othello (Breakthrough, Draughts, Hex
      and Reversi, with differential.py's move texts). A ply where
      OpenSpiel offers one action is played for the seat, as our engine
      plays a single choice by itself: no one is asked or timed.

  compare.py differential [--games 1000] [--classics NAME...] [--json]
      The classic games (Reversi, Draughts, Breakthrough, Hex) against
      OpenSpiel's othello, checkers, breakthrough and hex: random OpenSpiel
      games replayed by `redscience replay`, with the same legal move count
      at every ply and the same results (see differential.py). Exits 1 on
      any disagreement.

Normally started through bench/openspiel.sh, which makes the virtual
environment with OpenSpiel in it and builds our binary. Run directly, it needs
`pyspiel` importable and REDSCIENCE_BIN (or --bin) naming our binary.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the machine
    sys.exit(
        f"error: cannot import pyspiel ({error}).\n"
        "Run bench/openspiel.sh, which installs OpenSpiel (PyPI open-spiel) into "
        "bench/.venv, or run this script with a Python that has it."
    )

import differential  # noqa: E402 (after pyspiel, which it needs, is known to import)

# (label, our game: catalogue name or rules file, OpenSpiel game string)
GAMES = [
    ("Tic-Tac-Toe", "Tic-Tac-Toe", "tic_tac_toe"),
    ("Connect4", "Connect4", "connect_four"),
    ("5on15sq", "5on15sq", "gomoku(size=15,connect=5)"),
    ("Qubic-4", "Qubic-4", "gomoku(size=4,dims=3,connect=4)"),
    ("Phantom-TTT", str(HERE / "Phantom-TTT.json"), "phantom_ttt"),
]


def fail(message: str) -> None:
    sys.exit(f"error: {message}")


def redscience_bin(given: str | None) -> str:
    path = given or os.environ.get("REDSCIENCE_BIN")
    if not path:
        fail(
            "no redscience binary: set REDSCIENCE_BIN or pass --bin "
            "(bench/openspiel.sh builds one and sets it)"
        )
    resolved = shutil.which(path) if os.sep not in path else path
    if not resolved or not os.access(resolved, os.X_OK):
        fail(f"redscience binary {path!r} is missing or not executable")
    return resolved


def run_ours(binary: str, args: list[str], timeout: float | None = None) -> str:
    try:
        done = subprocess.run(
            [binary, *args], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        fail(f"`redscience {' '.join(args)}` took longer than {timeout:.0f} s")
    if done.returncode != 0:
        fail(
            f"`redscience {' '.join(args)}` exited with {done.returncode}:\n"
            f"{done.stderr.strip() or done.stdout.strip()}"
        )
    return done.stdout


def git_commit() -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(REPO), "describe", "--always", "--dirty", "--abbrev=7"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def context() -> dict:
    return {
        "date": datetime.date.today().isoformat(),
        "tree": git_commit(),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "open_spiel": getattr(pyspiel, "__version__", "unknown"),
    }


# ---------------------------------------------------------------- playouts


def their_cpp_rollouts(game, seconds: float, seed: int) -> float:
    """Random playouts per second through RandomRolloutEvaluator, in C++.

    pyspiel does not expose Evaluator.evaluate to Python, so the evaluator is
    driven through MCTSBot.mcts_search with max_simulations=1: its single
    simulation evaluates the root, i.e. runs n_rollouts complete random
    playouts (clone the start, LegalActions + uniform pick + ApplyAction to
    the end, Returns) in one C++ call. Batches grow until one takes ~0.1 s, so
    the Python call overhead is negligible.
    """
    state = game.new_initial_state()
    n, total, elapsed = 16, 0, 0.0
    while elapsed < seconds:
        evaluator = pyspiel.RandomRolloutEvaluator(n, seed)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, seed, False)
        start = time.perf_counter()
        bot.mcts_search(state)
        took = time.perf_counter() - start
        total += n
        elapsed += took
        seed += 1
        if took < 0.1:
            n *= 2
    return total / elapsed


def their_cpp_bots(game, seconds: float, seed: int) -> float:
    """Games per second through evaluate_bots with C++ uniform random bots:
    one Python call per game, the game itself played in C++."""
    bots = [
        pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())
    ]
    played = 0
    start = time.perf_counter()
    while True:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + played)
        played += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return played / elapsed


def their_python_loop(game, seconds: float, seed: int) -> tuple[float, float]:
    """Games and moves per second of a Python loop over pyspiel states (for
    reference only: this is bound by Python, not by OpenSpiel's C++)."""
    rng = random.Random(seed)
    played = moves = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        played += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return played / elapsed, moves / elapsed


def our_playouts(binary: str, game: str, seconds: float) -> dict:
    """One `redscience bench playouts --json` run of one game: its row."""
    out = run_ours(binary, ["bench", "playouts", game, "--seconds", str(seconds), "--json"])
    try:
        rows = json.loads(out)
    except json.JSONDecodeError:
        fail(f"`redscience bench playouts --json` printed no JSON:\n{out}")
    if not isinstance(rows, list) or len(rows) != 1:
        fail(f"`redscience bench playouts {game}` returned {len(rows)} rows, not one")
    return rows[0]


def playouts(args) -> None:
    binary = redscience_bin(args.bin)
    chosen = [g for g in GAMES if not args.games or g[0] in args.games]
    if not chosen:
        fail(f"no game matches {args.games}; choose from {[g[0] for g in GAMES]}")
    info = context()
    rows = []
    for label, ours_name, spiel_name in chosen:
        game = pyspiel.load_game(spiel_name)
        # Ours, then theirs, back to back per game and round, each side's
        # fastest kept: the machine's slow spells (single runs moved by up
        # to 30%) then hit neither side's figure alone.
        mine, rollouts, bots = None, 0.0, 0.0
        for round_ in range(1, args.rounds + 1):
            print(
                f"measuring {label}: ours, then OpenSpiel {spiel_name} "
                f"(round {round_} of {args.rounds}) ...",
                file=sys.stderr,
            )
            ours = our_playouts(binary, ours_name, args.seconds)
            if mine is None or ours["games_per_second"] > mine["games_per_second"]:
                mine = ours
            rollouts = max(rollouts, their_cpp_rollouts(game, args.seconds, args.seed))
            bots = max(bots, their_cpp_bots(game, args.seconds, args.seed))
        py_games, py_moves = their_python_loop(game, min(args.seconds, 2.0), args.seed)
        fastest = max(rollouts, bots)
        rows.append(
            {
                "game": label,
                "openspiel_game": spiel_name,
                "ours_games_per_second": mine["games_per_second"],
                "ours_moves_per_second": mine["moves_per_second"],
                # Older binaries do not report it.
                "ours_bytes_per_state": mine.get("bytes_per_state"),
                "theirs_cpp_rollouts_per_second": rollouts,
                "theirs_cpp_evaluate_bots_games_per_second": bots,
                "theirs_python_loop_games_per_second": py_games,
                "theirs_python_loop_moves_per_second": py_moves,
                "ratio_ours_over_theirs_fastest_cpp": mine["games_per_second"] / fastest,
            }
        )

    if args.json:
        print(
            json.dumps(
                {**info, "seconds": args.seconds, "rounds": args.rounds, "rows": rows}, indent=2
            )
        )
        return
    print(
        f"# {info['date']}  tree {info['tree']}  {info['cpus']} CPUs  "
        f"open_spiel {info['open_spiel']}  {args.seconds:g} s per game and path, "
        f"best of {args.rounds} round{'s' if args.rounds > 1 else ''}"
    )
    head = (
        f"{'game':<12} {'ours g/s':>11} {'OS C++ rollout':>15} {'OS C++ bots':>12} "
        f"{'OS Python':>10} {'ours/theirs':>12} {'ours B/state':>13}"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        print(
            f"{r['game']:<12} {r['ours_games_per_second']:>11,.0f} "
            f"{r['theirs_cpp_rollouts_per_second']:>15,.0f} "
            f"{r['theirs_cpp_evaluate_bots_games_per_second']:>12,.0f} "
            f"{r['theirs_python_loop_games_per_second']:>10,.0f} "
            f"{r['ratio_ours_over_theirs_fastest_cpp']:>11.2f}x "
            f"{bytes_text(r['ours_bytes_per_state']):>13}"
        )
    print(
        "ours/theirs = our games/s over the faster of OpenSpiel's two C++ paths "
        "(RandomRolloutEvaluator rollouts, evaluate_bots with uniform random bots); "
        "OS Python = a Python loop over pyspiel states, for reference; "
        "ours B/state = bytes per state of our engine."
    )


def bytes_text(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


# -------------------------------------------------------------- MCTS match


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def our_column(text: str) -> int:
    """Our Connect4 move text ("4", "4,1,2", "c4"...) to OpenSpiel's action:
    the column, 0-based. Our first coordinate is the column, 1-based."""
    head = text.strip().split(",")[0].strip().strip("()")
    if head.isdigit():
        return int(head) - 1
    fail(f"cannot read a Connect4 column from our move {text!r}")
    raise AssertionError


def square_action(size: int):
    """Our "x,y" (1-based, x across) to OpenSpiel's gomoku action
    row * size + column (0-based). Any symmetry of the square maps lines to
    lines; this one reads OpenSpiel's printed board with 1,1 at its top left."""

    def to_action(text: str) -> int:
        parts = text.strip().strip("()").split(",")
        if len(parts) >= 2 and parts[0].strip().isdigit() and parts[1].strip().isdigit():
            x, y = int(parts[0]), int(parts[1])
            if 1 <= x <= size and 1 <= y <= size:
                return (y - 1) * size + (x - 1)
        fail(f"cannot read a point of the {size}x{size} board from our move {text!r}")
        raise AssertionError

    return to_action


def square_text(size: int):
    return lambda action: f"{action % size + 1},{action // size + 1}"


def listed_action(to_text):
    """Our move text to their action by the texts of their legal actions
    (the classics: differential.py writes each action as our text)."""

    def to_action(text: str, legal: list[int]) -> int:
        # A promotion is named after the move ("7,7-8,8=X"); their action
        # is the move alone.
        wanted = text.strip().replace(" ", "").split("=")[0]
        for action in legal:
            if to_text(action) == wanted:
                return action
        fail(f"our move {text!r} is none of OpenSpiel's legal actions here")
        raise AssertionError

    return to_action


def read_by(parse):
    """A reader of our text that needs no legal actions."""
    return lambda text, _legal: parse(text)


def classic(their_name: str, ours: str, to_text):
    return (their_name, ours, listed_action(to_text), to_text)


# --game for mcts-match: (OpenSpiel game string, our game: catalogue name or
# rules file, our move text and their legal actions to their action, their
# action to our move text)
MATCH_GAMES = {
    "connect4": ("connect_four", "Connect4", read_by(our_column), lambda a: str(a + 1)),
    "gomoku": (
        "gomoku(size=15,connect=5)", "5on15sq", read_by(square_action(15)), square_text(15)
    ),
    "six19": (
        "gomoku(size=19,connect=6)", str(HERE / "6on19sq.json"),
        read_by(square_action(19)), square_text(19),
    ),
    "breakthrough": classic("breakthrough", "Breakthrough", differential.breakthrough_move),
    "checkers": classic("checkers", "Draughts", differential.checkers_move),
    "hex": classic("hex", "Hex", differential.hex_move),
    "othello": classic("othello", "Reversi", differential.othello_move),
}


def their_bot(game, args, seed: int):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(
        game, evaluator, args.uct_c, args.sims, 1000, args.solve, seed, False
    )
    return bot, evaluator  # keep the evaluator alive with the bot


def timed_step(bot, state) -> tuple[int, float]:
    start = time.perf_counter()
    action = bot.step(state)
    return action, time.perf_counter() - start


def calibrate(game, args) -> list[float]:
    """Seconds per move of OpenSpiel's bot over self-play games."""
    times = []
    for g in range(args.calibration_games):
        bot, _evaluator = their_bot(game, args, args.seed + 100_000 + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            action, took = timed_step(bot, state)
            times.append(took)
            state.apply_action(action)
    return times


def mcts_match(args) -> None:
    binary = redscience_bin(args.bin)
    if args.games < 1:
        fail("--games takes a whole number above 0")
    their_name, our_game, to_action, to_text = MATCH_GAMES[args.game]
    game = pyspiel.load_game(their_name)
    info = context()
    # Equal thinking time: unless --ms fixes it, each of our moves gets the
    # mean time OpenSpiel's bot has taken per move so far (its self-play
    # calibration games, then every move it makes in the match).
    their_all: list[float] = []
    if args.ms is None:
        print(
            f"timing OpenSpiel's MCTSBot ({args.sims} simulations) over "
            f"{args.calibration_games} self-play game(s) ...",
            file=sys.stderr,
        )
        their_all = calibrate(game, args)
        if not their_all:
            fail("--calibration-games must be at least 1 when --ms is not given")
        print(
            f"OpenSpiel's mean time per move: {1000 * statistics.mean(their_all):.1f} ms",
            file=sys.stderr,
        )

    def our_ms() -> int:
        if args.ms is not None:
            return args.ms
        return max(1, round(1000 * statistics.mean(their_all)))

    our_limits: list[int] = []
    wins = draws = losses = 0
    their_times: list[float] = []
    our_times: list[float] = []
    games = []
    for g in range(args.games):
        ours_seat = g % 2  # we start (seat 0) in even games
        bot, _evaluator = their_bot(game, args, args.seed + g)
        state = game.new_initial_state()
        texts: list[str] = []
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1:
                # A forced move (a pass in othello, the only capture in
                # checkers, the last open column in Connect4): our engine
                # plays a single choice by itself, so neither side is asked
                # or timed, and it is not one of the decisions we replay.
                state.apply_action(legal[0])
                continue
            if state.current_player() == ours_seat:
                ms = our_ms()
                our_limits.append(ms)
                start = time.perf_counter()
                out = run_ours(
                    binary,
                    [
                        "suggest", our_game, *texts,
                        "--ai", args.our_ai, "--ms", str(ms),
                        "--seed", str(args.seed + g),
                    ],
                    timeout=60 + ms / 100,
                )
                our_times.append(time.perf_counter() - start)
                action = to_action(out, legal)
                if action not in legal:
                    fail(
                        f"game {g + 1}: our move {out.strip()!r} (their action {action}) "
                        f"is not legal after {' '.join(texts) or 'no moves'}"
                    )
            else:
                action, took = timed_step(bot, state)
                their_times.append(took)
                their_all.append(took)
            state.apply_action(action)
            texts.append(to_text(action))  # in Connect4 a column names its stack
        mine = state.returns()[ours_seat]
        result = "win" if mine > 0 else "loss" if mine < 0 else "draw"
        wins += result == "win"
        draws += result == "draw"
        losses += result == "loss"
        games.append({"ours_first": ours_seat == 0, "result": result, "moves": " ".join(texts)})
        print(
            f"game {g + 1:>3}: ours {'first ' if ours_seat == 0 else 'second'} "
            f"{result:<4}  ({len(texts)} moves)  W-D-L so far {wins}-{draws}-{losses}",
            file=sys.stderr,
        )

    def split(first: bool) -> dict:
        mine = [r["result"] for r in games if r["ours_first"] == first]
        return {k: mine.count(k) for k in ("win", "draw", "loss")}

    n = args.games
    score = wins + draws / 2
    low, high = wilson(score, n)
    win_low, win_high = wilson(wins, n)
    summary = {
        **info,
        "game": f"{their_name} / {Path(our_game).stem}",
        "games": n,
        "theirs": f"pyspiel.MCTSBot(uct_c={args.uct_c}, max_simulations={args.sims}, "
        f"RandomRolloutEvaluator(1), solve={args.solve})",
        "ours": f"redscience suggest --ai {args.our_ai} --ms T",
        "our_mean_ms_limit_per_move": statistics.mean(our_limits),
        "their_mean_ms_per_move": 1000 * statistics.mean(their_times) if their_times else None,
        "our_mean_wall_ms_per_move": 1000 * statistics.mean(our_times) if our_times else None,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": score / n,
        "score_wilson95": [low, high],
        "win_rate": wins / n,
        "win_rate_wilson95": [win_low, win_high],
        "ours_first": split(True),
        "ours_second": split(False),
        "record": games,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(
        f"# {info['date']}  tree {info['tree']}  {info['cpus']} CPUs  "
        f"open_spiel {info['open_spiel']}"
    )
    print(f"game:   {summary['game']}")
    print(f"theirs: {summary['theirs']}")
    print(f"ours:   {summary['ours']}")
    print(
        f"thinking per move: theirs {summary['their_mean_ms_per_move']:.1f} ms mean in the match; "
        f"ours limited to T = {summary['our_mean_ms_limit_per_move']:.1f} ms mean "
        f"({summary['our_mean_wall_ms_per_move']:.1f} ms wall, process start and replay included)"
    )
    print(
        f"ours: {wins} wins, {draws} draws, {losses} losses of {n}; "
        f"score {score / n:.3f} (draw = 1/2), 95% Wilson [{low:.3f}, {high:.3f}]; "
        f"win rate {wins / n:.3f}, 95% Wilson [{win_low:.3f}, {win_high:.3f}]"
    )
    for label, key in (("starting", "ours_first"), ("second", "ours_second")):
        r = summary[key]
        print(f"  ours {label:<8}: {r['win']} wins, {r['draw']} draws, {r['loss']} losses")


# ------------------------------------------------------------ differential


def run_differential(args) -> None:
    binary = redscience_bin(args.bin)
    started = time.time()
    summary = differential.differential(binary, args.games, args.seed, args.classics)
    if args.json:
        print(json.dumps({"context": context(), "differential": summary}, indent=2))
    else:
        print(f"Classic games against OpenSpiel, {args.games} random games each:")
        for name, row in summary.items():
            verdict = "agree" if row["disagreements"] == 0 else f"{row['disagreements']} DISAGREE"
            o = row["first_player"]
            print(
                f"  {name:<13} vs {row['openspiel']:<12}: {row['plies']} plies, first player "
                f"{o['win']} wins / {o['draw']} draws / {o['loss']} losses: {verdict}"
            )
            for problem in row["first_disagreements"]:
                print(f"      game {problem['game']}: {problem['why']}")
        print(f"  ({time.time() - started:.0f} s)")
    if any(row["disagreements"] for row in summary.values()):
        sys.exit(1)


# -------------------------------------------------------------------- main


def positive_int(text: str) -> int:
    """A whole number of at least 1, for argparse."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, e.g. 3 (got '{text}')")
    return value


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bin", help="our binary (default: $REDSCIENCE_BIN)")
    modes = parser.add_subparsers(dest="mode")

    p = modes.add_parser("playouts", help="random playouts per second, ours vs OpenSpiel")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per game and path (3)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--rounds", type=positive_int, default=1,
        help="per game, measure ours then theirs this many times and keep each side's best (1)",
    )
    p.add_argument(
        "--games", nargs="+", metavar="GAME",
        help=f"only these ({', '.join(g[0] for g in GAMES)})",
    )

    m = modes.add_parser("mcts-match", help="our search vs OpenSpiel's MCTSBot")
    m.add_argument(
        "--game", choices=sorted(MATCH_GAMES), default="connect4",
        help="connect4 (default), gomoku (15x15, five), six19 (19x19, six, one stone a "
        "turn), breakthrough, checkers, hex or othello",
    )
    m.add_argument("--games", type=int, default=20, help="games, alternating who starts (20)")
    m.add_argument("--sims", type=int, default=1000, help="OpenSpiel's max_simulations (1000)")
    m.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's uct_c (2)")
    m.add_argument(
        "--no-solve", dest="solve", action="store_false",
        help="turn off OpenSpiel's MCTS-Solver (on by default, as in its mcts example)",
    )
    m.add_argument(
        "--ms", type=int,
        help="our thinking time per move in ms (default: OpenSpiel's mean so far)",
    )
    m.add_argument(
        "--calibration-games", type=int, default=2,
        help="OpenSpiel self-play games timed before the match (2)",
    )
    m.add_argument(
        "--our-ai", default="mcts:100000000",
        help="our player for suggest (default mcts:100000000, so --ms is the limit)",
    )
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--json", action="store_true", help="print one JSON object")

    d = modes.add_parser("differential", help="the classic games ply by ply against OpenSpiel")
    d.add_argument("--games", type=positive_int, default=1000, help="random games per classic (1000)")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--classics", nargs="+", metavar="NAME", help="only these (Reversi, Draughts, Breakthrough, Hex)")
    d.add_argument("--json", action="store_true", help="print one JSON object")

    # The mode may be left out: playouts.
    rest = argv
    if rest[:1] == ["--bin"]:
        rest = rest[2:]
    elif rest[:1] and rest[0].startswith("--bin="):
        rest = rest[1:]
    if not rest or rest[0] not in ("playouts", "mcts-match", "differential", "-h", "--help"):
        argv = [*argv[: len(argv) - len(rest)], "playouts", *rest]
    args = parser.parse_args(argv)
    if args.mode == "mcts-match":
        mcts_match(args)
    elif args.mode == "differential":
        run_differential(args)
    else:
        if args.seconds <= 0:
            fail("--seconds takes a positive number")
        playouts(args)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except KeyboardInterrupt:
        sys.exit(130)

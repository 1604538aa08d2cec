#!/usr/bin/env python3
"""Two builds of redscience play each other (issue 24: the new standard
player against the one before it), each move asked of its binary with
`suggest`, the game judged by `replay --json`.

    bench/versus.py --a NEW_BIN --b OLD_BIN --game 5on15sq --games 200 [--ai sp]
        [--ai-b sp] [--seed 1000] [--json]

The seats alternate: A starts the even games. Each move's seed is the
game's seed, so a rerun plays the same games. Prints A's wins, draws and
losses, its score (a draw is half) with a 95% Wilson interval, and each
game's moves.
"""

import argparse
import json
import math
import subprocess
import sys
import time


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n))


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def state(binary: str, game: str, moves: list[str]) -> dict:
    out = run([binary, "replay", game, *moves, "--json"])
    if out.returncode != 0:
        sys.exit(f"replay failed after {' '.join(moves)}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def play(args, g: int) -> dict:
    a_seat = g % 2
    binaries = [args.a, args.b] if a_seat == 0 else [args.b, args.a]
    ais = [args.ai, args.ai_b] if a_seat == 0 else [args.ai_b, args.ai]
    moves: list[str] = []
    seconds = [0.0, 0.0]  # A's, B's
    while True:
        now = state(args.a, args.game, moves)
        if now["status"] == "finished":
            break
        mover = now["next"] - 1  # replay numbers players from 1
        started = time.perf_counter()
        out = run([binaries[mover], "suggest", args.game, *moves, "--ai", ais[mover],
                   "--seed", str(args.seed + g)])
        seconds[0 if (mover == a_seat) else 1] += time.perf_counter() - started
        if out.returncode != 0:
            sys.exit(f"game {g + 1}: suggest failed after {' '.join(moves)}: {out.stderr.strip()}")
        moves.append(out.stdout.strip())
    result = now["results"][a_seat]
    return {"a_first": a_seat == 0, "result": result, "moves": " ".join(moves),
            "a_seconds": seconds[0], "b_seconds": seconds[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="binary A (the new build)")
    parser.add_argument("--b", required=True, help="binary B (the old build)")
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ai", default="sp", help="A's player, as suggest --ai takes it")
    parser.add_argument("--ai-b", default="sp", help="B's player")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = []
    tally = {"win": 0, "draw": 0, "loss": 0}
    for g in range(args.games):
        record = play(args, g)
        games.append(record)
        tally[record["result"]] += 1
        print(f"game {g + 1:>3}: A {'first ' if record['a_first'] else 'second'} "
              f"{record['result']:<4} W-D-L {tally['win']}-{tally['draw']}-{tally['loss']}",
              file=sys.stderr)
    n = len(games)
    score = tally["win"] + tally["draw"] / 2
    low, high = wilson(score, n)
    a_moves = sum(len(r["moves"].split()) for r in games) / 2 or 1
    summary = {"game": args.game, "a": f"{args.a} --ai {args.ai}", "b": f"{args.b} --ai {args.ai_b}",
               "games": n, **tally, "score": score / n, "score_wilson95": [low, high],
               "a_seconds_per_move": sum(r["a_seconds"] for r in games) / a_moves,
               "b_seconds_per_move": sum(r["b_seconds"] for r in games) / a_moves,
               "record": games}
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{args.game}: A {tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses of {n}; "
          f"score {score / n:.3f}, 95% Wilson [{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()

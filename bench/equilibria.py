#!/usr/bin/env python3
"""Our equilibria against OpenSpiel's on the matrix forms of sealed-plan games.

For each game, `redscience analyze GAME --json` gives the first round's plans,
the payoff of every pair of plans (the engine's returns: 1 a win, 0.5 a draw,
0 a loss, Chaos's random moves averaged in; a tie that replays is worth its
replay's equilibrium value), every equilibrium we found and the one the
standard player plays. The same matrix is built in OpenSpiel
(pyspiel.create_matrix_game), and OpenSpiel's nash_conv and exploitability
are computed for our strategies, for the equilibria of OpenSpiel's own
Lemke-Howson enumeration (open_spiel.python.algorithms.matrix_nash), and for
OpenSpiel's CFR+ average policy. Target: the same equilibria, our
exploitability at most 0.01 of the payoff range.

Usage: bench/equilibria.py [--redscience PATH] [--cfr-iterations N] [GAME...]
OpenSpiel: python3 -m venv bench/.venv &&
  bench/.venv/bin/python -m pip install -q --only-binary=:all: open-spiel nashpy
(bench/openspiel.sh makes the same venv; add nashpy to it)
"""

import argparse
import json
import subprocess
import sys
import warnings

import nashpy
import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability, matrix_nash

GAMES = ["RockPaperScissors", "PrisonerDilemma", "StagHunt", "BoS"]


def analysis(binary, game):
    out = subprocess.run([binary, "analyze", game, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def matrix_of(report):
    rows = len(report["seats"][0]["plans"])
    cols = len(report["seats"][1]["plans"])
    payoffs = np.array(report["payoffs"]).reshape(rows, cols, 2)
    return payoffs[:, :, 0], payoffs[:, :, 1]


def spiel_game(report, row, col):
    seats = report["seats"]
    return pyspiel.create_matrix_game(
        report["game"], report["game"],
        [f"r{i}" for i in range(row.shape[0])],
        [f"c{j}" for j in range(row.shape[1])],
        row.tolist(), col.tolist())


def tabular(turn_based, strategies):
    """A policy of the turn-based game playing `strategies` (per player)."""
    def probabilities(state):
        player = state.current_player()
        return {a: float(strategies[player][a]) for a in state.legal_actions()}
    return policy_lib.tabular_policy_from_callable(turn_based, probabilities)


def measure(turn_based, strategies, payoff_range, constant_sum):
    pol = tabular(turn_based, strategies)
    conv = exploitability.nash_conv(turn_based, pol)
    expl = conv / 2 if constant_sum else conv
    return conv, expl, expl / payoff_range if payoff_range else 0.0


def same(x, y, tol=1e-6):
    return all(np.allclose(a, b, atol=tol) for a, b in zip(x, y))


def words(report, strategies):
    parts = []
    for seat, strategy in zip(report["seats"], strategies):
        used = [f"{plan} {p:.3f}" for plan, p in zip(seat["plans"], strategy)
                if p > 1e-9]
        parts.append(f"{seat['name']}: " + ", ".join(used))
    return "; ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redscience", default="redscience")
    parser.add_argument("--cfr-iterations", type=int, default=1000)
    parser.add_argument("games", nargs="*", default=GAMES)
    args = parser.parse_args()
    worst = 0.0
    missing = 0
    for name in args.games:
        report = analysis(args.redscience, name)
        if len(report["seats"]) != 2:
            print(f"{name}: not a two-player round, skipped")
            continue
        row, col = matrix_of(report)
        game = spiel_game(report, row, col)
        turn_based = pyspiel.convert_to_turn_based(game)
        constant_sum = report["exploitability"]["constant_sum"]
        payoff_range = report["exploitability"]["payoff_range"]
        print(f"== {name} ({report['method']}; payoffs in returns, range "
              f"{payoff_range}, {'constant-sum' if constant_sum else 'general-sum'})")
        print(f"   row payoffs {row.round(4).tolist()}")
        print(f"   col payoffs {col.round(4).tolist()}")
        ours = [e["strategies"] for e in report["equilibria"]]
        selected = [s["probabilities"] for s in report["seats"]]
        conv, expl, frac = measure(turn_based, selected, payoff_range, constant_sum)
        worst = max(worst, frac)
        print(f"   ours, played: {words(report, selected)}")
        print(f"     OpenSpiel nash_conv {conv:.2e}, exploitability {expl:.2e} "
              f"({100 * frac:.3f}% of range); our own figure "
              f"{report['exploitability']['exploitability']:.2e}")
        for eq in ours:
            conv, expl, frac = measure(turn_based, eq, payoff_range, constant_sum)
            worst = max(worst, frac)
            print(f"   ours, equilibrium: {words(report, eq)}: OpenSpiel "
                  f"exploitability {expl:.6f} ({100 * frac:.3f}%)")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = [[r, c] for r, c in matrix_nash.lemke_howson_solve(row, col)]
        unique = []
        for eq in theirs:
            if not any(same(eq, u) for u in unique):
                unique.append(eq)
        for eq in unique:
            conv, expl, frac = measure(turn_based, eq, payoff_range, constant_sum)
            found = any(same(eq, o) for o in ours)
            print(f"   OpenSpiel Lemke-Howson: {words(report, eq)}: exploitability "
                  f"{expl:.6f} ({100 * frac:.3f}%), {'also ours' if found else 'NOT OURS'}")
        for eq in ours:
            if not any(same(eq, u) for u in unique):
                print(f"   ours not found by Lemke-Howson: {words(report, eq)}")
        # Every equilibrium, by the library OpenSpiel's matrix_nash wraps.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            enumerated = [[r, c] for r, c in
                          nashpy.Game(row, col).support_enumeration()]
        agree = (all(any(same(e, o) for o in ours) for e in enumerated)
                 and all(any(same(o, e) for e in enumerated) for o in ours))
        if not agree:
            missing += 1
        print(f"   nashpy support enumeration: {len(enumerated)} equilibria, "
              f"{'the same as ours' if agree else 'DIFFERENT from ours'}")
        solver = cfr.CFRPlusSolver(turn_based)
        for _ in range(args.cfr_iterations):
            solver.evaluate_and_update_policy()
        average = solver.average_policy()
        conv = exploitability.nash_conv(turn_based, average)
        expl = conv / 2 if constant_sum else conv
        print(f"   OpenSpiel CFR+ ({args.cfr_iterations} iterations): exploitability "
              f"{expl:.2e} ({100 * expl / payoff_range if payoff_range else 0:.3f}%)")
    print(f"worst exploitability of ours, by OpenSpiel: {100 * worst:.4f}% of the "
          f"payoff range (target at most 1%)")
    print(f"games whose equilibria differ from nashpy's enumeration: {missing}")
    return 0 if worst <= 0.01 and missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""Figures of the fast core (issue 11), printed, not asserted: solver, Monte Carlo, heuristic, domino.

    python benchmarks/core.py            # the issue's sizes (a few minutes)
    python benchmarks/core.py --quick    # small counts

Only public calls are timed (``solve``, ``MonteCarloBot.decide``, ``heuristic_playout``,
``card_values``), so the figures stay comparable whatever runs underneath. Every figure is wall-clock
time on one core of a shared machine: read it with the load printed beside it. ``benchmarks/table.py``
puts them into the issue's table.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
from dataclasses import dataclass

from keinstich.bots.heuristic import heuristic_playout
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.solver import card_values, solve
from keinstich.contracts import KEIN_STICH_CONTRACTS
from keinstich.layoff import DominoDeal
from keinstich.layoff_rules import domino_contract
from keinstich.tricks import TrickDeal

PACK, PLAYERS = "german-32", 4


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``q`` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


@dataclass
class Timed:
    """Seconds per item, how many were asked for, and whether the time budget cut the run short."""

    times: list[float]
    asked: int
    cut: bool = False

    def count(self) -> str:
        return f"{len(self.times)}" if not self.cut else f"{len(self.times)} of {self.asked}, time budget"


def first_calls() -> float:
    """Seconds for the first solve, Monte Carlo decision, heuristic play-out and random play-out in this
    process: loading (or compiling) a kernel shows here, not in the timed figures after it."""
    t0 = time.perf_counter()
    contract = next(iter(KEIN_STICH_CONTRACTS.values()))
    d = TrickDeal.from_seed(PACK, PLAYERS, "bench-warm-up", contract)
    for _ in range(20):
        d.play(d.legal()[0])
    solve(d, line=False)
    position = mc_position(-1)
    assert position.turn is not None
    MonteCarloBot("bench-warm-up").decide(position.observation(position.turn))
    heuristic_playout(TrickDeal.from_seed(PACK, PLAYERS, "bench-warm-up", contract))
    TrickDeal.from_seed(PACK, PLAYERS, "bench-warm-up", contract).playout(random.Random(0))
    return time.perf_counter() - t0


def solver_times(deals: int, budget: float) -> dict[str, Timed]:
    """Per Kein Stich contract: seconds for ``solve`` (value and best card, no line) at the start of
    ``deals`` seeded 4-player 32-card deals; a contract stops early once it has used ``budget`` seconds."""
    out: dict[str, Timed] = {}
    for cid, contract in KEIN_STICH_CONTRACTS.items():
        row = out[cid] = Timed([], deals)
        spent = 0.0
        for i in range(deals):
            if spent >= budget:
                row.cut = True
                break
            d = TrickDeal.from_seed(PACK, PLAYERS, f"bench-solver:{i}", contract)
            t0 = time.perf_counter()
            solve(d, line=False)
            row.times.append(time.perf_counter() - t0)
            spent += row.times[-1]
    return out


def mc_position(i: int) -> TrickDeal:
    """Seeded mid-deal position ``i``: a contract in turn, 0 to 23 cards played at random, and a
    seat to move with more than one legal card."""
    contracts = list(KEIN_STICH_CONTRACTS.values())
    rng = random.Random(f"bench-mc:{i}")
    d = TrickDeal.from_seed(PACK, PLAYERS, f"bench-mc:{i}", contracts[i % len(contracts)])
    for _ in range(rng.randrange(24)):
        d.play(rng.choice(d.legal()))
    while len(d.legal()) < 2:
        d.play(d.legal()[0])
    return d


def mc_times(decisions: int, budget: float) -> Timed:
    """Seconds for a default-strength ``MonteCarloBot.decide`` at ``decisions`` seeded positions."""
    out = Timed([], decisions)
    spent = 0.0
    for i in range(decisions):
        if spent >= budget:
            out.cut = True
            break
        d = mc_position(i)
        assert d.turn is not None
        obs = d.observation(d.turn)
        bot = MonteCarloBot(f"bench-mc-bot:{i}")
        t0 = time.perf_counter()
        bot.decide(obs)
        out.times.append(time.perf_counter() - t0)
        spent += out.times[-1]
    return out


def heuristic_rate(seconds: float) -> float:
    """Complete 4-player 32-card deals per second, every seat the heuristic (``heuristic_playout``),
    each deal fresh from a seed, contracts in turn; runs for about ``seconds``."""
    contracts = list(KEIN_STICH_CONTRACTS.values())
    done = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(50):
            heuristic_playout(TrickDeal.from_seed(PACK, PLAYERS, done, contracts[done % len(contracts)]))
            done += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return done / elapsed


def domino_position(seed: int = 1) -> DominoDeal:
    """A 4-player 32-card domino deal with voluntary passes (acorns Unter first), moved on by the first
    legal move until the seat to move has a choice of at least two moves (a pass counts)."""
    d = DominoDeal.from_seed(PACK, PLAYERS, f"bench-domino:{seed}", domino_contract("acorns", voluntary_pass=True))
    while len(d.legal_moves()) < 2:
        d.play(d.legal_moves()[0])
    return d


def domino_best_card_here() -> float:
    """Seconds for "Best card?" (``card_values``) at :func:`domino_position`, in this process."""
    d = domino_position()
    t0 = time.perf_counter()
    card_values(d)
    return time.perf_counter() - t0


def domino_best_card(limit: float) -> float | None:
    """:func:`domino_best_card_here` in a child process stopped after ``limit`` seconds (None then)."""
    try:
        done = subprocess.run([sys.executable, __file__, "--domino-child"], capture_output=True, text=True,
                              timeout=limit + 15, check=True)  # + the child's imports
    except subprocess.TimeoutExpired:
        return None
    seconds = float(done.stdout.split()[-1])
    return seconds if seconds <= limit else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts")
    parser.add_argument("--domino-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.domino_child:
        print(f"{domino_best_card_here():.6f}")
        return
    deals, budget = (4, 5.0) if args.quick else (40, 20.0)
    for cid, t in solver_times(deals, budget).items():
        print(f"solve {cid:16s} n={t.count():22s} median {percentile(t.times, 0.5):7.3f} s  "
              f"p90 {percentile(t.times, 0.9):7.3f} s  max {max(t.times):7.3f} s")
    mc = mc_times(*((20, 10.0) if args.quick else (200, 60.0)))
    print(f"Monte Carlo decision n={mc.count()}: median {percentile(mc.times, 0.5):.3f} s  "
          f"p95 {percentile(mc.times, 0.95):.3f} s  p99 {percentile(mc.times, 0.99):.3f} s  max {max(mc.times):.3f} s")
    print(f"heuristic_playout: {heuristic_rate(1.0 if args.quick else 3.0):,.0f} deals/s")
    dom = domino_best_card(20.0 if args.quick else 60.0)
    print("domino Best card?: " + (f"{dom:.2f} s" if dom is not None else "over the time limit"))


if __name__ == "__main__":
    main()

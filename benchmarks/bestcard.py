"""How long "Best card?" takes in a lay-off deal with voluntary passes (printed, not asserted).

Seeded Kein Stich lay-off deals (german-32, 4 players, voluntary passes, 10 pf per pass), each asked
at three points: just after the Unter of Acorns opens it (early: the hardest), after 8 and after 16
moves (random moves, passes only when no card fits). Every question is what Replay's "Best card?"
asks, :func:`keinstich.bots.bounded.move_values`, within the goal's budget of 0.5 s: an answer is
exact when the search finishes, else bounded (proven bounds per move, flagged as estimates).
Figures: the time per question (median and max), the share answered exactly, the time a Stop
takes to end a search running in another thread, and the exact solve (no budget) of the 16-move
positions.

    python benchmarks/bestcard.py            # 6 deals
    python benchmarks/bestcard.py --quick    # 3 deals
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from keinstich.bots.bounded import move_values
from keinstich.bots.budget import Budget
from keinstich.layoff import DominoDeal, domino_contract

GOAL = 0.5
"""Seconds: the issue's goal for "Best card?" (or a bounded, honest answer)."""

STAGES = (1, 8, 16)


def position(seed: int, moves: int) -> DominoDeal:
    """A voluntary-pass deal after ``moves`` random moves (cards when one fits)."""
    d = DominoDeal.from_seed("german-32", 4, seed, domino_contract("acorns", voluntary_pass=True, pass_fee=10))
    rng = random.Random(seed)
    for _ in range(moves):
        cards = [m for m in d.legal_moves() if m is not None]
        d.play(rng.choice(cards) if cards else None)
    return d


def stop_latency(d: DominoDeal) -> float:
    """Seconds from a Stop to the end of the search thread it stops."""
    budget = Budget()
    t = threading.Thread(target=move_values, args=(d,), kwargs={"budget": budget})
    t.start()
    time.sleep(0.2)
    t0 = time.perf_counter()
    budget.stop()
    t.join()
    return time.perf_counter() - t0


def figures(quick: bool) -> dict[str, float]:
    """The "Best card?" figures for lay-off deals with voluntary passes (seconds unless named a share)."""
    seeds = range(1, 4 if quick else 7)
    times: list[float] = []
    exact = 0
    for seed in seeds:
        for k in STAGES:
            d = position(seed, k)
            t0 = time.perf_counter()
            got = move_values(d, budget=Budget(seconds=GOAL))
            times.append(time.perf_counter() - t0)
            exact += got.exact
    solves = []
    for seed in seeds:
        d = position(seed, STAGES[-1])
        t0 = time.perf_counter()
        move_values(d)
        solves.append(time.perf_counter() - t0)
    stops = [stop_latency(position(seed, 1)) for seed in list(seeds)[:2]]
    return {
        "best card median s": statistics.median(times),
        "best card max s": max(times),
        "answered exactly (share)": exact / len(times),
        "stop to thread end max s": max(stops),
        "exact solve after 16 moves median s": statistics.median(solves),
        "exact solve after 16 moves max s": max(solves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 deals instead of 6")
    args = parser.parse_args()
    print(f'"Best card?" in lay-off deals with voluntary passes (goal: <= {GOAL} s, or a bounded answer)')
    for name, value in figures(args.quick).items():
        print(f"  {name:38s} {value:8.3f}")


if __name__ == "__main__":
    main()

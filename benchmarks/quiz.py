"""How long a quiz takes to judge a position and to deal the next one (printed, not asserted).

The positions are quiz sets (:func:`keinstich.drills.drill_set`, every difficulty) of several contracts
and games. For each, the worst legal card is judged as the quiz's Check does (the coach's one judge, and with
``open_hands`` its second view with all hands open too): cold (no verdict kept: what a position typed in costs),
and as a set serves it (the drill's verdict was worked out when the position was dealt). Figures: CPU seconds
(``time.process_time``, so other work on the machine does not count) per judgement at the median, p95, p99 and
max, against the issue's goal of 0.3 s at p99; and the CPU seconds to find a drill (the next position of a set).

    python benchmarks/quiz.py            # 8 positions per contract and difficulty
    python benchmarks/quiz.py --quick    # 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from keinstich.cards import Card
from keinstich.drills import DIFFICULTIES, Drill, drill
from keinstich.positions import QuizError, next_seed
from keinstich_widgets._feedback import assess

GOAL = 0.3
"""Seconds at p99: the issue's goal for a quiz position judged."""

CONTRACTS = (("kein-stich", "no-hearts"), ("kein-stich", "no-tricks"), ("kein-stich", "power"),
             ("herzeln", "herzeln-no-queens"), ("herzblatt", "herzblatt-4"))


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``xs``."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * len(s) + 0.5) - 1))]


def drills(n: int) -> tuple[list[Drill], list[float]]:
    """``n`` drills of every contract and difficulty, and the CPU seconds each took to find."""
    found, times = [], []
    for game, contract in CONTRACTS:
        for difficulty in DIFFICULTIES:
            for i in range(n):
                t0 = time.process_time()
                try:
                    d = drill(contract, next_seed(100, i), difficulty=difficulty, game=game)
                except QuizError:  # none of that difficulty in the deals searched
                    continue
                times.append(time.process_time() - t0)
                found.append(d)
    return found, times


def judged(found: list[Drill], *, cold: bool, open_hands: bool = False) -> list[float]:
    """CPU seconds to judge the worst card of each drill as the quiz's Check does (``cold``: no verdict kept)."""
    times = []
    for d in found:
        worst = max(d.verdict.legal, key=d.cost)
        if cold:
            sys.modules["keinstich.coach.judge"]._KEPT.clear()  # type: ignore[attr-defined]
        t0 = time.process_time()
        assess(d.deal, worst, name=Card.__str__, open_hands=open_hands)  # type: ignore[arg-type]
        times.append(time.process_time() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 positions per contract and difficulty")
    args = parser.parse_args()
    found, dealing = drills(3 if args.quick else 8)
    judged(found[:2], cold=False)  # warm: the kernel's first call loads its compiled code
    print(f"Quiz positions: {len(found)} drills of {len(CONTRACTS)} contracts, 3 difficulties "
          f"(goal: a position judged in <= {GOAL} s at p99; CPU seconds)")
    for label, kw in (("as a set serves it", {"cold": False}), ("the same, all hands open", {"cold": False,
                                                                                          "open_hands": True}),
                      ("cold", {"cold": True})):
        t = judged(found, **kw)  # type: ignore[arg-type]
        print(f"  judged ({label:24s})  median {statistics.median(t):6.3f}  p95 {quantile(t, 0.95):6.3f}  "
              f"p99 {quantile(t, 0.99):6.3f}  max {max(t):6.3f}")
    print(f"  next position found    median {statistics.median(dealing):6.3f}  p95 {quantile(dealing, 0.95):6.3f}  "
          f"p99 {quantile(dealing, 0.99):6.3f}  max {max(dealing):6.3f}")


if __name__ == "__main__":
    main()

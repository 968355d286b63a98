"""How long the coach's review of a played deal takes (printed, not asserted).

Seeded Kein Stich deals, german-32, four players, every trick contract: the learner's seat is played by
a random bot (a learner makes mistakes: the review then tells the most), the others by the heuristic bot.
Each deal is reviewed from the learner's seat exactly as the Table does when a deal ends: both judgements
for every decision, the reasons, and the two duplicates (:func:`keinstich.coach.review`). The goal is
at most 1 s at the 95th percentile on a 2-core machine. Also printed: a lay-off deal and a Herzblatt deal,
for which the issue sets no goal, and the time of one decision judged (what a quiz asks).

    python benchmarks/review.py            # 8 deals per contract
    python benchmarks/review.py --quick    # 3 deals per contract
"""

from __future__ import annotations

import argparse
import statistics
import time

from core import percentile

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.coach import judge, review
from keinstich.games import game

GOAL = 1.0
"""Seconds: the issue's goal for a whole review of a 4-player 32-card deal, at the 95th percentile."""

CONTRACTS = ("no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
             "power-black-pig")


def played(gid: str, cid: str, seed: int) -> object:
    d = game(gid).deal(cid, seed, players=4)
    return play_deal(d, [RandomBot(seed), HeuristicBot(), HeuristicBot(), HeuristicBot()])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    per = 3 if args.quick else 8
    review(played("kein-stich", "no-hearts", 999), 0)  # loads the compiled kernel once
    times: list[float] = []
    judged: list[float] = []
    for cid in CONTRACTS:
        row = []
        for seed in range(1, per + 1):
            d = played("kein-stich", cid, seed)
            t0 = time.perf_counter()
            r = review(d, 0)  # type: ignore[arg-type]
            row.append(time.perf_counter() - t0)
            for j in r.decisions[:2]:
                position = d.rewound(j.index)  # type: ignore[attr-defined]
                t0 = time.perf_counter()
                judge(position, j.move)
                judged.append(time.perf_counter() - t0)
        times += row
        print(f"review {cid:16s} median {statistics.median(row):.2f} s   max {max(row):.2f} s")
    p95 = percentile(times, 0.95)
    print(f"review, all {len(times)} deals: median {statistics.median(times):.2f} s, p95 {p95:.2f} s, "
          f"max {max(times):.2f} s (goal p95 <= {GOAL:.1f} s: {'met' if p95 <= GOAL else 'NOT met'})")
    print(f"one decision judged: median {statistics.median(judged) * 1000:.0f} ms, "
          f"p99 {percentile(judged, 0.99) * 1000:.0f} ms over {len(judged)}")
    for gid, cid in (("kein-stich", "domino"), ("herzblatt", "herzblatt-4"), ("herzeln", "herzeln-no-queens")):
        row = []
        for seed in range(1, per + 1):
            d = played(gid, cid, seed)
            t0 = time.perf_counter()
            review(d, 0)  # type: ignore[arg-type]
            row.append(time.perf_counter() - t0)
        print(f"review {gid}/{cid}: median {statistics.median(row):.2f} s, max {max(row):.2f} s (no goal set)")


if __name__ == "__main__":
    main()

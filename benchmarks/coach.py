"""The coach's one judge, measured (printed, not asserted): steady grades, agreement with a judge ten times as
thorough, the review's time per contract, the Hint's time, and the claims of its sentences.

Learner-like play: seeded deals of every game and contract, a random bot in the learner's seat (a learner makes
mistakes), heuristic bots in the others. Every decision of the learner with a choice is judged.

* **Stability**: each decision judged twice, the second time with only the sampling seed changed (``salt``); the
  share of decisions whose grade changes (issue 20's bar: at most 2 %).
* **Agreement**: every mistake or blunder judged again by a judge with ten times the deals and no early stop
  (graded the same way); the share it grades best or fine (bar: at most 2 %).
* **Review time**: ``review(deal, seat)`` from scratch (no verdict kept from before), per contract: median, 95th
  percentile, maximum (bar: p95 ≤ 1 s, max ≤ 2 s, Power included).
* **Hint time**: cold, the verdict worked out when Hint is pressed; warm, as the Table serves it after thinking
  ahead while the learner looks at the cards (bar: p95 ≤ 100 ms).
* **Claims**: every sentence of every review checked by tests/coach_claims.py.

    python benchmarks/coach.py            # 6 deals per contract
    python benchmarks/coach.py --quick    # 2 deals per contract
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from core import percentile

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.coach import fair as fair_module
from keinstich.coach import review, verdict
from keinstich.coach.judge import answers_for
from keinstich.games import game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from coach_claims import Claim, check

JUDGE = sys.modules["keinstich.coach.judge"]

KEIN_STICH = ("no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
              "power-black-pig")
CASES = [("kein-stich", c) for c in (*KEIN_STICH, "domino")] + \
        [("herzeln", c) for c in ("herzeln-no-hearts", "herzeln-tricks", "herzeln-no-queens", "herzeln-king-of-hearts",
                                  "herzeln-domino")] + [("herzblatt", "herzblatt-4")]


def played(gid: str, cid: str, seed: int) -> Any:
    d = game(gid).deal(cid, seed, players=4)
    return play_deal(d, [RandomBot(seed)] + [HeuristicBot() for _ in range(3)])


def decisions(d: Any) -> list[tuple[Any, Any]]:
    """The learner's positions with a choice in the card play, with the move made."""
    out = []
    for i, (s, m) in enumerate(d.history):
        if s != 0:
            continue
        p = d.rewound(i)
        if p.phase in ("play", "lay") and len({str(x) for x in p.legal_moves()}) > 1:
            out.append((p, m))
    return out


def forget() -> None:
    """No verdict kept from before: every judgement is worked out afresh."""
    JUDGE._KEPT.clear()


def thorough(position: Any) -> Any:
    """The reference: the same judge with ten times the deals and no early stop."""
    settle, deals = fair_module.SETTLE, fair_module.DEALS
    try:
        fair_module.SETTLE, fair_module.DEALS = math.inf, 10 * deals
        return fair_module.fair(position, cap=10 * fair_module.CAP, salt="thorough")
    finally:
        fair_module.SETTLE, fair_module.DEALS = settle, deals


def stability(deals: list[tuple[str, str, Any]]) -> None:
    changed = total = worse = bad = 0
    seconds: list[float] = []
    for _gid, _cid, d in deals:
        for p, m in decisions(d):
            t0 = time.perf_counter()
            a = fair_module.fair(p)
            seconds.append(time.perf_counter() - t0)
            b = fair_module.fair(p, salt="another seed")
            total += 1
            ga, gb = a.grade[a.index(m)], b.grade[b.index(m)]
            changed += ga != gb
            if ga in ("mistake", "blunder"):
                bad += 1
                ref = thorough(p)
                worse += ref.grade[ref.index(m)] in ("best", "fine")
    print(f"stability: {changed} of {total} grades change with only the sampling seed changed "
          f"({changed / max(1, total):.1%}; bar ≤ 2 %)")
    print(f"agreement: {worse} of {bad} mistakes and blunders are best or fine for a judge with ten times the deals "
          f"({worse / max(1, bad):.1%}; bar ≤ 2 %)")
    print(f"one decision judged: median {statistics.median(seconds) * 1000:.0f} ms, "
          f"p95 {percentile(seconds, 0.95) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms over {len(seconds)}")


def review_times(per: int) -> None:
    every: list[float] = []
    for gid, cid in CASES:
        row = []
        for seed in range(1, per + 1):
            d = played(gid, cid, seed)
            forget()
            t0 = time.perf_counter()
            review(d, 0)
            row.append(time.perf_counter() - t0)
        every += row if gid == "kein-stich" and cid != "domino" else []
        print(f"review {gid}/{cid:22s} median {statistics.median(row):.2f} s   p95 {percentile(row, 0.95):.2f} s   "
              f"max {max(row):.2f} s")
    print(f"review, Kein Stich trick contracts, {len(every)} deals: p95 {percentile(every, 0.95):.2f} s, "
          f"max {max(every):.2f} s (bar: p95 ≤ 1 s, max ≤ 2 s)")


def hint_times(per: int) -> None:
    cold: list[float] = []
    warm: list[float] = []
    for cid in KEIN_STICH:
        for seed in range(1, per + 1):
            for p, _ in decisions(played("kein-stich", cid, seed)):
                forget()
                t0 = time.perf_counter()
                verdict(p).hint_text()
                cold.append(time.perf_counter() - t0)
                t0 = time.perf_counter()  # the Table has thought ahead: the Hint reads the kept verdict
                verdict(p).hint_text()
                warm.append(time.perf_counter() - t0)
    print(f"Hint, cold (worked out on the click): median {statistics.median(cold) * 1000:.0f} ms, "
          f"p95 {percentile(cold, 0.95) * 1000:.0f} ms over {len(cold)}")
    print(f"Hint, as the Table serves it (thought out while the learner looks): median "
          f"{statistics.median(warm) * 1000:.2f} ms, p95 {percentile(warm, 0.95) * 1000:.2f} ms (bar: p95 ≤ 100 ms)")


def claims(deals: list[tuple[str, str, Any]]) -> None:
    checked = failed = 0
    for _gid, _cid, d in deals:
        r = review(d, 0)
        answers = answers_for(d, 0, "heuristic")
        for j in r.decisions:
            try:
                check(j, answers)
                checked += 1
            except Claim as e:
                failed += 1
                print(f"  claim failed: {e}")
    print(f"claims: {checked} sentences checked, {failed} failed")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    per = 2 if args.quick else 6
    played("kein-stich", "no-hearts", 999)
    verdict(decisions(played("kein-stich", "no-hearts", 999))[0][0])  # loads the compiled kernel once
    deals = [(gid, cid, played(gid, cid, 500 + seed)) for gid, cid in CASES for seed in range(1, per + 1)]
    stability(deals)
    review_times(per)
    hint_times(max(1, per // 2))
    claims(deals)


if __name__ == "__main__":
    main()

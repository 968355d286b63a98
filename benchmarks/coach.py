"""The coach's one judge, measured (printed, not asserted): steady grades, agreement with a judge ten times as
thorough, the same grade for a position and its renamed stand-in, the review's time per contract, the Hint's time,
and the claims of its sentences.

Learner-like play: seeded deals of every game and contract the trainer draws from (all three games), a random bot in
the learner's seat (a learner makes mistakes), heuristic bots in the others. Every decision of the learner with a
choice is judged. The deals' seeds (``coach:<contract>:<i>``) are ones no test uses.

* **Stability**: each decision judged as the coach judges it (its canonical stand-in), then again with only the
  sampling seed changed (``salt``); the share of decisions whose grade of the card played changes (bar: ≤ 2 %).
* **Agreement (false alarms)**: every mistake or blunder judged again, on the position as it stands, by a judge with
  ten times the deals and no early stop (graded the same way); the share it grades best or fine (bar: ≤ 2 %).
* **Stand-in**: each decision judged on the position as it stands (no renaming), the same seed; the share whose
  grade differs from the stand-in's (issue 27: a renaming changes only the faces).
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
import os
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
from keinstich.coach.judgement import answers_for
from keinstich.games import game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from coach_claims import Claim, check

JUDGE = sys.modules["keinstich.coach.judge"]

KEIN_STICH = ("no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
              "power-black-pig")
CASES = [("kein-stich", c) for c in (*KEIN_STICH, "domino")] + \
        [("herzeln", c) for c in ("herzeln-no-hearts", "herzeln-tricks", "herzeln-no-queens", "herzeln-king-of-hearts",
                                  "herzeln-domino")] + [("herzblatt", "herzblatt-4")]


def played(gid: str, cid: str, seed: int | str, players: int | None = 4) -> Any:
    d = game(gid).deal(cid, seed, players=players)
    return play_deal(d, [RandomBot(seed)] + [HeuristicBot() for _ in range(d.players - 1)])


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
    settle, deals, near = fair_module.SETTLE, fair_module.DEALS, fair_module.NEAR
    try:
        fair_module.SETTLE, fair_module.DEALS, fair_module.NEAR = math.inf, 10 * deals, 1
        return fair_module.fair(position, cap=10 * fair_module.CAP, salt="thorough")
    finally:
        fair_module.SETTLE, fair_module.DEALS, fair_module.NEAR = settle, deals, near


def _word(grade: Any) -> str:
    return str(getattr(grade, "value", grade))


BAD = ("mistake", "blunder")
GOOD = ("best", "fine")


def judged_deal(job: tuple[str, str, int | str]) -> list[dict[str, Any]]:
    """Every learner decision of one learner-like deal, judged three ways (see the module) and, for a mistake or
    a blunder, by the thorough judge."""
    from keinstich.coach.equivalence import canonical

    gid, cid, seed = job
    d = played(gid, cid, seed, None)
    out = []
    for p, m in decisions(d):
        canon, r = canonical(p)
        t0 = time.perf_counter()
        a = fair_module.fair(canon)
        seconds = time.perf_counter() - t0
        b = fair_module.fair(canon, salt="another seed")
        c = fair_module.fair(p)
        mm = r.move(m)
        row = {"game": gid, "contract": cid, "seed": seed, "index": len(p.history), "move": str(m),
               "grade": _word(a.grade[a.index(mm)]), "salted": _word(b.grade[b.index(mm)]),
               "as_it_stands": _word(c.grade[c.index(m)]), "cost": a.cost[a.index(mm)],
               "stand_cost": c.cost[c.index(m)], "seconds": seconds, "thorough": None}
        if row["grade"] in BAD:
            ref = thorough(p)
            row["thorough"] = _word(ref.grade[ref.index(m)])
        out.append(row)
    return out


def stability(per: int, workers: int) -> None:
    import multiprocessing

    from keinstich.trainer.bank import CONTRACTS as EVERY

    jobs = [(gid, cid, f"coach:{cid}:{i}") for gid, cid in EVERY for i in range(per)]
    rows: list[dict[str, Any]] = []
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for got in pool.imap_unordered(judged_deal, jobs):
            rows += got
    for title, pick in (("all three games", lambda r: True),
                        *((g, lambda r, g=g: r["game"] == g) for g in ("kein-stich", "herzeln", "herzblatt"))):
        rs = [r for r in rows if pick(r)]
        n = len(rs)
        flips = sum(r["grade"] != r["salted"] for r in rs)
        twins = sum(r["grade"] != r["as_it_stands"] for r in rs)
        bad = [r for r in rs if r["thorough"] is not None]
        alarms = sum(r["thorough"] in GOOD for r in bad)
        print(f"{title}: {n} decisions. Seed flips {flips} ({flips / max(1, n):.1%}; bar ≤ 2 %); false alarms "
              f"{alarms} of {len(bad)} mistakes and blunders ({alarms / max(1, len(bad)):.1%}; bar ≤ 2 %); stand-in "
              f"and position differ in {twins} ({twins / max(1, n):.1%})")
    for r in rows:
        if r["thorough"] in GOOD or r["grade"] != r["as_it_stands"]:
            print(f"  {r['game']}/{r['contract']} seed {r['seed']} index {r['index']} {r['move']}: {r['grade']} "
                  f"{r['cost']:.2f} (salted {r['salted']}), as it stands {r['as_it_stands']} {r['stand_cost']:.2f}, "
                  f"thorough {r['thorough']}")
    seconds = [r["seconds"] for r in rows]
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


def domino_reviews(per: int) -> None:
    """The review of a lay-off deal from scratch, learner-like play, ``per`` deals of each domino contract: seconds
    on the clock (with the machine's load beside them), CPU seconds of this process (its threads included: less
    bent by other work on the machine), and the deals the judge played out or searched (the same on any machine)."""
    every: list[float] = []
    cpu: list[float] = []
    deals = 0
    review(played("kein-stich", "domino", "domino-review:warm"), 0)  # loads the compiled lay-off kernel once
    load = os.getloadavg()[0]
    for gid, cid, players in (("kein-stich", "domino", 4), ("herzeln", "herzeln-domino", 4),
                              ("herzeln", "herzeln-domino", 3), ("herzeln", "herzeln-domino-rows", 4)):
        row = []
        for i in range(per):
            d = played(gid, cid, f"domino-review:{cid}:{players}:{i}", players)
            forget()
            t0, c0 = time.perf_counter(), time.process_time()
            r = review(d, 0)
            row.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            deals += sum(j.verdict.deals for j in r.decisions)
        every += row
        print(f"review {gid}/{cid} {players} players, {per} deals: median {statistics.median(row):.2f} s, "
              f"p95 {percentile(row, 0.95):.2f} s, max {max(row):.2f} s")
    print(f"review of a domino deal, {len(every)} deals: p95 {percentile(every, 0.95):.2f} s, max {max(every):.2f} s "
          f"(bar: p95 ≤ 1 s), load {load:.1f} → {os.getloadavg()[0]:.1f}; CPU seconds p95 {percentile(cpu, 0.95):.2f}, "
          f"max {max(cpu):.2f}, total {sum(cpu):.1f}; {deals:,} deals played out or searched")


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
    ap.add_argument("--stable", type=int, default=None, help="learner-like deals per contract for the stability")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="stability,reviews,domino,hints,claims")
    args = ap.parse_args()
    per = 2 if args.quick else 6
    only = args.only.split(",")
    if "stability" in only:  # first: its processes are forked before this one starts the judge's threads
        stability(args.stable or (3 if args.quick else 12), args.workers)
    played("kein-stich", "no-hearts", 999)
    verdict(decisions(played("kein-stich", "no-hearts", 999))[0][0])  # loads the compiled kernel once
    if "reviews" in only:
        review_times(per)
    if "domino" in only:
        domino_reviews(8 if args.quick else 20)
    if "hints" in only:
        hint_times(max(1, per // 2))
    if "claims" in only:
        claims([(gid, cid, played(gid, cid, 500 + seed)) for gid, cid in CASES for seed in range(1, per + 1)])


if __name__ == "__main__":
    main()

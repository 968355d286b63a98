"""How long the Table takes, server side, to answer a click and a Hint (printed, not asserted).

Seeded Kein Stich deals (german-32, four players), the learner in seat 0 against three heuristic bots, as in
the lessons. A *click* is the learner's card: the engine checks and plays it, the bots answer up to the
learner's next turn, and every widget is redrawn. A *Hint* asks the hint bot and shows its card and reason
beside the button. The goal is at most 100 ms for each (the review at a deal's end is measured apart, in
benchmarks/coach.py, and is left out here: the tables are built with review=False).

    python benchmarks/table_clicks.py            # 12 deals
    python benchmarks/table_clicks.py --quick    # 4 deals
"""

from __future__ import annotations

import argparse
import statistics
import time

from core import percentile

from keinstich_widgets.table import Table

GOAL = 0.100
CONTRACTS = ("no-tricks", "no-hearts", "no-obers", "black-pig")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    deals = 4 if args.quick else 12
    Table("kein-stich", "no-hearts", seed=999, synchronous=True, review=False)  # imports and first draw
    clicks: list[float] = []
    hints: list[float] = []
    for k in range(deals):
        t = Table("kein-stich", CONTRACTS[k % len(CONTRACTS)], seed=k, synchronous=True, review=False)
        while not t.deal.over:
            t0 = time.perf_counter()
            t.hint_button.click()
            hints.append(time.perf_counter() - t0)
            assert t.hint_note.value, "the hint shows beside its button"
            card = t.session.legal()[0]
            t0 = time.perf_counter()
            t.play(card)
            clicks.append(time.perf_counter() - t0)
    for name, xs in (("click (card, bots' replies, redraw)", clicks), ("Hint (ask, show beside the button)", hints)):
        p95 = percentile(xs, 0.95)
        print(f"{name}: median {statistics.median(xs) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
              f"max {max(xs) * 1000:.1f} ms over {len(xs)} (goal <= {GOAL * 1000:.0f} ms: "
              f"{'met' if p95 <= GOAL else 'NOT met'} at p95)")


if __name__ == "__main__":
    main()

"""Issue 11's table, measured here in one run: what ``make bench`` prints.

    python benchmarks/table.py            # the issue's sizes, under 10 minutes
    python benchmarks/table.py --quick    # small counts, a minute or two

Each row gives today's figure, the anchor beside it where one runs on this machine (OpenSpiel's
hearts when ``open_spiel`` is installed; the C loop of ``benchmarks/c_loop.c``, compiled with ``cc -O2``
into a temporary directory when a C compiler is there), their ratio, the issue's goal and whether the
figure meets it. The machine's load (``/proc/loadavg``) before and after and the Python and numba
versions head the table: every figure is wall-clock time on a shared 2-core machine.

The figures come from the per-topic scripts, each also runnable alone: ``core.py`` (solver, Monte
Carlo, heuristic, domino "Best card?"), ``openspiel_hearts.py`` and ``run.py`` (random deals through the
public API), ``sim.py`` (``simulate()``, when present). Only public calls are timed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import bots
import core
import openspiel_hearts
import run

HERE = Path(__file__).resolve().parent


@dataclass
class Row:
    measure: str
    now: str
    anchor: str = "—"
    ratio: str = "—"
    goal: str = ""
    verdict: str = ""


def verdict(ok: bool | None) -> str:
    return "not judged" if ok is None else ("meets" if ok else "BELOW")


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


# --- anchors -------------------------------------------------------------------------------------


def c_loop(seconds: float) -> dict[int, float] | str:
    """Deals per second of benchmarks/c_loop.c by pack size, or why it did not run."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return "no C compiler"
    with tempfile.TemporaryDirectory(prefix="keinstich-c-loop-") as tmp:
        exe = Path(tmp) / "c_loop"
        built = subprocess.run([cc, "-O2", "-o", str(exe), str(HERE / "c_loop.c")], capture_output=True, text=True)
        if built.returncode != 0:
            return "did not compile: " + (built.stderr.strip().splitlines() or ["?"])[-1]
        out = subprocess.run([str(exe), str(seconds)], capture_output=True, text=True, timeout=60, check=True)
    rates = {}
    for line in out.stdout.splitlines():
        _, cards, rate, _ = line.split()
        rates[int(cards)] = float(rate)
    return rates


def openspiel() -> Any | str:
    """OpenSpiel's hearts game, or why it is not here."""
    try:
        return openspiel_hearts.openspiel_game()
    except ImportError:
        return "OpenSpiel not installed (pip install open_spiel)"


def best(fn: Callable[[int], float], n: int, repeats: int) -> float:
    return max(fn(n) for _ in range(repeats))


# --- rows ----------------------------------------------------------------------------------------


def first_call_row(quick: bool) -> Row:
    seconds = core.first_calls()
    return Row("first calls in this process (solve, Monte Carlo, play-outs): kernel load or compile",
               ms(seconds), goal="a lesson waits ≤ 2 s", verdict=verdict(seconds <= 2.0))


def solver_rows(quick: bool) -> list[Row]:
    deals, budget = (4, 4.0) if quick else (40, 20.0)
    rows = []
    for cid, t in core.solver_times(deals, budget).items():
        med, p90, top = (core.percentile(t.times, q) for q in (0.5, 0.9, 1.0))
        rows.append(Row(f"exact solver, 4p/32 full deal: {cid} (n={t.count()})",
                        f"median {ms(med)}, p90 {ms(p90)}, max {ms(top)}",
                        goal="median ≤ 20 ms, max ≤ 0.5 s", verdict=verdict(med <= 0.020 and top <= 0.5)))
    return rows


def mc_row(quick: bool) -> Row:
    t = core.mc_times(*((20, 10.0) if quick else (200, 60.0)))
    med, p95, p99, top = (core.percentile(t.times, q) for q in (0.5, 0.95, 0.99, 1.0))
    return Row(f"Monte Carlo decision, default strength (n={t.count()})",
               f"median {ms(med)}, p95 {ms(p95)}, p99 {ms(p99)}, max {ms(top)}",
               goal="median ≤ 40 ms, p99 ≤ 150 ms", verdict=verdict(med <= 0.040 and p99 <= 0.150))


def heuristic_row(quick: bool) -> Row:
    rate = core.heuristic_rate(1.0 if quick else 3.0)
    return Row("heuristic bot, full 4p/32 deals", f"{rate:,.0f} deals/s", goal="≥ 50,000 deals/s",
               verdict=verdict(rate >= 50_000))


def random_rows(quick: bool) -> list[Row]:
    """Random legal play through the public API, against OpenSpiel's hearts and the C loop."""
    n, repeats = (400, 1) if quick else (2_000, 3)
    game = openspiel()
    c = c_loop(0.3 if quick else 1.0)
    by_card = playout = theirs = 0.0
    for _ in range(repeats):  # interleaved, best of each: the load changes under a long run
        by_card = max(by_card, openspiel_hearts.ours_card_by_card(n))
        playout = max(playout, openspiel_hearts.ours_playout(n))
        if not isinstance(game, str):
            theirs = max(theirs, openspiel_hearts.openspiel_random(game, n))
    tight = best(run.tight_loop, n, repeats)
    by_card_32 = best(run.card_by_card, n, repeats)
    playout_32 = best(run.rollouts, n, repeats)
    rows = []
    for name, ours, factor in (("card by card", by_card, 2.0), ("playout", playout, 20.0)):
        if isinstance(game, str):
            rows.append(Row(f"random full deals, public API, 4p/52, {name}", f"{ours:,.0f} deals/s", game, "—",
                            f"≥ {factor:.0f}× OpenSpiel", verdict(None)))
        else:
            ratio = ours / theirs
            rows.append(Row(f"random full deals, public API, 4p/52, {name}", f"{ours:,.0f} deals/s",
                            f"OpenSpiel hearts {theirs:,.0f} deals/s", f"{ratio:.2f}× OpenSpiel",
                            f"≥ {factor:.0f}× OpenSpiel", verdict(ratio >= factor)))
    ratio = "—" if isinstance(game, str) else f"{tight / theirs:.2f}× OpenSpiel"
    rows.append(Row("random full deals, 4p/52, tight pure-Python loop without the API (run.tight_loop)",
                    f"{tight:,.0f} deals/s",
                    "—" if isinstance(game, str) else f"OpenSpiel hearts {theirs:,.0f} deals/s",
                    ratio, "(the ceiling of plain Python, no goal)", ""))
    for cards, ours_card, ours_playout in ((52, by_card, playout), (32, by_card_32, playout_32)):
        if isinstance(c, str):
            anchor, ratio = f"C loop: {c}", "—"
        else:
            anchor = f"C loop {c[cards]:,.0f} deals/s"
            ratio = (f"the C loop is {c[cards] / ours_card:,.0f}× card by card, "
                     f"{c[cards] / ours_playout:,.0f}× playout")
        rows.append(Row(f"random full deals, public API, 4p/{cards}: against the C loop",
                        f"card by card {ours_card:,.0f}, playout {ours_playout:,.0f} deals/s", anchor, ratio,
                        "(the gap, no goal)", ""))
    return rows


def sim_rows(quick: bool) -> list[Row]:
    try:
        sim = importlib.import_module("sim")
        figures = sim.figures
    except (ImportError, AttributeError):
        return [Row("simulate() 2 workers vs 1", "not measured (no benchmarks/sim.py)", goal="≥ 1.8×",
                    verdict=verdict(None)),
                Row("simulate frame", "not measured (no benchmarks/sim.py)", goal="≤ 40 bytes/row",
                    verdict=verdict(None))]
    f = figures(quick)
    ratio, size = f.get("ratio"), f.get("bytes_per_row")
    rows = []
    if ratio is None:
        rows.append(Row("simulate() 2 workers vs 1", "not measured", goal="≥ 1.8×", verdict=verdict(None)))
    else:
        extra = f", CPU-time ratio {f['cpu_ratio']:.2f}×" if "cpu_ratio" in f else ""
        rates = (f" ({f['deals_per_s_2']:,.0f} vs {f['deals_per_s_1']:,.0f} deals/s{extra})"
                 if "deals_per_s_1" in f and "deals_per_s_2" in f else "")
        rows.append(Row("simulate() 2 workers vs 1", f"{ratio:.2f}×{rates}", goal="≥ 1.8×",
                        verdict=verdict(ratio >= 1.8)))
    if size is None:
        rows.append(Row("simulate frame", "not measured", goal="≤ 40 bytes/row", verdict=verdict(None)))
    else:
        rows.append(Row("simulate frame", f"{size:.1f} bytes/row", goal="≤ 40 bytes/row", verdict=verdict(size <= 40)))
    return rows


def domino_rows(quick: bool) -> list[Row]:
    """The exact answer early in a deal (``card_values``, unbounded), and what "Best card?" answers: the
    bounded answer within 0.5 s (:func:`keinstich.bots.bounded.move_values`, benchmarks/bestcard.py)."""
    limit = 20.0 if quick else 60.0
    seconds = core.domino_best_card(limit)
    now = f"> {limit:.0f} s (stopped)" if seconds is None else ms(seconds)
    rows = [Row('domino exact values, early in a deal with voluntary passes', now, goal="(no goal: bounded below)",
                verdict=verdict(None))]
    try:
        import bestcard
    except ImportError:
        return [*rows, Row('"Best card?" in a domino deal with voluntary passes', "not measured",
                           goal="≤ 0.5 s, or a bounded, honest answer", verdict=verdict(None))]
    f = bestcard.figures(quick)
    answer = (f"median {ms(f['best card median s'])}, max {ms(f['best card max s'])}; exact in "
              f"{f['answered exactly (share)']:.0%}, else bounds and an estimate, labelled; Stop ends the search in "
              f"{ms(f['stop to thread end max s'])}")
    # the answer is on time (a little over the limit is the check interval) and honest when not exact
    return [*rows, Row('"Best card?" in a domino deal with voluntary passes', answer,
                       goal="≤ 0.5 s, or a bounded, honest answer", verdict=verdict(f["best card max s"] <= 0.6))]


# --- the table -----------------------------------------------------------------------------------


def render(rows: list[Row]) -> str:
    head = Row("measure", "now", "anchor", "ratio", "goal", "verdict")
    cols = ("measure", "now", "anchor", "ratio", "goal", "verdict")
    lines = ["| " + " | ".join(getattr(r, c) for c in cols) + " |" for r in [head, *rows]]
    lines.insert(1, "|" + "|".join("---" for _ in cols) + "|")
    return "\n".join(lines)


SECTIONS: dict[str, Callable[[bool], list[Row]]] = {
    "first": lambda q: [first_call_row(q)],
    "solver": solver_rows,
    "mc": lambda q: [mc_row(q)],
    "heuristic": lambda q: [heuristic_row(q)],
    "random": random_rows,
    "sim": sim_rows,
    "domino": domino_rows,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts, a minute or two")
    parser.add_argument("--only", default="", help=f"comma list of sections: {', '.join(SECTIONS)}")
    args = parser.parse_args()
    only = [s for s in args.only.split(",") if s] or list(SECTIONS)
    unknown = set(only) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s) {', '.join(sorted(unknown))}: use {', '.join(SECTIONS)}")
    started, load_before = time.perf_counter(), loadavg()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"{os.cpu_count()} cores; numba {version('numba')}, numpy {version('numpy')}, "
          f"open_spiel {version('open_spiel')}")
    print(f"load average before: {load_before}; CPU reference loop {bots.cpu_reference():.3f} s "
          "(lower is a faster or quieter machine)", flush=True)
    rows: list[Row] = []
    for name in only:
        t0 = time.perf_counter()
        rows += SECTIONS[name](args.quick)
        print(f"  {name}: {time.perf_counter() - t0:.0f} s, load {loadavg()}", flush=True)
    print()
    print(render(rows))
    print(f"\nload average after: {loadavg()}; {'quick' if args.quick else 'full'} run, "
          f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()

"""Simulation figures (printed, not asserted): the size of a simulate() frame and the speed-up of workers.

- bytes a row of ``simulate("no-hearts", ...)`` by ``memory_usage(deep=True)`` (goal: 40 or fewer);
- ``simulate()`` deals per second with 1 and with 2 worker processes, and their ratio (goal: 1.8 or more
  on 2 cores). Best of a few alternating runs, with the machine's load (1-minute average, and the cores).

On a shared machine the wall-clock ratio shows the load more than the code: Linux shares the cores
between sessions (``/proc/sys/kernel/sched_autogroup_enabled``), not between processes, so while one
other session keeps a core busy a second worker gains almost nothing (the "1.01x" measured here). The
CPU seconds are given too: the ratio a quiet machine would show is about ``serial CPU / (main process
CPU + the busiest worker's CPU)`` (a worker's CPU time is read from /proc: NaN where there is none).
On this 2-core machine two processes running side by side each run about 4% slower than one alone,
and starting and stopping the pool takes about 30 ms, so about 1.85x is the most 2 workers can show
here, on 20,000 deals (about 3 s of play for one process).

    python benchmarks/sim.py [--quick]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import time

from keinstich.sim import simulate

CONTRACT = "no-hearts"


def load() -> float:
    """The 1-minute load average (NaN where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def _cpu_of(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _timed(deals: int, workers: int) -> tuple[float, float, float]:
    """(wall seconds, this process's CPU seconds, the busiest worker's CPU seconds) of one simulate(); the
    workers run in a process pool made here as ``workers=2`` makes it, so that their CPU time can be read."""
    wall, cpu = time.perf_counter(), time.process_time()
    if workers == 1:
        simulate(CONTRACT, deals, seed=1)
        return time.perf_counter() - wall, time.process_time() - cpu, 0.0
    ex = cf.ProcessPoolExecutor(max_workers=workers)
    try:
        simulate(CONTRACT, deals, seed=1, workers=workers, executor=ex)
        spent = [_cpu_of(p) for p in list(getattr(ex, "_processes", {}) or {})]
    finally:
        ex.shutdown()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    busiest = max((s for s in spent if s is not None), default=None)
    return wall, cpu, busiest if busiest is not None else float("nan")


def figures(quick: bool = False) -> dict[str, float]:
    """The figures as a dict (bytes_per_row, deals_per_s_1, deals_per_s_2, ratio, cpu_ratio, load, cores)."""
    frame = simulate(CONTRACT, 1000, seed=1)
    bytes_per_row = float(frame.memory_usage(deep=True).sum() / len(frame))
    deals, repeats = (5000, 2) if quick else (20_000, 3)  # seconds of play: what workers are for
    before = load()
    runs: dict[int, list[tuple[float, float, float]]] = {1: [], 2: []}
    for _ in range(repeats):
        for w in (1, 2):
            runs[w].append(_timed(deals, w))
    w1, w2 = (min(t[0] for t in runs[w]) for w in (1, 2))
    c1 = min(t[1] for t in runs[1])
    c2 = min(t[1] + t[2] for t in runs[2])  # the main process and the busiest worker
    return {"bytes_per_row": bytes_per_row, "deals": float(deals), "deals_per_s_1": deals / w1,
            "deals_per_s_2": deals / w2, "ratio": w1 / w2, "cpu_ratio": c1 / c2,
            "load": max(before, load()), "cores": float(os.cpu_count() or 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals and repeats")
    f = figures(parser.parse_args().quick)
    print(f"simulate() on {f['cores']:.0f} cores, load {f['load']:.2f}, "
          f"{f['deals']:,.0f} heuristic deals of {CONTRACT}")
    print(f"  frame size            {f['bytes_per_row']:8.1f} bytes/row   (goal <= 40)")
    print(f"  1 worker              {f['deals_per_s_1']:8,.0f} deals/s")
    print(f"  2 workers             {f['deals_per_s_2']:8,.0f} deals/s")
    print(f"  ratio 2 : 1 (wall)    {f['ratio']:8.2f}x        (goal >= 1.8x; the load lowers it)")
    print(f"  ratio 2 : 1 (CPU)     {f['cpu_ratio']:8.2f}x        (what a quiet machine would show)")


if __name__ == "__main__":
    main()

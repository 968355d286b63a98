"""How long each lesson cell takes in a fresh kernel (run by `make bench`; printed, not asserted).

The issue asks that no lesson cell makes a learner wait more than 2 s in a fresh kernel on a 2-core
machine, the kernel's first imports included, and that a lesson runs top to bottom in at most 15 s.
This runs every lesson top to bottom in a fresh kernel, as a learner would, times every code cell and
prints one line per lesson (cells, total, slowest cells), the cells over the limit, and the load average
before and after. Timings on a busy machine run long, so each is printed with the CPU time the kernel
spent on the cell, which hardly depends on the load.

    python benchmarks/lesson_cells.py                         # every lesson
    python benchmarks/lesson_cells.py lessons/04-no-hearts.ipynb --cells   # and every cell's time
"""

from __future__ import annotations

import argparse
import math
import os
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LIMIT = 2.0
"""Seconds a learner may wait on one cell."""
LESSON_LIMIT = 15.0
"""Seconds one lesson may take top to bottom."""


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages, as /proc/loadavg gives them."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def kernel_cpu(client: NotebookClient) -> float:
    """CPU seconds (user + system) the kernel process has used so far, or NaN where that cannot be read."""
    try:
        pid = client.km.provisioner.process.pid  # type: ignore[union-attr]
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (AttributeError, OSError, IndexError, ValueError):
        return math.nan


def cell_times(path: Path) -> list[tuple[int, float, float, str]]:
    """(cell number, seconds, kernel CPU seconds, first source line) for every code cell of one lesson, in a
    fresh kernel. The CPU seconds hardly depend on the machine's load: on a busy machine they are the better
    guess of what the cell takes on a quiet one."""
    nb = nbformat.read(path, as_version=4)
    started: dict[int, tuple[float, float]] = {}
    times: list[tuple[int, float, float, str]] = []

    def start(cell: Any, cell_index: int, **_: Any) -> None:
        started[cell_index] = (time.perf_counter(), kernel_cpu(client))

    def done(cell: Any, cell_index: int, **_: Any) -> None:
        first = next((line for line in cell.source.splitlines() if line.strip()), "")
        wall, cpu = started[cell_index]
        times.append((cell_index, time.perf_counter() - wall, kernel_cpu(client) - cpu, first[:70]))

    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}},
                            on_cell_execute=start, on_cell_executed=done)
    client.execute()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson files (default: all)")
    parser.add_argument("--cells", action="store_true", help="print every code cell's time")
    args = parser.parse_args()
    paths = [Path(p) for p in args.lessons] or sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
    print(f"load average before: {loadavg()}", flush=True)
    over: list[str] = []
    for path in paths:
        times = cell_times(path)
        slow = sorted(times, key=lambda t: -t[1])[:3]
        total, cpu = sum(t[1] for t in times), sum(t[2] for t in times)
        flag = f"  OVER {LESSON_LIMIT:.0f} s" if total > LESSON_LIMIT else ""
        print(f"{path.name:34s} {len(times):3d} cells, total {total:5.1f} s (CPU {cpu:4.1f} s){flag}; slowest: "
              + ", ".join(f"#{i} {t:.2f} s (CPU {c:.2f})" for i, t, c, _ in slow) + f"  [load {loadavg()}]",
              flush=True)
        for i, t, c, first in times:
            if args.cells:
                print(f"    #{i:<3d} {t:5.2f} s  CPU {c:5.2f} s  {first}")
            if t > LIMIT:
                over.append(f"{path.name[:2]}#{i} {t:.2f} s (CPU {c:.2f} s): {first}")
    print(f"{len(over)} cells over {LIMIT:.0f} s" + "".join(f"\n    {line}" for line in over))
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()

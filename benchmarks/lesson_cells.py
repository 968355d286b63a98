"""How long each lesson cell takes in a fresh kernel (run by `make bench`; printed, not asserted).

The fast-core issue asks that no lesson cell that simulates, solves or plays bots makes a learner
wait more than 2 s in a fresh kernel, the kernel's first load included. This runs every lesson top
to bottom in a fresh kernel, as a learner would, times every code cell, and lists the cells over the
limit (and the slowest cells of each lesson).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LIMIT = 2.0


def cell_times(path: Path) -> list[tuple[int, float, str]]:
    """(cell number, seconds, first source line) for every code cell of one lesson, in a fresh kernel."""
    nb = nbformat.read(path, as_version=4)
    started: dict[int, float] = {}
    times: list[tuple[int, float, str]] = []

    def start(cell: Any, cell_index: int, **_: Any) -> None:
        started[cell_index] = time.perf_counter()

    def done(cell: Any, cell_index: int, **_: Any) -> None:
        first = next((line for line in cell.source.splitlines() if line.strip()), "")
        times.append((cell_index, time.perf_counter() - started[cell_index], first[:70]))

    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}},
                            on_cell_execute=start, on_cell_executed=done)
    client.execute()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson files (default: all)")
    args = parser.parse_args()
    paths = [Path(p) for p in args.lessons] or sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
    over = 0
    for path in paths:
        times = cell_times(path)
        slow = sorted(times, key=lambda t: -t[1])[:3]
        total = sum(t for _, t, _ in times)
        print(f"{path.name:32s} {len(times):3d} cells, {total:5.1f} s; slowest: "
              + ", ".join(f"cell {i} {t:.2f} s" for i, t, _ in slow))
        for i, t, first in times:
            if t > LIMIT:
                over += 1
                print(f"    OVER {LIMIT:.0f} s: cell {i} took {t:.2f} s: {first}")
    print(f"{over} cells over {LIMIT:.0f} s")


if __name__ == "__main__":
    main()

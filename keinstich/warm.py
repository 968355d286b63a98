"""Compile the kernel ahead of use: ``python -m keinstich.warm``.

The kernel (:mod:`keinstich.kernel`) is compiled by numba on its first use and the compiled code is
cached on disk, so later processes only load it. The first compilation takes a while (tens of
seconds on a small machine), which no lesson should wait for: ``make`` and Binder's build run this
once after installing. It plays out, searches and plays the heuristic through one small deal of each
kind of trick play, and has the coach judge a card, which compiles every entry point of the kernel.
"""

from __future__ import annotations

import random
import time

from keinstich.kernel.jit import JIT


def warm() -> float:
    """Compile (or load) every entry point of the kernel; returns the seconds it took."""
    from keinstich.bots.heuristic import heuristic_playout
    from keinstich.bots.solver import solve
    from keinstich.coach import judge
    from keinstich.games import game

    t0 = time.perf_counter()
    deal = game("kein-stich").deal("no-hearts", 1, players=4)
    td = deal.trick_deal
    assert td is not None
    td.copy().playout(random.Random(1))
    heuristic_playout(td.copy())
    judge(td, td.legal()[0])  # the coach: batched play-outs, and the search against the heuristic's answers
    for _ in range(20):  # a position with a few tricks left: the solver's first call is quick
        td.play(td.legal()[0])
    solve(td, line=False)
    return time.perf_counter() - t0


def load_kernel() -> None:
    """Load the compiled play-out now: numba and the kernel's cached code (most of a second, once), which
    the first simulation of a process would otherwise wait for. A lesson's import cell calls it, so that
    its simulation cell runs no longer than its loop takes. Nothing to load when the kernel is plain Python."""
    if not JIT:
        return
    from keinstich.bots.heuristic import heuristic_playout
    from keinstich.tricks import TrickDeal

    heuristic_playout(TrickDeal([["AH"], ["KH"]]))  # one trick: enough to load the play-out's machine code


def main() -> None:
    if not JIT:
        print("keinstich.warm: numba is not installed (or KEINSTICH_JIT=0): the kernel runs as plain Python")
        return
    print(f"keinstich.warm: kernel compiled and cached in {warm():.1f} s")


if __name__ == "__main__":
    main()

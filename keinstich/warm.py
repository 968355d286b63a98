"""Compile the kernel ahead of use: ``python -m keinstich.warm``.

The kernel (:mod:`keinstich.kernel`) is compiled by numba on its first use and the compiled code is
cached on disk, so later processes only load it. The first compilation takes a while (tens of
seconds on a small machine), which no lesson should wait for: ``make`` and Binder's build run this
once after installing. It plays out, searches and plays the heuristic through one small deal of each
kind of trick play, and has the coach judge a card and two lays (one played out, one searched), which compiles
every entry point of the kernel.
"""

from __future__ import annotations

import random
import time
from typing import Any

from keinstich.kernel.jit import JIT
from keinstich.tricks import trick_deal_of


def warm() -> float:
    """Compile (or load) every entry point of the kernel; returns the seconds it took."""
    from keinstich.bots import HeuristicBot, play_deal
    from keinstich.bots.heuristic import heuristic_playout
    from keinstich.bots.solver import solve
    from keinstich.coach import judge
    from keinstich.coach.fair import fair
    from keinstich.games import game

    t0 = time.perf_counter()
    deal = game("kein-stich").deal("no-hearts", 1, players=4)
    td = trick_deal_of(deal)
    assert td is not None
    td.copy().playout(random.Random(1))
    heuristic_playout(td.copy())
    bots = [HeuristicBot()] * 4
    play_deal(td.copy(), bots)  # the bot's own call of the heuristic, without trumps and with them
    play_deal(game("herzblatt").deal("herzblatt-4", 2), bots)
    judge(td, td.legal()[0])  # the coach: batched play-outs, and the search against the heuristic's answers
    for _ in range(20):  # a position with a few tricks left: the solver's first call is quick
        td.play(td.legal()[0])
    solve(td, line=False)
    _lay_off(fair)
    _evidence(fair)
    return time.perf_counter() - t0


def _lay_off(fair: Any) -> None:
    """The coach's judgement of a lay-off decision: its random play-outs early in the deal, its exact search near
    the end (the kernel's lay-off functions, which no trick deal calls)."""
    from keinstich.bots import HeuristicBot, play_deal
    from keinstich.games import game

    played = play_deal(game("kein-stich").deal("domino", 1, players=4), [HeuristicBot()] * 4)
    choices = [p for p in (played.rewound(i) for i in range(len(played.history)))
               if len({str(m) for m in p.legal_moves()}) > 1]
    for p in (choices[0], choices[-1]):
        fair(p)


def _evidence(fair: Any) -> None:
    """The coach's judgement of a decision after the others have played: their cards replayed in the guessed deals
    to weigh them (:mod:`keinstich.kernel.replay`)."""
    from keinstich.bots import HeuristicBot, play_deal
    from keinstich.games import game

    played = play_deal(game("kein-stich").deal("no-tricks", 1, players=4), [HeuristicBot()] * 4)
    fair(next(p for p in (played.rewound(i) for i in range(8, len(played.history)))
              if len({str(m) for m in p.legal_moves()}) > 1))


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

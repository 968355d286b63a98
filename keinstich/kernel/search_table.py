"""The exact search's memory: its transposition table and scratch space, allocated once per process and
shared by every search in it (an entry carries the generation of the search that made it)."""

from __future__ import annotations

from typing import Any

from keinstich.kernel.jit import zeros

KW = 12
"""Key words per table entry: the compressed hands, one word per amount class, the leader and March state."""
TT_BITS = 18
"""Table entries (2**TT_BITS); an entry is overwritten by the next position hashed to it."""
MOVES = 16
"""Room for the moves of one ply (a hand holds at most 13 cards)."""
FS = 24
"""Fields of one frame of the search stack (:data:`keinstich.kernel.search.F_SEAT` and the others)."""
DEPTH = 64
"""Frames of the search stack: one per card of a deal, and one more."""


class Table:
    """The transposition table (keys ``tkeys``; bounds, best lead and generation ``tval``) and the search's
    scratch arrays: moves and their sort keys per ply, position keys per trick, the frame stack."""

    def __init__(self) -> None:
        size = 1 << TT_BITS
        self.tkeys: Any = zeros(size * KW)
        self.tval: Any = zeros(size * 4, -1)
        self.mv: Any = zeros(MOVES * DEPTH)
        self.mk: Any = zeros(MOVES * DEPTH)
        self.kw: Any = zeros(KW * DEPTH)
        self.fr: Any = zeros(FS * DEPTH)
        self.generation = 0

    def next_generation(self) -> int:
        """A fresh generation number: entries of earlier searches no longer match."""
        self.generation += 1
        return self.generation


_TABLE: Table | None = None


def table() -> Table:
    """The process's search table."""
    global _TABLE
    if _TABLE is None:
        _TABLE = Table()
    return _TABLE


__all__ = ["DEPTH", "FS", "KW", "MOVES", "TT_BITS", "Table", "table"]

"""How a simulation's units (deals or parties) are cut into chunks: the unit of work a process plays, of
progress, and of cancelling.

In one process a chunk holds a fixed number of units. In a pool the chunks are sized as they go
(:class:`ChunkPlan`): each worker reports how long its chunk took, and the next chunks hold about a
tenth of a second of play, so the cost of sending a chunk (a millisecond or so) stays small whether a
deal takes 0.1 ms or a second; towards the end they shrink, so that the workers finish together. The
cut never changes the frame: deal ``i`` is played from its own seeds wherever it falls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from keinstich.sim.bot_specs import BotSpec, whole

_MAX_CHUNK = 50
TARGET_SECONDS = 0.1
"""The play a chunk holds in a pool, once the first chunks have been timed."""
_MOST = 5000
"""Units in one chunk at most (its rows are held in memory until the chunk is sent)."""


def chunk_size_for(chunk_size: int | None, units: int, workers: int, specs: Sequence[BotSpec], weight: int = 1) -> int:
    """Deals (or parties) per chunk: given, or small enough that cancelling is prompt (at most 50 plays
    of a deal, 2 with Monte Carlo or unknown bots) and that every worker gets several chunks."""
    if chunk_size is not None:
        return whole("chunk_size", chunk_size, 1)
    slow = any(not isinstance(s, str) or s.strip().lower().startswith("montecarlo") for s in specs)
    cap = max(1, (2 if slow else _MAX_CHUNK) // weight)
    return max(1, min(cap, math.ceil(units / (4 * workers))))


class ChunkPlan:
    """Cuts ``range(units)`` into chunks ``(start, stop)`` in order, one :meth:`next` at a time.

    Fixed (``adaptive=False``): ``chunk`` units each. Adaptive: ``chunk`` units until :meth:`timed`
    has reported some chunks, then :data:`TARGET_SECONDS` of play at the rate measured so far; and
    never more than a ``2 * workers``-th of what is left (a tenth of the chunk at least), so that the
    last chunks are short.
    """

    def __init__(self, units: int, chunk: int, workers: int, adaptive: bool) -> None:
        self.units, self.chunk, self.workers, self.adaptive = units, chunk, workers, adaptive
        self.start = 0
        self.count = 0
        """Chunks handed out so far."""
        self._units_timed = 0
        self._seconds = 0.0

    def next(self) -> tuple[int, int] | None:
        """The next chunk, or None when every unit has been handed out."""
        if self.start >= self.units:
            return None
        size = self.chunk
        if self.adaptive:
            if self._units_timed and self._seconds > 0:
                size = round(TARGET_SECONDS * self._units_timed / self._seconds)
            size = max(1, min(size, _MOST))
            share = math.ceil((self.units - self.start) / (2 * self.workers))
            size = min(size, max(share, size // 10, 1))
        span = (self.start, min(self.start + size, self.units))
        self.start = span[1]
        self.count += 1
        return span

    def timed(self, units: int, seconds: float) -> None:
        """A chunk of ``units`` took ``seconds`` to play."""
        self._units_timed += units
        self._seconds += seconds

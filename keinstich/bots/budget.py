"""How long a search may run: a time limit, a node limit, and a stop flag another thread may raise.

A search calls :meth:`Budget.check` every so many nodes; when the budget is spent it raises
:class:`Stopped`, and the search unwinds at once (a widget's Stop button ends the thread for real,
not just its result). What the search had proven by then is still true: the lay-off solver turns
it into bounds (:func:`~keinstich.bots.solver_domino.domino_move_bounds`).
"""

from __future__ import annotations

import threading
import time


class Stopped(Exception):
    """The budget ran out before the search finished; ``reason`` says which limit ("stopped",
    "time limit", "node limit")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Budget:
    """A search's allowance: at most ``seconds`` (from creation, or :meth:`restart`), at most
    ``nodes`` positions, and until :meth:`stop` is called (from any thread). None: no limit.

    ``Budget()`` never runs out unless stopped.
    """

    __slots__ = ("_event", "_t0", "nodes", "seconds")

    def __init__(self, seconds: float | None = None, nodes: int | None = None) -> None:
        if seconds is not None and not seconds >= 0:
            raise ValueError(f"seconds must be 0 or more, not {seconds!r}")
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 0):
            raise ValueError(f"nodes must be a whole number, 0 or more, not {nodes!r}")
        self.seconds = seconds
        self.nodes = nodes
        self._event = threading.Event()
        self._t0 = time.perf_counter()

    def restart(self) -> None:
        """Start the clock again (the stop flag stays as it is)."""
        self._t0 = time.perf_counter()

    def stop(self) -> None:
        """Ask the search to stop (thread-safe): its next :meth:`check` raises :class:`Stopped`."""
        self._event.set()

    @property
    def stopped(self) -> bool:
        """Whether :meth:`stop` was called."""
        return self._event.is_set()

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was made (or restarted)."""
        return time.perf_counter() - self._t0

    def check(self, nodes: int = 0) -> None:
        """Raise :class:`Stopped` if the search must stop, ``nodes`` being how many it has searched."""
        if self._event.is_set():
            raise Stopped("stopped")
        if self.nodes is not None and nodes > self.nodes:
            raise Stopped("node limit")
        if self.seconds is not None and time.perf_counter() - self._t0 > self.seconds:
            raise Stopped("time limit")


__all__ = ["Budget", "Stopped"]

"""Practice that sticks: the learner's memory, the deck of positions that come back, the rated bank, the
card-sense drills.

* :mod:`.memory`: every answer, the deck, the ratings, in a local SQLite file (:class:`Memory`);
* :mod:`.schedule`: when a position comes back (FSRS, target recall 0.9);
* :mod:`.glicko`: Glicko-2 ratings for the learner and the positions;
* :mod:`.equivalence`: the same position with suits permuted (ranks shifted for the solver's tests);
* :mod:`.verdicts`: the one adapter to the coach's judge (:func:`solution`);
* :mod:`.themes`, :mod:`.bank`: the rated positions and what they train;
* :mod:`.practice`: a practice session (:class:`Practice`), which the trainer widget draws;
* :mod:`.sense`: "who holds the König of Hearts?", scored against the sampler's posterior;
* :mod:`.charts`: the rating over time, the card-sense score.

:func:`remember` opens the learner's memory for this kernel: from then on the quizzes and the Table's
review write into it too. Nothing is written before the learner asks (practice is opt-in).
"""

from __future__ import annotations

import os
from pathlib import Path

from .glicko import Rating
from .memory import Answer, Memory, ProgressError

_ACTIVE: Memory | None = None


def remember(path: str | os.PathLike[str] | None = None) -> Memory:
    """Open the learner's memory (``path``, else ``$KEINSTICH_MEMORY`` or the user's data directory) and keep
    it open for this kernel: quizzes and reviews record into it from now on. Opening it again returns it.
    Opening another file makes that one the memory recorded into; the one before stays open for whoever holds it
    (a Trainer on it goes on working), and is closed when no one does."""
    global _ACTIVE
    if _ACTIVE is not None and (path is None or _same(_ACTIVE, path)):
        return _ACTIVE
    _ACTIVE = Memory.open(path)
    return _ACTIVE


def _same(memory: Memory, path: str | os.PathLike[str]) -> bool:
    if memory.path is None:
        return os.fspath(path) == ":memory:"
    try:
        return memory.path.resolve() == Path(path).expanduser().resolve()
    except (OSError, RuntimeError):
        return False


def active() -> Memory | None:
    """The memory :func:`remember` opened, or None (then nothing is recorded)."""
    return _ACTIVE


def forget() -> None:
    """Stop recording: quizzes and reviews no longer write into the memory :func:`remember` opened (its file stays;
    a Trainer that holds it goes on with it)."""
    global _ACTIVE
    _ACTIVE = None


__all__ = ["Answer", "Memory", "ProgressError", "Rating", "active", "forget", "remember"]

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

from .glicko import Rating
from .memory import Answer, Memory, ProgressError

_ACTIVE: Memory | None = None


def remember(path: str | os.PathLike[str] | None = None) -> Memory:
    """Open the learner's memory (``path``, else ``$KEINSTICH_MEMORY`` or the user's data directory) and keep
    it open for this kernel: quizzes and reviews record into it from now on. Opening it again returns it."""
    global _ACTIVE
    if _ACTIVE is not None and (path is None or str(_ACTIVE.path) == os.fspath(path)):
        return _ACTIVE
    if _ACTIVE is not None:
        _ACTIVE.close()
    _ACTIVE = Memory.open(path)
    return _ACTIVE


def active() -> Memory | None:
    """The memory :func:`remember` opened, or None (then nothing is recorded)."""
    return _ACTIVE


def forget() -> None:
    """Stop recording (close the memory :func:`remember` opened; its file stays)."""
    global _ACTIVE
    if _ACTIVE is not None:
        _ACTIVE.close()
    _ACTIVE = None


__all__ = ["Answer", "Memory", "ProgressError", "Rating", "active", "forget", "remember"]

"""The rows of the learner's memory as Python sees them: an :class:`Answer` to write, what writing it changed
(:class:`Written`), a deck :class:`Item`, and a time as the memory writes it (:func:`stamp`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime

from .glicko import Rating
from .schedule import utc


@dataclass(frozen=True)
class Answer:
    """One answer to write: a trainer attempt, a quiz answer or a reviewed decision.

    ``key``: made once per answer (written again, it changes nothing); ``position``: the position's code
    (:mod:`.codes`); ``view``: what the seat could know, up to equivalent positions (the deck holds a
    position once); ``move``: the card chosen (its code); ``solved``: a good card at the first try;
    ``tries``: the try that found one (None: not found). ``rated``: move the learner's ratings (overall,
    ``family``, every theme) and the position's (``position_rating``: its rating before). ``deck``: put
    the position into the deck when not solved; ``item``: the deck item answered, to schedule again.
    """

    at: datetime
    source: str
    game: str
    contract: str
    family: str
    position: str
    view: str
    move: str
    grade: str
    cost: float
    solved: bool
    tries: int | None
    themes: tuple[str, ...] = ()
    bank: str | None = None
    item: int | None = None
    rated: bool = False
    position_rating: Rating | None = None
    deck: bool = True
    key: str = field(default_factory=lambda: uuid.uuid4().hex)


@dataclass(frozen=True)
class Written:
    """What writing an :class:`Answer` changed: its row id (None when it had been written before), the
    learner's overall rating before and after, the position's rating after, the deck item and its due date."""

    answer: int | None
    before: Rating | None
    after: Rating | None
    position_after: Rating | None
    item: int | None
    due: datetime | None

    @property
    def change(self) -> float:
        """How far the overall rating moved (0 when unrated)."""
        if self.before is None or self.after is None:
            return 0.0
        return self.after.rating - self.before.rating


@dataclass(frozen=True)
class Item:
    """A position in the deck: its code and view, where it came from, its themes, when it is due."""

    id: int
    view: str
    position: str
    game: str
    contract: str
    family: str
    themes: tuple[str, ...]
    source: str
    due: datetime
    reps: int
    lapses: int
    bank: str | None


def stamp(when: datetime) -> str:
    """A time as the memory writes it: UTC, ISO 8601 with microseconds (so that text order is time order)."""
    return utc(when).isoformat(timespec="microseconds")


def time_of(text: str) -> datetime:
    """A time the memory wrote, read back."""
    return datetime.fromisoformat(text)


__all__ = ["Answer", "Item", "Written", "stamp", "time_of"]

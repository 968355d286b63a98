"""When a position in the learner's deck comes back: FSRS, the Free Spaced Repetition Scheduler.

The scheduler is the ``fsrs`` package's (py-fsrs, the reference implementation of FSRS), asked for a
target recall of 0.9: an item comes back when the learner is expected to find its answer nine times in
ten. Its learning steps of minutes are turned off (a position answered wrongly comes back the next day,
not in ten minutes: the trainer is practised once a day or so), and so is its fuzz, which draws from
Python's global random numbers: under a fixed clock the due dates are the same on every run.

An answer is rated from how the learner found the card: at the first try ``Good``, at the second ``Hard``,
not at all (or the answer shown) ``Again``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler

RECALL = 0.9
"""The recall FSRS aims for when it chooses the next due date."""

_SCHEDULER = Scheduler(desired_retention=RECALL, learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def utc(when: datetime) -> datetime:
    """``when`` as an aware UTC time (a naive time is taken to be UTC already)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def grade_of(tries: int | None) -> Rating:
    """The FSRS rating of an answer found at try ``tries`` (1 or 2), or not found (None)."""
    if tries == 1:
        return Rating.Good
    if tries == 2:
        return Rating.Hard
    return Rating.Again


@dataclass(frozen=True)
class Memo:
    """One deck item's FSRS state as stored (JSON text) and when it is due next."""

    state: str
    due: datetime

    @property
    def card(self) -> Card:
        return Card.from_dict(json.loads(self.state))


def new(item_id: int, now: datetime) -> Memo:
    """A new item, due at once (it goes into the deck because it was just got wrong)."""
    card = Card(card_id=item_id, due=utc(now))
    return Memo(json.dumps(card.to_dict()), utc(now))


def review(memo: Memo, tries: int | None, now: datetime) -> Memo:
    """The item after an answer at ``now`` found at try ``tries`` (None: not found)."""
    card, _ = _SCHEDULER.review_card(memo.card, grade_of(tries), review_datetime=utc(now))
    return Memo(json.dumps(card.to_dict()), card.due)


def recall(memo: Memo, now: datetime) -> float:
    """The chance FSRS gives that the learner would find the answer at ``now``."""
    return float(_SCHEDULER.get_card_retrievability(memo.card, current_datetime=utc(now)))


def first_due(now: datetime) -> datetime:
    """When an item that was just got wrong first comes back, if it is not practised at once: FSRS's
    first interval after ``Again`` (a day)."""
    return review(new(0, now), None, now).due


DAY = timedelta(days=1)

__all__ = ["DAY", "RECALL", "Memo", "first_due", "grade_of", "new", "recall", "review", "utc"]

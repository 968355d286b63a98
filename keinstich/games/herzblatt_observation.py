"""What one seat observes in a Herzblatt deal (docs/rules.md §4): the :class:`HerzblattDeal`'s
:meth:`~keinstich.games.herzblatt_deal.HerzblattDeal.observation`, what every bot decides from.
:mod:`keinstich.games.herzblatt` re-exports it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from keinstich.cards import Card
from keinstich.deal import Announcement, Kind
from keinstich.games.herzblatt_rules import HerzblattRules, Phase
from keinstich.tricks import Observation


@dataclass(frozen=True)
class HerzblattObservation:
    """What one seat knows in a Herzblatt deal: its hand, the open calls and play. Nothing hidden:
    the skat and the discards appear only in the soloist's own observation."""

    kind: ClassVar[Literal[Kind.HERZBLATT]] = Kind.HERZBLATT
    """Which view this is (see :meth:`~keinstich.deal.Deal.observation`): a seat in a Herzblatt deal."""

    seat: int
    players: int
    dealer: int
    rules: HerzblattRules
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    answers: tuple[tuple[int, bool], ...]
    soloist: int | None
    skat: tuple[Card, ...]
    discards: tuple[Card, ...]
    announcement: Announcement | None
    contra_eligible: tuple[int, ...]
    contra_by: int | None
    re: bool
    trick: Observation | None = field(repr=False, default=None)

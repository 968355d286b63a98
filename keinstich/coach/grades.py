"""How much a decision may cost before the coach calls it fine, a mistake or a blunder.

The thresholds are fractions of the deal's *scale*, what is at stake in it: a Kein Stich or Herzeln
contract's total (the sum its amounts come to, docs/rules.md §2.3), Herzblatt's 120 card points, or
in a lay-off deal the gap between the best and the worst place. A cost below :data:`FINE` of the scale
is within the judgement's noise and counts as best; from :data:`MISTAKE` a move is a mistake, from
:data:`BLUNDER` a blunder. So in No Tricks (40 pf in all) a move is fine from 1 pf, a mistake from
4 pf (most of one trick) and a blunder from 10 pf (two tricks); in Power, where a trick is a small part
of the total, the same trick is only fine. docs/coach.md lists every contract's thresholds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from keinstich.bots.base import deal_value, lay_off, objective
from keinstich.bots.herzblatt import banked_points
from keinstich.cards import Pack, pack
from keinstich.deal import Deal, Kind, Unit
from keinstich.games.herzblatt import TOTAL_POINTS
from keinstich.layoff import PAYOUT_WEIGHTS
from keinstich.machine import check_deal
from keinstich.tricks import trick_deal_of

FINE, MISTAKE, BLUNDER = 0.03, 0.10, 0.25
"""Fractions of the deal's scale from which a cost is fine, a mistake, a blunder."""


class Grade(StrEnum):
    """What the coach says of a move: best, fine, mistake or blunder by what it costs; "only" for a forced move;
    "differs" where a decision is compared with the heuristic bot's only (Herzblatt's asking, discards and calls).

    The one definition of "is it good?": :attr:`good` (best, fine, or the only move: what a quiz counts right and
    the trainer accepts) and :attr:`bad` (a mistake or a blunder: what the review lists as mistakes). A move that
    only differs from the heuristic bot's is neither. A grade is its own word (``Grade.BEST == "best"``)."""

    BEST = "best"
    FINE = "fine"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    ONLY = "only"
    DIFFERS = "differs"

    @property
    def good(self) -> bool:
        """Best, fine, or the only legal move."""
        return self in (Grade.BEST, Grade.FINE, Grade.ONLY)

    @property
    def bad(self) -> bool:
        """A mistake or a blunder."""
        return self in (Grade.MISTAKE, Grade.BLUNDER)


GRADES = (Grade.BEST, Grade.FINE, Grade.MISTAKE, Grade.BLUNDER)
"""The grades by cost, from good to bad (a forced move is graded :attr:`Grade.ONLY`)."""


@dataclass(frozen=True)
class Grades:
    """A deal's thresholds in its own ``unit``: a cost from ``fine`` on is fine (below it: best), from
    ``mistake`` a mistake, from ``blunder`` a blunder. ``scale``: what is at stake in the deal."""

    fine: float
    mistake: float
    blunder: float
    scale: int
    unit: Unit

    def grade(self, cost: float) -> Grade:
        """The grade of a move that costs ``cost`` (>= 0) against the best."""
        if cost >= self.blunder:
            return Grade.BLUNDER
        if cost >= self.mistake:
            return Grade.MISTAKE
        return Grade.FINE if cost >= self.fine else Grade.BEST


def unit_of(deal: Deal) -> Unit:
    """The unit the coach counts a deal's costs in: the deal's own (pfennig, points), but Herzblatt's card points
    (what its card play moves; the settlement's stakes follow from them)."""
    if deal.kind is Kind.HERZBLATT:
        return Unit.CARD_POINTS
    return deal.result().unit


def counts_paid(deal: Deal) -> bool:
    """Whether the coach's count of ``deal`` (:func:`~keinstich.coach.review.outcome`) is paid, fewer better: the
    pfennig of a trick deal. A lay-off deal is counted by its :meth:`~keinstich.deal.Deal.returns` (its place's
    value less fees, higher better), Herzblatt by its side's card points; points are won."""
    return deal.kind is Kind.TRICK and unit_of(deal).paid


def _contract(deal: Deal) -> Any:
    td = deal.trick_deal
    return getattr(td if td is not None else deal, "contract", None)


def scale_of(deal: Deal) -> int:
    """What is at stake in ``deal``, in :func:`unit_of` (see the module's docstring)."""
    if deal.kind is Kind.HERZBLATT:
        return TOTAL_POINTS
    if lay_off(deal):
        points = getattr(deal.contract, "points", None)
        values = points if points is not None else PAYOUT_WEIGHTS.get(deal.players, (100, 0))
        return max(values) - min(values)
    td = deal.trick_deal
    contract = _contract(deal)
    if td is None or contract is None:
        return 0
    cards = pack_in_play(deal)
    return abs(sum(int(c.total(cards, len(cards.cards) // deal.players)) for c in contract.components))


def pack_in_play(deal: Deal) -> Pack:
    """The deal's pack; for hands typed from no named pack, the cards dealt (everyone knows them)."""
    if deal.pack is not None:
        return pack(deal.pack)
    return Pack("typed", "french", tuple(sorted((c for h in deal.dealt for c in h), key=lambda c: c.index)))


def grades_of(deal: Deal) -> Grades:
    """The thresholds for ``deal``'s contract (fractions of its scale, see the module's docstring)."""
    check_deal(deal, "grades_of")
    scale = scale_of(deal)
    fine = float(max(1, round(scale * FINE)))
    return Grades(fine, float(max(fine + 1, round(scale * MISTAKE))), float(max(fine + 2, round(scale * BLUNDER))),
                  scale, unit_of(deal))


__all__ = ["BLUNDER", "FINE", "GRADES", "MISTAKE", "Grade", "Grades", "counts_paid", "grades_of", "pack_in_play",
           "scale_of", "unit_of"]


def outcome(deal: Deal, seat: int) -> float:
    """What ``seat`` got from a finished (or partly played) deal, in the review's unit: its score
    (pfennig paid, points), its side's card points in Herzblatt, its place value less fees when laying off."""
    if lay_off(deal):
        return float(deal_value(deal, seat)) if deal.over else 0.0
    td = trick_deal_of(deal)
    if td is None:
        return 0.0
    obs = deal.observation(seat)
    if obs.kind is Kind.HERZBLATT:
        return float(sum(td.scores()[s] for s in objective(obs).side) + banked_points(obs))
    return float(td.scores()[seat])

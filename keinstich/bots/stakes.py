"""Herzblatt played for the stake, not for card points: the settlement as a table, searched in steps.

The settlement (docs/rules.md §4.5, §4.6) is a step function of the soloist's final points: 65 and 66
are a whole game apart, 70 and 80 are not. :class:`StakeTable` holds a seat's stake for every way a
deal can end; :func:`exact_points` asks the exact search only which of the stake's steps the side
reaches, a few null-window searches as in MTD(f); :func:`survivors` drops cards that fall clearly
behind in the Monte Carlo bot's play-outs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeAlias

from keinstich.bots.search import TrickSearch
from keinstich.cards import Card
from keinstich.games.herzblatt import CARD_POINTS, TOTAL_POINTS, Announcement, HerzblattRules, settle
from keinstich.tricks import TrickDeal

PlayFor: TypeAlias = Literal["stake", "points"]

_MAX_DISCARD = 2 * max(CARD_POINTS.values())
"""The most card points two discards can hold: a soloist who takes no trick ends with at most this."""

TIE_BREAK = 0.001
"""In play-outs, each card point of the side adds this many stake units (per defender) to a card's value,
so that among cards whose play-outs settle the same, the one that makes more points is preferred."""


@dataclass(frozen=True)
class StakeTable:
    """One seat's stake from the settlement for every way a Herzblatt deal can end.

    The settlement (docs/rules.md §4.5, §4.6) depends on the soloist's final card points (discards
    included) and, for schwarz and Muhr's "du", on whether he took no trick, some, or every trick:
    ``stakes[k][p]`` is the seat's stake (its entry of ``Settlement.stakes``) when the soloist ends
    with ``p`` points having taken no trick (``k = 0``), some (1) or every trick (2); ``wins[k][p]``
    whether the seat's side wins then. Built from :func:`~keinstich.games.herzblatt.settle`, the one place
    the rules live. ``unit``: what one result moves the seat's stake per defender's stake (``players
    - 1`` for the soloist, 1 for a defender), the scale of :data:`TIE_BREAK`.
    """

    soloist_side: bool
    stakes: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    wins: tuple[tuple[bool, ...], tuple[bool, ...], tuple[bool, ...]]
    unit: int

    @property
    def some(self) -> tuple[int, ...]:
        """The stakes by the soloist's points when he took some but not all tricks."""
        return self.stakes[1]

    @staticmethod
    def kind(tricks: int, total: int) -> int:
        """0, 1 or 2: the soloist took no trick, some, or every trick."""
        return 0 if tricks == 0 else 2 if tricks == total else 1

    def stake(self, points: int, tricks: int, total: int) -> int:
        """The seat's stake when the soloist ends with ``points`` and ``tricks`` of ``total`` tricks."""
        return self.stakes[self.kind(tricks, total)][points]

    def rollout_value(self, points: int, tricks: int, total: int) -> float:
        """A play-out's value for the seat: the stake, and :data:`TIE_BREAK` per card point of its side."""
        side_points = points if self.soloist_side else TOTAL_POINTS - points
        return self.stake(points, tricks, total) + TIE_BREAK * self.unit * side_points

    def tricks_matter(self, soloist_tricks: int, tricks_done: int) -> bool:
        """Whether, after ``tricks_done`` tricks of which the soloist took ``soloist_tricks``, the count of
        tricks can still change the stake beyond what the points say: he may still take every trick
        (which matters for "du") or none (which matters when the schneider threshold is below
        :data:`_MAX_DISCARD`). Otherwise the stake is a non-decreasing function of the side's points."""
        none, some, every = self.stakes
        if soloist_tricks == tricks_done and every[TOTAL_POINTS] != some[TOTAL_POINTS]:
            return True
        return soloist_tricks == 0 and any(none[p] != some[p] for p in range(_MAX_DISCARD + 1))


@lru_cache(maxsize=256)
def stake_table(rules: HerzblattRules, seat: int, soloist: int, total: int, announcement: Announcement | None = None,
                contra: bool = False, re: bool = False) -> StakeTable:
    """The :class:`StakeTable` of ``seat`` in a deal of ``total`` tricks with this soloist and these calls."""
    is_soloist = seat == soloist
    stakes: list[tuple[int, ...]] = []
    wins: list[tuple[bool, ...]] = []
    for tricks in (0, 1 if total > 1 else total, total):
        rows = [settle(rules, soloist, p, tricks, total, announcement=announcement, contra=contra, re=re)
                for p in range(TOTAL_POINTS + 1)]
        stakes.append(tuple(r.stakes[seat] for r in rows))
        wins.append(tuple(bool(r.won) == is_soloist for r in rows))
    return StakeTable(is_soloist, (stakes[0], stakes[1], stakes[2]), (wins[0], wins[1], wins[2]),
                      rules.players - 1 if is_soloist else 1)


def stake_ladder(table: StakeTable, soloist_side: bool, start: int, left: int) -> tuple[list[int], list[int]]:
    """For an exact search of the side's future points ``v`` (0 to ``left``): the soloist's final points
    as a function of ``v`` is ``start + v`` (the soloist's side; ``start``: his points so far) or
    ``TOTAL_POINTS - start - v`` (the defenders'; ``start``: theirs). Returns the thresholds of ``v``
    at which the seat's stake changes, ascending, and the soloist's points at each step (the first
    for ``v = 0``): the stake only needs ``v`` up to these steps."""
    def final(v: int) -> int:
        return start + v if soloist_side else TOTAL_POINTS - start - v

    some = table.some
    steps = [t for t in range(1, left + 1) if some[final(t)] != some[final(t - 1)]]
    return steps, [final(0)] + [final(t) for t in steps]


def exact_points(game: TrickSearch, deal: TrickDeal, c: Card, ladder: tuple[list[int], list[int]],
                  guess: int | None = None) -> int:
    """The soloist's final points after ``c``, under best play by both sides, up to the steps of the stake.

    Null-window searches (as MTD(f) does) find how many of the steps the side's future points reach:
    first the two around ``guess`` (a step count, typically the one this card reached in the previous
    deal: one search settles it when it was the top or the bottom), then a binary search over the rest.
    Points between two steps settle the same, so they are not told apart."""
    steps, finals = ladder
    lo, hi = 0, len(steps)  # the number of steps reached lies in [lo, hi]

    def reaches(i: int) -> bool:
        t = steps[i]
        return game.after(deal, c, t - 1, t) >= t

    if guess is not None:
        g = min(max(guess, 0), hi)
        if g < hi:
            if reaches(g):
                lo = g + 1
            else:
                hi = g
        if lo <= g - 1 < hi:
            if reaches(g - 1):
                lo = g
            else:
                hi = g - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if reaches(mid):
            lo = mid + 1
        else:
            hi = mid
    return finals[lo]


PRUNE_DEALS = 4
"""When Herzblatt cards are played out, the most deals one decision may sample, in multiples of ``samples``
(the play-outs stay within ``samples`` times the number of cards: see :func:`survivors`)."""

PRUNE_Z = 3.0
"""A card is dropped when it trails the best by more than this many standard errors (over the same deals)."""


def survivors(values: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The cards still worth playing out: those whose values, deal by deal, do not trail the best card's
    by more than :data:`PRUNE_Z` standard errors of the mean difference."""
    best = max(alive, key=lambda i: sum(values[i]))
    bv = values[best]
    w = len(bv)
    keep = []
    for i in alive:
        if i == best:
            keep.append(i)
            continue
        diffs = [b - x for b, x in zip(bv, values[i], strict=True)]
        mean = sum(diffs) / w
        var = sum((x - mean) ** 2 for x in diffs) / (w - 1) if w > 1 else 0.0
        if mean <= 0 or mean * mean * w <= PRUNE_Z * PRUNE_Z * var:
            keep.append(i)
    return keep


__all__ = ["PRUNE_DEALS", "PRUNE_Z", "TIE_BREAK", "PlayFor", "StakeTable", "exact_points", "stake_ladder",
           "stake_table", "survivors"]

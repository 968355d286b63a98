"""What the exact solvers answer, and the alpha-beta bookkeeping the trick and lay-off searches share.

Both searches store, per position, bounds on its value: a search in the window (alpha, beta) that
finds ``best`` learns an upper bound when it fails low, a lower bound when it fails high, the exact
value otherwise (:func:`bounds`); a stored pair settles a later search at once when it lies outside
that search's window or is exact (:func:`cutoff`).
"""

from __future__ import annotations

from dataclasses import dataclass

from keinstich.cards import Card
from keinstich.i18n import _, pgettext
from keinstich.machine import check_seat

INF = 1 << 40


class SolverError(ValueError):
    """A deal the solver cannot analyse as asked (over already, an unknown seat)."""


@dataclass(frozen=True)
class Solution:
    """The result of :func:`~keinstich.bots.solver.solve`.

    ``value``: the seat's final score (its side's, in Herzblatt) under best play, others playing
    against it, in the contract's units (pfennig paid, or points; in the lay-off deal the value of
    :func:`~keinstich.bots.base.domino_value`). ``card``: the best move for the player to move (None for
    a pass in the lay-off deal, or when the deal is over). ``line``: the rest of the deal under that
    play, as (seat, card) pairs.
    """

    value: int
    card: Card | None
    line: tuple[tuple[int, Card | None], ...]

    def __str__(self) -> str:
        passed = pgettext("move", "pass")
        what = passed if self.card is None else self.card.code
        line = " ".join(f"{s}:{c.code if c is not None else passed}" for s, c in self.line)
        # TRANSLATORS: the solver's answer: "value 5, play 7D: 0:7D 1:AD 2:7S …" (the line of play after the move)
        return _("value {value}, play {move}: {line}", value=self.value, move=what, line=line)


def seat_to_solve(seat: int | None, turn: int | None, players: int) -> int:
    """The seat whose result a solver finds: ``seat``, by default the player to move (refused once the
    deal is over, where there is none) or out of range."""
    if seat is None:
        if turn is None:
            raise SolverError("the deal is over: give the seat whose result you want")
        seat = turn
    return check_seat(seat, players, SolverError)


def cutoff(lo: int, hi: int, alpha: int, beta: int) -> int | None:
    """The value that stored bounds ``lo <= v <= hi`` settle for a search in (alpha, beta), or None."""
    if lo >= beta:
        return lo
    if hi <= alpha:
        return hi
    if lo == hi:
        return lo
    return None


def bounds(best: int, alpha: int, beta: int, lo: int, hi: int) -> tuple[int, int]:
    """The bounds to store after a search in (alpha, beta) found ``best``, given the bounds ``lo, hi``
    known before it: an upper bound when it failed low, a lower one when it failed high, else exact."""
    if best <= alpha:
        return lo, best
    if best >= beta:
        return best, hi
    return best, best


__all__ = ["INF", "Solution", "SolverError", "bounds", "cutoff", "seat_to_solve"]

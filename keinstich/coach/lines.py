"""The judge's own lines: the deals a verdict played a decision out in, replayed card by card.

The fair judgement (:mod:`.fair`) values every legal move in each deal it drew: played out by the heuristic in
every seat (mode ``FAIR``), or searched exactly near the end. It keeps the hidden hands of each deal (``drawn``)
and each move's value in it (``values``), not the cards played. :func:`lines` plays one deal out again after a
move, exactly as the judge did (:func:`~keinstich.bots.rollouts.fair_line`; near the end, the exact search's
own line: at each card the seat to move plays the card the search values best for its side), and returns the
tricks from the decision on. :func:`pair` gives the two lines of a deal (after a move and after the leading move)
with the judge's difference between them, so that what they tell can be checked against what the judge counted:
replayed, the two lines differ by exactly the judge's values. (The judge plays one card of a class of equivalent
cards out for all of them; its classes hold only cards its play-outs cannot tell apart, so the learner's own card
played out is a line the judge counted.)

A verdict renamed from a canonical stand-in (:mod:`.equivalence`) is replayed in the stand-in's deals, and its cards
renamed back: the lines speak of the cards the learner sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from keinstich.bots.base import objective
from keinstich.bots.herzblatt import herzblatt_view
from keinstich.bots.rollouts import fair_line
from keinstich.bots.search import TrickSearch
from keinstich.cards import Card
from keinstich.deal import Kind, Move

from .fair import world_with

if TYPE_CHECKING:
    from .judged import Judged

LOOKED_AT = 48
"""Deals whose lines are replayed at most for one pair of moves (the first ones drawn, where the judge valued both):
enough to see which idea explains a cost, few enough to replay in a moment."""

LOOKED_AT_EXACT = 16
"""The same for an exact judgement near the end, whose lines are found by search (dearer to replay)."""


@dataclass(frozen=True)
class LineTrick:
    """One trick of a line: its ``number`` (1 = the first), the ``plays`` as (seat, card) in order, the ``winner``,
    and what it adds to the judged seat's side (``side``: signed, higher is better; ``raw``: in the contract's own
    count, pfennig paid or points won)."""

    number: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    side: int
    raw: int

    @property
    def led(self) -> Card:
        return self.plays[0][1]

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick (None if it played none: the deal ended before its turn)."""
        return next((c for s, c in self.plays if s == seat), None)

    @property
    def won_with(self) -> Card:
        """The card that took the trick."""
        got = self.card_of(self.winner)
        assert got is not None
        return got


@dataclass(frozen=True)
class Pair:
    """One deal the judge drew (its row ``row``), played out after ``move`` (``mine``) and after the leading move
    (``best``), each line from the decision's trick on; ``loss``: what the judge counted ``move`` as giving away in
    this deal (the leading move's value less the move's; higher is worse for the move)."""

    row: int
    mine: tuple[LineTrick, ...]
    best: tuple[LineTrick, ...]
    loss: float

    def parting(self) -> tuple[LineTrick, LineTrick | None] | None:
        """The first trick in which the seat's side does worse after ``move`` than after the leading move: that trick
        on ``mine``, and on ``best`` (None where that line ended before it); None if no trick is worse."""
        theirs = {t.number: t for t in self.best}
        for t in self.mine:
            other = theirs.get(t.number)
            if other is None or t.side < other.side:
                return t, other
        return None


def _base(v: Judged) -> tuple[Judged, Any]:
    """The verdict whose deals were drawn (the canonical stand-in's, or the verdict itself), and the renaming from
    its cards back to the verdict's (None when the same)."""
    if v.canon is not None and v.relabel is not None and not v.relabel.identity:
        return v.canon, v.relabel
    return v, None


def lines(v: Judged, move: Move, row: int) -> tuple[LineTrick, ...]:
    """The tricks from the decision on, in the judge's deal ``row``, after ``move`` (a legal move of ``v``'s seat, in
    ``v``'s cards): played out as the judge played it out (see the module)."""
    base, relabel = _base(v)
    m = relabel.move(move) if relabel is not None else move
    line = _played(base, m, row)
    return _told(base, line, relabel.inverse() if relabel is not None else None)


def pair(v: Judged, move: Move, row: int) -> Pair:
    """The lines of deal ``row`` after ``move`` and after the leading move, with the judge's loss in it."""
    f = v.judged
    assert f is not None
    i, b = f.index(move), f.leader
    return Pair(row, lines(v, move, row), lines(v, v.leader, row), float(f.values[row, b] - f.values[row, i]))


def rows(v: Judged, move: Move, *, limit: int | None = None) -> list[int]:
    """The judge's deals in which ``move`` gives away at least the fine threshold against the leading move: where
    its cost comes from. The first ``limit`` deals valued for both (by default :data:`LOOKED_AT`, or
    :data:`LOOKED_AT_EXACT` for an exact judgement) are looked at."""
    f = v.judged
    if f is None or v.forced or not len(f.drawn):
        return []
    i, b = f.index(move), f.leader
    n = min(f.deals[i], f.deals[b], LOOKED_AT_EXACT if f.exact else LOOKED_AT) if limit is None else \
        min(f.deals[i], f.deals[b], limit)
    return [k for k in range(n) if f.values[k, b] - f.values[k, i] >= v.grades.fine]


def value_of(v: Judged, line: Sequence[LineTrick]) -> int:
    """What a line's tricks add to the seat's side (signed: higher is better)."""
    return sum(t.side for t in line)


def _played(base: Judged, move: Move, row: int) -> Any:
    """The judge's deal ``row`` (a trick deal), ``move`` made and played to the end as the judge did: the bots'
    fair play-out from the move on (:func:`~keinstich.bots.rollouts.fair_line`, the line behind a value of the
    judge's), or near the end the exact search's line."""
    f = base.judged
    assert f is not None
    position, seat = base.position, base.seat
    world: Any = world_with(position, seat, [int(x) for x in f.drawn[row]])
    obs = position.observation(seat)
    soloist = getattr(obs, "soloist", None) if obs.kind is Kind.HERZBLATT else None
    d: Any = world.copy()
    if f.exact:
        d.play(move, seat)
        _searched(d, world, objective(obs))
    else:
        seen = herzblatt_view(obs)[0] if obs.kind is Kind.HERZBLATT else obs
        fair_line(d, seen, cast(Card, move), soloist)  # a move in a trick deal's play is a card
    return d


def _searched(d: Any, world: Any, obj: Any) -> None:
    """Play ``d`` to its end along the exact search's line: each seat plays the card the search values best for its
    side (the judged seat's side maximises, the others minimise), the lowest such card on a tie."""
    search = TrickSearch(world, obj.side, obj.sign)
    while not d.over:
        s = d.turn
        values = [(search.after(d, c), c) for c in d.legal()]
        want = max(x for x, _c in values) if s in obj.side else min(x for x, _c in values)
        d.play(next(c for x, c in values if x == want), s)


def _told(base: Judged, line: Any, back: Any) -> tuple[LineTrick, ...]:
    """A played-out line's tricks from the decision's on, each with what it adds to the seat's side, its cards
    renamed by ``back`` (when given)."""
    position, seat = base.position, base.seat
    td = position.trick_deal
    assert td is not None
    start = len(td.tricks)
    obj = objective(position.observation(seat))
    contract, n, total = line.contract, line.players, line.total_tricks
    out = []
    prev = contract.score(line.tricks[:start], n, total)
    for k in range(start, len(line.tricks)):
        cur = contract.score(line.tricks[:k + 1], n, total)
        raw = sum(cur[s] - prev[s] for s in obj.side)
        t = line.tricks[k]
        plays = tuple((s, back.card(c) if back is not None else c) for s, c in t.plays())
        out.append(LineTrick(t.number, plays, t.winner, obj.sign * raw, raw))
        prev = cur
    return tuple(out)


__all__ = ["LOOKED_AT", "LOOKED_AT_EXACT", "LineTrick", "Pair", "lines", "pair", "rows", "value_of"]

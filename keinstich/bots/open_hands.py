"""The bots' hand-off to the kernel for the coach's "all hands open, against the opponents who played": one seat's
best play in a trick deal's card play, every other seat answering as the heuristic bot does
(:class:`keinstich.kernel.answers.Search`).

The bots know what the kernel needs from a deal: the seat's side and which way is better for it
(:func:`~keinstich.bots.base.objective`), what the contract pays per card and per trick, what the heuristic knows
of the voids, Herzblatt's soloist and the discards. :func:`open_search` builds it from a position, or says the
kernel cannot search it (None); :class:`OpenSearch` answers in the deal's terms: moves in, values out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from keinstich.bots.base import objective
from keinstich.bots.budget import Stopped
from keinstich.bots.herzblatt import banked_points
from keinstich.bots.knowledge import exclusions
from keinstich.bots.tables import amounts, tables
from keinstich.cards import mask_of
from keinstich.deal import Deal, Kind, Move, move_cards
from keinstich.kernel.answers import ABORT, NEG, Search
from keinstich.kernel.layout import HEURISTIC
from keinstich.kernel.tables import fits
from keinstich.tricks import trick_deal_of


class OpenSearch:
    """A seat's exact search with all hands open from one position of a trick deal's card play, the others
    answering as the heuristic bot: values of the seat's side, higher better, in the deal's own count (the
    contract's pfennig or points; Herzblatt's card points, the discards included)."""

    def __init__(self, search: Search, offset: int) -> None:
        self._search = search
        self.offset = offset
        """What the side has already: the kernel counts the tricks still to come."""

    def value(self, move: Move, alpha: float = -math.inf) -> float:
        """The value of the seat's ``move`` (a card) now: exact when above ``alpha``, else at most ``alpha``;
        :class:`~keinstich.bots.budget.Stopped` when the search reaches its limit."""
        a = NEG if alpha == -math.inf else math.floor(alpha - self.offset)
        v = self._search.value(move_cards(move)[0].index, a)
        if v == ABORT:
            raise Stopped("node limit")
        return float(v + self.offset)

    def replays(self, line: Sequence[tuple[int, Move]]) -> bool:
        """Whether the heuristic makes every other seat's move of ``line`` ((seat, move) from this position on,
        the seat's own as given): then the kernel's answers are the ones that were played."""
        cards = []
        for s, m in line:
            played = move_cards(m)
            if len(played) != 1:
                return False
            cards.append((s, played[0].index))
        return self._search.replays(cards)


def plays_heuristic(bot: object) -> bool:
    """Whether ``bot`` plays as the heuristic bot does, the kernel's heuristic: then the kernel can play its answers."""
    return getattr(bot, "kernel_mode", None) == HEURISTIC


def open_search(position: Deal, seat: int, *, limit: int) -> OpenSearch | None:
    """The kernel's search for ``seat`` from ``position`` (trick play under way: a trick deal, or Herzblatt's card
    play with its soloist), at most ``limit`` cards played in all; None where the kernel cannot search it (no card
    play, no contract, more seats or tricks than its tables hold)."""
    td = trick_deal_of(position)
    if td is None or td.contract is None or not fits(td.players, td.total_tricks):
        return None
    obs = position.observation(seat)
    obj = objective(obs)
    n = td.players
    soloist, in_play, seen = None, 0, [0] * n
    past = td.contract.score(td.tricks, n, td.total_tricks)
    offset = obj.sign * sum(past[s] for s in obj.side)
    if obs.kind is Kind.HERZBLATT:
        if obs.soloist is None:
            return None
        soloist = obs.soloist
        in_play = obs.rules.pack.mask
        seen[soloist] = mask_of(position.observation(soloist).discards)
        offset += banked_points(obs)
    known = exclusions(td.observation(0)) if td.rules.trump is not None else None
    root = td.kernel_state(HEURISTIC, known=known, soloist=soloist, in_play=in_play, seen=seen)
    val, base = amounts(td.contract, td.total_tricks)
    search = Search(root, td.kernel_tables().T, tables(td.contract, td.rules, td.total_tricks).kernel(), seat=seat,
                    side=obj.side, sign=obj.sign, gain=[max(0, obj.sign * v) for v in val],
                    tgain=[max(0, obj.sign * b) for b in base], total=td.total_tricks, limit=limit)
    return OpenSearch(search, offset)


__all__ = ["OpenSearch", "open_search", "plays_heuristic"]

"""The heuristic's card for one seat's view of a trick: the one decision of :mod:`keinstich.kernel.heuristic`,
asked with the seat's tables, its card as a :class:`~keinstich.cards.Card`.

:class:`~keinstich.bots.HeuristicBot` and Herzblatt's heuristic (:mod:`~keinstich.bots.herzblatt`) ask it and
turn its reason code into words (:mod:`~keinstich.bots.reasons`); the kernel's play-outs ask the same
function for every seat. It is called compiled when the kernel is (its tables as the kernel's arrays).
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.bots.tables import Tables
from keinstich.cards import ALL_CARDS, Card
from keinstich.kernel.heuristic import ONLY, nt_pick, trump_pick
from keinstich.kernel.jit import array

_NAMES = array([0, 1, 2, 3])
"""The suits' order the heuristic bot's ties fall back on: their names (the fair play-outs read another off the
deal, :func:`keinstich.kernel.suit_order.suit_order`)."""


def heuristic_card(tb: Tables, k: int, n: int, seat: int, hand: int, legal: int, trick: Sequence[Card],
                   unseen: int, known: Sequence[int], side: Sequence[int] = (),
                   sizes_hint: int = 0) -> tuple[Card, int, Card | None]:
    """The heuristic's card (card, reason code, the card the reason refers to) for ``seat`` holding ``hand`` in
    trick ``k`` of an ``n``-seat deal, ``legal`` the cards it may play, ``trick`` the cards down, ``unseen``
    the cards it has not seen. Without trumps ``known[s]`` are the suits seat ``s`` has shown it lacks (as
    bits); in a trump game the cards it cannot hold, ``side`` the seats playing together and ``sizes_hint``
    the largest hand."""
    if not legal & (legal - 1):
        return ALL_CARDS[legal.bit_length() - 1], ONLY, None
    HF, cost, st, over, lower, higher, base = tb.pick_tables()
    on = array([c.index for c in trick])
    if tb.trump is not None:
        mask = 0
        for s in side:
            mask |= 1 << s
        c, code, ref = trump_pick(k, n, seat, hand, legal, on, len(trick), unseen, array(known), mask, sizes_hint,
                                  HF, cost, st, over, higher, base, False, _NAMES)
    else:
        c, code, ref = nt_pick(k, n, seat, hand, legal, on, len(trick), unseen, array(known), HF, cost, st, over,
                               lower, higher, base, False, _NAMES)
    return ALL_CARDS[c], int(code), ALL_CARDS[ref] if ref >= 0 else None


__all__ = ["heuristic_card"]

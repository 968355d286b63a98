"""The order the coach's fair play-outs take suits in where the heuristic's choice between two suits is a tie:
read off the whole deal at the start of a play-out (who holds each card still in play, what it costs, what each seat
has shown), never by the suits' names, so that a deal and its renamed twin are played out alike, card for card (see
:mod:`keinstich.kernel.heuristic`, mode :data:`~keinstich.kernel.layout.FAIR`).
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.heuristic import weakest
from keinstich.kernel.jit import jit


@jit()
def _holder(c: int, h: Any, n: int, trick: Any, tlen: int, seen: Any) -> int:
    """Who has card ``c`` (still in play, or out of play): a seat, a place in the trick (8 + its place), or out of
    play (16 + the seats that have seen it, as bits)."""
    for p in range(n):
        if h[p] >> c & 1:
            return p
    for j in range(tlen):
        if trick[j] == c:
            return 8 + j
    code = 16
    for p in range(n):
        if seen[p] >> c & 1:
            code += 32 << p
    return code


@jit()
def _suit_cmp(a: int, b: int, h: Any, n: int, trick: Any, tlen: int, known: Any, live: int, seen: Any, cost: Any,
              st: Any, fixed: int, trumps: bool) -> int:
    """Suit ``a`` against suit ``b`` (-1: ``a`` first, 1: ``b`` first, 0: the deal reads the same for both): a suit
    the rules single out (``fixed``: a trump, a banned lead, a card to throw) after the others, and among those by
    its name (no renaming moves it); otherwise the cards of each still in play (``live``) weakest first: who holds
    it, what it costs, (in a trump game) who is known not to hold it; then the shorter suit; then who has shown
    a void in it."""
    fa = fixed >> a & 1
    fb = fixed >> b & 1
    if fa != fb:
        return 1 if fa else -1
    if fa:
        return -1 if a < b else (1 if a > b else 0)
    ma = live & (0x1FFF << (13 * a))
    mb = live & (0x1FFF << (13 * b))
    while ma and mb:
        ca = weakest(ma, st)
        cb = weakest(mb, st)
        ma &= ~(1 << ca)
        mb &= ~(1 << cb)
        x = _holder(ca, h, n, trick, tlen, seen)
        y = _holder(cb, h, n, trick, tlen, seen)
        if x != y:
            return -1 if x < y else 1
        if cost[ca] != cost[cb]:
            return -1 if cost[ca] < cost[cb] else 1
        if trumps:
            for p in range(n):
                ka = known[p] >> ca & 1
                kb = known[p] >> cb & 1
                if ka != kb:
                    return -1 if ka < kb else 1
    if ma or mb:
        return 1 if ma else -1
    if not trumps:
        for p in range(n):
            ka = known[p] >> a & 1
            kb = known[p] >> b & 1
            if ka != kb:
                return -1 if ka < kb else 1
    return 0


@jit()
def suit_order(h: Any, n: int, trick: Any, tlen: int, known: Any, live: int, seen: Any, cost: Any, st: Any,
               fixed: int, trumps: bool, out: Any) -> None:
    """Each suit's place in the order the fair play-outs break ties by (``out[s]``, 0 first), read off the whole
    deal (:func:`_suit_cmp`): every hand ``h``, the trick, what each seat is ``known`` to lack, the cards ``live``
    (still in play, and out of play but in the pack) and ``seen`` out of play. Renaming the deal renames the order;
    two suits the deal reads alike keep the order of their names (either way round is the same deal)."""
    s0 = 0
    s1 = 1
    s2 = 2
    s3 = 3
    suits = [s0, s1, s2, s3]
    for i in range(1, 4):  # insertion sort: stable, so suits that read alike keep their names' order
        x = suits[i]
        j = i
        while j > 0 and _suit_cmp(suits[j - 1], x, h, n, trick, tlen, known, live, seen, cost, st, fixed,
                                  trumps) > 0:
            suits[j] = suits[j - 1]
            j -= 1
        suits[j] = x
    for i in range(4):
        out[suits[i]] = i

__all__ = ["suit_order"]

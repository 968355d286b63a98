"""How often the heuristic, in a guessed deal, would not have played the cards the other seats did play.

The coach's judgement guesses the hidden hands (:mod:`keinstich.bots.sampled`); the cards the others have played
say something about those hands, since they play as the heuristic bot plays. :func:`misses` replays a deal's history
from its first card in each guessed deal and, before each card of a watched seat, asks the heuristic in mode
``FAIR`` (its ties broken by what the deal says, never by a suit's or a rank's name) which card it would play there:
a card of the same class as the one played (same suit, same cost, no live card of another hand between them) is a
hit, any other a miss. The play itself always follows the history (:func:`~keinstich.kernel.playout.run`, one card).
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.jit import jit
from keinstich.kernel.layout import (
    FAIR,
    H_COST,
    HEURISTIC,
    P_N,
    S_HANDS,
    S_IN_PLAY,
    S_LIMIT,
    S_MODE,
    S_PLAYED,
    S_SEAT,
    S_SEQ,
    S_SIZE,
    S_TLEN,
    S_TRICK,
    T_P,
    T_ST,
)
from keinstich.kernel.playout import run


@jit(inline=True)
def _alike(p: int, c: int, hand: int, live: int, st: Any, cost: Any) -> bool:
    """Whether cards ``p`` and ``c`` of ``hand`` are equivalent for their holder: same suit, same cost, and no live
    card of another hand ranks between them."""
    if p // 13 != c // 13 or cost[p] != cost[c]:
        return False
    lo, hi = (st[p], st[c]) if st[p] < st[c] else (st[c], st[p])
    base = 13 * (p // 13)
    for y in range(base, base + 13):
        if live >> y & 1 and not hand >> y & 1 and lo < st[y] < hi:
            return False
    return True


@jit(nogil=True)
def misses(S0: Any, T: Any, H: Any, seq: Any, watch: int, most: int, hands: Any, deals: int, W: Any, V: Any,
           rnd: Any, out: Any) -> None:
    """For each of ``deals`` deals (deal ``b`` dealt the hands ``hands[b * n:(b + 1) * n]`` at its start; the rest
    of the state ``S0``, the deal before its first card, is the same for all): the cards of ``seq`` (the history, in
    order) played one by one, and ``out[b]`` the number of them, played by a seat in ``watch`` (bits), that the
    heuristic in mode ``FAIR`` would not have played (nor a card of its class), counted up to ``most`` (the replay
    stops there: such a deal weighs next to nothing). ``W`` and ``V``: room for two states; ``rnd``: an empty table
    (no random draws)."""
    n = T[T_P + P_N]
    st = T[T_ST:T_ST + 52]
    cost = H[H_COST:H_COST + 52]
    for b in range(deals):
        for j in range(S_SIZE):
            W[j] = S0[j]
        dealt = 0
        for s in range(n):
            W[S_HANDS + s] = hands[b * n + s]
            dealt |= hands[b * n + s]
        W[S_IN_PLAY] = dealt
        miss = 0
        for i in range(len(seq)):
            c = seq[i]
            seat = W[S_SEAT]
            hand = W[S_HANDS + seat]
            if watch >> seat & 1 and hand & (hand - 1):
                for j in range(S_SIZE):
                    V[j] = W[j]
                V[S_MODE] = FAIR
                V[S_LIMIT] = 1
                run(V, T, H, rnd, -1)
                p = V[S_SEQ]
                if p == c:  # the heuristic played it: its state is the one after the card
                    W, V = V, W
                    continue
                live = dealt & ~W[S_PLAYED]
                for j in range(W[S_TLEN]):
                    live |= 1 << W[S_TRICK + j]
                if not _alike(p, c, hand, live, st, cost):
                    miss += 1
                    if miss >= most:
                        break
            W[S_MODE] = HEURISTIC  # the card is given: no suit order to read
            W[S_LIMIT] = 1
            run(W, T, H, rnd, c)
        out[b] = miss


__all__ = ["misses"]

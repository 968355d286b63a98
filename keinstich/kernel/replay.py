"""How often the heuristic, in a guessed deal, would not have played the cards the other seats did play.

The coach's judgement guesses the hidden hands (:mod:`keinstich.bots.sampled`); the cards the others have played
say something about those hands, since they play as the heuristic bot plays. Before each card a watched seat played
with a choice, :func:`misses` asks the heuristic in mode ``FAIR`` (its ties broken by what the deal says, never by a
suit's or a rank's name) which card it would play there in each guessed deal: a card of the same class as the one
played (same suit, same cost, no live card of another hand between them) is a hit, any other a miss. Everything but
the hands (and the cards in play they make up) is public, so the history is replayed once (:func:`public_states`, by
:func:`~keinstich.kernel.playout.run`, a card at a time) and each guessed deal only puts its hands into those states.
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.answers import legal_now
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


@jit()
def public_states(S0: Any, T: Any, H: Any, seq: Any, hands: Any, rnd: Any, states: Any) -> None:
    """``states[i]``: the state before card ``i`` of ``seq`` (the history) in the deal dealt ``hands`` at its start
    (the rest of the state ``S0``). All but its hands (and so the cards in play) is public: what was played, the
    trick, the voids, the scores, the same in every deal that fits the history, so :func:`misses` replays the history
    once, not once a deal."""
    n = T[T_P + P_N]
    W = states[0]
    for j in range(S_SIZE):
        W[j] = S0[j]
    dealt = 0
    for s in range(n):
        W[S_HANDS + s] = hands[s]
        dealt |= hands[s]
    W[S_IN_PLAY] = dealt
    W[S_MODE] = HEURISTIC  # the card is given: no suit order to read
    W[S_LIMIT] = 1
    for i in range(len(seq) - 1):
        for j in range(S_SIZE):
            states[i + 1, j] = W[j]
        W = states[i + 1]
        run(W, T, H, rnd, seq[i])


@jit(nogil=True)
def misses(states: Any, T: Any, H: Any, seq: Any, watch: int, most: int, hands: Any, deals: int, V: Any, rnd: Any,
           out: Any) -> None:
    """For each of ``deals`` deals (deal ``b`` dealt the hands ``hands[b * n:(b + 1) * n]`` at its start), how many
    cards of ``seq`` (the history, in order; ``states[i]`` the state before card ``i``, from
    :func:`public_states`), played by a seat in ``watch`` (bits) with more than one legal card, the heuristic in mode
    ``FAIR`` would not have played there (nor a card of its class): ``out[b]``, counted up to ``most`` (the count
    stops there: such a deal weighs next to nothing). ``V``: room for a state; ``rnd``: an empty table (no random
    draws)."""
    n = T[T_P + P_N]
    st = T[T_ST:T_ST + 52]
    cost = H[H_COST:H_COST + 52]
    for b in range(deals):
        dealt = 0
        for s in range(n):
            dealt |= hands[b * n + s]
        miss = 0
        for i in range(len(seq)):
            W = states[i]
            seat = W[S_SEAT]
            if not watch >> seat & 1:
                continue
            played = W[S_PLAYED]
            for j in range(S_SIZE):
                V[j] = W[j]
            for s in range(n):
                V[S_HANDS + s] = hands[b * n + s] & ~played
            V[S_IN_PLAY] = dealt  # not public where some cards are out of play unseen (a Herzblatt soloist's discards)
            hand = V[S_HANDS + seat]
            lm = legal_now(V, T)
            if not lm & (lm - 1):  # a forced card tells nothing
                continue
            V[S_MODE] = FAIR
            V[S_LIMIT] = 1
            run(V, T, H, rnd, -1)
            p = V[S_SEQ]
            c = seq[i]
            if p == c:
                continue
            live = dealt & ~played
            for j in range(W[S_TLEN]):
                live |= 1 << W[S_TRICK + j]
            if not _alike(p, c, hand, live, st, cost):
                miss += 1
                if miss >= most:
                    break
        out[b] = miss


__all__ = ["misses", "public_states"]

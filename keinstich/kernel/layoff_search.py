"""A lay-off deal near its end solved exactly in the kernel: the coach's fair judgement's search of a lay-off
decision with few cards left, every deal of a batch in one call.

The search of :class:`~keinstich.bots.solver_domino.DominoSearch` (alpha-beta, the others playing against the seat,
a transposition table, passing as that search allows it), on the state arrays of :mod:`keinstich.kernel.layoff`
(whose :func:`~keinstich.kernel.layoff.lay` and :func:`~keinstich.kernel.layoff.pass_` are the Board's rules).
A value is the seat's place value less the pass fees it pays from here on, as DominoSearch's: an exact search has
one answer, whatever order it tries the moves in. Written as a loop over an explicit stack of positions (numba's
disk cache cannot hold a recursive function), so that the same source runs compiled and as plain Python.
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.bits import low_index
from keinstich.kernel.jit import jit
from keinstich.kernel.layoff import (
    BOTTOM,
    D_CB,
    D_CT,
    D_FRONT,
    D_HANDS,
    D_HOLDING,
    D_NT,
    D_PASSES,
    D_PB,
    D_REST,
    D_SIZE,
    D_STARTED,
    D_TURN,
    L_CHAIN,
    L_FIXED,
    L_N,
    L_POS,
    L_VOLUNTARY,
    TOP,
    lay,
    pass_,
)

INF = 1 << 40
"""Beyond any value (as :data:`keinstich.bots.solution.INF`)."""

MOVES = 16
"""Room for the moves of one position: at most eight cards fit (two ranks of the chain, or two ends of four rows),
a card that fits both ends of the chain twice (only where both ends want the same rank: four cards), and a pass."""

# a frame of the stack: the window, the bounds known before, the best so far, the moves and which is next
F_ALPHA, F_BETA, F_A0, F_B0, F_LO, F_HI, F_BEST, F_PICK, F_COUNT, F_NEXT, F_SHIFT, F_MAX, F_SLOT, F_K1, F_K2 = range(15)
F_MOVES = 15
FS = F_MOVES + MOVES

TABLE_BITS = 15
# a slot of the table: generation, the position (two numbers), its bounds and the move that settled it
T_GEN, T_K1, T_K2, T_LO, T_HI, T_FIRST = range(6)
TS = 6
TABLE_SIZE = TS << TABLE_BITS
"""The table's length: each deal searched is a new generation, so that it needs no clearing between deals."""

PASS = 0
"""A pass among the move codes (a lay is ``4 * card + end``)."""


def depth_for(cards: int, players: int) -> int:
    """Levels the stack needs for a position with ``cards`` still held: a lay after each round of passes."""
    return (cards + 2) * players + 2


@jit(counted=False)
def _enter(ST: Any, F: Any, L: Any, opens: Any, TT: Any, gen: int, weights: Any, seat: int, d: int, alpha: int,
           beta: int) -> tuple[int, int]:
    """Open the frame of level ``d`` (its position in ``ST``, the seat still holding, the deal not over) for the
    window (``alpha``, ``beta``): (value, 1) when the bound or the table settles it at once, else (0, 0) with its
    moves listed in the order they are tried."""
    S = ST[d * D_SIZE:(d + 1) * D_SIZE]
    n = L[L_N]
    holding = S[D_HOLDING]
    best_place = weights[n - holding]
    if alpha >= best_place:
        return best_place, 1
    turn = S[D_TURN]
    passes = S[D_PASSES]
    k1 = S[D_REST]
    k2 = turn * 16 + (passes if passes < holding - 1 else holding - 1)
    if L[L_CHAIN]:
        k2 += ((S[D_CT] + 1) * 64 + S[D_CB] + 1) * 256
    slot = ((k1 ^ (k1 >> 21) ^ (k1 >> 42) ^ (k2 * 40503)) & ((1 << TABLE_BITS) - 1)) * TS
    lo = -INF
    hi = best_place
    first = -1
    if TT[slot + T_GEN] == gen and TT[slot + T_K1] == k1 and TT[slot + T_K2] == k2:
        lo = TT[slot + T_LO]
        hi = TT[slot + T_HI]
        first = TT[slot + T_FIRST]
        if lo >= beta:
            return lo, 1
        if hi <= alpha:
            return hi, 1
        if lo == hi:
            return lo, 1
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    f = d * FS
    maximise = 1 if turn == seat else 0
    mine = S[D_HANDS + seat]
    legal = S[D_HANDS + turn] & S[D_FRONT]
    count = 0
    for sweep in range(2):  # the seat tries the cards that let in its own first, the others those that do not
        m = legal
        while m:
            c = low_index(m)
            m &= m - 1
            lets_in = 1 if opens[c] & mine else 0
            if (lets_in == maximise) == (sweep == 1):
                continue
            if L[L_CHAIN] and S[D_CT] >= 0 and L[L_POS + c] == S[D_NT] and L[L_POS + c] == S[D_PB]:
                F[f + F_MOVES + count] = 4 * c + TOP
                F[f + F_MOVES + count + 1] = 4 * c + BOTTOM
                count += 2
            else:
                F[f + F_MOVES + count] = 4 * c + TOP
                count += 1
    if not legal or (L[L_VOLUNTARY] and (S[D_STARTED] or not L[L_FIXED]) and passes < holding - 1):
        if maximise:
            F[f + F_MOVES + count] = PASS
        else:
            for i in range(count, 0, -1):
                F[f + F_MOVES + i] = F[f + F_MOVES + i - 1]
            F[f + F_MOVES] = PASS
        count += 1
    if first >= 0:
        for i in range(1, count):
            if F[f + F_MOVES + i] == first:
                for j in range(i, 0, -1):
                    F[f + F_MOVES + j] = F[f + F_MOVES + j - 1]
                F[f + F_MOVES] = first
                break
    F[f + F_ALPHA] = alpha
    F[f + F_BETA] = beta
    F[f + F_A0] = alpha
    F[f + F_B0] = beta
    F[f + F_LO] = lo
    F[f + F_HI] = hi
    F[f + F_BEST] = -INF if maximise else INF
    F[f + F_PICK] = F[f + F_MOVES]
    F[f + F_COUNT] = count
    F[f + F_NEXT] = 0
    F[f + F_MAX] = maximise
    F[f + F_SLOT] = slot
    F[f + F_K1] = k1
    F[f + F_K2] = k2
    return 0, 0


@jit(counted=False)
def _take(F: Any, d: int, v: int, code: int) -> None:
    """Level ``d`` learns that its move ``code`` is worth ``v``: its best, its window, a cut-off."""
    f = d * FS
    if F[f + F_MAX]:
        if v > F[f + F_BEST]:
            F[f + F_BEST] = v
            F[f + F_PICK] = code
            if v > F[f + F_ALPHA]:
                F[f + F_ALPHA] = v
    elif v < F[f + F_BEST]:
        F[f + F_BEST] = v
        F[f + F_PICK] = code
        if v < F[f + F_BETA]:
            F[f + F_BETA] = v
    if F[f + F_ALPHA] >= F[f + F_BETA]:
        F[f + F_NEXT] = F[f + F_COUNT]


@jit(counted=False)
def value_from(ST: Any, F: Any, L: Any, opens: Any, TT: Any, gen: int, weights: Any, seat: int, fee: int, top: int,
               alpha: int, beta: int) -> int:
    """The seat's value of the position at level ``top`` of ``ST`` (the seat still holding, the deal not over),
    exact inside the window (``alpha``, ``beta``), a bound outside it (as :meth:`DominoSearch.value`)."""
    n = L[L_N]
    v, done = _enter(ST, F, L, opens, TT, gen, weights, seat, top, alpha, beta)
    if done:
        return v
    d = top
    while True:
        f = d * FS
        i = F[f + F_NEXT]
        if i < F[f + F_COUNT]:
            code = F[f + F_MOVES + i]
            F[f + F_NEXT] = i + 1
            child = ST[(d + 1) * D_SIZE:(d + 2) * D_SIZE]
            for x in range(D_SIZE):
                child[x] = ST[d * D_SIZE + x]
            if code == PASS:
                shift = fee if F[f + F_MAX] else 0
                F[f + F_SHIFT] = shift
                pass_(child, L)
                v, done = _enter(ST, F, L, opens, TT, gen, weights, seat, d + 1, F[f + F_ALPHA] + shift,
                                 F[f + F_BETA] + shift)
                if not done:
                    d += 1
                    continue
                v -= shift
            else:
                F[f + F_SHIFT] = 0
                place = n - child[D_HOLDING]
                lay(child, L, code // 4, code % 4)
                if not child[D_HANDS + seat]:
                    v = weights[place]
                elif child[D_TURN] < 0:
                    v = weights[n - 1]
                else:
                    v, done = _enter(ST, F, L, opens, TT, gen, weights, seat, d + 1, F[f + F_ALPHA], F[f + F_BETA])
                    if not done:
                        d += 1
                        continue
            _take(F, d, v, code)
        else:
            best = F[f + F_BEST]
            slot = F[f + F_SLOT]
            lo = F[f + F_LO]
            hi = F[f + F_HI]
            if best <= F[f + F_A0]:
                hi = best
            elif best >= F[f + F_B0]:
                lo = best
            else:
                lo = best
                hi = best
            TT[slot + T_GEN] = gen
            TT[slot + T_K1] = F[f + F_K1]
            TT[slot + T_K2] = F[f + F_K2]
            TT[slot + T_LO] = lo
            TT[slot + T_HI] = hi
            TT[slot + T_FIRST] = F[f + F_PICK]
            if d == top:
                return best
            d -= 1
            p = d * FS
            _take(F, d, best - F[p + F_SHIFT], F[p + F_MOVES + F[p + F_NEXT] - 1])


@jit(counted=False)
def after(ST: Any, F: Any, L: Any, opens: Any, TT: Any, gen: int, weights: Any, seat: int, fee: int, card: int,
          end: int) -> int:
    """The seat's exact value after it lays ``card`` at ``end`` (-1: passes) in the position at level 0 of ``ST``
    (unchanged): its place value less the pass fees it pays from this move on, this pass included."""
    n = L[L_N]
    child = ST[D_SIZE:2 * D_SIZE]
    for x in range(D_SIZE):
        child[x] = ST[x]
    if card < 0:
        pass_(child, L)
        return value_from(ST, F, L, opens, TT, gen, weights, seat, fee, 1, -INF + fee, INF + fee) - fee
    place = n - child[D_HOLDING]
    lay(child, L, card, end)
    if not child[D_HANDS + seat]:
        return weights[place]
    if child[D_TURN] < 0:
        return weights[n - 1]
    return value_from(ST, F, L, opens, TT, gen, weights, seat, fee, 1, -INF, INF)


@jit(nogil=True, counted=False)
def solved_many(S0: Any, L: Any, opens: Any, hands: Any, deals: int, seat: int, cards: Any, ends: Any, weights: Any,
                fee: int, ST: Any, F: Any, TT: Any, G: Any, out: Any) -> None:
    """:func:`after` for each of the moves (``cards[j]`` at ``ends[j]``) in each of ``deals`` deals: deal ``b`` is
    the state ``S0`` with the hands ``hands[b * n:(b + 1) * n]``; ``out[b * k + j]`` gets the value. ``opens[c]``: the
    cards that laying card ``c`` may let in (for the order of the moves only); ``ST``, ``F``, ``TT``: room for the
    positions, the frames and the table; ``G[0]``: the table's generation, one more for each deal."""
    n = L[L_N]
    k = len(cards)
    for b in range(deals):
        for i in range(D_SIZE):
            ST[i] = S0[i]
        for s in range(n):
            ST[D_HANDS + s] = hands[b * n + s]
        G[0] += 1
        for j in range(k):
            out[b * k + j] = after(ST, F, L, opens, TT, G[0], weights, seat, fee, cards[j], ends[j])


__all__ = ["FS", "INF", "TABLE_SIZE", "after", "depth_for", "solved_many", "value_from"]

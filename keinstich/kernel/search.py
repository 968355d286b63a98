"""The exact search of a trick deal with every hand open: alpha-beta on bitmask hands, compiled.

:func:`node` searches from any point of a trick for one side (the seats in the mask ``side``, whose amounts
count with ``sign``), as a loop over an explicit stack; :class:`~keinstich.bots.search.TrickSearch` sets a
deal up for it and drives it. It is given where it starts (:class:`At`), the deal's tables (:class:`Tables`)
and its working memory (:class:`Memory`). One technique a function, as double-dummy solvers keep them:

- a transposition table at the start of each trick (:func:`~keinstich.kernel.search_table.probe`,
  :func:`~keinstich.kernel.search_table.store`), keyed by the position up to relative ranks (per suit, who
  holds each card still in play, in rank order, and which cards carry which amount), the leader and the
  March state: the future does not depend on the tricks taken;
- equivalent cards: two cards of one hand next to each other in rank among the cards in play, of the
  same amount, play the same, so only one is tried (:func:`reps`);
- bounds from the amounts still to come (:func:`~keinstich.kernel.search_bounds.settled`), tightened when
  the side is one seat by what its cards allow for the rest of the deal (it can go under every lead, or
  every opponent can go under each of its leads) and by the trick being led (it must take it, or can
  surely lose it): when what is left cannot move the result out of the window, or is settled either way
  (in No Max once the King of Hearts has fallen), the search stops there; the last trick plays itself out;
- move ordering (:func:`order_leads`, :func:`order_follows`): the table's best lead first; where tricks
  are bad for the side, leads that force the trick on it (or, the side's, that an opponent must overtake)
  before the others (:func:`lead_class`); then leads from the leader's short suits, by rank; in the trick
  the cheapest way to win or to duck, the side shedding its costliest card under another seat's winner;
- null-window (MTD(f)) calls from the driver, which reuse the table between passes.

Rules and amounts come in as flat integer tables (the ``P_`` offsets of :mod:`keinstich.kernel.layout`);
the legal cards are :func:`keinstich.kernel.rules.legal`'s, the winner of a trick that module's beats-table.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from keinstich.kernel import rules
from keinstich.kernel.bits import low_index as _low
from keinstich.kernel.bits import popcount
from keinstich.kernel.jit import compiled, jit
from keinstich.kernel.layout import (
    P_GOOD,
    P_MARCH,
    P_N,
    P_NODES,
    P_SIDE,
    P_SIGN,
    P_TOTAL,
)
from keinstich.kernel.search_bounds import settled, tightened
from keinstich.kernel.search_table import (
    F_A,
    F_A0,
    F_ALIVE,
    F_ALPHA,
    F_B,
    F_B0,
    F_BEST,
    F_BEST_MOVE,
    F_BETA,
    F_CNT,
    F_EHI,
    F_ELO,
    F_H0,
    F_K,
    F_LED,
    F_MSTATE,
    F_POS,
    F_RAW,
    F_SEAT,
    F_SLOT,
    F_UOFF,
    F_WIN,
    F_WSEAT,
    F_Y,
    FS,
    INF,
    MOVES,
    OPEN,
    Memory,
    probe,
    store,
)

legal = compiled(rules.legal)


VOFF = 1 << 20


@jit(inline=True, counted=False)
def reps(lm: int, alive: int, order: Any, val: Any, mv: Any, at: int) -> int:
    """One card per run of equivalent cards of ``lm`` (next in rank among ``alive``, same amount), written
    to ``mv[at:]`` suit by suit, low to high; returns how many."""
    cnt = 0
    for s in range(4):
        if not lm >> (13 * s) & 0x1FFF:
            continue
        prev_in = False
        prev_val = 0
        for j in range(13):
            i = order[13 * s + j]
            if i < 0:
                break
            if not alive >> i & 1:
                continue
            if lm >> i & 1:
                v = val[i]
                if not (prev_in and v == prev_val):
                    mv[at + cnt] = i
                    cnt += 1
                prev_in = True
                prev_val = v
            else:
                prev_in = False
    return cnt


@jit(inline=True, counted=False)
def _sort(mv: Any, mk: Any, at: int, cnt: int, start: int) -> None:
    """Stable insertion sort of ``mv[at+start:at+cnt]`` by the keys ``mk`` (ascending)."""
    for x in range(at + start + 1, at + cnt):
        m, key = mv[x], mk[x]
        y = x - 1
        while y >= at + start and mk[y] > key:
            mv[y + 1] = mv[y]
            mk[y + 1] = mk[y]
            y -= 1
        mv[y + 1] = m
        mk[y + 1] = key


class Tables(NamedTuple):
    """A deal's tables for the search, the same from its first node to its last: the parameters ``P`` (the
    rules of the trick and the side: the ``P_`` offsets), per card what beats it, its amount, strength and the
    cards of its suit below it, the cards in play in rank order per suit, the amount classes, per trick its
    base amount and the amounts still to come (positive and negative), the March's correction per seat."""

    P: Any
    over: Any
    val: Any
    st: Any
    lower: Any
    order: Any
    cls: Any
    base: Any
    pos_from: Any
    neg_from: Any
    mfix: Any


class At(NamedTuple):
    """Where a search starts: ``seat`` to move, ``pos`` cards of trick ``k`` played so far (0: ``seat`` leads
    it), suit ``led`` and card ``win`` winning for ``wseat``, ``raw`` their amounts; ``mstate``: for the March,
    the seat that has taken every trick so far (-2 none yet, -1 two seats have); ``alive``: the cards in play
    at the start of this trick; the window (``alpha``, ``beta``)."""

    seat: int
    pos: int
    led: int
    win: int
    wseat: int
    raw: int
    k: int
    mstate: int
    alive: int
    alpha: int
    beta: int


# --- move ordering -----------------------------------------------------------------------------------------


@jit(inline=True, counted=False)
def lead_class(h: Any, seat: int, i: int, suit: int, ours: int, side: int, n: int, lower: Any) -> int:
    """Where tricks are bad for the side, how promising the lead of card ``i`` (of ``suit``) by ``seat`` is,
    0 best: for the side, a card some opponent must overtake (it holds only higher cards of the suit); against
    it, a card every side's card of the suit must overtake, then one the side can duck, last a suit the side
    holds none of (it discards)."""
    if ours:
        for o in range(n):
            if not side >> o & 1 and h[o] & suit and not h[o] & lower[i]:
                return 0
        return 1
    mine = 0
    for o in range(n):
        if side >> o & 1:
            mine |= h[o]
    if not mine & suit:
        return 2
    return 1 if mine & lower[i] else 0


@jit(inline=True, counted=False)
def order_leads(h: Any, seat: int, k: int, alive: int, first: int, P: Any, over: Any, val: Any, st: Any, order: Any,
                lower: Any, mv: Any, mk: Any) -> int:
    """The leads of ``seat`` to trick ``k``, one per class of equivalent cards, in the order they are tried:
    the table's best lead (``first``) first, then short suits before long, low cards first when the side
    wants tricks, high ones when it does not; written to the ply's moves, returns how many."""
    ply = MOVES * ((k - 1) * P[P_N])
    cnt = reps(legal(h[seat], -1, -1, P, over), alive, order, val, mv, ply)
    if cnt > 1:
        start = 0
        if first >= 0:
            for y in range(cnt):
                if mv[ply + y] == first:
                    for z in range(y, 0, -1):
                        mv[ply + z] = mv[ply + z - 1]
                    mv[ply] = first
                    start = 1
                    break
        side = P[P_SIDE]
        ours = side >> seat & 1
        up = P[P_GOOD] != ours
        hs = h[seat]
        for y in range(start, cnt):
            i = mv[ply + y]
            suit = 0x1FFF << (13 * (i // 13))
            ln = popcount(hs & suit)
            key = ln * 64 + (-st[i] if up else st[i])
            if not P[P_GOOD]:
                key += 4096 * lead_class(h, seat, i, suit, ours, side, P[P_N], lower)
            mk[ply + y] = key
        _sort(mv, mk, ply, cnt, start)
    return cnt


@jit(inline=True, counted=False)
def order_follows(h: Any, seat: int, pos: int, k: int, led: int, win: int, wseat: int, alive: int, P: Any, over: Any,
                  val: Any, st: Any, order: Any, mv: Any, mk: Any) -> int:
    """The cards ``seat`` may play as the ``pos``-th to trick ``k`` (card ``win`` winning for ``wseat``), one
    per class of equivalent cards, in the order they are tried: where tricks are good, the cheapest card that
    wins; for the side, a winner as low as it goes, else its costliest card under the winner; against it, the
    side shedding under a partner's winner its cheapest card, else the highest; written to the ply's moves,
    returns how many."""
    ply = MOVES * ((k - 1) * P[P_N] + pos)
    lm = legal(h[seat], led, win, P, over)
    if not lm & (lm - 1):
        mv[ply] = _low(lm)
        return 1
    cnt = reps(lm, alive, order, val, mv, ply)
    if cnt > 1:
        ow = over[win]
        good = P[P_GOOD]
        side = P[P_SIDE]
        sign = P[P_SIGN]
        maximise = side >> seat & 1
        for y in range(cnt):
            i = mv[ply + y]
            beats = ow >> i & 1
            if good:
                key = st[i] - beats * 64
            elif maximise:
                key = st[i] + 64 if beats else sign * val[i] * 128 - st[i]
            elif side >> wseat & 1:
                key = beats << 40 | (sign * val[i] + VOFF) << 8 | (64 - st[i])
            else:
                key = -st[i]
            mk[ply + y] = key
        _sort(mv, mk, ply, cnt, 0)
    return cnt


# --- the search --------------------------------------------------------------------------------------------


@jit(counted=False)
def node(h: Any, at: At, T: Tables, M: Memory) -> int:
    """The side's value of the rest of the deal from ``at``, searched in its window (``at.alpha``, ``at.beta``);
    ``h``: the hands (changed during the search, restored on return). ``at``, ``T`` and ``M`` may come as plain
    tuples of their fields in order, as :class:`~keinstich.bots.search.TrickSearch` gives them: numba reads a
    plain tuple faster than a named one, which counts in the Monte Carlo bot's many small searches.

    Alpha-beta written as a loop over an explicit stack of frames (``M.fr``, :data:`FS` fields each), not as
    a recursion: numba's disk cache cannot hold a recursive function (numba issue 6061). Each frame is a
    position: entered, it is settled by :func:`settled` or :func:`probe` or gets its moves in order
    (:func:`order_leads`, :func:`order_follows`); a child's value comes back into its window; searched, it is
    kept by :func:`store` (at a trick's start) and returns.
    """
    P, over, val, st, lower, order, cls, base, pos_from, neg_from, mfix = T
    mv, mk, kw, tt, fr = M
    n = P[P_N]
    total = P[P_TOTAL]
    side = P[P_SIDE]
    sign = P[P_SIGN]
    march = P[P_MARCH]
    d = 0
    f = 0
    fr[F_SEAT], fr[F_POS], fr[F_LED], fr[F_WIN], fr[F_WSEAT], fr[F_RAW], fr[F_K], fr[F_MSTATE], fr[F_ALIVE], \
        fr[F_ALPHA], fr[F_BETA] = at
    entering = True
    ret = 0
    while True:
        f = d * FS
        seat = fr[f + F_SEAT]
        pos = fr[f + F_POS]
        k = fr[f + F_K]
        if entering:
            P[P_NODES] += 1
            alpha = fr[f + F_ALPHA]
            beta = fr[f + F_BETA]
            done = False
            if pos == 0:
                if k > total:
                    ret, done = 0, True
                else:
                    mstate = fr[f + F_MSTATE]
                    alive = 0
                    for o in range(n):
                        alive |= h[o]
                    fr[f + F_ALIVE] = alive
                    ret = settled(h, seat, k, mstate, alive, alpha, beta, P, over, val, base, pos_from, neg_from,
                                  mfix)
                    if ret == OPEN:
                        ret = probe(h, seat, k, mstate, alive, alpha, beta, P, order, cls, kw, tt, fr, f)
                        if ret == OPEN:
                            ret = tightened(h, seat, k, alive, fr[f + F_A0], fr[f + F_B0], P, val, base, lower, order,
                                            pos_from, neg_from)
                    done = ret != OPEN
                    if not done:
                        fr[f + F_CNT] = order_leads(h, seat, k, alive, fr[f + F_BEST_MOVE], P, over, val, st, order,
                                                    lower, mv, mk)
            else:
                fr[f + F_CNT] = order_follows(h, seat, pos, k, fr[f + F_LED], fr[f + F_WIN], fr[f + F_WSEAT],
                                              fr[f + F_ALIVE], P, over, val, st, order, mv, mk)
                fr[f + F_A0] = alpha
                fr[f + F_B0] = beta
            if done:
                if d == 0:
                    return ret
                d -= 1
                entering = False
                continue
            fr[f + F_A] = fr[f + F_A0]
            fr[f + F_B] = fr[f + F_B0]
            fr[f + F_BEST] = -INF if side >> seat & 1 else INF
            fr[f + F_BEST_MOVE] = mv[MOVES * ((k - 1) * n + pos)]
            fr[f + F_H0] = h[seat]
            fr[f + F_Y] = 0
        else:
            # a child returned ``ret``: take it into this frame's best and window
            v = ret + fr[f + F_UOFF]
            y = fr[f + F_Y]
            i = mv[MOVES * ((k - 1) * n + pos) + y]
            a = fr[f + F_A]
            b = fr[f + F_B]
            best = fr[f + F_BEST]
            if side >> seat & 1:
                if v > best:
                    best = v
                    fr[f + F_BEST_MOVE] = i
                    if v > a:
                        a = v
            else:
                if v < best:
                    best = v
                    fr[f + F_BEST_MOVE] = i
                    if v < b:
                        b = v
            fr[f + F_A] = a
            fr[f + F_B] = b
            fr[f + F_BEST] = best
            y += 1
            fr[f + F_Y] = y
            if a >= b or y >= fr[f + F_CNT]:
                # this position is searched: restore the hand, keep what was learnt, return
                h[seat] = fr[f + F_H0]
                if pos == 0:
                    store(fr[f + F_SLOT], k, best, fr[f + F_BEST_MOVE], fr[f + F_A0], fr[f + F_B0], fr[f + F_ELO],
                          fr[f + F_EHI], fr[f + F_ALIVE], P, lower, kw, tt)
                ret = best
                if d == 0:
                    return ret
                d -= 1
                continue
        # descend into move y of this frame
        y = fr[f + F_Y]
        i = mv[MOVES * ((k - 1) * n + pos) + y]
        bit = 1 << i
        h[seat] = fr[f + F_H0] ^ bit
        a = fr[f + F_A]
        b = fr[f + F_B]
        g = f + FS
        if pos == 0:
            fr[f + F_UOFF] = 0
            fr[g + F_SEAT] = seat + 1 if seat + 1 < n else 0
            fr[g + F_POS] = 1
            fr[g + F_LED] = i // 13
            fr[g + F_WIN] = i
            fr[g + F_WSEAT] = seat
            fr[g + F_RAW] = val[i]
            fr[g + F_K] = k
            fr[g + F_MSTATE] = fr[f + F_MSTATE]
            fr[g + F_ALIVE] = fr[f + F_ALIVE]
            fr[g + F_ALPHA] = a
            fr[g + F_BETA] = b
        else:
            win = fr[f + F_WIN]
            if over[win] & bit:
                w2, ws2 = i, seat
            else:
                w2, ws2 = win, fr[f + F_WSEAT]
            r2 = fr[f + F_RAW] + val[i]
            if pos + 1 == n:
                u = sign * (r2 + base[k]) if side >> ws2 & 1 else 0
                m2 = 0
                if march:
                    ms = fr[f + F_MSTATE]
                    m2 = ws2 if (ms == -2 or ms == ws2) else -1
                    if k == total and m2 >= 0:
                        u += mfix[m2]
                fr[f + F_UOFF] = u
                fr[g + F_SEAT] = ws2
                fr[g + F_POS] = 0
                fr[g + F_K] = k + 1
                fr[g + F_MSTATE] = m2
                fr[g + F_ALPHA] = a - u
                fr[g + F_BETA] = b - u
            else:
                fr[f + F_UOFF] = 0
                fr[g + F_SEAT] = seat + 1 if seat + 1 < n else 0
                fr[g + F_POS] = pos + 1
                fr[g + F_LED] = fr[f + F_LED]
                fr[g + F_WIN] = w2
                fr[g + F_WSEAT] = ws2
                fr[g + F_RAW] = r2
                fr[g + F_K] = k
                fr[g + F_MSTATE] = fr[f + F_MSTATE]
                fr[g + F_ALIVE] = fr[f + F_ALIVE]
                fr[g + F_ALPHA] = a
                fr[g + F_BETA] = b
        d += 1
        entering = True


__all__ = ["INF", "OPEN", "At", "Memory", "Tables", "lead_class", "legal", "node", "order_follows", "order_leads",
           "probe", "reps", "settled", "store"]

"""The exact search's bounds at the start of a trick (:func:`settled`): the amounts still to come bound the
side's value, and, for a side of one seat under plain rules (follow suit, no trumps), the trick being led
tightens them: when the side must take it whatever it plays (every opponent can duck under its card), it
gets the trick's own amount and its card's; when it can surely lose it (an opponent must overtake, or it
can play under the lead), it does not. The search stops where the bounds meet or leave the window."""

from __future__ import annotations

from typing import Any

from keinstich.kernel.bits import low_index as _low
from keinstich.kernel.jit import jit
from keinstich.kernel.layout import (
    P_MARCH,
    P_N,
    P_SIDE,
    P_SIGN,
    P_SIMPLE,
    P_TOTAL,
    P_VALUED,
)
from keinstich.kernel.search_table import INF, OPEN


@jit(inline=True, counted=False)
def _ducks(h: Any, o: int, suit: int, under: int, lower: Any) -> bool:
    """Whether seat ``o`` can play under card ``under`` (of ``suit``): it holds none of the suit, or a lower one."""
    return not h[o] & suit or h[o] & lower[under] != 0


@jit(inline=True, counted=False)
def _lowest(m: int, lower: Any) -> int:
    """The weakest card of ``m`` (cards of one suit)."""
    x = m
    while x:
        b = x & -x
        c = _low(b)
        if not m & lower[c]:
            return c
        x ^= b
    return -1


@jit(inline=True, counted=False)
def led_trick(h: Any, seat: int, k: int, lo: int, hi: int, P: Any, val: Any, base: Any, lower: Any) -> tuple[int, int]:
    """The bounds ``lo``, ``hi`` of the side's value (one seat, plain rules) tightened by trick ``k``, which
    ``seat`` leads: ``hi`` when the side must take it, ``lo`` when the side can surely lose it."""
    n = P[P_N]
    sign = P[P_SIGN]
    s_ = _low(P[P_SIDE])
    hs = h[s_]
    sb = sign * base[k]
    take = sb if sb < 0 else 0  # the trick's own amount to the side, where it is a loss
    lo2 = lo
    hi2 = hi
    if seat == s_:
        forced = True
        keep = -INF    # the side's best card to take the trick with
        shed = 0       # the most a lead that surely loses keeps out of the side's tricks
        x = hs
        while x:
            b = x & -x
            c = _low(b)
            x ^= b
            v = sign * val[c]
            neg = v if v < 0 else 0
            if neg > keep:
                keep = neg
            suit = 0x1FFF << (13 * (c // 13))
            loses = False
            for o in range(n):
                if o != s_ and h[o] & suit and not h[o] & lower[c]:
                    loses = True
                    break
            if loses:
                forced = False
                if -neg > shed:
                    shed = -neg
                lo2 = lo - take + shed
        if forced:
            hi2 = hi + take + keep
        return lo2, hi2
    # an opponent leads: the side is made to take the trick, or can duck it, depending on the lead
    hl = h[seat]
    worst_hi = hi
    best_lo = INF
    x = hl
    while x:
        b = x & -x
        c = _low(b)
        x ^= b
        suit = 0x1FFF << (13 * (c // 13))
        vc = sign * val[c]
        negc = vc if vc < 0 else 0
        mine = hs & suit
        if not mine or hs & lower[c]:
            # the side plays under the lead (or discards): it does not take this trick
            duck = mine & lower[c] if mine else hs
            out = 0
            y = duck
            while y:
                bb = y & -y
                v = sign * val[_low(bb)]
                if -v > out:
                    out = -v
                y ^= bb
            e = lo - take - negc + out
            if e < best_lo:
                best_lo = e
            continue
        # the side holds only higher cards of the suit: it takes the trick when the others duck
        best_lo = lo if lo < best_lo else best_lo
        m = _lowest(mine, lower)
        ok = True
        o = seat + 1 if seat + 1 < n else 0
        before = True
        while o != seat:
            if o == s_:
                before = False
            elif not _ducks(h, o, suit, c if before else m, lower):
                ok = False
                break
            o = o + 1 if o + 1 < n else 0
        if ok:
            keep = -INF
            y = mine
            while y:
                bb = y & -y
                v = sign * val[_low(bb)]
                neg = v if v < 0 else 0
                if neg > keep:
                    keep = neg
                y ^= bb
            e = hi + take + negc + keep
            if e < worst_hi:
                worst_hi = e
    if best_lo > lo2 and best_lo < INF:
        lo2 = best_lo
    return lo2, worst_hi


@jit(inline=True, counted=False)
def settled(h: Any, seat: int, k: int, mstate: int, alive: int, alpha: int, beta: int, P: Any, over: Any, val: Any,
            base: Any, lower: Any, pos_from: Any, neg_from: Any, mfix: Any) -> int:
    """At the start of trick ``k``: the value when it is known without a search, else :data:`OPEN`. Without the
    March, the amounts still to come bound it (each card's and trick's amount going to the side or not),
    tightened by the trick being led (:func:`led_trick`): the search stops when the bounds meet, or lie
    outside the window. The last trick plays itself out."""
    sign = P[P_SIGN]
    if not P[P_MARCH]:
        lo = neg_from[k]
        hi = pos_from[k]
        m = alive & P[P_VALUED]
        while m:
            low = m & -m
            u = sign * val[_low(low)]
            if u > 0:
                hi += u
            else:
                lo += u
            m ^= low
        if lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if lo >= beta:
            return lo
        if k != P[P_TOTAL] and P[P_SIMPLE] and not P[P_SIDE] & (P[P_SIDE] - 1):
            lo, hi = led_trick(h, seat, k, lo, hi, P, val, base, lower)
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
    if k != P[P_TOTAL]:
        return OPEN
    n = P[P_N]  # one card each: play the trick out
    c0 = _low(h[seat])
    w, ws, r = c0, seat, val[c0]
    p = seat
    for _ in range(n - 1):
        p = p + 1 if p + 1 < n else 0
        c = _low(h[p])
        r += val[c]
        if over[w] >> c & 1:
            w, ws = c, p
    u = sign * (r + base[k]) if P[P_SIDE] >> ws & 1 else 0
    if P[P_MARCH] and (mstate == -2 or mstate == ws):
        u += mfix[ws]
    return u


__all__ = ["led_trick", "settled"]

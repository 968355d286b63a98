"""The exact search's bounds at the start of a trick (:func:`settled`): the amounts still to come bound the
side's value, and, for a side of one seat under plain rules (follow suit, no trumps), its cards tighten them:
for the rest of the deal when, suit by suit, it can go under every lead the opponents can make (it need take
no trick more), or they can go under each of its leads (they can leave it every trick) (:func:`run_out`);
else by the trick being led (:func:`led_trick`): when the side must take it whatever it plays (every
opponent can duck under its card), it gets the trick's own amount and its card's; when it can surely lose
it (an opponent must overtake, or it can play under the lead), it does not. The search stops where the
bounds meet or leave the window."""

from __future__ import annotations

from typing import Any

from keinstich.kernel.bits import low_index as _low
from keinstich.kernel.bits import popcount
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
def _under(h: Any, s_: int, s: int, order: Any, skip: int, gone: int, n: int) -> bool:
    """Whether seat ``s_`` (its cards of suit ``s`` but card ``skip``) can go under every lead of the suit by
    the other seats (their cards but card ``gone``). The suit is led at most as often as the longest of them
    holds it (each follows every lead), so the seat needs as many of its lowest cards: in rank order, the
    i-th of those is below the i-th lowest card of the others while both last. Playing to each lead its
    highest card below it keeps that true, whatever else they play."""
    suit = 0x1FFF << (13 * s)
    mine = h[s_]
    m = popcount(mine & suit) - (1 if skip >= 0 else 0)
    others = 0
    longest = 0
    for o in range(n):
        if o != s_:
            x = h[o] & suit & ~(1 << gone) if gone >= 0 else h[o] & suit
            others |= x
            ln = popcount(x)
            if ln > longest:
                longest = ln
    if longest < m:
        m = longest
    a = 0
    b = 0
    for j in range(13):
        i = order[13 * s + j]
        if i < 0 or b >= m:
            break
        if i == skip:
            continue
        if mine >> i & 1:
            a += 1
        elif others >> i & 1:
            b += 1
            if a < b:
                return False
    return True


@jit(inline=True, counted=False)
def _bad_suits(h: Any, s_: int, order: Any, n: int) -> int:
    """The suits (a bit each) in which seat ``s_`` cannot go under every lead (:func:`_under`)."""
    bad = 0
    for s in range(4):
        if h[s_] >> (13 * s) & 0x1FFF and not _under(h, s_, s, order, -1, -1, n):
            bad |= 1 << s
    return bad


@jit(inline=True, counted=False)
def _over(mine: int, other: int, s: int, order: Any) -> bool:
    """Whether seat ``other`` (its cards of suit ``s``) can go under each lead of the suit from ``mine``,
    whatever their order: the i-th lowest of ``other`` is below the i-th lowest of ``mine`` while both last."""
    p = popcount(other & (0x1FFF << (13 * s)))
    a = 0
    b = 0
    for j in range(13):
        i = order[13 * s + j]
        if i < 0:
            break
        if other >> i & 1:
            b += 1
        elif mine >> i & 1:
            a += 1
            if a <= p and b < a:
                return False
    return True


@jit(inline=True, counted=False)
def run_out(h: Any, seat: int, lo: int, hi: int, P: Any, lower: Any, order: Any, bad: int) -> tuple[int, int]:
    """The bounds ``lo``, ``hi`` of the side's value (one seat, plain rules) tightened by what its cards allow
    for the rest of the deal. Off lead, when in each suit it can go under every lead (:func:`_under`), it
    can take no trick more (it never wins one, so it never leads): its value is 0 at worst; on lead,
    likewise after a lead that some opponent must overtake. On lead, when in each suit every opponent can go
    under each of its leads (:func:`_over`), the opponents can leave it every trick left: its value is at
    most all that is still to come (where tricks are bad for it, exactly that)."""
    n = P[P_N]
    s_ = _low(P[P_SIDE])
    hs = h[s_]
    if seat == s_:
        top = True
        for s in range(4):
            suit = 0x1FFF << (13 * s)
            if not hs & suit:
                continue
            for o in range(n):
                if o != s_ and h[o] & suit and not _over(hs, h[o], s, order):
                    top = False
                    break
            if not top:
                break
        if top:
            return lo, lo + hi
        if lo >= 0 or bad & (bad - 1):
            return lo, hi
        for s in range(4):
            if bad and not bad >> s & 1:
                continue
            suit = 0x1FFF << (13 * s)
            x = hs & suit
            while x:
                c = _low(x & -x)
                x &= x - 1
                forced = False
                for o in range(n):
                    if o != s_ and h[o] & suit and not h[o] & lower[c]:
                        forced = True
                        break
                if forced and _under(h, s_, s, order, c, -1, n):
                    return 0, hi
        return lo, hi
    if lo >= 0 or bad:
        return lo, hi
    return 0, hi


@jit(inline=True, counted=False)
def _ducks_out(h: Any, s_: int, c: int, bad: int, order: Any, lower: Any, n: int) -> bool:
    """Whether the side (seat ``s_``) can go under the lead of card ``c`` by an opponent so that afterwards it
    can go under every lead, suit by suit (:func:`_under`; ``bad``: the suits where it cannot now)."""
    hs = h[s_]
    t = c // 13
    mine = hs & (0x1FFF << (13 * t))
    if mine:
        if bad & ~(1 << t):
            return False
        if not bad:
            return mine & lower[c] != 0
        x = mine & lower[c]
        while x:
            if _under(h, s_, t, order, _low(x & -x), c, n):
                return True
            x &= x - 1
        return False
    if not bad:
        return True
    f = _low(bad)
    if bad != 1 << f:
        return False
    x = hs & (0x1FFF << (13 * f))
    while x:
        if _under(h, s_, f, order, _low(x & -x), -1, n):
            return True
        x &= x - 1
    return False


@jit(inline=True, counted=False)
def led_trick(h: Any, seat: int, k: int, lo: int, hi: int, P: Any, val: Any, base: Any, lower: Any,
              order: Any, bad: int) -> tuple[int, int]:
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
    # an opponent leads: the side is made to take the trick, or can duck it, depending on the lead; ducking
    # it, it may be left able to go under every lead after (:func:`_ducks_out`), when it fails in one suit
    hl = h[seat]
    one_bad = bad != 0 and not bad & (bad - 1)
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
            if e < 0 and one_bad and _ducks_out(h, s_, c, bad, order, lower, n):
                e = 0
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
def _amounts(k: int, alive: int, P: Any, val: Any, pos_from: Any, neg_from: Any) -> tuple[int, int]:
    """The least and the most the side can get from trick ``k`` on: the amounts still to come (each card's
    and each trick's) that are losses to it, and those that are gains."""
    sign = P[P_SIGN]
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
    return lo, hi


@jit(inline=True, counted=False)
def _decided(lo: int, hi: int, alpha: int, beta: int) -> int:
    """What bounds ``lo`` .. ``hi`` decide in the window (``alpha``, ``beta``): the value where they meet, a
    bound outside the window, else :data:`OPEN` (search on)."""
    if lo == hi:
        return lo
    if hi <= alpha:
        return hi
    if lo >= beta:
        return lo
    return OPEN


@jit(inline=True, counted=False)
def settled(h: Any, seat: int, k: int, mstate: int, alive: int, alpha: int, beta: int, P: Any, over: Any, val: Any,
            base: Any, pos_from: Any, neg_from: Any, mfix: Any) -> int:
    """At the start of trick ``k``: the value when it is known without a search, else :data:`OPEN`. Without the
    March, the amounts still to come bound it (:func:`_amounts`): the search stops when the bounds meet, or
    lie outside the window. The last trick plays itself out."""
    sign = P[P_SIGN]
    if not P[P_MARCH]:
        lo, hi = _amounts(k, alive, P, val, pos_from, neg_from)
        v = _decided(lo, hi, alpha, beta)
        if v != OPEN:
            return v
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


@jit(inline=True, counted=False)
def tightened(h: Any, seat: int, k: int, alive: int, alpha: int, beta: int, P: Any, val: Any, base: Any,
              lower: Any, order: Any, pos_from: Any, neg_from: Any) -> int:
    """At the start of trick ``k`` (not the last), for a side of one seat under plain rules without the
    March: the bounds of :func:`settled` tightened by the side's cards (:func:`run_out`) and by the trick
    being led (:func:`led_trick`); a bound outside the window (``alpha``, ``beta``), or the value where they
    meet, else :data:`OPEN`. Asked after the table, whose bounds may have narrowed the window."""
    if P[P_MARCH] or not P[P_SIMPLE] or P[P_SIDE] & (P[P_SIDE] - 1):
        return OPEN
    lo, hi = _amounts(k, alive, P, val, pos_from, neg_from)
    bad = _bad_suits(h, _low(P[P_SIDE]), order, P[P_N]) if lo < 0 else 0
    lo, hi = run_out(h, seat, lo, hi, P, lower, order, bad)
    v = _decided(lo, hi, alpha, beta)
    if v != OPEN:
        return v
    lo, hi = led_trick(h, seat, k, lo, hi, P, val, base, lower, order, bad)
    return _decided(lo, hi, alpha, beta)


__all__ = ["led_trick", "run_out", "settled", "tightened"]

"""Play a trick deal to its end on bitmasks: by uniformly random legal cards, or by the heuristic bot in
every seat. One loop for both, under the rules of :mod:`keinstich.kernel.rules` (the legal cards, the
winner, what a play shows) and the trick machine's scoring and early end (``stop_when_decided``).

The deal goes in as hands, the trick in progress and what each seat has shown; out come the cards
played (``seq``, for the trick machine to replay), the amounts each seat took and the tricks it won.
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.bits import low_index, popcount
from keinstich.kernel.heuristic import nt_pick, trump_pick
from keinstich.kernel.jit import compiled, jit
from keinstich.kernel.layout import (
    FAIR,
    H_BASE,
    H_COST,
    H_HF,
    H_SIZE,
    HF_TRUMP,
    MAX_SEATS,
    P_FORCED,
    P_MARCH,
    P_N,
    P_NOLEAD,
    P_STOP,
    P_TOTAL,
    P_TRUMP,
    P_VALUED,
    RANDOM,
    S_HANDS,
    S_IN_PLAY,
    S_K,
    S_KNOWN,
    S_LIMIT,
    S_MODE,
    S_MSTATE,
    S_ORDER,
    S_PLAYED,
    S_SCORES,
    S_SEAT,
    S_SEEN,
    S_SEQ,
    S_SIZE,
    S_SOLOIST,
    S_TLEN,
    S_TRICK,
    S_VOIDS,
    S_WINNERS,
    S_WON,
    T_DECIDED,
    T_HIGHER,
    T_LOWER,
    T_OVER,
    T_P,
    T_RBASE,
    T_SIZE,
    T_ST,
    T_VAL,
)
from keinstich.kernel.rules import reveals as _reveals
from keinstich.kernel.search import legal
from keinstich.kernel.suit_order import suit_order

reveals = compiled(_reveals)


@jit()
def _play(h: Any, seat: int, k: int, trick: Any, tlen: int, known: Any, voids: Any, played: int, in_play: int,
          mstate: int, soloist: int, mode: int, rnd: Any, P: Any, over: Any, val: Any, rbase: Any, decided: Any,
          HF: Any, cost: Any, st: Any, lower: Any, higher: Any, cbase: Any, seq: Any, scores: Any, won: Any,
          winners: Any, first: int, head: Any, seen: Any) -> int:
    """Play on from seat ``seat`` to move in trick ``k`` (``trick[:tlen]`` down) to the end of the deal,
    or ``head[S_LIMIT]`` cards when that is not 0; ``head`` then holds where the play stopped (its seat to
    move, -1 at the end, its trick number and cards down, the cards played, the March state).

    ``known[s]``: what the heuristic knows of seat ``s`` (the suits it has shown it lacks as bits; in a
    trump game the cards it cannot hold); ``soloist``: in a trump game the seat playing alone (-1: every
    seat alone); ``seen[s]``: cards out of play that seat ``s`` has seen (so are not among its unseen
    cards; a Herzblatt soloist's discards); ``first``: the card the seat to move plays first (-1: the mode
    picks it too); ``rnd``: one uniform number in [0, 1) per card left, for ``mode`` :data:`RANDOM`;
    ``decided[k]``: whether the contract's per-trick amounts leave nothing to come after trick ``k``.
    ``voids[s]``: the suits seat ``s`` has shown it lacks, kept up to date. ``scores`` and ``won`` gain each
    seat's raw amounts and tricks, ``winners`` the winner of each trick finished; returns how many cards
    went to ``seq``. In mode ``FAIR`` the heuristic breaks its ties between suits by the order
    :func:`~keinstich.kernel.suit_order.suit_order` reads off the deal here, at the start (``head[S_ORDER:]``).
    """
    n = P[P_N]
    total = P[P_TOTAL]
    trumps = HF[HF_TRUMP] >= 0
    everyone = (1 << n) - 1
    fair = mode == FAIR
    order = head[S_ORDER:S_ORDER + 4]
    if fair:
        fixed = 0
        if P[P_TRUMP] >= 0:
            fixed |= 1 << P[P_TRUMP]
        for s in range(4):
            if P[P_NOLEAD] >> (13 * s) & 0x1FFF:
                fixed |= 1 << s
        if P[P_FORCED]:
            fixed |= 1 << (low_index(P[P_FORCED]) // 13)
        live = in_play & ~played
        for j in range(tlen):
            live |= 1 << trick[j]
        suit_order(h, n, trick, tlen, known, live, seen, cost, st, fixed, trumps, order)
    led = -1
    win = -1
    wseat = -1
    raw = 0
    if tlen:
        leader = (seat - tlen) % n
        led = trick[0] // 13
        win, wseat, raw = trick[0], leader, val[trick[0]]
        for j in range(1, tlen):
            c = trick[j]
            raw += val[c]
            if over[win] >> c & 1:
                win, wseat = c, (leader + j) % n
    played_n = 0
    done = 0
    limit = head[S_LIMIT]
    while True:
        hand = h[seat]
        lm = legal(hand, led, win, P, over)
        if first >= 0:
            c = first
            first = -1
        elif mode == RANDOM:
            m = lm
            skip = int(rnd[played_n] * popcount(m))
            while skip:
                m &= m - 1
                skip -= 1
            c = low_index(m)
        elif not lm & (lm - 1):
            c = low_index(lm)
        elif trumps:
            side = 1 << seat if soloist < 0 or seat == soloist else everyone & ~(1 << soloist)
            hint = 0
            for o in range(n):
                x = popcount(h[o])
                if x > hint:
                    hint = x
            c = trump_pick(k, n, seat, hand, lm, trick, tlen, in_play & ~played & ~hand & ~seen[seat], known,
                           side, hint, HF, cost, st, over, higher, cbase, fair, order)[0]
        else:
            c = nt_pick(k, n, seat, hand, lm, trick, tlen, in_play & ~played & ~hand & ~seen[seat], known, HF,
                        cost, st, over, lower, higher, cbase, fair, order)[0]
        if tlen and c // 13 != led:
            voids[seat] |= 1 << led
        if mode != RANDOM:
            if trumps:
                reveals(known, trick, tlen, seat, c, P, st, higher)
            elif tlen and c // 13 != led:
                known[seat] |= 1 << led
        bit = 1 << c
        h[seat] = hand ^ bit
        played |= bit
        seq[played_n] = c
        played_n += 1
        trick[tlen] = c
        tlen += 1
        if tlen == 1:
            led, win, wseat, raw = c // 13, c, seat, val[c]
        else:
            raw += val[c]
            if over[win] & bit:
                win, wseat = c, seat
        if tlen < n:
            seat = seat + 1 if seat + 1 < n else 0
        else:
            scores[wseat] += raw + rbase[k]
            won[wseat] += 1
            winners[done] = wseat
            done += 1
            mstate = wseat if (mstate == -2 or mstate == wseat) else -1
            ended = k == total
            if not ended and P[P_STOP] and decided[k]:
                left = 0
                for o in range(n):
                    left |= h[o]
                # stop_when_decided: no later trick can change a score
                ended = not left & P[P_VALUED] and (not P[P_MARCH] or mstate == -1)
            if ended:
                seat = -1
            else:
                k += 1
                tlen = 0
                led = -1
                win = -1
                seat = wseat
        if seat < 0 or played_n == limit:
            head[S_SEAT] = seat
            head[S_K] = k
            head[S_TLEN] = tlen
            head[S_PLAYED] = played
            head[S_MSTATE] = mstate
            return played_n




@jit()
def run(S: Any, T: Any, H: Any, rnd: Any, first: int) -> int:
    """:func:`_play` on a deal held in one state array ``S`` (offsets ``S_…``; read, then updated with
    the hands, what is known, the voids, the scores, tricks won, winners and the cards played) under the
    tables ``T`` and ``H``; returns how many cards were played."""
    n = T[T_P + P_N]
    return _play(S[S_HANDS:S_HANDS + n], S[S_SEAT], S[S_K], S[S_TRICK:S_TRICK + n], S[S_TLEN],
                 S[S_KNOWN:S_KNOWN + n], S[S_VOIDS:S_VOIDS + n], S[S_PLAYED], S[S_IN_PLAY], S[S_MSTATE],
                 S[S_SOLOIST], S[S_MODE], rnd, T[T_P:T_OVER], T[T_OVER:T_OVER + 52], T[T_VAL:T_VAL + 52],
                 T[T_RBASE:T_DECIDED], T[T_DECIDED:T_SIZE], H[H_HF:H_COST], H[H_COST:H_COST + 52],
                 T[T_ST:T_ST + 52], T[T_LOWER:T_LOWER + 52], T[T_HIGHER:T_HIGHER + 52], H[H_BASE:H_SIZE],
                 S[S_SEQ:S_SIZE], S[S_SCORES:S_SCORES + n], S[S_WON:S_WON + n], S[S_WINNERS:S_SEQ], first,
                 S[0:S_HANDS], S[S_SEEN:S_SEEN + n])


@jit()
def after_each(S: Any, T: Any, H: Any, cards: Any, W: Any, rnd: Any, out: Any) -> None:
    """For each of ``cards``: the seat to move in ``S`` plays it, then the heuristic plays every seat to the
    end (:func:`run` on a copy ``W``; ``rnd`` is not read); ``out`` gets, per card, each seat's score, then
    its tricks won (``2 * MAX_SEATS`` numbers per card). The Monte Carlo bot's play-outs of one deal."""
    n = T[T_P + P_N]
    for i in range(len(cards)):
        for j in range(S_SIZE):
            W[j] = S[j]
        run(W, T, H, rnd, cards[i])
        for s in range(n):
            out[2 * MAX_SEATS * i + s] = W[S_SCORES + s]
            out[2 * MAX_SEATS * i + MAX_SEATS + s] = W[S_WON + s]


@jit(nogil=True)
def after_each_deal(S: Any, T: Any, H: Any, cards: Any, W: Any, rnd: Any, out: Any, hands: Any, deals: int) -> None:
    """:func:`after_each` in each of ``deals`` deals: deal ``b`` has the hands ``hands[b * n:(b + 1) * n]`` (the
    rest of ``S`` is the same for all); ``out`` gets deal after deal, ``2 * MAX_SEATS * len(cards)`` numbers each."""
    n = T[T_P + P_N]
    stride = 2 * MAX_SEATS * len(cards)
    played = S[S_PLAYED]
    for b in range(deals):
        in_play = played
        for s in range(n):
            h = hands[b * n + s]
            S[S_HANDS + s] = h
            in_play |= h
        S[S_IN_PLAY] = in_play
        after_each(S, T, H, cards, W, rnd, out[b * stride:(b + 1) * stride])


__all__ = ["after_each", "after_each_deal", "reveals", "run"]

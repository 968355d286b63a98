"""The best one seat can do in a trick deal with every hand open, the others answering as the heuristic bot
does: an exact search of that seat's choices alone (the others' cards follow from the heuristic), on the state
arrays of :mod:`keinstich.kernel.playout`. The coach's "all hands open, against the opponents who played"
(:mod:`keinstich.coach.against`) for a table of heuristic bots.

Branch and bound: a line is cut when even its most hopeful end (every amount still to come that would help the
seat's side going to it) cannot beat what another line already reached. Written as a loop over an explicit stack
of states, one per choice of the seat's (numba's disk cache cannot hold a recursive function).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keinstich.kernel import rules
from keinstich.kernel.bits import low_index
from keinstich.kernel.jit import array, compiled, float_array, jit, zeros
from keinstich.kernel.layout import (
    P_N,
    P_TOTAL,
    S_HANDS,
    S_K,
    S_LIMIT,
    S_SCORES,
    S_SEAT,
    S_SEQ,
    S_SIZE,
    S_TLEN,
    S_TRICK,
    T_OVER,
    T_P,
)
from keinstich.kernel.playout import run
from keinstich.kernel.search import legal

trick_winner = compiled(rules.trick_winner)

NEG = -(1 << 40)
"""Lower than any value."""

ABORT = -(1 << 50)
"""Returned when the search visited more states than it may."""


@jit()
def legal_now(W: Any, T: Any) -> int:
    """The legal cards of the seat to move in state ``W``."""
    seat = W[S_SEAT]
    tlen = W[S_TLEN]
    over = T[T_OVER:T_OVER + 52]
    led = -1
    win = -1
    if tlen:
        trick = W[S_TRICK:S_TRICK + tlen]
        led = trick[0] // 13
        win = trick[trick_winner(trick, tlen, over)]
    return legal(W[S_HANDS + seat], led, win, T[T_P:T_OVER], over)


@jit()
def step(W: Any, T: Any, H: Any, rnd: Any, c: int) -> int:
    """Play one card in ``W``: ``c`` for the seat to move, or (``c`` = -1) the heuristic's; returns the card."""
    W[S_LIMIT] = 1
    run(W, T, H, rnd, c)
    return W[S_SEQ]


@jit()
def advance(W: Any, T: Any, H: Any, rnd: Any, seat: int) -> int:
    """Let the heuristic play every other seat, and ``seat``'s forced cards, until ``seat`` has a choice or the
    deal ends; returns how many cards were played."""
    played = 0
    while W[S_SEAT] >= 0:
        if W[S_SEAT] == seat:
            lm = legal_now(W, T)
            if lm & (lm - 1):
                break
        step(W, T, H, rnd, -1)
        played += 1
    return played


@jit()
def value(W: Any, n: int, side: int, sign: int) -> int:
    """The side's score so far, signed so that higher is better."""
    v = 0
    for s in range(n):
        if side >> s & 1:
            v += W[S_SCORES + s]
    return sign * v


@jit()
def bound(W: Any, n: int, total: int, side: int, sign: int, gain: Any, tgain: Any) -> int:
    """The most the side could still end with: its score so far, every card still out whose amount would help it
    (``gain``) and every trick still to finish whose own amount would (``tgain``)."""
    v = value(W, n, side, sign)
    if W[S_SEAT] < 0:
        return v
    rest = 0
    for s in range(n):
        rest |= W[S_HANDS + s]
    for j in range(W[S_TLEN]):
        rest |= 1 << W[S_TRICK + j]
    while rest:
        c = low_index(rest)
        rest &= rest - 1
        v += gain[c]
    for k in range(W[S_K], total + 1):
        v += tgain[k]
    return v


@jit()
def best_value(stack: Any, depth: int, T: Any, H: Any, rnd: Any, seat: int, side: int, sign: int, gain: Any,
               tgain: Any, alpha0: int, limit: int, counts: Any) -> int:
    """The best value ``seat``'s side can reach from the state in ``stack[:S_SIZE]`` (``seat`` to choose, or the
    deal over): exact when above ``alpha0``, else at most ``alpha0``. ``stack`` holds ``depth`` states (one per
    choice still to make, and one to spare). :data:`ABORT` when more than ``limit`` cards would be played;
    ``counts[0]`` adds the cards played."""
    n = T[T_P + P_N]
    total = T[T_P + P_TOTAL]
    moves = [0] * depth
    first = [0] * depth
    best = [NEG] * depth
    alpha = [NEG] * depth
    bnd = [0] * depth
    W0 = stack[0:S_SIZE]
    scratch = stack[(depth - 1) * S_SIZE:depth * S_SIZE]
    if W0[S_SEAT] < 0:
        return value(W0, n, side, sign)
    bnd[0] = bound(W0, n, total, side, sign, gain, tgain)
    if bnd[0] <= alpha0:
        return bnd[0]
    alpha[0] = alpha0
    moves[0] = legal_now(W0, T)
    first[0] = _heuristic_card(W0, scratch, T, H, rnd)
    d = 0
    while True:
        if moves[d] == 0 or best[d] >= bnd[d]:
            v = best[d]
            if d == 0:
                return v
            d -= 1
            if v > best[d]:
                best[d] = v
            continue
        c = first[d]
        if c < 0 or not moves[d] >> c & 1:
            c = low_index(moves[d])
        moves[d] &= ~(1 << c)
        W = stack[(d + 1) * S_SIZE:(d + 2) * S_SIZE]
        W[:] = stack[d * S_SIZE:(d + 1) * S_SIZE]
        step(W, T, H, rnd, c)
        counts[0] += 1 + advance(W, T, H, rnd, seat)
        if counts[0] > limit:
            return ABORT
        a = alpha[d] if alpha[d] > best[d] else best[d]
        b = bound(W, n, total, side, sign, gain, tgain)
        if W[S_SEAT] < 0 or b <= a:
            if b > best[d]:
                best[d] = b
            continue
        d += 1
        moves[d] = legal_now(W, T)
        first[d] = _heuristic_card(W, scratch, T, H, rnd)
        best[d] = NEG
        alpha[d] = a
        bnd[d] = b


@jit()
def _heuristic_card(W: Any, scratch: Any, T: Any, H: Any, rnd: Any) -> int:
    """The card the heuristic would play for the seat to move in ``W`` (tried first: a good line early cuts
    more)."""
    scratch[:] = W
    return step(scratch, T, H, rnd, -1)


class Search:
    """The kernel's one entry point for this search: one seat's side against the heuristic's answers from one state
    (``root``, a trick deal's :meth:`~keinstich.trick_playout.PlayOut.kernel_state`, with its tables ``T`` and the
    heuristic's ``H``). It owns the stack of states (one per trick still to come, and spares) and the count of cards
    played; a caller hands it card indexes and gets values, higher better for the side (``side``: its seats; ``sign``
    +1 for points won, -1 for a penalty paid; ``gain`` and ``tgain``: what each card and each trick's own amount still
    out could add, signed so, as :func:`bound` reads them). ``limit``: the most cards the searches may play in all."""

    def __init__(self, root: Any, T: Any, H: Any, *, seat: int, side: Sequence[int], sign: int,
                 gain: Sequence[int], tgain: Sequence[int], total: int, limit: int) -> None:
        self.root, self.T, self.H = root, T, H
        self.seat, self.side, self.sign, self.limit = seat, sum(1 << s for s in side), sign, limit
        self.gain, self.tgain = array(gain), array([*tgain, 0, 0])
        self.depth = total + 3
        self.stack = zeros(self.depth * S_SIZE)
        self.counts = zeros(1)
        self.rnd = float_array(())

    def value(self, card: int, alpha: int = NEG) -> int:
        """The best the side can reach once the seat plays ``card`` now: exact when above ``alpha``, else at most
        ``alpha``; :data:`ABORT` when the searches together would play more than ``limit`` cards."""
        W = self.stack[0:S_SIZE]
        W[:] = self.root
        step(W, self.T, self.H, self.rnd, card)
        self.counts[0] += 1 + advance(W, self.T, self.H, self.rnd, self.seat)
        return int(best_value(self.stack, self.depth, self.T, self.H, self.rnd, self.seat, self.side, self.sign,
                              self.gain, self.tgain, alpha, self.limit, self.counts))

    def replays(self, line: Sequence[tuple[int, int]]) -> bool:
        """Whether, from the root, the heuristic makes every other seat's card of ``line`` ((seat, card index) in
        play order; the seat's own cards are played as given)."""
        W = zeros(len(self.root))
        W[:] = self.root
        for s, c in line:
            if step(W, self.T, self.H, self.rnd, -1 if s != self.seat else c) != c:
                return False
        return True


__all__ = ["ABORT", "NEG", "Search", "advance", "best_value", "bound", "legal_now", "step", "value"]

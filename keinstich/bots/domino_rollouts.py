"""Random play-outs of a lay-off deal, as the coach's fair judgement plays them: in the kernel, and alike for a deal
and its renamed twin; near the end, each deal solved exactly in the kernel (:meth:`LayOffRolls.solved_many`).

The coach's fair judgement of a lay-off decision (:mod:`keinstich.coach.fair`) values each move in many deals by
playing the rest at random: every seat lays a card that fits, drawn uniformly (or passes, where passing is its
choice), a card that fits both ends of the chain goes to either end. :class:`LayOffRolls` hands a deal's position
to the kernel (:mod:`keinstich.kernel.layoff`: the rules of :class:`~keinstich.bots.domino_board.Board` on one
integer array, compiled by numba) and plays each move out there.

A draw picks the k-th card that fits in an order read off the deal, never off the suits' names
(:func:`keinstich.kernel.layoff.card_key`): in rows, the suits in the order of who holds each of their cards, each
row's cards low to high; in the chain, where suits play no part, by rank. The random numbers come from a seed per
play-out (a 32-bit xorshift generator, the same on every machine). So a seed plays a deal and its renamed twin
(suits permuted, :mod:`keinstich.coach.equivalence`) out alike, move for move; where two suits read the same, the
deal is the same either way round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from keinstich.bots.base import domino_value
from keinstich.bots.domino_board import Board
from keinstich.bots.rollouts import in_shares
from keinstich.cards import ALL_CARDS, Card
from keinstich.deal import Lay, Move
from keinstich.kernel.jit import array, zeros
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
    DEADLOCK,
    L_CHAIN,
    L_FIXED,
    L_FIXED_SUIT,
    L_JACK_AT,
    L_JACK_POS,
    L_K,
    L_LENS,
    L_MASKS,
    L_N,
    L_POS,
    L_SEQS,
    L_SIZE,
    L_VOLUNTARY,
    L_WRAP,
    TOP,
)
from keinstich.layoff import DominoDeal


def tables(b: Board) -> list[int]:
    """The kernel's table ``L`` of a board's rules and pack (see :mod:`keinstich.kernel.layoff`)."""
    L = [0] * L_SIZE
    L[L_N] = b.n
    L[L_CHAIN] = int(b.chain)
    L[L_WRAP] = int(b.wrap)
    L[L_VOLUNTARY] = int(b.voluntary)
    L[L_FIXED] = int(b.fixed)
    L[L_FIXED_SUIT] = b.fixed_suit
    L[L_K] = b.k
    L[L_JACK_POS] = b.jack_pos
    for su, seq in enumerate(b.seqs):
        for i in range(13):
            L[L_SEQS + 13 * su + i] = seq[i].bit_length() - 1 if i < len(seq) else -1
        L[L_LENS + su] = len(seq)
        L[L_JACK_AT + su] = b.jack_at[su]
    for i, m in enumerate(b.masks):
        L[L_MASKS + i] = m
    for c in range(52):
        L[L_POS + c] = -1
    for bit, p in b.pos.items():
        L[L_POS + bit.bit_length() - 1] = p
    return L


def state(b: Board) -> list[int]:
    """The kernel's state ``S`` of a board."""
    S = [0] * D_SIZE
    S[D_TURN], S[D_PASSES], S[D_FRONT], S[D_STARTED] = b.turn, b.passes, b.front, int(b.started)
    S[D_REST], S[D_HOLDING], S[D_CT], S[D_CB], S[D_NT], S[D_PB] = b.rest, b.holding, b.ct, b.cb, b.nt, b.pb
    S[D_HANDS:D_HANDS + b.n] = b.hands
    return S


class LayOffRolls:
    """One decision of a lay-off deal (``deal``: the position with any hidden hands; ``seat`` to move): each move's
    value in a deal with other hidden hands, the rest played out at random (see the module). The value is the
    seat's place value (:func:`~keinstich.bots.base.domino_value`) less the pass fees it pays from here on, a pass
    now included."""

    def __init__(self, deal: DominoDeal, seat: int) -> None:
        board = Board(deal)
        self.seat = seat
        self.fee = deal.rules.pass_fee
        self.n = n = deal.players
        self.rest = board.rest
        points = deal.contract.points
        others = [s for s in range(n) if s != seat]
        self.weights = array([domino_value(points, [*others[:p], seat, *others[p:]], seat) for p in range(n)])
        self.L = array(tables(board))
        self.S0 = array(state(board))
        self.opens = array([board.opens.get(1 << c, 0) for c in range(52)])
        self._room: tuple[Any, Any, Any, Any] | None = None  # the exact search's stack, frames and table

    def values(self, hands: Sequence[int], moves: Sequence[Move], seed: int) -> list[float]:
        """Each of ``moves`` in the deal with these ``hands`` (a mask per seat, the same cards still held), played
        out with the same random numbers (``seed``): moves compared on equal luck."""
        import numpy as np

        return [float(v) for v in self.values_many(np.array([hands], dtype=np.int64), moves,
                                                   np.array([seed % (1 << 31)], dtype=np.int64))[0]]

    def values_many(self, hands: Any, moves: Sequence[Move], seeds: Any) -> Any:
        """:meth:`values` for each deal of ``hands`` (a row of hands per deal, numpy) with its seed (``seeds``,
        0 … 2**31): a row of values per deal, one kernel call for them all."""
        import numpy as np

        from keinstich.kernel.layoff import values_many  # loads the compiled kernel on first use

        hands = np.ascontiguousarray(hands, dtype=np.int64)
        if (hands.sum(axis=1) != self.rest).any():
            raise ValueError("the hands must hold the cards still held, each once")
        ends = [_card_end(m) for m in moves]
        deals, k, n = len(hands), len(moves), self.n
        out = np.zeros(deals * k, dtype=np.int64)
        flat = hands.reshape(-1)
        cards, at = array([c for c, _ in ends]), array([e for _, e in ends])
        seeds = np.ascontiguousarray(seeds, dtype=np.int64)

        def share(lo: int, hi: int) -> None:  # each share with room of its own to work in
            values_many(self.S0, self.L, flat[lo * n:hi * n], hi - lo, self.seat, cards, at, self.weights, self.fee,
                        seeds[lo:hi], zeros(D_SIZE), zeros(D_SIZE), zeros(52), out[lo * k:hi * k])

        in_shares(deals, share)
        if (out == DEADLOCK).any():
            raise AssertionError("deadlock: no card in any hand fits the layout")
        return out.reshape(deals, k).astype(float)


    def solved_many(self, hands: Any, moves: Sequence[Move]) -> Any:
        """Each of ``moves`` in each deal of ``hands`` (a row of hands per deal, numpy) solved exactly, the others
        playing against the seat (:mod:`keinstich.kernel.layoff_search`: the values of
        :class:`~keinstich.bots.solver_domino.DominoSearch`): a row of values per deal, one kernel call for them
        all."""
        import numpy as np

        from keinstich.kernel.layoff_search import FS, TABLE_SIZE, depth_for, solved_many

        hands = np.ascontiguousarray(hands, dtype=np.int64)
        if (hands.sum(axis=1) != self.rest).any():
            raise ValueError("the hands must hold the cards still held, each once")
        if self._room is None:
            depth = depth_for(int(self.rest).bit_count(), self.n)
            self._room = zeros(depth * D_SIZE), zeros(depth * FS), zeros(TABLE_SIZE), zeros(1)
        ST, F, TT, G = self._room
        ends = [_card_end(m) for m in moves]
        deals, k = len(hands), len(moves)
        out = np.zeros(deals * k, dtype=np.int64)
        solved_many(self.S0, self.L, self.opens, hands.reshape(-1), deals, self.seat, array([c for c, _ in ends]),
                    array([e for _, e in ends]), self.weights, self.fee, ST, F, TT, G, out)
        return out.reshape(deals, k).astype(float)


def _card_end(move: Move) -> tuple[int, int]:
    if move is None:
        return -1, TOP
    if isinstance(move, Lay):
        return move.card.index, BOTTOM if move.end == "bottom" else TOP
    assert isinstance(move, Card)
    return move.index, TOP


def random_finish(deal: DominoDeal, rng: random.Random) -> list[Card | Lay | None]:
    """The moves of a random play-out of ``deal`` to its end, drawn as the judge's play-outs draw them (with a seed
    drawn from ``rng``; the deal itself is left as it is): for tests that play a deal and its renamed twin out
    alike."""
    from keinstich.kernel.layoff import card_key, moves_to_end, seed_of

    b = Board(deal)
    L, S = array(tables(b)), array(state(b))
    key = zeros(52)
    card_key(S, L, key)
    out = zeros(64 * 4)
    count = moves_to_end(S, L, key, seed_of(rng.getrandbits(31)), out)
    if count < 0:
        raise AssertionError("deadlock: no card in any hand fits the layout")
    moves: list[Card | Lay | None] = []
    for code in list(out[:count]):
        if code < 0:
            moves.append(None)
            continue
        c = ALL_CARDS[code & 63]
        moves.append(Lay(c, "bottom" if code & 64 else "top") if code & 128 else c)
    return moves


__all__ = ["LayOffRolls", "random_finish", "state", "tables"]

"""Random play-outs of a lay-off deal on a bare :class:`~keinstich.bots.domino_board.Board`: fast, and alike for a
deal and its renamed twin.

The coach's fair judgement of a lay-off decision (:mod:`keinstich.coach.fair`) values each move in many deals by
playing the rest at random: every seat lays a card that fits, drawn uniformly (or passes, where passing is its
choice), a card that fits both ends of the chain goes to either end. :class:`LayOffRolls` plays them on a
:class:`~keinstich.bots.domino_board.Board`, a few integer operations a move instead of a copy of the deal.

A draw picks the k-th move of a seat in an order read off the deal, never off the suits' names (:func:`card_order`):
in rows, the suits in the order of who holds each of their cards (:func:`suit_order`), each row's cards low to
high; in the chain, where suits play no part, by rank. So the same random numbers play a deal and its renamed twin
(suits permuted, :mod:`keinstich.coach.equivalence`) out alike, move for move; where two suits read the same the
deal is the same either way round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cmp_to_key

from keinstich.bots.base import domino_value
from keinstich.bots.domino_board import Board
from keinstich.cards import ALL_CARDS, Card
from keinstich.deal import Lay, Move
from keinstich.layoff import DominoDeal
from keinstich.layoff_layout import BOTTOM, TOP

LAID = 8
"""The holder code of a card laid already (a seat's is its number)."""


def _holder(board: Board, bit: int) -> int:
    for p, h in enumerate(board.hands):
        if h & bit:
            return p
    return LAID


def suit_order(board: Board) -> list[int]:
    """Each suit's place (0 first) in the order a rows layout's draws take the suits: a suit the rules single out
    (its Unter starts the deal) last; otherwise by who holds each of its cards, low to high in its row (a card laid
    counts as laid); two suits that read alike keep their names' order (either way round is the same deal)."""
    fixed = board.fixed_suit

    def sig(s: int) -> tuple[int, ...]:
        return (int(s == fixed), s if s == fixed else -1, *(_holder(board, bit) for bit in board.seqs[s]))

    def cmp(a: int, b: int) -> int:
        x, y = sig(a), sig(b)
        return -1 if x < y else (1 if x > y else 0)

    ranked = sorted(range(4), key=cmp_to_key(cmp))  # a stable sort: suits alike keep their names' order
    out = [0] * 4
    for i, s in enumerate(ranked):
        out[s] = i
    return out


def card_order(board: Board) -> list[int]:
    """A sort key per card index (see the module): by rank in the chain, by suit then rank in rows."""
    key = [0] * 52
    if board.chain:
        for bit, p in board.pos.items():
            i = bit.bit_length() - 1
            key[i] = p * 4 + i // 13
        return key
    order = suit_order(board)
    for s, seq in enumerate(board.seqs):
        for j, bit in enumerate(seq):
            key[bit.bit_length() - 1] = order[s] * 16 + j
    return key


class LayOffRolls:
    """One decision of a lay-off deal (``deal``: the position with any hidden hands; ``seat`` to move): each move's
    value in a deal with other hidden hands, the rest played out at random (see the module). The value is the
    seat's place value (:func:`~keinstich.bots.base.domino_value`) less the pass fees it pays from here on, a pass
    now included."""

    def __init__(self, deal: DominoDeal, seat: int) -> None:
        self.board = Board(deal)
        self.seat = seat
        self.fee = deal.rules.pass_fee
        n = deal.players
        points = deal.contract.points
        others = [s for s in range(n) if s != seat]
        self.weights = [domino_value(points, [*others[:p], seat, *others[p:]], seat) for p in range(n)]

    def values(self, hands: Sequence[int], moves: Sequence[Move], rngs: Sequence[random.Random]) -> list[float]:
        """Each of ``moves`` in the deal with these ``hands`` (a mask per seat), played out with its own ``rngs``."""
        root = self.board.with_hands(hands)
        key = card_order(root)
        return [float(self._play(root.copy(), m, r, key)) for m, r in zip(moves, rngs, strict=True)]

    def _play(self, b: Board, move: Move, rng: random.Random, key: list[int]) -> int:
        seat, fee = self.seat, self.fee
        paid = 0
        rnd = rng.random
        bit, end = _bit_end(move)
        while True:
            s = b.turn
            if bit:
                place = b.n - b.holding
                b.lay(bit, end)
                if not b.hands[seat]:
                    return self.weights[place] - paid
                if b.turn < 0:
                    return self.weights[-1] - paid
            else:
                if s == seat:
                    paid += fee
                b.pass_()
            bit, end = draw(b, rnd, key)


def draw(b: Board, rnd: Callable[[], float], key: list[int]) -> tuple[int, int]:
    """The random move of the seat to move: (the card's bit, its end), or (0, 0) for a pass. Uniform over the cards
    that fit, taken in the order of ``key`` (:func:`card_order`), and passing where it is the seat's choice; a chain
    card that fits both ends goes to either end."""
    legal = b.legal()
    if not legal:
        if not b.rest & b.front:
            raise AssertionError("deadlock: no card in any hand fits the layout")
        return 0, 0
    cards = []
    m = legal
    while m:
        low = m & -m
        cards.append(low)
        m ^= low
    options = len(cards) + (1 if b.voluntary and (b.started or not b.fixed) else 0)
    k = int(rnd() * options)
    if k == len(cards):
        return 0, 0
    if len(cards) > 1:
        cards.sort(key=lambda x: key[x.bit_length() - 1])
    bit = cards[k]
    if b.chain and b.ends(bit) == TOP | BOTTOM:
        return bit, TOP if rnd() < 0.5 else BOTTOM
    return bit, TOP


def _bit_end(move: Move) -> tuple[int, int]:
    if move is None:
        return 0, TOP
    if isinstance(move, Lay):
        return move.card.bit, BOTTOM if move.end == "bottom" else TOP
    assert isinstance(move, Card)
    return move.bit, TOP


def random_finish(deal: DominoDeal, rng: random.Random) -> list[Card | Lay | None]:
    """The moves of a random play-out of ``deal`` to its end, drawn as the judge's play-outs draw them
    (:func:`draw`; the deal itself is left as it is): for tests that play a deal and its renamed twin out alike."""
    b = Board(deal)
    key = card_order(b)
    out: list[Card | Lay | None] = []
    while b.turn >= 0:
        bit, end = draw(b, rng.random, key)
        if not bit:
            b.pass_()
            out.append(None)
            continue
        c = ALL_CARDS[bit.bit_length() - 1]
        chosen = b.chain and b.ends(bit) == TOP | BOTTOM
        out.append(Lay(c, "top" if end == TOP else "bottom") if chosen else c)
        b.lay(bit, end)
    return out


__all__ = ["LayOffRolls", "card_order", "draw", "random_finish", "suit_order"]

"""The exact search of a trick deal with every hand open, set up for one side.

:class:`TrickSearch` turns one trick deal, a side (the seats that play together) and the direction of
their scores into the flat tables of the kernel's alpha-beta search (:mod:`keinstich.kernel.search`:
a transposition table keyed up to relative ranks, equivalent cards tried once, bounds from the
amounts still to come), and asks it for the value of each card of the player to move, checked against
the trick machine's legal cards. The solver (:mod:`~keinstich.bots.solver`) and the Monte Carlo bot's
endgames drive it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from keinstich.bots.budget import Budget
from keinstich.bots.solution import INF
from keinstich.bots.tables import card_classes, raw_amounts
from keinstich.cards import ALL_CARDS, SUIT_MASKS, Card, cards_of, mask_of
from keinstich.kernel.jit import array
from keinstich.kernel.layout import (
    P_ABSOLUTE,
    P_GEN,
    P_GOOD,
    P_MARCH,
    P_NODES,
    P_SIDE,
    P_SIGN,
    P_VALUED,
)
from keinstich.kernel.rules import beats_table
from keinstich.kernel.search_table import KW, table
from keinstich.kernel.tables import params
from keinstich.tricks import Trick, TrickDeal


class Spot(NamedTuple):
    """Where the player to move stands: the seat, how many cards of trick ``k`` are down (the suit led,
    the card winning for ``wseat``, their amounts ``raw``, their mask ``trick``), and the March state."""

    seat: int
    pos: int
    led: int
    win: int
    wseat: int
    raw: int
    k: int
    mstate: int
    trick: int


class TrickSearch:
    """One trick deal set up for search: the tables and the search itself, for one side."""

    def __init__(self, deal: TrickDeal, side: Sequence[int], sign: int, budget: Budget | None = None) -> None:
        self.deal = deal
        self.budget = budget
        """Checked before every kernel search (:meth:`Budget.check`): a Stop or a limit ends the search there."""
        rules = deal.rules
        self.n = n = deal.players
        self.total = total = deal.total_tricks
        self.st, self.over, self.lower_of, _ = beats_table(rules.order, -1 if rules.trump is None else int(rules.trump))
        self.val, self.base = raw_amounts(deal.contract, total)
        self.side = 0
        for s in side:
            self.side |= 1 << s
        self.sign = sign
        in_play = mask_of(c for h in deal.dealt for c in h)
        st = self.st
        self.order = [[c.index for c in sorted(cards_of(in_play & SUIT_MASKS[s]), key=lambda x: st[x.index])]
                      for s in range(4)]
        self.rules = rules
        self.trump = rules.trump
        self.tmask = SUIT_MASKS[rules.trump] if rules.trump is not None else 0
        total_raw = sum(self.val[c.index] for c in ALL_CARDS if in_play & c.bit) + sum(self.base)
        self.good_take = sign * total_raw > 0
        contract = deal.contract
        self.march = bool(getattr(contract, "march", False))
        self.march_fix = [0] * n
        if self.march and contract is not None:
            dealt = list(deal.dealt)
            tricks = [Trick(i + 1, 0, tuple(h[i] for h in dealt), 0) for i in range(total)]
            for w in range(n):
                marched = contract.score([t._replace(leader=w, winner=w) for t in tricks], n, total)
                normal = [0] * n
                normal[w] = total_raw
                self.march_fix[w] = sign * sum(marched[s] - normal[s] for s in range(n) if self.side >> s & 1)
        self.valued = mask_of(c for c in ALL_CARDS if self.val[c.index])
        self._tables()

    def _tables(self) -> None:
        """The flat tables the kernel searches with (:mod:`keinstich.kernel.search`)."""
        from keinstich.kernel import search as kernel  # loads the compiled kernel on first use

        self._k: Any = kernel
        n, total, val, base, sign = self.n, self.total, self.val, self.base, self.sign
        rules = self.rules
        pos_from = [0] * (total + 3)
        neg_from = [0] * (total + 3)
        for k in range(total, 0, -1):
            pos_from[k] = pos_from[k + 1] + max(0, sign * base[k])
            neg_from[k] = neg_from[k + 1] + min(0, sign * base[k])
        classes = sorted({v for v in val if v})
        absolute = len(classes) > KW - 1 - n
        order = [-1] * 52
        for s in range(4):
            for j, i in enumerate(self.order[s]):
                order[13 * s + j] = i
        P = params(rules, n, total)
        P[P_SIDE] = self.side
        P[P_SIGN] = sign
        P[P_GOOD] = int(self.good_take)
        P[P_MARCH] = int(self.march)
        P[P_VALUED] = self.valued
        P[P_ABSOLUTE] = int(absolute)
        self._table = table()
        P[P_GEN] = self._table.next_generation()
        self._P = array(P)
        cls = [0 if not v or absolute else classes.index(v) + 1 for v in val]
        tables = kernel.Tables(self._P, *(array(x) for x in (
            self.over, val, self.st, self.lower_of, order, cls, [*base, 0], pos_from, neg_from, self.march_fix)))
        t = self._table
        memory = kernel.Memory(t.mv, t.mk, t.kw, t.tt, t.fr)
        self._given = (tuple(tables), tuple(memory))  # as plain tuples: numba reads those fastest

    def _node(self, hands: list[int], seat: int, pos: int, led: int, win: int, wseat: int, raw: int, k: int,
              mstate: int, alive: int, alpha: int, beta: int) -> int:
        """One kernel search from this point (see :func:`keinstich.kernel.search.node`)."""
        if self.budget is not None:
            self.budget.check(self.nodes)
        at = (seat, pos, led, win, wseat, raw, k, mstate, alive, alpha, beta)  # the fields of kernel.At
        return int(self._k.node(array(hands), at, *self._given))

    @property
    def nodes(self) -> int:
        """Positions visited by this search so far."""
        return int(self._P[P_NODES])

    # the root ---------------------------------------------------------------------------------------

    def position(self, deal: TrickDeal) -> tuple[list[int], int, int, int, int, int, int, int]:
        """(hands, seat to move, pos in trick, led, winning card, winning seat, raw so far, trick number)."""
        hands = [mask_of(deal.hand(s)) for s in range(self.n)]
        trick = deal.trick
        k = len(deal.tricks) + 1
        seat = deal.turn
        assert seat is not None
        if not trick:
            return hands, seat, 0, -1, -1, seat, 0, k
        led = trick[0][1].suit
        win, wseat = trick[0][1].index, trick[0][0]
        raw = 0
        for s, c in trick:
            raw += self.val[c.index]
            if self.over[win] & c.bit:
                win, wseat = c.index, s
        return hands, seat, len(trick), int(led), win, wseat, raw, k

    def march_state(self, deal: TrickDeal) -> int:
        if not self.march:
            return 0
        winners = {t.winner for t in deal.tricks}
        if not winners:
            return -2
        return winners.pop() if len(winners) == 1 else -1

    def spot(self, deal: TrickDeal) -> Spot:
        """Where the player to move stands in ``deal``: all :meth:`after_hands` needs besides the hands."""
        _, seat, pos, led, win, wseat, raw, k = self.position(deal)
        return Spot(seat, pos, led, win, wseat, raw, k, self.march_state(deal), mask_of(x for _, x in deal.trick))

    def after(self, deal: TrickDeal, c: Card, alpha: int = -INF, beta: int = INF) -> int:
        """Future value for the side after the player to move plays ``c`` now (legal assumed)."""
        return self.after_hands([mask_of(deal.hand(s)) for s in range(self.n)], self.spot(deal), c, alpha, beta)

    def after_hands(self, hands: list[int], at: Spot, c: Card, alpha: int = -INF, beta: int = INF) -> int:
        """:meth:`after` for these hands at the same point of the play (the Monte Carlo bot's sampled deals:
        one search set-up for all of them, sharing its transposition table)."""
        seat, pos, led, win, wseat, raw, k, mstate, trick_mask = at
        hands = list(hands)
        alive = trick_mask
        for h in hands:
            alive |= h
        if pos == 0:
            led, win, wseat = int(c.suit), c.index, seat
        elif self.over[win] & c.bit:
            win, wseat = c.index, seat
        hands[seat] ^= c.bit
        raw += self.val[c.index]
        if pos + 1 == self.n:
            u = self.sign * (raw + self.base[k]) if self.side >> wseat & 1 else 0
            m2 = 0
            if self.march:
                m2 = wseat if mstate in (-2, wseat) else -1
                if k == self.total and m2 >= 0:
                    u += self.march_fix[m2]
            return u + self._node(hands, wseat, 0, -1, -1, wseat, 0, k + 1, m2, 0, alpha - u, beta - u)
        nxt = (seat + 1) % self.n
        return self._node(hands, nxt, pos + 1, led, win, wseat, raw, k, mstate, alive, alpha, beta)

    def candidates(self, deal: TrickDeal) -> list[tuple[Card, tuple[Card, ...]]]:
        """The legal cards of the player to move, one per class of equivalent cards (lowest first),
        each with the cards equivalent to it."""
        alive = mask_of(x for _, x in deal.trick)
        for s in range(self.n):
            alive |= mask_of(deal.hand(s))
        return card_classes(self.order, alive, deal.legal_mask(), self.val)


__all__ = ["Spot", "TrickSearch"]

"""The lay-off (domino) deal solved exactly: alpha-beta over a bitmask position with a transposition table.

A seat's value is its place value less the pass fees it pays (:func:`~keinstich.bots.base.domino_value`),
the others playing against it. Passing is searched as the rules allow it, except that with voluntary
passing the last of a whole round of passes must lay a card if he can [DER], so no line goes round for ever.

What makes it fast (a voluntary-pass deal took about a minute before):

- the position is a :class:`~keinstich.bots.domino_board.Board`: a move and its undo are a few integer
  operations, and the table's key is one number (cards held, chain ends, seat to move, passes in a row);
- once the seat has gone out its value is known, so the others' later play is never searched; and its
  best possible place bounds every position from above;
- the move that settled a position before is tried first when it comes back.

With a :class:`~keinstich.bots.budget.Budget` the search stops when the budget is spent:
:func:`domino_move_bounds` then says, per move, what was proven (a lower and an upper bound) and
which values are exact.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from keinstich.bots.base import domino_value
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.domino_board import Board
from keinstich.bots.solution import INF, Solution, SolverError, bounds, seat_to_solve
from keinstich.cards import ALL_CARDS, Card
from keinstich.layoff import DominoDeal
from keinstich.layoff_layout import BOTTOM, TOP

CHECK_EVERY = 2048
"""Positions searched between two looks at the budget (and at the table's size)."""

TABLE_LIMIT = 500_000
"""Positions the table keeps (about 75 MB) before it starts afresh: it is only a memory of work done,
so the values stay exact, and a long search stays within a small kernel's memory."""

Move = tuple[int, int]
"""A move in the search: (card bit, end) with end TOP or BOTTOM, or (0, 0) for a pass."""

_PASS: Move = (0, 0)


def _card(bit: int) -> Card:
    return ALL_CARDS[bit.bit_length() - 1]


class DominoSearch:
    """The search for one seat's value in one lay-off deal; its table is kept between calls, so asking
    about several moves of the same position shares the work."""

    def __init__(self, deal: DominoDeal, seat: int, budget: Budget | None = None, board: Board | None = None) -> None:
        """``board``: the deal's position as a board already made (a copy of one with other hidden hands, say)."""
        self.board = Board(deal) if board is None else board
        self.seat = seat
        self.fee = deal.rules.pass_fee
        n = deal.players
        points = deal.contract.points
        others = [s for s in range(n) if s != seat]
        self.weights = [domino_value(points, [*others[:p], seat, *others[p:]], seat) for p in range(n)]
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.budget = budget

    # --- moves -------------------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """The moves of the seat to move, in the old solver's order: cards low to high (a chain card that
        fits both ends once per end), then passing when the solver allows it."""
        b = self.board
        legal = b.legal()
        out: list[Move] = []
        m = legal
        while m:
            bit = m & -m
            m ^= bit
            if b.chain and b.ends(bit) == TOP | BOTTOM:
                out += [(bit, TOP), (bit, BOTTOM)]
            else:
                out.append((bit, TOP))
        if b.may_pass(legal):
            out.append(_PASS)
        return out

    def after(self, move: Move, alpha: int = -INF, beta: int = INF) -> int:
        """The seat's future value (place value less the fees still to pay) after ``move``, as far as the
        window (alpha, beta) needs it: a value at or below alpha is an upper bound, at or above beta a lower one."""
        b = self.board
        s = b.turn
        bit, end = move
        if not bit:
            cost = self.fee if s == self.seat else 0
            u = b.pass_()
            try:
                return self.value(alpha + cost, beta + cost) - cost
            finally:
                b.undo(u)
        place = self.board.n - b.holding
        u = b.lay(bit, end)
        try:
            if not b.hands[self.seat]:
                return self.weights[place]
            if b.turn < 0:
                return self.weights[-1]
            return self.value(alpha, beta)
        finally:
            b.undo(u)

    # --- the search --------------------------------------------------------------------------------

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The seat's future value from the position on the board (not over, the seat still holding).

        The hot loop: what :meth:`moves` and :meth:`after` do is written out here. Moves are tried in
        the order most likely to settle the window: the one that settled this position before; the
        seat's cards before its pass (a pass costs a fee), those that let in its own cards first; the
        others' passes before their cards (holding a card back is how they block the seat), those that
        let in none of the seat's cards first.
        """
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            if self.budget is not None:
                self.budget.check(self.nodes)
            if len(self.table) > TABLE_LIMIT:
                self.table.clear()
        b = self.board
        holding = b.holding
        weights = self.weights
        best_place = weights[b.n - holding]
        if alpha >= best_place:
            return best_place
        turn, passes = b.turn, b.passes
        k = b.rest
        if b.chain:
            k = (k << 6 | b.ct + 1) << 6 | b.cb + 1
        key = (k << 4 | turn) << 4 | (passes if passes < holding - 1 else holding - 1)
        e = self.table.get(key)
        first = -1
        if e is not None:
            lo, hi, first = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -INF, best_place
        a0, b0 = alpha, beta
        seat = self.seat
        maximise = turn == seat
        legal = b.hands[turn] & b.front
        codes: list[int] = []
        m = legal
        while m:
            bit = m & -m
            m ^= bit
            if b.chain and b.ct >= 0:
                p = b.pos[bit]
                if p == b.nt and p == b.pb:
                    codes += [bit << 2 | TOP, bit << 2 | BOTTOM]
                    continue
            codes.append(bit << 2 | TOP)
        if len(codes) > 1:
            mine, opens = b.hands[seat], b.opens
            if maximise:  # first the cards that let in the seat's own
                codes.sort(key=lambda c: not opens[c >> 2] & mine)
            else:  # first the cards that let in none of the seat's
                codes.sort(key=lambda c: bool(opens[c >> 2] & mine))
        if not legal or (b.voluntary and (b.started or not b.fixed) and passes < holding - 1):
            if maximise:
                codes.append(0)
            else:
                codes.insert(0, 0)
        if first >= 0 and codes[0] != first and first in codes:
            codes.remove(first)
            codes.insert(0, first)
        best = -INF if maximise else INF
        pick = codes[0]
        for code in codes:
            if code:
                u = b.lay(code >> 2, code & 3)
                if not b.hands[seat]:
                    v = weights[b.n - holding]
                elif b.turn < 0:
                    v = weights[-1]
                else:
                    v = self.value(alpha, beta)
                b.undo(u)
            else:
                hands, n = b.hands, b.n
                t = turn + 1 if turn + 1 < n else 0
                while not hands[t]:
                    t = t + 1 if t + 1 < n else 0
                b.turn, b.passes = t, passes + 1
                if maximise:
                    fee = self.fee
                    v = self.value(alpha + fee, beta + fee) - fee
                else:
                    v = self.value(alpha, beta)
                b.turn, b.passes = turn, passes
            if maximise:
                if v > best:
                    best, pick = v, code
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, pick = v, code
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self.table[key] = (*bounds(best, a0, b0, lo, hi), pick)
        return best

    def exact(self, move: Move, guess: int = 0) -> int:
        """The exact value after ``move``, by MTD(f): null-window searches from ``guess`` that share the table."""
        lo, hi = -INF, INF
        g = guess
        while lo < hi:
            beta = g if g > lo else g + 1
            g = self.after(move, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return lo


def _passes(deal: DominoDeal, seat: int) -> int:
    return deal.fees()[seat]


def solve_domino(deal: DominoDeal, seat: int | None = None, *, line: bool = True,
                 budget: Budget | None = None) -> Solution:
    """The lay-off deal solved exactly: the best :func:`~keinstich.bots.base.domino_value` ``seat`` can force.

    With a ``budget`` that runs out, raises :class:`~keinstich.bots.budget.Stopped`.
    """
    seat = seat_to_solve(seat, deal.turn, deal.players)
    paid = _passes(deal, seat)
    if deal.is_over:
        return Solution(domino_value(deal.contract.points, deal.finish_order, seat) - paid, None, ())
    search = DominoSearch(deal, seat, budget)
    b = search.board
    if not b.hands[seat]:  # out already: the place is known
        return Solution(domino_value(deal.contract.points, [*deal.finish_order, seat], seat) - paid,
                        *_first_line(search, line))
    value = search.value()
    moves: list[tuple[int, Card | None]] = []
    first: Card | None = None
    v = value
    while b.turn >= 0 and b.hands[seat]:
        s = b.turn
        cost = search.fee if s == seat else 0  # the seat's fee, if it passes
        for mv in search.moves():
            if search.after(mv, v - 1, v + 1) == v:
                c = _card(mv[0]) if mv[0] else None
                if not moves:
                    first = c
                moves.append((s, c))
                if mv[0]:
                    b.lay(*mv)
                else:
                    b.pass_()
                    v += cost
                break
        else:  # pragma: no cover
            raise AssertionError("the line lost the value (solver bug)")
        if not line:
            break
    if line:
        _finish_line(search, moves)
    return Solution(value - paid, first, tuple(moves) if line else ())


def _first_line(search: DominoSearch, line: bool) -> tuple[Card | None, tuple[tuple[int, Card | None], ...]]:
    """For a seat already out: the first move of the others' play (any: nothing changes its value)."""
    mv = search.moves()[0]
    first = _card(mv[0]) if mv[0] else None
    if not line:
        return first, ()
    moves: list[tuple[int, Card | None]] = []
    _finish_line(search, moves)
    return first, tuple(moves)


def _finish_line(search: DominoSearch, moves: list[tuple[int, Card | None]]) -> None:
    """Once the seat is out the others' play no longer matters: the line goes on with each seat's
    first move (its lowest card, or a pass it must make) to the end, as the old solver's did."""
    b = search.board
    while b.turn >= 0:
        s = b.turn
        mv = search.moves()[0]
        moves.append((s, _card(mv[0]) if mv[0] else None))
        if mv[0]:
            b.lay(*mv)
        else:
            b.pass_()


def domino_move_values(deal: DominoDeal, seat: int | None = None, *,
                       budget: Budget | None = None) -> dict[Card | None, int]:
    """Each move of the player to move with ``seat``'s value after it under best play (a card
    that fits both ends of the chain counts its better end).

    With a ``budget`` that runs out, raises :class:`~keinstich.bots.budget.Stopped`; see
    :func:`domino_move_bounds` for an answer that keeps what was proven.
    """
    got = domino_move_bounds(deal, seat, budget=budget)
    if not got.exact:
        raise Stopped(got.stopped or "stopped")
    return got.values


@dataclass(frozen=True)
class MoveBounds:
    """What a budgeted solve of every move found: ``low[m] <= true value <= high[m]`` for each move,
    ``values[m]`` the exact value where ``low == high``, else a guess between the bounds.
    ``exact``: every value is exact; ``stopped``: why the search stopped early (None if it did not);
    ``nodes`` searched."""

    values: dict[Card | None, int]
    low: dict[Card | None, int]
    high: dict[Card | None, int]
    exact: bool
    stopped: str | None
    nodes: int

    def is_exact(self, move: Card | None) -> bool:
        """Whether ``move``'s value is proven exactly."""
        return self.low[move] == self.high[move]


def domino_move_bounds(deal: DominoDeal, seat: int | None = None, *, budget: Budget | None = None) -> MoveBounds:
    """Every move's value for ``seat``, exact when the ``budget`` allows; otherwise proven bounds.

    First the position's own value, then one null-window search per move says which moves reach it
    (the best moves, exact) and bounds the others, then those are solved one by one. When the budget
    runs out, each move keeps the bounds proven so far (so the best moves are known early), and its
    value is an estimate inside them: the average of a few quick play-outs in which every seat lays a
    random card that fits (never passing by choice), a millisecond or two per move.
    """
    if deal.turn is None:
        raise SolverError("the deal is over: no move to value")
    seat = deal.turn if seat is None else seat
    seat_to_solve(seat, deal.turn, deal.players)
    search = DominoSearch(deal, seat, budget)
    paid = _passes(deal, seat)
    b = search.board
    moves = search.moves()
    floor, top = search.weights[-1] - _most_fees(search), search.weights[0]
    lo = dict.fromkeys(moves, -INF)
    hi = dict.fromkeys(moves, INF)
    guess = dict.fromkeys(moves, top)
    stopped: str | None = None
    if not b.hands[seat]:  # out already: its place is known whatever happens
        out = domino_value(deal.contract.points, [*deal.finish_order, seat], seat)
        lo = hi = guess = dict.fromkeys(moves, out)
    else:
        try:
            v = _mtd(search.value, -INF, INF, top)
            for mv in moves:  # which moves reach the position's value?
                if b.turn == seat:
                    g = search.after(mv, v - 1, v)
                    lo[mv], hi[mv], guess[mv] = (v, v, v) if g >= v else (-INF, g, g)
                else:
                    g = search.after(mv, v, v + 1)
                    lo[mv], hi[mv], guess[mv] = (v, v, v) if g <= v else (g, INF, g)
            for mv in moves:
                if lo[mv] < hi[mv]:
                    lo[mv] = hi[mv] = guess[mv] = _mtd(_after(search, mv), lo[mv], hi[mv], guess[mv], lo, hi, mv)
        except Stopped as e:
            stopped = e.reason
    lows: dict[Card | None, int] = {}
    highs: dict[Card | None, int] = {}
    values: dict[Card | None, int] = {}
    for mv in moves:
        c = _card(mv[0]) if mv[0] else None
        low, high = max(lo[mv], floor), min(hi[mv], top)
        g = low if low == high else min(max(_played_out(search, mv), low), high)
        low, high, g = low - paid, high - paid, g - paid
        if c in lows:  # a chain card that fits both ends: its better end
            low, high, g = max(low, lows[c]), max(high, highs[c]), max(g, values[c])
        lows[c], highs[c], values[c] = low, high, g
    return MoveBounds(values, lows, highs, stopped is None, stopped, search.nodes)


def _played_out(search: DominoSearch, mv: Move, times: int = 8) -> int:
    """The seat's future value after ``mv``, averaged over ``times`` seeded play-outs in which every seat
    lays a random card that fits, and passes only when none does (a quick estimate, not a bound)."""
    b = search.board
    seat, fee = search.seat, search.fee
    rng = random.Random(mv[0] << 2 | mv[1])
    total = 0
    for _ in range(times):
        undo = []
        paid = 0
        move = mv
        while True:
            s = b.turn
            if move[0]:
                place = b.n - b.holding
                undo.append(b.lay(*move))
                if not b.hands[seat]:
                    value = search.weights[place]
                    break
                if b.turn < 0:
                    value = search.weights[-1]
                    break
            else:
                paid += fee if s == seat else 0
                undo.append(b.pass_())
            legal = b.legal()
            if legal:
                bits = [bit for bit in _bits(legal)]
                bit = bits[int(rng.random() * len(bits))]
                move = (bit, TOP if rng.random() < 0.5 else BOTTOM)
            else:
                move = _PASS
        total += value - paid
        for u in reversed(undo):
            b.undo(u)
    return round(total / times)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit)
        mask ^= bit
    return out


def _after(search: DominoSearch, mv: Move) -> Callable[[int, int], int]:
    return lambda alpha, beta: search.after(mv, alpha, beta)


def _mtd(test: Callable[[int, int], int], lo: int, hi: int, g: int,
         los: dict[Move, int] | None = None, his: dict[Move, int] | None = None, mv: Move = _PASS) -> int:
    """MTD(f): null-window searches ``test(beta - 1, beta)`` from the guess ``g`` that close in on the
    value between the bounds ``lo`` and ``hi``; with ``los``/``his`` the bounds proven so far are kept
    there for ``mv`` (they still hold if the budget stops the search)."""
    while lo < hi:
        beta = g if g > lo else g + 1
        g = test(beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
        if los is not None and his is not None:
            los[mv], his[mv] = lo, hi
    return lo


def _most_fees(search: DominoSearch) -> int:
    """A bound on the fees the seat pays under its best play, which includes never passing when it need
    not: between two cards laid there are fewer than two rounds of passes (a whole round but one may
    be voluntary, then only seats with no card that fits pass), so the seat passes at most twice; and
    once more for a pass at the root."""
    return search.fee * (2 * search.board.rest.bit_count() + 3)

"""The lay-off solver as it was before the bitmask board (a deal copied per node, a memo keyed on tuples):
kept unchanged as the reference of tests/test_solver_domino.py's differential test.

The lay-off (domino) deal solved exactly, by a memoised alpha-beta search over its small state space.

A seat's value is its place value less the pass fees it pays (:func:`~keinstich.bots.base.domino_value`),
the others playing against it. Passing is searched as the rules allow it, except that with voluntary
passing the last of a whole round of passes must lay a card if he can [DER], so no line goes round for ever.
"""

from __future__ import annotations

from collections.abc import Callable

from keinstich.bots.base import domino_value
from keinstich.bots.solution import INF, Solution, SolverError, bounds, cutoff, seat_to_solve
from keinstich.cards import Card, mask_of
from keinstich.layoff import DominoDeal


def _domino_key(d: DominoDeal) -> tuple[object, ...]:
    chain = d.chain
    ends = (chain[0], chain[-1]) if chain else ()
    return (tuple(mask_of(h) for h in d.hands), d.turn, d.finish_order, ends, d.started, _passes_in_a_row(d))


def _passes_in_a_row(d: DominoDeal) -> int:
    n = 0
    for _, c in reversed(d.plays):
        if c is not None:
            break
        n += 1
    return n


def _may_pass(d: DominoDeal) -> bool:
    """Passing, for the solver: allowed when the rules allow it, except that with voluntary passing
    the last of a whole round of passes must lay a card if he can (else the deal could go round for
    ever) [DER]."""
    if not d.can_pass():
        return False
    if not d.legal():
        return True
    holding = sum(1 for h in d.hand_sizes if h)
    return _passes_in_a_row(d) < holding - 1


def _domino_points(d: DominoDeal) -> tuple[int, ...] | None:
    return d.contract.points


def _domino_search(seat: int) -> Callable[[DominoDeal, int, int], int]:
    memo: dict[tuple[object, ...], tuple[int, int]] = {}

    def moves(d: DominoDeal) -> list[tuple[Card | None, str | None]]:
        out: list[tuple[Card | None, str | None]] = []
        for c in d.legal():
            ends = d.ends(c)
            if len(ends) == 2:
                out.extend((c, e) for e in ends)
            else:
                out.append((c, None))
        if _may_pass(d):
            out.append((None, None))
        return out

    def search(d: DominoDeal, alpha: int, beta: int) -> int:
        """Future value for ``seat`` (its place value less the pass fees still to come)."""
        if d.is_over:
            return domino_value(_domino_points(d), d.finish_order, seat)
        key = _domino_key(d)
        e = memo.get(key)
        if e is not None:
            lo, hi = e
            settled = cutoff(lo, hi, alpha, beta)
            if settled is not None:
                return settled
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -INF, INF
        a0, b0 = alpha, beta
        s = d.turn
        maximise = s == seat
        best = -INF if maximise else INF
        fee = d.rules.pass_fee if s == seat else 0
        for c, end in moves(d):
            child = d.copy()
            child.play(c, end=end)  # type: ignore[arg-type]
            cost = fee if c is None else 0
            v = search(child, alpha + cost, beta + cost) - cost
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        memo[key] = bounds(best, a0, b0, lo, hi)
        return best

    return search


def _domino_children(d: DominoDeal) -> list[tuple[Card | None, str | None, DominoDeal]]:
    out: list[tuple[Card | None, str | None, DominoDeal]] = []
    for c in d.legal():
        for end in (d.ends(c) if len(d.ends(c)) == 2 else (None,)):
            child = d.copy()
            child.play(c, end=end)
            out.append((c, end, child))
    if _may_pass(d):
        child = d.copy()
        child.play(None)
        out.append((None, None, child))
    return out


def solve_domino(deal: DominoDeal, seat: int | None = None, *, line: bool = True) -> Solution:
    """The lay-off deal solved exactly: the best :func:`~keinstich.bots.base.domino_value` ``seat`` can force."""
    seat = seat_to_solve(seat, deal.turn, deal.players)
    paid = deal.fees()[seat]
    search = _domino_search(seat)
    value = search(deal, -INF, INF)
    moves: list[tuple[int, Card | None]] = []
    first: Card | None = None
    cur = deal
    v = value
    while not cur.is_over:
        s = cur.turn
        assert s is not None
        fee = cur.rules.pass_fee if s == seat else 0
        for c, _, child in _domino_children(cur):
            cost = fee if c is None else 0
            if search(child, v + cost - 1, v + cost + 1) - cost == v:
                if cur is deal:
                    first = c
                moves.append((s, c))
                cur, v = child, v + cost
                break
        else:  # pragma: no cover
            raise AssertionError("the line lost the value (solver bug)")
        if not line:
            break
    return Solution(value - paid, first, tuple(moves) if line else ())


def domino_move_values(deal: DominoDeal, seat: int | None = None) -> dict[Card | None, int]:
    """Each move of the player to move with ``seat``'s value after it under best play (a card
    that fits both ends of the chain counts its better end)."""
    if deal.turn is None:
        raise SolverError("the deal is over: no move to value")
    seat = deal.turn if seat is None else seat
    search = _domino_search(seat)
    paid = deal.fees()[seat]
    out: dict[Card | None, int] = {}
    fee = deal.rules.pass_fee if deal.turn == seat else 0
    for c, _, child in _domino_children(deal):
        v = search(child, -INF, INF) - (fee if c is None else 0) - paid
        out[c] = max(out.get(c, -INF), v)
    return out


__all__ = ["domino_move_values", "solve_domino"]

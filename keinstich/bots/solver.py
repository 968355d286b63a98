"""The exact perfect-information solver, for analysis: "what was the best play?".

With every hand open, :func:`solve` finds the best result a seat can force when all the other
seats play against it (paranoid, one against the rest; in Herzblatt the soloist against the
defenders), and the card that achieves it, with the line of play that follows::

    sol = solve(deal, seat=2)      # Solution(value, card, line)
    sol.value                      # what seat 2 ends up paying (Kein Stich) or scoring (points)
    best_cards(deal)               # every card that is optimal for the player to move
    card_values(deal)              # each legal card's value for the player to move

Any deal of the :class:`~keinstich.deal.Deal` interface: the trick play inside it
(``deal.trick_deal``) is searched by :class:`~keinstich.bots.search.TrickSearch`, driven by MTD(f): a
few null-window searches that home in on the value; a lay-off deal by
:func:`~keinstich.bots.solver_domino.solve_domino`. Values are in the contract's own units: pfennig
paid (Kein Stich: lower is better) or points (Herzeln, Herzblatt: higher is better); what "better"
means, and which seats play together, comes from the seat's observation
(:func:`~keinstich.bots.base.objective`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from keinstich.bots.base import Objective, lay_off, objective
from keinstich.bots.budget import Budget
from keinstich.bots.herzblatt import banked_points
from keinstich.bots.heuristic import heuristic_playout
from keinstich.bots.search import TrickSearch
from keinstich.bots.solution import INF, Solution, SolverError, seat_to_solve
from keinstich.bots.solver_domino import domino_move_values, solve_domino
from keinstich.bots.tables import amounts
from keinstich.cards import Card
from keinstich.deal import Kind
from keinstich.machine import check_deal, check_seat
from keinstich.tricks import TrickDeal, trick_deal_of

if TYPE_CHECKING:
    from keinstich.deal import Deal


class _Side(NamedTuple):
    """What the search of one seat's result needs: the trick play, the seat's objective, the points
    its side already holds outside the tricks, and the soloist (for the heuristic's first guess)."""

    deal: TrickDeal
    objective: Objective
    banked: int
    soloist: int | None


def _side_of(deal: Deal, seat: int) -> _Side:
    """The trick deal to search and the seat's side, as its own observation tells (Herzblatt: the
    soloist against the defenders, the soloist's discards banked)."""
    td = trick_deal_of(deal)
    if td is None:
        raise SolverError(f"the deal is in the {deal.phase} phase: the solver analyses the card play")
    obs = deal.observation(seat)
    if obs.kind is Kind.HERZBLATT:
        return _Side(td, objective(obs), banked_points(obs), obs.soloist)
    return _Side(td, objective(obs), 0, None)


def _past(td: TrickDeal, obj: Objective) -> int:
    """The side's raw score from the finished tricks."""
    if td.contract is None:
        return 0
    scores = td.contract.score(td.tricks, td.players, td.total_tricks)
    return sum(scores[s] for s in obj.side)


def solve(deal: Deal, seat: int | None = None, *, line: bool = True) -> Solution:
    """The best result ``seat`` (default: the player to move) can force with all hands open, the
    others playing against it; the best move for the player to move; and the line that follows.

    ``line=False`` skips the line (a little faster).
    """
    check_deal(deal, "solve")
    if lay_off(deal):
        return solve_domino(deal, seat, line=line)
    td = trick_deal_of(deal)
    if td is None:
        raise SolverError("the deal has no card play yet: the solver analyses the card play")
    seat = seat_to_solve(seat, td.turn, td.players)
    td, obj, banked, soloist = _side_of(deal, seat)
    past = _past(td, obj) + banked
    if td.is_over:
        return Solution(obj.score(td.scores()) + banked, None, ())
    game = TrickSearch(td, obj.side, obj.sign)
    value, best = _root(game, td, _guess(td, obj, soloist))
    moves: list[tuple[int, Card | None]] = []
    if line:
        cur = td.copy()
        v = value
        while not cur.is_over:
            s = cur.turn
            assert s is not None
            pick = None
            for c, _ in game.candidates(cur):
                if game.after(cur, c, v - 1, v + 1) == v:
                    pick = c
                    break
            assert pick is not None, "the line lost the value (solver bug)"
            before = _past(cur, obj)
            cur.play(pick)
            moves.append((s, pick))
            if cur.is_over:
                break
            v -= obj.sign * (_past(cur, obj) - before)
    return Solution(past + obj.sign * value, best, tuple(moves))


def _guess(td: TrickDeal, obj: Objective, soloist: int | None) -> int:
    """A first guess of the side's future value: the heuristic bots' playout from here."""
    sim = td.copy()
    final = heuristic_playout(sim, soloist)
    guess = obj.value(final) - obj.sign * _past(td, obj)
    # halfway to the side's best possible result: MTD(f) then mostly proves from above, which is cheaper
    best = 0
    for s in range(td.players):
        for c in td.hand(s):
            best += max(0, obj.sign * _card_amount(td, c))
    return (guess + best) // 2


def _card_amount(td: TrickDeal, c: Card) -> int:
    val, _ = amounts(td.contract, td.total_tricks)
    return val[c.index]


def _root(game: TrickSearch, td: TrickDeal, guess: int = 0) -> tuple[int, Card]:
    """The future value for the side and the best card for the player to move, by MTD(f): a few
    null-window alpha-beta searches that share the transposition table and home in on the value."""
    seat = td.turn
    assert seat is not None
    maximise = game.side >> seat & 1
    moves = [c for c, _ in game.candidates(td)]
    if len(moves) == 1:
        return game.after(td, moves[0]), moves[0]
    lo, hi = -INF, INF
    g = guess
    best: Card | None = None
    while lo < hi:
        beta = g if g > lo else g + 1
        # one null-window pass at the root: is the value at least beta?
        v = -INF if maximise else INF
        pick = moves[0]
        for c in moves:
            x = game.after(td, c, beta - 1, beta)
            if maximise and x > v:
                v, pick = x, c
                if v >= beta:
                    break
            elif not maximise and x < v:
                v, pick = x, c
                if v < beta:
                    break
        if v < beta:
            hi = v
            if not maximise:
                best = pick
        else:
            lo = v
            if maximise:
                best = pick
        if best is not None and pick is best:
            moves.remove(pick)
            moves.insert(0, pick)
        g = v
    assert best is not None
    return lo, best


def card_values(deal: Deal, seat: int | None = None, budget: Budget | None = None) -> dict[Card | None, int]:
    """Each legal move of the player to move, with the final score (the side's, in the contract's
    units) that ``seat`` (default: the player to move) gets after it under best play. With a ``budget``
    a trick deal's search raises :class:`~keinstich.bots.budget.Stopped` when it runs out (checked
    between the kernel's searches, every few milliseconds)."""
    check_deal(deal, "card_values")
    if lay_off(deal):
        return domino_move_values(deal, seat)
    td = trick_deal_of(deal)
    if td is None or td.turn is None:
        raise SolverError("no card to play: the deal is over or the card play has not started")
    seat = td.turn if seat is None else check_seat(seat, td.players, SolverError)
    td, obj, banked, _ = _side_of(deal, seat)
    past = _past(td, obj) + banked
    game = TrickSearch(td, obj.side, obj.sign, budget)
    out: dict[Card | None, int] = {}
    for c, same in game.candidates(td):
        v = game.after(td, c)
        score = past + obj.sign * v
        for x in same:
            out[x] = score
    return out


def best_cards(deal: Deal) -> tuple[Card | None, ...]:
    """Every move that is optimal for the player to move (by its own objective), in card order."""
    check_deal(deal, "best_cards")
    values = card_values(deal)
    assert deal.turn is not None
    sign = objective(deal.observation(deal.turn)).sign
    best = max(sign * v for v in values.values())
    good = [c for c, v in values.items() if sign * v == best]
    return tuple(sorted(good, key=lambda c: -1 if c is None else c.index))


__all__ = ["Solution", "SolverError", "TrickSearch", "best_cards", "card_values", "domino_move_values", "solve",
           "solve_domino"]

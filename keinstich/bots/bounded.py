"""Each move's value within a budget: what "Best card?" and the other teaching widgets ask.

:func:`move_values` answers for any deal with a :class:`~keinstich.bots.solver_domino.MoveBounds`:
every move's value, exact where the search finished, else proven bounds and an estimate between them,
flagged as such: the result of the heuristic bots playing the deal out after the move, moved into the
bounds when it falls outside them. A lay-off deal's search checks the :class:`~keinstich.bots.budget.Budget` as it goes
(a Stop or a time limit ends it within milliseconds and keeps what it proved); a trick deal is solved
exactly by :func:`~keinstich.bots.solver.card_values`, the budget looked at before it starts.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from keinstich.bots.base import domino_value, lay_off
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import play_deal
from keinstich.bots.solver import card_values
from keinstich.bots.solver_domino import MoveBounds, domino_move_bounds
from keinstich.cards import Card
from keinstich.layoff import DominoDeal

if TYPE_CHECKING:
    from keinstich.deal import Deal


def move_values(deal: Deal, seat: int | None = None, budget: Budget | None = None) -> MoveBounds:
    """Each legal move of the player to move with ``seat``'s value after it (see
    :func:`~keinstich.bots.solver.card_values`), as exact as ``budget`` allows.

    Raises :class:`~keinstich.bots.budget.Stopped` if the budget is spent before anything could be said.
    """
    if lay_off(deal):
        got = domino_move_bounds(deal, seat, budget=budget)
        if got.exact:
            return got
        values = dict(got.values)
        for move in values:
            if not got.is_exact(move):
                values[move] = min(max(_played_out(deal, move, seat), got.low[move]), got.high[move])
        return dataclasses.replace(got, values=values)
    if budget is not None:
        budget.check()
    values = card_values(deal, seat)
    return MoveBounds(values, dict(values), dict(values), True, None, 0)


def _played_out(deal: DominoDeal, move: Card | None, seat: int | None) -> int:
    """``seat``'s value (place value less all its fees) when ``move`` is made and the heuristic bots play
    the deal out (a chain card that fits both ends: its better end)."""
    seat = deal.turn if seat is None else seat
    assert seat is not None
    out: list[int] = []
    for m in deal.legal_moves():
        if getattr(m, "card", m) == move:  # a card, a pass (None), or a chain card at one end (a Lay)
            d = deal.copy()
            d.play(m)
            play_deal(d, [HeuristicBot()] * d.players)
            out.append(domino_value(d.contract.points, d.finish_order, seat) - d.fees()[seat])
    return max(out)


__all__ = ["Budget", "MoveBounds", "Stopped", "move_values"]

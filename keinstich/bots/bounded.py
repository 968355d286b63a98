"""Each move's value within a budget: what "Best card?" and the other teaching widgets ask.

:func:`move_values` answers for any deal with a :class:`~keinstich.bots.solver_domino.MoveBounds`:
every move's value, exact where the search finished, else proven bounds and an estimate between them,
flagged as such (:func:`~keinstich.bots.solver_domino.domino_move_bounds`). A lay-off deal's search
checks the :class:`~keinstich.bots.budget.Budget` as it goes (a Stop or a time limit ends it within
milliseconds and keeps what it proved); a trick deal is solved exactly by
:func:`~keinstich.bots.solver.card_values`, which checks the budget between the kernel's searches (a Stop
ends it within a few milliseconds, with nothing to keep: the exact search proves no bounds on the way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from keinstich.bots.base import lay_off
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.solver import card_values
from keinstich.bots.solver_domino import MoveBounds, domino_move_bounds

if TYPE_CHECKING:
    from keinstich.deal import Deal


def move_values(deal: Deal, seat: int | None = None, budget: Budget | None = None) -> MoveBounds:
    """Each legal move of the player to move with ``seat``'s value after it (see
    :func:`~keinstich.bots.solver.card_values`), as exact as ``budget`` allows.

    Raises :class:`~keinstich.bots.budget.Stopped` if the budget is spent before anything could be said.
    """
    if lay_off(deal):
        return domino_move_bounds(deal, seat, budget=budget)
    values = card_values(deal, seat, budget)
    return MoveBounds(values, dict(values), dict(values), True, None, 0)


__all__ = ["Budget", "MoveBounds", "Stopped", "move_values"]

"""Playing one deal with bots, as :func:`~keinstich.bots.play_deal` would, by the fastest way that makes the
same moves: each bot's :class:`~keinstich.bots.base.QuickPlay` where it offers one.

A seat whose bot offers a quick play has its move made on the deal itself, from what that seat may see,
without building an observation (the heuristic bot's cards in the kernel, a random bot's draw from the
deal's moves); when every seat's bot offers the same quick play, it may finish the whole deal at once (the
heuristic bots' play-out in the kernel). Every other move is the bot's ``decide`` on its observation, as
:func:`~keinstich.bots.play_deal` asks it. The tests check each quick play against the bots handed
observations. Nothing here looks at a bot's type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from keinstich.bots.base import Bot, QuickPlay, quick_play

if TYPE_CHECKING:
    from keinstich.deal import Deal


def play(deal: Deal, bots: Sequence[Bot]) -> None:
    """Finish ``deal`` with ``bots`` (one per seat), each seeing only its own seat's observation."""
    play_quick(deal, bots, [quick_play(b) for b in bots])


def play_quick(deal: Deal, bots: Sequence[Bot] | None, quick: Sequence[QuickPlay | None]) -> None:
    """:func:`play` with the bots' quick plays given (``bots`` may be None when every seat has one)."""
    first = quick[0]
    together = first if first is not None and all(q == first for q in quick) else None
    while not deal.over:
        if together is not None and together.finish(deal):
            return
        seat = deal.turn
        assert seat is not None
        q = quick[seat]
        if q is not None:
            q.play(deal)
        else:
            assert bots is not None
            deal.play(bots[seat].decide(deal.observation(seat)).move, seat)


__all__ = ["play", "play_quick"]

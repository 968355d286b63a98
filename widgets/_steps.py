"""The states of a deal's card play, for stepping through it (:class:`~keinstich_widgets.replay.Replay`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

from keinstich.deal import Deal

from ._games import move_cards


def is_play(move: Any) -> bool:
    """A move of the card play: a card (at an end of the chain, too) or a pass (None)."""
    return move is None or len(move_cards(move)) == 1


def deal_steps(deal: Deal) -> tuple[Steps, list[tuple[int, Any]]]:
    """Every state of the card play, from before its first move (step 0: any decisions before it
    made) to after the last, and the moves of the card play as (seat, move)."""
    history = deal.history
    first = next((i for i, (_, m) in enumerate(history) if is_play(m)), len(history))
    return Steps(deal, first), list(history[first:])


class Steps(Sequence[Deal]):
    """The states of a deal's card play, made when asked: a few checkpoints (at most about 32, each a
    replay of the deal's moves up to there), and from the nearest one the moves to the step asked for.
    Memory grows linearly with the number of moves, not with its square (a copy for every step would)."""

    def __init__(self, deal: Deal, first: int) -> None:
        self._deal = deal.copy()
        self._first = first
        self._count = len(deal.history) - first + 1
        self._every = max(16, -(-self._count // 32))
        self._checkpoints: dict[int, Deal] = {}
        self._last: tuple[int, Deal] | None = None

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, k: int) -> Deal: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[Deal]: ...

    def __getitem__(self, k: int | slice) -> Deal | Sequence[Deal]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self._count))]
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError(f"step {k} of {self._count}")
        last = self._last
        if last is not None and last[0] <= k < last[0] + self._every:
            at, state = last  # stepping forward from the step shown last
        else:
            at = k - k % self._every
            base = self._checkpoints.get(at)
            if base is None:
                base = self._checkpoints[at] = self._deal.rewound(self._first + at)
            state = base
        state = state.copy()
        history = self._deal.history
        for seat, move in history[self._first + at:self._first + k]:
            state.play(move, seat)
        self._last = (k, state)
        return state.copy()


__all__ = ["Steps", "deal_steps", "is_play"]

"""Playing a lay-off deal out to its end with random legal moves: the random play-out of simulations and of the
Monte Carlo bot's lay-off deals. :class:`LayOffPlayOut` is a part of :class:`~keinstich.layoff.DominoDeal`,
which holds the state; each move is recorded and applied as :meth:`~keinstich.machine.Machine.play` does,
without its checks (the moves are drawn from the legal ones).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from keinstich.cards import ALL_CARDS, Card
from keinstich.deal import End
from keinstich.layoff_layout import BOTTOM, TOP
from keinstich.layoff_rules import DominoRules
from keinstich.machine import check_rng


class LayOffPlayOut:
    """The lay-off machine's random play-out (a mixin of :class:`~keinstich.layoff.DominoDeal`)."""

    if not TYPE_CHECKING:  # the deal's slots hold the state; declared below for the type checker only
        __slots__ = ()
    else:
        rules: DominoRules
        _turn: int
        _hands: list[int]
        _front: int
        _rest: int
        _finish: list[int]

        _started: Callable[[], bool]
        _ends: Callable[[Card], int]
        replay: Callable[..., None]

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the deal with moves drawn uniformly from the legal ones; returns the finish order.

        The moves are the legal cards, plus passing when allowed (only when no card fits, unless
        ``voluntary_pass``); a chain card that fits both ends goes to either end at random.
        """
        check_rng(rng)
        rnd = rng.random
        hands = self._hands
        voluntary = self.rules.voluntary_pass
        fixed = self.rules.start_card is not None
        while self._turn >= 0:
            s = self._turn
            m = hands[s] & self._front
            if not m:
                if not self._rest & self._front:
                    raise AssertionError(f"deadlock: no card in any hand fits the layout ({self!r})")
                self.replay(s, None)
                continue
            count = m.bit_count()
            options = count + (1 if voluntary and (not fixed or self._started()) else 0)
            k = int(rnd() * options)
            if k == count:
                self.replay(s, None)
                continue
            while k:
                m &= m - 1
                k -= 1
            c = ALL_CARDS[(m & -m).bit_length() - 1]
            end: End | None = None
            if self._ends(c) == TOP | BOTTOM:
                end = "top" if rnd() < 0.5 else "bottom"
            self.replay(s, c, end)
        return tuple(self._finish)


__all__ = ["LayOffPlayOut"]

"""The deals that fit what one seat has seen, and what each of its moves is worth in each of them.

The Monte Carlo player and the coach's fair judgement (:mod:`keinstich.coach.fair`) ask the same question
of a decision: deal the cards the seat has not seen, consistently with everything it has seen, and value
every candidate move in that deal. :class:`TrickWorlds` answers it for a trick deal (Herzblatt's card play
included), :class:`DominoWorlds` for a lay-off deal. Both value the moves on the same deal, so two moves
are compared on equal cards; :meth:`values` takes the moves still wanted, so a judge that has settled one
move's worth stops paying for it.

A trick deal is played out by the heuristic bot in every seat (in the kernel when the contract allows), or
searched exactly when few tricks are left; a lay-off deal is played out at random, or solved exactly near
its end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from keinstich.bots.base import Objective, domino_value
from keinstich.bots.domino import domino_exclusions, domino_points, domino_world, filler_hands
from keinstich.bots.domino_rollouts import LayOffRolls
from keinstich.bots.heuristic import fair_playout, heuristic_playout
from keinstich.bots.knowledge import trick_knowledge
from keinstich.bots.rollouts import Rollouts, kernel_rolls
from keinstich.bots.sampler import HandSampler
from keinstich.bots.search import TrickSearch
from keinstich.bots.solver_domino import solve_domino
from keinstich.bots.worlds import world
from keinstich.cards import Card, mask_of
from keinstich.deal import Move
from keinstich.kernel.layout import FAIR, HEURISTIC
from keinstich.layoff import DominoDeal, DominoObservation
from keinstich.tricks import Observation


class TrickWorlds:
    """The deals that fit a trick observation, and each candidate card's value (higher is better for the
    seat's side) in each of them.

    ``cards``: the candidates; ``in_play``: the cards of the deal; ``discards``: cards out of play the seat
    knows (a Herzblatt soloist's own); ``soloist``: Herzblatt's soloist (the heuristic plays by sides);
    with ``exact`` each deal is searched exactly (the rest of the deal only: the same for every card) instead
    of played out; with ``fair`` the play-outs break the heuristic's ties by what the deal says, never by a suit's
    or a rank's name (mode ``FAIR`` of :mod:`keinstich.kernel.playout`: a deal and its renamed twin are played out
    alike), as the coach's judgement plays them.
    """

    def __init__(self, obs: Observation, cards: Sequence[Card], obj: Objective, *, in_play: int, discards: int = 0,
                 soloist: int | None = None, exact: bool = False, fair: bool = False) -> None:
        self.obs = obs
        self.cards = list(cards)
        self.obj = obj
        self.soloist = soloist
        self.exact = exact
        self.fair = fair
        self.knowledge = trick_knowledge(obs, in_play, discards=discards)
        self.sampler: HandSampler = self.knowledge.sampler()
        self.own = mask_of(obs.hand)
        self.rolls = Rollouts(obs, self.cards, obj, soloist, lambda hands: world(obs, hands),
                              FAIR if fair else HEURISTIC) if kernel_rolls(obs) else None

    def count(self) -> int:
        """How many deals fit (-1 when too many to count)."""
        return self.sampler.count()

    def hands(self, drawn: Sequence[int]) -> list[int]:
        """Every seat's hand in a drawn deal (the seat's own included)."""
        return self.knowledge.hands(drawn, self.own)

    def values(self, hands: list[int], which: Sequence[int] | None = None) -> list[float]:
        """The value of the candidates ``which`` (indices into :attr:`cards`; all by default) in the deal
        with these hands."""
        every = which is None or len(which) == len(self.cards)
        picked = self.cards if which is None else [self.cards[i] for i in which]
        if self.rolls is not None:
            if every:
                return self.rolls.values(hands, self.exact)
            if not self.exact:
                return [float(self.obj.value(scores)) for scores, _ in self.rolls.outcomes(hands, picked)]
            return [float(v) for v in self.rolls.exact_values(hands, picked)]
        deal = world(self.obs, hands)
        if self.exact:
            game = TrickSearch(deal, self.obj.side, self.obj.sign)
            return [float(game.after(deal, c)) for c in picked]
        out = []
        for c in picked:
            d = deal.copy()
            d.play(c)
            play_out = fair_playout if self.fair else heuristic_playout
            out.append(float(self.obj.value(play_out(d, self.soloist))))
        return out


    def full_many(self, drawn: Any) -> Any:
        """Every seat's hand in each drawn deal (a row per deal from :meth:`HandSampler.draw_many`)."""
        import numpy as np

        n = self.obs.players
        return np.insert(drawn[:, :n - 1], self.obs.seat, self.own, axis=1)

    def values_many(self, hands: Any, which: Sequence[int], rs: Any = None) -> Any:
        """:meth:`values` for each deal of ``hands`` (a numpy array, a row of hands per deal): one row of
        values per deal, a column per candidate of ``which``."""
        import numpy as np

        picked = [self.cards[i] for i in which]
        if self.rolls is not None and not self.exact:
            return self.rolls.values_many(hands, picked)
        return np.array([self.values(row, which) for row in hands.tolist()], dtype=float).reshape(len(hands),
                                                                                                   len(which))


class DominoWorlds:
    """The deals that fit a lay-off observation, and each move's value (the seat's place value less the
    pass fees still to come; a pass costs its fee) in each of them.

    ``moves``: the candidates (a card, a card laid at a chosen end, None for a pass). With ``exact`` (few cards
    left) each deal is solved exactly, else played out at random with the ``rng`` given to :meth:`values`; with
    ``fair`` on a bare board, each draw read in an order the deal says, not the suits' names
    (:class:`~keinstich.bots.domino_rollouts.LayOffRolls`: as the coach's judgement plays them out).
    """

    def __init__(self, obs: DominoObservation, moves: Sequence[Move], *, exact: bool, fair: bool = False) -> None:
        n = obs.players
        self.obs = obs
        self.moves = list(moves)
        self.exact = exact
        self.others = [s for s in range(n) if s != obs.seat]
        excl = domino_exclusions(obs)
        self.sampler = HandSampler(mask_of(obs.unseen), [obs.hand_sizes[s] for s in self.others],
                                   [excl[s] for s in self.others])
        self.points = domino_points(obs)
        self._template = domino_world(obs, filler_hands(obs))  # the layout as it stands, replayed once
        self.rolls = LayOffRolls(self._template, obs.seat) if fair else None
        self.fair = fair

    def count(self) -> int:
        return self.sampler.count()

    def hands(self, drawn: Sequence[int]) -> list[int]:
        """The hidden hands of a drawn deal, by seat (0 for the seat's own)."""
        hidden = [0] * self.obs.players
        for s, h in zip(self.others, drawn, strict=True):
            hidden[s] = h
        return hidden

    def values(self, hidden: list[int], rng: random.Random | Sequence[random.Random],
               which: Sequence[int] | None = None) -> list[float]:
        """The value of the moves ``which`` (indices into :attr:`moves`; all by default) in the deal with
        these hidden hands; ``rng`` plays the random play-outs (one for all moves in turn, or one per move)."""
        seat = self.obs.seat
        own = mask_of(self.obs.hand)
        hands = [own if s == seat else h for s, h in enumerate(hidden)]
        picked = range(len(self.moves)) if which is None else which
        if self.rolls is not None and self.exact:
            return [float(v) for v in self.rolls.solved_many([hands], [self.moves[i] for i in picked])[0]]
        if self.rolls is not None:
            seed = rng.getrandbits(31) if isinstance(rng, random.Random) else rng[0].getrandbits(31)
            return self.rolls.values(hands, [self.moves[i] for i in picked], seed)
        base = self._template.with_hands(hands)
        out = []
        for k, i in enumerate(picked):
            m = self.moves[i]
            d = base.copy()
            d.play(m)
            r = rng if isinstance(rng, random.Random) else rng[k]
            out.append(self._value(d, seat, r) - (self.obs.rules.pass_fee if m is None else 0))
        return out

    def full_many(self, drawn: Any) -> Any:
        """The hidden hands of each drawn deal, by seat (0 for the seat's own), a row per deal."""
        import numpy as np

        return np.insert(drawn, self.obs.seat, 0, axis=1)

    def values_many(self, hands: Any, which: Sequence[int], rs: Any) -> Any:
        """:meth:`values` for each deal of ``hands``, a row per deal; in each deal every move's random play-out
        draws the same numbers (from a seed drawn with numpy's ``rs``), so the moves are compared on equal luck."""
        import numpy as np

        seeds = rs.randint(0, 1 << 31, size=len(hands))  # drawn when solved too: the draws after stay the same
        if self.rolls is not None:
            full = np.array(hands, dtype=np.int64)
            full[:, self.obs.seat] = mask_of(self.obs.hand)
            picked = [self.moves[i] for i in which]
            return self.rolls.solved_many(full, picked) if self.exact else self.rolls.values_many(full, picked, seeds)
        return np.array([self.values(row, [random.Random(int(x)) for _ in which], which)
                         for row, x in zip(hands.tolist(), seeds, strict=True)], dtype=float).reshape(len(hands),
                                                                                                     len(which))

    def _value(self, d: DominoDeal, seat: int, rng: random.Random) -> float:
        """The seat's place value less the pass fees still to come, after the move just made."""
        fees_now = d.fees()[seat]
        if d.is_over:
            return domino_value(self.points, d.finish_order, seat)
        if self.exact:
            return solve_domino(d, seat, line=False).value + fees_now
        sim = d.copy()
        sim.playout(rng)
        return domino_value(self.points, sim.finish_order, seat) - (sim.fees()[seat] - fees_now)


def draws(sampler: HandSampler, rng: random.Random, listing: bool, limit: int | None = None, *,
          quick: bool = False) -> Iterator[list[int]]:
    """Every deal that fits (``listing``), or ``limit`` deals drawn with ``rng`` (without end when None);
    ``quick`` draws with :meth:`HandSampler.draw` instead of :meth:`HandSampler.sample`."""
    if listing:
        yield from sampler.all()
        return
    draw = sampler.draw if quick else sampler.sample
    k = 0
    while limit is None or k < limit:
        yield draw(rng)
        k += 1


__all__ = ["DominoWorlds", "TrickWorlds", "draws"]

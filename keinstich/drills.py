"""Quiz sets that train: instructive positions from seeded deals, graded by difficulty.

A *drill* is a position worth asking "which card would you play?". Every legal move is valued by
the exact solver (:func:`~keinstich.bots.solver.card_values`, all hands open); a move's *cost* is
how much worse its value is than the best move's, in the contract's units. A position is
*instructive* when the worst legal move costs at least the contract's "fine" threshold (the choice
matters; the coach's thresholds, :func:`keinstich.coach.grades_of`, docs/coach.md). Its difficulty,
with *close* meaning a move that is not best but costs less than the "mistake" threshold:

* ``"easy"``: the heuristic bot finds a best move, and the best is clearly better: every other move
  costs at least the "blunder" threshold;
* ``"medium"``: the heuristic bot finds a best move, some other move costs less than a blunder, and at
  most one other move is close;
* ``"hard"``: the heuristic bot misses the best moves, or two or more other moves are close.

::

    drill_set("no-hearts", seed=0, size=8, difficulty="medium")   # eight Drills, the same on every computer
    drill("no-hearts", 3)          # the first instructive position from the deals of seed 3
    study(position)                # a Drill for any position (None when the choice does not matter)

Drill ``i`` of a set is ``drill(contract, next_seed(seed, i), ...)``: it is found from its own seed,
so a set can be dealt one position at a time, and the next set starts at ``next_seed(seed, size)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from keinstich.bots.base import objective
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.bots.solver import card_values
from keinstich.coach import grades_of
from keinstich.deal import Deal, Move
from keinstich.positions import QuizError, dealt_pack, next_seed, positions

__all__ = ["DIFFICULTIES", "Difficulty", "Drill", "difficulty_of", "drill", "drill_set", "study", "thresholds"]

Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
DEALS = 40
"""Deals (seeds ``seed``, ``seed+1``, … as text) searched for a drill before giving up."""


def thresholds(deal: Deal) -> tuple[float, float, float]:
    """The contract's (fine, mistake, blunder) thresholds, in its units: a move costing less than
    ``fine`` counts as best (the coach's grades)."""
    g = grades_of(deal)
    return g.fine, g.mistake, g.blunder


@dataclass(frozen=True)
class Drill:
    """A position with every legal move valued exactly, and what makes it easy or hard.

    ``values``: each legal move's final score for the side to move under best play (contract units);
    ``sign``: +1 when higher is better, -1 when lower is (pfennig paid); ``heuristic``: the heuristic
    bot's move there; ``fine``, ``mistake``, ``blunder``: the contract's thresholds.
    """

    deal: Deal
    seed: int | str
    values: Mapping[Move, int]
    sign: int
    heuristic: Move
    fine: float
    mistake: float
    blunder: float

    def cost(self, move: Move) -> int:
        """What ``move`` costs against the best move, in the contract's units (0 for a best move)."""
        top = max(self.sign * v for v in self.values.values())
        return top - self.sign * self.values[move]

    @property
    def best(self) -> tuple[Move, ...]:
        """The moves that cost nothing."""
        return tuple(m for m in self.values if self.cost(m) == 0)

    @property
    def spread(self) -> int:
        """What the worst legal move costs: how much the choice matters."""
        return max(self.cost(m) for m in self.values)

    @property
    def close(self) -> int:
        """How many moves that are not best cost less than the mistake threshold."""
        return sum(1 for m in self.values if 0 < self.cost(m) < self.mistake)

    @property
    def gap(self) -> int:
        """What the cheapest move that is not best costs (0 when every move is best)."""
        return min((self.cost(m) for m in self.values if self.cost(m) > 0), default=0)

    @property
    def instructive(self) -> bool:
        return self.spread >= self.fine

    @property
    def difficulty(self) -> Difficulty:
        return difficulty_of(self.cost(self.heuristic) == 0, self.gap >= self.blunder, self.close)


def difficulty_of(heuristic_finds_it: bool, clearly_better: bool, close: int) -> Difficulty:
    """The difficulty from whether the heuristic bot finds a best move, whether every other move is a
    blunder, and how many other moves are close (see the module's docstring)."""
    if not heuristic_finds_it or close >= 2:
        return "hard"
    return "easy" if clearly_better else "medium"


def study(deal: Deal, seed: int | str = 0) -> Drill | None:
    """The drill for ``deal``'s seat to move (None when fewer than two moves are legal)."""
    seat = deal.turn
    if seat is None or len(deal.legal_moves()) < 2 or not deal.legal():
        return None
    values: dict[Move, int] = dict(card_values(deal).items())
    sign = objective(deal.observation(seat)).sign
    bot = HeuristicBot(pack=dealt_pack(deal))
    return Drill(deal.copy(), seed, values, sign, bot_move(bot, deal.observation(seat)), *thresholds(deal))


def drills(contract: Any, seed: int | str = 0, *, difficulty: Difficulty | None = None,
           game: str = "kein-stich", players: int | None = None, pack_id: str | None = None) -> Iterator[Drill]:
    """Every instructive drill (of ``difficulty``, if given) in the deals of ``seed`` and up to
    :data:`DEALS` more, in a fixed order."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise QuizError(f"unknown difficulty {difficulty!r}: use one of {', '.join(DIFFICULTIES)}")
    for k in range(DEALS):
        s = seed if k == 0 else f"{seed}.{k}"
        for deal in positions(contract, s, players=players, pack_id=pack_id, game=game):
            d = study(deal, s)
            if d is not None and d.instructive and (difficulty is None or d.difficulty == difficulty):
                yield d


def drill(contract: Any, seed: int | str = 0, *, difficulty: Difficulty | None = None, game: str = "kein-stich",
          players: int | None = None, pack_id: str | None = None) -> Drill:
    """The first instructive position (of ``difficulty``, if given) from the deals of ``seed``."""
    for d in drills(contract, seed, difficulty=difficulty, game=game, players=players, pack_id=pack_id):
        return d
    raise QuizError(f"no {difficulty or 'instructive'} position in {DEALS} deals from seed {seed!r}")


def drill_set(contract: Any, seed: int | str = 0, size: int = 8, *, difficulty: Difficulty | None = None,
              game: str = "kein-stich", players: int | None = None, pack_id: str | None = None) -> tuple[Drill, ...]:
    """``size`` drills: drill ``i`` from seed ``next_seed(seed, i)``."""
    return tuple(drill(contract, next_seed(seed, i), difficulty=difficulty, game=game, players=players,
                       pack_id=pack_id) for i in range(size))

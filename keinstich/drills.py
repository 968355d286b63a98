"""Quiz sets that train: instructive positions from seeded deals, graded by difficulty.

A *drill* is a position worth asking "which card would you play?". Every legal move is judged by the
coach's one judge (:func:`keinstich.coach.verdict`: from what the player could know, graded by the
contract's thresholds, docs/coach.md); a move's *cost* is what it gives away against the best move, in the
contract's units. A position is *instructive* when the choice clearly matters: some legal move is graded a
mistake or a blunder. Its difficulty, with *close* meaning a move graded fine (not best, not a mistake):

* ``"easy"``: the heuristic bot finds a best move, and the best is clearly better: every move that is not
  best or fine is a blunder, and none is close;
* ``"medium"``: the heuristic bot finds a best move, and at most one other move is close;
* ``"hard"``: the heuristic bot misses the best moves, or two or more other moves are close.

::

    drill_set("no-hearts", seed=0, size=8, difficulty="medium")   # eight Drills, the same on every computer
    drill("no-hearts", 3)          # the first instructive position from the deals of seed 3
    study(position)                # a Drill for any position (None when the choice does not matter)

Drill ``i`` of a set is ``drill(contract, next_seed(seed, i), ...)``: it is found from its own seed,
so a set can be dealt one position at a time, and the next set starts at ``next_seed(seed, size)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.coach import Grade, Verdict, grades_of, verdict
from keinstich.coach.fair import as_played
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
    """A position worth asking about, with its :class:`~keinstich.coach.Verdict` (every legal move judged by the
    coach: grades, costs, the best and the good moves, the sentences) and ``heuristic``, the heuristic bot's move
    there; ``seed``: the deals it was found in."""

    deal: Deal
    seed: int | str
    verdict: Verdict
    heuristic: Move

    @property
    def close(self) -> int:
        """How many moves are graded fine."""
        return sum(1 for m in self.verdict.legal if self.verdict.grade(m) == Grade.FINE)

    @property
    def instructive(self) -> bool:
        """Some legal move is a mistake or a blunder: the choice clearly matters."""
        return any(self.verdict.grade(m).bad for m in self.verdict.legal)

    @property
    def difficulty(self) -> Difficulty:
        v = self.verdict
        clearly = all(v.grade(m) in (Grade.BEST, Grade.BLUNDER) for m in v.legal)
        return difficulty_of(v.grade(self.heuristic) == Grade.BEST, clearly, self.close)


def difficulty_of(heuristic_finds_it: bool, clearly_better: bool, close: int) -> Difficulty:
    """The difficulty from whether the heuristic bot finds a best move, whether every other move is a
    blunder, and how many other moves are close (see the module's docstring)."""
    if not heuristic_finds_it or close >= 2:
        return "hard"
    return "easy" if clearly_better else "medium"


def study(deal: Deal, seed: int | str = 0) -> Drill | None:
    """The drill for ``deal``'s seat to move (None when fewer than two moves are legal, or outside the card
    play)."""
    seat = deal.turn
    if seat is None or len(deal.legal_moves()) < 2 or not deal.legal():
        return None
    v = verdict(deal)
    if v.forced or v.judged is None:
        return None
    bot = HeuristicBot(pack=dealt_pack(deal))
    return Drill(deal.copy(), seed, v, as_played(v.legal, bot_move(bot, deal.observation(seat))))


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

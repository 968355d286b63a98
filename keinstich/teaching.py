"""What a teacher asks the coach in front of a class: which moves keep the best result here, and why.

Every answer comes from :func:`_judged`, the one place this module (and the teacher's table and the class
results built on it) calls the coach's judge, so the judge can be swapped in one place::

    answer = best_moves(position)        # fair: from what the player to move could know
    answer.moves, answer.why             # the moves that keep the best result; the coach's sentence
    open_best(position).moves            # with every hand open, against the opponents at the table
    judged(position, move)               # one move: its grade, the best moves and the sentence on it
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keinstich.cards import Style
from keinstich.deal import Deal, Move, move_cards

if TYPE_CHECKING:
    from keinstich.coach import Judgement

__all__ = ["Answer", "Verdict", "best_moves", "judged", "open_best", "review_of"]

OPEN_VIEW = "with all hands open (the solver: every player plays their best)"
"""What the open-hands answer assumes, said with it (the coach's judge today: the exact solver)."""

SAMPLES = 100
"""Deals the fair judgement samples per position (the coach's own default)."""


@dataclass(frozen=True)
class Answer:
    """The moves that keep the best result in a position, the coach's sentence on them, and which view
    made them (``open_hands``: every hand known)."""

    seat: int
    moves: tuple[Move, ...]
    why: str
    open_hands: bool = False
    view: str = "from what the player could know"

    @property
    def cards(self) -> tuple[object, ...]:
        """The cards those moves put down (none for a pass or a call)."""
        return tuple(c for m in self.moves for c in move_cards(m))


@dataclass(frozen=True)
class Verdict:
    """One move judged: its ``grade`` (best, fine, mistake, blunder, only, differs), what it cost in the
    contract's ``unit``, the ``best`` moves, and the coach's sentences on the move and on the best."""

    move: Move
    grade: str
    cost: float
    best: tuple[Move, ...]
    why: str
    best_why: str
    unit: str

    @property
    def wrong(self) -> bool:
        """A mistake or a blunder (a fine move is no error)."""
        return self.grade in ("mistake", "blunder")


def _judged(position: Deal, move: Move | None, *, open_hands: bool, style: Style | None, seed: int | str) -> Judgement:
    """The coach's judgement of ``move`` (any legal move when None) in ``position``: the one call of the judge."""
    from keinstich.coach import judge

    if move is None:
        move = position.legal_moves()[0]
    return judge(position, move, samples=SAMPLES, seed=seed, open_hands=open_hands, style=style)


def _seat(position: Deal) -> int:
    seat = position.turn
    if seat is None or position.over:
        raise ValueError("the deal is over: there is no move left to ask about")
    return seat


def best_moves(position: Deal, *, style: Style | None = None, seed: int | str = 0) -> Answer:
    """The moves that keep the best result for the player to move, judged fairly (from what that player could
    know), with the coach's sentence why."""
    seat = _seat(position)
    j = _judged(position, None, open_hands=False, style=style, seed=seed)
    return Answer(seat, tuple(j.best), j.best_why)


def open_best(position: Deal, *, style: Style | None = None, seed: int | str = 0) -> Answer:
    """The moves that keep the best result with every hand open (the solver's), for the player to move."""
    seat = _seat(position)
    j = _judged(position, None, open_hands=True, style=style, seed=seed)
    moves = tuple(j.open_best) or tuple(j.best)
    names = ", ".join(_name(position, m, style) for m in moves)
    how = ("with every hand open, these keep the best result: " if j.open_best
           else "with every hand open the search did not settle; the fair judgement's best: ")
    return Answer(seat, moves, how + names, open_hands=True, view=OPEN_VIEW)


def judged(position: Deal, move: Move, *, style: Style | None = None, seed: int | str = 0) -> Verdict:
    """``move`` judged fairly in ``position``: grade, cost, the best moves and the sentences."""
    _seat(position)
    j = _judged(position, move, open_hands=False, style=style, seed=seed)
    return Verdict(move, j.grade, j.cost, tuple(j.best), j.why, j.best_why, j.unit)


def _name(position: Deal, move: Move, style: Style | None) -> str:
    from keinstich.coach.grades import pack_in_play
    from keinstich.coach.why import move_text

    return move_text(move, style or pack_in_play(position).style)


def review_of(deal: Deal, seat: int, *, bots: object = "heuristic", style: Style | None = None) -> object:
    """The coach's review of ``seat``'s decisions in a finished deal (a student's, from the class results)."""
    from keinstich.coach import review

    return review(deal, seat, bots=bots, samples=SAMPLES, style=style)  # type: ignore[arg-type]

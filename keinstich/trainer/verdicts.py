"""The trainer's one way to the coach's judge: which cards are good in a position, what each costs, why, and
a layout of the hidden hands that beats a card.

Everything the trainer, the bank and the drills know about a position's answer comes through
:func:`solution`, which asks the coach's one judge (:func:`keinstich.coach.verdict`). The judge itself judges the
position's *canonical* representative (:func:`keinstich.coach.equivalence.canonical`: suits and ranks renamed by a
rule that depends only on what the seat to move can know) and renames the answer back, so every equivalent
position, however its suits are permuted or its ranks shifted, gets the same costs card for card, in the Hint, the
review, a quiz and the trainer alike; its sentences name the shown cards.

:data:`JUDGE` names the judge and its settings; :func:`stamp` fingerprints what it answers on a few fixed
positions, so the bank (:mod:`.bank`) knows when it was made by another judge and must be made again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from keinstich.cards import Style
from keinstich.coach import Verdict, verdict
from keinstich.coach.equivalence import Relabel
from keinstich.coach.fair import CAP
from keinstich.coach.grades import Grades, pack_in_play
from keinstich.coach.why import move_text
from keinstich.deal import Deal, Move

JUDGE = f"the coach's verdict (sampled until settled, at most {CAP} moves valued, of the canonical position)"
"""What answers the trainer's positions: the bank records it, with :func:`stamp`."""


class NoDecision(ValueError):
    """A position with no decision to judge: the deal is over, or the seat to move has one legal move."""


@dataclass(frozen=True)
class Solution:
    """The answer to the decision of the seat to move in ``position`` (as shown to the learner): the coach's
    :class:`~keinstich.coach.Verdict` of its canonical representative, renamed back (``verdict``: as if of the
    shown position, so its sentences name the shown cards; ``canon``: the representative's own, which gives
    the refuting layouts). ``relabel``: how the position was renamed into the representative."""

    position: Deal
    seat: int
    verdict: Verdict = field(repr=False)
    canon: Verdict = field(repr=False)
    relabel: Relabel = field(repr=False)

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.verdict.legal

    @property
    def grades(self) -> Grades:
        return self.verdict.grades

    @property
    def unit(self) -> str:
        return self.grades.unit

    @property
    def settled(self) -> bool:
        return self.verdict.settled

    def cost(self, move: Move) -> float:
        return self.verdict.cost(move)

    def grade(self, move: Move) -> str:
        """"best", "fine", "mistake" or "blunder" ("only" when it is the one legal move)."""
        return self.verdict.grade(move)

    def is_good(self, move: Move) -> bool:
        """Whether the trainer accepts ``move``: graded best or fine."""
        return self.grade(move) in ("best", "fine", "only")

    @property
    def best(self) -> tuple[Move, ...]:
        return self.verdict.best

    @property
    def good(self) -> tuple[Move, ...]:
        """The moves the trainer accepts (best or fine), equivalent cards included."""
        return self.verdict.good

    @property
    def gap(self) -> float:
        """How clearly the good moves stand out: the cost of the cheapest move that is not good (0 if none)."""
        return min((self.cost(m) for m in self.legal if not self.is_good(m)), default=0.0)

    @property
    def separated(self) -> bool:
        """Every legal move is best or at least a mistake, some move is a mistake, and the judge's stopping rule
        settled every grade: the bank keeps only such positions."""
        return self.settled and any(not self.is_good(m) for m in self.legal) and all(
            self.grade(m) in ("best", "mistake", "blunder") for m in self.legal)

    def style(self) -> Style:
        return pack_in_play(self.position).style

    def why(self, move: Move, style: Style | None = None) -> str:
        """One sentence on ``move``: its grade, what it costs and why (naming the position's own cards)."""
        return self.verdict.why(move, style)

    def best_why(self, style: Style | None = None) -> str:
        return self.verdict.best_why(style)

    def refutation(self, move: Move) -> Deal | None:
        """A layout of the hidden hands that fits what the seat saw, in which ``move`` costs at least the mistake
        threshold more than the best move (the judge's own), as the position shown: a new deal, or None."""
        return self.verdict.refutation(move)

    def __str__(self) -> str:
        parts = [f"{move_text(m)} {self.grade(m)} ({self.cost(m):.1f})" for m in self.legal]
        return f"Solution({', '.join(parts)}; {self.unit})"


def solution(position: Deal, *, style: Style | None = None) -> Solution:
    """The answer to ``position``'s decision (see the module's docstring); the same for every equivalent position."""
    seat = position.turn
    if seat is None or position.over:
        raise NoDecision("the deal is over: there is no decision to judge")
    v = verdict(position, style=style)
    return Solution(position.copy(), seat, v, v.canon or v, v.relabel or Relabel())


# --- the judge's fingerprint ---------------------------------------------------------------------------


PROBES: tuple[tuple[str, str, int], ...] = (
    ("kein-stich", "no-tricks", 1), ("kein-stich", "no-hearts", 2), ("kein-stich", "power", 3),
    ("kein-stich", "domino", 4), ("herzeln", "herzeln-no-hearts", 5), ("herzblatt", "herzblatt-4", 6))
"""(game, contract, seed) of the positions :func:`stamp` asks the judge about."""


def stamp() -> str:
    """A fingerprint of the judge: a digest of :data:`JUDGE` and of its costs, rounded to 0.01, on the
    positions of :data:`PROBES`. A bank made by another judge has another stamp."""
    from .positions import decisions

    parts = [JUDGE]
    for game, contract, seed in PROBES:
        position = next(p for k in range(seed, seed + 50) for p in decisions(game, contract, k))
        s = solution(position)
        parts.append(",".join(f"{move_text(m)}={s.cost(m):.2f}:{s.grade(m)}" for m in s.legal))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


__all__ = ["JUDGE", "NoDecision", "Solution", "solution", "stamp"]

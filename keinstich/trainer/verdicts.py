"""The trainer's one way to the coach's judge: which cards are good in a position, what each costs, why, and
a layout of the hidden hands that beats a card.

Everything the trainer, the bank and the drills know about a position's answer comes through
:func:`solution`, which asks the coach's one judge (:func:`keinstich.coach.verdict`). The judge itself judges the
position's *canonical* representative (:func:`keinstich.coach.equivalence.canonical`: suits renamed by a rule that
depends only on what the seat to move can know) and renames the answer back, so every equivalent position, however
its suits are permuted, gets the same costs card for card, in the Hint, the
review, a quiz and the trainer alike; its sentences name the shown cards.

:data:`JUDGE` names the judge and its settings; :func:`stamp` fingerprints what it answers on a few fixed
positions, so the bank (:mod:`.bank`) knows when it was made by another judge and must be made again.
"""

from __future__ import annotations

import hashlib

from keinstich.cards import Style
from keinstich.coach import Verdict, verdict
from keinstich.coach.fair import CAP
from keinstich.coach.why import move_text
from keinstich.deal import Deal

JUDGE = (f"the coach's verdict (the heuristic's play-outs with ties between suits read off the deal, lays with their "
         f"ends, its guessed deals weighted by the others' plays, sampled until settled, at most {CAP} moves valued, "
         f"of the position, its suits renamed by rule)")
"""What answers the trainer's positions: the bank records it, with :func:`stamp`."""


class NoDecision(ValueError):
    """A position with no decision to judge: the deal is over, or the seat to move has one legal move."""


def solution(position: Deal, *, style: Style | None = None) -> Verdict:
    """The answer to ``position``'s decision: the coach's verdict (see the module's docstring), the same for every
    equivalent position; refused with :class:`NoDecision` when the deal is over."""
    seat = position.turn
    if seat is None or position.over:
        raise NoDecision("the deal is over: there is no decision to judge")
    return verdict(position, style=style)


def gap(v: Verdict) -> float:
    """How clearly the good moves stand out: the cost of the cheapest move that is not good (0 if none)."""
    return min((v.cost(m) for m in v.legal if not v.grade(m).good), default=0.0)


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


__all__ = ["JUDGE", "NoDecision", "gap", "solution", "stamp"]

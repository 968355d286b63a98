"""The trainer's one way to the coach's judge: which cards are good in a position, what each costs, why, and
a layout of the hidden hands that beats a card.

Everything the trainer, the bank and the drills know about a position's answer comes through
:func:`solution`, the one adapter to the judge (:mod:`keinstich.coach`). It judges the position's
*canonical* representative (:func:`~.equivalence.canonical`: suits and ranks renamed by a rule that depends
only on what the seat to move can know) and renames the answer back, so every equivalent position, however
its suits are permuted or its ranks shifted, gets the same costs card for card. (The judge itself is not
exactly invariant: its play-outs break ties between equal cards by suit, and its draws are seeded from the
position's own faces.) The sentences are made on the position as shown, so they name its own cards.

:data:`JUDGE` names the judge and its settings; :func:`stamp` fingerprints what it answers on a few fixed
positions, so the bank (:mod:`.bank`) knows when it was made by another judge and must be made again.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from keinstich.bots.base import objective
from keinstich.bots.knowledge import in_play_mask, trick_knowledge
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.solver import card_values
from keinstich.bots.worlds import world
from keinstich.cards import Style, cards_of, mask_of
from keinstich.coach.grades import Grades, grades_of, pack_in_play
from keinstich.coach.judge import key
from keinstich.coach.why import best_sentence, cost_sentence, move_text, only_sentence
from keinstich.deal import Deal, Move

from .equivalence import Relabel, canonical, seat_view

SAMPLES = 240
"""Deals the fair judgement samples per position."""
Z = 2.5
"""Standard errors either side of a cost that must stay within its grade's band for the grade to count as settled."""
JUDGE = f"coach fair judgement (Monte Carlo player, {SAMPLES} samples) on the canonical position, trainer adapter 1"
"""What answers the trainer's positions: the bank records it, with :func:`stamp`."""
REFUTE_TRIES = 240
"""Layouts of the hidden hands tried, at most, when looking for one that beats a card."""


class NoDecision(ValueError):
    """A position with no decision to judge: the deal is over, or the seat to move has one legal move."""


@dataclass(frozen=True)
class Solution:
    """The answer to the decision of the seat to move in ``position`` (as shown to the learner).

    ``costs``: each legal move's mean cost against the best, in ``unit`` (by :func:`key`: a card laid at an
    end counts as the card); ``margins``: give or take; ``grades``: the contract's thresholds;
    ``settled``: every grade is clear of its band's edges; ``count`` and ``how``: the deals judged.
    """

    position: Deal
    seat: int
    legal: tuple[Move, ...]
    costs: dict[Any, float]
    margins: dict[Any, float]
    grades: Grades
    settled: bool
    count: int
    how: str
    relabel: Relabel = field(repr=False)
    """How the position was renamed into the representative the judge judged."""

    @property
    def unit(self) -> str:
        return self.grades.unit

    def cost(self, move: Move) -> float:
        return self.costs[key(move)]

    def grade(self, move: Move) -> str:
        """"best", "fine", "mistake" or "blunder" ("only" when it is the one legal move)."""
        if len(self.costs) == 1:
            return "only"
        return self.grades.grade(self.cost(move))

    def is_good(self, move: Move) -> bool:
        """Whether the trainer accepts ``move``: graded best or fine."""
        return self.grade(move) in ("best", "fine", "only")

    @property
    def best(self) -> tuple[Move, ...]:
        return tuple(m for m in self.legal if self.grade(m) in ("best", "only"))

    @property
    def good(self) -> tuple[Move, ...]:
        """The moves the trainer accepts (best or fine), equivalent cards included."""
        return tuple(m for m in self.legal if self.is_good(m))

    @property
    def gap(self) -> float:
        """How clearly the good moves stand out: the cost of the cheapest move that is not good (0 if none)."""
        return min((self.cost(m) for m in self.legal if not self.is_good(m)), default=0.0)

    @property
    def separated(self) -> bool:
        """Every legal move is best or at least a mistake, some move is a mistake, and that is settled:
        the bank keeps only such positions."""
        return self.settled and any(not self.is_good(m) for m in self.legal) and all(
            self.grade(m) in ("best", "mistake", "blunder") for m in self.legal)

    def style(self) -> Style:
        return pack_in_play(self.position).style

    def why(self, move: Move, style: Style | None = None) -> str:
        """One sentence on ``move``: its grade, what it costs and why (naming the position's own cards)."""
        if len(self.costs) == 1:
            return only_sentence(move, style)
        best = self.best[0]
        grade = self.grade(move)
        grade = "best" if grade == "only" else grade
        return cost_sentence(self.position, self.seat, move, best, grade, self.cost(move), None, self.grades,
                             self.count, self.how, (0, 0.0), style or self.style())

    def best_why(self, style: Style | None = None) -> str:
        return best_sentence(self.position, self.seat, self.best, self.count, self.how, style or self.style())

    def refutation(self, move: Move) -> Deal | None:
        """A layout of the hidden hands that fits what the seat saw, in which ``move`` costs at least the
        mistake threshold more than the best move with all hands open: the position with those hands (a new
        deal), or None when no layout tried does (or the position is not trick play)."""
        return refutation(self.position, move, self.best[0], self.grades.mistake,
                          seed="|".join(map(str, seat_view(self.position, self.relabel))))

    def __str__(self) -> str:
        parts = [f"{move_text(m)} {self.grade(m)} ({self.cost(m):.1f})" for m in self.legal]
        return f"Solution({', '.join(parts)}; {self.unit})"


def solution(position: Deal) -> Solution:
    """The answer to ``position``'s decision (see the module's docstring); the same for every equivalent position."""
    seat = position.turn
    if seat is None or position.over:
        raise NoDecision("the deal is over: there is no decision to judge")
    legal = tuple(position.legal_moves())
    if not legal:
        raise NoDecision(f"seat {seat} has nothing to play in the {position.phase} phase")
    canon, relabel = canonical(position)
    costs, margins, settled, count, how = _judged(canon)
    back = relabel.inverse()
    shown = {key(back.move(k)) if not isinstance(k, frozenset) else k: v for k, v in costs.items()}
    shown_margins = {key(back.move(k)) if not isinstance(k, frozenset) else k: v for k, v in margins.items()}
    return Solution(position.copy(), seat, legal, shown, shown_margins, grades_of(position), settled, count, how,
                    relabel)


def _judged(canon: Deal) -> tuple[dict[Any, float], dict[Any, float], bool, int, str]:
    return _judge_cached(repr(seat_view(canon)), _Held(canon))


class _Held:
    """A deal carried through the cache without taking part in its key."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Held)


@lru_cache(maxsize=512)
def _judge_cached(view: str, held: _Held) -> tuple[dict[Any, float], dict[Any, float], bool, int, str]:
    """The judge on the canonical position: costs and margins by move key, settled, deals, how."""
    position = held.deal
    seat = position.turn
    assert seat is not None
    legal = tuple(position.legal_moves())
    keys = list(dict.fromkeys(key(m) for m in legal))
    if len(keys) == 1:
        return {keys[0]: 0.0}, {keys[0]: 0.0}, True, 0, "only"
    seed = int(hashlib.sha256(view.encode()).hexdigest()[:12], 16)
    bot = MonteCarloBot(seed, samples=SAMPLES, pack=pack_in_play(position))
    got = bot.move_values(position.observation(seat))
    values = {k: got.values[k] for k in keys}
    top = max(values.values())
    leader = max(keys, key=lambda k: (values[k], -_order(k)))
    grades = grades_of(position)
    costs: dict[Any, float] = {}
    margins: dict[Any, float] = {}
    settled = True
    lead = got.deals.get(leader, [])
    for k in keys:
        cost = max(0.0, top - values[k])
        costs[k] = cost if cost > 1e-9 else 0.0
        mine = got.deals.get(k, [])
        margin = 0.0
        if k != leader and len(mine) == len(lead) and len(lead) > 1 and not got.how.startswith("listed"):
            diffs = [a - b for a, b in zip(lead, mine, strict=True)]
            mean = sum(diffs) / len(diffs)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
            margin = Z * sd / math.sqrt(len(diffs))
        margins[k] = margin
        if grades.grade(max(0.0, cost - margin)) != grades.grade(cost + margin):
            settled = False
    return costs, margins, settled, got.count, got.how


def _order(k: Any) -> int:
    index = getattr(k, "index", None)
    return int(index) if isinstance(index, int) else 99


# --- a layout that beats a card ------------------------------------------------------------------------


def with_hands(position: Deal, hands: Sequence[int]) -> Deal:
    """``position`` with the current hands ``hands`` (masks, seat 0 first) in place of the real ones: the
    same moves replayed on the hands as they would have been dealt."""
    from keinstich.records import Record

    rec = position.record().to_dict()
    played: list[int] = [0] * position.players
    for s, m in position.history:
        for c in _cards(m):
            played[s] |= c.bit
    rec["hands"] = [[c.code for c in cards_of(hands[s] | played[s])] for s in range(position.players)]
    return Record.from_dict(rec).replay()


def _cards(move: Move) -> tuple[Any, ...]:
    from keinstich.deal import move_cards

    return move_cards(move) if type(move).__name__ != "Discard" else ()


def refutation(position: Deal, move: Move, best: Move, least: float, seed: str) -> Deal | None:
    """The first of :data:`REFUTE_TRIES` layouts drawn (seeded by ``seed``) that fit what the seat to move saw
    and in which, with all hands open, ``move`` does at least ``least`` worse than ``best`` (None: none does,
    or the position is not trick play of Kein Stich or Herzeln)."""
    seat = position.turn
    if seat is None or position.trick_deal is None or position.game == "herzblatt" or position.phase != "play":
        return None
    obs = position.observation(seat)
    know = trick_knowledge(obs, in_play_mask(obs, pack_in_play(position)))
    sampler = know.sampler()
    rng = random.Random(f"refute:{seed}:{key(move)}")
    own = mask_of(obs.hand)
    sign = objective(obs).sign
    for _ in range(REFUTE_TRIES):
        hands = know.hands(sampler.sample(rng), own)
        values = card_values(world(obs, hands), seat)
        if sign * (values[key(best)] - values[key(move)]) >= least:
            return with_hands(position, hands)
    return None


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
        parts.append(",".join(f"{move_text(m)}={s.cost(m):.2f}" for m in s.legal))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


__all__ = ["JUDGE", "SAMPLES", "NoDecision", "Solution", "refutation", "solution", "stamp", "with_hands"]

"""The review of a played deal from one seat: every decision judged, and the deal played again two ways.

:func:`review` walks the deal's moves; each decision of the seat gets its verdict (:func:`~.judge.verdict`: the
grade, from what the seat could know) and what each move was worth with all hands open, against the opponents who
played (:mod:`.against`). The summary compares what the seat got with the best it could have got knowing every
hand, against those same opponents (never worse than what it got: the line it played is one of those searched), and
with the heuristic bot in its seat, the others answering as they do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.budget import Budget
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.cards import Style
from keinstich.deal import Deal
from keinstich.machine import check_deal, check_seat
from keinstich.wording.i18n import _, ngettext
from keinstich.wording.names import grade_name, unit_word

from .against import BotSpec
from .grades import GRADES, Grade, counts_paid, grades_of, outcome, pack_in_play
from .judge import CoachError, verdict
from .judgement import Judgement, answers_for, duplicate, judgement, open_for
from .luck import Luck
from .luck import amount as _num
from .why import move_text


@dataclass(frozen=True)
class Review:
    """A seat's deal reviewed: its ``decisions`` (each judged), what it got (``paid``: the seat's
    score in ``unit``, pfennig paid or points won; its side's card points in Herzblatt; its place value
    less fees in a lay-off deal), and the same deal's duplicates: ``best_paid`` (the open-hands solver
    in the seat) and ``heuristic_paid`` (the heuristic bot in the seat). ``lower_is_better`` for pfennig
    paid. ``unit`` as a review says it (the :attr:`~keinstich.deal.Unit.short` of the coach's unit: "pf", "points",
    "card points"). ``forced``: decisions with one legal move (not listed)."""

    seat: int
    decisions: tuple[Judgement, ...]
    paid: float
    best_paid: float | None
    heuristic_paid: float
    unit: str
    lower_is_better: bool
    forced: int
    style: Style = "german"

    def count(self, grade: Grade | str) -> int:
        """How many decisions got ``grade``."""
        return sum(1 for d in self.decisions if d.grade == grade)

    @property
    def summary(self) -> str:
        """One line: the grades counted, then what the seat got against the two duplicates, said to the learner."""
        return self.summary_of(None)

    def summary_of(self, name: str | None) -> str:
        """:attr:`summary` said of the student ``name`` (a teacher reading a student's review), or to the learner
        (None)."""
        counts = ", ".join(f"{self.count(g)} {grade_name(g)}" for g in (*GRADES, Grade.DIFFERS) if self.count(g))
        n = len(self.decisions)
        fields = {"counts": counts or _("none"), "amount": _num(self.paid), "unit": unit_word(self.unit),
                  "best": _("not settled") if self.best_paid is None else _num(self.best_paid),
                  "bot": _num(self.heuristic_paid)}
        decisions = ngettext("{n} decision ({counts}).", "{n} decisions ({counts}).", n, **fields)
        if name is not None:
            if self.lower_is_better:
                return _("{decisions} {name} paid {amount} {unit}; best play from {name}'s seat with all hands open, "
                         "against the same opponents: {best}; the heuristic bot in {name}'s seat, against them: "
                         "{bot}.", decisions=decisions, name=name, **fields)
            return _("{decisions} {name} got {amount} {unit}; best play from {name}'s seat with all hands open, "
                     "against the same opponents: {best}; the heuristic bot in {name}'s seat, against them: {bot}.",
                     decisions=decisions, name=name, **fields)
        if self.lower_is_better:
            return _("{decisions} You paid {amount} {unit}; best play from your seat with all hands open, against the "
                     "same opponents: {best}; the heuristic bot in your seat, against them: {bot}.",
                     decisions=decisions, **fields)
        return _("{decisions} You got {amount} {unit}; best play from your seat with all hands open, against the same "
                 "opponents: {best}; the heuristic bot in your seat, against them: {bot}.", decisions=decisions,
                 **fields)

    @property
    def luck(self) -> Luck:
        """The duplicate comparison: what the seat got, the best play knowing every hand and the heuristic bot, on
        the same cards (:attr:`Luck.said`: how much of the score the cards decided)."""
        return Luck(self.paid, self.best_paid, self.heuristic_paid, self.unit, self.lower_is_better)

    @property
    def mistakes(self) -> tuple[Judgement, ...]:
        """The mistakes and blunders (the decisions whose grade is bad), in the order they were made."""
        return tuple(d for d in self.decisions if d.grade.bad)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per decision (for a table or a pandas frame): where, the card played and the best, the costs, the
        grade, the idea the best card follows (its id, or None), what the coach says in plain words, and how it was
        judged (``why``)."""
        return [{"move": d.index, "trick": d.trick, "played": move_text(d.move, self.style),
                 "best": ", ".join(move_text(m, self.style) for m in d.best), "cost": round(d.cost, 1),
                 "open cost": None if d.open_cost is None else round(d.open_cost, 1), "grade": d.grade,
                 "idea": d.idea.idea if d.idea is not None else None, "said": d.said, "why": d.why}
                for d in self.decisions]

    def __str__(self) -> str:
        lines = [self.summary, self.luck.said]
        for d in self.decisions:
            at = _("trick {k}", k=d.trick) if d.trick is not None else _("move {k}", k=d.index + 1)
            lines.append(f"  {at}: {move_text(d.move, self.style)} — {grade_name(d.grade)}. {d.said}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from keinstich.pictures import html

        return html("review", self)


def review(deal: Deal, seat: int, *, bots: BotSpec | Sequence[BotSpec] = "heuristic", budget: Budget | None = None,
           open_hands: bool = True, progress: Callable[[int, int], None] | None = None,
           style: Style | None = None) -> Review:
    """Review ``seat``'s decisions in ``deal`` (finished, or played as far as it goes): each judged by the coach's
    verdict, and with ``open_hands`` with all hands open against the other seats' ``bots`` (one spec for all, or
    one per seat: the bots that played; their moves in the deal are taken as made). ``progress(done, total)`` is
    called after each decision; ``budget`` stops the work (:class:`~keinstich.bots.budget.Stopped`); ``style``
    names the cards (by default as the pack does)."""
    check_deal(deal, "review")
    check_seat(seat, len(deal.dealt), CoachError)
    answers = answers_for(deal, seat, bots)
    history = deal.history
    todo = sum(1 for s, _x in history if s == seat)
    decisions: list[Judgement] = []
    forced = 0
    done = 0
    first_open: float | None = None
    searched = False
    for i, (s, m) in enumerate(history):
        if s != seat:
            continue
        position = deal.rewound(i)
        v = verdict(position, budget=budget, style=style)
        opened = None
        if open_hands and not v.forced and v.judged is not None:
            opened = open_for(position, answers, (m, v.leader), budget)
            if not searched:
                first_open = None if opened is None else opened.top
        if not v.forced and v.judged is not None:
            searched = True
        j = judgement(v, m, opened, style, answers)
        if j.forced:
            forced += 1
        else:
            decisions.append(j)
        done += 1
        if progress is not None:
            progress(done, todo)
    grades = grades_of(deal)
    lower = counts_paid(deal)
    paid = outcome(deal, seat)
    if budget is not None:
        budget.check()
    best = _paid(first_open, lower) if searched else paid
    heuristic = HeuristicBot(pack=pack_in_play(deal))
    heur = outcome(duplicate(deal, seat, lambda d: bot_move(heuristic, d.observation(seat)), answers), seat)
    return Review(seat, tuple(decisions), paid, best, heur, grades.unit.short, lower, forced,
                  style or pack_in_play(deal).style)


def _paid(value: float | None, lower: bool) -> float | None:
    """A value with all hands open (higher is better) in the review's count (pfennig paid)."""
    return None if value is None else (-value if lower else value)


__all__ = ["Review", "duplicate", "outcome", "review"]

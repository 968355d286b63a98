"""Luck, told: how much of one deal's score the cards decided, read off the duplicate comparison.

One deal's score is mostly its cards. The kit plays the same cards again (:func:`.review.duplicate`) two ways:
the best play knowing every hand, against the same opponents (what no play could have beaten: the cards' part),
and the heuristic bot in the seat (the fair yardstick: a score compared on the same cards, never across deals).
:class:`Luck` holds the three figures and says them in plain sentences; :func:`deal_luck` works them out for a
position handed to a class (the same cards for every student).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keinstich.bots.budget import Budget
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.deal import Deal
from keinstich.i18n import _, ngettext, number
from keinstich.wording.names import unit_word

from .against import open_values
from .grades import counts_paid, grades_of, pack_in_play
from .judgement import answers_for, duplicate


def amount(v: float) -> str:
    """A score as said: "10", "2.5" (German "2,5"), never "-0"."""
    v = round(v, 1) + 0.0
    return number(v, 0 if v == int(v) else 1)


@dataclass(frozen=True)
class Luck:
    """One deal's duplicate comparison from one seat: ``got`` (what the seat got; None when several students got
    different scores on these cards), ``best`` (the best play knowing every hand, against the same opponents; None
    when the search did not settle it), ``bot`` (the heuristic bot in the seat, on the same cards, against them),
    in ``unit``; ``lower_is_better`` for pfennig paid."""

    got: float | None
    best: float | None
    bot: float
    unit: str
    lower_is_better: bool

    @property
    def cards(self) -> float | None:
        """How much of the score the cards decided: all that even the best play pays (fewer is better), or the
        most it gets (more is better); None when the best is not settled."""
        return self.best

    @property
    def play(self) -> float | None:
        """How much of the score was the play, knowing every hand: what it paid above the best (fewer is better),
        or what it fell short of it (more is better); None without a score or a best."""
        if self.got is None or self.best is None:
            return None
        return max(0.0, self.got - self.best if self.lower_is_better else self.best - self.got)

    @property
    def said(self) -> str:
        """The cards' part and the play's, then the fair comparison: two plain sentences with the deal's figures."""
        return " ".join(s for s in (self._split(), self._fair()) if s)

    def _split(self) -> str:
        got, best, play = self.got, self.best, self.play
        if got is None or best is None or play is None:
            return ""
        fields = {"got": amount(got), "best": amount(best), "play": amount(play), "unit": unit_word(self.unit)}
        if not self.lower_is_better:
            if play == 0:
                return _("On these cards even the best play, knowing every hand, gets {best} {unit}, as this seat "
                         "did: the cards allowed no more.", **fields)
            return _("On these cards the best play, knowing every hand, gets {best} {unit}: the cards allowed that "
                     "much, and the play got {got}, {play} short of it.", **fields)
        if got <= 0:
            return ""
        if play == 0:
            return _("On these cards even the best play, knowing every hand, pays {best} {unit}, as this seat did: "
                     "all of it was down to the cards.", **fields)
        if best <= 0:
            return _("On these cards the best play, knowing every hand, pays nothing: all {got} {unit} paid were down "
                     "to the play.", **fields)
        if 2 * best > got:
            return _("On these cards even the best play, knowing every hand, pays {best} {unit}: of the {got} {unit} "
                     "paid, {best} were down to the cards and {play} to the play, so mostly the cards.", **fields)
        if 2 * best < got:
            return _("On these cards even the best play, knowing every hand, pays {best} {unit}: of the {got} {unit} "
                     "paid, {best} were down to the cards and {play} to the play, so mostly the play.", **fields)
        return _("On these cards even the best play, knowing every hand, pays {best} {unit}: of the {got} {unit} "
                 "paid, {best} were down to the cards and {play} to the play, half each.", **fields)

    def _fair(self) -> str:
        fields = {"bot": amount(self.bot), "unit": unit_word(self.unit)}
        if self.lower_is_better:
            return _("The fair comparison is on the same cards: there the heuristic bot in this seat paid {bot} "
                     "{unit}; a score on other cards says little.", **fields)
        return _("The fair comparison is on the same cards: there the heuristic bot in this seat got {bot} {unit}; "
                 "a score on other cards says little.", **fields)

    def said_of_class(self, students: int) -> str:
        """One sentence for a class that played these cards: matchpoints compare play alone, and what the best
        play and the heuristic bot got on them."""
        fields = {"bot": amount(self.bot), "unit": unit_word(self.unit)}
        if self.best is not None and self.lower_is_better and self.best <= 0:
            return ngettext(
                "One student played these cards; on them the best play, knowing every hand, pays nothing, and the "
                "heuristic bot in the student's seat paid {bot} {unit}.",
                "All {n} students played the same cards, so the matchpoints compare their play alone; on these cards "
                "the best play, knowing every hand, pays nothing, and the heuristic bot in the students' seat paid "
                "{bot} {unit}.", students, **fields)
        if self.best is not None:
            fields["best"] = amount(self.best)
            if self.lower_is_better:
                return ngettext(
                    "One student played these cards; on them even the best play, knowing every hand, pays {best} "
                    "{unit}, and the heuristic bot in the student's seat paid {bot} {unit}.",
                    "All {n} students played the same cards, so the matchpoints compare their play alone; on these "
                    "cards even the best play, knowing every hand, pays {best} {unit}, and the heuristic bot in the "
                    "students' seat paid {bot} {unit}.", students, **fields)
            return ngettext(
                "One student played these cards; on them even the best play, knowing every hand, gets {best} {unit}, "
                "and the heuristic bot in the student's seat got {bot} {unit}.",
                "All {n} students played the same cards, so the matchpoints compare their play alone; on these cards "
                "even the best play, knowing every hand, gets {best} {unit}, and the heuristic bot in the students' "
                "seat got {bot} {unit}.", students, **fields)
        if self.lower_is_better:
            return ngettext(
                "One student played these cards; on them the heuristic bot in the student's seat paid {bot} {unit}.",
                "All {n} students played the same cards, so the matchpoints compare their play alone; on these cards "
                "the heuristic bot in the students' seat paid {bot} {unit}.", students, **fields)
        return ngettext(
            "One student played these cards; on them the heuristic bot in the student's seat got {bot} {unit}.",
            "All {n} students played the same cards, so the matchpoints compare their play alone; on these cards the "
            "heuristic bot in the students' seat got {bot} {unit}.", students, **fields)


def deal_luck(position: Deal, seat: int, bots: Sequence[str], score: tuple[str, bool], *,
              budget: Budget | None = None) -> Luck | None:
    """The duplicate comparison of ``position`` (a position handed out, not over) for ``seat``, the others played by
    ``bots`` (one spec per seat): the heuristic bot in the seat from here, and the best play knowing every hand,
    in the deal's result (``score``: its unit and whether fewer is better; the best only where the coach counts in
    that unit too). None when the deal is over."""
    if position.over:
        return None
    unit, lower = score
    answers = answers_for(position, seat, list(bots) if bots else "heuristic")
    heuristic = HeuristicBot(pack=pack_in_play(position))
    played = duplicate(position, seat, lambda d: bot_move(heuristic, d.observation(seat)), answers,
                       start=len(position.history))
    bot = float(played.result().scores[seat])
    grades = grades_of(position)
    best = None
    if grades.unit == unit and counts_paid(position) == lower:
        d, on = position.copy(), True
        while not d.over and d.turn != seat:  # the others' answers up to the seat's first move
            mover = d.turn
            assert mover is not None
            m = answers.move(d, on)
            on = answers.on_line(d, on, m)
            d.play(m, mover)
        opened = None if d.over else open_values(d, answers, budget=budget, only=lambda _m: False)
        if opened is not None:
            best = (-opened.top if lower else opened.top) + 0.0  # no "-0"
    return Luck(None, best, bot, unit, lower)


__all__ = ["Luck", "amount", "deal_luck"]

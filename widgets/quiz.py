"""Quiz widgets built from engine positions: "Which cards may you play?" and "Which card would you play?".

A quiz is a **set** of positions (default 8) with a running score ("3 of 5 right at the first try");
**Next** deals the next position, and after the last one a summary (the score, the positions missed)
and **Another set**. Four ways to build one::

    BestCardQuiz.set("no-hearts", difficulty="medium", size=8, seed=0)   # instructive positions, graded
    BestCardQuiz.from_seed("no-hearts", 31)                               # positions of seeds 31, 32, …
    BestCardQuiz(position, open_hands=True)    # this position first, then instructive ones of its game and contract
    BestCardQuiz.from_code("KS1-…")            # a teacher's deal code (or link): its position first

``LegalCardsQuiz`` has the same four (``set`` without a difficulty: every position has cards that
are not allowed), for trick and lay-off (domino) deals alike. Positions and their difficulty come from
the engine (:mod:`keinstich.drills`, :mod:`keinstich.positions`): the same seed gives the same set.

The widgets never decide a rule and never change the deal they ask about: the answer to the first
question is the deal's ``legal()`` with ``why_illegal()`` as the reason for every other card; the
second is judged by the engine (:mod:`._feedback`): what the learner's own card costs and why, then the
best card and its reason. Every button is guarded: an exception shows in the message area. A judge
that takes a while thinks in a background thread: when it has not answered within :data:`INLINE`
seconds the quiz shows a progress note and a Stop button and stays usable.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from typing import Any

from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.coach import Judgement
from keinstich.deal import Deal, Move, move_cards
from keinstich.drills import Difficulty, drill, study
from keinstich.i18n import N_, _
from keinstich.positions import QuizError, dealt_pack, has_choice, quiz_position, some_illegal
from keinstich.wording.refusals import phase_name

from ._feedback import assess, report
from ._games import hand_order, lays_off
from ._quiz_base import SIZE, Factory, QuizSet
from ._thinking import Thinking
from ._words import speaking, speaks

__all__ = ["BestCardQuiz", "LegalCardsQuiz", "QuizError", "dealt_pack", "quiz_position"]

INLINE = 0.4
"""Seconds a Check waits for a slow judge before it shows a progress note and a Stop button instead."""


def instructive(deal: Deal) -> bool:
    """A choice in a trick where the coach grades some card a mistake or a blunder: the choice clearly matters."""
    if not has_choice(deal):
        return False
    d = study(deal)
    return d is not None and d.instructive


# --- "Which cards may you play?" --------------------------------------------------------------------


class LegalCardsQuiz(QuizSet):
    """"Which cards may you play?": toggle the cards you think are allowed, then press Check.

    The feedback says right or wrong, names the cards you got wrong and gives, for every card, the
    engine's reason (``why_illegal``). ``LegalCardsQuiz.set("no-max", seed=3)`` asks eight positions
    in which some cards are not allowed; ``from_seed(contract, seed)`` the same from seed ``seed`` on.
    """

    question_text = N_("Which cards may you play?")

    def __init__(self, deal: Deal, seat: int | None = None, *, factory: Factory | None = None,
                 seed: int | str | None = None, size: int = SIZE, names: Sequence[str] | None = None,
                 style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                 width: float = 64, **kwargs: Any) -> None:
        self.selected: set[Card] = set()
        super().__init__(deal, seat, factory=factory, seed=seed, size=size, want=some_illegal, names=names,
                         style=style, four_colour=four_colour, lang=lang, width=width, **kwargs)

    @classmethod
    def set(cls, contract: Any = "no-hearts", *, size: int = SIZE, seed: int | str = 0, players: int | None = None,
            pack_id: str | None = None, game: str = "kein-stich", **kwargs: Any) -> LegalCardsQuiz:
        """A set of ``size`` seeded positions in which some of the learner's cards are not allowed."""
        def factory(s: int | str) -> Deal:
            return quiz_position(contract, s, players=players, pack_id=pack_id, game=game, want=some_illegal)

        return cls(factory(seed), factory=factory, seed=seed, size=size, **kwargs)

    @classmethod
    def from_seed(cls, contract: Any = "no-hearts", seed: int | str = 0, *, players: int | None = None,
                  pack_id: str | None = None, game: str = "kein-stich", **kwargs: Any) -> LegalCardsQuiz:
        """A set from seed ``seed`` on (as :meth:`set`)."""
        return cls.set(contract, seed=seed, players=players, pack_id=pack_id, game=game, **kwargs)

    def reset(self) -> None:
        self.selected = set()

    def refresh_hand(self) -> None:
        self.hand.set_cards(sort_hand(self.deal.hand(self.seat), hand_order(self.deal)))  # all toggle, none marked
        self.hand.highlight(self.selected)

    def _card_clicked(self, c: Card) -> None:
        if c in self.selected:
            self.selected.discard(c)
        else:
            self.selected.add(c)
        self.hand.highlight(self.selected)

    def answer(self) -> frozenset[Card]:
        """The cards the engine allows."""
        return frozenset(self.deal.legal())

    @speaks
    def check(self) -> None:
        """Compare the selection with the engine's legal cards: the wrong picks with their reasons first."""
        if not self.selected:
            self.say(_("Select the cards you think you may play, then press Check."), error=False)
            return
        legal = self.answer()
        good = self.selected == legal
        self._score(good, self._note(), move=" ".join(c.code for c in sorted(self.selected)))
        head = (f"<b style='color:#0b7a28'>{html.escape(_('Right!'))}</b>" if good else
                f"<b style='color:#b00020'>{html.escape(_('Not quite.'))}</b>")
        self.say(head + self._mistakes() + self._explain(mark=True), error=False, raw=True)

    @speaks
    def show_answer(self) -> None:
        """Show the legal cards (ringed) and the reason for every card."""
        legal = self.answer()
        self._score(False, _("{where}: answer shown", where=self.where()))
        self.selected = set(legal)
        self.hand.highlight(legal)
        self.say(f"<b>{html.escape(_('Answer:'))}</b>" + self._explain(mark=False), error=False, raw=True)

    def _wrong(self) -> tuple[list[Card], list[Card]]:
        """The cards chosen that are not allowed, and the allowed cards left out."""
        legal = self.answer()
        hand = sort_hand(self.deal.hand(self.seat), hand_order(self.deal))
        return [c for c in hand if c in self.selected and c not in legal], \
            [c for c in hand if c in legal and c not in self.selected]

    def _note(self) -> str:
        chosen, missed = self._wrong()
        fields = {"where": self.where(), "chosen": ", ".join(self.name(c) for c in chosen),
                  "missed": ", ".join(self.name(c) for c in missed)}
        if chosen and missed:
            return _("{where}: you chose {chosen}, left out {missed}", **fields)
        if chosen:
            return _("{where}: you chose {chosen}", **fields)
        if missed:
            return _("{where}, left out {missed}", **fields)
        return self.where()

    def _mistakes(self) -> str:
        """The learner's wrong picks, each with the rule that forbids it, and the cards left out."""
        chosen, missed = self._wrong()
        lines = [html.escape(_("You chose {card}, but {why}", card="\x00", why=self._refusal(c) or "")).replace(
            "\x00", f"<b>{html.escape(self.name(c))}</b>") for c in chosen]
        lines += [html.escape(_("You left out {card}: it may be played.", card="\x00")).replace(
            "\x00", f"<b>{html.escape(self.name(c))}</b>") for c in missed]
        return "".join(f"<div>{line}</div>" for line in lines)

    def _explain(self, *, mark: bool) -> str:
        legal = self.answer()
        lines = []
        for c in sort_hand(self.deal.hand(self.seat), hand_order(self.deal)):
            ok = c in legal
            reason = _("may be played") if ok else (self._refusal(c) or "")
            note = ""
            if mark and (c in self.selected) != ok:
                note = f" — <i>{html.escape(_('you left it out') if ok else _('you chose it'))}</i>"
            sign = "✓" if ok else "✗"
            colour = "#0b7a28" if ok else "#b00020"
            lines.append(f"<li><span style='color:{colour}'>{sign}</span> <b>{html.escape(self.name(c))}</b>: "
                         f"{html.escape(reason)}{note}</li>")
        return f"<ul style='margin:4px 0'>{''.join(lines)}</ul>"


# --- "Which card would you play here?" --------------------------------------------------------------


def _check_card_play(deal: Deal) -> None:
    """A position of card play in tricks (a trick deal, or Herzblatt once the cards are played)."""
    if lays_off(deal):
        raise QuizError(_("BestCardQuiz asks about trick deals; use LegalCardsQuiz for a domino position"))
    if not deal.over and not deal.legal():
        raise QuizError(_("BestCardQuiz asks about the card play: the deal is in the {phase} phase",
                          phase=phase_name(deal.phase)))


class BestCardQuiz(QuizSet):
    """"Which card would you play here?": click one of your legal cards, then press Check.

    The coach judges it (the one judge, from what you could know): a card graded best or fine is right. The
    feedback is about your card first (what it costs against the best card, and why), then the best card and
    its reason. ``open_hands``: also list what every card is worth with all hands open, the others playing as
    the heuristic bot does (a second view that never decides right or wrong).
    """

    question_text = N_("Which card would you play here?")

    def __init__(self, deal: Deal, seat: int | None = None, *, open_hands: bool = False,
                 factory: Factory | None = None, seed: int | str | None = None, size: int = SIZE,
                 names: Sequence[str] | None = None, style: Style | None = None, four_colour: bool | None = None,
                 lang: Lang | None = None, width: float = 64, **kwargs: Any) -> None:
        for old in ("judge", "samples"):
            if old in kwargs:
                raise QuizError(_("BestCardQuiz takes no {name}=: every card is judged by the coach's one judge, from "
                                  "what you could know (pass open_hands=True to list every card with all hands open "
                                  "as well)", name=old))
        _check_card_play(deal)
        self.open_hands = open_hands
        self.chosen: Card | None = None
        self._assessed: dict[Move, Judgement] = {}
        with speaking(lang):
            self._job: Thinking[Judgement] = Thinking(threading.RLock(), words=_("the judge is thinking"))
        super().__init__(deal, seat, factory=factory, seed=seed, size=size, want=instructive, names=names,
                         style=style, four_colour=four_colour, lang=lang, width=width, **kwargs)
        self._job.lock = self.lock
        self.buttons.children = (*self.buttons.children, self._job.box)

    @classmethod
    def set(cls, contract: Any = "no-hearts", *, difficulty: Difficulty | None = None, size: int = SIZE,
            seed: int | str = 0, players: int | None = None, pack_id: str | None = None, game: str = "kein-stich",
            **kwargs: Any) -> BestCardQuiz:
        """A set of ``size`` instructive positions (the coach grades some card a mistake) of ``difficulty``
        ("easy", "medium", "hard"; None: any), position ``i`` from seed ``seed + i``
        (:func:`keinstich.drills.drill`)."""
        def factory(s: int | str) -> Deal:
            return drill(contract, s, difficulty=difficulty, game=game, players=players, pack_id=pack_id).deal

        return cls(factory(seed), factory=factory, seed=seed, size=size, **kwargs)

    @classmethod
    def from_seed(cls, contract: Any = "no-hearts", seed: int | str = 0, *, players: int | None = None,
                  pack_id: str | None = None, game: str = "kein-stich", **kwargs: Any) -> BestCardQuiz:
        """A set of positions from seed ``seed`` on where the learner has at least two legal cards."""
        def factory(s: int | str) -> Deal:
            return quiz_position(contract, s, players=players, pack_id=pack_id, game=game, want=has_choice)

        return cls(factory(seed), factory=factory, seed=seed, **kwargs)

    def load(self, deal: Deal, seat: int | None = None) -> None:
        _check_card_play(deal)
        super().load(deal, seat)

    def reset(self) -> None:
        self.chosen = None
        self._assessed = {}
        self._job.withdraw()  # a judge still thinking about the last position: its answer is dropped

    def refresh_hand(self) -> None:
        d = self.deal
        self.hand.set_cards(sort_hand(d.hand(self.seat), hand_order(d)), d.legal(),
                            self._refusal)
        self.hand.highlight([self.chosen] if self.chosen is not None else [])

    def _card_clicked(self, c: Card) -> None:
        with self.lock:
            self.chosen = c
            self.hand.highlight([c])
            self.say(_("You chose {card}: press Check.", card=self.name(c)), error=False)

    def assessment(self, move: Move) -> Judgement:
        """The judgement of ``move`` here (computed now if not known yet)."""
        if move not in self._assessed:
            self._assessed[move] = self._assess(self.deal, move)
        return self._assessed[move]

    def _assess(self, d: Deal, move: Move) -> Judgement:
        """The judgement of ``move`` in position ``d`` (no widget is touched: it may run in a thread)."""
        return assess(d, move, name=self.name, style=self.style, open_hands=self.open_hands)

    def _with_assessment(self, move: Move, then: Callable[[Judgement], None]) -> None:
        """Call ``then(assessment)`` under the lock: at once when it is known, else when the judge's
        thread answers (within :data:`INLINE` seconds this call waits for it)."""
        with self.lock:
            if self._job.busy:
                self.say(_("the judge is still thinking: wait, or press Stop"))
                return
            if move in self._assessed:
                then(self._assessed[move])
                return
            self.say(_("thinking…"), error=False)
            position = self.deal.copy()

            def done(a: Judgement) -> None:
                self._assessed[move] = a
                then(a)

            self._job.start(lambda _budget: self._assess(position, move), done,
                            lambda e: self.say(f"{type(e).__name__}: {e}"), self._stopped)
        self._job.wait(INLINE)

    def _stopped(self) -> None:
        self.say(_("Stopped: press Check or Show answer to ask again."), error=False)

    def stop(self) -> None:
        """Stop a judge that is thinking (as the Stop button does)."""
        self._job.stop()

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for a judge that is thinking; True when none is."""
        return self._job.wait(timeout)

    @speaks
    def check(self) -> None:
        """Judge the chosen card: what it costs and why, then the best card and its reason."""
        with self.lock:
            chosen = self.chosen
            if chosen is None:
                self.say(_("Click the card you would play, then press Check."), error=False)
                return

        def judged(a: Judgement) -> None:
            note = _("{where}: you chose {card}, best {best}", where=self.where(), card=self.name(chosen),
                     best=", ".join(self.name(c) for m in a.best for c in move_cards(m)))
            self.say(report(a, name=self.name), error=False, raw=True)  # the feedback, then the score
            self._score(a.right, note, move=chosen.code, grade=a.grade, cost=a.cost, deck=True)

        self._with_assessment(chosen, judged)

    @speaks
    def show_answer(self) -> None:
        """Show the best card(s) and the reason without a guess."""
        def shown(a: Judgement) -> None:
            self.hand.highlight([c for m in a.best for c in move_cards(m)])
            self.say(report(a, name=self.name, shown=True), error=False, raw=True)
            self._score(False, _("{where}: answer shown", where=self.where()), move="answer shown", grade="shown",
                        deck=True)

        with self.lock:
            move = self.chosen if self.chosen is not None else self.deal.legal()[0]
        self._with_assessment(move, shown)

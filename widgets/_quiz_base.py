"""What every quiz shares: a set of positions with a running score, and the position on show.

A quiz is a *set*: ``size`` positions (default 8), position ``i`` dealt by ``factory(next_seed(start, i))``
one at a time (the first may be given as a deal). The score counts the positions answered right at
the first try ("3 of 5 right"). ``from_code(code)`` starts at the position of a teacher's deal code.
**Next** deals the next position; after the last it shows a summary
(the score, the positions missed) and becomes **Another set**, which starts over at the seed after the
set. A quiz built from a deal alone deals its later positions from the same game and contract.
Nothing on show gives the answer away before Check or Show answer: the position, the table and a
hand with no card ringed but the learner's own choice.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self, cast

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Pack, Style
from keinstich.deal import Deal
from keinstich.faces import card_name, card_width, domino_svg, guess_style, seat_name
from keinstich.faces.known import known_html
from keinstich.faces.layout import LayOffView
from keinstich.i18n import _
from keinstich.positions import QuizError, hash_seed, next_seed, quiz_position
from keinstich.wording import refusal_words

from ._access import Access
from ._games import SetupError, default_contract, game_of, lays_off, setup_of, tricks_of
from ._words import language_of, speaking, speaks
from .cardview import HandView, TrickView

Factory = Callable[[int | str], Deal]
SIZE = 8
"""Positions in a set unless the quiz is asked for another size."""


@dataclass(frozen=True)
class Answered:
    """One position of the set as the learner answered it: right at the first try or not, and a few
    words for the summary (where it was, what the learner chose)."""

    number: int
    right: bool
    note: str


def follow_on(deal: Deal, want: Callable[[Deal], bool]) -> tuple[Factory, int]:
    """A factory of positions from ``deal``'s game, contract, players and pack that pass ``want``,
    and a first seed taken from the deal's cards (a hand-typed deal has no seed of its own)."""
    try:
        setup = setup_of(deal)
    except SetupError as e:
        raise QuizError(str(e)) from None

    dealt_from: str | Pack | None = deal.pack if deal.pack is not None else setup.pack  # named, or the cards typed

    def factory(s: int | str) -> Deal:
        try:
            return quiz_position(setup.contract, s, players=setup.players, pack_id=dealt_from, game=setup.game,
                                 want=want)
        except QuizError:  # cards or a contract the game does not deal (a Herzblatt deal's trick play)
            usual = default_contract(setup.game, setup.players)
            return quiz_position(usual, s, players=setup.players, game=setup.game, want=want)

    return factory, hash_seed(" ".join(c.code for hand in deal.dealt for c in hand)) % 10_000


class QuizSet(widgets.VBox):  # type: ignore[misc]
    """Position display, a hand, Check / Show answer / Next, a message area and the set's score."""

    question_text = ""
    """The question the quiz asks (a msgid: translated where shown)."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        # TRANSLATORS: a quiz in short (a notebook's plain text): "BestCardQuiz(<TrickDeal …>, seat 2)"; the quiz's name
        # is code
        return _("{quiz}({deal}, seat {seat})", quiz=type(self).__name__, deal=repr(self.deal), seat=self.seat)

    def __init__(self, deal: Deal, seat: int | None, *, factory: Factory | None, seed: int | str | None,
                 size: int, want: Callable[[Deal], bool], names: Sequence[str] | None, style: Style | None,
                 four_colour: bool | None, lang: Lang | None, width: float, card_size: str | float | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._setup(deal, seat, factory, seed, size, want, names, style, four_colour, width, card_size)

    def _setup(self, deal: Deal, seat: int | None, factory: Factory | None, seed: int | str | None, size: int,
               want: Callable[[Deal], bool], names: Sequence[str] | None, style: Style | None,
               four_colour: bool | None, width: float, card_size: str | float | None) -> None:
        lang = self.lang
        if card_size is not None:  # "small", "medium", "large" or pixels, as the Table takes it
            width = card_width(card_size)
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise QuizError(_("size must be a whole number of positions, 1 or more, not {size}", size=repr(size)))
        self.add_class("ks-quiz")
        self.add_class("ks-a11y")
        self.lock = threading.RLock()
        self.want = want
        self.factory = factory
        self.seed = seed
        self.start = seed
        self.size = size
        self.index = 0
        self.done = False
        self.checked = False
        self.answered: list[Answered] = []
        self.names = list(names) if names is not None else None
        self.four_colour = four_colour
        self.width = width
        self._style_choice = style
        self.title = widgets.HTML()
        self.position = widgets.HTML()
        self.trick_view: TrickView | None = None
        self.table_box = widgets.Box()
        self.hand = HandView((), on_click=self._guard(self._card_clicked), on_error=self.say, width=width,
                             lang=lang, four_colour=four_colour)
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.answer_button = widgets.Button(description=_("Show answer"))
        self.next_button = widgets.Button(description=_("Next"))
        self.check_button.on_click(self._guard(lambda _: self.check()))
        self.answer_button.on_click(self._guard(lambda _: self.show_answer()))
        self.next_button.on_click(self._guard(lambda _: self.next()))
        self.buttons = widgets.HBox([self.check_button, self.answer_button, self.next_button])
        self.feedback = widgets.HTML()
        self.feedback.add_class("ks-quiz-feedback")
        self.score_html = widgets.HTML()
        # a landmark; the feedback said by a screen reader as it comes (._access)
        self.access = Access(marks=[("", {"role": "region", "aria-label": _("Quiz")}),
                                    (".ks-quiz-feedback > .widget-html-content", {"role": "status"})])
        self.children = [self.access, self.title, self.position, self.table_box, self.hand, self.buttons,
                         self.feedback, self.score_html]
        self.deal: Deal = deal
        self.seat = 0
        self.load(deal, seat)
        self._show_score()

    @classmethod
    def from_code(cls, code: Any, **kwargs: Any) -> Self:
        """The quiz at the position a deal code (``KS1-…``, or a link holding one) hands out, then more positions
        of its game and contract; a result code opens the position its student was given. The player to move
        answers. A code that is not one, damaged, changed or from a newer kit is refused with a
        :class:`~keinstich.positions.QuizError` saying why in the code's one sentence
        (:class:`keinstich.codes.CodeError`)."""
        from keinstich.codes import CodeError, read_code

        try:
            given = read_code(code)
            deal = given.start_position()
        except CodeError as e:
            raise QuizError(str(e)) from None
        if deal.over or deal.turn is None:
            raise QuizError(_("the code's deal is over: a quiz needs a position with a player to move (hand out the "
                              "code of a position before its end)"))
        return cls(deal, **kwargs)

    # --- the score ----------------------------------------------------------------------------------

    @property
    def asked(self) -> int:
        """Positions of this set answered so far (Check or Show answer)."""
        return len(self.answered)

    @property
    def right(self) -> int:
        """Positions of this set answered right at the first try."""
        return sum(a.right for a in self.answered)

    def _score(self, good: bool, note: str = "", *, move: str = "", grade: str = "", cost: float = 0.0,
               deck: bool = False) -> None:
        """Count this position's first answer (later ones change nothing); with a learner's memory open
        (:func:`keinstich.trainer.remember`), write it there too (``deck``: a wrong answer goes into the deck)."""
        if not self.checked:
            _remember(self.deal, move, grade or ("right" if good else "wrong"), cost, good, deck)
            self.checked = True
            self.answered.append(Answered(self.index + 1, good, note))
        self._show_score()

    @speaks
    def _show_score(self) -> None:
        at = html.escape(_("position {k} of {n}", k=self.index + 1, n=self.size))
        right = html.escape(_("{right} of {asked} right", right=self.right, asked=self.asked))
        self.score_html.value = f"<small>{at} · <b>{right}</b> {html.escape(_('at the first try'))}</small>"

    @speaks
    def summary(self) -> str:
        """The set's score and the positions missed, as HTML."""
        skipped = self.size - self.asked
        head = (f"<b>{html.escape(_('Set done: {right} of {n} right', right=self.right, n=self.size))}</b> "
                f"{html.escape(_('at the first try.'))}")
        missed = [a for a in self.answered if not a.right]
        lines = [f"<li>{html.escape(_('position {k}: {note}', k=a.number, note=a.note))}</li>" for a in missed]
        out = [head]
        if lines:
            out.append(html.escape(_("Missed:")) + f"<ul style='margin:2px 0'>{''.join(lines)}</ul>")
        if skipped:
            out.append(html.escape(_("{n} skipped.", n=skipped)))
        out.append(html.escape(_("Press Another set for new positions.")))
        return "<br>".join(out)

    # --- helpers ------------------------------------------------------------------------------------

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            with speaking(self.lang):
                try:
                    return fn(*args)
                except Exception as e:  # every callback error shows in the widget
                    self.say(f"{type(e).__name__}: {e}", error=True)
                    return None

        return run

    def say(self, text: str, *, error: bool = True, raw: bool = False) -> None:
        """Show a message (an error in red) in the message area."""
        body = text if raw else html.escape(text)
        self.feedback.value = f"<div style='color:#b00020'>{body}</div>" if error else body

    @property
    def style(self) -> Style:
        if self._style_choice is not None:
            return self._style_choice
        return guess_style([c for h in self.deal.dealt for c in h])

    def name(self, c: Card) -> str:
        return card_name(c, self.style, self.lang)

    def _refusal(self, c: Card) -> str | None:
        """Why the seat may not play ``c``, said to the learner in the faces' words and the quiz's language."""
        why = self.deal.why_illegal(c, self.seat)
        return None if why is None else refusal_words(why, you=True, style=self.style, lang=self.lang)

    def who(self, s: int) -> str:
        return seat_name(s, self.names, self.lang)

    # --- a position ---------------------------------------------------------------------------------

    @speaks
    def load(self, deal: Deal, seat: int | None = None) -> None:
        """Ask about another position (the seat to move answers)."""
        with self.lock:
            self._load(deal, seat)

    def _load(self, deal: Deal, seat: int | None) -> None:
        if deal.turn is None:
            raise QuizError(_("the deal is over: a quiz needs a position with a player to move"))
        if seat is not None and seat != deal.turn:
            raise QuizError(_("it is seat {turn}'s turn, not seat {seat}'s: the quiz asks the player to move",
                              turn=deal.turn, seat=seat))
        self.deal, self.seat = deal, deal.turn
        self.checked = False
        self.reset()
        with self.hold_sync():
            self.title.value = f"<h4 style='margin:4px 0'>{html.escape(self.question())}</h4>"
            self.position.value = self._position_text() + known_html(deal, deal.turn, self.style, self.who)
            self._draw_table()
            self.hand.set_look(style=self.style, four_colour=self.four_colour, lang=self.lang, width=self.width)
            self.refresh_hand()
            self.feedback.value = ""

    def question(self) -> str:
        return _(self.question_text)

    def where(self) -> str:
        """Where the position is, in a few words (for the summary)."""
        if lays_off(self.deal):
            return _("{n} moves in", n=len(self.deal.history))
        return _("trick {k}", k=len(tricks_of(self.deal).tricks) + 1)

    def _position_text(self) -> str:
        d = self.deal
        g = game_of(d.game)
        name = html.escape(g.contract_name(g.contract_of(d)))
        you = html.escape(self.who(self.seat))
        if not lays_off(d):
            play = tricks_of(d)
            k = len(play.tricks) + 1
            text = (f"<b>{name}</b> · {html.escape(_('trick {k} of {n}', k=k, n=play.total_tricks))} · "
                    f"{html.escape(_('you are'))} <b>{you}</b>")
            if not play.trick:
                text += " · " + html.escape(_("you lead"))
            return text
        return f"<b>{name}</b> · {html.escape(_('you are'))} <b>{you}</b>"

    def _draw_table(self) -> None:
        d = self.deal
        if not lays_off(d):
            trick = tricks_of(d).trick
            if self.trick_view is None:
                self.trick_view = TrickView(d.players, trick, self.names, me=self.seat, style=self.style,
                                            four_colour=self.four_colour, lang=self.lang, width=self.width * 0.8)
            else:
                self.trick_view.me = self.seat
                self.trick_view.set_look(style=self.style, four_colour=self.four_colour, lang=self.lang)
                self.trick_view.update(trick, None, players=d.players, names=self.names)
            self.table_box.children = [self.trick_view]
        else:  # the layout with no seat's cards drawn in their slots: that would frame the answer in gold
            svg = domino_svg(cast(LayOffView, d), open_seats=(), style=self.style, four_colour=self.four_colour,
                             lang=self.lang, width=self.width * 0.6)
            self.table_box.children = [widgets.HTML(svg)]

    # --- to be filled in --------------------------------------------------------------------------

    def reset(self) -> None: ...

    def refresh_hand(self) -> None: ...

    def _card_clicked(self, c: Card) -> None: ...

    def check(self) -> None: ...

    def show_answer(self) -> None: ...

    # --- moving through the set ---------------------------------------------------------------------

    @speaks
    def next(self) -> None:
        """The next position of the set; after the last, the summary; after the summary, another set."""
        if self.done:
            self.another_set()
            return
        if self.index + 1 >= self.size:
            with self.lock:
                self.done = True
                self.next_button.description = _("Another set")
                self.check_button.disabled = self.answer_button.disabled = True
                self.say(self.summary(), error=False, raw=True)
            return
        self._deal_position(self.index + 1)

    @speaks
    def another_set(self) -> None:
        """A new set of the same kind, from the seed after this set's, with the score at zero."""
        start = self._seeds()[0]
        nxt = next_seed(start, self.size)
        self._deal_position(0, nxt)

    def _seeds(self) -> tuple[int | str, Factory]:
        if self.factory is None:
            self.factory, first = follow_on(self.deal, self.want)
            self.start = next_seed(first, -self.index)  # the position on show was given, not dealt
        if self.start is None:
            self.start = 0
        return self.start, self.factory

    def _deal_position(self, index: int, start: int | str | None = None) -> None:
        first, factory = self._seeds()
        first = first if start is None else start
        seed = next_seed(first, index)
        self.say(_("dealing the next position…"), error=False)
        deal = factory(seed)
        with self.lock:  # the position, the seed and the set change together
            self.seed, self.start, self.index = seed, first, index
            if index == 0:
                self.answered = []
                self.done = False
                self.next_button.description = _("Next")
                self.check_button.disabled = self.answer_button.disabled = False
            self.load(deal)
            self._show_score()


def _remember(position: Deal, move: str, grade: str, cost: float, right: bool, deck: bool) -> None:
    from keinstich.trainer import active

    memory = active()
    if memory is None or position.turn is None:
        return
    from keinstich.trainer.practice import now_utc, record_quiz

    record_quiz(memory, position, move, grade=grade, cost=cost, right=right, deck=deck, at=now_utc())

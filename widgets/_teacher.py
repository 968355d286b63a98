"""The teacher's table: the deal code and its link, the result code, and the controls for a class.

Two panels under the Table's controls:

- :class:`CodePanel` (every table): the code of the position on the table (``KS1-…``, :mod:`keinstich.codes`)
  with *Copy code* and *Copy link* buttons and the link itself (``…/voila/render/apps/table.ipynb?deal=…``),
  and, once the learner's deal is over, the result code (``KR1-…``) with the learner's name, to paste into a
  chat or a learning platform for :func:`keinstich_widgets.classroom.class_results`.
- :class:`TeacherPanel` (``Table(..., teacher=True)`` and the Voila app): reveal the bots' hands one seat at a
  time; step the deal card by card, back and forward (the bots wait until *Play on*); *Ask the class* (the
  answer stays hidden, then *Show the answer* rings the cards that keep the best result by the coach's fair
  judgement, with the coach's sentence); *Show the best cards* rings every card that keeps the best result
  with all hands open, against these opponents: the exact best set of the coach's search against the bots at
  this table (:func:`keinstich.teaching.open_best`).

Both ask the engine (:mod:`keinstich.codes`, :mod:`keinstich.teaching`) about the learner's
:class:`~._session.Session`; the Table calls :meth:`CodePanel.after_render` and :meth:`TeacherPanel.after_render`
after each redraw, and the teacher's panel asks the Table for a redraw when what it shows changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from keinstich.cards import Card
from keinstich.codes import CodeError, DealCode, deal_code, read_code, result_code
from keinstich.deal import Deal, move_cards
from keinstich.i18n import _, ngettext, pgettext
from keinstich.teaching import Answer, best_moves, open_best

from ._app import link_for
from ._games import bot_move
from ._guard import guarded, report
from ._session import TableError
from ._shared import plain
from ._thinking import Thinking
from ._words import speaks

if TYPE_CHECKING:
    from ._guard import MessageArea
    from ._session import Session
    from ._table_words import TableWords

__all__ = ["CodePanel", "TeacherPanel", "copy_button", "opened"]

def _words() -> dict[str, str]:
    """The panels' words in the language spoken."""
    return {"deal_code": _("Deal code"), "result_code": _("Your result code"), "copy": _("Copy code"),
            "copy_link": _("Copy link"), "copied": _("Copied"), "name": _("Your name"), "reveal": _("Show hands"),
            "back": pgettext("step", "Back"), "forward": _("Forward"), "play_on": _("Play on"),
            "ask": _("Ask the class"), "answer": _("Show the answer"), "best": _("Show the best cards"),
            "teacher": _("Teacher")}

_COPY_JS = ("(function(b){var t=b.getAttribute('data-copy');if(b.hasAttribute('data-link')){"
            "t=new window.URL(t,window.location.href).href;}var label=b.getAttribute('data-label');"
            "function done(){b.textContent=b.getAttribute('data-done');"
            "setTimeout(function(){b.textContent=label;},1500);}"
            "function by_hand(){var a=document.createElement('textarea');a.value=t;document.body.appendChild(a);"
            "a.select();try{document.execCommand('copy');}catch(e){}a.remove();done();}"
            "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(t).then(done,by_hand);}"
            "else{by_hand();}})(this)")
"""A button's click copies its ``data-copy`` text (a link made absolute from the page's address) to the
clipboard: the Clipboard API where the page is secure (https, localhost), else a selected text area."""


def copy_button(text: str, label: str, done: str, *, link: bool = False, kind: str = "code") -> str:
    """An HTML button that copies ``text`` (a link: made absolute) and says ``done`` for a moment."""
    attrs = f'data-copy="{html.escape(text)}" data-label="{html.escape(label)}" data-done="{html.escape(done)}"'
    return (f'<button type="button" class="ks-copy ks-copy-{kind}" {attrs}{" data-link" if link else ""} '
            f'onclick="{_COPY_JS}" style="margin-left:6px;padding:2px 10px;cursor:pointer">'
            f'{html.escape(label)}</button>')


class CodePanel(widgets.VBox):  # type: ignore[misc]
    """The code of the position on the table, copy buttons and the link; the result code when the deal is over."""

    def __init__(self, session: Session, messages: MessageArea, lang: str,
                 handed_out: DealCode | None = None) -> None:
        super().__init__(_dom_classes=["ks-codes"], **plain(widgets.VBox))
        self.session = session
        self._lang = lang
        self.words = _words()
        self.handed_out = handed_out  # the position the learner was given (a deal code), if any
        self.code = widgets.HTML(_dom_classes=["ks-deal-code"], **plain(widgets.HTML))
        self.result = widgets.HTML(_dom_classes=["ks-result-code"], **plain(widgets.HTML, max_width="100%"))
        self.name = widgets.Text(value="", placeholder=self.words["name"], description=self.words["name"],
                                 **plain(widgets.Text, style={"description_width": "80px"}, width="260px"))
        self.name.observe(guarded(messages, lambda _: self.after_render()), "value")
        self.result_row = widgets.HBox([self.name, self.result],  # wraps: a long code goes under the name
                                       layout=widgets.Layout(display="none", align_items="center",
                                                             flex_flow="row wrap"))
        self.children = [self.code, self.result_row]
        self.deal_code: DealCode | None = None
        self.result_code: DealCode | None = None

    @property
    def lang(self) -> str:
        return self._lang

    def start(self) -> DealCode:
        """The deal code the learner's result is measured from: the one handed out, else the deal as it began at
        this table."""
        ses = self.session
        if self.handed_out is not None and self.handed_out.record.hands == _hands_of(ses.deal):
            return self.handed_out
        first = ses.deal.rewound(len(ses.deal.history) - len(ses.moves))
        return deal_code(first, ses.seat, seed=ses.seed, bots=self.bots())

    def bots(self) -> list[str] | None:
        specs = self.session.specs
        return list(specs) if all(isinstance(s, str) for s in specs) else None  # type: ignore[arg-type]

    @speaks
    def after_render(self) -> None:
        """Show the code of the position on the table, and the result code once the learner's deal is over."""
        ses = self.session
        w = self.words
        try:
            code = deal_code(ses.deal, ses.seat, seed=ses.seed, bots=self.bots())
        except CodeError as e:  # a home-made contract has no record, so no code
            self.deal_code = None
            self.code.value = f"<small><i>{html.escape(str(e))}</i></small>"
            self.result_row.layout.display = "none"
            return
        self.deal_code = code
        text = code.text
        if self.code.value.find(text) < 0:
            link = link_for(text, self._lang)
            self.code.value = (f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:4px">'
                               f'<b>{w["deal_code"]}</b>&nbsp;'
                               f'<code class="ks-code-text" style="font-size:1.05em;{BREAK}">{text}</code>'
                               f'{copy_button(text, w["copy"], w["copied"])}'
                               f'{copy_button(link, w["copy_link"], w["copied"], link=True, kind="link")}'
                               f'<a class="ks-code-link" href="{html.escape(link)}" target="_blank" '
                               # a line of its own, broken into lines of even length: never a lone "R" at the end
                               f'style="flex:1 0 100%;font-size:.85em;word-break:break-all;text-wrap:balance">'
                               f'{html.escape(link)}</a></div>')
        over = ses.deal.over and ses.thinking is None
        self.result_row.layout.display = "" if over else "none"
        if not over:
            self.result_code = None
            return
        try:
            result = result_code(self.start(), ses.deal, name=self.name.value)
        except CodeError as e:
            self.result_code = None
            self.result.value = f"<small><i>{html.escape(str(e))}</i></small>"
            return
        self.result_code = result
        self.result.value = (f'<b>{w["result_code"]}</b>&nbsp;<code class="ks-code-text" style="{BREAK}">'
                             f'{result.text}</code>'
                             f'{copy_button(result.text, w["copy"], w["copied"], kind="result")}')


BREAK = "word-break:break-all;min-width:0"
"""A code's text broken anywhere at the window's edge: a typed deal's code or a result code (its moves) is longer than
a line, and one word too long to break ran off the page."""


def _hands_of(deal: Deal) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(h) for h in deal.dealt)


class TeacherPanel(widgets.VBox):  # type: ignore[misc]
    """Reveal, step, ask the class, show the best cards (see the module's docstring), for the learner's ``session``
    and the bots in ``seats``; ``redraw()`` redraws the table (under the session's lock), ``open_hands()`` says
    whether every hand is shown already."""

    def __init__(self, session: Session, messages: MessageArea, words: TableWords, lang: str, seats: list[int], *,
                 redraw: Callable[[], None], open_hands: Callable[[], bool]) -> None:
        super().__init__(_dom_classes=["ks-teacher"], **plain(widgets.VBox))
        self.session = session
        self.messages = messages
        self.say_as = words
        self._lang = lang
        self.redraw = redraw
        self.open_hands = open_hands
        ses = session
        w = self.words = _words()
        self.reveal: dict[int, widgets.ToggleButton] = {}
        for s in seats:
            box = widgets.ToggleButton(value=False, description=words.name(s), icon="eye",
                                       tooltip=_("show {name}'s hand to the class", name=words.name(s)),
                                       **plain(widgets.ToggleButton, width="auto"))
            box.observe(guarded(messages, lambda change, s=s: self._reveal(s, change["new"])), "value")
            self.reveal[s] = box
        b = widgets.Button
        auto = plain(b, width="auto")  # each button as wide as its label, in every language
        self.back_button = b(description=w["back"], icon="step-backward", tooltip=_("take the last card back"), **auto)
        self.forward_button = b(description=w["forward"], icon="step-forward", tooltip=_("the next card"), **auto)
        self.play_on_button = b(description=w["play_on"], icon="play", tooltip=_("let the bots play again"), **auto)
        self.ask_button = b(description=w["ask"], icon="question", button_style="info", **auto)
        self.answer_button = b(description=w["answer"], icon="check", disabled=True, **auto)
        self.best_button = b(description=w["best"], icon="star",
                             tooltip=_("ring every card that keeps the best result with all hands open, against "
                                       "these opponents (the bots at this table)"), **auto)
        for button, action in ((self.back_button, self.back), (self.forward_button, self.forward),
                               (self.play_on_button, self.play_on), (self.ask_button, self.ask),
                               (self.answer_button, self.show_answer), (self.best_button, self.show_best)):
            button.on_click(guarded(messages, lambda _b, action=action: action()))
        self.job: Thinking[Answer] = Thinking(ses.lock, words=_("the coach is thinking"))
        self.note = widgets.HTML(_dom_classes=["ks-teacher-note", "ks-scaled"], **plain(widgets.HTML))
        # one row on a projector's screen (it wraps where the page is narrower), right under the learner's hand
        gap = widgets.HTML("", **plain(widgets.HTML, width="12px"))
        text = plain(widgets.HTML)
        self.children = [
            widgets.HBox([widgets.HTML(f"<b>{html.escape(w['teacher'])}</b>&nbsp;", **text),
                          widgets.HTML(html.escape(w["reveal"]) + "&nbsp;", **text), *self.reveal.values(), gap,
                          self.back_button, self.forward_button, self.play_on_button, self.ask_button,
                          self.answer_button, self.best_button, self.job.box],
                         **plain(widgets.HBox, flex_flow="row wrap", align_items="center")),
            self.note]
        self.line: list[tuple[int, Any]] = []  # the moves forward of the position, while stepping back
        self.asked: tuple[tuple[int, int], Answer | None] | None = None  # (position mark, the coach's answer)
        self.marked: tuple[tuple[int, int], dict[int, tuple[Card, ...]]] | None = None

    @property
    def lang(self) -> str:
        return self._lang

    def said(self, key: str, seat: int) -> str:
        """The sentence ``key`` ("asked", "stepping") about ``seat``: a sentence of its own for the learner's seat
        ("What would you play?"), not the seat's name put into the one for the others ("What would You play?")."""
        you, name = seat == self.session.seat, self.say_as.name(seat)
        if key == "asked":
            if you:
                return _("What would you play? The answer is hidden: press Show the answer.")
            return _("What would {name} play? The answer is hidden: press Show the answer.", name=name)
        if you:
            return _("Stepping through the deal: Forward plays your card, Play on lets the bots play.")
        return _("Stepping through the deal: Forward plays {name}'s card, Play on lets the bots play.", name=name)

    # --- reading -----------------------------------------------------------------------------------------

    def mark(self) -> tuple[int, int]:
        """The position on the table, as the session counts it."""
        ses = self.session
        return ses.generation, len(ses.deal.history)

    def marks(self, seat: int) -> tuple[Card, ...]:
        """The cards ringed in ``seat``'s hand by the answer shown (none once the position moved on)."""
        if self.marked is None or self.marked[0] != self.mark():
            return ()
        return self.marked[1].get(seat, ())

    def revealed(self, seat: int) -> bool:
        return bool(self.reveal[seat].value) if seat in self.reveal else False

    # --- reveal ------------------------------------------------------------------------------------------

    def _reveal(self, seat: int, shown: bool) -> None:
        with self.session.lock:
            self.redraw()

    def show_hand(self, seat: int, shown: bool = True) -> None:
        """Show (or hide) one bot's hand to the class."""
        if seat not in self.reveal:
            raise TableError(_("seat {seat} is not a bot's seat at this table: the bots sit in {seats}", seat=seat,
                               seats=", ".join(str(s) for s in self.reveal)))
        self.reveal[seat].value = shown

    # --- stepping -----------------------------------------------------------------------------------------

    @speaks
    def back(self) -> None:
        """Take the last move back (anyone's); the bots wait until Play on."""
        ses = self.session
        with ses.lock:
            history = list(ses.deal.history)
            if not history:
                raise TableError(_("this is the start of the deal: there is nothing to step back to"))
            if history != self.line[:len(history)]:
                self.line = history
            ses.paused = True
            self.job.withdraw()
            ses.rewind(ses.deal.copy(), len(history) - 1)

    @speaks
    def forward(self) -> None:
        """Play the next move: the one stepped back over, else the move of the bot in that seat (the hint bot's
        in the learner's seat); the bots wait until Play on."""
        ses = self.session
        with ses.lock:
            deal = ses.deal
            if deal.over or deal.turn is None:
                raise TableError(_("the deal is over: step back, or deal again"))
            history = list(deal.history)
            ses.paused = True
            seat = deal.turn
            if len(self.line) > len(history) and self.line[:len(history)] == history:
                move, reason = self.line[len(history)][1], ""
            else:
                bot = ses.bots[seat]
                move, reason = bot_move(bot, deal, seat, ses.style)
                self.line = [*history, (seat, move)]
            self.job.withdraw()
            ses.step(move, reason)

    def play_on(self) -> None:
        """Let the bots play again from here."""
        ses = self.session
        with ses.lock:
            self.line = []
            ses.resume()

    # --- asking the class ------------------------------------------------------------------------------------

    def _position(self) -> tuple[Deal, int]:
        ses = self.session
        with ses.lock:
            deal = ses.deal
            if deal.over or deal.turn is None:
                raise TableError(_("no one is to move: the deal is over"))
            return deal.copy(), deal.turn

    @speaks
    def ask(self) -> None:
        """Ask the class what the player to move would play: the answer is worked out now and kept hidden."""
        position, seat = self._position()
        mark = self.mark()
        self.marked = None
        self.asked = (mark, None)
        self.answer_button.disabled = False
        self.note.value = f"<b>{html.escape(self.said('asked', seat))}</b>"
        self.redraw()
        self._work(lambda: best_moves(position, style=self.session.style), mark, show=False)

    @speaks
    def show_answer(self) -> None:
        """Ring the cards that keep the best result (the coach's fair judgement) and say why."""
        if self.asked is None or self.asked[0] != self.mark():
            raise TableError(_("ask the class first: press Ask the class in the position you want answered"))
        answer = self.asked[1]
        if answer is None:  # still thinking: show it when it comes
            self._pending_show = True
            return
        self._show(answer)

    @speaks
    def show_best(self) -> None:
        """Ring every card that keeps the best result with all hands open, against the bots at this table."""
        position = self._position()[0]
        mark = self.mark()
        bots = list(self.session.specs)
        self._work(lambda: open_best(position, bots=bots, style=self.session.style), mark, show=True)

    _pending_show = False

    def _work(self, work: Any, mark: tuple[int, int], *, show: bool) -> None:
        ses = self.session
        self.job.synchronous = ses.synchronous
        self._pending_show = show

        def done(answer: Answer) -> None:
            if self.mark() != mark:
                return  # the position moved on meanwhile
            if not answer.open_hands:
                self.asked = (mark, answer)
            if self._pending_show:
                self._show(answer)

        self.job.start(lambda _budget: work(), done, lambda e: report(self.messages, e, "coach"))

    @speaks
    def _show(self, answer: Answer) -> None:
        cards = tuple(c for m in answer.moves for c in move_cards(m))
        self.marked = (self.mark(), {answer.seat: cards})
        if answer.seat in self.reveal and not self.open_hands():
            self.reveal[answer.seat].value = True  # the answer is in a bot's hand: show that hand
        view = _(answer.view)
        if answer.open_hands:
            head = view[0].upper() + view[1:]
        else:
            who = _("you") if answer.seat == self.session.seat else self.say_as.name(answer.seat)
            head = (ngettext("The coach, from what {who} could know ({n} card ringed: each one graded best)",
                             "The coach, from what {who} could know ({n} cards ringed: each one graded best)",
                             len(cards), who=who) if cards else _("The coach, from what {who} could know", who=who))
        self.note.value = (f'<div style="background:#fff4d6;border-radius:4px;padding:4px 10px">'
                           f"<b>{html.escape(head)}:</b> {html.escape(answer.why)}</div>")
        with self.session.lock:
            self.redraw()

    @speaks
    def after_render(self) -> None:
        """Keep the buttons in step with the position: the note goes when the position moves on."""
        ses = self.session
        deal = ses.deal
        self.back_button.disabled = not deal.history
        self.forward_button.disabled = deal.over
        self.play_on_button.disabled = not ses.paused
        mark = self.mark()
        stale = (self.asked is not None and self.asked[0] != mark) or (self.marked is not None
                                                                       and self.marked[0] != mark)
        if stale:
            self.asked = None
            self.marked = None
            self.answer_button.disabled = True
            self.note.value = ""
        if ses.paused and not deal.over and deal.turn is not None and (not self.note.value
                                                                        or self.note.value.startswith("<i>")):
            self.note.value = f"<i>{html.escape(self.said('stepping', deal.turn))}</i>"
        elif not ses.paused and self.note.value.startswith("<i>"):
            self.note.value = ""


def opened(code: DealCode | str, seed: int | str | None, bots: Any) -> tuple[DealCode, Deal, int, Any, Any]:
    """What a deal code opens at a Table: the code read, the position it hands out (a result code: the one its
    student was given), the learner's seat, the seed (unless given) and the bots (unless given)."""
    handed_out = read_code(code)
    deal = handed_out.position() if handed_out.kind == "deal" else handed_out.start_position()
    seed = handed_out.seed if seed is None else seed
    if handed_out.bots and bots == "heuristic":
        bots = list(handed_out.bots)
    return handed_out, deal, handed_out.seat, seed, bots


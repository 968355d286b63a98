"""The coach at the Table: the verdict worked out while the learner thinks, the review when a deal ends, and
"Try again from here".

While it is the learner's turn, :class:`Coach` works out the coach's verdict of the position in a background
thread (:func:`keinstich.coach.verdict`, kept once made), so Hint answers at once and the review reuses it. That
thread waits until the page has shown the table (:meth:`Coach.table_shown`: on a server where a class arrives, the
first table of each student comes first) and runs at a lower priority (:func:`._words.background`), so it takes
only what the students' tables and clicks leave of the processor; a Hint asked while it is still at the position
stops it and works the verdict out at the usual priority. When
the learner's deal is over it reviews it from the learner's seat (:func:`keinstich.coach.review`, against the
table's own bots) in a background thread, and shows the :class:`~keinstich_widgets.review.ReviewView` beside
the table. Where the table is too narrow for the review beside it, the review goes below; a line right under the
table's status, where the learner looks when the deal ends, says what it found ("Your review: 2 mistakes") with a
button that brings it into view, and the review has one that brings the table back. A decision's "Try again from
here" reopens the reviewed deal just before it, with the same cards
(:meth:`~keinstich_widgets._session.Session.rewind`), and brings the table into view; the review stays while
the learner plays on, and the next finished deal brings a new one. A new deal, a typed deal, another contract or
an Undo takes the review away.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from keinstich.bots.budget import Budget, Stopped
from keinstich.coach import Grade, Review, known, review, verdict
from keinstich.deal import Deal
from keinstich.i18n import _, ngettext

from ._guard import guarded, report
from ._shared import plain
from ._thinking import Thinking
from ._words import background, speaking, speaks, thread
from .review import ReviewView

if TYPE_CHECKING:
    from keinstich.cards import Lang, Style

    from ._guard import MessageArea
    from ._session import Session

class Coach:
    """The Table's coach (see the module's docstring). ``enabled=False`` makes no reviews (the Hint still asks
    the coach). It reads the learner's ``session`` (whose ``style`` names the cards) and reports to ``messages``;
    the table gives it three things to do: ``show_panel(widget)`` puts the review beside the table (None takes it
    away), ``focus_play()`` brings the table into view, ``say(text)`` tells a screen reader."""

    def __init__(self, session: Session, messages: MessageArea, *, enabled: bool = True, lang: Lang,
                 four_colour: bool | None, card_px: int, show_panel: Callable[[widgets.Widget | None], None],
                 focus_play: Callable[[], None], say: Callable[[str], None]) -> None:
        self.session = session
        self.messages = messages
        self.enabled = enabled
        self._lang = lang
        self.show_panel = show_panel
        self.focus_play = focus_play
        self.say = say
        ses = session
        self._four_colour = four_colour
        self._width = review_width(card_px)
        self._view: ReviewView | None = None  # made when first needed (:attr:`view`)
        self.job: Thinking[Review] = Thinking(ses.lock, words=_("reviewing your deal"))
        self.found = widgets.HTML(**plain(widgets.HTML))
        self.show = widgets.Button(description=_("Show the review ↓"), button_style="info",
                                   layout=widgets.Layout(width="auto"), tooltip=_("bring your review into view"),
                                   style=plain(widgets.Button)["style"])  # its box comes and goes: its own
        self.show.on_click(guarded(messages, lambda _b: self.bring_into_view()))
        self.banner = widgets.HBox([self.job.box, self.found, self.show],
                                   layout=widgets.Layout(display="none", align_items="center", flex_flow="row wrap"),
                                   _dom_classes=["ks-review-banner"])
        self.reviewed: Deal | None = None  # the deal the review shown is about
        self._asked: tuple[int, int] | None = None  # (generation, moves) of the finished deal asked about
        self._kept = -1  # the generation the review stays in view for (after a Try again)
        self._ponder: tuple[Deal, Budget] | None = None
        self._ponder_lock = threading.Lock()
        self._shown = False  # whether the page has shown the table (pondering waits for it)

    @property
    def view(self) -> ReviewView:
        """The review's panel, made when first needed (the end of a deal): a student's first table does not wait for
        its twenty-odd widgets to be made and sent."""
        if self._view is None:
            with speaking(self._lang):
                self._view = self._make_view()
        return self._view

    def _make_view(self) -> ReviewView:
        view = ReviewView(on_try=self.try_again, style=self.session.style, four_colour=self._four_colour,
                          lang=self._lang, width=self._width, on_later=self.practise_later, on_now=self.find_better)
        # "back to the table" above and under the review: a button given the focus is scrolled into view, so the
        # review is brought into view by focusing the one under it, then the one above it
        back = _("↑ Back to the table")
        self.back, self.back_under = (widgets.Button(description=back, **plain(widgets.Button, width="auto"))
                                      for _x in range(2))
        for button in (self.back, self.back_under):
            button.on_click(guarded(view.messages, lambda _b: self.focus_play()))
        view.children = [self.back, *view.children, self.back_under]
        return view

    def resize(self, card_px: int) -> None:
        """The review's cards follow the table's (Cards S, M, L, XL)."""
        self._width = review_width(card_px)
        if self._view is not None:
            self._view.set_width(self._width)

    def restyle(self, faces: Style) -> None:
        """The review's cards drawn with ``faces`` from now on."""
        if self._view is not None:
            self._view.style = faces

    @property
    def review(self) -> Review | None:
        """The review shown (None while it is being made, or when there is none)."""
        return self._view.review if self._view is not None else None

    def after_render(self) -> None:
        """Called after every redraw of the table (under the session's lock): think ahead about the learner's
        position; start the review of a deal just finished; take the review away when the table moved on."""
        ses = self.session
        if ses.learner_to_move and not ses.synchronous:
            self.ponder(ses.deal)
        if not self.enabled:
            return
        gen = ses.generation
        if ses.deal.over:
            mark = (gen, len(ses.deal.history))
            if mark != self._asked:
                self._start(mark)
        elif gen != self._kept and self._asked is not None:
            self.clear()

    def ponder(self, position: Deal) -> None:
        """Work out the verdict of ``position`` in the background (unless it is known, or being worked out),
        so that Hint answers at once; a newer position takes over. Held until the page shows the table."""
        if not self._shown or known(position):
            return  # not shown yet: table_shown ponders the position then on the table
        copy = position.copy()
        with self._ponder_lock:
            if self._ponder is not None:
                self._ponder[1].stop()  # the position moved on: that verdict can wait
            budget = Budget()
            self._ponder = (copy, budget)

        def work() -> None:
            background()  # what is left of the processor: other students' tables and clicks come first
            try:
                verdict(copy, budget=budget)
            except Stopped:
                pass
            except Exception:
                pass

        thread(work, name="keinstich-coach-ponder").start()

    def table_shown(self) -> None:
        """The page has shown the table (its front end says so): from now on the coach ponders, starting with the
        position on the table."""
        with self._ponder_lock:
            if self._shown:
                return
            self._shown = True
        ses = self.session
        with ses.lock:
            if ses.learner_to_move and not ses.synchronous:
                self.ponder(ses.deal)

    def asked(self, position: Deal) -> None:
        """The learner asks for ``position``'s verdict now (Hint, about the position on the table, which is the one
        pondered): the ponder, at its lower priority, stops, and the asker works the verdict out at the usual one."""
        with self._ponder_lock:
            if self._ponder is not None and not known(position):
                self._ponder[1].stop()
                self._ponder = None

    def clear(self) -> None:
        self.job.withdraw()
        self._asked = None
        self.reviewed = None
        if self._view is not None:
            self._view.update(None)
        self.banner.layout.display = "none"
        self.show_panel(None)

    def _start(self, mark: tuple[int, int]) -> None:
        ses = self.session
        self.job.withdraw()
        self._asked = mark
        deal, seat, bots = ses.deal.copy(), ses.seat, list(ses.specs)
        self.view.update(None)
        self.found.value = ""
        self.show.layout.display = "none"
        self.banner.layout.display = ""
        self.show_panel(self.view)
        self.job.synchronous = ses.synchronous

        def done(r: Review) -> None:
            self.reviewed = deal
            self.view.update(r)
            self.found.value = f"<b>{html.escape(self.summary(r))}</b>"
            self.say(self.summary(r))  # the review's line, said to a screen reader too
            self.show.layout.display = ""
            self._remember(deal, r)

        style = ses.style
        self.job.start(lambda budget: review(deal, seat, bots=bots, budget=budget, style=style),
                       done, lambda e: report(self.messages, e, "review"), unasked=True)

    @speaks
    def summary(self, r: Review) -> str:
        """"Your review: 2 mistakes, 1 blunder.": what the review found, in the table's language."""
        n = len(r.decisions)
        if not n:
            return _("Your review: nothing to review: you had no choice.")
        mistakes, blunders = r.count(Grade.MISTAKE), r.count(Grade.BLUNDER)
        counts = ([ngettext("{n} mistake", "{n} mistakes", mistakes)] if mistakes else []) + (
            [ngettext("{n} blunder", "{n} blunders", blunders)] if blunders else [])
        if not counts:
            return ngettext("Your review: no mistakes in {n} decision.", "Your review: no mistakes in {n} decisions.",
                            n)
        return _("Your review: {counts}.", counts=", ".join(counts))

    @property
    def lang(self) -> str:
        return self._lang

    def bring_into_view(self) -> None:
        """Scroll the review into view: the browser scrolls to a button given the focus, first the one under the
        review (its end in view), then the one above it (its start in view, should it be taller than the window)."""
        self.view  # noqa: B018 (made, with its two buttons, if no deal has ended yet)
        self.back_under.focus()
        self.back.focus()

    def try_again(self, index: int) -> None:
        """Reopen the reviewed deal just before its move ``index`` (the learner's decision), and bring the table
        into view."""
        deal = self.reviewed
        if deal is None:
            raise ValueError(_("there is no reviewed deal to reopen: finish a deal first"))
        ses = self.session
        with ses.lock:
            self._kept = ses.generation + 1  # the rewind's redraw must keep the review in view
            ses.rewind(deal, index)
            self.messages.info(_("Trying again from {where}: the same cards, your move.",
                                       where=_where(deal, index)))
        self.focus_play()

    @staticmethod
    def _remember(deal: Deal, r: Review) -> None:
        """Every reviewed decision into the learner's memory, when it is open (keinstich.trainer.remember)."""
        from keinstich.trainer import active

        memory = active()
        if memory is not None:
            from keinstich.trainer.practice import now_utc, record_review

            record_review(memory, deal, r.decisions, at=now_utc())

    def practise_later(self, r: Review) -> None:
        """"Practise these later": the review's mistakes into the learner's deck (keinstich.trainer)."""
        from keinstich.trainer import remember
        from keinstich.trainer.practice import add_mistakes, now_utc

        deal = self.reviewed
        if deal is None:
            raise ValueError(_("there is no reviewed deal: finish a deal first"))
        memory = remember()
        written = add_mistakes(memory, deal, r.mistakes, at=now_utc())
        new = sum(1 for w in written if w.due is not None)
        self.view.messages.ok(ngettext("{n} position put into your deck: they come back, renamed, from tomorrow on. "
                                       "Practise them in the trainer: Trainer().",
                                       "{n} positions put into your deck: they come back, renamed, from tomorrow on. "
                                       "Practise them in the trainer: Trainer().", new) if new else
                              _("These positions are in your deck already."))

    def find_better(self, r: Review) -> None:
        """"Find better cards now": the review's mistakes one by one, the answer hidden (a trainer below the review).
        It writes into the learner's memory only when one is open already (:func:`keinstich.trainer.remember`, the
        trainer, "Practise these later"); else it keeps its answers in this kernel: practice is opt-in."""
        from keinstich.trainer import active
        from keinstich.trainer.memory import Memory

        from .trainer import Trainer

        deal = self.reviewed
        if deal is None:
            raise ValueError(_("there is no reviewed deal: finish a deal first"))
        memory = active() or Memory.open(":memory:")
        trainer = Trainer.for_mistakes(deal, [j.index for j in r.mistakes], memory,
                                       synchronous=self.session.synchronous, style=self.session.style,
                                       lang=self._lang)
        self.view.extra.children = (trainer,)


def review_width(card_px: int) -> int:
    """The review's cards beside a table whose hand shows cards ``card_px`` wide: a little under half as wide
    (32 px at the medium size, 61 at the extra large)."""
    return round(card_px * 0.45)


def _where(deal: Deal, index: int) -> str:
    """"trick 3" (in the card play) or "move 2": where the reopened deal stands."""
    position = deal.rewound(index)
    td = position.trick_deal
    if td is not None and position.phase == "play":
        return _("trick {k}", k=len(td.tricks) + 1)
    return _("move {k}", k=index + 1)


__all__ = ["Coach", "review_width"]

"""The review of a played deal as a widget: every decision of the learner, graded, with a button to try
it again.

::

    from keinstich.coach import review
    from keinstich_widgets.review import ReviewView
    ReviewView(review(deal, seat=0), on_try=lambda index: ...)   # index: moves before the decision

The rows are the engine's (:func:`keinstich.faces.review.decision_html`): the card played and the best,
what the card cost from what you could know and with all hands open, the grade, and one sentence why.
"Try again from here" calls ``on_try(index)``; the Table reopens the deal there (``deal.rewound(index)``).
Without ``on_try`` the buttons are hidden. Every button is guarded: an error shows in the message area.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from keinstich.cards import Lang, Style
from keinstich.coach import Review
from keinstich.faces.review import decision_html, header_html, summary_html
from keinstich.i18n import _

from ._guard import MessageArea, guarded
from ._layout import button_width
from ._shared import plain
from ._words import language_of, speaking, speaks

__all__ = ["ReviewView"]

class ReviewView(widgets.VBox):  # type: ignore[misc]
    """A :class:`~keinstich.coach.Review` shown row by row, with a "Try again from here" button per decision.

    ``only_mistakes`` starts with the mistakes and blunders only (a toggle shows all). ``update(review)``
    shows another review (None: empty); ``note(text)`` shows a line above the rows (progress while the
    review is made); ``width``: the rows' cards in pixels (``set_width`` changes it).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"ReviewView({len(self.review.decisions) if self.review else 0} decisions)"

    def __init__(self, review: Review | None = None, *, on_try: Callable[[int], None] | None = None,
                 style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                 width: float = 34, only_mistakes: bool = False, on_later: Callable[[Review], None] | None = None,
                 on_now: Callable[[Review], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**{**plain(widgets.VBox), **kwargs,
                            "_dom_classes": ["ks-review-view", *kwargs.get("_dom_classes", ())]})
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._build(review, on_try, style, four_colour, width, only_mistakes, on_later, on_now)

    def _build(self, review: Review | None, on_try: Callable[[int], None] | None, style: Style | None,
               four_colour: bool | None, width: float, only_mistakes: bool,
               on_later: Callable[[Review], None] | None, on_now: Callable[[Review], None] | None) -> None:
        lang = self.lang
        self.lock = threading.RLock()
        self.on_try = on_try
        self.look: dict[str, Any] = {"four_colour": four_colour, "lang": lang, "width": width}
        self.style = style
        self.who: str | None = None  # the student whose review it is, for a teacher's view (None: said to "you")
        self.review: Review | None = None
        def hidden() -> dict[str, Any]:  # each its own box, made as _fill leaves it without a review
            return {"layout": widgets.Layout(display="none")} if review is None else {}

        self.title = widgets.HTML(f"<b>{html.escape(_('Review of your deal'))}</b>", **hidden())
        self.status = widgets.HTML(**plain(widgets.HTML))
        self.summary = widgets.HTML(**hidden())
        self.head = widgets.HTML(header_html(width), **hidden())
        filters = [(_("all decisions"), False), (_("mistakes only"), True)]
        self.filter = widgets.ToggleButtons(options=filters, value=only_mistakes,
                                            style={"button_width": button_width((o for o, _v in filters), 120)},
                                            **hidden())
        self.rows = widgets.VBox(**plain(widgets.VBox))
        self.messages = MessageArea()
        self.buttons: dict[int, widgets.Button] = {}
        self.filter.observe(guarded(self.messages, lambda _event: self._fill()), "value")
        # the trainer's hooks: the mistakes into the learner's deck, or stepped through now (keinstich_widgets.trainer)
        self.on_later, self.on_now = on_later, on_now
        auto = plain(widgets.Button, width="auto")  # the label in full, in every language ("Jetzt bessere Karten …")
        self.later_button = widgets.Button(description=_("Practise these later"), icon="calendar-plus-o",
                                           tooltip=_("put your mistakes into your deck: they come back on the next "
                                                     "days"), **auto)
        self.now_button = widgets.Button(description=_("Find better cards now"), icon="search",
                                         tooltip=_("step through your mistakes, the answer hidden"), **auto)
        self.later_button.on_click(guarded(self.messages, lambda _event: self._practise(self.on_later)))
        self.now_button.on_click(guarded(self.messages, lambda _event: self._practise(self.on_now)))
        self.practice_bar = widgets.HBox([self.later_button, self.now_button], **hidden())
        self.practice_bar.add_class("ks-review-practice")
        self.extra = widgets.VBox(**plain(widgets.VBox))
        self.children = [self.title, self.status, self.summary, self.filter, self.head, self.rows, self.practice_bar,
                         self.messages, self.extra]
        self.update(review)

    @speaks
    def set_width(self, width: float) -> None:
        """Draw the rows' cards ``width`` pixels wide (the Table's card size changed): redrawn in place."""
        if isinstance(width, bool) or not isinstance(width, int | float) or width < 16:
            raise ValueError(_("width must be a card width in pixels, 16 or more, not {width}", width=repr(width)))
        with self.lock:
            if self.look["width"] != width:
                self.look["width"] = width
                self.head.value = header_html(width)
                self._fill()

    def note(self, text: str) -> None:
        """A line above the rows (e.g. the progress of a review being made); "" clears it."""
        self.status.value = f"<i>{text}</i>" if text else ""

    @speaks
    def update(self, review: Review | None) -> None:
        """Show ``review`` (None: nothing)."""
        with self.lock:
            self.review = review
            self._fill()

    def _fill(self) -> None:
        r = self.review
        shown = r is not None
        for w in (self.title, self.summary, self.filter, self.head):
            w.layout.display = None if shown else "none"
        self.practice_bar.layout.display = None if shown and r is not None and r.mistakes and (
            self.on_later or self.on_now) else "none"
        if r is None:
            self.extra.children = ()
            self.summary.value = ""
            self.rows.children = ()
            self.buttons = {}
            return
        self.summary.value = summary_html(r, self.who)
        style: Style = self.style or r.style
        decisions = r.mistakes if self.filter.value else r.decisions
        rows, self.buttons = [], {}
        for j in decisions:
            row = widgets.HTML(decision_html(j, style=style, **self.look), layout=widgets.Layout(flex="1 1 400px"))
            button = widgets.Button(description=_("Try again from here"), icon="repeat",
                                    tooltip=_("reopen the deal just before this decision, with the same cards"),
                                    layout=widgets.Layout(width="auto", min_width="170px", flex="0 0 auto",
                                                          display=None if self.on_try else "none"))
            button.on_click(guarded(self.messages, lambda _b, index=j.index: self._try(index)))
            self.buttons[j.index] = button
            rows.append(widgets.HBox([row, button], layout=widgets.Layout(align_items="center", flex_flow="row wrap")))
        if not decisions:
            empty = _("no mistakes in this deal") if self.filter.value else _("no decisions")
            rows.append(widgets.HTML(f"<i>{html.escape(empty)}</i>"))
        self.rows.children = rows

    def _practise(self, hook: Callable[[Review], None] | None) -> None:
        if hook is None or self.review is None:
            raise ValueError(_("this review is not attached to a trainer"))
        hook(self.review)

    def _try(self, index: int) -> None:
        if self.on_try is None:
            raise ValueError(_("this review is not attached to a table: there is no deal to reopen"))
        self.on_try(index)

    @speaks
    def try_again(self, index: int) -> None:
        """Press the "Try again from here" button of the decision at move ``index``."""
        button = self.buttons.get(index)
        if button is None:
            shown = ", ".join(str(i) for i in self.buttons) or _("none")
            self.messages.error(_("no reviewed decision at move {index}: the decisions shown are at moves {shown}",
                                  index=index, shown=shown))
            return
        button.click()

"""The trainer: positions that come back, rated positions at your level, your progress, card sense.

::

    from keinstich_widgets import Trainer
    Trainer()                            # what is due in your deck (your memory: keinstich.trainer.remember())
    Trainer(mode="level")                # rated positions near your rating
    Trainer(mode="theme", theme="duck")  # one theme;  Trainer(mode="contract", contract="no-hearts")

Click the card you would play. A good card (best or fine, equivalent cards included) scores at once; after a
wrong one the trainer shows how the hidden cards could lie so that your card costs, and gives a second try;
then the answer and its sentence. Every answer is written to your memory (your rating, the deck), the rating
change shows beside the score. **Progress** draws your rating over time per contract family, lists your weak
themes (lichess's rule) and the positions you missed most, each one click from another try. **Card sense**
asks who holds a card, how many of a suit are out, who is void, and scores your chances against the
sampler's posterior. **Progress file** downloads your memory as a file and loads one back (on Binder the
home directory goes with the session).

The widget is thin: :class:`keinstich.trainer.practice.Practice` chooses, judges and remembers; the widget
draws. The judge works in a background thread (a note and a Stop button while it thinks).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Lay, Move, move_cards
from keinstich.faces import card_width, domino_svg
from keinstich.faces.known import known_html
from keinstich.faces.layout import LayOffView
from keinstich.trainer import remember
from keinstich.trainer.bank import Bank
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import Clock, Outcome, Practice, Question, now_utc
from keinstich.trainer.themes import THEMES, theme_name
from keinstich.wording import refusal_words
from keinstich.wording.i18n import N_, _, day, ngettext, number, pgettext

from ._access import Access
from ._card_sense import CardSense
from ._games import hand_order, lays_off, tricks_of
from ._guard import MessageArea, guarded
from ._layout import button_width
from ._progress_file import ProgressFile
from ._progress_tab import ProgressTab
from ._thinking import Thinking
from ._trainer_html import (
    answered_html,
    contract_options,
    layout_html,
    position_line,
    wrong_html,
)
from ._words import language_of, speaking, speaks
from .cardview import HandView, TrickView

__all__ = ["Trainer"]

MODE_NAMES = {"due": N_("Due"), "level": N_("At my level"), "theme": N_("Theme"), "contract": N_("Contract"),
              "mistakes": N_("My mistakes")}
"""The trainer's modes, as its buttons name them (translated where shown)."""


class Trainer(widgets.VBox):  # type: ignore[misc]
    """The trainer widget (see the module's docstring).

    ``memory``: a :class:`~keinstich.trainer.memory.Memory`, a file path, or None for the learner's own
    (:func:`keinstich.trainer.remember`); ``clock``: what "now" is (a lesson passes a simulated one);
    ``synchronous``: judge inline instead of in a thread (tests, lessons).
    """

    @speaks
    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        """The mode as its button names it and the score, in the widget's language: "Trainer(Contract, 0 of 0 at the
        first try)", German "Trainer(Spiel, 0 von 0 auf Anhieb)" (a page without the kernel shows this text)."""
        mode = self.practice.mode
        return f"Trainer({_(MODE_NAMES[mode]) if mode in MODE_NAMES else mode}, {self.practice.score})"

    def __init__(self, memory: Memory | str | Path | None = None, *, mode: str = "due", theme: str | None = None,
                 contract: str | None = None, clock: Clock | None = None, seed: int | str = 0, bank: Bank | None = None,
                 style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                 card_size: str | float = "medium", synchronous: bool = False, practice: Practice | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._setup(memory, mode, theme, contract, clock, seed, bank, style, four_colour, card_size, synchronous,
                        practice)

    def _setup(self, memory: Memory | str | Path | None, mode: str, theme: str | None, contract: str | None,
               clock: Clock | None, seed: int | str, bank: Bank | None, style: Style | None,
               four_colour: bool | None, card_size: str | float, synchronous: bool, practice: Practice | None) -> None:
        self.add_class("ks-trainer")
        self.add_class("ks-a11y")
        self.lock = threading.RLock()
        if practice is not None:
            self.memory = practice.memory
            self.practice = practice
        else:
            self.memory = memory if isinstance(memory, Memory) else remember(memory)
            self.practice = Practice(self.memory, bank, mode=mode, theme=theme, contract=contract,
                                     clock=clock or now_utc, seed=seed, style=style)
        self.style_choice = style
        self.four_colour = four_colour
        self.width = card_width(card_size)
        self.change: float | None = None
        self._seen: float | None = None  # the rating this header last showed
        self._own = False  # the rating is about to move by this widget's own answer
        self.answering: Question | None = None  # whose card the judge weighs: a click meanwhile is no second answer
        self.messages = MessageArea()
        self.job: Thinking[Any] = Thinking(self.lock, synchronous=synchronous, words=_("the judge is thinking"))
        self._build_header()
        self._build_practise()
        self._build_progress()
        self._build_sense()
        self._build_file()
        self.tabs = widgets.Tab(children=[self.practise_tab, self.progress_tab, self.sense_tab, self.file_tab])
        for i, title in enumerate((_("Practise"), _("Progress"), _("Card sense"), _("Progress file"))):
            self.tabs.set_title(i, title)
        self.tabs.observe(guarded(self.messages, self._tab_changed), "selected_index")
        self.children = [self.access, self.header, self.modes, self.tabs, self.messages]
        if self.practice.mode == "mistakes":  # beside a review: the mistakes only
            self.title.value = f"<h4 style='margin:4px 0'>{html.escape(_('Find better cards'))}</h4>"
            self.children = [self.access, self.header, self.practise_tab, self.messages]
        if self.memory.notice:
            self.messages.error(self.memory.notice)
        self.next()

    @classmethod
    def for_mistakes(cls, deal: Deal, indices: list[int], memory: Memory | str | Path | None = None,
                     **kwargs: Any) -> Trainer:
        """A trainer over the learner's own mistakes in ``deal`` (the positions before the moves ``indices``),
        one by one, the answer hidden: what the review's "Find better cards now" opens."""
        mem = memory if isinstance(memory, Memory) else remember(memory)
        practice = Practice.from_review(mem, deal, indices, clock=kwargs.pop("clock", None) or now_utc,
                                        style=kwargs.get("style"))
        return cls(practice=practice, **kwargs)

    # --- layout ----------------------------------------------------------------------------------

    def _build_header(self) -> None:
        self.title = widgets.HTML(f"<h3 style='margin:4px 0'>{html.escape(_('Trainer'))}</h3>")
        self.status = widgets.HTML()
        self.status.add_class("ks-trainer-status")
        self.status.layout.margin = "0 0 0 16px"
        self.header = widgets.HBox([self.title, self.status], layout=widgets.Layout(align_items="center",
                                                                                    flex_flow="row wrap"))
        options = [(_(MODE_NAMES[m]), m) for m in ("due", "level", "theme", "contract")]
        self.mode_buttons = widgets.ToggleButtons(options=options, value=None,
                                                  style={"button_width": button_width((o for o, _m in options), 110)})
        themes = self.practice.bank.themes()
        self.theme_pick = widgets.Dropdown(options=[(f"{theme_name(t)} ({n})", t) for t, n in themes.items()
                                                    if t in THEMES], description=_("theme"),
                                           layout=widgets.Layout(width="260px"))
        self.contract_pick = widgets.Dropdown(options=contract_options(self.practice.bank, self.style_choice),
                                              description=_("contract"), layout=widgets.Layout(width="300px"))
        self.mode_buttons.observe(guarded(self.messages, lambda _event: self._mode_chosen()), "value")
        self.theme_pick.observe(guarded(self.messages, lambda _event: self._mode_chosen()), "value")
        self.contract_pick.observe(guarded(self.messages, lambda _event: self._mode_chosen()), "value")
        self.modes = widgets.HBox([self.mode_buttons, self.theme_pick, self.contract_pick],
                                  layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._quiet(self._show_mode)

    def _build_practise(self) -> None:
        self.info = widgets.HTML()
        self.info.add_class("ks-trainer-info")
        self.table_box = widgets.Box()
        self.trick_view: TrickView | None = None
        self.earlier = widgets.HTML()
        self.hand = HandView((), on_click=guarded(self.messages, self.answer), on_error=self.messages.error,
                             width=self.width, lang=self.lang, four_colour=self.four_colour)
        self.answer_button = widgets.Button(description=_("Show answer"), icon="eye")
        self.next_button = widgets.Button(description=_("Next"), icon="forward", button_style="primary")
        self.answer_button.on_click(guarded(self.messages, lambda _event: self.show_answer()))
        self.next_button.on_click(guarded(self.messages, lambda _event: self.next()))
        # a domino chain's card that fits both ends is laid at the end chosen here (shown only then)
        self.end_box = widgets.ToggleButtons(options=[(pgettext("end", "top"), "top"),
                                                      (pgettext("end", "bottom"), "bottom")], value="top",
                                             description=_("Lay at"), style={"button_width": "70px"},
                                             layout=widgets.Layout(display="none"))
        self.buttons = widgets.HBox([self.answer_button, self.next_button, self.end_box, self.job.box],
                                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.feedback = widgets.HTML()
        self.feedback.add_class("ks-trainer-feedback")
        self.layout_view = widgets.HTML()
        self.layout_view.add_class("ks-trainer-layout")
        # a landmark; the judge's feedback said by a screen reader as it comes; a card that may not be played
        # focusable, saying why (._access)
        self.access = Access(marks=[("", {"role": "region", "aria-label": _("Trainer")}),
                                    (".ks-trainer-feedback > .widget-html-content", {"role": "status"}),
                                    (".ks-sense-feedback > .widget-html-content", {"role": "status"})])
        self.hand.add_class("ks-mine")
        self.hand.on_refused = guarded(self.messages, lambda c, why: self.access.refuse(
            self.hand.button(c).description, why))
        self.practise_tab = widgets.VBox([self.info, self.table_box, self.earlier, self.hand, self.buttons,
                                          self.feedback, self.layout_view])

    def _build_progress(self) -> None:
        self.progress_tab = ProgressTab(self.practice, self.memory, self.lock, self.messages, self.style_choice,
                                        self._practise_theme, self.try_again)
        self.chart, self.ratings, self.weak, self.missed = (self.progress_tab.chart, self.progress_tab.ratings,
                                                            self.progress_tab.weak, self.progress_tab.missed)

    def _build_sense(self) -> None:
        self.sense_tab = CardSense(self.practice, self.memory, self.lock, self.messages, self.style_of,
                                   self.four_colour)

    def _build_file(self) -> None:
        self.file_tab = ProgressFile(self.memory, self.lock, self.messages, self._loaded)
        self.download_link, self.upload, self.file_messages = (self.file_tab.download_link, self.file_tab.upload,
                                                               self.file_tab.messages)

    # --- looks ---------------------------------------------------------------------------------

    def style_of(self, position: Deal) -> Style:
        return self.style_choice or pack_in_play(position).style

    @speaks
    def _show_status(self) -> None:
        p = self.practice
        due = p.due_count()
        rating = self.memory.rating()
        change = ""
        if self.change is not None and self.change != 0:
            sign = "+" if self.change > 0 else "−"
            colour = "#0b7a28" if self.change > 0 else "#b00020"
            change = f" <b style='color:{colour}' class='ks-rating-change'>({sign}{number(abs(self.change))})</b>"
        due_text = (f"<b>{html.escape(ngettext('{n} position due', '{n} positions due', due))}</b>" if due else
                    html.escape(_("nothing due")))
        moved = ""
        if self._seen is not None and not self._own and abs(rating.rating - self._seen) >= 0.5:
            # the memory is shared: answers given in another trainer or a later cell moved the rating
            moved = (" <span class='ks-rating-moved' style='color:#555'>"
                     + html.escape(_("(was {old}: moved by answers given elsewhere)",
                                     old=number(self._seen))) + "</span>")
        self._seen, self._own = rating.rating, False
        guess = ""
        if rating.provisional:  # lichess's "1506?", said in words: a newcomer does not read the question mark
            tip = _("still a guess, give or take {n}: it settles as you answer more positions", n=number(2 * rating.rd))
            guess = (f" <span class='ks-provisional' title='{html.escape(tip, quote=True)}'>"
                     f"{html.escape(_('(provisional)'))}</span>")
        counts = html.escape(_("score {score} · streak {streak} · your rating", score=p.score, streak=p.streak))
        self.status.value = (f"<span class='ks-due'>{due_text}</span> · {counts} "
                             f"<b class='ks-rating'>{number(rating.rating)}</b>{guess}{change}{moved}")

    def _show_mode(self) -> None:
        p = self.practice
        mine = (_(MODE_NAMES["mistakes"]), "mistakes")
        if p.mode == "mistakes" and mine not in self.mode_buttons.options:
            self.mode_buttons.options = [*self.mode_buttons.options, mine]
        self.mode_buttons.value = p.mode
        self.theme_pick.layout.display = None if p.mode == "theme" else "none"
        self.contract_pick.layout.display = None if p.mode == "contract" else "none"
        if p.theme is not None:
            self.theme_pick.value = p.theme
        if p.contract is not None:
            self.contract_pick.value = p.contract

    # --- modes -----------------------------------------------------------------------------------

    @speaks
    def set_mode(self, mode: str, *, theme: str | None = None, contract: str | None = None) -> None:
        """Practise ``mode`` ("due", "level", "theme" with ``theme``, "contract" with ``contract``) from now on."""
        with self.lock:
            self.practice.set_mode(mode, theme=theme, contract=contract)
            self._quiet(self._show_mode)
            self.next()

    def _quiet(self, fn: Callable[[], None]) -> None:
        self._muted = True
        try:
            fn()
        finally:
            self._muted = False

    _muted = False

    def _mode_chosen(self) -> None:
        if self._muted:
            return
        mode = self.mode_buttons.value
        if mode is None:
            return
        theme = self.theme_pick.value if mode == "theme" else None
        contract = self.contract_pick.value if mode == "contract" else None
        if mode == "theme" and theme is None and self.theme_pick.options:
            theme = self.theme_pick.options[0][1]
        if mode == "contract" and contract is None and self.contract_pick.options:
            contract = self.contract_pick.options[0][1]
        self.set_mode(mode, theme=theme, contract=contract)

    # --- a position --------------------------------------------------------------------------------

    @speaks
    def next(self) -> None:
        """The next position of the mode (or a note when there is none)."""
        with self.lock:
            self.job.withdraw()
            self.answering = None
            q = self.practice.next()
            self.feedback.value = ""
            self.layout_view.value = ""
            self.messages.clear()
            if q is None:
                self._nothing()
            else:
                self._draw(q)
            self._show_status()

    def _nothing(self) -> None:
        p = self.practice
        self.hand.set_cards(())
        self.table_box.children = []
        self.earlier.value = ""
        self.answer_button.disabled = True
        if p.mode == "due":
            when = self.memory.next_due()
            later = " " + html.escape(_("The next one is due on {day} UTC.", day=day(when, time=True))) if when else ""
            self.info.value = (f"<b>{html.escape(_('Nothing is due now.'))}</b>" + later + " " + html.escape(
                _("Practise rated positions {mode}, a theme or a contract meanwhile.", mode="\x00")).replace(
                "\x00", f"<b>{html.escape(_(MODE_NAMES['level']))}</b>"))
        elif p.mode == "mistakes":
            later = (_("They are in your deck: they come back.") if self.memory.path is not None else
                     _("Press Practise these later to have them come back on the next days."))
            self.info.value = f"<b>{html.escape(_('That was the last of your mistakes.'))}</b> {html.escape(later)}"
        else:
            self.info.value = (f"<b>{html.escape(_('No position left here that you have not solved.'))}</b> "
                               + html.escape(_("Choose another theme or contract.")))

    def _draw(self, q: Question) -> None:
        d = q.position
        style = self.style_of(d)
        self.info.value = position_line(q, style)
        self._draw_table(d, q.seat, style)
        self.earlier.value = known_html(d, q.seat, style)
        self.hand.set_look(style=style, four_colour=self.four_colour, lang=self.lang, width=self.width)
        self.hand.set_cards(sort_hand(d.hand(q.seat), hand_order(d)), d.legal(),
                            lambda c: self._refusal(d, c, q.seat, style))
        self.hand.highlight([])
        self.end_box.value = "top"
        self.end_box.layout.display = "" if any(isinstance(m, Lay) for m in d.legal_moves()) else "none"
        self.answer_button.disabled = False
        if not self.job.synchronous:  # the judge starts thinking while the learner does
            self._ask(lambda: q.solution(), lambda _s: None)

    def _refusal(self, d: Deal, c: Card, seat: int, style: Style) -> str | None:
        """Why the learner in ``seat`` may not play ``c``, said to them (None if they may)."""
        why = d.why_illegal(c, seat)
        return None if why is None else refusal_words(why, you=True, style=style, lang=self.lang)

    def _draw_table(self, d: Deal, seat: int, style: Style) -> None:
        if lays_off(d):
            svg = domino_svg(cast(LayOffView, d), open_seats=(), style=style, four_colour=self.four_colour,
                             lang=self.lang, width=self.width * 0.6)
            self.table_box.children = [widgets.HTML(svg)]
            return
        trick = tricks_of(d).trick
        if self.trick_view is None:
            self.trick_view = TrickView(d.players, trick, me=seat, style=style, four_colour=self.four_colour,
                                        lang=self.lang, width=self.width * 0.8)
        else:
            self.trick_view.me = seat
            self.trick_view.set_look(style=style, four_colour=self.four_colour, lang=self.lang)
            self.trick_view.update(trick, None, players=d.players)
        self.table_box.children = [self.trick_view]

    # --- answering -------------------------------------------------------------------------------

    def _ask(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work`` in the judge's thread (inline when synchronous) and call ``done`` with its answer."""
        if self.job.busy:
            self.job.withdraw()
        self.job.start(lambda _budget: work(), done, self._failed)

    def _failed(self, error: BaseException) -> None:
        self.answering = None
        self.messages.error(str(error))

    @speaks
    def answer(self, move: Move) -> None:
        """Answer with ``move`` (as a click on the card does: a card that fits both ends of the chain at the end
        chosen in "Lay at"). A click while the judge weighs the card before, or on a card tried already, is no answer
        (a double click answers once)."""
        with self.lock:
            q = self.practice.question
            if q is None or q.done:
                self.messages.info(_("Press Next for another position."))
                return
            if self.answering is q:
                return
            if any(c in move_cards(t) for t in q.tries for c in move_cards(move)):
                self.messages.info(_("You tried that card already: choose another one."))
                return
            if isinstance(move, Card):
                lay = Lay(move, "bottom" if self.end_box.value == "bottom" else "top")
                move = lay if lay in q.position.legal_moves() else move
            self.answering = q
            self.hand.highlight([c for c in move_cards(move)])
            self._ask(lambda: self.practice.answer(move), self._answered)

    @speaks
    def show_answer(self) -> None:
        """Give up on the position: the answer and its sentence."""
        with self.lock:
            q = self.practice.question
            if q is None or q.done or self.answering is q:
                return
            self.answering = q
            self._ask(self.practice.give_up, self._answered)

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for the judge's thread; True when it is idle."""
        return self.job.wait(timeout)

    def _answered(self, out: Outcome) -> None:
        self.answering = None
        q = self.practice.question
        assert q is not None
        style = self.style_of(q.position)
        if not out.done:
            self.feedback.value = wrong_html(out, style)
            self.layout_view.value = layout_html(q, out, style, four_colour=self.four_colour, lang=self.lang)
            self.hand.highlight([])
            return
        self.change = out.written.change if out.written is not None and q.rated else None
        self._own = True
        self.feedback.value = answered_html(out, style, kept=self.memory.path is not None)
        self.hand.highlight([c for m in out.answer for c in move_cards(m)])
        self.answer_button.disabled = True
        self._show_status()

    # --- progress --------------------------------------------------------------------------------

    def _tab_changed(self, change: dict[str, Any]) -> None:
        if change.get("new") == 1:
            self.show_progress()
        elif change.get("new") == 2 and self.sense_tab.question is None:
            self.next_sense()

    @speaks
    def show_progress(self) -> None:
        """Redraw the Progress tab: the chart, the ratings, the weak themes, the positions missed most."""
        self.progress_tab.show()

    def _practise_theme(self, theme: str) -> None:
        self.set_mode("theme", theme=theme)
        self.tabs.selected_index = 0

    @speaks
    def try_again(self, view: str) -> None:
        """Show a missed position again (renamed afresh)."""
        with self.lock:
            self.job.withdraw()
            self.answering = None
            q = self.practice.again(view)
            self.feedback.value = self.layout_view.value = ""
            self._draw(q)
            self.tabs.selected_index = 0

    # --- card sense ------------------------------------------------------------------------------

    @speaks
    def next_sense(self) -> None:
        """A new card-sense question about a bank position."""
        self.sense_tab.next()

    def pick_sense(self, option: str) -> None:
        """Put all the chance on ``option`` (as its "this one" button does)."""
        self.sense_tab.pick(option)

    @speaks
    def check_sense(self, forecast: list[float] | None = None) -> float:
        """Score the chances given (the sliders, or ``forecast``) against the posterior; returns the Brier score. The
        question is scored and written once: checked again, it returns the same score."""
        return self.sense_tab.check(forecast)

    def prepare_download(self) -> bytes:
        """Make the download link for the memory's file (returns the file's bytes)."""
        return self.file_tab.prepare_download()

    @speaks
    def load_progress(self, data: bytes, *, name: str | None = None) -> None:
        """Load the progress in ``data`` (a downloaded progress file) in place of this memory's."""
        self.file_tab.load_progress(data, name=_("the file") if name is None else name)

    def _loaded(self) -> None:
        """Another progress file took this memory's place: start afresh from it."""
        self.change = None
        self._own = True  # its rating is the file's, not moved elsewhere
        self._show_status()
        self.next()

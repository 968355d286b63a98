"""The class's results on one deal in a notebook: the chart, the ranking, where most of the class went wrong,
each student's review one click away, and a printable handout of the deal.

::

    from keinstich_widgets.classroom import Classroom, class_results
    class_results({"Anna": "KR1-…", "Ben": "KR1-…"})     # or a list of codes, or the text pasted from a chat
    Classroom()                # the teacher's notebook (apps/teacher.ipynb): a box to paste the codes into

The numbers are the engine's (:func:`keinstich.classroom.class_results`); a student's *Review* button asks the
coach for that student's review in a background thread and shows it under the ranking. The handout is
:func:`keinstich.handout.handout_svg`'s A4 page: the deal handed out (every hand open, or only the students')
or a student's deal as played, to download or to open in a tab of its own and print.
"""

from __future__ import annotations

import base64
import html
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from keinstich.cards import Lang
from keinstich.classroom import ClassResults, Codes, Student, example_class
from keinstich.classroom import class_results as score_class
from keinstich.games import GAMES
from keinstich.handout import handout_svg
from keinstich.i18n import _, number
from keinstich.teaching import review_of
from keinstich.wording.names import unit_word

from ._guard import MessageArea, guarded, report
from ._thinking import Thinking
from ._words import language_of, speaking, speaks
from .review import ReviewView

__all__ = ["ClassResultsView", "Classroom", "HandoutPanel", "class_results"]


def class_results(codes: Codes, **kwargs: Any) -> ClassResultsView:
    """The class's results as a widget (see :func:`keinstich.classroom.class_results` for the arguments)."""
    return ClassResultsView(score_class(codes, **kwargs))


class ClassResultsView(widgets.VBox):  # type: ignore[misc]
    """A :class:`~keinstich.classroom.ClassResults` shown: chart, one row per student with a Review button, the
    decisions most of the class got wrong, and what was left out."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"ClassResultsView({len(self.results.students)} students)"

    def __init__(self, results: ClassResults, *, lang: Lang | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._build(results)

    def _build(self, results: ClassResults) -> None:
        self.add_class("ks-class-results")
        self.results = results
        self.messages = MessageArea()
        import threading

        self.lock = threading.RLock()
        self.job: Thinking[Any] = Thinking(self.lock, words=_("the coach is reviewing"))
        self.review = ReviewView(lang=self.lang)
        self.review_title = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        rows = [widgets.HTML(f"<b>{html.escape(_('rank · student · score · matchpoints'))}</b>")]
        unit = unit_word(results.unit)
        for s in results.students:
            button = widgets.Button(description=_("Review"), icon="search", layout=widgets.Layout(width="auto"),
                                    tooltip=_("the coach's review of {name}'s decisions", name=s.name))
            button.on_click(guarded(self.messages, lambda _b, s=s: self.show_review(s)))
            self.buttons[s.name] = button
            line = (f"{s.rank}. <b>{html.escape(s.name)}</b> · {number(s.score, None)} {html.escape(unit)} · "
                    f"{number(s.matchpoints, None)} ({number(s.percent / 100, percent=True)})")
            rows.append(widgets.HBox([widgets.HTML(line, layout=widgets.Layout(width="420px")), button],
                                     layout=widgets.Layout(align_items="center")))
        decisions = "".join(f"<li>{html.escape(results.decision_words(d))}</li>" for d in results.decisions)
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in results.notes)
        luck = results.luck_said
        self.children = [
            widgets.HTML(results.chart_svg()),
            widgets.HTML(f"<p class='ks-class-luck'>{html.escape(luck)}</p>" if luck else ""),
            widgets.VBox(rows),
            widgets.HTML(f"<p><b>{html.escape(_('Where most of the class went wrong'))}</b></p>"
                         + (f"<ul>{decisions}</ul>" if decisions else "<p><i>" + html.escape(_(
                             "nowhere: no decision that most of the class met went wrong")) + "</i></p>")),
            widgets.HTML(f"<p><b>{html.escape(_('Left out'))}</b></p><ul>{notes}</ul>" if notes else ""),
            self.job.box, self.review_title, self.review, self.messages]

    @speaks
    def show_review(self, student: Student | str) -> None:
        """The coach's review of one student's deal (by name or :class:`~keinstich.classroom.Student`)."""
        s = student if isinstance(student, Student) else next(
            (x for x in self.results.students if x.name == student), None)
        if s is None:
            raise ValueError(_("no student named {name}: the students are {names}", name=repr(student),
                               names=", ".join(x.name for x in self.results.students)))
        deal, seat, bots = s.deal(), s.code.seat, list(s.code.bots) or "heuristic"
        head = _("{name}'s deal", name=s.name)
        said = _("(rank {rank}, {score} {unit})", rank=s.rank, score=number(s.score, None),
                 unit=unit_word(self.results.unit))
        self.review_title.value = f"<b>{html.escape(head)}</b> {html.escape(said)}"
        title = _("The coach's review of {name}'s decisions", name=s.name)
        self.review.title.value = f"<b>{html.escape(title)}</b>"
        self.review.who = s.name
        self.review.update(None)
        self.job.withdraw()  # another student's review being made: this one is asked for now
        self.job.start(lambda _budget: review_of(deal, seat, bots=bots), self.review.update,
                       lambda e: report(self.messages, e, "review"))

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until a review being made is shown (for tests and scripts)."""
        thread = self.job.thread
        if thread is not None:
            thread.join(timeout)
        return not self.job.busy


_PRINT_JS = ("(function(b){var a=b.parentNode.querySelector('a.ks-handout-file');fetch(a.href)"
             ".then(function(r){return r.blob();}).then(function(x){window.open(URL.createObjectURL(x),'_blank');});"
             "})(this)")
"""Open the handout's SVG in a tab of its own (a blob address: browsers refuse to open data addresses), where the
browser prints it on one A4 page."""


class HandoutPanel(widgets.VBox):  # type: ignore[misc]
    """A printable handout of the class's deal: the deal handed out with every hand open, or with only the
    students' hand (for "what would you play?"), or a student's deal as played; a preview, a download link and
    *Open to print*."""

    def __init__(self, results: ClassResults, *, lang: Lang | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._build(results)

    def _build(self, results: ClassResults) -> None:
        self.add_class("ks-handout")
        self.results = results
        self.messages = MessageArea()
        options = [(_("the deal handed out, every hand open"), "open"),
                   (_("the deal handed out, only the students' hand"), "hidden")]
        options += [(_("{name}'s deal as played (rank {rank})", name=s.name, rank=s.rank), f"student:{i}")
                    for i, s in enumerate(results.students)]
        self.which = widgets.Dropdown(options=options, value="open", description=_("Handout of"),
                                      style={"description_width": "80px"}, layout=widgets.Layout(width="440px"))
        self.make_button = widgets.Button(description=_("Make the handout"), icon="print",
                                          tooltip=_("draw the deal on one A4 page, to print"),
                                          layout=widgets.Layout(width="auto"))
        self.make_button.on_click(guarded(self.messages, lambda _b: self.make()))
        self.page = widgets.HTML()
        self.page.add_class("ks-handout-page")
        self.svg = ""
        self.children = [widgets.HTML(f"<b>{html.escape(_('A handout of the deal'))}</b>"),
                         widgets.HBox([self.which, self.make_button], layout=widgets.Layout(align_items="center",
                                                                                           flex_flow="row wrap")),
                         self.page, self.messages]

    @speaks
    def make(self, which: str | None = None) -> str:
        """Draw the handout chosen (``which``: "open", "hidden" or "student:N"; default the dropdown's) and show
        it with its download link; returns the SVG."""
        if which is not None:
            if which not in [v for _x, v in self.which.options]:
                raise ValueError(_("which must be \"open\", \"hidden\" or \"student:N\" (N from 0 to {last}), not "
                                   "{which}", last=len(self.results.students) - 1, which=repr(which)))
            self.which.value = which
        choice = self.which.value
        r = self.results
        given = r.deal
        game = GAMES[given.record.game]
        contract = game.contract_name(game.contract_of(given.position()))
        if choice in ("open", "hidden"):
            deal, seat = given.position(), given.seat
            title = _("{contract}: the deal handed out", contract=contract)
            self.svg = handout_svg(deal, hands=choice, seat=seat, title=title)
            name = f"deal-{choice}.svg"
        else:
            s = r.students[int(choice.split(":")[1])]
            self.svg = handout_svg(s.deal(), hands="open", seat=s.code.seat,
                                   title=_("{contract}: {name}'s deal (rank {rank}, {score} {unit})",
                                           contract=contract, name=s.name, rank=s.rank,
                                           score=number(s.score, None), unit=unit_word(r.unit)))
            name = f"deal-{s.name.lower().replace(' ', '-')}.svg"
        uri = "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode()).decode()
        alt = html.escape(_("the handout"))
        self.page.value = (
            f'<div style="display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap">'
            f'<img src="{uri}" alt="{alt}" style="width:300px;border:1px solid #ccc;box-shadow:0 1px 4px '
            f'rgba(0,0,0,.2)"><div style="line-height:2"><a class="ks-handout-file" href="{uri}" '
            f'download="{html.escape(name)}">{html.escape(_("Download the handout (SVG, one A4 page)"))}</a><br>'
            f'<button type="button" class="ks-handout-print" onclick="{_PRINT_JS}" '
            f'style="padding:2px 10px;cursor:pointer">{html.escape(_("Open to print"))}</button><br><small>'
            + html.escape(_("opens the page in a new tab: print it from there (or save it as PDF)"))
            + "</small></div></div>")
        return self.svg


class Classroom(widgets.VBox):  # type: ignore[misc]
    """The teacher's notebook in one widget (``apps/teacher.ipynb``): a box to paste the class's result codes
    into (one a line, "Anna: KR1-…", as they come from a chat; a list or a dict of codes works too), *Show the
    class's results*, then the :class:`ClassResultsView` (chart, ranking, where most went wrong, each student's
    review) and the :class:`HandoutPanel`. ``example=True`` fills the box with a made-up class
    (:func:`keinstich.classroom.example_class`) to try it before a lesson. Given codes, the results are worked out
    at once (in a background thread, unless ``synchronous``)."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"Classroom({len(self.results.students) if self.results else 0} students)"

    def __init__(self, codes: Codes = "", *, example: bool = False, synchronous: bool = False,
                 lang: Lang | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._build(codes, example, synchronous)

    def _build(self, codes: Codes, example: bool, synchronous: bool) -> None:
        self.add_class("ks-classroom")
        if example and not codes:
            codes = example_class()
        self.lock = threading.RLock()
        self.messages = MessageArea()
        self.codes = widgets.Textarea(value=_as_text(codes), placeholder="Anna: KR1-…\nBen: KR1-…",
                                      layout=widgets.Layout(width="calc(100% - 4px)", height="140px"))
        self.codes.add_class("ks-class-codes")  # as wide as the box less its margins: no horizontal scrollbar
        self.show_button = widgets.Button(description=_("Show the class's results"), icon="bar-chart",
                                          button_style="primary", layout=widgets.Layout(width="auto"))
        self.show_button.on_click(guarded(self.messages, lambda _b: self.show()))
        self.job: Thinking[ClassResults] = Thinking(self.lock, words=_("scoring the class and asking the coach"),
                                                    synchronous=synchronous)
        self.results: ClassResults | None = None
        self.view: ClassResultsView | None = None
        self.handout: HandoutPanel | None = None
        self.results_box = widgets.VBox()
        self.children = [
            widgets.HTML(html.escape(_("The class's result codes: paste them here, one a line (name: KR1-…)"))),
            self.codes, widgets.HBox([self.show_button, self.job.box], layout=widgets.Layout(align_items="center")),
            self.messages, self.results_box]
        if self.codes.value.strip():
            self.show()

    @speaks
    def show(self) -> None:
        """Score the codes in the box (in a background thread) and show the results and the handout."""
        text = self.codes.value
        if not text.strip():
            raise ValueError(_("paste the class's result codes into the box first: one a line, as \"Anna: KR1-…\""))
        self.job.withdraw()
        self.messages.clear()
        self.job.start(lambda _budget: score_class(text), self._shown,
                       lambda e: report(self.messages, e, "class results"))

    def _shown(self, results: ClassResults) -> None:
        self.results = results
        self.view = ClassResultsView(results, lang=self.lang)
        self.handout = HandoutPanel(results, lang=self.lang, layout=widgets.Layout(margin="16px 0 0 0"))
        self.results_box.children = [self.view, self.handout]

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until the results being worked out are shown (for tests and scripts)."""
        thread = self.job.thread
        if thread is not None:
            thread.join(timeout)
        return not self.job.busy


def _as_text(codes: Codes) -> str:
    """Codes as the box shows them: one a line, "name: code"."""
    if isinstance(codes, str):
        return codes
    if not isinstance(codes, Mapping | list | tuple):
        raise TypeError("codes are the text pasted from a chat (one \"name: KR1-…\" a line), a dict {name: code} "
                        f"or a list of codes, not {type(codes).__name__}")
    if isinstance(codes, Mapping):
        return "\n".join(f"{k}: {v}" for k, v in codes.items())
    return "\n".join(f"{c[0]}: {c[1]}" if isinstance(c, tuple) else str(c) for c in codes)

"""The class's results on one deal in a notebook: the chart, the ranking, where most of the class went wrong,
and each student's review one click away.

::

    from keinstich_widgets.classroom import class_results
    class_results({"Anna": "KR1-…", "Ben": "KR1-…"})     # or a list of codes, or the text pasted from a chat

The numbers are the engine's (:func:`keinstich.classroom.class_results`); a student's *Review* button asks the
coach for that student's review in a background thread and shows it under the ranking.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from keinstich.classroom import ClassResults, Codes, Student
from keinstich.classroom import class_results as score_class
from keinstich.teaching import review_of

from ._guard import MessageArea, guarded, report
from ._thinking import Thinking
from .review import ReviewView

__all__ = ["ClassResultsView", "class_results"]


def class_results(codes: Codes, **kwargs: Any) -> ClassResultsView:
    """The class's results as a widget (see :func:`keinstich.classroom.class_results` for the arguments)."""
    return ClassResultsView(score_class(codes, **kwargs))


class ClassResultsView(widgets.VBox):  # type: ignore[misc]
    """A :class:`~keinstich.classroom.ClassResults` shown: chart, one row per student with a Review button, the
    decisions most of the class got wrong, and what was left out."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"ClassResultsView({len(self.results.students)} students)"

    def __init__(self, results: ClassResults, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("ks-class-results")
        self.results = results
        self.messages = MessageArea()
        import threading

        self.lock = threading.RLock()
        self.job: Thinking[Any] = Thinking(self.lock, words="the coach is reviewing")
        self.review = ReviewView()
        self.review_title = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        rows = [widgets.HTML("<b>rank · student · score · matchpoints</b>")]
        for s in results.students:
            button = widgets.Button(description="Review", icon="search", layout=widgets.Layout(width="auto"),
                                    tooltip=f"the coach's review of {s.name}'s decisions")
            button.on_click(guarded(self.messages, lambda _b, s=s: self.show_review(s)))
            self.buttons[s.name] = button
            line = (f"{s.rank}. <b>{html.escape(s.name)}</b> · {s.score:g} {html.escape(results.unit)} · "
                    f"{s.matchpoints:g} ({s.percent:.0f}%)")
            rows.append(widgets.HBox([widgets.HTML(line, layout=widgets.Layout(width="420px")), button],
                                     layout=widgets.Layout(align_items="center")))
        decisions = "".join(f"<li>{html.escape(results.decision_words(d))}</li>" for d in results.decisions)
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in results.notes)
        self.children = [
            widgets.HTML(results.chart_svg()),
            widgets.VBox(rows),
            widgets.HTML("<p><b>Where most of the class went wrong</b></p>"
                         + (f"<ul>{decisions}</ul>" if decisions else "<p><i>nowhere: no decision that most of "
                                                                     "the class met went wrong</i></p>")),
            widgets.HTML(f"<p><b>Left out</b></p><ul>{notes}</ul>" if notes else ""),
            self.job.box, self.review_title, self.review, self.messages]

    def show_review(self, student: Student | str) -> None:
        """The coach's review of one student's deal (by name or :class:`~keinstich.classroom.Student`)."""
        s = student if isinstance(student, Student) else next(
            (x for x in self.results.students if x.name == student), None)
        if s is None:
            raise ValueError(f"no student named {student!r}: the students are "
                             + ", ".join(x.name for x in self.results.students))
        deal, seat, bots = s.deal(), s.code.seat, list(s.code.bots) or "heuristic"
        self.review_title.value = f"<b>{html.escape(s.name)}'s deal</b>"
        self.review.update(None)
        self.job.start(lambda _budget: review_of(deal, seat, bots=bots), self.review.update,
                       lambda e: report(self.messages, e, "review"))

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until a review being made is shown (for tests and scripts)."""
        thread = self.job.thread
        if thread is not None:
            thread.join(timeout)
        return not self.job.busy

"""The trainer's "Card sense" tab: who holds a card, how many of a suit are out, who is void, your chances scored
against the sampler's posterior (:mod:`keinstich.trainer.sense`) and charted over time."""

from __future__ import annotations

import html
import threading
import uuid
from collections.abc import Callable, Iterator

import ipywidgets as widgets

from keinstich.cards import Style
from keinstich.deal import Deal
from keinstich.trainer import sense as card_sense
from keinstich.trainer.charts import png
from keinstich.trainer.charts import sense as sense_chart
from keinstich.trainer.memory import Memory
from keinstich.trainer.positions import code_of
from keinstich.trainer.practice import Practice
from keinstich.wording.i18n import _

from ._guard import MessageArea, guarded
from ._picture import Picture
from ._trainer_html import sense_score_html, sense_view_html


class CardSense(widgets.VBox):  # type: ignore[misc]
    """Card-sense questions about the practice's bank positions, one after another; each checked answer is written
    to ``memory`` once. ``style_of`` says how a position's cards are drawn; ``messages`` takes a stray click's
    error; the work is done under ``lock`` (the trainer's)."""

    def __init__(self, practice: Practice, memory: Memory, lock: threading.RLock, messages: MessageArea,
                 style_of: Callable[[Deal], Style], four_colour: bool | None) -> None:
        self.practice, self.memory, self.lock, self.messages = practice, memory, lock, messages
        self.style_of, self.four_colour = style_of, four_colour
        self.question: card_sense.Question | None = None
        self.scored: float | None = None  # once checked: Check again (a double click) writes nothing more
        self.key = ""
        self.count = 0
        self.text = widgets.HTML()
        self.text.add_class("ks-sense-question")
        self.view = widgets.HTML()
        self.sliders = widgets.VBox()
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.next_button = widgets.Button(description=_("Next question"), icon="forward")
        self.check_button.on_click(guarded(messages, lambda _event: self.check()))
        self.next_button.on_click(guarded(messages, lambda _event: self.next()))
        self.feedback = widgets.HTML()
        self.feedback.add_class("ks-sense-feedback")
        self.chart = Picture(max_width="640px")
        self.chart.add_class("ks-sense-chart")
        super().__init__([self.text, self.view, self.sliders, widgets.HBox([self.check_button, self.next_button]),
                          self.feedback, self.chart])

    def next(self) -> None:
        """A new card-sense question about a bank position."""
        with self.lock:
            q = card_sense.from_bank(self.practice.bank, self._seeds(), self.style_of)
            self.question, self.scored, self.key = q, None, uuid.uuid4().hex
            style = self.style_of(q.position)
            self.text.value = f"<h4 style='margin:4px 0'>{html.escape(q.text)}</h4>"
            self.view.value = sense_view_html(q, style, four_colour=self.four_colour)
            rows = []
            for option in q.options:
                slider = widgets.IntSlider(value=0, min=0, max=100, step=5, description=option,
                                           style={"description_width": "90px"}, layout=widgets.Layout(width="360px"))
                sure = widgets.Button(description=_("this one"), layout=widgets.Layout(width="90px"))
                sure.on_click(guarded(self.messages, lambda _b, o=option: self.pick(o)))
                rows.append(widgets.HBox([slider, sure]))
            self.sliders.children = rows
            self.feedback.value = "<i>" + html.escape(_(
                "Give each answer your chance in %, or press “this one” on the answer you would pick; then Check.")) + (
                "</i>")
            self.check_button.disabled = False

    def _seeds(self) -> Iterator[str]:
        """The seeds of card-sense questions, one after another (each question counted, tries included)."""
        while True:
            self.count += 1
            yield f"{self.practice.seed}:{self.count}"

    def pick(self, option: str) -> None:
        """Put all the chance on ``option`` (as its "this one" button does)."""
        for row in self.sliders.children:
            slider = row.children[0]
            slider.value = 100 if slider.description == option else 0

    def check(self, forecast: list[float] | None = None) -> float:
        """Score the chances given (the sliders, or ``forecast``) against the posterior; returns the Brier score. The
        question is scored and written once: checked again, it returns the same score."""
        with self.lock:
            q = self.question
            if q is None:
                raise card_sense.SenseError(_("there is no card-sense question on show"))
            if self.scored is not None:
                return self.scored
            if forecast is None:
                forecast = [row.children[0].value / 100 for row in self.sliders.children]
            score = card_sense.brier(q, forecast)
            self.memory.record_drill(at=self.practice.clock(), kind=q.kind, question=q.text,
                                     position=code_of(q.position), options=q.options, forecast=forecast,
                                     posterior=q.posterior, brier=score, floor=q.floor, key=self.key)
            self.scored = score
            chart = png(sense_chart(self.memory))  # drawn first: the feedback and the chart it explains come together
            self.feedback.value = sense_score_html(q, forecast, score)
            self.chart.show(chart)
            self.check_button.disabled = True
            return score

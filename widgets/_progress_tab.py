"""The trainer's "Progress" tab: the rating over time per contract family, the ratings, the weak themes (lichess's
rule) and the positions missed most, each one click from another try."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable

import ipywidgets as widgets

from keinstich.cards import Style
from keinstich.trainer.charts import png, progress
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import Practice
from keinstich.trainer.themes import theme_text
from keinstich.wording.i18n import _, number

from ._guard import MessageArea, guarded
from ._picture import Picture
from ._trainer_html import missed_line, ratings_html


class ProgressTab(widgets.VBox):  # type: ignore[misc]
    """The learner's progress in ``memory``, drawn by :meth:`show` (under ``lock``); a weak theme's button calls
    ``on_theme(theme)``, a missed position's ``on_again(view)``; ``messages`` takes a stray click's error."""

    def __init__(self, practice: Practice, memory: Memory, lock: threading.RLock, messages: MessageArea,
                 style: Style | None, on_theme: Callable[[str], None], on_again: Callable[[str], None]) -> None:
        self.practice, self.memory, self.lock, self.messages, self.style = practice, memory, lock, messages, style
        self.on_theme, self.on_again = on_theme, on_again
        self.chart = Picture(max_width="640px")
        self.chart.add_class("ks-trainer-chart")
        self.ratings = widgets.HTML()
        self.weak = widgets.VBox()
        self.weak.add_class("ks-trainer-weak")
        self.missed = widgets.VBox()
        self.missed.add_class("ks-trainer-missed")
        super().__init__([self.ratings, self.chart, widgets.HTML(f"<b>{html.escape(_('Weak themes'))}</b>"),
                          self.weak, widgets.HTML(f"<b>{html.escape(_('Positions you missed most'))}</b>"),
                          self.missed])

    def show(self) -> None:
        """Redraw the tab: the chart, the ratings, the weak themes, the positions missed most."""
        with self.lock:
            self.chart.show(png(progress(self.memory)))
            self.ratings.value = ratings_html(self.memory)
            rows: list[widgets.Widget] = []
            for theme, performance, fails in self.practice.weak_themes():
                b = widgets.Button(description=_("Practise this theme"), icon="bullseye",
                                   layout=widgets.Layout(width="auto"))
                b.on_click(guarded(self.messages, lambda _b, t=theme: self.on_theme(t)))
                said = _("performance {performance}, {fails} missed", performance=number(performance), fails=fails)
                rows.append(widgets.HBox([widgets.HTML(
                    f"<b>{html.escape(theme_text(theme))}</b>: {html.escape(said)}"), b],
                    layout=widgets.Layout(align_items="center")))
            self.weak.children = rows or [widgets.HTML("<i>" + html.escape(_(
                "no weak theme yet (a theme is weak after 3 misses, with a performance below your rating)")) + "</i>")]
            missed: list[widgets.Widget] = []
            for view, misses, n, contract in self.practice.missed_most():
                b = widgets.Button(description=_("Try again"), icon="repeat", layout=widgets.Layout(width="auto"))
                b.on_click(guarded(self.messages, lambda _b, v=view: self.on_again(v)))
                said = missed_line(self.memory, view, misses, n, contract, self.style)
                missed.append(widgets.HBox([widgets.HTML(html.escape(said)), b],
                                           layout=widgets.Layout(align_items="center")))
            self.missed.children = missed or [widgets.HTML(f"<i>{html.escape(_('nothing missed yet'))}</i>")]

"""A slow question (the solver, a Monte Carlo bot) asked in a background thread: a progress note at
once ("thinking… 1.2 s"), a Stop button, and the widget usable all the while.

:class:`Thinking` runs ``work(budget)`` in a thread. The :class:`~keinstich.bots.budget.Budget` carries
the time limit and the Stop: a search that checks it (the lay-off solver) ends within milliseconds of a
Stop; one that does not (the trick solver, a Monte Carlo bot, both well under a second) runs on, and its
answer is dropped. The answer, the failure and every update of the note happen under the widget's
lock, so a click during the search never sees half a change.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from keinstich.bots.budget import Budget, Stopped
from keinstich.i18n import _, number

from ._shared import plain
from ._words import background, thread

T = TypeVar("T")

TICK = 0.2
"""Seconds between two updates of the progress note (it shows at once, well within 0.5 s)."""


class Thinking(Generic[T]):
    """One question at a time in a thread: :attr:`note` says how long it has been thinking,
    :attr:`stop_button` (shown while it thinks) stops it; :attr:`box` holds both.

    ``done(answer)`` or ``failed(error)`` is called under ``lock`` when the work ends (``failed`` too when ``done``
    itself raises, so that an error never ends in the thread's hook, unseen), unless it was
    stopped or withdrawn (:meth:`stop`, :meth:`withdraw`) first; ``stopped()`` when it is stopped (the
    Stop button, or the work raised :class:`~keinstich.bots.budget.Stopped`). With ``synchronous`` the
    work runs inline.
    """

    def __init__(self, lock: threading.RLock, *, synchronous: bool = False, words: str | None = None,
                 stop_words: str | None = None, stopped_words: str | None = None) -> None:
        words = _("thinking") if words is None else words
        stop_words = _("Stop") if stop_words is None else stop_words
        stopped_words = _("stopped") if stopped_words is None else stopped_words
        self.lock = lock
        self.synchronous = synchronous
        self.words = words
        self.stopped_words = stopped_words
        self.note = widgets.HTML(**plain(widgets.HTML))
        self.stop_button = widgets.Button(description=stop_words, icon="stop", button_style="warning",
                                          tooltip=_("stop the search"), layout=widgets.Layout(display="none"),
                                          style=plain(widgets.Button)["style"])
        self.stop_button.on_click(self._on_stop)
        self.box = widgets.HBox([self.note, self.stop_button], **plain(widgets.HBox, align_items="center"))
        self.budget: Budget | None = None
        self.thread: threading.Thread | None = None
        self._gen = 0
        self._stopped: Callable[[], None] = _nothing

    @property
    def busy(self) -> bool:
        """Whether a question is being worked on."""
        return self.budget is not None

    def start(self, work: Callable[[Budget], T], done: Callable[[T], None],
              failed: Callable[[BaseException], None], stopped: Callable[[], None] | None = None, *,
              seconds: float | None = None, unasked: bool = False) -> None:
        """Ask: ``work(budget)`` in a thread (inline when synchronous), with a time limit of ``seconds``. Work nobody
        asked for (``unasked``: the review a finished deal brings) runs at a lower priority (``_words.background``),
        so that on a server a class shares, a table being made or a click comes first."""
        with self.lock:
            if self.busy:
                raise RuntimeError("already thinking: stop first")
            self._gen += 1
            gen = self._gen
            budget = self.budget = Budget(seconds)
            self._stopped = stopped or _nothing
            if self.synchronous:
                self._run(gen, budget, work, done, failed)
                return
            self.note.value = self._thinking_html(0.0)
            self.stop_button.layout.display = ""
            self.stop_button.disabled = False
            self.thread = thread(self._run, gen, budget, work, done, failed, unasked, name="keinstich-thinking")
            self.thread.start()
            thread(self._tick, gen, budget, name="keinstich-thinking-note").start()

    def _run(self, gen: int, budget: Budget, work: Callable[[Budget], T], done: Callable[[T], None],
             failed: Callable[[BaseException], None], unasked: bool = False) -> None:
        if unasked:
            background()
        try:
            answer = work(budget)
        except Stopped:
            with self.lock:
                if gen == self._gen:
                    self._end(self.stopped_words)
                    self._stopped()
            return
        except Exception as e:
            with self.lock:
                if gen == self._gen:
                    self._end()
                    failed(e)
            return
        with self.lock:
            if gen != self._gen:
                return  # stopped or withdrawn meanwhile: this answer is for a question no longer asked
            self._end()
            try:
                done(answer)
            except Exception as e:  # showing the answer failed: say so where the work's own failure would show
                failed(e)

    def _tick(self, gen: int, budget: Budget) -> None:
        while True:
            threading.Event().wait(TICK)
            with self.lock:
                if gen != self._gen or self.budget is not budget:
                    return
                self.note.value = self._thinking_html(budget.elapsed)

    def _thinking_html(self, seconds: float) -> str:
        return f"<i>{html.escape(_('{doing}… {seconds} s', doing=self.words, seconds=number(seconds, 1)))}</i>"

    def _on_stop(self, _button: Any = None) -> None:
        try:
            self.stop()
        except Exception:  # pragma: no cover - stop() only sets flags; never let a click raise
            pass

    def stop(self) -> None:
        """Stop the question being worked on (nothing happens when idle): the note says so, and the
        widget is free for the next question at once."""
        with self.lock:
            if self.budget is None:
                return
            self.budget.stop()
            self._gen += 1
            self._end(self.stopped_words)
            self._stopped()

    def withdraw(self) -> None:
        """Drop the question quietly (a new deal, another step): stop it and clear the note."""
        with self.lock:
            if self.budget is not None:
                self.budget.stop()
                self._gen += 1
            self._end()

    def _end(self, words: str = "") -> None:
        self.budget = None
        self.note.value = f"<i>{html.escape(words)}</i>" if words else ""
        self.stop_button.layout.display = "none"
        self.stop_button.disabled = True

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for the thread to end; True when no question is being worked on."""
        t = self.thread
        if t is not None:
            t.join(timeout)
        return not self.busy


def _nothing() -> None:
    return None


__all__ = ["TICK", "Thinking"]

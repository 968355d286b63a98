"""The widgets' words: the language a widget speaks, the names of the buttons for moves, the units.

Every word comes from the message catalogs (:mod:`keinstich.i18n`). A widget speaks its ``lang`` (the
language spoken where it was made, when not given): it builds itself inside :func:`speaking`, its callbacks run
in the language they were made in (:func:`keinstich_widgets._guard.guarded`), and its background threads too
(:func:`thread`). Card names come from the engine; a move that puts down no card (a pass, Herzblatt's answers and
calls) is named by its own text (``str(move)``, "pass" for a lay-off pass), which keys the button labels below.
"""

from __future__ import annotations

import contextvars
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from keinstich.cards import Lang
from keinstich.i18n import _, check_language, language, pgettext, use_language
from keinstich.wording.names import unit_word

__all__ = ["BUTTON_STYLES", "action_key", "label", "language_of", "move_text", "speaking", "speaks", "thread",
           "unit_name"]

F = TypeVar("F", bound=Callable[..., Any])


def language_of(lang: str | None) -> Lang:
    """A widget's ``lang=``: "en" or "de" (checked), or the language spoken here when None."""
    return "de" if check_language(lang if lang is not None else language()) == "de" else "en"


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Speak ``lang`` inside the block (a widget building itself, redrawing, answering)."""
    with use_language(lang):
        yield


def speaks(method: F) -> F:
    """A widget's method that runs in the widget's language (``self.lang``), whoever calls it."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with use_language(getattr(self, "lang", None)):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def thread(target: Callable[..., Any], *args: Any, name: str) -> threading.Thread:
    """A daemon thread running ``target(*args)`` in the caller's context: the widget's language (and naming) go
    along (a new thread would start in the process's)."""
    context = contextvars.copy_context()
    return threading.Thread(target=context.run, args=(target, *args), name=name, daemon=True)


def background() -> None:
    """Lower the calling thread's priority (nice 10) where the system allows it (Linux: a thread has a nice value of
    its own), so that the processor serves every other thread and process first: work done ahead of need (the coach
    thinking while the learner does) then never delays a table or a click, the learner's or another student's on the
    same server. Elsewhere, or where refused, the thread runs as it was."""
    if not sys.platform.startswith("linux"):
        return  # macOS and Windows have no per-thread nice value (setpriority there would name a process)
    tid = threading.get_native_id()
    try:  # ten below what it was (a kernel started with a nice value of its own keeps it as the floor)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + 10))
    except OSError:
        pass


def label(text: str) -> str:
    """A button's label for a move's text (a picking phase's button by the phase's name); a move without a label
    shows its text as it is."""
    labels: dict[str, Callable[[], str]] = {
        "play": lambda: pgettext("button", "Play (solo)"), "pass": lambda: pgettext("button", "Pass"),
              "discard": lambda: pgettext("button", "Discard"),
              "announce nothing": lambda: pgettext("button", "No announcement"),
              "announce 66": lambda: "66", "announce du": lambda: "du",
              "contra": lambda: pgettext("button", "Contra"), "no contra": lambda: pgettext("button", "No contra"),
              "re": lambda: pgettext("button", "Re"), "no re": lambda: pgettext("button", "No re")}
    said = labels.get(text)
    return said() if said is not None else text


def unit_name(unit: str) -> str:
    """A result's unit as the score shows it: "pf" (for pfennig), "points", "stakes"."""
    return unit_word(unit, short=True)


def seat_name(seat: int, learner: int) -> str:
    """"You", or "Seat 2"."""
    return _("You") if seat == learner else _("Seat {n}", n=seat)


_KEYS = {"play": "solo", "announce nothing": "announce-none"}
BUTTON_STYLES = {"solo": "success", "discard": "primary", "contra": "warning", "re": "warning",
                 "lay-pass": "warning"}


def move_text(move: Any) -> str:
    """A move that puts down no card, in words: its own text; a lay-off pass (None) is "pass"."""
    return "pass" if move is None else str(move)


def action_key(move: Any) -> str:
    """The key of a move's button (``Table.act(key)``): "solo", "pass", "announce-66", "no-contra",
    …; a lay-off pass is "lay-pass" (Herzblatt's answer "pass" is "pass")."""
    if move is None:
        return "lay-pass"
    text = move_text(move)
    return _KEYS.get(text, text.replace(" ", "-"))

"""The message area every widget shows under itself, and the guard that routes callback errors to it.

ipywidgets swallows an exception raised in a button's ``on_click`` handler into the kernel log,
where a learner never sees it. Every callback of our widgets goes through :func:`guarded` (or the
:func:`guard` method decorator) instead: a refusal of the engine (a ``ValueError``, whose message
already says what is wrong and what would be right) shows as one red line in the widget's
:class:`MessageArea`; any other exception shows too, named as a bug, and is logged with its traceback::

    messages = MessageArea()
    button.on_click(guarded(messages, lambda b: deal.play(card)))

    class MyView(ipywidgets.VBox):
        def __init__(self):
            self.messages = MessageArea()
            ...
        @guard
        def _on_click(self, button): ...      # errors land in self.messages

A guard never repairs state: callbacks must check before they change anything (the engine refuses
a move without changing the deal), so a shown error always means "nothing happened". A guarded
method runs under its widget's lock (``self.lock``, ``self._lock`` or ``self.session.lock``) when it
has one, so a click never interleaves with a background thread's update of the same widget.
"""

from __future__ import annotations

import contextlib
import functools
import html
import logging
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import ipywidgets
import traitlets

from keinstich.i18n import _, language, use_language

from ._shared import plain

__all__ = ["BotFault", "MessageArea", "guard", "guarded", "report", "tell"]

log = logging.getLogger("keinstich_widgets")

P = ParamSpec("P")
R = TypeVar("R")

COLOURS = {"error": "#b00020", "info": "#333333", "ok": "#1b5e20"}
"""Text colour per kind of message: red errors, dark grey notes, green confirmations."""


class MessageArea(ipywidgets.HTML):  # type: ignore[misc]
    """One line of feedback under a widget: ``error`` in red, ``info`` in grey, ``ok`` in green.

    ``text`` is the plain message (what tests read) and ``kind`` which of the three it is
    (``""`` when empty). The HTML ``value`` carries ``role="alert"`` for errors so screen
    readers announce them.
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"MessageArea({self.kind or 'empty'})"


    text = traitlets.Unicode("")
    kind = traitlets.Unicode("")

    def __init__(self, **kwargs: Any) -> None:
        # its box and style never change: shared ones; its class in its first message
        super().__init__(**{**plain(ipywidgets.HTML), **kwargs,
                            "_dom_classes": ["ks-messages", *kwargs.get("_dom_classes", ())]})

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text`` as a message of ``kind`` ("error", "info" or "ok")."""
        if kind not in COLOURS:
            raise ValueError(f"kind must be one of {', '.join(COLOURS)}, not {kind!r}")
        role = ' role="alert"' if kind == "error" else ""
        body = html.escape(text).replace("\n", "<br>")
        with self.hold_sync():
            self.text = text
            self.kind = kind
            self.value = (f'<div class="ks-message ks-{kind}"{role} style="color:{COLOURS[kind]};'
                          f'font-weight:{"bold" if kind == "error" else "normal"}">{body}</div>')

    def error(self, text: str) -> None:
        self.show(text, "error")

    def info(self, text: str) -> None:
        self.show(text, "info")

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def clear(self) -> None:
        with self.hold_sync():
            self.text = ""
            self.kind = ""
            self.value = ""


class BotFault(Exception):
    """A bot's own code raised while it chose a move: the fault is in that bot (most often a reader's own),
    not in the widget. The message names the bot and its seat; the bot's exception is the cause."""


def report(messages: MessageArea, error: BaseException, where: str = "") -> None:
    """Show ``error`` in ``messages``: a ValueError's own message (the engine's refusal), a bot's fault
    as that bot's, anything else as a bug with its type; the traceback goes to the ``keinstich_widgets``
    logger."""
    if isinstance(error, BotFault):
        text = str(error)
        log.error("a bot failed%s", f" in {where}" if where else "", exc_info=error)
    elif isinstance(error, ValueError):
        text = str(error) or type(error).__name__
        log.info("refused%s: %s", f" in {where}" if where else "", text)
    else:
        text = _("{error}: {message} — this is a bug in the widget, nothing was changed", error=type(error).__name__,
                 message=error)
        log.error("error%s", f" in {where}" if where else "", exc_info=error)
    messages.error(text)


def guarded(messages: MessageArea, fn: Callable[P, R]) -> Callable[P, R | None]:
    """``fn`` wrapped so that an exception shows in ``messages`` (and returns None) instead of
    vanishing into the kernel log."""

    lang = language()  # the language of the widget being built: its callbacks speak it

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        with use_language(lang):
            try:
                return fn(*args, **kwargs)
            except Exception as e:
                report(messages, e, getattr(fn, "__qualname__", ""))
                return None

    return wrapper


def guard(method: Callable[..., R]) -> Callable[..., R | None]:
    """Decorator for widget methods used as callbacks: errors go to ``self.messages``."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> R | None:
        with _lock_of(self), use_language(getattr(self, "lang", None)):
            try:
                return method(self, *args, **kwargs)
            except Exception as e:
                messages = getattr(self, "messages", None)
                if not isinstance(messages, MessageArea):
                    raise
                report(messages, e, method.__qualname__)
                return None

    return wrapper


def _lock_of(widget: Any) -> contextlib.AbstractContextManager[Any]:
    """The lock that guards ``widget``'s state, or a context that does nothing."""
    for owner, name in ((widget, "lock"), (widget, "_lock"), (getattr(widget, "session", None), "lock")):
        lock = getattr(owner, name, None)
        if lock is not None and callable(getattr(lock, "acquire", None)):
            return lock  # type: ignore[no-any-return]
    return contextlib.nullcontext()


def tell(messages: MessageArea, note: str = "") -> None:
    """After a control did its work: say ``note``, else take away an error shown before."""
    if note:
        messages.info(note)
    elif messages.kind == "error":
        messages.clear()

"""Guards of the hostile-input tests: a refusal is one short sentence, and a block that should end at once ends."""

from __future__ import annotations

import contextlib
import faulthandler
import signal
import sys
from collections.abc import Iterator

LINE = 600
"""The longest refusal allowed: one sentence, what it quotes shortened."""


def one_sentence(e: BaseException | str) -> str:
    """The refusal's text, checked: not empty, on one line, short, no traceback."""
    text = str(e)
    assert text and "\n" not in text and len(text) <= LINE, text[:400]
    assert "Traceback" not in text
    return text


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail, rather than hang the suite, when the block runs longer than ``seconds``: a guard far above the time the
    block takes (milliseconds), not a speed target. A loop in Python is stopped by a TimeoutError; a call that never
    returns to Python (a query SQLite works on for ever) by ending the process 30 seconds later with every thread's
    traceback (pytest-xdist reports the test as failed)."""
    def late(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    faulthandler.dump_traceback_later(seconds + 30, exit=True, file=sys.__stderr__)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)

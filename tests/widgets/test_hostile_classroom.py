"""The teacher's Classroom against a class's names: a name that matplotlib would read as a formula shows, in the
synchronous and the threaded Classroom alike; and an error while showing a background answer reaches the widget's
message line, never only the thread's hook."""

from __future__ import annotations

import threading

import pytest

from keinstich.classroom import example_class
from keinstich_widgets._guard import MessageArea
from keinstich_widgets._thinking import Thinking
from keinstich_widgets.classroom import Classroom


def named(name: str) -> str:
    codes = example_class(4)
    return "\n".join(f"{name if i == 0 else n}: {c}" for i, (n, c) in enumerate(codes.items()))


@pytest.mark.parametrize("name", [r"$\foo$", "$x^$", "$$"])
def test_a_formula_like_name_shows_in_the_synchronous_classroom(name):
    room = Classroom(named(name), synchronous=True)
    assert room.results is not None and room.view is not None and not room.messages.text
    assert name in [s.name for s in room.results.students]
    assert room.view.children[0].value.startswith("<svg")


@pytest.mark.parametrize("name", [r"$\foo$", "$$"])
def test_a_formula_like_name_shows_in_the_threaded_classroom(name):
    room = Classroom(named(name))
    assert room.wait(240)
    assert room.results is not None and room.view is not None and not room.messages.text


def test_an_error_in_showing_an_answer_reaches_the_message_line(monkeypatch):
    """The work succeeds but drawing its answer raises: the message line says so (the thread's hook hears nothing)."""
    hooked: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: hooked.append(args.exc_value))
    messages = MessageArea()
    job: Thinking[int] = Thinking(threading.RLock())

    def show(_: int) -> None:
        raise ValueError("the chart could not be drawn")

    job.start(lambda _budget: 1, show, lambda e: messages.error(str(e)))
    assert job.wait(30)
    assert messages.text == "the chart could not be drawn" and not hooked and not job.busy

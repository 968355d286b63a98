"""Run inside a lesson's kernel after its last cell (tests/test_lesson_words.py): use every widget the lesson
made as a learner would, and print every text the widgets showed on the way, as JSON after :data:`MARK`: ``synced``,
every string a widget syncs (its HTML and styles, layout values and icon names too), and ``read``, what a person reads
of them (text nodes, labels, tooltips, options: tests/widgets/words.py's ``texts``), each with the charts' texts.

A learner asks each table for a hint before every move and plays the deal to the end (the review opens),
presses Show answer in each quiz and then checks a card, and steps through each replay. Every string
a widget syncs to the browser (values, descriptions, tooltips, placeholders, option labels) is collected
after each step, so a hint or a message that is gone by the end is still read. The texts of the charts the
lesson showed (titles, axes, ticks, legends: matplotlib figures in the kernel's output history and variables)
are read too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

MARK = "=== lesson probe texts ==="
TABLES = 3  # a lesson's first tables are enough: later ones repeat the same widgets


def collect(found: set[str], read: set[str]) -> None:
    """Add every string the live widgets sync to the browser to ``found``, and what a person reads of the live widget
    trees (from their roots: the widgets no other widget holds) to ``read``."""
    from ipywidgets.widgets.widget import _instances
    from words import texts as read_texts

    alive = list(_instances.values())
    for w in alive:
        for name in w.keys:
            if name.startswith("_") and name != "_options_labels":
                continue
            value = getattr(w, name, None)
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, tuple | list):
                found.update(v for v in value if isinstance(v, str))
    held = {id(c) for w in alive for c in (getattr(w, "children", ()) or ())}
    for root in (w for w in alive if id(w) not in held):
        read.update(read_texts(root))


def chart_texts(found: set[str]) -> None:
    """Add the texts of every chart the lesson showed or kept (its title, axes, ticks and legend)."""
    from matplotlib.figure import Figure

    shell = get_ipython()  # type: ignore[name-defined]  # noqa: F821 - %run gives the script IPython's builtins
    values = [*shell.user_ns.get("Out", {}).values(), *shell.user_ns.values()]
    for fig in {id(v): v for v in values if isinstance(v, Figure)}.values():
        found.update(t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_text().strip())


def live(kind: type) -> list[Any]:
    from ipywidgets.widgets.widget import _instances

    return [w for w in list(_instances.values()) if isinstance(w, kind)]


def probe() -> tuple[set[str], set[str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent / "widgets"))
    from drive import click_once

    from keinstich_widgets import BestCardQuiz, LegalCardsQuiz, Replay, Table

    found: set[str] = set()
    read: set[str] = set()

    collect(found, read)
    for table in live(Table)[:TABLES]:
        table.session.synchronous = True
        table.wait()
        for _ in range(200):
            if table.deal.over:
                break
            if not table.hint_button.disabled:
                table.hint_button.click()
                table.wait()
                collect(found, read)
            click_once(table)
            table.wait()
            collect(found, read)
        table.wait()
        collect(found, read)
    for quiz in live(BestCardQuiz) + live(LegalCardsQuiz):
        quiz.answer_button.click()
        getattr(quiz, "wait", lambda: True)()
        collect(found, read)
    for replay in live(Replay):
        for k in range(replay.slider.max + 1):
            replay.go(k)
            collect(found, read)
    chart_texts(found)
    chart_texts(read)
    return found, read


synced, read = probe()
print(MARK)
print(json.dumps({"synced": sorted(synced), "read": sorted(read)}))

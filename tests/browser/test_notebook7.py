"""A lesson in Notebook 7 (`jupyter notebook`), in headless Chromium: the README says the widgets work there.

The file browser (/tree) lists the lessons, the lesson opens on its /notebooks/ page, Run All Cells runs it
clean, and the lesson's Table plays: a legal card plays and the bots answer, an illegal one cannot
(tests/browser/_table.py compares every step with the same Table built in this process).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _coach import poor_cards, window
from _kit import Screenshots, Server, notebook_problems, open_in_notebook, run_all_cells, wait_widgets_rendered
from _table import play_table

pytestmark = pytest.mark.browser

LESSON = "02-tricks.ipynb"  # the first lesson with a Table

# Notebook 7.6 itself throws this while it loads, on any notebook and with no settings of ours: its shortcuts
# plugin reads the schema of a plugin whose settings are not loaded yet ("has no transformers yet"). Allowed
# while the page loads only; any error after that fails the test.
NOTEBOOK7_LOAD_ERRORS = {"Cannot read properties of undefined (reading 'schema')"}


def loaded_cleanly(page: Any) -> None:
    """Fail on an error of ours while the page loaded; then start collecting errors afresh."""
    unknown = [error for error in page.js_errors if error not in NOTEBOOK7_LOAD_ERRORS]
    assert not unknown, f"JavaScript errors while Notebook 7 loaded: {unknown}"
    page.js_errors.clear()


def test_notebook7_lists_the_lessons(page: Any, notebook7: Server) -> None:
    page.goto(notebook7.address("tree/lessons"))
    page.get_by_text(LESSON, exact=True).wait_for(timeout=60_000)
    loaded_cleanly(page)


def test_lesson_table_plays_in_notebook7(page: Any, notebook7: Server, site: Path, shots: Screenshots) -> None:
    open_in_notebook(page, notebook7, f"lessons/{LESSON}")
    assert "/notebooks/" in page.url, page.url
    assert page.locator(".jp-NotebookPanel").first.is_visible()
    loaded_cleanly(page)
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]))
    problems = notebook_problems(page, state)
    assert not problems, f"{LESSON} in Notebook 7:\n" + "\n".join(problems)
    log = play_table(page, site / "lessons" / LESSON,
                     screenshot=lambda name: shots.take(page, f"notebook7-{name}.png", top=".ks-table"))
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_a_poor_card_is_found_in_the_review_in_notebook7(page: Any, notebook7: Server) -> None:
    """In Notebook 7 at 1400×1000: the review's line under the table, in view when the deal ends; the review in view
    at a click; the table back after Try again."""
    open_in_notebook(page, notebook7, "browser/coach-table.ipynb")
    window(page)
    loaded_cleanly(page)
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]))
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    print("\n".join(poor_cards(page, lambda *_: None)))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

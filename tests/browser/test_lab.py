"""The lessons and the widgets in a real JupyterLab, in headless Chromium.

Run with `make browser`. Lessons: open the notebook, Run > Run All Cells, wait for the idle kernel, then look for
what a reader must never meet: a traceback, an error output, a widget that did not render.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from _kit import ROOT, Server, notebook_problems, open_in_lab, run_all_cells, wait_widgets_rendered
from _learner import check_learner_table
from _table import play_table

pytestmark = pytest.mark.browser

# The index and one lesson by default (the whole series is checked by nbval in `make lessons`);
# KEINSTICH_BROWSER_LESSONS=all (or a comma-separated list of file names) widens it.
DEFAULT_LESSONS = ["00-index.ipynb", "02-tricks.ipynb"]


def _lessons() -> list[str]:
    wanted = os.environ.get("KEINSTICH_BROWSER_LESSONS", "")
    if wanted == "all":
        return sorted(path.name for path in (ROOT / "lessons").glob("*.ipynb"))
    if wanted:
        return [name.strip() for name in wanted.split(",") if name.strip()]
    return DEFAULT_LESSONS


@pytest.mark.parametrize("lesson", _lessons())
def test_lesson_runs_clean_in_jupyterlab(page: Any, lab: Server, lesson: str) -> None:
    open_in_lab(page, lab, f"lessons/{lesson}")
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]))
    assert state["total"] > 0, f"{lesson} has no code cells"
    problems = notebook_problems(page, state)
    assert not problems, f"{lesson} in JupyterLab:\n" + "\n".join(problems)
    assert not page.js_errors, f"JavaScript errors while running {lesson}: {page.js_errors}"


def test_table_plays_in_jupyterlab(page: Any, lab: Server, site: Path) -> None:
    """The Table in JupyterLab: faces drawn, a legal click plays and the bots answer, an illegal card cannot."""
    open_in_lab(page, lab, "browser/table.ipynb")
    state = run_all_cells(page)
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    log = play_table(page, site / "browser" / "table.ipynb")
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_lesson_check_sees_what_goes_wrong(page: Any, lab: Server) -> None:
    """The check above can fail: on a notebook with a warning, a widget without model and a ZeroDivisionError
    it reports all three, and the cell after the error as not run."""
    open_in_lab(page, lab, "browser/broken.ipynb")
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]), timeout=5_000)
    problems = "\n".join(notebook_problems(page, state))
    assert "ZeroDivisionError" in problems
    assert "UserWarning" in problems
    assert "widget did not render" in problems
    assert "only 3 of 4 code cells ran" in problems


def test_table_as_a_learner_sees_it_in_jupyterlab(page: Any, lab: Server) -> None:
    """A finished trick stays visible with its winner, the hint sits beside its button and goes after the move,
    the cards grow with the size control (the screenshots for docs/ come from the Voila test)."""
    open_in_lab(page, lab, "browser/learner-table.ipynb")
    state = run_all_cells(page)
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    log = check_learner_table(page, lambda *_: None)  # docs/screenshots/ takes Voila's
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

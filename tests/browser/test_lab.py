"""The lessons and the widgets in a real JupyterLab, in headless Chromium.

Run with `make browser`. Lessons: open the notebook, Run > Run All Cells, wait for the idle kernel, then look for
what a reader must never meet: a traceback, an error output, a widget that did not render.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from _coach import chain_reviews_cleanly, follow_hints, poor_cards, window
from _kit import ROOT, Screenshots, Server, notebook_problems, open_in_lab, run_all_cells, wait_widgets_rendered
from _learner import check_learner_table
from _review import check_review
from _table import find_widget, play_table, run_cells

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


def test_review_and_try_again_in_jupyterlab(page: Any, lab: Server) -> None:
    """Play a deal to the end and see the review beside the table; try again from the blunder and play on."""
    open_in_lab(page, lab, "browser/review-table.ipynb")
    state = run_all_cells(page)
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    log = check_review(page, lambda *_: None)  # docs/screenshots/ takes Voila's
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_quiz_set_scores_in_jupyterlab(page: Any, lab: Server, site: Path, shots: Screenshots) -> None:
    """A quiz set in JupyterLab: a wrong card at the first position, Next, a right card at the second; the
    score reads "1 of 2 right" and the feedback names the learner's card."""
    from keinstich.drills import study
    from keinstich_widgets.quiz import BestCardQuiz

    open_in_lab(page, lab, "browser/quiz-set.ipynb")
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]))
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    mirror = find_widget(run_cells(site / "browser" / "quiz-set.ipynb"), BestCardQuiz)  # the same seeded set

    def card_of(best: bool) -> str:
        d = study(mirror.deal)
        assert d is not None and d.instructive, "a set's position is instructive"
        v = d.verdict
        pick = v.best[-1] if best else max(v.legal, key=v.cost)  # any card the coach grades best is right
        return str(mirror.name(pick))

    def answer(name: str, score: str) -> None:
        page.locator(".ks-quiz button.ks-card").filter(has_text=re.compile(f"^{re.escape(name)}$")).click()
        page.locator(".ks-quiz button", has_text=re.compile("^Check$")).click()
        page.wait_for_function(
            """(want) => { const q = document.querySelector('.ks-quiz');
                           return q && q.textContent.replace(/\\s+/g, ' ').includes(want); }""",
            arg=score, timeout=60_000)
        text = page.locator(".ks-quiz").inner_text()  # the score and its feedback arrive together
        assert name in text and "thinking" not in text, text

    wrong = card_of(best=False)
    answer(wrong, "0 of 1 right")
    feedback = page.locator(".ks-quiz").inner_text()
    assert f"{wrong} costs" in feedback, feedback  # about the learner's own card
    page.locator(".ks-quiz button", has_text=re.compile("^Next$")).click()
    mirror.next()
    page.wait_for_function("() => document.querySelector('.ks-quiz').textContent.includes('position 2 of 3')",
                           timeout=60_000)
    right = card_of(best=True)
    answer(right, "1 of 2 right")
    assert "Good choice" in page.locator(".ks-quiz").inner_text()
    shots.take(page, "quiz-set.png", top=".ks-quiz", height=900)
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def _open_at_an_ordinary_window(page: Any, lab: Server, notebook: str) -> None:
    """``notebook`` opened and run in JupyterLab at 1400×1000 with the file browser open, as a learner has it."""
    open_in_lab(page, lab, notebook)
    window(page, file_browser=True)
    state = run_all_cells(page)
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)


def test_following_the_hint_is_graded_best_in_jupyterlab(page: Any, lab: Server, shots: Screenshots) -> None:
    """A learner who presses Hint and plays its card on every move gets "best" on every decision."""
    _open_at_an_ordinary_window(page, lab, "browser/coach-table.ipynb")
    log = follow_hints(page, lambda name, top, height: shots.take(page, name, top=top, height=height))
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_a_poor_card_is_found_in_the_review_without_scrolling_in_jupyterlab(page: Any, lab: Server,
                                                                            shots: Screenshots) -> None:
    """At 1400×1000 with the file browser open the review goes below the table: the line under the table says what
    it found, in view when the deal ends; its button brings the review into view; Try again brings the table back."""
    _open_at_an_ordinary_window(page, lab, "browser/coach-table.ipynb")
    log = poor_cards(page, lambda name, top, height: shots.take(page, name, top=top, height=height))
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_the_herzeln_chain_reviews_cleanly_in_jupyterlab(page: Any, lab: Server) -> None:
    _open_at_an_ordinary_window(page, lab, "browser/herzeln-chain.ipynb")
    print("\n".join(chain_reviews_cleanly(page)))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

"""axe-core, the accessibility checker, on what a learner and a teacher use, at 1400×1000: the Voila table app, the
review beside the table when a deal ends, a quiz and the trainer, in Voila and in JupyterLab (there on the widgets'
outputs: JupyterLab's own chrome is not the kit's). A serious or critical violation fails the test; every figure is
printed (`pytest -s`), counted as axe counts them: one per element that breaks a rule.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _axe import AXE, MISSING_AXE, blocking, describe, figures, run_axe
from _kit import Screenshots, Server, open_in_lab, open_in_voila, run_all_cells, voila_problems

pytestmark = pytest.mark.browser

WINDOW = {"width": 1400, "height": 1000}
HAND = ".ks-table > .ks-hand button.ks-card"
ROWS = ".ks-review-view .ks-review-row"
TIMEOUT = 120_000


@pytest.fixture(autouse=True)
def _axe_installed() -> None:
    if not AXE.is_file():
        pytest.fail(MISSING_AXE, pytrace=False)


def check(page: Any, view: str, context: str | None = None) -> None:
    """Run axe on the page (or on `context`), print its figures and fail on a serious or critical violation."""
    page.wait_for_timeout(500)  # let the last redraw and the styles settle
    violations = run_axe(page, context)
    counts = figures(violations)
    print(f"\naxe {view}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if violations:
        print(describe(violations))
    bad = blocking(violations)
    assert not bad, f"{view}: serious or critical accessibility violations:\n{describe(bad)}"


def _click(page: Any, name: str) -> None:
    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(name)}$")).click()


def _finish_review_deal(page: Any) -> None:
    """browser/review-table.ipynb (Black Pig, two cards each): keep the pig, the review opens with a blunder."""
    _click(page, "7 of Hearts")
    page.wait_for_function(f"() => [...document.querySelectorAll('{HAND}')].some(b => b.textContent.trim() === "
                           "'Ober of Leaves' && b.getAttribute('aria-disabled') !== 'true' && !b.disabled)",
                           timeout=30_000)
    _click(page, "Ober of Leaves")
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0", timeout=TIMEOUT)


def _fresh_trainer(site: Path) -> None:
    path = site / "browser" / "trainer-progress.sqlite3"
    for extra in ("", "-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)


@pytest.mark.parametrize("query", ["", "?teacher=1"])
def test_table_app_in_voila(page: Any, voila: Server, shots: Screenshots, query: str) -> None:
    """The app as a student opens it, and as the teacher does (with the Teacher row: Ask the class, …)."""
    page.set_viewport_size(WINDOW)
    open_in_voila(page, voila.address("/" + query), HAND)
    assert not voila_problems(page)
    check(page, f"Voila table{query}")
    page.screenshot(path=str(shots.folder / f"access-table{'-teacher' if query else ''}.png"))


def test_review_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    page.set_viewport_size(WINDOW)
    open_in_voila(page, lab.address("voila/render/browser/review-table.ipynb"), HAND)
    _finish_review_deal(page)
    check(page, "Voila review")
    page.screenshot(path=str(shots.folder / "access-review.png"))


def test_quiz_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    page.set_viewport_size(WINDOW)
    open_in_voila(page, lab.address("voila/render/browser/quiz.ipynb"), ".ks-quiz button.ks-card")
    page.locator(".ks-quiz button.ks-card").first.click()
    page.get_by_role("button", name="Check").click()
    page.wait_for_timeout(1500)
    check(page, "Voila quiz")
    page.screenshot(path=str(shots.folder / "access-quiz.png"))


def test_trainer_in_voila(page: Any, lab: Server, site: Path, shots: Screenshots) -> None:
    _fresh_trainer(site)
    page.set_viewport_size(WINDOW)
    open_in_voila(page, lab.address("voila/render/browser/trainer.ipynb"), ".ks-trainer .ks-hand button.ks-card")
    check(page, "Voila trainer")
    page.screenshot(path=str(shots.folder / "access-trainer.png"))


@pytest.mark.parametrize("notebook, ready", [
    ("browser/review-table.ipynb", HAND),
    ("browser/quiz.ipynb", ".ks-quiz button.ks-card"),
    ("browser/trainer.ipynb", ".ks-trainer .ks-hand button.ks-card"),
])
def test_widgets_in_lab(page: Any, lab: Server, site: Path, notebook: str, ready: str) -> None:
    """In JupyterLab (the file browser open, as a learner has it): axe on the widgets' outputs."""
    if "trainer" in notebook:
        _fresh_trainer(site)
    page.set_viewport_size(WINDOW)
    open_in_lab(page, lab, notebook)
    state = run_all_cells(page)
    assert not state["errors"], state["errors"]
    page.wait_for_selector(ready, timeout=TIMEOUT)
    if "review" in notebook:
        _finish_review_deal(page)
    check(page, f"JupyterLab {Path(notebook).stem}", ".jp-OutputArea-output")

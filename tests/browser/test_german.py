"""The kit in German, in JupyterLab (1400×1000, the file browser open): a refused card, a deal's review and the
trainer say German words only (`keinstich.set_language("de")`); the screenshots are docs/screenshots/german-*.png.

tests/widgets/test_words.py checks every view's text in German in the kernel; this test checks what the browser
shows of it, as a German learner sees it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from _kit import Screenshots, Server, notebook_problems, open_in_lab, run_all_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "browser/german.ipynb"
ENGLISH = re.compile(r"\b(the|you|your|trick|tricks|card|cards|play|pass|seat|deal|and|of|with|is|are|mistake|"
                     r"blunder|review|hint|undo|score|next|show|answer|wins|lead|contract|points|turn)\b")


def visible_widget_text(page: Any, selector: str) -> str:
    """The text a reader sees in the widgets under ``selector`` (buttons' labels too); a link's address (a deal
    code's ``…?deal=KS1-…``) is no word."""
    return re.sub(r"\S*/voila/render/\S*", " ", str(page.locator(selector).first.inner_text()))


def test_the_german_kit_in_jupyterlab(page: Any, lab: Server, shots: Screenshots) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    open_in_lab(page, lab, NOTEBOOK)
    state = run_all_cells(page, timeout=300_000)
    assert not state["errors"], state["errors"]
    page.wait_for_selector(".ks-review-view .ks-review-row", timeout=180_000)
    page.wait_for_selector(".ks-trainer .ks-trainer-info", timeout=120_000)
    problems = notebook_problems(page, state)
    assert not problems, problems
    tables = page.locator(".ks-table")
    refusal = page.locator(".ks-messages .ks-error").first
    assert refusal.inner_text().startswith(("du musst", "du darfst", "du hast")), refusal.inner_text()
    review = visible_widget_text(page, ".ks-review-view")
    assert "Rückblick auf dein Spiel" in review and "Entscheidung" in review, review[:400]
    trainer = visible_widget_text(page, ".ks-trainer")
    assert "Finde die beste Karte." in trainer and "Üben" in trainer, trainer[:400]
    for name, text in (("table", visible_widget_text(page, ".ks-table")), ("review", review), ("trainer", trainer)):
        english = sorted(set(ENGLISH.findall(text)))
        assert not english, f"English words in the German {name}: {english}"
    assert tables.count() >= 2
    page.locator(".ks-messages .ks-error").first.scroll_into_view_if_needed()
    shots.take(page, "german-refusal.png", top=".ks-table")
    page.locator(".ks-review-view").first.evaluate("n => n.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    shots.take(page, "german-review.png")
    shots.take(page, "german-trainer.png", top=".ks-trainer")

"""The review beside the Table, in a page: it opens when the deal ends, a blunder says why, "Try again from
here" reopens the deal just before it and the learner plays on; the new deal gets its own review. Shared by
the JupyterLab and the Voila test (notebook: browser/review-table.ipynb: Black Pig, two cards each, clubs led,
the learner void in clubs and holding the pig, the Ober of Leaves).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

HAND = ".ks-table > .ks-hand button.ks-card"
PLAYABLE = f"{HAND}:not([disabled]):not([aria-disabled=true])"  # aria-disabled: focusable, saying why
ROWS = ".ks-review-view .ks-review-row"


def _click_card(page: Any, name: str) -> None:
    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(name)}$")).click()


def _rows(page: Any) -> list[str]:
    rows: list[str] = page.evaluate(f"() => [...document.querySelectorAll('{ROWS}')].map(r => r.className + ' | '"
                                    " + r.textContent.trim())")
    return rows


def check_review(page: Any, snap: Callable[[str, str, int | None], None]) -> list[str]:
    """Keep the pig (a blunder), read the review, try again from there, throw the pig, read the new review."""
    log: list[str] = []
    page.wait_for_selector(HAND, timeout=60_000)
    _click_card(page, "7 of Hearts")  # keeps the pig: seat 3 wins, leads its spade, the pig must follow
    page.wait_for_selector(f"{PLAYABLE}", timeout=20_000)
    _click_card(page, "Ober of Leaves")
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0", timeout=60_000)
    rows = _rows(page)
    assert len(rows) == 1 and "ks-blunder" in rows[0], rows
    assert "you kept Ober of Leaves while void in" in rows[0] and "40 pf" in rows[0], rows[0]
    summary = page.locator(".ks-review-summary").first.text_content()
    assert "You paid 40 pf" in summary, summary
    log.append(f"review after the deal: {rows[0]}")
    # a typed deal's code and the result code (its moves) are longer than a line: broken at the table's edge
    page.wait_for_selector(".ks-result-code .ks-code-text", timeout=20_000)
    edges = page.evaluate("""() => [...document.querySelectorAll('.ks-code-text')].map(e => [
        e.getBoundingClientRect().right, e.closest('.ks-table').getBoundingClientRect().right])""")
    assert len(edges) >= 2 and all(right <= table + 1 for right, table in edges), edges
    snap("table-review.png", ".ks-table", None)

    page.locator(".ks-review-view button").filter(has_text="Try again from here").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('{PLAYABLE}').length === 2",
                           timeout=20_000)
    page.wait_for_function("() => document.body.textContent.includes('Trying again from trick 1')", timeout=20_000)
    log.append("try again: both cards are back in the hand, the learner to play")
    _click_card(page, "Ober of Leaves")  # thrown while void: free (seat 3 wins the clubs and takes it)
    page.wait_for_function(f"() => document.querySelectorAll('{PLAYABLE}').length === 1",
                           timeout=20_000)
    _click_card(page, "7 of Hearts")
    page.wait_for_function(f"() => [...document.querySelectorAll('{ROWS}')].some(r => r.classList.contains('ks-best'))",
                           timeout=60_000)
    rows = _rows(page)
    assert len(rows) == 1 and "ks-best" in rows[0], rows
    summary = page.locator(".ks-review-summary").first.text_content()
    assert "You paid 0 pf" in summary, summary
    log.append(f"the new deal's review: {rows[0]}")
    return log

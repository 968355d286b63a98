"""The Table as a learner sees it, in a page: a finished trick stays in view with its winner, the hint sits
beside its button and is gone after the move, Last trick shows the trick again, and the cards grow with the
size control. Shared by the JupyterLab and the Voila test (notebook: browser/learner-table.ipynb, where clubs
are led, the learner is seat 1 and seat 3 wins the trick with its only club, the Ace, and leads the next).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

HAND = ".ks-table > .ks-hand button.ks-card"
WON = "Seat 3 wins the trick with the Daus of Acorns."

JS_BOX = """sel => { const n = document.querySelector(sel); if (!n) return null;
  const r = n.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height,
  text: n.textContent.trim(), shown: r.width > 0 && r.height > 0}; }"""


def _box(page: Any, selector: str) -> dict[str, Any] | None:
    box: dict[str, Any] | None = page.evaluate(JS_BOX, selector)
    return box


def _button(page: Any, label: str) -> Any:
    return page.locator(".ks-table button").filter(has_text=re.compile(f"^\\s*{re.escape(label)}\\s*$")).first


def check_learner_table(page: Any, snap: Callable[[str, str, int | None], None]) -> list[str]:
    """Hint, the card, the trick that stays, Last trick, large cards; ``snap(name, top, height)`` takes a
    screenshot."""
    log: list[str] = []
    page.wait_for_selector(HAND, timeout=60_000)
    _button(page, "Hint").click()
    page.wait_for_function("() => { const n = document.querySelector('.ks-hint');"
                           " return n && n.textContent.includes('suggests'); }", timeout=20_000)
    hint, button = _box(page, ".ks-hint"), _box(page, ".ks-table button:has(i.fa-lightbulb-o)")
    assert hint is not None and button is not None
    same_row = abs((hint["y"] + hint["h"] / 2) - (button["y"] + button["h"] / 2)) < button["h"]
    assert same_row and 0 <= hint["x"] - (button["x"] + button["w"]) < 200, f"hint at {hint}, button at {button}"
    card = re.search(r"suggests (.+?) — ", hint["text"])  # German faces: the card's name, no French symbol
    assert card is not None and not set("♣♠♥♦") & set(hint["text"]), hint["text"]
    name = card.group(1)
    lit = page.evaluate(f"() => [...document.querySelectorAll('{HAND}.ks-lit')].map(b => b.textContent.trim())")
    assert lit == [name], f"the hinted card {name} is not the one ringed: {lit}"
    log.append(f"hint beside its button: {hint['text']!r}")
    snap("table-hint.png", ".ks-table", None)

    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(name)}$")).click()
    # who won is said beside the finished trick, under the score (.ks-trick-captions), not inside its picture
    page.wait_for_function(f"""() => {{ const n = document.querySelector('.ks-last-trick');
        const said = document.querySelector('.ks-trick-captions');
        return n && n.getBoundingClientRect().width > 0 && said && said.textContent.includes({WON!r}); }}""",
                           timeout=20_000)
    trick = page.evaluate("() => [...document.querySelectorAll('.ks-last-trick svg svg[aria-label]')]"
                          ".map(s => s.getAttribute('aria-label'))")
    assert "Daus of Acorns" in trick and name in trick and len(trick) == 4, trick
    page.wait_for_function("() => document.querySelector('.ks-hint').textContent.trim() === ''", timeout=20_000)
    assert not page.evaluate(f"() => document.querySelectorAll('{HAND}.ks-lit').length")
    log.append(f"after {name}: the finished trick stays in view: {trick}; the hint is gone")
    snap("table-trick-won.png", ".ks-table", None)

    # the learner moves on: the seen trick goes; Last trick brings it back
    legal = page.evaluate(f"() => [...document.querySelectorAll('{HAND}')].filter(b => !b.disabled && !b.ariaDisabled)"
                          ".map(b => b.textContent.trim())")
    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(legal[0])}$")).click()
    page.wait_for_function(f"""() => {{ const said = document.querySelector('.ks-trick-captions');
        return said && !said.textContent.includes({WON!r}); }}""", timeout=20_000)
    log.append(f"after {legal[0]}: trick 1 is no longer beside the table")

    page.locator(".ks-table select").filter(has=page.locator("option", has_text=re.compile("^L$"))).select_option(
        label="L")
    page.wait_for_function(f"""() => document.querySelector('{HAND}').getBoundingClientRect().width > 100
        && document.querySelector('.ks-trick svg').getBoundingClientRect().width > 300""", timeout=20_000)
    width = page.evaluate(f"() => document.querySelector('{HAND}').getBoundingClientRect().width")
    log.append(f"large cards: {width:.0f} px wide")
    snap("table-large-cards.png", ".ks-table", 1000)
    return log

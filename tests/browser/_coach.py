"""The coach at the Table, in a page, as a learner meets it (notebook: browser/coach-table.ipynb, No Tricks, seed 11):

* following the Hint on every move, the review grades every decision best;
* playing poor cards, the line under the table says what the review found, in view when the deal ends, without
  scrolling; its button brings the review into view; "Try again from here" brings the table back.

Shared by the JupyterLab, Notebook 7 and Voila tests, at an ordinary window (1400×1000; in JupyterLab with the file
browser open).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

HAND = ".ks-table > .ks-hand button.ks-card"
PLAYABLE = f"{HAND}:not([disabled]):not([aria-disabled=true])"  # aria-disabled: focusable, saying why
ROWS = ".ks-review-view .ks-review-row"
BANNER = ".ks-review-banner"
WINDOW = {"width": 1400, "height": 1000}

JS_IN_VIEW = """sel => { const n = document.querySelector(sel); if (!n) return null;
  const r = n.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight, shown: r.width > 0 && r.height > 0,
          inside: r.width > 0 && r.top >= 0 && r.bottom <= innerHeight}; }"""

JS_LEARNER_OR_OVER = f"""() => {{
  const banner = document.querySelector('{BANNER}');
  if (banner && banner.getBoundingClientRect().height > 0) return 'over';
  const lit = [...document.querySelectorAll('{HAND}')].filter(b => !b.disabled && !b.ariaDisabled);
  const status = document.querySelector('.ks-status');
  const hint = [...document.querySelectorAll('.ks-table button')].find(b => b.textContent.trim() === 'Hint');
  return lit.length && status && status.textContent.includes('Your turn') && hint && !hint.disabled ? 'turn' : ''; }}"""


def window(page: Any, *, file_browser: bool = False) -> None:
    """An ordinary window; in JupyterLab the file browser open beside the notebook, as a learner has it."""
    page.set_viewport_size(WINDOW)
    if file_browser:
        if not page.locator(".jp-FileBrowser").first.is_visible():
            page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        page.wait_for_selector(".jp-FileBrowser", state="visible", timeout=10_000)


def in_view(page: Any, selector: str) -> dict[str, Any]:
    box: dict[str, Any] | None = page.evaluate(JS_IN_VIEW, selector)
    assert box is not None, f"nothing matches {selector}"
    return box


def _wait_turn(page: Any) -> str:
    page.wait_for_function(JS_LEARNER_OR_OVER, timeout=60_000)
    state: str = page.evaluate(JS_LEARNER_OR_OVER)
    return state


def _play(page: Any, name: str) -> None:
    """Click the card ``name`` of the learner's hand, and wait until it has left the hand (the page redrawn)."""
    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(name)}$")).click()
    page.wait_for_function(f"""(name) => ![...document.querySelectorAll('{HAND}')]
                               .some(b => b.textContent.trim() === name)""", arg=name, timeout=20_000)


def _button(page: Any, label: str) -> Any:
    return page.locator(".ks-table button").filter(has_text=re.compile(f"^\\s*{re.escape(label)}\\s*$")).first


def follow_hints(page: Any, snap: Callable[[str, str, int | None], None]) -> list[str]:
    """Press Hint and play the ringed card at every decision; the review then grades every decision best."""
    log: list[str] = []
    page.wait_for_selector(HAND, timeout=60_000)
    moves = 0
    while _wait_turn(page) == "turn":
        _button(page, "Hint").click()
        # the ring and the sentence are two widgets' updates: wait until both have arrived
        page.wait_for_function(f"""() => {{
            const lit = document.querySelectorAll('{HAND}.ks-lit'), hint = document.querySelector('.ks-hint');
            return lit.length === 1 && hint !== null && hint.textContent.includes('The coach suggests')
                && hint.textContent.includes(lit[0].textContent.trim());
        }}""", timeout=60_000)
        name = page.evaluate(f"() => document.querySelector('{HAND}.ks-lit').textContent.trim()")
        hint = page.locator(".ks-hint").first.text_content()
        assert "The coach suggests" in hint and name in hint, hint
        if moves == 0:
            log.append(f"hint: {hint.strip()}")
            snap("coach-hint.png", ".ks-table", None)
        _play(page, name)
        moves += 1
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0 || "
                           f"document.querySelector('{BANNER}').textContent.includes('no mistakes')", timeout=120_000)
    rows = page.evaluate(f"() => [...document.querySelectorAll('{ROWS}')].map(r => r.className)")
    assert rows and all("ks-best" in r for r in rows), rows
    banner = page.locator(BANNER).first.text_content()
    assert "no mistakes" in banner, banner
    log.append(f"{moves} moves by the Hint: {len(rows)} decisions reviewed, all best; the line says {banner.strip()!r}")
    return log


def poor_moves() -> list[str]:
    """The cards a poor player plays at browser/coach-table.ipynb's table: at every decision the one the coach
    grades worst (worked out here, in the test's own process, on the same seeded deal and bots)."""
    from keinstich.coach import verdict
    from keinstich_widgets.table import Table

    table = Table("kein-stich", "no-tricks", seed=11, bots="heuristic", synchronous=True, review=False)
    names = []
    while not table.deal.over:
        v = verdict(table.deal)
        worst = max(v.legal, key=lambda c: (v.cost(c), -c.index))
        names.append(table.words(worst))
        table.play(worst)
    return names


def poor_cards(page: Any, snap: Callable[[str, str, int | None], None]) -> list[str]:
    """Play the card the coach grades worst at every decision; when the deal ends the line under the table, in
    view without scrolling, names the mistakes; its button brings the review into view; Try again brings the
    table back."""
    log: list[str] = []
    names = poor_moves()
    page.wait_for_selector(HAND, timeout=60_000)
    while _wait_turn(page) == "turn":
        _play(page, names.pop(0))
    page.wait_for_function(f"() => document.querySelector('{BANNER}').textContent.includes('Your review:')",
                           timeout=120_000)
    banner = page.locator(BANNER).first.text_content()
    assert re.search(r"\d+ (mistake|blunder)", banner), banner
    box = in_view(page, BANNER)
    assert box["inside"], f"the review's line is out of view when the deal ends: {box}"
    log.append(f"deal over: {banner.strip()!r}, in view at {box['top']:.0f} px of {box['height']}")
    snap("coach-review-line.png", ".ks-table", None)
    page.locator(f"{BANNER} button").filter(has_text="Show the review").click()
    page.wait_for_function(f"() => {{ const r = document.querySelector('{ROWS}.ks-mistake, {ROWS}.ks-blunder');"
                           " if (!r) return false; const b = r.getBoundingClientRect();"
                           " return b.top >= 0 && b.top < innerHeight; }", timeout=20_000)
    log.append("Show the review: the first mistake is in view")
    snap("coach-review.png", ".ks-review-view", None)
    page.locator(".ks-review-view button").filter(has_text="Try again from here").first.click()
    page.wait_for_function("() => document.body.textContent.includes('Trying again from')", timeout=20_000)
    page.wait_for_function(f"() => {{ const b = document.querySelector('{PLAYABLE}');"
                           " if (!b) return false; const r = b.getBoundingClientRect();"
                           " return r.top >= 0 && r.bottom <= innerHeight; }", timeout=20_000)
    log.append("Try again: the table is back in view, the learner to play")
    return log


def chain_reviews_cleanly(page: Any) -> list[str]:
    """The Herzeln chain that once crashed the review (browser/herzeln-chain.ipynb): its review opens, no error."""
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0", timeout=120_000)
    rows = page.evaluate(f"() => [...document.querySelectorAll('{ROWS}')].map(r => r.textContent.trim())")
    errors = page.evaluate("() => [...document.querySelectorAll('.ks-table .ks-error, .ks-messages')]"
                           ".map(n => n.textContent.trim()).filter(t => t)")
    # four decisions: since a lay is a card and an end, laying the Ace of Spades at the top or the bottom is one
    assert len(rows) == 4 and not [e for e in errors if "Error" in e or "cannot" in e], (rows, errors)
    return [f"the chain's review: {len(rows)} decisions"]

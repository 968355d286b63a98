"""A whole deal at the Voila table with the keyboard alone, as a learner who uses no mouse (or a screen reader)
plays it, at 1400×1000: Tab into the hand, Enter on a card; the focus stays in the hand after every play (on a
card that may be played), a card that may not be played takes the focus and, pressed, says why; the live region
says each card, each trick's winner, whose turn it is and, at the end, the review's line.

No mouse click and no script click is made: only key presses. What the live region said is printed (`pytest -s`):
what a screen reader reads out.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from _kit import Screenshots, Server, open_in_voila, voila_problems

pytestmark = pytest.mark.browser

WINDOW = {"width": 1400, "height": 1000}
HAND = ".ks-table > .ks-hand button.ks-card"
TIMEOUT = 60.0

JS_FOCUS = """() => {
  const a = document.activeElement;
  const hand = [...document.querySelectorAll('.ks-table > .ks-mine > button.ks-card')];
  return {inHand: hand.includes(a), index: hand.indexOf(a), size: hand.length,
          name: a ? (a.textContent || '').trim() : '', off: !!a && a.getAttribute('aria-disabled') === 'true',
          disabled: !!a && !!a.disabled, tag: a ? a.tagName : '', title: a ? a.title : ''};
}"""
JS_SAID = "() => [...document.querySelectorAll('.ks-table .ks-live p')].map(p => p.textContent)"
JS_OFF = """() => [...document.querySelectorAll('.ks-table > .ks-mine > button.ks-card')]
             .map((b, i) => b.getAttribute('aria-disabled') === 'true' ? i : -1).filter(i => i >= 0)"""
JS_PLAYABLE = """() => [...document.querySelectorAll('.ks-table > .ks-mine > button.ks-card')]
                  .filter(b => b.getAttribute('aria-disabled') !== 'true').length"""


class Ears:
    """What the live region said, gathered as it comes (it keeps its last few lines only)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.heard: list[str] = []
        page.evaluate("""() => {
          window.__heard = [];
          const seen = new WeakSet();
          const grab = () => document.querySelectorAll('.ks-live p').forEach(p => {
            if (!seen.has(p)) { seen.add(p); window.__heard.push(p.textContent); } });
          grab();
          new MutationObserver(grab).observe(document.body, {subtree: true, childList: true});
        }""")

    def all(self) -> list[str]:
        heard: list[str] = self.page.evaluate("() => window.__heard")
        return heard

    def wait_for(self, pattern: str, after: int = 0, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.all()[after:]:
                if re.search(pattern, line):
                    return line
            time.sleep(0.2)
        raise AssertionError(f"the live region never said /{pattern}/; it said: {self.all()[after:]}")


def focus(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(JS_FOCUS)
    return state


def walk_to(page: Any, index: int) -> dict[str, Any]:
    """Tab (or Shift+Tab) through the hand to its card ``index``; every card on the way takes the focus."""
    state = focus(page)
    key = "Tab" if index > state["index"] else "Shift+Tab"
    for _step in range(abs(index - state["index"])):
        page.keyboard.press(key)
    state = focus(page)
    assert state["inHand"] and state["index"] == index, f"Tab did not walk the hand to card {index}: {state}"
    return state


def wait_focus_on_playable(page: Any, what: str) -> dict[str, Any]:
    """The focus in the hand, on a card that may be played (the learner's turn come round again)."""
    deadline = time.monotonic() + TIMEOUT
    state = focus(page)
    while time.monotonic() < deadline:
        state = focus(page)
        if state["inHand"] and not state["off"] and page.evaluate(JS_PLAYABLE) > 0:
            return state
        time.sleep(0.2)
    raise AssertionError(f"{what}: the focus is not on a card that may be played: {state}")


def test_a_whole_deal_by_keyboard_in_voila(page: Any, voila: Server, shots: Screenshots) -> None:
    page.set_viewport_size(WINDOW)
    open_in_voila(page, voila.address("/"), HAND)
    assert not voila_problems(page)
    ears = Ears(page)
    ears.wait_for(r"^Your turn")

    # the bots' hands: one labelled group each, their cards out of the reader's way (a picture of backs: nothing to
    # focus, nothing to read)
    groups = page.evaluate("""() => [...document.querySelectorAll('.ks-others .ks-hand')].map(h => ({
        role: h.getAttribute('role'), label: h.getAttribute('aria-label'),
        buttons: h.querySelectorAll('button').length, backs: h.querySelectorAll('.ks-backs .ks-card').length,
        text: h.innerText.trim()}))""")
    assert [g["label"] for g in groups] == ["Seat 1: 8 cards", "Seat 2: 8 cards", "Seat 3: 8 cards"], groups
    assert all(g["role"] == "group" and g["buttons"] == 0 and g["backs"] == 8 and g["text"] == ""
               for g in groups), groups
    # the buttons' names carry no icon-font glyph
    for name in ("Undo", "Hint", "New deal", "Last trick", "Open hands"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, f"no button named exactly {name!r}"

    page.keyboard.press("Tab")
    state = focus(page)
    assert state["inHand"] and state["index"] == 0, f"the first Tab lands on {state}"

    refused = False
    plays = 0
    while True:
        state = focus(page)
        if state["size"] == 0:
            break
        assert state["inHand"], f"after {plays} plays the focus left the hand: {state}"
        offs = page.evaluate(JS_OFF)
        if offs and not refused:  # once in the deal: Tab to a card that may not be played, press it, hear why
            state = walk_to(page, offs[0])
            assert state["off"] and not state["disabled"] and state["title"], f"not focusable with a reason: {state}"
            mark = len(ears.all())
            page.keyboard.press("Enter")
            said = ears.wait_for(r"^You cannot play", mark)
            assert state["name"] in said and state["title"].rstrip(".") in said, said
            page.wait_for_timeout(500)
            assert focus(page)["size"] == state["size"], "a card that may not be played was played"
            print(f"\nrefused ({state['name']}): {said}")
            refused = True
        state = focus(page)
        if state["off"]:  # Tab (or Shift+Tab) to the nearest card that may be played
            playable = [i for i in range(state["size"]) if i not in page.evaluate(JS_OFF)]
            assert playable, f"no card of the hand may be played: {state}"
            state = walk_to(page, min(playable, key=lambda i: abs(i - state["index"])))
        assert state["inHand"] and not state["off"], f"not on a card that may be played: {state}"
        size = state["size"]
        page.keyboard.press("Enter" if plays % 2 == 0 else " ")
        plays += 1
        page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length < {size}", timeout=TIMEOUT * 1000)
        if size > 1:
            after = wait_focus_on_playable(page, f"after play {plays}")
            assert after["size"] == size - 1
        if plays == 1:
            page.screenshot(path=str(shots.folder / "keyboard-after-first-play.png"))
    assert plays == 8, f"{plays} cards played"
    page.wait_for_function("""() => { const a = document.activeElement;
                                      return a && a !== document.body && !!a.closest('.ks-table'); }""",
                           timeout=TIMEOUT * 1000)  # after the last card: on the review's line or the status
    assert refused, "the deal never offered a card that may not be played: choose another seed"

    review = ears.wait_for(r"^Your review: ", timeout=120)
    page.wait_for_selector(".ks-review-view .ks-review-row, .ks-review-summary", timeout=120_000)
    page.screenshot(path=str(shots.folder / "keyboard-review.png"))
    heard = ears.all()
    print("\nthe live region said:\n" + "\n".join(heard))
    text = " ".join(heard)
    assert "You play" in text and re.search(r"Seat \d plays", text), text
    assert len(re.findall(r"wins? the trick with", text)) == 8, "not every trick's winner was said"
    assert "The deal is over." in text and review, text
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

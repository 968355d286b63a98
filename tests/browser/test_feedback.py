"""Feedback that teaches, as a learner meets it in JupyterLab at 1400×1000 with the file browser open (issue 29):

* lesson 3's table played badly: the review names, for every mistake, the idea the best card follows with the deal's
  own cards and links the lesson that teaches it; how it was judged is folded under "How was this judged?";
* lesson 3's quiz after a wrong card: the tricks so far are shown, the feedback names the idea;
* Herzblatt's end of deal: the score says where the skat went, nothing overflows;
* no button cuts its label.

Screenshots: review-ideas.png, quiz-wrong.png, herzblatt-end.png (docs/screenshots/ with `make screenshots`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from _coach import window
from _kit import Screenshots, Server, notebook_problems, open_in_lab, run_all_cells, wait_widgets_rendered

from keinstich.coach.idea_words import FORMS, template
from keinstich.drills import study

pytestmark = pytest.mark.browser

HAND = ".ks-table > .ks-hand button.ks-card"
ROWS = ".ks-review-view .ks-review-row"
CARD = r"(?:[0-9]+|Unter|Ober|König|Daus) of (?:Acorns|Leaves|Hearts|Bells)"

JS_CUT = """() => [...document.querySelectorAll('.jp-OutputArea button:not(.ks-card), .widget-upload')]
  .filter(b => b.offsetWidth > 0 && b.scrollWidth > b.clientWidth + 1)
  .map(b => b.textContent.trim() + ' (' + b.clientWidth + ' of ' + b.scrollWidth + ' px)')"""

JS_OVERFLOW = """sel => [...document.querySelectorAll(sel + ' *')]
  .filter(n => n.offsetWidth > 0 && n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible'
          && getComputedStyle(n).overflowX !== 'hidden')
  .map(n => n.className + ' [' + [...n.children].map(c => c.className.split(' ')
                                                    .filter(k => k.startsWith('ks-')).join('.') + ':' + c.offsetWidth)
                               .join(', ') + '] "' + n.textContent.trim().slice(0, 60) + '": '
                 + n.clientWidth + ' of ' + n.scrollWidth + ' px')"""


def idea_starts() -> list[str]:
    """How each idea's sentence begins (its words up to the first placeholder), in English."""
    return sorted({template(f).split("{", 1)[0] for f in FORMS})


def _open(page: Any, lab: Server, notebook: str) -> dict[str, Any]:
    open_in_lab(page, lab, notebook)
    window(page, file_browser=True)
    state = run_all_cells(page)
    wait_widgets_rendered(page, len(state["widgetViews"]))
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    return state


def _cut(page: Any) -> list[str]:
    cut: list[str] = page.evaluate(JS_CUT)
    return cut


def play_badly(page: Any) -> int:
    """Play lesson 3's table to its end with the highest card of the hand each time (mistakes are likely)."""
    moves = 0
    for _ in range(12):
        page.wait_for_function(f"""() => document.querySelector('.ks-review-banner')?.getBoundingClientRect().height > 0
            || [...document.querySelectorAll('{HAND}')]
                .some(b => !b.disabled && b.getAttribute('aria-disabled') !== 'true')""", timeout=60_000)
        lit = page.locator(f"{HAND}:not([disabled]):not([aria-disabled=true])")
        if not lit.count():
            break
        name = lit.last.text_content().strip()
        lit.last.click()
        page.wait_for_function(f"""(name) => ![...document.querySelectorAll('{HAND}')]
                                   .some(b => b.textContent.trim() === name)""", arg=name, timeout=30_000)
        moves += 1
    return moves


def test_lesson_three_played_badly_names_the_ideas(page: Any, lab: Server, shots: Screenshots) -> None:
    _open(page, lab, "lessons/03-no-tricks.ipynb")
    page.locator(".ks-table").first.scroll_into_view_if_needed()
    assert play_badly(page) >= 6
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0", timeout=120_000)
    page.locator(".ks-review-view button", has_text="mistakes only").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}.ks-mistake, {ROWS}.ks-blunder').length > 0",
                           timeout=30_000)
    rows = page.locator(f"{ROWS}.ks-mistake, {ROWS}.ks-blunder")
    starts = idea_starts()
    said = []
    for i in range(rows.count()):
        text = rows.nth(i).locator(".ks-said").inner_text()
        said.append(text)
        assert any(text.startswith(s) for s in starts), f"no idea named: {text}"
        assert len(re.findall(CARD, text)) >= 2, f"not with the deal's cards: {text}"
        assert rows.nth(i).locator("a.ks-idea-lesson").count() == 1
        assert "deals that fit what you saw" not in text and "give or take" not in text  # the method is folded
        assert rows.nth(i).locator("details.ks-how").count() == 1
    print("\n".join(said))
    assert not _cut(page), _cut(page)
    shots.take(page, "review-ideas.png", top=".ks-review-view")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_lesson_three_quiz_after_a_wrong_card(page: Any, lab: Server, shots: Screenshots) -> None:
    from keinstich_widgets.quiz import BestCardQuiz

    _open(page, lab, "lessons/03-no-tricks.ipynb")
    mirror = BestCardQuiz.set("no-tricks", seed=8)  # the lesson's set, in this process
    d = study(mirror.deal)
    assert d is not None and d.instructive
    v = d.verdict
    wrong = str(mirror.name(max(v.legal, key=v.cost)))
    quiz = page.locator(".ks-quiz").first
    quiz.scroll_into_view_if_needed()
    known = quiz.locator(".ks-known").inner_text()
    assert "Tricks so far" in known and "Not seen yet" in known, known
    quiz.locator("button.ks-card").filter(has_text=re.compile(f"^{re.escape(wrong)}$")).click()
    quiz.locator("button", has_text=re.compile("^Check$")).click()
    page.wait_for_function("() => document.querySelector('.ks-quiz').textContent.includes('0 of 1 right')",
                           timeout=120_000)
    text = quiz.inner_text()
    assert "A mistake." in text or "A blunder." in text, text
    assert any(s in text for s in idea_starts()), text
    assert "How was this judged?" in text and "deals that fit what you saw" not in text.split("How was this")[0]
    assert not _cut(page), _cut(page)
    shots.take(page, "quiz-wrong.png", top=".ks-quiz")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_herzblatts_end_of_deal(page: Any, lab: Server, shots: Screenshots) -> None:
    _open(page, lab, "browser/herzblatt-end.ipynb")
    page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > 0", timeout=120_000)
    table = page.locator(".ks-table").first
    text = table.inner_text()
    assert "Not dealt" not in text and "took it and laid away" in text, text
    overflow: list[str] = page.evaluate(JS_OVERFLOW, ".ks-table")
    assert not overflow, overflow
    assert not _cut(page), _cut(page)
    shots.take(page, "herzblatt-end.png", top=".ks-table")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

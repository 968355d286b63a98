"""Feedback that teaches, as a learner meets it in JupyterLab at 1400×1000 with the file browser open (issue 29):

* lesson 3's table played badly: the review names, for every mistake, the idea the best card follows with the deal's
  own cards and links the lesson that teaches it; how it was judged is folded under "How was this judged?";
* lesson 3's quiz after a wrong card: the tricks so far are shown, the feedback names the idea;
* Herzblatt's end of deal: the score says where the skat went, nothing overflows;
* no button cuts its label;
* luck, told: under the review's summary, how much of the score the cards decided; after the last card the hand
  takes no room (no gap between the review's line and the buttons);
* the Hint's answer, however long, leaves the buttons where they were; the domino table's deal link breaks into
  even lines (no lone letter); the trainer's header says a new rating is provisional in words; the card-sense
  evidence table is aligned, at the text's size; no picture of the trainer's is ever drawn broken (before Check, in
  the moment after it, on the Progress tab).

Screenshots: review-ideas.png, quiz-wrong.png, herzblatt-end.png, table-over.png, hint-buttons.png,
domino-link.png, trainer-header.png, card-sense.png (docs/screenshots/ with `make screenshots`).
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


JS_BOX = """sel => { const n = document.querySelector(sel); if (!n) return null; const r = n.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height, text: n.innerText}; }"""

JS_LINES = """sel => { const a = document.querySelector(sel); const r = document.createRange(); r.selectNodeContents(a);
  const lines = {}; for (const x of r.getClientRects()) { const k = Math.round(x.top); lines[k] = (lines[k] || 0)
  + x.width; } return Object.values(lines); }"""


JS_WATCH_PICTURES = """sel => { const seen = window.ksPictures = {frames: 0, broken: {}, loaded: {}};
  const look = () => { seen.frames += 1;
    for (const im of document.querySelectorAll(sel + ' img')) { const r = im.getBoundingClientRect();
      const name = [...im.classList].filter(k => k.startsWith('ks-')).join('.') || 'img';
      if (im.naturalWidth > 0) seen.loaded[name] = im.naturalWidth;
      else if (im.complete && r.width > 0 && r.height > 0) {
        const b = seen.broken[name] = seen.broken[name] || {frames: 0, first: seen.frames};
        b.frames += 1; b.size = `${Math.round(r.width)}x${Math.round(r.height)} px`; } }
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""
"""Look at every picture under ``sel`` in every frame the browser draws: one that has loaded nothing (an empty or
failed picture, which Chromium draws as a broken-image icon) yet takes room is recorded in ``window.ksPictures``."""


def box(page: Any, selector: str) -> dict[str, Any]:
    found: dict[str, Any] | None = page.evaluate(JS_BOX, selector)
    assert found is not None, f"nothing matches {selector}"
    return found


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
    luck = page.locator(".ks-review-view .ks-review-luck").first.inner_text()
    assert re.match(r"(On these cards .* pays \d+ pf.* )?The fair comparison is on the same cards: there the "
                    r"heuristic bot in this seat paid \d+ pf", luck), luck
    shots.take(page, "review-ideas.png", top=".ks-review-view")
    # after the last card the hand takes no room: the review's line and the buttons under it stay together
    hand = box(page, ".ks-table > .ks-hand")
    status, actions = box(page, ".ks-table > .ks-status"), box(page, ".ks-table > .ks-controls")
    print(f"luck: {luck}\nafter the last card: hand {hand['h']:.0f} px high, status ends at "
          f"{status['y'] + status['h']:.0f}, the controls start at {actions['y']:.0f}")
    assert hand["h"] < 8, hand
    shots.take(page, "table-over.png", top=".ks-table")
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


def test_the_hint_leaves_the_buttons_where_they_are(page: Any, lab: Server, shots: Screenshots) -> None:
    _open(page, lab, "browser/learner-table.ipynb")
    page.locator(".ks-table").first.scroll_into_view_if_needed()
    first = ".ks-table .ks-controls > button"
    before = box(page, first)
    page.locator(".ks-table button:has(i.fa-lightbulb-o)").first.click()
    page.wait_for_function("() => document.querySelector('.ks-hint')?.textContent.trim().length > 20", timeout=60_000)
    page.wait_for_timeout(300)
    after, hint, button = box(page, first), box(page, ".ks-hint"), box(page, ".ks-table button:has(i.fa-lightbulb-o)")
    print(f"the Hint's answer is {hint['h']:.0f} px high (the button {button['h']:.0f}); the first button at "
          f"{before['y']:.0f}, then {after['y']:.0f}")
    assert hint["h"] > button["h"] + 10, "the answer fits on the button's line: this test would not see a push"
    assert abs(after["y"] - before["y"]) < 1, f"the buttons moved down {after['y'] - before['y']:.0f} px"
    shots.take(page, "hint-buttons.png", top=".ks-table")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_the_domino_tables_deal_link_breaks_evenly(page: Any, lab: Server, shots: Screenshots) -> None:
    _open(page, lab, "browser/domino.ipynb")
    page.locator(".ks-code-link").first.scroll_into_view_if_needed()
    for width in (1400, 1000, 800):  # the link on one line, or broken into lines of even length
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(300)
        lines: list[float] = page.evaluate(JS_LINES, ".ks-code-link")
        print(f"at {width} px the deal link's lines: {[round(x) for x in lines]} px")
        assert lines and (len(lines) == 1 or min(lines) > 0.3 * max(lines)), f"a short last line: {lines}"
    window(page, file_browser=True)
    shots.take(page, "domino-link.png", top=".ks-codes")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_the_trainers_header_and_card_sense(page: Any, lab: Server, shots: Screenshots) -> None:
    _open(page, lab, "browser/trainer.ipynb")
    status = page.locator(".ks-trainer-status").first
    status.scroll_into_view_if_needed()
    text = status.inner_text()
    print(f"the trainer's header: {text}")
    assert re.search(r"your rating \d+ \(provisional\)", text) and not re.search(r"\d\?", text), text
    tip = page.locator(".ks-trainer-status .ks-provisional").first.get_attribute("title") or ""
    assert "give or take" in tip, tip
    shots.take(page, "trainer-header.png", top=".ks-trainer-status")
    page.evaluate(JS_WATCH_PICTURES, ".ks-trainer")
    page.locator(".ks-trainer .lm-TabBar-tab, .ks-trainer .p-TabBar-tab", has_text="Card sense").first.click()
    page.wait_for_selector(".ks-sense-question", timeout=60_000)
    page.wait_for_timeout(500)  # the question on show, its chart not drawn yet
    page.locator(".ks-trainer button", has_text=re.compile("^Check$")).last.click()
    page.wait_for_selector(".ks-sense-table", timeout=60_000)
    page.wait_for_function("() => document.querySelector('.ks-sense-chart').naturalWidth > 0", timeout=60_000)
    cells = page.evaluate("""() => [...document.querySelectorAll('.ks-sense-table tr')].map(tr =>
        [...tr.children].map(c => { const r = c.getBoundingClientRect(); return {right: Math.round(r.right),
          size: parseFloat(getComputedStyle(c).fontSize), align: getComputedStyle(c).textAlign}; }))""")
    body = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.ks-sense-feedback')).fontSize)")
    print(f"card sense: {len(cells) - 1} answers, text {body} px, cells {[c['size'] for c in cells[1]]} px")
    for col in (1, 2):
        assert len({row[col]["right"] for row in cells}) == 1, f"column {col} is ragged: {cells}"
        assert all(row[col]["align"] == "right" for row in cells[1:])
    assert all(row[0]["align"] in ("left", "start") for row in cells[1:])
    assert all(c["size"] >= body - 0.5 for row in cells for c in row), f"smaller than the text ({body} px): {cells}"
    shots.take(page, "card-sense.png", top=".ks-sense-feedback")
    page.locator(".ks-trainer .lm-TabBar-tab, .ks-trainer .p-TabBar-tab", has_text="Progress").first.click()
    page.wait_for_function("() => document.querySelector('.ks-trainer-chart').naturalWidth > 0", timeout=60_000)
    pictures = page.evaluate("() => window.ksPictures")
    print(f"the trainer's pictures over {pictures['frames']} frames: loaded {pictures['loaded']}, "
          f"broken {pictures['broken']}")
    assert pictures["frames"] > 30 and {"ks-sense-chart", "ks-trainer-chart"} <= set(pictures["loaded"]), pictures
    assert not pictures["broken"], f"a broken picture was drawn: {pictures['broken']}"
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_the_class_is_told_what_its_cards_allowed(page: Any, lab: Server, shots: Screenshots) -> None:
    """The teacher's notebook in JupyterLab: under the class's chart, one sentence says that every student played the
    same cards and what the best play and the heuristic bot got on them (the figures class_results gives here)."""
    from keinstich.classroom import class_results, example_class

    _open(page, lab, "apps/teacher.ipynb")
    page.wait_for_selector(".ks-class-results .ks-class-luck", timeout=180_000)
    said = " ".join(page.locator(".ks-class-results .ks-class-luck").first.inner_text().split())
    print(f"the class view: {said}")
    assert said == class_results(example_class()).luck_said, said
    assert said.startswith("All 12 students played the same cards, so the matchpoints compare their play alone")
    assert not _cut(page), _cut(page)
    shots.take(page, "class-luck.png", top=".ks-class-results")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_lesson_fourteens_trainer_says_its_rating_moved(page: Any, lab: Server, shots: Screenshots) -> None:
    """Lesson 14 run whole: its first trainer drew a provisional rating; the week of practice further down moved the
    same memory's rating; the next position in that trainer says so, with what the rating was."""
    _open(page, lab, "lessons/14-practice.ipynb")
    trainer = page.locator(".ks-trainer").first
    trainer.scroll_into_view_if_needed()
    before = trainer.locator(".ks-trainer-status").inner_text()
    assert re.search(r"your rating \d+ \(provisional\)", before) and not re.search(r"\d\?", before), before
    trainer.locator("button", has_text=re.compile("^ *Next")).first.click()
    page.wait_for_function("() => document.querySelector('.ks-trainer .ks-rating-moved') !== null", timeout=60_000)
    after = trainer.locator(".ks-trainer-status").inner_text()
    print(f"lesson 14's first trainer: {before}\n  after the week of practice, Next: {after}")
    was = re.search(r"your rating (\d+)", before)
    assert was is not None and f"(was {was.group(1)}: moved by answers given elsewhere" in after, after
    shots.take(page, "trainer-moved.png", top=".ks-trainer")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

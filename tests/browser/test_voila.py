"""The widgets in Voila, as a teacher or a Binder visitor sees them, in headless Chromium.

The table app runs under its own `voila apps/table.ipynb` server (how a teacher starts it); the domino deal, the
rule editor and the quiz are rendered by the JupyterLab server's Voila extension at /voila/render/… (the URL the
README's Voila badge opens on Binder). Each test checks the page against the same widgets built in the test
process from the same cells, and takes the screenshot for docs/screenshots/ (written there by `make screenshots`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _coach import poor_cards, window
from _kit import VOILA_APP, Screenshots, Server, open_in_voila, voila_problems
from _learner import check_learner_table
from _review import check_review
from _table import check_faces, find_widget, plain_text, play_table, run_cells

pytestmark = pytest.mark.browser

HAND = ".ks-table > .ks-hand button.ks-card"


def test_table_app_in_voila(page: Any, voila: Server, site: Path, shots: Screenshots) -> None:
    """`voila apps/table.ipynb`: the cards render, a legal click plays and the bots answer, an illegal card cannot."""
    open_in_voila(page, voila.address("/"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)

    def snap(moment: str) -> None:
        if moment == "illegal-card":  # bots' cards on the cloth, the learner's illegal cards dimmed
            shots.take(page, "table.png", top=".ks-table")

    log = play_table(page, site / VOILA_APP, screenshot=snap)
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_table_as_a_learner_sees_it_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    """In Voila (no scrolling to a message area far below): the finished trick stays in view with its winner, the
    hint sits beside its button and goes after the move, the size control gives large cards."""
    open_in_voila(page, lab.address("voila/render/browser/learner-table.ipynb"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    log = check_learner_table(page, lambda name, top, height: shots.take(page, name, top=top, height=height))
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_review_and_try_again_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    """In Voila: the review opens beside the table when the deal ends; try again from the blunder and play on."""
    open_in_voila(page, lab.address("voila/render/browser/review-table.ipynb"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    log = check_review(page, lambda name, top, height: shots.take(page, name, top=top, height=height))
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def _layout(page: Any) -> str:
    label: str = page.locator(".ks-domino svg[role=img]").first.get_attribute("aria-label") or ""
    return label


def test_domino_in_voila(page: Any, lab: Server, site: Path, shots: Screenshots) -> None:
    """The lay-off rows: drawn, playable cards enabled, a click lays the card and the rows grow."""
    from keinstich_widgets.table import Table

    open_in_voila(page, lab.address("voila/render/browser/domino.ipynb"), ".ks-domino svg[role=img]")
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    check_faces(page)
    mirror = find_widget(run_cells(site / "browser" / "domino.ipynb"), Table)
    legal = [b.description for b in mirror.hand_view.buttons if not b.disabled]
    assert legal, "the domino notebook should leave the learner a card to lay (for the screenshot)"
    enabled = page.evaluate(f"() => [...document.querySelectorAll('{HAND}')]"
                            ".filter(b => !b.disabled && !b.ariaDisabled).map(b => b.textContent.trim())")
    assert sorted(enabled) == sorted(legal), f"page enables {enabled}, the deal allows {legal}"
    shots.take(page, "domino.png", top=".ks-domino", height=900)  # the rows, the move log and the hand

    before = _layout(page)
    page.locator(HAND).filter(has_text=re.compile(f"^{re.escape(legal[0])}$")).click()
    page.wait_for_function(
        f"""() => {{ const s = document.querySelector('.ks-domino svg[role=img]');
                   return s && s.getAttribute('aria-label') !== {before!r}; }}""", timeout=20_000)
    hand = page.evaluate(f"() => [...document.querySelectorAll('{HAND}')].map(b => b.textContent.trim())")
    assert legal[0] not in hand, f"{legal[0]} was laid but is still in the hand"
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_rule_editor_in_voila(page: Any, lab: Server, site: Path, shots: Screenshots) -> None:
    """Run in the browser: the simulation runs in the kernel's thread, the progress bar fills, the chart appears,
    and the summary is the one the same editor computes here (seeded: the same numbers)."""
    from keinstich_widgets.editor import RuleEditor

    open_in_voila(page, lab.address("voila/render/browser/rule-editor.ipynb"), "button:has-text('Run')")
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    editor = find_widget(run_cells(site / "browser" / "rule-editor.ipynb"), RuleEditor)
    editor.run()
    assert editor.wait(120), "the mirror's simulation did not finish"
    summary, progress = plain_text(editor.summary.value), plain_text(editor.progress_text.value)
    assert summary and progress, "the editor shows no summary or progress after a run"

    page.get_by_role("button", name="Run").click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-OutputArea-output img')]
                  .some(img => img.complete && img.naturalWidth > 200)""", timeout=120_000)
    page.wait_for_function(
        """([summary, progress]) => { const text = document.body.textContent.replace(/\\s+/g, ' ');
                                     return text.includes(summary) && text.includes(progress); }""",
        arg=[summary, progress], timeout=60_000)
    text = page.evaluate("() => document.body.innerText")
    assert "Error" not in text and "bug" not in text, f"the editor reports a problem: {text[-600:]!r}"
    shots.take(page, "rule-editor.png", top=".jp-OutputArea-output")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_quiz_in_voila(page: Any, lab: Server, site: Path, shots: Screenshots) -> None:
    """Answer the quiz in the browser (one right card, one wrong): the feedback is the engine's, card by card."""
    from keinstich_widgets.quiz import LegalCardsQuiz

    open_in_voila(page, lab.address("voila/render/browser/quiz.ipynb"), ".ks-quiz button.ks-card")
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    check_faces(page, ".ks-quiz")
    quiz = find_widget(run_cells(site / "browser" / "quiz.ipynb"), LegalCardsQuiz)
    names = {c: quiz.name(c) for c in quiz.deal.hand(quiz.seat)}
    legal = [names[c] for c in quiz.deal.legal()]
    illegal = [name for c, name in names.items() if name not in legal]
    assert legal and illegal, "the quiz position should have allowed and forbidden cards"
    for name in (legal[0], illegal[0]):
        page.locator(".ks-quiz button.ks-card").filter(has_text=re.compile(f"^{re.escape(name)}$")).click()
        quiz.hand.click(next(c for c, n in names.items() if n == name))
    page.get_by_role("button", name="Check").click()
    quiz.check_button.click()
    expected = plain_text(quiz.feedback.value)
    assert "Not quite" in expected and illegal[0] in expected, expected
    page.wait_for_function(
        """(want) => { const q = document.querySelector('.ks-quiz');
                       return q && q.textContent.replace(/\\s+/g, ' ').includes(want); }""",
        arg=expected, timeout=20_000)
    shots.take(page, "quiz.png", height=900)  # the question, the position, the answer and the feedback
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_a_poor_card_is_found_in_the_review_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    """In Voila at 1400×1000: the review's line under the table, in view when the deal ends; the review in view at a
    click; the table back after Try again."""
    window(page)
    open_in_voila(page, lab.address("voila/render/browser/coach-table.ipynb"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    log = poor_cards(page, lambda *_: None)  # docs/screenshots/ takes JupyterLab's
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_a_student_beyond_the_pool_gets_a_table_at_once(site: Path, browser_home: Path) -> None:
    """A class's server replaces a taken kernel only after a delay (two minutes in a lesson). A student who comes when
    every preheated kernel is taken gets a kernel started at once, not the replacement still waiting out its delay
    (Voila's own pool handed that over: the page came after the delay, or not at all)."""
    import urllib.request

    from _kit import start_voila

    server = start_voila(site, browser_home, VOILA_APP, pool=1, fill_delay=900, log="voila-pool.log")
    try:
        kernels = []
        for student in range(3):  # the pool's one kernel, then two students beyond it
            with urllib.request.urlopen(server.address("/"), timeout=240) as reply:
                html = reply.read().decode()
            kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
            assert kernel, f"student {student}'s page names no kernel:\n{server.log_tail()}"
            assert "application/vnd.jupyter.widget-view+json" in html, f"student {student}'s page shows no table"
            kernels.append(kernel.group(1))
        assert len(set(kernels)) == 3, kernels
    finally:
        server.stop()


def test_the_pages_files_come_compressed(voila: Server) -> None:
    """A student's first visit loads 95 files, 5.1 MiB; compressed for a browser that asks (every browser does), about
    1.7 MiB: what thirty students wait for on a school's Wi-Fi (config/voila.py)."""
    import gzip
    import urllib.request

    request = urllib.request.Request(voila.address("/voila/static/voila.js"), headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=60) as reply:
        sent, encoding = reply.read(), reply.headers.get("Content-Encoding")
    assert encoding == "gzip", reply.headers
    script = gzip.decompress(sent)
    assert len(sent) < len(script) / 2 and b"function" in script, (len(sent), len(script))

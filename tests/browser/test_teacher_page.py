"""The teacher's table and the teacher's notebook in Voila (and the ordinary table in JupyterLab), in headless Chromium.

* The projector layout: at Cards = L and XL, on a 1920×1080 and a 1280×720 screen, the bots' hands, the trick, the
  finished trick, the score, the status, the learner's hand on one row and the teacher's row are all in view without
  scrolling and no two of them overlap; the finished trick's cards are drawn at least as large as the trick's, the
  seat names round both at the status's size; the text grows with the cards. Games of 3 to 6 players (Kein Stich
  deals to all of them; five and six play with a French pack, drawn with French faces).
* The ordinary table in JupyterLab at 1400×1000 with the file browser open, at every card size: the hand on one
  row and nothing overlapping.
* A deal link: the app opens the position of its ``?deal=CODE``; a student plays on from it; the teacher steps back
  and forward, reveals a seat, asks the class and shows the answer, and shows the best cards. Every answer ringed in
  the page is the one :mod:`keinstich.teaching` gives in this process for the same position.
* The teacher's notebook (apps/teacher.ipynb): the class's results, a student's review, the handout and refused
  codes, each compared with :mod:`keinstich.classroom` run here.
"""

from __future__ import annotations

import base64
import contextlib
import re
import shutil
from typing import Any

import pytest
from _coach import window
from _kit import (
    SCREENSHOTS,
    Screenshots,
    Server,
    notebook_problems,
    open_in_lab,
    open_in_voila,
    run_all_cells,
    voila_problems,
    want_screenshots,
)
from _projector import BOXES, HAND, Layout, layout_problems, measure, set_size
from _table import Mirror, comparable, hand_button, plain_text, wait_for_view

pytestmark = pytest.mark.browser

SCREENS = ((1920, 1080), (1280, 720))
SIZES = ("L", "XL")
LIT = ".ks-table button.ks-card.ks-lit"


def _snap(page: Any, shots: Screenshots, name: str, *, docs: bool = True) -> None:
    """A screenshot of the window as it is (the test sets its size), kept for docs/ by `make screenshots` (``docs``)
    or only in the run's folder, to look at."""
    page.mouse.move(1, 1)
    page.wait_for_timeout(400)
    path = shots.folder / name
    page.screenshot(path=str(path))
    if docs and want_screenshots():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, SCREENSHOTS / name)


def _table(players: int = 4, **kwargs: Any) -> Any:
    from keinstich_widgets.table import Table

    return Table("kein-stich", "no-hearts", players=players, seed=1, synchronous=True, review=False, **kwargs)


def _card_that_leaves_a_finished_trick(players: int) -> tuple[str, str]:
    """The deal code of the app's deal for ``players`` (No Hearts, seed 1) and a first card of the learner's after
    which the cloth shows the next trick begun and, beside it, the trick just finished."""
    from keinstich_widgets.table import Table

    code = _table(players).codes.deal_code.text
    start = Table.from_code(code, synchronous=True, review=False)
    for c in start.session.legal():
        trial = Table.from_code(code, synchronous=True, review=False)
        trial.play(c)
        if trial.last_view.layout.display != "none" and trial.trick_view.plays:
            return code, start.hand_view.button(c).description
    raise AssertionError(f"no first card of the {players}-player deal leaves a finished trick beside the next one")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_projector_layout_fits_in_voila(page: Any, voila: Server, shots: Screenshots, players: int) -> None:
    """At Cards = L and XL on each screen: every box in view (the teacher's row too), on one row where it should be,
    none overlapping; the finished trick's cards as large as the trick's, the seat names at the status's size."""
    from keinstich.faces import CARD_SIZES
    from keinstich_widgets._layout import text_px

    code, card = _card_that_leaves_a_finished_trick(players)
    page.set_viewport_size({"width": 1920, "height": 1080})
    # four players: the app as a teacher opens it (its own deal, seed 1); else the deal's link with the teacher's row
    open_in_voila(page, voila.address("/?teacher=1" if players == 4 else f"/?deal={code}&teacher=1"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    assert page.evaluate("() => document.querySelectorAll('.ks-teacher').length") == 1
    hand_button(page, card).click()
    page.wait_for_function("() => { const n = document.querySelector('.ks-last-trick');"
                           " return n && n.getBoundingClientRect().width > 0; }", timeout=20_000)
    failures, log = [], []
    for size in SIZES:
        set_size(page, size)
        px = CARD_SIZES["large" if size == "L" else "xlarge"]
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            layout: Layout = measure(page)
            where = f"{size} {width}×{height}"
            failures += [f"{where}: {p}" for p in layout_problems(layout, in_view=True,
                                                                  required=(*BOXES, "teacher"))]
            trick, finished = layout.cards["trick"], layout.cards["finished trick"]
            assert trick is not None and finished is not None, layout.cards
            if finished["w"] < trick["w"] - 0.5 or finished["h"] < trick["h"] - 0.5:
                failures.append(f"{where}: the finished trick's cards ({finished['w']:.0f}×{finished['h']:.0f}) are "
                                f"smaller than the trick's ({trick['w']:.0f}×{trick['h']:.0f})")
            want = text_px(px)
            wrong = {name: f for name, f in layout.fonts.items() if f != want}
            if wrong:
                failures.append(f"{where}: text not at the status's {want} px: {wrong}")
            log.append(f"{players} players, {where}: {layout.line()}; cards of the trick {trick['w']:.0f}×"
                       f"{trick['h']:.0f}, of the finished trick {finished['w']:.0f}×{finished['h']:.0f}")
            if players == 4 and (size, width) in (("XL", 1920), ("L", 1280), ("XL", 1280)):
                _snap(page, shots, f"table-{'xl' if size == 'XL' else 'large'}-{width}x{height}.png")
            elif width == 1280 and size == "XL":
                _snap(page, shots, f"table-{players}-players-xl-1280x720.png", docs=False)
    print("\n".join(log))
    assert not failures, "\n".join(failures)
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_the_ordinary_table_in_jupyterlab_keeps_its_hand_on_one_row(page: Any, lab: Server,
                                                                    shots: Screenshots) -> None:
    """At 1400×1000 with the file browser open, at every card size: the hand on one row, no two boxes overlapping,
    the table inside the notebook's output area."""
    open_in_lab(page, lab, "browser/learner-table.ipynb")
    window(page, file_browser=True)
    state = run_all_cells(page)
    problems = notebook_problems(page, state)
    assert not problems, "\n".join(problems)
    page.wait_for_selector(HAND, timeout=60_000)
    hand_button(page, "10 of Acorns").click()
    page.wait_for_function("() => { const n = document.querySelector('.ks-last-trick');"
                           " return n && n.getBoundingClientRect().width > 0; }", timeout=20_000)
    failures, log = [], []
    for size in ("S", "M", "L", "XL"):
        set_size(page, size)
        layout = measure(page)
        area = page.evaluate("() => { const r = document.querySelector('.ks-table').closest('.jp-OutputArea-output')"
                             ".getBoundingClientRect(); return [r.left, r.right]; }")
        log.append(f"JupyterLab 1400×1000, {size}: {layout.line()}; output area {area[0]:.0f}–{area[1]:.0f}")
        page.locator(".ks-table").first.evaluate("n => n.scrollIntoView({block: 'start'})")
        _snap(page, shots, f"lab-table-{size}.png", docs=False)
        failures += [f"{size}: {p}" for p in layout_problems(layout, in_view=False)]
        failures += [f"{size}: the {name} sticks out of the notebook's output area ({b['x']:.0f}–{b['right']:.0f})"
                     for name, b in layout.boxes.items() if b and (b["x"] < area[0] - 1 or b["right"] > area[1] + 1)]
    print("\n".join(log))
    assert not failures, "\n".join(failures)
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def _lit(page: Any) -> list[str]:
    names: list[str] = page.evaluate(f"() => [...document.querySelectorAll('{LIT}')].map(b => b.textContent.trim())")
    return sorted(names)


def _wait_lit(page: Any, want: list[str], timeout: float = 120_000) -> None:
    """Wait until the ringed cards are ``want`` (the rings arrive card by card); fail with the cards ringed."""
    with contextlib.suppress(Exception):
        page.wait_for_function(f"""(want) => JSON.stringify([...document.querySelectorAll('{LIT}')]
            .map(b => b.textContent.trim()).sort()) === JSON.stringify(want)""", arg=sorted(want), timeout=timeout)
    assert _lit(page) == sorted(want), f"ringed {_lit(page)}, the coach's answer {sorted(want)}"


def _press(page: Any, label: str) -> None:
    page.locator(".ks-teacher button").filter(has_text=re.compile(f"^\\s*{re.escape(label)}\\s*$")).first.click()


def _note(page: Any) -> str:
    text: str = page.locator(".ks-teacher-note").first.inner_text()
    return " ".join(text.split())


def _names(table: Any, seat: int, cards: Any) -> list[str]:
    from keinstich.faces import card_name

    return sorted(card_name(c, table.faces, table.lang) for c in cards)


def test_a_deal_link_in_voila_step_reveal_ask_and_show(page: Any, voila: Server, shots: Screenshots) -> None:
    """A position handed out as a link: the student's table opens there and plays on; the teacher's steps back and
    forward, reveals a seat, asks the class, shows the answer and the best cards, each as the engine says here."""
    from keinstich.teaching import best_moves, open_best
    from keinstich_widgets.table import Table

    # the position: the app's deal after the learner's 10 of Acorns (seat 3 has won trick 1 and led trick 2)
    given = _table()
    given.play("10C")
    code = given.codes.deal_code.text

    # the student's link: the position, no teacher's row; the student plays on
    open_in_voila(page, voila.address(f"/?deal={code}"), HAND)
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    student = Mirror.of(Table.from_code(code, synchronous=True, review=False))
    wait_for_view(page, comparable(student.view()) or {}, "the position of the link")
    assert page.evaluate("() => document.querySelectorAll('.ks-teacher').length") == 0
    assert code in page.locator(".ks-deal-code").first.inner_text()
    first = student.legal()[0]
    hand_button(page, first).click()
    student.play(first)
    wait_for_view(page, comparable(student.view()) or {}, f"the student's {first}")

    # the teacher's link
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_in_voila(page, voila.address(f"/?deal={code}&teacher=1"), HAND)
    set_size(page, "L")
    teacher = Mirror.of(Table.from_code(code, teacher=True, synchronous=True, review=False))
    tp = teacher.table.teacher_panel
    wait_for_view(page, comparable(teacher.view()) or {}, "the teacher's table")

    _press(page, "Back")  # seat 3's lead taken back: seat 3 to move
    tp.back()
    wait_for_view(page, comparable(teacher.view()) or {}, "after Back")
    seat = teacher.table.deal.turn
    assert seat == 3 and "stepping" in _note(page).lower()

    _press(page, f"Seat {seat}")  # reveal that seat's hand
    tp.show_hand(seat)
    shown = _names(teacher.table, seat, teacher.table.deal.hand(seat))
    page.wait_for_function("""(want) => { const rows = [...document.querySelectorAll('.ks-others .ks-hand')];
        return rows.some(r => JSON.stringify([...r.querySelectorAll('button.ks-card')]
            .map(b => b.textContent.trim()).sort()) === JSON.stringify(want)); }""", arg=shown, timeout=20_000)

    _press(page, "Ask the class")
    page.wait_for_function("() => document.querySelector('.ks-teacher-note').textContent.includes('hidden')",
                           timeout=20_000)
    assert _lit(page) == [], "the answer shows before Show the answer"
    position = teacher.table.deal.copy()
    fair = best_moves(position, style=teacher.table.faces)
    _press(page, "Show the answer")
    _wait_lit(page, _names(teacher.table, seat, fair.cards))
    assert plain_text(fair.why) in _note(page), _note(page)
    assert f"from what Seat 3 could know ({len(fair.cards)} cards ringed: each one graded best)" in _note(page)
    _snap(page, shots, "teacher-panel.png")

    _press(page, "Forward")  # seat 3's lead again: the learner to move, the answer gone with its position
    tp.forward()
    wait_for_view(page, comparable(teacher.view()) or {}, "after Forward")
    page.wait_for_function(f"() => document.querySelectorAll('{LIT}').length === 0", timeout=20_000)

    position = teacher.table.deal.copy()
    best = open_best(position, bots=list(teacher.table.session.specs), style=teacher.table.faces)
    _press(page, "Show the best cards")
    _wait_lit(page, _names(teacher.table, teacher.table.seat, best.cards))
    assert page.evaluate(f"() => document.querySelectorAll('{HAND}.ks-lit').length") == len(best.cards)
    note = _note(page)
    assert note.startswith("With all hands open, against these opponents:") and plain_text(best.why) in note, note

    _press(page, "Play on")
    tp.play_on()
    move = teacher.legal()[0]
    hand_button(page, move).click()
    teacher.play(move)
    wait_for_view(page, comparable(teacher.view()) or {}, f"the teacher's {move} after Play on")
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_copy_link_copies_and_a_damaged_link_opens_the_students_view(page: Any, voila: Server) -> None:
    """Copy link puts the deal's link on the clipboard (read back here) and says "Copied"; Copy code the code; the
    link opens the same position. A damaged link and a garbage one open the student's view of the app's own deal with
    the refusal at the top, in view at 1280×720, never the teacher's row."""
    from keinstich_widgets.table import Table

    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila.url)
    given = _table()
    given.play("10C")
    code = given.codes.deal_code.text
    open_in_voila(page, voila.address(f"/?deal={code}&teacher=1"), HAND)
    shown = page.locator(".ks-deal-code .ks-code-text").first.inner_text().strip()
    student = Table.from_code(code, synchronous=True, review=False)
    assert shown == student.codes.deal_code.text
    page.locator(".ks-copy-link").first.click()
    page.wait_for_function("() => document.querySelector('.ks-copy-link').textContent === 'Copied'", timeout=10_000)
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link == f"{voila.url}/?deal={shown}", link
    assert link == page.locator("a.ks-code-link").first.evaluate("a => a.href"), "the link shown is the one copied"
    page.locator(".ks-copy-code").first.click()
    page.wait_for_function("() => document.querySelector('.ks-copy-code').textContent === 'Copied'", timeout=10_000)
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

    page.goto(link)  # the copied link opens the position for a student: no teacher's row
    page.wait_for_selector(HAND, timeout=120_000, state="visible")
    assert page.locator(".ks-deal-code .ks-code-text").first.inner_text().strip() == shown
    assert page.locator(".ks-teacher").count() == 0

    page.set_viewport_size({"width": 1280, "height": 720})
    for bad, words in ((code[:-2], "damaged or was changed"), ("hello", "is not a deal code")):
        open_in_voila(page, voila.address(f"/?deal={bad}"), HAND)
        notice = page.locator(".ks-table .ks-notice").first
        notice.wait_for(timeout=30_000)
        text = " ".join(notice.inner_text().split())
        assert "This link's deal could not be opened" in text and words in text, text
        box = notice.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 720, f"out of view: {box}"
        title = page.locator(BOXES["title"]).first.bounding_box()
        assert title is not None and box["y"] < title["y"], "the refusal is above the table's title"
        assert page.locator(".ks-teacher").count() == 0, "a refused link shows the teacher's row"
        assert page.locator(".ks-table button:has-text('Show hands')").count() == 0
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def _decoded(href: str) -> str:
    head, _, data = href.partition(",")
    assert head == "data:image/svg+xml;base64", head
    return base64.b64decode(data).decode()


def test_the_teachers_notebook_in_voila(page: Any, lab: Server, shots: Screenshots) -> None:
    """apps/teacher.ipynb with its made-up class: the ranking and the decisions as class_results gives them here, a
    student's review one click away, the handout, and a damaged code refused in one sentence."""
    from keinstich.classroom import class_results, example_class
    from keinstich.handout import handout_svg
    from keinstich.teaching import review_of

    results = class_results(example_class())
    window(page)
    open_in_voila(page, lab.address("voila/render/apps/teacher.ipynb"), ".ks-class-codes textarea")
    problems = voila_problems(page)
    assert not problems, "\n".join(problems)
    page.wait_for_selector(".ks-class-results svg", timeout=180_000)
    ranking = ("() => [...document.querySelectorAll('.ks-class-results .widget-hbox .widget-html')]"
               ".map(r => r.textContent.replace(/\\s+/g, ' ').trim()).filter(t => /^\\d+\\. /.test(t))")
    want = [f"{s.rank}. {s.name} · {s.score:g} {results.unit} · {s.matchpoints:g} ({s.percent:.0f}%)"
            for s in results.students]
    # the chart and the ranking's rows are separate widgets' updates: wait for as many rows as students
    page.wait_for_function(f"() => ({ranking})().length >= {len(want)}", timeout=60_000)
    rows = page.evaluate(ranking)
    assert rows == want, (rows, want)
    text = " ".join(page.locator(".ks-class-results").first.inner_text().split())
    assert results.decisions, "the made-up class should have a decision most of it got wrong"
    for d in results.decisions:
        assert plain_text(results.decision_words(d)) in text, results.decision_words(d)
    chart = page.locator(".ks-class-results svg").first.inner_html()
    assert all(s.name in chart for s in results.students)
    overflow = page.evaluate("() => [...document.querySelectorAll('.ks-classroom, .ks-classroom *')]"
                             ".filter(n => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== "
                             "'visible' && n.clientWidth > 0).map(n => `${n.className}: ${n.scrollWidth} > "
                             "${n.clientWidth}`)")
    assert not overflow, f"a horizontal scrollbar under the class's results: {overflow}"
    page.locator(".ks-class-results").first.evaluate("n => n.scrollIntoView({block: 'start'})")
    _snap(page, shots, "class-results.png")

    s = results.students[-1]  # the last of the ranking: their review, one click away
    page.locator(".ks-class-results .widget-hbox").filter(has_text=f"{s.rank}. {s.name} ·").locator("button").click()
    review = review_of(s.deal(), s.code.seat, bots=list(s.code.bots))
    page.wait_for_function(f"() => document.querySelectorAll('.ks-class-results .ks-review-row').length"
                           f" === {len(review.decisions)}", timeout=120_000)
    grades = page.evaluate("() => [...document.querySelectorAll('.ks-class-results .ks-review-row')]"
                           ".map(r => r.className.replace('ks-review-row ks-', ''))")
    assert grades == [j.grade for j in review.decisions]

    page.locator(".ks-handout select").select_option(label="the deal handed out, only the students' hand")
    page.locator(".ks-handout button").filter(has_text="Make the handout").click()
    link = page.locator(".ks-handout a.ks-handout-file")
    link.wait_for(timeout=30_000)
    given = results.deal
    svg = handout_svg(given.position(), hands="hidden", seat=given.seat,
                      title="No Hearts (Kein Herz): the deal handed out")
    assert _decoded(link.get_attribute("href") or "") == svg
    page.wait_for_function("() => { const img = document.querySelector('.ks-handout img');"
                           " return img && img.complete && img.naturalWidth > 100; }", timeout=30_000)

    top = results.students[0]  # the best student's deal as played: every trick, on one page
    page.locator(".ks-handout select").select_option(label=f"{top.name}'s deal as played (rank 1)")
    before = link.get_attribute("href")
    page.locator(".ks-handout button").filter(has_text="Make the handout").click()
    page.wait_for_function("(old) => document.querySelector('.ks-handout a.ks-handout-file').href !== old",
                           arg=before, timeout=30_000)
    svg = handout_svg(top.deal(), hands="open", seat=top.code.seat,
                      title=f"No Hearts (Kein Herz): {top.name}'s deal (rank 1, {top.score:g} {results.unit})")
    assert _decoded(link.get_attribute("href") or "") == svg
    sheet = page.context.new_page()
    sheet.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 px an inch, as the page is drawn
    sheet.set_content(f"<html><body style='margin:0'>{svg}</body></html>")  # 210 × 297 mm: the whole window
    _snap(sheet, shots, "handout.png")
    sheet.close()

    good = example_class(2)["Anna"]
    page.locator(".ks-class-codes textarea").fill(f"Anna: {good}\nBen: {good[:-3]}")
    page.locator("button").filter(has_text="Show the class's results").click()
    page.wait_for_function("() => document.querySelector('.ks-class-results') &&"
                           " document.querySelector('.ks-class-results').textContent.includes('Left out')",
                           timeout=60_000)
    text = page.locator(".ks-class-results").first.inner_text()
    assert "Ben: refused — this code is damaged or was changed" in text and "1. Anna" in text, text
    page.locator(".ks-class-codes textarea").fill("hello")
    page.locator("button").filter(has_text="Show the class's results").click()
    page.wait_for_function("() => document.querySelector('.ks-classroom .ks-messages').textContent"
                           ".includes('is not a deal code')", timeout=30_000)
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

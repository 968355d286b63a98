"""The trainer in JupyterLab and in Voila, as a learner uses it: answer a due position wrongly and see the layout
of the hidden cards that beats the card, answer it rightly and see the rating change and the chart; restart the
kernel (reload the page in Voila) and find the progress kept; download the progress file and load it back (and
see a foreign file refused).

The notebook (tests/browser/notebooks/trainer.ipynb) keeps its memory beside it, in the run's scratch copy of the
site; this process opens the same file to know which card is wrong and which is right in the position shown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _kit import Screenshots, Server, notebook_problems, open_in_lab, open_in_voila, run_all_cells, voila_problems

from keinstich.faces import card_name
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import Practice

pytestmark = pytest.mark.browser

ROOT = ".ks-trainer"
TIMEOUT = 120_000
NOTEBOOK = "browser/trainer.ipynb"


def fresh_memory(site: Path) -> Path:
    path = site / "browser" / "trainer-progress.sqlite3"
    for extra in ("", "-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    return path


def wait_text(page: Any, selector: str, text: str, timeout: float = TIMEOUT) -> None:
    page.wait_for_function(
        """([sel, want]) => { const n = document.querySelector(sel);
                              return n && n.textContent.replace(/\\s+/g, ' ').includes(want); }""",
        arg=[selector, text], timeout=timeout)


def cards_to_play(memory_file: Path) -> tuple[str, str]:
    """The names of a wrong card (one with a layout that beats it) and of a right one in the position due."""
    with Memory.open(memory_file) as memory:
        q = Practice(memory, mode="due").next()
        assert q is not None, "a position is due"
        sol = q.solution()
        bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)
        assert sol.refutation(bad) is not None
        style = q.position.trick_deal.style if q.position.trick_deal is not None else "german"
        return card_name(bad, style), card_name(sol.good[0], style)


def click_card(page: Any, name: str) -> None:
    page.locator(f"{ROOT} .ks-hand button.ks-card").filter(has_text=re.compile(f"^{re.escape(name)}$")).click()


def tab(page: Any, title: str) -> None:
    """Open the trainer's tab ``title`` and wait until it shows."""
    found = page.locator(ROOT).get_by_role("tab", name=title, exact=True)
    for _ in range(5):
        found.click()
        try:
            page.wait_for_function("""([root, title]) => [...document.querySelectorAll(root + ' [role=tab]')]
                .some(t => t.textContent.trim() === title && t.getAttribute('aria-selected') === 'true')""",
                                   arg=[ROOT, title], timeout=5_000)
            return
        except Exception:  # a click during a redraw may be lost: click again
            continue
    raise AssertionError(f"the {title} tab did not open")


def rating(page: Any) -> str:
    return str(page.locator(f"{ROOT} .ks-rating").inner_text())


def answer_wrong_then_right(page: Any, memory_file: Path, shots: Screenshots, name: str) -> list[str]:
    log = []
    wait_text(page, ROOT, "1 position due")
    wrong, right = cards_to_play(memory_file)
    click_card(page, wrong)
    wait_text(page, f"{ROOT} .ks-trainer-feedback", "Not this one")
    wait_text(page, f"{ROOT} .ks-trainer-layout", "Here is how the cards could lie")
    assert page.locator(f"{ROOT} .ks-refutation .ks-cards svg").count() >= 6, "the hidden hands are drawn"
    log.append(f"wrong card {wrong}: the layout that beats it is shown")
    shots.take(page, f"{name}-layout.png", top=ROOT, height=900)
    click_card(page, right)
    wait_text(page, f"{ROOT} .ks-trainer-feedback", "Right at the second try")
    wait_text(page, f"{ROOT} .ks-trainer-status", "(−")
    log.append(f"right card {right}: rating {rating(page)}, {page.locator(f'{ROOT} .ks-rating-change').inner_text()}")
    tab(page, "Progress")
    page.wait_for_function(f"""() => {{ const i = document.querySelector('{ROOT} .ks-trainer-chart');
                                       return i && i.naturalWidth > 100; }}""", timeout=TIMEOUT)
    wait_text(page, ROOT, "Kein Stich, trick deals")
    log.append("the progress chart is drawn")
    shots.take(page, f"{name}-progress.png", top=ROOT, height=900)
    return log


def download_and_load(page: Any, tmp: Path) -> list[str]:
    tab(page, "Progress file")
    page.locator(f"{ROOT} button", has_text="Download my progress").click()
    link = page.locator(f"{ROOT} a.ks-download-link")
    link.wait_for(timeout=TIMEOUT)
    with page.expect_download(timeout=TIMEOUT) as got:
        link.click()
    saved = tmp / "downloaded.sqlite3"
    got.value.save_as(saved)
    with Memory.open(saved) as copy:
        assert copy.count() == 2 and copy.count("items") == 1, "the file holds yesterday's miss and today's answer"
    junk = tmp / "notes.txt"
    junk.write_bytes(b"these are not my cards" * 30)

    def upload(path: Path) -> None:
        with page.expect_file_chooser(timeout=TIMEOUT) as chooser:
            page.locator(f"{ROOT} button.widget-upload").click()
        chooser.value.set_files(str(path))

    upload(junk)
    wait_text(page, ROOT, "Not loaded: notes.txt is not a progress file of the kit")
    upload(saved)
    wait_text(page, ROOT, "Loaded downloaded.sqlite3: 2 answers and 1 positions in the deck")
    return ["downloaded the progress file (2 answers), refused a foreign file, loaded the download back"]


def test_trainer_in_jupyterlab(page: Any, lab: Server, site: Path, shots: Screenshots, tmp_path: Path) -> None:
    memory_file = fresh_memory(site)
    open_in_lab(page, lab, NOTEBOOK)
    state = run_all_cells(page)
    assert not notebook_problems(page, state), notebook_problems(page, state)
    log = answer_wrong_then_right(page, memory_file, shots, "trainer")
    kept = rating(page)
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Kernel$")).click()
    page.get_by_role("menuitem", name=re.compile(r"^Restart Kernel and Run All Cells")).click()
    page.get_by_role("button", name=re.compile(r"^(Restart|Confirm Kernel Restart)$")).click()
    wait_text(page, f"{ROOT} .ks-trainer-status", "nothing due · score 0 of 0")  # a new kernel's trainer
    assert rating(page) == kept, "the rating after the restart is the one before"
    log.append(f"after a kernel restart: nothing due, rating {kept} kept")
    log += download_and_load(page, tmp_path)
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"


def test_trainer_in_voila(page: Any, lab: Server, site: Path, shots: Screenshots, tmp_path: Path) -> None:
    memory_file = fresh_memory(site)
    url = lab.address(f"voila/render/{NOTEBOOK}")
    open_in_voila(page, url, ROOT, timeout=TIMEOUT)
    assert not voila_problems(page), voila_problems(page)
    log = answer_wrong_then_right(page, memory_file, shots, "trainer-voila")
    kept = rating(page)
    open_in_voila(page, url, ROOT, timeout=TIMEOUT)  # a new page: a new kernel
    wait_text(page, f"{ROOT} .ks-trainer-status", "nothing due · score 0 of 0")
    assert rating(page) == kept
    log.append(f"after reloading the page: nothing due, rating {kept} kept")
    log += download_and_load(page, tmp_path)
    print("\n".join(log))
    assert not page.js_errors, f"JavaScript errors: {page.js_errors}"

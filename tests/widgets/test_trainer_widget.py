"""The trainer widget as a learner uses it: a wrong card, the layout that beats it, a right one and the rating
change; modes; the progress tab (chart, weak themes, missed positions one click away); card sense; the progress
file; and the Table review's "Practise these later" and "Find better cards now"."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from keinstich.deal import move_cards
from keinstich.trainer import active, forget, remember
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import SimulatedClock
from keinstich_widgets.quiz import BestCardQuiz
from keinstich_widgets.table import Table
from keinstich_widgets.trainer import Trainer

START = datetime(2025, 3, 3, 18, tzinfo=UTC)


def trainer(tmp_path: Path, **kw: object) -> Trainer:
    return Trainer(Memory.open(tmp_path / "m.sqlite3"), clock=SimulatedClock(START), synchronous=True,
                   **kw)  # type: ignore[arg-type]


def wrong_then_right(t: Trainer) -> None:
    q = t.practice.question
    assert q is not None
    sol = q.solution()
    bad = next(c for c in q.position.legal() if not sol.grade(c).good)
    t.hand.button(bad).click()
    assert "Not this one" in t.feedback.value and "Try again" in t.feedback.value
    style = t.style_of(q.position)
    hidden = [c.label(style) for m in sol.good for c in move_cards(m)]
    assert not [name for name in hidden if name in t.feedback.value], t.feedback.value  # the answer stays hidden
    assert t.layout_view.value  # a layout, or the sentence that no single one shows it
    good = next(c for c in q.position.legal() if sol.grade(c).good)
    t.hand.button(good).click()
    assert "Right at the second try" in t.feedback.value and "comes back, renamed" in t.feedback.value


def test_a_wrong_card_then_a_right_one(tmp_path: Path) -> None:
    t = trainer(tmp_path, mode="contract", contract="no-tricks")
    assert "nothing due" in t.status.value and "Find the best card" in t.info.value
    wrong_then_right(t)
    assert "ks-rating-change" in t.status.value and "(−" in t.status.value  # the rating fell
    assert "1 position due" not in t.status.value  # due tomorrow, not now
    # a new learner's rating is a guess: said in words, with how far it may be off, not as lichess's "1506?"
    assert "(provisional)" in t.status.value and "give or take" in t.status.value
    assert not re.search(r"\d\?", t.status.value), t.status.value
    t.next_button.click()
    q = t.practice.question
    assert q is not None
    t.hand.button(q.solution().good[0]).click()
    assert "Right:" in t.feedback.value and "(+" in t.status.value


def test_the_modes_and_a_deck_that_comes_due(tmp_path: Path) -> None:
    t = trainer(tmp_path, mode="level")
    wrong_then_right(t)
    t.mode_buttons.value = "theme"
    assert t.theme_pick.layout.display is None and t.practice.mode == "theme"
    assert t.practice.theme in [v for _, v in t.theme_pick.options]
    t.contract_pick.value = "no-hearts"  # hidden while the mode is theme: changes nothing
    assert t.practice.mode == "theme"
    t.mode_buttons.value = "contract"
    t.contract_pick.value = "no-hearts"
    assert t.practice.contract == "no-hearts" and "No Hearts" in t.info.value
    t.mode_buttons.value = "due"
    assert "Nothing is due now" in t.info.value and "next one is due on" in t.info.value
    t.practice.clock.advance(days=1)  # type: ignore[attr-defined]
    t.next()
    assert "1 position due" in t.status.value and "from your deck" in t.info.value


def test_show_answer_and_stray_clicks(tmp_path: Path) -> None:
    t = trainer(tmp_path, mode="level")
    t.answer_button.click()
    assert "The answer:" in t.feedback.value and t.answer_button.disabled
    t.answer_button.click()  # again: nothing happens
    q = t.practice.question
    assert q is not None
    t.hand.button(q.position.legal()[0]).click()  # a card after the answer: a note, no error
    assert t.messages.kind != "error"


def test_progress_tab(tmp_path: Path) -> None:
    t = trainer(tmp_path, mode="theme", theme="duck")
    for _ in range(4):
        q = t.practice.question
        assert q is not None
        sol = q.solution()
        t.answer(next(c for c in q.position.legal() if not sol.grade(c).good))
        t.show_answer()
        t.next()
    assert t.chart.layout.display == "none"  # drawn when the tab is first opened; hidden until then
    t.tabs.selected_index = 1
    assert t.chart.value[:8] == b"\x89PNG\r\n\x1a\n" and t.chart.layout.display is None
    assert "Duck" in t.weak.children[0].children[0].value
    t.weak.children[0].children[1].click()  # Practise this theme
    assert t.practice.mode == "theme" and t.tabs.selected_index == 0
    t.tabs.selected_index = 1
    row = t.missed.children[0]
    assert "missed 1 of 1" in row.children[0].value
    missed = row.children[0].value
    raw = t.practice.missed_most()[0][3]
    assert ", trick " in missed and f"{raw}:" not in missed  # the contract by name and where, not its id
    row.children[1].click()  # Try again
    assert t.tabs.selected_index == 0 and t.practice.question is not None
    assert t.practice.question.view == t.practice.missed_most()[0][0]


def test_card_sense(tmp_path: Path) -> None:
    t = trainer(tmp_path)
    t.tabs.selected_index = 2
    q = t.sense_tab.question
    assert q is not None and q.text in t.sense_tab.text.value
    assert t.sense_tab.chart.layout.display == "none"  # no picture yet: hidden (an empty one is drawn broken)
    t.pick_sense(q.best())
    t.sense_tab.check_button.click()
    assert "Your Brier score" in t.sense_tab.feedback.value and t.memory.count("drills") == 1
    assert t.sense_tab.chart.value[:4] == b"\x89PNG" and t.sense_tab.chart.layout.display is None
    t.sense_tab.next_button.click()
    assert t.sense_tab.question is not q and not t.sense_tab.check_button.disabled


def test_progress_file(tmp_path: Path) -> None:
    t = trainer(tmp_path, mode="level")
    wrong_then_right(t)
    data = t.prepare_download()
    assert "download=" in t.download_link.value and "base64," in t.download_link.value
    (tmp_path / "other").mkdir()
    other = trainer(tmp_path / "other", mode="level")
    junk = b"nonsense" * 50
    other.upload.value = ({"name": "junk.txt", "type": "text/plain", "size": len(junk),
                           "last_modified": datetime(2025, 3, 3), "content": memoryview(junk)},)
    assert other.file_messages.kind == "error" and "not a progress file" in other.file_messages.text
    assert other.memory.count() == 0
    other.load_progress(data, name="mine.sqlite3")
    assert other.file_messages.kind == "ok" and other.memory.count() == 1
    assert other.memory.rating() == t.memory.rating()


def test_the_review_puts_the_mistakes_into_the_deck_or_steps_through_them(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEINSTICH_MEMORY", str(tmp_path / "mine.sqlite3"))
    forget()
    try:
        for seed in range(40):
            table = Table("kein-stich", "no-hearts", seed=seed, bots="heuristic", synchronous=True)
            while not table.deal.over:
                table.play(table.session.legal()[-1])  # the highest legal card: mistakes are likely
            r = table.coach.review
            if r is not None and r.mistakes:
                break
        else:
            pytest.fail("no review with mistakes")
        view = table.coach.view
        assert view.practice_bar.layout.display is None
        assert active() is None  # nothing was written before the learner asked
        view.later_button.click()
        assert view.messages.kind == "ok" and "put into your deck" in view.messages.text
        memory = active()
        assert memory is not None and memory.count("items") == len(r.mistakes)
        view.later_button.click()  # twice: nothing doubled
        assert "in your deck already" in view.messages.text and memory.count("items") == len(r.mistakes)
        assert memory.count() == len(r.mistakes)
        table.coach._remember(table.coach.reviewed, r)  # the memory is open now: the next review writes every decision
        assert memory.count() == len(r.decisions) and memory.count("items") == len(r.mistakes)
        view.now_button.click()
        (mistakes,) = view.extra.children
        assert isinstance(mistakes, Trainer) and mistakes.practice.mode == "mistakes"
        q = mistakes.practice.question
        assert q is not None and q.relabel.identity  # your own position, as you played it
        assert q.position.history == table.deal.rewound(r.mistakes[0].index).history
        for _ in r.mistakes:
            mistakes.show_answer()
            mistakes.next()
        assert "last of your mistakes" in mistakes.info.value
    finally:
        forget()


def test_a_quiz_answer_is_remembered_once_a_memory_is_open(tmp_path: Path) -> None:
    forget()
    try:
        quiz = BestCardQuiz.from_seed("no-hearts", 3)
        quiz.answer_button.click()
        quiz.wait()
        remember(tmp_path / "q.sqlite3")  # answers before it are not recorded: practice is opt-in
        quiz.next()
        quiz.answer_button.click()
        quiz.wait()
        memory = active()
        assert memory is not None
        assert [a["source"] for a in memory.answers()] == ["quiz"] and memory.count("items") == 1
    finally:
        forget()


def test_the_german_mode_buttons_are_wide_enough_for_their_words(tmp_path: Path) -> None:
    """A toggle button cuts a label it cannot hold ("Auf meine…" in a 110 px button): the German trainer's buttons are
    as wide as its longest label needs, the English ones keep their width."""
    english, german = trainer(tmp_path, lang="en"), trainer(tmp_path, lang="de")

    def px(t: Trainer) -> int:
        return int(str(t.mode_buttons.style.button_width).removesuffix("px"))

    assert "Auf meinem Niveau" in german.mode_buttons._options_labels
    assert px(english) == 110 and px(german) >= 7 * len("Auf meinem Niveau") + 24


def test_a_rating_moved_elsewhere_is_said_so(tmp_path: Path) -> None:
    """Two trainers on one memory (a lesson's trainer and a later cell's): answers in one move the rating the other
    shows; its header says the rating moved and what it was, rather than jumping without a word. Its own answers
    move it without that note."""
    memory = Memory.open(tmp_path / "m.sqlite3")
    clock = SimulatedClock(START)
    first = Trainer(memory, mode="contract", contract="no-tricks", clock=clock, synchronous=True)
    shown = re.search(r"ks-rating'>(\d+)<", first.status.value)
    assert shown is not None and "ks-rating-moved" not in first.status.value
    other = Trainer(memory, mode="contract", contract="no-tricks", clock=clock, synchronous=True)
    wrong_then_right(other)  # a rated answer in the other trainer
    assert "ks-rating-moved" not in other.status.value  # its own answer: the change, no note
    first.next_button.click()
    assert "ks-rating-moved" in first.status.value, first.status.value
    assert f"(was {shown.group(1)}: moved by answers given elsewhere" in first.status.value
    first.next_button.click()
    assert "ks-rating-moved" not in first.status.value  # said once

"""The trainer widget against a careless learner and its own threads: a double click on a card answers once (the judge
thinking in its thread or not), a double click on Check writes one card-sense answer, a Trainer on another file
leaves the first one working, a wrong first try on a domino or Herzblatt position shows its second try, and several
Trainers writing into one memory from their judges' threads lose no answer and no history row."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from keinstich.trainer import forget
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import SimulatedClock
from keinstich_widgets.trainer import Trainer

START = datetime(2025, 3, 3, 18, tzinfo=UTC)


def trainer(memory: Memory | str | Path, **kw: object) -> Trainer:
    return Trainer(memory, clock=SimulatedClock(START), **kw)  # type: ignore[arg-type]


def good_card(t: Trainer) -> object:
    """A move the judge accepts in the position on show (a lay-off card with its end)."""
    q = t.practice.question
    assert q is not None
    sol = q.solution()
    return next(m for m in q.position.legal_moves() if sol.grade(m).good)


def cards(t: Trainer) -> tuple[object, object]:
    """A card the judge accepts and one it does not, in the position on show."""
    q = t.practice.question
    assert q is not None
    sol = q.solution()
    legal = q.position.legal()
    return good_card(t), next(c for c in legal if not sol.grade(c).good)


@pytest.mark.parametrize("synchronous", [True, False])
def test_a_double_click_on_a_card_answers_once(tmp_path: Path, synchronous: bool) -> None:
    memory = Memory.open(tmp_path / "m.sqlite3")
    t = trainer(memory, mode="level", synchronous=synchronous)
    rounds = 8
    for i in range(rounds):
        good, bad = cards(t)
        card = good if i % 2 == 0 else bad
        before = memory.count()
        button = t.hand.button(card)
        button.click()
        button.click()  # the second click of a double click, at once
        assert t.wait(120)
        if card == bad:  # a wrong card twice is one try: the second try is still to come
            q = t.practice.question
            assert q is not None and q.tries == [bad] and not q.done and memory.count() == before
            t.hand.button(good).click()
            assert t.wait(120)
        assert t.messages.kind != "error", t.messages.text
        t.next()
    assert memory.count() == rounds  # one answer per position
    assert memory.ratings("overall")["all"][1] == rounds  # the ratings moved once per position


def test_a_double_click_on_check_writes_one_card_sense_answer(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.sqlite3")
    t = trainer(memory, synchronous=True)
    t.tabs.selected_index = 2
    q = t.sense_tab.question
    assert q is not None
    t.pick_sense(q.best())
    t.sense_tab.check_button.click()
    t.sense_tab.check_button.click()
    score = t.check_sense()
    assert memory.count("drills") == 1 and score == t.sense_tab.scored
    t.sense_tab.next_button.click()
    t.sense_tab.check_button.click()
    assert memory.count("drills") == 2


def test_a_trainer_on_another_file_leaves_the_first_working(tmp_path: Path) -> None:
    forget()
    try:
        first = trainer(tmp_path / "a.sqlite3", mode="level", synchronous=True)
        second = trainer(tmp_path / "b.sqlite3", mode="level", synchronous=True)
        good, _ = cards(first)
        first.hand.button(good).click()
        assert first.messages.kind != "error", first.messages.text
        assert first.memory.count() == 1 and second.memory.count() == 0
        good, _ = cards(second)
        second.hand.button(good).click()
        assert second.memory.count() == 1
    finally:
        forget()


@pytest.mark.parametrize("contract", ["domino", "herzeln-domino", "herzblatt-4"])
def test_a_wrong_first_try_on_a_domino_or_herzblatt_position_shows_the_second_try(tmp_path: Path,
                                                                                  contract: str) -> None:
    t = trainer(Memory.open(":memory:"), mode="contract", contract=contract, synchronous=True)
    good, bad = cards(t)
    t.hand.button(bad).click()
    assert t.messages.kind != "error", t.messages.text
    assert "Not this one" in t.feedback.value and "Try again" in t.feedback.value
    t.hand.button(good).click()
    assert "Right at the second try" in t.feedback.value and t.memory.count() == 1


class SlowDisk(Memory):
    """A memory on a slow disk: each answer's transaction stays open 30 ms (so that writers meet)."""

    def between(self, db: object) -> None:
        time.sleep(0.03)


def test_trainers_writing_from_their_threads_lose_no_answer_and_no_history_row(tmp_path: Path) -> None:
    """Four Trainers on one memory (as remember() hands every widget the same), each judge in its own thread."""
    memory = SlowDisk.open(tmp_path / "m.sqlite3")
    trainers = [trainer(memory, mode="level", seed=k) for k in range(4)]
    rounds = 4
    for _ in range(rounds):
        for t in trainers:
            t.wait(120)  # the judge's first look (started while the learner thinks) need not be over: it is withdrawn
        for t in trainers:
            t.answer(good_card(t))  # each answers in its judge's thread, all at once
        for t in trainers:
            assert t.wait(120)
            assert t.messages.kind != "error", t.messages.text
            t.next()
    answers = memory.answers()
    assert len(answers) == 4 * rounds and memory.ratings("overall")["all"][1] == 4 * rounds
    for a in answers:  # every answer with its history: overall, family and each theme, once
        rows = memory.db.execute("SELECT kind, name FROM history WHERE answer = ?", (a["id"],)).fetchall()
        themes = [x for x in a["themes"].split(",") if x]
        assert sorted(rows) == sorted([("overall", "all"), ("family", a["family"])] + [("theme", x) for x in themes])

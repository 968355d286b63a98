"""Practice is opt-in (docs/trainer.md, lesson 14): nothing touches the learner's memory before ``Trainer()``,
``remember()`` or "Practise these later". Lesson 3 runs top to bottom in a fresh kernel, and then a learner uses
all it offers: plays its table badly to the end, opens the review's "Find better cards now", answers a wrong card
and a right one there, and answers every position of its quiz. The memory file does not exist afterwards.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "lessons" / "03-no-tricks.ipynb"

LEARNER = """
from ipywidgets.widgets.widget import _instances
from keinstich.trainer import active
from keinstich_widgets import BestCardQuiz, Table, Trainer

tables = [w for w in list(_instances.values()) if isinstance(w, Table)]
assert tables, "lesson 3 shows a table"
table = tables[0]
table.session.synchronous = True
table.wait()
while not table.deal.over:
    table.play(table.session.legal()[-1])  # the highest legal card: mistakes are likely
    table.wait()
table.wait()
r = table.coach.review
assert r is not None and r.mistakes, "the review has mistakes"
view = table.coach.view
view.now_button.click()
(mistakes,) = view.extra.children
assert isinstance(mistakes, Trainer), view.messages.text
for _ in r.mistakes:
    q = mistakes.practice.question
    sol = q.solution()
    bad = [c for c in q.position.legal() if not sol.grade(c).good]
    if bad:
        mistakes.hand.button(bad[0]).click()
        mistakes.wait()
        assert "Try again" in mistakes.feedback.value, mistakes.feedback.value
    mistakes.hand.button(sol.good[0]).click()
    mistakes.wait()
    mistakes.next()
print("last:", mistakes.info.value)
quizzes = [w for w in list(_instances.values()) if isinstance(w, BestCardQuiz)]
assert quizzes, "lesson 3 shows a quiz"
for quiz in quizzes:
    for _ in range(quiz.size):
        quiz.chosen = quiz.deal.legal()[0]
        quiz.check()
        quiz.wait()
        quiz.next()
print("memory open:", active() is not None)
"""


def test_a_whole_lesson_three_writes_no_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = tmp_path / "data" / "memory.sqlite3"
    monkeypatch.setenv("KEINSTICH_MEMORY", str(memory))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    nb = nbformat.read(LESSON, as_version=4)
    nb.cells = [c for c in nb.cells if c.cell_type == "code"]
    nb.cells.append(nbformat.v4.new_code_cell(LEARNER))
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(LESSON.parent)}}).execute()
    said = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    assert not memory.exists() and not memory.parent.exists(), "the lesson wrote the learner's memory"
    assert not (tmp_path / "xdg").exists()
    assert "memory open: False" in said
    assert "last of your mistakes" in said and "Practise these later" in said  # kept nowhere: no day promised

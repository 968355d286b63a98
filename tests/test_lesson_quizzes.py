"""Every lesson quiz opens on a question worth asking (issue 29): some card is a mistake there, as the drills define
it (``keinstich_widgets.quiz.instructive``), so a newcomer's first answer can teach something.

A quiz set (``BestCardQuiz.set``) is made of drills and goes on with instructive positions
(tests/widgets/test_quiz_instructive.py); a quiz a lesson starts on a position of its own (``BestCardQuiz(position,
…)``: a seeded position, a Herzblatt deal the bots played on, a contract the learner built) is checked here, in both
series: the lesson runs in a fresh kernel up to its last such quiz, and every quiz it made is asked, in that kernel,
whether the position it opens on is instructive. A quiz with ``open_hands=True`` lists every card with all hands open
as a second view: there, too, some card must fall short of the best, or a newcomer told "A blunder" reads every card
"0 pf (best)" beneath it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from lesson_series import all_numbered, name
from nbclient import NotebookClient

OWN_POSITION = re.compile(r"\bBestCardQuiz\(")
"""A quiz built from a position (not ``BestCardQuiz.set(…)``)."""
MARK = "=== lesson quizzes ==="
PROBE = f"""
import json
from ipywidgets.widgets.widget import _instances
from keinstich_widgets._feedback import assess
from keinstich_widgets.quiz import BestCardQuiz, instructive


def second_view_tells(q):  # with open_hands: the second view (all hands open) tells some card from the best
    if not q.open_hands:
        return True
    a = assess(q.deal, q.deal.legal_moves()[0], name=q.name, style=q.style, open_hands=True)
    return a.open is not None and len(a.open_best) < len(a.open)


quizzes = [w for w in list(_instances.values()) if isinstance(w, BestCardQuiz)]
print({MARK!r}, json.dumps([[repr(q.deal), q.seat, q.index, instructive(q.deal), second_view_tells(q)]
                            for q in quizzes]))
"""


def code_cells(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


QUIZ_LESSONS = [p for p in all_numbered() if any(OWN_POSITION.search(s) for s in code_cells(p))]


def test_the_lessons_that_start_a_quiz_on_their_own_position_are_found() -> None:
    found = {name(p) for p in QUIZ_LESSONS}
    assert {"08-partie-and-pot", "09-variants", "11-herzblatt", "12-strategy-lab", "13-build-your-own-contract",
            "de/08-partie-und-topf", "de/09-varianten", "de/11-herzblatt", "de/12-strategielabor",
            "de/13-eigenes-spiel"} <= found


@pytest.mark.parametrize("path", QUIZ_LESSONS, ids=name)
def test_a_lesson_quiz_opens_on_an_instructive_position(path: Path) -> None:
    cells = code_cells(path)
    last = max(i for i, s in enumerate(cells) if OWN_POSITION.search(s))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in [*cells[:last + 1], PROBE]]
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    said = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    assert MARK in said, said
    quizzes = json.loads(said.split(MARK, 1)[1])
    assert len(quizzes) >= sum(1 for s in cells[:last + 1] if OWN_POSITION.search(s)), quizzes
    for deal, seat, index, good, told in quizzes:
        assert index == 0, f"{deal}: the quiz has moved on from its first position"
        assert good, f"{name(path)}: every card is good for seat {seat} in the quiz's first position {deal}"
        assert told, f"{name(path)}: with all hands open every card is best for seat {seat} in {deal}"

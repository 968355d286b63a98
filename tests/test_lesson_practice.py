"""Each lesson's practice parts (issue 13): a New words box near the top, at least three numbered exercises
with a starter cell and a folded solution, a closing five-question "Check yourself", and no cell just above a
Table that shows every hand (the Table has an Open hands button).

The lessons 07 to 13 are checked here; 01 to 06 are written in the same form and join the list when theirs land.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_lessons import LESSONS, read, source

PRACTICE = sorted(p for p in LESSONS.glob("[0-9][0-9]-*.ipynb") if 7 <= int(p.name[:2]) <= 13)
WORD = re.compile(r"^- \*\*[^*]+\*\*( \(\*[^)]+\*\))?: \S")  # - **term** (*German*): meaning
EXERCISE = re.compile(r"^\*\*(\d+)\.\*\* \S")
STARTER = "# your code here"


def test_the_lessons_are_there() -> None:
    assert [p.name[:2] for p in PRACTICE] == ["07", "08", "09", "10", "11", "12", "13"]


@pytest.mark.parametrize("path", PRACTICE, ids=lambda p: p.stem)
def test_new_words_box_follows_what_you_will_learn(path: Path) -> None:
    cells = read(path)["cells"]
    boxes = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and source(c).startswith("**New words**")]
    assert len(boxes) == 1, "one markdown cell starting with **New words**"
    assert "What you will learn" in source(cells[boxes[0] - 1]), "the box comes right after 'What you will learn'"
    items = source(cells[boxes[0]]).splitlines()[1:]
    bullets = [line for line in items if line.strip()]
    assert len(bullets) >= 3
    bad = [line for line in bullets if not WORD.match(line)]
    assert not bad, f"not in the form '- **term** (*German*): meaning': {bad}"


@pytest.mark.parametrize("path", PRACTICE, ids=lambda p: p.stem)
def test_exercises_have_a_starter_cell_and_a_folded_solution(path: Path) -> None:
    cells = read(path)["cells"]
    numbers = []
    for i, cell in enumerate(cells):
        m = EXERCISE.match(source(cell)) if cell["cell_type"] == "markdown" else None
        if not m:
            continue
        numbers.append(int(m.group(1)))
        starter, solution = cells[i + 1], cells[i + 2]
        assert starter["cell_type"] == "code" and source(starter).startswith(STARTER), f"exercise {m.group(1)}"
        text = source(solution)
        assert solution["cell_type"] == "markdown" and text.startswith("<details><summary>Solution</summary>")
        words = re.sub(r"```.*?```", "", text, flags=re.S).replace("<details><summary>Solution</summary>", "")
        assert len(words.replace("</details>", "").split()) >= 8, f"exercise {m.group(1)}: say the answer in words"
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 3, f"exercises numbered {numbers}"


@pytest.mark.parametrize("path", PRACTICE, ids=lambda p: p.stem)
def test_ends_with_five_questions_and_their_answers(path: Path) -> None:
    text = source(read(path)["cells"][-1])
    assert text.startswith("## Check yourself"), "the last cell is '## Check yourself'"
    questions, _, answers = text.partition("<details>")
    assert re.findall(r"^(\d)\. ", questions, re.M) == ["1", "2", "3", "4", "5"]
    assert re.findall(r"^(\d)\. ", answers, re.M) == ["1", "2", "3", "4", "5"]
    assert answers.rstrip().endswith("</details>")


DEALERS = {"from_seed", "deal_next", "TrickDeal", "DominoDeal", "HerzblattDeal"}


def shows_a_deal(code: str) -> bool:
    """Whether the cell ends by displaying a deal: a bare name (``deal``) or a call that deals one
    (``TrickDeal.from_seed(...)``, ``partie.deal_next()``); a print or a quiz is not."""
    body = ast.parse(code).body
    if not body or not isinstance(body[-1], ast.Expr):
        return False
    value = body[-1].value
    if isinstance(value, ast.Name):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in DEALERS
    return False


@pytest.mark.parametrize("path", PRACTICE, ids=lambda p: p.stem)
def test_no_deal_is_shown_just_above_a_table(path: Path) -> None:
    code = [source(c) for c in read(path)["cells"] if c["cell_type"] == "code"]
    tables = [i for i, s in enumerate(code) if re.search(r"\bTable(\.from_deal)?\(", s)]
    assert tables, "the lesson has a Table to play at"
    shown = [code[i - 1] for i in tables if shows_a_deal(code[i - 1])]
    assert not shown, f"the cell above a Table shows the deal's hands: {shown}"


def test_shows_a_deal_reads_the_last_statement() -> None:
    assert shows_a_deal("deal = make()\ndeal")
    assert shows_a_deal('TrickDeal.from_seed("german-32", 4, 1, unters)')
    assert shows_a_deal("partie.deal_next()")
    assert not shows_a_deal("deal = make()")
    assert not shows_a_deal("x = 1\nprint(x)")
    assert not shows_a_deal('BestCardQuiz(position, judge="solver")')

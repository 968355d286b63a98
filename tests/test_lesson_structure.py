"""Every lesson is built the same way (issue 13), so a newcomer never meets an unexplained word:

- a "New words" box near the top (a markdown cell starting ``> **New words**``, right after the title);
- at least three exercises, each a markdown cell starting ``**N.**`` (N = 1, 2, 3, … in order), followed by
  a starter code cell (``# your code here``) and a ``<details><summary>Solution</summary>`` cell;
- a last cell ``## Check yourself`` with five numbered questions and their five answers in a ``<details>``;
- every term of the index's glossary is defined (in the glossary, at the lesson it names, and in that lesson's
  New words box) in or before the first lesson that uses it.

Lessons get the structure one by one: LESSONS_WITH_STRUCTURE lists those that have it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_lessons import GLOSSARY_ROW, LESSONS, NOTEBOOKS, NUMBERED, index_section, read, source

LESSONS_WITH_STRUCTURE = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14"]
STRUCTURED = [p for p in NUMBERED if p.name[:2] in LESSONS_WITH_STRUCTURE]

NEW_WORDS = "> **New words**"
EXERCISE = re.compile(r"^\*\*(\d+)\.\*\*")
STARTER = "# your code here"
SOLUTION = re.compile(r"^<details>\s*<summary>\s*Solution\s*</summary>")
NUMBERED_LINE = re.compile(r"^(\d+)\. \S", re.M)


def all_cells(path: Path) -> list[tuple[str, str]]:
    """(kind, stripped source) of every cell, in order."""
    return [(c["cell_type"], source(c).strip()) for c in read(path)["cells"]]


def new_words_box(path: Path) -> str:
    boxes = [s for kind, s in all_cells(path) if kind == "markdown" and s.startswith(NEW_WORDS)]
    return boxes[0] if boxes else ""


def term_pattern(term: str) -> re.Pattern[str]:
    """``term`` as a word, in any case, with an English ending (duck/ducking, shed/shedding, Ober/Obers)."""
    return re.compile(r"(?<![\wäöüß])" + re.escape(term) + r"(?:s|es|ed|d|ing|ding)?(?![\wäöüß])", re.I)


def uses(text: str, term: str, terms: list[str]) -> bool:
    """Whether ``text`` uses ``term`` outside the longer glossary terms that contain it ("Stich" in "Kein Stich")."""
    for longer in terms:
        if longer != term and len(longer) > len(term) and term_pattern(term).search(longer):
            text = re.sub(re.escape(longer), " ", text, flags=re.I)
    return bool(term_pattern(term).search(text))


def markdown_text(path: Path) -> str:
    return "\n\n".join(s for kind, s in all_cells(path) if kind == "markdown")


def test_the_lessons_with_structure_exist() -> None:
    assert len(STRUCTURED) == len(LESSONS_WITH_STRUCTURE)


@pytest.mark.parametrize("path", STRUCTURED, ids=lambda p: p.stem)
def test_new_words_box_opens_the_lesson(path: Path) -> None:
    kinds = all_cells(path)
    where = [i for i, (kind, s) in enumerate(kinds) if kind == "markdown" and s.startswith(NEW_WORDS)]
    assert len(where) == 1, f"one markdown cell starting {NEW_WORDS!r}, not {len(where)}"
    assert where[0] == 1, "the New words box comes right after the title and 'What you will learn'"
    entries = re.findall(r"^> \* \*\*[^*]+\*\*.*\S", kinds[where[0]][1], re.M)
    assert entries, "the box lists its words as '> * **word** …: meaning'"


@pytest.mark.parametrize("path", STRUCTURED, ids=lambda p: p.stem)
def test_three_exercises_with_starter_cells_and_solutions(path: Path) -> None:
    kinds = all_cells(path)
    numbers = []
    for i, (kind, s) in enumerate(kinds):
        m = EXERCISE.match(s) if kind == "markdown" else None
        if not m:
            continue
        numbers.append(int(m[1]))
        assert i + 2 < len(kinds), f"exercise {m[1]} is the last cell"
        (k1, starter), (k2, solution) = kinds[i + 1], kinds[i + 2]
        assert k1 == "code" and starter.startswith(STARTER), f"exercise {m[1]}: no starter cell '{STARTER}' after it"
        assert k2 == "markdown" and SOLUTION.match(solution), f"exercise {m[1]}: no Solution cell after the starter"
        words = re.sub(r"```.*?```", "", solution, flags=re.S)
        words = re.sub(r"<[^>]+>|Solution", "", words).strip()
        assert len(words) >= 10, f"exercise {m[1]}: the solution must state the answer in words, not only code"
    assert len(numbers) >= 3, f"{len(numbers)} exercises; a lesson has at least three"
    assert numbers == list(range(1, len(numbers) + 1)), f"exercises numbered {numbers}"


@pytest.mark.parametrize("path", STRUCTURED, ids=lambda p: p.stem)
def test_ends_with_five_questions_to_check_yourself(path: Path) -> None:
    kind, last = all_cells(path)[-1]
    assert kind == "markdown" and last.startswith("## Check yourself"), "the last cell is '## Check yourself'"
    questions, sep, answers = last.partition("<details>")
    assert sep and re.search(r"<summary>\s*Answers\s*</summary>", answers), "answers hidden in <details>"
    assert [int(n) for n in NUMBERED_LINE.findall(questions)] == [1, 2, 3, 4, 5], "five numbered questions"
    assert [int(n) for n in NUMBERED_LINE.findall(answers)] == [1, 2, 3, 4, 5], "five numbered answers"


def test_every_glossary_term_is_defined_in_or_before_the_lesson_that_first_uses_it() -> None:
    rows = list(GLOSSARY_ROW.finditer(index_section("Glossary")))
    terms = [r["term"].strip() for r in rows]
    assert {"dealer", "duck", "void", "shed", "exit card", "lead", "pot", "stake", "seed", "soloist",
            "contra and re", "review", "fair judgement", "grade"} <= set(terms)
    texts = {p: markdown_text(p) for p in NUMBERED}
    problems = []
    for row, term in zip(rows, terms, strict=True):
        first = next((p for p in NUMBERED if uses(texts[p], term, terms)), None)
        named = LESSONS / row["file"]
        if first is None:
            problems.append(f"{term}: used in no lesson")
            continue
        if named.name > first.name:
            problems.append(f"{term}: used in {first.name}, but the glossary introduces it in {named.name}")
        if first.name[:2] in LESSONS_WITH_STRUCTURE and not uses(new_words_box(first), term, terms):
            problems.append(f"{term}: first used in {first.name}, whose New words box does not explain it")
    assert not problems, "\n".join(problems)


DEAL_SHOWN = re.compile(r"^(\w+|\w+\.from_seed\(.*\)|\w*Deal\(.*\)|\w+\.deal_next\(\))$")  # ends showing a deal
TABLE = re.compile(r"\bTable(\.from_deal)?\(")


@pytest.mark.parametrize("path", STRUCTURED, ids=lambda p: p.stem)
def test_the_table_to_play_is_not_preceded_by_the_open_deal(path: Path) -> None:
    """"Play it yourself" hides the other hands (the Table's Open hands button shows them): the code cell just
    above a Table does not end by displaying a deal with all four hands."""
    code = [s for kind, s in all_cells(path) if kind == "code"]
    for i, s in enumerate(code):
        if TABLE.search(s) and i:
            last = code[i - 1].splitlines()[-1].strip()
            assert not DEAL_SHOWN.match(last) or "Table" in last, f"the cell above a Table shows `{last}`"


CHECK = "# Check:"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_check_cell_asserts_something(path: Path) -> None:
    """A ``# Check:`` cell (pytudes style: it follows a sentence about a deal or a simulation and recomputes its
    claim) holds at least one assert statement, so a check cannot silently check nothing."""
    import ast

    empty = [s.splitlines()[0] for kind, s in all_cells(path) if kind == "code" and s.startswith(CHECK)
             and not any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(s)))]
    assert not empty, f"{path.name}: check cells without an assert: {empty}"

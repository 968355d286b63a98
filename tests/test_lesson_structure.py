"""Every lesson is built the same way (issue 13), so a newcomer never meets an unexplained word, in both series (the
words that mark the parts are each series', tests/lesson_series.py; English shown here):

- a "New words" box near the top (a markdown cell starting ``> **New words**``, right after the title);
- at least three exercises, each a markdown cell starting ``**N.**`` (N = 1, 2, 3, … in order), followed by
  a starter code cell (``# your code here``) and a ``<details><summary>Solution</summary>`` cell;
- a last cell ``## Check yourself`` with five numbered questions and their five answers in a ``<details>``;
- every term of the series' glossary is defined (in the glossary, at the lesson it names, and in that lesson's
  New words box) in or before the first lesson that uses it.

Lessons get the structure one by one: LESSONS_WITH_STRUCTURE lists those that have it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_series import SERIES, Series, all_notebooks, all_numbered, name, series_of, words_pattern
from test_lessons import GLOSSARY_ROW, index_section, read, source

LESSONS_WITH_STRUCTURE = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14"]
STRUCTURED = [p for p in all_numbered() if p.name[:2] in LESSONS_WITH_STRUCTURE]

EXERCISE = re.compile(r"^\*\*(\d+)\.\*\*")
NUMBERED_LINE = re.compile(r"^(\d+)\. \S", re.M)


def solution_start(series: Series) -> re.Pattern[str]:
    return re.compile(rf"^<details>\s*<summary>\s*{series.solution}\s*</summary>")


def all_cells(path: Path) -> list[tuple[str, str]]:
    """(kind, stripped source) of every cell, in order."""
    return [(c["cell_type"], source(c).strip()) for c in read(path)["cells"]]


def new_words_box(path: Path) -> str:
    marker = series_of(path).new_words
    boxes = [s for kind, s in all_cells(path) if kind == "markdown" and s.startswith(marker)]
    return boxes[0] if boxes else ""


def term_pattern(term: str, series: Series = SERIES[0]) -> re.Pattern[str]:
    """``term`` as a word, in any case, with the series' endings (duck/ducking, shed/shedding, Ober/Obers;
    Stich/Stiche)."""
    return words_pattern(term, series)


def uses(text: str, term: str, terms: list[str], series: Series = SERIES[0]) -> bool:
    """Whether ``text`` uses ``term`` outside the longer glossary terms that contain it ("Stich" in "Kein Stich")."""
    for longer in terms:
        if longer != term and len(longer) > len(term) and term_pattern(term, series).search(longer):
            text = re.sub(re.escape(longer), " ", text, flags=re.I)
    return bool(term_pattern(term, series).search(text))


def markdown_text(path: Path) -> str:
    return "\n\n".join(s for kind, s in all_cells(path) if kind == "markdown")


def test_the_lessons_with_structure_exist() -> None:
    for series in SERIES:
        have = [p.name[:2] for p in series.numbered if p.name[:2] in LESSONS_WITH_STRUCTURE]
        assert have == LESSONS_WITH_STRUCTURE, f"{series.folder.name}: structured lessons {have}"


@pytest.mark.parametrize("path", STRUCTURED, ids=name)
def test_new_words_box_opens_the_lesson(path: Path) -> None:
    kinds, marker = all_cells(path), series_of(path).new_words
    where = [i for i, (kind, s) in enumerate(kinds) if kind == "markdown" and s.startswith(marker)]
    assert len(where) == 1, f"one markdown cell starting {marker!r}, not {len(where)}"
    assert where[0] == 1, "the New words box comes right after the title and 'What you will learn'"
    entries = re.findall(r"^> \* \*\*[^*]+\*\*.*\S", kinds[where[0]][1], re.M)
    assert entries, "the box lists its words as '> * **word** …: meaning'"


@pytest.mark.parametrize("path", STRUCTURED, ids=name)
def test_three_exercises_with_starter_cells_and_solutions(path: Path) -> None:
    kinds, series = all_cells(path), series_of(path)
    starter, solution_cell = series.starter, solution_start(series)
    numbers = []
    for i, (kind, s) in enumerate(kinds):
        m = EXERCISE.match(s) if kind == "markdown" else None
        if not m:
            continue
        numbers.append(int(m[1]))
        assert i + 2 < len(kinds), f"exercise {m[1]} is the last cell"
        (k1, code), (k2, solution) = kinds[i + 1], kinds[i + 2]
        assert k1 == "code" and code.startswith(starter), f"exercise {m[1]}: no starter cell '{starter}' after it"
        assert k2 == "markdown" and solution_cell.match(solution), f"exercise {m[1]}: no solution after the starter"
        words = re.sub(r"```.*?```", "", solution, flags=re.S)
        words = re.sub(rf"<[^>]+>|{series.solution}", "", words).strip()
        assert len(words) >= 10, f"exercise {m[1]}: the solution must state the answer in words, not only code"
    assert len(numbers) >= 3, f"{len(numbers)} exercises; a lesson has at least three"
    assert numbers == list(range(1, len(numbers) + 1)), f"exercises numbered {numbers}"


@pytest.mark.parametrize("path", STRUCTURED, ids=name)
def test_ends_with_five_questions_to_check_yourself(path: Path) -> None:
    kind, last = all_cells(path)[-1]
    series = series_of(path)
    assert kind == "markdown" and last.startswith(series.check_yourself), f"the last cell is '{series.check_yourself}'"
    questions, sep, answers = last.partition("<details>")
    assert sep and re.search(rf"<summary>\s*{series.answers}\s*</summary>", answers), "answers hidden in <details>"
    assert [int(n) for n in NUMBERED_LINE.findall(questions)] == [1, 2, 3, 4, 5], "five numbered questions"
    assert [int(n) for n in NUMBERED_LINE.findall(answers)] == [1, 2, 3, 4, 5], "five numbered answers"


GLOSSARY_MUSTS = {"en": {"dealer", "duck", "void", "shed", "exit card", "lead", "pot", "stake", "seed", "soloist",
                          "contra and re", "review", "fair judgement", "grade"},
                   "de": {"Geber", "drunterbleiben", "blank", "abwerfen", "Abspielkarte", "ausspielen", "Topf",
                          "Einsatz", "Seed", "Alleinspieler", "Kontra und Re", "Rückblick", "Note", "Stich",
                          "Farbzwang"}}


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.lang)
def test_every_glossary_term_is_defined_in_or_before_the_lesson_that_first_uses_it(series: Series) -> None:
    rows = list(GLOSSARY_ROW.finditer(index_section(series.glossary_heading, series)))
    terms = [r["term"].strip() for r in rows]
    assert GLOSSARY_MUSTS[series.lang] <= set(terms)
    texts = {p: markdown_text(p) for p in series.numbered}
    problems = []
    for row, term in zip(rows, terms, strict=True):
        first = next((p for p in series.numbered if uses(texts[p], term, terms, series)), None)
        named = series.folder / row["file"]
        if first is None:
            problems.append(f"{term}: used in no lesson")
            continue
        if named.name[:2] > first.name[:2]:
            problems.append(f"{term}: used in {first.name}, but the glossary introduces it in {named.name}")
        if first.name[:2] in LESSONS_WITH_STRUCTURE and not uses(new_words_box(first), term, terms, series):
            problems.append(f"{term}: first used in {first.name}, whose New words box does not explain it")
    assert not problems, "\n".join(problems)


DEAL_SHOWN = re.compile(r"^(\w+|\w+\.from_seed\(.*\)|\w*Deal\(.*\)|\w+\.deal_next\(\))$")  # ends showing a deal
TABLE = re.compile(r"\bTable(\.from_deal)?\(")


@pytest.mark.parametrize("path", STRUCTURED, ids=name)
def test_the_table_to_play_is_not_preceded_by_the_open_deal(path: Path) -> None:
    """"Play it yourself" hides the other hands (the Table's Open hands button shows them): the code cell just
    above a Table does not end by displaying a deal with all four hands."""
    code = [s for kind, s in all_cells(path) if kind == "code"]
    for i, s in enumerate(code):
        if TABLE.search(s) and i:
            last = code[i - 1].splitlines()[-1].strip()
            assert not DEAL_SHOWN.match(last) or "Table" in last, f"the cell above a Table shows `{last}`"


@pytest.mark.parametrize("path", all_notebooks(), ids=name)
def test_every_check_cell_asserts_something(path: Path) -> None:
    """A check cell (``# Check:``; German ``# Probe:``; pytudes style: it follows a sentence about a deal or a
    simulation and recomputes its claim) holds at least one assert statement, so a check cannot silently check
    nothing."""
    import ast

    check = series_of(path).check
    empty = [s.splitlines()[0] for kind, s in all_cells(path) if kind == "code" and s.startswith(check)
             and not any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(s)))]
    assert not empty, f"{path.name}: check cells without an assert: {empty}"


def test_the_german_lessons_check_their_claims_as_the_english_ones_do() -> None:
    """A German lesson recomputes its prose's claims as often as its English twin (a check cell for a check cell, give
    or take one): the asserts were not left out in translation."""
    from lesson_series import ENGLISH, GERMAN

    for german in GERMAN.numbered:
        english = ENGLISH.lesson(german.name[:2])
        assert english is not None
        count = {p: sum(kind == "code" and s.startswith(series_of(p).check) for kind, s in all_cells(p))
                 for p in (english, german)}
        assert count[german] >= count[english] - 1, f"{german.name}: {count[german]} check cells, {english.name}: " \
                                                     f"{count[english]}"

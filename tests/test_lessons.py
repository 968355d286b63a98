"""The lessons as files: listed in the index, built the same way, committed as run, in both series.

nbval (``make lessons``) runs every notebook, lessons/ and lessons/de/, and compares its outputs; these checks are
about the files themselves and run in a fraction of a second: every lesson is linked from its series' index, the
indexes link each other, the German series teaches the English lessons (same numbers), every numbered lesson has
the parts issue 6 asks for (in its language's words, tests/lesson_series.py), outputs are committed from a clean
top-to-bottom run with the widget state stripped, and every word in an index's glossary is used in the lesson the
glossary says introduces it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lesson_series import ENGLISH, GERMAN, SERIES, Series, all_notebooks, all_numbered, name, series_of

LESSONS = ENGLISH.folder
INDEX = ENGLISH.index
NOTEBOOKS = ENGLISH.notebooks
NUMBERED = ENGLISH.numbered
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")
GLOSSARY_ROW = re.compile(  # | **German** | English | [lesson N](NN-name.ipynb) |
    r"^\|\s*\*\*(?P<term>[^*|]+)\*\*\s*\|(?P<gloss>[^|]+)\|\s*\[[^\]]*\]\((?P<file>[^)]+)\)\s*\|\s*$", re.M)


@cache
def read(path: Path) -> dict[str, Any]:
    """The notebook's JSON (nbformat 4), read once."""
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert nb.get("nbformat") == 4, f"{path.name} is not an nbformat 4 notebook"
    return nb


def source(cell: dict[str, Any]) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else str(s)


def cells(path: Path, kind: str) -> list[dict[str, Any]]:
    return [c for c in read(path)["cells"] if c["cell_type"] == kind]


@cache
def markdown(path: Path) -> str:
    return "\n\n".join(source(c) for c in cells(path, "markdown"))


def index_section(title: str, series: Series = ENGLISH) -> str:
    """The markdown of a series' index from the heading ``## title`` to the next ``## `` heading."""
    text = markdown(series.index)
    m = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert m, f"{series.index.name} has no '## {title}' section"
    return m.group(1)


def word(term: str) -> re.Pattern[str]:
    """``term`` as a whole word (German letters count as letters), any case: "partie" is "Partie"."""
    return re.compile(r"(?<![\wäöüß])" + re.escape(term) + r"(?![\wäöüß])", re.I)


def test_there_are_lessons() -> None:
    for series in SERIES:
        assert series.index.exists(), series.index
        assert len(series.numbered) >= 2, series.folder


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.lang)
def test_every_lesson_is_linked_from_the_index(series: Series) -> None:
    linked = set(LINK.findall(index_section(series.lessons_heading, series)))
    missing = [p.name for p in series.numbered if p.name not in linked]
    assert not missing, f"lessons not listed in {series.index.name}'s table: {missing}"


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.lang)
def test_every_link_in_the_index_opens_a_lesson(series: Series) -> None:
    links = LINK.findall(markdown(series.index))
    assert links
    broken = sorted({f for f in links if not (series.folder / f).exists()})
    assert not broken, f"{series.index.name} links to notebooks that do not exist: {broken}"


def test_the_indexes_link_each_other() -> None:
    """A reader who opens the other language's index finds the way over: each index links the other one."""
    for here, there in ((ENGLISH, GERMAN), (GERMAN, ENGLISH)):
        targets = {(here.folder / f).resolve() for f in LINK.findall(markdown(here.index))}
        assert there.index.resolve() in targets, f"{here.index.name} does not link {there.index}"


def test_the_german_series_teaches_the_english_lessons() -> None:
    """lessons/de/NN-… for every lessons/NN-… (the same number, the same teaching), and no German lesson without an
    English one."""
    english = [p.name[:2] for p in ENGLISH.notebooks]
    german = [p.name[:2] for p in GERMAN.notebooks]
    assert german == english, f"German lessons {german}, English lessons {english}"


@pytest.mark.parametrize("path", all_numbered(), ids=name)
def test_lesson_has_the_parts_of_a_lesson(path: Path) -> None:
    s, text = series_of(path), markdown(path)
    assert re.search(s.learn, text), f"no '{s.learn}'"
    assert re.search(s.exercises, text, re.M), f"no '{s.exercises}' heading"
    assert re.search(rf"<details>\s*<summary>\s*{s.solution}", text), f"no <details><summary>{s.solution}… to reveal"
    assert re.search(s.try_it, text, re.M), f"no '{s.try_it}' section"


@pytest.mark.parametrize("path", all_notebooks(), ids=name)
def test_committed_as_run_top_to_bottom_with_widget_state_stripped(path: Path) -> None:
    meta = read(path).get("metadata", {})
    assert "widgets" not in meta, "metadata.widgets must be stripped (widget state)"
    assert meta.get("kernelspec", {}).get("name") == "python3"
    counts = [c.get("execution_count") for c in cells(path, "code")]
    assert counts, "no code cell"
    assert None not in counts, "a code cell was not run: outputs are not committed"
    assert counts == list(range(1, len(counts) + 1)), f"not one clean run from the top: counts {counts}"
    errors = [o.get("ename") for c in cells(path, "code") for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, f"committed error outputs: {errors}"


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.lang)
def test_glossary_terms_are_used_where_the_glossary_says_they_are_introduced(series: Series) -> None:
    rows = list(GLOSSARY_ROW.finditer(index_section(series.glossary_heading, series)))
    assert len(rows) >= 10, "the glossary table is missing or was not recognised"
    problems = []
    for row in rows:
        term, lesson = row["term"].strip(), series.folder / row["file"]
        if not lesson.exists():
            problems.append(f"{term}: links to {row['file']}, which does not exist")
        elif not word(term).search(markdown(lesson)):
            problems.append(f"{term}: not used in {row['file']}")
    assert not problems, "\n".join(problems)


def test_the_german_lessons_speak_german_from_their_first_cell() -> None:
    """Every German notebook's first code cell sets the language (keinstich.set_language("de"), as the README's
    German section says), so its tables, quizzes, reviews and charts speak German in a fresh kernel."""
    for path in GERMAN.notebooks:
        first = source(cells(path, "code")[0])
        assert re.search(r"^keinstich\.set_language\(\"de\"\)", first, re.M), f"{path.name}: {first[:80]!r}"


def _refresh_script() -> Any:
    """scripts/refresh_lessons.py as a module (scripts/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("refresh_lessons", LESSONS.parent / "scripts" / "refresh_lessons.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", all_notebooks(), ids=name)
def test_committed_in_the_form_jupyterlab_keeps(path: Path) -> None:
    """A fresh clone's lesson opens without the "modified" dot (tests/browser/test_open_clean.py shows it in
    JupyterLab): the file is already what the refresh script normalises it to, kernelspec included."""
    text = path.read_text(encoding="utf-8")
    assert _refresh_script().normalised(text) == text, (
        f"{path.name} is not in the normalised form: run `python scripts/refresh_lessons.py --format-only`")
    assert read(path)["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"


def test_a_progress_bar_is_stored_as_its_last_drawing_and_a_streams_messages_as_one() -> None:
    """The stored output of a cell with a progress bar, or with printed text the kernel sent in several messages,
    does not change from run to run (nbval compares them joined); other outputs between them are kept in order."""
    def stream(name: str, text: str) -> dict[str, str]:
        return {"output_type": "stream", "name": name, "text": text}

    bar = [stream("stderr", "\rdomino [....] 0/8 deals"), stream("stderr", "\rdomino [##..] 4/8 deals, about 1 s left"),
           stream("stderr", "\rdomino [####] 8/8 deals\n")]
    printed = [stream("stdout", "a\n"), stream("stdout", "b\n")]
    shown = {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
    assert _refresh_script().last_drawings(bar + printed + [shown, stream("stdout", "c\n")]) == [
        stream("stderr", "domino [####] 8/8 deals\n"), stream("stdout", "a\nb\n"), shown, stream("stdout", "c\n")]


# --- Checks that wrong or misleading content cannot come back (issue 13) -------------------------------------------

def code_sources(path: Path) -> list[str]:
    return [source(c) for c in cells(path, "code")]


EXERCISE_02 = {  # the question's cards, the solution's first words, a trick as printed
    "en": (r"if seat (\d) had held the [^(]*\(`(\w+)`\) instead of the [^(]*\(`(\w+)`\)",
           r"<summary>Solution</summary>\s*Seat (\d)\.", r"trick (\d) \(([^)]*)\) won by seat \d"),
    "de": (r"wenn Platz (\d) die [^(]*\(`(\w+)`\) statt der [^(]*\(`(\w+)`\)",
           r"<summary>Lösung</summary>\s*Platz (\d)\.", r"Stich (\d) \(([^)]*)\) geht an Platz \d"),
}


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.lang)
def test_lesson_02_exercise_asks_what_could_happen(series: Series) -> None:
    """The exercise swaps one card of the worked deal for a card no other seat holds, and its solution names the
    winner the engine finds when the lesson's first two tricks are replayed with that card."""
    from keinstich.cards import card, cards
    from keinstich.tricks import TrickDeal

    path = series.lesson("02")
    assert path is not None
    asked, answered, printed_trick = EXERCISE_02[series.lang]
    text = markdown(path)
    question = re.search(asked, text)
    assert question, "the exercise no longer names its cards as `codes`: update this test with it"
    seat, new, old = int(question[1]), card(question[2]), card(question[3])
    answer = re.search(answered, text[question.end():])
    assert answer, "the solution does not start by stating the winning seat"
    typed = next(s for s in code_sources(path) if "TrickDeal([cards(" in s)
    hands = [list(cards(h)) for h in re.findall(r'cards\("([^"]+)"\)', typed)]
    assert old in hands[seat], f"seat {seat} did not hold {old}"
    assert all(new not in hand for hand in hands), f"{new} is already in the deal: the exercise is impossible"
    printed = "".join("".join(o.get("text", "")) for c in cells(path, "code") for o in c.get("outputs", []))
    tricks = re.findall(printed_trick, printed)[:2]
    assert [n for n, _ in tricks] == ["1", "2"], "the worked example no longer prints its first two tricks"
    hands[seat][hands[seat].index(old)] = new
    what_if = TrickDeal(hands, leader=0)
    for _, plays in tricks:
        for play in plays.split(", "):
            who, code = play.split(":")
            what_if.play(new if card(code) == old else card(code), int(who))
    assert what_if.tricks[1].winner == int(answer[1])


GOLD_FRAME = "#e69500"  # the frame of a playable card in the engine's faces
MARKING_VIEWS = ("DominoView(", "Table.from_deal(")  # widgets that frame the cards the player to move may play


@pytest.mark.parametrize("path", all_numbered(), ids=name)
def test_no_cell_gives_a_quiz_away(path: Path) -> None:
    """A LegalCardsQuiz on a position of the lesson: no cell before it shows that position with the answer framed
    (the deal's display marks the legal cards in gold; DominoView and the Table mark them too)."""
    sources = code_sources(path)
    outputs = [json.dumps(c.get("outputs", [])) for c in cells(path, "code")]
    for i, src in enumerate(sources):
        for var in re.findall(r"LegalCardsQuiz\((\w+)", src):
            uses = re.compile(rf"\b{re.escape(var)}\b")
            for j in range(i):
                if not uses.search(sources[j]):
                    continue
                shown = sources[j].strip().splitlines()[-1].strip() == var and GOLD_FRAME in outputs[j]
                viewed = any(f"{view}{var}" in sources[j] for view in MARKING_VIEWS)
                assert not (shown or viewed), f"code cell {j + 1} shows the answer of the quiz in cell {i + 1}"


def test_lesson_06_quiz_turns_on_the_king() -> None:
    """Lesson 06's quiz position is one where the King of Hearts decides the answer: Hearts are led and the King
    is the learner's only Heart, so it is the one card allowed (without it, every card would be)."""
    pytest.importorskip("ipywidgets")
    from keinstich.cards import card
    from keinstich_widgets.quiz import LegalCardsQuiz

    path = LESSONS / "06-no-max-and-black-pig.ipynb"
    found = re.findall(r'LegalCardsQuiz\.from_seed\("no-max", (\d+)\)', "\n".join(code_sources(path)))
    assert len(found) == 1, "lesson 06 no longer builds its quiz with LegalCardsQuiz.from_seed(\"no-max\", seed)"
    quiz = LegalCardsQuiz.from_seed("no-max", int(found[0]))
    hand = quiz.deal.hand(quiz.seat)
    assert card("KH") in hand and len(hand) > 1
    assert set(quiz.deal.legal()) == {card("KH")}, "the King does not decide this quiz's answer"

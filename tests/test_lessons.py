"""The lessons as files: listed in the index, built the same way, committed as run.

nbval (``make lessons``) runs every notebook and compares its outputs; these checks are about the
files themselves and run in a fraction of a second: every lesson is linked from the index, every
numbered lesson has the parts issue 6 asks for, outputs are committed from a clean top-to-bottom run
with the widget state stripped, and every German word in the index's glossary is used in the lesson
the glossary says introduces it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
INDEX = LESSONS / "00-index.ipynb"
NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
NUMBERED = [p for p in NOTEBOOKS if p != INDEX]
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


def index_section(title: str) -> str:
    """The markdown of the index from the heading ``## title`` to the next ``## `` heading."""
    text = markdown(INDEX)
    m = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert m, f"the index has no '## {title}' section"
    return m.group(1)


def word(term: str) -> re.Pattern[str]:
    """``term`` as a whole word (German letters count as letters), any case: "partie" is "Partie"."""
    return re.compile(r"(?<![\wäöüß])" + re.escape(term) + r"(?![\wäöüß])", re.I)


def test_there_are_lessons() -> None:
    assert INDEX.exists()
    assert len(NUMBERED) >= 2


def test_every_lesson_is_linked_from_the_index() -> None:
    linked = set(LINK.findall(index_section("The lessons")))
    missing = [p.name for p in NUMBERED if p.name not in linked]
    assert not missing, f"lessons not listed in the index's table: {missing}"


def test_every_link_in_the_index_opens_a_lesson() -> None:
    links = LINK.findall(markdown(INDEX))
    assert links
    broken = sorted({f for f in links if not (LESSONS / f).exists()})
    assert not broken, f"the index links to notebooks that do not exist: {broken}"


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.stem)
def test_lesson_has_the_parts_of_a_lesson(path: Path) -> None:
    text = markdown(path)
    assert re.search(r"\b(What you will learn|You will learn)\b", text), "no 'What you will learn'"
    assert re.search(r"^#+ .*Exercise", text, re.M), "no Exercise(s) heading"
    assert re.search(r"<details>\s*<summary>\s*Solution", text), "no <details><summary>Solution… to reveal"
    assert re.search(r"^#+ .*Try it yourself", text, re.M), "no 'Try it yourself' section"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
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


def test_glossary_terms_are_used_where_the_glossary_says_they_are_introduced() -> None:
    rows = list(GLOSSARY_ROW.finditer(index_section("Glossary")))
    assert len(rows) >= 10, "the glossary table is missing or was not recognised"
    problems = []
    for row in rows:
        term, lesson = row["term"].strip(), LESSONS / row["file"]
        if not lesson.exists():
            problems.append(f"{term}: links to {row['file']}, which does not exist")
        elif not word(term).search(markdown(lesson)):
            problems.append(f"{term}: not used in {row['file']}")
    assert not problems, "\n".join(problems)


def _refresh_script() -> Any:
    """scripts/refresh_lessons.py as a module (scripts/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("refresh_lessons", LESSONS.parent / "scripts" / "refresh_lessons.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_in_the_form_jupyterlab_keeps(path: Path) -> None:
    """A fresh clone's lesson opens without the "modified" dot (tests/browser/test_open_clean.py shows it in
    JupyterLab): the file is already what the refresh script normalises it to, kernelspec included."""
    text = path.read_text(encoding="utf-8")
    assert _refresh_script().normalised(text) == text, (
        f"{path.name} is not in the normalised form: run `python scripts/refresh_lessons.py --format-only`")
    assert read(path)["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"

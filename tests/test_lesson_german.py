"""The German lessons read German (issue 28): no English word in what a German reader reads of a lesson, its prose
and the committed outputs of its cells, checked against a word list (tests/widgets/words.py: ``ENGLISH_WORDS``, the
list the German widgets are checked against). Code is not prose: fenced and inline code, a link's target and the
code cells themselves are left out; what the code prints is checked. tests/test_lesson_words.py checks the widgets
in use and the charts (they need a kernel); tests/browser/test_german_lessons.py what JupyterLab shows.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from lesson_series import ENGLISH, GERMAN, name
from test_lessons import cells, read, source

sys.path.insert(0, str(Path(__file__).resolve().parent / "widgets"))
from words import english_in, html_texts

MIME_SHOWN = ("text/html", "text/markdown", "text/plain")
"""The kinds of output a front end shows, richest first: only the first one a display has is read."""


def prose(markdown: str) -> str:
    """A markdown cell's words: without fenced or inline code, a link's target, HTML tags or an image."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.sub(r"<[^>]+>", " ", text)


def shown(output: dict[str, Any]) -> list[str]:
    """What a reader reads of one output: a stream's text, an error's, or the richest text a display has (a widget's
    plain text too: a web page without the kernel shows it); pictures are read in the kernel (test_lesson_words)."""
    kind = output.get("output_type")
    if kind == "stream":
        text = output.get("text", "")
        return ["".join(text) if isinstance(text, list) else str(text)]
    if kind == "error":
        return [f"{output.get('ename')}: {output.get('evalue')}"]
    data = output.get("data", {})
    for mime in MIME_SHOWN:
        if mime in data and not (mime == "text/plain" and any(k.startswith("image/") for k in data)):
            value = data[mime]
            text = "".join(value) if isinstance(value, list) else str(value)
            return html_texts(text) if mime == "text/html" else [text]
    return []


def english_of(path: Path) -> list[str]:
    found = []
    for i, cell in enumerate(read(path)["cells"]):
        texts = ([prose(source(cell))] if cell["cell_type"] == "markdown" else
                 [t for o in cell.get("outputs", []) for t in shown(o)] if cell["cell_type"] == "code" else [])
        for t in texts:
            words = english_in(t)
            if words:
                found.append(f"cell {i} ({cell['cell_type']}): {words} in …{t.strip()[:160]}…")
    return found


def test_the_check_finds_english_and_leaves_german_and_code_alone() -> None:
    """The check can fail: English prose and an English output are found; German prose with card codes, ids, links
    and code spans is not."""
    assert english_in(prose("Seat 0 leads the 8 of Hearts.")) == ["Hearts", "Seat", "leads", "of", "the"]
    assert english_in(prose("Platz 0 spielt `deal.play(\"8H\")` aus: die Herz-8 ([Lektion 3](03-kein-stich.ipynb)).\n"
                            "```python\nprint(the_card)   # the card\n```")) == []
    assert english_in("PerCard braucht eine Farbe, z. B. PerCard(5, suit='H')") == []  # a call is code
    assert english_in("PerCard needs a card, e.g. PerCard(5, suit='H')") == ["card"]  # the prose is
    assert shown({"output_type": "stream", "text": "trick 1 (0:AH) won by seat 0\n"}) == [
        "trick 1 (0:AH) won by seat 0\n"]
    html = {"text/html": "<b>Kein Stich</b>: 5 je Stich", "text/plain": "No Tricks"}
    assert english_in(shown({"output_type": "display_data", "data": html})[0]) == []
    picture = {"image/png": "…", "text/plain": "<Chart size 750x580>"}
    assert shown({"output_type": "display_data", "data": picture}) == []


def test_every_german_lesson_has_an_english_twin_of_the_same_number() -> None:
    assert GERMAN.notebooks, "no German lessons"
    for path in GERMAN.notebooks:
        assert ENGLISH.lesson(path.name[:2]) is not None, path.name


@pytest.mark.parametrize("path", GERMAN.notebooks, ids=name)
def test_the_german_lesson_reads_german(path: Path) -> None:
    assert cells(path, "markdown") and cells(path, "code")
    found = english_of(path)
    assert not found, f"{path.name} shows English words:\n" + "\n".join(found[:30])

"""One vocabulary (issue 13): a German-pack lesson names every card in German words (Daus, König, Ober,
Unter; Acorns, Leaves, Hearts, Bells), a French-pack lesson in French ones, in everything the learner reads
that the kit wrote: the outputs of its cells, and every text its widgets show while a learner uses them
(a hint before each move and a whole deal at each table, with the review; each quiz's answer; every step
of each replay). Prose may gloss the other pack's names; the kit's own words may not. Both series: the German
lessons (lessons/de/) in German words (Eichel, Grün, Herz, Schellen; Daus, Ober, Unter; the French pack's Kreuz,
Pik, Karo; Ass, Dame, Bube), and with no English word in what their widgets and charts show (issue 28).

Each lesson runs in a fresh kernel with tests/lesson_probe.py as its last cell, which uses its widgets
and prints their texts (and the texts of the charts the lesson drew).
"""

from __future__ import annotations

import io
import json
import re
import sys
import tokenize
from pathlib import Path

import nbformat
import pytest
from lesson_series import all_notebooks, name, series_of
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent / "widgets"))
from words import english_in

ROOT = Path(__file__).resolve().parent.parent
LESSONS = all_notebooks()
PROBE = ROOT / "tests" / "lesson_probe.py"
FRENCH = {"10-herzeln", "11-herzblatt"}
"""The lessons played with a French pack (in both series); the others use the German pack."""
BOTH = "both-packs"
"""The tag of a cell that shows both packs' names on purpose (lesson 1 teaches the French equivalents)."""

FOREIGN = {
    ("german", "en"): re.compile(r"\b(?:Queens?|Jacks?|Aces?|Kings?(?! Louis)|[Cc]lubs|[Ss]pades|[Dd]iamonds)\b"
                                 r"|(?:10|[2-9JQKA])[♣♠♥♦]|[♣♠♦]"),
    ("french", "en"): re.compile(r"\b(?:Obers?|Unters?|Daus|König|Acorns|Leaves|Bells)\b"),
    ("german", "de"): re.compile(r"\b(?:Damen?|Buben?|Asse?|Kreuz|Pik|Karo)\b|(?:10|[2-9JQKA])[♣♠♥♦]|[♣♠♦]"),
    ("french", "de"): re.compile(r"\b(?:Obern?|Unter|Daus|Eichel|Grün|Schellen)\b"),
}
"""The other pack's names, by the lesson's pack and language (German: the French pack's Kreuz, Pik, Karo, Ass, Dame,
Bube; the German pack's Eichel, Grün, Schellen, Daus, Ober, Unter; König is both packs' word in German)."""

GAME_OVER = {"en": "The deal is over", "de": "Das Spiel ist aus"}
SUGGESTS = {"en": "suggests", "de": "Der Trainer rät"}
"""What a table says when its deal is over and when it gives its hint: the probe played the table to the end."""


def language_of(path: Path) -> str:
    return series_of(path).lang


def style_of(path: Path) -> str:
    return "french" if path.stem in FRENCH else "german"


def foreign(text: str, style: str, lang: str = "en") -> list[str]:
    """The other pack's words in ``text``, each with a little context."""
    return [text[max(0, m.start() - 40):m.end() + 40] for m in FOREIGN[style, lang].finditer(text)]


def output_text(cell: nbformat.NotebookNode) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        for mime in ("text/plain", "text/html", "text/markdown"):
            value = out.get("data", {}).get(mime, "")
            parts.append("".join(value) if isinstance(value, list) else value)
    return "\n".join(parts)


def test_the_foreign_words_are_recognised() -> None:
    """The check finds the other pack's words where a learner would read them, and only there."""
    assert foreign("lead Q♠, the lower of your 2 spades", "german")
    assert foreign("10 per Queen", "german") and foreign("take it with the Ace of Acorns", "german")
    assert not foreign("lead the Ober of Leaves, the lower of your 2 Leaves; 40 for the König of Hearts", "german")
    assert not foreign("King Louis (four deals)", "german")  # a game's name
    assert foreign("the Ober of Leaves", "french") and not foreign("the Queen of Spades, Q♠", "french")
    assert foreign("spiel die Pik-Dame aus", "german", "de") and foreign("Kreuz-Bube", "german", "de")
    assert not foreign("spiel den Grün-Ober aus; 40 für den Herz-König; Eichel-Daus", "german", "de")
    assert foreign("der Grün-Ober", "french", "de") and not foreign("die Pik-Dame, der Herz-König", "french", "de")


@pytest.mark.parametrize("path", LESSONS, ids=name)
def test_cell_outputs_use_the_packs_words(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    style, lang = style_of(path), language_of(path)
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and BOTH not in cell.metadata.get("tags", []):
            found += [f"cell {i}: …{hit}…" for hit in foreign(output_text(cell), style, lang)]
    assert not found, f"{path.name} ({style} pack) shows the other pack's words:\n" + "\n".join(found)


@pytest.mark.parametrize("path", LESSONS, ids=name)
def test_widgets_in_use_use_the_packs_words(path: Path) -> None:
    """The lesson's widgets in use (and, in German, its charts) say the pack's words; a German lesson's say no English
    word either, in what a person reads of them (their text, not their styles, scripts, layout values or icon names)."""
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if c.cell_type == "code"]
    nb.cells.append(nbformat.v4.new_code_cell(f"%run {PROBE}"))
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    probed = json.loads(out.split("=== lesson probe texts ===", 1)[1])
    shown, read = probed["synced"], probed["read"]
    lang = language_of(path)
    if "Table(" in "".join(c.source for c in nb.cells[:-1]):  # the probe played the lesson's table to the end
        assert any(GAME_OVER[lang] in text for text in shown) and any(SUGGESTS[lang] in text for text in shown)
    style = style_of(path)
    found = [hit for text in shown for hit in foreign(text, style, lang)]
    assert not found, f"{path.name}'s widgets ({style} pack) show the other pack's words:\n" + "\n".join(found[:30])
    if lang == "de":
        english = sorted({f"{words}: {text[:120]}" for text in read if (words := english_in(text))})
        assert not english, f"{path.name}'s widgets and charts show English words:\n" + "\n".join(english[:30])


# The prose: what the lessons' authors wrote (markdown cells and code comments), checked without running anything.
GERMAN_PROSE_FROM = "02"
"""German-pack lessons before this one (the index and lesson 1) teach the French equivalents, so they may name them."""
PROSE_SLIPS = {
    ("german", "en"): re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]|\b(?:[Cc]lub|[Ss]pade|[Dd]iamond)s?\b"
                                 r"|\b(?:Queen|Jack|Ace|King)s? of\b"),
    ("french", "en"): re.compile(r"\b(?:Ober|Unter|Daus|König)s? of\b|\b(?:Acorns|Leaves|Bells)\b"),
    ("german", "de"): re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]|\b(?:Kreuz|Pik|Karo)(?:-\w+)?\b|\b(?:Damen?|Buben?|Asse?)\b"),
    ("french", "de"): re.compile(r"\b(?:Eichel|Schellen|Daus)\b|\b\w+-(?:Ober|Unter|Daus)\b|\bGrün-\w+"),
}
GLOSS = re.compile(r"\([^()]*\b(?:(?:French|German) pack|(?:französisch|deutsch)\w* Blatt\w*)[^()]*\)")
"""A gloss: a parenthesis that names the other pack, e.g. "the Ober of Leaves (the Queen of Spades in a French
pack)", "No Queens (*Ober*, the German pack's name for the Queen)", "der Grün-Ober (im französischen Blatt die
Pik-Dame)". Only there may prose use the other pack's names; proper names (the games *King Louis*, *King*) do not
match the patterns, which need "King of"."""


def comments(source: str) -> str:
    """The comments of a code cell (not its strings, which the output tests see once printed)."""
    lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    try:
        tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
        return "\n".join(t.string for t in tokens if t.type == tokenize.COMMENT)
    except (tokenize.TokenError, SyntaxError):
        return "\n".join(line.split("#", 1)[1] for line in lines if "#" in line)


def prose_slips(text: str, style: str, lang: str = "en") -> list[str]:
    """The other pack's card names in prose written for ``style``, outside glosses, each with a little context."""
    text = GLOSS.sub("(gloss)", text)
    return [text[max(0, m.start() - 40):m.end() + 40] for m in PROSE_SLIPS[style, lang].finditer(text)]


def test_the_prose_slips_are_recognised() -> None:
    """The prose check finds the other pack's names in sentences and comments, and lets glosses and codes pass."""
    assert prose_slips("Seat 0 leads the 8♣, the lowest of its clubs.", "german")
    assert prose_slips("The King of Hearts costs 40 (lesson 6).", "german")
    assert prose_slips("Shed the Queen of Hearts when void in diamonds.", "german")
    assert not prose_slips("The König of Hearts (the King of Hearts in a French pack) costs 40; type `KH`.", "german")
    assert not prose_slips("King Louis leaves out No Tricks; the game *King* forces Max.", "german")
    assert prose_slips("the Ober of Leaves", "french") and prose_slips("lead Acorns", "french")
    assert not prose_slips("No Queens (*Ober*, the German pack's name for the Queen): -20 each.", "french")
    assert prose_slips(comments('d.play("8C")   # lead the 8♣\n'), "german")
    assert not prose_slips(comments('print("8♣")   # lead the 8 of Acorns\n'), "german")
    assert prose_slips("Platz 0 spielt die Kreuz-8 aus.", "german", "de")
    assert prose_slips("die Pik-Dame", "german", "de")
    assert not prose_slips("der Grün-Ober (im französischen Blatt die Pik-Dame) kostet 40", "german", "de")
    assert prose_slips("der Grün-Ober", "french", "de") and not prose_slips("die Pik-Dame", "french", "de")


@pytest.mark.parametrize("path", [p for p in LESSONS if p.stem >= GERMAN_PROSE_FROM],  # 00 and 01 teach both
                         ids=name)
def test_prose_uses_the_packs_words(path: Path) -> None:
    style, lang = style_of(path), language_of(path)
    nb = nbformat.read(path, as_version=4)
    found = []
    for i, cell in enumerate(nb.cells):
        if BOTH in cell.metadata.get("tags", []):
            continue
        text = {"markdown": cell.source, "code": comments(cell.source)}.get(cell.cell_type, "")
        found += [f"cell {i}: …{hit}…" for hit in prose_slips(text, style, lang)]
    assert not found, f"{path.name}'s prose ({style} pack) uses the other pack's names:\n" + "\n".join(found)

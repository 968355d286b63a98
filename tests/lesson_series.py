"""The two lesson series: English in lessons/, German in lessons/de/ (issue 28). Each is built the same way, with its
own words for the parts of a lesson; the lesson tests read them from here, so a check written once holds both series.

Not a test module: the lesson tests import it (tests/ is on their path).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


@dataclass(frozen=True)
class Series:
    """One language's lessons: their folder and index, and the words that mark each part of a lesson."""

    lang: str
    folder: Path
    index_name: str
    lessons_heading: str
    """The index's section that lists the lessons ("## The lessons")."""
    glossary_heading: str
    learn: str
    """A regular expression: the "what you will learn" line."""
    exercises: str
    """A regular expression: the exercises' heading."""
    solution: str
    """The summary of an exercise's folded solution ("Solution")."""
    try_it: str
    """A regular expression: the "try it yourself" heading."""
    new_words: str
    check_yourself: str
    answers: str
    starter: str
    check: str
    """How a code cell that checks the prose's claims begins (pytudes style)."""
    endings: str
    """A regular expression: the endings a glossary term takes in the prose (plurals, verb forms)."""

    @property
    def index(self) -> Path:
        return self.folder / self.index_name

    @property
    def notebooks(self) -> list[Path]:
        return sorted(self.folder.glob("[0-9][0-9]-*.ipynb"))

    @property
    def numbered(self) -> list[Path]:
        return [p for p in self.notebooks if p != self.index]

    def lesson(self, number: str) -> Path | None:
        """The lesson numbered ``number`` ("07"), if this series has it."""
        found = sorted(self.folder.glob(f"{number}-*.ipynb"))
        return found[0] if found else None


ENGLISH = Series(
    lang="en", folder=LESSONS, index_name="00-index.ipynb", lessons_heading="The lessons", glossary_heading="Glossary",
    learn=r"\b(What you will learn|You will learn)\b", exercises=r"^#+ .*Exercise", solution="Solution",
    try_it=r"^#+ .*Try it yourself", new_words="> **New words**", check_yourself="## Check yourself",
    answers="Answers", starter="# your code here", check="# Check:", endings=r"(?:s|es|ed|d|ing|ding)?")

GERMAN = Series(
    lang="de", folder=LESSONS / "de", index_name="00-inhalt.ipynb", lessons_heading="Die Lektionen",
    glossary_heading="Glossar", learn=r"\bDu lernst\b", exercises=r"^#+ .*Übungen", solution="Lösung",
    try_it=r"^#+ .*Probier es selbst", new_words="> **Neue Wörter**", check_yourself="## Teste dich selbst",
    answers="Antworten", starter="# dein Code hier", check="# Probe:", endings=r"(?:e|en|n|s|es|er|ern|em|ns)?")

SERIES = (ENGLISH, GERMAN)
"""Both series. Their lessons have the same numbers: lessons/de/07-… teaches what lessons/07-… teaches."""


def series_of(path: Path) -> Series:
    """The series a notebook belongs to (by its folder)."""
    folder = path.resolve().parent
    for s in SERIES:
        if folder == s.folder.resolve():
            return s
    raise ValueError(f"{path} is in no lesson series")


def all_notebooks() -> list[Path]:
    return [p for s in SERIES for p in s.notebooks]


def all_numbered() -> list[Path]:
    return [p for s in SERIES for p in s.numbered]


def name(path: Path) -> str:
    """A test id for a notebook: "07-domino", "de/07-unteransetzen"."""
    s = series_of(path)
    return path.stem if s is ENGLISH else f"{s.lang}/{path.stem}"


def words_pattern(term: str, series: Series) -> re.Pattern[str]:
    """``term`` as a word in any case, with the series' endings (duck/ducking; Stich/Stiche)."""
    return re.compile(r"(?<![\wäöüß])" + re.escape(term) + series.endings + r"(?![\wäöüß])", re.I)

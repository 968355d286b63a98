"""The glossary (docs/glossary.md) and the catalogs agree: every term the glossary ties to a message is translated
with the glossary's German word, and every section it cites is a section of docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

from keinstich.i18n import gettext, pgettext, use_language

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| (?P<en>[^|]+) \| (?P<de>[^|]+) \| (?P<rules>[^|]+) \|(?P<msg>[^|]*)\|$", re.M)
MESSAGE = re.compile(r"^`(?P<id>[^`]+)`(?: \((?P<ctx>[^)]+)\))?(?: → `(?P<want>[^`]+)`)?$")


def rows() -> list[dict[str, str]]:
    return [m.groupdict() for m in ROW.finditer(GLOSSARY) if m.group("en").strip() not in ("English", "---")]


def test_the_glossary_has_the_games_terms() -> None:
    found = {r["de"].split(" (")[0].strip() for r in rows()}
    for term in ("Stich", "Daus", "Ober", "Unter", "Schneider", "Unteransetzen", "Kein Herz", "Schwarze Sau"):
        assert any(term in f for f in found), term
    assert len(rows()) > 80


def test_every_message_of_the_glossary_is_translated_with_its_word() -> None:
    checked = 0
    with use_language("de"):
        for r in rows():
            msg = r["msg"].strip()
            if not msg:
                continue
            m = MESSAGE.match(msg)
            assert m is not None, msg
            want = m.group("want") or r["de"].split(" (")[0].strip()
            said = pgettext(m.group("ctx"), m.group("id")) if m.group("ctx") else gettext(m.group("id"))
            assert said.lower() == want.lower(), (r["en"], m.group("id"), said, want)
            checked += 1
    assert checked > 50


def test_every_section_cited_is_in_the_rules() -> None:
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)", RULES, re.M))
    for r in rows():
        for section in re.findall(r"§(\d+(?:\.\d+)?)", r["rules"]):
            assert section in headings, (r["en"], section)

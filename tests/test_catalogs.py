"""The message catalogs (keinstich/locale) are complete and compiled, and every message goes through them right.

- the template (``keinstich.pot``) holds exactly the messages the code marks (``make catalogs`` makes it anew);
- the German catalog translates every one of them, nothing fuzzy, with the same named placeholders (a translation
  may leave one out, never bring one the code does not fill: a translator's comment may name more, "{up}");
- the ``.mo`` the install compiled is the ``.po`` compiled now (a ``.po`` edited since: ``make catalogs``);
- a marked message is a literal (an f-string inside ``_()`` would be extracted as nothing and never translated),
  and no module that speaks through ``_`` also binds ``_`` as a throwaway name.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from keinstich import i18n

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "keinstich" / "locale" / "keinstich.pot"
PO = ROOT / "keinstich" / "locale" / "de" / "LC_MESSAGES" / "keinstich.po"
MO = PO.with_suffix(".mo")
KEYWORDS = ("_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "NP_")


def _key(message: object) -> tuple[str | None, str]:
    mid = message.id
    return message.context, mid[0] if isinstance(mid, tuple) else mid


def _read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as fp:
        return read_po(fp)


def extracted() -> set[tuple[str | None, str]]:
    """The messages the code marks, found as ``make catalogs`` finds them (babel.cfg, the default keywords)."""
    with (ROOT / "babel.cfg").open() as fp:
        method_map, options_map = parse_mapping_cfg(fp)
    found = set()
    keywords = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}  # as the Makefile's `pybabel extract -k NP_:1c,2`
    for _filename, _lineno, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords, comment_tags=("TRANSLATORS:",)):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def test_the_template_holds_every_message_the_code_marks() -> None:
    marked = extracted()
    template = {_key(m) for m in _read(POT) if m.id}
    assert marked, "no message found: is babel.cfg read?"
    new, gone = sorted(marked - template, key=str), sorted(template - marked, key=str)
    assert not new and not gone, (f"keinstich.pot is not the code's: run `make catalogs` (then translate).\n"
                                  f"new in the code: {new[:20]}\nno longer in the code: {gone[:20]}")


def _fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def test_german_translates_every_message_with_its_placeholders() -> None:
    template = {_key(m): m for m in _read(POT) if m.id}
    german = _read(PO)
    assert german.plural_forms == "nplurals=2; plural=(n != 1);", german.plural_forms
    by_key = {_key(m): m for m in german if m.id}
    missing = sorted(set(template) - set(by_key), key=str)
    assert not missing, f"not in the German catalog: {missing[:20]} (run `make catalogs`)"
    problems = []
    for key, message in by_key.items():
        if key not in template:
            problems.append(f"{key}: obsolete (no longer in the template)")
            continue
        if message.fuzzy:
            problems.append(f"{key}: fuzzy (check the translation, then drop the flag)")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"{key}: not translated")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        allowed = set().union(*(_fields(i) for i in ids)) | ({"n"} if isinstance(message.id, tuple) else set())
        allowed |= set(re.findall(r"\{(\w+)\}", " ".join(template[key].auto_comments)))
        for text in strings:
            try:
                extra = _fields(text) - allowed
            except ValueError as e:
                problems.append(f"{key}: {text!r} is no format string: {e}")
                continue
            if extra:
                problems.append(f"{key}: {text!r} uses {sorted(extra)}, which the code does not fill")
    assert not problems, "\n".join(problems[:40])


def test_the_installed_catalog_is_the_po_compiled() -> None:
    assert MO.exists(), f"{MO} is missing: the install compiles it (pip install -e .), or `make catalogs`"
    assert MO.stat().st_mtime >= PO.stat().st_mtime, f"{MO} is older than its .po: run `make catalogs`"
    built = gettext.GNUTranslations(MO.open("rb"))
    now = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(PO)))
    assert built._catalog == now._catalog, "the compiled catalog differs from its .po: run `make catalogs`"  # type: ignore[attr-defined]


def _python_files() -> list[Path]:
    return sorted([*(ROOT / "keinstich").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")])


def test_a_marked_message_is_a_literal() -> None:
    """``_(f"…{x}")`` is extracted as nothing (Babel skips it) and shown untranslated: the fields go as keywords. (A
    name, ``_(THEMES[t])``, looks up a message marked where it is written, with ``N_`` or ``NP_``.)"""
    bad = []
    for path in _python_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                if name not in KEYWORDS or not node.args:
                    continue
                texts = {"ngettext": (0, 1), "pgettext": (1,), "npgettext": (1, 2), "NP_": (1,)}.get(name, (0,))
                for arg in (node.args[i] for i in texts if i < len(node.args)):
                    if isinstance(arg, ast.JoinedStr | ast.BinOp):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not bad, "\n".join(bad)


def test_no_module_that_speaks_binds_underscore() -> None:
    """A module speaking through ``_`` that assigns ``_`` (``a, _ = pair``) would call the tuple's item."""
    bad = []
    for path in _python_files():
        tree = ast.parse(path.read_text())
        if not any(isinstance(n, ast.ImportFrom) and any((a.asname or a.name) == "_" for a in n.names)
                   for n in ast.walk(tree)):
            continue
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, ast.For | ast.AnnAssign | ast.NamedExpr | ast.comprehension):
                targets = [node.target]
            elif isinstance(node, ast.With):
                targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
            bad += [f"{path.relative_to(ROOT)}:{x.lineno}" for t in targets for x in ast.walk(t)
                    if isinstance(x, ast.Name) and x.id == "_"]
    assert not bad, bad


@pytest.mark.parametrize(("value", "digits", "en", "de"), [(1.5, 1, "1.5", "1,5"), (-2.25, 2, "-2.25", "-2,25"),
                                                           (3.0, 0, "3", "3"), (-0.01, 1, "0.0", "0,0")])
def test_numbers_in_the_readers_form(value: float, digits: int, en: str, de: str) -> None:
    with i18n.use_language("en"):
        assert i18n.number(value, digits) == en
    with i18n.use_language("de"):
        assert i18n.number(value, digits) == de
        assert i18n.number(0.25, percent=True) == "25 %"


def test_plural_forms_by_the_languages_rule() -> None:
    with i18n.use_language("de"):
        assert [i18n.ngettext("{n} point", "{n} points", n) for n in (0, 1, 2)] == ["0 Punkte", "1 Punkt", "2 Punkte"]
    with i18n.use_language("en"):
        assert [i18n.ngettext("{n} point", "{n} points", n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]

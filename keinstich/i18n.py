"""Every word a person reads, through one mechanism: gettext message catalogs made with Babel.

English is the language of the source (the msgids); German comes from ``keinstich/locale/de/LC_MESSAGES/
keinstich.po``, compiled to a ``.mo`` by the package's install (``setup.py``), or, where that ``.mo`` is missing or
older than its ``.po`` (an editable install whose ``.po`` was edited since), compiled from the ``.po`` in memory
when first asked for. The catalogs are made and kept with Babel (``make catalogs``: ``pybabel extract``,
``update``, ``compile``; the mapping is ``babel.cfg``).

::

    _("Your turn: play a card.")                              # a sentence
    _("{name} is thinking…", name="Seat 2")                   # named placeholders, filled after translating
    ngettext("{n} mistake", "{n} mistakes", 2)                # plural forms by the language's rule ({n} filled)
    pgettext("german pack", "König")                          # the same word in another sense
    N_("No Hearts")                                           # marked for the catalogs, translated where shown
    number(1.5, 1)                                            # "1.5", "1,5" in German

The language is chosen once: :func:`set_language` (``keinstich.set_language("de")``), else the environment's
``KEINSTICH_LANG``, else the process's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: a notebook's
kernel has its server's), else English. :func:`use_language` speaks another language inside a block, for one
thread or task only (a context variable): a widget's ``lang=`` does that for everything it shows.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "NP_", "N_", "_", "check_language", "day", "gettext", "language",
           "ngettext", "npgettext", "number", "pgettext", "set_language", "spoken", "use_language"]

DOMAIN = "keinstich"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""``keinstich/locale``: ``keinstich.pot`` (the template) and ``<lang>/LC_MESSAGES/keinstich.po`` (and ``.mo``)."""

LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages the kit speaks: English (the msgids) and German."""

_CHOSEN: str | None = None  # set_language's choice, for the whole process
_HERE: ContextVar[str | None] = ContextVar("keinstich_language", default=None)  # use_language's, for a block
_CATALOGS: dict[str, _gettext.NullTranslations] = {}
_LOADING = threading.Lock()


def check_language(lang: object, what: str = "lang") -> str:
    """``lang`` when the kit speaks it ("en", "de"; "de_DE" and "de-AT" are read as "de"), else a clear refusal."""
    if isinstance(lang, str):
        short = lang.replace("-", "_").split("_")[0].lower()
        if short in LANGUAGES:
            return short
    raise ValueError(f"{what} must be 'en' (English) or 'de' (German), not {lang!r}")


def set_language(lang: str | None) -> None:
    """Speak ``lang`` ("en" or "de") from now on, in every thread; None goes back to the environment's choice
    (``KEINSTICH_LANG``, else the locale, else English). A widget's ``lang=`` and :func:`use_language` still win."""
    global _CHOSEN
    _CHOSEN = None if lang is None else check_language(lang)


def _from_environment() -> str:
    """``KEINSTICH_LANG``, else the first language of the locale's variables that the kit speaks, else English."""
    chosen = os.environ.get("KEINSTICH_LANG", "").strip()
    if chosen:
        return check_language(chosen, "KEINSTICH_LANG")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: "de_AT:de:en"
            short = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if short in LANGUAGES:
                return short
        if name != "LANGUAGE":
            return "en"  # the locale in force names a language the kit does not speak ("C", "fr_FR"): English
    return "en"


def language() -> str:
    """The language spoken here: :func:`use_language`'s block, else :func:`set_language`'s choice, else the
    environment's (``KEINSTICH_LANG``, the locale), else English."""
    return _HERE.get() or _CHOSEN or _from_environment()


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (this thread or task only); None keeps the language spoken here."""
    chosen = language() if lang is None else check_language(lang)
    token = _HERE.set(chosen)
    try:
        yield chosen
    finally:
        _HERE.reset(token)


def _load(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang``: its compiled ``.mo``, or its ``.po`` compiled in memory where the ``.mo`` is missing
    or older (Babel); English, the language of the msgids, needs none."""
    if lang == "en":
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return _gettext.GNUTranslations(fp)
    if not po.exists():
        raise FileNotFoundError(f"the {lang!r} catalog is missing: neither {mo} nor {po} exists; reinstall the kit "
                                "(pip install -e .) or run `make catalogs`")
    return _gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """A ``.po`` file compiled to ``.mo`` bytes with Babel (what ``pybabel compile`` writes), fuzzy entries left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fp:
        catalog = read_po(fp)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``lang`` (the language spoken here by default), loaded once."""
    lang = language() if lang is None else lang
    found = _CATALOGS.get(lang)
    if found is None:
        with _LOADING:
            found = _CATALOGS.get(lang)
            if found is None:
                found = _CATALOGS[lang] = _load(lang)
    return found


def spoken() -> tuple[str, int]:
    """What a sentence said here depends on: the language and its catalog (a cache of sentences keys on it)."""
    lang = language()
    return lang, id(catalog(lang))


def _filled(text: str, fields: dict[str, Any]) -> str:
    return text.format(**fields) if fields else text


def gettext(msgid: str, /, **fields: Any) -> str:
    """``msgid`` in the language spoken here, its ``{named}`` placeholders filled from ``fields`` (when given)."""
    return _filled(catalog().gettext(msgid), fields)


_ = gettext


def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form for ``n`` by the language's plural rule ("1 Fehler", "2 Fehler"), ``{n}`` and ``fields`` filled."""
    return catalog().ngettext(singular, plural, n).format(n=n, **fields)


def pgettext(context: str, msgid: str, /, **fields: Any) -> str:
    """``msgid`` in a ``context`` that tells it from the same English word in another sense ("german pack")."""
    return _filled(catalog().pgettext(context, msgid), fields)


def npgettext(context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """:func:`ngettext` in a ``context``."""
    return catalog().npgettext(context, singular, plural, n).format(n=n, **fields)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogs where it is written (a table of names, say); translate it where it is shown."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in a ``context`` for the catalogs (a contract's name, "herzeln contract"); translate it where it
    is shown with :func:`pgettext` in the same context."""
    return msgid


def day(when: Any, time: bool = False) -> str:
    """A date as the reader writes it: "Sun 29 Nov" ("So., 29. Nov."); with ``time`` the hour too ("Sun 29 Nov,
    14:05"). Babel's CLDR patterns; English as ``%a %d %b``."""
    if language() == "en":
        return str(when.strftime("%a %d %b, %H:%M" if time else "%a %d %b"))
    from babel.dates import format_skeleton, format_time

    date = str(format_skeleton("MMMEd", when, locale=language()))
    return f"{date}, {format_time(when, 'short', locale=language())}" if time else date


def number(x: float, digits: int | None = 0, *, plus: bool = False, percent: bool = False) -> str:
    """``x`` with ``digits`` decimals in the reader's form: "1.5" in English, "1,5" in German (the decimal sign and
    the minus sign of the language's locale, from Babel's CLDR data); the digits are Python's, so a figure rounds
    alike in every language. ``plus`` signs a positive figure ("+1.5"); ``percent`` shows ``x`` (a share, 0.25) as a
    percentage ("25%", German "25 %"); ``digits`` None: as many as the figure needs ("2.5", "3", Python's ``g``).
    Negative zero is "0" (with ``plus``, "+0")."""
    sign = "+" if plus else ""
    text = f"{x:{sign}g}" if digits is None else f"{x:{sign}.{max(digits, 0)}{'%' if percent else 'f'}}"
    if text.lstrip("+-").rstrip("%").strip("0.") == "":
        text = ("+" if plus else "") + text.lstrip("+-")
    if percent:
        text = text[:-1] + pgettext("percent sign", "%")
    lang = language()
    if lang == "en":
        return text
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

    return text.replace("-", get_minus_sign_symbol(lang)).replace(".", get_decimal_symbol(lang))

"""The language is chosen once (set_language, else KEINSTICH_LANG, else the locale, else English); a block or a
widget speaks its own (use_language, per thread); German comes from the compiled catalog."""

from __future__ import annotations

import threading

import pytest

import keinstich
from keinstich import i18n
from keinstich.cards import card


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("KEINSTICH_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    keinstich.set_language(None)


def test_english_when_nothing_says_otherwise() -> None:
    assert keinstich.language() == "en"
    assert card("QS").label("german") == "Ober of Leaves"


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("LANG", "de_DE.UTF-8", "de"), ("LANG", "de_AT.UTF-8", "de"), ("LANG", "C.UTF-8", "en"), ("LANG", "fr_FR", "en"),
    ("LC_ALL", "de_CH.UTF-8", "de"), ("LANGUAGE", "fr:de:en", "de"), ("KEINSTICH_LANG", "de", "de")])
def test_the_environment_chooses(monkeypatch: pytest.MonkeyPatch, name: str, value: str, expected: str) -> None:
    monkeypatch.setenv(name, value)
    assert i18n.language() == expected


def test_keinstich_lang_wins_over_the_locale_and_set_language_over_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("KEINSTICH_LANG", "en")
    assert i18n.language() == "en"
    keinstich.set_language("de")
    assert i18n.language() == "de"
    assert card("QS").label("german") == "Grün-Ober"
    with i18n.use_language("en"):
        assert card("QS").label("german") == "Ober of Leaves"
    assert card("QS").label("german", "en") == "Ober of Leaves"  # an explicit language wins


def test_a_language_the_kit_does_not_speak_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="'en' \\(English\\) or 'de' \\(German\\), not 'fr'"):
        keinstich.set_language("fr")
    monkeypatch.setenv("KEINSTICH_LANG", "klingon")
    with pytest.raises(ValueError, match="KEINSTICH_LANG must be"):
        i18n.language()
    assert i18n.check_language("de-AT") == "de"


def test_use_language_is_per_thread() -> None:
    seen: dict[str, str] = {}
    ready, done = threading.Event(), threading.Event()

    def other() -> None:
        ready.wait()
        seen["other"] = i18n.language()
        done.set()

    t = threading.Thread(target=other)
    t.start()
    with i18n.use_language("de"):
        ready.set()
        done.wait(5)
        seen["here"] = i18n.language()
    t.join()
    assert seen == {"here": "de", "other": "en"}


def test_a_stale_or_missing_mo_is_compiled_from_the_po(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "keinstich.po").write_bytes((i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "keinstich.po").read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CATALOGS", {})
    with i18n.use_language("de"):
        assert i18n.gettext("leaves") == "Grün"

"""The values draw themselves through the pictures' registry (keinstich.pictures), filled from entry points."""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from keinstich import faces, pictures, plugins
from keinstich.bots import HeuristicBot, play_deal, show_tricks
from keinstich.cards import card, pack
from keinstich.coach import review
from keinstich.faces.review import review_html
from keinstich.games import GAMES
from keinstich.plugins import PluginError, Registry

PYPROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())


def _values() -> dict[str, tuple[object, str]]:
    """One value of every kind, and its picture as the faces draw it."""
    trick_deal = GAMES["kein-stich"].deal("no-hearts", 3, players=4)
    walk = show_tricks(trick_deal, 2)
    trick = trick_deal.tricks[0]
    lay_off = GAMES["kein-stich"].deal("domino", 3, players=4)
    lay_off.play(lay_off.legal()[0])
    herzblatt = GAMES["herzblatt"].deal("herzblatt", 3, players=3)
    done = play_deal(GAMES["kein-stich"].deal("no-tricks", 5, players=3), [HeuristicBot()] * 3)
    judged = review(done, 0, open_hands=False)
    return {"card": (card("QS"), faces.look([card("QS")]).svg(card("QS"))),
            "pack": (pack("german-24"), faces.pack_html(pack("german-24"))),
            "trick": (trick, faces.trick_html(trick)),
            "trick-deal": (trick_deal, faces.trickdeal_html(trick_deal)),
            "lay-off-deal": (lay_off, faces.domino_html(lay_off)),
            "herzblatt-deal": (herzblatt, faces.herzblatt_html(herzblatt)),
            "walk": (walk, faces.walk_html(walk)),
            "review": (judged, review_html(judged))}


def test_every_value_draws_the_picture_the_faces_draw():
    values = _values()
    assert set(values) == set(PYPROJECT["project"]["entry-points"]["keinstich.pictures"])
    for kind, (value, picture) in values.items():
        assert value._repr_html_() == picture, kind  # type: ignore[attr-defined]
        assert "<svg" in picture, kind


def test_a_plain_display_shows_the_picture_and_the_text():
    """What JupyterLab, Voila and ``display()`` show: IPython's formatter asks ``_repr_html_`` (and ``__repr__``)."""
    from IPython.core.formatters import DisplayFormatter

    for kind, (value, picture) in _values().items():
        shown, _meta = DisplayFormatter().format(value)
        assert shown["text/html"] == picture and shown["text/plain"] == repr(value), kind


def test_the_installed_pictures_are_pyprojects():
    """An install older than pyproject.toml would miss a picture: reinstall (make does, when pyproject changes)."""
    declared = PYPROJECT["project"]["entry-points"]["keinstich.pictures"]
    assert {k: f"{v.__module__}:{v.__name__}" for k, v in pictures.PICTURES.items()} == declared


def test_a_picture_registered_by_hand_draws_and_can_be_taken_back():
    before = pictures.PICTURES["card"]
    pictures.PICTURES["card"] = lambda c: f"<b>{c.code}</b>"
    try:
        assert card("QS")._repr_html_() == "<b>QS</b>"
    finally:
        pictures.PICTURES["card"] = before
    assert "<svg" in card("QS")._repr_html_()


def test_an_unknown_kind_is_refused_with_the_kinds_there_are():
    with pytest.raises(PluginError, match=r"No picture is registered for a chart: .*lay-off-deal"):
        pictures.html("chart", object())


def test_a_tree_that_was_never_installed_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(plugins, "_entry_points", lambda group: ())
    fresh: Registry[object] = Registry("keinstich.pictures", lambda name, loaded: loaded)
    with pytest.raises(PluginError, match=r"No entry points of the group 'keinstich.pictures' .*pip install -e \."):
        fresh["card"]
    monkeypatch.undo()
    assert callable(fresh["card"])  # nothing was remembered of the failure


def _registry(monkeypatch, **named: str) -> Registry[object]:
    eps = tuple(EntryPoint(name, value, "test.group") for name, value in named.items())
    monkeypatch.setattr(plugins, "_entry_points", lambda group: eps if group == "test.group" else ())
    return Registry("test.group", lambda name, loaded: (name, loaded))


def test_a_registry_loads_only_what_is_asked_for(monkeypatch):
    loaded = []
    reg = _registry(monkeypatch, one="json:dumps", two="json:loads")
    monkeypatch.setattr(EntryPoint, "load", lambda ep: loaded.append(ep.name) or ep.name)
    assert reg["two"] == ("two", "two") and loaded == ["two"]
    assert list(reg) == ["one", "two"] and loaded == ["two", "one"]  # iterating loads the rest, in declared order
    reg["mine"] = ("mine", None)
    assert list(reg) == ["one", "two", "mine"] and len(reg) == 3 and "mine" in reg
    del reg["one"]
    assert list(reg) == ["two", "mine"] and "one" not in reg
    with pytest.raises(KeyError):
        reg["three"]


def test_a_picture_that_is_not_a_function_is_refused(monkeypatch):
    monkeypatch.setattr(pictures, "PICTURES", Registry("test.group", pictures._picture))
    _registry(monkeypatch, card="json:__name__")
    with pytest.raises(PluginError, match=r"The picture 'card' .* names 'json', which is not a function"):
        pictures.html("card", object())

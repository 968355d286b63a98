"""The game's small words, each through the message catalogs: a grade, a unit, a move that puts down no card, a
phase of the deal, a seat's role. One place, so that a table, a review, a quiz and the trainer name them alike.

The data keeps the English ids ("soloist", "heuristic"): a frame or a result reads the same in every language, and
these functions say them where a person reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keinstich.i18n import pgettext

__all__ = ["bot_name", "grade_name", "move_words", "role_word", "unit_word", "value_words"]


def grade_name(grade: str) -> str:
    """A grade as the learner reads it: "best", "fine", "mistake", "blunder" (German "beste", "gut", "Fehler", …)."""
    names: dict[str, Callable[[], str]] = {
        "best": lambda: pgettext("grade", "best"), "fine": lambda: pgettext("grade", "fine"),
             "mistake": lambda: pgettext("grade", "mistake"), "blunder": lambda: pgettext("grade", "blunder"),
             "differs": lambda: pgettext("grade", "differs"), "only": lambda: pgettext("grade", "only")}
    said = names.get(grade)
    return said() if said is not None else grade


def bot_name(kind: str) -> str:
    """A bot kind's name: "random", "heuristic", "Monte Carlo" (German "Zufall", "Heuristik", …)."""
    names: dict[str, Callable[[], str]] = {
        "random": lambda: pgettext("bot", "random"), "heuristic": lambda: pgettext("bot", "heuristic"),
             "montecarlo": lambda: pgettext("bot", "Monte Carlo")}
    said = names.get(kind)
    return said() if said is not None else kind


def unit_word(unit: str, *, short: bool = False) -> str:
    """A unit (a :class:`~keinstich.deal.Unit` or its text) in words: "pfennig", "points", "stakes" (German
    "Pfennig", "Punkte", "Einsätze"); ``short``: as the coach's cells abbreviate it ("pf", German "Pf")."""
    if short and unit == "pfennig":
        unit = "pf"
    names: dict[str, Callable[[], str]] = {
        "pf": lambda: pgettext("unit", "pf"), "pfennig": lambda: pgettext("unit", "pfennig"),
             "points": lambda: pgettext("unit", "points"),
             "card points": lambda: pgettext("unit", "card points"), "stakes": lambda: pgettext("unit", "stakes"),
             "place": lambda: pgettext("unit", "place")}
    said = names.get(unit)
    return said() if said is not None else unit


def layout_word(layout: str) -> str:
    """A lay-off layout's name in words: "rows" (Unteransetzen) or "chain" (Herzeln's Unteranlegen); German
    "Reihen", "Kette"."""
    names: dict[str, Callable[[], str]] = {"rows": lambda: pgettext("layout", "rows"),
                                           "chain": lambda: pgettext("layout", "chain")}
    said = names.get(layout)
    return said() if said is not None else layout


def move_words(move: Any) -> str:
    """A move that puts down no card, in a cell or a line: "pass", "play", "announce 66", "discard 7C 8H"."""
    text = "pass" if move is None else str(move)
    names: dict[str, Callable[[], str]] = {
        "play": lambda: pgettext("move", "play"), "pass": lambda: pgettext("move", "pass"),
             "announce nothing": lambda: pgettext("move", "announce nothing"),
             "announce 66": lambda: pgettext("move", "announce 66"),
             "announce du": lambda: pgettext("move", "announce du"), "contra": lambda: pgettext("move", "contra"),
             "no contra": lambda: pgettext("move", "no contra"), "re": lambda: pgettext("move", "re"),
             "no re": lambda: pgettext("move", "no re")}
    said = names.get(text)
    if said is not None:
        return said()
    if text.startswith("discard "):
        return pgettext("move", "discard {cards}", cards=text.removeprefix("discard "))
    return text


def role_word(role: str) -> str:
    """A seat's role in a Herzblatt deal: "soloist", "defender", or "redeal" when all passed (German "Spieler",
    "Gegenspieler", "neu geben")."""
    names: dict[str, Callable[[], str]] = {
        "soloist": lambda: pgettext("role", "soloist"), "defender": lambda: pgettext("role", "defender"),
        "redeal": lambda: pgettext("role", "redeal")}
    said = names.get(role)
    return said() if said is not None else role


def value_words(column: str, value: object) -> str:
    """A value of a result's ``column`` as a person reads it: a role, a bot or a unit in words; any other value as it
    is."""
    sayer = {"role": role_word, "bot": bot_name, "unit": unit_word}.get(column)
    return sayer(value) if sayer is not None and isinstance(value, str) else str(value)

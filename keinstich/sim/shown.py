"""A simulation's frame shown in the reader's words: :func:`worded` says its labels (columns, rows, the axes'
names) and its word values (bots, units, contracts, yes and no) through the message catalogs, and writes its
decimals the reader's way ("7,09" in German). For showing only: a frame's own labels are the API
(``frame["score"]``, ``summary["mean"]``) and stay as they are in every language::

    worded(summarize(frame).round(2))     # German: Bot · Spiele · Mittel · …; Heuristik, Zufall; 7,09
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pandas as pd

from keinstich.games import GAMES
from keinstich.i18n import _, language, number, pgettext
from keinstich.wording.names import bot_name, role_word, unit_word

__all__ = ["contract_label", "label", "preset_label", "worded"]

_LABELS: dict[str, Callable[[], str]] = {
    "deal": lambda: pgettext("column", "deal"), "seed": lambda: pgettext("column", "seed"),
    "game": lambda: pgettext("column", "game"), "contract": lambda: pgettext("column", "contract"),
    "players": lambda: pgettext("column", "players"), "pack": lambda: pgettext("column", "pack"),
    "seat": lambda: pgettext("column", "seat"), "bot": lambda: pgettext("column", "bot"),
    "tricks": lambda: pgettext("column", "tricks"), "score": lambda: pgettext("column", "score"),
    "unit": lambda: pgettext("column", "unit"), "place": lambda: pgettext("column", "place"),
    "rotation": lambda: pgettext("column", "rotation"), "role": lambda: pgettext("column", "role"),
    "card_points": lambda: pgettext("column", "card points"), "deals": lambda: pgettext("column", "deals"),
    "mean": lambda: pgettext("column", "mean"), "ci_low": lambda: pgettext("column", "ci_low"),
    "ci_high": lambda: pgettext("column", "ci_high"), "sd": lambda: pgettext("column", "sd"),
    "count": lambda: pgettext("column", "count"), "cards": lambda: pgettext("column", "cards"),
    "card": lambda: pgettext("column", "card"), "holder": lambda: pgettext("column", "holder"),
    "taker": lambda: pgettext("column", "taker"),
    "cards of its suit": lambda: pgettext("column", "cards of its suit"),
    "taken by its holder": lambda: pgettext("column", "taken by its holder"),
    "holder paid": lambda: pgettext("column", "holder paid"), "received": lambda: pgettext("column", "received"),
    "7s and Daus dealt": lambda: pgettext("column", "7s and Daus dealt"),
    "Unters dealt": lambda: pgettext("column", "Unters dealt"),
    "partie": lambda: pgettext("column", "partie"), "parties": lambda: pgettext("column", "parties"),
    "preset": lambda: pgettext("column", "preset"),
    "deal_no": lambda: pgettext("column", "deal_no"), "dealer": lambda: pgettext("column", "dealer"),
    "paid": lambda: pgettext("column", "paid"), "pot": lambda: pgettext("column", "pot"),
    "net": lambda: pgettext("column", "net"), "amount": lambda: pgettext("column", "amount"),
    "score_delta": lambda: pgettext("column", "score_delta"), "trick": lambda: pgettext("column", "trick"),
    "winner": lambda: pgettext("column", "winner"), "leader": lambda: pgettext("column", "leader"),
    "spread (sd)": lambda: pgettext("column", "spread (sd)"),
    "share paying nothing": lambda: pgettext("column", "share paying nothing"),
    "most paid": lambda: pgettext("column", "most paid"),
    "received from the pot": lambda: pgettext("column", "received from the pot"),
    "paid − received": lambda: pgettext("column", "paid − received"), "reason": lambda: pgettext("column", "reason"),
    "all hands": lambda: pgettext("row", "all hands"),
}
"""The frames' labels (the columns of ``simulate``, ``tournament``, ``simulate_partie``, ``summarize`` and
:mod:`keinstich.sim.stats`, and the rows those add) in the language spoken."""


def _yes_no(value: bool) -> str:
    return pgettext("answer", "yes") if value else pgettext("answer", "no")


def contract_label(cid: object) -> str:
    """A contract id as a chart or a table names it: the contract's name in the language spoken ("No Hearts", "Kein
    Herz"), or the id itself when no game knows it (a reader's own)."""
    for g in GAMES.values():
        try:
            c = g.contract(str(cid))
        except (ValueError, KeyError, TypeError):
            continue
        title = getattr(c, "title", None)
        if callable(title):
            return str(title())
    return str(cid)


def preset_label(pid: object) -> str:
    """A preset's id as a table or a chart names it: the preset's name in the language spoken ("standard": "Kein
    Stich (five deals)", "Kein Stich (fünf Spiele)"), or the id itself where the preset has no name of its own."""
    from keinstich.games.presets import presets

    return next((name for _game, p, name in presets() if p == str(pid)), str(pid))


_VALUES: dict[str, Callable[[Any], str]] = {
    "bot": lambda v: bot_name(str(v)), "unit": lambda v: unit_word(str(v)), "contract": contract_label,
    "role": lambda v: role_word(str(v)), "preset": preset_label,
}
"""The columns whose values are words, each with its words (a value it does not know stays as it is)."""


def label(name: Hashable) -> Hashable:
    """A column's or a row's label in the language spoken ("mean": "Mittel"), a seat's column too ("seat 2": "Platz
    2", as a Herzeln partie's ``table()`` heads them) and a contract's (``stats.paid_per_deal`` heads its columns by
    contract ids: "no-tricks": "Kein Stich"); one it does not know, as it is."""
    if not isinstance(name, str):
        return name
    said = _LABELS.get(name)
    if said is not None:
        return said()
    kind, _space, n = name.partition(" ")
    return _("seat {n}", n=int(n)) if kind == "seat" and n.isdigit() else contract_label(name)


def _decimals(column: pd.Series) -> pd.Series:
    """A float column written the reader's way with one number of decimals for all (as many as its values show)."""
    places = 0
    for x in column.dropna():
        text = f"{float(x):.6f}".rstrip("0")
        places = max(places, len(text.split(".")[1]) if "." in text else 0)
    return column.map(lambda x: x if pd.isna(x) else number(float(x), places))


def _values(column: pd.Series, name: Hashable) -> pd.Series:
    words = _VALUES.get(name) if isinstance(name, str) else None
    if words is not None:
        return column.map(lambda v: v if pd.isna(v) else words(v))
    if pd.api.types.is_bool_dtype(column):
        return column.map(_yes_no)
    if pd.api.types.is_float_dtype(column) and language() != "en":
        return _decimals(column)
    return column


def _axis(index: pd.Index) -> pd.Index:
    """An axis with its labels said: by its name's words where its name is a column of words ("bot", "contract"),
    else as labels; its name(s) said too."""
    if isinstance(index, pd.MultiIndex):
        levels = [_axis(index.get_level_values(k)) for k in range(index.nlevels)]
        return pd.MultiIndex.from_arrays(levels, names=[label(n) for n in index.names])
    words = _VALUES.get(index.name) if isinstance(index.name, str) else None
    said = [words(v) if words is not None and isinstance(v, str) and words(v) != v else label(v) for v in index]
    return pd.Index(said, name=label(index.name), dtype=object if any(isinstance(v, str) for v in said) else None)


def worded(frame: pd.DataFrame | pd.Series) -> pd.DataFrame | pd.Series:
    """A copy of ``frame`` to show: its labels, the axes' names and its word values in the language spoken (through
    the catalogs), its decimals written the reader's way; the numbers themselves unchanged. English leaves the
    words as they are (they are the msgids)."""
    if isinstance(frame, pd.Series):
        out = _values(frame.copy(), frame.name)
        out.index = _axis(frame.index)
        out.name = label(frame.name)
        return out
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"worded shows a pandas DataFrame or Series, not {type(frame).__name__}")
    out = frame.copy()
    out.attrs = {}
    for i, name in enumerate(frame.columns):
        out.isetitem(i, _values(frame.iloc[:, i], name))
    out.columns = _axis(frame.columns)
    out.index = _axis(frame.index)
    return out

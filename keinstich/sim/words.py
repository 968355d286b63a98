"""Simulation tables in the reader's words, for showing: the same numbers, the headings and the names in them
(contracts, bots, roles, units, games) said in the language spoken. The frame itself keeps its ids, the same in every
language, so code keys on ``frame["bot"] == "heuristic"`` anywhere; a lesson shows ``in_words(frame)``.

::

    duel = summarize(tournament(["heuristic", "random"], "no-hearts", deals=200))
    in_words(duel)                    # German: Bot · Spiele · Mittel · KI unten · KI oben · SA · Einheit
    in_words(stats.score_sheet(ledger))    # the deals' columns named by their contracts: Kein Stich, Kein Herz, …
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from keinstich.wording.i18n import _, pgettext
from keinstich.wording.names import bot_word, role_word, unit_word

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["column_word", "contract_label", "game_label", "in_words"]

Table = TypeVar("Table", "pd.DataFrame", "pd.Series[Any]")

_COLUMNS: dict[str, Callable[[], str]] = {
    "deal": lambda: pgettext("column", "deal"), "deal_no": lambda: pgettext("column", "deal"),
    "partie": lambda: pgettext("column", "partie"), "contract": lambda: pgettext("column", "contract"),
    "game": lambda: pgettext("column", "game"), "preset": lambda: pgettext("column", "preset"),
    "players": lambda: pgettext("column", "players"), "pack": lambda: pgettext("column", "pack"),
    "seed": lambda: pgettext("column", "seed"), "seat": lambda: pgettext("column", "seat"),
    "dealer": lambda: pgettext("column", "dealer"), "bot": lambda: pgettext("column", "bot"),
    "rotation": lambda: pgettext("column", "rotation"), "tricks": lambda: pgettext("column", "tricks"),
    "score": lambda: pgettext("column", "score"), "unit": lambda: pgettext("column", "unit"),
    "place": lambda: pgettext("column", "place"), "role": lambda: pgettext("column", "role"),
    "card_points": lambda: pgettext("column", "card points"), "amount": lambda: pgettext("column", "amount"),
    "reason": lambda: pgettext("column", "reason"), "paid": lambda: pgettext("column", "paid"),
    "received": lambda: pgettext("column", "received"), "pot": lambda: pgettext("column", "pot"),
    "net": lambda: pgettext("column", "net"), "deals": lambda: pgettext("column", "deals"),
    "parties": lambda: pgettext("column", "parties"), "count": lambda: pgettext("column", "count"),
    "mean": lambda: pgettext("column", "mean"), "ci_low": lambda: pgettext("column", "ci_low"),
    "ci_high": lambda: pgettext("column", "ci_high"), "sd": lambda: pgettext("column", "sd"),
    "paid − received": lambda: pgettext("column", "paid − received"),
    "received from the pot": lambda: pgettext("column", "received from the pot"),
    "spread (sd)": lambda: pgettext("column", "spread (sd)"),
    "share paying nothing": lambda: pgettext("column", "share paying nothing"),
    "most paid": lambda: pgettext("column", "most paid"),
}
"""The columns of the kit's frames (``simulate``, ``simulate_partie``, ``summarize``, a ledger, the ``stats``
tables) as a table heads them."""


def contract_label(cid: object) -> str:
    """A contract id as a table or a chart names it: the contract's name in the language spoken ("No Hearts",
    "Kein Herz"), or the id itself when no game knows it (a reader's own)."""
    from keinstich.games import GAMES

    for g in GAMES.values():
        try:
            c = g.contract(str(cid))
        except (ValueError, KeyError, TypeError):
            continue
        title = getattr(c, "title", None)
        if callable(title):
            return str(title())
    return str(cid)


def game_label(gid: object) -> str:
    """A game id as a table names it: "Kein Stich", "Herzeln", "Herzblatt"."""
    from keinstich.games import GAMES

    g = GAMES.get(str(gid))
    return str(g.name) if g is not None else str(gid)


_VALUES: dict[str, Callable[[str], str]] = {"contract": contract_label, "bot": bot_word, "role": role_word,
                                            "unit": unit_word, "game": game_label}
"""The columns whose values are ids, and how each id is said."""


def column_word(name: object) -> object:
    """A column's heading in the language spoken: a known column ("mean" → "Mittel"), a seat's column ("seat 2" →
    "Platz 2"), a contract's column (a score sheet's) by the contract's name; anything else as it is."""
    if not isinstance(name, str):
        return name
    said = _COLUMNS.get(name)
    if said is not None:
        return said()
    kind, _space, number = name.partition(" ")
    if kind == "seat" and number.isdigit():
        return _("seat {n}", n=int(number))
    label = contract_label(name)
    return label if label != name else name


def _said(column: object, values: Any) -> Any:
    """``values`` (a column or an index) with its ids said, when ``column`` names ids; else as they are."""
    sayer = _VALUES.get(column) if isinstance(column, str) else None
    if sayer is None:
        return values
    return values.map(lambda v: sayer(str(v)) if isinstance(v, str) else v)


def in_words(table: Table) -> Table:
    """A copy of ``table`` (a DataFrame or a Series of the kit's simulations, summaries and ledgers) to show to a
    person: its column headings, index names and the ids in its contract, bot, role, unit and game columns (and in
    an index of them) said in the language spoken. The numbers are the same; keep ``table`` itself for code."""
    import pandas as pd

    shown = table.copy()
    if isinstance(shown, pd.DataFrame):
        for name in shown.columns:
            if isinstance(name, str) and name in _VALUES:
                column = shown[name]
                shown[name] = _said(name, column.astype(str) if str(column.dtype) == "category" else column)
        shown.columns = pd.Index([column_word(c) for c in shown.columns], name=column_word(shown.columns.name))
    else:
        shown = _said(shown.name, shown)
        shown.name = column_word(shown.name)
    index = shown.index
    if isinstance(index, pd.MultiIndex):
        levels = [_said(name, index.get_level_values(i)) for i, name in enumerate(index.names)]
        shown.index = pd.MultiIndex.from_arrays(levels, names=[column_word(n) for n in index.names])
    else:
        shown.index = pd.Index(_said(index.name, index), name=column_word(index.name))
    return shown

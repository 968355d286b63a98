"""Every game's presets in one place, and the one way a preset's settings are changed.

``preset("herzeln", "herzeln-3", style="german")`` or ``preset("kein-stich", "king-louis", players=3)``;
:func:`presets` lists them all. Each game keeps its own table (``partie.PRESETS``,
``herzeln.PRESETS``, ``herzblatt.PRESETS``); this module only puts them side by side.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")

GAMES = ("kein-stich", "herzeln", "herzblatt")


def override(table: Mapping[str, T], preset_id: str, overrides: Mapping[str, object],
             error: type[ValueError], fixed: frozenset[str] = frozenset()) -> T:
    """The preset ``preset_id`` of ``table`` with some settings changed; unknown ids and settings are
    refused with ``error`` naming what exists. ``fixed`` settings belong to the preset itself."""
    try:
        base = table[preset_id]
    except KeyError:
        raise error(f"unknown preset {preset_id!r}: use one of {', '.join(table)}") from None
    names = {f.name for f in dataclasses.fields(base)} - fixed  # type: ignore[arg-type]
    unknown = sorted(set(overrides) - names)
    if unknown:
        raise error(f"unknown setting {unknown[0]!r}: use {', '.join(sorted(names))}")
    return dataclasses.replace(base, **overrides)  # type: ignore[type-var]


def _tables() -> dict[str, Mapping[str, Any]]:
    from keinstich.games import herzblatt, herzeln  # the games import this module, so import them late
    from keinstich.games import kein_stich as partie

    return {"kein-stich": partie.PRESETS, "herzeln": herzeln.PRESETS, "herzblatt": herzblatt.PRESETS}


def presets() -> list[tuple[str, str, str]]:
    """(game, preset id, description) for every preset of every game."""
    out = []
    for game, table in _tables().items():
        for pid, rules in table.items():
            out.append((game, pid, getattr(rules, "name", "") or pid))
    return out


def preset(game: str, preset_id: str | None = None, **overrides: object) -> Any:
    """A preset of any game, e.g. ``preset("herzblatt", "herzblatt-4-muhr", loss_stake=1)``."""
    from keinstich.games import herzblatt, herzeln
    from keinstich.games import kein_stich as partie

    makers = {"kein-stich": (partie.preset, "standard"), "herzeln": (herzeln.preset, "herzeln-4"),
              "herzblatt": (herzblatt.preset, "herzblatt-4")}
    if game not in makers:
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    make, default = makers[game]
    return make(preset_id or default, **overrides)

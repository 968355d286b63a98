"""Every game's presets in one place, and the one way a preset's settings are changed.

``preset("herzeln", "herzeln-3", style="german")`` or ``preset("kein-stich", "king-louis", players=3)``;
:func:`presets` lists them all. Each game keeps its own table (``partie.PRESETS``,
``herzeln.PRESETS``, ``herzblatt.PRESETS``); this module only puts them side by side.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from keinstich.game import GAMES
from keinstich.limits import quoted

T = TypeVar("T")


def override(table: Mapping[str, T], preset_id: str, overrides: Mapping[str, object],
             error: type[ValueError], fixed: frozenset[str] = frozenset()) -> T:
    """The preset ``preset_id`` of ``table`` with some settings changed; unknown ids and settings are
    refused with ``error`` naming what exists. ``fixed`` settings belong to the preset itself."""
    if not isinstance(preset_id, str) or preset_id not in table:
        raise error(f"unknown preset {quoted(preset_id)}: use one of {', '.join(table)}")
    base = table[preset_id]
    names = {f.name for f in dataclasses.fields(base)} - fixed  # type: ignore[arg-type]
    unknown = sorted(set(overrides) - names)
    if unknown:
        raise error(f"unknown setting {unknown[0]!r}: use {', '.join(sorted(names))}")
    return dataclasses.replace(base, **overrides)  # type: ignore[type-var]


def rules_given(rules: object, kind: type[T], make: Callable[[str], T], default: str,
                error: type[ValueError]) -> T:
    """The rules a partie is given, the same way in every game: ``kind`` itself, a preset's by its id
    (``"standard"``, ``"herzeln-3"``, ``"herzblatt-3"``), or the ``default`` preset for None; anything else
    is refused, naming ``rules`` and what it takes."""
    if rules is None:
        return make(default)
    if isinstance(rules, str):
        return make(rules)
    if isinstance(rules, kind):
        return rules
    raise error(f"rules must be a {kind.__name__} or a preset's id such as {default!r}, not {quoted(rules)}")


def presets() -> list[tuple[str, str, str]]:
    """(game, preset id, description) for every preset of every registered game, the description in the language
    spoken."""
    out = []
    for game, g in GAMES.items():
        for pid, rules in g.presets().items():
            title = getattr(rules, "title", None)
            out.append((game, pid, (title() if callable(title) else getattr(rules, "name", "")) or pid))
    return out


def preset(game: str, preset_id: str | None = None, **overrides: object) -> Any:
    """A preset of any registered game (its default preset without ``preset_id``), e.g.
    ``preset("herzblatt", "herzblatt-4-muhr", loss_stake=1)``."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {quoted(game)}: use one of {', '.join(GAMES)}")
    return GAMES[game].preset(preset_id, **overrides)

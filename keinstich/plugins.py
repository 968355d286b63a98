"""Registries a low floor reads and a higher one fills, through Python entry points read when first asked.

A floor below that needs something of a floor above (the games the records look up, the faces a card draws itself
with) asks a :class:`Registry`; the floor above is named in pyproject.toml as an entry point of the registry's group
(``[project.entry-points."keinstich.games"]``), and a reader's own package may name more. Nothing is imported until
the registry is first asked, and then only what is asked for, so ``import keinstich.cards`` stays light: pandas finds
its plotting backends and pytest its plugins the same way. Entry points are read from the installed package's
metadata: a source tree that was never installed (``pip install -e .``) has none, and the registry says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, TypeVar

from keinstich.wording.i18n import _

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

T = TypeVar("T")

__all__ = ["PluginError", "Registry"]


@cache
def _installed() -> Any:
    """Every installed package's entry points, read once, as reading them reads every package's metadata (Python 3.11
    returns them as SelectableGroups, 3.12 as EntryPoints: both select by group)."""
    return entry_points()


def _entry_points(group: str) -> tuple[EntryPoint, ...]:
    return tuple(_installed().select(group=group))


class PluginError(LookupError):
    """A registry's entry points are missing (the kit not installed), or one names what the registry cannot hold."""


class Registry(MutableMapping[str, T]):
    """Values by name: those of the entry points, then those registered by hand, or in the ``order`` of a key.

    ``make(name, loaded)`` turns what an entry point names into the value (a game's class into its one instance,
    checked); each entry point is loaded the first time its name is asked for (iterating loads them all, and lists
    them by ``order(value)`` where given: entry points are read in no order of their own). Setting a name registers a
    value by hand (a reader's own game, a test's)."""

    def __init__(self, group: str, make: Callable[[str, object], T],
                 order: Callable[[T], SupportsRichComparison] | None = None) -> None:
        self.group = group
        self._make = make
        self._key = order
        self._entries: dict[str, EntryPoint] | None = None
        self._values: dict[str, T] = {}
        self._order: dict[str, None] = {}

    def _read(self) -> dict[str, EntryPoint]:
        if self._entries is None:
            found = {ep.name: ep for ep in _entry_points(self.group)}
            if not found:
                raise PluginError(_(
                    "No entry points of the group '{group}' are installed: the kit is run from a source tree that "
                    "was never installed, or installed before the group was added. Install it from its folder with "
                    "'pip install -e .' (or 'make .venv/.installed'), then restart the kernel.", group=self.group))
            self._entries = found
            self._order = dict.fromkeys(found)
        return self._entries

    def _load(self, name: str) -> T:
        if name not in self._values:
            entry = self._read()[name]  # KeyError for a name nobody registered
            self._values[name] = self._make(name, entry.load())
        return self._values[name]

    def __getitem__(self, name: str) -> T:
        if name in self._values:
            return self._values[name]
        return self._load(name)

    def __setitem__(self, name: str, value: T) -> None:
        self._read()
        self._values[name] = value
        self._order[name] = None

    def __delitem__(self, name: str) -> None:
        self._read()
        if name not in self._order:
            raise KeyError(name)
        del self._order[name]
        self._values.pop(name, None)
        if self._entries is not None:
            self._entries.pop(name, None)

    def __contains__(self, name: object) -> bool:
        self._read()
        return name in self._order

    def __iter__(self) -> Iterator[str]:
        self._read()
        names = list(self._order)
        for name in names:
            if name not in self._values:
                self._load(name)
        if self._key is not None:
            key = self._key
            names.sort(key=lambda name: key(self._values[name]))
        return iter(names)

    def __len__(self) -> int:
        self._read()
        return len(self._order)

    def __repr__(self) -> str:
        return f"<Registry {self.group}: {', '.join(self._order) if self._entries is not None else 'not read yet'}>"

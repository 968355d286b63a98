"""Layouts and styles shared by every widget that looks alike: one model in the page, not one for each widget.

Every ipywidgets widget with a box has a ``Layout`` widget, and most have a ``style`` widget too (``HTMLStyle``,
``ButtonStyle``, ``DescriptionStyle``): each one a model of its own, a message to the page and a view the browser
builds, even when it is empty. ipywidgets lets many widgets share one (the page draws each from the same model), so
the table's widgets whose box and style never change take them from here (:func:`plain`): a student's table opens
about a hundred fewer models. A shared one is *fixed*: changing it (``widget.layout.display = "none"``) would
change every widget that shares it, so it refuses with an error saying so; a widget whose box changes has a
``Layout`` of its own.
"""

from __future__ import annotations

import threading
from typing import Any, TypeVar, cast

import ipywidgets as widgets

__all__ = ["fixed", "plain"]

W = TypeVar("W", bound=widgets.Widget)


class _Fixed:
    """A Layout or style whose synced values cannot change once it is made (it is shared)."""

    _fixed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._fixed and not name.startswith("_") and name in getattr(self, "keys", ()):
            raise AttributeError(f"this {type(self).__mro__[2].__name__} is shared by many widgets, so its "
                                 f"{name} cannot change; give the widget one of its own")
        super().__setattr__(name, value)


_kinds: dict[type, type] = {}
_made: dict[tuple[type, tuple[tuple[str, Any], ...]], widgets.Widget] = {}
_lock = threading.Lock()


def fixed(kind: type[W], **values: Any) -> W:
    """The kernel's one fixed ``kind`` (``widgets.Layout``, ``widgets.HTMLStyle``, …) with these ``values``; made
    again if it was closed (``Widget.close_all()``)."""
    key = (kind, tuple(sorted(values.items())))
    with _lock:
        made = _made.get(key)
        if made is None or made.comm is None:
            sub = _kinds.get(kind)
            if sub is None:
                sub = _kinds[kind] = type(f"Fixed{kind.__name__}", (_Fixed, kind), {"__module__": __name__})
            made = sub(**values)
            made._fixed = True
            _made[key] = made
        return cast(W, made)


def plain(kind: type[widgets.DOMWidget], style: dict[str, Any] | None = None, **layout: Any) -> dict[str, Any]:
    """``layout=`` and ``style=`` for a widget of ``kind`` whose box (``layout``, e.g. ``width="auto"``) and style
    (``style``, e.g. ``{"description_width": "56px"}``) never change: shared and fixed (:func:`fixed`).
    ``widgets.HTML(value, **plain(widgets.HTML))``."""
    out: dict[str, Any] = {"layout": fixed(widgets.Layout, **layout)}
    style_kind = _style_of(kind)
    if style_kind is not None:
        out["style"] = fixed(style_kind, **(style or {}))
    return out


_styles: dict[type, type | None] = {}


def _style_of(kind: type[widgets.DOMWidget]) -> type | None:
    """The class of ``kind``'s ``style`` widget (None: it has none), looked up once a kind."""
    if kind not in _styles:
        trait = kind.class_traits().get("style")
        _styles[kind] = None if trait is None else cast(type, trait.klass)
    return _styles[kind]

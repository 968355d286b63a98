"""How the engine's values draw themselves in a notebook, knowing nothing of their pictures.

A card, a pack, a trick, a deal, a walk through a deal and a review keep a ``_repr_html_`` (so JupyterLab, Voila, a
plain ``display()`` and any front end that asks for HTML draw them), which asks :func:`html` for the picture of its
kind. The pictures are the faces (:mod:`keinstich.faces`, above every value they draw), named in pyproject.toml as
entry points of the group ``keinstich.pictures`` and loaded the first time a value of that kind is drawn::

    [project.entry-points."keinstich.pictures"]
    card = "keinstich.faces.hands:card_html"

A reader's package may name its own, or a notebook register one by hand (``PICTURES["card"] = my_card_html``).
This module imports nothing of the kit but the registry and the words, so the lowest floor (the cards) may ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keinstich.plugins import PluginError, Registry
from keinstich.wording.i18n import _

__all__ = ["PICTURES", "html"]

Picture = Callable[[Any], str]


def _picture(name: str, loaded: object) -> Picture:
    if not callable(loaded):
        raise PluginError(_("The picture '{name}' of the group 'keinstich.pictures' names {loaded}, which is not a "
                            "function that draws a value.", name=name, loaded=repr(loaded)))
    return loaded


PICTURES: Registry[Picture] = Registry("keinstich.pictures", _picture)
"""Every kind of value that draws itself, and the function that draws it as HTML: card, pack, trick, trick-deal,
lay-off-deal, herzblatt-deal, walk, review."""


def html(kind: str, value: object) -> str:
    """The picture of ``value`` as HTML, drawn by the function registered for ``kind``."""
    try:
        draw = PICTURES[kind]
    except KeyError:
        raise PluginError(_("No picture is registered for a {kind}: the group 'keinstich.pictures' names "
                            "{known}.", kind=kind, known=", ".join(PICTURES))) from None
    return draw(value)

"""The display options every picture of a card reads, and the style a value is shown in.

The faces draw with them (:func:`keinstich.faces.set_display` sets them) and the bots word their reasons in the same
style (:func:`keinstich.bots.walk.show_tricks`), so they live below both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from keinstich.cards import Card, Lang, Rank, Style

__all__ = ["DisplayOptions", "display_options", "guess_style"]


@dataclass
class DisplayOptions:
    """How engine values draw themselves in a notebook cell (``_repr_html_``).

    ``style=None`` guesses from the cards: French when a card below 7 is present or the value
    knows it is French (Herzblatt), German otherwise. Change with :func:`keinstich.faces.set_display`.
    """

    style: Style | None = None
    four_colour: bool | None = None
    lang: Lang | None = None
    width: float = 56


display_options = DisplayOptions()
"""The options the rich displays of Card, Pack, Trick and the deals use."""


def guess_style(cs: Iterable[Card], default: Style = "german") -> Style:
    """The display style for some cards: the chosen one, else French if a card below 7 appears."""
    if display_options.style is not None:
        return display_options.style
    return "french" if any(c.rank < Rank.SEVEN for c in cs) else default

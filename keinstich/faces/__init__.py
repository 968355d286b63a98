"""Card faces as SVG: our own German (acorn, leaf, heart, bell) and French suit pips, pure strings.

Every function returns the same bytes for the same input (no random ids, no ids at all), so notebook
outputs stay stable. Each face carries ``role="img"``, an ``aria-label`` and a ``<title>`` with the
card's full name in the chosen language (``Grün-Ober``, ``Queen of Spades``) for screen readers::

    card_svg(card("QS"), style="german", lang="de")      # the Ober of Leaves
    Cards(deal.hand(0))                                    # a row of faces in a plain notebook cell

Faces are drawn for a projector: big corner indices, high-contrast colours; ``four_colour`` gives
each suit its own colour (French: clubs green, diamonds blue; German: acorns brown, leaves green,
hearts red, bells golden with a brown outline). The default (``None``) is the pack's usual look:
four colours for German faces (the suits are *named* by colour: Grün, Herz), two for French ones.

The package, from the bottom up: :mod:`.svg` (a face and a back), :mod:`.hands` (rows of cards, a
trick, the display options), :mod:`.deals` (trick deals and Herzblatt), :mod:`.layout` (the
lay-off deal) and :mod:`.walk` (a worked deal stepped through trick by trick, with the bots' reasons).
It imports nothing from Jupyter and no deal module: the deal displays read the
protocols of :mod:`keinstich.deal`. No value imports its picture: each ``_repr_html_`` asks
:mod:`keinstich.pictures`, where pyproject.toml's entry points name the functions here.
"""

from keinstich.faces.deals import herzblatt_html, trickdeal_html
from keinstich.faces.hands import (
    CARD_SIZES,
    SIZE_LABELS,
    Cards,
    DisplayOptions,
    Look,
    card_html,
    card_width,
    cards_html,
    display_options,
    guess_style,
    look,
    pack_html,
    seat_name,
    set_display,
    trick_font,
    trick_html,
    trick_svg,
)
from keinstich.faces.layout import domino_html, domino_svg
from keinstich.faces.svg import back_svg, card_name, card_svg, rank_index, suit_colours, suit_svg, svg_data_uri
from keinstich.faces.walk import walk_html

__all__ = [
    "CARD_SIZES", "SIZE_LABELS", "Cards", "DisplayOptions", "Look", "back_svg", "card_html", "card_name", "card_svg",
    "card_width",
    "cards_html", "display_options", "domino_html", "domino_svg", "guess_style", "herzblatt_html", "look", "pack_html",
    "rank_index", "seat_name", "set_display", "suit_colours", "suit_svg", "svg_data_uri", "trick_font", "trick_html",
    "trick_svg", "trickdeal_html", "walk_html",
]

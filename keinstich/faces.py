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
This module imports nothing from Jupyter: the engine's rich displays and the widgets both use it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote

from keinstich.cards import Card, Lang, Rank, Style, Suit, card

if TYPE_CHECKING:
    from keinstich.cards import Pack
    from keinstich.games.herzblatt import HerzblattDeal
    from keinstich.layoff import DominoDeal
    from keinstich.tricks import Trick, TrickDeal

__all__ = [
    "Cards", "DisplayOptions", "Look", "back_svg", "card_name", "card_svg", "cards_html", "display_options",
    "domino_html", "domino_svg", "guess_style", "herzblatt_html", "look", "pack_html", "rank_index", "seat_name",
    "set_display", "suit_colours", "suit_svg", "svg_data_uri", "trick_html", "trick_svg", "trickdeal_html",
]

W, H = 240, 336
"""The faces' own coordinate box (5:7, the shape of a playing card)."""
FONT = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
STYLES: tuple[Style, ...] = ("german", "french")
LANGS: tuple[Lang, ...] = ("en", "de")

# --- colours ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Ink:
    """A suit's colours: ``fill`` for the pip, ``ink`` for its outline and the corner index
    (always dark enough to read on white), ``detail`` for the lines drawn inside a pip."""

    fill: str
    ink: str
    detail: str


_BLACK = _Ink("#111111", "#111111", "#ffffff")
_RED = _Ink("#d01010", "#c00000", "#ffffff")
_PALETTES: dict[tuple[Style, bool], tuple[_Ink, _Ink, _Ink, _Ink]] = {
    # index by Suit: clubs/acorns, spades/leaves, hearts, diamonds/bells
    ("french", False): (_BLACK, _BLACK, _RED, _RED),
    ("french", True): (_Ink("#0b7a28", "#0b7a28", "#ffffff"), _BLACK, _RED,
                       _Ink("#0a55c2", "#0a55c2", "#ffffff")),
    ("german", False): (_BLACK, _BLACK, _RED, _RED),
    ("german", True): (_Ink("#9a5b22", "#4e2c0c", "#f3dcb8"), _Ink("#2e8b2e", "#17591a", "#d9f2cf"),
                       _RED, _Ink("#f5b400", "#8a4300", "#8a4300")),
}


def _four(style: Style, four_colour: bool | None) -> bool:
    return style == "german" if four_colour is None else bool(four_colour)


def suit_colours(style: Style = "german", four_colour: bool | None = None) -> dict[Suit, str]:
    """The text colour (ink) of each suit for these options: what the corner index is printed in."""
    palette = _PALETTES[_check_style(style), _four(style, four_colour)]
    return {s: palette[s].ink for s in Suit}


# --- suit pips: our own paths in a 100 x 100 box ----------------------------------------------------

_GERMAN_PIPS: dict[Suit, str] = {
    # Eichel: a nut under a hatched cup, a short stalk on top
    Suit.CLUBS: (
        '<path d="M47 27C46 18 42 11 37 5L43 2C49 9 53 18 54 27Z" fill="{i}"/>'
        '<path d="M27 46C27 70 38 87 50 97C62 87 73 70 73 46Z" fill="{f}" stroke="{i}" stroke-width="3"/>'
        '<path d="M18 48C16 30 32 22 50 22C68 22 84 30 82 48C70 52 30 52 18 48Z" fill="{i}"/>'
        '<path d="M29 30L41 49M43 25L57 50M59 26L71 48M24 41L76 35" stroke="{d}" stroke-width="3" fill="none"/>'
        '<path d="M38 58C37 68 40 78 46 86" stroke="{d}" stroke-width="4" fill="none" stroke-linecap="round"/>'),
    # Grün: a broad leaf, tip up, with veins and a curled stalk
    Suit.SPADES: (
        '<path d="M50 2C60 16 82 24 90 42C98 62 84 80 62 76C58 75 55 73 53 70C53 82 57 91 66 97L60 100'
        'C50 93 47 83 47 70C45 73 42 75 38 76C16 80 2 62 10 42C18 24 40 16 50 2Z" fill="{f}" '
        'stroke="{i}" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M50 14V66M50 34L33 24M50 34L67 24M50 48L26 42M50 48L74 42M50 60L32 60M50 60L68 60" '
        'stroke="{d}" stroke-width="3.5" fill="none" stroke-linecap="round"/>'),
    # Herz: a round heart with a highlight
    Suit.HEARTS: (
        '<path d="M50 96C32 78 4 62 4 34C4 16 18 6 30 6C40 6 47 12 50 22C53 12 60 6 70 6C82 6 96 16 96 34'
        'C96 62 68 78 50 96Z" fill="{f}" stroke="{i}" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M18 32C18 22 24 17 31 17" stroke="{d}" stroke-width="5" fill="none" stroke-linecap="round"/>'),
    # Schellen: a round sleigh bell with a band, a slot and a loop on top
    Suit.DIAMONDS: (
        '<circle cx="50" cy="11" r="7" fill="none" stroke="{i}" stroke-width="5"/>'
        '<circle cx="50" cy="57" r="39" fill="{f}" stroke="{i}" stroke-width="4"/>'
        '<path d="M13 47C30 41 70 41 87 47M12 60C30 54 70 54 88 60" stroke="{d}" stroke-width="4.5" fill="none"/>'
        '<path d="M50 96V82" stroke="{d}" stroke-width="5" fill="none" stroke-linecap="round"/>'
        '<circle cx="50" cy="78" r="6" fill="{d}"/>'),
}

_FRENCH_PIPS: dict[Suit, str] = {
    # three round leaves and a flared foot
    Suit.CLUBS: (
        '<path d="M50 4A22 22 0 1 1 49.9 4ZM27 38A22 22 0 1 1 26.9 38ZM73 38A22 22 0 1 1 72.9 38Z" fill="{f}"/>'
        '<path d="M46 52Q46 84 30 98H70Q54 84 54 52Z" fill="{f}"/>'),
    Suit.SPADES: (
        '<path d="M50 3C40 22 6 38 6 62C6 78 18 86 30 86C38 86 44 82 47 76C46 86 40 93 30 98H70'
        'C60 93 54 86 53 76C56 82 62 86 70 86C82 86 94 78 94 62C94 38 60 22 50 3Z" fill="{f}"/>'),
    Suit.HEARTS: (
        '<path d="M50 95C36 78 5 60 5 33C5 16 17 6 29 6C39 6 46 12 50 22C54 12 61 6 71 6C83 6 95 16 95 33'
        'C95 60 64 78 50 95Z" fill="{f}"/>'),
    Suit.DIAMONDS: '<path d="M50 2Q68 30 86 50Q68 70 50 98Q32 70 14 50Q32 30 50 2Z" fill="{f}"/>',
}


def suit_svg(s: Suit, style: Style = "german", four_colour: bool | None = None) -> str:
    """The suit's pip as SVG elements in a 100 x 100 box (place it with a transform)."""
    ink = _PALETTES[_check_style(style), _four(style, four_colour)][s]
    pips = _GERMAN_PIPS if style == "german" else _FRENCH_PIPS
    return pips[s].format(f=ink.fill, i=ink.ink, d=ink.detail)


def _place(pip: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A pip centred at (cx, cy), ``size`` wide, upside down with ``flip`` (the lower half of a card)."""
    k = size / 100
    x, y = cx - size / 2, cy - size / 2
    rot = f"rotate(180 {_n(cx)} {_n(cy)}) " if flip else ""
    return f'<g transform="{rot}translate({_n(x)} {_n(y)}) scale({_n(k)})">{pip}</g>'


def _n(x: float) -> str:
    """A number without trailing zeros (short, and the same on every machine)."""
    return f"{round(x, 3):g}"


# --- ranks and names ------------------------------------------------------------------------------

_COURT_INDEX: dict[tuple[Style, Lang], dict[Rank, str]] = {
    ("german", "en"): {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U"},
    ("german", "de"): {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U"},
    ("french", "en"): {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"},
    ("french", "de"): {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B"},
}
"""Corner letters: German faces A K O U (Daus, König, Ober, Unter); French A K Q J, or in German
A K D B (Ass, König, Dame, Bube) as printed on French-suited packs sold in Germany."""


def rank_index(r: Rank, style: Style = "german", lang: Lang = "en") -> str:
    """The rank as printed in a card's corner: ``O`` for an Ober, ``Q``/``D`` for a Queen, ``10``."""
    return _COURT_INDEX[_check_style(style), _check_lang(lang)].get(r, str(int(r)))


def card_name(c: Card, style: Style = "german", lang: Lang = "en") -> str:
    """The card's full name, the text alternative of its face (``Grün-Ober``, ``Ober of Leaves``)."""
    return c.label(_check_style(style), _check_lang(lang))


def _check_style(style: str) -> Style:
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}: use 'german' or 'french'")
    return style


def _check_lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: use 'en' or 'de'")
    return lang


# --- a face -----------------------------------------------------------------------------------------

_L, _C, _R = 78, 120, 162
_T, _B, _M = 70, 266, 168
_ROWS4 = (70, 135, 201, 266)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, _T), (_C, _B)),
    3: ((_C, _T), (_C, _M), (_C, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B)),
    7: ((_L, _T), (_R, _T), (_C, 119), (_L, _M), (_R, _M), (_L, _B), (_R, _B)),
    8: ((_L, _T), (_R, _T), (_C, 119), (_L, _M), (_R, _M), (_C, 217), (_L, _B), (_R, _B)),
    9: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, _M)),
    10: (*tuple((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 102), (_C, 234)),
}
"""Pip centres for the number cards, the classic layouts; pips below the middle are drawn upside down."""
_PIP_SIZE = {2: 60, 3: 58, 4: 56, 5: 54, 6: 54, 7: 50, 8: 50, 9: 48, 10: 46}


COMPACT_BELOW = 50
"""Faces narrower than this many pixels are drawn compact by default: one big index and one big pip
(ten tiny pips cannot be read at 40 pixels; the index can, even on a projector)."""


def card_svg(c: Card | str, *, style: Style = "german", four_colour: bool | None = None, lang: Lang = "en",
             width: float = 72, dimmed: bool = False, highlighted: bool = False, compact: bool | None = None) -> str:
    """The face of ``c`` as an SVG element ``width`` pixels wide (height 1.4 times that).

    ``dimmed`` greys the face (a card that may not be played); ``highlighted`` draws a thick
    golden frame (a playable card, the winning card of a trick). ``compact``: a big index over one
    big pip instead of the full face (default: when ``width`` is below :data:`COMPACT_BELOW`).
    Same input, same bytes.
    """
    c = card(c)
    style, lang = _check_style(style), _check_lang(lang)
    ink = _PALETTES[style, _four(style, four_colour)][c.suit]
    pip = suit_svg(c.suit, style, four_colour)
    name = html.escape(card_name(c, style, lang))
    parts = [_open(width, name), _frame(highlighted)]
    index = rank_index(c.rank, style, lang)
    if compact if compact is not None else width < COMPACT_BELOW:
        fit = ' textLength="150" lengthAdjust="spacingAndGlyphs"' if len(index) > 1 else ""
        parts.append(f'<text x="{_C}" y="146" font-family="{FONT}" font-size="136" font-weight="bold" '
                     f'fill="{ink.ink}" text-anchor="middle"{fit}>{index}</text>' + _place(pip, _C, 236, 124))
    else:
        parts.append(_corners(index, ink.ink, pip))
        parts.append(_centre(c.rank, pip, ink, style, lang))
    if dimmed:
        parts.append(f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="16" fill="#ffffff" opacity=".62"/>')
    parts.append("</svg>")
    return "".join(parts)


def _open(width: float, name: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{_n(width)}" '
            f'height="{_n(width * H / W)}" role="img" aria-label="{name}"><title>{name}</title>')


def _frame(highlighted: bool) -> str:
    if highlighted:
        return (f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="16" fill="#ffffff" '
                'stroke="#e69500" stroke-width="10"/>')
    return (f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="18" fill="#ffffff" stroke="#555555" '
            'stroke-width="3"/>')


def _corners(index: str, colour: str, pip: str) -> str:
    """The rank and a small pip in the top-left corner, and the same turned round bottom-right."""
    fit = ' textLength="46" lengthAdjust="spacingAndGlyphs"' if len(index) > 1 else ""
    one = (f'<text x="31" y="56" font-family="{FONT}" font-size="50" font-weight="bold" fill="{colour}" '
           f'text-anchor="middle"{fit}>{index}</text>' + _place(pip, 31, 88, 42))
    return f"<g>{one}</g><g transform=\"rotate(180 {W // 2} {H // 2})\">{one}</g>"


def _centre(r: Rank, pip: str, ink: _Ink, style: Style, lang: Lang) -> str:
    if r == Rank.ACE:
        return _place(pip, _C, _M, 132)
    if r >= Rank.JACK:
        return _court(r, pip, ink, rank_index(r, style, lang))
    size = _PIP_SIZE[int(r)]
    return "".join(_place(pip, x, y, size, flip=y > _M + 1) for x, y in _PIPS[int(r)])


_CROWN = ('<path d="M76 96L70 52L96 76L120 44L144 76L170 52L164 96Z" fill="{f}" stroke="{i}" stroke-width="4" '
          'stroke-linejoin="round"/><path d="M78 104H162" stroke="{i}" stroke-width="8"/>')


def _court(r: Rank, pip: str, ink: _Ink, letter: str) -> str:
    """King, Ober/Queen, Unter/Jack: a framed panel with a big letter and the suit. The Ober (Queen)
    carries its pip high and the Unter (Jack) low, as the figures on German cards do; the King a crown."""
    panel = (f'<rect x="58" y="34" width="124" height="268" rx="12" fill="{ink.fill}" fill-opacity=".10" '
             f'stroke="{ink.ink}" stroke-width="3"/>')

    def big(y: int) -> str:
        return (f'<text x="{_C}" y="{y}" font-family="{FONT}" font-size="112" font-weight="bold" '
                f'fill="{ink.ink}" text-anchor="middle">{letter}</text>')

    if r == Rank.KING:
        return panel + _CROWN.format(f=ink.fill, i=ink.ink) + big(214) + _place(pip, _C, 254, 62)
    if r == Rank.QUEEN:
        return panel + _place(pip, _C, 104, 88) + big(266)
    return panel + big(152) + _place(pip, _C, 236, 88)


def back_svg(width: float = 72, *, lang: Lang = "en") -> str:
    """The back of a card (a face-down card): a blue lattice with the four German suits in the middle."""
    label = "card face down" if _check_lang(lang) == "en" else "verdeckte Karte"
    lattice = []
    step = 24
    for i in range(-H // step, W // step + 1):  # diagonals both ways, clipped by hand to the inner panel
        x0 = i * step
        lattice.append(_clip_line(x0, x0 + (H - 40), 1))
        lattice.append(_clip_line(x0 + (H - 40), x0, -1))
    rose = "".join(_place(suit_svg(s, "german", True), x, y, 40)
                   for s, (x, y) in zip(Suit, ((120, 136), (92, 168), (148, 168), (120, 200)), strict=True))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{_n(width)}" '
            f'height="{_n(width * H / W)}" role="img" aria-label="{label}"><title>{label}</title>'
            f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="18" fill="#ffffff" stroke="#555555" '
            'stroke-width="3"/><rect x="18" y="18" width="204" height="300" rx="10" fill="#1c3f7a"/>'
            f'<path d="{"".join(lattice)}" stroke="#5b7fc0" stroke-width="3" fill="none"/>'
            '<circle cx="120" cy="168" r="64" fill="#ffffff" stroke="#e69500" stroke-width="6"/>'
            f'{rose}</svg>')


def _clip_line(x_top: float, x_bottom: float, direction: int) -> str:
    """A line from (x_top, 18) to (x_bottom, 318), cut to the panel x in [18, 222]."""
    y0, y1 = 18.0, 318.0
    xa, ya, xb, yb = float(x_top), y0, float(x_bottom), y1
    lo, hi = 18.0, 222.0
    dx = xb - xa
    if dx == 0:
        return ""

    def y_at(x: float) -> float:
        return ya + (x - xa) * (yb - ya) / dx

    pts = []
    for x, y in ((xa, ya), (xb, yb)):
        if x < lo:
            x, y = lo, y_at(lo)
        elif x > hi:
            x, y = hi, y_at(hi)
        pts.append((x, y))
    (x1, y1_), (x2, y2) = pts
    if not (y0 <= y1_ <= y1 and y0 <= y2 <= y1) or (x1 == x2 and y1_ == y2):
        return ""
    return f"M{_n(x1)} {_n(y1_)}L{_n(x2)} {_n(y2)}"


def svg_data_uri(svg: str) -> str:
    """``svg`` as a ``data:image/svg+xml`` URI for CSS ``url("…")`` (percent-encoded, UTF-8)."""
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe=" =:/,;-_.!~*'()@+")


# --- rows of cards in HTML ------------------------------------------------------------------------------


@dataclass
class DisplayOptions:
    """How engine values draw themselves in a notebook cell (``_repr_html_``).

    ``style=None`` guesses from the cards: French when a card below 7 is present or the value
    knows it is French (Herzblatt), German otherwise. Change with :func:`set_display`.
    """

    style: Style | None = None
    four_colour: bool | None = None
    lang: Lang = "en"
    width: float = 56


display_options = DisplayOptions()
"""The options the rich displays of Card, Pack, Trick and the deals use."""


def set_display(*, style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                width: float | None = None) -> DisplayOptions:
    """Set how cards show in notebook cells, e.g. ``set_display(style="french", lang="de")``.

    ``style=None`` and ``four_colour=None`` restore the automatic choice. Returns the options."""
    display_options.style = _check_style(style) if style is not None else None
    display_options.four_colour = four_colour
    if lang is not None:
        display_options.lang = _check_lang(lang)
    if width is not None:
        if not width > 0:
            raise ValueError(f"width must be a positive number of pixels, not {width!r}")
        display_options.width = width
    return display_options


def guess_style(cs: Iterable[Card], default: Style = "german") -> Style:
    """The display style for some cards: the chosen one, else French if a card below 7 appears."""
    if display_options.style is not None:
        return display_options.style
    return "french" if any(c.rank < Rank.SEVEN for c in cs) else default


def cards_html(cs: Iterable[Card | str], *, style: Style = "german", four_colour: bool | None = None,
               lang: Lang = "en", width: float = 56, dim: Iterable[Card | str] = frozenset(),
               highlight: Iterable[Card | str] = frozenset(), gap: int = 4, compact: bool | None = None) -> str:
    """A row of faces as HTML (wraps on narrow screens); ``dim`` and ``highlight`` mark cards."""
    dimmed = {card(x) for x in dim}
    lit = {card(x) for x in highlight}
    faces = [card_svg(x, style=style, four_colour=four_colour, lang=lang, width=width,
                      dimmed=x in dimmed, highlighted=x in lit, compact=compact) for x in (card(y) for y in cs)]
    return (f'<div class="ks-cards" style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-end">'
            + "".join(faces) + "</div>")


@dataclass(frozen=True)
class Cards:
    """Any sequence of cards, shown as faces in a notebook cell: ``Cards(deal.hand(0))``.

    ``style=None`` follows :data:`display_options` (German unless the cards are French)."""

    cards: tuple[Card, ...]
    style: Style | None = None
    four_colour: bool | None = None
    lang: Lang | None = None
    width: float | None = None
    dim: frozenset[Card] = field(default=frozenset())
    highlight: frozenset[Card] = field(default=frozenset())

    def __init__(self, cs: Iterable[Card | str] | str, style: Style | None = None, *,
                 four_colour: bool | None = None, lang: Lang | None = None, width: float | None = None,
                 dim: Iterable[Card | str] = (), highlight: Iterable[Card | str] = ()) -> None:
        from keinstich.cards import cards as parse

        object.__setattr__(self, "cards", parse(cs) if isinstance(cs, str) else tuple(card(x) for x in cs))
        object.__setattr__(self, "style", _check_style(style) if style is not None else None)
        object.__setattr__(self, "four_colour", four_colour)
        object.__setattr__(self, "lang", _check_lang(lang) if lang is not None else None)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "dim", frozenset(card(x) for x in dim))
        object.__setattr__(self, "highlight", frozenset(card(x) for x in highlight))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return "Cards(" + " ".join(c.code for c in self.cards) + ")"

    def _repr_html_(self) -> str:
        if not self.cards:
            return "<i>no cards</i>"
        return look(self.cards, self.style, self.four_colour, self.lang, self.width).row(
            self.cards, dim=self.dim, highlight=self.highlight)


@dataclass(frozen=True)
class Look:
    """Resolved display options for one rich display (see :func:`look`)."""

    style: Style
    four_colour: bool | None
    lang: Lang
    width: float
    compact: bool | None = None

    def svg(self, c: Card, *, dimmed: bool = False, highlighted: bool = False, width: float | None = None) -> str:
        return card_svg(c, style=self.style, four_colour=self.four_colour, lang=self.lang,
                        width=width or self.width, dimmed=dimmed, highlighted=highlighted, compact=self.compact)

    def row(self, cs: Iterable[Card], *, dim: Iterable[Card] = frozenset(), highlight: Iterable[Card] = frozenset(),
            width: float | None = None) -> str:
        return cards_html(cs, style=self.style, four_colour=self.four_colour, lang=self.lang,
                          width=width or self.width, dim=dim, highlight=highlight, compact=self.compact)

    def name(self, c: Card) -> str:
        return card_name(c, self.style, self.lang)


def look(cs: Iterable[Card] = (), style: Style | None = None, four_colour: bool | None = None,
         lang: Lang | None = None, width: float | None = None, default: Style = "german") -> Look:
    """Display options for a rich display: explicit choices first, then :data:`display_options`,
    then the style guessed from the cards (``default`` when they do not tell)."""
    o = display_options
    return Look(_check_style(style) if style is not None else guess_style(cs, default),
                four_colour if four_colour is not None else o.four_colour,
                _check_lang(lang) if lang is not None else o.lang, width or o.width)


# --- a trick on the table ---------------------------------------------------------------------------


def seat_name(seat: int, names: Sequence[str] | None = None, lang: Lang = "en") -> str:
    """A seat's display name: ``names[seat]`` if given, else "Seat 2" / "Platz 2"."""
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"{'Seat' if lang == 'en' else 'Platz'} {seat}"


def _nested(svg: str, x: float, y: float) -> str:
    """An SVG face placed at (x, y) inside a bigger SVG."""
    return svg.replace("<svg ", f'<svg x="{_n(x)}" y="{_n(y)}" ', 1)


def trick_svg(players: int, plays: Sequence[tuple[int, Card]], *, names: Sequence[str] | None = None,
              winner: int | None = None, me: int = 0, style: Style = "german", four_colour: bool | None = None,
              lang: Lang = "en", width: float = 64, title: str | None = None) -> str:
    """A trick as one SVG: each seat's card round the table (``me`` at the bottom, seats clockwise),
    a dashed place for seats still to play, a small number for the order of play, the winner framed.

    One self-contained SVG (no CSS), so it shows the same on GitHub, nbviewer and in widgets.
    """
    if players < 2:
        raise ValueError(f"a trick needs at least 2 players, not {players}")


    cw, ch = width, width * H / W
    label = 16.0
    fx, fy = _TABLE_RADII.get(players, (1.2 + 0.05 * players, 1.15))
    rx, ry = cw * fx, ch * fy
    words = _WORDS[_check_lang(lang)]
    longest = max(len(seat_name(s, names, lang)) + (len(words["wins"]) + 3 if s == winner else 0)
                  for s in range(players))
    margin = max(6.0, longest * 3.9 - cw / 2 + 4)  # half a label (about 7.8 px a letter at 13 px) may stick out
    total_w = 2 * rx + cw + 2 * margin
    total_h = 2 * ry + ch + 2 * label + 12
    cx, cy = total_w / 2, total_h / 2
    played = {seat: (i, c) for i, (seat, c) in enumerate(plays)}
    lead = plays[0][0] if plays else None
    parts = []
    alt = []
    for seat in range(players):
        a = 2 * math.pi * ((seat - me) % players) / players
        x = cx - rx * math.sin(a) - cw / 2
        y = cy + ry * math.cos(a) - ch / 2
        name = html.escape(seat_name(seat, names, lang))
        bold = ' font-weight="bold"' if seat == winner else ""
        tag = f" · {words['wins']}" if seat == winner else ""
        ty = y + ch + label - 3 if math.cos(a) >= -0.01 else y - 4
        parts.append(f'<text x="{_n(x + cw / 2)}" y="{_n(ty)}" font-family="{FONT}" font-size="13" '
                     f'text-anchor="middle" fill="#222222"{bold}>{name}{tag}</text>')
        if seat in played:
            i, c = played[seat]
            parts.append(_nested(card_svg(c, style=style, four_colour=four_colour, lang=lang, width=cw,
                                          highlighted=seat == winner), x, y))
            parts.append(f'<circle cx="{_n(x + cw - 2)}" cy="{_n(y + 2)}" r="9" fill="#1c3f7a"/>'
                         f'<text x="{_n(x + cw - 2)}" y="{_n(y + 6.5)}" font-family="{FONT}" font-size="12" '
                         f'font-weight="bold" text-anchor="middle" fill="#ffffff">{i + 1}</text>')
            alt.append(f"{seat_name(seat, names, lang)}: {card_name(c, style, lang)}")
        else:
            parts.append(f'<rect x="{_n(x + 2)}" y="{_n(y + 2)}" width="{_n(cw - 4)}" height="{_n(ch - 4)}" '
                         'rx="6" fill="none" stroke="#9aa5b1" stroke-width="2" stroke-dasharray="6 4"/>')
    if title is None:
        title = words["trick"] + (f" ({words['led by']} {seat_name(lead, names, lang)})" if lead is not None else "")
    desc = html.escape(title + ": " + ("; ".join(alt) if alt else words["no cards"])
                       + (f"; {words['won by']} {seat_name(winner, names, lang)}" if winner is not None else ""))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(total_w)} {_n(total_h)}" '
            f'width="{_n(total_w)}" height="{_n(total_h)}" role="img" aria-label="{desc}"><title>{desc}</title>'
            f'<rect x="1" y="1" width="{_n(total_w - 2)}" height="{_n(total_h - 2)}" rx="14" fill="#e8f3ea" '
            f'stroke="#9cc5a5" stroke-width="2"/>{"".join(parts)}</svg>')


_TABLE_RADII: dict[int, tuple[float, float]] = {2: (0, 0.58), 3: (1.2, 0.55), 4: (1.15, 0.6), 5: (1.2, 1.0),
                                                6: (1.3, 1.12)}
"""Half-axes of the ellipse the cards of a trick sit on, in card widths and heights: as tight as
possible without two cards overlapping."""

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"wins": "wins", "trick": "Trick", "led by": "led by", "won by": "won by", "no cards": "no cards yet"},
    "de": {"wins": "sticht", "trick": "Stich", "led by": "ausgespielt von", "won by": "gewonnen von",
           "no cards": "noch keine Karte"},
}


# --- rich displays of engine values ---------------------------------------------------------------------
# The engine's _repr_html_ methods call these, importing this module lazily (faces imports only cards
# at run time, so there is no import cycle). The deals are read through their public API only.

_TD = 'style="padding:2px 8px;text-align:left;vertical-align:middle;border:none"'
_TH = 'style="padding:2px 8px;text-align:left;border:none;border-bottom:1px solid #ccc"'


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    th = "".join(f"<th {_TH}>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td {_TD}>{x}</td>" for x in r) + "</tr>" for r in rows)
    return f'<table style="border-collapse:collapse;margin:4px 0"><tr>{th}</tr>{body}</table>'


def _all_cards(deal: TrickDeal | DominoDeal | HerzblattDeal) -> list[Card]:
    skat: tuple[Card, ...] = getattr(deal, "skat", ())
    return [c for h in deal.dealt for c in h] + list(skat)


def pack_html(p: Pack) -> str:
    """A pack, one row per suit (Pack._repr_html_)."""
    cs: tuple[Card, ...] = p.cards
    lk = look(cs, default=p.style, width=40)
    rows = "".join(lk.row([c for c in cs if c.suit == s]) for s in Suit if any(c.suit == s for c in cs))
    return f"<div><b>{html.escape(p.id)}</b> ({len(cs)} cards)</div>{rows}"


def trick_html(t: Trick, players: int | None = None) -> str:
    """A finished trick: who played what round the table, the winner framed (Trick._repr_html_)."""
    plays = t.plays()
    n = players or len(plays)
    lk = look([c for _, c in plays], width=48)
    title = ("Trick" if lk.lang == "en" else "Stich") + f" {t.number}"
    return trick_svg(n, plays, winner=t.winner, style=lk.style, four_colour=lk.four_colour,
                     lang=lk.lang, width=lk.width, title=title)


def trickdeal_html(deal: TrickDeal, *, title: str = "") -> str:
    """A trick deal with every hand open: hands (legal cards framed for the seat to move), tricks
    won, scores so far, and the trick on the table (TrickDeal._repr_html_)."""
    d = deal
    n: int = d.players
    # ace-ten order is Herzeln's and Herzblatt's: French-card games
    lk = look(_all_cards(d), width=40, default="french" if d.rules.order == "ace-ten" else "german")
    turn = d.turn
    legal = set(d.legal())
    won = d.tricks_won()
    scores = d.scores()
    contract = d.contract
    unit = getattr(contract, "unit", "")
    en = lk.lang == "en"
    rows = []
    for s in range(n):
        hand = d.hand(s)
        who = html.escape(seat_name(s, None, lk.lang)) + (" ◀" if s == turn else "")
        row = lk.row(hand, highlight=legal if s == turn and len(legal) < len(hand) else ()) if hand else "–"
        rows.append([f"<b>{who}</b>" if s == turn else who, row, str(won[s]), str(scores[s])])
    done = len(d.tricks)
    total = d.total_tricks
    name = html.escape(getattr(contract, "name", "") or ("no contract" if en else "ohne Vertrag"))
    state = (("over" if en else "vorbei") if turn is None
             else (f"seat {turn} to play" if en else f"Platz {turn} spielt"))
    head = (f"<div><b>{html.escape(title) or name}</b> · {'trick' if en else 'Stich'} "
            f"{min(done + 1, total)}/{total} · {state}</div>")
    trick = d.trick
    if trick:
        table = trick_svg(n, trick, style=lk.style, four_colour=lk.four_colour, lang=lk.lang, width=44)
    elif done:
        last = d.tricks[-1]
        table = trick_svg(n, last.plays(), winner=last.winner, style=lk.style, four_colour=lk.four_colour,
                          lang=lk.lang, width=44, title=("last trick" if en else "letzter Stich") + f" {last.number}")
    else:
        table = ""
    cols = (["seat", "hand", "tricks", f"score ({unit})" if unit else "score"] if en
            else ["Platz", "Hand", "Stiche", f"Stand ({unit})" if unit else "Stand"])
    return (head + '<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:center">'
            + _table(cols, rows) + table + "</div>")


def domino_svg(deal: DominoDeal, *, open_seats: Iterable[int] = (), style: Style | None = None,
               four_colour: bool | None = None, lang: Lang | None = None, width: float = 40) -> str:
    """The lay-off layout as one SVG: the rows from their Unter (one per suit, aligned so each Unter
    sits in the same column and the row grows both ways), or the chain, in order, wrapping in lines.

    Dashed slots mark the open ends. If the seat to move is in ``open_seats``, the cards it can lay
    now are drawn faintly in their slots, framed in gold. Reads the deal's public API only.
    """
    d = deal
    lk = look(_all_cards(d), style, four_colour, lang, width)
    cw, ch = lk.width, lk.width * H / W
    turn = d.turn
    show = set(d.legal()) if turn is not None and turn in set(open_seats) else set()
    frontier: tuple[Card, ...] = d.frontier
    if d.rules.layout == "chain":
        return _chain_svg(d, lk, cw, ch, frontier, show)
    return _rows_svg(d, lk, cw, ch, frontier, show)


def _slot(x: float, y: float, cw: float, ch: float, lk: Look, c: Card | None) -> str:
    out = ""
    if c is not None:
        out = _nested(lk.svg(c, highlighted=True, width=cw).replace(
            'role="img"', 'role="img" opacity=".55"', 1), x, y)
    colour = "#e69500" if c is not None else "#9aa5b1"
    return out + (f'<rect x="{_n(x + 1.5)}" y="{_n(y + 1.5)}" width="{_n(cw - 3)}" height="{_n(ch - 3)}" rx="5" '
                  f'fill="none" stroke="{colour}" stroke-width="2.5" stroke-dasharray="5 3"/>')


def _svg_box(w: float, h: float, body: str, label: str) -> str:
    label = html.escape(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(w)} {_n(h)}" width="{_n(w)}" '
            f'height="{_n(h)}" role="img" aria-label="{label}"><title>{label}</title>'
            f'<rect x="1" y="1" width="{_n(w - 2)}" height="{_n(h - 2)}" rx="10" fill="#e8f3ea" stroke="#9cc5a5" '
            f'stroke-width="2"/>{body}</svg>')


def _rows_svg(d: DominoDeal, lk: Look, cw: float, ch: float, frontier: Sequence[Card], show: set[Card]) -> str:
    from keinstich.cards import strength_table

    order = strength_table(d.rules.order)
    rows = d.rows
    dealt = _all_cards(d)
    seqs = {s: sorted((c for c in dealt if c.suit == s), key=lambda c: order[c.index]) for s in rows}
    jack = {s: next((i for i, c in enumerate(seqs[s]) if c.rank == Rank.JACK), 0) for s in rows}
    cells: dict[Suit, dict[int, tuple[str, Card]]] = {s: {} for s in rows}
    for s, row in rows.items():
        j = next((i for i, c in enumerate(row) if c.rank == Rank.JACK), 0)
        for i, c in enumerate(row):
            cells[s][i - j] = ("laid", c)
        for c in frontier:
            if c.suit != s:
                continue
            ends = d.ends(c)
            if not row:
                cells[s][0] = ("open", c)
            else:
                if "top" in ends:
                    cells[s][len(row) - j] = ("open", c)
                if "bottom" in ends:
                    cells[s][-j - 1] = ("open", c)
    lo = min([-jack[s] for s in rows] + [k for cs in cells.values() for k in cs] + [0])
    hi = max([len(seqs[s]) - 1 - jack[s] for s in rows] + [k for cs in cells.values() for k in cs] + [0])
    pad, gap, head = 8.0, 4.0, 34.0
    step = cw + gap
    body = []
    words = []
    for r, (s, row) in enumerate(rows.items()):
        y = pad + r * (ch + gap)
        body.append(_place(suit_svg(s, lk.style, lk.four_colour), pad + head / 2 - 2, y + ch / 2, head - 8))
        for k, (kind, c) in sorted(cells[s].items()):
            x = pad + head + (k - lo) * step
            if kind == "laid":
                body.append(_nested(lk.svg(c, width=cw), x, y))
            else:
                body.append(_slot(x, y, cw, ch, lk, c if c in show else None))
        name = s.label(lk.style, lk.lang)
        words.append(f"{name}: " + (" ".join(c.code for c in row) if row else
                                    ("not started" if lk.lang == "en" else "nicht begonnen")))
    w = 2 * pad + head + (hi - lo + 1) * step - gap
    h = 2 * pad + len(rows) * (ch + gap) - gap
    return _svg_box(w, h, "".join(body), "; ".join(words))


def _chain_svg(d: DominoDeal, lk: Look, cw: float, ch: float, frontier: Sequence[Card], show: set[Card],
               per_line: int = 12) -> str:
    chain = d.chain
    bottom = [c for c in frontier if "bottom" in d.ends(c)] if chain else []
    top = [c for c in frontier if "top" in d.ends(c)]
    seq: list[tuple[str, Card | None]] = []
    if chain and frontier:
        seq.append(("open", next((c for c in bottom if c in show), None)))
    seq += [("laid", c) for c in chain]
    if frontier:
        seq.append(("open", next((c for c in top if c in show), None)))
    pad, step = 8.0, cw + 3
    lines = max(1, -(-len(seq) // per_line))
    body = []
    for i, (kind, c) in enumerate(seq):
        x = pad + (i % per_line) * step
        y = pad + (i // per_line) * (ch + 6)
        if kind == "laid" and c is not None:
            body.append(_nested(lk.svg(c, width=cw), x, y))
        else:
            body.append(_slot(x, y, cw, ch, lk, c))
    w = 2 * pad + (min(len(seq), per_line) - 1) * step + cw if seq else 2 * pad + cw
    h = 2 * pad + lines * (ch + 6) - 6
    label = ("chain: " + " ".join(c.code for c in chain)) if chain else (
        "chain: empty (any Unter starts it)" if lk.lang == "en" else "Kette: leer (ein Unter beginnt)")
    return _svg_box(w, h, "".join(body), label)


def domino_html(deal: DominoDeal, *, open_seats: Iterable[int] | None = None,
                names: Sequence[str] | None = None) -> str:
    """A lay-off deal, all hands open: the layout, then per seat the hand (playable cards framed),
    cards left, passes and place (DominoDeal._repr_html_)."""
    d = deal
    n: int = d.players
    seats = range(n) if open_seats is None else open_seats
    lk = look(_all_cards(d), width=40, default="french" if d.contract.points is not None else "german")
    en = lk.lang == "en"
    turn = d.turn
    legal = set(d.legal())
    passes = d.passes()
    finish = list(d.finish_order)
    shown = set(seats)
    rows = []
    for s in range(n):
        hand = d.hand(s)
        who = html.escape(seat_name(s, names, lk.lang)) + (" ◀" if s == turn else "")
        cells = lk.row(hand, highlight=legal if s == turn else (), width=32) if hand and s in shown else (
            f"{len(hand)} " + ("cards" if en else "Karten") if hand else "–")
        place = str(finish.index(s) + 1) if s in finish else ""
        rows.append([f"<b>{who}</b>" if s == turn else who, cells, str(passes[s]), place])
    kind = "chain" if d.rules.layout == "chain" else "rows"
    name = html.escape(getattr(d.contract, "name", "Domino"))
    state = (("over" if en else "vorbei") if turn is None else
             (f"seat {turn} to move" if en else f"Platz {turn} ist dran")
             + ("" if legal else (" (must pass)" if en else " (muss passen)")))
    head = f"<div><b>{name}</b> ({kind}) · {state}</div>"
    cols = ["seat", "hand", "passes", "place"] if en else ["Platz", "Hand", "Passen", "Rang"]
    return (head + domino_svg(d, open_seats=shown, style=lk.style, four_colour=lk.four_colour, lang=lk.lang)
            + _table(cols, rows))


def herzblatt_html(deal: HerzblattDeal) -> str:
    """A Herzblatt deal, all open: phase, soloist, hands, skat (and discards), the trick on the table,
    card points so far, and the settlement when over (HerzblattDeal._repr_html_)."""
    d = deal
    n: int = d.players
    lk = look(_all_cards(d), width=40, default="french")
    en = lk.lang == "en"
    phase = d.phase
    turn = d.turn
    soloist = d.soloist
    legal = set(d.legal())
    points = d.card_points()
    td = d.trick_deal
    won = td.tricks_won() if td is not None else (0,) * n
    answers = dict(d.answers)
    rows = []
    for s in range(n):
        hand = d.hand(s)
        role = ""
        if s == soloist:
            role = "soloist" if en else "Spieler"
        elif s in answers:
            role = ("plays" if answers[s] else "passed") if en else ("spielt" if answers[s] else "passt")
        who = html.escape(seat_name(s, None, lk.lang)) + (" ◀" if s == turn else "")
        row = lk.row(hand, highlight=legal if s == turn and phase == "play" and len(legal) < len(hand) else ())
        rows.append([f"<b>{who}</b>" if s == turn else who, role, row, str(won[s]), str(points[s])])
    skat = d.skat
    discards = d.discards
    parts = [f"<div><b>Herzblatt</b> · {'phase' if en else 'Phase'}: {html.escape(phase)} · "
             f"{'dealer' if en else 'Geber'} {seat_name(d.dealer, None, lk.lang)}</div>"]
    extra = f"<div>{'skat' if en else 'Skat'}: {lk.row(skat, width=32)}</div>"
    if discards:
        extra += f"<div>{'laid away' if en else 'gedrückt'}: {lk.row(discards, width=32)}</div>"
    table = ""
    if td is not None and td.trick:
        table = trick_svg(n, td.trick, style=lk.style, four_colour=lk.four_colour, lang=lk.lang, width=44)
    elif td is not None and td.tricks:
        last = td.tricks[-1]
        table = trick_svg(n, last.plays(), winner=last.winner, style=lk.style, four_colour=lk.four_colour,
                          lang=lk.lang, width=44, title=("last trick" if en else "letzter Stich") + f" {last.number}")
    cols = (["seat", "role", "hand", "tricks", "card points"] if en
            else ["Platz", "Rolle", "Hand", "Stiche", "Augen"])
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:center">'
                 f"{_table(cols, rows)}<div>{extra}</div>{table}</div>")
    if phase == "over":
        parts.append(f"<div><b>{html.escape(str(d.settlement()))}</b></div>")
    return "".join(parts)

"""Card faces and backs as SVG: our own German (acorn, leaf, heart, bell) and French suit pips.

Every function returns the same bytes for the same input (no random ids, no ids at all), so notebook
outputs stay stable. Each face carries ``role="img"``, an ``aria-label`` and a ``<title>`` with the
card's full name in the chosen language (``Grün-Ober``, ``Queen of Spades``) for screen readers.
Faces are drawn for a projector: big corner indices, high-contrast colours; ``four_colour`` gives
each suit its own colour. Imports only :mod:`keinstich.cards`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import quote

from keinstich.cards import Card, Lang, Rank, Style, Suit, card, quoted
from keinstich.i18n import language, use_language
from keinstich.wording.words import court_index

__all__ = ["COMPACT_BELOW", "FONT", "LANGS", "STYLES", "H", "W", "back_svg", "card_name", "card_svg", "rank_index",
           "suit_colours", "suit_svg", "svg_data_uri"]

W, H = 240, 336
"""The faces' own coordinate box (5:7, the shape of a playing card)."""
FONT = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
STYLES: tuple[Style, ...] = ("german", "french")
LANGS: tuple[Lang, ...] = ("en", "de")

# --- colours ------------------------------------------------------------------------------------
# Every pip's fill is 3:1 or more against the white card (WCAG 2.2's 1.4.11 for graphics): the Bells' gold #b58300
# is 3.4:1 (the bright #f5b400 it replaced was 1.8:1); the suits also differ by shape and by the corner index.


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
                       _RED, _Ink("#b58300", "#8a4300", "#4a2400")),
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

_COURT_INDEX: dict[Rank, str] = {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U"}
"""Corner letters: German faces A K O U (Daus, König, Ober, Unter); French A K Q J, or in German A K D B (Ass, König,
Dame, Bube) as printed on French-suited packs sold in Germany (the message catalogs)."""


def rank_index(r: Rank, style: Style = "german", lang: Lang | None = None) -> str:
    """The rank as printed in a card's corner: ``O`` for an Ober, ``Q``/``D`` for a Queen, ``10``."""
    if _check_style(style) == "german" or r in (Rank.ACE, Rank.KING) or r <= Rank.TEN:
        return _COURT_INDEX.get(r, str(int(r)))
    with use_language(_check_lang(lang)):
        return court_index(r)


def card_name(c: Card, style: Style = "german", lang: Lang | None = None) -> str:
    """The card's full name, the text alternative of its face (``Grün-Ober``, ``Ober of Leaves``)."""
    return c.label(_check_style(style), _check_lang(lang))


def _check_style(style: str) -> Style:
    if style not in STYLES:
        raise ValueError(f"unknown card style {quoted(style)}: use 'german' or 'french'")
    return style


def _check_lang(lang: str | None) -> Lang:
    """``lang``, checked; None is the language spoken (:mod:`keinstich.i18n`)."""
    if lang is None:
        return "de" if language() == "de" else "en"
    if lang not in LANGS:
        raise ValueError(f"unknown language {quoted(lang)}: use 'en' or 'de'")
    return lang


def check_width(width: object, name: str = "width") -> float:
    """A width in pixels: a number above 0 (True and False are not), or a refusal naming ``name``."""
    if isinstance(width, bool) or not isinstance(width, int | float) or not width > 0:
        raise ValueError(f"{name} must be a positive number of pixels, not {quoted(width)}")
    return width


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


def card_svg(c: Card | str, *, style: Style = "german", four_colour: bool | None = None, lang: Lang | None = None,
             width: float = 72, dimmed: bool = False, highlighted: bool = False, compact: bool | None = None) -> str:
    """The face of ``c`` as an SVG element ``width`` pixels wide (height 1.4 times that).

    ``dimmed`` greys the face (a card that may not be played); ``highlighted`` draws a thick
    golden frame (a playable card, the winning card of a trick). ``compact``: a big index over one
    big pip instead of the full face (default: when ``width`` is below :data:`COMPACT_BELOW`).
    Same input, same bytes.
    """
    c = card(c)
    style, lang = _check_style(style), _check_lang(lang)
    check_width(width)
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


def back_svg(width: float = 72, *, lang: Lang | None = None) -> str:
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

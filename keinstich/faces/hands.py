"""Cards in HTML and a trick as SVG: rows of faces, the display options of notebook cells, seat names.

:class:`Cards` shows any cards in a cell; :func:`look` resolves the options a rich display uses
(explicit choices, then :data:`display_options`, then the style the cards suggest). Imports only
:mod:`keinstich.cards`, :mod:`keinstich.deal` (protocols) and the faces.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from keinstich.cards import Card, Lang, Pack, Style, Suit, cards, quoted
from keinstich.display import DisplayOptions, display_options, guess_style
from keinstich.faces.svg import FONT, H, W, _check_lang, _check_style, _n, card_name, card_svg, check_width
from keinstich.limits import check_whole
from keinstich.wording.i18n import _, ngettext, pgettext, use_language

if TYPE_CHECKING:
    from keinstich.deal import PlayedTrick

__all__ = ["CARD_SIZES", "SIZE_LABELS", "Cards", "DisplayOptions", "Look", "card_html", "card_width", "cards_html",
           "display_options", "guess_style", "look", "pack_html", "scaled", "seat_name", "set_display", "trick_font",
           "trick_html", "trick_svg"]

# --- rows of cards in HTML ------------------------------------------------------------------------------


CARD_SIZES: dict[str, int] = {"small": 56, "medium": 72, "large": 112, "xlarge": 136}
"""Named card widths in pixels (a hand's cards; tricks and other hands are drawn in proportion):
"large" and "xlarge" are for a projector (both fit a 1280×720 screen in Voila). Every view takes a name
or a number (``card_size=``), or the short names S, M, L and XL."""

SIZE_LABELS: dict[str, str] = {"small": "S", "medium": "M", "large": "L", "xlarge": "XL"}
"""The short name of each size (the size dropdowns show these)."""

_DEFAULT_WIDTH = 56.0


def card_width(size: str | float) -> float:
    """A card width in pixels from a size name ("small", "medium", "large", "xlarge", "S", "M", "L", "XL") or
    a number."""
    if isinstance(size, str):
        names = {short: k for k, short in SIZE_LABELS.items()} | {"X-LARGE": "xlarge", "X": "xlarge"}
        key = names.get(size.upper(), size.lower())
        if key not in CARD_SIZES:
            raise ValueError(f"card size must be one of {', '.join(CARD_SIZES)} (or S, M, L, XL) or a width in "
                             f"pixels, not {size!r}")
        return CARD_SIZES[key]
    if isinstance(size, bool) or not isinstance(size, int | float) or not 16 <= size <= 400:
        raise ValueError(f"a card width must be a number of pixels from 16 to 400, not {size!r}")
    return size


def scaled(width: float) -> float:
    """``width`` (a size the deal displays were laid out in) scaled as :func:`set_display` sized the cards."""
    return width if display_options.width == _DEFAULT_WIDTH else width * display_options.width / _DEFAULT_WIDTH


def set_display(*, style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                width: float | str | None = None, card_size: float | str | None = None) -> DisplayOptions:
    """Set how cards show in notebook cells, e.g. ``set_display(style="french", lang="de")``.

    ``style=None`` and ``four_colour=None`` restore the automatic choice. ``card_size`` (or ``width``):
    a size name of :data:`CARD_SIZES` or pixels; the deal displays grow with it. Returns the options."""
    display_options.style = _check_style(style) if style is not None else None
    display_options.four_colour = four_colour
    if lang is not None:
        display_options.lang = _check_lang(lang)
    size = card_size if card_size is not None else width
    if size is not None:
        display_options.width = card_width(size) if isinstance(size, str) else check_width(size)
    return display_options


def cards_html(cs: Iterable[Card | str], *, style: Style = "german", four_colour: bool | None = None,
               lang: Lang | None = None, width: float = 56, dim: Iterable[Card | str] = frozenset(),
               highlight: Iterable[Card | str] = frozenset(), gap: int = 4, compact: bool | None = None) -> str:
    """A row of faces as HTML (wraps on narrow screens); ``dim`` and ``highlight`` mark cards."""
    dimmed = set(cards(dim))
    lit = set(cards(highlight))
    faces = [card_svg(x, style=style, four_colour=four_colour, lang=lang, width=width,
                      dimmed=x in dimmed, highlighted=x in lit, compact=compact) for x in cards(cs)]
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
        object.__setattr__(self, "cards", cards(cs))
        object.__setattr__(self, "style", _check_style(style) if style is not None else None)
        object.__setattr__(self, "four_colour", four_colour)
        object.__setattr__(self, "lang", _check_lang(lang) if lang is not None else None)
        object.__setattr__(self, "width", check_width(width) if width is not None else None)
        object.__setattr__(self, "dim", frozenset(cards(dim)))
        object.__setattr__(self, "highlight", frozenset(cards(highlight)))

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
    lang: Lang | None
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


def check_seats(seats: object, players: int, name: str = "open_seats") -> frozenset[int]:
    """Seats to show open: an iterable of seat numbers from 0 to ``players - 1``, or a refusal naming ``name``."""
    if isinstance(seats, str) or not isinstance(seats, Iterable):
        raise ValueError(f"{name} must be a list of seats such as [0, 2], not {quoted(seats)}")
    return frozenset(check_whole(f"{name}'s seat", s, 0, players - 1) for s in seats)


def seat_name(seat: int, names: Sequence[str] | None = None, lang: Lang | None = None) -> str:
    """A seat's display name: ``names[seat]`` if given, else "Seat 2" / "Platz 2"."""
    check_whole("seat", seat, 0)
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)):
        raise ValueError(f"names must be a list of names, seat 0 first, or None, not {quoted(names)}")
    with use_language(_check_lang(lang)):
        if names is not None and seat < len(names):
            return str(names[seat])
        return _("Seat {n}", n=seat)


def _nested(svg: str, x: float, y: float) -> str:
    """An SVG face placed at (x, y) inside a bigger SVG."""
    return svg.replace("<svg ", f'<svg x="{_n(x)}" y="{_n(y)}" ', 1)


def trick_svg(players: int, plays: Sequence[tuple[int, Card]], *, names: Sequence[str] | None = None,
              winner: int | None = None, me: int = 0, style: Style = "german", four_colour: bool | None = None,
              lang: Lang | None = None, width: float = 64, title: str | None = None, font: float | None = None,
              winner_tag: bool = True) -> str:
    """A trick as one SVG: each seat's card round the table (``me`` at the bottom, seats clockwise),
    a dashed place for seats still to play, a small number for the order of play, the winner framed.

    ``font``: the seat names' size in pixels (the default grows with the cards: :func:`trick_font`); a table on a
    projector gives its own text size. ``winner_tag``: "wins" after the winner's name (else only its name in bold and
    its card framed: for a view that says who won in a sentence of its own, and keeps the same size either way).
    One self-contained SVG (no CSS), so it shows the same on GitHub, nbviewer and in widgets.
    """
    if players < 2:
        raise ValueError(f"a trick needs at least 2 players, not {players}")

    cw, ch = width, width * H / W
    fs = trick_font(width) if font is None else float(font)
    k = fs / 13
    label = 16.0 * k
    lang = _check_lang(lang)
    with use_language(lang):
        words = {"wins": pgettext("trick", "wins"), "trick": pgettext("trick", "Trick"),
                 "no cards": _("no cards yet")}
    seat_names = [seat_name(s, names, lang) for s in range(players)]
    longest = max(len(n) + (len(words["wins"]) + 3 if s == winner and winner_tag else 0)
                  for s, n in enumerate(seat_names))
    total_w, total_h, places, split = _seat_places(players, me, cw, ch, k, longest)
    kb = trick_font(width) / 13  # the order-of-play badges keep the cards' proportions, whatever the names' size
    played = {seat: (i, c) for i, (seat, c) in enumerate(plays)}
    lead = plays[0][0] if plays else None
    parts = []
    alt = []
    for seat in range(players):
        x, y, above, side = places[seat]
        lines = seat_names[seat].split(" ", 1) if split else [seat_names[seat]]
        bold = ' font-weight="bold"' if seat == winner else ""
        ty = y - 4 * k - (len(lines) - 1) * label if above else y + ch + label - 3 * k
        tag = "" if seat != winner or not winner_tag else (
            f'<tspan x="{_n(x + cw / 2)}" dy="{_n(14 * k)}">{words["wins"]}</tspan>' if side else f" · {words['wins']}")
        text = "".join(html.escape(line) if i == 0 else f'<tspan x="{_n(x + cw / 2)}" dy="{_n(label)}">'
                       f"{html.escape(line)}</tspan>" for i, line in enumerate(lines))
        parts.append(f'<text x="{_n(x + cw / 2)}" y="{_n(ty)}" font-family="{FONT}" font-size="{_n(fs)}" '
                     f'text-anchor="middle" fill="#222222"{bold}>{text}{tag}</text>')
        if seat in played:
            i, c = played[seat]
            parts.append(_nested(card_svg(c, style=style, four_colour=four_colour, lang=lang, width=cw,
                                          highlighted=seat == winner), x, y))
            parts.append(f'<circle cx="{_n(x + cw - 2)}" cy="{_n(y + 2)}" r="{_n(9 * kb)}" fill="#1c3f7a"/>'
                         f'<text x="{_n(x + cw - 2)}" y="{_n(y + 6.5 * kb)}" font-family="{FONT}" '
                         f'font-size="{_n(12 * kb)}" '
                         f'font-weight="bold" text-anchor="middle" fill="#ffffff">{i + 1}</text>')
            alt.append(f"{seat_name(seat, names, lang)}: {card_name(c, style, lang)}")
        else:
            parts.append(f'<rect x="{_n(x + 2)}" y="{_n(y + 2)}" width="{_n(cw - 4)}" height="{_n(ch - 4)}" '
                         'rx="6" fill="none" stroke="#9aa5b1" stroke-width="2" stroke-dasharray="6 4"/>')
    with use_language(lang):
        if title is None:
            title = (_("Trick (led by {seat})", seat=seat_name(lead, names, lang)) if lead is not None else
                     words["trick"])
        said = "; ".join(alt) if alt else words["no cards"]
        if winner is not None:
            said = _("{cards}; won by {seat}", cards=said, seat=seat_name(winner, names, lang))
        desc = html.escape(f"{title}: {said}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(total_w)} {_n(total_h)}" '
            f'width="{_n(total_w)}" height="{_n(total_h)}" role="img" aria-label="{desc}"><title>{desc}</title>'
            f'<rect x="1" y="1" width="{_n(total_w - 2)}" height="{_n(total_h - 2)}" rx="14" fill="#e8f3ea" '
            f'stroke="#9cc5a5" stroke-width="2"/>{"".join(parts)}</svg>')


def _seat_places(players: int, me: int, cw: float, ch: float, k: float, longest: int
                 ) -> tuple[float, float, dict[int, tuple[float, float, bool, bool]], bool]:
    """The picture's size, each seat's card place ``(x, y, name above the card, seat at the side)`` and whether the
    names go on two lines ("Seat" over "4"), for cards ``cw`` × ``ch`` and names ``13 k`` px, ``longest`` letters long.

    Up to four players the cards sit round an ellipse (``me`` at the bottom, seats clockwise). Five and six sit in
    two rows, the learner's neighbours beside them in the near row and the others across the table in the far row;
    a name wider than its card goes on two lines (at a projector's text size "Seat 4" is wider than the card)."""
    label = 16.0 * k
    places: dict[int, tuple[float, float, bool, bool]] = {}
    grid = _TRICK_ROWS.get(players)
    if grid is not None:
        letter = 7.4 * k  # a letter's width, with room to spare (about 6.9 px at 13 px in DejaVu Sans)
        split = longest * letter > cw + 4 * k
        pitch = cw + 8 * k if split else max(cw + 8 * k, longest * letter + 8 * k)
        lines = 2 if split else 1
        margin = 6.0
        gap = 12 * k  # between the rows: the near row's order-of-play badges stick out above its cards
        total_w = 2 * pitch + cw + 2 * margin
        far = 4 + lines * label
        near = far + ch + gap
        total_h = near + ch + lines * label + 6
        for seat in range(players):
            column, row = grid[(seat - me) % players]
            x = total_w / 2 + column * pitch - cw / 2
            places[seat] = (x, near if row else far, not row, False)
        return total_w, total_h, places, split
    fx, fy = _TABLE_RADII.get(players, (1.2 + 0.05 * players, 1.15))
    rx, ry = cw * fx, ch * fy
    margin = max(6.0, longest * 3.9 * k - cw / 2 + 4)  # half a label (about 7.8 px a letter at 13 px) may stick out
    total_w = 2 * rx + cw + 2 * margin
    total_h = 2 * ry + ch + 2 * label + 12
    cx, cy = total_w / 2, total_h / 2
    for seat in range(players):
        a = 2 * math.pi * ((seat - me) % players) / players
        # a seat at the side: "wins" on a line of its own, clear of the card below
        places[seat] = (cx - rx * math.sin(a) - cw / 2, cy + ry * math.cos(a) - ch / 2, math.cos(a) < -0.01,
                        abs(math.sin(a)) > 0.5)
    return total_w, total_h, places, False


_TRICK_ROWS: dict[int, tuple[tuple[float, int], ...]] = {
    5: ((0, 1), (-1, 1), (-0.5, 0), (0.5, 0), (1, 1)),
    6: ((0, 1), (-1, 1), (-1, 0), (0, 0), (1, 0), (1, 1)),
}
"""Five and six players: each seat's place after the learner's (clockwise) as (column in steps from the middle,
row: 1 the near row, the learner's, 0 the far one)."""


def trick_font(width: float) -> float:
    """The size of the seat names round a trick of cards ``width`` wide: 13 px, growing with cards over 81 px
    (a projector's), so the names stay in proportion to the cards."""
    return max(13.0, width * 0.16)


_TABLE_RADII: dict[int, tuple[float, float]] = {2: (0, 0.58), 3: (1.2, 0.55), 4: (1.15, 0.55)}
"""Half-axes of the ellipse the cards of a trick sit on, in card widths and heights: as tight as
possible without two cards overlapping."""

def card_html(c: Card) -> str:
    """One card's face (Card._repr_html_)."""
    return look([c]).svg(c)


def pack_html(p: Pack) -> str:
    """A pack, one row per suit (Pack._repr_html_)."""
    cs: tuple[Card, ...] = p.cards
    lk = look(cs, default=p.style, width=40)
    rows = "".join(lk.row([c for c in cs if c.suit == s]) for s in Suit if any(c.suit == s for c in cs))
    return f"<div><b>{html.escape(p.id)}</b> ({html.escape(ngettext('{n} card', '{n} cards', len(cs)))})</div>{rows}"


def trick_html(t: PlayedTrick, players: int | None = None) -> str:
    """A finished trick: who played what round the table, the winner framed (Trick._repr_html_)."""
    plays = t.plays()
    n = players or len(plays)
    lk = look([c for _x, c in plays], width=48)
    with use_language(lk.lang):
        title = _("Trick {k}", k=t.number)
    return trick_svg(n, plays, winner=t.winner, style=lk.style, four_colour=lk.four_colour,
                     lang=lk.lang, width=lk.width, title=title)

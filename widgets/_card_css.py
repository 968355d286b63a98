"""A card's face as CSS: a class per card and look (``ks-c-QS-g4-en-72``) whose rule gives a button the SVG face of
:mod:`keinstich.faces` as a ``data:`` URI background, held in one :class:`CardStyles` ``<style>`` block per view; and a
face-down hand drawn as one picture of backs (:func:`backs_html`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Style, card
from keinstich.faces import back_svg, card_svg, svg_data_uri

from ._shared import plain
from ._words import language_of

Look = tuple[Style, bool | None, Lang, int]
"""(style, four_colour, lang, width): everything a face's look depends on."""


def _look(style: Style, four_colour: bool | None, lang: Lang | None, width: float) -> Look:
    if style not in ("german", "french"):
        raise ValueError(f"unknown card style {style!r}: use 'german' or 'french'")
    lang = language_of(lang)
    w = round(width)
    if w < 16:
        raise ValueError(f"a card needs a width of 16 pixels or more, not {width!r}")
    return style, four_colour, lang, w


def card_class(c: Card | None, style: Style = "german", four_colour: bool | None = None, lang: Lang | None = None,
               width: float = 72) -> str:
    """The CSS class that shows ``c`` (None: the back) in this look, e.g. ``ks-c-QS-g4-en-72``."""
    st, fc, lg, w = _look(style, four_colour, lang, width)
    if c is None:
        return f"ks-back-{w}"
    colours = {None: "a", True: "4", False: "2"}[fc]
    return f"ks-c-{card(c).code}-{st[0]}{colours}-{lg}-{w}"


_BUTTON = ".jupyter-widgets.jupyter-button.ks-card"


_BACKS = ".ks-backs > .widget-html-content > "
"""A face-down hand's backs, drawn in one HTML widget (:func:`backs_html`): the widget and its content box take no
box of their own (``display:contents``), so the backs lay out in the hand as its buttons would."""


def _in_fit(rule: str) -> str:
    """``rule``'s selector for a card of a hand of class ``ks-fit``, as a button or as a back of the picture."""
    return f".ks-fit > {rule},.ks-fit > {_BACKS}{rule}"


def _base_css(w: int) -> str:
    h = round(w * 1.4)
    # in a hand that must stay on one row (.ks-fit) a card may give up its right part to the next one, as cards
    # fanned in a hand do: its left edge, with the corner index, always shows
    return (f"{_BUTTON}.ks-w-{w}{{width:{w}px;height:{h}px;min-width:{w}px;}}"
            f"{_in_fit(f'{_BUTTON}.ks-w-{w}')}{{flex:0 1 {w}px;min-width:{round(w * 0.3)}px;}}")


_SHARED_CSS = (
    f"{_BUTTON}{{padding:0;margin:2px;border:none;border-radius:6px;color:transparent !important;"
    "text-shadow:none;background-color:transparent !important;background-repeat:no-repeat;"
    "background-position:center;background-size:100% 100%;box-shadow:none;overflow:hidden;"
    "transition:transform .08s ease-out;}"
    f"{_BUTTON}:hover:enabled{{transform:translateY(-6px);box-shadow:0 4px 10px rgba(0,0,0,.35);}}"
    f"{_BUTTON}:focus-visible{{outline:3px solid #e69500;outline-offset:1px;}}"
    f"{_BUTTON}:disabled{{opacity:.45;cursor:not-allowed;filter:grayscale(35%);}}"
    f"{_BUTTON}.ks-face-down:disabled{{opacity:1;filter:none;cursor:default;}}"
    f"{_BUTTON}.ks-lit{{box-shadow:0 0 0 3px #e69500;}}"
    f".ks-hand.ks-fit{{flex-wrap:nowrap !important;}}"
    f"{_in_fit(_BUTTON)}{{background-size:auto 100%;background-position:left top;margin:2px 1px;}}"
    # the last card shows whole (more specific than a size's own flex rule, which would shrink it too)
    f".ks-hand.ks-fit > {_BUTTON}:last-of-type,.ks-hand.ks-fit > {_BACKS}{_BUTTON}:last-of-type{{flex-shrink:0;}}"
    f".ks-hand > .ks-backs,.ks-hand > {_BACKS[:-3]}{{display:contents;}}"
    f".ks-backs {_BUTTON}{{cursor:default;}}"
)


def backs_html(n: int, style: Style = "german", four_colour: bool | None = None, lang: Lang | None = None,
               width: float = 72) -> str:
    """``n`` backs of cards as the page draws a hand of face-down buttons, in one piece of HTML: each back an empty
    box with a face-down button's classes and box, so the page's rules draw it alike (a face-down hand cannot be
    clicked: a button for each card would be a widget, a message and a view for nothing). Hidden from a screen
    reader, as the buttons were (the hand says "Seat 2: 6 cards")."""
    look = _look(style, four_colour, lang, width)
    w = look[3]
    classes = f"lm-Widget jupyter-widgets jupyter-button widget-button ks-card ks-w-{w} {card_class(None, *look)} " \
              "ks-face-down"
    one = f'<span class="{classes}" style="width: {w}px; height: {round(w * 1.4)}px; padding: 0px;"></span>'
    return one * n


def card_css(c: Card | None, style: Style = "german", four_colour: bool | None = None, lang: Lang | None = None,
             width: float = 72) -> str:
    """The CSS rule that paints ``c`` (None: the back) on a button with :func:`card_class`."""
    look = _look(style, four_colour, lang, width)
    st, fc, lg, w = look
    svg = back_svg(w, lang=lg) if c is None else card_svg(card(c), style=st, four_colour=fc, lang=lg, width=w)
    return f'{_BUTTON}.{card_class(c, *look)}{{background-image:url("{svg_data_uri(svg)}");}}'


class CardStyles(widgets.HTML):  # type: ignore[misc]
    """An invisible HTML widget holding the ``<style>`` rules of the card classes in use.

    :meth:`need` adds the rules for cards not yet covered (the value changes only then), so a view
    that shows new cards stays in step. Put it in the view's children (it takes no space).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return "CardStyles()"


    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{**plain(widgets.HTML, display="none", width="0px", height="0px"), **kwargs,
                            "_dom_classes": ["ks-card-styles", *kwargs.get("_dom_classes", ())]})
        self._rules: dict[str, str] = {}
        self._widths: set[int] = set()

    def need(self, cs: Iterable[Card | None], style: Style = "german", four_colour: bool | None = None,
             lang: Lang | None = None, width: float = 72) -> None:
        look = _look(style, four_colour, lang, width)
        changed = False
        if look[3] not in self._widths:
            self._widths.add(look[3])
            changed = True
        for c in cs:
            cls = card_class(c, *look)
            if cls not in self._rules:
                self._rules[cls] = card_css(c, *look)
                changed = True
        if changed:
            self.value = self.css_block()

    def css_block(self) -> str:
        widths = "".join(_base_css(w) for w in sorted(self._widths))
        return "<style>" + _SHARED_CSS + widths + "".join(self._rules[k] for k in sorted(self._rules)) + "</style>"


def card_style_widget(cs: Iterable[Card | None] = (), *, style: Style = "german", four_colour: bool | None = None,
                      lang: Lang | None = None, width: float = 72) -> CardStyles:
    """A :class:`CardStyles` widget already holding the rules for ``cs`` (None stands for the back)."""
    w = CardStyles()
    w.need(cs, style, four_colour, lang, width)
    return w

"""A worked deal stepped through, as HTML: one row per trick, the trick drawn with its card faces beside
each card's seat and the bot's reason, then who won it, what it cost and what each seat has paid so far.

Static HTML and SVG only (no script, no widget state), so a committed notebook shows it on GitHub and
nbval compares it. Draws a :class:`keinstich.bots.walk.TrickWalk` through the fields it reads
(:class:`WalkView`); imports no bot module.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

from keinstich.cards import Card, Style
from keinstich.faces.hands import look, scaled, trick_svg

__all__ = ["walk_html"]


class PlayView(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def card(self) -> Card: ...

    @property
    def reason(self) -> str: ...


class TrickView(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def winner(self) -> int: ...

    @property
    def plays(self) -> Sequence[PlayView]: ...


class WalkView(Protocol):
    """What :func:`walk_html` reads of a walk (:class:`keinstich.bots.walk.TrickWalk`)."""

    @property
    def players(self) -> int: ...

    @property
    def style(self) -> Style: ...

    @property
    def tricks(self) -> Sequence[TrickView]: ...

    def say(self, c: Card) -> str: ...

    def cost_words(self, t: TrickView) -> str: ...

    def paid_words(self, t: TrickView) -> str: ...


_CELL = 'style="padding:1px 6px;text-align:left;vertical-align:top;border:none"'


def _trick_row(walk: WalkView, t: TrickView) -> str:
    lk = look(style=walk.style, width=scaled(40))
    svg = trick_svg(walk.players, [(p.seat, p.card) for p in t.plays], winner=t.winner, style=lk.style,
                    four_colour=lk.four_colour, lang=lk.lang, width=lk.width, title=f"Trick {t.number}")
    rows = "".join(
        f"<tr><td {_CELL}><b>{i}.</b> Seat&nbsp;{p.seat}</td>"
        f"<td {_CELL}><b>{html.escape(walk.say(p.card))}</b></td>"
        f"<td {_CELL}>{html.escape(p.reason) if p.reason else '<i>played before</i>'}</td></tr>"
        for i, p in enumerate(t.plays, 1))
    text = (f'<div style="font-size:1.05em"><b>Trick {t.number}</b></div>'
            f'<table style="border-collapse:collapse;margin:2px 0">{rows}</table>'
            f"<div><b>{html.escape(walk.cost_words(t))}.</b> {html.escape(walk.paid_words(t))}.</div>")
    return (f'<div class="ks-walk-trick" style="display:flex;gap:10px;align-items:center;'
            f'border-top:1px solid #ddd;padding:4px 0">{svg}<div style="flex:1;min-width:280px">{text}</div></div>')


def walk_html(walk: WalkView) -> str:
    """The tricks of a walk, one row each: the trick's faces (the winner framed), each card with its seat
    and the bot's reason, the winner and the cost, and what each seat has paid so far."""
    if not walk.tricks:
        return "<div><i>no trick was played</i></div>"
    return '<div class="ks-walk">' + "".join(_trick_row(walk, t) for t in walk.tricks) + "</div>"

"""A worked deal stepped through, as HTML: one row per trick, the trick drawn with its card faces beside
each card's seat and the bot's reason, then who won it, what it cost and what each seat has paid so far.

Static HTML and SVG only (no script, no widget state), so a committed notebook shows it on GitHub and
nbval compares it. Draws a :class:`keinstich.bots.walk.TrickWalk` (its ``_repr_html_`` calls
:func:`walk_html`); imports no bot module at run time.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from keinstich.faces.hands import look, scaled, trick_svg
from keinstich.i18n import _

if TYPE_CHECKING:
    from keinstich.bots.walk import TrickWalk, WalkedTrick

__all__ = ["walk_html"]


_CELL = 'style="padding:1px 6px;text-align:left;vertical-align:top;border:none"'


def _trick_row(walk: TrickWalk, t: WalkedTrick) -> str:
    lk = look(style=walk.style, width=scaled(40))
    title = _("Trick {k}", k=t.number)
    svg = trick_svg(walk.players, [(p.seat, p.card) for p in t.plays], winner=t.winner, style=lk.style,
                    four_colour=lk.four_colour, lang=lk.lang, width=lk.width, title=title)
    before = "<i>" + html.escape(_("played before")) + "</i>"
    rows = "".join(
        f"<tr><td {_CELL}><b>{i}.</b> {html.escape(_('Seat {n}', n=p.seat)).replace(' ', '&nbsp;')}</td>"
        f"<td {_CELL}><b>{html.escape(walk.name(p.card))}</b></td>"
        f"<td {_CELL}>{html.escape(p.reason) if p.reason else before}</td></tr>"
        for i, p in enumerate(t.plays, 1))
    text = (f'<div style="font-size:1.05em"><b>{html.escape(title)}</b></div>'
            f'<table style="border-collapse:collapse;margin:2px 0">{rows}</table>'
            f"<div><b>{html.escape(walk.cost_words(t))}.</b> {html.escape(walk.paid_words(t))}.</div>")
    return (f'<div class="ks-walk-trick" style="display:flex;gap:10px;align-items:center;'
            f'border-top:1px solid #ddd;padding:4px 0">{svg}<div style="flex:1;min-width:280px">{text}</div></div>')


def walk_html(walk: TrickWalk) -> str:
    """The tricks of a walk, one row each: the trick's faces (the winner framed), each card with its seat
    and the bot's reason, the winner and the cost, and what each seat has paid so far."""
    if not walk.tricks:
        return "<div><i>" + html.escape(_("no trick was played")) + "</i></div>"
    return '<div class="ks-walk">' + "".join(_trick_row(walk, t) for t in walk.tricks) + "</div>"

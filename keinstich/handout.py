"""A printable handout: a worked deal, or a position in one, on one A4 page of SVG drawn with the kit's faces.

::

    save_handout(deal, "deal.svg", hands="open")          # every hand as dealt, then each trick with its winner
    handout_svg(deal, hands="hidden", seat=0)             # only seat 0's hand shown: a page for "what would you play?"

The page is one self-contained SVG (the faces of :mod:`keinstich.faces`, no fonts or images to fetch), 210 × 297 mm:
the title, the hands as dealt (open, or only the learner's), then every trick played so far, the winner framed, in
rows of three, and the result so far. A browser prints it as it is (File > Print, or save as PDF).
"""

from __future__ import annotations

import html
import os
import re
from typing import Literal

from keinstich.cards import Card, Style, sort_hand
from keinstich.deal import Deal, TrickPlay
from keinstich.faces.hands import look, trick_svg
from keinstich.faces.svg import FONT, H, W, _n, card_svg
from keinstich.i18n import _
from keinstich.machine import check_deal, check_seat
from keinstich.wording.names import unit_word

__all__ = ["PAGE", "handout_svg", "save_handout"]

PAGE = (794.0, 1123.0)
"""An A4 page in CSS pixels (96 per inch)."""


def _fit(svg: str, x: float, y: float, width: float) -> tuple[str, float]:
    """An SVG placed at (x, y), scaled to ``width``; returns it and its height."""
    m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert m is not None
    w, h = float(m.group(1)), float(m.group(2))
    k = min(1.0, width / w)
    body = re.sub(r'<svg ([^>]*?)width="[\d.]+" height="[\d.]+"', lambda g: f'<svg {g.group(1)}width="{_n(w * k)}" '
                  f'height="{_n(h * k)}"', svg, count=1)
    return body.replace("<svg ", f'<svg x="{_n(x)}" y="{_n(y)}" ', 1), h * k


def _text(x: float, y: float, words: str, size: float = 13, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-family="{FONT}" font-size="{_n(size)}"{weight} fill="#222222">'
            f"{html.escape(words)}</text>")


def handout_svg(deal: Deal, *, hands: Literal["open", "hidden"] = "open", seat: int = 0, title: str | None = None,
                style: Style | None = None) -> str:
    """One page: the deal's hands (``"open"``: every hand; ``"hidden"``: only ``seat``'s) and its tricks so far."""
    check_deal(deal, "handout_svg")
    if hands not in ("open", "hidden"):
        raise ValueError(f"hands must be 'open' or 'hidden', not {hands!r}")
    n = deal.players
    check_seat(seat, n)
    td = deal.trick_deal
    if td is None:
        raise ValueError("a handout draws the tricks of a trick deal: a lay-off (domino) deal has none")
    play: TrickPlay = td
    from keinstich.games import GAMES

    game = GAMES[deal.game]
    contract = game.contract_of(deal)
    order = "natural" if contract is None else game.card_order(contract)
    lk = look([c for h in deal.dealt for c in h], style, None, None, 34)
    page_w, page_h = PAGE
    margin = 36.0
    named = getattr(contract, "title", None)
    parts = [_text(margin, margin + 10, title or ((named() if callable(named) else getattr(contract, "name", ""))
                                                  or deal.game), 20, True)]
    y = margin + 34
    result = deal.result()
    fields = {"n": n, "played": len(play.tricks), "total": td.total_tricks, "seat": seat}
    parts.append(_text(margin, y, _("{n} players · {played} of {total} tricks played · hands as dealt", **fields)
                       if hands == "open" else
                       _("{n} players · {played} of {total} tricks played · the hand of seat {seat}", **fields), 12))
    y += 16
    cw = 34.0
    for s in range(n):
        if hands == "hidden" and s != seat:
            continue
        parts.append(_text(margin, y + cw * H / W / 2 + 5, _("Seat {n}", n=s), 13, s == seat))
        for i, c in enumerate(sort_hand(deal.dealt[s], order)):
            face = card_svg(c, style=lk.style, four_colour=lk.four_colour, width=cw)
            parts.append(face.replace("<svg ", f'<svg x="{_n(margin + 64 + i * (cw + 3))}" y="{_n(y)}" ', 1))
        y += cw * H / W + 8
    y += 8
    tricks: list[tuple[tuple[tuple[int, Card], ...], int | None, str]] = [
        (tuple(t.plays()), t.winner, _("Trick {k}", k=t.number)) for t in play.tricks]
    if play.trick:
        tricks.append((tuple(play.trick), None, _("Trick {k} (on the table)", k=len(play.tricks) + 1)))
    col = (page_w - 2 * margin) / 3
    row_h = 0.0
    for i, (plays, winner, name) in enumerate(tricks):
        if i % 3 == 0 and i:
            y += row_h + 8
            row_h = 0.0
        svg = trick_svg(n, plays, winner=winner, me=seat, style=lk.style, four_colour=lk.four_colour, width=40,
                        title=name)
        placed, h = _fit(svg, margin + (i % 3) * col, y + 14, col - 8)
        parts.append(_text(margin + (i % 3) * col + 4, y + 10, name, 11, True) + placed)
        row_h = max(row_h, h + 14)
    y += row_h + 20
    scores = ", ".join(f"{_('seat {n}', n=s)} {v}" for s, v in enumerate(result.scores))
    unit = unit_word(result.unit)
    parts.append(_text(margin, min(y, page_h - margin),
                       _("Score ({unit}): {scores}", unit=unit, scores=scores) if deal.over else
                       _("Score so far ({unit}): {scores}", unit=unit, scores=scores), 12))
    label = html.escape(_("Handout: {title}", title=title or deal.game))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(page_w)} {_n(page_h)}" width="210mm" '
            f'height="297mm" role="img" aria-label="{label}"><title>{label}</title>'
            f'<rect width="{_n(page_w)}" height="{_n(page_h)}" fill="#ffffff"/>{"".join(parts)}</svg>')


def save_handout(deal: Deal, path: str | os.PathLike[str], **kwargs: object) -> None:
    """Write :func:`handout_svg` to ``path`` (an ``.svg`` file), whole or not at all."""
    from keinstich.files import write_atomically

    if not str(path).lower().endswith(".svg"):
        raise ValueError(f"a handout is written as SVG: give a path ending in .svg, not {str(path)!r} (a browser "
                         "prints it, or saves it as PDF)")
    text = handout_svg(deal, **kwargs)  # type: ignore[arg-type]

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)

    write_atomically(path, write)

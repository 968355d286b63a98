"""The lay-off (domino) deal drawn: the rows from their Unter or the chain as one SVG, and the deal's
rich display (layout, hands, passes, places). Reads the Deal protocol and the layout fields named in
:class:`LayOffView`; imports no deal module.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from keinstich.cards import Card, Lang, Rank, Style, Suit, quoted, sort_hand, strength_table
from keinstich.deal import Deal
from keinstich.faces.deals import dealt_cards, table_html
from keinstich.faces.hands import Look, _nested, check_seats, look, scaled, seat_name
from keinstich.faces.svg import H, W, _n, _place, suit_svg
from keinstich.i18n import _, ngettext, pgettext, use_language
from keinstich.wording.names import layout_word

__all__ = ["LayOffView", "check_lay_off", "domino_html", "domino_svg"]


class LayOffView(Deal, Protocol):
    """A lay-off deal as its pictures read it: the protocol plus its layout (rows or chain)."""

    @property
    def rules(self) -> Any: ...

    @property
    def contract(self) -> Any: ...

    @property
    def frontier(self) -> tuple[Card, ...]: ...

    @property
    def rows(self) -> Mapping[Suit, tuple[Card, ...]]: ...

    @property
    def chain(self) -> tuple[Card, ...]: ...

    def ends(self, c: Card) -> tuple[str, ...]: ...


def check_lay_off(deal: object, what: str) -> None:
    """Refuse what is not a lay-off deal (a trick deal, a record, a text …) where ``what`` shows one."""
    if not (callable(getattr(deal, "ends", None)) and callable(getattr(deal, "legal_moves", None))
            and hasattr(deal, "frontier")):
        raise TypeError(f"{what} shows a lay-off deal, e.g. DominoDeal.from_seed(\"german-32\", 4, 7), "
                        f"not {quoted(deal)}")


def domino_svg(deal: LayOffView, *, open_seats: Iterable[int] = (), style: Style | None = None,
               four_colour: bool | None = None, lang: Lang | None = None, width: float = 40) -> str:
    """The lay-off layout as one SVG: the rows from their Unter (one per suit, aligned so each Unter
    sits in the same column and the row grows both ways), or the chain, in order, wrapping in lines.

    Dashed slots mark the open ends. If the seat to move is in ``open_seats``, the cards it can lay
    now are drawn faintly in their slots, framed in gold. Reads the deal's public API only.
    """
    check_lay_off(deal, "domino_svg")
    d = deal
    lk = look(dealt_cards(d), style, four_colour, lang, width)
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


def _rows_svg(d: LayOffView, lk: Look, cw: float, ch: float, frontier: Sequence[Card], show: set[Card]) -> str:
    order = strength_table(d.rules.order)
    rows = d.rows
    dealt = dealt_cards(d)
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
        with use_language(lk.lang):
            name = s.label(lk.style)
            words.append(f"{name}: " + (", ".join(c.rank.label(lk.style) for c in row) if row else
                                        _("not started")))
    w = 2 * pad + head + (hi - lo + 1) * step - gap
    h = 2 * pad + len(rows) * (ch + gap) - gap
    return _svg_box(w, h, "".join(body), "; ".join(words))


def _chain_svg(d: LayOffView, lk: Look, cw: float, ch: float, frontier: Sequence[Card], show: set[Card],
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
    with use_language(lk.lang):
        label = _("chain: {cards}", cards=", ".join(lk.name(c) for c in chain)) if chain else (
            _("chain: empty (any Unter starts it)") if lk.style == "german" else
            _("chain: empty (any Jack starts it)"))
    return _svg_box(w, h, "".join(body), label)


def domino_html(deal: LayOffView, *, open_seats: Iterable[int] | None = None,
                names: Sequence[str] | None = None, mark_legal: bool = True) -> str:
    """A lay-off deal, all hands open: the layout, then per seat the hand (playable cards framed),
    cards left, passes and place (DominoDeal._repr_html_).

    ``mark_legal=False`` frames nothing: the position for a "which cards may you lay?" quiz, without its answer.
    """
    check_lay_off(deal, "domino_html")
    d = deal
    n: int = d.players
    seats = range(n) if open_seats is None else check_seats(open_seats, n)
    result = d.result()
    # a lay-off deal scored in points is Herzeln's, a French-card game
    lk = look(dealt_cards(d), width=scaled(40), default="french" if result.unit == "points" else "german")
    turn = d.turn
    legal = set(d.legal()) if mark_legal else set()
    places = result.places or (0,) * n
    shown = set(seats)
    rows = []
    for s in range(n):
        hand = sort_hand(d.hand(s), d.rules.order)
        who = html.escape(seat_name(s, names, lk.lang)) + (" ◀" if s == turn else "")
        cells = lk.row(hand, highlight=legal if s == turn else (), width=scaled(32)) if hand and s in shown else (
            ngettext("{n} card", "{n} cards", len(hand)) if hand else "–")
        passes = sum(1 for seat, move in d.history if seat == s and move is None)
        rows.append([f"<b>{who}</b>" if s == turn else who, cells, str(passes), str(places[s] or "")])
    kind = layout_word(d.rules.layout)
    title_of = getattr(d.contract, "title", None)
    name = html.escape(title_of() if callable(title_of) else getattr(d.contract, "name", "Domino"))
    if turn is None:
        state = _("over")
    elif legal or not mark_legal:
        state = _("seat {n} to move", n=turn)
    else:
        state = _("seat {n} to move (must pass)", n=turn)
    head = f"<div><b>{name}</b> ({html.escape(kind)}) · {html.escape(state)}</div>"
    cols = [pgettext("column", "seat"), pgettext("column", "hand"), pgettext("column", "passes"),
            pgettext("column", "place")]
    layout = domino_svg(d, open_seats=shown if mark_legal else (), style=lk.style, four_colour=lk.four_colour,
                        lang=lk.lang, width=scaled(40))
    return head + layout + table_html(cols, rows)



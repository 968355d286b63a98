"""The lay-off (domino) deal as a view: the rows or the chain as they grow, who moves, the passes.

:class:`DominoView` only shows a lay-off deal (:class:`~keinstich.faces.layout.LayOffView`: the Deal
protocol and its layout); it decides no rule (it asks the deal for ``legal_moves()``, ``result()``,
``frontier`` and ``ends()``), and it handles no clicks: the Table embeds
it above a :class:`~keinstich_widgets.cardview.HandView` and calls :meth:`DominoView.update` after
every move. Everything is redrawn in place (the widgets stay, their values change).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Style
from keinstich.faces import card_name, domino_svg, seat_name
from keinstich.faces.layout import LayOffView, check_lay_off
from keinstich.i18n import _, pgettext

from ._games import move_cards
from ._words import language_of, speaking, speaks

__all__ = ["DominoView", "pass_log"]

def _words() -> dict[str, str]:
    """The view's words in the language spoken."""
    return {"must pass": _("must pass: no card fits"), "over": _("the deal is over"),
            "no fit": _("no card fits"), "chose": _("chose to pass"),
            "seat": pgettext("column", "seat"), "cards": pgettext("column", "cards left"),
            "place": pgettext("column", "place"), "fees": pgettext("column", "fees"),
            "no deal": _("No deal yet."), "passes_h": pgettext("column", "passes"),
            "rows": pgettext("layout", "rows"), "chain": pgettext("layout", "chain"), "may pass": _("may pass")}


class LayOffDeal(LayOffView, Protocol):
    """A lay-off deal as this view reads it: the layout, and the pass fees each seat has paid."""

    def fees(self) -> tuple[int, ...]: ...


def pass_log(deal: Any, last: int | None = None) -> list[tuple[int, Card | None, bool]]:
    """Every move as (seat, card or None for a pass, whether the pass was forced: no card fitted);
    with ``last``, only the last ``last`` moves.

    Whether a pass was forced is asked of the deal as it stood then: the deal is rewound once to the
    first pass asked about (:meth:`~keinstich.deal.Deal.rewound`) and played forward from there, so
    the work grows with the number of moves, not with its square."""
    history = deal.history
    start = 0 if last is None else max(0, len(history) - last)
    moves = [(s, move_cards(m)[0] if move_cards(m) else None) for s, m in history[start:]]
    if not getattr(deal.rules, "voluntary_pass", True):  # a pass is allowed only when no card fits
        return [(s, c, c is None) for s, c in moves]
    passes = [i for i, (_x, c) in enumerate(moves) if c is None]
    if not passes:
        return [(s, c, False) for s, c in moves]
    forced = [False] * len(moves)
    state = deal.rewound(start + passes[0])
    for i in range(passes[0], passes[-1] + 1):
        if moves[i][1] is None:
            forced[i] = not state.legal()
        if i < passes[-1]:
            seat, move = history[start + i]
            state.play(move, seat)
    return [(s, c, f) for (s, c), f in zip(moves, forced, strict=True)]


def _finish_order(d: LayOffDeal) -> list[int]:
    """The seats that are out, first out first (from the result's places)."""
    places = d.result().places or ()
    return [s for _x, s in sorted((p, s) for s, p in enumerate(places) if p)]


class DominoView(widgets.VBox):  # type: ignore[misc]
    """The layout of a lay-off deal with a status line, a row per seat and a log of the moves.

    ``seat``: the learner's seat (its playable cards are drawn, framed in gold, in the slots where
    they would go); ``open_hands``: show every seat's playable cards and hands (teaching).
    ``update(deal)`` redraws in place; ``deal`` may be None (nothing to show yet).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"DominoView({self.deal!r})"


    def __init__(self, deal: LayOffDeal | None = None, *, seat: int | None = None, open_hands: bool = False,
                 names: Sequence[str] | None = None, style: Style = "german", four_colour: bool | None = None,
                 lang: Lang | None = None, width: float = 44, log_lines: int = 8, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("ks-domino")
        self.seat = seat
        self.open_hands = open_hands
        self.names = list(names) if names is not None else None
        self.style, self.four_colour, self.lang, self.width = style, four_colour, language_of(lang), width
        self.log_lines = log_lines
        self.status = widgets.HTML()
        self.layout_html = widgets.HTML()
        self.seats_html = widgets.HTML()
        self.log_html = widgets.HTML()
        self.children = [self.status, self.layout_html, self.seats_html, self.log_html]
        self.deal: LayOffDeal | None = None
        self.update(deal)

    @property
    def words(self) -> dict[str, str]:
        with speaking(self.lang):
            return _words()

    def name(self, s: int) -> str:
        return seat_name(s, self.names, self.lang)

    def set_look(self, *, style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                 width: float | None = None) -> None:
        """Switch faces or language, then redraw."""
        self.style = style or self.style
        self.four_colour = four_colour
        self.lang = language_of(lang) if lang is not None else self.lang
        self.width = width or self.width
        self.update()

    @speaks
    def update(self, deal: LayOffDeal | None = None, *, seat: int | None = None,
               open_hands: bool | None = None) -> None:
        """Redraw from ``deal`` (default: the deal shown already, after a move was made on it); anything that
        is not a lay-off deal is refused, and the view stays as it was."""
        if deal is not None:
            check_lay_off(deal, "DominoView")
            self.deal = deal
        if seat is not None:
            self.seat = seat
        if open_hands is not None:
            self.open_hands = open_hands
        d = self.deal
        w = self.words
        if d is None:
            values = (f"<i>{w['no deal']}</i>", "", "", "")
        else:
            values = (self._status(d), self._layout(d), self._seats(d), self._log(d))
        with self.hold_sync():
            for box, value in zip((self.status, self.layout_html, self.seats_html, self.log_html), values,
                                  strict=True):
                if box.value != value:
                    box.value = value

    # --- the parts ----------------------------------------------------------------------------------

    def _open_seats(self, d: LayOffDeal) -> Iterable[int]:
        if self.open_hands:
            return range(d.players)
        return () if self.seat is None else (self.seat,)

    def _status(self, d: LayOffDeal) -> str:
        w = self.words
        kind = w["chain"] if d.rules.layout == "chain" else w["rows"]
        title = getattr(d.contract, "title", None)
        head = f"<b>{html.escape(title() if callable(title) else d.contract.name)}</b> ({kind})"
        if d.turn is None:
            order = ", ".join(self.name(s) for s in _finish_order(d))
            return f"{head} · {html.escape(_('the deal is over · out: {order}', order=order))}"
        text = f"{head} · " + html.escape(_("{name} to move", name="\x00")).replace(
            "\x00", f"<b>{html.escape(self.name(d.turn))}</b>")
        if not d.legal():
            text += f" · <span style='color:#b00020'>{w['must pass']}</span>"
        elif None in d.legal_moves():
            text += f" · {w['may pass']}"
        return text

    def _layout(self, d: LayOffDeal) -> str:
        shown = set(self._open_seats(d))
        svg = domino_svg(d, open_seats=shown, style=self.style, four_colour=self.four_colour, lang=self.lang,
                         width=self.width)
        note = ""
        if d.turn is not None and d.turn in shown and d.legal():
            gold = _("framed in gold: the cards that can be laid now ({who} to move)", who=self.name(d.turn))
            note = f"<div style='font-size:90%;color:#555'>{html.escape(gold)}</div>"
        return f"<div class='ks-domino-layout' style='overflow-x:auto'>{svg}</div>{note}"

    def _seats(self, d: LayOffDeal) -> str:
        w = self.words
        fees = d.fees()
        show_fees = d.rules.pass_fee > 0
        passes = [sum(1 for seat, m in d.history if seat == s and m is None) for s in range(d.players)]
        finish = list(_finish_order(d))
        head = [w["seat"], w["cards"], w["passes_h"]] + ([w["fees"]] if show_fees else []) + [w["place"]]
        cell = "style='padding:1px 10px;text-align:left;border:none'"
        rows = []
        for s in range(d.players):
            mark = " ◀" if s == d.turn else ""
            name = html.escape(self.name(s)) + mark
            cols = [f"<b>{name}</b>" if mark else name, str(len(d.hand(s))), str(passes[s])]
            if show_fees:
                cols.append(str(fees[s]))
            cols.append(str(finish.index(s) + 1) if s in finish else "")
            rows.append("<tr>" + "".join(f"<td {cell}>{x}</td>" for x in cols) + "</tr>")
        th = "".join(f"<th {cell}>{x}</th>" for x in head)
        return f"<table class='ks-domino-seats' style='border-collapse:collapse'><tr>{th}</tr>{''.join(rows)}</table>"

    def _log(self, d: LayOffDeal) -> str:
        w = self.words
        lines = []
        moves = len(d.history)
        for s, c, forced in pass_log(d, self.log_lines if self.log_lines > 0 else None):
            if c is None:
                said = _("{name}: pass ({why})", name=self.name(s), why=w["no fit"] if forced else w["chose"])
                lines.append(f"<span class='ks-pass' style='color:#b00020'>{html.escape(said)}</span>")
            else:
                said = _("{name}: lays {card}", name=self.name(s), card=card_name(c, self.style, self.lang))
                lines.append(f"<span>{html.escape(said)}</span>")
        if not lines:
            return ""
        more = "… · " if len(lines) < moves else ""
        # one flowing paragraph, newest last: the learner's hand stays in view below the layout
        return (f"<div class='ks-domino-log' style='font-size:90%;line-height:1.4;max-width:60em'>"
                f"{more}{' · '.join(lines)}</div>")

"""Rich displays of trick-taking deals, drawn through the Deal protocol: every hand open, the tricks
won and the scores (from ``deal.result()``), the trick on the table; Herzblatt adds its roles, the skat
and the settlement. Reads only the protocols of :mod:`keinstich.deal` (and the few Herzblatt fields
named in :class:`HerzblattView`): it imports no deal module, so no deal module is imported back.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from keinstich.cards import Card, Lang, sort_hand
from keinstich.deal import Deal, TrickPlay
from keinstich.faces.hands import Look, look, scaled, seat_name, trick_svg
from keinstich.i18n import _, pgettext
from keinstich.wording.names import unit_word
from keinstich.wording.refusals import phase_name

__all__ = ["HerzblattView", "TrickDealView", "herzblatt_html", "trickdeal_html"]

_TD = 'style="padding:2px 8px;text-align:left;vertical-align:middle;border:none"'
_TH = 'style="padding:2px 8px;text-align:left;border:none;border-bottom:1px solid #ccc"'


class TrickDealView(TrickPlay, Protocol):
    """A trick deal as its display reads it: the protocol plus its trick rules (the rank order)."""

    @property
    def rules(self) -> Any: ...


class HerzblattView(TrickPlay, Protocol):
    """What a Herzblatt display reads besides the protocol: dealer, soloist, answers, skat, discards."""

    @property
    def dealer(self) -> int: ...

    @property
    def soloist(self) -> int | None: ...

    @property
    def answers(self) -> Sequence[tuple[int, bool]]: ...

    @property
    def skat(self) -> tuple[Card, ...]: ...

    @property
    def discards(self) -> tuple[Card, ...] | None: ...

    @property
    def rules(self) -> Any: ...

    def card_points(self) -> tuple[int, ...]: ...


def table_html(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A small borderless table: a header row, then one row per seat."""
    th = "".join(f"<th {_TH}>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td {_TD}>{x}</td>" for x in r) + "</tr>" for r in rows)
    return f'<table style="border-collapse:collapse;margin:4px 0"><tr>{th}</tr>{body}</table>'


def dealt_cards(deal: Deal, *set_aside: Card) -> list[Card]:
    """Every card dealt (and any set aside, as a skat): what decides the faces' style."""
    return [c for h in deal.dealt for c in h] + list(set_aside)


def _on_table(d: TrickPlay, n: int, lk: Look) -> str:
    """The trick being played, or else the last trick with its winner framed (empty before the first)."""
    if d.trick:
        return trick_svg(n, d.trick, style=lk.style, four_colour=lk.four_colour, lang=lk.lang, width=scaled(44))
    if d.tricks:
        last = d.tricks[-1]
        return trick_svg(n, last.plays(), winner=last.winner, style=lk.style, four_colour=lk.four_colour,
                         lang=lk.lang, width=scaled(44),
                         title=_("last trick {k}", k=last.number))
    return ""


def _who(s: int, turn: int | None, lang: Lang | None) -> str:
    who = html.escape(seat_name(s, None, lang)) + (" ◀" if s == turn else "")
    return f"<b>{who}</b>" if s == turn else who


def trickdeal_html(deal: TrickDealView, *, title: str = "") -> str:
    """A trick deal with every hand open: hands (legal cards framed for the seat to move), tricks
    won, scores so far, and the trick on the table (TrickDeal._repr_html_)."""
    d = deal
    n: int = d.players
    # ace-ten order is Herzeln's and Herzblatt's: French-card games
    lk = look(dealt_cards(d), width=scaled(40), default="french" if d.rules.order == "ace-ten" else "german")
    turn = d.turn
    legal = set(d.legal())
    result = d.result()
    won = result.tricks or (0,) * n
    contract = d.contract
    unit = getattr(contract, "unit", "")
    rows = []
    for s in range(n):
        hand = sort_hand(d.hand(s), d.rules.order)
        row = lk.row(hand, highlight=legal if s == turn and len(legal) < len(hand) else ()) if hand else "–"
        rows.append([_who(s, turn, lk.lang), row, str(won[s]), str(result.scores[s])])
    done = len(d.tricks)
    total = d.total_tricks
    title_of = getattr(contract, "title", None)
    name = html.escape((title_of() if callable(title_of) else getattr(contract, "name", "")) or _("no contract"))
    state = _("over") if turn is None else _("seat {n} to play", n=turn)
    head = (f"<div><b>{html.escape(title) or name}</b> · "
            f"{html.escape(_('trick {k}/{n}', k=min(done + 1, total), n=total))} · {html.escape(state)}</div>")
    said_unit = unit_word(unit) if unit else ""
    cols = [pgettext("column", "seat"), pgettext("column", "hand"), pgettext("column", "tricks"),
            _("score ({unit})", unit=said_unit) if unit else pgettext("column", "score")]
    return (head + '<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:center">'
            + table_html(cols, rows) + _on_table(d, n, lk) + "</div>")


def _role(s: int, soloist: int | None, answers: Mapping[int, bool]) -> str:
    if s == soloist:
        return pgettext("role", "soloist")
    if s in answers:
        return pgettext("role", "plays") if answers[s] else pgettext("role", "passed")
    return ""


def herzblatt_html(deal: HerzblattView) -> str:
    """A Herzblatt deal, all open: phase, soloist, hands, skat (and discards), the trick on the table,
    card points so far, and the settlement when over (HerzblattDeal._repr_html_)."""
    d = deal
    n: int = d.players
    skat = d.skat
    lk = look(dealt_cards(d, *skat), width=scaled(40), default="french")
    order = d.rules.trick_rules.order
    phase = d.phase
    turn = d.turn
    legal = set(d.legal())
    points = d.card_points()
    result = d.result()
    won = result.tricks or (0,) * n
    answers = dict(d.answers)
    rows = []
    for s in range(n):
        hand = sort_hand(d.hand(s), order)
        row = lk.row(hand, highlight=legal if s == turn and phase == "play" and len(legal) < len(hand) else ())
        rows.append([_who(s, turn, lk.lang), _role(s, d.soloist, answers), row, str(won[s]), str(points[s])])
    discards = d.discards
    said = _("phase: {phase} · dealer {seat}", phase=phase_name(phase), seat=seat_name(d.dealer, None, lk.lang))
    parts = [f"<div><b>Herzblatt</b> · {html.escape(said)}</div>"]
    extra = f"<div>{html.escape(_('skat:'))} {lk.row(sort_hand(skat, order), width=scaled(32))}</div>"
    if discards:
        laid = lk.row(sort_hand(discards, order), width=scaled(32))
        extra += f"<div>{html.escape(_('laid away:'))} {laid}</div>"
    cols = [pgettext("column", "seat"), pgettext("column", "role"), pgettext("column", "hand"),
            pgettext("column", "tricks"), pgettext("column", "card points")]
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:center">'
                 f"{table_html(cols, rows)}<div>{extra}</div>{_on_table(d, n, lk)}</div>")
    if d.over:
        parts.append(f"<div><b>{html.escape(result.text)}</b></div>")
    return "".join(parts)

"""What the Table says, in words: the seats' names, cards and moves as a line of text names them, the status line,
the result, the hint's note and the history. Written once against the Deal protocol and the learner's
:class:`~._session.Session`, and shared by the Table's parts (the board, the speech for a screen reader, the
teacher's panel), so each says a card, a seat or a trick's winner the same way. No widget: plain text and HTML.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from keinstich.cards import Card, Style
from keinstich.coach.why import move_text as named_move
from keinstich.deal import Kind, Lay, Unit
from keinstich.i18n import _, number, pgettext
from keinstich.wording import card_words
from keinstich.wording.names import move_words
from keinstich.wording.refusals import phase_name

from ._centre import won_words
from ._games import lays_off, move_cards, tricks_of
from ._words import label, move_text, seat_name, unit_name

if TYPE_CHECKING:
    from ._session import Session

__all__ = ["CSS", "TableWords", "column_name", "said_move"]

CSS = ("<style>.ks-table table.ks-grid{border-collapse:collapse}"
       ".ks-table table.ks-grid th,.ks-table table.ks-grid td{padding:2px 10px;text-align:left}"
       ".ks-table table.ks-grid tr:nth-child(even) td{background:rgba(0,0,0,.04)}</style>")
"""Spacing for the table's small tables (score, tricks), scoped to the Table widget."""


def _phase_prompt(phase: str, last: str) -> str | None:
    """What the learner is asked in a phase of calls (Herzblatt's), or None."""
    if phase == "asking":
        return _("Do you play (solo, with the skat) or pass?")
    if phase == "announce":
        return _("Announce: nothing, 66 or du (all tricks)?")
    if phase == "contra":
        return _("Say contra against the soloist?")
    if phase == "re":
        return _("{name} said contra: say re?", name=last)
    return None


def said_move(move: Any) -> str:
    """A move that puts down no card, in a line of text: "play", "pass", "announce 66", "discard 7C 8H"."""
    return move_words(None if move is None else move)


def column_name(name: str) -> str:
    """A result's column as the score table heads it ("tricks", "points", …)."""
    names: dict[str, Callable[[], str]] = {
        "points": lambda: pgettext("column", "points"), "tricks": lambda: pgettext("column", "tricks"),
             "penalty": lambda: pgettext("column", "penalty"), "place": lambda: pgettext("column", "place"),
             "passes": lambda: pgettext("column", "passes"),
             "role": lambda: pgettext("column", "role"), "card_points": lambda: pgettext("column", "card points"),
             "left": lambda: pgettext("column", "left")}
    said = names.get(name)
    return said() if said is not None else name.replace("_", " ")


class TableWords:
    """The Table's words for ``session``'s deal, in the faces the session names its cards in; ``open_hands()``
    says whether every hand is shown (a secret move is then said as it was made)."""

    def __init__(self, session: Session, open_hands: Callable[[], bool]) -> None:
        self.session = session
        self.open_hands = open_hands

    @property
    def faces(self) -> Style:
        return self.session.style

    def name(self, seat: int) -> str:
        """"You" or "Seat 2", in the language spoken."""
        return seat_name(seat, self.session.seat)

    @property
    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.session.setup.players)]

    def card_text(self, c: Card) -> str:
        """A card as the hint names it: "Q♠ (Queen of Spades)" with French faces, "Ober of Leaves" with German
        ones (whose suits are not the French symbols)."""
        return f"{self.words(c)} ({c.label(self.faces)})" if self.faces == "french" else self.words(c)

    def words(self, c: Card) -> str:
        """A card in a line of text, in the faces' words."""
        return card_words(c, self.faces)

    def move_words(self, move: Any, seat: int) -> str:
        """A move in the history: a card, or the move's text (a secret one as the others learn of it)."""
        cs = move_cards(move)
        if len(cs) == 1:
            return self.words(cs[0])
        ses = self.session
        secret = seat != ses.seat and not self.open_hands() and not ses.deal.over
        g = ses.setup.rules
        return g.public_move(move, self.faces) if secret else said_move(move)

    def advice(self, move: Any) -> str:
        """A hinted move: "Ober of Leaves", "Q♠ (Queen of Spades)", "Daus of Acorns at the bottom" (a card laid at a
        chosen end), "play", "discard 7C 8H", "pass"."""
        cs = move_cards(move)
        if isinstance(move, Lay):
            return named_move(move, self.faces)
        return self.card_text(cs[0]) if len(cs) == 1 else said_move(move)

    def hint_html(self, move: Any, reason: str, how: str = "") -> str:
        """The hint beside its button: the coach's move in bold, then why in plain words (``how``: how it was
        judged, in the note's tooltip)."""
        tip = f' title="{html.escape(_("How was this judged?") + " " + how)}"' if how else ""
        return (f'<div class="ks-hint-note" style="background:#fff4d6;border-radius:4px;padding:4px 8px;'
                f'line-height:1.4"{tip}>'
                f'{html.escape(_("The coach suggests"))} <b>{html.escape(self.advice(move))}</b>'
                f'{" — " + html.escape(reason) if reason else ""}</div>')

    def won(self, trick: Any) -> str:
        """"Seat 3 wins the trick with 8♠." in the table's faces and language."""
        return won_words(trick, trick.winner == self.session.seat, self.name(trick.winner), self.faces)

    def status(self) -> str:
        """The status line: who is thinking or to move, what the learner is asked, or the deal's result."""
        ses = self.session
        deal = ses.deal
        if ses.thinking is not None:
            return _("{name} is thinking…", name=self.name(ses.thinking))
        if deal.over:
            return _("The deal is over. {result} Press New deal for another.", result=self.result())
        turn = deal.turn
        assert turn is not None
        if turn != ses.seat:
            if ses.paused:
                return _("{name} to move (stepping: press Forward)", name=self.name(turn))
            return _("{name} to move.", name=self.name(turn))
        phase = deal.phase
        moves = deal.legal_moves()
        cards = any(move_cards(m) for m in moves)
        if ses.picking:
            if phase == "discard":
                return _("Pick two cards to lay away, then press Discard ({k} of 2 picked).", k=len(ses.selected))
            return _("Pick {n} cards, then press {button} ({k} of {n} picked).", n=ses.picking, k=len(ses.selected),
                     button=label(phase))
        if None in moves:
            return _("Your turn: lay a card, or pass.") if cards else _("No card fits: press Pass.")
        if not cards:
            prompt = _phase_prompt(phase, self.name(deal.history[-1][0] if deal.history else turn))
            if prompt is not None:
                return prompt
            return _("Your turn: {moves}?", moves=" / ".join(label(move_text(m)) for m in moves))
        if lays_off(deal):
            return _("Your turn: lay a card.")
        return _("Your turn: play a card.") if tricks_of(deal).trick else _("Your turn: lead a card.")

    def result(self) -> str:
        """The finished deal's result in a sentence or two: who went out, the score, the deal's own words."""
        deal = self.session.deal
        result = deal.result()
        parts = []
        if result.places is not None:
            order = sorted((p, s) for s, p in enumerate(result.places) if p)
            parts.append(_("Out: {order}.", order=", ".join(f"{p}. {self.name(s)}" for p, s in order)))
        if deal.kind is Kind.LAY_OFF and result.unit is Unit.PFENNIG and getattr(deal, "pot", 0) is None:
            from keinstich.coach import outcome  # what the review counts: the payout of a standard pot, less fees

            gets = ", ".join(f"{self.name(s)} {number(outcome(deal, s), None)}" for s in range(deal.players))
            return " ".join([*parts, _("Paid out by place from a standard pot, less the pass fees (pf): {gets}.",
                                       gets=gets)])
        scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(result.scores))
        parts.append(_("Score ({unit}): {scores}.", unit=unit_name(result.unit), scores=scores))
        if result.text:  # a sentence of its own: "… Platz 2 0. Alle haben gepasst: …" ("soloist 85: …" begins lower)
            parts.append(result.text[:1].upper() + result.text[1:] + ".")
        return " ".join(parts)

    def history(self) -> str:
        """The tricks and moves so far, as HTML (the bots' reasons once the hands are open or the deal is over)."""
        ses = self.session
        deal = ses.deal
        parts = []
        if not lays_off(deal) and tricks_of(deal).tricks:
            rows = []
            for tr in tricks_of(deal).tricks:
                cells = " ".join(f"{html.escape(self.name(s))}: {html.escape(self.words(c))}" for s, c in tr.plays())
                rows.append(f"<tr><td>{tr.number}</td><td>{cells}</td><td>{html.escape(self.name(tr.winner))}</td>"
                            "</tr>")
            parts.append(f"<table class='ks-grid'><tr><th>#</th><th>{html.escape(pgettext('column', 'cards'))}</th>"
                         f"<th>{html.escape(pgettext('column', 'won by'))}</th></tr>" + "".join(rows) + "</table>")
        show_reasons = self.open_hands() or deal.over
        lines = []
        for m in ses.moves:
            why = f" — {m.reason}" if m.reason and show_reasons else ""
            lines.append(f"<li>{html.escape(self.name(m.seat))}: {html.escape(self.move_words(m.move, m.seat))}"
                         f"{html.escape(why)}</li>")
        if lines:
            parts.append("<ol>" + "".join(lines) + "</ol>")
        return "".join(parts) or f"<i>{html.escape(_('no moves yet'))}</i>"

    def phase(self, phase: str) -> str:
        """A phase's name, as the trick's caption says it before the card play."""
        return _("Phase: {phase}", phase=phase_name(phase))

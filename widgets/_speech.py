"""What the Table says to a screen reader as the deal goes on, through its :class:`~._access.Access` live region.

After every redraw :class:`Speech` says what happened since the last one, in order: each card played ("Seat 2 plays
the 8 of Bells."), a trick's winner as the trick ends ("Seat 3 wins the trick with the Ace of Leaves."), a call or a
pass, then whose turn it is when it comes to the learner ("Your turn: play a card."). A new deal, an Undo or a Try
again says the position's turn afresh. It also gives the ARIA marks of the table's parts (landmarks, the bots'
hands as one labelled group each). Every sentence comes from the message catalogs, in the table's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from keinstich.i18n import _, ngettext, pgettext

from ._access import Access, Mark
from ._games import lays_off, move_cards, tricks_of

if TYPE_CHECKING:
    from keinstich.cards import Card
    from keinstich.deal import PlayedTrick

    from ._session import Session
    from ._table_words import TableWords

__all__ = ["Speech"]


class Speech:
    """The Table's announcements and marks (see the module's docstring); ``access`` is the widget saying them.
    It reads the learner's ``session`` and says things in the table's ``words``; ``shown(seat)`` tells whether a
    bot's hand is face up, ``status()`` the table's status line."""

    def __init__(self, session: Session, words: TableWords, *, shown: Callable[[int], bool],
                 status: Callable[[], str]) -> None:
        self.session = session
        self.say_as = words
        self.shown = shown
        self.status = status
        self.access = Access(live_label=_("What happens at the table"))
        self._seen: tuple[int, int] = (-1, 0)  # (generation, moves) already said
        self._turn_said = False

    def marks(self) -> list[Mark]:
        """Landmarks for the table, its controls and the review; the bots' hands one labelled group each ("Seat 2: 6
        cards" says all there is to know of a face-down hand: its picture of backs has nothing for a reader)."""
        ses = self.session
        n = ses.setup.players
        marks: list[Mark] = [
            (".ks-table", {"role": "region", "aria-label": _("Card table")}),
            (".ks-controls", {"role": "region", "aria-label": _("Table controls")}),
            (".ks-review-box", {"role": "region", "aria-label": _("Your review")}),
            (".ks-table > .ks-mine", {"role": "group", "aria-label": _("Your hand")}),
        ]
        for s in ((ses.seat + k) % n for k in range(1, n)):  # the bots' seats, as the board draws them
            held = len(ses.deal.hand(s))
            marks.append((f".ks-seat-{s}", {"role": "group", "aria-label": ngettext(
                "{name}: {n} card", "{name}: {n} cards", held, name=self.say_as.name(s))}))
        return marks

    def after_render(self) -> None:
        """Say what happened since the last redraw (called at the end of every redraw, under the session's lock)."""
        ses = self.session
        self.access.set_marks(self.marks())
        gen, n = ses.generation, len(ses.moves)
        said: list[str] = []
        if gen != self._seen[0] or n < self._seen[1]:  # a new deal, an Undo, a Try again: the position afresh
            self._turn_said = False
        else:
            said += self.moves_said(self._seen[1], n)
        self._seen = (gen, n)
        if ses.learner_to_move and ses.thinking is None and not ses.paused:
            if not self._turn_said or said:
                said.append(self.status())
            self._turn_said = True
        else:
            self._turn_said = False
            if ses.deal.over and said:
                said.append(self.status())
        self.access.say(*said)

    def moves_said(self, start: int, end: int) -> list[str]:
        """The sentences of the session's moves ``start`` to ``end``: each card, each trick's winner, each call."""
        t = self.say_as
        ses = self.session
        deal = ses.deal
        last_of: dict[Card, PlayedTrick] = {}  # a card that ended a finished trick -> the trick
        in_tricks: set[Card] = set()
        if not lays_off(deal):
            for trick in tricks_of(deal).tricks:
                plays = trick.plays()
                in_tricks.update(c for _s, c in plays)
                last_of[plays[-1][1]] = trick
            in_tricks.update(c for _s, c in tricks_of(deal).trick)
        said = []
        for m in ses.moves[start:end]:
            cards = move_cards(m.move)
            mine = m.seat == ses.seat
            if len(cards) == 1 and (cards[0] in in_tricks or lays_off(deal)):
                what = t.words(cards[0])
                said.append(_("You play {card}.", card=what) if mine else
                            _("{name} plays {card}.", name=t.name(m.seat), card=what))
                ended = last_of.get(cards[0])
                if ended is not None:
                    said.append(t.won(ended))
            else:
                what = t.move_words(m.move, m.seat)
                said.append(pgettext("a move said", "You: {move}.", move=what) if mine else
                            pgettext("a move said", "{name}: {move}.", name=t.name(m.seat), move=what))
        return said

    def refused(self, c: Card, reason: str) -> None:
        """A card pressed that may not be played: why, in the refusal sentence the card's tooltip gives."""
        self.access.refuse(self.say_as.words(c), reason or self.session.why_not(c) or "")

    def say(self, text: str) -> None:
        """Say ``text`` (the review's line, say)."""
        self.access.say(text)

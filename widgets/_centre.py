"""What the middle of the Table shows in a trick deal: the trick being played, and beside it the last
finished trick for as long as the learner has not yet seen it.

A trick the bots finish (a bot wins it and leads the next) would vanish before the learner saw who took
it. So a finished trick stays on the cloth, "Seat 3 wins the trick with 8♠", until the learner's next
move: :attr:`Session.seen_tricks <keinstich_widgets._session.Session.seen_tricks>` counts the tricks
finished before that move. No timer: the same clicks show the same picture, in a notebook, in Voila and
in a test. The Last trick button (``peek``) shows the trick before the one on the cloth again.
"""

from __future__ import annotations

from dataclasses import dataclass

from keinstich.cards import Card, Style
from keinstich.deal import PlayedTrick, TrickPlay
from keinstich.i18n import _
from keinstich.wording import the_card

__all__ = ["Centre", "centre_of", "won_words"]


@dataclass(frozen=True)
class Centre:
    """The main trick (``plays``, ``winner`` once finished) and the finished trick beside it (or None)."""

    plays: tuple[tuple[int, Card], ...]
    winner: int | None
    finished: PlayedTrick | None  # the main trick, when it is a finished one
    beside: PlayedTrick | None


def centre_of(play: TrickPlay, seen: int, peek: bool) -> Centre:
    """The picture for ``play``: ``seen`` finished tricks the learner has moved after; ``peek``: the Last
    trick button is down."""
    tricks = play.tricks
    if play.trick:
        unseen = len(tricks) > seen
        beside = tricks[-1] if tricks and (unseen or peek) else None
        return Centre(play.trick, None, None, beside)
    if tricks:
        last = tricks[-1]
        return Centre(last.plays(), last.winner, last, tricks[-2] if peek and len(tricks) > 1 else None)
    return Centre((), None, None, None)


def won_words(trick: PlayedTrick, you: bool, name: str, style: Style) -> str:
    """"Seat 3 wins the trick with 8♠." / "You win the trick with the Ober of Leaves." (in the language spoken)."""
    winning = next(c for s, c in trick.plays() if s == trick.winner)
    what = the_card(winning, style)
    return _("You win the trick with {card}.", card=what) if you else _("{name} wins the trick with {card}.",
                                                                         name=name, card=what)

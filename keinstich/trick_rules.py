"""What trick play is made of: the rules of a trick (order, trumps, duties), a finished trick, what a
contract gives the machine, and what one seat can see. :mod:`keinstich.tricks` plays them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar, Literal, NamedTuple, Protocol

from keinstich.cards import ALL_CARDS, Card, Style, Suit, card, mask_of, strength_table
from keinstich.deal import Kind
from keinstich.wording.i18n import _


@dataclass(frozen=True)
class TrickRules:
    """How tricks are played: the rank order, the trump suit and the duties it brings.

    ``must_trump``: a player void in the led suit must play a trump if he has one.
    ``must_overtrump_trump_lead``: when trumps are led, a player must beat the highest trump
    so far if he can. ``must_overtrump_always``: a player who trumps (or follows a trump
    lead) must beat the highest trump in the trick if he can.
    With ``must_trump`` off, trumping is a choice, but a player who chooses to trump must still
    beat the highest trump so far if he can (he may always play another suit instead).
    ``no_lead``: a suit that may not be led while the leader holds another (Barbu's ban on leading
    Hearts; docs/rules.md §2.3 ``no_heart_lead``). ``forced_discard``: a card a player void in the led
    suit must throw if he holds it (King's rule for the King of Hearts; ``force_max_when_void``).
    ``stop_when_decided``: the deal ends as soon as no further trick can change any score
    (docs/rules.md §2.5): the cards left carry no amount, no per-trick or numbered-trick amount is
    still to come and no March is possible. The contract's data decides (``Contract.decided``);
    a scoring without that method never ends early.
    """

    order: str = "natural"
    trump: Suit | None = None
    must_trump: bool = False
    must_overtrump_trump_lead: bool = False
    must_overtrump_always: bool = False
    no_lead: Suit | None = None
    forced_discard: Card | None = None
    stop_when_decided: bool = False

    def __post_init__(self) -> None:
        from keinstich.cards import quoted
        from keinstich.cards import suit as read_suit
        from keinstich.limits import check_fields

        strength_table(self.order)  # refuses an unknown order early
        check_fields(self)
        for name in ("trump", "no_lead"):  # a suit, or its letter or name ("H", "hearts")
            value = getattr(self, name)
            if value is not None and not isinstance(value, Suit):
                try:
                    object.__setattr__(self, name, read_suit(value))
                except ValueError:
                    raise ValueError(f"{name} must be a suit such as Suit.HEARTS or 'H', or None, "
                                     f"not {quoted(value)}") from None
        if self.forced_discard is not None and not isinstance(self.forced_discard, Card):
            object.__setattr__(self, "forced_discard", card(self.forced_discard))
        if self.trump is None and (self.must_trump or self.must_overtrump_trump_lead
                                   or self.must_overtrump_always):
            raise ValueError("must-trump rules need a trump suit (e.g. trump=Suit.HEARTS)")

    def __repr__(self) -> str:
        """Every field, but ``stop_when_decided`` only when it is on (older outputs stay as they were)."""
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                 if f.name != "stop_when_decided" or self.stop_when_decided]
        return f"TrickRules({', '.join(shown)})"


NO_TRUMPS = TrickRules()


class Trick(NamedTuple):
    """A finished trick: its number (1-based), who led, the cards in play order, the winner."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, i: int) -> int:
        """The seat that played ``cards[i]``."""
        return (self.leader + i) % len(self.cards)

    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs in play order."""
        cards = self.cards
        n, leader = len(cards), self.leader  # seat_of, inlined: bots and simulations ask this on every card
        return tuple(((leader + i) % n, c) for i, c in enumerate(cards))

    def __str__(self) -> str:
        plays = ", ".join(f"{s}:{c.code}" for s, c in self.plays())
        # TRANSLATORS: a finished trick in the engine's voice: "trick 1 (0:AH, 1:KH, 2:10H, 3:QH) won by seat 0"
        return _("trick {number} ({plays}) won by seat {seat}", number=self.number, plays=plays, seat=self.winner)

    def _repr_html_(self) -> str:
        """Who played what round the table, the winner framed (drawn by :mod:`keinstich.faces`)."""
        from keinstich.pictures import html

        return html("trick", self)

class Scoring(Protocol):
    """What a contract gives the trick machine: its rules and how tricks become scores.

    A scoring may also offer ``decided(tricks, remaining, total_tricks) -> bool`` (``remaining``: the
    mask of the cards not yet played), true when no further trick can change any score; a deal
    under ``TrickRules(stop_when_decided=True)`` then ends there (see :class:`TrickRules`).
    """

    @property
    def id(self) -> str: ...

    @property
    def rules(self) -> TrickRules: ...

    def score(self, tricks: Sequence[Trick], players: int, total_tricks: int) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Observation:
    """What one seat knows: its own hand and everything played openly. Nothing hidden.

    ``voids[s]`` holds the suits seat ``s`` has shown it lacks (by not following);
    ``hand_sizes`` are public counts. ``trick`` is the trick in progress as (seat, card).
    """

    kind: ClassVar[Literal[Kind.TRICK]] = Kind.TRICK
    """Which view this is (see :meth:`~keinstich.deal.Deal.observation`): a seat in a trick deal."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    turn: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    voids: tuple[frozenset[Suit], ...]
    hand_sizes: tuple[int, ...]
    contract: Scoring | None = field(repr=False, default=None)
    rules: TrickRules = NO_TRUMPS
    style: Style = field(repr=False, compare=False, default="french")
    """The faces of the deal's pack: the bots' reasons name its cards in their words."""

    @cached_property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every (seat, card) played so far, in order."""
        return tuple(p for t in self.tricks for p in t.plays()) + self.trick

    @cached_property
    def played_mask(self) -> int:
        """The cards played so far, as a mask."""
        m = 0
        for t in self.tricks:  # card by card, without building ``played``: bots ask this on every card
            for c in t.cards:
                m |= c.bit
        for _seat, c in self.trick:
            m |= c.bit
        return m

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: in other hands (or out of play)."""
        seen = mask_of(self.hand) | self.played_mask
        return tuple(c for c in ALL_CARDS if not seen & c.bit)


def forehand(dealer: int, players: int) -> int:
    """The seat left of the dealer, who leads the first trick."""
    from keinstich.limits import check_whole

    check_whole("players", players, 2)
    return (check_whole("dealer", dealer, 0, players - 1) + 1) % players

"""The lay-off (domino) deals: Kein Stich's Unteransetzen and Herzeln's Unteranlegen.

One state machine, :class:`DominoDeal`, plays both layouts (docs/rules.md §2.6 and §3.3):

- ``"rows"``: one row per suit, started by that suit's Unter (Jack) and built one card at a
  time up and down in the chosen rank order; with ``wrap`` a row may turn the corner.
- ``"chain"``: Herzeln's single two-ended chain of mixed suits, started by any Jack; each card
  is of the rank after the top end or before the bottom end in the cycle of the pack's ranks.

A player who can lay a card must (unless ``voluntary_pass``); one card per turn; turns pass
clockwise; players drop out as their hands empty; the deal ends when one player still holds
cards. The pack in use is whatever was dealt, so reduced packs (german-24, french-50, …) work:
a row simply ends at the lowest card of its suit that was dealt. Two choices of ours [DER]
keep every pack free of deadlock: a row joins the next card of its suit *that was dealt* (a pack
missing a middle card closes the gap instead of blocking the row; the named packs only lose
bottom cards, where this is exactly the rule), and the chain passes over a rank of which no
card is left to lay (with a full pack that never happens before the end; in french-50 the two
Twos run out early and the chain must pass over them).

Hands are bitmasks and the set of cards that fit the layout now (the *frontier*) is kept up to
date after every card, so a player's legal cards are ``hand & frontier``: random playouts are cheap.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from keinstich.cards import (
    ALL_CARDS,
    Card,
    Pack,
    Rank,
    Style,
    Suit,
    card,
    cards_of,
    deal_hands,
    mask_of,
    pack,
    strength_table,
)
from keinstich.deal import IllegalPlay, Machine, Result
from keinstich.tricks import forehand

if TYPE_CHECKING:
    pass

Layout = Literal["rows", "chain"]
Start = Literal["acorns", "hearts", "leaves", "bells", "any"]
Order = Literal["natural", "ace-ten"]
End = Literal["top", "bottom"]


class Lay(NamedTuple):
    """A card laid at a chosen end of the chain (where it fits both); shows as ``9C@bottom``."""

    card: Card
    end: End

    def __str__(self) -> str:
        return f"{self.card.code}@{self.end}"


Move = Card | Lay | str | None
"""A lay-off move: a card (laid where it fits, the top end if both), a :class:`Lay`, or a pass
(None, or the word "pass")."""

START_CARDS: dict[str, Card | None] = {
    "acorns": card("JC"), "leaves": card("JS"), "hearts": card("JH"), "bells": card("JD"), "any": None}
"""The Unter that must open the lay-off for each ``start`` (None: any Unter, forehand first)."""

_TOP, _BOTTOM = 1, 2
_CHOSEN = 4  # in the history: the card fitted both ends and this one was chosen
_END_CODES: dict[str | None, int] = {None: 0, "top": _TOP, "bottom": _BOTTOM}
_SUIT_BITS = tuple(0x1FFF << (13 * s) for s in range(4))
_JACKS = mask_of(c for c in ALL_CARDS if c.rank is Rank.JACK)


class DominoError(ValueError):
    """Domino rules, or hands, that cannot make a lay-off deal."""


@dataclass(frozen=True)
class DominoRules:
    """How a lay-off deal is played.

    ``layout``: ``"rows"`` (Unteransetzen, one row per suit) or ``"chain"`` (Herzeln, one chain).
    ``start``: the Unter whose holder must lay it first (``"acorns"`` = JC, ``"hearts"``,
    ``"leaves"``, ``"bells"``), or ``"any"``: forehand lays any Unter, passing if he has none.
    ``order``: rank order the cards are built in; ``wrap``: a row may turn the corner (the Ace
    joins the lowest card). The chain always starts with any Jack and always wraps, so for
    ``layout="chain"`` ``start`` is set to ``"any"`` and ``wrap`` to True.
    ``voluntary_pass``: a player may pass even when he could lay a card; ``pass_fee``: what each
    pass costs (paid into the pot, see :meth:`DominoDeal.fees`).
    """

    layout: Layout = "rows"
    start: Start = "acorns"
    order: Order = "natural"
    wrap: bool = False
    voluntary_pass: bool = False
    pass_fee: int = 0

    def __post_init__(self) -> None:
        if self.layout not in ("rows", "chain"):
            raise DominoError(f"unknown layout {self.layout!r}: use 'rows' (one row per suit) or 'chain'")
        if self.start not in START_CARDS:
            raise DominoError(f"unknown start {self.start!r}: use one of {', '.join(START_CARDS)}")
        try:
            strength_table(self.order)
        except ValueError as e:
            raise DominoError(str(e)) from None
        if isinstance(self.pass_fee, bool) or not isinstance(self.pass_fee, int) or self.pass_fee < 0:
            raise DominoError(f"pass_fee must be a whole number of pfennig, 0 or more, not {self.pass_fee!r}")
        if self.layout == "chain":
            object.__setattr__(self, "start", "any")
            object.__setattr__(self, "wrap", True)

    @property
    def start_card(self) -> Card | None:
        """The card that must be laid first, or None when any Unter (Jack) may start."""
        return START_CARDS[self.start]

    def describe(self) -> str:
        if self.layout == "chain":
            text = f"one chain of any suits from a Jack, {self.order} order, wrapping round"
        else:
            first = self.start_card
            text = (f"rows by suit from {first.code} ({first.label('german')}) first" if first is not None
                    else "rows by suit, any Unter first")
            text += f", {self.order} order" + (", rows may wrap round" if self.wrap else "")
        if self.voluntary_pass:
            text += ", passing allowed"
        if self.pass_fee:
            text += f", {self.pass_fee} per pass"
        return text


@dataclass(frozen=True)
class DominoContract:
    """A lay-off deal as a contract: its rules, and how the finishing order scores.

    ``points`` gives fixed points by finishing place (Herzeln: 0, -10, -20, -30); with fewer
    players only the first places count. ``None`` means the deal pays out the pot (Kein Stich):
    see :func:`payout_shares`.
    """

    id: str
    name: str
    german: str = ""
    rules: DominoRules = field(default_factory=DominoRules)
    points: tuple[int, ...] | None = None
    game: str = field(default="kein-stich", repr=False)

    def __post_init__(self) -> None:
        if self.points is not None:
            object.__setattr__(self, "points", tuple(int(p) for p in self.points))

    def score(self, finish_order: Sequence[int]) -> tuple[int, ...]:
        """Points per seat for a finishing order (seats, first out first)."""
        if self.points is None:
            raise DominoError(f"{self.name} pays out the pot: use payout_shares(pot, finish_order)")
        n = len(finish_order)
        _check_order(finish_order)
        if len(self.points) < n:
            raise DominoError(f"{self.name} has points for {len(self.points)} places, not {n}")
        out = [0] * n
        for place, seat in enumerate(finish_order):
            out[seat] = self.points[place]
        return tuple(out)

    def describe(self) -> str:
        pay = ("pays out the pot by finishing place" if self.points is None
               else "places score " + " / ".join(str(p) for p in self.points))
        return f"{self.name}: {self.rules.describe()}; {pay}"

    def _repr_html_(self) -> str:
        german = f" <i>({self.german})</i>" if self.german else ""
        return f"<b>{self.name}</b>{german}: {self.rules.describe()}"


DOMINO = DominoContract("domino", "Domino", "Unteransetzen", DominoRules())
DOMINO_HEARTS = DominoContract("domino-hearts", "Domino from the Unter of Hearts", "Herzunteranlegen",
                               DominoRules(start="hearts"))
DOMINO_LEAVES = DominoContract("domino-leaves", "Domino from the Unter of Leaves", "Grünunteransetzen",
                               DominoRules(start="leaves"))
DOMINO_BELLS = DominoContract("domino-bells", "Domino from the Unter of Bells", "Schellenunteransetzen",
                              DominoRules(start="bells"))
DOMINO_ANY = DominoContract("domino-any", "Domino from any Unter", "Unteransetzen (beliebiger Unter)",
                            DominoRules(start="any"))
DOMINO_CONTRACTS: dict[str, DominoContract] = {
    "acorns": DOMINO, "hearts": DOMINO_HEARTS, "leaves": DOMINO_LEAVES, "bells": DOMINO_BELLS, "any": DOMINO_ANY}
"""Kein Stich's lay-off deal by starting Unter (docs/rules.md §2.6)."""


def domino_contract(start: str = "acorns", *, voluntary_pass: bool = False, pass_fee: int = 0) -> DominoContract:
    """Kein Stich's domino deal for a starting Unter, with the passing variants (docs/rules.md §2.6)."""
    if start not in DOMINO_CONTRACTS:
        raise DominoError(f"unknown start {start!r}: use one of {', '.join(DOMINO_CONTRACTS)}")
    c = DOMINO_CONTRACTS[start]
    if voluntary_pass or pass_fee:
        c = dataclasses.replace(c, rules=dataclasses.replace(c.rules, voluntary_pass=voluntary_pass,
                                                             pass_fee=pass_fee))
    return c


HERZELN_DOMINO = DominoContract("herzeln-domino", "Domino", "Unteranlegen",
                                DominoRules(layout="chain", order="ace-ten"), (0, -10, -20, -30), "herzeln")
"""Herzeln's deal 8: one wrapping chain from any Jack; places score 0/-10/-20/-30 (docs/rules.md §3.3)."""


def herzeln_domino(players: int = 4, layout: Layout = "chain", order: Order = "ace-ten",
                   *, voluntary_pass: bool = False) -> DominoContract:
    """Herzeln's domino deal for 3 or 4 players: 0, -10, -20 (, -30) by place (docs/rules.md §3.2).

    ``layout="rows"`` is the per-suit variant (four rows from the Jacks, each may wrap round);
    ``order="natural"`` builds in A K Q J 10 9 8 7 instead of the Ace-Ten order. Other player
    counts continue the -10 steps (our extension).
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise DominoError(f"a domino deal needs 2 players or more, not {players!r}")
    if layout == "chain":
        rules = DominoRules(layout="chain", order=order, voluntary_pass=voluntary_pass)
    else:
        rules = DominoRules(layout=layout, start="any", order=order, wrap=True, voluntary_pass=voluntary_pass)
    cid = "herzeln-domino" + ("-rows" if layout == "rows" else "") + ("-natural" if order == "natural" else "")
    name = "Domino" + (" by suit" if layout == "rows" else "") + (" (natural order)" if order == "natural" else "")
    return DominoContract(cid, name, "Unteranlegen", rules, tuple(-10 * i for i in range(players)), "herzeln")


# --- paying out the pot --------------------------------------------------------------------------

PAYOUT_WEIGHTS: dict[int, tuple[int, ...]] = {
    2: (100, 0), 3: (100, 50, 0), 4: (100, 50, 10, 0), 5: (100, 50, 10, 0, 0), 6: (100, 50, 10, 0, 0, 0)}
"""Default payout weights by finishing place, per player count (docs/rules.md §2.7; 2 players is ours)."""


def payout_weights(players: int) -> tuple[int, ...]:
    """The payout weights of a lone lay-off deal for ``players``: the defaults, and beyond six players
    100 / 50 / 10 for the first three places and nothing for the rest."""
    return PAYOUT_WEIGHTS.get(players, (100, 50, 10) + (0,) * (players - 3))


def _check_order(finish_order: Sequence[int]) -> None:
    n = len(finish_order)
    if sorted(finish_order) != list(range(n)):
        raise DominoError(f"finish_order must list every seat 0…{n - 1} once, first out first, "
                          f"not {tuple(finish_order)}")


def payout_shares(pot: int, finish_order: Sequence[int], weights: Sequence[int] | None = None,
                  unit: int = 5) -> tuple[int, ...]:
    """How the pot is paid out, per seat (docs/rules.md §2.7).

    ``finish_order`` lists the seats from first out to last; place ``i`` is owed
    ``pot × weights[i] / sum(weights)``, paid in whole ``unit``s by the largest-remainder method
    (equal remainders go to the better finisher), so the shares always add up to the pot.
    160 → 100/50/10/0, 120 → 75/40/5/0, 200 → 125/65/10/0 with four players.
    """
    _check_order(finish_order)
    n = len(finish_order)
    if weights is None:
        if n not in PAYOUT_WEIGHTS:
            raise DominoError(f"no default payout weights for {n} players: pass weights=[…] "
                              f"(one per place, first place first)")
        weights = PAYOUT_WEIGHTS[n]
    w = [int(x) for x in weights]
    if len(w) != n or any(x < 0 for x in w) or sum(w) <= 0:
        raise DominoError(f"weights must be {n} numbers ≥ 0 (one per place) with a positive sum, not {tuple(w)}")
    if unit <= 0:
        raise DominoError(f"unit must be positive, not {unit}")
    if pot < 0 or pot % unit:
        raise DominoError(f"the pot ({pot}) must be a whole number of units of {unit}, 0 or more; "
                          "use unit=1 to pay out any amount")
    units, total = pot // unit, sum(w)
    share = [units * x // total for x in w]
    remainder = [units * x % total for x in w]
    for place in sorted(range(n), key=lambda i: (-remainder[i], i))[:units - sum(share)]:
        share[place] += 1
    out = [0] * n
    for place, seat in enumerate(finish_order):
        out[seat] = share[place] * unit
    return tuple(out)


# --- tables for a dealt pack ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """What the layout needs to know about the cards in play, shared by all deals of the pack."""

    seqs: tuple[tuple[Card, ...], ...]  # rows: per suit, the dealt cards low to high in the order
    jack_at: tuple[int, ...]  # rows: per suit, where its Jack sits in seqs[s] (-1: not dealt)
    ranks: tuple[Rank, ...]  # chain: the dealt ranks, low to high: one turn of the cycle
    rank_masks: tuple[int, ...]  # chain: per cycle position, the dealt cards of that rank
    jack_pos: int  # chain: the Jack's position in the cycle (-1: no Jack)


@lru_cache(maxsize=64)
def _tables(dealt: int, order: str) -> _Tables:
    strength = strength_table(order)
    in_play = cards_of(dealt)
    seqs = tuple(tuple(sorted((c for c in in_play if c.suit == s), key=lambda c: strength[c.index]))
                 for s in Suit)
    jack_at = tuple(next((i for i, c in enumerate(seq) if c.rank is Rank.JACK), -1) for seq in seqs)
    ranks = tuple(sorted({c.rank for c in in_play}, key=lambda r: strength[Card(Suit.CLUBS, r).index]))
    rank_masks = tuple(mask_of(c for c in in_play if c.rank is r) for r in ranks)
    jack_pos = ranks.index(Rank.JACK) if Rank.JACK in ranks else -1
    return _Tables(seqs, jack_at, ranks, rank_masks, jack_pos)


# --- the deal ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DominoObservation:
    """What one seat knows in a lay-off deal: its own hand and everything on the table. Nothing hidden.

    ``layout`` is as :attr:`DominoDeal.layout`; ``plays`` are (seat, card or None for a pass).
    """

    kind: ClassVar[Literal["lay-off"]] = "lay-off"
    """Which view this is (see :meth:`~keinstich.deal.Deal.observation`): a seat in a lay-off deal."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    can_pass: bool
    turn: int | None
    layout: dict[Suit, tuple[Card, ...]] | tuple[Card, ...]
    plays: tuple[tuple[int, Card | None], ...]
    hand_sizes: tuple[int, ...]
    finish_order: tuple[int, ...]
    fees: tuple[int, ...]
    rules: DominoRules
    in_play: tuple[Card, ...] = ()

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards in the other hands: the cards in play less this hand and the cards laid."""
        known = mask_of(self.hand) | mask_of(c for _, c in self.plays if c is not None)
        return tuple(c for c in self.in_play if not known & c.bit)


class DominoDeal(Machine):
    """One lay-off deal: ``turn``, ``legal()``, ``can_pass()``, ``play(card or None)``, ``finish_order``.

    ``hands`` are the hands as dealt, seat 0 first, clockwise; the cards dealt are the pack in
    use. ``leader`` is forehand (left of the dealer). With a fixed starting Unter its holder
    moves first whoever the leader is, and :attr:`first_leader` is that seat. A refused move
    raises :class:`~keinstich.tricks.IllegalPlay` and leaves the state unchanged; :meth:`why_illegal`
    gives the same reason without raising.

    In the chain, a card may fit both ends (its rank is the one missing from a full turn of the
    cycle); ``play(c, end="bottom")`` chooses the end, the default is the top. ``pack`` is the id of
    the pack dealt from (:meth:`from_seed` and the games set it; None for hands typed without one).

    ``style`` is the style of the pack dealt from (``"german"`` by default, :meth:`from_seed` takes
    the pack's): the reasons name cards and suits as that pack does (the Unter of Acorns, or the
    Jack of Clubs).
    """

    playing = "lay"

    __slots__ = (
        "_all",
        "_cb",
        "_chain",
        "_ct",
        "_dealt",
        "_finish",
        "_front",
        "_hands",
        "_hi",
        "_history",
        "_lo",
        "_nt",
        "_passes",
        "_pb",
        "_rest",
        "_tab",
        "_turn",
        "contract",
        "first_leader",
        "forehand",
        "pack",
        "players",
        "pot",
        "rules",
        "style",
    )

    def __init__(self, hands: Sequence[Sequence[Card | str]], contract: DominoContract = DOMINO,
                 *, leader: int = 0, rules: DominoRules | None = None, style: Style = "german",
                 pack: str | None = None) -> None:
        n = len(hands)
        if n < 2:
            raise DominoError(f"a deal needs at least 2 hands, got {n}")
        dealt = tuple(tuple(card(c) for c in h) for h in hands)
        sizes = [len(h) for h in dealt]
        if len(set(sizes)) != 1 or sizes[0] == 0:
            raise DominoError(f"every hand needs the same number of cards, got sizes {sizes}")
        masks = [mask_of(h) for h in dealt]
        everything = mask_of(c for h in dealt for c in h)
        if everything.bit_count() != sum(sizes):
            raise DominoError("a card appears twice in the hands")
        if not 0 <= leader < n:
            raise DominoError(f"leader must be a seat from 0 to {n - 1}, not {leader}")
        if style not in ("german", "french"):
            raise DominoError(f"style must be 'german' or 'french', not {style!r}")
        self.style: Style = style
        self.contract = contract
        self.pack = pack
        self.pot: int | None = None
        self.rules = rules if rules is not None else contract.rules
        self.players = n
        self.forehand = leader
        self._dealt = dealt
        self._tab = _tables(everything, self.rules.order)
        self._check_startable(everything)
        self._hands = masks
        self._rest = self._all = everything
        start = self.rules.start_card
        holder = leader if start is None else next(s for s in range(n) if masks[s] & start.bit)
        self.first_leader = holder
        self._turn = holder
        self._history: list[tuple[int, Card | None, int]] = []
        self._finish: list[int] = []
        self._passes = [0] * n
        self._lo = [0, 0, 0, 0]
        self._hi = [-1, -1, -1, -1]
        self._chain: list[Card] = []
        self._nt = self._pb = self._ct = self._cb = -1
        self._front = start.bit if start is not None else everything & _JACKS

    def _check_startable(self, everything: int) -> None:
        """Refuse hands whose layout could never start or could never take some card."""
        start = self.rules.start_card
        if start is not None and not everything & start.bit:
            raise DominoError(f"{start.code} ({start.label(self.style)}) must start the lay-off "
                              "but is not in any hand")
        if self.rules.layout == "chain":
            if self._tab.jack_pos < 0:
                raise DominoError("the chain starts with a Jack, but no Jack was dealt")
            return
        for s in Suit:
            if self._tab.seqs[s] and self._tab.jack_at[s] < 0:
                jack = Card(s, Rank.JACK)
                raise DominoError(f"the {s.label(self.style)} row can never start: {jack.code} "
                                  f"({jack.label(self.style)}) is not in any hand")

    @classmethod
    def from_seed(cls, p: Pack | str, players: int, seed: int | str, contract: DominoContract = DOMINO,
                  *, dealer: int | None = None, rules: DominoRules | None = None) -> DominoDeal:
        """Deal ``p`` to ``players`` from ``seed``; ``dealer`` defaults to the last seat (seat 0 is forehand).
        The deal's :attr:`style` is the pack's."""
        d = dealer if dealer is not None else players - 1
        if not 0 <= d < players:
            raise DominoError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
        p = pack(p)
        return cls(deal_hands(p, players, seed), contract, leader=forehand(d, players), rules=rules, style=p.style,
                   pack=p.id)

    # --- reading the state ---------------------------------------------------------------------

    @property
    def trick_deal(self) -> None:
        """None: a lay-off deal has no tricks."""
        return None

    def legal_moves(self) -> tuple[Move, ...]:
        """The cards that fit (a card that fits both ends of the chain or a wrapping row once per end,
        as a :class:`Lay`),
        and None when the seat may pass."""
        if self._turn < 0:
            return ()
        out: list[Move] = []
        for c in self.legal():
            if self._ends(c) == _TOP | _BOTTOM:
                out += [Lay(c, "top"), Lay(c, "bottom")]
            else:
                out.append(c)
        return (*out, None) if self._pass_allowed(self._turn) else tuple(out)

    def result(self) -> Result:
        """By finishing place: the contract's points, or (a deal that pays out the pot) what each
        seat pays in pass fees less its share of the pot and the fees (set :attr:`pot` first)."""
        n = self.players
        places = tuple(self._finish.index(s) + 1 if s in self._finish else 0 for s in range(n))
        fees = self.fees()
        if self.contract.points is not None:
            scores = self.contract.score(self._finish) if self.is_over else (0,) * n
            return Result(scores, "points", places=places)
        if self.pot is None or not self.is_over:
            hint = "; set the deal's pot to see the payout" if self.pot is None else ""
            return Result(fees, "pfennig", places=places, text="pass fees only" + hint)
        shares = payout_shares(self.pot + sum(fees), self._finish, payout_weights(n))
        return Result(tuple(fees[s] - shares[s] for s in range(n)), "pfennig", places=places,
                      text=f"the pot of {self.pot} and {sum(fees)} in pass fees paid out by place")

    @property
    def started(self) -> bool:
        """Whether the first card has been laid."""
        return self._started()

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt."""
        return self._dealt

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds."""
        return cards_of(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(m) for m in self._hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(m.bit_count() for m in self._hands)

    @property
    def plays(self) -> tuple[tuple[int, Card | None], ...]:
        """Every move so far as (seat, card), a pass as (seat, None)."""
        return tuple((s, c) for s, c, _ in self._history)

    @property
    def history(self) -> tuple[tuple[int, Card | Lay | None], ...]:
        """Every move as (seat, move): a card, a :class:`Lay` where the end was chosen between two,
        None for a pass. Replaying them with :meth:`play` rebuilds the deal, chain ends included."""
        return tuple((s, Lay(c, "top" if e & _TOP else "bottom") if c is not None and e & _CHOSEN else c)
                     for s, c, e in self._history)

    @property
    def lay_history(self) -> tuple[tuple[int, Card | None, End | None], ...]:
        """Every move as (seat, card or None, end): the end a card was laid at ("top"/"bottom"; None
        for a pass or a card that opened a row or the chain). Replaying it with
        ``play(card, seat, end=end)`` reproduces the deal exactly, chain ends included."""
        names: tuple[End | None, End | None, End | None] = (None, "top", "bottom")
        return tuple((s, c, names[e & ~_CHOSEN]) for s, c, e in self._history)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Seats in the order they went out; when the deal is over, the last holder comes last."""
        return tuple(self._finish)

    def passes(self) -> tuple[int, ...]:
        """How many times each seat has passed."""
        return tuple(self._passes)

    def fees(self) -> tuple[int, ...]:
        """Pass fees paid so far per seat (``rules.pass_fee`` per pass)."""
        fee = self.rules.pass_fee
        return tuple(p * fee for p in self._passes)

    def scores(self, pot: int | None = None) -> tuple[int, ...]:
        """The result per seat once the deal is over: the contract's points by place, or, for a
        deal that pays out the pot, each seat's share of ``pot`` (:func:`payout_shares`).
        Pass fees are not included (see :meth:`fees`)."""
        if not self.is_over:
            raise DominoError("the deal is not over yet: scores follow the finishing order")
        if self.contract.points is not None:
            return self.contract.score(self._finish)
        if pot is None:
            raise DominoError(f"{self.contract.name} pays out the pot: call scores(pot)")
        return payout_shares(pot, self._finish)

    @property
    def layout(self) -> dict[Suit, tuple[Card, ...]] | tuple[Card, ...]:
        """The open layout: rows as {suit: cards laid, low end to high end} for every suit dealt
        (empty until its Unter is laid); the chain as cards from the bottom end to the top end."""
        if self.rules.layout == "chain":
            return tuple(self._chain)
        return self.rows

    @property
    def rows(self) -> dict[Suit, tuple[Card, ...]]:
        """The rows by suit (the rows layout; empty for the chain)."""
        if self.rules.layout == "chain":
            return {}
        out = {}
        for s in Suit:
            seq = self._tab.seqs[s]
            if seq:
                k = len(seq)
                out[s] = tuple(seq[i % k] for i in range(self._lo[s], self._hi[s] + 1))
        return out

    @property
    def chain(self) -> tuple[Card, ...]:
        """The chain from its bottom end to its top end (the chain layout; empty for rows)."""
        return tuple(self._chain)

    # --- legality ------------------------------------------------------------------------------

    def _pass_allowed(self, s: int) -> bool:
        if not self._hands[s] & self._front:
            return True
        return self.rules.voluntary_pass and (self.rules.start_card is None or self._started())

    def _started(self) -> bool:
        return bool(self._chain) if self.rules.layout == "chain" else any(
            h >= lo for lo, h in zip(self._lo, self._hi, strict=True))

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may lay (empty: he must pass, or the deal is over)."""
        return () if self._turn < 0 else cards_of(self._hands[self._turn] & self._front)

    def legal_mask(self) -> int:
        """:meth:`legal` as a bitmask of card bits."""
        return 0 if self._turn < 0 else self._hands[self._turn] & self._front

    def can_pass(self) -> bool:
        """Whether the player to move may pass: he has no card that fits (or ``voluntary_pass``)."""
        return self._turn >= 0 and self._pass_allowed(self._turn)

    def moves(self) -> tuple[Card | None, ...]:
        """Legal moves for the player to move: his legal cards, and None if he may pass."""
        if self._turn < 0:
            return ()
        return self.legal() + ((None,) if self._pass_allowed(self._turn) else ())

    @property
    def frontier(self) -> tuple[Card, ...]:
        """Every card that would fit the layout now, wherever it is (public: the layout's open ends)."""
        return cards_of(self._front)

    def ends(self, c: Card | str) -> tuple[End, ...]:
        """The ends of the layout ``c`` fits now: ``("top",)``, ``("bottom",)``, both, or none.

        A card that opens a row or the chain counts as ``("top",)``."""
        c = card(c)
        if not self._front & c.bit:
            return ()
        code = self._ends(c)
        out: list[End] = []
        if code & _TOP or not code:
            out.append("top")
        if code & _BOTTOM:
            out.append("bottom")
        return tuple(out)

    def _ends(self, c: Card) -> int:
        """For a card on the frontier: _TOP, _BOTTOM or both (0 for a card that opens a row or the chain)."""
        tab = self._tab
        if self.rules.layout == "chain":
            if not self._chain:
                return 0
            fits = 0
            if c.rank is tab.ranks[self._nt]:
                fits |= _TOP
            if c.rank is tab.ranks[self._pb]:
                fits |= _BOTTOM
            return fits
        s = c.suit
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return 0
        seq = tab.seqs[s]
        k = len(seq)
        fits = 0
        if (hi + 1 < k or self.rules.wrap) and seq[(hi + 1) % k] is c:
            fits |= _TOP
        if (lo > 0 or self.rules.wrap) and seq[(lo - 1) % k] is c:
            fits |= _BOTTOM
        return fits

    def why_illegal(self, move: Move, seat: int | None = None, *, end: End | None = None,
                    style: Style | None = None) -> str | None:
        """Why ``move`` (a card, a :class:`Lay`, or None / "pass") is not allowed now for ``seat``, or None."""
        if isinstance(move, Lay):
            move, end = move
        try:
            c = _parse(move)
        except IllegalPlay as e:
            return str(e)
        if end not in _END_CODES:
            return f"end must be 'top' or 'bottom', not {end!r}"
        if self._turn < 0:
            order = ", ".join(map(str, self._finish))
            return f"the deal is over: the seats went out in the order {order}"
        s = self._turn
        start = self.rules.start_card
        opening = start is not None and not self._started()
        if seat is not None and seat != s:
            text = f"it is seat {s}'s turn, not seat {seat}'s"
            if opening:
                assert start is not None
                text += f": seat {s} holds {start.code}, the {start.label(self.style)}, which starts the lay-off"
            return text
        legal = self._hands[s] & self._front
        if c is None:
            if self._pass_allowed(s):
                return None
            if opening:
                return self._must_start(s)
            return f"seat {s} can play ({', '.join(x.code for x in cards_of(legal))}) and may not pass"
        if not self._hands[s] & c.bit:
            where = ("" if self._rest & c.bit else " (it is already laid)" if self._all & c.bit
                     else " (it is not in play in this deal)")
            return f"seat {s} does not hold {c.code}{where}"
        if opening:
            return None if c is start else self._must_start(s)
        if legal & c.bit:
            fits = self._ends(c)
            want = _END_CODES[end]
            if want and fits and not fits & want:
                other = "top" if want == _BOTTOM else "bottom"
                return f"seat {s} cannot lay {c.code} at the {end}: it fits only at the {other}"
            return None
        hint = (f"; seat {s} can lay {', '.join(x.code for x in cards_of(legal))}" if legal
                else f"; seat {s} has no card that fits and must pass")
        return f"seat {s} cannot lay {c.code}: {self._no_fit(c)}{hint}"

    def _must_start(self, s: int) -> str:
        start = self.rules.start_card
        assert start is not None
        return f"seat {s} must lay {start.code} first: the {start.label(self.style)} starts the lay-off"

    def _no_fit(self, c: Card) -> str:
        """Why a card in hand does not fit the layout (text after "cannot lay X: ")."""
        tab = self._tab
        if self.rules.layout == "chain":
            if not self._chain:
                return "the chain starts with a Jack"
            top, bottom = self._chain[-1], self._chain[0]
            up, down = tab.ranks[self._nt].code, tab.ranks[self._pb].code
            if up == down:
                return f"it does not join the chain (it runs {bottom.code}…{top.code}: only a {up} fits, at either end)"
            return (f"it does not join the chain (it runs {bottom.code}…{top.code}: "
                    f"a {up} fits above {top.code}, a {down} below {bottom.code})")
        if not self._started():
            return "the lay-off starts with an Unter (a Jack)"
        s = c.suit
        name = s.label(self.style)
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return f"it does not join a row ({name} has not started: {Card(s, Rank.JACK).code} starts it)"
        seq = tab.seqs[s]
        k = len(seq)
        return f"it does not join a row ({name} runs {seq[lo % k].code}–{seq[hi % k].code})"

    # --- playing -------------------------------------------------------------------------------

    def play(self, move: Move, seat: int | None = None, *, end: End | None = None) -> None:
        """Lay a card, or pass with None (or "pass"), for the seat to move.

        With ``seat`` given, refuses a move out of turn. ``end`` chooses the end of the chain when
        a card fits both. Raises :class:`~keinstich.tricks.IllegalPlay` (state unchanged).
        """
        if isinstance(move, Lay):
            move, end = move
        reason = self.why_illegal(move, seat, end=end)
        if reason is not None:
            raise IllegalPlay(reason)
        c = _parse(move)
        if c is None:
            self._pass(self._turn)
        else:
            self._lay(self._turn, c, _END_CODES[end])

    def _pass(self, s: int) -> None:
        self._passes[s] += 1
        self._history.append((s, None, 0))
        self._advance(s)

    def _lay(self, s: int, c: Card, end: int) -> None:
        """Lay a card known to be legal for the seat to move; ``end`` 0 means the top when it fits both."""
        bit = c.bit
        self._hands[s] ^= bit
        rest = self._rest = self._rest ^ bit
        tab = self._tab
        used = 0
        if self.rules.layout == "chain":
            chain = self._chain
            if not chain:
                self._ct = self._cb = tab.jack_pos
                chain.append(c)
            else:
                fits = self._ends(c)
                used = _BOTTOM if fits == _BOTTOM or (fits == _TOP | _BOTTOM and end == _BOTTOM) else _TOP
                if fits == _TOP | _BOTTOM:
                    used |= _CHOSEN
                if used & _TOP:
                    self._ct = self._nt
                    chain.append(c)
                else:
                    self._cb = self._pb
                    chain.insert(0, c)
            self._set_chain_front(rest)
        else:
            su = c.suit
            front = self._front
            if self._hi[su] < self._lo[su]:
                if not self._started():  # the first card: every other Unter may follow
                    front = mask_of(Card(t, Rank.JACK) for t in Suit if tab.seqs[t]) & rest
                self._lo[su] = self._hi[su] = tab.jack_at[su]
            else:
                fits = self._ends(c)
                used = _BOTTOM if fits == _BOTTOM or (fits == _TOP | _BOTTOM and end == _BOTTOM) else _TOP
                if fits == _TOP | _BOTTOM:
                    used |= _CHOSEN
                if used & _TOP:
                    self._hi[su] += 1
                else:
                    self._lo[su] -= 1
            self._front = (front & ~_SUIT_BITS[su]) | self._row_front(su)
        self._history.append((s, c, used))
        if not self._hands[s]:
            self._finish.append(s)
            if len(self._finish) == self.players - 1:
                self._finish.append(next(t for t in range(self.players) if self._hands[t]))
                self._turn = -1
                return
        self._advance(s)

    def _set_chain_front(self, rest: int) -> None:
        """Find the ranks that join the chain's ends, skipping ranks with no card left to lay.

        With a full pack no rank is ever skipped (a rank runs out only when the chain is
        complete); with a reduced pack such as french-50 the chain passes over the missing ranks.
        """
        masks = self._tab.rank_masks
        k = len(masks)
        if not rest:
            self._front = 0
            return
        nt = (self._ct + 1) % k
        while not masks[nt] & rest:
            nt = (nt + 1) % k
        pb = (self._cb - 1) % k
        while not masks[pb] & rest:
            pb = (pb - 1) % k
        self._nt, self._pb = nt, pb
        self._front = (masks[nt] | masks[pb]) & rest

    def _row_front(self, s: int) -> int:
        """The cards that join suit ``s``'s row now (its Unter while the row has not started)."""
        seq = self._tab.seqs[s]
        k = len(seq)
        if not k:
            return 0
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return seq[self._tab.jack_at[s]].bit
        m = 0
        if self.rules.wrap:
            if hi - lo + 1 < k:
                m = seq[(hi + 1) % k].bit | seq[(lo - 1) % k].bit
        else:
            if hi + 1 < k:
                m = seq[hi + 1].bit
            if lo > 0:
                m |= seq[lo - 1].bit
        return m

    def _advance(self, s: int) -> None:
        hands, n = self._hands, self.players
        t = s
        for _ in range(n):
            t = t + 1 if t + 1 < n else 0
            if hands[t]:
                self._turn = t
                return
        raise AssertionError("no player holds cards but the deal is not over")  # pragma: no cover

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the deal with moves drawn uniformly from the legal ones; returns the finish order.

        The moves are the legal cards, plus passing when allowed (only when no card fits, unless
        ``voluntary_pass``); a chain card that fits both ends goes to either end at random.
        """
        rnd = rng.random
        hands = self._hands
        voluntary = self.rules.voluntary_pass
        fixed = self.rules.start_card is not None
        while self._turn >= 0:
            s = self._turn
            m = hands[s] & self._front
            if not m:
                if not self._rest & self._front:
                    raise AssertionError(f"deadlock: no card in any hand fits the layout ({self!r})")
                self._pass(s)
                continue
            count = m.bit_count()
            options = count + (1 if voluntary and (not fixed or self._started()) else 0)
            k = int(rnd() * options)
            if k == count:
                self._pass(s)
                continue
            while k:
                m &= m - 1
                k -= 1
            c = ALL_CARDS[(m & -m).bit_length() - 1]
            end = 0
            if self._ends(c) == _TOP | _BOTTOM:
                end = _TOP if rnd() < 0.5 else _BOTTOM
            self._lay(s, c, end)
        return tuple(self._finish)

    def _fresh(self) -> DominoDeal:
        fresh = DominoDeal(self._dealt, self.contract, leader=self.forehand, rules=self.rules, style=self.style,
                           pack=self.pack)
        fresh.pot = self.pot
        return fresh

    def observation(self, seat: int) -> DominoObservation:
        """What ``seat`` can see: its own hand, the open layout and moves, the hand sizes."""
        if not 0 <= seat < self.players:
            raise DominoError(f"seat must be from 0 to {self.players - 1}, not {seat}")
        mine = self._turn == seat
        return DominoObservation(
            seat=seat, players=self.players, hand=cards_of(self._hands[seat]),
            legal=self.legal() if mine else (), can_pass=mine and self.can_pass(), turn=self.turn,
            layout=self.layout, plays=self.plays, hand_sizes=self.hand_sizes,
            finish_order=self.finish_order, fees=self.fees(), rules=self.rules, in_play=cards_of(self._all))

    # --- display -------------------------------------------------------------------------------

    def layout_text(self) -> str:
        """The layout as text: one line per suit row (low end to high end), or the chain."""
        if self.rules.layout == "chain":
            if not self._chain:
                return "chain: (empty; any Jack starts it)"
            return "chain: " + " ".join(c.code for c in self._chain)
        lines = []
        width = 6 if self.style == "german" else 8  # "acorns" … "bells"; "clubs" … "diamonds"
        for s, row in self.rows.items():
            body = " ".join(c.code for c in row) if row else f"(not started; {Card(s, Rank.JACK).code} starts it)"
            lines.append(f"{s.symbol} {s.label(self.style):<{width}} {body}")
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.is_over:
            state = "over; went out: " + ", ".join(map(str, self._finish))
        else:
            state = f"seat {self._turn} to move"
            if self._finish:
                state += "; out so far: " + ", ".join(map(str, self._finish))
        return f"{self.layout_text()}\n{state}"

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self._turn} to move"
        laid = sum(1 for _, c, _ in self._history if c is not None)
        return f"<DominoDeal {self.contract.id} ({self.rules.layout}): {laid} cards laid, {state}>"

    def _repr_html_(self) -> str:
        """The layout (rows or chain) with its open ends, every hand open, passes and places."""
        from keinstich.faces import domino_html

        return domino_html(self)


def _parse(move: Move) -> Card | None:
    """A card, or None for a pass (None or the word "pass")."""
    if move is None:
        return None
    if isinstance(move, str) and move.strip().lower() == "pass":
        return None
    if isinstance(move, Lay):
        return move.card
    try:
        return card(move)
    except ValueError as e:
        raise IllegalPlay(str(e)) from None

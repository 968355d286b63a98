"""The lay-off deals' rules as data: layouts, starting Unters, the domino contracts and the payout.

The machine that plays them is :mod:`keinstich.layoff`; this module is what a reader changes to
write a lay-off variant (docs/rules.md §2.6, §2.7 and §3.3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from numbers import Integral
from typing import ClassVar, Literal

from keinstich.cards import Card, Rank, Style, Suit, card, mask_of, strength_table
from keinstich.deal import Kind
from keinstich.i18n import NP_, _, pgettext
from keinstich.limits import check_fields, check_flag, check_whole, quoted
from keinstich.wording import usual_style

Layout = Literal["rows", "chain"]
Start = Literal["acorns", "hearts", "leaves", "bells", "any"]
Order = Literal["natural", "ace-ten"]
START_CARDS: dict[str, Card | None] = {
    "acorns": card("JC"), "leaves": card("JS"), "hearts": card("JH"), "bells": card("JD"), "any": None}
"""The Unter that must open the lay-off for each ``start`` (None: any Unter, forehand first)."""


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
            raise DominoError(f"unknown layout {quoted(self.layout)}: use 'rows' (one row per suit) or 'chain'")
        if not isinstance(self.start, str) or self.start not in START_CARDS:
            raise DominoError(f"unknown start {quoted(self.start)}: use one of {', '.join(START_CARDS)}")
        try:
            strength_table(self.order)
        except ValueError as e:
            raise DominoError(str(e)) from None
        check_fields(self, DominoError)
        if self.pass_fee < 0:
            raise DominoError(f"pass_fee must be a whole number of pfennig, 0 or more, not {self.pass_fee!r}")
        if self.layout == "chain":
            object.__setattr__(self, "start", "any")
            object.__setattr__(self, "wrap", True)

    @property
    def start_card(self) -> Card | None:
        """The card that must be laid first, or None when any Unter (Jack) may start."""
        return START_CARDS[self.start]

    def describe(self, style: Style = "german") -> str:
        """The rules in one line, the cards named in ``style``'s words (the pack's)."""
        order = pgettext("order", "ace-ten") if self.order == "ace-ten" else pgettext("order", "natural")
        if self.layout == "chain":
            text = (_("one chain of any suits from an Unter, {order} order, wrapping round", order=order)
                    if style == "german" else
                    _("one chain of any suits from a Jack, {order} order, wrapping round", order=order))
        else:
            first = self.start_card
            text = (_("rows by suit from the {card} first", card=first.label(style)) if first is not None
                    else _("rows by suit, any {rank} first", rank=Rank.JACK.label(style)))
            text = (_("{rules}, {order} order, rows may wrap round", rules=text, order=order) if self.wrap else
                    _("{rules}, {order} order", rules=text, order=order))
        if self.voluntary_pass:
            text = _("{rules}, passing allowed", rules=text)
        if self.pass_fee:
            text = _("{rules}, {fee} per pass", rules=text, fee=self.pass_fee)
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

    def describe(self, style: Style | None = None) -> str:
        style = style or usual_style(self.game)
        pay = (_("pays out the pot by finishing place") if self.points is None
               else _("places score {points}", points=" / ".join(str(p) for p in self.points)))
        return _("{contract}: {rules}; {pay}", contract=self.title(style), rules=self.rules.describe(style), pay=pay)

    def title(self, style: Style | None = None) -> str:
        """The contract's name in the language spoken ("Domino", "Unteransetzen")."""
        return pgettext(f"{self.game} contract", self.name)

    def _repr_html_(self) -> str:
        german = f" <i>({self.german})</i>" if self.german else ""
        return f"<b>{self.title()}</b>{german}: {self.rules.describe(usual_style(self.game))}"


STAKE = 5
"""Kein Stich's stake in pfennig: the pot is paid out in whole stakes, so a pass fee is a multiple of it
(docs/rules.md §2.6, §2.7)."""

DOMINO = DominoContract("domino", NP_("kein-stich contract", "Domino"), "Unteransetzen", DominoRules())
DOMINO_HEARTS = DominoContract("domino-hearts", NP_("kein-stich contract", "Domino from the Unter of Hearts"),
                               "Herzunteranlegen",
                               DominoRules(start="hearts"))
DOMINO_LEAVES = DominoContract("domino-leaves", NP_("kein-stich contract", "Domino from the Unter of Leaves"),
                               "Grünunteransetzen",
                               DominoRules(start="leaves"))
DOMINO_BELLS = DominoContract("domino-bells", NP_("kein-stich contract", "Domino from the Unter of Bells"),
                              "Schellenunteransetzen",
                              DominoRules(start="bells"))
DOMINO_ANY = DominoContract("domino-any", NP_("kein-stich contract", "Domino from any Unter"),
                            "Unteransetzen (beliebiger Unter)",
                            DominoRules(start="any"))
DOMINO_CONTRACTS: dict[str, DominoContract] = {
    "acorns": DOMINO, "hearts": DOMINO_HEARTS, "leaves": DOMINO_LEAVES, "bells": DOMINO_BELLS, "any": DOMINO_ANY}
"""Kein Stich's lay-off deal by starting Unter (docs/rules.md §2.6)."""


def domino_contract(start: str = "acorns", *, voluntary_pass: bool = False, pass_fee: int = 0,
                    stake: int = STAKE) -> DominoContract:
    """Kein Stich's domino deal for a starting Unter, with the passing variants (docs/rules.md §2.6): a
    pass fee is paid into the pot, so it is a multiple of the ``stake`` (a partie's, 5 by default)."""
    if not isinstance(start, str) or start not in DOMINO_CONTRACTS:
        raise DominoError(f"unknown start {quoted(start)}: use one of {', '.join(DOMINO_CONTRACTS)}")
    check_flag("voluntary_pass", voluntary_pass, DominoError)
    check_whole("pass_fee", pass_fee, 0, error=DominoError)
    check_whole("stake", stake, 1, error=DominoError)
    if pass_fee % stake:
        raise DominoError(f"pass_fee must be a multiple of the stake ({stake} pfennig), such as 0, {stake} or "
                          f"{2 * stake}, not {pass_fee}: the fees go into the pot, which is paid out in whole "
                          "stakes (docs/rules.md §2.6)")
    c = DOMINO_CONTRACTS[start]
    if voluntary_pass or pass_fee:
        c = dataclasses.replace(c, rules=dataclasses.replace(c.rules, voluntary_pass=voluntary_pass,
                                                             pass_fee=pass_fee))
    return c


HERZELN_DOMINO = DominoContract("herzeln-domino", NP_("herzeln contract", "Domino"), "Unteranlegen",
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
    if isinstance(layout, str) and isinstance(order, str) and isinstance(voluntary_pass, bool):
        return _herzeln_domino(players, layout, order, voluntary_pass)
    return _herzeln_domino.__wrapped__(players, layout, order, voluntary_pass)  # refused there, saying why


@lru_cache(maxsize=64)  # a frozen value, asked for on every record of a Herzeln deal (the judge's renamings make many)
def _herzeln_domino(players: int, layout: Layout, order: Order, voluntary_pass: bool) -> DominoContract:
    if layout == "chain":
        rules = DominoRules(layout="chain", order=order, voluntary_pass=voluntary_pass)
    else:
        rules = DominoRules(layout=layout, start="any", order=order, wrap=True, voluntary_pass=voluntary_pass)
    cid = "herzeln-domino" + ("-rows" if layout == "rows" else "") + ("-natural" if order == "natural" else "")
    name = {("chain", "ace-ten"): NP_("herzeln contract", "Domino"),
            ("rows", "ace-ten"): NP_("herzeln contract", "Domino by suit"),
            ("chain", "natural"): NP_("herzeln contract", "Domino (natural order)"),
            ("rows", "natural"): NP_("herzeln contract", "Domino by suit (natural order)")}[layout, order]
    return DominoContract(cid, name, "Unteranlegen", rules, tuple(-10 * i for i in range(players)), "herzeln")


# --- paying out the pot --------------------------------------------------------------------------

PAYOUT_WEIGHTS: dict[int, tuple[int, ...]] = {
    2: (100, 0), 3: (100, 50, 0), 4: (100, 50, 10, 0), 5: (100, 50, 10, 0, 0), 6: (100, 50, 10, 0, 0, 0)}
"""Default payout weights by finishing place, per player count (docs/rules.md §2.7; 2 players is ours)."""


def payout_weights(players: int) -> tuple[int, ...]:
    """The payout weights of a lone lay-off deal for ``players``: the defaults, and beyond six players
    100 / 50 / 10 for the first three places and nothing for the rest."""
    check_whole("players", players, 2, error=DominoError)
    return PAYOUT_WEIGHTS.get(players, (100, 50, 10) + (0,) * (players - 3))


def domino_value(contract_points: Sequence[int] | None, finish_order: Sequence[int], seat: int,
                 fees: Sequence[int] = ()) -> int:
    """The value of a finished lay-off deal for ``seat``: higher is better.

    Herzeln's points by place when ``contract_points`` is given; otherwise (Kein Stich) the payout
    weight of the place (100/50/10/0 with four players: exactly the pfennig of a 160 pot), less the
    pass fees ``seat`` paid [DER: fees and weights are compared one to one].
    """
    n = len(finish_order)
    place = list(finish_order).index(seat)
    if contract_points is not None:
        base = contract_points[place]
    else:
        base = PAYOUT_WEIGHTS.get(n, (100,) + (0,) * (n - 1))[place]
    return base - (fees[seat] if fees else 0)


def _check_order(finish_order: Sequence[int]) -> None:
    if isinstance(finish_order, str) or not isinstance(finish_order, Sequence) or not all(
            type(s) is int for s in finish_order):
        raise DominoError(f"finish_order must list every seat once, first out first, such as (2, 0, 3, 1), "
                          f"not {quoted(finish_order)}")
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
    check_whole("pot", pot, 0, error=DominoError)
    check_whole("unit", unit, 1, error=DominoError)
    _check_order(finish_order)
    n = len(finish_order)
    if weights is None:
        if n not in PAYOUT_WEIGHTS:
            raise DominoError(f"no default payout weights for {n} players: pass weights=[…] "
                              f"(one per place, first place first)")
        weights = PAYOUT_WEIGHTS[n]
    if isinstance(weights, str) or not isinstance(weights, Sequence) or not all(
            isinstance(x, Integral) and not isinstance(x, bool) for x in weights):
        raise DominoError(f"weights must be {n} whole numbers (one per place, first place first), "
                          f"not {quoted(weights)}")
    w = [int(x) for x in weights]
    if len(w) != n or any(x < 0 for x in w) or sum(w) <= 0:
        raise DominoError(f"weights must be {n} numbers ≥ 0 (one per place) with a positive sum, not {tuple(w)}")
    if pot % unit:
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


@dataclass(frozen=True)
class DominoObservation:
    """What one seat knows in a lay-off deal: its own hand and everything on the table. Nothing hidden.

    ``layout`` is as :attr:`DominoDeal.layout`; ``plays`` are (seat, card or None for a pass).
    """

    kind: ClassVar[Literal[Kind.LAY_OFF]] = Kind.LAY_OFF
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
    style: Style = field(repr=False, compare=False, default="french")
    """The faces of the deal's pack: the bots' reasons name its cards in their words."""

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards in the other hands: the cards in play less this hand and the cards laid."""
        known = mask_of(self.hand) | mask_of(c for _x, c in self.plays if c is not None)
        return tuple(c for c in self.in_play if not known & c.bit)

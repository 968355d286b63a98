"""Trick contracts as data: a name plus penalty components.

A reader writes a new contract in one cell::

    no_diamonds = Contract("no-diamonds", "No Diamonds", [PerCard(5, suit="D")])
    last_costs_20 = Contract("last-20", "Last trick costs 20", [ForTrick(-1, 20)])

Amounts are what the winner of a trick pays (pfennig in Kein Stich) or scores (points in
Herzeln, where they are signed). Because every card is dealt, a contract's total per deal is
fixed by the pack (docs/rules.md §2.3): :meth:`Contract.total` computes it, and the penalties of any
finished deal add up to it, which is the pot invariant.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from keinstich.cards import ALL_CARDS, Card, Pack, Rank, Style, Suit, card, mask_of, pack, rank, suit
from keinstich.i18n import NP_, _, pgettext
from keinstich.limits import check_fields
from keinstich.tricks import NO_TRUMPS, Trick, TrickRules
from keinstich.wording import usual_style


class ContractError(ValueError):
    """An unknown contract id, or a contract whose data does not make sense."""


@dataclass(frozen=True)
class PerTrick:
    """``amount`` for every trick taken."""

    amount: int

    def __post_init__(self) -> None:
        check_fields(self, ContractError)

    def for_trick(self, trick: Trick, total_tricks: int) -> int:
        return self.amount

    def total(self, p: Pack, total_tricks: int) -> int:
        return self.amount * total_tricks

    def describe(self, style: Style = "german") -> str:
        return _("{amount} per trick", amount=self.amount)


@dataclass(frozen=True)
class PerCard:
    """``amount`` for every captured card matching ``suit``, ``rank`` and/or ``card``.

    ``PerCard(5, suit="H")`` is each Heart, ``PerCard(10, rank="Q")`` each Ober/Queen,
    ``PerCard(40, card="KH")`` the King of Hearts. Given both, suit and rank must both match.
    """

    amount: int
    suit: Suit | str | None = None
    rank: Rank | str | None = None
    card: Card | str | None = None
    mask: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_fields(self, ContractError)
        try:
            s = suit(self.suit) if self.suit is not None else None
            r = rank(self.rank) if self.rank is not None else None
            c = card(self.card) if self.card is not None else None
        except ValueError as e:
            raise ContractError(f"PerCard: {e}") from None
        if s is None and r is None and c is None:
            raise ContractError(_("PerCard needs a suit, a rank or a card, e.g. PerCard(5, suit='H')"))
        m = 0
        for x in ALL_CARDS:
            if (s is None or x.suit is s) and (r is None or x.rank is r) and (c is None or x is c):
                m |= x.bit
        object.__setattr__(self, "suit", s)
        object.__setattr__(self, "rank", r)
        object.__setattr__(self, "card", c)
        object.__setattr__(self, "mask", m)

    def for_trick(self, trick: Trick, total_tricks: int) -> int:
        m = self.mask
        return self.amount * sum(1 for c in trick.cards if m & c.bit)

    def total(self, p: Pack, total_tricks: int) -> int:
        return self.amount * (p.mask & self.mask).bit_count()

    def describe(self, style: Style = "german") -> str:
        """"10 per Ober", "5 per card of Hearts", "40 for the König of Hearts" (``style``: the pack's words)."""
        if isinstance(self.card, Card):
            return _("{amount} for the {card}", amount=self.amount, card=self.card.label(style))
        suit_name = self.suit.label(style).capitalize() if isinstance(self.suit, Suit) else ""
        if isinstance(self.rank, Rank):
            if suit_name:
                return _("{amount} per {rank} of {suit}", amount=self.amount, rank=self.rank.label(style),
                         suit=suit_name)
            return _("{amount} per {rank}", amount=self.amount, rank=self.rank.label(style))
        if suit_name:
            return _("{amount} per card of {suit}", amount=self.amount, suit=suit_name)
        return _("{amount} per card", amount=self.amount)


@dataclass(frozen=True)
class ForTrick:
    """``amount`` for taking trick ``number``: 1 is the first, -1 the last, -2 the penultimate."""

    number: int
    amount: int

    def __post_init__(self) -> None:
        check_fields(self, ContractError)
        if self.number == 0:
            raise ContractError(_("ForTrick numbers start at 1 (first trick); use -1 for the last"))

    def _index(self, total_tricks: int) -> int:
        return self.number if self.number > 0 else total_tricks + 1 + self.number

    def for_trick(self, trick: Trick, total_tricks: int) -> int:
        return self.amount if trick.number == self._index(total_tricks) else 0

    def total(self, p: Pack, total_tricks: int) -> int:
        return self.amount if 1 <= self._index(total_tricks) <= total_tricks else 0

    def describe(self, style: Style = "german") -> str:
        if self.number == 1:
            return _("{amount} for the first trick", amount=self.amount)
        if self.number == -1:
            return _("{amount} for the last trick", amount=self.amount)
        if self.number == -2:
            return _("{amount} for the penultimate trick", amount=self.amount)
        return _("{amount} for trick {k}", amount=self.amount, k=self.number)


Component = PerTrick | PerCard | ForTrick


@dataclass(frozen=True)
class Contract:
    """A trick contract: components summed per trick won, under ``rules`` (no trumps by default).

    ``march``: a player who takes every trick is paid instead (docs/rules.md §2.4): each other
    player pays three quarters of the deal total (rounded to ``stake``), the marcher receives what
    is left after the usual total goes into the pot.
    """

    id: str
    name: str
    components: tuple[Component, ...]
    german: str = ""
    rules: TrickRules = NO_TRUMPS
    march: bool = False
    unit: str = "pfennig"
    stake: int = 5
    game: str = field(default="kein-stich", repr=False)
    german_faces: str = field(default="", repr=False)
    """The name with a German pack's faces, where the usual one names French cards (Herzeln's No Queens)."""
    _per_trick: int = field(default=0, init=False, repr=False, compare=False)
    _per_card: tuple[tuple[int, int], ...] = field(default=(), init=False, repr=False, compare=False)
    _for_trick: tuple[ForTrick, ...] = field(default=(), init=False, repr=False, compare=False)
    _valued: int = field(default=0, init=False, repr=False, compare=False)
    _card_value: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        comps = tuple(self.components) if isinstance(self.components, Iterable) else (self.components,)
        for c in comps:
            if not isinstance(c, PerTrick | PerCard | ForTrick):
                raise ContractError(f"contract {self.id!r}: {c!r} is not a component "
                                    "(use PerTrick, PerCard or ForTrick)")
        object.__setattr__(self, "components", comps)
        object.__setattr__(self, "_per_trick", sum(c.amount for c in comps if isinstance(c, PerTrick)))
        object.__setattr__(self, "_per_card", tuple((c.mask, c.amount) for c in comps if isinstance(c, PerCard)))
        object.__setattr__(self, "_for_trick", tuple(c for c in comps if isinstance(c, ForTrick)))
        values = tuple(sum(amount * bool(mask & x.bit) for mask, amount in self._per_card) for x in ALL_CARDS)
        object.__setattr__(self, "_card_value", values)
        object.__setattr__(self, "_valued", mask_of(x for x in ALL_CARDS if values[x.index]))

    def score(self, tricks: Sequence[Trick], players: int, total_tricks: int) -> tuple[int, ...]:
        """Score per seat for the given finished tricks (what each seat pays, or its points)."""
        out = [0] * players
        per_trick = self._per_trick
        values = self._card_value if self._per_card else None
        for_trick: dict[int, int] = {}
        for c in self._for_trick:
            i = c._index(total_tricks)
            for_trick[i] = for_trick.get(i, 0) + c.amount
        for t in tricks:
            v = per_trick + for_trick.get(t.number, 0) if for_trick else per_trick
            if values is not None:
                for x in t.cards:
                    v += values[x.index]
            out[t.winner] += v
        if self.march and len(tricks) == total_tricks and tricks:
            winners = {t.winner for t in tricks}
            if len(winners) == 1:
                return self.march_scores(winners.pop(), sum(out), players)
        return tuple(out)

    def decided(self, tricks: Sequence[Trick], remaining: int, total_tricks: int) -> bool:
        """Whether no further trick can change any score (docs/rules.md §2.5), after ``tricks`` with the
        cards of mask ``remaining`` still to play: none of them carries an amount, no per-trick or
        numbered-trick amount is still to come, and no March is possible (two seats have taken tricks).

        No Hearts is decided once every Heart has fallen, No Max once K♥ has, No Tricks never."""
        if self._per_trick or remaining & self._valued:
            return False
        done = len(tricks)
        later: dict[int, int] = {}
        for c in self._for_trick:
            i = c._index(total_tricks)
            if done < i <= total_tricks:
                later[i] = later.get(i, 0) + c.amount
        if any(later.values()):
            return False
        return not (self.march and len({t.winner for t in tricks}) < 2)

    additive: ClassVar[bool] = True
    """The score is a sum over the tricks of per-trick and per-card amounts (plus the March): the kernel
    may score it itself (:func:`keinstich.kernel.tables.additive`)."""

    def march_scores(self, marcher: int, total: int, players: int) -> tuple[int, ...]:
        """The scores when ``marcher`` has taken every trick and the deal's amounts come to ``total``."""
        each = (total * 3 + 2 * self.stake) // (4 * self.stake) * self.stake  # 3/4 of it, to the stake
        out = [each] * players
        out[marcher] = total - each * (players - 1)
        return tuple(out)

    def total(self, p: Pack | str, players: int) -> int:
        """What all seats together pay (or score) in one complete deal with this pack."""
        p = pack(p)
        hand = p.hand_size(players)
        return sum(c.total(p, hand) for c in self.components)

    def with_rules(self, **changes: object) -> Contract:
        """The same contract under changed trick rules, e.g. ``NO_MAX.with_rules(forced_discard="KH")``,
        ``NO_HEARTS.with_rules(no_lead="H")`` (the [VAR] flags of docs/rules.md §2.3) or
        ``NO_MAX.with_rules(stop_when_decided=True)`` (docs/rules.md §2.5)."""
        if isinstance(changes.get("no_lead"), str):
            changes["no_lead"] = suit(changes["no_lead"])  # type: ignore[arg-type]
        try:
            rules = dataclasses.replace(self.rules, **changes)  # type: ignore[arg-type]
        except TypeError as e:
            raise ContractError(f"{self.id}: {e}") from None
        return dataclasses.replace(self, rules=rules)

    def with_march(self, march: bool = True) -> Contract:
        """The same contract with the March (Durchmarsch) rule on or off."""
        return dataclasses.replace(self, march=march)

    def describe(self, style: Style | None = None) -> str:
        """The contract in one line, its cards named in ``style``'s words (the pack's; by default the
        game's usual pack: German for Kein Stich, French for Herzeln)."""
        style = style or usual_style(self.game)
        text = _("{contract}: {scoring}", contract=self.title(style),
                 scoring=", ".join(c.describe(style) for c in self.components))
        return _("{contract} (march on)", contract=text) if self.march else text

    def title(self, style: Style | None = None) -> str:
        """The contract's name in the words of the pack's faces: Herzeln's "No Queens" is "No Obers" with
        German faces."""
        german = (style or usual_style(self.game)) == "german"
        return pgettext(f"{self.game} contract", self.german_faces if german and self.german_faces else self.name)

    def _repr_html_(self) -> str:
        style = usual_style(self.game)
        title = self.title(style)
        german = f" <i>({html.escape(self.german)})</i>" if self.german and self.german != title else ""
        return f"<b>{html.escape(title)}</b>{german}: " + html.escape(
            ", ".join(c.describe(style) for c in self.components))


NO_TRICKS = Contract("no-tricks", NP_("kein-stich contract", "No Tricks"), (PerTrick(5),), german="Kein Stich")
NO_HEARTS = Contract("no-hearts", NP_("kein-stich contract", "No Hearts"), (PerCard(5, suit="H"),),
                     german="Kein Herz")
NO_OBERS = Contract("no-obers", NP_("kein-stich contract", "No Obers"), (PerCard(10, rank="Q"),),
                    german="Kein Ober")
NO_MAX = Contract("no-max", NP_("kein-stich contract", "No Max"), (PerCard(40, card="KH"),), german="Kein Herz-König")
BLACK_PIG = Contract("black-pig", NP_("kein-stich contract", "Black Pig"), (PerCard(40, card="QS"),),
                     german="Schwarze Sau")
NO_PENULTIMATE = Contract("no-penultimate", NP_("kein-stich contract", "No Penultimate Trick"), (ForTrick(-2, 40),),
                          german="Kein zweitletzter Stich")
NO_FIRST_LAST = Contract("no-first-last", NP_("kein-stich contract", "No First or Last Trick"),
                         (ForTrick(1, 20), ForTrick(-1, 20)),
                         german="Kein erster, letzter Stich")
POWER = Contract("power", NP_("kein-stich contract", "Power"),
                 (PerTrick(5), PerCard(5, suit="H"), PerCard(10, rank="Q"),
                                    PerCard(40, card="KH")), german="Power / Blitz")
POWER_BLACK_PIG = Contract("power-black-pig", NP_("kein-stich contract", "Power with Black Pig"),
                           (PerTrick(5), PerCard(5, suit="H"), PerCard(10, rank="Q"), PerCard(40, card="QS")),
                           german="Power mit Schwarzer Sau")

KEIN_STICH_CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX, BLACK_PIG, NO_PENULTIMATE, NO_FIRST_LAST, POWER, POWER_BLACK_PIG)}

"""Kein Stich's partie rules (docs/rules.md §2, §5): what a partie consists of (:class:`PartieRules`),
its rule variants as settings applied to its deals, and the presets. The partie that plays them, its
ledger and the game are :mod:`keinstich.games.kein_stich`, which re-exports every name here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from keinstich.cards import Style, Suit, card, pack, quoted
from keinstich.contracts import (
    BLACK_PIG,
    NO_FIRST_LAST,
    NO_HEARTS,
    NO_MAX,
    NO_OBERS,
    NO_PENULTIMATE,
    NO_TRICKS,
    POWER,
    POWER_BLACK_PIG,
    Contract,
    PerCard,
)
from keinstich.games.presets import override
from keinstich.i18n import NP_, _, pgettext
from keinstich.layoff import (
    DOMINO,
    DOMINO_CONTRACTS,
    STAKE,
    START_CARDS,
    DominoContract,
    DominoDeal,
    Start,
    domino_contract,
)
from keinstich.limits import check_whole
from keinstich.tricks import TrickDeal
from keinstich.wording import card_words

Deal = TrickDeal | DominoDeal
DealContract = Contract | DominoContract


class PartieError(ValueError):
    """A partie that cannot be set up or continued as asked."""


DEFAULT_PACKS: dict[int, str] = {3: "{style}-24", 4: "{style}-32", 5: "french-50", 6: "french-48"}
"""The pack by player count (docs/rules.md §2.1): 3 players 24 cards, 5 and 6 players a reduced 52-card pack."""

DEFAULT_WEIGHTS: dict[int, tuple[int, ...]] = {
    3: (100, 50, 0), 4: (100, 50, 10, 0), 5: (100, 50, 10, 0, 0), 6: (100, 50, 10, 0, 0, 0)}


VARIANTS: dict[str, object] = {
    "black_pig": False, "start_unter": "acorns", "voluntary_pass": False, "pass_fee": 0,
    "no_heart_lead": False, "force_max_when_void": False, "stop_when_decided": False}
"""The rule variants of a partie and their defaults (docs/rules.md §2.3–2.6, §5): settings that the
partie applies to its deals (see :class:`PartieRules`)."""

_QS, _KH = card("QS"), card("KH")
_PIG_OF: dict[str, Contract] = {NO_MAX.id: BLACK_PIG, POWER.id: POWER_BLACK_PIG}
_MAX_OF: dict[str, Contract] = {BLACK_PIG.id: NO_MAX, POWER_BLACK_PIG.id: POWER}
_LAY_OFF_IDS = frozenset(c.id for c in DOMINO_CONTRACTS.values())


def _is_pig(c: Contract) -> bool:
    return any(isinstance(x, PerCard) and x.card is _QS for x in c.components)


def _black_pig(c: Contract, on: bool) -> Contract:
    """``c`` with the Black Pig (docs/rules.md §2.4): Q♠ takes over K♥'s own penalty (No Max becomes
    Black Pig, Power becomes Power with Black Pig; any other contract with a K♥ card penalty moves it
    to Q♠), or back again. The contract's trick rules and March stay as they are."""
    if _is_pig(c) == on:
        return c
    known = (_PIG_OF if on else _MAX_OF).get(c.id)
    if known is not None:
        return dataclasses.replace(known, rules=c.rules, march=c.march)
    src, dst = (_KH, _QS) if on else (_QS, _KH)
    if not on and not c.id.endswith("-black-pig"):
        return c  # a contract of its own that penalises Q♠: not ours to change
    if not any(isinstance(x, PerCard) and x.card is src for x in c.components):
        return c
    comps = tuple(PerCard(x.amount, card=dst) if isinstance(x, PerCard) and x.card is src else x
                  for x in c.components)
    if on:
        return dataclasses.replace(c, id=f"{c.id}-black-pig", name=f"{c.name} (Black Pig)", components=comps)
    return dataclasses.replace(c, id=c.id.removesuffix("-black-pig"), name=c.name.removesuffix(" (Black Pig)"),
                               components=comps)


def _lay_off(d: DominoContract, stake: int, **changes: object) -> DominoContract:
    """Kein Stich's lay-off deal with a changed start, voluntary pass or pass fee (paid in ``stake``s)."""
    r = dataclasses.replace(d.rules, **changes)  # type: ignore[arg-type]
    if d.id in _LAY_OFF_IDS:
        return domino_contract(r.start, voluntary_pass=r.voluntary_pass, pass_fee=r.pass_fee, stake=stake)
    return dataclasses.replace(d, rules=r)


def _apply(deals: tuple[DealContract, ...], name: str, value: object, stake: int) -> tuple[DealContract, ...]:
    """``deals`` with the variant ``name`` set to ``value`` (on or off); ``stake``: the partie's."""
    out: list[DealContract] = []
    for d in deals:
        if isinstance(d, DominoContract):
            if name in ("start_unter", "voluntary_pass", "pass_fee") and d.rules.layout == "rows":
                d = _lay_off(d, stake, **{"start" if name == "start_unter" else name: value})
        elif name == "black_pig":
            d = _black_pig(d, bool(value))
        elif name == "no_heart_lead" and (value or d.rules.no_lead is Suit.HEARTS):
            d = d.with_rules(no_lead=Suit.HEARTS if value else None)
        elif name == "force_max_when_void" and (value or d.rules.forced_discard is _KH):
            d = d.with_rules(forced_discard=_KH if value else None)
        elif name == "stop_when_decided" and d.rules.stop_when_decided != value:
            d = d.with_rules(stop_when_decided=value)
        out.append(d)
    return tuple(out)


def _read(deals: tuple[DealContract, ...], name: str) -> object:
    """What ``deals`` say about the variant ``name``."""
    tricks = [d for d in deals if isinstance(d, Contract)]
    lay_off = next((d.rules for d in deals if isinstance(d, DominoContract) and d.rules.layout == "rows"), None)
    if name == "black_pig":
        return any(_is_pig(d) for d in tricks)
    if name in ("start_unter", "voluntary_pass", "pass_fee"):
        return VARIANTS[name] if lay_off is None else getattr(lay_off, "start" if name == "start_unter" else name)
    if name == "no_heart_lead":
        return bool(tricks) and all(d.rules.no_lead is Suit.HEARTS for d in tricks)
    if name == "force_max_when_void":
        return bool(tricks) and all(d.rules.forced_discard is _KH for d in tricks)
    return bool(tricks) and all(d.rules.stop_when_decided for d in tricks)


def _check_variant(name: str, value: object, stake: int) -> None:
    if name == "start_unter":
        if not isinstance(value, str) or value not in START_CARDS:
            raise PartieError(f"start_unter must be one of {', '.join(map(repr, START_CARDS))}, not {quoted(value)}")
    elif name == "pass_fee":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PartieError(f"pass_fee must be a whole number of pfennig, 0 or more, not {value!r}")
        if value % stake:
            raise PartieError(f"a pass fee of {value} cannot be paid out in whole stakes of {stake}: "
                              f"use a multiple of {stake}")
    elif not isinstance(value, bool):
        raise PartieError(f"{name} must be True or False, not {value!r}")


@dataclass(frozen=True)
class PartieRules:
    """What a partie consists of. Presets in :data:`PRESETS`; change a setting with the keyword
    arguments of :func:`preset` or with :meth:`with_settings`.

    The rule variants (:data:`VARIANTS`, docs/rules.md §2.3–2.6) are settings the partie applies to
    its ``deals``, which always hold the contracts as played:

    - ``black_pig``: Q♠ (the Ober of Leaves) takes the 40 of K♥ in No Max (which becomes Black Pig)
      and in Power (Power with Black Pig); Q♠ still costs its 10 as an Ober (§2.4).
    - ``start_unter``: which Unter starts the lay-off: ``"acorns"``, ``"hearts"``, ``"leaves"``,
      ``"bells"`` or ``"any"`` (§2.6(1)); ``voluntary_pass`` and ``pass_fee`` (§2.6(5)).
    - ``no_heart_lead``, ``force_max_when_void``: in every trick deal, no Heart may be led while the
      leader holds another suit; a player void in the led suit must throw K♥ (§2.3).
    - ``stop_when_decided``: a trick deal ends as soon as no further trick can change a penalty (§2.5).

    A variant left at its default reads what the deals say (the ``black-pig`` preset's deals hold
    Black Pig, so its ``black_pig`` is True); one set to another value is applied to the deals.
    :meth:`with_settings` (and :func:`preset`) also turn a variant off again.
    """

    id: str
    name: str
    deals: tuple[DealContract, ...]
    players: int = 4
    pack: str | None = None
    style: Style = "german"
    march: bool = False
    dealer_rotation: Literal["per_deal", "per_partie"] = "per_deal"
    payout_policy: Literal["proportional", "fixed_carry"] = "proportional"
    payout_weights: tuple[int, ...] | None = None
    stake: int = STAKE
    black_pig: bool = False
    start_unter: Start = "acorns"
    voluntary_pass: bool = False
    pass_fee: int = 0
    no_heart_lead: bool = False
    force_max_when_void: bool = False
    stop_when_decided: bool = False

    def __post_init__(self) -> None:
        deals = tuple(self.deals)
        check_whole("stake", self.stake, 1, error=PartieError)
        for name, default in VARIANTS.items():
            value = getattr(self, name)
            _check_variant(name, value, self.stake)
            if value != default:
                deals = _apply(deals, name, value, self.stake)
        object.__setattr__(self, "deals", deals)
        for name, default in VARIANTS.items():
            if getattr(self, name) == default:
                object.__setattr__(self, name, _read(deals, name))
        if not 3 <= self.players <= 6:
            raise PartieError(f"Kein Stich is for 3 to 6 players, not {self.players}")
        if not self.deals:
            raise PartieError("a partie needs at least one deal")
        p = pack(self.pack_id)
        size = p.hand_size(self.players)  # refuses a pack that does not divide
        if self.dealer_rotation not in ("per_deal", "per_partie"):
            raise PartieError(f"dealer_rotation must be 'per_deal' or 'per_partie', not {self.dealer_rotation!r}")
        if self.payout_policy not in ("proportional", "fixed_carry"):
            raise PartieError("payout_policy must be 'proportional' or 'fixed_carry', "
                              f"not {self.payout_policy!r}")
        w = self.weights
        if len(w) != self.players or any(x < 0 for x in w) or not any(w):
            raise PartieError(f"payout_weights need {self.players} non-negative numbers, not all zero; got {w}")
        if self.payout_policy == "fixed_carry" and sum(w) > self.pot_total:
            raise PartieError(f"the fixed payout {list(w)} is {sum(w)}, more than the pot of {self.pot_total}")
        if size < 2 and any(isinstance(d, Contract) and d.march for d in self.trick_deals):
            raise PartieError("a march needs at least two tricks")
        for d in self.deals:
            if isinstance(d, DominoContract) and d.rules.pass_fee % self.stake:
                raise PartieError(f"a pass fee of {d.rules.pass_fee} cannot be paid out in whole stakes of "
                                  f"{self.stake}: use a multiple of {self.stake}")
        if not any(isinstance(d, DominoContract) for d in self.deals):
            raise PartieError("a Kein Stich partie ends with a lay-off (domino) deal that pays out the pot")

    @property
    def pack_id(self) -> str:
        if self.pack is not None:
            return pack(self.pack).id
        if self.players not in DEFAULT_PACKS:
            raise PartieError(f"Kein Stich is for 3 to 6 players, not {self.players}")
        return DEFAULT_PACKS[self.players].format(style=self.style)

    @property
    def weights(self) -> tuple[int, ...]:
        return self.payout_weights if self.payout_weights is not None else DEFAULT_WEIGHTS.get(self.players, ())

    @property
    def trick_deals(self) -> tuple[Contract, ...]:
        return tuple(d for d in self.deals if isinstance(d, Contract))

    @property
    def pot_total(self) -> int:
        """What the trick deals put into the pot (fixed by the pack, docs/rules.md §2.3)."""
        return sum(c.total(self.pack_id, self.players) for c in self.trick_deals)

    def with_settings(self, **settings: object) -> PartieRules:
        """These rules with some variants (:data:`VARIANTS`) set, on or off, e.g.
        ``preset("black-pig").with_settings(black_pig=False)`` is the standard partie again."""
        unknown = sorted(set(settings) - set(VARIANTS))
        if unknown:
            raise PartieError(f"unknown variant {unknown[0]!r}: use {', '.join(VARIANTS)}")
        deals = self.deals
        for name, value in settings.items():
            _check_variant(name, value, self.stake)
            deals = _apply(deals, name, value, self.stake)
        return dataclasses.replace(self, deals=deals, **settings)  # type: ignore[arg-type]

    def contract_for(self, index: int) -> DealContract:
        """The contract of deal ``index`` (0-based), with the March rule applied if on."""
        c = self.deals[index]
        if isinstance(c, Contract) and self.march and c.march is False:
            return c.with_march()
        return c

    def title(self) -> str:
        """The partie's name in the language spoken ("Kein Stich (five deals)", "Kein Stich (fünf Spiele)"); a
        name of the reader's own as it is."""
        return pgettext("kein-stich preset", self.name)

    def describe(self) -> str:
        """The partie in a few lines: its players, pack and pot, each deal, and the variants that are on."""
        lines = [_("{name}: {players} players, {pack}, pot {pot} pfennig", name=self.title(), players=self.players,
                   pack=self.pack_id, pot=self.pot_total)]
        style = pack(self.pack_id).style
        for i, c in enumerate(self.deals, 1):
            text = c.describe(style) if isinstance(c, Contract) else _("{contract}: pays out the pot",
                                                                        contract=c.title(style))
            lines.append(f"  {i}. {text}")
        shown: dict[str, Callable[[], str]] = {
            "no_heart_lead": lambda: _("no Heart lead while holding another suit"),
            "force_max_when_void": lambda: _("a player void in the led suit must throw the {card}",
                                             card=card_words(card("KH"), style)),
            "stop_when_decided": lambda: _("a trick deal ends once no trick can change a penalty"),
            "voluntary_pass": lambda: _("passing allowed in the lay-off")}
        extra = [said() for name, said in shown.items() if getattr(self, name)]
        if self.pass_fee:
            extra.append(_("{fee} per pass in the lay-off", fee=self.pass_fee))
        if extra:
            lines.append("  " + _("with {variants}", variants="; ".join(extra)))
        return "\n".join(lines)


_STANDARD = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX, DOMINO)


PRESETS: dict[str, PartieRules] = {r.id: r for r in (
    PartieRules("standard", NP_("kein-stich preset", "Kein Stich (five deals)"), _STANDARD),
    PartieRules("king-louis", NP_("kein-stich preset", "King Louis (four deals)"), _STANDARD[1:]),
    PartieRules("six-penultimate", NP_("kein-stich preset", "Six deals: No Penultimate Trick"),
                (*_STANDARD[:4], NO_PENULTIMATE, DOMINO)),
    PartieRules("six-first-last", NP_("kein-stich preset", "Six deals: No First or Last Trick"),
                (*_STANDARD[:4], NO_FIRST_LAST, DOMINO)),
    PartieRules("power", NP_("kein-stich preset", "Power / Blitz (two deals)"), (POWER, DOMINO)),
    PartieRules("black-pig", NP_("kein-stich preset", "Schwarze Sau (Black Pig)"), _STANDARD, black_pig=True),
    PartieRules("power-black-pig", NP_("kein-stich preset", "Power with Black Pig"), (POWER, DOMINO), black_pig=True),
    PartieRules("march", NP_("kein-stich preset", "Kein Stich with March"), _STANDARD, march=True),
    PartieRules("hearts-unter", NP_("kein-stich preset", "Herzunteranlegen (Unter of Hearts starts)"), _STANDARD,
                start_unter="hearts"),
    PartieRules("leaves-unter", NP_("kein-stich preset", "Grünunteransetzen (Unter of Leaves starts)"), _STANDARD,
                start_unter="leaves"),
    PartieRules("any-unter", NP_("kein-stich preset", "Any Unter starts the lay-off"), _STANDARD, start_unter="any"),
)}
"""Kein Stich partie presets by id (docs/rules.md §2.3–2.4, §5), for four players; change any setting
with :func:`preset`."""


def preset(preset_id: str = "standard", **overrides: object) -> PartieRules:
    """A preset's rules, e.g. ``preset("power", players=3)``, ``preset("standard", march=True)`` or
    ``preset("standard", black_pig=True, stop_when_decided=True)``; a variant may also be turned off,
    ``preset("black-pig", black_pig=False)``."""
    rules = override(PRESETS, preset_id, overrides, PartieError, fixed=frozenset({"id", "name", "deals"}))
    variants = {k: v for k, v in overrides.items() if k in VARIANTS}
    return rules.with_settings(**variants) if variants else rules

"""A Kein Stich partie: its deals in order, dealer rotation, and the pot with its ledger.

A partie is a sequence of trick deals whose penalties go into the pot, then the lay-off (domino)
deal that pays the pot out (RULES.md §2.2–2.7). The presets are data::

    rules = preset("king-louis", players=4)
    partie = Partie(rules, seed=1)
    result = partie.play()          # random legal play by default
    result.net                      # each seat's winnings minus payments; sums to zero
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from keinstich.cards import (
    PACK_IDS,
    Card,
    Pack,
    PackError,
    Style,
    Suit,
    card,
    deal_hands,
    hands_from_text,
    misdealt,
    pack,
)
from keinstich.contracts import (
    BLACK_PIG,
    KEIN_STICH_CONTRACTS,
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
from keinstich.game import Game, GameError, Setting, Settled
from keinstich.games.presets import override
from keinstich.layoff import (
    DOMINO,
    DOMINO_CONTRACTS,
    START_CARDS,
    DominoContract,
    DominoDeal,
    Start,
    domino_contract,
    payout_shares,
)
from keinstich.partie import Policy, play_partie, seat_policies
from keinstich.tricks import TrickDeal, forehand

if TYPE_CHECKING:
    from keinstich.records import Record

Deal = TrickDeal | DominoDeal
DealContract = Contract | DominoContract


class PartieError(ValueError):
    """A partie that cannot be set up or continued as asked."""


DEFAULT_PACKS: dict[int, str] = {3: "{style}-24", 4: "{style}-32", 5: "french-50", 6: "french-48"}
"""The pack by player count (RULES.md §2.1): 3 players 24 cards, 5 and 6 players a reduced 52-card pack."""

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


def _lay_off(d: DominoContract, **changes: object) -> DominoContract:
    """Kein Stich's lay-off deal with a changed start, voluntary pass or pass fee."""
    r = dataclasses.replace(d.rules, **changes)  # type: ignore[arg-type]
    if d.id in _LAY_OFF_IDS:
        return domino_contract(r.start, voluntary_pass=r.voluntary_pass, pass_fee=r.pass_fee)
    return dataclasses.replace(d, rules=r)


def _apply(deals: tuple[DealContract, ...], name: str, value: object) -> tuple[DealContract, ...]:
    """``deals`` with the variant ``name`` set to ``value`` (on or off)."""
    out: list[DealContract] = []
    for d in deals:
        if isinstance(d, DominoContract):
            if name in ("start_unter", "voluntary_pass", "pass_fee") and d.rules.layout == "rows":
                d = _lay_off(d, **{"start" if name == "start_unter" else name: value})
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


def _check_variant(name: str, value: object) -> None:
    if name == "start_unter":
        if value not in START_CARDS:
            raise PartieError(f"start_unter must be one of {', '.join(map(repr, START_CARDS))}, not {value!r}")
    elif name == "pass_fee":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PartieError(f"pass_fee must be a whole number of pfennig, 0 or more, not {value!r}")
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
    stake: int = 5
    black_pig: bool = False
    start_unter: Start = "acorns"
    voluntary_pass: bool = False
    pass_fee: int = 0
    no_heart_lead: bool = False
    force_max_when_void: bool = False
    stop_when_decided: bool = False

    def __post_init__(self) -> None:
        deals = tuple(self.deals)
        for name, default in VARIANTS.items():
            value = getattr(self, name)
            _check_variant(name, value)
            if value != default:
                deals = _apply(deals, name, value)
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
        """What the trick deals put into the pot (fixed by the pack, RULES.md §2.3)."""
        return sum(c.total(self.pack_id, self.players) for c in self.trick_deals)

    def with_settings(self, **settings: object) -> PartieRules:
        """These rules with some variants (:data:`VARIANTS`) set, on or off, e.g.
        ``preset("black-pig").with_settings(black_pig=False)`` is the standard partie again."""
        unknown = sorted(set(settings) - set(VARIANTS))
        if unknown:
            raise PartieError(f"unknown variant {unknown[0]!r}: use {', '.join(VARIANTS)}")
        deals = self.deals
        for name, value in settings.items():
            _check_variant(name, value)
            deals = _apply(deals, name, value)
        return dataclasses.replace(self, deals=deals, **settings)  # type: ignore[arg-type]

    def contract_for(self, index: int) -> DealContract:
        """The contract of deal ``index`` (0-based), with the March rule applied if on."""
        c = self.deals[index]
        if isinstance(c, Contract) and self.march and c.march is False:
            return c.with_march()
        return c

    def describe(self) -> str:
        lines = [f"{self.name}: {self.players} players, {self.pack_id}, pot {self.pot_total} pfennig"]
        for i, c in enumerate(self.deals, 1):
            text = c.describe() if isinstance(c, Contract) else f"{c.name}: pays out the pot"
            lines.append(f"  {i}. {text}")
        shown = {"no_heart_lead": "no Heart lead while holding another suit",
                 "force_max_when_void": "a player void in the led suit must throw K♥",
                 "stop_when_decided": "a trick deal ends once no trick can change a penalty",
                 "voluntary_pass": "passing allowed in the lay-off"}
        extra = [text for name, text in shown.items() if getattr(self, name)]
        if self.pass_fee:
            extra.append(f"{self.pass_fee} per pass in the lay-off")
        if extra:
            lines.append("  with " + "; ".join(extra))
        return "\n".join(lines)


_STANDARD = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX, DOMINO)


PRESETS: dict[str, PartieRules] = {r.id: r for r in (
    PartieRules("standard", "Kein Stich (five deals)", _STANDARD),
    PartieRules("king-louis", "King Louis (four deals)", _STANDARD[1:]),
    PartieRules("six-penultimate", "Six deals: No Penultimate Trick", (*_STANDARD[:4], NO_PENULTIMATE, DOMINO)),
    PartieRules("six-first-last", "Six deals: No First or Last Trick", (*_STANDARD[:4], NO_FIRST_LAST, DOMINO)),
    PartieRules("power", "Power / Blitz (two deals)", (POWER, DOMINO)),
    PartieRules("black-pig", "Schwarze Sau (Black Pig)", _STANDARD, black_pig=True),
    PartieRules("power-black-pig", "Power with Black Pig", (POWER, DOMINO), black_pig=True),
    PartieRules("march", "Kein Stich with March", _STANDARD, march=True),
    PartieRules("hearts-unter", "Herzunteranlegen (Unter of Hearts starts)", _STANDARD, start_unter="hearts"),
    PartieRules("leaves-unter", "Grünunteransetzen (Unter of Leaves starts)", _STANDARD, start_unter="leaves"),
    PartieRules("any-unter", "Any Unter starts the lay-off", _STANDARD, start_unter="any"),
)}
"""Kein Stich partie presets by id (RULES.md §2.3–2.4, §5), for four players; change any setting
with :func:`preset`."""


def preset(preset_id: str = "standard", **overrides: object) -> PartieRules:
    """A preset's rules, e.g. ``preset("power", players=3)``, ``preset("standard", march=True)`` or
    ``preset("standard", black_pig=True, stop_when_decided=True)``; a variant may also be turned off,
    ``preset("black-pig", black_pig=False)``."""
    rules = override(PRESETS, preset_id, overrides, PartieError, fixed=frozenset({"id", "name", "deals"}))
    variants = {k: v for k, v in overrides.items() if k in VARIANTS}
    return rules.with_settings(**variants) if variants else rules


@dataclass(frozen=True)
class LedgerEntry:
    """One payment: ``amount`` > 0 is paid into the pot by ``seat``, < 0 paid out of it to ``seat``."""

    deal: int
    contract: str
    seat: int
    amount: int
    reason: str


@dataclass
class Ledger:
    """Every payment into and out of the pot, in order."""

    players: int
    carried_in: int = 0
    entries: list[LedgerEntry] = field(default_factory=list)

    def add(self, deal: int, contract: str, seat: int, amount: int, reason: str) -> None:
        if amount:
            self.entries.append(LedgerEntry(deal, contract, seat, amount, reason))

    @property
    def pot(self) -> int:
        """What the pot holds now."""
        return self.carried_in + sum(e.amount for e in self.entries)

    def paid(self) -> tuple[int, ...]:
        """What each seat paid into the pot (net of what it received), per seat."""
        out = [0] * self.players
        for e in self.entries:
            out[e.seat] += e.amount
        return tuple(out)

    def net(self) -> tuple[int, ...]:
        """Each seat's result: winnings minus payments."""
        return tuple(-x for x in self.paid())

    def of_deal(self, deal: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What each seat paid into the pot and received from it in deal number ``deal``."""
        paid, received = [0] * self.players, [0] * self.players
        for e in self.entries:
            if e.deal == deal:
                if e.amount > 0:
                    paid[e.seat] += e.amount
                else:
                    received[e.seat] -= e.amount
        return tuple(paid), tuple(received)

    def rows(self) -> list[dict[str, object]]:
        """The entries as dicts (``pandas.DataFrame(ledger.rows())`` makes a table)."""
        return [dataclasses.asdict(e) for e in self.entries]


@dataclass(frozen=True, kw_only=True)
class DealResult(Settled):
    """One finished deal of a partie: what each seat paid into the pot net of what it received
    (``scores``, pfennig; split into ``paid`` and ``received``), the ``pot`` after it, its seed and the deal."""

    seed: str
    deal: Deal = field(repr=False, compare=False)


@dataclass(frozen=True)
class PartieResult:
    rules: PartieRules
    deals: tuple[DealResult, ...]
    ledger: Ledger
    carry_out: int

    @property
    def net(self) -> tuple[int, ...]:
        return self.ledger.net()


class Partie:
    """A partie in progress: deal the next deal, play it (or let a policy play it), settle it.

    Deals are dealt from ``seed``: deal ``k`` uses the seed ``"<seed>/<k>"``, so one seed fixes the
    whole partie. ``first_dealer`` deals first; with ``per_deal`` rotation the deal passes one seat
    clockwise every deal, and :attr:`next_dealer` says who deals first in the next partie.
    """

    def __init__(self, rules: PartieRules | str = "standard", seed: int | str = 0, *,
                 first_dealer: int = 0, carried_in: int = 0) -> None:
        self.rules = preset(rules) if isinstance(rules, str) else rules
        if not 0 <= first_dealer < self.rules.players:
            raise PartieError(f"first_dealer must be a seat from 0 to {self.rules.players - 1}")
        self.seed = seed
        self.first_dealer = first_dealer
        self.ledger = Ledger(self.rules.players, carried_in=carried_in)
        self.results: list[DealResult] = []
        self.current: Deal | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def pack(self) -> Pack:
        return pack(self.rules.pack_id)

    @property
    def is_over(self) -> bool:
        return len(self.results) == len(self.rules.deals)

    def dealer_of(self, index: int) -> int:
        step = index if self.rules.dealer_rotation == "per_deal" else 0
        return (self.first_dealer + step) % self.players

    @property
    def next_dealer(self) -> int:
        """Who deals first in the following partie."""
        return self.dealer_of(len(self.rules.deals)) if self.rules.dealer_rotation == "per_deal" \
            else (self.first_dealer + 1) % self.players

    def deal_next(self, hands: Sequence[Sequence[Card | str]] | None = None) -> Deal:
        """Deal the next deal (from the seed, or the given hands) and make it current.

        Given ``hands`` must be a whole deal of the partie's pack (:attr:`PartieRules.pack_id`): the pot
        is what that pack's deals put in. A finished deal must be settled first (:meth:`settle`)."""
        k = len(self.results)
        if self.current is not None:
            if not self.current.is_over:
                raise PartieError(f"deal {k + 1} is still being played")
            raise PartieError(f"deal {k + 1} ({self.rules.contract_for(k).id}) is finished but not settled: call "
                              "settle() to book it in the ledger before dealing the next deal")
        if self.is_over:
            raise PartieError("the partie is over: every deal has been played")
        contract = self.rules.contract_for(k)
        dealer = self.dealer_of(k)
        p = pack(self.rules.pack_id)
        if hands is None:
            hands = deal_hands(p, self.players, self._seed(k))
        else:
            wrong = misdealt(hands, p, self.players)
            if wrong is not None:
                raise PartieError(f"deal {k + 1}: these hands are not a deal of this partie: {wrong}")
        leader = forehand(dealer, self.players)
        self.current = (TrickDeal(hands, contract, leader=leader, style=p.style) if isinstance(contract, Contract)
                        else DominoDeal(hands, contract, leader=leader, style=p.style))
        return self.current

    def _seed(self, k: int) -> str:
        return f"{self.seed}/{k}"

    def settle(self) -> DealResult:
        """Book the finished current deal in the ledger."""
        deal = self.current
        if deal is None or not deal.is_over:
            raise PartieError("there is no finished deal to settle: play the current deal to the end")
        k = len(self.results)
        contract = self.rules.contract_for(k)
        ledger = self.ledger
        if isinstance(deal, TrickDeal):
            assert isinstance(contract, Contract)
            for seat, amount in enumerate(deal.scores()):
                reason = "march" if amount < 0 else f"{contract.name} penalties"
                ledger.add(k + 1, contract.id, seat, amount, reason)
        else:
            assert isinstance(contract, DominoContract)
            for seat, fee in enumerate(deal.fees()):
                ledger.add(k + 1, contract.id, seat, fee, "pass fees")
            pot = ledger.pot
            if self.rules.payout_policy == "proportional":
                shares = payout_shares(pot, deal.finish_order, self.rules.weights, self.rules.stake)
            else:
                shares = tuple(self.rules.weights[deal.finish_order.index(s)] for s in range(self.players))
            for place, seat in enumerate(deal.finish_order, 1):
                ledger.add(k + 1, contract.id, seat, -shares[seat], f"lay-off: place {place}")
        paid, received = ledger.of_deal(k + 1)
        result = DealResult(number=k + 1, contract=contract.id, dealer=self.dealer_of(k), seed=self._seed(k), deal=deal,
                            scores=tuple(p - r for p, r in zip(paid, received, strict=True)), pot=ledger.pot,
                            paid=paid, received=received)
        self.results.append(result)
        self.current = None
        return result

    def play(self, policies: Policy | Sequence[Policy] | None = None, rng: random.Random | None = None
             ) -> PartieResult:
        """Play the remaining deals: ``policies`` per seat (or one for all); random legal play by default.

        Random play draws from ``rng`` (default: ``random.Random`` seeded from the partie's seed).
        """
        rng = rng if rng is not None else random.Random(f"keinstich-partie/{self.seed}")
        play_partie(self, seat_policies(policies, self.players, PartieError), rng, PartieError)
        return self.result()

    def result(self) -> PartieResult:
        if not self.is_over:
            raise PartieError(f"the partie is not over: {len(self.results)} of {len(self.rules.deals)} deals played")
        return PartieResult(self.rules, tuple(self.results), self.ledger, self.ledger.pot)


# --- the game ---------------------------------------------------------------------------------------


class KeinStich(Game):
    """Kein Stich (King Louis, Schwarze Sau): penalty trick deals into a pot, a lay-off deal pays it out."""

    id = "kein-stich"
    name = "Kein Stich"
    german = "Kein Stich"
    aliases = ("King Louis", "Schwarze Sau", "Herzeln", "Fritz", "Brumseln")
    unit = "pfennig"
    player_counts = (2, 3, 4, 5, 6, 7, 8)

    def packs(self, players: int) -> tuple[str, ...]:
        usual = [DEFAULT_PACKS[players].format(style=s) for s in ("german", "french")] if players in DEFAULT_PACKS \
            else []
        others = [pid for pid in PACK_IDS if pid not in usual and len(pack(pid)) % players == 0]
        return tuple(dict.fromkeys(usual + others))

    def pack(self, players: int = 4, wanted: str | Pack | None = None) -> Pack:
        """The usual pack for 3 to 6 players (docs/rules.md §2.1), or any pack that deals evenly."""
        self.check_players(players)
        if wanted is None:
            if players not in DEFAULT_PACKS:
                usual = ", ".join(f"{k}: {v.format(style='german')}" for k, v in DEFAULT_PACKS.items())
                raise GameError(f"no Kein Stich pack for {players} players: the game is for 3 to 6 players "
                                f"({usual}); name a pack to play other counts")
            return pack(DEFAULT_PACKS[players].format(style="german"))
        try:
            p = pack(wanted)
            p.hand_size(players)
        except PackError as e:
            raise GameError(str(e)) from None
        return p

    def contracts(self, players: int = 4) -> dict[str, DealContract]:
        return {**KEIN_STICH_CONTRACTS, **{c.id: c for c in DOMINO_CONTRACTS.values()}}

    def presets(self) -> dict[str, PartieRules]:
        return PRESETS

    def preset(self, preset_id: str | None = None, **changes: object) -> PartieRules:
        return preset(preset_id or "standard", **changes)

    def settings(self) -> tuple[Setting, ...]:
        return SETTINGS

    def standard_pot(self, p: Pack | str, players: int) -> int:
        """What the four standard trick deals put into the pot (160 for 4 players and 32 cards)."""
        return sum(c.total(p, players) for c in _STANDARD if isinstance(c, Contract))

    def deal(self, contract: object, seed: int | str = 0, *, players: int | None = None,
             pack: str | Pack | None = None, dealer: int | None = None) -> TrickDeal | DominoDeal:
        n = players if players is not None else 4
        c = self.contract(contract, n)
        p = self.pack(n, pack)
        if isinstance(c, DominoContract):
            d = DominoDeal.from_seed(p, n, seed, c, dealer=dealer)
            if c.points is None:
                d.pot = self.standard_pot(p, n)
            return d
        return TrickDeal.from_seed(p, n, seed, c, dealer=dealer)

    def deal_from_text(self, contract: object, text: str, *, players: int | None = None,
                       pack: str | Pack | None = None, dealer: int | None = None) -> TrickDeal | DominoDeal:
        n = players if players is not None else len([ln for ln in text.strip().splitlines() if ln.strip()])
        c = self.contract(contract, n)
        p = self.pack(n, pack)
        hands = hands_from_text(text, p, n)
        lead = forehand(dealer if dealer is not None else n - 1, n)
        if isinstance(c, DominoContract):
            d = DominoDeal(hands, c, leader=lead)
            if c.points is None:
                d.pot = self.standard_pot(p, n)
            return d
        return TrickDeal(hands, c, leader=lead)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> Partie:
        return Partie(self.rules_of(preset, PartieRules, **changes), seed=seed)

    def _codec(self) -> Any:
        from keinstich.records import KEIN_STICH

        return KEIN_STICH

    def record_of(self, deal: Any, *, pack: str | Pack | None = None, dealer: int | None = None) -> Record:
        from keinstich.cards import pack as get_pack

        return self._codec().record_of(deal, pack=None if pack is None else get_pack(pack),  # type: ignore[no-any-return]
                                       dealer=dealer)

    def replay(self, record: Record, upto: int | None = None) -> Any:
        return self._codec().replay(record, upto)

    def validate(self, record: Record) -> None:
        self._codec().validate(record)

    def summary(self, record: Record, deal: Any) -> dict[str, Any]:
        return self._codec().summary(record, deal)  # type: ignore[no-any-return]


SETTINGS = (
    Setting("players", 4, "3 to 6 players; other counts with a pack that deals evenly", None, "2.1"),
    Setting("pack", None, "the pack: german-32 for 4 players, german-24 for 3, french-50/48 for 5/6", None, "2.1"),
    Setting("march", False, "a player who takes every trick is paid instead of paying", (False, True), "2.4"),
    Setting("dealer_rotation", "per_deal", "the deal passes after every deal, or after the partie",
            ("per_deal", "per_partie"), "2.2"),
    Setting("payout_policy", "proportional", "how the lay-off deal pays out the pot", ("proportional", "fixed_carry"),
            "2.7"),
)
"""Kein Stich's rule variants (docs/rules.md §5)."""

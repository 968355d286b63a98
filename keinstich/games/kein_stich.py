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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from keinstich.cards import PACK_IDS, Card, Pack, PackError, Style, deal_hands, hands_from_text, pack
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
)
from keinstich.game import GameError, Setting
from keinstich.games.kein_stich_record import KeinStichRecords
from keinstich.games.presets import override
from keinstich.layoff import DOMINO, DOMINO_CONTRACTS, DominoContract, DominoDeal, domino_contract, payout_shares
from keinstich.tricks import TrickDeal, forehand

if TYPE_CHECKING:
    pass

Deal = TrickDeal | DominoDeal
DealContract = Contract | DominoContract
Policy = Callable[[Any], Card | None]
"""Chooses a seat's next move from that seat's observation: a card, or None to pass (domino)."""


class PartieError(ValueError):
    """A partie that cannot be set up or continued as asked."""


DEFAULT_PACKS: dict[int, str] = {3: "{style}-24", 4: "{style}-32", 5: "french-50", 6: "french-48"}
"""The pack by player count (RULES.md §2.1): 3 players 24 cards, 5 and 6 players a reduced 52-card pack."""

DEFAULT_WEIGHTS: dict[int, tuple[int, ...]] = {
    3: (100, 50, 0), 4: (100, 50, 10, 0), 5: (100, 50, 10, 0, 0), 6: (100, 50, 10, 0, 0, 0)}


@dataclass(frozen=True)
class PartieRules:
    """What a partie consists of. Presets in :data:`PRESETS`; any field can be changed with
    ``dataclasses.replace`` or the keyword arguments of :func:`preset`."""

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

    def __post_init__(self) -> None:
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
        return "\n".join(lines)


_STANDARD = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX, DOMINO)


PRESETS: dict[str, PartieRules] = {r.id: r for r in (
    PartieRules("standard", "Kein Stich (five deals)", _STANDARD),
    PartieRules("king-louis", "King Louis (four deals)", _STANDARD[1:]),
    PartieRules("six-penultimate", "Six deals: No Penultimate Trick", (*_STANDARD[:4], NO_PENULTIMATE, DOMINO)),
    PartieRules("six-first-last", "Six deals: No First or Last Trick", (*_STANDARD[:4], NO_FIRST_LAST, DOMINO)),
    PartieRules("power", "Power / Blitz (two deals)", (POWER, DOMINO)),
    PartieRules("black-pig", "Schwarze Sau (Black Pig)", (NO_TRICKS, NO_HEARTS, NO_OBERS, BLACK_PIG, DOMINO)),
    PartieRules("power-black-pig", "Power with Black Pig", (POWER_BLACK_PIG, DOMINO)),
    PartieRules("march", "Kein Stich with March", _STANDARD, march=True),
    PartieRules("hearts-unter", "Herzunteranlegen (Unter of Hearts starts)",
                (*_STANDARD[:4], domino_contract("hearts"))),
    PartieRules("leaves-unter", "Grünunteransetzen (Unter of Leaves starts)",
                (*_STANDARD[:4], domino_contract("leaves"))),
    PartieRules("any-unter", "Any Unter starts the lay-off", (*_STANDARD[:4], domino_contract("any"))),
)}
"""Kein Stich partie presets by id (RULES.md §2.3–2.4, §5), for four players; change any setting
with :func:`preset`."""


def preset(preset_id: str = "standard", **overrides: object) -> PartieRules:
    """A preset's rules, e.g. ``preset("power", players=3)`` or ``preset("standard", march=True)``."""
    return override(PRESETS, preset_id, overrides, PartieError, fixed=frozenset({"id", "name", "deals"}))


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

    def rows(self) -> list[dict[str, object]]:
        """The entries as dicts (``pandas.DataFrame(ledger.rows())`` makes a table)."""
        return [dataclasses.asdict(e) for e in self.entries]


@dataclass(frozen=True)
class DealResult:
    """One finished deal of a partie."""

    number: int
    contract: str
    dealer: int
    seed: str
    scores: tuple[int, ...]
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
        """Deal the next deal (from the seed, or the given hands) and make it current."""
        if self.current is not None and not self.current.is_over:
            raise PartieError(f"deal {len(self.results) + 1} is still being played")
        if self.is_over:
            raise PartieError("the partie is over: every deal has been played")
        k = len(self.results)
        contract = self.rules.contract_for(k)
        dealer = self.dealer_of(k)
        if hands is None:
            hands = deal_hands(self.rules.pack_id, self.players, self._seed(k))
        leader = forehand(dealer, self.players)
        self.current = (TrickDeal(hands, contract, leader=leader) if isinstance(contract, Contract)
                        else DominoDeal(hands, contract, leader=leader))
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
            scores = deal.scores()
            for seat, amount in enumerate(scores):
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
            scores = tuple(-x for x in shares)
        result = DealResult(k + 1, contract.id, self.dealer_of(k), self._seed(k), scores, deal)
        self.results.append(result)
        self.current = None
        return result

    def play(self, policies: Policy | Sequence[Policy] | None = None, rng: random.Random | None = None
             ) -> PartieResult:
        """Play the remaining deals: ``policies`` per seat (or one for all); random legal play by default.

        Random play draws from ``rng`` (default: ``random.Random`` seeded from the partie's seed).
        """
        rng = rng if rng is not None else random.Random(f"keinstich-partie/{self.seed}")
        seat_policies = (None if policies is None else
                         [policies] * self.players if callable(policies) else list(policies))
        if seat_policies is not None and len(seat_policies) != self.players:
            raise PartieError(f"give one policy per seat ({self.players}), not {len(seat_policies)}")
        while not self.is_over:
            deal = self.current if self.current is not None else self.deal_next()
            if seat_policies is None:
                deal.playout(rng)
            else:
                while not deal.is_over:
                    seat = deal.turn
                    assert seat is not None
                    move = seat_policies[seat](deal.observation(seat))
                    if isinstance(deal, DominoDeal):
                        deal.play(move, seat)
                    elif move is None:
                        raise PartieError(f"the policy of seat {seat} passed, but a trick deal has no passing")
                    else:
                        deal.play(move, seat)
            self.settle()
        return self.result()

    def result(self) -> PartieResult:
        if not self.is_over:
            raise PartieError(f"the partie is not over: {len(self.results)} of {len(self.rules.deals)} deals played")
        return PartieResult(self.rules, tuple(self.results), self.ledger, self.ledger.pot)


# --- the game ---------------------------------------------------------------------------------------


class KeinStich(KeinStichRecords):
    """Kein Stich (King Louis, Schwarze Sau): penalty trick deals into a pot, a lay-off deal pays it out.
    Its records are :class:`~keinstich.games.kein_stich_record.KeinStichRecords`, the base class."""

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
        return self.deal_from_hands(c, hands_from_text(text, p, n), pack=p, dealer=dealer)

    def deal_from_hands(self, contract: object, hands: Sequence[Sequence[Card]], *, pack: str | Pack | None = None,
                        dealer: int | None = None, aside: Sequence[Card] = ()) -> TrickDeal | DominoDeal:
        n = len(hands)
        if aside:
            raise GameError("Kein Stich sets no cards aside: every card is dealt")
        c = self.contract(contract, n)
        p = None if pack is None else self.pack(n, pack)
        pid = None if p is None else p.id
        lead = forehand(dealer if dealer is not None else n - 1, n)
        if isinstance(c, DominoContract):
            d = DominoDeal(hands, c, leader=lead, pack=pid)
            if c.points is None and p is not None:
                d.pot = self.standard_pot(p, n)
            return d
        return TrickDeal(hands, c, leader=lead, pack=pid)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> Partie:
        rules = preset if isinstance(preset, PartieRules) else self.preset(
            preset if isinstance(preset, str) else None, **changes)
        return Partie(rules, seed=seed)


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

"""A Kein Stich partie: its deals in order, dealer rotation, and the pot with its ledger.

A partie is a sequence of trick deals whose penalties go into the pot, then the lay-off (domino)
deal that pays the pot out (docs/rules.md §2.2–2.7). The presets are data::

    rules = preset("king-louis", players=4)
    partie = Partie(rules, seed=1)
    result = partie.play()          # random legal play by default
    result.net                      # each seat's winnings minus payments; sums to zero

This module holds the partie, its ledger and the game (:class:`KeinStich`); the partie rules, their
variants and the presets are :mod:`keinstich.games.kein_stich_rules`, importable from here too.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from keinstich.cards import PACK_IDS, Card, Pack, PackError, pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, Contract
from keinstich.dealing import deal_hands, misdealt
from keinstich.game import GameError, Setting, Settled, settings_of
from keinstich.games.kein_stich_record import KeinStichRecords
from keinstich.games.kein_stich_rules import (
    DEFAULT_PACKS,
    DEFAULT_WEIGHTS,
    PRESETS,
    VARIANTS,
    Deal,
    DealContract,
    PartieError,
    PartieRules,
    preset,
)
from keinstich.games.presets import rules_given
from keinstich.hand_text import hands_from_text
from keinstich.layoff import DOMINO_CONTRACTS, DominoContract, DominoDeal, payout_shares
from keinstich.limits import check_seed, check_whole
from keinstich.machine import check_rng, check_seat
from keinstich.partie import Policy, play_partie, seat_policies
from keinstich.tricks import TrickDeal, forehand
from keinstich.wording.i18n import _

__all__ = [
    "DEFAULT_PACKS", "DEFAULT_WEIGHTS", "PRESETS", "SETTINGS", "VARIANTS", "Deal", "DealContract", "DealResult",
    "KeinStich", "Ledger", "LedgerEntry", "Partie", "PartieError", "PartieResult", "PartieRules", "preset",
]


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
        self.rules = rules_given(rules, PartieRules, preset, "standard", PartieError)
        self.first_dealer = check_seat(first_dealer, self.rules.players, PartieError, "first_dealer")
        self.seed = check_seed(seed)
        check_whole("carried_in", carried_in, 0, error=PartieError)
        if carried_in % self.rules.stake:
            raise PartieError(f"carried_in must be a multiple of the stake ({self.rules.stake} pfennig): the pot "
                              f"is paid out in whole stakes, not {carried_in}")
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
        self.current = (TrickDeal(hands, contract, leader=leader, style=p.style, pack=p.id)
                        if isinstance(contract, Contract)
                        else DominoDeal(hands, contract, leader=leader, style=p.style, pack=p.id))
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
                reason = (_("march") if amount < 0
                          else _("{contract} penalties", contract=contract.title(self.rules.style)))
                ledger.add(k + 1, contract.id, seat, amount, reason)
        else:
            assert isinstance(contract, DominoContract)
            for seat, fee in enumerate(deal.fees()):
                ledger.add(k + 1, contract.id, seat, fee, _("pass fees"))
            pot = ledger.pot
            if self.rules.payout_policy == "proportional":
                shares = payout_shares(pot, deal.finish_order, self.rules.weights, self.rules.stake)
            else:
                shares = tuple(self.rules.weights[deal.finish_order.index(s)] for s in range(self.players))
            for place, seat in enumerate(deal.finish_order, 1):
                ledger.add(k + 1, contract.id, seat, -shares[seat], _("lay-off: place {place}", place=place))
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
        if rng is not None:
            check_rng(rng, "rng")
        rng = rng if rng is not None else random.Random(f"keinstich-partie/{self.seed}")
        play_partie(self, seat_policies(policies, self.players, PartieError), rng, PartieError)
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
    order = 1
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
                raise GameError(f"no Kein Stich pack for {players} players: Kein Stich is for 3 to 6 players, not "
                                f"{players} ({usual}); to play other counts, name a pack that deals evenly to them")
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
        pid, style = (None, None) if p is None else (p.id, p.style)  # messages in the pack's language
        lead = forehand(dealer if dealer is not None else n - 1, n)
        if isinstance(c, DominoContract):
            d = DominoDeal(hands, c, leader=lead, style=style or "german", pack=pid)
            if c.points is None and p is not None:
                d.pot = self.standard_pot(p, n)
            return d
        return TrickDeal(hands, c, leader=lead, style=style or "french", pack=pid)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> Partie:
        return Partie(self.rules_of(preset, PartieRules, **changes), seed=seed)


SETTINGS = settings_of(PartieRules, {
    "players": ("3 to 6 players (other counts with a pack that deals evenly)", "2.1"),
    "pack": ("the pack id; by default german-24, german-32, french-50 or french-48 by players", "2.1"),
    "style": ("German or French faces and names", "2.1"),
    "march": ("a player who takes every trick is paid instead of paying", "2.4"),
    "dealer_rotation": ("the deal passes after every deal, or after the partie", "2.2"),
    "payout_policy": ("how the lay-off deal pays out the pot", "2.7"),
    "payout_weights": ("the payout by finishing place", "2.7"),
    "stake": ("the smallest payment in pfennig", "2.7"),
    "black_pig": ("Black Pig: the Ober of Leaves costs 40 instead of the King of Hearts", "2.4"),
    "start_unter": ("the Unter that starts the lay-off deal", "2.6"),
    "voluntary_pass": ("a player may pass in the lay-off deal although a card fits", "2.6"),
    "pass_fee": ("pfennig into the pot for every pass", "2.6"),
    "no_heart_lead": ("Hearts may not be led while the leader holds another suit", "2.3"),
    "force_max_when_void": ("a player void in the led suit must throw the King of Hearts", "2.3"),
    "stop_when_decided": ("a trick deal ends once no trick can change a penalty", "2.5"),
})
"""Kein Stich's rule variants (docs/rules.md §5)."""

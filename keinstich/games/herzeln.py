"""Herzeln: a partie of eight deals for 3 or 4 players, scored in points (docs/rules.md §3).

Seven deals are trick contracts played by the same :class:`~keinstich.tricks.TrickDeal` as Kein
Stich, only in the ace-ten order (a Ten beats a King) and with signed points as their data;
the eighth is the Domino (Unteranlegen) of :mod:`keinstich.layoff`, scored by finishing place.
A partie in a few lines::

    partie = HerzelnPartie(HerzelnRules(players=3), seed=7).play()
    partie.totals          # points per seat after eight deals
    partie.standings()     # places, ties sharing a place
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from keinstich.cards import Card, Pack, Style, pack
from keinstich.contracts import Contract, ForTrick, PerCard, PerTrick
from keinstich.dealing import deal_hands, misdealt
from keinstich.game import Setting, Settled, settings_of
from keinstich.games.herzeln_record import HerzelnRecords
from keinstich.games.presets import override, rules_given
from keinstich.hand_text import hands_from_text
from keinstich.layoff import DominoContract, DominoDeal, Layout, Order, herzeln_domino
from keinstich.limits import check_seed, quoted
from keinstich.machine import check_rng, check_seat
from keinstich.partie import Policy, RulesPartie, play_out, play_partie, seat_policies
from keinstich.tricks import TrickDeal, TrickRules, forehand
from keinstich.wording.i18n import NP_, _, pgettext

if TYPE_CHECKING:
    pass


class HerzelnError(ValueError):
    """A Herzeln setting or partie move that is not possible; the message says what would be."""


HERZELN_TRICK_RULES = TrickRules(order="ace-ten")
"""No trumps, follow suit, ace-ten order also in trick play: A 10 K Q J 9 8 7 (docs/rules.md §3.1)."""


def _contract(cid: str, name: str, german: str, *components: PerTrick | PerCard | ForTrick,
              german_faces: str = "") -> Contract:
    return Contract(f"herzeln-{cid}", name, components, german=german, rules=HERZELN_TRICK_RULES,
                    unit="points", stake=10, game="herzeln", german_faces=german_faces)


NO_HEARTS = _contract("no-hearts", NP_("herzeln contract", "No Hearts"), "Herz",
                      PerCard(-11, card="AH"), PerCard(-10, card="10H"), PerCard(-4, card="KH"),
                      PerCard(-3, card="QH"), PerCard(-2, card="JH"), PerCard(-1, card="9H"),
                      PerCard(-1, card="8H"), PerCard(-1, card="7H"))
TRICKS = _contract("tricks", NP_("herzeln contract", "Tricks"), "Jeder Stich", PerTrick(10))
NO_TRICKS = _contract("no-tricks", NP_("herzeln contract", "No Tricks"), "Kein Stich", PerTrick(-10))
NO_QUEENS = _contract("no-queens", NP_("herzeln contract", "No Queens"), "Keine Dame", PerCard(-20, rank="Q"),
                      german_faces=NP_("herzeln contract", "No Obers"))
KING_OF_HEARTS = _contract("king-of-hearts", NP_("herzeln contract", "King of Hearts"), "Herzkönig",
                           PerCard(-40, card="KH"),
                           german_faces=NP_("herzeln contract", "König of Hearts"))
LAST_TRICK = _contract("last-trick", NP_("herzeln contract", "Last Trick"), "Letzter", ForTrick(-1, 40))
NO_LAST_TRICK = _contract("no-last-trick", NP_("herzeln contract", "No Last Trick"), "Kein Letzter", ForTrick(-1, -40))
DOMINO = herzeln_domino(4)
"""Deal 8 (single mixed-suit chain, ace-ten order): places score 0 / -10 / -20 / -30."""
EARLY_END: tuple[Contract, ...] = (NO_QUEENS, KING_OF_HEARTS)
"""The deals that may end early (deals 4 and 5, docs/rules.md §3.2): ``stop_when_decided``."""

HerzelnContract = Contract | DominoContract
HERZELN_CONTRACTS: dict[str, HerzelnContract] = {c.id: c for c in (
    NO_HEARTS, TRICKS, NO_TRICKS, NO_QUEENS, KING_OF_HEARTS, LAST_TRICK, NO_LAST_TRICK, DOMINO)}
"""The eight Herzeln deals by id, in playing order (docs/rules.md §3.2)."""

_LAYOUTS: dict[str, Layout] = {"chain": "chain", "single_chain": "chain", "rows": "rows", "per_suit": "rows"}
_ORDERS: dict[str, Order] = {"ace-ten": "ace-ten", "ace_ten": "ace-ten", "natural": "natural"}
_PACKS = {3: 24, 4: 32}


def herzeln_pack(players: int, style: Style = "french") -> Pack:
    """3 players: 24 cards (no Sevens or Eights); 4 players: 32 cards (docs/rules.md §3.1)."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in _PACKS:
        raise HerzelnError(f"Herzeln is for 3 or 4 players, not {quoted(players)}")
    if style not in ("french", "german"):
        raise HerzelnError(f"style must be 'french' or 'german', not {style!r}")
    return pack(f"{style}-{_PACKS[players]}")


def herzeln_deals(players: int = 4, domino_layout: str = "chain", domino_order: str = "ace-ten",
                  *, voluntary_pass: bool = False, stop_when_decided: bool = False) -> tuple[HerzelnContract, ...]:
    """The eight deals in order; the Domino as a single chain (default) or per-suit ``"rows"``,
    in the ace-ten (default) or ``"natural"`` order (docs/rules.md §3.3). With ``stop_when_decided``,
    deals 4 and 5 (No Queens, King of Hearts) end as soon as their penalty cards have fallen
    (docs/rules.md §3.2); the other deals are always played to the end."""
    herzeln_pack(players)
    if not isinstance(domino_layout, str) or domino_layout not in _LAYOUTS:
        raise HerzelnError(f"domino_layout must be 'chain' (single_chain) or 'rows' (per_suit), "
                           f"not {quoted(domino_layout)}")
    if not isinstance(domino_order, str) or domino_order not in _ORDERS:
        raise HerzelnError(f"domino_order must be 'ace-ten' or 'natural', not {quoted(domino_order)}")
    domino = herzeln_domino(players, _LAYOUTS[domino_layout], _ORDERS[domino_order],
                            voluntary_pass=voluntary_pass)
    queens, king = (c.with_rules(stop_when_decided=True) if stop_when_decided else c for c in EARLY_END)
    return (NO_HEARTS, TRICKS, NO_TRICKS, queens, king, LAST_TRICK, NO_LAST_TRICK, domino)


@dataclass(frozen=True)
class HerzelnRules:
    """A Herzeln setup: players (3 or 4; the pack follows), card style, and the Domino variant.

    ``stop_when_decided``: deals 4 and 5 end as soon as no further trick can change their points
    (docs/rules.md §3.2; off by default, every trick is played). ``dealer_rotation``: the deal passes
    one seat clockwise every deal (``"per_deal"``), or one dealer deals the whole partie and the next
    partie passes to his left (``"per_partie"``, as Kein Stich offers, docs/rules.md §2.2).
    """

    players: int = 4
    style: Style = "french"
    domino_layout: Literal["chain", "rows"] = "chain"
    domino_order: Literal["ace-ten", "natural"] = "ace-ten"
    voluntary_pass: bool = False
    stop_when_decided: bool = False
    dealer_rotation: Literal["per_deal", "per_partie"] = "per_deal"

    def __post_init__(self) -> None:
        for name in ("voluntary_pass", "stop_when_decided"):
            if not isinstance(getattr(self, name), bool):
                raise HerzelnError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.dealer_rotation not in ("per_deal", "per_partie"):
            raise HerzelnError(f"dealer_rotation must be 'per_deal' or 'per_partie', not {self.dealer_rotation!r}")
        herzeln_deals(self.players, self.domino_layout, self.domino_order)  # refuses what does not fit
        herzeln_pack(self.players, self.style)
        object.__setattr__(self, "domino_layout", _LAYOUTS[self.domino_layout])
        object.__setattr__(self, "domino_order", _ORDERS[self.domino_order])

    @property
    def pack(self) -> Pack:
        return herzeln_pack(self.players, self.style)

    @property
    def deals(self) -> tuple[HerzelnContract, ...]:
        return herzeln_deals(self.players, self.domino_layout, self.domino_order,
                             voluntary_pass=self.voluntary_pass, stop_when_decided=self.stop_when_decided)

    def describe(self) -> str:
        """The partie in a few lines, in the language spoken: its players and pack, then each deal."""
        lines = [_("Herzeln: {players} players, {pack}", players=self.players, pack=self.pack.id)]
        for i, c in enumerate(self.deals, 1):
            text = c.describe(self.style)
            if isinstance(c, Contract) and c.rules.stop_when_decided:
                text = _("{contract} (ends once decided)", contract=text)
            lines.append(f"  {i}. {text}")
        if self.dealer_rotation == "per_partie":
            lines.append("  " + _("one dealer for the whole partie"))
        return "\n".join(lines)


PRESETS: dict[str, HerzelnRules] = {
    "herzeln-4": HerzelnRules(players=4),
    "herzeln-3": HerzelnRules(players=3),
    "herzeln-4-german": HerzelnRules(players=4, style="german"),
    "herzeln-per-suit": HerzelnRules(players=4, domino_layout="rows"),
    "herzeln-natural-order": HerzelnRules(players=4, domino_order="natural"),
}
"""Named Herzeln setups: 3 or 4 players, and the Domino variants of docs/rules.md §3.3."""


def preset(preset_id: str = "herzeln-4", **overrides: object) -> HerzelnRules:
    """A named setup, optionally changed: ``preset("herzeln-3", style="german")``."""
    return override(PRESETS, preset_id, overrides, HerzelnError)


# --- the partie ----------------------------------------------------------------------------------

HerzelnDeal = TrickDeal | DominoDeal


def deal_scores(deal: HerzelnDeal) -> tuple[int, ...]:
    """Points per seat of a finished Herzeln deal (trick points, or the Domino by place)."""
    if not deal.is_over:
        raise HerzelnError("the deal is not over yet: play it to the end first")
    return deal.scores()


@dataclass(frozen=True, kw_only=True)
class HerzelnDealResult(Settled):
    """One finished deal of a partie: its number (1-8), contract, dealer, points per seat, seed and the deal."""

    seed: str
    deal: HerzelnDeal = field(repr=False, compare=False)


@dataclass(frozen=True)
class Standing:
    """A seat's place after the partie (tied totals share the place) and its total."""

    place: int
    seat: int
    total: int


def standings(totals: Sequence[int]) -> tuple[Standing, ...]:
    """Places by total, highest first; equal totals share a place and the next place is skipped."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    return tuple(Standing(1 + sum(1 for t in totals if t > totals[s]), s, totals[s]) for s in order)


class HerzelnPartie(RulesPartie):
    """A Herzeln partie: eight deals, the dealer one seat clockwise each deal (or, with
    ``dealer_rotation="per_partie"``, ``first_dealer`` for all eight), points per deal.

    Deal ``k`` (0-based) is dealt from the seed ``"<seed>/<k>"``. ``policies`` is one callable
    per seat (or one for all), given the seat's observation and returning a card (or None to
    pass in the Domino); without policies every move is random and legal, drawn from a
    ``random.Random`` seeded from ``seed``.
    """

    def __init__(self, rules: HerzelnRules | int | None = None, seed: int | str = 0,
                 policies: Policy | Sequence[Policy] | None = None, *, first_dealer: int = 0,
                 rng: random.Random | None = None) -> None:
        self.rules: HerzelnRules = (
            HerzelnRules(players=rules) if isinstance(rules, int) and not isinstance(rules, bool)  # players
            else rules_given(rules, HerzelnRules, preset, "herzeln-4", HerzelnError))
        n = self.rules.players
        self.first_dealer = check_seat(first_dealer, n, HerzelnError, "first_dealer")
        self.policies = seat_policies(policies, n, HerzelnError)
        self.seed = check_seed(seed)
        if rng is not None:
            check_rng(rng, "rng")
        self.rng = rng if rng is not None else random.Random(f"herzeln-partie/{seed}")
        self.contracts = self.rules.deals
        self.results: list[HerzelnDealResult] = []
        self.current: HerzelnDeal | None = None

    @property
    def is_over(self) -> bool:
        return len(self.results) == len(self.contracts)

    def dealer_of(self, index: int) -> int:
        """Who deals deal ``index`` (0-based): one seat further clockwise every deal, or with
        ``per_partie`` rotation the first dealer every deal."""
        step = index if self.rules.dealer_rotation == "per_deal" else 0
        return (self.first_dealer + step) % self.players

    @property
    def next_dealer(self) -> int:
        """Who deals first in the following partie."""
        if self.rules.dealer_rotation == "per_deal":
            return self.dealer_of(len(self.contracts))
        return (self.first_dealer + 1) % self.players

    def new_deal(self, hands: Sequence[Sequence[Card | str]] | None = None) -> HerzelnDeal:
        """The next deal, dealt from the seed (or the given hands), forehand to lead; not played.

        Given ``hands`` must be a whole deal of the partie's pack (:attr:`HerzelnRules.pack`)."""
        if self.is_over:
            raise HerzelnError("the partie is over: all eight deals have been played")
        k = len(self.results)
        contract = self.contracts[k]
        p = self.rules.pack
        if hands is None:
            hands = deal_hands(p, self.players, f"{self.seed}/{k}")
        else:
            wrong = misdealt(hands, p, self.players)
            if wrong is not None:
                raise HerzelnError(f"deal {k + 1}: these hands are not a deal of this partie: {wrong}")
        leader = forehand(self.dealer_of(k), self.players)
        if isinstance(contract, Contract):
            return TrickDeal(hands, contract, leader=leader, style=p.style, pack=p.id)
        return DominoDeal(hands, contract, leader=leader, style=p.style, pack=p.id)

    def record(self, deal: HerzelnDeal) -> HerzelnDealResult:
        """Book a finished deal (made by :meth:`new_deal`) as the next deal of the partie."""
        k = len(self.results)
        if self.is_over or deal.contract is not self.contracts[k]:
            raise HerzelnError(f"this is not deal {k + 1} of the partie")
        result = HerzelnDealResult(number=k + 1, contract=self.contracts[k].id, dealer=self.dealer_of(k),
                                   scores=deal_scores(deal), seed=f"{self.seed}/{k}", deal=deal)
        self.results.append(result)
        return result

    def deal_next(self, hands: Sequence[Sequence[Card | str]] | None = None) -> HerzelnDeal:
        """Deal the next deal (:meth:`new_deal`) and make it current, to be played and then settled."""
        if self.current is not None:
            raise HerzelnError(f"deal {len(self.results) + 1} has not been settled: play it to the end "
                               "and settle() it first")
        self.current = self.new_deal(hands)
        return self.current

    def settle(self) -> HerzelnDealResult:
        """Book the finished current deal (:meth:`record`)."""
        if self.current is None or not self.current.is_over:
            raise HerzelnError("there is no finished deal to settle: play the current deal to the end")
        result = self.record(self.current)
        self.current = None
        return result

    def play_deal(self, hands: Sequence[Sequence[Card | str]] | None = None) -> HerzelnDealResult:
        """Deal and play the next deal with the policies (random legal play without them)."""
        play_out(self.deal_next(hands), self.policies, self.rng, HerzelnError)
        return self.settle()

    def play(self) -> HerzelnPartie:
        """Play every remaining deal; returns the partie."""
        play_partie(self, self.policies, self.rng, HerzelnError)
        return self

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per seat over the deals played so far."""
        return tuple(sum(r.scores[s] for r in self.results) for s in range(self.players))

    def standings(self) -> tuple[Standing, ...]:
        """Places by total (highest first); tied seats share a place."""
        return standings(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) in first place."""
        return tuple(s.seat for s in self.standings() if s.place == 1)

    def table(self) -> list[dict[str, object]]:
        """One row per deal played: number, contract, dealer and each seat's points
        (``pandas.DataFrame(partie.table())`` makes the score sheet)."""
        return [{"deal": r.number, "contract": r.contract, "dealer": r.dealer,
                 **{f"seat {s}": r.scores[s] for s in range(self.players)}} for r in self.results]

    def _repr_html_(self) -> str:
        """The score sheet: a row per deal played (its contract's name in the language spoken), then the totals."""
        n = self.players
        head = "".join(f"<th>{html.escape(_('seat {n}', n=s))}</th>" for s in range(n))
        names = [html.escape(c.title(self.rules.style)) for c in self.contracts]
        rows = "".join(f"<tr><td>{r.number}</td><td>{names[r.number - 1]}</td>"
                       + "".join(f"<td>{x}</td>" for x in r.scores) + "</tr>" for r in self.results)
        total = "".join(f"<td><b>{t}</b></td>" for t in self.totals)
        return (f"<table><tr><th>#</th><th>{html.escape(pgettext('column', 'deal'))}</th>{head}</tr>{rows}"
                f"<tr><td></td><td><b>{html.escape(pgettext('column', 'total'))}</b></td>{total}</tr></table>")

    def __repr__(self) -> str:
        return f"<HerzelnPartie {self.players}p: {len(self.results)}/8 deals, totals {self.totals}>"


# --- the game ---------------------------------------------------------------------------------------


class Herzeln(HerzelnRecords):
    """Herzeln (Austria): eight deals, seven trick deals scored in points and the Domino (docs/rules.md §3).
    Its records are :class:`~keinstich.games.herzeln_record.HerzelnRecords`, the base class."""

    id = "herzeln"
    order = 2
    name = "Herzeln"
    german = "Herzeln"
    unit = "points"
    player_counts = (3, 4)
    early_end = tuple(c.id for c in EARLY_END)

    def packs(self, players: int) -> tuple[str, ...]:
        self.check_players(players)
        return (herzeln_pack(players, "french").id, herzeln_pack(players, "german").id)

    def contracts(self, players: int = 4) -> dict[str, HerzelnContract]:
        self.check_players(players)
        out: dict[str, HerzelnContract] = {}
        for layout in ("chain", "rows"):
            for order in ("ace-ten", "natural"):
                for c in herzeln_deals(players, layout, order):
                    out.setdefault(c.id, c)
        return out

    def presets(self) -> dict[str, HerzelnRules]:
        return PRESETS

    def preset(self, preset_id: str | None = None, **changes: object) -> HerzelnRules:
        return preset(preset_id or "herzeln-4", **changes)

    def settings(self) -> tuple[Setting, ...]:
        return SETTINGS

    def deal(self, contract: object, seed: int | str = 0, *, players: int | None = None,
             pack: str | Pack | None = None, dealer: int | None = None) -> HerzelnDeal:
        n = players if players is not None else 4
        c = self.contract(contract, n)
        p = self.pack(n, pack)
        return self.deal_from_hands(c, deal_hands(p, n, seed), pack=p, dealer=dealer)

    def deal_from_text(self, contract: object, text: str, *, players: int | None = None,
                       pack: str | Pack | None = None, dealer: int | None = None) -> HerzelnDeal:
        n = players if players is not None else len([ln for ln in text.strip().splitlines() if ln.strip()])
        c = self.contract(contract, n)
        p = self.pack(n, pack)
        return self.deal_from_hands(c, hands_from_text(text, p, n), pack=p, dealer=dealer)

    def deal_from_hands(self, contract: object, hands: Sequence[Sequence[Card]], *, pack: str | Pack | None = None,
                        dealer: int | None = None, aside: Sequence[Card] = ()) -> HerzelnDeal:
        n = len(hands)
        if aside:
            raise HerzelnError("Herzeln sets no cards aside: every card is dealt")
        c = self.contract(contract, n)
        p = None if pack is None else self.pack(n, pack)
        pid, style = (None, None) if p is None else (p.id, p.style)  # messages in the pack's language
        leader = forehand(dealer if dealer is not None else n - 1, n)
        if isinstance(c, DominoContract):
            return DominoDeal(hands, c, leader=leader, style=style or "german", pack=pid)
        return TrickDeal(hands, c, leader=leader, style=style or "french", pack=pid)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> HerzelnPartie:
        return HerzelnPartie(self.rules_of(preset, HerzelnRules, **changes), seed=seed)


def herzeln_contract(contract_id: str, players: int, options: Mapping[str, Any] | None = None) -> HerzelnContract:
    """The Herzeln contract a record names (``herzeln-domino-rows``, …) for ``players`` seats, its options applied."""
    herzeln_pack(players)
    if not isinstance(contract_id, str):
        raise HerzelnError(f"contract_id must be the id of a Herzeln contract such as 'herzeln-tricks', "
                           f"not {quoted(contract_id)}")
    if options is not None and not isinstance(options, Mapping):
        raise HerzelnError(f"options must be a dict of option names and values, or None, not {quoted(options)}")
    return Herzeln().record_contract(contract_id, players, options or {})  # type: ignore[no-any-return]


SETTINGS = settings_of(HerzelnRules, {
    "players": ("3 players use 24 cards, 4 players 32", "3.1"),
    "style": ("French or German faces and names", "3.1"),
    "domino_layout": ("the Domino as one chain, or rows per suit", "3.3"),
    "domino_order": ("the Domino's rank order", "3.3"),
    "voluntary_pass": ("a player may pass in the Domino although a card fits", "3.3"),
    "stop_when_decided": ("deals 4 and 5 end once no trick can change their points", "3.2"),
    "dealer_rotation": ("the deal passes after every deal, or after the partie", "3.1"),
})
"""Herzeln's rule variants (docs/rules.md §5)."""

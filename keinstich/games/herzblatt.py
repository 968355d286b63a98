"""Herzblatt (Herz sticht): a soloist with a two-card skat against the rest, Hearts always trumps.

The tricks are played by the same :class:`~keinstich.tricks.TrickDeal` as Kein Stich; Herzblatt only
sets its :class:`~keinstich.tricks.TrickRules` (ace-ten order, Hearts trumps, the must-trump duties)
and counts card points with a :class:`~keinstich.contracts.Contract`. What is Herzblatt's own is
the phases around the tricks: asking for a soloist, the skat, Muhr's announcements, and the
settlement (docs/rules.md §4). A deal in a few lines::

    deal = HerzblattDeal.from_seed(7, HerzblattRules(players=3))
    deal.ask(True)              # forehand plays
    deal.discard("7C", "8H")    # two cards back, they count for the soloist
    deal.play("AS") ...         # then tricks, as in any TrickDeal
    deal.settlement()           # stakes per seat and why

This module holds the game (:class:`Herzblatt`), its presets and its partie; the rules and the
settlement are :mod:`keinstich.games.herzblatt_rules`, the deal :mod:`keinstich.games.herzblatt_deal`,
and every public name of both is importable from here too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from keinstich.cards import Card, Pack, Style
from keinstich.cards import pack as get_pack
from keinstich.deal import Announce, Announcement, Ask, Contra, Discard, Move, Re
from keinstich.game import GameError, Setting, Settled, settings_of
from keinstich.games.herzblatt_deal import HerzblattDeal, IllegalMove
from keinstich.games.herzblatt_observation import HerzblattObservation
from keinstich.games.herzblatt_record import HerzblattRecords
from keinstich.games.herzblatt_rules import (
    CARD_POINTS,
    HERZBLATT_POINTS,
    PACKS,
    SKAT,
    TOTAL_POINTS,
    HerzblattError,
    HerzblattRules,
    Phase,
    Removal,
    Settlement,
    card_points,
    settle,
)
from keinstich.games.presets import override, rules_given
from keinstich.hand_text import hands_to_text
from keinstich.i18n import _
from keinstich.limits import check_seed, check_whole, quoted
from keinstich.machine import check_seat
from keinstich.partie import RulesPartie

__all__ = [
    "CARD_POINTS",
    "HERZBLATT_POINTS",
    "PRESETS",
    "SKAT",
    "TOTAL_POINTS",
    "Announce",
    "Announcement",
    "Ask",
    "Contra",
    "Discard",
    "Herzblatt",
    "HerzblattDeal",
    "HerzblattError",
    "HerzblattObservation",
    "HerzblattPartie",
    "HerzblattPolicy",
    "HerzblattRules",
    "IllegalMove",
    "Phase",
    "Re",
    "Removal",
    "Settlement",
    "card_points",
    "play_deal",
    "preset",
    "random_policy",
    "settle",
]


# --- policies and a session -----------------------------------------------------------------------

HerzblattPolicy: TypeAlias = Callable[[HerzblattObservation], Move]
"""Takes the acting seat's observation and returns its move for the phase (an :class:`~keinstich.deal.Ask`,
``Discard``, ``Announce``, ``Contra``, ``Re`` or a card)."""


def random_policy(rng: random.Random, *, play_chance: float = 0.35, announce_chance: float = 0.2,
                  contra_chance: float = 0.2) -> HerzblattPolicy:
    """A policy that answers every phase at random from ``rng`` (legal moves only)."""

    def policy(obs: HerzblattObservation) -> Move:
        ph = obs.phase
        if ph == "asking":
            return Ask(rng.random() < play_chance)
        if ph == "discard":
            return Discard(*rng.sample(obs.hand, 2))
        if ph == "announce":
            return Announce(rng.choice(("66", "du")) if rng.random() < announce_chance else None)
        if ph == "contra":
            return Contra(rng.random() < contra_chance)
        if ph == "re":
            return Re(rng.random() < contra_chance)
        return rng.choice(obs.legal)

    return policy


def play_deal(deal: HerzblattDeal, policies: Sequence[HerzblattPolicy]) -> Settlement:
    """Drive ``deal`` to its end, asking the policy of the seat to act for every move."""
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        deal.play(policies[seat](deal.observation(seat)), seat)
    return deal.settlement()


class HerzblattPartie(RulesPartie):
    """A session of Herzblatt deals: the dealer moves one seat clockwise every deal (a redeal
    counts as a deal), stakes add up per seat. ``deals`` defaults to one round (one deal each).
    Deal ``k`` (0-based) is dealt from the seed ``"<seed>/<k>"``.

    ``policies`` per seat (default random, each from its own seeded ``random.Random``)::

        p = HerzblattPartie(HerzblattRules(players=3), seed=1).play()
        p.totals, p.settlements[0].explanation
    """

    def __init__(self, rules: HerzblattRules | None = None, seed: int | str = 0,
                 policies: Sequence[HerzblattPolicy] | None = None, *, deals: int | None = None,
                 first_dealer: int | None = None) -> None:
        self.rules: HerzblattRules = rules_given(rules, HerzblattRules, preset, "herzblatt-4", HerzblattError)
        n = self.rules.players
        if policies is not None and (isinstance(policies, str) or not isinstance(policies, Sequence)
                                     or len(policies) != n or not all(callable(p) for p in policies)):
            raise HerzblattError(f"policies must be one policy per seat ({n}), each a callable given the seat's "
                                 f"observation, or None for random play; not {quoted(policies)}")
        self.seed = check_seed(seed)
        self.policies: tuple[HerzblattPolicy, ...] = tuple(policies) if policies is not None else tuple(
            random_policy(random.Random(f"herzblatt-policy:{seed}:{s}")) for s in range(n))
        self.length = n if deals is None else check_whole("deals", deals, 0, error=HerzblattError)
        self.first_dealer = (n - 1 if first_dealer is None
                             else check_seat(first_dealer, n, HerzblattError, "first_dealer"))
        self.deals: list[HerzblattDeal] = []
        self.settlements: list[Settlement] = []
        self.current: HerzblattDeal | None = None

    @property
    def is_over(self) -> bool:
        return len(self.deals) >= self.length

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.deals)) % self.rules.players

    def deal_next(self, hands: Sequence[Sequence[Card | str]] | None = None) -> HerzblattDeal:
        """Deal the next deal from the seed, or from ``hands`` (one per seat, then the skat), and make it
        current, to be played and then settled."""
        if self.current is not None:
            raise HerzblattError(f"deal {len(self.deals) + 1} has not been settled: play it to the end "
                                 "and settle() it first")
        if self.is_over:
            raise HerzblattError(f"the session is over: all {self.length} deals are played")
        if hands is None:
            deal = HerzblattDeal.from_seed(f"{self.seed}/{len(self.deals)}", self.rules, dealer=self.next_dealer())
        elif len(hands) != self.players + 1:
            raise HerzblattError(f"give {self.players} hands and the skat, not {len(hands)} card lists")
        else:
            deal = HerzblattDeal(hands[:-1], hands[-1], self.rules, dealer=self.next_dealer())
        self.current = deal
        return deal

    def settle(self) -> Settled:
        """Book the finished current deal: its stakes add to the totals."""
        deal = self.current
        if deal is None or not deal.is_over:
            raise HerzblattError("there is no finished deal to settle: play the current deal to the end")
        settlement = deal.settlement()
        self.settlements.append(settlement)
        self.deals.append(deal)
        self.current = None
        return Settled(len(self.deals), HERZBLATT_POINTS.id, deal.dealer, settlement.stakes)

    def play_deal(self) -> HerzblattDeal:
        """Deal and play the next deal with the policies."""
        deal = self.deal_next()
        play_deal(deal, self.policies)
        self.settle()
        return deal

    def play(self) -> HerzblattPartie:
        """Play every remaining deal; returns self."""
        while not self.is_over:
            self.play_deal()
        return self

    @property
    def totals(self) -> tuple[int, ...]:
        """Net stakes per seat over the deals played (sums to zero)."""
        n = self.rules.players
        return tuple(sum(st.stakes[s] for st in self.settlements) for s in range(n))


PRESETS: dict[str, HerzblattRules] = {
    "herzblatt-2": HerzblattRules(players=2),
    "herzblatt-3": HerzblattRules(players=3),
    "herzblatt-4": HerzblattRules(players=4),
    "herzblatt-5": HerzblattRules(players=5),
    "herzblatt-3-keep-trumps": HerzblattRules(players=3, removal="keep_trumps"),
    "herzblatt-4-keep-trumps": HerzblattRules(players=4, removal="keep_trumps"),
    "herzblatt-4-no-trump-duty": HerzblattRules(players=4, must_trump=False),
    "herzblatt-4-dealer-first": HerzblattRules(players=4, ask_order="dealer_first", all_pass="dealer_plays"),
    "herzblatt-4-muhr": HerzblattRules(players=4, muhr=True),
}
"""Named Herzblatt setups (docs/rules.md §4): the Braun defaults per player count and the variants."""


def preset(preset_id: str = "herzblatt-4", **overrides: object) -> HerzblattRules:
    """A named setup, optionally changed: ``preset("herzblatt-4-muhr", du_stacks_schneider=True)``."""
    return override(PRESETS, preset_id, overrides, HerzblattError)


# --- the game ---------------------------------------------------------------------------------------


class Herzblatt(HerzblattRecords):
    """Herzblatt (Herz sticht): a soloist with the skat against the rest, Hearts trumps (docs/rules.md §4).
    Its records are :class:`~keinstich.games.herzblatt_record.HerzblattRecords`, the base class."""

    id = "herzblatt"
    order = 3
    name = "Herzblatt"
    german = "Herzblatt"
    aliases = ("Herz sticht", "Herzblättchen")
    unit = "stakes"
    player_counts = (2, 3, 4, 5)
    extra_columns = ("role", "card_points")

    def packs(self, players: int) -> tuple[str, ...]:
        self.check_players(players)
        return tuple(dict.fromkeys(pid for (_x, n), pid in PACKS.items() if n == players))

    def rules_for(self, contract: object, players: int | None = None) -> HerzblattRules:
        """The rules a Herzblatt "contract" names: "herzblatt", a preset id, or HerzblattRules."""
        if isinstance(contract, HerzblattRules):
            if players is not None and players != contract.players:
                raise GameError(f"the rules are for {contract.players} players, not {players}")
            return contract
        if not isinstance(contract, str):
            raise GameError(f"a Herzblatt deal is 'herzblatt', a preset id or HerzblattRules, not {contract!r}")
        key = contract.strip().lower()
        if key == "herzblatt":
            return HerzblattRules(players=players if players is not None else 4)
        if key in PRESETS:
            return preset(key) if players is None else preset(key, players=players)
        raise GameError(f"unknown herzblatt contract {contract!r}: use one of herzblatt, {', '.join(PRESETS)}")

    def contract(self, spec: object, players: int | None = None) -> HerzblattRules:
        """The rules ``spec`` names; a preset keeps its own player count unless ``players`` is given."""
        return self.rules_for(spec, players)

    def pack_of(self, contract: Any, players: int | None = None, wanted: str | Pack | None = None) -> Pack:
        """The pack the rules' removal rule picks (``wanted`` must be it, or its German twin)."""
        rules = self.rules_for(contract, players)
        if wanted is not None:
            self._check_pack(rules, wanted)
        return rules.pack

    def contracts(self, players: int = 4) -> dict[str, HerzblattRules]:
        return {"herzblatt": HerzblattRules(players=players), **PRESETS}

    def presets(self) -> dict[str, HerzblattRules]:
        return PRESETS

    def preset(self, preset_id: str | None = None, **changes: object) -> HerzblattRules:
        return preset(preset_id or "herzblatt-4", **changes)

    def settings(self) -> tuple[Setting, ...]:
        return SETTINGS

    def deal(self, contract: object = "herzblatt", seed: int | str = 0, *, players: int | None = None,
             pack: str | Pack | None = None, dealer: int | None = None) -> HerzblattDeal:
        rules = self.rules_for(contract, players)
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal.from_seed(seed, rules, dealer=dealer)

    def _check_pack(self, rules: HerzblattRules, wanted: str | Pack) -> None:
        try:
            p = get_pack(wanted)
        except ValueError as e:
            raise GameError(str(e)) from None
        if p.mask != rules.pack.mask:
            raise GameError(f"Herzblatt with these rules uses {rules.pack.id}, not {p.id}: "
                            "the removal rule picks the pack")

    def deal_from_text(self, contract: object, text: str, *, players: int | None = None,
                       pack: str | Pack | None = None, dealer: int | None = None) -> HerzblattDeal:
        rules = self.rules_for(contract, players)
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal.from_text(text, rules, dealer=dealer)

    def deal_from_hands(self, contract: object, hands: Sequence[Sequence[Card]], *, pack: str | Pack | None = None,
                        dealer: int | None = None, aside: Sequence[Card] = ()) -> HerzblattDeal:
        """A deal from the hands and the skat (``aside``)."""
        rules = self.rules_for(contract, len(hands))
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal(hands, aside, rules, dealer=dealer)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> HerzblattPartie:
        return HerzblattPartie(self.rules_of(preset, HerzblattRules, **changes), seed=seed)

    # --- how the widgets show it ------------------------------------------------------------------

    def pack_for(self, contract: object, players: int, wanted: str | Pack | None = None,
                 style: Style | None = None) -> Pack:
        if not isinstance(contract, HerzblattRules | str):  # the card play alone (a TrickDeal's contract)
            return self.pack(players, wanted)
        return super().pack_for(contract, players, wanted, style)

    def contract_name(self, contract: Any, style: Style | None = None) -> str:
        if not isinstance(contract, HerzblattRules | str):
            return super().contract_name(contract, style)
        r = self.rules_for(contract)
        extras = ([_("keep trumps")] if r.removal == "keep_trumps" else []) + (
            [_("no trump duty")] if not r.must_trump else []) + (
            [_("dealer asked first")] if r.ask_order == "dealer_first" else []) + (["Muhr"] if r.muhr else [])
        return _("Herzblatt, {n} players", n=r.players) + "".join(f", {x}" for x in extras)

    def describe_deal(self, contract: Any, players: int, pack: Pack) -> str:
        if not isinstance(contract, HerzblattRules | str):
            return super().describe_deal(contract, players, pack)
        r = self.rules_for(contract, players)
        if r.muhr:
            return _("Herzblatt, {n} players, {pack}: Hearts trump, a soloist with the skat against the rest, Muhr's "
                     "variant", n=r.players, pack=r.pack.id)
        return _("Herzblatt, {n} players, {pack}: Hearts trump, a soloist with the skat against the rest",
                 n=r.players, pack=r.pack.id)

    def card_order(self, contract: Any) -> str:
        return "ace-ten"

    def value_words(self, deal: Any, value: int) -> str:
        """The solver counts the card points of the seat's side (the soloist, or the defenders together)."""
        return _("the side takes {value} card points", value=value)

    def contract_of(self, deal: Any) -> Any:
        """The deal's rules (a HerzblattDeal), or the card-point contract of its card play alone."""
        rules = getattr(deal, "rules", None)
        return rules if isinstance(rules, HerzblattRules) else getattr(deal, "contract", None)

    def deal_text(self, deal: Any) -> str:
        """The hands, then the skat (``skat: …``), as :meth:`deal_from_text` reads them."""
        return hands_to_text(deal.dealt, deal.skat)

    def public_move(self, move: Any, style: Style = "french") -> str:
        """The discard is the soloist's secret: the others learn only that two cards were laid away."""
        return _("discard two cards") if isinstance(move, Discard) else self.describe_move(move, style)



SETTINGS = settings_of(HerzblattRules, {
    "players": ("2 to 5 players; the removal rule picks the pack", "4.2"),
    "removal": ("which cards leave the pack: the red Sevens/Eights, or keep every trump", "4.2"),
    "ask_order": ("who is asked first whether he plays", "4.3"),
    "all_pass": ("when nobody plays: deal again, or the dealer must play", "4.3"),
    "must_trump": ("a player void in the led suit must trump", "4.4"),
    "must_overtrump_trump_lead": ("on a trump lead, a player must beat the highest trump if he can", "4.4"),
    "must_overtrump_always": ("whoever plays a trump must beat the highest trump if he can", "4.4"),
    "win_threshold": ("the card points the soloist needs to win", "4.5"),
    "schneider_threshold": ("at or below these card points a side is schneider", "4.5"),
    "win_stake": ("stakes per defender for a plain win (Muhr's base value)", "4.5"),
    "win_schneider_stake": ("stakes per defender for a win with the defenders schneider", "4.5"),
    "loss_stake": ("stakes per defender for a plain loss", "4.5"),
    "loss_schneider_stake": ("stakes per defender for a loss with the soloist schneider", "4.5"),
    "muhr": ("Muhr's variant: announcements, contra and re", "4.6"),
    "du_stacks_schneider": ("Muhr: an announced 'du' also counts the schneider factor", "4.6"),
})
"""Herzblatt's rule variants (docs/rules.md §5)."""

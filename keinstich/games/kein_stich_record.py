"""Kein Stich's records (``"game": "kein-stich"``, docs/records.md): the trick contracts with their
options (March, the lead and discard variants, ending early) and the lay-off deal with its start,
voluntary passes and pass fee.

:class:`KeinStichRecords` is the codec; :class:`~keinstich.games.kein_stich.KeinStich` inherits it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from keinstich.cards import Card, CardCodeError, Pack, Suit, card, quoted, suit
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS, Contract
from keinstich.deal import GameRecord
from keinstich.games.codec import MachineRecords, Option, check_options, is_bool, is_count, lay_off_summary, lays_off
from keinstich.layoff import (
    DOMINO,
    DOMINO_CONTRACTS,
    STAKE,
    DominoContract,
    DominoDeal,
    domino_contract,
    payout_shares,
)
from keinstich.limits import shown
from keinstich.records import RecordError

LAY_OFF_CONTRACTS: dict[str, DominoContract] = {c.id: c for c in DOMINO_CONTRACTS.values()}
"""Kein Stich's lay-off (domino) contracts by id: ``domino`` (from the Unter of Acorns),
``domino-hearts``, ``domino-leaves``, ``domino-bells``, ``domino-any``."""

STANDARD_POT: tuple[Contract, ...] = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX)
"""The trick deals whose penalties make the pot a Kein Stich lay-off deal pays out (docs/rules.md §2.3)."""

_STARTS = ("acorns", "hearts", "leaves", "bells", "any")


def _is_start(v: object) -> bool:
    return v in _STARTS


def _is_fee(v: object) -> bool:
    return is_count(v) and isinstance(v, int) and v % STAKE == 0


def _is_suit(v: object) -> bool:
    return isinstance(v, str) and v in ("C", "S", "H", "D")


def _is_card(v: object) -> bool:
    try:
        return isinstance(v, str) and card(v) is not None
    except CardCodeError:
        return False


TRICK_OPTIONS: dict[str, Option] = {
    "march": Option("march", is_bool, "true or false"),
    "no_heart_lead": Option("no_heart_lead", is_bool, "true or false"),
    "no_lead": Option("no_lead", _is_suit, 'a suit letter, "C", "S", "H" or "D"'),
    "force_max_when_void": Option("force_max_when_void", is_bool, "true or false"),
    "forced_discard": Option("forced_discard", _is_card, 'a card code such as "KH"'),
    "stop_when_decided": Option("stop_when_decided", is_bool, "true or false"),
}
"""The options of a Kein Stich trick deal (docs/rules.md §2.3–2.5): ``no_heart_lead`` is ``no_lead``
"H", ``force_max_when_void`` is ``forced_discard`` "KH" (give one of each pair)."""
DOMINO_OPTIONS: dict[str, Option] = {
    "start": Option("start", _is_start, "one of " + ", ".join(f'"{s}"' for s in _STARTS)),
    "voluntary_pass": Option("voluntary_pass", is_bool, "true or false"),
    "pass_fee": Option("pass_fee", _is_fee, f"a whole number of pfennig in stakes of {STAKE} (0, 5, 10, …)"),
}
_KH: Card = card("KH")
RECORD_PLAYERS = (3, 6)
"""The player counts a Kein Stich record may have (docs/rules.md §2.1)."""


def trick_rule_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The trick-rule changes (``Contract.with_rules`` keywords) that a record's options ask for."""
    for short, named in (("no_heart_lead", "no_lead"), ("force_max_when_void", "forced_discard")):
        if short in options and named in options:
            raise RecordError(f"options {short!r} and {named!r} say the same thing: give one of them")
    changes: dict[str, Any] = {}
    if options.get("no_heart_lead"):
        changes["no_lead"] = Suit.HEARTS
    if "no_lead" in options:
        changes["no_lead"] = suit(options["no_lead"])
    if options.get("force_max_when_void"):
        changes["forced_discard"] = _KH
    if "forced_discard" in options:
        changes["forced_discard"] = card(options["forced_discard"])
    if options.get("stop_when_decided"):
        changes["stop_when_decided"] = True
    return changes


def trick_options_of(contract: Contract, base: Contract) -> dict[str, Any]:
    """The options a record writes for a trick deal of ``contract`` (``base``: the one of its id)."""
    options: dict[str, Any] = {}
    if contract.march and not base.march:
        options["march"] = True
    r, b = contract.rules, base.rules
    if r.no_lead != b.no_lead and r.no_lead is not None:
        options.update({"no_heart_lead": True} if r.no_lead is Suit.HEARTS else {"no_lead": r.no_lead.code})
    if r.forced_discard != b.forced_discard and r.forced_discard is not None:
        options.update({"force_max_when_void": True} if r.forced_discard is _KH
                       else {"forced_discard": r.forced_discard.code})
    if r.stop_when_decided and not b.stop_when_decided:
        options["stop_when_decided"] = True
    return options


def kein_stich_contract(contract_id: str,
                        options: Mapping[str, Any] | None = None) -> Contract | DominoContract:
    """The Kein Stich contract a record names, with its options applied (refuses unknown ones)."""
    options = options or {}
    if contract_id in KEIN_STICH_CONTRACTS:
        check_options(contract_id, options, TRICK_OPTIONS)
        c = KEIN_STICH_CONTRACTS[contract_id]
        changes = trick_rule_options(options)
        if changes:
            c = c.with_rules(**changes)
        return c.with_march(True) if options.get("march") else c
    if contract_id in LAY_OFF_CONTRACTS:
        check_options(contract_id, options, DOMINO_OPTIONS)
        d = LAY_OFF_CONTRACTS[contract_id]
        start = options.get("start")
        if start is not None and start != d.rules.start:
            if d is not DOMINO:
                raise RecordError(f"option start {shown(start)} contradicts contract {contract_id}, "
                                  f"which starts with {d.rules.start}; use contract {DOMINO.id!r} "
                                  "with the start option, or drop the option")
            d = domino_contract(start)
        changes = {k: options[k] for k in ("voluntary_pass", "pass_fee") if k in options}
        if changes:
            d = dataclasses.replace(d, rules=dataclasses.replace(d.rules, **changes))
        return d
    ids = ", ".join([*KEIN_STICH_CONTRACTS, *LAY_OFF_CONTRACTS])
    raise RecordError(f"unknown contract {quoted(contract_id)} for kein-stich: use one of {ids}")


class KeinStichRecords(MachineRecords):
    """Records of Kein Stich deals: the trick contracts (penalties) and the lay-off deal (the pot)."""

    score_key = "penalties"

    def standard_pot(self, p: Pack | str, players: int) -> int:
        """What the four standard trick deals put into the pot (160 for 4 players and 32 cards)."""
        return sum(c.total(p, players) for c in STANDARD_POT)

    def record_contract(self, contract_id: str, players: int, options: Mapping[str, Any]) -> Any:
        return kein_stich_contract(contract_id, options)

    def record_options(self, contract: Any) -> dict[str, Any]:
        if not lays_off(contract):
            base_trick = KEIN_STICH_CONTRACTS.get(contract.id)
            return {} if base_trick is None else trick_options_of(contract, base_trick)
        base = LAY_OFF_CONTRACTS.get(contract.id)
        if base is None:
            return {}
        return {name: getattr(contract.rules, name) for name in ("voluntary_pass", "pass_fee")
                if getattr(contract.rules, name) != getattr(base.rules, name)}

    def check_record(self, record: GameRecord) -> None:
        n, (least, most) = record.players, RECORD_PLAYERS
        if not least <= n <= most:
            raise RecordError(f"Kein Stich is for {least} to {most} players; "
                              f"this record has {n} hand{'s' if n != 1 else ''}")

    def lay_off_summary(self, record: GameRecord, deal: DominoDeal) -> dict[str, Any]:
        out = lay_off_summary(deal, ends=False) | {"pass_fees": list(deal.fees())}
        pot = self.standard_pot(record.pack, record.players) + sum(deal.fees())  # docs/rules.md §2.6(5)
        out["pot"] = pot
        if deal.over:
            out["payout"] = list(payout_shares(pot, deal.finish_order))
        return out

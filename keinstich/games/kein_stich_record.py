"""Kein Stich's records (``"game": "kein-stich"``, docs/records.md): the trick contracts with the
March option and the lay-off deal with its start, voluntary passes and pass fee.

:class:`KeinStichRecords` is the codec; :class:`~keinstich.games.kein_stich.KeinStich` inherits it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from keinstich.cards import Pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS, Contract
from keinstich.games.codec import MachineRecords, Option, check_options, is_bool, is_count, lay_off_summary, lays_off
from keinstich.layoff import DOMINO, DOMINO_CONTRACTS, DominoContract, DominoDeal, domino_contract, payout_shares
from keinstich.records import Record, RecordError

LAY_OFF_CONTRACTS: dict[str, DominoContract] = {c.id: c for c in DOMINO_CONTRACTS.values()}
"""Kein Stich's lay-off (domino) contracts by id: ``domino`` (from the Unter of Acorns),
``domino-hearts``, ``domino-leaves``, ``domino-bells``, ``domino-any``."""

STANDARD_POT: tuple[Contract, ...] = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX)
"""The trick deals whose penalties make the pot a Kein Stich lay-off deal pays out (docs/rules.md §2.3)."""

_STARTS = ("acorns", "hearts", "leaves", "bells", "any")


def _is_start(v: object) -> bool:
    return v in _STARTS


TRICK_OPTIONS: dict[str, Option] = {"march": Option("march", is_bool, "true or false")}
DOMINO_OPTIONS: dict[str, Option] = {
    "start": Option("start", _is_start, "one of " + ", ".join(f'"{s}"' for s in _STARTS)),
    "voluntary_pass": Option("voluntary_pass", is_bool, "true or false"),
    "pass_fee": Option("pass_fee", is_count, "a whole number of pfennig, 0 or more"),
}
RECORD_PLAYERS = (3, 6)
"""The player counts a Kein Stich record may have (docs/rules.md §2.1)."""


def kein_stich_contract(contract_id: str,
                        options: Mapping[str, Any] | None = None) -> Contract | DominoContract:
    """The Kein Stich contract a record names, with its options applied (refuses unknown ones)."""
    options = options or {}
    if contract_id in KEIN_STICH_CONTRACTS:
        check_options(contract_id, options, TRICK_OPTIONS)
        c = KEIN_STICH_CONTRACTS[contract_id]
        return c.with_march(True) if options.get("march") else c
    if contract_id in LAY_OFF_CONTRACTS:
        check_options(contract_id, options, DOMINO_OPTIONS)
        d = LAY_OFF_CONTRACTS[contract_id]
        start = options.get("start")
        if start is not None and start != d.rules.start:
            if d is not DOMINO:
                raise RecordError(f"option start {json.dumps(start)} contradicts contract {contract_id}, "
                                  f"which starts with {d.rules.start}; use contract {DOMINO.id!r} "
                                  "with the start option, or drop the option")
            d = domino_contract(start)
        changes = {k: options[k] for k in ("voluntary_pass", "pass_fee") if k in options}
        if changes:
            d = dataclasses.replace(d, rules=dataclasses.replace(d.rules, **changes))
        return d
    ids = ", ".join([*KEIN_STICH_CONTRACTS, *LAY_OFF_CONTRACTS])
    raise RecordError(f"unknown contract {contract_id!r} for kein-stich: use one of {ids}")


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
            return {"march": True} if getattr(contract, "march", False) else {}
        base = LAY_OFF_CONTRACTS.get(contract.id)
        if base is None:
            return {}
        return {name: getattr(contract.rules, name) for name in ("voluntary_pass", "pass_fee")
                if getattr(contract.rules, name) != getattr(base.rules, name)}

    def check_record(self, record: Record) -> None:
        n, (least, most) = record.players, RECORD_PLAYERS
        if not least <= n <= most:
            raise RecordError(f"Kein Stich is for {least} to {most} players; "
                              f"this record has {n} hand{'s' if n != 1 else ''}")

    def lay_off_summary(self, record: Record, deal: DominoDeal) -> dict[str, Any]:
        out = lay_off_summary(deal, ends=False) | {"pass_fees": list(deal.fees())}
        pot = self.standard_pot(record.pack, record.players)
        out["pot"] = pot
        if deal.over:
            out["payout"] = list(payout_shares(pot, deal.finish_order))
        return out

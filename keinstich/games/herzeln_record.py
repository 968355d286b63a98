"""Herzeln's records (``"game": "herzeln"``, docs/records.md): the seven trick contracts and the
Domino (chain or rows, ace-ten or natural order); 3 players with a 24-card pack, 4 with 32.

:class:`HerzelnRecords` is the codec; :class:`~keinstich.games.herzeln.Herzeln` inherits it and
gives it the contracts (this module reads them through the game, so it does not import it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keinstich.cards import pack, quoted
from keinstich.deal import GameRecord
from keinstich.games.codec import MachineRecords, Option, check_options, is_bool, lays_off
from keinstich.layoff import Layout, Order, herzeln_domino
from keinstich.records import RecordError

HERZELN_DOMINO_IDS: dict[str, tuple[Layout, Order]] = {
    herzeln_domino(4, layout, order).id: (layout, order)
    for layout in ("chain", "rows") for order in ("ace-ten", "natural")}
"""Herzeln's Domino by id: ``herzeln-domino`` (the chain, ace-ten order), ``herzeln-domino-natural``,
``herzeln-domino-rows`` (per suit, docs/rules.md §3.3) and ``herzeln-domino-rows-natural``."""

HERZELN_DOMINO_OPTIONS: dict[str, Option] = {"voluntary_pass": Option("voluntary_pass", is_bool, "true or false")}
HERZELN_EARLY_END_OPTIONS: dict[str, Option] = {
    "stop_when_decided": Option("stop_when_decided", is_bool, "true or false")}
"""The option of deals 4 and 5 (``herzeln-no-queens``, ``herzeln-king-of-hearts``): they may end as soon as
no further trick can change their points (docs/rules.md §3.2)."""
HERZELN_PLAYERS = (3, 4)


class HerzelnRecords(MachineRecords):
    """Records of Herzeln deals: the seven trick contracts (points) and the Domino (places)."""

    def trick_contracts(self) -> dict[str, Any]:
        """Herzeln's seven trick deals by id (``herzeln-no-hearts`` … ``herzeln-no-last-trick``)."""
        return {cid: c for cid, c in self.contracts(4).items() if not lays_off(c)}

    early_end: tuple[str, ...] = ()
    """The ids of the trick deals that may end early (deals 4 and 5); the game names them."""

    def record_contract(self, contract_id: str, players: int, options: Mapping[str, Any]) -> Any:
        tricks = self.trick_contracts()
        if contract_id in tricks:
            early = contract_id in self.early_end
            if not early and "stop_when_decided" in options:
                raise RecordError(f"option 'stop_when_decided' is only for deals 4 and 5, "
                                  f"{' and '.join(self.early_end)} (docs/rules.md §3.2): {contract_id} "
                                  "is always played to the end")
            check_options(contract_id, options, HERZELN_EARLY_END_OPTIONS if early else {})
            c = tricks[contract_id]
            return c.with_rules(stop_when_decided=True) if options.get("stop_when_decided") else c
        if contract_id in HERZELN_DOMINO_IDS:
            check_options(contract_id, options, HERZELN_DOMINO_OPTIONS)
            layout, order = HERZELN_DOMINO_IDS[contract_id]
            return herzeln_domino(players, layout, order, voluntary_pass=bool(options.get("voluntary_pass")))
        ids = ", ".join([*tricks, *HERZELN_DOMINO_IDS])
        raise RecordError(f"unknown contract {quoted(contract_id)} for herzeln: use one of {ids}")

    def record_options(self, contract: Any) -> dict[str, Any]:
        if lays_off(contract):
            return {"voluntary_pass": True} if contract.rules.voluntary_pass else {}
        return {"stop_when_decided": True} if contract.rules.stop_when_decided else {}

    def same_contract(self, named: Any, contract: Any) -> bool:
        """A Domino made for more players is the same deal when its first places score the same."""
        if not lays_off(named):
            return bool(named == contract)
        points = contract.points
        return bool(contract.rules == named.rules and points is not None and points[:len(named.points)] == named.points)

    def check_record(self, record: GameRecord) -> None:
        n = record.players
        if n not in HERZELN_PLAYERS:
            raise RecordError(f"Herzeln is for 3 or 4 players; this record has {n} hand{'s' if n != 1 else ''}")
        packs = self.packs(n)
        if record.pack not in packs:
            raise RecordError(f"Herzeln with {n} players is played with the {len(pack(packs[0]))}-card pack "
                              f"({' or '.join(packs)}), not {record.pack}")

"""What each card and trick costs under a contract, as the heuristics and the solver read it; helpers on masks.

The heuristics never name a contract: they probe its own ``score`` on one-card tricks, so any additive
contract written as data (a new one in a lesson, too) is played sensibly without new code.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from keinstich.bots.base import sign_of
from keinstich.cards import ALL_CARDS, Card, mask_of
from keinstich.kernel.jit import array
from keinstich.kernel.layout import H_BASE, H_COST, H_HF, H_SIZE, HF_AVERT, HF_COSTLY, HF_NATURAL, HF_NONNEG, HF_TRUMP
from keinstich.kernel.rules import rule_tables
from keinstich.kernel.tables import raw_amounts
from keinstich.tricks import Scoring, TrickRules


class Tables:
    """Per contract, rules and deal length: what capturing each card costs and each trick's base cost.

    Costs are in "bad for the taker" units (pfennig, or minus points), probed from the contract's own
    ``score`` on one-card tricks, so any additive contract written as data works.
    """

    __slots__ = ("_kernel", "_pick", "avert", "base", "cost", "costly", "higher", "lower", "natural", "nonneg",
                 "over", "strength", "trump")

    def __init__(self, contract: Scoring | None, rules: TrickRules, total: int) -> None:
        sign = -sign_of(contract)
        val, raw_base = amounts(contract, total)
        self.base = base = [sign * x for x in raw_base]
        self.cost = cost = [sign * x for x in val]
        self.costly = mask_of(c for c in ALL_CARDS if cost[c.index] > 0)
        rt = rule_tables(rules)
        self.strength, self.over, self.lower, self.higher = rt.strength, rt.over, rt.lower, rt.higher
        self.trump = rules.trump
        self.natural = rules.order == "natural"
        self.nonneg = min(cost) >= 0 and min(base) >= 0
        self.avert = sum(x for x in cost if x > 0) + sum(x for x in base if x > 0) >= \
            -sum(x for x in cost if x < 0) - sum(x for x in base if x < 0)
        self._kernel: Any = None
        self._pick: tuple[Any, ...] | None = None

    def kernel(self) -> Any:
        """These tables as the kernel's heuristic array ``H`` (:mod:`keinstich.kernel.layout`)."""
        if self._kernel is None:
            H = [0] * H_SIZE
            H[H_HF + HF_COSTLY] = self.costly
            H[H_HF + HF_NONNEG] = int(self.nonneg)
            H[H_HF + HF_AVERT] = int(self.avert)
            H[H_HF + HF_NATURAL] = int(self.natural)
            H[H_HF + HF_TRUMP] = -1 if self.trump is None else int(self.trump)
            H[H_COST:H_COST + 52] = self.cost
            H[H_BASE:H_BASE + len(self.base)] = self.base
            self._kernel = array(H)
        return self._kernel

    def pick_tables(self) -> tuple[Any, ...]:
        """The tables :mod:`keinstich.kernel.heuristic`'s picks read, as the kernel's arrays: ``HF``, ``cost``,
        strength, the beats-table, the cards below and above each card, ``base``."""
        if self._pick is None:
            H = self.kernel()
            self._pick = (H[H_HF:H_COST], H[H_COST:H_COST + 52], array(self.strength), array(self.over),
                          array(self.lower), array(self.higher), H[H_BASE:H_SIZE])
        return self._pick


def tables(contract: Scoring | None, rules: TrickRules, total: int) -> Tables:
    """The heuristic's cost tables (cached per contract, rules and deal length; first by the objects
    themselves, which is quicker than hashing a contract's data on every card of a play-out)."""
    key = (id(contract), id(rules), total)
    got = _BY_ID.get(key)
    if got is not None and got[0] is contract and got[1] is rules:
        return got[2]
    try:
        tb = _cached_tables(contract, rules, total)  # type: ignore[arg-type]
    except TypeError:  # an unhashable scoring object: build the tables every time
        return Tables(contract, rules, total)
    if len(_BY_ID) > 256:
        _BY_ID.clear()
    _BY_ID[key] = (contract, rules, tb)
    return tb


_BY_ID: dict[tuple[int, int, int], tuple[object, object, Tables]] = {}


@lru_cache(maxsize=256)
def _cached_tables(contract: Scoring | None, rules: TrickRules, total: int) -> Tables:
    return Tables(contract, rules, total)


def amounts(contract: Scoring | None, total: int) -> tuple[list[int], list[int]]:
    """:func:`raw_amounts`, cached per contract and deal length (read only: the lists are shared)."""
    try:
        return _amounts_lru(contract, total)  # type: ignore[arg-type]
    except TypeError:  # an unhashable scoring object: probe it every time
        return raw_amounts(contract, total)


@lru_cache(maxsize=64)
def _amounts_lru(contract: Scoring, total: int) -> tuple[list[int], list[int]]:
    return raw_amounts(contract, total)


def card_classes(order: Sequence[Sequence[int]], alive: int, legal: int,
                 amount: Sequence[int]) -> list[tuple[Card, tuple[Card, ...]]]:
    """The ``legal`` cards, one per class of interchangeable cards, lowest first, each with its class:
    legal cards of a suit next to each other in rank among the cards still ``alive`` (``order[s]``: the
    suit's card indices, weakest first) that cost the same ``amount``."""
    groups: list[tuple[Card, tuple[Card, ...]]] = []
    for s in range(4):
        run: list[Card] = []
        for i in order[s]:
            b = 1 << i
            if not alive & b:
                continue
            if legal & b and run and amount[run[-1].index] == amount[i]:
                run.append(ALL_CARDS[i])
                continue
            if run:
                groups.append((run[0], tuple(run)))
            run = [ALL_CARDS[i]] if legal & b else []
        if run:
            groups.append((run[0], tuple(run)))
    return groups


# --- helpers on masks -----------------------------------------------------------------------------


def card_list(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


__all__ = ["Tables", "amounts", "card_classes", "card_list", "raw_amounts", "tables"]

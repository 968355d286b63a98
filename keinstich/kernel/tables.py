"""A trick deal's rules and contract as the kernel's tables, built once per rules, contract and deal
length and cached: what :func:`~keinstich.kernel.playout.playout` and the search read."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from keinstich.cards import ALL_CARDS
from keinstich.kernel.jit import array
from keinstich.kernel.layout import (
    MAX_SEATS,
    P_MARCH,
    P_N,
    P_TOTAL,
    P_VALUED,
    T_DECIDED,
    T_HIGHER,
    T_LOWER,
    T_OVER,
    T_P,
    T_RBASE,
    T_SIZE,
    T_ST,
    T_VAL,
)
from keinstich.kernel.rules import beats_table, rule_params
from keinstich.trick_rules import Scoring, Trick, TrickRules


def params(rules: TrickRules, players: int, total: int) -> list[int]:
    """The parameter table ``P`` of a deal: the rules of its trick (:func:`~keinstich.kernel.rules.rule_params`),
    its players and its tricks (the rest zero, for the search and the play-outs to fill in)."""
    P = rule_params(rules)
    P[P_N] = players
    P[P_TOTAL] = total
    return P


def raw_amounts(contract: Scoring | None, total: int) -> tuple[list[int], list[int]]:
    """Raw score per captured card and per trick number (1-based), probed from the contract's ``score``
    on one-card tricks (exact for an additive contract, see :attr:`additive`)."""
    if contract is None:
        return [0] * 52, [0] * (total + 2)
    base = [0] + [contract.score([Trick(k, 0, (), 0)], 1, total)[0] for k in range(1, total + 1)] + [0]
    val = [contract.score([Trick(1, 0, (c,), 0)], 1, total)[0] - base[1] for c in ALL_CARDS]
    return val, base


def additive(contract: Scoring | None) -> bool:
    """Whether the kernel can score ``contract`` itself: its score is the sum, over the tricks each seat
    takes, of an amount per trick number and per card (plus the March, when it has one). Contracts
    say so with ``additive = True`` (:class:`~keinstich.contracts.Contract` does)."""
    return contract is None or bool(getattr(contract, "additive", False))


def fits(players: int, total: int) -> bool:
    """Whether the kernel's tables hold a deal of ``players`` seats and ``total`` tricks."""
    return players <= MAX_SEATS and total + 2 <= T_SIZE - T_DECIDED


class TrickTables:
    """The kernel's tables for one trick deal's rules, contract, player count and length, in one array
    ``T`` (offsets ``T_…`` of :mod:`keinstich.kernel.playout`)."""

    __slots__ = ("T", "march", "val")

    def __init__(self, rules: TrickRules, contract: Scoring | None, players: int, total: int) -> None:
        if not fits(players, total):
            raise ValueError(f"the kernel plays at most {MAX_SEATS} players and {T_SIZE - T_DECIDED - 2} tricks")
        st, over, lower, higher = beats_table(rules.order, -1 if rules.trump is None else int(rules.trump))
        val, rbase = raw_amounts(contract, total)
        P = params(rules, players, total)
        self.march = bool(getattr(contract, "march", False))
        P[P_MARCH] = int(self.march)
        P[P_VALUED] = sum(c.bit for c in ALL_CARDS if val[c.index])
        decided = [0] * (total + 2)
        check = getattr(contract, "decided", None)
        if check is not None:
            for k in range(1, total + 1):  # two winners, nothing left: only the trick numbers can say no
                done = [Trick(i + 1, 0, (), i % 2) for i in range(k)]
                decided[k] = int(bool(check(done, 0, total)))
        T = [0] * T_SIZE
        for at, part in ((T_P, P), (T_OVER, over), (T_VAL, val), (T_ST, st), (T_LOWER, lower),
                         (T_HIGHER, higher), (T_RBASE, rbase), (T_DECIDED, decided)):
            T[at:at + len(part)] = part
        self.val = val
        self.T: Any = array(T)


def trick_tables(rules: TrickRules, contract: Scoring | None, players: int, total: int) -> TrickTables:
    """The :class:`TrickTables` (cached when the contract can be hashed)."""
    try:
        return _cached(rules, contract, players, total)  # type: ignore[arg-type]
    except TypeError:  # an unhashable scoring object
        return TrickTables(rules, contract, players, total)


@lru_cache(maxsize=128)
def _cached(rules: TrickRules, contract: Scoring | None, players: int, total: int) -> TrickTables:
    return TrickTables(rules, contract, players, total)


__all__ = ["TrickTables", "additive", "fits", "params", "raw_amounts", "trick_tables"]

"""The Monte Carlo bot's work on one decision in a trick deal, for many sampled deals, in the kernel.

:class:`Rollouts` is set up once per decision from the seat's observation: the trick in progress,
what every seat has shown, the scores so far, the candidate cards. Then, for each sampled deal (the
hidden hands as the sampler drew them), :meth:`Rollouts.values` plays every candidate out with the
heuristic bot in every seat (:func:`keinstich.kernel.playout.after_each`), or near the end searches it
exactly (one :class:`~keinstich.bots.search.TrickSearch` for all the sampled deals, sharing its
table). The values are the ones the bot got before the kernel, card for card: the Monte Carlo bot's
play-outs by :func:`~keinstich.bots.heuristic.heuristic_playout` on a replayed deal, and the exact
search by :meth:`TrickSearch.after`; a test checks both ways agree.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from keinstich.bots.base import Objective
from keinstich.bots.heuristic import fair_playout
from keinstich.bots.knowledge import exclusions, suit_bits
from keinstich.bots.search import Spot, TrickSearch
from keinstich.bots.tables import tables
from keinstich.cards import Card
from keinstich.kernel.jit import JIT, array, float_array, zeros
from keinstich.kernel.layout import (
    FAIR,
    HEURISTIC,
    MAX_SEATS,
    S_HANDS,
    S_IN_PLAY,
    S_K,
    S_KNOWN,
    S_MODE,
    S_MSTATE,
    S_PLAYED,
    S_SCORES,
    S_SEAT,
    S_SIZE,
    S_SOLOIST,
    S_TLEN,
    S_TRICK,
    S_VOIDS,
    S_WON,
)
from keinstich.kernel.tables import additive, trick_tables
from keinstich.tricks import Observation, TrickDeal

WORKERS = min(2, os.cpu_count() or 1)
"""Threads that play out a batch of deals at once (the compiled play-out runs on as many cores)."""

_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(WORKERS, thread_name_prefix="keinstich-rollouts"))
    return _POOL[0]


def _split(deals: int) -> list[tuple[int, int]]:
    """The batch cut into one share per worker (one share when small, or when the kernel is plain Python)."""
    if WORKERS < 2 or deals < 32 or not JIT:
        return [(0, deals)]
    cut = [round(deals * i / WORKERS) for i in range(WORKERS + 1)]
    return list(itertools.pairwise(cut))


def in_shares(deals: int, share: Callable[[int, int], None]) -> None:
    """``share(lo, hi)`` for each worker's share of a batch of ``deals``, on the worker threads when there are
    several (the compiled play-outs let go of Python's lock, so each share runs on a core of its own); ``share``
    gives each share a state of its own to work in."""
    parts = _split(deals)
    if len(parts) == 1:
        share(0, deals)
    else:
        list(_pool().map(lambda part: share(*part), parts))


def kernel_rolls(obs: Observation) -> bool:
    """Whether :class:`Rollouts` can take this decision: a contract the kernel scores, at most 8 seats."""
    return obs.players <= MAX_SEATS and additive(obs.contract)


def known_of(obs: Observation) -> list[int]:
    """What the play-outs take each seat to know of the others, as ``obs`` shows it: per seat the cards it cannot
    hold (a trump game), or the suits it has shown void in."""
    return exclusions(obs) if obs.rules.trump is not None else suit_bits(obs.voids)


def fair_line(deal: TrickDeal, obs: Observation, first: Card, soloist: int | None = None) -> None:
    """Play ``first`` for the seat to move in ``deal`` (one of the sampled deals of the decision ``obs`` shows), then
    every seat to the end as :class:`Rollouts` in mode ``FAIR`` plays it out to value ``first``: the line behind
    that value, played on the deal so that its tricks can be read (the coach's lines). A deal the kernel cannot
    play: ``first``, then :func:`~keinstich.bots.heuristic.fair_playout`."""
    if not deal.kernel_plays:
        deal.play(first, deal.turn)
        fair_playout(deal, soloist)
        return
    deal.run_out(FAIR, known=known_of(obs), soloist=soloist,
                 heuristic=tables(deal.contract, deal.rules, deal.total_tricks).kernel(), first=first)


class Rollouts:
    """One decision's candidate cards, valued in sampled deals (see the module)."""

    def __init__(self, obs: Observation, cards: Sequence[Card], obj: Objective, soloist: int | None,
                 world: Callable[[list[int]], TrickDeal], mode: int = HEURISTIC) -> None:
        """``mode``: how every seat plays out: as the heuristic bot (``HEURISTIC``), or as the coach's fair
        judgement plays its deals out (``FAIR``: the heuristic, its ties broken by what the deal says)."""
        n = obs.players
        self.n = n
        self.obs = obs
        self.obj = obj
        self.cards = list(cards)
        self.world = world
        contract = obs.contract
        self.total = total = (sum(obs.hand_sizes) + len(obs.played)) // n
        self.contract = contract
        self.march = bool(getattr(contract, "march", False))
        self.T = trick_tables(obs.rules, contract, n, total).T
        self.H = tables(contract, obs.rules, total).kernel()
        past = contract.score(obs.tricks, n, total) if contract is not None else (0,) * n
        won = [0] * n
        mstate = -2
        for t in obs.tricks:
            won[t.winner] += 1
            mstate = t.winner if mstate in (-2, t.winner) else -1
        assert obs.turn is not None
        S = [0] * S_SIZE
        S[S_SEAT] = obs.turn
        S[S_K] = len(obs.tricks) + 1
        S[S_TLEN] = len(obs.trick)
        for i, (_, c) in enumerate(obs.trick):
            S[S_TRICK + i] = c.index
        self._played = S[S_PLAYED] = obs.played_mask
        S[S_MSTATE] = mstate
        S[S_SOLOIST] = -1 if soloist is None else soloist
        S[S_MODE] = mode
        S[S_KNOWN:S_KNOWN + n] = known_of(obs)
        S[S_VOIDS:S_VOIDS + n] = suit_bits(obs.voids)
        S[S_SCORES:S_SCORES + n] = past
        S[S_WON:S_WON + n] = won
        self._S = array(S)
        self._outs: dict[int, Any] = {}
        self._cards = array([c.index for c in cards])
        self._W = array(S)
        self._rnd = float_array(())
        self._search: TrickSearch | None = None
        self._spot: Spot | None = None

    def values(self, hands: list[int], exact: bool) -> list[float]:
        """Each candidate's value for the side in the deal with these (current) hands: played out by the
        heuristic (the side's final score, signed), or with ``exact`` searched (its future value)."""
        if exact:
            return self._exact(hands)
        value = self.obj.value
        return [value(scores) for scores, _ in self._play(hands, self._cards, len(self.cards))]

    def outcomes(self, hands: list[int], cards: Sequence[Card]) -> list[tuple[list[int], list[int]]]:
        """Each of ``cards`` played in the deal with these hands, then the heuristic in every seat to the
        end: the scores and the tricks won per seat."""
        return self._play(hands, array([c.index for c in cards]), len(cards))

    def values_many(self, hands: Any, cards: Sequence[Card]) -> Any:
        """Each of ``cards`` played out by the heuristic in each deal of ``hands`` (a numpy array, a row of
        current hands per deal): the side's final scores, signed (higher is better), one row per deal."""
        import numpy as np

        from keinstich.kernel.playout import after_each_deal  # loads the compiled kernel on first use

        n, k, deals = self.n, len(cards), len(hands)
        out = np.zeros(2 * MAX_SEATS * k * deals, dtype=np.int64)
        flat = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1)
        which = array([c.index for c in cards])
        step = 2 * MAX_SEATS * k

        def share(lo: int, hi: int) -> None:
            whole = hi - lo == deals  # one share: the state kept for it, not a copy
            after_each_deal(self._S if whole else self._S.copy(), self.T, self.H, which,
                            self._W if whole else self._W.copy(), self._rnd, out[lo * step:hi * step],
                            flat[lo * n:hi * n], hi - lo)

        in_shares(deals, share)
        got = out.reshape(deals, k, 2 * MAX_SEATS)
        scores = got[:, :, :n]
        if self.march:
            won = got[:, :, MAX_SEATS:MAX_SEATS + n]
            for b, i in zip(*np.nonzero(won.max(axis=2) == self.total), strict=True):
                row = won[b, i].tolist()
                scores[b, i] = self._marched(row.index(self.total), int(scores[b, i].sum()))
        side = np.zeros(n, dtype=np.int64)
        side[list(self.obj.side)] = 1
        return (self.obj.sign * (scores * side).sum(axis=2)).astype(float)

    def _out(self, count: int) -> Any:
        out = self._outs.get(count)
        if out is None:
            out = self._outs[count] = zeros(2 * MAX_SEATS * count)
        return out

    def _play(self, hands: list[int], cards: Any, count: int) -> list[tuple[list[int], list[int]]]:
        from keinstich.kernel.playout import after_each  # loads the compiled kernel on first use

        n = self.n
        S = self._S
        in_play = self._played
        for s, h in enumerate(hands):
            S[S_HANDS + s] = h
            in_play |= h
        S[S_IN_PLAY] = in_play
        out = self._out(count)
        after_each(S, self.T, self.H, cards, self._W, self._rnd, out)
        got = out.tolist() if hasattr(out, "tolist") else list(out)
        results = []
        for i in range(count):
            at = 2 * MAX_SEATS * i
            scores = got[at:at + n]
            won = got[at + MAX_SEATS:at + MAX_SEATS + n]
            if self.march and max(won) == self.total:
                scores = list(self._marched(won.index(self.total), sum(scores)))
            results.append((scores, won))
        return results

    def _marched(self, marcher: int, total: int) -> Any:
        return self.contract.march_scores(marcher, total, self.n)  # type: ignore[union-attr]

    def exact_values(self, hands: list[int], cards: Sequence[Card]) -> list[float]:
        """Each of ``cards`` searched exactly in the deal with these hands (its future value)."""
        return self._exact(hands, cards)

    def _exact(self, hands: list[int], cards: Sequence[Card] | None = None) -> list[float]:
        if self._search is None:  # one search set-up for every sampled deal of this decision
            deal = self.world(hands)
            self._search = TrickSearch(deal, self.obj.side, self.obj.sign)
            self._spot = self._search.spot(deal)
        search, spot = self._search, self._spot
        assert spot is not None
        return [search.after_hands(hands, spot, c) for c in (self.cards if cards is None else cards)]


__all__ = ["Rollouts", "fair_line", "in_shares", "kernel_rolls", "known_of"]

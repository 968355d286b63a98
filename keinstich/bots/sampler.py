"""Uniform random deals of the hidden cards under constraints: hand sizes and cards a seat cannot hold.

The Monte Carlo bot guesses the hidden hands many times over; every guess must fit what the seat has
seen, and each fitting deal must be equally likely (a resampler that ignores voids, or favours some
deals, plays a different game). The sampler is exact and cannot loop: it counts the deals that fit by
dynamic programming over groups of interchangeable cards, then draws one uniformly; with very large
constraint sets it falls back to a sequential sampler that checks feasibility by a small max-flow.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

from keinstich.cards import Card, cards_of, mask_of


class SamplerError(ValueError):
    """Constraints no deal can satisfy (the observation contradicts itself)."""



class HandSampler:
    """Uniform random deals of ``cards`` (a mask) to seats ``0..m-1`` with ``capacities[j]`` cards each,
    seat ``j`` never receiving a card of ``excluded[j]``.

    Cards with the same set of allowed seats are interchangeable for the constraints; the number of
    deals is counted over those groups by dynamic programming, seats allowed every card pooled
    together, which makes both :meth:`count` and :meth:`sample` exact. ``budget`` caps the work of
    the count; beyond it :meth:`sample` uses a sequential sampler (valid deals, near uniform).
    """

    def __init__(self, cards: int, capacities: Sequence[int], excluded: Sequence[int], *,
                 budget: int = 60_000) -> None:
        m = len(capacities)
        if len(excluded) != m:
            raise SamplerError("give one exclusion mask per seat")
        if cards.bit_count() != sum(capacities):
            raise SamplerError(f"{cards.bit_count()} cards cannot fill hands of {sum(capacities)}")
        self.m = m
        self.caps = tuple(capacities)
        groups: dict[int, list[Card]] = {}
        for c in cards_of(cards):
            allowed = 0
            for j in range(m):
                if self.caps[j] and not excluded[j] & c.bit:
                    allowed |= 1 << j
            if not allowed:
                raise SamplerError(f"no seat can hold {c.code}: the constraints contradict each other")
            groups.setdefault(allowed, []).append(c)
        self.groups = sorted(groups.items(), key=lambda g: (-len(g[1]), g[0]))
        everything = (1 << m) - 1
        every_group = everything
        for allowed, _ in self.groups:
            every_group &= allowed
        self.free = tuple(j for j in range(m) if every_group >> j & 1 and self.caps[j])
        self.constrained = tuple(j for j in range(m) if self.caps[j] and j not in self.free)
        self.pool = sum(self.caps[j] for j in self.free)
        self._memo: dict[tuple[int, tuple[int, ...]], tuple[int, list[int], list[tuple[int, ...]]]] = {}
        self._arrays: dict[tuple[int, tuple[int, ...]], tuple[Any, Any]] = {}
        self._work = 0
        self._budget = budget
        self.exact = True
        try:
            self._total = self._count(0, tuple(self.caps[j] for j in self.constrained))
        except _Budget:
            self.exact = False
            self._memo.clear()
            self._total = -1
        if self.exact and self._total == 0:
            raise SamplerError("no deal fits the constraints (hand sizes and voids contradict each other)")

    def count(self) -> int:
        """How many deals fit (-1 if the count was too large to work out within the budget)."""
        if not self.exact:
            return -1
        free_ways = math.factorial(self.pool)
        for j in self.free:
            free_ways //= math.factorial(self.caps[j])
        return self._total * free_ways

    def _count(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.groups):
            return 1 if not any(caps) else 0
        key = (i, caps)
        got = self._memo.get(key)
        if got is not None:
            return got[0]
        allowed, group = self.groups[i]
        u = len(group)
        slots = [t for t, j in enumerate(self.constrained) if allowed >> j & 1]
        pool_ok = bool(self.free)
        total = 0
        cum: list[int] = []
        splits: list[tuple[int, ...]] = []
        fact = math.factorial
        for split in _compositions(u, [caps[t] for t in slots], pool_ok):
            self._work += 1
            if self._work > self._budget:
                raise _Budget
            rest = list(caps)
            weight = fact(u)
            for t, k in zip(slots, split, strict=False):
                rest[t] -= k
                weight //= fact(k)
            weight //= fact(u - sum(split))
            sub = self._count(i + 1, tuple(rest))
            if sub:
                total += weight * sub
                cum.append(total)
                splits.append(split)
        self._memo[key] = (total, cum, splits)
        return total

    def sample(self, rng: random.Random) -> list[int]:
        """One deal: a mask per seat."""
        if not self.exact:
            return self._sequential(rng)
        hands = [0] * self.m
        caps = tuple(self.caps[j] for j in self.constrained)
        pool_cards: list[Card] = []
        for i, (allowed, group) in enumerate(self.groups):
            total, cum, splits = self._memo[(i, caps)]
            split = splits[bisect.bisect_right(cum, rng.randrange(total))]
            cs = list(group)
            rng.shuffle(cs)
            slots = [t for t, j in enumerate(self.constrained) if allowed >> j & 1]
            rest = list(caps)
            at = 0
            for t, k in zip(slots, split, strict=False):
                j = self.constrained[t]
                for c in cs[at:at + k]:
                    hands[j] |= c.bit
                at += k
                rest[t] -= k
            pool_cards.extend(cs[at:])
            caps = tuple(rest)
        rng.shuffle(pool_cards)
        at = 0
        for j in self.free:
            for c in pool_cards[at:at + self.caps[j]]:
                hands[j] |= c.bit
            at += self.caps[j]
        return hands

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, as uniform as :meth:`sample` but quicker: each group's cards are put in a random order by
        sorting them on random keys (one ``rng.random()`` a card) instead of shuffling them. The two draw
        different deals from the same ``rng``; the Monte Carlo player keeps :meth:`sample`."""
        if not self.exact:
            return self._sequential(rng)
        hands = [0] * self.m
        caps = tuple(self.caps[j] for j in self.constrained)
        pool: list[int] = []
        rand = rng.random
        for i, (allowed, group) in enumerate(self.groups):
            total, cum, splits = self._memo[(i, caps)]
            split = splits[bisect.bisect_right(cum, int(rand() * total)) if total < 1 << 52 else
                           bisect.bisect_right(cum, rng.randrange(total))]
            bits = sorted((c.bit for c in group), key=lambda _: rand())
            rest = list(caps)
            at = 0
            for t, k in zip((t for t, j in enumerate(self.constrained) if allowed >> j & 1), split, strict=False):
                for b in bits[at:at + k]:
                    hands[self.constrained[t]] |= b
                at += k
                rest[t] -= k
            pool.extend(bits[at:])
            caps = tuple(rest)
        pool.sort(key=lambda _: rand())
        at = 0
        for j in self.free:
            for b in pool[at:at + self.caps[j]]:
                hands[j] |= b
            at += self.caps[j]
        return hands

    def draw_many(self, rs: Any, count: int) -> Any:
        """``count`` deals at once, as uniform as :meth:`sample`: an int64 array of ``count`` rows, a mask per
        seat, drawn with numpy's ``rs`` (a ``numpy.random.RandomState``, whose streams numpy keeps the same in
        every version). Each deal's split of a group among the constrained seats is drawn by its weight, the
        group's cards are put in order by random keys, and the pool's cards likewise."""
        import numpy as np

        if not self.exact:
            rng = random.Random(int(rs.randint(0, 1 << 31)))
            return np.array([self._sequential(rng) for _ in range(count)], dtype=np.int64).reshape(count, self.m)
        hands = np.zeros((count, self.m), dtype=np.int64)
        caps = np.tile(np.array([self.caps[j] for j in self.constrained], dtype=np.int64), (count, 1))
        pool: list[Any] = []
        for i, (allowed, group) in enumerate(self.groups):
            u = len(group)
            bits = np.array([c.bit for c in group], dtype=np.int64)
            slots = [t for t, j in enumerate(self.constrained) if allowed >> j & 1]
            split = np.zeros((count, len(slots)), dtype=np.int64)
            r = rs.random_sample(count)
            if slots:
                code = caps @ (64 ** np.arange(caps.shape[1], dtype=np.int64))  # a row's caps as one number
                codes, first, which = np.unique(code, return_index=True, return_inverse=True)
                which = which.reshape(-1)
                for q in range(len(codes)):
                    shares, table = self._shares(i, tuple(int(x) for x in caps[first[q]]))
                    sel = which == q
                    at = np.searchsorted(shares, r[sel], side="right")
                    split[sel] = table[np.minimum(at, len(table) - 1)]
            order = np.argsort(rs.random_sample((count, u)), axis=1)
            ordered = bits[order]
            pos = np.arange(u)
            hi = np.zeros(count, dtype=np.int64)
            for col, t in enumerate(slots):
                lo, hi = hi, hi + split[:, col]
                taken = (pos >= lo[:, None]) & (pos < hi[:, None])
                hands[:, self.constrained[t]] |= np.where(taken, ordered, 0).sum(axis=1)
                caps[:, t] -= split[:, col]
            pool.append(np.where(pos >= hi[:, None], ordered, 0))
        if self.free:
            cards = np.concatenate(pool, axis=1)
            keys = rs.random_sample(cards.shape)
            keys[cards == 0] = 2.0  # not in the pool: last
            cards = np.take_along_axis(cards, np.argsort(keys, axis=1), axis=1)
            at = 0
            for j in self.free:
                hands[:, j] = cards[:, at:at + self.caps[j]].sum(axis=1)
                at += self.caps[j]
        return hands

    def _shares(self, i: int, caps: tuple[int, ...]) -> tuple[Any, Any]:
        """For group ``i`` with ``caps`` still open: each split's upper end as a share of the deals (ascending) and
        the splits, as numpy arrays (made once)."""
        got = self._arrays.get((i, caps))
        if got is None:
            import numpy as np

            total, cum, splits = self._memo[(i, caps)]
            got = self._arrays[(i, caps)] = (np.array([c / total for c in cum]), np.array(splits, dtype=np.int64))
        return got

    def all(self) -> Iterator[list[int]]:
        """Every deal that fits, once each (use when :meth:`count` is small)."""
        if not self.exact:
            raise SamplerError("too many deals to list: use sample()")
        caps0 = tuple(self.caps[j] for j in self.constrained)

        def rec(i: int, caps: tuple[int, ...], hands: list[int], pool: list[Card]) -> Iterator[list[int]]:
            if i == len(self.groups):
                yield from self._pool_splits(hands, pool)
                return
            allowed, group = self.groups[i]
            got = self._memo.get((i, caps))
            if got is None:
                return
            slots = [t for t, j in enumerate(self.constrained) if allowed >> j & 1]
            for split in got[2]:
                for parts in _choose_parts(group, split):
                    h = list(hands)
                    rest = list(caps)
                    for t, part in zip(slots, parts, strict=False):
                        h[self.constrained[t]] |= mask_of(part)
                        rest[t] -= len(part)
                    left = [c for c in group if not any(c in p for p in parts)]
                    yield from rec(i + 1, tuple(rest), h, pool + left)

        yield from rec(0, caps0, [0] * self.m, [])

    def _pool_splits(self, hands: list[int], pool: list[Card]) -> Iterator[list[int]]:
        def rec(t: int, h: list[int], left: list[Card]) -> Iterator[list[int]]:
            if t == len(self.free):
                yield h
                return
            j = self.free[t]
            for part in itertools.combinations(left, self.caps[j]):
                h2 = list(h)
                h2[j] |= mask_of(part)
                yield from rec(t + 1, h2, [c for c in left if c not in part])

        yield from rec(0, hands, pool)

    def _sequential(self, rng: random.Random) -> list[int]:
        """Most-constrained cards first, each to a random seat (weighted by room left) that keeps the
        rest feasible (checked by a max-flow over the card groups): valid, nearly uniform."""
        caps = list(self.caps)
        remaining = [list(g) for _, g in self.groups]
        for g in remaining:
            rng.shuffle(g)
        hands = [0] * self.m
        for gi, (allowed, _) in enumerate(self.groups):
            while remaining[gi]:
                c = remaining[gi].pop()
                options = [j for j in range(self.m) if allowed >> j & 1 and caps[j]]
                rng.shuffle(options)
                options.sort(key=lambda j: -caps[j] * rng.random())
                for j in options:
                    caps[j] -= 1
                    if _feasible([(a, len(r)) for (a, _), r in zip(self.groups, remaining, strict=True)], caps):
                        hands[j] |= c.bit
                        break
                    caps[j] += 1
                else:  # pragma: no cover - the flow check makes this impossible
                    raise SamplerError("sequential sampler lost feasibility")
        return hands


class _Budget(Exception):
    pass


def _compositions(u: int, limits: Sequence[int], pool: bool) -> Iterator[tuple[int, ...]]:
    """Ways to give ``k_t <= limits[t]`` of ``u`` cards to each slot, the rest to the pool (which must
    then exist)."""
    if not limits:
        if pool or u == 0:
            yield ()
        return

    def rec(t: int, left: int) -> Iterator[tuple[int, ...]]:
        if t == len(limits):
            if left == 0 or pool:
                yield ()
            return
        for k in range(min(left, limits[t]) + 1):
            for rest in rec(t + 1, left - k):
                yield (k, *rest)

    yield from rec(0, u)


def _choose_parts(group: Sequence[Card], split: Sequence[int]) -> Iterator[list[tuple[Card, ...]]]:
    if not split:
        yield []
        return
    for first in itertools.combinations(group, split[0]):
        rest = [c for c in group if c not in first]
        for more in _choose_parts(rest, split[1:]):
            yield [first, *more]


def _feasible(groups: Sequence[tuple[int, int]], caps: Sequence[int]) -> bool:
    """Can groups of (allowed seats, size) be dealt into seats with these capacities? (max-flow)"""
    need = sum(s for _, s in groups)
    if need != sum(caps):
        return False
    g = len(groups)
    m = len(caps)
    # residual graph: source 0, groups 1..g, seats g+1..g+m, sink g+m+1
    size = g + m + 2
    cap = [[0] * size for _ in range(size)]
    for i, (allowed, s) in enumerate(groups):
        cap[0][1 + i] = s
        for j in range(m):
            if allowed >> j & 1:
                cap[1 + i][1 + g + j] = s
    for j in range(m):
        cap[1 + g + j][size - 1] = caps[j]
    flow = 0
    while True:
        parent = [-1] * size
        parent[0] = 0
        queue = [0]
        for x in queue:
            for y in range(size):
                if parent[y] < 0 and cap[x][y] > 0:
                    parent[y] = x
                    queue.append(y)
        if parent[size - 1] < 0:
            break
        push = need
        y = size - 1
        while y:
            push = min(push, cap[parent[y]][y])
            y = parent[y]
        y = size - 1
        while y:
            cap[parent[y]][y] -= push
            cap[y][parent[y]] += push
            y = parent[y]
        flow += push
    return flow == need


__all__ = ["HandSampler", "SamplerError"]

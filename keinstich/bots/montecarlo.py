"""Perfect-information Monte Carlo: guess the hidden hands, play each card out, keep the best on average.

:class:`MonteCarloBot` is handed one seat's observation like every bot. For each decision it deals
the cards it has not seen to the other seats many times over (:class:`HandSampler`), each time
consistently with everything the seat has seen: the hand sizes, the suits a seat has shown it lacks,
what the must-trump duties reveal, passes in the lay-off deal, and in Herzblatt its own discards (a
defender's unseen cards include the two the soloist laid away). Every legal card (one per class of
equivalent cards) is then played out in every sampled deal by the heuristic bots, and the card with
the best average value for the seat's side is chosen. When few tricks remain the play-outs are
replaced by the exact solver (:mod:`keinstich.bots.solver`), and when the possible deals are few they are
all enumerated instead of sampled, so the bot is exact at the end of a deal.

In Herzblatt the value is the seat's stake from the settlement, not its side's card points
(:class:`StakeTable`): the step from 65 to 66 points is a whole game, a point beyond it is nothing.
Play-outs are scored by the settlement (the side's points only break ties); near the end the exact
search asks only which of the stake's steps the side reaches, a few null-window searches as in MTD(f)
(:func:`_exact_points`). Cards that fall clearly behind are dropped, and during the play-outs their
work goes to more deals for the close ones (:func:`_survivors`); when the exact search has settled
every card alike in each of half the sampled deals, the other half is skipped.

The sampler is exact and cannot loop: it counts the deals that fit the constraints by dynamic
programming over groups of interchangeable cards, then draws one uniformly; with very large
constraint sets it falls back to a sequential sampler that checks feasibility by a small max-flow.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeAlias

from keinstich.bots.heuristic import (
    BaseBot,
    BotError,
    Choice,
    Decision,
    Objective,
    _check_turn,
    best_discards,
    domino_exclusions,
    domino_points,
    domino_value,
    domino_world,
    exclusions,
    herzblatt_heuristic_card,
    herzblatt_view,
    heuristic_playout,
    in_play_mask,
    may_pass,
    objective,
    tables,
)
from keinstich.bots.solver import _Game, solve_domino
from keinstich.cards import SUIT_MASKS, Card, Pack, cards_of, mask_of
from keinstich.games.herzblatt import (
    CARD_POINTS,
    SKAT,
    TOTAL_POINTS,
    Announcement,
    HerzblattDeal,
    HerzblattObservation,
    HerzblattRules,
    card_points,
    settle,
)
from keinstich.layoff import DominoDeal, DominoObservation
from keinstich.tricks import Observation, TrickDeal

DEFAULT_SAMPLES = 160
"""Deals sampled per decision by default: at most about 0.3 s per move on a 2-core machine (4 players, 32 cards)."""


class SamplerError(ValueError):
    """Constraints no deal can satisfy (the observation contradicts itself)."""


# --- the constrained sampler ----------------------------------------------------------------------


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


# --- what a seat may assume -----------------------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about the hidden cards of a trick deal.

    ``unseen``: the cards it has not seen (in other hands, or out of play); ``sizes``: every hand's
    size; ``excluded``: per seat, cards it cannot hold; ``out``: how many unseen cards are out of play
    (Herzblatt: the soloist's discards, seen by a defender as unseen cards nobody holds).
    """

    seat: int
    unseen: int
    sizes: tuple[int, ...]
    excluded: tuple[int, ...]
    out: int

    def sampler(self, budget: int = 60_000) -> HandSampler:
        """A sampler over the other hands (and, if any, the cards out of play, as one more "seat")."""
        others = [s for s in range(len(self.sizes)) if s != self.seat]
        caps = [self.sizes[s] for s in others] + ([self.out] if self.out else [])
        excl = [self.excluded[s] for s in others] + ([0] if self.out else [])
        return HandSampler(self.unseen, caps, excl, budget=budget)

    def hands(self, drawn: Sequence[int], own: int) -> list[int]:
        """The full hands of a sampled deal (own hand included) from a sampler's draw."""
        out = []
        i = 0
        for s in range(len(self.sizes)):
            if s == self.seat:
                out.append(own)
            else:
                out.append(drawn[i])
                i += 1
        return out


def trick_knowledge(obs: Observation, in_play: int, *, discards: int = 0) -> Knowledge:
    """The :class:`Knowledge` of a trick observation, given the cards in play (``discards``: cards
    out of play the seat knows, such as a soloist's own)."""
    seen = mask_of(obs.hand) | obs.played_mask | discards
    unseen = in_play & ~seen
    excl = exclusions(obs)
    others = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat)
    out = unseen.bit_count() - others
    if out < 0:
        raise BotError(f"seat {obs.seat} sees fewer unseen cards ({unseen.bit_count()}) than the other hands "
                       f"hold ({others}): the pack in play is wrong")
    return Knowledge(obs.seat, unseen, tuple(obs.hand_sizes), tuple(excl), out)


def world(obs: Observation, hands: Sequence[int]) -> TrickDeal:
    """The trick deal of the observation with these (current) hands: the observed plays replayed."""
    played = [0] * obs.players
    for s, c in obs.played:
        played[s] |= c.bit
    dealt = [cards_of(hands[s] | played[s]) for s in range(obs.players)]
    if obs.tricks:
        leader = obs.tricks[0].leader
    elif obs.trick:
        leader = obs.trick[0][0]
    else:
        assert obs.turn is not None
        leader = obs.turn
    deal = TrickDeal(dealt, obs.contract, leader=leader, rules=obs.rules)
    for s, c in obs.played:
        deal.play(c, s)
    return deal


def candidates(obs: Observation, in_play: int) -> list[tuple[Card, tuple[Card, ...]]]:
    """The legal cards, one per class of cards that are equivalent from this seat's view: same suit,
    next to each other in rank among the cards not yet played (in any hand or this trick), and costing
    the same. Lowest first, each with its class."""
    gone = mask_of(c for t in obs.tricks for c in t.cards)
    alive = in_play & ~gone
    legal = mask_of(obs.legal)
    total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
    tb = tables(obs.contract, obs.rules, total)
    st = tb.strength
    out: list[tuple[Card, tuple[Card, ...]]] = []
    for s in range(4):
        run: list[Card] = []
        for c in sorted(cards_of(alive & SUIT_MASKS[s]), key=lambda x: st[x.index]):
            if legal & c.bit and run and tb.cost[run[-1].index] == tb.cost[c.index]:
                run.append(c)
                continue
            if run:
                out.append((run[0], tuple(run)))
            run = [c] if legal & c.bit else []
        if run:
            out.append((run[0], tuple(run)))
    return out


# --- Herzblatt: playing for the stake ---------------------------------------------------------------

PlayFor: TypeAlias = Literal["stake", "points"]

_MAX_DISCARD = 2 * max(CARD_POINTS.values())
"""The most card points two discards can hold: a soloist who takes no trick ends with at most this."""

TIE_BREAK = 0.001
"""In play-outs, each card point of the side adds this many stake units (per defender) to a card's value,
so that among cards whose play-outs settle the same, the one that makes more points is preferred."""


@dataclass(frozen=True)
class StakeTable:
    """One seat's stake from the settlement for every way a Herzblatt deal can end.

    The settlement (RULES.md §4.5, §4.6) depends on the soloist's final card points (discards
    included) and, for schwarz and Muhr's "du", on whether he took no trick, some, or every trick:
    ``stakes[k][p]`` is the seat's stake (its entry of ``Settlement.stakes``) when the soloist ends
    with ``p`` points having taken no trick (``k = 0``), some (1) or every trick (2); ``wins[k][p]``
    whether the seat's side wins then. Built from :func:`~keinstich.games.herzblatt.settle`, the one place
    the rules live. ``unit``: what one result moves the seat's stake per defender's stake (``players
    - 1`` for the soloist, 1 for a defender), the scale of :data:`TIE_BREAK`.
    """

    soloist_side: bool
    stakes: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    wins: tuple[tuple[bool, ...], tuple[bool, ...], tuple[bool, ...]]
    unit: int

    @property
    def some(self) -> tuple[int, ...]:
        """The stakes by the soloist's points when he took some but not all tricks."""
        return self.stakes[1]

    @staticmethod
    def kind(tricks: int, total: int) -> int:
        """0, 1 or 2: the soloist took no trick, some, or every trick."""
        return 0 if tricks == 0 else 2 if tricks == total else 1

    def stake(self, points: int, tricks: int, total: int) -> int:
        """The seat's stake when the soloist ends with ``points`` and ``tricks`` of ``total`` tricks."""
        return self.stakes[self.kind(tricks, total)][points]

    def rollout_value(self, points: int, tricks: int, total: int) -> float:
        """A play-out's value for the seat: the stake, and :data:`TIE_BREAK` per card point of its side."""
        side_points = points if self.soloist_side else TOTAL_POINTS - points
        return self.stake(points, tricks, total) + TIE_BREAK * self.unit * side_points

    def tricks_matter(self, soloist_tricks: int, tricks_done: int) -> bool:
        """Whether, after ``tricks_done`` tricks of which the soloist took ``soloist_tricks``, the count of
        tricks can still change the stake beyond what the points say: he may still take every trick
        (which matters for "du") or none (which matters when the schneider threshold is below
        :data:`_MAX_DISCARD`). Otherwise the stake is a non-decreasing function of the side's points."""
        none, some, every = self.stakes
        if soloist_tricks == tricks_done and every[TOTAL_POINTS] != some[TOTAL_POINTS]:
            return True
        return soloist_tricks == 0 and any(none[p] != some[p] for p in range(_MAX_DISCARD + 1))


@lru_cache(maxsize=256)
def stake_table(rules: HerzblattRules, seat: int, soloist: int, total: int, announcement: Announcement | None = None,
                contra: bool = False, re: bool = False) -> StakeTable:
    """The :class:`StakeTable` of ``seat`` in a deal of ``total`` tricks with this soloist and these calls."""
    is_soloist = seat == soloist
    stakes: list[tuple[int, ...]] = []
    wins: list[tuple[bool, ...]] = []
    for tricks in (0, 1 if total > 1 else total, total):
        rows = [settle(rules, soloist, p, tricks, total, announcement=announcement, contra=contra, re=re)
                for p in range(TOTAL_POINTS + 1)]
        stakes.append(tuple(r.stakes[seat] for r in rows))
        wins.append(tuple(bool(r.won) == is_soloist for r in rows))
    return StakeTable(is_soloist, (stakes[0], stakes[1], stakes[2]), (wins[0], wins[1], wins[2]),
                      rules.players - 1 if is_soloist else 1)


def _ladder(table: StakeTable, soloist_side: bool, start: int, left: int) -> tuple[list[int], list[int]]:
    """For an exact search of the side's future points ``v`` (0 to ``left``): the soloist's final points
    as a function of ``v`` is ``start + v`` (the soloist's side; ``start``: his points so far) or
    ``TOTAL_POINTS - start - v`` (the defenders'; ``start``: theirs). Returns the thresholds of ``v``
    at which the seat's stake changes, ascending, and the soloist's points at each step (the first
    for ``v = 0``): the stake only needs ``v`` up to these steps."""
    def final(v: int) -> int:
        return start + v if soloist_side else TOTAL_POINTS - start - v

    some = table.some
    steps = [t for t in range(1, left + 1) if some[final(t)] != some[final(t - 1)]]
    return steps, [final(0)] + [final(t) for t in steps]


def _exact_points(game: _Game, deal: TrickDeal, c: Card, ladder: tuple[list[int], list[int]],
                  guess: int | None = None) -> int:
    """The soloist's final points after ``c``, under best play by both sides, up to the steps of the stake.

    Null-window searches (as MTD(f) does) find how many of the steps the side's future points reach:
    first the two around ``guess`` (a step count, typically the one this card reached in the previous
    deal: one search settles it when it was the top or the bottom), then a binary search over the rest.
    Points between two steps settle the same, so they are not told apart."""
    steps, finals = ladder
    lo, hi = 0, len(steps)  # the number of steps reached lies in [lo, hi]

    def reaches(i: int) -> bool:
        t = steps[i]
        return game.after(deal, c, t - 1, t) >= t

    if guess is not None:
        g = min(max(guess, 0), hi)
        if g < hi:
            if reaches(g):
                lo = g + 1
            else:
                hi = g
        if lo <= g - 1 < hi:
            if reaches(g - 1):
                lo = g
            else:
                hi = g - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if reaches(mid):
            lo = mid + 1
        else:
            hi = mid
    return finals[lo]


PRUNE_DEALS = 4
"""When Herzblatt cards are played out, the most deals one decision may sample, in multiples of ``samples``
(the play-outs stay within ``samples`` times the number of cards: see :func:`_survivors`)."""

PRUNE_Z = 3.0
"""A card is dropped when it trails the best by more than this many standard errors (over the same deals)."""


def _survivors(values: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The cards still worth playing out: those whose values, deal by deal, do not trail the best card's
    by more than :data:`PRUNE_Z` standard errors of the mean difference."""
    best = max(alive, key=lambda i: sum(values[i]))
    bv = values[best]
    w = len(bv)
    keep = []
    for i in alive:
        if i == best:
            keep.append(i)
            continue
        diffs = [b - x for b, x in zip(bv, values[i], strict=True)]
        mean = sum(diffs) / w
        var = sum((x - mean) ** 2 for x in diffs) / (w - 1) if w > 1 else 0.0
        if mean <= 0 or mean * mean * w <= PRUNE_Z * PRUNE_Z * var:
            keep.append(i)
    return keep


# --- the bot --------------------------------------------------------------------------------------


class MonteCarloBot(BaseBot):
    """Perfect-information Monte Carlo: sample the hidden hands, play each card out, keep the best.

    ``samples``: deals sampled per decision (its strength; in Herzblatt's play-outs the work of
    ``samples`` deals for every card, shared out among the cards still in the running, see
    :data:`PRUNE_DEALS`); ``time_limit``: seconds per decision
    (stops sampling early; None = no limit, which keeps the bot deterministic for its seed);
    ``exact_tricks``: with this many tricks left (or fewer) each sampled deal is solved exactly
    instead of played out by the heuristic bots; ``enumerate_below``: when no more deals than this fit
    what the seat has seen, every one of them is used instead of a sample. ``pack``: the pack in play
    when it cannot be told from the observation. ``play_for``: in Herzblatt's card play, ``"stake"``
    (default) values each card by the settlement its side can expect (RULES.md §4.5, §4.6: reaching
    66, schneider, the stakes), ``"points"`` by the side's card points alone (for comparison: the
    extra point that reaches 66 is worth far more than one beyond it).
    """

    name = "montecarlo"

    def __init__(self, seed: int | str | random.Random | None = None, *, samples: int = DEFAULT_SAMPLES,
                 time_limit: float | None = None, exact_tricks: int = 3, enumerate_below: int | None = None,
                 pack: Pack | str | None = None, play_for: PlayFor = "stake") -> None:
        super().__init__(seed, pack=pack)
        if samples < 1:
            raise ValueError(f"samples must be 1 or more, not {samples}")
        if play_for not in ("stake", "points"):
            raise ValueError(f"play_for must be 'stake' or 'points', not {play_for!r}")
        self.play_for: PlayFor = play_for
        self.samples = samples
        self.time_limit = time_limit
        self.exact_tricks = exact_tricks
        self.enumerate_below = samples if enumerate_below is None else enumerate_below

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples}, time_limit={self.time_limit})"

    def _draws(self, sampler: HandSampler) -> Iterator[list[int]]:
        for _ in range(self.samples):
            yield sampler.sample(self.rng)

    # trick deals -------------------------------------------------------------------------------------

    def explain_trick(self, obs: Observation) -> Choice:
        return self._trick(obs, in_play_mask(obs, self.pack), objective(obs), 0, None)

    def herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        t, _, _, _ = herzblatt_view(obs)
        if self.play_for == "points" or obs.soloist is None:
            return self._trick(t, obs.rules.pack.mask, objective(obs), mask_of(obs.discards), obs.soloist)
        return self._stake_card(obs)

    def _trick(self, obs: Observation, in_play: int, obj: Objective, discards: int,
               soloist: int | None) -> Choice:
        _check_turn(obs)
        if len(obs.legal) == 1:
            return Choice(obs.legal[0], f"{obs.legal[0].text} is the only card you may play")
        cands = candidates(obs, in_play)
        if len(cands) == 1:
            c, same = cands[0]
            return Choice(c, f"{c.text}: every legal card ({', '.join(x.text for x in same)}) plays the same")
        know = trick_knowledge(obs, in_play, discards=discards)
        sampler = know.sampler()
        own = mask_of(obs.hand)
        left = len(obs.hand)
        exact = left <= self.exact_tricks
        n_worlds = sampler.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        draws = sampler.all() if listing else self._draws(sampler)
        totals = [0.0] * len(cands)
        count = 0
        t0 = time.perf_counter()
        for drawn in draws:
            deal = world(obs, know.hands(drawn, own))
            if exact:
                game = _Game(deal, obj.side, obj.sign)
                for i, (c, _) in enumerate(cands):
                    totals[i] += game.after(deal, c)
            else:
                for i, (c, _) in enumerate(cands):
                    d = deal.copy()
                    d.play(c)
                    totals[i] += obj.value(heuristic_playout(d, soloist))
            count += 1
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
        means = [t / count for t in totals]
        order = sorted(range(len(cands)), key=lambda i: (-means[i], cands[i][0].index))
        best, second = order[0], order[1]
        c = cands[best][0]
        unit = "points" if obj.sign > 0 else "pf"
        how = (f"all {count} deals that fit what you have seen" if listing else f"{count} sampled deals")
        method = "solved exactly" if exact else "played out"
        if exact:
            # the solver values the future only; the scores so far are the same for every card
            shown_best, shown_second = means[best], means[second]
            text = (f"{c.text}: over {how}, {method}, it is worth {shown_best - shown_second:+.1f} {unit} "
                    f"against the next best, {cands[second][0].text}")
        else:
            sb, ss = obj.sign * means[best] + 0.0, obj.sign * means[second] + 0.0
            sb, ss = (0.0 if sb == 0 else sb), (0.0 if ss == 0 else ss)
            who = "you pay" if obj.sign < 0 else ("your side makes" if len(obj.side) > 1 else "you make")
            text = (f"{c.text}: over {how}, {method}, {who} {sb:.1f} {unit} on average "
                    f"({cands[second][0].text}: {ss:.1f})")
        return Choice(c, text)

    # Herzblatt's card play, for the stake ------------------------------------------------------------

    def _stake_card(self, obs: HerzblattObservation) -> Choice:
        """A Herzblatt card valued by the settlement: each sampled deal is played out (or, near the end,
        solved) and scored by the seat's stake (:class:`StakeTable`), not by card points."""
        t = obs.trick
        soloist = obs.soloist
        assert t is not None and soloist is not None
        _check_turn(t)
        if len(t.legal) == 1:
            return Choice(t.legal[0], f"{t.legal[0].text} is the only card you may play")
        in_play = obs.rules.pack.mask
        cands = candidates(t, in_play)
        if len(cands) == 1:
            c, same = cands[0]
            return Choice(c, f"{c.text}: every legal card ({', '.join(x.text for x in same)}) plays the same")
        n = t.players
        total = (sum(t.hand_sizes) + len(t.played)) // n
        table = stake_table(obs.rules, obs.seat, soloist, total, obs.announcement, obs.contra_by is not None, obs.re)
        is_soloist = obs.seat == soloist
        side = objective(obs).side
        own_discards = mask_of(obs.discards)
        know = trick_knowledge(t, in_play, discards=own_discards)
        sampler = know.sampler()
        own = mask_of(t.hand)
        done = len(t.tricks)
        sol_tricks = sum(1 for tr in t.tricks if tr.winner == soloist)
        exact = len(t.hand) <= self.exact_tricks and not table.tricks_matter(sol_tricks, done)
        past = t.contract.score(t.tricks, n, total) if t.contract is not None else (0,) * n
        finished = sum(past)
        side_past = sum(past[s] for s in side)
        n_worlds = sampler.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        # a card that falls clearly behind is dropped; when playing out, its share of the play-outs goes
        # to more deals for the others: the same work, less noise where the choice is close
        extend = not listing and not exact
        budget = self.samples * len(cands)
        draws: Iterator[list[int]] = sampler.all() if listing else (
            sampler.sample(self.rng) for _ in range(PRUNE_DEALS * self.samples if extend else self.samples))
        k_cands = len(cands)
        values: list[list[float]] = [[] for _ in range(k_cands)]
        stakes = [0.0] * k_cands
        wins = [0] * k_cands
        alive = list(range(k_cands))
        games: dict[int, _Game] = {}
        ladders: dict[tuple[int, int], tuple[list[int], list[int]]] = {}  # by (start, left)
        count = 0
        used = 0
        every = max(8, self.samples // 4)
        t0 = time.perf_counter()
        for drawn in draws:
            out = drawn[-1] if know.out else 0
            banked = card_points(cards_of(own_discards if is_soloist else out))
            deal = world(t, know.hands(drawn, own))
            if exact:
                key = in_play & ~(own_discards | out)
                game = games.get(key)
                if game is None:
                    game = games[key] = _Game(deal, side, 1)
                start = side_past + (banked if is_soloist else 0)
                left = TOTAL_POINTS - finished - banked
                ladder = ladders.get((start, left))
                if ladder is None:
                    ladder = ladders[(start, left)] = _ladder(table, is_soloist, start, left)
                for i in alive:
                    # guess: as many steps as the stake this card had in the previous deal needs
                    prev = values[i][-1] if values[i] else None
                    guess = next((j for j, f in enumerate(ladder[1]) if table.some[f] == prev), None)
                    p = _exact_points(game, deal, cands[i][0], ladder, guess)
                    st = table.some[p]
                    values[i].append(st)
                    stakes[i] += st
                    wins[i] += table.wins[1][p]
            else:
                for i in alive:
                    d = deal.copy()
                    d.play(cands[i][0])
                    scores = heuristic_playout(d, soloist)
                    p = scores[soloist] + banked
                    tricks = d.tricks_won()[soloist]
                    k = table.kind(tricks, total)
                    stakes[i] += table.stakes[k][p]
                    values[i].append(table.rollout_value(p, tricks, total))
                    wins[i] += table.wins[k][p]
            count += 1
            used += len(alive)
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
            if listing:
                continue
            if exact and count == self.samples // 2 and all(values[i] == values[alive[0]] for i in alive):
                break  # every card settled alike in each of half the deals: the rest would hardly differ
            if used + len(alive) > budget:
                break
            if count % every == 0:
                alive = _survivors(values, alive)
                if len(alive) == 1:
                    break
        # cards that settle the same in every deal are told apart by the heuristic's choice (often the
        # case near the end, where the exact search does not count points beyond the stake's steps)
        usual = herzblatt_heuristic_card(obs).card
        means = [sum(v) / len(v) for v in values]
        order = sorted(range(k_cands), key=lambda i: (i not in alive, -means[i], usual not in cands[i][1],
                                                      cands[i][0].index))
        best, second = order[0], order[1]
        c = cands[best][0]
        how = f"all {count} deals that fit what you have seen" if listing else f"{count} sampled deals"
        method = "solved exactly" if exact else "played out"
        who = "you win" if is_soloist else "your side wins"
        n_best, n_second = len(values[best]), len(values[second])
        return Choice(c, f"{c.text}: over {how}, {method}, {who} {wins[best] / n_best:.0%} of them and your stake "
                         f"is {stakes[best] / n_best:+.2f} on average ({cands[second][0].text}: "
                         f"{stakes[second] / n_second:+.2f})")

    # Herzblatt's solo decision ------------------------------------------------------------------------

    def herzblatt_decide(self, obs: HerzblattObservation) -> Decision:
        """Asked whether to play: simulate the solo over sampled hands and skats (heuristic discards and
        play all round) and play when the average stake is positive. Other phases: the heuristic."""
        if obs.phase != "asking":
            return super().herzblatt_decide(obs)
        rules = obs.rules
        n = obs.players
        others = [s for s in range(n) if s != obs.seat]
        own = mask_of(obs.hand)
        unseen = rules.pack.mask & ~own
        size = len(obs.hand)
        sampler = HandSampler(unseen, [size] * (n - 1) + [SKAT], [0] * n)
        total = 0.0
        wins = 0
        count = max(8, self.samples // 4)
        for _ in range(count):
            drawn = sampler.sample(self.rng)
            hands: list[tuple[Card, ...]] = [()] * n
            hands[obs.seat] = obs.hand
            for s, h in zip(others, drawn, strict=False):
                hands[s] = cards_of(h)
            deal = HerzblattDeal(hands, cards_of(drawn[-1]), rules, dealer=obs.dealer)
            for seat, said in obs.answers:
                deal.ask(said, seat)
            deal.ask(True, obs.seat)
            pair, _ = best_discards(deal.hand(obs.seat))
            deal.discard(*pair)
            td = deal.trick_deal
            assert td is not None
            scores = heuristic_playout(td, obs.seat)
            points = scores[obs.seat] + card_points(pair)
            st = settle(rules, obs.seat, points, td.tricks_won()[obs.seat], td.total_tricks)
            total += st.stakes[obs.seat]
            wins += bool(st.won)
        mean = total / count
        verdict = mean > 0
        return Decision(verdict, f"{'play' if verdict else 'pass'}: in {count} simulated solos with this hand the "
                                 f"soloist won {wins} and averaged {mean:+.2f} stakes")

    # the lay-off deal --------------------------------------------------------------------------------

    def explain_domino(self, obs: DominoObservation) -> Choice:
        moves: list[Card | None] = list(obs.legal) + ([None] if may_pass(obs) else [])
        if not moves:
            raise BotError(f"seat {obs.seat} has no legal move")
        if len(moves) == 1:
            m = moves[0]
            return Choice(m, "no card fits the layout: pass" if m is None else f"{m.text} is the only card that fits")
        n = obs.players
        others = [s for s in range(n) if s != obs.seat]
        excl = domino_exclusions(obs)
        sampler = HandSampler(mask_of(obs.unseen), [obs.hand_sizes[s] for s in others], [excl[s] for s in others])
        points = domino_points(obs)
        n_worlds = sampler.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        draws = sampler.all() if listing else self._draws(sampler)
        exact = len(obs.hand) + sum(obs.hand_sizes) <= 3 * self.exact_tricks + 6
        totals = [0.0] * len(moves)
        count = 0
        t0 = time.perf_counter()
        for drawn in draws:
            hidden = [0] * n
            for s, h in zip(others, drawn, strict=True):
                hidden[s] = h
            base = domino_world(obs, hidden)
            for i, m in enumerate(moves):
                d = base.copy()
                d.play(m)
                totals[i] += self._domino_value(d, obs.seat, points, exact) - (
                    obs.rules.pass_fee if m is None else 0)
            count += 1
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
        means = [t / count for t in totals]
        order = sorted(range(len(moves)), key=lambda i: (-means[i], _index(moves[i])))
        best = moves[order[0]]
        how = f"all {count} deals that fit" if listing else f"{count} sampled deals"
        label = "pass" if best is None else best.text
        return Choice(best, f"{label}: over {how}, it gives the best average result ({means[order[0]]:.1f})")

    def _domino_value(self, d: DominoDeal, seat: int, points: tuple[int, ...] | None, exact: bool) -> float:
        """The seat's place value less the pass fees still to come, after the move just made."""
        fees_now = d.fees()[seat]
        if d.is_over:
            return domino_value(points, d.finish_order, seat)
        if exact:
            return solve_domino(d, seat, line=False).value + fees_now
        sim = d.copy()
        sim.playout(self.rng)
        return domino_value(points, sim.finish_order, seat) - (sim.fees()[seat] - fees_now)


def _index(m: Card | None) -> int:
    return -1 if m is None else m.index


__all__ = ["DEFAULT_SAMPLES", "HandSampler", "Knowledge", "MonteCarloBot", "PlayFor", "SamplerError", "StakeTable",
           "candidates", "stake_table", "trick_knowledge", "world"]

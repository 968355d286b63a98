"""Many random deals at once: uniformly random legal play, vectorised over deals with NumPy.

Simulations of random play ("what does a contract cost when nobody thinks?") need hundreds of
thousands of deals. :func:`random_deals` plays them all at once: each move is a handful of NumPy
operations over every deal in the batch, instead of a Python loop per card. It plays the same rules
as :class:`~keinstich.tricks.TrickDeal` without trumps, the [VAR] lead/discard duties or an early end
(``stop_when_decided``), and scores
with the contract's own data; :meth:`RandomDeals.deal` replays any one of them through the trick
machine, which is how the tests check every move and every score.

Randomness is counter-based (SplitMix64 of the deal's key and the move number), so deal ``i`` of a
seed is the same whatever the batch size or the batch it falls in: ``random_deals(c, p, n, seed=s,
start=k)`` is rows ``k`` to ``k+n-1`` of any longer batch of that seed. These deals are not the deals
of :meth:`TrickDeal.from_seed` for the same seed (that one is a Python shuffle per deal).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from keinstich.cards import ALL_CARDS, SUIT_MASKS, Pack, pack, strength_table
from keinstich.contracts import Contract
from keinstich.deal import check_seat
from keinstich.limits import check_seed, check_whole, quoted
from keinstich.tricks import TrickDeal, forehand

U64 = np.uint64
_M1, _M2, _GOLDEN = U64(0xBF58476D1CE4E5B9), U64(0x94D049BB133111EB), U64(0x9E3779B97F4A7C15)

IntArray = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


class BatchError(ValueError):
    """A batch that the vectorised player cannot play (trumps, lead or discard duties, odd sizes)."""


def _mix(x: U64Array) -> U64Array:
    """SplitMix64's finaliser: a bijective scramble of 64-bit words (wrapping arithmetic)."""
    x = (x ^ (x >> U64(30))) * _M1
    x = (x ^ (x >> U64(27))) * _M2
    return x ^ (x >> U64(31))


def _seed_key(seed: int | str) -> int:
    return int.from_bytes(hashlib.blake2b(f"batch:{seed}".encode(), digest_size=8).digest(), "little")


@dataclass(frozen=True)
class RandomDeals:
    """The outcome of :func:`random_deals`; arrays have one row per deal.

    ``hands``: each seat's dealt cards as a bit mask (bit ``card.index``); ``cards`` and ``seats``: the
    card index and seat of every play in order; ``winners``: each trick's winner; ``scores``: the
    contract's score per seat; ``tricks``: tricks won per seat.
    """

    contract: Contract
    pack: Pack
    players: int
    leader: int
    hands: U64Array
    cards: IntArray
    seats: IntArray
    winners: IntArray
    scores: IntArray
    tricks: IntArray

    def __len__(self) -> int:
        return int(self.scores.shape[0])

    def deal(self, i: int) -> TrickDeal:
        """Deal ``i`` replayed card by card through the trick machine (refuses any illegal card)."""
        hands = [[c for c in ALL_CARDS if int(self.hands[i, s]) >> c.index & 1] for s in range(self.players)]
        d = TrickDeal(hands, self.contract, leader=self.leader)
        for seat, idx in zip(self.seats[i], self.cards[i], strict=True):
            d.play(ALL_CARDS[int(idx)], int(seat))
        return d


BLOCK = 8192  # deals per vectorised pass: large enough to amortise Python, small enough for the CPU cache


def random_deals(contract: Contract, p: Pack | str, players: int, deals: int, *, seed: int | str = 0,
                 start: int = 0, dealer: int | None = None) -> RandomDeals:
    """Deal and play ``deals`` deals of ``contract`` with uniformly random legal cards, all at once.

    ``dealer`` defaults to the last seat, as in :meth:`TrickDeal.from_seed` (seat 0 leads).
    """
    if not hasattr(contract, "march_scores"):  # a Kein Stich trick contract: what the batch player scores
        raise BatchError(f"contract must be a trick contract such as NO_HEARTS (from keinstich.contracts), "
                         f"not {quoted(contract)}")
    check_whole("players", players, 2, error=BatchError)
    check_whole("deals", deals, 1, error=BatchError)
    check_whole("start", start, 0, error=BatchError)
    check_seed(seed)
    if dealer is not None:
        check_seat(dealer, players, BatchError, "dealer")
    parts = [_block(contract, p, players, min(BLOCK, deals - i), seed, start + i, dealer)
             for i in range(0, max(deals, 1), BLOCK)]
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    return RandomDeals(contract, first.pack, players, first.leader,
                       *(np.concatenate([getattr(x, f) for x in parts])
                         for f in ("hands", "cards", "seats", "winners", "scores", "tricks")))


def _block(contract: Contract, p: Pack | str, players: int, deals: int, seed: int | str, start: int,
           dealer: int | None) -> RandomDeals:
    p = pack(p)
    rules = contract.rules
    if rules.trump is not None or rules.no_lead is not None or rules.forced_discard is not None:
        raise BatchError(f"{contract.id}: the batch player knows no trumps, lead bans or forced discards; "
                         "play such deals with TrickDeal.playout")
    if rules.stop_when_decided:
        raise BatchError(f"{contract.id}: the batch player plays every trick and cannot end a deal early "
                         "(stop_when_decided); play such deals with TrickDeal.playout")
    hand = p.hand_size(players)
    d = players - 1 if dealer is None else dealer
    leader = forehand(d, players)
    n, total = deals, hand
    keys = _mix(np.arange(start, start + n, dtype=U64) * _GOLDEN + U64(_seed_key(seed)))

    # deal: random sort keys per card (distinct with overwhelming odds; ties broken by position)
    idx = np.array([c.index for c in p.cards], dtype=np.int64)
    sort_keys = _mix(keys[:, None] ^ (np.arange(1, len(idx) + 1, dtype=U64)[None, :] * _GOLDEN))
    order = idx[np.argsort(sort_keys, axis=1, kind="stable")]
    bits = np.left_shift(U64(1), order.astype(U64))
    hands = np.bitwise_or.reduce(bits.reshape(n, players, hand), axis=2)
    dealt = hands.copy()

    strength = np.array(strength_table(rules.order), dtype=np.int64)
    suit_of = np.array([i // 13 for i in range(64)], dtype=np.int64)
    suit_mask = np.array(SUIT_MASKS, dtype=U64)
    value = np.zeros(64, dtype=np.int64)  # what capturing each card is worth, from the contract's PerCard data
    for mask, amount in contract._per_card:
        for c in ALL_CARDS:
            if mask >> c.index & 1:
                value[c.index] += amount
    for_trick = np.zeros(total + 1, dtype=np.int64)
    for comp in contract._for_trick:
        k = comp._index(total)
        if 1 <= k <= total:
            for_trick[k] += comp.amount

    rows = np.arange(n)
    lead_seat = np.full(n, leader, dtype=np.int64)
    cards = np.empty((n, total * players), dtype=np.int64)
    seats = np.empty((n, total * players), dtype=np.int64)
    winners = np.empty((n, total), dtype=np.int64)
    scores = np.zeros((n, players), dtype=np.int64)
    tricks = np.zeros((n, players), dtype=np.int64)
    one = U64(1)
    move = 0
    for t in range(total):
        trick_value = np.full(n, contract._per_trick + for_trick[t + 1], dtype=np.int64)
        best = lead_seat.copy()
        best_strength = np.zeros(n, dtype=np.int64)
        led = np.zeros(n, dtype=np.int64)
        for j in range(players):
            seat = (lead_seat + j) % players
            h = hands[rows, seat]
            if j == 0:
                legal = h
            else:
                follow = h & suit_mask[led]
                legal = np.where(follow != 0, follow, h)
            count = np.bitwise_count(legal).astype(U64)
            r = _mix(keys ^ U64((move + 1) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF))
            k = ((r >> U64(32)) * count) >> U64(32)  # uniform in 0..count-1
            for step in range(int(k.max()) if n else 0):  # drop the k lowest legal cards
                legal = np.where(k > U64(step), legal & (legal - one), legal)
            low = legal & (~legal + one)
            c = np.bitwise_count(low - one).astype(np.int64)
            hands[rows, seat] ^= low
            cards[:, move] = c
            seats[:, move] = seat
            trick_value += value[c]
            if j == 0:
                led = suit_of[c]
                best_strength = strength[c]
            else:
                beats = (suit_of[c] == led) & (strength[c] > best_strength)
                best = np.where(beats, seat, best)
                best_strength = np.where(beats, strength[c], best_strength)
            move += 1
        winners[:, t] = best
        scores[rows, best] += trick_value
        tricks[rows, best] += 1
        lead_seat = best
    if contract.march:
        for i in np.flatnonzero(tricks.max(axis=1) == total):
            marcher = int(np.argmax(tricks[i]))
            scores[i] = contract.march_scores(marcher, int(scores[i].sum()), players)
    return RandomDeals(contract, p, players, leader, dealt, cards, seats, winners, scores, tricks)


__all__ = ["BatchError", "RandomDeals", "random_deals"]

"""Seeded dealing: the same seed deals the same cards on every machine and Python version.

A pack is shuffled by a seed (:func:`shuffled`, a Fisher-Yates shuffle driven by a BLAKE2b digest) and
dealt one card at a time clockwise from seat 0 (:func:`deal_hands`; the trick machine's masks,
:func:`seeded_masks`); :func:`misdealt` says why hands typed in are not a whole deal of a pack.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from keinstich.cards import Card, CardCodeError, Pack, card, cards_of, pack
from keinstich.limits import check_seed


def shuffled(p: Pack | str, seed: int | str) -> list[Card]:
    """The pack shuffled by ``seed``: the same order on every machine and Python version.

    The shuffle is Fisher-Yates driven by one number read from the BLAKE2b-512 digest of
    ``keinstich-deal/1:<pack id>:<seed>``: log2(n!) + 64 bits of it, so the bias is below 2**-64.
    """
    p = pack(p)
    return _shuffle(list(p.cards), p.id, seed)


T = TypeVar("T")


def _shuffle(deck: list[T], pack_id: str, seed: int | str) -> list[T]:
    """``deck`` (a pack's cards in order, or their bits) shuffled in place by ``seed``, as :func:`shuffled`.

    The Fisher-Yates index for position ``i`` is the next digit of the digest's number in radix ``i + 1``;
    the digits are read a group at a time (:func:`_radix_groups`): the same digits, fewer big divisions."""
    check_seed(seed)
    n = len(deck)
    digest = hashlib.blake2b(f"keinstich-deal/1:{pack_id}:{seed}".encode()).digest()
    x = int.from_bytes(digest[:_ENTROPY_BYTES[n]], "big")
    i = n - 1
    for product, radices in _radix_groups(n):
        x, r = divmod(x, product)
        for k in radices:
            j = r % k
            r //= k
            deck[i], deck[j] = deck[j], deck[i]
            i -= 1
    return deck


@lru_cache(maxsize=64)
def _radix_groups(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices ``n, n - 1, … 2`` of a shuffle of ``n`` in runs whose product stays below 2**30."""
    groups: list[tuple[int, tuple[int, ...]]] = []
    run: list[int] = []
    product = 1
    for k in range(n, 1, -1):
        if product * k >= 1 << 30:
            groups.append((product, tuple(run)))
            run, product = [], 1
        run.append(k)
        product *= k
    if run:
        groups.append((product, tuple(run)))
    return tuple(groups)


_ENTROPY_BYTES = [min(64, int(math.lgamma(n + 1) / math.log(2) + 64) // 8 + 1) for n in range(53)]
"""Digest bytes a shuffle of n cards uses: log2(n!) bits plus 64 against bias (at most 64 bytes)."""


def seeded_masks(p: Pack | str, players: int, seed: int | str) -> list[int]:
    """The bitmask of each hand of :func:`deal_hands` (no skat): the trick machine's deal from a seed."""
    p = pack(p)
    bits = _shuffle(list(p.bits), p.id, seed)
    size = p.hand_size(players)
    end = players * size
    return [sum(bits[seat:end:players]) for seat in range(players)]


def deal_hands(p: Pack | str, players: int, seed: int | str, skat: int = 0) -> tuple[tuple[Card, ...], ...]:
    """Deal all cards one at a time clockwise from seat 0; the last ``skat`` cards are set aside.

    Returns the hands (seat 0 first, each in index order) followed by the skat if ``skat`` > 0.
    """
    p = pack(p)
    size = p.hand_size(players, skat)
    deck = shuffled(p, seed)
    hands = [cards_of(m) for m in deal_masks(deck, players, size)]
    if skat:
        hands.append(tuple(sorted(deck[players * size:])))
    return tuple(hands)


def misdealt(hands: Sequence[Sequence[Card | str]], p: Pack | str, players: int) -> str | None:
    """Why ``hands`` are not a whole deal of the pack ``p`` to ``players`` (one hand per seat, every card
    of the pack exactly once, the hands of equal size), or None when they are."""
    p = pack(p)
    size = p.hand_size(players)
    right = f"deal {players} hands of {size} cards, every card of the {p.id} pack once"
    if len(hands) != players:
        return f"{len(hands)} hands for {players} players: {right}"
    try:
        dealt = [tuple(card(c) for c in h) for h in hands]
    except CardCodeError as e:
        return str(e)
    every = [c for h in dealt for c in h]

    def listed(cs: Sequence[Card]) -> str:
        return ", ".join(c.code for c in cs[:6]) + (f" and {len(cs) - 6} more" if len(cs) > 6 else "")

    foreign = [c for c in every if c not in p]
    if foreign:
        verb = "is" if len(foreign) == 1 else "are"
        return f"the hands hold {listed(foreign)}, which {verb} not in the {p.id} pack: {right}"
    twice = sorted({c for c in every if every.count(c) > 1})
    if twice:
        return f"{listed(twice)} {'is' if len(twice) == 1 else 'are'} dealt twice: {right}"
    missing = [c for c in p.cards if c not in every]
    if missing:
        return f"{listed(missing)} of the {p.id} pack {'is' if len(missing) == 1 else 'are'} not dealt: {right}"
    sizes = [len(h) for h in dealt]
    if any(x != size for x in sizes):
        return f"the hands hold {sizes} cards: {right}"
    return None


def deal_masks(deck: Sequence[Card], players: int, size: int) -> list[int]:
    """The bitmask of each hand when ``deck`` is dealt one card at a time, ``size`` cards each."""
    bits = [c.bit for c in deck]
    return [sum(bits[seat:players * size:players]) for seat in range(players)]


__all__ = ["deal_hands", "deal_masks", "misdealt", "seeded_masks", "shuffled"]

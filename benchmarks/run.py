"""Engine speed figures (run by `make bench`); printed, not asserted.

Complete random 4-player 32-card No Tricks deals through the public API, on one core:
dealt from a seed, played to the end and scored. Two ways a user plays random deals:
- ``play()``: ask ``legal()`` and ``play()`` one card at a time (what widgets and bots do);
- ``playout()``: the rollout method Monte Carlo bots and simulations use.
Target (issue 2): 30,000 deals per second.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from keinstich.contracts import NO_TRICKS
from keinstich.tricks import TrickDeal

TARGET = 30_000


def card_by_card(n: int, seed: int = 1) -> float:
    rnd = random.Random(seed).random
    t0 = time.perf_counter()
    for i in range(n):
        deal = TrickDeal.from_seed("german-32", 4, i, NO_TRICKS)
        while not deal.is_over:
            legal = deal.legal()
            deal.play(legal[int(rnd() * len(legal))])
        deal.scores()
    return n / (time.perf_counter() - t0)


def rollouts(n: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for i in range(n):
        TrickDeal.from_seed("german-32", 4, i, NO_TRICKS).playout(rng)
    return n / (time.perf_counter() - t0)


def tight_loop(n: int, seed: int = 1, cards: int = 52) -> float:
    """The same random deals in a tight pure-Python loop on bitmasks, without the API (no Card objects,
    no checks): 4 players, no trumps, follow suit, a heart taken counts one. The ceiling of plain Python
    here, beside the C loop of benchmarks/c_loop.c."""
    per_suit = cards // 4
    suits = [((1 << per_suit) - 1) << (per_suit * s) for s in range(4)]
    hearts = suits[2]
    rng = random.Random(seed)
    rnd = rng.random
    bits = [1 << i for i in range(cards)]
    t0 = time.perf_counter()
    for _ in range(n):
        rng.shuffle(bits)
        hands = [sum(bits[seat::4]) for seat in range(4)]
        taken = [0, 0, 0, 0]
        leader = 0
        for _ in range(per_suit):
            on_table = 0
            led = best = 0
            winner = leader
            for k in range(4):
                seat = (leader + k) & 3
                hand = hands[seat]
                legal = (hand & led or hand) if k else hand
                pick = int(rnd() * legal.bit_count())
                while pick:
                    legal &= legal - 1
                    pick -= 1
                c = legal & -legal
                hands[seat] = hand ^ c
                on_table |= c
                if not k:
                    led = suits[(c.bit_length() - 1) // per_suit]
                    best = c
                elif c & led and c > best:
                    best, winner = c, seat
            taken[winner] += (on_table & hearts).bit_count()
            leader = winner
    return n / (time.perf_counter() - t0)


def best_of(fn, n: int, repeats: int) -> float:  # type: ignore[no-untyped-def]
    return max(fn(n) for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process, best of {args.repeats}")
    for name, fn in (("play() card by card", card_by_card), ("playout() rollouts", rollouts)):
        rate = best_of(fn, args.deals, args.repeats)
        verdict = "meets" if rate >= TARGET else "BELOW"
        print(f"  {name:22s} {rate:10,.0f} deals/s   ({verdict} the {TARGET:,} target)")


if __name__ == "__main__":
    main()

"""What the Monte Carlo player works with: a sampled deal rebuilt from an observation, the candidate
cards (one per class of equivalent cards), and the mean values it finds for them (which the coach,
:mod:`keinstich.coach`, reads as the fair judgement of a decision).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from keinstich.bots.tables import card_classes, tables
from keinstich.cards import SUIT_MASKS, Card, cards_of, mask_of
from keinstich.tricks import Observation, TrickDeal


def played_masks(obs: Observation) -> list[int]:
    """The cards each seat has played so far in the observed deal, a mask per seat."""
    played = [0] * obs.players
    for s, c in obs.played:
        played[s] |= c.bit
    return played


def first_leader(obs: Observation) -> int:
    """The seat that led the observed deal's first trick (the one to move, before any card)."""
    if obs.tricks:
        return obs.tricks[0].leader
    if obs.trick:
        return obs.trick[0][0]
    assert obs.turn is not None
    return obs.turn


def world(obs: Observation, hands: Sequence[int]) -> TrickDeal:
    """The trick deal of the observation with these (current) hands: the observed plays replayed."""
    played = played_masks(obs)
    dealt = [cards_of(hands[s] | played[s]) for s in range(obs.players)]
    deal = TrickDeal(dealt, obs.contract, leader=first_leader(obs), rules=obs.rules)
    for s, c in obs.played:
        deal.play(c, s)
    return deal


def candidates(obs: Observation, in_play: int, *, alike: bool = False) -> list[tuple[Card, tuple[Card, ...]]]:
    """The legal cards, one per class of cards that are equivalent from this seat's view: same suit,
    next to each other in rank among the cards not yet played (in any hand or this trick), and costing
    the same. Lowest first, each with its class.

    With ``alike`` a class holds only cards the heuristic's play-outs cannot tell apart either
    (:func:`played_alike`), so that one card played out stands exactly for every card of its class: the coach's
    judgement values a class by its first card's play-outs."""
    gone = mask_of(c for t in obs.tricks for c in t.cards)
    alive = in_play & ~gone
    legal = mask_of(obs.legal)
    total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
    tb = tables(obs.contract, obs.rules, total)
    st = tb.strength
    order = [[c.index for c in sorted(cards_of(alive & SUIT_MASKS[s]), key=lambda x: st[x.index])] for s in range(4)]
    classes = card_classes(order, alive, legal, tb.cost)
    if not alike:
        return classes
    from keinstich.bots.rollouts import kernel_rolls  # the kernel's play-outs are the ones read below

    kernel = kernel_rolls(obs)
    return [part for c, same in classes for part in played_alike(same, mask_of(obs.hand), st,
                                                                   trumps=obs.rules.trump is not None or not kernel)]


def played_alike(same: Sequence[Card], hand: int, st: Sequence[int], *,
                 trumps: bool) -> list[tuple[Card, tuple[Card, ...]]]:
    """A class of equivalent cards (``same``: one suit, next to each other among the live cards, weakest first,
    costing the same, all in ``hand``) cut into the runs that the heuristic's play-outs cannot tell apart, each
    with its first card.

    The play-outs compare a card with the other cards of its own suit by their places among the live cards (the
    same for every card of a class), but with the cards of the holder's other suits by strength (``st``): of two
    equally safe discards in different suits, the higher goes first (:func:`keinstich.kernel.heuristic.nt_pick`).
    So two neighbours of a class play out alike when no card of another suit in the hand is as strong as the one or
    the other, or between them. In a trump game (``trumps``; also a deal the kernel cannot play out, played by the
    bot itself) a card's price for the side grows with its strength (:func:`keinstich.kernel.heuristic.trump_pick`),
    so the cards of a class play out alike only when the hand holds nothing else."""
    if len(same) < 2:
        return [(same[0], tuple(same))]
    suit = same[0].suit
    others = [c for c in cards_of(hand & ~mask_of(same)) if trumps or c.suit != suit]
    if trumps:
        return [(same[0], tuple(same))] if not others else [(c, (c,)) for c in same]
    runs: list[list[Card]] = [[same[0]]]
    for a, b in itertools.pairwise(same):
        lo, hi = st[a.index], st[b.index]
        if any(lo <= st[y.index] <= hi for y in others):
            runs.append([b])
        else:
            runs[-1].append(b)
    return [(run[0], tuple(run)) for run in runs]


@dataclass(frozen=True)
class Means:
    """The mean value of each candidate over ``count`` deals (all that fit, when ``listing``), each
    played out or, when ``exact``, solved."""

    means: list[float]
    count: int
    listing: bool
    exact: bool
    deals: list[list[float]]
    """Each candidate's value in each deal, in the order the deals were made."""

    @property
    def how(self) -> str:
        return ("listed" if self.listing else "sampled") + (", solved" if self.exact else ", played out")


@dataclass(frozen=True)
class MoveValues:
    """Every legal move's mean value (higher is better) for the seat's side, the deals it is averaged
    over and how they were made ("sampled, played out", "listed, solved", "only" for a forced move)."""

    values: dict[Card | None, float]
    count: int
    how: str
    deals: dict[Card | None, list[float]]
    """Each move's value in each deal averaged over (the same deals for every move)."""


__all__ = ["Means", "MoveValues", "candidates", "played_alike", "world"]

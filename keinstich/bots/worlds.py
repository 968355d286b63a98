"""What the Monte Carlo player works with: a sampled deal rebuilt from an observation, the candidate
cards (one per class of equivalent cards), and the mean values it finds for them (which the coach,
:mod:`keinstich.coach`, reads as the fair judgement of a decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keinstich.bots.tables import card_classes, tables
from keinstich.cards import SUIT_MASKS, Card, cards_of, mask_of
from keinstich.tricks import Observation, TrickDeal


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
    order = [[c.index for c in sorted(cards_of(alive & SUIT_MASKS[s]), key=lambda x: st[x.index])] for s in range(4)]
    return card_classes(order, alive, legal, tb.cost)

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


__all__ = ["Means", "MoveValues", "candidates", "world"]

"""Playing one deal with bots, as :func:`~keinstich.bots.play_deal` would, by the fastest path that
makes the same moves.

In deals of tricks from first card to last (``deal.trick_deal is deal``) without trumps, a
:class:`~keinstich.bots.HeuristicBot`'s card is the kernel's (:func:`~keinstich.bots.heuristic.heuristic_plays`;
the whole deal at once by :func:`~keinstich.bots.heuristic_playout` when every seat is one), without
building observations, and a :class:`~keinstich.bots.RandomBot` draws its card from its own generator
exactly as it would from an observation. A Herzblatt deal of heuristic bots plays its cards as
:func:`~keinstich.bots.herzblatt.herzblatt_heuristic_cards` finds them in the kernel; among other bots a
heuristic seat's card is :func:`~keinstich.bots.herzblatt.herzblatt_deal_card`. In a lay-off deal a
heuristic bot's choice is worked out on the deal itself instead of a replay of what it observed, and a
random bot draws from the deal's moves. The tests check each against ``play_deal``; every other move is
made through the Deal interface as ``play_deal`` makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from keinstich.bots import Bot, HeuristicBot, RandomBot, heuristic_playout, play_deal
from keinstich.bots.domino import domino_heuristic, passing_allowed
from keinstich.bots.herzblatt import herzblatt_deal_card, herzblatt_heuristic_cards
from keinstich.bots.heuristic import heuristic_plays
from keinstich.bots.play import bot_move
from keinstich.cards import mask_of, pack
from keinstich.sim.bot_specs import SimulationError

if TYPE_CHECKING:
    from keinstich.deal import Deal
    from keinstich.tricks import TrickDeal


def play(deal: Deal, bots: Sequence[Bot]) -> None:
    """Finish ``deal`` with ``bots`` (one per seat), each seeing only its own seat's observation."""
    tricks = deal.trick_deal
    if tricks is deal:
        assert tricks is not None
        _play_tricks(tricks, bots)
        return
    kind = deal.observation(0).kind
    if kind == "lay-off":
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            if type(bots[seat]) is HeuristicBot:  # its choice, laid on the deal itself instead of a replay
                deal.play(domino_heuristic(cast(Any, deal.observation(seat)), cast(Any, deal)).card, seat)
            elif type(bots[seat]) is RandomBot:  # its draw from the deal's moves, without an observation
                d = cast(Any, deal)
                legal = d.legal()
                allowed = passing_allowed(d.can_pass(), bool(legal), d.plays, d.hand_sizes)
                deal.play(cast(RandomBot, bots[seat]).domino_draw(seat, legal, allowed)[0], seat)
            else:
                deal.play(bot_move(bots[seat], deal.observation(seat)), seat)
        return
    if kind == "herzblatt":
        _play_herzblatt(deal, bots)
        return
    play_deal(cast(Any, deal), bots)


def _play_herzblatt(deal: Deal, bots: Sequence[Bot]) -> None:
    """A Herzblatt deal: a heuristic bot's cards without an observation per card (in the kernel, all to the
    end, when every seat is one; else on the deal itself); every other move as :func:`play_deal` makes it."""
    heuristic = [type(b) is HeuristicBot for b in bots]
    while not deal.over:
        seat = deal.turn
        assert seat is not None
        if deal.phase == "play" and heuristic[seat]:
            cards = herzblatt_heuristic_cards(deal) if all(heuristic) else None
            if cards is not None:  # the whole card play, in the kernel
                for c in cards:
                    deal.play(c)
                continue
            deal.play(herzblatt_deal_card(cast(Any, deal)), seat)
            continue
        deal.play(bot_move(bots[seat], deal.observation(seat)), seat)


def playout_serves(deal: Deal) -> bool:
    """Whether :func:`heuristic_playout` can finish ``deal`` for heuristic bots of the pack dealt: a
    deal of tricks without trumps."""
    tricks = deal.trick_deal
    return tricks is deal and tricks is not None and tricks.rules.trump is None


def _play_tricks(deal: TrickDeal, bots: Sequence[Bot]) -> None:
    # the play-out sees the cards dealt as the pack in play; so does a heuristic bot told that pack
    fast = [False] * deal.players
    if playout_serves(deal):
        in_play = mask_of(c for _, c in deal.plays)
        for seat in range(deal.players):
            in_play |= mask_of(deal.hand(seat))
        for seat, b in enumerate(bots):
            p = getattr(b, "pack", None)
            fast[seat] = type(b) is HeuristicBot and (p is None or pack(p).mask == in_play)
        if all(fast):
            heuristic_playout(deal)
            return
    while not deal.is_over:
        s = deal.turn
        assert s is not None
        b = bots[s]
        if fast[s]:
            heuristic_plays(deal, 1)  # the bot's card, without building its observation
            continue
        if type(b) is RandomBot:
            deal.play(b.rng.choice(deal.legal()), s)  # what RandomBot.explain_trick draws
            continue
        c = b.choose(deal.observation(s))
        if c is None:
            raise SimulationError(f"{b.name} passed in a trick deal (seat {s})")
        deal.play(c, s)

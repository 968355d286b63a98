"""The heuristic bot: contract-aware play a teacher would recognise, each choice with a one-line reason.

A bot is handed one seat's observation, never the hidden hands, and returns its move::

    bot = HeuristicBot()
    choice = bot.explain(deal.observation(deal.turn))   # Choice(card, reason)
    deal.play(choice.card)

The same bot plays trick deals (this module: the card play without trumps, and
:mod:`~keinstich.bots.trumps` with them), the lay-off deals (:mod:`~keinstich.bots.domino`) and
Herzblatt (:mod:`~keinstich.bots.herzblatt`). :func:`heuristic_playout` makes the same choices for
every seat of a trick deal without building observations: the Monte Carlo bot's rollout and the
simulations' fast path.
"""

from __future__ import annotations

from keinstich.bots.base import (
    Bot,
    BotError,
    Choice,
    Objective,
    check_turn,
    deal_value,
    domino_value,
    objective,
    sign_of,
)
from keinstich.bots.domino import domino_heuristic
from keinstich.bots.herzblatt import best_discards, hand_value, herzblatt_heuristic_card
from keinstich.bots.knowledge import exclusions, in_play_mask, suit_bits
from keinstich.bots.pick import heuristic_card
from keinstich.bots.play import BaseBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.bots.reasons import Spot, trick_reason, trump_reason
from keinstich.bots.tables import Tables, tables
from keinstich.cards import Card, mask_of
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.kernel.layout import HEURISTIC
from keinstich.kernel.rules import reveals, rule_tables
from keinstich.layoff import DominoObservation
from keinstich.tricks import Observation, TrickDeal


def _trick_view(obs: Observation, in_play: int) -> tuple[int, int, int, list[Card], int, list[int]]:
    """(trick number, hand, legal, trick cards, unseen mask, void bits) for the heuristic."""
    hand = mask_of(obs.hand)
    unseen = in_play & ~hand & ~obs.played_mask
    return (len(obs.tricks) + 1, hand, mask_of(obs.legal), [c for _, c in obs.trick], unseen,
            suit_bits(obs.voids))

class HeuristicBot(BaseBot):
    """Contract-aware play a teacher would recognise, each choice with a one-line reason.

    Trick deals: duck under the card now winning; shed the dangerous card when void (the King of
    Hearts in No Max, the Queen of Spades in Black Pig, high Hearts in No Hearts, Obers in No
    Obers); lead low from short suits to make voids; keep a sure loser as an exit card. The contract
    is read as data (what each card and trick costs), so new contracts need no new code. Deterministic.
    Lay-off deal: lay the card that frees your own next cards, hold back cards that only help others.
    Herzblatt: counts trumps and points (:func:`herzblatt_heuristic_card`, :func:`hand_value`,
    :func:`best_discards`).
    """

    name = "heuristic"

    def explain_trick(self, obs: Observation) -> Choice:
        c, code, ref, spot = self._pick(obs)
        if obs.rules.trump is not None:
            return Choice(c, trump_reason(code, c, ref, spot))
        return Choice(c, trick_reason(code, c, ref, getattr(obs.contract, "name", "this deal"), spot))

    def pick_trick(self, obs: Observation, in_play: int | None = None) -> tuple[Card, int, Card | None]:
        """The card for a trick observation, its reason code and the card the reason refers to."""
        c, code, ref, _ = self._pick(obs, in_play)
        return c, code, ref

    def _pick(self, obs: Observation, in_play: int | None = None) -> tuple[Card, int, Card | None, Spot]:
        """:meth:`pick_trick`, with the :class:`~keinstich.bots.reasons.Spot` the reason is told from."""
        check_turn(obs)
        ip = in_play if in_play is not None else in_play_mask(obs, self.pack)
        k, hand, legal, trick, unseen, voids = _trick_view(obs, ip)
        total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
        tb = tables(obs.contract, obs.rules, total)
        if obs.rules.trump is not None:
            excl = exclusions(obs)
            spot = Spot(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, excl, (obs.seat,))
            return (*heuristic_card(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, excl, (obs.seat,),
                                    max(obs.hand_sizes)), spot)
        spot = Spot(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids)
        return (*heuristic_card(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids), spot)

    def herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        return herzblatt_heuristic_card(obs)

    def explain_domino(self, obs: DominoObservation) -> Choice:
        return domino_heuristic(obs)


# --- every seat at once ---------------------------------------------------------------------------


def heuristic_playout(deal: TrickDeal, soloist: int | None = None) -> tuple[int, ...]:
    """Finish a trick deal with :class:`HeuristicBot` in every seat; returns the scores.

    The same decisions as the bot handed each seat's observation (a test checks it), computed from
    each seat's own hand and the open play only, without building observations: the rollout the
    Monte Carlo bot uses and the fast path for simulations. In a trump game (Herzblatt) the sides are
    ``soloist`` alone against the others (every seat alone without one), each seat deciding as
    :func:`~keinstich.bots.herzblatt.herzblatt_heuristic_card` does. Played in the kernel
    (:mod:`keinstich.kernel.playout`) when it can play the deal.
    """
    if not callable(getattr(deal, "run_out", None)):
        raise TypeError(f"heuristic_playout plays a trick deal (a TrickDeal, or deal.trick_deal), not "
                        f"{type(deal).__name__}")
    heuristic_plays(deal, 0, soloist)
    return deal.scores()


def heuristic_plays(deal: TrickDeal, cards: int = 1, soloist: int | None = None) -> None:
    """Play the next ``cards`` cards of a trick deal as :class:`HeuristicBot` would in each seat (0: to the
    end), from each seat's own hand and the open play (see :func:`heuristic_playout`)."""
    n = deal.players
    tb = tables(deal.contract, deal.rules, deal.total_tricks)
    trumps = deal.rules.trump is not None
    # per seat, the cards it cannot hold, as the trump duties reveal them; without trumps (None) the suits
    # it has shown it lacks, which the kernel reads from the deal's own voids
    known = exclusions(deal.observation(0)) if trumps else None
    if deal.kernel_plays:
        deal.run_out(HEURISTIC, known=known, soloist=soloist, heuristic=tb.kernel(), cards=cards)
        return
    if known is None:
        known = [0] * n
        for s in range(n):
            for su in deal.voids(s):
                known[s] |= 1 << su
    _python_playout(deal, tb, known, soloist, cards)


def _python_playout(deal: TrickDeal, tb: Tables, known: list[int], soloist: int | None,
                    cards: int = 0) -> tuple[int, ...]:
    """:func:`heuristic_plays` card by card in Python (``cards`` cards, 0: to the end), for deals the kernel
    does not play; the reference the kernel is tested against."""
    n = deal.players
    hands = [mask_of(deal.hand(s)) for s in range(n)]
    played = mask_of(c for _, c in deal.plays)
    in_play = played
    for h in hands:
        in_play |= h
    trumps = deal.rules.trump is not None
    rt = rule_tables(deal.rules)
    sides = [((s,) if soloist is None or s == soloist else tuple(p for p in range(n) if p != soloist))
             for s in range(n)]
    trick = [c for _, c in deal.trick]
    k = len(deal.tricks) + 1
    play = deal.play
    legal_mask = deal.legal_mask
    played_now = 0
    while played_now != cards or not cards:
        turn = deal.turn
        if turn is None:
            break
        played_now += 1
        s = turn
        hand = hands[s]
        legal = legal_mask()
        c = heuristic_card(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, known, sides[s],
                           max(m.bit_count() for m in hands))[0]
        if trumps:
            on = [x.index for x in trick]
            reveals(known, on, len(on), s, c.index, rt.P, rt.strength, rt.higher)
        elif trick and c.suit != trick[0].suit:
            known[s] |= 1 << trick[0].suit
        hands[s] = hand ^ c.bit
        played |= c.bit
        if play(c) is not None:
            trick = []
            k += 1
        else:
            trick.append(c)
    return deal.scores()


# HeuristicBot and heuristic_playout live here; the other names stay importable from here for code
# written before the bots were split into modules (keinstich.bots is their public home)
__all__ = [
    "Bot", "BotError", "Choice", "HeuristicBot", "Objective", "RandomBot", "best_discards", "deal_value",
    "domino_value", "exclusions", "hand_value", "heuristic_playout", "heuristic_plays", "in_play_mask", "objective",
    "play_deal", "sign_of",
]

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

from collections.abc import Sequence

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
from keinstich.bots.knowledge import exclusions, in_play_mask, learner, suit_bits
from keinstich.bots.play import BaseBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.bots.reasons import (
    DUCK,
    FREE,
    LEAD_EXIT,
    LEAD_FREE,
    LEAD_FREE_SHORT,
    LEAD_RISK,
    LEAD_SAFE,
    LEAD_SHORT,
    LEAD_WIN,
    LOW_HOPE,
    SHED_UNDER,
    TAKE_HIGH,
    TAKE_LAST,
    VOID_HIGH,
    VOID_LOW,
    VOID_SHED,
    WIN,
    Spot,
    trick_reason,
    trump_reason,
)
from keinstich.bots.tables import ONLY, Tables, card_list, max_cost, tables, win_chance
from keinstich.bots.trumps import trump_pick
from keinstich.cards import ALL_CARDS, SUIT_MASKS, Card, mask_of
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.kernel.layout import HEURISTIC
from keinstich.layoff import DominoObservation
from keinstich.limits import check_whole
from keinstich.tricks import Observation, TrickDeal

# the reasons of the play without trumps (0, ONLY, is shared with the trump heuristic): keinstich/bots/reasons.py
_DUCK, _SHED_UNDER, _TAKE_LAST, _LOW_HOPE, _TAKE_HIGH, _WIN, _FREE, _VOID_SHED, _VOID_HIGH, _VOID_LOW, \
    _LEAD_SAFE, _LEAD_SHORT, _LEAD_RISK, _LEAD_FREE, _LEAD_WIN, _LEAD_EXIT, _LEAD_FREE_SHORT = (
        DUCK, SHED_UNDER, TAKE_LAST, LOW_HOPE, TAKE_HIGH, WIN, FREE, VOID_SHED, VOID_HIGH, VOID_LOW, LEAD_SAFE,
        LEAD_SHORT, LEAD_RISK, LEAD_FREE, LEAD_WIN, LEAD_EXIT, LEAD_FREE_SHORT)


def _nt_pick(tb: Tables, k: int, n: int, seat: int, hand: int, legal: int, trick: Sequence[Card],
             unseen: int, voids: Sequence[int]) -> tuple[Card, int, Card | None]:
    """The heuristic's card in a no-trump trick deal (Kein Stich, Herzeln): (card, reason code, card referred to).

    Following: the card with the least expected cost, where a card that stays under the winner costs
    nothing and a winning card costs the trick (cards in it, the base cost, the worst card a later
    seat could throw on it) times the chance nobody goes over it; ties shed the costliest card, then
    the highest. Void: throw the costliest card, else the card most likely to win later. Leading: the
    lowest card of a suit by the chance of winning times what the trick would cost, short suits first,
    keeping a sure loser as an exit card.
    """
    if not legal & (legal - 1):
        return ALL_CARDS[legal.bit_length() - 1], ONLY, None
    cost = tb.cost
    st = tb.strength
    base = tb.base[k]
    if trick:
        led = trick[0].suit
        w = trick[0]
        tc = base + cost[w.index]
        for c in trick[1:]:
            tc += cost[c.index]
            if c.suit == led and st[c.index] > st[w.index]:
                w = c
        later = n - len(trick) - 1
        lbit = 1 << led
        if legal & SUIT_MASKS[led]:
            stake = tc + (max_cost(tb, unseen) if later else 0)
            ducks = legal & tb.lower[w.index]
            if ducks and stake > 0 and tb.nonneg:
                # a card under the winner costs nothing: shed the costliest, else the highest of them
                under = max(card_list(ducks), key=lambda c: (cost[c.index], st[c.index]))
                return under, (_SHED_UNDER if cost[under.index] > 0 else _DUCK), w
            followers = 0
            for i in range(1, later + 1):
                if not voids[(seat + i) % n] & lbit:
                    followers += 1
            su = unseen & SUIT_MASKS[led]
            best: Card | None = None
            bkey: tuple[float, int, int] = (0.0, 0, 0)
            for c in card_list(legal):
                ci = c.index
                if st[ci] < st[w.index]:
                    exp = 0.0
                else:
                    exp = (stake + cost[ci]) * (win_chance(tb, c, su, followers) if later else 1.0)
                key = (exp, -cost[ci], -st[ci])
                if best is None or key < bkey:
                    best, bkey = c, key
            assert best is not None
            if st[best.index] < st[w.index]:
                return best, (_SHED_UNDER if cost[best.index] > 0 else _DUCK), w
            if stake + cost[best.index] <= 0:
                return best, (_WIN if stake + cost[best.index] < 0 else _FREE), w
            if not later:
                return best, _TAKE_LAST, w
            if win_chance(tb, best, su, followers) < 1.0:
                return best, _LOW_HOPE, w
            return best, _TAKE_HIGH, w
        # void in the led suit: no trumps here, so the trick is someone else's
        if tb.avert:
            costly = legal & tb.costly
            pool = card_list(costly or legal)
            if costly:
                top = max(cost[c.index] for c in pool)
                pool = [c for c in pool if cost[c.index] == top]
            if len(pool) == 1:
                best = pool[0]
            else:
                best = max(pool, key=lambda c: (win_chance(tb, c, unseen & SUIT_MASKS[c.suit], 1), st[c.index]))
            return best, (_VOID_SHED if costly else _VOID_HIGH), trick[0]
        best = min(card_list(legal), key=lambda c: (win_chance(tb, c, unseen & SUIT_MASKS[c.suit], 1), -cost[c.index]))
        return best, _VOID_LOW, trick[0]
    # leading
    dump = max_cost(tb, unseen)
    options: list[tuple[float, int, int, Card, float]] = []
    for s in range(4):
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        su = unseen & SUIT_MASKS[s]
        followers = 0
        if su:
            for i in range(1, n):
                if not voids[(seat + i) % n] >> s & 1:
                    followers += 1
        nsu = su.bit_count()
        avg = (sum(cost[x.index] for x in card_list(su & tb.costly)) / nsu) if nsu else 0.0
        trick_cost = base + followers * avg + (n - 1 - followers) * dump
        if tb.natural:
            low = ALL_CARDS[(mine & -mine).bit_length() - 1]
        else:
            low = min(card_list(mine), key=lambda x: st[x.index])
        picks = [low]
        if not tb.avert:
            picks.append(max(card_list(mine), key=lambda x: st[x.index]))
        length = (hand & SUIT_MASKS[s]).bit_count()
        for c in picks:
            win = win_chance(tb, c, su, followers)
            options.append((win * (trick_cost + cost[c.index]), length, st[c.index], c, win))
    options.sort(key=lambda o: o[:3])
    exp, _, _, best, win = options[0]
    if not tb.avert:
        return best, _LEAD_WIN, None
    if exp <= 0 and win > 0:
        return best, (_LEAD_FREE_SHORT if options[0][1] <= 2 else _LEAD_FREE), None
    if win == 0:
        # a sure loser: keep the last one as an exit when another lead is nearly as safe
        sure = [o for o in options if o[4] == 0]
        if len(sure) == 1:
            for o in options[1:]:
                if o[4] <= 0.15 and o[0] <= 0.15 * max(1, base):
                    return o[3], _LEAD_EXIT, best
        return best, _LEAD_SAFE, None
    if exp <= 0.5 * max(1.0, base):
        return best, _LEAD_SHORT, None
    return best, _LEAD_RISK, None


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
    pure = True
    """Its move depends on the observation alone (no random draws, nothing remembered): the coach may ask it
    again about the same position and get the same answer."""
    kernel_mode = HEURISTIC
    """The kernel plays its moves in this mode (:mod:`keinstich.kernel.playout`): searches may use it."""
    cheap = True
    """It answers in well under a millisecond: a search may ask it about many imagined positions."""

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
            return (*trump_pick(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, excl,
                                (obs.seat,), max(obs.hand_sizes)), spot)
        spot = Spot(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids)
        return (*_nt_pick(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids), spot)

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
    if soloist is not None:
        check_whole("soloist", soloist, 0, deal.players - 1)
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
    learn = learner(deal.rules)
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
        if not legal & (legal - 1):
            c = ALL_CARDS[legal.bit_length() - 1]
        elif trumps:
            c = trump_pick(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, known, sides[s],
                           max(m.bit_count() for m in hands))[0]
        else:
            c = _nt_pick(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, known)[0]
        if trumps:
            learn.see(known, trick, s, c)
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

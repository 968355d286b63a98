"""Herzblatt's heuristic: whether to play solo, which two cards to lay away, the calls, and the cards.

Every phase of a Herzblatt deal asks a bot for a :class:`~keinstich.bots.base.Choice`: the deal's own move
(:class:`~keinstich.deal.Ask`, ``Discard``, ``Announce``, ``Contra``, ``Re`` or a card) and its reason. This
module answers them by counting trumps and points (:func:`hand_value`, :func:`best_discards`,
:func:`herzblatt_heuristic_card`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from keinstich.bots.base import BotError, Choice, check_turn, objective
from keinstich.bots.knowledge import exclusions
from keinstich.bots.pick import heuristic_card
from keinstich.bots.reasons import Reason, Spot, saying
from keinstich.bots.tables import tables
from keinstich.cards import SUIT_MASKS, Card, Rank, Suit, mask_of
from keinstich.deal import Announce, Ask, Contra, Discard, Kind, Re
from keinstich.games.herzblatt import CARD_POINTS, HerzblattObservation, card_points
from keinstich.i18n import _, npgettext, number
from keinstich.kernel.layout import HEURISTIC
from keinstich.tricks import Observation, trick_deal_of
from keinstich.wording import listed, say, say_cards, say_suit


def herzblatt_view(obs: HerzblattObservation) -> tuple[Observation, int, list[int], tuple[int, ...]]:
    """For the play phase: the trick observation, the unseen cards (for the soloist his discards are
    known; for a defender they are among the unseen), the exclusions and the seat's side."""
    t = obs.trick
    assert t is not None
    return _view(t, obs.discards, obs.rules.pack.mask, objective(obs).side)


def _view(t: Observation, discards: Sequence[Card], pack_mask: int,
          side: tuple[int, ...]) -> tuple[Observation, int, list[int], tuple[int, ...]]:
    known = mask_of(t.hand) | t.played_mask | mask_of(discards)
    return t, pack_mask & ~known, exclusions(t), side


def _pick(t: Observation, unseen: int, excl: list[int], side: tuple[int, ...]) -> tuple[Card, int, Any, Spot]:
    """The heuristic's card (:func:`~keinstich.bots.pick.heuristic_card`) on a seat's view: the card, the
    reason's code and reference, and the :class:`Spot` the reason is told from."""
    check_turn(t)
    total = (sum(t.hand_sizes) + len(t.tricks) * t.players + len(t.trick)) // t.players  # tricks in the deal
    tb = tables(t.contract, t.rules, total)
    hand, legal = mask_of(t.hand), mask_of(t.legal)
    sizes = max(t.hand_sizes)
    k, trick = len(t.tricks) + 1, [x for _x, x in t.trick]
    c, code, ref = heuristic_card(tb, k, t.players, t.seat, hand, legal, trick, unseen, excl, side, sizes)
    return c, code, ref, Spot(tb, k, t.players, t.seat, hand, legal, trick, unseen, excl, side)


def herzblatt_heuristic_card(obs: HerzblattObservation) -> Choice:
    """The heuristic's card in Herzblatt, with a reason that counts points and trumps."""
    t, unseen, excl, side = herzblatt_view(obs)
    c, code, ref, spot = _pick(t, unseen, excl, side)
    tail = None
    if obs.soloist is not None:  # the side's points and the trumps not yet seen
        total = (sum(t.hand_sizes) + len(t.played)) // t.players
        scores = t.contract.score(t.tricks, t.players, total) if t.contract is not None else (0,) * t.players
        pts = sum(scores[s] for s in side) + (card_points(obs.discards) if obs.seat == obs.soloist else 0)
        tail = (obs.seat == obs.soloist, pts, (unseen & SUIT_MASKS[Suit.HEARTS]).bit_count())
    return Choice(c, Reason("trump", code=code, card=c, ref=ref, spot=spot, tail=tail))


def herzblatt_deal_card(deal: HerzblattDeal) -> Card:
    """The card :func:`herzblatt_heuristic_card` picks for the seat to move in a deal's card play, worked
    out from that seat's trick observation and own discards, without the Herzblatt observation and the
    reason: what simulations ask in every heuristic seat of a mixed table (a test checks both agree)."""
    td = trick_deal_of(deal)
    seat = td.turn if td is not None else None
    if td is None or seat is None or deal.phase != "play":
        raise BotError("herzblatt_deal_card needs a Herzblatt deal in its card play")
    soloist, n = deal.soloist, td.players
    own = deal.discards if seat == soloist and deal.discards is not None else ()
    side = (seat,) if soloist is None else (soloist,) if seat == soloist else tuple(
        p for p in range(n) if p != soloist)  # as objective() tells a seat's side
    return _pick(*_view(td.observation(seat), own, deal.rules.pack.mask, side))[0]


if TYPE_CHECKING:
    from keinstich.deal import Deal
    from keinstich.games.herzblatt import HerzblattDeal


def herzblatt_heuristic_cards(deal: Deal, cards: int = 0) -> list[Card] | None:
    """The cards :func:`herzblatt_heuristic_card` plays in every seat from here to the end of a Herzblatt
    deal's card play (or the next ``cards`` cards), found in the kernel on a copy of the trick play (each
    seat from its own view: a defender counts the soloist's discards among its unseen cards, the soloist
    does not); None when the kernel cannot play it. Simulations of heuristic bots replay them instead of
    building an observation for every card (a test checks both give the same deal)."""
    td = trick_deal_of(deal)
    if td is None or td.is_over or not td.kernel_plays:
        return None
    obs = deal.observation(0)
    if obs.kind is not Kind.HERZBLATT or obs.soloist is None:
        return None
    seen = [0] * td.players
    seen[obs.soloist] = mask_of(deal.observation(obs.soloist).discards)
    sim = td.copy()
    tb = tables(sim.contract, sim.rules, sim.total_tricks)
    done = len(sim.plays)
    sim.run_out(HEURISTIC, known=exclusions(sim.observation(0)), soloist=obs.soloist, heuristic=tb.kernel(),
                in_play=obs.rules.pack.mask, seen=seen, cards=cards)
    return [c for _x, c in sim.plays[done:]]


_TRUMP_VALUE = {Rank.ACE: 16, Rank.TEN: 13, Rank.KING: 10, Rank.QUEEN: 8, Rank.JACK: 7}
_SIDE_VALUE = {Rank.ACE: 13, Rank.TEN: 4, Rank.KING: 2}


def hand_value(cs: Sequence[Card], players: int) -> float:
    """The card points a soloist can expect with these cards (before the skat), by counting.

    20 for the skat, the discards and what the defenders give away, plus trumps by rank (A 16,
    10 13, K 10, Q 8, J 7, others 5), side Aces 13, a Ten guarded by its Ace 11 (else 4), side
    Kings 2, and 4 for each void side suit when holding trumps to ruff. Calibrated on simulated
    solos with the heuristic's discards and play (2 to 5 players): the soloist's mean points are
    within a few of this estimate; a solo pays off from about 67.
    """
    value = 20.0
    trumps = [c for c in cs if c.suit == Suit.HEARTS]
    for c in trumps:
        value += _TRUMP_VALUE.get(c.rank, 5)
    for su in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS):
        mine = [c for c in cs if c.suit == su]
        ranks = {c.rank for c in mine}
        for c in mine:
            if c.rank == Rank.TEN and Rank.ACE in ranks:
                value += 11
            else:
                value += _SIDE_VALUE.get(c.rank, 0)
        if not mine and trumps:
            value += 4
    return value


SOLO_AT = 69.0
"""Play solo from this :func:`hand_value` on (the break-even point of the simulations)."""


def best_discards(cs: Sequence[Card]) -> tuple[tuple[Card, Card], str]:
    """Two cards to lay away (they count for the soloist): bank points that would not make a trick,
    make a side suit void, keep trumps, Aces and Tens guarded by their Ace."""
    best: tuple[float, Card, Card] | None = None
    for i, a in enumerate(cs):
        for b in cs[i + 1:]:
            score = 0.0
            for c in (a, b):
                if c.suit == Suit.HEARTS:
                    score -= 30 + CARD_POINTS.get(c.rank, 0)
                elif c.rank == Rank.ACE:
                    score -= 8
                elif c.rank == Rank.TEN and any(x.suit == c.suit and x.rank == Rank.ACE for x in cs):
                    score -= 2  # a Ten guarded by its Ace makes a trick: keep it
                else:
                    score += CARD_POINTS.get(c.rank, 0)
            for su in {a.suit, b.suit} - {Suit.HEARTS}:
                left = sum(1 for c in cs if c.suit == su and c is not a and c is not b)
                if not left:
                    score += 9
            if best is None or score > best[0] or (score == best[0] and (a.index, b.index) < (best[1].index,
                                                                                              best[2].index)):
                best = (score, a, b)
    assert best is not None
    a, b = best[1:]
    voided = [su for su in {a.suit, b.suit} if su != Suit.HEARTS and not any(
        c.suit == su and c is not a and c is not b for c in cs)]
    return (a, b), discard_words((a, b), card_points((a, b)), voided)


def herzblatt_heuristic_decision(obs: HerzblattObservation) -> Choice:
    """Every Herzblatt phase but the cards, by counting trumps and points (see :func:`hand_value`)."""
    n = obs.players
    trumps = [c for c in obs.hand if c.suit == Suit.HEARTS]
    if obs.phase == "asking":
        v = hand_value(obs.hand, n)
        return _call(Ask(v >= SOLO_AT), v, len(trumps))
    if obs.phase == "discard":
        a, b = best_discards(obs.hand)[0]
        voided = [su for su in {a.suit, b.suit} if su != Suit.HEARTS and not any(
            c.suit == su and c is not a and c is not b for c in obs.hand)]
        return _call(Discard(a, b), 0.0, len(trumps), pair=(a, b), banked=card_points((a, b)), voided=voided)
    if obs.phase == "announce":
        v = hand_value(obs.hand, n)
        return _call(Announce("66" if v >= 88 else None), v, len(trumps))
    if obs.phase == "contra":
        high = [c for c in trumps if c.rank in (Rank.ACE, Rank.TEN)]
        return _call(Contra(len(high) + len(trumps) // 2 >= 3), 0.0, len(trumps), high=high)
    if obs.phase == "re":
        v = hand_value(obs.hand, n)
        return _call(Re(v >= 95), v, len(trumps))
    raise BotError(f"no decision in the {obs.phase} phase")


def _call(move: Ask | Discard | Announce | Contra | Re, value: float, trumps: int, *, high: Sequence[Card] = (),
          pair: Sequence[Card] = (), banked: int = 0, voided: Sequence[Suit] = ()) -> Choice:
    """The call and its reason, as data (:func:`_say_call` says it)."""
    yes = bool(move.call) if isinstance(move, Announce) else isinstance(move, Discard) or bool(move[0])
    phase = {Ask: "asking", Discard: "discard", Announce: "announce", Contra: "contra", Re: "re"}[type(move)]
    return Choice(move, Reason("herzblatt-call", phase=phase, yes=yes, value=value, need=SOLO_AT, trumps=trumps,
                               high=tuple(high), pair=tuple(pair), banked=banked, voided=tuple(sorted(voided))))


@saying("herzblatt-call")
def _say_call(f: Mapping[str, Any]) -> str:
    phase, yes, value = f["phase"], f["yes"], number(f["value"])
    # TRANSLATORS: "with 3 trumps" (German: dative plural, "mit 3 Trümpfen")
    trumps = npgettext("with", "{n} trump", "{n} trumps", f["trumps"])
    if phase == "asking":
        if yes:
            return _("play: counting {trumps} and the high cards, the hand should make about {value} points; a solo "
                     "pays from about {need}", trumps=trumps, value=value, need=number(f["need"]))
        return _("pass: counting {trumps} and the high cards, the hand should make about {value} points; a solo "
                 "pays from about {need}", trumps=trumps, value=value, need=number(f["need"]))
    if phase == "discard":
        return discard_words(f["pair"], f["banked"], f["voided"])
    if phase == "announce":
        if yes:
            return _("announce 66: the hand is worth about {value} points", value=value)
        return _("no announcement: about {value} points is no certain 66", value=value)
    if phase == "contra":
        high = listed(say(c) for c in f["high"])
        if yes:
            if high:
                return _("contra: with {trumps}, {high} among them, you expect to stop the soloist", trumps=trumps,
                         high=high)
            return _("contra: with {trumps}, you expect to stop the soloist", trumps=trumps)
        if high:
            return _("no contra: with {trumps}, {high} among them, you do not expect to stop the soloist on your own",
                     trumps=trumps, high=high)
        return _("no contra: with {trumps}, you do not expect to stop the soloist on your own", trumps=trumps)
    if yes:
        return _("re: the hand is worth about {value} points", value=value)
    return _("no re: the hand is worth about {value} points", value=value)


def discard_words(pair: Sequence[Card], banked: int, voided: Sequence[Suit]) -> str:
    """"lay away 10♠ K♠: 14 points banked, void in spades"."""
    if voided:
        return _("lay away {cards}: {banked} points banked, void in {suits}", cards=say_cards(pair), banked=banked,
                 suits=listed(say_suit(su) for su in sorted(voided)))
    return _("lay away {cards}: {banked} points banked", cards=say_cards(pair), banked=banked)


def banked_points(obs: HerzblattObservation) -> int:
    """Card points the seat's side holds outside the tricks: the soloist's discards, which only his own
    observation shows (a defender's side banks none)."""
    return card_points(obs.discards)


__all__ = ["SOLO_AT", "banked_points", "best_discards", "hand_value", "herzblatt_heuristic_card",
           "herzblatt_heuristic_cards",
           "herzblatt_heuristic_decision", "herzblatt_view"]

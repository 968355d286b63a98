"""The judge values a class of equivalent cards by one card's play-outs: every card of the class must play out alike.

The fair judgement (keinstich.coach.fair) plays out one card per class (same suit, next to each other among the live
cards, costing the same) and gives its value to every card of the class. Its play-outs read ranks as the heuristic bot
does (of two equally safe discards in different suits, the higher first), so a King and an Ace next to each other are
not always alike: the classes hold only cards the play-outs cannot tell apart (keinstich.bots.worlds.played_alike).
Here every card of every class of more than one card is played out on the judge's own deals, and must get the value
the judge gave its class, deal for deal.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from keinstich.bots import HeuristicBot, RandomBot
from keinstich.bots.base import objective
from keinstich.bots.herzblatt import herzblatt_view
from keinstich.bots.knowledge import in_play_mask
from keinstich.bots.play import bot_move
from keinstich.bots.sampled import TrickWorlds
from keinstich.bots.tables import tables
from keinstich.bots.worlds import played_alike
from keinstich.cards import Card, card, mask_of
from keinstich.coach.fair import fair
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal
from keinstich.games import game
from keinstich.trainer.positions import decisions

DEALS = 96
"""The judge's deals each card of a class is played out on (the first ones it drew)."""


def beginner(gid: str, cid: str, players: int, seed: int, seat: int) -> Iterator[Deal]:
    """The positions of ``seat``'s decisions in a seeded deal that seat plays at random (a beginner's: the classes
    a review judges), the heuristic bot in the other seats."""
    d = game(gid).deal(cid, seed, players=players)
    bots = [HeuristicBot() for _ in range(players)]
    bots[seat] = RandomBot(seed)  # type: ignore[call-overload]
    while not d.over:
        s = d.turn
        assert s is not None
        if s == seat and len(d.legal_moves()) > 1 and all(isinstance(m, Card) for m in d.legal_moves()):
            yield d.copy()
        d.play(bot_move(bots[s], d.observation(s)), s)


def differing(position: Deal) -> tuple[int, list[str]]:
    """The classes of more than one card the judge formed in ``position``, and those of them with a card whose own
    play-outs give another value than the judge's for its class in some of the judge's deals."""
    f = fair(position)
    if f.exact or f.values.shape[0] == 0:
        return 0, []
    seat = position.turn
    assert seat is not None
    obs = position.observation(seat)
    if obs.kind == "herzblatt":
        t, in_play, discards, soloist = herzblatt_view(obs)[0], obs.rules.pack.mask, mask_of(obs.discards), \
            obs.soloist
    else:
        t, in_play, discards, soloist = obs, in_play_mask(obs, pack_in_play(position)), 0, None
    classes, wrong = 0, []
    for i, same in enumerate(f.same):
        if len(same) < 2:
            continue
        classes += 1
        n = min(f.deals[i], DEALS)
        worlds = TrickWorlds(t, list(same), objective(obs), in_play=in_play, discards=discards, soloist=soloist,
                             fair=True)
        got = worlds.values_many(f.drawn[:n], list(range(len(same))))
        for m, c in enumerate(same):
            off = int(np.count_nonzero(got[:, m] != f.values[:n, i]))
            if off:
                wrong.append(f"{c} of {same} ({obs.contract.id if obs.contract else '?'}): {off} of {n} deals")
    return classes, wrong


def test_every_card_of_a_class_plays_out_as_the_judge_valued_its_class() -> None:
    """Lesson 3's No Tricks deal 306 (seat 2: the judge valued A♣ by K♣'s play-outs, 70 of 512 deals differed),
    and beginners' deals of the three games."""
    classes, wrong = 0, []
    for gid, cid, players, seed, seat in (("kein-stich", "no-tricks", 4, 306, 2),
                                          ("kein-stich", "no-tricks", 4, 315, 3),
                                          ("kein-stich", "no-hearts", 4, 329, 1),
                                          ("kein-stich", "black-pig", 4, 402, 2),
                                          ("kein-stich", "no-max", 4, 401, 1),
                                          ("herzeln", "herzeln-no-queens", 3, 401, 2),
                                          ("herzblatt", "herzblatt-4", 4, 401, 1)):
        for position in beginner(gid, cid, players, seed, seat):
            c, w = differing(position)
            classes += c
            wrong += w
    assert not wrong, wrong
    assert classes >= 4  # the check saw classes to check


def test_positions_of_every_game_value_their_classes_exactly() -> None:
    classes, wrong = 0, []
    for gid, cid, players in (("kein-stich", "no-hearts", 4), ("kein-stich", "power", 4),
                              ("herzeln", "herzeln-tricks", 4), ("herzblatt", "herzblatt-3", 3)):
        for position in list(decisions(gid, cid, "classes:1", players=players))[::3]:
            c, w = differing(position)
            classes += c
            wrong += w
    assert not wrong, wrong
    assert classes >= 3


def test_a_king_and_ace_next_to_each_other_are_one_class_unless_the_hand_reads_them_apart() -> None:
    """No Tricks: K♦ and A♦ (no live card between them) stay together beside the Q♠ (weaker than both), but a K♠
    or an A♠ in the hand is compared with them by strength, and tells them apart; in a trump game any other card
    does (its price for the side grows with its strength)."""
    st = tables(game("kein-stich").deal("no-tricks", 1, players=4).trick_deal.contract,  # type: ignore[union-attr]
                game("kein-stich").deal("no-tricks", 1, players=4).rules, 8).strength
    pair = (card("KD"), card("AD"))
    whole = [(card("KD"), pair)]
    apart = [(card("KD"), (card("KD"),)), (card("AD"), (card("AD"),))]
    assert played_alike(pair, mask_of([*pair, card("QS"), card("7D")]), st, trumps=False) == whole
    assert played_alike(pair, mask_of([*pair, card("KS")]), st, trumps=False) == apart
    assert played_alike(pair, mask_of([*pair, card("AC")]), st, trumps=False) == apart
    assert played_alike(pair, mask_of([*pair, card("QS")]), st, trumps=True) == apart
    assert played_alike(pair, mask_of(pair), st, trumps=True) == whole

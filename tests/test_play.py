"""The trick machine on hand-built deals: follow suit, trick winners, refusals, observation, undo."""

import random

import pytest

from keinstich.cards import card, cards
from keinstich.contracts import NO_TRICKS
from keinstich.dealing import deal_hands
from keinstich.tricks import IllegalPlay, TrickDeal, TrickRules, forehand
from keinstich.wording import refusal_words

# Seat 0 leads. Trick 1: AH KH 10H QH (seat 0 wins); trick 2: 7C 8C QS 9C (seat 3 wins with 9C).
SMALL = ["AH 7C", "KH 8C", "10H QS", "QH 9C"]


def play_all(deal, codes):
    for code in codes.split():
        deal.play(code)
    return deal


def test_highest_card_of_the_led_suit_wins_and_the_winner_leads():
    d = TrickDeal([cards(h) for h in SMALL], NO_TRICKS, leader=0)
    t1 = play_all(d, "AH KH 10H")
    assert t1.turn == 3
    trick = d.play("QH")
    assert trick is not None and trick.winner == 0 and trick.number == 1
    assert d.turn == 0
    play_all(d, "7C 8C QS")
    last = d.play("9C")
    assert last.winner == 3 and d.is_over and d.turn is None
    assert d.tricks_won() == (1, 0, 0, 1)
    assert d.scores() == (5, 0, 0, 5)


def test_a_discard_never_wins_even_if_higher():
    # Seat 2 is void in clubs and throws the Ober of Spades: 9C still wins.
    d = play_all(TrickDeal([cards(h) for h in SMALL], NO_TRICKS), "AH KH 10H QH 7C 8C QS 9C")
    assert d.tricks[1].winner == 3


def test_must_follow_suit_with_the_reason():
    d = TrickDeal([cards(h) for h in SMALL], NO_TRICKS, leader=0)
    play_all(d, "AH KH")
    assert d.legal() == (card("10H"),)
    assert d.why_illegal("QS") == "seat 2 must follow hearts (holds 10H): QS is not allowed"
    before = (d.hands, d.trick, d.turn)
    with pytest.raises(IllegalPlay, match=r"seat 2 must follow hearts \(holds 10H\): QS is not allowed"):
        d.play("QS")
    assert (d.hands, d.trick, d.turn) == before


def test_the_example_message_of_the_issue():
    d = TrickDeal([cards("AH 2S 3S"), cards("2H 4S 5S"), cards("9H KH 7C"), cards("3H 6S 7S")], leader=0)
    play_all(d, "AH 2H")
    assert d.why_illegal("7C") == "seat 2 must follow hearts (holds 9H, KH): 7C is not allowed"


@pytest.mark.parametrize(("code", "seat", "message"), [
    ("AC", None, "seat 0 does not hold AC"),
    ("7C", 1, "it is seat 0's turn, not seat 1's"),
    ("XX", None, "unknown card 'XX'"),
])
def test_other_refusals(code, seat, message):
    d = TrickDeal([cards(h) for h in SMALL])
    with pytest.raises(IllegalPlay, match=message):
        d.play(code, seat)
    assert d.plays == ()


def test_after_the_last_trick_nothing_can_be_played():
    d = play_all(TrickDeal([cards(h) for h in SMALL]), "AH KH 10H QH 7C 8C QS 9C")
    assert d.legal() == ()
    with pytest.raises(IllegalPlay, match="the deal is over"):
        d.play("7C")


def test_voids_are_shown_only_by_not_following():
    d = play_all(TrickDeal([cards(h) for h in SMALL]), "AH KH 10H QH 7C 8C QS")
    assert d.voids(2) == frozenset({card("QS").suit.CLUBS})
    assert d.voids(1) == frozenset()


def test_the_observation_holds_nothing_hidden():
    hands = deal_hands("german-32", 4, 5)
    d = TrickDeal(hands, NO_TRICKS, leader=1)
    rng = random.Random(2)
    for _ in range(13):
        d.play(rng.choice(d.legal()))
    for seat in range(4):
        obs = d.observation(seat)
        hidden = {c for s in range(4) if s != seat for c in d.hand(s)}
        visible = set(obs.hand) | {c for _, c in obs.played} | set(obs.legal)
        assert not hidden & visible
        assert obs.hand == d.hand(seat)
        assert not hidden & set(_all_cards_in(obs))
        assert obs.hand_sizes == tuple(len(d.hand(s)) for s in range(4))


def _all_cards_in(obj, depth=0):
    """Every Card reachable from an observation's public fields (not the contract's rules)."""
    from keinstich.cards import Card
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, tuple | list | frozenset | set) and depth < 6:
        for x in obj:
            yield from _all_cards_in(x, depth + 1)
    elif hasattr(obj, "__dataclass_fields__") and depth == 0:
        for name in obj.__dataclass_fields__:
            if name != "contract":
                yield from _all_cards_in(getattr(obj, name), depth + 1)


def test_undo_restores_the_previous_state():
    d = TrickDeal([cards(h) for h in SMALL])
    play_all(d, "AH KH 10H QH 7C")
    snapshot = (d.hands, d.tricks, d.trick, d.turn, d.voids(2))
    d.play("8C")
    assert d.undo() == (1, card("8C"))
    assert (d.hands, d.tricks, d.trick, d.turn, d.voids(2)) == snapshot
    for _ in range(5):
        d.undo()
    assert d.plays == () and d.turn == 0
    with pytest.raises(IllegalPlay, match="nothing to undo"):
        d.undo()


def test_copy_is_independent():
    d = TrickDeal([cards(h) for h in SMALL])
    c = d.copy()
    c.play("AH")
    assert d.plays == () and c.plays == ((0, card("AH")),)


def test_from_seed_uses_forehand():
    assert forehand(3, 4) == 0 and forehand(0, 4) == 1
    d = TrickDeal.from_seed("german-32", 4, 9, NO_TRICKS, dealer=2)
    assert d.turn == 3 and d.dealt == deal_hands("german-32", 4, 9)


@pytest.mark.parametrize(("hands", "message"), [
    (["AH KH", "QH"], "same number of cards"),
    (["AH KH", "AH QH"], "appears twice"),
    (["AH"], "at least 2 hands"),
])
def test_bad_hands_are_refused(hands, message):
    with pytest.raises(ValueError, match=message):
        TrickDeal([cards(h) for h in hands])


def test_must_trump_rules_need_a_trump_suit():
    with pytest.raises(ValueError, match="need a trump suit"):
        TrickRules(must_trump=True)


def test_reasons_name_the_suits_as_the_faces_show_them() -> None:
    deal = TrickDeal([cards("AH 7C"), cards("KH 8C"), cards("10H QS"), cards("QH 9C")], leader=0)
    deal.play("AH")
    deal.play("KH")
    assert deal.why_illegal("QS") == "seat 2 must follow hearts (holds 10H): QS is not allowed"
    deal.undo()
    deal.undo()
    deal.play("7C")
    german = refusal_words(deal.why_illegal("KH"), style="german")
    assert german == "seat 1 must follow acorns (holds 8C): KH is not allowed"
    assert deal.why_illegal("KH") == "seat 1 must follow clubs (holds 8C): KH is not allowed"

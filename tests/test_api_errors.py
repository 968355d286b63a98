"""Misused API calls get one clear error that says what was expected, never a silent misreading."""

from __future__ import annotations

import pytest

from keinstich.cards import PackError, pack
from keinstich.contracts import NO_HEARTS
from keinstich.games.herzblatt import HerzblattDeal, HerzblattError, HerzblattRules
from keinstich.layoff import DominoDeal, DominoError
from keinstich.tricks import TrickDeal


@pytest.mark.parametrize("seat", [99, -1, 1.0, True, "0", None])
def test_a_seat_out_of_range_or_of_the_wrong_type_is_refused(seat):
    for deal, error in ((TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS), ValueError),
                        (DominoDeal.from_seed("german-32", 4, 7), DominoError)):
        with pytest.raises(error, match=rf"seat must be a whole number from 0 to 3, not {seat!r}"):
            deal.hand(seat)


@pytest.mark.parametrize("leader", [2.5, True, -1, 4])
def test_a_leader_that_is_not_a_seat_is_refused(leader):
    hands = TrickDeal.from_seed("german-32", 4, 1, NO_HEARTS).dealt
    with pytest.raises(ValueError, match=rf"leader must be a seat from 0 to 3, not {leader!r}"):
        TrickDeal(hands, NO_HEARTS, leader=leader)
    with pytest.raises(DominoError, match=rf"leader must be a seat from 0 to 3, not {leader!r}"):
        DominoDeal(hands, leader=leader)


@pytest.mark.parametrize("answer", ["pass", "no", 0, 1, None])
def test_herzblatt_answers_must_be_true_or_false(answer):
    deal = HerzblattDeal.from_seed(3, HerzblattRules(players=3, muhr=True))
    first = deal.turn
    with pytest.raises(HerzblattError, match=rf"seat {first} answers True \(play\) or False \(pass\), not {answer!r}"):
        deal.ask(answer)
    with pytest.raises(HerzblattError, match="answers True"):
        deal.act(answer)
    assert deal.answers == [] and deal.phase == "asking" and deal.history == ()


@pytest.mark.parametrize(("field", "value"), [("muhr", "no"), ("must_trump", 1), ("du_stacks_schneider", "yes")])
def test_herzblatt_switches_must_be_true_or_false(field, value):
    with pytest.raises(HerzblattError, match=rf"{field} must be True or False, not {value!r}"):
        HerzblattRules(**{field: value})


def test_a_pack_id_with_a_giant_number_is_an_unknown_pack():
    with pytest.raises(PackError, match="unknown pack") as refused:
        pack("german-" + "3" * 5000)
    assert len(str(refused.value)) < 300 and "(5009 characters)" in str(refused.value)


def test_contracts_may_be_given_by_their_id():
    by_id = TrickDeal.from_seed("german-32", 4, 7, "no-hearts")
    assert by_id.contract is NO_HEARTS and by_id.dealt == TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS).dealt
    assert TrickDeal(by_id.dealt, "no-hearts").contract is NO_HEARTS
    assert TrickDeal.from_seed("french-24", 3, 1, "herzeln-tricks").contract.game == "herzeln"
    assert DominoDeal.from_seed("german-32", 4, 7, "domino").contract.id == "domino"
    assert HerzblattDeal.from_seed(1, "herzblatt-3").rules.players == 3


def test_an_id_of_the_wrong_kind_of_deal_says_so():
    with pytest.raises(ValueError, match=r"'domino' is not a trick contract: it names DominoContract 'domino'"):
        TrickDeal.from_seed("german-32", 4, 7, "domino")
    with pytest.raises(DominoError, match=r"'no-hearts' is not a lay-off deal"):
        DominoDeal.from_seed("german-32", 4, 7, "no-hearts")
    with pytest.raises(ValueError, match=r"unknown contract 'no-spades': use one of .*no-hearts"):
        TrickDeal.from_seed("german-32", 4, 7, "no-spades")
    with pytest.raises(HerzblattError, match=r"unknown contract 'herzblatt-9'"):
        HerzblattDeal.from_seed(1, "herzblatt-9")

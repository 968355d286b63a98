"""Misused API calls get one clear error that says what was expected, never a silent misreading."""

from __future__ import annotations

import random

import pytest

from keinstich.bots import HeuristicBot, RandomBot, play_deal
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.cards import PackError, pack
from keinstich.contracts import NO_HEARTS, ContractError, PerCard
from keinstich.games.herzblatt import Ask, HerzblattDeal, HerzblattError, HerzblattPartie, HerzblattRules
from keinstich.games.herzeln import HerzelnPartie
from keinstich.games.kein_stich import Partie
from keinstich.hand_text import DealTextError, hands_from_text
from keinstich.layoff import DominoDeal, DominoError
from keinstich.limits import LimitError
from keinstich.records import Record, check, replay
from keinstich.sim import SimulationError, simulate, summarize
from keinstich.tricks import TrickDeal


@pytest.mark.parametrize("seat", [99, -1, 1.0, True, "0", None])
def test_a_seat_out_of_range_or_of_the_wrong_type_is_refused(seat):
    for deal, error in ((TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS), ValueError),
                        (DominoDeal.from_seed("german-32", 4, 7), DominoError)):
        with pytest.raises(error, match=rf"seat must be a seat from 0 to 3, not {seat!r}"):
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
        deal.play(Ask(answer))
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


# --- obscure errors become clear ones ---------------------------------------------------------------


@pytest.mark.parametrize("call", ["check", "replay"])
@pytest.mark.parametrize("value", [{}, None, "deal.json", HerzblattDeal.from_seed(1)])
def test_check_and_replay_take_a_record_and_say_how_to_get_one(call, value):
    fn = {"check": check, "replay": replay}[call]
    with pytest.raises(TypeError, match=rf"^{call} takes a Record, not .*: read one with Record.load\(path\)"):
        fn(value)


@pytest.mark.parametrize("value", [None, 5, ["{}"]])
def test_from_json_takes_text(value):
    with pytest.raises(TypeError, match=r"Record.from_json takes the JSON text \(str or bytes\)"):
        Record.from_json(value)


def test_hands_from_text_takes_text():
    with pytest.raises(DealTextError, match="hands_from_text takes the hands as text, one line per seat"):
        hands_from_text(None, "german-32")


@pytest.mark.parametrize(("kw", "message"), [({"suit": 5}, "a suit is a letter such as 'H'"),
                                             ({"rank": 5}, "a rank is a code such as 'Q'")])
def test_per_card_names_what_a_suit_or_rank_is(kw, message):
    with pytest.raises(ContractError, match=f"PerCard: {message}"):
        PerCard(5, **kw)


@pytest.mark.parametrize("bot", [HeuristicBot(), RandomBot(1), MonteCarloBot(1, samples=2)])
def test_a_bot_handed_a_deal_says_to_pass_an_observation(bot):
    deal = TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS)
    with pytest.raises(TypeError, match=r"is handed one seat's view of the deal, not the deal itself: "
                                        r"pass deal.observation\(seat\)"):
        bot.decide(deal)
    with pytest.raises(TypeError, match=r"pass deal.observation\(seat\)"):
        bot.decide(DominoDeal.from_seed("german-32", 4, 7))
    with pytest.raises(TypeError, match=r"pass deal.observation\(seat\)"):
        bot.decide(HerzblattDeal.from_seed(1))
    with pytest.raises(TypeError, match=r"is handed a seat's observation, deal.observation\(seat\), not None"):
        bot.decide(None)


def test_play_deal_needs_a_bot_in_every_seat():
    deal = TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS)
    with pytest.raises(TypeError, match=r"seat 0's bot must be a bot such as HeuristicBot\(\) or RandomBot\(\), "
                                        "not None"):
        play_deal(deal, [None] * 4)
    with pytest.raises(TypeError, match="seat 2's bot must be a bot"):
        play_deal(deal, [RandomBot(), RandomBot(), "heuristic", RandomBot()])
    with pytest.raises(TypeError, match="play_deal takes a list of bots"):
        play_deal(deal, "heuristic")
    with pytest.raises(TypeError, match="play_deal plays a deal"):
        play_deal(None, [RandomBot()] * 4)
    assert deal.history == ()


def test_summarize_takes_a_frame():
    with pytest.raises(SimulationError, match=r"summarize takes the DataFrame of simulate, tournament or "
                                              r"simulate_partie.*not None"):
        summarize(None)


@pytest.mark.parametrize("deal", [TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS),
                                  DominoDeal.from_seed("german-32", 4, 7)])
def test_playout_takes_a_random_generator_not_a_seed(deal):
    with pytest.raises(TypeError, match=r"playout draws from a random.Random, e.g. random.Random\(5\), not 5"):
        deal.playout(5)
    assert deal.history == ()
    deal.playout(random.Random(5))
    assert deal.over


@pytest.mark.parametrize("wrong", [5, None, DominoDeal.from_seed("german-32", 4, 7)])
def test_heuristic_playout_takes_a_trick_deal(wrong):
    from keinstich.bots import heuristic_playout

    with pytest.raises(TypeError, match=r"heuristic_playout plays a trick deal .*not "):
        heuristic_playout(wrong)


# --- silently accepted, now refused -----------------------------------------------------------------


@pytest.mark.parametrize("make", [lambda seed: Partie(seed=seed), lambda seed: HerzelnPartie(seed=seed),
                                  lambda seed: HerzblattPartie(seed=seed), lambda seed: RandomBot(seed),
                                  lambda seed: HeuristicBot(seed)])
@pytest.mark.parametrize("seed", [1.5, True, b"7", [7]])
def test_a_seed_that_is_neither_a_number_nor_text_is_refused(make, seed):
    with pytest.raises(TypeError, match="seed must be a whole number such as 7 or a text"):
        make(seed)


@pytest.mark.parametrize("partie", [Partie, HerzelnPartie, HerzblattPartie])
def test_a_partie_needs_a_seed(partie):
    with pytest.raises(TypeError, match=r"seed must be a whole number such as 7 or a text .*, not None"):
        partie(seed=None)
    assert RandomBot(None).rng.random() == RandomBot(0).rng.random()  # a bot's None seed is 0, as documented


def test_a_giant_seed_number_is_refused_clearly():
    with pytest.raises(LimitError, match="a seed number has at most 100 digits; this one has about 5,000"):
        TrickDeal.from_seed("german-32", 4, 10 ** 4999, NO_HEARTS)
    with pytest.raises(SimulationError, match="a seed number has at most 100 digits"):
        simulate("no-hearts", 2, seed=10 ** 4999)
    assert TrickDeal.from_seed("german-32", 4, 10 ** 99, NO_HEARTS).dealt


def test_a_bots_pack_is_checked_when_the_bot_is_made():
    with pytest.raises(PackError, match="unknown pack 'bogus'"):
        HeuristicBot(pack="bogus")
    with pytest.raises(PackError, match="unknown pack 'bogus'"):
        MonteCarloBot(pack="bogus")
    assert HeuristicBot(pack="german-32").pack == "german-32"


def test_partie_seed_none_was_misread_as_the_text_none():
    """Before, ``Partie(seed=None)`` dealt from the seed "None/0" without a word."""
    with pytest.raises(TypeError, match="not None"):
        Partie(seed=None).play()

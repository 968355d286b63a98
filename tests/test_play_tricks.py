"""play_tricks / trick_lines: the kit's one way to step a worked deal with bots, card by card with reasons."""

import re

import pytest

from keinstich.bots import HeuristicBot, RandomBot, play_tricks, trick_lines
from keinstich.contracts import NO_HEARTS, NO_TRICKS
from keinstich.tricks import TrickDeal
from keinstich.wording import naming

CARD_LINE = re.compile(r"^seat (\d): (\S+)\s+(.+)$")


def test_one_line_per_card_and_one_per_trick_in_play_order():
    deal = TrickDeal.from_seed("german-32", 4, seed=52, contract=NO_TRICKS)
    lines = list(trick_lines(deal, 3))
    assert len(deal.tricks) == 3
    card_lines = [m for m in map(CARD_LINE.match, lines) if m]
    assert [(int(m[1]), m[2]) for m in card_lines] == [(s, c.text) for s, c in deal.plays]
    assert all(m[3].strip() for m in card_lines), "every card comes with the bot's reason"
    trick_rows = [line for line in lines if not CARD_LINE.match(line)]
    assert trick_rows == [f"   {t}; paid so far {NO_TRICKS.score(deal.tricks[:i + 1], 4, 8)}"
                          for i, t in enumerate(deal.tricks)]


def test_reasons_are_the_bots_own_and_the_cards_its_choices():
    deal = TrickDeal.from_seed("german-32", 4, seed=7, contract=NO_HEARTS)
    replay = TrickDeal.from_seed("german-32", 4, seed=7, contract=NO_HEARTS)
    bot = HeuristicBot()
    for line in trick_lines(deal, 2):
        m = CARD_LINE.match(line)
        if m:
            with naming("french"):  # the command-line log keeps the engine's words
                choice = bot.decide(replay.observation(int(m[1])))
            assert (choice.card.text, choice.reason) == (m[2], m[3])
            replay.play(choice.card)


def test_continues_from_where_the_deal_is_and_takes_another_bot():
    deal = TrickDeal.from_seed("german-32", 4, seed=3, contract=NO_TRICKS)
    list(trick_lines(deal, 2, RandomBot(seed=1)))
    assert len(deal.tricks) == 2
    assert list(trick_lines(deal, 2)) == []
    list(trick_lines(deal, 8))
    assert deal.over and len(deal.tricks) == 8


def test_play_tricks_prints_the_same_lines(capsys):
    a = TrickDeal.from_seed("german-32", 4, seed=11, contract=NO_TRICKS)
    b = TrickDeal.from_seed("german-32", 4, seed=11, contract=NO_TRICKS)
    assert play_tricks(a, 4) is None
    assert capsys.readouterr().out.splitlines() == list(trick_lines(b, 4))


@pytest.mark.parametrize("until", [-1, 9])
def test_refuses_a_trick_count_the_deal_does_not_have(until):
    deal = TrickDeal.from_seed("german-32", 4, seed=3, contract=NO_TRICKS)
    with pytest.raises(ValueError, match="8 tricks"):
        list(trick_lines(deal, until))


def test_a_bot_explains_in_the_words_of_the_deal_it_sees():
    german = TrickDeal.from_seed("german-32", 4, seed=7, contract=NO_HEARTS)
    french = TrickDeal.from_seed("french-32", 4, seed=7, contract=NO_HEARTS)
    in_german = HeuristicBot().decide(german.observation(german.turn))
    in_french = HeuristicBot().decide(french.observation(french.turn)).reason
    assert not set("♣♠♥♦") & set(in_german.reason) and in_german.card.label("german") in in_german.reason
    assert set("♣♠♥♦") & set(in_french) and " of " not in in_french
    with naming("french"):  # a naming the caller sets wins: a French table over German cards, or a log
        log = HeuristicBot().decide(german.observation(german.turn))
    assert log.card == in_german.card and in_german.card.text in log.reason and " of " not in log.reason

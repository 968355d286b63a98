"""Luck, told: how much of one deal's score the cards decided, from the duplicate comparison (the same cards, the
best play knowing every hand and the heuristic bot), in a review and in a class's results."""

import html

import pytest

from keinstich.bots import HeuristicBot, RandomBot, play_deal
from keinstich.classroom import class_results, example_class
from keinstich.coach import review
from keinstich.coach.luck import Luck
from keinstich.contracts import NO_TRICKS
from keinstich.i18n import use_language
from keinstich.tricks import TrickDeal


@pytest.fixture(scope="module")
def beginner():
    """Lesson 03's beginner: deal 52, seat 0 plays any legal card, heuristic bots in the other seats."""
    deal = play_deal(TrickDeal.from_seed("german-32", 4, seed=52, contract=NO_TRICKS),
                     [RandomBot(seed=9), HeuristicBot(), HeuristicBot(), HeuristicBot()])
    return review(deal, 0)


def test_the_review_says_how_much_of_the_score_the_cards_decided(beginner):
    luck = beginner.luck
    assert (luck.got, luck.best, luck.bot) == (beginner.paid, beginner.best_paid, beginner.heuristic_paid)
    assert (luck.got, luck.best, luck.bot) == (10, 5, 20)
    assert (luck.cards, luck.play) == (5, 5)
    said = luck.said
    assert said.startswith("On these cards even the best play, knowing every hand, pays 5 pf: of the 10 pf paid, "
                           "5 were down to the cards and 5 to the play, half each.")
    assert "The fair comparison is on the same cards: there the heuristic bot in this seat paid 20 pf" in said
    assert said in str(beginner) and html.escape(said) in beginner._repr_html_()
    with use_language("de"):
        german = beginner.luck.said
    assert german != said and all(n in german for n in ("5", "10", "20")) and "cards" not in german


@pytest.mark.parametrize(("got", "best", "bot", "lower", "words"), [
    (10, 10, 20, True, "pays 10 pf, as this seat did: all of it was down to the cards."),
    (10, 0, 15, True, "pays nothing: all 10 pf paid were down to the play."),
    (20, 15, 25, True, "of the 20 pf paid, 15 were down to the cards and 5 to the play, so mostly the cards."),
    (20, 5, 20, True, "of the 20 pf paid, 5 were down to the cards and 15 to the play, so mostly the play."),
    (60, 80, 70, False, "gets 80 pf: the cards allowed that much, and the play got 60, 20 short of it."),
    (80, 80, 70, False, "gets 80 pf, as this seat did: the cards allowed no more."),
])
def test_each_split_is_said_with_its_figures(got, best, bot, lower, words):
    luck = Luck(got, best, bot, "pf", lower)
    assert words in luck.said
    assert luck.play == abs(got - best)
    assert ("paid" if lower else "got") + f" {bot} pf; a score on other cards says little." in luck.said


def test_without_a_settled_best_only_the_fair_comparison_is_said():
    luck = Luck(10, None, 20, "pf", True)
    assert luck.play is None
    assert luck.said == ("The fair comparison is on the same cards: there the heuristic bot in this seat paid 20 pf; "
                         "a score on other cards says little.")
    assert Luck(0, 0, 5, "pf", True).said.startswith("The fair comparison")  # nothing paid: nothing to split


def test_the_class_is_told_what_its_cards_allowed():
    """The made-up class (no-hearts, seed 5, heuristic bots): the heuristic bot in the students' seat scores what
    the deal played by heuristic bots in every seat scores, and the best play knowing every hand is no worse than
    any student's or the bot's."""
    results = class_results(example_class(12))
    luck = results.luck
    assert luck is not None and luck.got is None and luck.unit == results.unit and luck.lower_is_better
    start = results.deal.position()
    by_bots = play_deal(start.copy(), [HeuristicBot()] * 4)
    assert luck.bot == by_bots.result().scores[results.deal.seat]
    assert luck.best is not None and luck.best <= min(min(s.score for s in results.students), luck.bot)
    said = results.luck_said
    assert said.startswith("All 12 students played the same cards, so the matchpoints compare their play alone")
    assert ("pays nothing" if luck.best == 0 else f"pays {luck.best:g} pfennig") in said
    assert f"paid {luck.bot:g} pfennig" in said
    assert html.escape(said) in results._repr_html_()
    chart = results.chart_svg()  # the two yardsticks drawn across the class's bars
    assert f"the heuristic bot on these cards: {luck.bot:g}" in chart
    assert f"the best play, knowing every hand: {luck.best:g}" in chart
    with use_language("de"):
        assert results.luck_said != said and "students" not in results.luck_said


@pytest.mark.parametrize(("game", "contract"), [("herzblatt", "herzblatt-4"), ("kein-stich", "domino")])
def test_a_class_whose_score_the_coach_counts_otherwise_gets_the_bot_alone(game, contract):
    """Herzblatt's result is stakes (the coach counts card points), a domino's the pot's payout (the coach counts
    places): no best is said in a unit the class's table does not show."""
    results = class_results(example_class(4, game=game, contract=contract))
    assert results.luck is not None and results.luck.best is None
    assert "best play" not in results.luck_said and "heuristic bot in the students' seat" in results.luck_said


def test_quick_scoring_skips_the_comparison():
    results = class_results(example_class(3), decisions=False)
    assert results.luck is None and results.luck_said == ""

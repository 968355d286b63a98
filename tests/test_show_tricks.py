"""show_tricks: a worked deal stepped through trick by trick (the data), and its display (one trick a row,
card faces, the reasons in the faces' words)."""

import re

import pytest

from keinstich.bots import HeuristicBot, RandomBot, show_tricks
from keinstich.contracts import NO_HEARTS, NO_TRICKS
from keinstich.faces import set_display
from keinstich.tricks import TrickDeal
from keinstich.wording import naming

FRENCH_WORDS = re.compile(r"[♠♣♥♦]|\b(spades?|clubs?|diamonds?|hearts?|Queen|King|Jack|Ace)\b")


def fresh(seed=52, contract=NO_TRICKS, pack="german-32"):
    return TrickDeal.from_seed(pack, 4, seed=seed, contract=contract)


def test_every_card_is_played_once_and_the_tricks_are_the_deals():
    deal = fresh()
    walk = show_tricks(deal, 8)
    assert deal.over and [t.number for t in walk.tricks] == list(range(1, 9))
    played = [p.card for t in walk.tricks for p in t.plays]
    assert sorted(played) == sorted(c for h in deal.dealt for c in h) and len(set(played)) == 32
    for t, real in zip(walk.tricks, deal.tricks, strict=True):
        assert [(p.seat, p.card) for p in t.plays] == list(real.plays())
        assert t.winner == real.winner


def test_paid_so_far_and_the_cost_are_the_deals_scores_trick_by_trick():
    walk = show_tricks(fresh(7, NO_HEARTS), 8)
    again = fresh(7, NO_HEARTS)
    before = again.scores()
    for t in walk.tricks:
        for p in t.plays:
            again.play(p.card)
        assert t.paid == again.scores()
        assert t.cost == tuple(b - a for a, b in zip(before, t.paid, strict=True))
        before = t.paid
    assert sum(t.cost[t.winner] for t in walk.tricks) == sum(again.scores())
    assert any(t.cost == (0, 0, 0, 0) for t in walk.tricks), "a trick without hearts costs nothing"
    assert "it costs nothing" in walk.cost_words(next(t for t in walk.tricks if not any(t.cost)))


@pytest.mark.parametrize("style", ["german", "french"])
def test_the_reasons_are_the_bots_explain_in_the_faces_words(style):
    walk = show_tricks(fresh(), 8, style=style)
    again, bot = fresh(), HeuristicBot()
    assert walk.style == style
    for t in walk.tricks:
        for p in t.plays:
            with naming(style):
                choice = bot.decide(again.observation(p.seat))
            assert (choice.card, choice.reason) == (p.card, p.reason) and p.reason
            again.play(p.card)


def test_a_german_deal_names_its_cards_in_german_words():
    walk = show_tricks(fresh(), 8)
    assert walk.style == "german"
    first = walk.trick(1).plays[0].card
    assert walk.say(first) == "the " + walk.name(first) == "the 8 of Hearts"
    for t in walk.tricks:
        for p in t.plays:
            assert not FRENCH_WORDS.search(p.reason), p.reason
    french = show_tricks(fresh(pack="french-52"), 2)
    assert french.style == "french" and any(FRENCH_WORDS.search(p.reason) for p in french.trick(1).plays)


def test_a_walk_goes_on_from_where_the_deal_stands_and_takes_another_bot():
    deal = fresh(3)
    first = show_tricks(deal, 3, RandomBot(seed=1))
    rest = show_tricks(deal, 8)
    assert [t.number for t in first.tricks] == [1, 2, 3] and [t.number for t in rest.tricks] == [4, 5, 6, 7, 8]
    assert show_tricks(deal, 8).tricks == ()
    with pytest.raises(KeyError, match="tricks shown: 1, 2, 3"):
        first.trick(4)


def test_a_trick_begun_before_the_walk_shows_its_early_cards_without_a_reason():
    deal = fresh()
    deal.play(deal.legal()[0])
    walk = show_tricks(deal, 1)
    assert walk.trick(1).plays[0].reason == "" and all(p.reason for p in walk.trick(1).plays[1:])
    assert "played before" in walk._repr_html_() and "(played before)" in str(walk)


@pytest.mark.parametrize("until", [-1, 9])
def test_refuses_a_trick_count_the_deal_does_not_have(until):
    with pytest.raises(ValueError, match="8 tricks"):
        show_tricks(fresh(), until)


def test_the_display_has_one_trick_a_row_with_faces_reasons_winner_and_paid_so_far():
    walk = show_tricks(fresh(), 5)
    page = walk._repr_html_()
    assert page.count('class="ks-walk-trick"') == 5 and page.count("<svg") >= 5 * 4
    for t in walk.tricks:
        assert f"<b>Trick {t.number}</b>" in page
        assert walk.cost_words(t) in page and walk.paid_words(t) in page
    assert "<b>Daus of Hearts</b>" in page and "Seat 2 wins it and pays 5 pfennig" in page
    assert not re.search(r"[♠♣♥♦]", page), "German faces, German words: no French symbol anywhere"
    text = str(walk)
    assert text.count("Trick ") == 5 and "Paid so far: Seat 0 0, Seat 1 5, Seat 2 5, Seat 3 0." in text
    assert repr(walk).startswith("TrickWalk(No Tricks: tricks 1 to 5")


def test_the_display_follows_set_display():
    try:
        set_display(style="french")
        walk = show_tricks(fresh(), 1)
        assert walk.style == "french" and "♥" in walk._repr_html_()
    finally:
        set_display(style=None)

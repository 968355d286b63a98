"""Quiz widgets: positions from seeds, feedback from the engine, every bad path harmless."""

import pytest

from keinstich.bots.heuristic import HeuristicBot
from keinstich.cards import card, cards
from keinstich.coach import verdict
from keinstich.contracts import NO_HEARTS, NO_TRICKS
from keinstich.layoff import DominoDeal
from keinstich.tricks import TrickDeal
from keinstich.wording import naming
from keinstich_widgets.quiz import BestCardQuiz, LegalCardsQuiz, QuizError, dealt_pack, quiz_position


def follow_position() -> TrickDeal:
    """Seat 1 leads the Ace of Leaves; seat 0 holds QS 7S KH: it must follow with a spade."""
    deal = TrickDeal([cards("QS 7S KH"), cards("AS 8S 9H")], NO_HEARTS, leader=1)
    deal.play("AS")
    return deal


def duck_position() -> TrickDeal:
    """No Tricks, seat 1 leads QS. Worked out by hand: 7S ducks and seat 0 pays nothing whatever
    seat 1 does next; KS wins the trick (5), and seat 1 then takes the rest only if led a heart."""
    deal = TrickDeal([cards("KS 7S 7H"), cards("QS 8H AH")], NO_TRICKS, leader=1)
    deal.play("QS")
    return deal


# --- positions ---------------------------------------------------------------------------------------


def test_quiz_position_plays_the_asked_tricks_and_cards() -> None:
    deal = quiz_position("no-hearts", 5, tricks_played=2, in_trick=3)
    assert isinstance(deal, TrickDeal) and len(deal.tricks) == 2 and len(deal.trick) == 3
    again = quiz_position("no-hearts", 5, tricks_played=2, in_trick=3)
    assert again.plays == deal.plays  # the same seed gives the same position


def test_quiz_position_finds_a_position_that_passes_want() -> None:
    for seed in range(12):
        deal = quiz_position("no-obers", seed, want=lambda d: 0 < len(d.legal()) < len(d.hand(d.turn)))
        assert 0 < len(deal.legal()) < len(deal.hand(deal.turn))


def test_quiz_position_refuses_bad_requests() -> None:
    with pytest.raises(QuizError, match="unknown kein-stich contract"):
        quiz_position("no-such", 1)
    with pytest.raises(QuizError, match="tricks_played"):
        quiz_position("no-hearts", 1, tricks_played=8)
    with pytest.raises(QuizError, match="in_trick"):
        quiz_position("no-hearts", 1, in_trick=4)


def test_domino_positions() -> None:
    deal = quiz_position("domino", 3, tricks_played=1, in_trick=0)
    assert isinstance(deal, DominoDeal) and len(deal.plays) == 4 and not deal.is_over


# --- which cards may you play? -----------------------------------------------------------------------


def test_check_with_nothing_selected_only_asks_for_a_choice() -> None:
    deal = follow_position()
    quiz = LegalCardsQuiz(deal)
    quiz.check_button.click()
    assert "Select the cards" in quiz.feedback.value and quiz.asked == 0
    assert deal.plays == ((1, card("AS")),) and deal.turn == 0


def test_wrong_then_right_with_reasons_per_card() -> None:
    deal = follow_position()
    quiz = LegalCardsQuiz(deal, names=["You", "Ann"])
    quiz.hand.click("QS")
    assert "ks-lit" in quiz.hand.button("QS")._dom_classes
    quiz.check_button.click()
    text = quiz.feedback.value
    assert "Not quite" in text
    assert "you must follow Leaves" in text and "you left it out" in text  # 7S is legal but not chosen
    assert (quiz.asked, quiz.right) == (1, 0)
    quiz.hand.click("7S")
    quiz.check_button.click()
    assert "Right!" in quiz.feedback.value and (quiz.asked, quiz.right) == (1, 0)  # first try counts
    quiz.hand.click("7S")  # toggles off again
    assert "ks-lit" not in quiz.hand.button("7S")._dom_classes
    assert deal.plays == ((1, card("AS")),)


def test_show_answer_rings_the_legal_cards() -> None:
    quiz = LegalCardsQuiz(follow_position())
    quiz.answer_button.click()
    assert "Answer" in quiz.feedback.value
    assert "ks-lit" in quiz.hand.button("QS")._dom_classes and "ks-lit" not in quiz.hand.button("KH")._dom_classes
    assert quiz.feedback.value.count("✓") == 2 and quiz.feedback.value.count("✗") == 1


def test_next_works_without_a_factory_and_deals_the_next_seed() -> None:
    deal = follow_position()
    quiz = LegalCardsQuiz(deal)  # a hand-typed position: later ones come from its game and contract
    assert not quiz.next_button.disabled
    quiz.next_button.click()
    d = quiz.deal
    assert d is not deal and d.game == deal.game and d.players == 2
    assert 0 < len(d.legal()) < len(d.hand(d.turn)) and "Error" not in quiz.feedback.value
    seeded = LegalCardsQuiz.from_seed("no-hearts", 10)
    first = seeded.deal
    seeded.next_button.click()
    assert seeded.seed == 11 and seeded.deal is not first
    d = seeded.deal
    assert 0 < len(d.legal()) < len(d.hand(d.turn))
    assert seeded.feedback.value == ""


def test_an_error_in_a_callback_shows_in_the_widget() -> None:
    def broken(seed: object) -> TrickDeal:
        raise RuntimeError("no deal today")

    deal = follow_position()
    quiz = LegalCardsQuiz(deal, factory=broken, seed=1)
    quiz.next_button.click()
    assert "RuntimeError: no deal today" in quiz.feedback.value
    assert quiz.deal is deal and quiz.seed == 1


def test_refuses_a_finished_deal_or_a_seat_not_to_move() -> None:
    with pytest.raises(QuizError, match="seat 0's turn"):
        LegalCardsQuiz(follow_position(), seat=1)
    over = TrickDeal([cards("QS"), cards("AS")], NO_HEARTS)
    over.play("QS")
    over.play("AS")
    with pytest.raises(QuizError, match="over"):
        LegalCardsQuiz(over)


def test_domino_legal_quiz() -> None:
    deal = DominoDeal([cards("JC 8C 9C"), cards("QC 10C KC")], leader=0)
    quiz = LegalCardsQuiz(deal)
    quiz.hand.click("JC")
    quiz.check_button.click()
    assert "Right!" in quiz.feedback.value
    assert "you must lay the Unter of Acorns first" in quiz.feedback.value


# --- which card would you play? ----------------------------------------------------------------------


def test_the_coach_judges_the_card_and_all_hands_open_is_a_second_view() -> None:
    deal = duck_position()
    quiz = BestCardQuiz(deal, open_hands=True)
    assert quiz.hand.button("7H").disabled and "must follow" in quiz.hand.button("7H").tooltip
    quiz.hand.click("7H")  # disabled: nothing chosen
    assert quiz.chosen is None
    quiz.check_button.click()
    assert "Click the card" in quiz.feedback.value and quiz.asked == 0
    quiz.hand.click("KS")
    quiz.check_button.click()
    quiz.wait(60)  # a judge that takes a while answers from its thread (the kernel's first call compiles)
    text = quiz.feedback.value
    assert "A blunder." in text and "König of Leaves costs 5 pf against 7 of Leaves" in text and "Spades" not in text
    assert "after König of Leaves you take this trick with König of Leaves (5 pf)" in text  # the real trick
    assert text.index("König of Leaves") < text.index("7 of Leaves is best")  # your card first, then the best
    assert "does not decide the grade" in text  # the open view is labelled as a second view
    assert "7 of Leaves: 0 pf (best)" in text and "König of Leaves: 5 pf" in text
    quiz.hand.click("7S")
    quiz.check_button.click()
    assert "Good choice" in quiz.feedback.value and (quiz.asked, quiz.right) == (1, 0)
    assert deal.plays == ((1, card("QS")),)


def test_a_card_the_coach_grades_best_or_fine_is_counted_right() -> None:
    quiz = BestCardQuiz.set("no-hearts", seed=3)
    v = verdict(quiz.deal)
    good, bad = v.good, [m for m in v.legal if v.grade(m) in ("mistake", "blunder")]
    assert good and bad  # a set's position: the choice matters
    quiz.hand.click(good[-1])
    quiz.check_button.click()
    quiz.wait(60)
    assert (quiz.asked, quiz.right) == (1, 1)
    assert ("Good choice" if v.grade(good[-1]) == "best" else "Good: close to the best") in quiz.feedback.value


def test_the_answer_shows_the_coachs_best_cards_and_the_rule_of_thumb() -> None:
    deal = duck_position()
    with naming("german"):  # the quiz's faces: the reason names the cards as the learner sees them
        expected = HeuristicBot(pack=dealt_pack(deal)).explain(deal.observation(0))
    assert "the Ober of Leaves" in expected.reason and "♠" not in expected.reason
    quiz = BestCardQuiz(deal)
    quiz.answer_button.click()
    quiz.wait(60)
    text = quiz.feedback.value.replace("&#x27;", "'")
    assert "7 of Leaves is best from what you could know" in text
    assert f"the rule of thumb plays 7 of Leaves too: {expected.reason}" in text
    assert "ks-lit" in quiz.hand.button("7S")._dom_classes


def test_an_old_judge_is_refused_in_words() -> None:
    with pytest.raises(QuizError, match="one judge"):
        BestCardQuiz(duck_position(), judge="solver")
def test_a_domino_deal_is_no_best_card_question() -> None:
    with pytest.raises(QuizError, match="trick deals"):
        BestCardQuiz(DominoDeal([cards("JC 8C"), cards("QC 10C")]))

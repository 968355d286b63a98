"""Quiz sets: a running score, Next through the set (domino included), a summary, another set;
feedback about the learner's own card; nothing shown gives the answer away before Check."""

from keinstich.cards import Card, cards
from keinstich.coach import verdict
from keinstich.deal import Deal
from keinstich.faces import card_name
from keinstich.layoff import DominoDeal
from keinstich.wording import refusal_words
from keinstich_widgets.quiz import BestCardQuiz, LegalCardsQuiz


def best_and_worst(deal: Deal) -> tuple[Card, Card]:
    """A best card and a worst card of the position, from the coach's verdict directly."""
    v = verdict(deal)
    worst = max(v.legal, key=lambda c: (v.cost(c), c.index))
    assert v.grade(worst) in ("mistake", "blunder")  # a set's position: some card is clearly wrong
    return v.best[0], worst


def no_ring(quiz: BestCardQuiz | LegalCardsQuiz) -> bool:
    return not any("ks-lit" in b._dom_classes for b in quiz.hand.buttons)


def test_a_set_scores_the_first_try_and_ends_with_a_summary_and_another_set() -> None:
    quiz = BestCardQuiz.set("no-hearts", size=3, seed=4)
    assert "position 1 of 3" in quiz.score_html.value and "0 of 0 right" in quiz.score_html.value
    best, worst = best_and_worst(quiz.deal)
    quiz.hand.click(worst)
    quiz.check_button.click()
    quiz.wait(60)
    assert (quiz.right, quiz.asked) == (0, 1) and "0 of 1 right" in quiz.score_html.value
    quiz.hand.click(best)
    quiz.check_button.click()
    quiz.wait(60)
    assert "Good choice" in quiz.feedback.value
    assert (quiz.right, quiz.asked) == (0, 1)  # the first try counts
    first = quiz.deal
    quiz.next_button.click()
    assert quiz.deal is not first and quiz.seed == 5 and "position 2 of 3" in quiz.score_html.value
    assert quiz.feedback.value == "" and quiz.chosen is None
    best, _ = best_and_worst(quiz.deal)
    quiz.hand.click(best)
    quiz.check_button.click()
    quiz.wait(60)
    assert (quiz.right, quiz.asked) == (1, 2) and "1 of 2 right" in quiz.score_html.value
    quiz.next_button.click()
    quiz.next_button.click()  # the third position skipped: the summary
    text = quiz.feedback.value
    assert "Set done: 1 of 3 right" in text and "position 1: trick" in text and "1 skipped" in text
    assert "position 2:" not in text  # answered right: not missed
    assert quiz.next_button.description == "Another set" and quiz.check_button.disabled
    quiz.next_button.click()
    assert quiz.seed == 7 and (quiz.right, quiz.asked, quiz.index) == (0, 0, 0)
    assert quiz.next_button.description == "Next" and not quiz.check_button.disabled


def test_a_set_is_the_same_from_the_same_seed() -> None:
    def walk(quiz: BestCardQuiz) -> list[object]:
        seen = []
        for _ in range(3):
            seen.append((quiz.deal.dealt, quiz.deal.history))
            quiz.next()
        return seen

    one = walk(BestCardQuiz.set("no-obers", difficulty="hard", size=3, seed=2))
    two = walk(BestCardQuiz.set("no-obers", difficulty="hard", size=3, seed=2))
    assert one == two and len({dealt for dealt, _ in one}) == 3


def test_feedback_is_about_the_learners_card_first_then_the_best() -> None:
    for seed in range(4):
        quiz = BestCardQuiz.set("no-tricks", size=1, seed=seed)
        best, worst = best_and_worst(quiz.deal)
        quiz.hand.click(worst)
        quiz.check_button.click()
        quiz.wait(60)
        text = quiz.feedback.value
        mine, top = card_name(worst, quiz.style, "en"), card_name(best, quiz.style, "en")
        about_mine, about_best = text.split("<br>")[:2]
        assert f"{mine} costs " in about_mine and "Good choice" not in text  # the learner's card, what it costs
        assert " pf" in about_mine
        assert about_best.startswith("Best here:") and top in about_best  # then the best cards, plainly
        assert "<br><details" not in text and "<br><div" not in text  # no empty line opened above a block
        how = text.split("How was this judged?", 1)[1]  # the method, folded away
        assert " best from what you could know" in how and " best from what you could know" not in about_mine


def test_legal_quiz_names_the_wrong_picks_with_their_rule() -> None:
    quiz = LegalCardsQuiz.set("no-hearts", size=2, seed=1)
    deal = quiz.deal
    wrong = next(c for c in deal.hand(deal.turn) if c not in deal.legal())
    quiz.hand.click(wrong)
    quiz.check_button.click()
    text = quiz.feedback.value.replace("&#x27;", "'")
    name = card_name(wrong, quiz.style, "en")
    reason = refusal_words(deal.why_illegal(wrong, deal.turn), style=quiz.style, you=True) or "?"
    assert f"You chose <b>{name}</b>, but {reason}" in text and reason.startswith("you ")  # said to the learner
    assert "0 of 1 right" in quiz.score_html.value


def test_next_on_domino_quizzes() -> None:
    deal = DominoDeal([cards("JC 8C 9C"), cards("QC 10C KC")], leader=0)
    quiz = LegalCardsQuiz(deal, size=3)
    assert not quiz.next_button.disabled
    quiz.hand.click("JC")
    quiz.check_button.click()
    quiz.next_button.click()
    assert quiz.deal is not deal and quiz.deal.game == deal.game and quiz.index == 1
    assert 0 < len(quiz.deal.legal()) < len(quiz.deal.hand(quiz.deal.turn))
    seeded = LegalCardsQuiz.set("herzeln-domino", game="herzeln", size=2, seed=3)
    seen = [seeded.deal]
    seeded.next_button.click()
    seen.append(seeded.deal)
    assert seen[0] is not seen[1] and all(d.result().places is not None for d in seen)
    seeded.next_button.click()
    assert "Set done: 0 of 2 right" in seeded.feedback.value


def test_nothing_gives_the_answer_away_before_check() -> None:
    for seed in range(3):
        quiz = BestCardQuiz.set("no-hearts", size=1, seed=seed)
        assert no_ring(quiz) and quiz.feedback.value == ""
        best, _ = best_and_worst(quiz.deal)
        assert card_name(best, quiz.style, "en") not in quiz.position.value + quiz.title.value
        quiz.answer_button.click()
        quiz.wait(60)
        assert not no_ring(quiz)  # Show answer rings the best card
    domino = LegalCardsQuiz.set("domino", size=1, seed=2)
    assert no_ring(domino) and not any(b.disabled for b in domino.hand.buttons)
    assert "#e69500" not in domino.table_box.children[0].value  # no gold frame on the cards that fit


def test_next_after_a_herzblatt_trick_play_position() -> None:
    """Lesson 11 asks about a Herzblatt deal's trick play: Next deals more Herzblatt card play."""
    from keinstich.bots.heuristic import HeuristicBot
    from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules

    deal = HerzblattDeal.from_seed(16, HerzblattRules(players=3))
    bot = HeuristicBot()
    while len(deal.tricks) < 3 or not deal.trick_deal.trick:
        deal.play(bot.decide(deal.observation(deal.turn)).move)
    quiz = BestCardQuiz(deal.trick_deal, style="french")
    quiz.next_button.click()
    assert quiz.deal.game == "herzblatt" and quiz.deal.phase == "play" and len(quiz.deal.legal()) >= 2
    assert "Error" not in quiz.feedback.value and quiz.index == 1

"""The lessons' quizzes ask only instructive positions (some card a mistake, as the drills define it): the sets the
lessons build are drill sets, and a quiz started at a lesson's own position goes on with instructive ones. The
position shows what the learner could know: the tricks so far, the voids shown, the cards not seen yet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keinstich.coach import verdict
from keinstich.drills import drill_set
from keinstich.positions import has_choice, quiz_position
from keinstich_widgets.quiz import BestCardQuiz

LESSONS = sorted((Path(__file__).resolve().parents[2] / "lessons").glob("[0-9][0-9]-*.ipynb"))
SETS = re.compile(r'BestCardQuiz\.set\(\\"([a-z-]+)\\", seed=(\d+)\)')


def lesson_sets() -> list[tuple[str, str, int]]:
    return [(p.stem, m.group(1), int(m.group(2))) for p in LESSONS for m in SETS.finditer(p.read_text())]


def test_no_lesson_asks_positions_that_may_teach_nothing() -> None:
    sources = {p.stem: p.read_text() for p in LESSONS}
    assert not [name for name, text in sources.items() if "BestCardQuiz.from_seed" in text]
    assert {name for name, _c, _s in lesson_sets()} >= {"03-no-tricks", "04-no-hearts", "05-no-obers"}


@pytest.mark.parametrize(("lesson", "contract", "seed"), lesson_sets())
def test_every_position_of_a_lesson_quiz_has_a_mistake(lesson: str, contract: str, seed: int) -> None:
    for d in drill_set(contract, seed, 8):
        v = verdict(d.deal)
        assert any(v.grade(m).bad for m in v.legal), f"{lesson}: every card is good in {d.deal!r}"


def test_a_quiz_from_a_position_goes_on_with_instructive_ones() -> None:
    quiz = BestCardQuiz(quiz_position("no-tricks", 8, want=has_choice))
    for _ in range(3):
        quiz.next()
        v = verdict(quiz.deal)
        assert any(v.grade(m).bad for m in v.legal), repr(quiz.deal)


def test_a_position_shows_what_the_learner_could_know() -> None:
    quiz = BestCardQuiz.set("no-tricks", seed=8)
    d = quiz.deal
    assert d.trick_deal is not None and d.trick_deal.tricks  # the set's first position is after trick 1
    shown = quiz.position.value
    assert "Tricks so far" in shown and "Not seen yet" in shown
    for t in d.trick_deal.tricks:
        assert all(c.label(quiz.style) in shown for c in t.cards)


def test_a_herzblatt_defender_is_told_whom_it_plays_with() -> None:
    """Lesson 11's quiz: seat 0 defends against seat 2 in a three-player deal, so its one partner is seat 1."""
    from keinstich.bots import HeuristicBot
    from keinstich.faces.known import role
    from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules
    from keinstich.i18n import use_language

    d = HerzblattDeal.from_seed(29, HerzblattRules(players=3))
    bot = HeuristicBot()
    while len(d.tricks) < 2 or d.trick_deal is None or not d.trick_deal.trick:  # as the lesson plays it
        assert d.turn is not None
        d.play(bot.decide(d.observation(d.turn)).move)
    assert (d.soloist, d.turn) == (2, 0)
    assert role(d, 0) == "You defend: seat 2 is the soloist; you play with seat 1 against it."
    with use_language("de"):
        assert role(d, 0) == "Du bist Gegenspieler: Platz 2 ist der Spieler; du spielst mit Platz 1 gegen ihn."

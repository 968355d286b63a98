"""Slow questions in the widgets: "Best card?" in a long lay-off search, a slow Hint, a slow quiz
judge. Each shows a progress note at once and a Stop button, stops for real, and leaves the widget's
state as it was; a Table stalled by a failing bot resumes when the seat gets another bot."""

from __future__ import annotations

import threading
import time

import pytest

from keinstich.bots.heuristic import HeuristicBot, play_deal
from keinstich.cards import card, cards
from keinstich.contracts import NO_HEARTS, NO_TRICKS
from keinstich.layoff import DominoDeal, domino_contract
from keinstich.tricks import TrickDeal
from keinstich_widgets.quiz import BestCardQuiz
from keinstich_widgets.replay import Replay
from keinstich_widgets.table import Table

HANDS = [cards("7C 8C 9C 10C 7S 8S 9S 10S"), cards("JC QC KC AC JS QS KS AS"),
         cards("7H 8H 9H 10H 7D 8D 9D 10D"), cards("JH QH KH AH JD QD KD AD")]


def voluntary_replay(**kwargs: object) -> Replay:
    """A whole voluntary-pass lay-off deal, shown at step 1: early, far too big to solve at once."""
    deal = DominoDeal.from_seed("german-32", 4, 1, domino_contract("acorns", voluntary_pass=True, pass_fee=10))
    play_deal(deal, [HeuristicBot()] * 4)
    r = Replay(deal, **kwargs)  # type: ignore[arg-type]
    r.go(1)
    return r


def eventually(test: object, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_best_card_shows_progress_and_stop_ends_the_search() -> None:
    r = voluntary_replay()
    r.best_button.click()
    assert r.thinking.value == "<i>the solver is thinking… 0.0 s</i>"  # at once, before any answer
    assert r.stop_button.layout.display == "" and r.best_button.disabled
    first = r.thinking.value
    assert eventually(lambda: r.thinking.value != first)  # the note counts the seconds
    assert "the solver is thinking…" in r.thinking.value
    r.go(2)  # the widget stays usable while it thinks
    r.go(1)
    r._on_best()
    assert "still thinking about step 1" in r.messages.text
    thread = r._job.thread
    r.stop_button.click()
    assert r.thinking.value == "<i>stopped</i>" and r.stop_button.layout.display == "none"
    assert not r.best_button.disabled and r.answer.value == "" and r.step == 1 and 1 not in r._asked
    assert thread is not None
    thread.join(30)
    assert not thread.is_alive()  # the search checked its budget and ended: a real stop
    assert r.thinking.value == "<i>stopped</i>" and r.answer.value == ""


def test_best_card_at_its_time_limit_says_what_is_estimated() -> None:
    r = voluntary_replay(time_limit=0.3)
    r.best_button.click()
    assert r.wait(60)
    text = r.answer_text()
    assert text.startswith("Best for Seat")
    assert "Estimate: the search stopped at its time limit of 0.3 s before it finished" in text
    answer = r._bounds[1]
    assert not answer.exact and answer.stopped == "time limit"
    for m, v in answer.values.items():
        assert answer.low[m] <= v <= answer.high[m]
        assert (f"between {answer.low[m]} and {answer.high[m]}" in text) != answer.is_exact(m)


def test_an_exact_lay_off_answer_has_no_estimate() -> None:
    r = voluntary_replay(synchronous=True)
    r.go(len(r.plays) - 3)
    r.best_button.click()
    assert "Estimate" not in r.answer_text() and r.best(r.step)[0]


def gated_coach(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The coach's verdict behind a gate the test opens: a slow Hint the test controls (pondering ahead is left
    to run, but the Hint never takes its answer as known)."""
    import keinstich_widgets.table as table_module

    gate = threading.Event()
    real = table_module.verdict

    def slow(position, **kwargs):  # type: ignore[no-untyped-def]
        assert gate.wait(10), "the test never opened the gate"
        return real(position, **kwargs)

    monkeypatch.setattr(table_module, "verdict", slow)
    monkeypatch.setattr(table_module, "known", lambda position: False)
    return gate


def test_a_slow_hint_thinks_in_a_thread_and_a_stale_answer_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = gated_coach(monkeypatch)
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0)
    table.hint_button.click()
    assert table.hint_job.note.value == "<i>the coach is thinking… 0.0 s</i>"
    assert table.hint_job.stop_button.layout.display == ""
    table.hint_button.click()
    assert "still thinking" in table.messages.text
    table.card_button("7C").click()  # the learner plays on meanwhile
    assert table.deal.plays[0] == (0, card("7C"))
    gate.set()
    assert table.hint_job.wait(10)
    assert table.hint_note.value == ""  # the answer was for the position before 7C
    assert not any("ks-lit" in b._dom_classes for b in table.hand_view.buttons)


def test_stop_a_slow_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = gated_coach(monkeypatch)
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0)
    table.hint_button.click()
    thread = table.hint_job.thread
    table.hint_job.stop_button.click()
    assert table.hint_job.note.value == "<i>stopped</i>" and not table.hint_job.busy
    gate.set()
    assert thread is not None
    thread.join(10)
    assert table.hint_note.value == "" and table.deal.plays == ()
    table.hint_button.click()  # asked again, it answers, beside the Hint button
    assert table.hint_job.wait(10) and "The coach suggests" in table.hint_note.value


class BrokenOnce(HeuristicBot):
    name = "broken"

    def explain(self, obs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the bot's circuits melted")


def test_choosing_another_bot_resumes_a_deal_stalled_by_a_failing_bot() -> None:
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", BrokenOnce(), "heuristic", "heuristic"])
    table.card_button("7C").click()
    assert table.wait(10) and "circuits melted" in table.messages.text
    assert table.deal.plays == ((0, card("7C")),) and table.session.stalled
    table.bot_boxes[1].value = "heuristic"
    assert table.wait(10)
    assert len(table.deal.plays) > 1 and table.deal.turn == 0 and not table.session.stalled


def test_a_slow_quiz_judge_shows_progress_and_stops() -> None:
    deal = TrickDeal([cards("KS 7S 7H"), cards("QS 8H AH")], NO_TRICKS, leader=1)  # seat 0 should duck with 7S
    deal.play("QS")
    quiz = BestCardQuiz(deal)
    gate = threading.Event()
    judge = quiz._assess

    def slow(d, move):  # type: ignore[no-untyped-def]
        assert gate.wait(10)
        return judge(d, move)

    quiz._assess = slow  # type: ignore[method-assign]
    quiz.hand.click("KS")
    quiz.check_button.click()  # returns after a short wait, thinking on
    assert "the judge is thinking…" in quiz._job.note.value and quiz._job.stop_button.layout.display == ""
    thread = quiz._job.thread
    quiz._job.stop_button.click()
    assert "Stopped" in quiz.feedback.value and quiz.asked == 0 and quiz.chosen == card("KS")
    gate.set()
    assert thread is not None
    thread.join(10)
    assert "Stopped" in quiz.feedback.value and quiz.asked == 0  # the late answer is dropped
    quiz.check_button.click()
    assert quiz.wait(10) and "König of Leaves costs" in quiz.feedback.value and quiz.asked == 1

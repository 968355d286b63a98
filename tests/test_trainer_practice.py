"""Practice sessions: a review's two mistakes come back permuted on the following days, the weak theme shows
on the dashboard and can be practised, a wrong try gets a layout that beats it, and bad requests are refused."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest

from keinstich.bots.play import bot_move
from keinstich.bots.random import RandomBot
from keinstich.coach import Review, review
from keinstich.coach.equivalence import Relabel, seat_view
from keinstich.deal import Deal
from keinstich.games import GAMES
from keinstich.trainer.bank import shipped
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import Practice, PracticeError, SimulatedClock, add_mistakes, view_id
from keinstich.trainer.themes import THEMES

START = datetime(2025, 3, 3, 18, tzinfo=UTC)


@cache
def deal_with_two_mistakes() -> tuple[Deal, Review]:
    """A No Hearts deal in which seat 0 plays at random (the other seats heuristic) and its review finds exactly
    two mistakes or blunders: the first such seed."""
    from keinstich.bots.heuristic import HeuristicBot

    for seed in range(200):
        deal = GAMES["kein-stich"].deal("no-hearts", seed)
        me, others = RandomBot(seed), HeuristicBot(pack="german-32")
        while not deal.over:
            s = deal.turn
            assert s is not None
            deal.play(bot_move(me if s == 0 else others, deal.observation(s)), s)
        r = review(deal, 0, open_hands=False)
        if len(r.mistakes) == 2:
            return deal, r
    raise AssertionError("no deal with two mistakes in 200 seeds")


def test_two_mistakes_come_back_permuted_on_the_following_days(tmp_path: Path) -> None:
    deal, r = deal_with_two_mistakes()
    memory = Memory.open(tmp_path / "m.sqlite3")
    clock = SimulatedClock(START)
    written = add_mistakes(memory, deal, r.mistakes, at=clock())
    assert len(written) == 2 and all(w.item is not None for w in written)
    assert add_mistakes(memory, deal, r.mistakes, at=clock())[0].answer is None  # pressed twice: nothing doubled
    practice = Practice(memory, mode="due", clock=clock)
    assert practice.due_count() == 0 and practice.next() is None  # not today

    clock.advance(days=1)
    assert practice.due_count() == 2
    originals = {view_id(deal.rewound(j.index)): deal.rewound(j.index) for j in r.mistakes}
    seen = []
    for wrong_first in (True, False):
        q = practice.next()
        assert q is not None and q.source == "due" and q.view in originals
        original = originals[q.view]
        assert not q.relabel.identity  # renamed: suits permuted (and ranks shifted where No Hearts allows)
        assert seat_view(q.position) != seat_view(original)
        assert view_id(q.position) == q.view  # but the same position up to the renaming
        sol = q.solution()
        if wrong_first:
            bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)
            out = practice.answer(bad)
            assert not out.done and not out.good
            out = practice.answer(sol.good[0])
            assert out.done and out.good and not out.solved
        else:
            out = practice.answer(sol.good[0])
            assert out.done and out.solved
        assert out.written is not None and out.written.due is not None and out.written.due > clock()
        seen.append((q.view, out.written.due))
    assert practice.next() is None and practice.due_count() == 0
    # each comes back on a later day: the one found at the second try sooner than the one found at once
    (_, hard_due), (_, good_due) = seen
    assert clock() < hard_due <= good_due
    clock.now = max(hard_due, good_due)
    assert practice.due_count() == 2
    q = practice.next()
    assert q is not None and q.relabel != seen and not q.relabel.identity


def test_the_weak_theme_shows_and_can_be_practised(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.sqlite3")
    practice = Practice(memory, mode="theme", theme="duck", clock=SimulatedClock(START))
    for _ in range(4):  # four duck positions, each missed
        q = practice.next()
        assert q is not None and "duck" in q.themes
        sol = q.solution()
        practice.answer(next(m for m in q.position.legal_moves() if not sol.grade(m).good))
        practice.give_up()
    weak = practice.weak_themes()
    assert weak and weak[0][0] == "duck" and weak[0][2] == 4
    practice.set_mode("level")
    for _ in range(3):  # solving other positions does not make duck any less weak
        q = practice.next()
        assert q is not None
        practice.answer(q.solution().good[0])
    assert "duck" in [t for t, _, _ in practice.weak_themes()]
    practice.set_mode("theme", theme=weak[0][0])
    q = practice.next()
    assert q is not None and "duck" in q.themes
    assert [view for view, _, _, _ in practice.missed_most()]  # the missed positions, each one click away
    view = practice.missed_most()[0][0]
    again = practice.again(view)
    assert again.view == view and view_id(again.position) == view


def test_a_wrong_try_gets_a_layout_that_fits_what_the_learner_saw(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.sqlite3")
    practice = Practice(memory, mode="contract", contract="no-tricks", clock=SimulatedClock(START))
    found = 0
    for _ in range(6):
        q = practice.next()
        assert q is not None
        sol = q.solution()
        bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)
        out = practice.answer(bad)
        layout = out.refutation
        if layout is not None:
            found += 1
            seat = q.seat
            assert layout.history == q.position.history and layout.hand(seat) == q.position.hand(seat)
            assert seat_view(layout) == seat_view(q.position)  # it fits everything the learner saw
            # it is the judge's own layout (of the position it judged), renamed into the faces shown
            canon, relabel = sol.canon or sol, sol.relabel or Relabel()
            judged = canon.refutation(relabel.move(bad))
            assert judged is not None
            assert [relabel.inverse().card(c) for c in judged.hand((seat + 1) % 4)] == \
                sorted(layout.hand((seat + 1) % 4), key=lambda c: relabel.card(c).index)
        practice.give_up()
    assert found >= 3


def test_bad_requests_are_refused_and_change_nothing(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.sqlite3")
    practice = Practice(memory, mode="level", clock=SimulatedClock(START))
    with pytest.raises(PracticeError, match="unknown mode 'fast': use one of due, level"):
        practice.set_mode("fast")
    with pytest.raises(PracticeError, match="unknown theme 'luck': use one of duck"):
        practice.set_mode("theme", theme="luck")
    with pytest.raises(PracticeError, match="no positions of contract 'whist': use one of"):
        practice.set_mode("contract", contract="whist")
    with pytest.raises(PracticeError, match="no mistakes"):
        practice.set_mode("mistakes")
    with pytest.raises(PracticeError, match="press Next"):
        practice.answer("QS")
    q = practice.next()
    assert q is not None
    held = set(q.position.hand(q.seat))
    illegal = [c for c in held if c not in q.position.legal()]
    elsewhere = next(c for c in shipped().entries[0].position().dealt[0] if c not in held)
    for move in [*illegal[:1], elsewhere]:
        with pytest.raises(PracticeError, match="you may not play that here"):
            practice.answer(move)
    assert q.tries == [] and not q.done and memory.count() == 0
    assert set(THEMES) >= {t for e in shipped().entries for t in e.themes}


def test_a_card_close_to_the_best_is_accepted_and_a_mistake_is_not(tmp_path: Path) -> None:
    """The trainer accepts what is good, told by the costs and the contract's thresholds (not by the trainer's own
    test of a move): a card that costs less than a mistake, even when it is not the best, is accepted at once; a
    card that costs a mistake or more is not. A trainer accepting only the best cards fails here."""
    from keinstich.bots.heuristic import HeuristicBot
    from keinstich.coach import grades_of, verdict

    found = None
    for seed in range(80):
        deal = GAMES["kein-stich"].deal("no-tricks", f"close:{seed}")
        me, others = RandomBot(seed), HeuristicBot(pack="german-32")
        while not deal.over and found is None:
            s = deal.turn
            assert s is not None
            if s == 0 and len(deal.legal()) > 1:
                v, g = verdict(deal), grades_of(deal)
                close = [m for m in v.legal if g.fine <= v.cost(m) and v.cost(m) + v.margin(m) < g.mistake
                         and m not in v.best]
                costly = [m for m in v.legal if v.cost(m) - v.margin(m) >= g.mistake]
                if close and costly:
                    found = deal.copy(), close[0], costly[0]
            deal.play(bot_move(me if s == 0 else others, deal.observation(s)), s)
        if found:
            break
    assert found is not None, "no position with a card close to the best and a mistake"
    position, close_card, costly_card = found
    for move, right in ((close_card, True), (costly_card, False)):
        practice = Practice.from_review(Memory.open(tmp_path / f"{move}.sqlite3"), _finished(position),
                                        [len(position.history)], clock=SimulatedClock(START))
        q = practice.next()
        assert q is not None and q.position.history == position.history
        out = practice.answer(move)
        assert out.good is right and out.done is right, (move, out.grade)


def _finished(position: Deal) -> Deal:
    """``position`` played on to the end (a review's deal; the practice rewinds it)."""
    from keinstich.bots.heuristic import HeuristicBot

    d = position.copy()
    bot = HeuristicBot(pack="german-32")
    while not d.over:
        s = d.turn
        assert s is not None
        d.play(bot_move(bot, d.observation(s)), s)
    return d

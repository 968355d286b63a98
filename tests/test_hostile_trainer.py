"""The trainer's practice session against a careless learner: a wrong first try on a lay-off or Herzblatt position
gets its second try (and the layout that beats the card), a move that is no move is refused in one sentence, the same
answer sent twice is written once, and a try that fails to be judged counts for nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from guards import one_sentence

from keinstich.coach import Verdict
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import Practice, PracticeError, SimulatedClock

START = datetime(2025, 3, 3, 18, tzinfo=UTC)


def practice(contract: str, **kw: object) -> Practice:
    return Practice(Memory.open(":memory:"), mode="contract", contract=contract, clock=SimulatedClock(START),
                    **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("contract", ["domino", "herzeln-domino", "herzeln-domino-rows", "herzblatt-3", "herzblatt-4",
                                      "herzblatt-5", "no-hearts"])
def test_a_wrong_first_try_gets_a_second_try_in_every_game(contract: str) -> None:
    p = practice(contract)
    q = p.next()
    assert q is not None
    sol = q.solution()
    bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)
    out = p.answer(bad)
    assert not out.done and out.tries == 1 and q.tries == [bad] and p.memory.count() == 0
    if out.refutation is not None:  # the layout that beats the card: the position shown, the hidden hands dealt anew
        assert out.refutation.hand(q.seat) == q.position.hand(q.seat)
        assert out.refutation.players == q.position.players
    good = next(m for m in q.position.legal_moves() if sol.grade(m).good)
    second = p.answer(good)
    assert second.done and second.tries == 2 and not second.solved and p.memory.count() == 1


def test_a_try_that_cannot_be_judged_counts_for_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    p = practice("no-hearts")
    q = p.next()
    assert q is not None
    sol = q.solution()
    bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)

    def broken(self: Verdict, move: object) -> None:
        raise ValueError("the layout could not be worked out")

    monkeypatch.setattr(Verdict, "refutation", broken)
    with pytest.raises(ValueError, match="could not be worked out"):
        p.answer(bad)
    assert q.tries == [] and not q.done and p.memory.count() == 0  # the learner may try again
    monkeypatch.undo()
    assert not p.answer(bad).done and q.tries == [bad]


@pytest.mark.parametrize("move", [[], {}, set(), (), ("QS",), b"QS", 3, 1.5, object(), "XX", "QS@left", "pass pass"])
def test_a_move_that_is_no_move_is_refused_in_one_sentence(move: object) -> None:
    p = practice("no-hearts")
    q = p.next()
    assert q is not None
    with pytest.raises(PracticeError) as caught:
        p.answer(move)  # type: ignore[arg-type]
    one_sentence(caught.value)
    assert q.tries == [] and not q.done and p.memory.count() == 0


def test_a_list_holding_a_card_is_refused_too() -> None:
    p = practice("no-hearts")
    q = p.next()
    assert q is not None
    card = q.position.legal()[0]
    for move in ([card], {card}, {card: 1}, (card,)):
        with pytest.raises(PracticeError, match="a move is one card") as caught:
            p.answer(move)  # type: ignore[arg-type]
        one_sentence(caught.value)
    assert q.tries == [] and p.memory.count() == 0
    assert p.answer(card.code).move == card  # its code is read as the card


def test_an_answer_is_written_once_however_often_it_is_sent() -> None:
    p = practice("no-tricks")
    q = p.next()
    assert q is not None
    sol = q.solution()
    bad = next(m for m in q.position.legal_moves() if not sol.grade(m).good)
    good = next(m for m in q.position.legal_moves() if sol.grade(m).good)
    p.answer(bad)
    with pytest.raises(PracticeError, match="you tried that card already"):
        p.answer(bad)  # a double click on the wrong card: no second try
    assert q.tries == [bad]
    p.answer(good)
    with pytest.raises(PracticeError, match="press Next"):
        p.answer(good)  # a double click on the right one: no second answer
    assert p.memory.count() == 1 and p.memory.ratings("overall")["all"][1] == 1 and p.asked == 1
    q.done, q.tries = False, [bad]  # even a second write of the same question (two threads at once) changes nothing
    again = p.answer(good)
    assert again.written is not None and again.written.answer is None  # the memory knew its key
    assert p.memory.count() == 1 and p.memory.ratings("overall")["all"][1] == 1


def test_a_deck_item_that_does_not_replay_is_passed_over(tmp_path) -> None:
    """A file an older kit loaded without checking may hold a position that does not replay: the trainer still opens,
    and serves the items that do."""
    from datetime import timedelta

    from keinstich.trainer.bank import shipped
    from keinstich.trainer.memory import Answer

    m = Memory.open(tmp_path / "m.sqlite3")
    for k, e in enumerate(shipped().entries[:2]):
        m.record(Answer(at=START, source="trainer", game=e.game, contract=e.contract, family=e.family,
                        position=e.code, view=f"view-{k}", move="QS", grade="mistake", cost=5.0, solved=False,
                        tries=None, bank=e.id))
    m.db.execute("UPDATE items SET position = '{\"format\": \"keinstich-record/1\"}' WHERE view = 'view-0'")
    p = Practice(m, mode="due", clock=SimulatedClock(START + timedelta(days=2)))
    q = p.next()
    assert q is not None and q.view == "view-1"
    p.give_up()
    assert p.next() is None

"""The deck's schedule: FSRS with target recall 0.9, deterministic under a fixed clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from keinstich.trainer.glicko import Rating
from keinstich.trainer.memory import Answer, Memory
from keinstich.trainer.schedule import RECALL, grade_of, new, recall, review

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


def run(memory: Memory) -> list[datetime]:
    """A week of practice under a fixed clock: two misses, then every item answered when due (right, hard,
    wrong), returning the due dates the memory wrote."""
    dues = []
    for k in range(2):
        w = memory.record(Answer(at=T0 + timedelta(minutes=k), source="review", game="kein-stich",
                                 contract="no-hearts", family="kein-stich/tricks", position="{}", view=f"v{k}",
                                 move="QS", grade="mistake", cost=5, solved=False, tries=None, key=f"miss-{k}"))
        assert w.due is not None
        dues.append(w.due)
    now = T0
    for step, tries in enumerate([1, 2, None, 1, 1, 1]):
        now = now + timedelta(days=1)
        for item in memory.due(now):
            w = memory.record(Answer(at=now, source="trainer", game="kein-stich", contract="no-hearts",
                                     family="kein-stich/tricks", position="{}", view=item.view, move="QS", grade="best",
                                     cost=0, solved=tries == 1, tries=tries, item=item.id, rated=True,
                                     position_rating=Rating(), key=f"{step}-{item.id}"))
            assert w.due is not None
            dues.append(w.due)
    return dues


def test_due_dates_are_the_same_on_every_run(tmp_path: Path) -> None:
    a = run(Memory.open(tmp_path / "a.sqlite3"))
    b = run(Memory.open(tmp_path / "b.sqlite3"))
    assert a == b and len(a) > 4


def test_a_miss_comes_back_the_next_day_and_a_success_later() -> None:
    memo = review(new(1, T0), None, T0)
    assert memo.due == T0 + timedelta(days=1)
    good = review(memo, 1, memo.due)
    hard = review(memo, 2, memo.due)
    again = review(memo, None, memo.due)
    assert good.due > hard.due >= again.due > memo.due
    # each later success waits longer
    later = review(good, 1, good.due)
    assert later.due - good.due > good.due - memo.due


def test_target_recall() -> None:
    assert RECALL == 0.9
    memo = review(review(new(1, T0), None, T0), 1, T0 + timedelta(days=1))
    # FSRS schedules the next review when the chance of recall has fallen to the target
    assert abs(recall(memo, memo.due) - RECALL) < 0.02
    assert recall(memo, memo.due - timedelta(days=1)) > RECALL


def test_ratings_of_an_answer() -> None:
    assert [grade_of(t).name for t in (1, 2, None)] == ["Good", "Hard", "Again"]

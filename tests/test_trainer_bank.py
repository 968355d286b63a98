"""The bank of rated positions shipped with the package: made by the judge the trainer uses today, small enough
for Binder, every position replayable with a clear answer, its themes and rating; and every position's answer
still what the judge says (checked in eight parts, so `make unit` spreads them over its workers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keinstich.coach.fair import key
from keinstich.trainer import bank as banks
from keinstich.trainer.positions import choice
from keinstich.trainer.themes import THEMES
from keinstich.trainer.verdicts import JUDGE, stamp

PARTS = 8
REMAKE = "the coach's judge changed since the bank was made: make it again with `make bank` (scripts/make_bank.py)"


def test_the_bank_was_made_by_todays_judge() -> None:
    b = banks.shipped()
    assert b.header["judge"] == JUDGE, REMAKE
    assert b.stamp == stamp(), REMAKE


def test_the_bank_is_small_and_covers_every_game_and_contract() -> None:
    b = banks.shipped()
    size = Path(banks.__file__).with_name(banks.FILE).stat().st_size
    assert size < 1_000_000, f"the bank is {size} bytes: too big for Binder"
    assert 2000 <= len(b) <= 5000
    assert {e.game for e in b.entries} == {"kein-stich", "herzeln", "herzblatt"}
    assert {e.family for e in b.entries} >= {"kein-stich/tricks", "kein-stich/domino", "herzeln/tricks",
                                              "herzeln/domino", "herzblatt/tricks"}
    assert len({e.id for e in b.entries}) == len(b)
    assert set(b.themes()) <= set(THEMES)
    assert {"duck", "shed", "exit", "void", "count", "block", "trump"} <= set(b.themes())


def test_the_ratings_are_seeded_by_the_bots() -> None:
    b = banks.shipped()
    for e in b.entries:
        assert set(e.solved_by) == {name for name, _, _ in banks.BOTS}
        seeded = banks.first_rating(e.solved_by)  # the chances are stored to 3 decimals, the rating to 0.1
        assert e.rating.rating == pytest.approx(seeded.rating, abs=0.5)
        assert e.rating.rd == pytest.approx(seeded.rd, abs=0.5)
        assert e.rating.volatility == pytest.approx(seeded.volatility, abs=1e-5)
    by_heuristic = {True: [], False: []}  # type: dict[bool, list[float]]
    for e in b.entries:
        by_heuristic[e.solved_by["heuristic"] == 1.0].append(e.rating.rating)
    # positions the heuristic bot misses are rated higher than those it solves
    assert sum(by_heuristic[False]) / len(by_heuristic[False]) > sum(by_heuristic[True]) / len(by_heuristic[True])


@pytest.mark.parametrize("part", range(PARTS))
def test_every_answer_is_still_the_judges(part: int) -> None:
    b = banks.shipped()
    wrong = []
    for e in b.entries[part::PARTS]:
        position = e.position()
        assert choice(position), e.id
        assert all(key(m) for m in position.legal_moves())
        if (problem := banks.still_right(e)) is not None:
            wrong.append(problem)
    assert not wrong, f"{len(wrong)} positions changed their answer ({REMAKE}):\n" + "\n".join(wrong[:10])


def test_a_bank_file_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bank.jsonl.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(banks.BankError, match="make it with"):
        banks.read(bad)

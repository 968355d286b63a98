"""The learner's memory: one transaction per answer, nothing lost or doubled by a kill, two writers at once,
damaged, foreign and newer files refused clearly, migrations, carrying the progress in a file."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from keinstich.trainer.glicko import Rating
from keinstich.trainer.memory import (
    APPLICATION_ID,
    ENV,
    MIGRATIONS,
    SCHEMA,
    Answer,
    Memory,
    ProgressError,
    default_path,
)

T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
POSITION = json.dumps({"format": "keinstich-record/1", "game": "kein-stich", "contract": "no-hearts",
                       "pack": "german-32", "dealer": 3, "hands": [[r + s for r in RANKS] for s in "CSHD"],
                       "plays": []}, separators=(",", ":"))
"""A position's record that replays (a loaded file's positions are checked)."""


def answer(k: int, *, solved: bool = False, key: str | None = None, view: str | None = None) -> Answer:
    extra = {"key": key} if key else {}
    return Answer(at=T0 + timedelta(minutes=k), source="trainer", game="kein-stich", contract="no-hearts",
                  family="kein-stich/tricks", position=POSITION, view=view or f"view-{k}", move="QS", grade="mistake",
                  cost=5.0, solved=solved, tries=1 if solved else None, themes=("duck", "shed"), bank=f"b:{k}",
                  rated=True, position_rating=Rating(1600, 90), **extra)


def test_one_answer_moves_ratings_and_deck_once(tmp_path: Path) -> None:
    m = Memory.open(tmp_path / "m.sqlite3")
    a = answer(1)
    w = m.record(a)
    assert w.answer is not None and w.before == Rating() and w.after is not None and w.after.rating < 1500
    assert w.item is not None and w.due == T0 + timedelta(minutes=1, days=1)  # a miss comes back the next day
    again = m.record(a)  # the same answer written again (a retry after a crash): nothing changes
    assert again.answer is None
    assert m.count() == 1 and m.count("items") == 1
    assert m.ratings("overall")["all"][1] == 1 and m.ratings("theme")["duck"][1] == 1
    assert {r[1] for r in m.history("theme")} == {"duck", "shed"}
    solved = m.record(answer(2, solved=True))
    assert solved.item is None and solved.change > 0  # a solved bank position does not go into the deck


def test_wal_and_busy_timeout(tmp_path: Path) -> None:
    m = Memory.open(tmp_path / "m.sqlite3")
    assert m.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert m.db.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    assert m.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert m.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA


def test_env_var_points_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    with Memory.open() as m:
        m.record(answer(1))
    assert (tmp_path / "mine.sqlite3").exists()
    monkeypatch.delenv(ENV)
    assert "keinstich" in str(default_path())


CHILD = textwrap.dedent("""
    import sys, time
    from datetime import UTC, datetime, timedelta
    sys.path.insert(0, {tests!r})
    from test_trainer_memory import answer
    from keinstich.trainer.memory import Memory

    class Stopping(Memory):
        def between(self, db):
            if {stop!r}:
                print("inside", flush=True)
                time.sleep(120)

    m = Stopping.open({path!r})
    for k in {keys!r}:
        m.record(answer(k, key=f"answer-{{k}}"))
    print("done", flush=True)
""")


def child(path: Path, keys: list[int], stop: bool) -> subprocess.Popen[str]:
    code = CHILD.format(tests=str(Path(__file__).parent), path=str(path), keys=keys, stop=stop)
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)


def test_a_kill_in_the_middle_of_an_answer_loses_nothing_and_counts_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(0, key="answer-0"))
    p = child(path, [1], stop=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "inside"  # the answer's row is written, uncommitted
    os.kill(p.pid, signal.SIGKILL)
    p.wait(10)
    with Memory.open(path) as m:
        assert m.notice is None
        assert [a["key"] for a in m.answers()] == ["answer-0"]  # the answer before is kept, the one killed is not
        assert m.ratings("overall")["all"][1] == 1  # and it moved no rating
        assert m.count("items") == 1
        m.record(answer(1, key="answer-1"))  # the learner answers again after the restart
        m.record(answer(1, key="answer-1"))  # and a retry of the same answer changes nothing
        assert m.count() == 2 and m.ratings("overall")["all"][1] == 2 and m.count("items") == 2
        assert m.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_two_writers_at_once(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    Memory.open(path).close()
    a = child(path, list(range(0, 40)), stop=False)
    b = child(path, list(range(100, 140)), stop=False)
    out_a, _ = a.communicate(timeout=120)
    out_b, _ = b.communicate(timeout=120)
    assert a.returncode == 0 and b.returncode == 0 and "done" in out_a and "done" in out_b
    with Memory.open(path) as m:
        assert m.count() == 80
        assert m.ratings("overall")["all"][1] == 80  # every answer moved the rating once: no update was lost
        assert m.count("items") == 80
        assert len(m.history("overall")) == 80
        assert m.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_damaged_file_is_moved_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    with Memory.open(path) as m:
        for k in range(30):
            m.record(answer(k))
    data = bytearray(path.read_bytes())
    data[100:4096 * 3] = b"\xff" * (4096 * 3 - 100)  # the schema's pages overwritten
    path.write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        (tmp_path / f"memory.sqlite3{extra}").unlink(missing_ok=True)
    m = Memory.open(path)
    assert m.notice is not None and "was damaged" in m.notice and "moved aside" in m.notice
    assert m.notice.endswith(".") and not re.search(r"\.\s", m.notice) and "\n" not in m.notice  # one sentence
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes() == bytes(data)  # kept as it was, not overwritten
    assert m.count() == 0
    m.record(answer(1))
    assert m.count() == 1


def test_garbage_is_damaged_too(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    path.write_bytes(b"not a database at all" * 300)
    m = Memory.open(path)
    assert m.notice is not None and "damaged" in m.notice


def test_a_file_from_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    Memory.open(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=rf"newer version of the kit \(schema {SCHEMA + 1}; this version reads up to"
                                            rf" {SCHEMA}\)"):
        Memory.open(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []


def test_a_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(ProgressError, match="an SQLite file, but not a progress file of the kit"):
        Memory.open(path)


def test_an_older_file_is_migrated_with_its_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)  # a file made by the first version of the schema
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO answers (key, at, source, game, contract, family, position, view, move, grade, cost, "
               "solved, rated, rating_after) VALUES ('k', '2025-01-01T00:00:00+00:00', 'trainer', 'kein-stich', "
               "'no-hearts', 'kein-stich/tricks', '{}', 'v', 'QS', 'mistake', 5, 0, 1, 1400)")
    db.close()
    with Memory.open(path) as m:
        assert m.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
        assert m.count() == 1
        assert [(name, rating) for _, name, rating, _ in m.history("family")] == [("kein-stich/tricks", 1400)]
        m.record(answer(1))
        assert m.count() == 2


def test_download_and_load_the_progress(tmp_path: Path) -> None:
    mine = Memory.open(tmp_path / "a.sqlite3")
    for k in range(5):
        mine.record(answer(k, solved=k % 2 == 0))
    mine.record_drill(at=T0, kind="holds", question="Who holds it?", position="{}", options=["seat 1", "seat 2"],
                      forecast=[1, 0], posterior=[0.5, 0.5], brier=0.5, floor=0.5)
    data = mine.export()
    assert data.startswith(b"SQLite format 3\x00")
    other = Memory.open(tmp_path / "b.sqlite3")
    other.record(answer(99))
    said = other.load(data, name="progress.sqlite3")
    assert "Loaded progress.sqlite3: 5 answers" in said and "kept in b.sqlite3.before-load-" in said
    assert other.count() == 5 and other.count("drills") == 1
    assert other.rating() == mine.rating()
    kept = [p for p in tmp_path.iterdir() if ".before-load-" in p.name]
    assert len(kept) == 1 and Memory.open(kept[0]).count() == 1  # what it had is not lost


@pytest.mark.parametrize("data, words", [
    (b"hello, this is not a progress file" * 40, "not a progress file of the kit (it is not an SQLite file)"),
    (b"SQLite format 3\x00" + b"\x07" * 5000, "damaged"),
])
def test_loading_a_foreign_or_damaged_file_is_refused(tmp_path: Path, data: bytes, words: str) -> None:
    m = Memory.open(tmp_path / "m.sqlite3")
    m.record(answer(1))
    with pytest.raises(ProgressError, match=words.replace("(", r"\(").replace(")", r"\)")):
        m.load(data, name="upload.bin")
    assert m.count() == 1


def test_loading_a_newer_or_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    newer = Memory.open(tmp_path / "n.sqlite3")
    newer.db.execute(f"PRAGMA user_version = {SCHEMA + 3}")
    data = newer.export()
    m = Memory.open(tmp_path / "m.sqlite3")
    with pytest.raises(ProgressError, match="newer version of the kit"):
        m.load(data, name="n.sqlite3")
    foreign = tmp_path / "f.sqlite3"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE x (y)")
    db.commit()
    db.close()
    with pytest.raises(ProgressError, match="not a progress file of the kit"):
        m.load(foreign.read_bytes(), name="f.sqlite3")


def test_keep_puts_an_answer_written_before_into_the_deck_once(tmp_path: Path) -> None:
    m = Memory.open(tmp_path / "m.sqlite3")
    a = answer(1, solved=False, key="review-decision")
    plain = Answer(**{**a.__dict__, "deck": False, "rated": False})
    assert m.record(plain).item is None and m.count("items") == 0  # a reviewed decision: not in the deck
    kept = m.keep(a)  # "Practise these later"
    assert kept.item is not None and kept.due == a.at + timedelta(days=1) and m.count("items") == 1
    assert m.keep(a).item is None and m.count("items") == 1 and m.count() == 1


def test_the_progress_chart_speaks_the_readers_language(tmp_path: Path) -> None:
    """The rating chart's title, axis and legend (a contract family's name) come from the catalogs: a German learner
    read "Kein Stich, trick deals" under a German title."""
    from keinstich.i18n import use_language
    from keinstich.trainer.charts import progress

    m = Memory.open(tmp_path / "m.sqlite3")
    m.record_many([answer(1), answer(2, solved=True)])
    with use_language("de"):
        fig = progress(m)
    ax = fig.axes[0]
    legend = ax.get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == ["Kein Stich, Stichspiele"]
    assert ax.get_title().startswith("Deine Wertung") and ax.get_xlabel() != "days since your first rated answer"

"""The learner's memory against a second thread, another program, the file system and a forger: threads sharing one
Memory lose no answer and no history row; a locked, read-only or misplaced file is refused in one sentence and left
alone (never called damaged); a damaged schema number is damaged; a loaded progress file is copied in row by row,
every row checked, its own triggers, views and tables never run or copied; and a fuzz test of progress files, each
loaded whole or refused in one sentence with the memory as it was."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from guards import one_sentence, within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keinstich.trainer.bank import shipped
from keinstich.trainer.glicko import Rating
from keinstich.trainer.memory import SCHEMA, Answer, Memory, ProgressError
from keinstich.trainer.positions import position_of
from keinstich.trainer.practice import Practice, SimulatedClock
from keinstich.trainer.progress_file import DamagedProgress
from keinstich.trainer.schedule import recall, review

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2025, 3, 1, 9, tzinfo=UTC)
ENTRIES = shipped().entries[:12]


def answer(k: int, *, solved: bool = False) -> Answer:
    """A rated answer about a real bank position (its record replays), with two themes."""
    e = ENTRIES[k % len(ENTRIES)]
    return Answer(at=T0 + timedelta(minutes=k), source="trainer", game=e.game, contract=e.contract, family=e.family,
                  position=e.code, view=f"view-{k}", move="QS", grade="mistake", cost=5.0, solved=solved,
                  tries=1 if solved else None, themes=("duck", "shed"), bank=e.id, rated=True,
                  position_rating=e.rating)






def state(m: Memory) -> tuple[object, ...]:
    """Everything a learner could see of a memory, to show that a refusal changed nothing."""
    return (m.answers(), [i.__dict__ for i in m.items()], m.ratings("overall"), m.ratings("family"),
            m.ratings("theme"), m.history("overall"), m.drills(), m.count("history"))


# --- threads ----------------------------------------------------------------------------------------------------

def test_threads_sharing_one_memory_lose_no_answer_and_no_history_row(tmp_path: Path) -> None:
    """The issue's case: 4 threads × 100 answers on the one Memory that remember() hands every widget."""
    m = Memory.open(tmp_path / "m.sqlite3")
    errors: list[BaseException] = []

    def work(t: int) -> None:
        for k in range(100):
            try:
                m.record(answer(1000 * t + k, solved=k % 3 == 0))
                if k % 10 == 0:
                    m.rating(), m.due_count(T0), m.history("theme")  # reads between the writes
            except BaseException as e:
                errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, {str(e) for e in errors}
    assert m.count() == 400
    assert m.ratings("overall")["all"][1] == 400  # every answer moved the rating once
    per_answer = m.db.execute("SELECT a.id, count(h.answer) FROM answers a LEFT JOIN history h ON h.answer = a.id "
                              "GROUP BY a.id").fetchall()
    assert len(per_answer) == 400 and {n for _, n in per_answer} == {4}  # overall, family, two themes: each one
    assert m.count("history") == 1600
    assert m.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_closed_memory_refuses_in_one_sentence(tmp_path: Path) -> None:
    m = Memory.open(tmp_path / "m.sqlite3")
    m.close()
    with pytest.raises(ProgressError, match="was closed: open it again") as caught:
        m.record(answer(1))
    one_sentence(caught.value)
    m.close()  # twice: nothing happens


def test_opening_another_file_leaves_the_first_memory_working(tmp_path: Path) -> None:
    from keinstich.trainer import active, forget, remember

    forget()
    try:
        first = remember(tmp_path / "a.sqlite3")
        assert remember(tmp_path / "a.sqlite3") is first and remember(str(tmp_path / "." / "a.sqlite3")) is first
        second = remember(tmp_path / "b.sqlite3")
        assert active() is second and second is not first
        first.record(answer(1))  # the Trainer on the first file goes on: no "closed database"
        assert first.count() == 1 and second.count() == 0
        forget()
        assert active() is None and second.count() == 0  # forget stops recording, it closes nothing held
    finally:
        forget()


# --- another program, the file system ---------------------------------------------------------------------------

HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
db.execute("SELECT count(*) FROM answers").fetchone()
print("locked", flush=True)
time.sleep(120)
"""


def test_a_file_another_program_holds_locked_is_refused_not_called_damaged(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import keinstich.trainer.progress_file as progress_file

    path = tmp_path / "memory.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(1))
    before = path.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(progress_file, "BUSY_MS", 1000)  # the test waits one second, not five
        with pytest.raises(ProgressError) as caught:
            Memory.open(path)
    finally:
        holder.kill()
        holder.wait(30)
    text = one_sentence(caught.value)
    assert not isinstance(caught.value, DamagedProgress) and "in use by another program" in text
    assert "damaged" not in text
    assert sorted(p.name for p in tmp_path.iterdir() if "damaged" in p.name) == []
    assert path.read_bytes() == before
    with Memory.open(path) as m:  # once the other program lets go, the progress is all there
        assert m.count() == 1 and m.notice is None


def unprivileged(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python as a user that file permissions bind: as root, without the capabilities that
    let root write a read-only file (setpriv); skipped, saying why, when that cannot be done."""
    command = [sys.executable, "-c", code, *args]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: a read-only file cannot be made read-only for root")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", "--", *command]
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)


OPEN = """
import sys
from datetime import UTC, datetime
from keinstich.trainer.memory import Answer, Memory, ProgressError
try:
    m = Memory.open(sys.argv[1])
    print("opened", m.notice)
    m.record(Answer(at=datetime.now(UTC), source="trainer", game="kein-stich", contract="no-hearts",
                    family="kein-stich/tricks", position="{}", view="v", move="QS", grade="best", cost=0.0,
                    solved=True, tries=1))
    print("wrote")
except ProgressError as e:
    print("refused:", type(e).__name__, e)
"""


def _open_unprivileged(path: Path) -> str:
    proc = unprivileged(OPEN, str(path))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc.stdout


def test_a_read_only_file_is_refused_at_once_not_at_the_first_answer(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(1))
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        out = _open_unprivileged(path)
    finally:
        path.chmod(0o644)
    assert out.startswith("refused: ProgressError") and "read-only" in out and out.count("\n") == 1, out
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["memory.sqlite3"]


def test_a_file_in_a_read_only_folder_is_refused_not_called_damaged(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "memory.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(1))
    before = path.read_bytes()
    folder.chmod(0o555)
    try:
        out = _open_unprivileged(path)
    finally:
        folder.chmod(0o755)
    assert out.startswith("refused: ProgressError") and "read-only" in out and "damaged" not in out, out
    assert path.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["memory.sqlite3"]


def test_a_folder_a_broken_link_or_a_file_in_the_way_is_refused_in_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "folder.sqlite3").mkdir()
    (tmp_path / "link.sqlite3").symlink_to(tmp_path / "nowhere" / "m.sqlite3")
    (tmp_path / "plain").write_text("a file, not a folder")
    for path, words in ((tmp_path / "folder.sqlite3", "is a folder, not a file"),
                        (tmp_path / "link.sqlite3", "is a link to"),
                        (tmp_path / "plain" / "m.sqlite3", "because " + str(tmp_path / "plain") + " is a file"),
                        (tmp_path / "plain" / "deeper" / "m.sqlite3", "is a file, not a folder")):
        with pytest.raises(ProgressError) as caught:
            Memory.open(path)
        assert words in one_sentence(caught.value)
        assert not isinstance(caught.value, DamagedProgress)
    assert (tmp_path / "plain").read_text() == "a file, not a folder" and (tmp_path / "folder.sqlite3").is_dir()


@pytest.mark.parametrize("version", [-1, -3, -(2 ** 31)])
def test_a_negative_schema_number_is_damaged_and_moved_aside(tmp_path: Path, version: int) -> None:
    path = tmp_path / "memory.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(1))
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
    m = Memory.open(path)
    assert m.notice is not None and "was damaged" in m.notice and m.count() == 0
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 1
    with pytest.raises(ProgressError, match=rf"its schema number \({version}\) is one no version") as caught:
        Memory.open(tmp_path / "other.sqlite3").load(next(p for p in tmp_path.iterdir() if ".damaged-" in p.name
                                                          and not p.name.endswith(("-wal", "-shm"))).read_bytes())
    one_sentence(caught.value)


def test_a_file_with_a_trigger_of_its_own_is_not_opened_as_the_kits(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    with Memory.open(path) as m:
        m.record(answer(1))
    db = sqlite3.connect(path)
    db.execute("CREATE TRIGGER eat AFTER INSERT ON answers BEGIN DELETE FROM answers; END")
    db.commit()
    db.close()
    m = Memory.open(path)
    assert m.notice is not None and "damaged" in m.notice  # set aside, kept as it was: never run
    m.record(answer(2))
    m.record(answer(3))
    assert m.count() == 2


# --- loading a progress file ------------------------------------------------------------------------------------

def _base(tmp: Path) -> bytes:
    """An exported memory: rated answers about real positions, a deck, ratings, history and a card-sense answer."""
    with Memory.open(tmp / "base.sqlite3") as m:
        for k in range(8):
            m.record(answer(k, solved=k % 3 == 0))
        m.record_drill(at=T0, kind="holds", question="Who holds the Ober of Leaves?", position=ENTRIES[0].code,
                       options=["seat 1", "seat 2"], forecast=[0.7, 0.3], posterior=[0.5, 0.5], brier=0.18, floor=0.5)
        return m.export()


BASE = _base(Path(tempfile.mkdtemp(prefix="keinstich-base-")))


def forged(tmp_path: Path, *sql: str, data: bytes = BASE) -> bytes:
    """The base file with ``sql`` run on it (what a forger, or a careless hand in an SQLite browser, does)."""
    path = tmp_path / f"forged-{len(list(tmp_path.iterdir()))}.sqlite3"
    path.write_bytes(data)
    db = sqlite3.connect(path, isolation_level=None)
    for statement in sql:
        db.execute(statement)
    db.close()
    return path.read_bytes()


def mine(tmp_path: Path) -> Memory:
    m = Memory.open(tmp_path / "mine.sqlite3")
    m.record(answer(40))
    return m


def assert_refused(m: Memory, data: bytes, words: str = "") -> str:
    before = state(m)
    with within(120), pytest.raises(ProgressError) as caught:
        m.load(data, name="upload.sqlite3")
    text = one_sentence(caught.value)
    assert words in text, text
    assert state(m) == before  # the memory as it was
    assert not [p for p in m.path.parent.iterdir() if ".before-load-" in p.name] if m.path else True
    return text


@pytest.mark.parametrize(("sql", "words"), [
    ("UPDATE ratings SET rating = 'strong' WHERE kind = 'overall'", "rating 1 has a rating that is not a rating"),
    ("UPDATE answers SET rating_after = 'x' WHERE id = 2", "answer 2 has a rating_after that is not"),
    ("UPDATE items SET fsrs = json_set(fsrs, '$.stability', -3.5) WHERE id = 1", "deck item 1 has a fsrs that is not"),
    ("UPDATE items SET fsrs = '{not json' WHERE id = 1", "has a fsrs that is not an FSRS state"),
    ("UPDATE items SET fsrs = '{}' WHERE id = 1", "has a fsrs that is not an FSRS state"),
    ("UPDATE items SET due = 'tomorrow' WHERE id = 1", "deck item 1 has a due that is not a time"),
    ("UPDATE answers SET at = '2025-03-01 09:00' WHERE id = 1", "answer 1 has a at that is not a time"),
    ("UPDATE items SET position = '{\"format\": \"keinstich-record/1\"}' WHERE id = 1",
     "deck item 1 has a position that is not a position's record that replays"),
    ("UPDATE answers SET position = replace(position, '\"plays\":[', '\"plays\":[\"AC\",\"AC\",') WHERE id = 3",
     "answer 3 has a position that is not"),
    ("UPDATE answers SET solved = 2 WHERE id = 1", "has a solved that is not 0 or 1"),
    ("UPDATE answers SET game = 'chess' WHERE id = 1", "has a game that is not one of the kit's games"),
    ("UPDATE ratings SET volatility = 0 WHERE kind = 'overall'", "has a volatility that is not"),
    ("UPDATE drills SET forecast = '[2, -1]'", "card-sense answer 1 has a forecast that is not"),
    ("UPDATE answers SET view = 'a' || char(10) || 'b' WHERE id = 4", "has a view that is not text"),
    (("ALTER TABLE answers RENAME TO old", "CREATE TABLE answers AS SELECT * FROM old", "DROP TABLE old",
      "UPDATE answers SET key = (SELECT key FROM answers WHERE id = 1) WHERE id = 2"), "repeats what another row"),
    ("UPDATE history SET answer = 999 WHERE rowid = 1", "history row 1 is the history of an answer"),
    ("UPDATE answers SET item = 999 WHERE id = 1", "answer 1 answers a deck item the file does not have"),
    ("ALTER TABLE answers DROP COLUMN grade", "has no column 'grade'"),
    ("DROP TABLE drills", "has no table 'drills'"),
    ("ALTER TABLE history RENAME TO history_old", "has no table 'history'"),
    ("PRAGMA user_version = -2", "schema number (-2)"),
    (f"PRAGMA user_version = {SCHEMA + 1}", "newer version of the kit"),
    ("PRAGMA application_id = 7", "not a progress file of the kit"),
])
def test_a_progress_file_that_would_break_the_trainer_is_refused_in_one_sentence(tmp_path: Path,
                                                                               sql: str | tuple[str, ...],
                                                                               words: str) -> None:
    m = mine(tmp_path)
    assert_refused(m, forged(tmp_path, *((sql,) if isinstance(sql, str) else sql)), words)


def test_a_table_replaced_by_a_view_is_never_read(tmp_path: Path) -> None:
    """A view that would count for ever, in the place of the deck: refused without running it."""
    m = mine(tmp_path)
    data = forged(tmp_path, "DROP TABLE items", "CREATE VIEW items AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL "
                  "SELECT x + 1 FROM n) SELECT x AS id, '' AS view, '' AS position, '' AS game, '' AS contract, '' AS "
                  "family, '' AS themes, '' AS source, '' AS added, '' AS due, '' AS fsrs, 0 AS reps, 0 AS lapses, "
                  "NULL AS bank FROM n")
    assert_refused(m, data, "has no table 'items'")


def test_a_forged_files_triggers_views_and_tables_are_not_copied(tmp_path: Path) -> None:
    """The issue's trigger deleted every later answer: the load copies only the kit's tables and columns."""
    m = mine(tmp_path)
    data = forged(tmp_path, "CREATE TRIGGER eat AFTER INSERT ON answers BEGIN DELETE FROM answers; END",
                  "CREATE TRIGGER nudge AFTER UPDATE ON ratings BEGIN UPDATE ratings SET rating = 4000; END",
                  "CREATE VIEW v AS SELECT * FROM answers", "CREATE TABLE notes (x TEXT)",
                  "INSERT INTO notes VALUES ('hello')", "ALTER TABLE answers ADD COLUMN extra TEXT",
                  "CREATE INDEX odd ON answers(move)")
    said = m.load(data, name="forged.sqlite3")
    assert "Loaded forged.sqlite3: 8 answers" in said
    objects = {(t, n) for t, n in m.db.execute("SELECT type, name FROM sqlite_master")}
    assert not {n for t, n in objects if t in ("trigger", "view")} and ("table", "notes") not in objects
    assert ("index", "odd") not in objects
    assert "extra" not in [c[1] for c in m.db.execute("PRAGMA table_info(answers)")]
    for k in range(50, 55):
        m.record(answer(k))
    assert m.count() == 13 and m.ratings("overall")["all"][1] == 13  # every later answer is kept and counted


def test_a_truncated_or_damaged_export_is_refused_in_one_line(tmp_path: Path) -> None:
    m = mine(tmp_path)
    for cut in (100, 4096, len(BASE) // 2, len(BASE) - 4096):
        assert_refused(m, BASE[:cut])
    damaged = bytearray(BASE)
    damaged[4096 * 2:4096 * 2 + 2000] = b"\x55" * 2000
    assert "SQLite's check of its pages finds them broken" in assert_refused(m, bytes(damaged))
    try:  # the last byte only: SQLite may read every page whole; then every row is checked, and the memory works
        m.load(BASE[:-1])
    except ProgressError as e:
        one_sentence(e)
    else:
        usable(m)


def test_a_file_too_large_or_no_bytes_at_all_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import keinstich.trainer.memory as memory

    m = mine(tmp_path)
    monkeypatch.setattr(memory, "MAX_BYTES", len(BASE) - 1)
    assert_refused(m, BASE, "larger than a progress file may be")
    monkeypatch.undo()
    for data in ("text", None, [1, 2]):
        assert_refused(m, data, "a progress file is the bytes of a file")  # type: ignore[arg-type]
    assert "Loaded " in m.load(BASE, name="a\nname\u2028" + "x" * 500)  # a name from outside: shown on one line


def test_a_loaded_file_is_usable_by_the_trainer(tmp_path: Path) -> None:
    m = mine(tmp_path)
    said = m.load(BASE, name="progress.sqlite3")
    assert said.startswith("Loaded progress.sqlite3: 8 answers and") and "kept in mine.sqlite3.before-load-" in said
    usable(m)


def usable(m: Memory) -> None:
    """Everything the trainer and its dashboard read works on the memory, and a new answer is counted."""
    with within(120):
        _usable(m)


def _usable(m: Memory) -> None:
    now = T0 + timedelta(days=30)
    for item in m.items():
        position_of(item.position)
        memo = m.memo(item.id)
        review(memo, 1, now)
        assert 0.0 <= recall(memo, now) <= 1.0
    for kind in ("overall", "family", "theme", "position"):
        m.ratings(kind)
        m.history(kind)
    m.theme_results(), m.missed(), m.drills(), m.solved_bank(), m.next_due()
    for view, _, _ in m.missed():
        last = m.last_position(view)
        assert last is not None
        position_of(last["position"])
    practice = Practice(m, mode="due", clock=SimulatedClock(now))
    q = practice.next()
    if q is not None:
        practice.give_up()
    n = m.count()
    m.record(answer(99))
    assert m.count() == n + 1


# --- fuzz: progress files forged and damaged --------------------------------------------------------------------

CELLS = {"answers": ["at", "game", "family", "position", "view", "cost", "solved", "tries", "themes", "item",
                     "rating_after"],
         "items": ["view", "position", "due", "fsrs", "reps", "lapses"],
         "ratings": ["kind", "rating", "rd", "volatility", "games", "updated"],
         "history": ["answer", "at", "rating", "rd"],
         "drills": ["options", "forecast", "brier"]}
HOSTILE = ["NULL", "''", "'x'", "-1", "0", "1e308", "-1e308", "9223372036854775807", "x'00ff'", "'2025-13-45'",
           "'{}'", "'[]'", "'null'", "replace(hex(zeroblob(5000)), '0', 'a')", "'a' || char(10) || 'b'", "1.5",
           "'1500'", "'{\"card_id\":1,\"state\":2,\"step\":null,\"stability\":-1,\"difficulty\":5,"
           "\"due\":\"2025-01-01T00:00:00+00:00\",\"last_review\":null}'"]
SCHEMA_CHANGES = ["CREATE TRIGGER t AFTER INSERT ON answers BEGIN DELETE FROM answers; END",
                  "CREATE VIEW w AS SELECT 1", "CREATE TABLE mine (x)", "DROP TABLE history", "DROP INDEX items_due",
                  "ALTER TABLE items DROP COLUMN bank", "ALTER TABLE answers ADD COLUMN y DEFAULT 3",
                  "PRAGMA user_version = 1", "PRAGMA user_version = 0", "PRAGMA user_version = -5",
                  "PRAGMA application_id = 0", "DELETE FROM answers WHERE id = 2", "DELETE FROM items",
                  "INSERT INTO ratings SELECT 'overall', 'all', 1500, 100, 0.06, 1, updated FROM ratings LIMIT 1"]


@st.composite
def progress_files(draw: st.DrawFn) -> tuple[list[str], bytes | None]:
    """SQL that changes a cell, the schema or the header of the base file; or the file's bytes changed directly."""
    if draw(st.booleans()):
        statements = []
        for _ in range(draw(st.integers(1, 3))):
            if draw(st.booleans()):
                table = draw(st.sampled_from(sorted(CELLS)))
                column = draw(st.sampled_from(CELLS[table]))
                value = draw(st.sampled_from(HOSTILE))
                row = draw(st.integers(1, 4))
                statements.append(f"UPDATE {table} SET {column} = {value} WHERE rowid = {row}")
            else:
                statements.append(draw(st.sampled_from(SCHEMA_CHANGES)))
        return statements, None
    data = bytearray(BASE)
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(data) - 1))
        data[i] = draw(st.integers(0, 255))
    if draw(st.booleans()):
        data = data[:draw(st.integers(0, len(data)))]
    return [], bytes(data)


FUZZ_HOME = Path(tempfile.mkdtemp(prefix="keinstich-fuzz-"))


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(change=progress_files())
def test_fuzz_progress_files_are_loaded_whole_or_refused_in_one_sentence(
        change: tuple[list[str], bytes | None]) -> None:
    statements, raw = change
    tmp = Path(tempfile.mkdtemp(dir=FUZZ_HOME))
    try:
        if raw is None:
            try:
                data = forged(tmp, *statements)
            except sqlite3.Error:
                return  # SQLite itself refused the change (a NOT NULL column, a dropped index's table)
        else:
            data = raw
        m = mine(tmp)
        before = state(m)
        with within(120):
            try:
                m.load(data, name="fuzz.sqlite3")
            except ProgressError as e:
                one_sentence(e)
                assert state(m) == before
                return
            usable(m)  # what was loaded works: no loop without end, no error
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_a_position_rating_of_the_bank_is_a_rating_the_file_may_hold() -> None:
    """The rules for a loaded file accept every rating the kit writes: the bank's positions' too."""
    from keinstich.trainer.progress_rows import RATING

    assert all(RATING.test(e.rating.rating) for e in shipped().entries)
    assert RATING.test(Rating().rating)

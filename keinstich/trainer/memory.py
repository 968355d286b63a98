"""The learner's memory: every answer, the deck of positions to practise, the ratings and the card-sense
scores, in one local SQLite file (the standard library's :mod:`sqlite3`; no network, no account).

The file lives in the user's data directory (:func:`platformdirs.user_data_path`), or where the
environment variable ``KEINSTICH_MEMORY`` points (``:memory:`` keeps it in memory only). Its schema is
versioned (SQLite's ``user_version``; ``application_id`` marks the file as the kit's) and migrated on
opening: a file from an older version of the kit is brought up to date, one from a newer version is
refused and left as it is.

Nothing is lost or counted twice when the kernel dies: each answer is written in one transaction (the
answer, the ratings it moves, the deck item it schedules), and it carries a key made before it is
written, so writing it again after a crash changes nothing. Two notebooks may write at once: the file
is in WAL mode and a writer waits up to :data:`BUSY_MS` for the other. Within one kernel the widgets share
one :class:`Memory` from several threads (the judge's, the quizzes', the review's): one connection, used by
one thread at a time behind the memory's lock, so every answer is written whole with its ratings and history.
A damaged file is moved aside (``memory.sqlite3.damaged-<time>``) and reported in one sentence
(:attr:`Memory.notice`), never overwritten; a file that is locked, read-only or not a file is refused in one
sentence and left alone. :meth:`Memory.export` and :meth:`Memory.load` carry the progress in a file (on Binder
the home directory goes with the session); a loaded file is copied in row by row, every row checked
(:mod:`.progress_rows`), and a foreign, damaged or forged one is refused with the memory unchanged.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import tempfile
import threading
import uuid
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from keinstich.i18n import _
from keinstich.limits import shortened

from .glicko import Rating, duel
from .memory_rows import Answer, Item, Written, stamp, time_of
from .progress_file import (
    APPLICATION_ID,
    ENV,
    FILE_NAME,
    MIGRATIONS,
    SCHEMA,
    DamagedProgress,
    ProgressError,
    check_file,
    check_place,
    check_shape,
    connect,
    default_path,
    migrate,
    now_tag,
    refusal,
    set_aside,
)
from .progress_rows import MAX_BYTES, copy_checked
from .schedule import Memo, new, review


class Memory:
    """The learner's memory in one SQLite file (see the module's docstring).

    ``Memory.open()`` opens the usual file (``$KEINSTICH_MEMORY`` or the user's data directory), making it
    if needed; ``Memory.open(path)`` another. :attr:`notice` is one sentence on anything done on opening
    (a damaged file moved aside), else None.
    """

    def __init__(self, db: sqlite3.Connection, path: Path | None, notice: str | None = None) -> None:
        self.db = db
        self.path = path
        self.notice = notice
        self._lock = threading.RLock()
        self._closed = False

    def __repr__(self) -> str:
        return f"Memory({str(self.path) if self.path else ':memory:'})"

    @property
    def what(self) -> str:
        """The memory as a sentence names it: "the progress file /…/memory.sqlite3" or "the memory"."""
        return _("the progress file {where}", where=self.path) if self.path else _("the memory")

    # --- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> Memory:
        """Open (or make) the memory at ``path`` (default: :func:`default_path`). A damaged file is moved
        aside and a new one made (:attr:`notice` says so); a foreign or newer file, one another program holds
        locked, one that cannot be written, a folder or a broken link is refused (:class:`ProgressError`, one
        sentence) and left as it is."""
        where: Path | str = default_path() if path is None else (str(path) if str(path) == ":memory:" else
                                                                  Path(path).expanduser())
        if where == ":memory:":
            db = connect(":memory:")
            migrate(db, 0)
            return cls(db, None)
        assert isinstance(where, Path)
        what = _("the progress file {where}", where=where)
        check_place(where, what)
        notice = None
        try:
            db = cls._open_file(where, what)
        except DamagedProgress:
            try:
                aside = set_aside(where, "damaged")
            except OSError as e:
                raise ProgressError(_("{name} is damaged, and it cannot be moved aside ({error}): move it away "
                                      "yourself, or choose another file with the environment variable {env}",
                                      name=what, error=e.strerror, env=ENV)) from None
            notice = _("Your progress file {where} was damaged, so it was moved aside to {aside} and a new one was "
                       "started.", where=where, aside=aside.name)
            db = cls._open_file(where, what)
        return cls(db, where, notice)

    @staticmethod
    def _open_file(where: Path, what: str) -> sqlite3.Connection:
        try:
            db = connect(str(where))
        except (sqlite3.Error, UnicodeDecodeError) as e:
            raise refusal(e, what) from None
        try:
            version = check_file(db, what)
            if version:
                check_shape(db, version, what)
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("BEGIN IMMEDIATE")  # may it be written? (a read-only file opens, then refuses every answer)
            db.execute("ROLLBACK")
            migrate(db, version)
        except (sqlite3.Error, UnicodeDecodeError) as e:
            db.close()
            raise refusal(e, what) from None
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        """Close the file (waiting for a write in another thread to end). Using the memory afterwards is refused."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self.db.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """The connection, to this thread alone until the block ends; SQLite's errors said in one sentence."""
        with self._lock:
            if self._closed:
                raise ProgressError(_("{name} was closed: open it again (keinstich.trainer.remember(), or "
                                      "Memory.open)", name=self.what))
            try:
                yield self.db
            except (sqlite3.Error, UnicodeDecodeError) as e:
                raise refusal(e, self.what) from None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._use() as db:
            return db.execute(sql, tuple(args)).fetchall()

    def _row(self, sql: str, args: Sequence[Any] = ()) -> Any:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._use() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # --- ratings ---------------------------------------------------------------------------------

    def rating(self, kind: str = "overall", name: str = "all") -> Rating:
        """The learner's rating of ``kind`` ("overall", "family", "theme") and ``name``; a new one if none."""
        row = self._row("SELECT rating, rd, volatility FROM ratings WHERE kind = ? AND name = ?", (kind, name))
        return Rating(*row) if row else Rating()

    def ratings(self, kind: str) -> dict[str, tuple[Rating, int]]:
        """Every rating of ``kind`` by name, with the number of rated answers behind it."""
        rows = self._rows("SELECT name, rating, rd, volatility, games FROM ratings WHERE kind = ? ORDER BY name",
                          (kind,))
        return {r[0]: (Rating(r[1], r[2], r[3]), r[4]) for r in rows}

    def position_rating(self, name: str, start: Rating) -> Rating:
        """A position's rating as the learner's answers moved it (``start``: the bank's, before any)."""
        row = self._row("SELECT rating, rd, volatility FROM ratings WHERE kind = 'position' AND name = ?", (name,))
        return Rating(*row) if row else start

    def _step(self, db: sqlite3.Connection, kind: str, name: str, position: Rating, solved: bool, at: str,
              answer: int) -> tuple[Rating, Rating]:
        row = db.execute("SELECT rating, rd, volatility FROM ratings WHERE kind = ? AND name = ?",
                         (kind, name)).fetchone()
        before = Rating(*row) if row else Rating()
        after = duel(before, position, solved)[0]
        db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT(kind, name) DO UPDATE SET "
                   "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
                   "games = games + 1, updated = excluded.updated",
                   (kind, name, after.rating, after.rd, after.volatility, at))
        db.execute("INSERT INTO history VALUES (?, ?, ?, ?, ?, ?)", (answer, at, kind, name, after.rating, after.rd))
        return before, after

    # --- answers ---------------------------------------------------------------------------------

    def record(self, a: Answer) -> Written:
        """Write one answer in one transaction: the answer; if ``rated``, the learner's ratings (overall,
        family, themes) and the position's; the deck (a missed position goes in, an item answered is
        scheduled again). An answer whose key is already written changes nothing."""
        at = stamp(a.at)
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM answers WHERE key = ?", (a.key,)).fetchone():
                return Written(None, None, None, None, a.item, None)
            cur = db.execute(
                "INSERT INTO answers (key, at, source, game, contract, family, position, view, move, grade, cost, "
                "solved, tries, themes, bank, item, rated, position_rating) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (a.key, at, a.source, a.game, a.contract, a.family, a.position, a.view, a.move, a.grade, a.cost,
                 int(a.solved), a.tries, ",".join(a.themes), a.bank, a.item, int(a.rated),
                 a.position_rating.rating if a.position_rating else None))
            answer = cur.lastrowid
            assert answer is not None
            before = after = position_after = None
            if a.rated:
                self.between(db)
                start = a.position_rating or Rating()
                name = a.bank or a.view
                row = db.execute("SELECT rating, rd, volatility FROM ratings WHERE kind = 'position' AND name = ?",
                                 (name,)).fetchone()
                position = Rating(*row) if row else start
                before, after = self._step(db, "overall", "all", position, a.solved, at, answer)
                self._step(db, "family", a.family, position, a.solved, at, answer)
                for theme in a.themes:
                    self._step(db, "theme", theme, position, a.solved, at, answer)
                position_after = duel(before, position, a.solved)[1]
                db.execute("INSERT INTO ratings VALUES ('position', ?, ?, ?, ?, 1, ?) ON CONFLICT(kind, name) DO "
                           "UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
                           "games = games + 1, updated = excluded.updated",
                           (name, position_after.rating, position_after.rd, position_after.volatility, at))
                db.execute("UPDATE answers SET rating_before = ?, rating_after = ? WHERE id = ?",
                           (before.rating, after.rating, answer))
            item, due = self._schedule(db, a, at)
        return Written(answer, before, after, position_after, item, due)

    def keep(self, a: Answer) -> Written:
        """Put the position of an answer written before into the deck (one transaction), unless it is there: its
        miss at ``a.at`` is the item's first review. ``item`` and ``due`` are None when it was there already."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM items WHERE view = ?", (a.view,)).fetchone():
                return Written(None, None, None, None, None, None)
            item, due = self._schedule(db, dataclasses.replace(a, solved=False, deck=True), stamp(a.at))
        return Written(None, None, None, None, item, due)

    def between(self, db: sqlite3.Connection) -> None:
        """Called inside an answer's transaction, after the answer's row and before the ratings (a test
        stops a process here to show that a kill mid-answer loses nothing and counts nothing twice)."""

    def _schedule(self, db: sqlite3.Connection, a: Answer, at: str) -> tuple[int | None, datetime | None]:
        """Schedule the deck item answered (by id or by view), or put a missed position into the deck."""
        row = None
        if a.item is not None:
            row = db.execute("SELECT id, fsrs FROM items WHERE id = ?", (a.item,)).fetchone()
        if row is None:
            row = db.execute("SELECT id, fsrs FROM items WHERE view = ?", (a.view,)).fetchone()
        if row is not None:
            memo = review(Memo(row[1], a.at), a.tries, a.at)
            db.execute("UPDATE items SET fsrs = ?, due = ?, reps = reps + 1, lapses = lapses + ? WHERE id = ?",
                       (memo.state, stamp(memo.due), int(a.tries is None), row[0]))
            return int(row[0]), memo.due
        if a.solved or not a.deck:
            return None, None
        cur = db.execute("INSERT INTO items (view, position, game, contract, family, themes, source, added, due, fsrs,"
                         " bank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)",
                         (a.view, a.position, a.game, a.contract, a.family, ",".join(a.themes), a.source, at, at,
                          a.bank))
        item = cur.lastrowid
        assert item is not None
        memo = review(new(item, a.at), None, a.at)  # the miss is the item's first review: back tomorrow
        db.execute("UPDATE items SET fsrs = ?, due = ?, reps = 1, lapses = 1 WHERE id = ?",
                   (memo.state, stamp(memo.due), item))
        return item, memo.due

    def record_many(self, answers: Iterable[Answer]) -> list[Written]:
        """Write answers one after the other, each in its own transaction."""
        return [self.record(a) for a in answers]

    def answers(self, source: str | None = None) -> list[dict[str, Any]]:
        """Every answer written (of ``source``, if given), oldest first, as dicts."""
        sql = "SELECT * FROM answers" + (" WHERE source = ?" if source else "") + " ORDER BY id"
        with self._use() as db:
            cur = db.execute(sql, (source,) if source else ())
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def count(self, table: str = "answers") -> int:
        if table not in ("answers", "items", "drills", "history", "ratings"):
            raise ValueError(f"no table {table!r}")
        return int(self._row(f"SELECT count(*) FROM {table}")[0])

    # --- the deck --------------------------------------------------------------------------------

    def _item(self, row: Sequence[Any]) -> Item:
        return Item(row[0], row[1], row[2], row[3], row[4], row[5], tuple(t for t in row[6].split(",") if t),
                    row[7], time_of(row[8]), row[9], row[10], row[11])

    _ITEM = "SELECT id, view, position, game, contract, family, themes, source, due, reps, lapses, bank FROM items"

    def due(self, now: datetime, limit: int | None = None) -> list[Item]:
        """The deck's items due at ``now``, the longest overdue first."""
        sql = self._ITEM + " WHERE due <= ? ORDER BY due, id" + (f" LIMIT {int(limit)}" if limit else "")
        return [self._item(r) for r in self._rows(sql, (stamp(now),))]

    def due_count(self, now: datetime) -> int:
        return int(self._row("SELECT count(*) FROM items WHERE due <= ?", (stamp(now),))[0])

    def items(self) -> list[Item]:
        """Every item of the deck, the soonest due first."""
        return [self._item(r) for r in self._rows(self._ITEM + " ORDER BY due, id")]

    def item(self, item_id: int) -> Item | None:
        row = self._row(self._ITEM + " WHERE id = ?", (item_id,))
        return self._item(row) if row else None

    def memo(self, item_id: int) -> Memo:
        row = self._row("SELECT fsrs, due FROM items WHERE id = ?", (item_id,))
        if row is None:
            raise KeyError(item_id)
        return Memo(row[0], time_of(row[1]))

    def next_due(self) -> datetime | None:
        row = self._row("SELECT min(due) FROM items")
        return time_of(row[0]) if row and row[0] else None

    # --- what the dashboard reads ------------------------------------------------------------------

    def history(self, kind: str = "family") -> list[tuple[datetime, str, float, float]]:
        """The ratings of ``kind`` after each rated answer: (time, name, rating, rd), oldest first."""
        rows = self._rows("SELECT at, name, rating, rd FROM history WHERE kind = ? ORDER BY answer, rowid", (kind,))
        return [(time_of(r[0]), r[1], r[2], r[3]) for r in rows]

    def theme_results(self) -> dict[str, tuple[int, int, float]]:
        """Per theme, over the rated answers: (answers, solved at the first try, mean position rating)."""
        out: dict[str, list[float]] = {}
        for themes, solved, rating in self._rows(
                "SELECT themes, solved, position_rating FROM answers WHERE rated = 1 AND themes != ''"):
            for t in themes.split(","):
                got = out.setdefault(t, [0, 0, 0.0])
                got[0] += 1
                got[1] += solved
                got[2] += rating or 0.0
        return {t: (int(n), int(s), r / n) for t, (n, s, r) in out.items()}

    def missed(self, limit: int = 5) -> list[tuple[str, int, int]]:
        """The positions missed most: (view, misses, answers), most misses first."""
        rows = self._rows("SELECT view, sum(1 - solved) AS misses, count(*) FROM answers GROUP BY view "
                          "HAVING misses > 0 ORDER BY misses DESC, max(id) DESC LIMIT ?", (limit,))
        return [(r[0], int(r[1]), int(r[2])) for r in rows]

    def solved_bank(self) -> set[str]:
        """The bank positions the learner has solved at the first try."""
        rows = self._rows("SELECT DISTINCT bank FROM answers WHERE bank IS NOT NULL AND solved = 1")
        return {r[0] for r in rows}

    def last_position(self, view: str) -> dict[str, Any] | None:
        """The last answer about the position of ``view`` (its code, game, contract, themes, bank id)."""
        with self._use() as db:
            cur = db.execute("SELECT * FROM answers WHERE view = ? ORDER BY id DESC LIMIT 1", (view,))
            row = cur.fetchone()
            return dict(zip([d[0] for d in cur.description], row, strict=True)) if row else None

    # --- card sense ------------------------------------------------------------------------------

    def record_drill(self, *, at: datetime, kind: str, question: str, position: str, options: Sequence[str],
                     forecast: Sequence[float], posterior: Sequence[float], brier: float, floor: float,
                     key: str | None = None) -> int | None:
        """Write one card-sense answer (one transaction); None when its key was written before."""
        with self._transaction() as db:
            k = key or uuid.uuid4().hex
            if db.execute("SELECT 1 FROM drills WHERE key = ?", (k,)).fetchone():
                return None
            cur = db.execute("INSERT INTO drills (key, at, kind, question, position, options, forecast, posterior, "
                             "brier, floor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (k, stamp(at), kind, question, position, json.dumps(list(options)),
                              json.dumps([round(x, 6) for x in forecast]),
                              json.dumps([round(x, 6) for x in posterior]), brier, floor))
            return cur.lastrowid

    def drills(self) -> list[tuple[datetime, str, float, float]]:
        """Every card-sense answer: (time, kind, Brier score, the best score the evidence allowed)."""
        rows = self._rows("SELECT at, kind, brier, floor FROM drills ORDER BY id")
        return [(time_of(r[0]), r[1], r[2], r[3]) for r in rows]

    # --- carrying the progress in a file -----------------------------------------------------------

    def export(self) -> bytes:
        """The whole memory as the bytes of one self-contained SQLite file (what "Download my progress" saves)."""
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / FILE_NAME
            copy = sqlite3.connect(str(out))
            try:
                with self._use() as db:
                    db.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
            return out.read_bytes()

    def load(self, data: bytes, *, name: str | None = None) -> str:
        """Replace this memory by the progress in ``data`` (a file from :meth:`export`, at most 64 MiB): its
        answers, deck, ratings, history and card-sense answers are copied into a fresh memory row by row, each
        checked (:func:`~.progress_rows.copy_checked`; nothing else of the file is read or run). The progress this
        memory had is kept beside it (``*.before-load-<time>``). Returns one sentence on what was done; a damaged,
        foreign, forged or newer file is refused (:class:`ProgressError`, one sentence) and nothing changes."""
        what = shortened(" ".join(name.split()), 80) if isinstance(name, str) and name.strip() else _("the file")
        if not isinstance(data, bytes | bytearray | memoryview):
            raise ProgressError(_("a progress file is the bytes of a file, not {kind}", kind=type(data).__name__))
        if len(data) > MAX_BYTES:
            raise ProgressError(_("{name} is larger than a progress file may be ({size} MiB; at most {most} MiB): it "
                                  "is not a progress file of the kit", name=what, size=len(data) >> 20,
                                  most=MAX_BYTES >> 20))
        if not bytes(data[:16]) == b"SQLite format 3\x00":
            raise ProgressError(_("{name} is not a progress file of the kit (it is not an SQLite file)", name=what))
        with tempfile.TemporaryDirectory() as tmp:
            got, checked = Path(tmp) / "loaded.sqlite3", Path(tmp) / "checked.sqlite3"
            got.write_bytes(data)
            answers, items = copy_checked(got, checked, what)
            fresh = connect(str(checked))
            try:
                with self._use() as db:
                    kept = self._keep_aside(db)
                    fresh.backup(db)
            finally:
                fresh.close()
        return _("Loaded {name}: {answers} answers and {items} positions in the deck.", name=what, answers=answers,
                 items=items) + kept

    def _keep_aside(self, db: sqlite3.Connection) -> str:
        """Copy this memory's progress beside its file before a load replaces it; the sentence saying where."""
        if self.path is None or not any(db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()
                                        for t in ("answers", "items", "drills")):
            return ""
        aside = self.path.with_name(f"{self.path.name}.before-load-{now_tag()}")
        mine = sqlite3.connect(str(aside))
        try:
            db.backup(mine)
        finally:
            mine.close()
        return " " + _("The progress you had here is kept in {file}.", file=aside.name)


__all__ = ["APPLICATION_ID", "ENV", "MIGRATIONS", "SCHEMA", "Answer", "DamagedProgress", "Item", "Memory",
           "ProgressError", "Written", "default_path"]

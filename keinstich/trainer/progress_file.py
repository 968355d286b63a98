"""The learner's progress file: its SQLite schema and the migrations that bring an older file up to date, the
checks made on opening one (a damaged, foreign or newer file is refused with a :class:`ProgressError`), where it
lives, and moving a file aside. :class:`~keinstich.trainer.memory.Memory` reads and writes it."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from keinstich.wording.i18n import _

ENV = "KEINSTICH_MEMORY"
"""The environment variable that names the memory's file (or ``:memory:``)."""
APPLICATION_ID = 0x4B535431
"""SQLite's application_id of a memory file: "KST1"."""
BUSY_MS = 5000
"""How long a write waits for another notebook's write to finish."""
FILE_NAME = "memory.sqlite3"


class ProgressError(ValueError):
    """A memory file that cannot be used: damaged, not the kit's, or from a newer version of the kit."""


def _run(db: sqlite3.Connection, script: str) -> None:
    """Run the statements of ``script`` one by one (``executescript`` would commit the transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _run(db, """
        CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            at TEXT NOT NULL,
            source TEXT NOT NULL,
            game TEXT NOT NULL,
            contract TEXT NOT NULL,
            family TEXT NOT NULL,
            position TEXT NOT NULL,
            view TEXT NOT NULL,
            move TEXT NOT NULL,
            grade TEXT NOT NULL,
            cost REAL NOT NULL,
            solved INTEGER NOT NULL,
            tries INTEGER,
            themes TEXT NOT NULL DEFAULT '',
            bank TEXT,
            item INTEGER,
            rated INTEGER NOT NULL DEFAULT 0,
            position_rating REAL,
            rating_before REAL,
            rating_after REAL
        );
        CREATE INDEX answers_view ON answers(view);
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            view TEXT NOT NULL UNIQUE,
            position TEXT NOT NULL,
            game TEXT NOT NULL,
            contract TEXT NOT NULL,
            family TEXT NOT NULL,
            themes TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL,
            added TEXT NOT NULL,
            due TEXT NOT NULL,
            fsrs TEXT NOT NULL,
            reps INTEGER NOT NULL DEFAULT 0,
            lapses INTEGER NOT NULL DEFAULT 0,
            bank TEXT
        );
        CREATE INDEX items_due ON items(due);
        CREATE TABLE ratings (
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            rating REAL NOT NULL,
            rd REAL NOT NULL,
            volatility REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            updated TEXT NOT NULL,
            PRIMARY KEY (kind, name)
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    _run(db, """
        CREATE TABLE history (
            answer INTEGER NOT NULL,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            rating REAL NOT NULL,
            rd REAL NOT NULL
        );
        CREATE INDEX history_name ON history(kind, name);
        CREATE TABLE drills (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            question TEXT NOT NULL,
            position TEXT NOT NULL,
            options TEXT NOT NULL,
            forecast TEXT NOT NULL,
            posterior TEXT NOT NULL,
            brier REAL NOT NULL,
            floor REAL NOT NULL
        );
    """)
    # the history of the ratings moved by the answers written before it existed
    rows = db.execute("SELECT id, at, family, rating_after FROM answers WHERE rated = 1 ORDER BY id").fetchall()
    db.executemany("INSERT INTO history VALUES (?, ?, 'family', ?, ?, 0)", rows)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
"""Migration ``i`` brings a file from schema ``i`` to ``i + 1``; the schema is their count."""
SCHEMA = len(MIGRATIONS)


def default_path() -> Path | str:
    """Where the memory lives: ``$KEINSTICH_MEMORY``, else ``memory.sqlite3`` in the user's data directory."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        return chosen if chosen == ":memory:" else Path(chosen).expanduser()
    from platformdirs import user_data_path

    return user_data_path("keinstich", appauthor=False) / FILE_NAME


def connect(target: str) -> sqlite3.Connection:
    db = sqlite3.connect(target, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return db


def check_file(db: sqlite3.Connection, what: str) -> int:
    """The schema of an open file, or a :class:`ProgressError` naming what is wrong with it."""
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        ok = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as e:
        raise ProgressError(_("{name} is damaged or is not a progress file of the kit ({error})", name=what,
                              error=e)) from None
    if ok != "ok":
        raise ProgressError(_("{name} is damaged ({error})", name=what, error=ok))
    if app != APPLICATION_ID and (app != 0 or tables):
        raise ProgressError(_("{name} is an SQLite file, but not a progress file of the kit", name=what))
    if version > SCHEMA:
        raise ProgressError(_("{name} was written by a newer version of the kit (schema {version}; this version reads "
                              "up to {schema}): update the kit to use it", name=what, version=version, schema=SCHEMA))
    return int(version)


def migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring an open file from schema ``version`` to :data:`SCHEMA`, each step in one transaction."""
    for step in range(version, SCHEMA):
        db.execute("BEGIN IMMEDIATE")
        try:
            now = db.execute("PRAGMA user_version").fetchone()[0]
            if now == step:  # another notebook may have migrated it while this one waited
                MIGRATIONS[step](db)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {step + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def now_tag() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path, why: str) -> Path:
    """Move ``path`` (and its WAL files) aside as ``<name>.<why>-<time>``; returns the new path."""
    target = path.with_name(f"{path.name}.{why}-{now_tag()}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{now_tag()}-{n}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + suffix))
    return target


__all__ = ["APPLICATION_ID", "BUSY_MS", "ENV", "FILE_NAME", "MIGRATIONS", "SCHEMA", "ProgressError", "check_file",
           "connect", "default_path", "migrate", "now_tag", "set_aside"]

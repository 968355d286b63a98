"""The learner's progress file: its SQLite schema and the migrations that bring an older file up to date, the
checks made on opening one (a damaged, foreign or newer file is refused with a :class:`ProgressError`, a damaged one
with a :class:`DamagedProgress`), where it lives, and moving a file aside.
:class:`~keinstich.trainer.memory.Memory` reads and writes it.

Every failure is said in one sentence, and only a file that is damaged is called so: a file another program holds
locked, a read-only file or folder, a folder or a broken link where the file should be are refused with what to do,
and the file is left alone. A file is the kit's when its tables, indexes and columns are exactly the ones the
migrations make (:func:`check_shape`): a file with a trigger, a view or a table of its own is not.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from keinstich.i18n import NP_, _, number, pgettext

ENV = "KEINSTICH_MEMORY"
"""The environment variable that names the memory's file (or ``:memory:``)."""
APPLICATION_ID = 0x4B535431
"""SQLite's application_id of a memory file: "KST1"."""
BUSY_MS = 5000
"""How long a write waits for another notebook's write to finish."""
FILE_NAME = "memory.sqlite3"


class ProgressError(ValueError):
    """A memory file that cannot be used: damaged, not the kit's, from a newer version of the kit, locked by another
    program, or where the kit cannot write. The message is one sentence that says which."""


class DamagedProgress(ProgressError):
    """A memory file that is damaged: not an SQLite file, pages SQLite's check finds broken, a schema number no kit
    writes, or tables that are not the kit's. :meth:`~keinstich.trainer.memory.Memory.open` moves it aside."""


_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT"}
"""SQLite's error names that mean the file itself is broken (any other error is about access: a lock, the rights)."""


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


def connect(target: str, *, busy_ms: int | None = None) -> sqlite3.Connection:
    """A connection in autocommit mode (the memory opens its transactions itself) that waits ``busy_ms`` (default
    :data:`BUSY_MS`) for another writer, and trusts nothing a file's schema could run (SQLite's trusted_schema off:
    a view or trigger of a forged file may call no function with side effects)."""
    wait = BUSY_MS if busy_ms is None else busy_ms
    db = sqlite3.connect(target, timeout=wait / 1000, isolation_level=None, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {int(wait)}")
        db.execute("PRAGMA trusted_schema = OFF")
    except BaseException:
        db.close()
        raise
    return db


def refusal(e: sqlite3.Error | UnicodeDecodeError, what: str) -> ProgressError:
    """SQLite's error ``e`` about the file ``what`` as one sentence: damaged (:class:`DamagedProgress`) only when
    SQLite says the file is broken (or its schema's text is not even UTF-8); a lock, the rights or a missing file are
    said as such."""
    if isinstance(e, UnicodeDecodeError):
        return DamagedProgress(_("{name} is damaged or is not a progress file of the kit (its text is not UTF-8)",
                                 name=what))
    name, said = getattr(e, "sqlite_errorname", ""), _short(str(e))
    if name in _DAMAGED or "malformed" in str(e) or "not a database" in str(e):
        return DamagedProgress(_("{name} is damaged or is not a progress file of the kit (SQLite says: {error})",
                                 name=what, error=said))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(e):
        return ProgressError(_("{name} is in use by another program, which has held it for over {seconds} seconds: "
                               "close the other notebook or program that has it open, and try again", name=what,
                               seconds=number(BUSY_MS / 1000, None)))
    if name.startswith("SQLITE_READONLY") or "readonly" in str(e):
        return ProgressError(_("{name} cannot be written (it, or its folder, is read-only): make it writable, or "
                               "choose another file with the environment variable {env}", name=what, env=ENV))
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")) or "unable to open" in str(e):
        return ProgressError(_("{name} cannot be opened (SQLite says: {error}): check that it is a file you may read "
                               "and write, or choose another with the environment variable {env}", name=what,
                               error=said, env=ENV))
    return ProgressError(_("{name} cannot be used (SQLite says: {error})", name=what, error=said))


def _short(text: str) -> str:
    """SQLite's words on one line, at most 120 characters."""
    line = " ".join(text.split())
    return line if len(line) <= 120 else line[:117] + "…"


def check_file(db: sqlite3.Connection, what: str) -> int:
    """The schema of an open file, or a :class:`ProgressError` naming what is wrong with it (a
    :class:`DamagedProgress` when the file is damaged)."""
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        problems = db.execute("PRAGMA quick_check(2)").fetchall()
    except (sqlite3.Error, UnicodeDecodeError) as e:
        raise refusal(e, what) from None
    if [tuple(p) for p in problems] != [("ok",)]:
        raise DamagedProgress(_("{name} is damaged: SQLite's check of its pages finds them broken", name=what))
    if app != APPLICATION_ID and (app != 0 or tables):
        raise ProgressError(_("{name} is an SQLite file, but not a progress file of the kit", name=what))
    if version > SCHEMA:
        raise ProgressError(_("{name} was written by a newer version of the kit (schema {version}; this version reads "
                              "up to {schema}): update the kit to use it", name=what, version=version, schema=SCHEMA))
    if version < 0 or (version == 0 and app == APPLICATION_ID):
        raise DamagedProgress(_("{name} is damaged: its schema number ({version}) is one no version of the kit writes",
                                name=what, version=version))
    return int(version)


@functools.cache
def shape(version: int) -> frozenset[tuple[str, str, str, str]]:
    """The tables and indexes (type, name, table, SQL) a file of schema ``version`` has: what the migrations make."""
    return _reference(version)[0]


def tables(version: int) -> dict[str, tuple[str, ...]]:
    """The columns of every table of schema ``version``, in order, by table, as the migrations make them."""
    return dict(_reference(version)[1])


@functools.cache
def _reference(version: int) -> tuple[frozenset[tuple[str, str, str, str]], tuple[tuple[str, tuple[str, ...]], ...]]:
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[:version]:
            step(db)
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
        cols = tuple((t, tuple(str(c[1]) for c in db.execute(f'PRAGMA table_info("{t}")'))) for t in names)
        return _objects(db), cols
    finally:
        db.close()


def _objects(db: sqlite3.Connection) -> frozenset[tuple[str, str, str, str]]:
    rows = db.execute("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master").fetchall()
    return frozenset((str(t), str(n), str(b), str(q)) for t, n, b, q in rows)


def check_shape(db: sqlite3.Connection, version: int, what: str) -> None:
    """Refuse (:class:`DamagedProgress`) a file of schema ``version`` whose tables, indexes and columns are not exactly
    the ones the kit makes: a trigger, a view or a table of its own, a column dropped or changed."""
    try:
        got = _objects(db)
    except (sqlite3.Error, UnicodeDecodeError) as e:
        raise refusal(e, what) from None
    want = shape(version)
    if got == want:
        return
    extra = sorted(got - want)
    missing = sorted(want - got)
    if extra and (not missing or extra[0][1] not in {m[1] for m in missing}):
        kind, thing = extra[0][0], extra[0][1]
        raise DamagedProgress(_("{name} is damaged or was changed by hand: it holds {object} ({kind}), which the kit "
                                "does not make", name=what, object=repr(_short(thing)), kind=_kind(kind)))
    kind, thing = missing[0][0], missing[0][1]
    if thing in {e[1] for e in extra}:
        raise DamagedProgress(_("{name} is damaged or was changed by hand: {object} ({kind}) is not as the kit makes "
                                "it", name=what, object=repr(thing), kind=_kind(kind)))
    raise DamagedProgress(_("{name} is damaged or was changed by hand: {object} ({kind}) is missing", name=what,
                            object=repr(thing), kind=_kind(kind)))


_KINDS = {"table": NP_("sqlite object", "table"), "index": NP_("sqlite object", "index"),
          "trigger": NP_("sqlite object", "trigger"), "view": NP_("sqlite object", "view")}


def _kind(kind: str) -> str:
    """SQLite's word for a kind of object in a file's schema, in the reader's language."""
    return pgettext("sqlite object", _KINDS[kind]) if kind in _KINDS else kind


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


def check_place(where: Path, what: str) -> None:
    """Refuse, in one sentence, a place where no progress file can be: a folder, a broken link, a folder that cannot
    be made (a file is in the way), a read-only folder or file."""
    if where.is_dir():
        raise ProgressError(_("{name} is a folder, not a file: move the folder away, or choose another file with the "
                              "environment variable {env}", name=what, env=ENV))
    if where.is_symlink() and not where.exists():
        raise ProgressError(_("{name} is a link to {target}, which does not exist: remove the link, or choose another "
                              "file with the environment variable {env}", name=what, target=os.readlink(where),
                              env=ENV))
    blocker = next((p for p in (where.parent, *where.parent.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise ProgressError(_("{name} cannot be made, because {blocker} is a file, not a folder: move that file away, "
                              "or choose another file with the environment variable {env}", name=what,
                              blocker=blocker, env=ENV))
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ProgressError(_("the folder of {name} cannot be made ({error}): choose another file with the "
                              "environment variable {env}", name=what, error=e.strerror, env=ENV)) from None
    if not os.access(where.parent, os.W_OK | os.X_OK):
        raise ProgressError(_("{name} cannot be written, because its folder {folder} is read-only: make the folder "
                              "writable, or choose another file with the environment variable {env}", name=what,
                              folder=where.parent, env=ENV))
    if where.exists() and not os.access(where, os.R_OK | os.W_OK):
        raise ProgressError(_("{name} cannot be written (it is read-only): make it writable, or choose another file "
                              "with the environment variable {env}", name=what, env=ENV))


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


__all__ = ["APPLICATION_ID", "BUSY_MS", "ENV", "FILE_NAME", "MIGRATIONS", "SCHEMA", "DamagedProgress", "ProgressError",
           "check_file", "check_place", "check_shape", "connect", "default_path", "migrate", "now_tag", "refusal",
           "set_aside", "shape", "tables"]

"""What a row of a progress file may hold, and a loaded file copied into a fresh memory row by row, every row checked.

A progress file loaded from outside (:meth:`~keinstich.trainer.memory.Memory.load`) may be damaged, edited or forged.
It is never used as it is: :func:`copy_checked` makes a new file with the kit's own schema, reads from the loaded one
only the kit's tables and only their columns (a trigger, a view or a table of its own is never run or copied), checks
every value by :data:`RULES` (a time as the kit writes it, a rating within Glicko's bounds, an FSRS state the
scheduler takes, a position that replays, …) and the rows against each other (a history row of an answer that is
there), and refuses the first that does not fit in one sentence. Reading is bounded: at most :data:`MAX_BYTES` of
file, and SQLite is stopped after :data:`MAX_SECONDS`.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from keinstich.games import GAMES
from keinstich.i18n import N_, _
from keinstich.limits import one_line, quoted

from .glicko import MAX_RATING, MAX_RD, MAX_VOLATILITY, MIN_RATING, MIN_RD
from .memory_rows import stamp
from .positions import FAMILIES, PositionError, position_of
from .progress_file import APPLICATION_ID, MIGRATIONS, ProgressError, check_file, connect, migrate, refusal, tables
from .schedule import Memo, recall, review

MAX_BYTES = 64 << 20
"""The largest progress file loaded: 64 MiB, about 20,000 answers (a year of daily practice is a few thousand)."""
MAX_SECONDS = 60.0
"""How long SQLite may work on a loaded file before it is stopped (reading a 64 MiB file takes about a second)."""
MAX_POSITION = 20_000
"""The most characters of a position's record (a real one has a few hundred)."""
MIN_VOLATILITY = 1e-4
"""The smallest volatility a rating may have (Glicko's own stay near 0.06 to 0.09)."""

ROW_WORDS = {"info": N_("info row {n}"), "answers": N_("answer {n}"), "items": N_("deck item {n}"),
             "ratings": N_("rating {n}"), "history": N_("history row {n}"), "drills": N_("card-sense answer {n}")}
"""How a refusal names a row of each table ("answer 12 has …")."""


class NotText:
    """What a loaded file's text that is not UTF-8 reads as: no rule takes it."""

    def __repr__(self) -> str:
        return "bytes that are not UTF-8 text"


def _text(raw: bytes) -> str | NotText:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return NotText()


@dataclass(frozen=True)
class Rule:
    """A column's rule: ``test`` says whether a value fits; ``must`` (a message of the catalogs, its ``fields`` filled)
    says what would ("… that is not {must}"), ``maybe`` when an empty value fits too."""

    test: Callable[[Any], bool]
    must: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    maybe: bool = False

    def said(self) -> str:
        """What the value must be, in the reader's language."""
        text = _(self.must, **self.fields)
        return _("empty or {what}", what=text) if self.maybe else text


def _is_int(v: Any, least: int = 0, most: int = 2 ** 62) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and least <= v <= most


def _is_real(v: Any, least: float, most: float) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and least <= v <= most


def _stamp_ok(v: Any) -> bool:
    """A time exactly as the kit writes one: UTC, ISO 8601 with microseconds, between 1970 and 2999."""
    if not isinstance(v, str) or len(v) > 40:
        return False
    try:
        t = datetime.fromisoformat(v)
    except ValueError:
        return False
    return t.tzinfo is not None and 1970 <= t.year <= 2999 and stamp(t) == v


_REPLAYS: dict[str, bool] = {}


def _replays(v: Any) -> bool:
    """A position's record (one line of JSON) that replays by its game's rules (remembered: positions repeat)."""
    if not isinstance(v, str) or not 0 < len(v) <= MAX_POSITION:
        return False
    if v not in _REPLAYS:
        try:
            position_of(v)
            ok = True
        except (PositionError, ValueError, TypeError):
            ok = False
        if len(_REPLAYS) > 50_000:
            _REPLAYS.clear()
        _REPLAYS[v] = ok
    return _REPLAYS[v]


_FSRS_KEYS = {"card_id", "state", "step", "stability", "difficulty", "due", "last_review"}


def _fsrs_ok(v: Any) -> bool:
    """An FSRS state as the scheduler writes it, which it takes back: reviewed now and in a year, it gives a due date
    and a chance of recall."""
    if not isinstance(v, str) or len(v) > 1000:
        return False
    try:
        d = json.loads(v)
    except ValueError:
        return False
    if not isinstance(d, dict) or set(d) != _FSRS_KEYS or not _is_int(d["card_id"]) or d["state"] not in (1, 2, 3):
        return False
    if not (d["step"] is None or _is_int(d["step"], 0, 100)):
        return False
    if not (d["stability"] is None or _is_real(d["stability"], 1e-4, 1e5)):
        return False
    if not (d["difficulty"] is None or _is_real(d["difficulty"], 1.0, 10.0)):
        return False
    if not _stamp_like(d["due"]) or not (d["last_review"] is None or _stamp_like(d["last_review"])):
        return False
    try:
        due = datetime.fromisoformat(d["due"])
        for when in (due, due + timedelta(days=365)):
            later = review(Memo(v, due), 1, when)
            chance = recall(later, when + timedelta(days=30))
            if not 0.0 <= chance <= 1.0:
                return False
    except (ValueError, TypeError, KeyError, OverflowError, ArithmeticError):
        return False
    return True


def _stamp_like(v: Any) -> bool:
    """A time in an FSRS state: ISO 8601 with a time zone, between 1970 and 2999."""
    if not isinstance(v, str) or len(v) > 40:
        return False
    try:
        t = datetime.fromisoformat(v)
    except ValueError:
        return False
    return t.tzinfo is not None and 1970 <= t.year <= 2999


def _json_list(v: Any, item: Callable[[Any], bool], most: int = 20) -> bool:
    if not isinstance(v, str) or len(v) > 10_000:
        return False
    try:
        x = json.loads(v)
    except ValueError:
        return False
    return isinstance(x, list) and 0 < len(x) <= most and all(item(e) for e in x)


def _themes_ok(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= 1000 and (v == "" or all(one_line(t, 40) for t in v.split(",")))


def _rating_ok(v: Any) -> bool:
    return _is_real(v, MIN_RATING, MAX_RATING)


def _maybe(rule: Rule) -> Rule:
    return Rule(lambda v: v is None or rule.test(v), rule.must, rule.fields, maybe=True)


def _word(most: int) -> Rule:
    return Rule(lambda v: one_line(v, most), N_("text of 1 to {most} characters on one line"), {"most": most})


STAMP = Rule(_stamp_ok, N_("a time as the kit writes one, such as {example}"),
             {"example": "2025-03-01T09:00:00.000000+00:00"})
ID = Rule(lambda v: _is_int(v, 1), N_("a whole number of 1 or more"))
COUNT = Rule(lambda v: _is_int(v, 0, 10 ** 9), N_("a whole number of 0 or more"))
FLAG = Rule(lambda v: v in (0, 1) and not isinstance(v, float), N_("0 or 1"))
RATING = Rule(_rating_ok, N_("a rating from {least} to {most}"), {"least": int(MIN_RATING), "most": int(MAX_RATING)})
RD = Rule(lambda v: _is_real(v, MIN_RD, MAX_RD), N_("a deviation from {least} to {most}"),
          {"least": int(MIN_RD), "most": int(MAX_RD)})
HISTORY_RD = Rule(lambda v: _is_real(v, 0.0, MAX_RD), N_("a deviation from {least} to {most}"),
                  {"least": 0, "most": int(MAX_RD)})
VOLATILITY = Rule(lambda v: _is_real(v, MIN_VOLATILITY, MAX_VOLATILITY), N_("a volatility from {least} to {most}"),
                  {"least": MIN_VOLATILITY, "most": MAX_VOLATILITY})
COST = Rule(lambda v: _is_real(v, -1e6, 1e6), N_("a number (the card's cost)"))
SCORE = Rule(lambda v: _is_real(v, 0.0, 2.0), N_("a score from 0 to 2"))
TRY = Rule(lambda v: _is_int(v, 1, 100), N_("the number of a try (1 or more)"))
POSITION = Rule(_replays, N_("a position's record that replays by its game's rules"))
RECORD = Rule(lambda v: isinstance(v, str) and 0 < len(v) <= MAX_POSITION, N_("a position's record"))
TEXT = Rule(lambda v: isinstance(v, str) and len(v) <= 10_000, N_("text"))
GAME = Rule(lambda v: v in GAMES, N_("one of the kit's games ({choices})"), {"choices": ", ".join(sorted(GAMES))})
FAMILY = Rule(lambda v: v in FAMILIES, N_("one of the kit's contract families ({choices})"),
              {"choices": ", ".join(sorted(FAMILIES))})
THEMES = Rule(_themes_ok, N_("themes separated by commas"))
FSRS = Rule(_fsrs_ok, N_("an FSRS state the scheduler takes"))
KIND = Rule(lambda v: v in ("overall", "family", "theme", "position"), N_("a kind of rating ({choices})"),
            {"choices": "overall, family, theme, position"})
OPTIONS = Rule(lambda v: _json_list(v, lambda e: one_line(e, 200)), N_("a list of answers in JSON"))
CHANCES = Rule(lambda v: _json_list(v, lambda e: _is_real(e, 0.0, 1.0)), N_("a list of chances from 0 to 1 in JSON"))

RULES: dict[str, dict[str, Rule]] = {
    "info": {"key": _word(200), "value": TEXT},
    "answers": {"id": ID, "key": _word(100), "at": STAMP, "source": _word(40), "game": GAME, "contract": _word(60),
                "family": FAMILY, "position": POSITION, "view": _word(100), "move": _word(60), "grade": _word(40),
                "cost": COST, "solved": FLAG, "tries": _maybe(TRY),
                "themes": THEMES, "bank": _maybe(_word(100)), "item": _maybe(ID), "rated": FLAG,
                "position_rating": _maybe(RATING), "rating_before": _maybe(RATING), "rating_after": _maybe(RATING)},
    "items": {"id": ID, "view": _word(100), "position": POSITION, "game": GAME, "contract": _word(60),
              "family": FAMILY, "themes": THEMES, "source": _word(40), "added": STAMP, "due": STAMP, "fsrs": FSRS,
              "reps": COUNT, "lapses": COUNT, "bank": _maybe(_word(100))},
    "ratings": {"kind": KIND, "name": _word(100), "rating": RATING, "rd": RD, "volatility": VOLATILITY,
                "games": COUNT, "updated": STAMP},
    "history": {"answer": ID, "at": STAMP, "kind": KIND, "name": _word(100), "rating": RATING, "rd": HISTORY_RD},
    "drills": {"id": ID, "key": _word(100), "at": STAMP, "kind": _word(40), "question": _word(500),
               "position": RECORD,
               "options": OPTIONS, "forecast": CHANCES, "posterior": CHANCES, "brier": SCORE, "floor": SCORE},
}
"""Every column of every table of the schema, and what it may hold."""

CROSS = (
    ("history", "SELECT h.rowid FROM history h LEFT JOIN answers a ON a.id = h.answer WHERE a.id IS NULL LIMIT 1",
     N_("{name}: {row} is the history of an answer the file does not have")),
    ("answers", "SELECT a.id FROM answers a LEFT JOIN items i ON i.id = a.item WHERE a.item IS NOT NULL AND i.id IS "
                "NULL LIMIT 1", N_("{name}: {row} answers a deck item the file does not have")),
)
"""Checks of the rows against each other: (table, a query that finds the first row that does not fit, the sentence
that says so)."""


def _row(table: str, n: int) -> str:
    """A row as a refusal names it: "answer 12", "deck item 3"."""
    return _(ROW_WORDS[table], n=n)


def copy_checked(source: Path, target: Path, what: str) -> tuple[int, int]:
    """Copy the kit's tables of the progress file ``source`` into a new file ``target`` of the current schema, every
    value checked (see the module's docstring); returns (answers, deck items). A :class:`ProgressError` (one sentence)
    for the first thing that does not fit; ``source`` is only read."""
    src = connect(str(source), busy_ms=0)
    src.text_factory = _text
    deadline = time.monotonic() + MAX_SECONDS
    src.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    dst = connect(str(target))
    try:
        try:
            version = check_file(src, what)
            if version == 0:
                raise ProgressError(_("{name} is an empty SQLite file, not a progress file of the kit", name=what))
            dst.execute("BEGIN IMMEDIATE")
            for step in MIGRATIONS[:version]:
                step(dst)
            dst.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            dst.execute(f"PRAGMA user_version = {version}")
            for table, columns in tables(version).items():
                _copy(src, dst, table, columns, what)
            for table, query, problem in CROSS:
                if table in tables(version) and (bad := dst.execute(query).fetchone()) is not None:
                    raise ProgressError(_(problem, name=what, row=_row(table, int(bad[0]))))
            dst.execute("COMMIT")
            migrate(dst, version)
            answers = dst.execute("SELECT count(*) FROM answers").fetchone()[0]
            items = dst.execute("SELECT count(*) FROM items").fetchone()[0]
        except (sqlite3.Error, UnicodeDecodeError) as e:
            if "interrupted" in str(e):
                raise ProgressError(_("{name} took SQLite over {seconds} seconds to read: it is not a progress file "
                                      "the kit can load", name=what, seconds=int(MAX_SECONDS))) from None
            raise refusal(e, what) from None
    finally:
        src.close()
        dst.close()
    return int(answers), int(items)


def _copy(src: sqlite3.Connection, dst: sqlite3.Connection, table: str, columns: tuple[str, ...], what: str) -> None:
    """One table's rows, only its kit's columns, each value checked, into ``dst``."""
    found = src.execute("SELECT type, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE", (table,)).fetchall()
    if len(found) != 1 or found[0][0] != "table" or not str(found[0][1] or "").upper().startswith("CREATE TABLE"):
        raise ProgressError(_("{name} has no table {table} as the kit writes one", name=what, table=repr(table)))
    have = {str(r[1]): int(r[6]) for r in src.execute(f'PRAGMA table_xinfo("{table}")')}
    for c in columns:
        if have.get(c) != 0:  # missing, or a column computed by a formula of the file's (hidden 2 or 3)
            raise ProgressError(_("{name}: its table {table} has no column {column} as the kit writes one", name=what,
                                  table=repr(table), column=repr(c)))
    rules = RULES[table]
    names = ", ".join(f'"{c}"' for c in columns)
    insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"
    for n, row in enumerate(src.execute(f'SELECT {names} FROM "{table}"'), 1):
        number = row[0] if columns[0] == "id" and _is_int(row[0], 1) else n
        for c, v in zip(columns, row, strict=True):
            rule = rules[c]
            if not rule.test(v):
                raise ProgressError(_("{name}: {row} has a {column} that is not {must}: {value}", name=what,
                                      row=_row(table, number), column=c, must=rule.said(), value=quoted(v, 40)))
        try:
            dst.execute(insert, row)
        except sqlite3.IntegrityError:
            raise ProgressError(_("{name}: {row} repeats what another row of its table holds (a key, a view, a name)",
                                  name=what, row=_row(table, number))) from None


__all__ = ["CROSS", "MAX_BYTES", "MAX_POSITION", "MAX_SECONDS", "ROW_WORDS", "RULES", "Rule", "copy_checked"]

"""The limits on what the kit reads from outside, the checks that apply them, the checks of the
arguments a reader passes (:func:`check_whole`, :func:`check_flag`, :func:`check_fields`), and how
messages quote what they refuse (shortened, never re-encoding a huge or deeply nested value).

Hostile or broken input (a record file, a command line, a box in a widget) must end in one clear
error, never a traceback, an hour of work or a gigabyte of memory. Each limit is far above anything
a real deal needs, so only a broken or hostile input meets it (docs/records.md, "Limits"):

- :data:`MAX_RECORD_BYTES`: a record file of at most 1 MiB. The largest real record, a 52-card
  lay-off deal with a thousand passes, is about 12 kB; a 1 MiB record of the costliest shape (tiny
  arrays) is checked in under a second, adding about 10 MB to the process's peak memory
  (benchmarks/reliability.py).
- :data:`MAX_NESTING`: JSON nested at most 32 levels. A record needs 3 (the record, its hands, a
  hand); deeper values would only make messages about them recurse.
- :data:`MAX_PLAYS`: at most 10,000 plays and passes. A deal of 52 cards has 52 plays; passes in
  a lay-off deal with voluntary passes add a few dozen (at most 93 in 300 random deals).
- :data:`MAX_SEED_DIGITS`: a seed number of at most 100 digits, a seed text of at most 200
  characters: Python refuses to print numbers of over 4,300 digits.
"""

from __future__ import annotations

import json
import re

MAX_RECORD_BYTES = 1 << 20
"""The largest record file or text read: 1 MiB."""
MAX_NESTING = 32
"""How deeply a record's JSON may nest arrays and objects."""
MAX_PLAYS = 10_000
"""The most plays (cards and passes) a record may hold."""
MAX_SEED_DIGITS = 100
"""The most digits of a seed number."""
MAX_SEED_TEXT = 200
"""The most characters of a seed given as text."""

_NUMBER = re.compile(r"-?[0-9]+")
_NUMBER_LIKE = re.compile(r"[\s\d+\-−.,_]+")


class LimitError(ValueError):
    """An input beyond one of the limits above, or a seed that is neither a number nor a word."""


def nesting(value: object, limit: int = MAX_NESTING) -> int:
    """How deeply lists, tuples and dicts nest in ``value`` (0 for a scalar), counted level by
    level without recursion; stops counting once past ``limit``."""
    depth = 0
    level = [value]
    while True:
        containers = [v for v in level if isinstance(v, list | tuple | dict)]
        if not containers:
            return depth
        depth += 1
        if depth > limit:
            return depth
        level = [c for v in containers for c in (v.values() if isinstance(v, dict) else v)]


def one_line(text: object, most: int) -> bool:
    """Whether ``text`` is text of 1 to ``most`` characters that prints on one line: no control characters, no
    line or paragraph separators, no invisible formatting characters (what a name shown to a class may hold)."""
    return isinstance(text, str) and 0 < len(text) <= most and text.isprintable()


def check_nesting(value: object, what: str = "a record") -> None:
    """Refuse ``value`` nested deeper than :data:`MAX_NESTING` levels."""
    if nesting(value) > MAX_NESTING:
        raise LimitError(f"{what} may nest arrays and objects at most {MAX_NESTING} levels deep; "
                         "this one nests deeper")


def check_size(size: int, what: str = "a record") -> None:
    """Refuse an input of more than :data:`MAX_RECORD_BYTES` bytes."""
    if size > MAX_RECORD_BYTES:
        raise LimitError(f"{what} may be at most {MAX_RECORD_BYTES:,} bytes (1 MiB); this one is larger "
                         f"({size:,} bytes or more): a real record is a few kilobytes")


def check_plays(count: int) -> None:
    """Refuse more than :data:`MAX_PLAYS` plays."""
    if count > MAX_PLAYS:
        raise LimitError(f"a record may hold at most {MAX_PLAYS:,} plays, not {count:,}: a real deal has "
                         "one play per card and a few passes")


def seed_from_text(text: str) -> int | str:
    """A seed typed as text: a whole number (``7``, ``-3``, ASCII digits, at most
    :data:`MAX_SEED_DIGITS`) is that number; a word such as ``lesson-3`` (it has a letter) is that
    text. Anything else (``²``, ``--5``, ``1.5``, a 5,000-digit number, nothing) is refused."""
    s = text.strip()
    if _NUMBER.fullmatch(s):
        if len(s.lstrip("-")) > MAX_SEED_DIGITS:
            raise LimitError(f"a seed number has at most {MAX_SEED_DIGITS} digits, not {len(s.lstrip('-')):,}")
        return int(s)
    if not s or _NUMBER_LIKE.fullmatch(s) or not any(ch.isalpha() for ch in s):
        shown = repr(s) if len(s) <= 20 else repr(s[:12]) + f"… ({len(s):,} characters)"
        raise LimitError(f"the seed {shown} is not a whole number such as 7 or -3, nor a word such as lesson-3")
    if len(s) > MAX_SEED_TEXT:
        raise LimitError(f"a seed text has at most {MAX_SEED_TEXT} characters, not {len(s):,}")
    return s


def check_seed(seed: object, what: str = "seed") -> int | str:
    """``seed`` if it is a whole number of at most :data:`MAX_SEED_DIGITS` digits or a text; a
    TypeError for anything else (None, a float, True), so that no seed is silently misread."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        shown = repr(seed) if len(repr(seed)) <= 40 else type(seed).__name__
        raise TypeError(f"{what} must be a whole number such as 7 or a text such as \"lesson-3\", not {shown}")
    check_seed_number(seed)
    return seed


def check_seed_number(seed: object) -> None:
    """Refuse a seed number of more than :data:`MAX_SEED_DIGITS` digits (other types are the
    caller's to check)."""
    if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed).bit_length() > 333:  # ~100 digits
        raise LimitError(f"a seed number has at most {MAX_SEED_DIGITS} digits; this one has about "
                         f"{digits(seed):,}")


def digits(number: int) -> int:
    """About how many decimal digits ``number`` has, without printing it (Python refuses to print
    numbers of over 4,300 digits)."""
    return int(abs(number).bit_length() * 0.30103) + 1


# --- arguments -------------------------------------------------------------------------------------------


def check_whole(name: str, value: object, least: int | None = None, most: int | None = None,
                error: type[ValueError] = ValueError) -> int:
    """``value`` if it is a whole number (True and False are not) from ``least`` to ``most`` (either
    may be open); else ``error`` naming ``name`` and what it must be, e.g. "players must be a whole
    number from 2 to 6, not '4'"."""
    if isinstance(value, bool) or not isinstance(value, int) or (least is not None and value < least) or (
            most is not None and value > most):
        span = (f" from {least} to {most}" if least is not None and most is not None
                else f" of {least} or more" if least is not None
                else f" of at most {most}" if most is not None else "")
        raise error(f"{name} must be a whole number{span}, not {quoted(value)}")
    return value


def check_flag(name: str, value: object, error: type[ValueError] = ValueError) -> bool:
    """``value`` if it is True or False (not 1, "no" or None, which would read as a setting); else
    ``error`` naming ``name``."""
    if not isinstance(value, bool):
        raise error(f"{name} must be True or False, not {quoted(value)}")
    return value


def check_fields(obj: object, error: type[ValueError] = ValueError) -> None:
    """Refuse a dataclass whose switches (fields typed ``bool``) are not True or False, or whose counts
    (fields typed ``int``, or ``int | None`` and None) are not whole numbers, naming the field."""
    import dataclasses

    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if kind == "bool":
            check_flag(f.name, value, error)
        elif kind == "int" or (kind == "int | None" and value is not None):
            check_whole(f.name, value, error=error)


# --- quoting input in messages -----------------------------------------------------------------------


def quoted(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut short: a message never echoes a huge input, and
    a value Python cannot print (a number of over 4,300 digits, a list nested a thousand deep) is
    described instead."""
    try:
        text = repr(value)
    except (ValueError, RecursionError, MemoryError):
        if isinstance(value, int):
            return f"a number of about {digits(value):,} digits"
        return f"a {type(value).__name__} nested too deeply to show"
    return shortened(text, limit)


def shortened(text: str, limit: int = 60) -> str:
    """``text`` cut to about ``limit`` characters for a message, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit - 12]}… ({len(text)} characters)"


def shown(value: object, limit: int = 60) -> str:
    """A record's value as its JSON writes it, cut short for a message (``quoted`` when it is no JSON)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return quoted(value, limit)
    return shortened(text, limit)


__all__ = ["MAX_NESTING", "MAX_PLAYS", "MAX_RECORD_BYTES", "MAX_SEED_DIGITS", "MAX_SEED_TEXT", "LimitError",
           "check_fields", "check_flag", "check_nesting", "check_plays", "check_seed", "check_seed_number",
           "check_size", "check_whole", "digits", "nesting", "one_line", "quoted", "seed_from_text", "shortened",
           "shown"]

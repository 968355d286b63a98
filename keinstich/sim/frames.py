"""Simulation rows into a compact, typed DataFrame: names as categoricals, numbers in the smallest
integer type that holds them.

A simulation frame repeats a few names (game, contract, pack, bot, unit) on every row and holds small
numbers (seats, tricks, pfennig), so it stores each name once (a pandas categorical, one code per row)
and each number in ``int8``/``int16`` where it fits: about 40 bytes a row instead of 160. The values
are those of plain ``int64`` and text columns; sums and means come out as ``int64`` and ``float64``.

Each chunk of rows becomes columns where it was played (:func:`block`, in the worker), and
:func:`to_frame` joins the chunks in order; the types follow from all the values, so the frame is the
same for any chunking. A column's type is the smallest of ``int8`` … ``int64`` that holds its values,
never below its floor: 16 bits for counts of deals or parties and for scores (so that a frame cut
short and the full frame agree, and ``-frame["score"]`` or ``10 * frame["score"]`` stay in range),
8 bits for seats, players, tricks and places. Cast to ``int64`` before arithmetic that may outgrow it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

Row = tuple[Any, ...]
Block: TypeAlias = "tuple[Any, ...]"
"""One chunk's rows as columns: an int64 array, a (values, missing) pair of arrays, a (codes, names) pair
(a name's code is its place in names; None is -1), or a list."""

FLOOR_BITS: dict[str, int] = {
    **dict.fromkeys(("deal", "partie", "score", "paid", "received", "net", "pot", "card_points"), 16),
    **dict.fromkeys(("players", "seat", "rotation", "deal_no", "dealer", "tricks", "place"), 8),
}
"""Whole-number columns and the fewest bits each gets."""
NULLABLE = frozenset(("tricks", "place", "card_points", "pot"))
"""Whole-number columns that are empty where a deal has none (no tricks in a lay-off deal)."""
CATEGORIES = frozenset(("game", "contract", "pack", "bot", "unit", "role", "preset"))
"""Names repeated on many rows: categoricals, their categories in alphabetical order."""
TEXT = frozenset(("seed",))
"""Text that differs deal by deal: plain ``str`` (as categories they would differ between a frame cut
short by ``cancel`` and the same rows of the whole frame)."""


def kinds_of(columns: Sequence[str]) -> tuple[str, ...]:
    """Each column's kind for :func:`block`: ``"int"``, ``"nullable"``, ``"category"`` or ``"object"``."""
    return tuple("nullable" if c in NULLABLE else "int" if c in FLOOR_BITS else "category" if c in CATEGORIES
                 else "object" for c in columns)


def block(rows: Sequence[Row], kinds: Sequence[str]) -> Block:
    """``rows`` as columns (see :data:`Block`), whole numbers as arrays: cheap to send between processes."""
    cols: list[Sequence[Any]] = list(zip(*rows, strict=True)) if rows else [() for _ in kinds]
    out: list[Any] = []
    for kind, col in zip(kinds, cols, strict=True):
        if kind == "int":
            out.append(np.array(col, dtype=np.int64))
        elif kind == "nullable":
            missing = np.array([v is None for v in col], dtype=bool)
            out.append((np.array([0 if v is None else v for v in col], dtype=np.int64), missing))
        elif kind == "category":
            codes: dict[object, int] = {None: -1}
            out.append((np.array([codes.setdefault(v, len(codes) - 1) for v in col], dtype=np.int64),
                        list(codes)[1:]))
        else:
            out.append(list(col))
    return tuple(out)


def smallest_int(values: np.ndarray[Any, Any], floor: int = 8) -> str:
    """The smallest of ``int8`` … ``int64`` with at least ``floor`` bits that holds ``values``."""
    lo, hi = (int(values.min()), int(values.max())) if values.size else (0, 0)
    for bits in (8, 16, 32):
        if bits >= floor and -(1 << (bits - 1)) <= lo and hi < 1 << (bits - 1):
            return f"int{bits}"
    return "int64"


def _column(name: str, kind: str, parts: list[Any]) -> Any:
    import pandas as pd

    if kind == "int":
        values = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return values.astype(smallest_int(values, FLOOR_BITS[name]))
    if kind == "nullable":
        values = np.concatenate([p[0] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
        missing = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtype=bool)
        dtype = smallest_int(values[~missing], FLOOR_BITS[name])
        return pd.arrays.IntegerArray(values.astype(dtype), missing)
    if kind == "category":  # each chunk's codes renumbered to the names of all chunks (text: alphabetical)
        seen = list(dict.fromkeys(chain.from_iterable(p[1] for p in parts)))
        text = all(isinstance(n, str) for n in seen)
        names = sorted(seen) if text else seen
        where = {n: i for i, n in enumerate(names)}
        # a chunk's code c becomes renumber[c]; the -1 of a missing value picks the -1 appended last
        codes = [np.array([*(where[n] for n in p[1]), -1], dtype=np.int64)[p[0]] for p in parts]
        return pd.Categorical.from_codes(np.concatenate(codes) if codes else np.zeros(0, dtype=np.int64),
                                         categories=pd.Index(names, dtype="str" if text and names else None))
    items = list(chain.from_iterable(parts))
    if name in TEXT:
        return pd.Series(items, dtype=object).astype("str").array
    return pd.Series(items).array  # a game's own column: the type pandas infers


def to_frame(blocks: Sequence[Block], columns: Sequence[str], attrs: Mapping[str, Any]) -> pd.DataFrame:
    """The chunks' columns joined in order as one DataFrame (types as above), with ``attrs``."""
    import pandas as pd

    kinds = kinds_of(columns)
    data = {name: _column(name, kind, [b[j] for b in blocks]) for j, (name, kind) in enumerate(zip(columns, kinds,
                                                                                                   strict=True))}
    frame = pd.DataFrame(data, columns=list(columns))
    frame.attrs.update(attrs)
    return frame

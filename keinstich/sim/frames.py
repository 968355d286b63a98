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

if TYPE_CHECKING:  # numpy and pandas load with the first simulation, not with the kit (the widgets import it)
    import numpy as np
    import pandas as pd

Row = tuple[Any, ...]
Block: TypeAlias = "tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], tuple[list[Any], ...], tuple[list[Any], ...]]"
"""One chunk's rows as columns, in four parts (few objects: quick to send between processes): an int64
array with a row per whole-number or name column (0 where a value is missing; a name as its code, its
place in the chunk's names, -1 for None), a bool array marking the missing values of each nullable
column, each name column's names, and each other column's values as a list."""

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
    """``rows`` as a :data:`Block` of columns of the ``kinds`` of :func:`kinds_of`."""
    import numpy as np

    cols: list[Sequence[Any]] = list(zip(*rows, strict=True)) if rows else [() for _ in kinds]
    numbers: list[Sequence[int]] = []
    missing: list[list[bool]] = []
    names: list[list[Any]] = []
    others: list[list[Any]] = []
    for kind, col in zip(kinds, cols, strict=True):
        if kind == "int":
            numbers.append(col)
        elif kind == "nullable":
            missing.append([v is None for v in col])
            numbers.append([0 if v is None else v for v in col])
        elif kind == "category":
            codes: dict[object, int] = {None: -1}
            numbers.append([codes.setdefault(v, len(codes) - 1) for v in col])
            names.append(list(codes)[1:])
        else:
            others.append(list(col))
    n = len(rows)
    return (np.array(numbers, dtype=np.int64).reshape(len(numbers), n),
            np.array(missing, dtype=bool).reshape(len(missing), n), tuple(names), tuple(others))


def smallest_int(values: np.ndarray[Any, Any], floor: int = 8) -> str:
    """The smallest of ``int8`` … ``int64`` with at least ``floor`` bits that holds ``values``."""
    lo, hi = (int(values.min()), int(values.max())) if values.size else (0, 0)
    for bits in (8, 16, 32):
        if bits >= floor and -(1 << (bits - 1)) <= lo and hi < 1 << (bits - 1):
            return f"int{bits}"
    return "int64"


def _categorical(codes: np.ndarray[Any, Any], chunks: list[list[Any]], sizes: list[int]) -> Any:
    """Each chunk's codes renumbered to the names of all chunks (text in alphabetical order)."""
    import numpy as np
    import pandas as pd

    seen = list(dict.fromkeys(chain.from_iterable(chunks)))
    text = all(isinstance(n, str) for n in seen)
    names = sorted(seen) if text else seen
    where = {n: i for i, n in enumerate(names)}
    # code c of a chunk becomes renumber[c]; the -1 of a missing value picks the -1 put last
    renumber = {key: np.array([*(where[n] for n in key), -1], dtype=np.int64) for key in map(tuple, chunks)}
    if len(renumber) == 1:  # every chunk met the same names in the same order
        out = next(iter(renumber.values()))[codes]
    else:
        out = np.empty_like(codes)
        a = 0
        for chunk, size in zip(chunks, sizes, strict=True):
            out[a:a + size] = renumber[tuple(chunk)][codes[a:a + size]]
            a += size
    return pd.Categorical.from_codes(out, categories=pd.Index(names, dtype="str" if text and names else None))


def to_frame(blocks: Sequence[Block], columns: Sequence[str], attrs: Mapping[str, Any]) -> pd.DataFrame:
    """The chunks' columns joined in order as one DataFrame (types as above), with ``attrs``."""
    import numpy as np
    import pandas as pd

    kinds = kinds_of(columns)
    counts = [sum(k != "object" for k in kinds), kinds.count("nullable")]
    numbers, missing = (np.concatenate([b[part] for b in blocks], axis=1) if blocks
                        else np.zeros((counts[part], 0), dtype=np.int64 if part == 0 else bool) for part in (0, 1))
    sizes = [b[0].shape[1] for b in blocks]
    rows, gaps, names, others = iter(numbers), iter(missing), iter(range(len(kinds))), iter(range(len(kinds)))
    data: dict[str, Any] = {}
    for name, kind in zip(columns, kinds, strict=True):
        if kind == "int":
            values = next(rows)
            data[name] = values.astype(smallest_int(values, FLOOR_BITS[name]))
        elif kind == "nullable":
            values, gap = next(rows), next(gaps)
            data[name] = pd.arrays.IntegerArray(values.astype(smallest_int(values[~gap], FLOOR_BITS[name])), gap)
        elif kind == "category":
            c = next(names)
            data[name] = _categorical(next(rows), [b[2][c] for b in blocks], sizes)
        else:  # the seed as text; a game's own column as pandas infers it
            o = next(others)
            items = list(chain.from_iterable(b[3][o] for b in blocks))
            data[name] = (pd.Series(items, dtype=object).astype("str") if name in TEXT else pd.Series(items)).array
    frame = pd.DataFrame(data, columns=list(columns))
    frame.attrs.update(attrs)
    return frame

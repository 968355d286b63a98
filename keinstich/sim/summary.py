"""What a simulation frame says about each bot: its mean with a 95% confidence interval.

A deal (or a partie) is the independent unit, so duplicate deals of a tournament are not counted
as independent; :func:`t975` is Student's t for the interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

from keinstich.cards import quoted
from keinstich.sim.bot_specs import SimulationError

if TYPE_CHECKING:
    import pandas as pd

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t975(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (for a two-sided 95% interval)."""
    if df < 1:
        return math.nan
    if df <= len(_T975):
        return _T975[df - 1]
    z = statistics.NormalDist().inv_cdf(0.975)
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def summarize(frame: pd.DataFrame, by: str | Sequence[str] = "bot") -> pd.DataFrame:
    """One row per bot (or per ``by``): ``deals`` (independent deals, or ``parties``), ``mean``,
    ``ci_low``, ``ci_high`` (95%, Student's t), ``sd`` and ``unit``.

    A deal is the independent unit: a bot's result in a deal is its mean over the seats (and
    rotations) it played there, so duplicate deals are not counted as independent. For a
    :func:`simulate_partie` frame the result is each seat's final ``net`` per partie.
    """
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise SimulationError(f"summarize takes the DataFrame of simulate, tournament or simulate_partie, "
                              f"e.g. summarize(simulate(\"no-hearts\", 100)), not {quoted(frame)}")
    if not isinstance(by, str) and not (isinstance(by, Sequence) and by and all(isinstance(k, str) for k in by)):
        raise SimulationError(f"by must be a column name such as \"bot\" or a list of them such as "
                              f"[\"seat\", \"bot\"], not {quoted(by)}")
    keys = [by] if isinstance(by, str) else list(by)
    if "partie" in frame.columns and "net" in frame.columns:
        unit_col, value, count = "partie", "net", "parties"
        last = frame[frame["deal_no"] == frame.groupby("partie", observed=True)["deal_no"].transform("max")]
        data = last
    elif "deal" in frame.columns and "score" in frame.columns:
        unit_col, value, count = "deal", "score", "deals"
        data = frame
    else:
        raise SimulationError("summarize takes a frame of simulate, tournament or simulate_partie")
    missing = [k for k in keys if k not in data.columns]
    if missing:
        raise SimulationError(f"no column {missing[0]!r} to summarize by: use some of {', '.join(data.columns)}")
    # the frame's small integers summed as int64 (no overflow); names grouped as they appear
    values = data[value]
    if pd.api.types.is_integer_dtype(values.dtype):
        values = values.astype("Int64" if values.hasnans else "int64")
    per = values.groupby([data[k] for k in [*keys, unit_col]], sort=False, observed=True).mean().reset_index()
    rows = []
    for key, group in per.groupby(keys, sort=False, observed=True):
        xs = [float(x) for x in group[value]]
        m = statistics.fmean(xs)
        sd = statistics.stdev(xs) if len(xs) > 1 else math.nan
        half = t975(len(xs) - 1) * sd / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
        names = key if isinstance(key, tuple) else (key,)
        rows.append((*names, len(xs), m, m - half, m + half, sd))
    out = pd.DataFrame.from_records(rows, columns=[*keys, count, "mean", "ci_low", "ci_high", "sd"])
    units = frame["unit"].dropna().unique() if "unit" in frame.columns else []
    out["unit"] = units[0] if len(units) == 1 else "mixed"
    out.attrs["measure"] = value
    return out

"""The trainer's charts: the learner's rating over time per contract family, and the card-sense score.

Figures are built with matplotlib's object API (never pyplot), as the simulation charts are, and show
themselves as PNG in a notebook. :class:`Chart` is the same small class as :class:`keinstich.sim.charts.Chart`,
kept here so that the trainer does not load the simulation kit (numpy, the compiled play-outs) to draw a line.
"""

from __future__ import annotations

import io
from datetime import datetime

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from keinstich.i18n import _

from .memory import Memory
from .positions import family_name


class Chart(Figure):
    """A :class:`~matplotlib.figure.Figure` that shows itself as a PNG in a notebook, without pyplot."""

    def _repr_png_(self) -> bytes:
        return png(self)


def png(fig: Figure, dpi: int = 80) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", dpi=dpi)
    return buf.getvalue()


def _x(times: list[datetime], first: datetime) -> list[float]:
    return [(t - first).total_seconds() / 86400 for t in times]


def progress(memory: Memory, *, width: float = 7.0) -> Chart:
    """The learner's rating after each rated answer, one line per contract family (with a band of ± the
    rating deviation), against the days since the first answer."""
    fig = Chart(figsize=(width, 3.4))
    ax = fig.subplots()
    rows = memory.history("family")
    if not rows:
        ax.text(0.5, 0.5, _("no rated answers yet: practise a few positions"), ha="center", va="center",
                transform=ax.transAxes, color="#666")
        ax.set_axis_off()
        return fig
    first = rows[0][0]
    for family in sorted({r[1] for r in rows}):
        mine = [r for r in rows if r[1] == family]
        xs = _x([r[0] for r in mine], first)
        ys = [r[2] for r in mine]
        rd = [r[3] for r in mine]
        line, = ax.plot(xs, ys, marker="o", markersize=3, label=family_name(family))
        ax.fill_between(xs, [y - d for y, d in zip(ys, rd, strict=True)], [y + d for y, d in zip(ys, rd, strict=True)],
                        color=line.get_color(), alpha=0.12, linewidth=0)
    ax.set_xlabel(_("days since your first rated answer"))
    ax.set_ylabel(_("rating (Glicko-2)"))
    ax.set_title(_("Your rating per contract family (band: ± one deviation)"))
    ax.legend(fontsize="small", loc="best")
    ax.grid(alpha=0.3)
    return fig


def sense(memory: Memory, *, width: float = 7.0) -> Chart:
    """Every card-sense answer's Brier score (lower is better) and the best the evidence allowed, against the
    answer's number, with the mean of the last five."""
    fig = Chart(figsize=(width, 3.0))
    ax = fig.subplots()
    rows = memory.drills()
    if not rows:
        ax.text(0.5, 0.5, _("no card-sense answers yet"), ha="center", va="center", transform=ax.transAxes,
                color="#666")
        ax.set_axis_off()
        return fig
    xs = list(range(1, len(rows) + 1))
    scores = [r[2] for r in rows]
    floors = [r[3] for r in rows]
    ax.plot(xs, scores, "o", markersize=4, label=_("your Brier score"))
    ax.plot(xs, floors, "_", markersize=10, color="#0b7a28", label=_("best the evidence allows"))
    mean = [sum(scores[max(0, i - 4):i + 1]) / len(scores[max(0, i - 4):i + 1]) for i in range(len(scores))]
    ax.plot(xs, mean, "-", color="#444", label=_("mean of the last five"))
    ax.set_xlabel(_("card-sense answer"))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))  # answers are counted: no tick at 0.96
    ax.set_xlim(0.5, len(rows) + 0.5)
    ax.set_ylabel(_("Brier score (lower is better)"))
    ax.set_title(_("Card sense: your chances against what the evidence supports"))
    ax.legend(fontsize="small", loc="best")
    ax.grid(alpha=0.3)
    return fig


__all__ = ["Chart", "png", "progress", "sense"]

"""Charts of simulation frames: each function takes a DataFrame and returns a matplotlib Figure.

::

    frame = simulate("no-hearts", deals=2000, seed=1)
    penalty_distribution(frame, by="seat")            # what each seat pays, deal by deal
    bot_comparison(summarize(tournament(["heuristic", "random"], "no-tricks", deals=500)))
    pot_over_partie(simulate_partie("standard", parties=10))
    trick_by_trick(deal_frame(one_deal("no-hearts", 3)))
    holder_risk(stats.penalty_cards(NO_OBERS, Rank.QUEEN))  # an Ober's risk by the length of its suit
    mean_by_count(stats.domino_hands(frame), ["Unters dealt"], "received")

Counts (cards, penalties, deals) are drawn on whole-number ticks; panels of different contracts each get
their own x range. A *player's deal* is one seat's result in one deal: a deal of four players gives four.

Figures are built with matplotlib's object API (:class:`matplotlib.figure.Figure`, never pyplot), so
nothing leaks into pyplot's global state; every figure has a title, labelled axes and units, and
shows itself in a notebook (as PNG) without pyplot or a Jupyter import here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from keinstich.deal import Kind
from keinstich.i18n import N_, _, number, pgettext
from keinstich.sim.shown import contract_label, label, preset_label
from keinstich.wording.names import bot_name

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Chart", "ChartError", "bot_comparison", "deal_frame", "holder_risk", "mean_by_count",
           "penalty_distribution", "pot_over_partie", "trick_by_trick"]

_DISCRETE = 40
"""Up to this many distinct values a distribution is drawn as one bar per value, else as a histogram."""


class ChartError(ValueError):
    """A frame a chart cannot draw (a missing column, no rows, an unknown grouping)."""


class Chart(Figure):
    """A :class:`~matplotlib.figure.Figure` that shows itself as a PNG in a notebook, without pyplot."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png", bbox_inches="tight")
        return buf.getvalue()


_WHAT = {"pfennig": N_("penalty paid"), "points": N_("points"), "stakes": N_("stake won (+) or lost (−)")}
_BETTER = {"pfennig": N_("lower is better"), "points": N_("higher is better"), "stakes": N_("higher is better")}


def _what(unit: str) -> str:
    """What a result in ``unit`` is, as a chart names it ("penalty paid")."""
    return _(_WHAT[unit]) if unit in _WHAT else _("result")


def _unit_name(unit: str) -> str:
    """A unit as a chart writes it ("pfennig", German "Pfennig")."""
    names = {"pfennig": lambda: pgettext("chart unit", "pfennig"), "points": lambda: pgettext("chart unit", "points"),
             "stakes": lambda: pgettext("chart unit", "stakes"), "units": lambda: pgettext("chart unit", "units"),
             "mixed units": lambda: pgettext("chart unit", "mixed units")}
    said = names.get(unit)
    return said() if said is not None else unit


def _unit(frame: pd.DataFrame) -> str:
    if "unit" not in frame.columns:
        return "units"
    units = frame["unit"].dropna().unique()
    return str(units[0]) if len(units) == 1 else "mixed units"


def _need(frame: object, columns: Sequence[str], what: str) -> None:
    cols = getattr(frame, "columns", None)
    if cols is None:
        raise ChartError(f"{what} takes a pandas DataFrame, not {type(frame).__name__}")
    missing = [c for c in columns if c not in cols]
    if missing:
        raise ChartError(f"{what} needs the column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; "
                         f"the frame has {', '.join(map(str, cols))}")
    if not len(frame):  # type: ignore[arg-type]
        raise ChartError(f"{what}: the frame has no rows")


def _by_group(frame: pd.DataFrame, by: str) -> list[tuple[Any, pd.DataFrame]]:
    # seats in seat order; contracts and bots in the order the frame has them (as the reader listed them)
    groups = frame.groupby([by], sort=by == "seat", observed=True)
    return [(key[0] if isinstance(key, tuple) else key, group) for key, group in groups]


def penalty_distribution(frame: pd.DataFrame, by: str = "contract", names: Mapping[str, str] | None = None) -> Figure:
    """How often each result occurs, one panel per contract, seat or bot (``by``): the share of
    players' deals (%) with each penalty (or points), a dashed line at the mean.

    A *player's deal* is one seat in one deal: a deal of four players gives four results. One bar per
    value when there are few distinct values (pfennig come in steps of 5), else a histogram of 30 bins.
    Panels share their x axis only when they show the same contract in the same unit; panels of
    different contracts (different totals) each get their own range. ``names`` gives a panel a plain
    name instead of the frame's id (``{"custom": "My contract"}``).
    """
    if by not in ("contract", "seat", "bot"):
        raise ChartError(f"by must be 'contract', 'seat' or 'bot', not {by!r}")
    _need(frame, ["score", by], "penalty_distribution")
    groups = _by_group(frame, by)
    unit = _unit(frame)
    fig = Chart(figsize=(7.5, 1.2 + 2.3 * len(groups)), layout="constrained")
    by_word = {"contract": pgettext("by", "contract"), "seat": pgettext("by", "seat"), "bot": pgettext("by", "bot")}
    fig.suptitle(_("How often each {what} occurs, by {by}", what=_what(unit), by=by_word[by]))
    same_unit = len({_unit(g) for _x, g in groups}) == 1
    one_contract = "contract" not in frame.columns or frame["contract"].nunique() == 1
    shared = same_unit and one_contract
    axes = fig.subplots(len(groups), 1, squeeze=False, sharex=shared)[:, 0]
    for ax, (key, group) in zip(axes, groups, strict=True):
        gunit = _unit(group)
        scores = [int(x) for x in group["score"]]
        values = sorted(set(scores))
        n = len(scores)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # results are whole numbers
        if len(values) <= _DISCRETE:
            step = min((b - a for a, b in pairwise(values)), default=1)
            span = values[-1] - values[0]
            width = 0.8 * min(step, max(span / 12, 1)) if span else 0.8  # far-apart values: slim bars
            ax.bar(values, [100 * scores.count(v) / n for v in values], width=width, color="#4c72b0")
            if len(values) <= 12 and not shared:
                ax.set_xticks(values)
            ax.xaxis.set_tick_params(labelbottom=True)
        else:
            ax.hist(scores, bins=30, weights=[100 / n] * n, color="#4c72b0")
        mean = sum(scores) / n
        ax.axvline(mean, color="#c44e52", linestyle="--", linewidth=1.2, label=_("mean {mean}", mean=number(mean, 1)))
        name = (_("seat {n}", n=key) if by == "seat" else bot_name(str(key)) if by == "bot"
                else (names or {}).get(str(key), contract_label(key)))
        if by == "seat" and "bot" in group.columns and group["bot"].nunique() == 1:
            name += f": {bot_name(str(group['bot'].iloc[0]))}"
        ax.set_title(_("{name} ({n} players' deals, mean {mean} {unit})", name=name, n=n, mean=number(mean, 1),
                       unit=_unit_name(gunit)), fontsize=10)
        ax.set_xlabel(_("{what} ({unit} per deal)", what=_what(gunit), unit=_unit_name(gunit)))
        ax.set_ylabel(_("share of players' deals (%)"))
        ax.legend(loc="upper right", fontsize=8, frameon=False)
    everything = sorted({int(x) for x in frame["score"]})
    if shared and len(everything) <= 12:  # shared axis: tick every value any panel has
        axes[0].set_xticks(everything)
    return fig


def holder_risk(cards: pd.DataFrame, by: str | None = None, title: str | None = None) -> Figure:
    """How often a penalty card comes back to its holder, by the length of its suit in the holder's hand
    (a frame of :func:`keinstich.sim.stats.penalty_cards`): one bar per length (grouped by ``by``, such as
    ``"contract"``), labelled with how many such cards were dealt, and a dashed line at the share over all
    hands; ``title`` names what is shown."""
    from keinstich.sim.stats import LENGTH, TAKEN

    _need(cards, [LENGTH, TAKEN] + ([by] if by else []), "holder_risk")
    groups = _by_group(cards, by) if by else [("", cards)]
    lengths = sorted({int(x) for x in cards[LENGTH]})
    longest = lengths[-1]
    fig = Chart(figsize=(7.5, 4.2), layout="constrained")
    ax = fig.subplots()
    width = 0.8 / len(groups)
    palette = ["#4c72b0", "#dd8452", "#55a868", "#c44e52"]
    for k, (key, group) in enumerate(groups):
        table = group.groupby(LENGTH)[TAKEN].agg(["count", "mean"])
        xs = [int(x) + (k - (len(groups) - 1) / 2) * width for x in table.index]
        color = palette[k % len(palette)]
        bars = ax.bar(xs, [100 * float(m) for m in table["mean"]], width=width, color=color,
                      label=str(key) if by else None)
        for bar, count in zip(bars, table["count"], strict=True):
            ax.annotate(f"{int(count)}", (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center",
                        va="bottom", fontsize=7, xytext=(0, 2), textcoords="offset points")
        overall = 100 * float(group[TAKEN].mean())
        ax.axhline(overall, color=color, linestyle="--", linewidth=1,
                   label=(f"{key}: " if by else "") + _("all hands, {share}",
                                                        share=number(overall / 100, percent=True)))
    ax.set_xticks(lengths, [f"{n}+" if n == longest and longest >= 5 else str(n) for n in lengths])
    ax.set_xlabel(_("cards of its suit in the holder's hand (the card included)"))
    # TRANSLATORS: {percent} is the percent sign
    ax.set_ylabel(_("taken back by its holder ({percent} of such cards)", percent="%"))
    ax.set_ylim(0, 105)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, frameon=False, loc="upper right")
    if "deal" in cards.columns:
        head = _("{n} penalty cards dealt in {deals} deals; the number on a bar: how many such cards", n=len(cards),
                 deals=cards["deal"].nunique())
    else:
        head = _("{n} penalty cards dealt; the number on a bar: how many such cards", n=len(cards))
    ax.set_title(head, fontsize=10)
    fig.suptitle(title or _("How often a penalty card comes back to its holder, by the length of its suit"))
    return fig


def mean_by_count(frame: pd.DataFrame, columns: Sequence[str], value: str, min_count: int = 20,
                  title: str | None = None) -> Figure:
    """The mean of ``value`` for each count in each of ``columns`` (one panel each, its own x range, whole
    numbers on the x axis), leaving out counts with fewer than ``min_count`` rows; a dashed line at the
    overall mean."""
    _need(frame, [*columns, value], "mean_by_count")
    unit = _unit(frame)
    fig = Chart(figsize=(4.5 * len(columns), 3.8), layout="constrained")
    axes = fig.subplots(1, len(columns), squeeze=False, sharey=True)[0]
    overall = float(frame[value].mean())
    palette = ["#8a4300", "#2e8b2e", "#4c72b0"]
    for k, (ax, column) in enumerate(zip(axes, columns, strict=True)):
        table = frame.groupby(column)[value].agg(["count", "mean"])
        table = table[table["count"] >= min_count]
        xs = [int(x) for x in table.index]
        ax.bar(xs, [float(m) for m in table["mean"]], color=palette[k % len(palette)])
        ax.axhline(overall, color="grey", linestyle="--", linewidth=1,
                   label=_("all hands, {mean}", mean=number(overall, 1)))
        ax.set_xticks(xs)
        ax.set_title(_("by {column} ({n} hands)", column=label(column), n=len(frame)), fontsize=10)
        ax.set_xlabel(_("{column} (cards)", column=label(column)))
        ax.set_ylabel(_("mean {value} ({unit} per deal)", value=label(value), unit=_unit_name(unit)))
        ax.yaxis.set_tick_params(labelleft=True)
        ax.legend(fontsize=8, frameon=False, loc="best")
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle(title or _("Mean {value} by the cards dealt", value=label(value)))
    return fig


def pot_over_partie(frame: pd.DataFrame, partie: int = 0) -> Figure:
    """One partie of :func:`~keinstich.sim.simulation.simulate_partie`: the pot after each deal (Kein Stich)
    and each seat's running net result (received − paid), from 0 before the first deal."""
    _need(frame, ["partie", "deal_no", "contract", "seat", "net"], "pot_over_partie")
    rows = frame[frame["partie"] == partie].sort_values(["deal_no", "seat"])
    if not len(rows):
        parties = sorted(set(int(p) for p in frame["partie"]))
        raise ChartError(_("no partie {partie} in the frame: it has parties {first} to {last}", partie=partie,
                           first=parties[0], last=parties[-1]))
    unit = _unit(rows)
    deals = sorted(set(int(d) for d in rows["deal_no"]))
    names = {int(d): str(c) for d, c in zip(rows["deal_no"], rows["contract"], strict=True)}
    xs = [0, *deals]
    labels = [_("start"), *(f"{d}\n{contract_label(names[d])}" for d in deals)]
    has_pot = "pot" in rows.columns and rows["pot"].notna().all()
    preset = f", {preset_label(rows['preset'].iloc[0])}" if "preset" in rows.columns else ""
    fig = Chart(figsize=(8, 6.5 if has_pot else 3.8), layout="constrained")
    fig.suptitle(_("Partie {partie}{preset}: the pot and each seat's running result", partie=partie, preset=preset)
                 if has_pot else _("Partie {partie}{preset}: each seat's running result", partie=partie,
                                   preset=preset))
    axes = fig.subplots(2 if has_pot else 1, 1, squeeze=False)[:, 0]
    if has_pot:
        pot = [int(rows[rows["deal_no"] == d]["pot"].iloc[0]) for d in deals]
        ax = axes[0]
        ax.plot(xs, [0, *pot], marker="o", color="#dd8452", label=_("pot"))
        ax.set_title(_("The pot after each deal"), fontsize=10)
        ax.set_ylabel(_("pot ({unit})", unit=_unit_name(unit)))
        _deal_axis(ax, xs, labels)
    ax = axes[-1]
    for seat, group in rows.groupby("seat", sort=True, observed=True):
        net = [int(x) for x in group.sort_values("deal_no")["net"]]
        bot = f" ({bot_name(str(group['bot'].iloc[0]))})" if "bot" in group.columns else ""
        ax.plot(xs, [0, *net], marker="o", label=_("seat {n}", n=seat) + bot)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_title(_("Each seat's net result so far (received − paid)"), fontsize=10)
    ax.set_ylabel(_("net result ({unit})", unit=_unit_name(unit)))
    ax.legend(fontsize=8, frameon=False, loc="best")
    _deal_axis(ax, xs, labels)
    return fig


def _deal_axis(ax: Axes, xs: list[int], labels: list[str]) -> None:
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_xlabel(_("after deal (number and contract)"))
    ax.grid(axis="y", alpha=0.3)


def bot_comparison(summary: pd.DataFrame) -> Figure:
    """Each bot's mean result with its 95% confidence interval (a frame of
    :func:`~keinstich.sim.simulation.summarize`): bars at the means, error bars to ``ci_low``/``ci_high``."""
    _need(summary, ["mean", "ci_low", "ci_high"], "bot_comparison")
    keys = [c for c in summary.columns if c not in ("deals", "parties", "mean", "ci_low", "ci_high", "sd", "unit")]
    if not keys:
        raise ChartError(_("bot_comparison needs a column naming what is compared, such as 'bot'"))
    names = [" / ".join(_("seat {n}", n=row[k]) if k == "seat" else bot_name(str(row[k])) if k == "bot"
                        else contract_label(row[k]) if k == "contract" else str(row[k]) for k in keys)
             for _x, row in summary.iterrows()]
    means = [float(x) for x in summary["mean"]]
    low = [0.0 if math.isnan(m - float(lo)) else m - float(lo) for m, lo in zip(means, summary["ci_low"], strict=True)]
    high = [0.0 if math.isnan(float(hi) - m) else float(hi) - m
            for m, hi in zip(means, summary["ci_high"], strict=True)]
    unit = _unit(summary)
    measure = summary.attrs.get("measure") or ("net" if "parties" in summary.columns else "score")
    noun = {"net": _("net result"), "won": _("money won")}.get(measure) or _what(unit)
    per = measure == "net"
    better = _("higher is better") if measure in ("net", "won") else (_(_BETTER[unit]) if unit in _BETTER else "")
    fig = Chart(figsize=(max(6.0, 1.3 * len(names) + 2), 4.5), layout="constrained")
    ax = fig.subplots()
    xs = list(range(len(names)))
    ax.bar(xs, means, color="#55a868", yerr=[low, high], capsize=6, error_kw={"ecolor": "black", "linewidth": 1.2})
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(xs, names)
    level = number(0.95, percent=True)  # "95%", "95 %"
    fig.suptitle(_("Bot comparison: mean {what} per partie, {level} confidence interval", what=noun, level=level)
                 if per else _("Bot comparison: mean {what} per deal, {level} confidence interval", what=noun,
                               level=level))
    count = "parties" if "parties" in summary.columns else "deals"
    detail = [better] if better else []
    if count in summary.columns:
        sizes = sorted(set(int(x) for x in summary[count]))
        span = f"{sizes[0]}{'–' + str(sizes[-1]) if len(sizes) > 1 else ''}"
        detail.insert(0, _("{n} parties per bot", n=span) if count == "parties" else _("{n} deals per bot", n=span))
    ax.set_title("; ".join(detail), fontsize=10)
    ax.set_xlabel(" / ".join(str(label(k)) for k in keys))
    ax.set_ylabel(_("mean {what} ({unit} per partie)", what=noun, unit=_unit_name(unit)) if per else
                  _("mean {what} ({unit} per deal)", what=noun, unit=_unit_name(unit)))
    ax.grid(axis="y", alpha=0.3)
    return fig


def deal_frame(deal: Any) -> pd.DataFrame:
    """One row per trick and seat of a finished or running trick deal (a Herzblatt deal in play too):
    ``trick`` (1-based), ``seat``, ``card`` (its code; <NA> if not played yet), ``leader``, ``winner``
    (<NA> while the trick runs), ``score_delta`` (what the trick changed in the seat's score, in the
    contract's unit) and ``cumulative``; ``unit`` names it."""
    import pandas as pd

    d = getattr(deal, "trick_deal", None)
    if d is None:
        if not callable(getattr(deal, "result", None)):
            raise ChartError(f"deal_frame takes a deal (keinstich.deal.Deal), not {type(deal).__name__}")
        result = deal.result()
        if deal.kind is Kind.LAY_OFF:
            raise ChartError(f"deal_frame takes a deal with tricks, not a {deal.game} lay-off deal: "
                             "a lay-off deal has no tricks")
        raise ChartError(f"this {deal.game} deal has no tricks (yet): {deal.phase} phase"
                         + (f", {result.text}" if deal.over and result.text else ""))
    n, total = d.players, d.total_tricks
    contract = d.contract
    unit = getattr(contract, "unit", "pfennig") if contract is not None else "pfennig"
    tricks = d.tricks
    before = [0] * n
    rows: list[tuple[Any, ...]] = []
    for k, t in enumerate(tricks, 1):
        after = list(contract.score(tricks[:k], n, total)) if contract is not None else [0] * n
        played = dict(t.plays())
        for s in range(n):
            rows.append((k, s, played[s].code, t.leader, t.winner, after[s] - before[s], after[s], unit))
        before = after
    if d.trick:
        played = dict(d.trick)
        leader = d.trick[0][0]
        for s in range(n):
            c = played.get(s)
            rows.append((len(tricks) + 1, s, c.code if c is not None else None, leader, None, 0, before[s], unit))
    frame = pd.DataFrame.from_records(rows, columns=["trick", "seat", "card", "leader", "winner", "score_delta",
                                                     "cumulative", "unit"])
    frame = frame.astype({"trick": "int64", "seat": "int64", "leader": "int64", "winner": "Int64",
                          "score_delta": "int64", "cumulative": "int64"})
    frame.attrs["contract"] = getattr(contract, "name", "no contract")
    return frame


def trick_by_trick(frame: pd.DataFrame) -> Figure:
    """One deal trick by trick (a frame of :func:`deal_frame`): each seat's running score after every
    trick, and what each trick cost its winner, labelled with the cards."""
    _need(frame, ["trick", "seat", "card", "winner", "score_delta", "cumulative"], "trick_by_trick")
    done = frame[frame["winner"].notna()]
    if not len(done):
        raise ChartError("trick_by_trick: no trick is finished yet")
    unit = _unit(done)
    what = _WHAT.get(unit, "score") if unit != "stakes" else "score"
    tricks = sorted(set(int(t) for t in done["trick"]))
    xs = [0, *tricks]
    contract = frame.attrs.get("contract", "")
    fig = Chart(figsize=(8, 6.5), layout="constrained")
    fig.suptitle(f"{contract + ': ' if contract else ''}one deal trick by trick")
    top, bottom = fig.subplots(2, 1)
    for seat, group in done.groupby("seat", sort=True, observed=True):
        cum = [int(x) for x in group.sort_values("trick")["cumulative"]]
        top.plot(xs, [0, *cum], marker="o", drawstyle="steps-post", label=f"seat {seat}")
    top.set_title(f"Each seat's {what} so far", fontsize=10)
    top.set_xlabel("after trick")
    top.set_ylabel(f"{what} so far ({unit})")
    top.set_xticks(xs, ["start", *map(str, tricks)])
    top.legend(fontsize=8, frameon=False, loc="best")
    top.grid(axis="y", alpha=0.3)
    costs, winners, cards = [], [], []
    for t in tricks:
        rows = done[done["trick"] == t]
        winner = int(rows["winner"].iloc[0])
        costs.append(int(rows[rows["seat"] == winner]["score_delta"].iloc[0]))
        winners.append(winner)
        lead = int(rows["leader"].iloc[0]) if "leader" in rows.columns else 0
        order = sorted(rows.itertuples(), key=lambda r: (int(r.seat) - lead) % len(rows))
        cards.append(" ".join(str(r.card) for r in order))
    palette = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860"]
    bars = bottom.bar(tricks, costs, color=[palette[w % len(palette)] for w in winners])
    for bar, w, text in zip(bars, winners, cards, strict=True):
        bottom.annotate(f"seat {w}\n{text}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                        ha="center", va="bottom", fontsize=7, xytext=(0, 2), textcoords="offset points")
    bottom.axhline(0, color="grey", linewidth=0.8)
    bottom.set_title("What each trick cost (or brought) its winner, with the cards in play order", fontsize=10)
    bottom.set_xlabel("trick")
    bottom.set_ylabel(f"{what} for the winner ({unit})")
    bottom.set_xticks(tricks)
    bottom.margins(y=0.3)
    return fig

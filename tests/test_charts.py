"""Charts: each returns a Figure with titles, labelled axes and units, and plots the values worked out by
hand from small hand-built frames (bar heights, line data, error bars)."""

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from matplotlib.figure import Figure

from keinstich.cards import cards
from keinstich.contracts import NO_HEARTS
from keinstich.layoff import DominoDeal
from keinstich.sim.charts import (
    ChartError,
    bot_comparison,
    deal_frame,
    holder_risk,
    mean_by_count,
    penalty_distribution,
    pot_over_partie,
    trick_by_trick,
)
from keinstich.sim.simulation import one_deal
from keinstich.tricks import TrickDeal

# The hand-built deal of tests/test_records.py: dealer 3, seat 0 leads; No Hearts costs 20, 15, 5, 0.
HANDS = ["AC AS AH AD 10C 10S 10H 10D", "KC KS QH JH 8H 9C 9S 9D", "QC QS 9H KH 7C JC JS KD",
         "8C 8S 7H 7S QD JD 8D 7D"]
PLAYS = ("AC KC QC 8C AS KS QS 8S AH QH KH 7H AD 9D KD QD "
         "10C 9C JC 7S 9H JD 10H JH 9S JS 8D 10S 7C 7D 10D 8H").split()


def hand_deal(plays=PLAYS):
    d = TrickDeal([cards(h) for h in HANDS], NO_HEARTS, leader=0)
    for c in plays:
        d.play(c)
    return d


def labelled(fig, render=True):
    """Every chart: a Figure with a title, every axes titled and both axes labelled; it renders."""
    assert isinstance(fig, Figure)
    assert fig.get_suptitle()
    for ax in fig.axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    if render:
        assert fig._repr_png_()[:4] == b"\x89PNG"  # renders (Agg), and shows itself in a notebook
    return fig


def frame(rows):
    return pd.DataFrame([dict(zip(("deal", "seat", "bot", "contract", "score"), r, strict=True)) | {"unit": "pfennig"}
                         for r in rows])


# Seat 0 (heuristic) pays 0, 10, 10, 20 in four deals; seat 1 (random) pays 40, 30, 30, 20.
SMALL = frame([(d, s, b, "no-hearts", x) for d, (a, c) in enumerate([(0, 40), (10, 30), (10, 30), (20, 20)])
               for s, b, x in ((0, "heuristic", a), (1, "random", c))])


def bars(ax):
    return {round(p.get_x() + p.get_width() / 2, 6): round(p.get_height(), 6) for p in ax.patches}


def test_penalty_distribution_by_seat_shows_the_share_of_each_penalty():
    fig = labelled(penalty_distribution(SMALL, by="seat"))
    a0, a1 = fig.axes
    assert bars(a0) == {0: 25.0, 10: 50.0, 20: 25.0}  # 1, 2 and 1 of four deals
    assert bars(a1) == {20: 25.0, 30: 50.0, 40: 25.0}
    assert "pfennig" in a0.get_xlabel() and "%" in a0.get_ylabel()
    assert "seat 0" in a0.get_title() and "heuristic" in a0.get_title()
    assert a0.lines[0].get_xdata()[0] == pytest.approx(10.0)  # the mean, (0 + 10 + 10 + 20) / 4
    assert a1.lines[0].get_xdata()[0] == pytest.approx(30.0)


def test_penalty_distribution_by_bot_and_contract():
    fig = labelled(penalty_distribution(SMALL, by="bot"))
    assert [ax.get_title().split(" ")[0] for ax in fig.axes] == ["heuristic", "random"]
    whole = labelled(penalty_distribution(SMALL))  # by contract: every row in one panel
    assert len(whole.axes) == 1
    assert bars(whole.axes[0]) == {0: 12.5, 10: 25.0, 20: 25.0, 30: 25.0, 40: 12.5}
    spread = frame([(d, 0, "x", "c", d) for d in range(100)])  # 100 distinct values: a histogram
    hist = labelled(penalty_distribution(spread))
    assert sum(p.get_height() for p in hist.axes[0].patches) == pytest.approx(100)
    with pytest.raises(ChartError, match="by must be"):
        penalty_distribution(SMALL, by="deal")
    with pytest.raises(ChartError, match="needs the column score"):
        penalty_distribution(SMALL.drop(columns="score"))


def test_pot_over_partie_plots_the_pot_and_running_nets():
    # One King Louis partie, two seats for brevity: the pot fills 40 a deal and the domino empties it.
    rows = []
    for deal, contract, pot, nets in [(1, "no-hearts", 40, (-30, -10)), (2, "no-obers", 80, (-40, -40)),
                                      (3, "no-max", 120, (-80, -40)), (4, "domino", 0, (-80 + 40, -40 + 80))]:
        for seat in (0, 1):
            rows.append({"partie": 7, "preset": "king-louis", "deal_no": deal, "contract": contract, "seat": seat,
                         "bot": "heuristic", "pot": pot, "net": nets[seat], "unit": "pfennig"})
    fig = labelled(pot_over_partie(pd.DataFrame(rows), partie=7))
    pot_ax, net_ax = fig.axes
    assert list(pot_ax.lines[0].get_ydata()) == [0, 40, 80, 120, 0]
    assert list(net_ax.lines[0].get_ydata()) == [0, -30, -40, -80, -40]
    assert list(net_ax.lines[1].get_ydata()) == [0, -10, -40, -40, 40]
    assert "pfennig" in pot_ax.get_ylabel() and "pfennig" in net_ax.get_ylabel()
    assert "King Louis" in fig.get_suptitle()  # the preset by its name, not its id
    with pytest.raises(ChartError, match="no partie 3"):
        pot_over_partie(pd.DataFrame(rows), partie=3)
    points = pd.DataFrame(rows).assign(pot=pd.NA, unit="points")  # Herzeln: no pot, only the nets
    assert len(labelled(pot_over_partie(points, partie=7)).axes) == 1


def test_bot_comparison_bars_are_the_means_with_their_intervals():
    summary = pd.DataFrame({"bot": ["heuristic", "random"], "deals": [200, 200], "mean": [7.0, 13.0],
                            "ci_low": [6.5, 12.0], "ci_high": [7.5, 14.5], "sd": [2.0, 3.0], "unit": "pfennig"})
    fig = labelled(bot_comparison(summary))
    ax = fig.axes[0]
    assert [p.get_height() for p in ax.patches] == [7.0, 13.0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["heuristic", "random"]
    bar = next(c for c in ax.containers if type(c).__name__ == "BarContainer")
    err = bar.errorbar.lines[2][0]
    assert [tuple(seg[:, 1]) for seg in err.get_segments()] == [(6.5, 7.5), (12.0, 14.5)]
    assert ax.get_ylabel() == "mean penalty paid (pfennig per deal)" and "lower is better" in ax.get_title()
    assert "200 deals" in ax.get_title()
    with pytest.raises(ChartError, match="ci_low"):
        bot_comparison(summary.drop(columns="ci_low"))


def test_deal_frame_of_the_hand_built_deal():
    f = deal_frame(hand_deal())
    assert len(f) == 8 * 4
    assert list(f[f["seat"] == 0]["card"]) == ["AC", "AS", "AH", "AD", "10C", "10H", "10S", "10D"]
    assert list(f.groupby("trick")["winner"].first()) == [0, 0, 0, 0, 2, 1, 2, 2]
    # trick 3 (AH QH KH 7H) costs seat 0 four Hearts, 20; trick 6 (9H JD 10H JH) seat 1 three, 15;
    # trick 8 (7C 7D 10D 8H) seat 2 one, 5
    deltas = f[f["score_delta"] != 0][["trick", "seat", "score_delta"]].values.tolist()
    assert deltas == [[3, 0, 20], [6, 1, 15], [8, 2, 5]]
    assert list(f[f["trick"] == 8]["cumulative"]) == [20, 15, 5, 0]
    running = deal_frame(hand_deal(PLAYS[:10]))  # two tricks and two cards of the third
    third = running[running["trick"] == 3]
    assert list(third["card"].fillna("-")) == ["AH", "QH", "-", "-"]
    assert third["winner"].isna().all() and list(third["cumulative"]) == [0, 0, 0, 0]
    with pytest.raises(ChartError, match="lay-off deal has no tricks"):
        deal_frame(DominoDeal.from_seed("german-32", 4, 1))
    with pytest.raises(ChartError, match="all passed"):
        deal_frame(one_deal("herzblatt", 2, game="herzblatt"))  # a redeal: nobody played solo


def test_trick_by_trick_lines_are_the_running_penalties():
    fig = labelled(trick_by_trick(deal_frame(hand_deal())))
    lines, bars_ax = fig.axes
    assert [list(line.get_ydata()) for line in lines.lines] == [
        [0, 0, 0, 20, 20, 20, 20, 20, 20], [0, 0, 0, 0, 0, 0, 15, 15, 15], [0, 0, 0, 0, 0, 0, 0, 0, 5],
        [0] * 9]
    assert [p.get_height() for p in bars_ax.patches] == [0, 0, 20, 0, 0, 15, 0, 5]
    assert "seat 1\n9H JD 10H JH" in [t.get_text() for t in bars_ax.texts]
    assert "pfennig" in lines.get_ylabel() and "No Hearts" in fig.get_suptitle()
    with pytest.raises(ChartError, match="no trick is finished"):
        trick_by_trick(deal_frame(hand_deal(PLAYS[:2])))


def test_charts_take_frames_of_the_simulations():
    from keinstich.sim import simulate, simulate_partie, summarize, tournament

    labelled(penalty_distribution(simulate("no-obers", 20, bots="heuristic,random,random,random"), by="bot"),
             render=False)
    labelled(bot_comparison(summarize(tournament("heuristic,random", "no-max", 8))), render=False)
    partie = bot_comparison(summarize(simulate_partie("power", 3, bots="random"), by="seat").round(1))
    assert "net result (pfennig per partie)" in labelled(partie, render=False).axes[0].get_ylabel()
    labelled(pot_over_partie(simulate_partie("standard", 1)), render=False)
    herzblatt = labelled(trick_by_trick(deal_frame(one_deal("herzblatt", 1, game="herzblatt"))))
    assert "points" in herzblatt.axes[0].get_ylabel()


def whole_ticks(axis):
    """The tick values of an axis that fall inside its range, read off the drawn figure."""
    axis.axes.figure.canvas.draw()
    low, high = sorted(axis.get_view_interval())
    return [t for t in axis.get_ticklocs() if low <= t <= high]


def test_count_axes_have_whole_number_ticks_and_panels_their_own_range():
    # Two contracts with different totals: 0-40 and 0-160 (steps of 5, more than 12 values in the second)
    rows = [(d, 0, "heuristic", "no-max", 40 * (d % 2)) for d in range(10)]
    rows += [(d, 0, "heuristic", "power", 5 * d) for d in range(33)]
    fig = labelled(penalty_distribution(frame(rows)))
    small, wide = fig.axes
    assert small.get_xlim()[1] < 60 < wide.get_xlim()[1]  # each panel its own range
    assert whole_ticks(small.xaxis) == [0, 40]
    assert all(float(t).is_integer() for t in whole_ticks(wide.xaxis))
    same = labelled(penalty_distribution(SMALL, by="bot"))  # one contract: the panels share one axis
    assert same.axes[0].get_xlim() == same.axes[1].get_xlim()
    for ax in fig.axes + same.axes:
        assert "players' deals" in ax.get_ylabel() and "pfennig per deal" in ax.get_xlabel()
        assert "deal-seats" not in ax.get_title()


def test_mean_by_count_has_whole_number_ticks_and_its_own_range_per_panel():
    hands = pd.DataFrame({"Unters dealt": [0, 0, 1, 1, 3, 3], "7s and Daus dealt": [5, 6, 7, 5, 6, 7],
                          "received": [10, 30, 40, 60, 100, 100], "unit": "pfennig"})
    fig = labelled(mean_by_count(hands, ["Unters dealt", "7s and Daus dealt"], "received", min_count=2))
    unters, ends = fig.axes
    assert bars(unters) == {0: 20.0, 1: 50.0, 3: 100.0}  # the means of 10, 30 / 40, 60 / 100, 100
    assert bars(ends) == {5: 35.0, 6: 65.0, 7: 70.0}
    assert whole_ticks(unters.xaxis) == [0, 1, 3] and whole_ticks(ends.xaxis) == [5, 6, 7]
    assert "pfennig per deal" in unters.get_ylabel() and "Unters dealt" in unters.get_xlabel()
    assert unters.lines[0].get_ydata()[0] == pytest.approx(340 / 6)  # all hands: 10 + 30 + ... + 100
    rare = labelled(mean_by_count(hands.iloc[:5], ["Unters dealt"], "received", min_count=2))
    assert set(bars(rare.axes[0])) == {0, 1}  # one hand with three Unters: too rare


def test_holder_risk_bars_are_the_shares_by_length():
    cards = pd.DataFrame({"deal": [0, 1, 2, 3, 4, 5], "contract": ["a", "a", "a", "b", "b", "b"],
                          "cards of its suit": [1, 1, 2, 1, 2, 2],
                          "taken by its holder": [True, False, False, True, True, False]})
    one = labelled(holder_risk(cards))
    assert bars(one.axes[0]) == {1: pytest.approx(200 / 3), 2: pytest.approx(100 / 3)}
    assert [t.get_text() for t in one.axes[0].texts] == ["3", "3"]  # how many cards of each length
    assert whole_ticks(one.axes[0].xaxis) == [1, 2]
    two = labelled(holder_risk(cards, by="contract", title="Who takes it"))
    assert sorted(round(p.get_height(), 6) for p in two.axes[0].patches) == [0, 50, 50, 100]
    assert two.get_suptitle() == "Who takes it"
    with pytest.raises(ChartError, match="cards of its suit"):
        holder_risk(cards.drop(columns="cards of its suit"))


def test_bot_comparison_of_winnings_shows_money_won_as_positive():
    from keinstich.sim.stats import winnings

    paid = pd.DataFrame({"bot": ["heuristic", "random"], "deals": [9, 9], "mean": [-42.0, -38.0],
                         "ci_low": [-44.0, -40.0], "ci_high": [-40.0, -36.0], "sd": [1.0, 1.0], "unit": "pfennig"})
    ax = labelled(bot_comparison(winnings(paid))).axes[0]
    assert [p.get_height() for p in ax.patches] == [42.0, 38.0]
    assert ax.get_ylabel() == "mean money won (pfennig per deal)" and "higher is better" in ax.get_title()


def test_penalty_distribution_names_a_custom_contract():
    mine = SMALL.assign(contract="custom")
    ax = labelled(penalty_distribution(mine, names={"custom": "My contract"})).axes[0]
    assert ax.get_title().startswith("My contract (8 players' deals")
    assert labelled(penalty_distribution(mine)).axes[0].get_title().startswith("custom (")

"""The statistics of keinstich.sim.stats: small hand-built frames with the answers worked out by hand, and
penalty_cards checked against the deals it replays."""

import pandas as pd
import pytest

from keinstich.cards import Rank
from keinstich.contracts import NO_MAX, NO_OBERS
from keinstich.sim import one_deal, simulate
from keinstich.sim.stats import (
    domino_hands,
    how_it_is_paid,
    mean_by,
    paid_per_deal,
    penalty_cards,
    risk_by_length,
    score_sheet,
    winnings,
)


def test_penalty_cards_lists_every_ober_with_its_holder_and_taker():
    obers = penalty_cards(NO_OBERS, Rank.QUEEN, deals=6, seed=5)
    assert len(obers) == 6 * 4 and set(obers["deal"]) == set(range(6))
    for row in obers.itertuples(index=False):
        d = one_deal(NO_OBERS, row.deal, seed=5)
        hand = d.dealt[row.holder]
        assert row.card in [c.code for c in hand]
        assert row[3] == min(5, sum(c.suit == hand[[c.code for c in hand].index(row.card)].suit for c in hand))
        taker = next(t.winner for t in d.tricks if row.card in [c.code for c in t.cards])
        assert row.taker == taker and row[5] == (taker == row.holder)
        assert row[6] == d.scores()[row.holder]
    king = penalty_cards(NO_MAX, "KH", deals=5, seed=6)
    assert list(king["card"]) == ["KH"] * 5
    assert list(king["holder paid"] > 0) == list(king["taken by its holder"])  # No Max: only the King costs


CARDS = pd.DataFrame({"card": ["QC", "QS", "QH", "QC", "QS"], "contract": ["a", "a", "b", "b", "b"],
                      "cards of its suit": [1, 1, 2, 1, 2], "taken by its holder": [True, False, True, True, False]})


def test_risk_by_length_shares_and_counts():
    table = risk_by_length(CARDS)
    assert list(table.index) == [1, 2, "all hands"]
    assert list(table["cards"]) == [3, 2, 5]
    assert list(table["taken by its holder"]) == pytest.approx([2 / 3, 1 / 2, 3 / 5])
    by = risk_by_length(CARDS, by="contract")
    assert list(by.columns) == ["a", "b"]
    assert by.loc[1, "a"] == 0.5 and by.loc[1, "b"] == 1.0 and by.loc[2, "b"] == 0.5
    assert by.loc["all hands", "a"] == 0.5 and by.loc["all hands", "b"] == pytest.approx(2 / 3)


def test_domino_hands_counts_the_dealt_cards_and_mean_by_groups_them():
    frame = simulate("domino", deals=3, bots="heuristic", seed=7)
    hands = domino_hands(frame)
    assert list(hands["received"]) == list(-frame["score"])
    assert list(hands.groupby("deal")["Unters dealt"].sum()) == [4, 4, 4]  # four Unters in every deal
    assert list(hands.groupby("deal")["7s and Daus dealt"].sum()) == [8, 8, 8]
    assert "Unters dealt" not in frame.columns  # the input is left alone
    table = mean_by(pd.DataFrame({"n": [0, 0, 1, 2, 2, 2], "x": [10, 20, 5, 1, 2, 3]}), "n", "x", min_count=2)
    assert list(table.index) == [0, 2] and list(table["count"]) == [2, 3] and list(table["mean"]) == [15, 2]


def test_winnings_turns_the_signs():
    summary = pd.DataFrame({"bot": ["heuristic", "random"], "deals": [9, 9], "mean": [-42.0, -38.0],
                            "ci_low": [-44.0, -40.5], "ci_high": [-40.0, -35.5], "sd": [1.0, 1.0],
                            "unit": "pfennig"})
    won = winnings(summary)
    assert list(won["mean"]) == [42.0, 38.0]
    assert list(won["ci_low"]) == [40.0, 35.5] and list(won["ci_high"]) == [44.0, 40.5]
    assert won.attrs["measure"] == "won" and list(summary["mean"]) == [-42.0, -38.0]


def test_score_sheet_and_paid_per_deal():
    ledger = pd.DataFrame({"deal": [1, 1, 2, 3, 3], "contract": ["no-tricks", "no-tricks", "no-hearts", "domino",
                                                                  "domino"],
                           "seat": [0, 1, 1, 0, 1], "amount": [15, 25, 40, -60, -20]})
    sheet = score_sheet(ledger)
    assert list(sheet.columns) == ["no-tricks", "no-hearts", "domino", "paid − received"]  # in deal order
    assert sheet.loc[0].tolist() == [15, 0, -60, -45] and sheet.loc[1].tolist() == [25, 40, -20, 45]
    rows = [(1, "no-tricks", "h", 10, 0), (1, "no-tricks", "r", 30, 0), (1, "no-tricks", "h", 0, 0),
            (2, "domino", "h", 0, 100), (2, "domino", "r", 0, 10), (2, "domino", "h", 0, 30)]
    partie = pd.DataFrame(rows, columns=["deal_no", "contract", "bot", "paid", "received"])
    table = paid_per_deal(partie)
    assert list(table.columns) == ["no-tricks", "received from the pot"]
    assert table.loc["h"].tolist() == [5, 65] and table.loc["r"].tolist() == [30, 10]


def test_how_it_is_paid_by_contract():
    frame = pd.DataFrame({"contract": ["b", "b", "b", "b", "a", "a"], "score": [0, 0, 0, 40, 10, 30]})
    table = how_it_is_paid(frame)
    assert list(table.index) == ["b", "a"]  # in the frame's order
    assert table.loc["b"].tolist() == [10, 20, 0.75, 40]  # sd of 0, 0, 0, 40: sqrt(1200 / 3)
    assert table.loc["a"].tolist() == [20, pytest.approx(200 ** 0.5), 0, 30]

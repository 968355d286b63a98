"""The review widget: a row and a "Try again from here" button per decision of every game's review."""

from __future__ import annotations

import pytest

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.coach import Review, review
from keinstich.games import game
from keinstich_widgets.review import ReviewView

GAMES = [("kein-stich", "no-hearts"), ("herzeln", "herzeln-king-of-hearts"), ("kein-stich", "domino"),
         ("herzblatt", "herzblatt-4")]


def reviewed(gid: str, cid: str, seed: int = 3) -> Review:
    d = game(gid).deal(cid, seed, players=4)
    play_deal(d, [RandomBot(seed), HeuristicBot(), HeuristicBot(), HeuristicBot()])
    return review(d, 0)


@pytest.mark.parametrize(("gid", "cid"), GAMES)
def test_every_decision_has_a_row_and_its_button_reopens_it(gid: str, cid: str) -> None:
    r = reviewed(gid, cid)
    asked: list[int] = []
    view = ReviewView(r, on_try=asked.append)
    assert len(view.rows.children) == len(r.decisions) > 0
    assert list(view.buttons) == [j.index for j in r.decisions]
    for row, j in zip(view.rows.children, r.decisions, strict=True):
        assert j.grade in row.children[0].value and row.children[1].layout.display is None
    last = r.decisions[-1].index
    view.try_again(last)
    assert asked == [last] and view.messages.text == ""


def test_mistakes_only_and_a_review_without_a_table() -> None:
    r = reviewed("kein-stich", "power")
    view = ReviewView(r)
    assert all(b.layout.display == "none" for b in view.buttons.values())  # no table: nothing to reopen
    view.filter.value = True
    assert list(view.buttons) == [j.index for j in r.mistakes]
    view.try_again(10_000)
    assert "no reviewed decision at move 10000" in view.messages.text
    view.update(None)
    assert view.rows.children == () and view.summary.layout.display == "none"

"""The review beside the Table when a deal ends, and "Try again from here" (the coach issue)."""

from __future__ import annotations

import pytest

from keinstich_widgets._games import calls, move_cards
from keinstich_widgets.table import Table

GAMES = [("kein-stich", "no-hearts", {}), ("herzeln", "herzeln-domino", {"players": 3}),
         ("herzblatt", "herzblatt-4", {}), ("kein-stich", "power", {"faces": "french"})]


def finish(t: Table) -> None:
    """Play the learner's moves (the first legal one each time) until the deal is over."""
    ses = t.session
    while not t.deal.over:
        assert ses.learner_to_move
        if ses.picking:
            for c in ses.legal()[:ses.picking]:
                ses.click(c)
            ses.confirm()
        elif ses.legal():
            t.play(ses.legal()[0])
        else:
            ses.call(calls(t.deal)[0])
        assert t.messages.kind != "error", t.messages.text


@pytest.mark.parametrize(("gid", "cid", "kw"), GAMES)
def test_the_review_opens_beside_the_table_when_the_deal_ends(gid: str, cid: str, kw: dict[str, object]) -> None:
    t = Table(gid, cid, seed=4, synchronous=True, **kw)  # type: ignore[arg-type]
    assert t.review_box.layout.display == "none"
    finish(t)
    r = t.coach.review
    assert r is not None and t.review_box.layout.display == "" and t.review_box.children == (t.coach.view,)
    mine = [i for i, (s, _) in enumerate(t.deal.history) if s == t.seat]
    assert [j.index for j in r.decisions] == [i for i in mine if len(t.deal.rewound(i).legal_moves()) > 1]
    assert r.summary in t.coach.view.summary.value.replace("&#x27;", "'")


@pytest.mark.parametrize(("gid", "cid", "kw"), GAMES)
def test_try_again_reopens_the_deal_exactly_as_it_was_there(gid: str, cid: str, kw: dict[str, object]) -> None:
    t = Table(gid, cid, seed=6, synchronous=True, **kw)  # type: ignore[arg-type]
    finish(t)
    original = t.deal.copy()
    r = t.coach.review
    assert r is not None and r.decisions
    j = r.decisions[len(r.decisions) // 2]
    t.coach.view.try_again(j.index)
    again = original.rewound(j.index)
    assert t.deal.history == again.history and t.deal.phase == again.phase
    assert [t.deal.hand(s) for s in range(t.setup.players)] == [again.hand(s) for s in range(t.setup.players)]
    assert t.session.learner_to_move and "Trying again from" in t.messages.text
    assert t.review_box.layout.display == ""  # the review stays in view while the learner plays on
    others = [m for m in t.deal.legal_moves() if m != j.move]
    if others and move_cards(others[0]):
        t.play(move_cards(others[0])[0])
        assert t.deal.history[j.index] != original.history[j.index]
    finish(t)
    assert t.coach.review is not None and t.coach.review is not r  # the new deal's own review
    assert t.coach.reviewed is not None and t.coach.reviewed.history == t.deal.history


def test_undo_after_try_again_goes_back_through_the_learners_earlier_moves() -> None:
    t = Table("kein-stich", "no-tricks", seed=2, synchronous=True)
    finish(t)
    original = t.deal.copy()
    last = t.coach.review.decisions[-1].index  # type: ignore[union-attr]
    t.coach.view.try_again(last)
    earlier = [i for i, (s, _) in enumerate(original.history[:last]) if s == t.seat]
    t.undo_button.click()
    assert t.deal.history == original.history[:earlier[-1]]
    assert t.review_box.layout.display == "none"  # an undo takes the review away


def test_a_new_deal_takes_the_review_away_and_review_false_makes_none() -> None:
    t = Table("kein-stich", "black-pig", seed=1, synchronous=True)
    finish(t)
    assert t.coach.review is not None
    t.new_deal(9)
    assert t.review_box.layout.display == "none" and t.coach.review is None
    quiet = Table("kein-stich", "black-pig", seed=1, synchronous=True, review=False)
    finish(quiet)
    assert quiet.review_box.layout.display == "none" and quiet.coach.review is None


def test_a_stray_try_again_is_refused_in_the_widget() -> None:
    t = Table("kein-stich", "no-hearts", seed=3, synchronous=True)
    finish(t)
    t.coach.view.try_again(999)
    assert "no reviewed decision at move 999" in t.coach.view.messages.text
    assert t.deal.over  # nothing changed


def test_the_reviews_cards_follow_the_tables_card_size() -> None:
    t = Table("kein-stich", "no-hearts", seed=4, synchronous=True)
    finish(t)
    view = t.coach.view
    assert view.rows.children and 'width="32"' in view.rows.children[0].children[0].value  # medium: 72 px cards
    for size, px in (("xlarge", 61), ("large", 50), ("small", 25)):
        t.set_card_size(size)
        row = view.rows.children[0].children[0].value
        assert view.look["width"] == px and f'width="{px}"' in row, size
        assert 'width="32"' not in row
    t.set_card_size("xlarge")  # the columns of the row and of its head grow with the cards: three best cards fit
    assert "flex:0 0 193px" in view.rows.children[0].children[0].value and "flex:0 0 193px" in view.head.value

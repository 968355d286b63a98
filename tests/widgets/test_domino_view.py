"""DominoView: the layout as it grows, whose move, passes; it shows and never changes the deal."""

from keinstich.cards import card, cards
from keinstich.layoff import DOMINO, HERZELN_DOMINO, DominoDeal, domino_contract
from keinstich_widgets.domino import DominoView, pass_log


def small_rows_deal() -> DominoDeal:
    # seat 0 holds the Unter of Acorns and must start; after JC, QC, seat 0 holds 8C 9C and nothing fits
    return DominoDeal([cards("JC 8C 9C"), cards("QC 10C KC")], DOMINO, leader=1)


def test_start_shows_who_moves_and_the_card_that_starts() -> None:
    deal = small_rows_deal()
    view = DominoView(deal, seat=0, names=["You", "Ann"])
    assert "<b>You</b> to move" in view.status.value
    assert "Unter of Acorns" in view.layout_html.value  # drawn in its slot for the learner
    assert "framed in gold: the cards that can be laid now (You to move)" in view.layout_html.value
    assert "acorns: not started" in view.layout_html.value
    other = DominoView(deal, seat=1)
    assert "gold:" not in other.layout_html.value and "Unter of Acorns" not in other.layout_html.value


def test_moves_and_a_forced_pass_appear_after_update() -> None:
    deal = small_rows_deal()
    view = DominoView(deal, seat=0)
    deal.play("JC", 0)
    deal.play("QC", 1)
    view.update()
    assert "acorns: Unter, Ober" in view.layout_html.value
    assert "must pass: no card fits" in view.status.value
    log = view.log_html.value
    assert "Seat 0: lays Unter of Acorns" in log and "Seat 1: lays Ober of Acorns" in log
    deal.play(None, 0)
    view.update(deal)
    assert "Seat 0: pass (no card fits)" in view.log_html.value
    # the pass counter: seat 0 has passed once, seat 1 never
    rows = view.seats_html.value.split("<tr>")[2:]
    assert rows[0].count(">1<") == 1 and ">0<" in rows[1]
    assert "<b>Seat 1</b> to move" in view.status.value


def test_view_leaves_the_deal_alone() -> None:
    deal = small_rows_deal()
    before = (deal.plays, deal.turn, deal.hands)
    view = DominoView(deal, seat=0, open_hands=True)
    view.update()
    view.set_look(style="french", lang="de")
    assert (deal.plays, deal.turn, deal.hands) == before
    assert "ist dran" in view.status.value and "Kreuz" in view.layout_html.value


def test_voluntary_passes_are_told_apart_from_forced_ones() -> None:
    c = domino_contract("acorns", voluntary_pass=True)
    deal = DominoDeal([cards("JC 8C 9C"), cards("QC 10C KC")], c, leader=0)
    deal.play("JC", 0)
    deal.play(None, 1)  # seat 1 could lay QC or 10C: a chosen pass
    deal.play(None, 0)  # seat 0 holds 8C 9C; only 10C/QC fit: forced
    assert [(s, m, f) for s, m, f in pass_log(deal)] == [(0, card("JC"), False), (1, None, False), (0, None, True)]
    view = DominoView(deal)
    assert "Seat 1: pass (chose to pass)" in view.log_html.value
    assert "Seat 0: pass (no card fits)" in view.log_html.value


def test_chain_grows_at_both_ends() -> None:
    deal = DominoDeal([cards("JC QH"), cards("KD 10S")], HERZELN_DOMINO, leader=0)
    view = DominoView(deal, open_hands=True)
    assert "chain: empty" in view.layout_html.value
    deal.play("JC", 0)
    deal.play("10S", 1)  # ace-ten order: the 10 is above the King, so it joins below the Jack, wrapping round
    view.update()
    assert "chain: 10 of Leaves, Unter of Acorns" in view.layout_html.value
    assert "(chain)" in view.status.value


def test_no_deal_and_a_finished_deal() -> None:
    view = DominoView(None)
    assert "No deal yet" in view.status.value and view.layout_html.value == ""
    deal = DominoDeal([cards("JC KC"), cards("QC 10C")], DOMINO, leader=0)
    for move in ("JC", "QC", "KC"):
        deal.play(move)
    view.update(deal)
    assert deal.is_over and "the deal is over" in view.status.value and "out: Seat 0, Seat 1" in view.status.value

"""DominoView: the layout as it grows, whose move, passes; it shows and never changes the deal."""

from keinstich.cards import card, cards
from keinstich.layoff import DOMINO, HERZELN_DOMINO, DominoDeal, domino_contract
from keinstich_widgets.domino import DominoView, pass_log
from keinstich_widgets.replay import Replay


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


# --- a long deal: the log's work grows linearly ------------------------------------------------------


def passing_deal(passes: int, seed: int = 1) -> DominoDeal:
    """A lay-off deal with voluntary passes in which about ``passes`` of the moves are passes."""
    import random

    deal = DominoDeal.from_seed("german-32", 4, seed, domino_contract(voluntary_pass=True))
    rng = random.Random(seed)
    chance = passes / (passes + 40)
    while not deal.over:
        moves = deal.legal_moves()
        laid = [m for m in moves if m is not None]
        deal.play(None if not laid or (None in moves and rng.random() < chance) else rng.choice(laid))
    return deal


def test_pass_log_asks_each_pass_of_the_deal_as_it_stood() -> None:
    deal = passing_deal(120, seed=3)
    history = deal.history
    reference = [(s, m, m is None and not deal.rewound(i).legal()) for i, (s, m) in enumerate(history)]
    assert pass_log(deal) == reference
    assert {f for _, m, f in reference if m is None} == {True, False}  # both kinds of pass are in it
    assert pass_log(deal, 7) == reference[-7:] and pass_log(deal, 10**6) == reference


def replayed_moves(monkeypatch, action) -> int:
    """How many moves ``action()`` plays on lay-off deals (rewinding and replaying included)."""
    count = [0]
    play = DominoDeal.play

    def counted(self, *args, **kwargs):
        count[0] += 1
        return play(self, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(DominoDeal, "play", counted)
        action()
    return count[0]


def test_the_log_of_a_long_deal_replays_it_once_not_once_a_pass(monkeypatch) -> None:
    """Counted in moves replayed, not seconds (the machine may be busy): four times the passes cost
    about four times the work. Taking the deal back a move at a time cost about sixteen times: with 10,000
    passes a view froze for a minute."""
    small, large = passing_deal(300), passing_deal(1500)
    assert len(large.history) > 3 * len(small.history)
    work = {}
    for deal in (small, large):
        n = len(deal.history)
        work[n] = replayed_moves(monkeypatch, lambda d=deal: pass_log(d))
        assert work[n] <= n  # one replay up to the last pass
        assert replayed_moves(monkeypatch, lambda d=deal: DominoView(d, open_hands=True)) <= n
        replay = Replay(deal)
        assert replayed_moves(monkeypatch, lambda r=replay, n=n: r.go(n)) <= 2 * n  # ⏭: the last step
    (n1, w1), (n2, w2) = sorted(work.items())
    assert w2 / w1 < 1.5 * n2 / n1


def test_a_view_refuses_what_is_not_a_lay_off_deal_and_stays_as_it_was() -> None:
    import pytest

    from keinstich.contracts import NO_HEARTS
    from keinstich.tricks import TrickDeal

    deal = small_rows_deal()
    view = DominoView(deal, seat=0)
    before = (view.status.value, view.layout_html.value, view.log_html.value)
    record = DominoDeal.from_seed("german-32", 4, 1).record()
    for wrong in ("deal", 5, TrickDeal.from_seed("german-32", 4, 1, NO_HEARTS), record):
        with pytest.raises(TypeError, match=r"^DominoView shows a lay-off deal, e\.g\. DominoDeal\.from_seed"):
            view.update(wrong)
        assert view.deal is deal and (view.status.value, view.layout_html.value, view.log_html.value) == before
    with pytest.raises(TypeError, match=r"DominoView shows a lay-off deal, .*, not 'deal'$"):
        DominoView("deal")

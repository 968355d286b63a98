"""The Replay widget: stepping with ⏮ ◀ ▶ ⏭ and the slider, what each step shows, "Best card?" from
the solver, every kind of source, and the bad paths (past the end, a step that does not exist)."""

from __future__ import annotations

import random

import pytest

from keinstich.bots.heuristic import HeuristicBot, play_deal
from keinstich.cards import card, cards
from keinstich.contracts import NO_HEARTS
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.records import RecordError, record_of
from keinstich.tricks import TrickDeal
from keinstich_widgets.replay import Replay, ReplayError

# Two tricks, typed by hand. Seat 0 holds the only heart. Leading 10H wins it back (5 pf); leading 7C
# loses the trick to AC and lets seat 0 throw 10H on the second club trick (0 pf).
SHORT = [cards("10H 7C"), cards("AC KC"), cards("QC JC"), cards("9C 8C")]


def short_deal() -> TrickDeal:
    deal = TrickDeal(SHORT, NO_HEARTS, leader=0)
    for c in ("10H", "KC", "JC", "9C", "7C", "AC", "QC", "8C"):
        deal.play(c)
    return deal


def test_steps_buttons_and_slider_move_through_the_deal() -> None:
    r = Replay(short_deal(), synchronous=True)
    assert r.step == 0 and r.slider.max == 8
    assert r.first_button.disabled and r.back_button.disabled and not r.forward_button.disabled
    assert "Step 0 of 8: next, Seat 0 plays the 10 of Hearts" in r.step_label.value
    assert {b.card for b in r.hand_views[0].buttons} == set(SHORT[0])
    r.forward_button.click()
    assert r.step == 1 and r.deal.plays == ((0, card("10H")),)
    assert r.trick_view.plays == ((0, card("10H")),)
    assert {b.card for b in r.hand_views[0].buttons} == {card("7C")}
    r.last_button.click()
    assert r.step == 8 and r.deal.is_over and r.forward_button.disabled and r.last_button.disabled
    assert "the deal is over" in r.step_label.value and "Seat 0 5" in r.step_label.value
    r.slider.value = 4  # after the first trick: it is shown with its winner
    assert r.deal.tricks[0].winner == 0 and r.trick_view.winner == 0 and "Seat 0 wins it" in r.trick_view.caption.value
    r.back_button.click()
    assert r.step == 3 and len(r.deal.trick) == 3
    r.first_button.click()
    assert r.step == 0


def test_the_hands_at_each_step_are_the_dealt_hands_less_the_cards_played() -> None:
    deal = TrickDeal.from_seed("german-32", 4, 9, NO_HEARTS)
    deal.playout(random.Random(2))
    r = Replay(deal, seat=2, synchronous=True)
    for k in (0, 5, 17, 32):
        r.go(k)
        played = {c for _, c in deal.plays[:k]}
        for s in range(4):
            assert {b.card for b in r.hand_views[s].buttons} == set(deal.dealt[s]) - played


def test_replay_past_the_end_and_before_the_start_is_refused() -> None:
    r = Replay(short_deal(), synchronous=True)
    r.last_button.click()
    r.forward_button.click()  # disabled at the end: nothing happens
    assert r.step == 8
    with pytest.raises(ReplayError):
        r.forward()  # the scripting entry point raises ...
    r._move_guarded(+1)  # ... and the button's handler shows the same refusal in the widget
    assert r.step == 8
    assert r.messages.text == "already at the last step (8): there is no play after it"
    r.first_button.click()
    r._move_guarded(-1)
    assert r.step == 0 and "already at the first step" in r.messages.text
    with pytest.raises(ReplayError, match="there is no step 9: this deal has steps 0 to 8"):
        r.go(9)
    assert r.step == 0


def test_best_card_compares_the_played_card_with_the_solvers_best() -> None:
    r = Replay(short_deal(), synchronous=True)
    r.best_button.click()
    assert r.answer_text() == ("Best for Seat 0: 7 of Acorns (pays 0 pf). Played 10 of Hearts: "
                               "5 pf more than the best, 7 of Acorns.")
    assert "5 pf more than the best" in r.answer.value
    r.go(1)  # seat 1 with AC KC after 10H: either club loses the trick to the heart; both are best
    r.best_button.click()
    assert r.answer_text().startswith("Best for Seat 1: König of Acorns, Daus of Acorns")
    assert "one of the best moves" in r.answer_text()
    r.last_button.click()
    assert r.best_button.disabled
    r._on_best()
    assert "the deal is over at this step" in r.messages.text


def test_best_card_in_a_thread_shows_that_it_thinks() -> None:
    deal = TrickDeal.from_seed("german-32", 4, 5, NO_HEARTS)
    deal.playout(random.Random(1))
    r = Replay(deal)
    r.go(20)
    r.best_button.click()
    assert r.wait(60)
    assert r.thinking.value == "" and r.answer.value.startswith("<div")
    assert "Best for Seat" in r.answer_text(20)
    best, _ = r.best(20)
    assert best and set(best) <= set(r.steps[20].legal())
    r.go(19)
    assert r.answer.value == ""  # not asked at this step yet


def test_sources_record_json_text_path_and_partial_deals(tmp_path) -> None:
    deal52 = TrickDeal.from_seed("german-32", 4, 3, NO_HEARTS)
    deal52.playout(random.Random(0))
    rec = record_of(deal52, pack="german-32")
    path = tmp_path / "deal.json"
    rec.save(path)
    for source in (rec, rec.to_json(), str(path), path):
        r = Replay(source, synchronous=True)
        assert r.slider.max == 32 and r.final.dealt == deal52.dealt
    partial = TrickDeal.from_seed("german-32", 4, 3, NO_HEARTS)
    for c in deal52.plays[:6]:
        partial.play(c[1])
    r = Replay(partial, step=6, synchronous=True)
    assert r.slider.max == 6 and "the record stops here" in r.step_label.value
    r.best_button.click()
    assert r.answer_text().startswith("Best for Seat")
    assert "Played" not in r.answer_text()  # nothing was played at this step


def test_bad_sources_are_refused() -> None:
    with pytest.raises(ReplayError, match="cannot replay int"):
        Replay(42)
    with pytest.raises(ReplayError, match="no record file"):
        Replay("/no/such/record.json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Replay("{ this is not json")
    with pytest.raises(ReplayError, match="seat must be a seat from 0 to 3"):
        Replay(short_deal(), seat=7)
    with pytest.raises(ReplayError, match="there is no step 12"):
        Replay(short_deal(), step=12)


def test_domino_replay_shows_the_layout_and_the_passes() -> None:
    hands = [cards("JC 7C 8C 9C 7S 8S 9S 7H"), cards("AC KC AS KS AH KH AD KD"),
             cards("10C QC JS 10S QS JH 10H QH"), cards("JD 10D QD 9D 8D 7D 8H 9H")]
    deal = DominoDeal(hands, DOMINO, leader=0)
    play_deal(deal, [HeuristicBot()] * 4)
    r = Replay(deal, synchronous=True)
    assert r.slider.max == len(deal.plays)
    r.go(2)  # JC laid, then seat 1 (no card fits) passed
    assert r.deal.plays[:2] == ((0, card("JC")), (1, None))
    assert r.domino_view is not None and r.centre_box.children == (r.domino_view,)
    assert "next" in r.step_label.value
    r.best_button.click()
    assert r.answer_text().startswith("Best for Seat 2")


def test_herzblatt_replay_steps_through_the_card_play() -> None:
    deal = HerzblattDeal.from_seed(3, HerzblattRules(players=3))
    deal.ask(True)
    h = deal.hand(deal.soloist)
    deal.discard(h[0], h[1])
    play_deal(deal, [HeuristicBot()] * 3)
    r = Replay(deal, synchronous=True)
    assert r.slider.max == len(deal.trick_deal.plays)
    assert "Soloist: Seat 0" in r.tricks.value
    r.go(3)
    r.best_button.click()
    assert "card points" in r.answer_text()


def test_german_names_of_seats() -> None:
    r = Replay(short_deal(), lang="de", synchronous=True)
    assert "Platz 0" in r.step_label.value


def test_replay_steps_are_the_deal_move_by_move_and_memory_stays_linear():
    """Every step equals the deal replayed to that point (forward, backward, jumps), for every deal kind;
    the steps keep a few checkpoints, not a copy per step: a long lay-off deal of voluntary passes
    holds about as many copies as a short one."""
    import random as _random

    from keinstich.games import GAMES
    from keinstich_widgets.replay import Steps, deal_steps

    rng = _random.Random(3)
    for gid, contract in (("kein-stich", "no-hearts"), ("kein-stich", "domino"), ("herzblatt", "herzblatt-4")):
        deal = GAMES[gid].deal(contract, 2, players=4)
        while not deal.over:
            moves = deal.legal_moves()
            deal.play(moves[rng.randrange(len(moves))])
        steps, plays = deal_steps(deal)
        first = len(deal.history) - len(plays)
        assert len(steps) == len(plays) + 1
        for k in [*range(len(steps)), *reversed(range(len(steps))), 0, len(steps) - 1, 3]:
            assert steps[k].history == deal.history[:first + k]
    from keinstich.layoff import DominoDeal
    from keinstich.layoff_rules import domino_contract

    long = DominoDeal.from_seed("german-32", 4, 1, domino_contract("acorns", voluntary_pass=True))
    for _ in range(3000):  # passes, as a hostile record could have them
        if long.over:
            break
        long.play(None if long.can_pass() else long.legal_moves()[0])
    assert len(long.history) > 2000
    steps = Steps(long, 0)
    for k in range(0, len(steps), 7):
        steps[k]
    assert len(steps._checkpoints) <= 33

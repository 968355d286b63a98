"""The Table driven by clicks and traits: legal and illegal cards, bots answering, threads, undo,
hints, new deals, typed deals, Herzblatt's phases and the lay-off deal, and the bad paths."""

from __future__ import annotations

import re
import statistics
import threading
import time

import pytest
from drive import play_out

from keinstich.bots.heuristic import HeuristicBot, RandomBot
from keinstich.cards import Suit, card, cards
from keinstich.contracts import NO_HEARTS, NO_MAX
from keinstich.dealing import deal_hands
from keinstich.games.herzblatt import HerzblattDeal
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.tricks import TrickDeal
from keinstich_widgets._games import SetupError
from keinstich_widgets._guard import MessageArea, guard, guarded
from keinstich_widgets.table import Table

# Four hands of german-32 typed by hand: seat 0 has three clubs, seat 1 two, seat 2 two, seat 3 only the Ace.
HANDS = [
    cards("7C 8C 9C 7S 8S 9S 7H 8H"),
    cards("10C JC 10S JS 9H 10H 7D 8D"),
    cards("QC KC QS KS JH QH 9D 10D"),
    cards("AC AS KH AH JD QD KD AD"),
]
TEXT = "\n".join(" ".join(c.code for c in h) for h in HANDS)


def clubs_led() -> TrickDeal:
    """Seat 0 has led 7C; seat 1 (the learner) must follow with 10C or JC."""
    deal = TrickDeal(HANDS, NO_HEARTS, leader=0)
    deal.play("7C")
    return deal


def learner_plays(table: Table) -> list[str]:
    deal = table.deal
    plays = deal.trick_deal.plays if isinstance(deal, HerzblattDeal) and deal.trick_deal else getattr(deal, "plays", ())
    return [c.code for s, c in plays if s == table.seat]


class GateBot(HeuristicBot):
    """A heuristic bot that waits for a gate before it answers: a slow bot the test controls."""

    name = "gated"

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.asked = threading.Event()

    def decide(self, obs):  # type: ignore[no-untyped-def]
        self.asked.set()
        assert self.gate.wait(10), "the test never opened the gate"
        return super().decide(obs)


class BrokenBot(HeuristicBot):
    name = "broken"

    def decide(self, obs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the bot's circuits melted")


# --- the message area and the guard ---------------------------------------------------------------


def test_guard_shows_refusals_and_bugs_in_the_message_area() -> None:
    area = MessageArea()
    assert guarded(area, lambda: 1)() == 1 and area.text == ""
    guarded(area, lambda: (_ for _ in ()).throw(ValueError("no: play QS")))()
    assert area.text == "no: play QS" and area.kind == "error" and 'role="alert"' in area.value
    guarded(area, lambda: 1 / 0)()
    assert area.text.startswith("ZeroDivisionError") and "bug" in area.text

    class W:
        messages = area

        @guard
        def boom(self) -> None:
            raise KeyError("x")

    W().boom()
    assert area.text.startswith("KeyError")
    area.ok("fine")
    assert area.kind == "ok" and "fine" in area.value
    area.clear()
    assert area.text == "" and area.value == ""


# --- cards: legal, illegal, the trick, the bots' answers ------------------------------------------


def test_legal_cards_enabled_illegal_disabled_with_the_engines_reason() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    state = {b.card.code: (b.disabled, b.tooltip) for b in table.hand_view.buttons}
    assert {code for code, (off, _) in state.items() if not off} == {"10C", "JC"}
    # the engine's reason, said to the learner in the table's faces (issue 12: "you must follow …")
    assert state["9H"] == (True, "you must follow Acorns (you hold 10 and Unter of Acorns)")
    assert state["7D"][1] == "you must follow Acorns (you hold 10 and Unter of Acorns)"
    assert "Your turn" in table.status.value
    assert table.trick_view.plays == ((0, card("7C")),)


def test_clicking_a_legal_card_plays_it_and_the_bots_answer() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    table.card_button("JC").click()
    first = table.deal.tricks[0]
    # seat 2 must follow with QC or KC, seat 3 holds only AC among clubs and must play it: AC wins
    assert first.cards[:2] == (card("7C"), card("JC")) and first.cards[3] == card("AC")
    assert first.cards[2] in cards("QC KC") and first.winner == 3
    # seat 3 leads trick 2, seat 0 follows, and the learner is to play again
    assert table.deal.turn == 1 and len(table.deal.trick) == 2 and table.deal.trick[0][0] == 3
    assert learner_plays(table) == ["JC"]
    assert table.messages.kind != "error"
    assert "won by" in table.history.value and "You: Unter of Acorns" in table.history.value
    assert "♣" not in table.history.value  # German faces: no French suit symbol


def test_clicking_an_illegal_card_changes_nothing_and_says_why() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    before = table.deal.plays
    table.card_button("9H").click()  # disabled: the click never reaches the table
    assert table.deal.plays == before
    table.play("9H")  # forced through the table's own entry point: refused by the engine
    assert table.deal.plays == before
    assert table.messages.kind == "error"
    assert table.messages.text == "you must follow Acorns (you hold 10 and Unter of Acorns)"
    table.play("AS")  # not even in the hand
    assert table.deal.plays == before and table.messages.text == "you do not hold the Daus of Leaves"


def test_a_double_click_plays_one_card() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    button = table.card_button("JC")
    button.click()
    button.click()  # the second click of a double click arrives after the card has left the hand
    assert learner_plays(table) == ["JC"]
    table.play("JC")  # and through the table itself: refused, said plainly, nothing played
    assert learner_plays(table) == ["JC"]
    assert "already played the Unter of Acorns" in table.messages.text


def test_a_click_while_a_bot_thinks_is_refused_and_exactly_one_card_is_played() -> None:
    gate = GateBot()
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", gate, "heuristic", "heuristic"])
    table.card_button("7C").click()
    assert gate.asked.wait(5)
    assert table.session.thinking == 1
    assert "Seat 1 is thinking" in table.status.value
    assert all(b.disabled for b in table.hand_view.buttons)
    assert table.card_button("8C").tooltip == "wait: seat 1 is thinking"
    table.card_button("8C").click()  # disabled: nothing happens
    table.play("8C")  # forced: refused with a message
    assert "thinking" in table.messages.text and table.messages.kind == "error"
    assert table.deal.plays == ((0, card("7C")),)
    gate.gate.set()
    assert table.wait(10)
    assert learner_plays(table) == ["7C"]
    # seat 3's AC won the clubs; it leads again at once (fast bot) and the learner, seat 0, is next
    assert table.session.thinking is None and table.deal.turn == 0
    assert table.deal.tricks[0].winner == 3 and len(table.deal.plays) == 5


def test_undo_takes_back_the_bots_replies_and_refuses_at_the_start() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    assert table.undo_button.disabled
    table.undo_button.click()
    assert table.deal.plays == ((0, card("7C")),) and learner_plays(table) == []
    table._on_undo()
    assert "nothing to undo" in table.messages.text and table.messages.kind == "error"
    table.card_button("JC").click()
    assert len(table.deal.plays) > 2
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert table.deal.plays == ((0, card("7C")),)
    assert table.deal.turn == 1 and table.messages.kind == "info"
    assert {b.card.code for b in table.hand_view.buttons if not b.disabled} == {"10C", "JC"}


def test_undo_while_a_bot_thinks_drops_its_late_answer() -> None:
    gate = GateBot()
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", gate, "heuristic", "heuristic"])
    table.card_button("7C").click()
    assert gate.asked.wait(5)
    table.undo_button.click()
    assert table.deal.plays == () and table.session.thinking is None
    gate.gate.set()
    time.sleep(0.05)
    assert table.wait(5)
    assert table.deal.plays == ()  # the gated bot's answer was for a position that no longer exists
    assert table.deal.turn == 0


def test_hint_names_the_only_legal_card() -> None:
    one = TrickDeal([cards("7C AS"), cards("8C KS"), cards("9C QS"), cards("10C JS")], NO_HEARTS, leader=1)
    one.play("KS")  # spades led; the learner, seat 2, holds one spade: QS is the only legal card
    table = Table.from_deal(one, seat=2, synchronous=True)
    table.hint_button.click()
    # beside the Hint button (issue 12), not in the message area below
    assert "The coach suggests <b>Ober of Leaves</b> — your only legal move" in table.hint_note.value
    assert table.hint_box.children[::2] == (table.hint_button, table.hint_note) and table.messages.text == ""
    assert table.hint_box in table.controls.children
    assert "ks-lit" in table.hand_view.button("QS")._dom_classes
    table.card_button("QS").click()
    assert "ks-lit" not in table.hand_view.button("9C")._dom_classes


def test_hint_out_of_turn_is_refused() -> None:
    gate = GateBot()
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", gate, "heuristic", "heuristic"])
    table.card_button("7C").click()
    assert gate.asked.wait(5)
    table._on_hint()
    assert "thinking" in table.messages.text
    gate.gate.set()
    table.wait(5)


def test_a_whole_deal_by_clicks_adds_up_to_the_contract_total() -> None:
    table = Table("kein-stich", "no-hearts", seed=11, synchronous=True)
    while not table.deal.is_over:
        legal = [b for b in table.hand_view.buttons if not b.disabled]
        assert legal, "the learner is to move but no card is enabled"
        legal[-1].click()
    assert sum(table.deal.scores()) == 40  # eight hearts at 5 pf each, always
    assert "The deal is over" in table.status.value
    assert all(b.disabled for b in table.hand_view.buttons)
    assert table.hint_button.disabled
    table.play("7C")
    assert "over" in table.messages.text


def test_responsive_click_with_fast_bots() -> None:
    """Reports how long a click takes (learner's card, the bots' answers, the redraw); asserts correctness."""
    times: dict[str, list[float]] = {}
    for bots in ("heuristic", "random"):
        table = Table("kein-stich", "no-hearts", seed=3, bots=bots)  # not synchronous: fast bots answer inline
        assert all(type(b) in (HeuristicBot, RandomBot) for b in table.session.bots)
        spent = []
        while not table.deal.is_over:
            b = next(b for b in table.hand_view.buttons if not b.disabled)
            t0 = time.perf_counter()
            b.click()
            spent.append(time.perf_counter() - t0)
            assert table.session.thinking is None  # answered inside the click
        assert sum(table.deal.scores()) == 40 and len(learner_plays(table)) == 8
        times[bots] = spent
    for bots, spent in times.items():
        print(f"\nclick -> bots -> redraw with {bots} bots: median {1000 * statistics.median(spent):.1f} ms, "
              f"max {1000 * max(spent):.1f} ms over {len(spent)} clicks")


def test_a_broken_bot_shows_its_error_in_the_widget() -> None:
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", BrokenBot(), "heuristic", "heuristic"], synchronous=True)
    table.card_button("7C").click()
    assert table.messages.kind == "error"
    assert table.messages.text == ("the bot BrokenBot ('broken') in seat 1 raised RuntimeError: the bot's circuits "
                                   "melted — the fault is in that bot's code, not in the widget; nothing was played")
    assert "bug in the widget" not in table.messages.text
    assert table.deal.plays == ((0, card("7C")),)  # the learner's card stands, nothing else moved
    table.undo_button.click()
    assert table.deal.plays == ()


def test_a_broken_bot_in_a_thread_shows_its_error_too() -> None:
    class SlowBroken(BrokenBot):
        pass

    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", SlowBroken(), "heuristic", "heuristic"])
    table.card_button("7C").click()
    assert table.wait(5)
    assert "circuits melted" in table.messages.text and table.messages.kind == "error"
    assert table.messages.text.startswith("the bot SlowBroken ('broken') in seat 1 raised RuntimeError")
    assert "the fault is in that bot's code" in table.messages.text
    assert table.deal.plays == ((0, card("7C")),)


# --- controls: new deal, text deal, open hands, bots, contract, language, faces --------------------


def test_new_deal_uses_the_seed_box_then_the_next_seed() -> None:
    table = Table("kein-stich", "no-tricks", seed=1, synchronous=True)
    table.seed_box.value = "5"
    table.new_button.click()
    assert table.deal.dealt == deal_hands("german-32", 4, 5)
    assert table.session.seed == 5 and "seed 5" in table.title.value
    table.new_button.click()  # the box still says 5: the next deal is 6
    assert table.deal.dealt == deal_hands("german-32", 4, 6) and table.seed_box.value == "6"
    table.seed_box.value = "  "
    table.new_button.click()
    assert "type a seed" in table.messages.text and table.deal.dealt == deal_hands("german-32", 4, 6)


def test_deal_from_text_and_its_refusals() -> None:
    table = Table("kein-stich", "no-hearts", seed=1, synchronous=True)
    before = table.deal.dealt
    table.deal_text("0: 7C 8C\n1: AH")
    assert table.messages.text == "expected 4 hands (one line per seat), found 2"
    assert table.deal.dealt == before
    table.deal_text(TEXT.replace("AD", "AC"))  # AC twice, AD missing
    assert "AC appears twice" in table.messages.text and table.deal.dealt == before
    table.deal_text(TEXT.replace("7C", "ZZ"))
    assert "line 1" in table.messages.text and table.deal.dealt == before
    table.deal_text(TEXT)
    assert table.deal.dealt == tuple(HANDS) and table.messages.kind == "info"
    assert {b.card for b in table.hand_view.buttons} == set(HANDS[0])


def test_text_in_the_constructor() -> None:
    table = Table("kein-stich", "no-hearts", text=TEXT, seat=1, synchronous=True)
    assert table.deal.dealt[:1] == (HANDS[0],)
    assert table.text_area.value.splitlines()[0] == "0: " + " ".join(c.code for c in HANDS[0])


def test_open_hands_shows_the_other_hands_and_hides_them_again() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    view = table.other_views[2]
    # face down: one picture of eight backs, no buttons (nothing to click, no card in the page)
    assert view.face_down and view.backs == 8 and view.buttons == () and view.picture in view.children
    assert view.picture is not None and view.picture.value.count("ks-back-") == 8
    assert not any(c.code in view.picture.value for c in HANDS[2])
    table.open_toggle.value = True
    assert {b.card for b in view.buttons} == set(HANDS[2]) and view.picture is None and view.backs == 0
    assert {b.card for b in table.other_views[0].buttons} == set(HANDS[0]) - {card("7C")}
    table.open_toggle.value = False
    assert view.face_down and view.buttons == () and view.picture is not None and view.picture in view.children
    assert view.picture.value.count("ks-back-") == 8


def test_bots_change_by_dropdown() -> None:
    table = Table("kein-stich", "no-tricks", seed=2, synchronous=True)
    assert set(table.bot_boxes) == {1, 2, 3}
    table.bot_boxes[2].value = "random"
    assert isinstance(table.session.bots[2], RandomBot)
    table.bot_boxes[2].value = "montecarlo"
    assert type(table.session.bots[2]).__name__ == "MonteCarloBot"
    table.bot_boxes[2].value = "heuristic"
    assert type(table.session.bots[2]) is HeuristicBot


def test_contract_dropdown_deals_the_same_seed_under_another_contract() -> None:
    table = Table("kein-stich", "no-tricks", seed=4, synchronous=True)
    table.contract_box.value = "no-max"
    assert table.deal.contract is NO_MAX and table.deal.dealt == deal_hands("german-32", 4, 4)
    assert "No Max" in table.title.value


def test_variant_rules_reach_the_engine() -> None:
    # No Hearts with Barbu's ban on leading hearts: a heart lead is refused while other suits are held
    table = Table("kein-stich", "no-hearts", text=TEXT, rules={"no_lead": "H"}, synchronous=True)
    assert table.deal.rules.no_lead is Suit.HEARTS
    b = table.card_button("7H")
    assert b.disabled and b.tooltip.startswith("you may not lead Hearts while holding other suits")
    march = Table("kein-stich", "no-tricks", rules={"march": True}, synchronous=True)
    assert march.deal.contract.march


def test_german_words_and_french_faces() -> None:
    table = Table.from_deal(clubs_led(), seat=1, lang="de", faces="french", synchronous=True)
    assert "Du bist dran" in table.status.value
    assert table.card_button("JC").description == "Kreuz-Bube"
    assert table.card_button("JC")._look[0] == "french"
    assert table.hint_button.description == "Tipp"


def test_bad_setups_are_refused_with_the_engines_message() -> None:
    with pytest.raises(ValueError, match="do not divide evenly among 7 players"):
        Table("kein-stich", "no-tricks", players=7, pack="german-24")
    with pytest.raises(SetupError, match="unknown contract 'no-spades'"):
        Table("kein-stich", "no-spades")
    with pytest.raises(SetupError, match="seat must be a seat from 0 to 3"):
        Table(seat=4)
    with pytest.raises(ValueError, match="one bot for all seats or one per seat"):
        Table(bots=["random", "random"])
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        Table(bots="genius")


# --- Herzblatt ------------------------------------------------------------------------------------


def visible(table: Table) -> set[str]:
    return {k for k, b in table.action_buttons.items() if b.layout.display != "none"}


def test_herzblatt_asking_discard_and_play_by_buttons() -> None:
    table = Table("herzblatt", "herzblatt-4", seed=5, synchronous=True)
    assert table.deal.phase == "asking" and table.deal.turn == 0  # forehand is asked first
    assert visible(table) == {"solo", "pass"}
    assert all(b.disabled for b in table.hand_view.buttons)  # no card is played while asking
    table.act("solo")
    assert table.deal.soloist == 0 and table.deal.phase == "discard"
    assert visible(table) == {"discard"} and table.action_buttons["discard"].disabled
    hand = [b.card for b in table.hand_view.buttons]
    # 30 cards (32 less 7H 7D) less a skat of 2 make 7 per hand: seven cards and the skat
    assert len(hand) == 9 and set(table.deal.skat) <= set(hand)
    table.act("discard")  # nothing picked yet: refused
    assert "pick two cards" in table.messages.text and table.deal.phase == "discard"
    a, b, c = hand[0], hand[1], hand[2]
    table.card_button(a).click()
    table.card_button(b).click()
    table.card_button(c).click()  # a third pick is refused
    assert "two cards already" in table.messages.text
    assert table.session.selected == [a, b] and not table.action_buttons["discard"].disabled
    assert "ks-lit" in table.hand_view.button(a)._dom_classes
    table.card_button(b).click()  # unpick
    table.card_button(c).click()
    table.act("discard")
    assert table.deal.discards == (a, c) and table.deal.phase in ("play", "over")
    assert len(table.deal.hand(0)) == 7 - len(learner_plays(table))
    assert visible(table) == set()
    while not table.deal.is_over:
        next(b for b in table.hand_view.buttons if not b.disabled).click()
    assert "The deal is over" in table.status.value
    assert re.search(r"\. Soloist \d+: (wins|loses)", table.status.value), table.status.value  # a sentence of its own


def test_herzblatt_muhr_announcement_and_a_pass() -> None:
    table = Table("herzblatt", "herzblatt-4-muhr", seed=8, synchronous=True)
    table.act("solo")
    hand = [b.card for b in table.hand_view.buttons]
    table.card_button(hand[0]).click()
    table.card_button(hand[1]).click()
    table.act("discard")
    assert table.deal.phase == "announce" and visible(table) == {"announce-none", "announce-66", "announce-du"}
    table.act("contra")  # not this phase: refused, nothing changes
    assert table.deal.phase == "announce" and "first announce" in table.messages.text
    table.act("announce-66")
    assert table.deal.announcement == "66"
    assert table.deal.phase in ("play", "re", "over")

    passing = Table("herzblatt", "herzblatt-4", seed=8, synchronous=True)
    passing.act("pass")
    assert passing.deal.answers[0] == (0, False) and len(passing.deal.answers) >= 2  # the bots were asked next


def test_herzblatt_learner_may_say_contra_against_a_bot_soloist() -> None:
    from keinstich.games.herzblatt import Ask, preset

    rules = preset("herzblatt-4-muhr")
    seed = next(s for s in range(200)
                if HeuristicBot().decide(HerzblattDeal.from_seed(s, rules).observation(0)).move == Ask(True))
    table = Table("herzblatt", "herzblatt-4-muhr", seed=seed, seat=1, synchronous=True)
    assert table.deal.soloist == 0 and table.deal.phase == "contra" and table.deal.turn == 1
    assert visible(table) == {"contra", "no-contra"}
    table.act("contra")
    assert table.deal.contra_by == 1


# --- the lay-off deal -------------------------------------------------------------------------------

DOMINO_HANDS = [
    cards("JC 7C 8C 9C 7S 8S 9S 7H"),   # holds the Unter of Acorns: lays it first, it is his only legal card
    cards("AC KC AS KS AH KH AD KD"),   # no Unter, no 10C, no QC: must pass after JC
    cards("10C QC JS 10S QS JH 10H QH"),
    cards("JD 10D QD 9D 8D 7D 8H 9H"),
]


def test_domino_learner_must_pass_and_the_pass_button_shows_only_then() -> None:
    table = Table.from_deal(DominoDeal(DOMINO_HANDS, DOMINO, leader=0), seat=1, synchronous=True)
    assert table.deal.plays[0] == (0, card("JC"))
    assert table.deal.turn == 1
    assert all(b.disabled for b in table.hand_view.buttons)
    assert "you cannot lay the Daus of Acorns" in table.card_button("AC").tooltip
    assert visible(table) == {"lay-pass"} and "No card fits" in table.status.value
    table.play("AC")
    assert "you cannot lay the Daus of Acorns" in table.messages.text and table.deal.plays[1:2] != ((1, card("AC")),)
    table.act("lay-pass")
    assert table.deal.plays[1] == (1, None)


def test_domino_first_card_is_the_unter_of_acorns() -> None:
    table = Table.from_deal(DominoDeal(DOMINO_HANDS, DOMINO, leader=0), seat=0, synchronous=True)
    enabled = [b.card.code for b in table.hand_view.buttons if not b.disabled]
    assert enabled == ["JC"] and visible(table) == set()
    assert table.card_button("7S").tooltip == "you must lay the Unter of Acorns first: it starts the lay-off"
    table.card_button("JC").click()
    assert table.deal.plays[0] == (0, card("JC"))
    while not table.deal.is_over:
        enabled = [b for b in table.hand_view.buttons if not b.disabled]
        if enabled:
            enabled[0].click()
        else:
            table.act("lay-pass")
    assert sorted(table.deal.finish_order) == [0, 1, 2, 3]
    assert "Out:" in table.status.value


def test_herzeln_chain_domino_plays_to_the_end() -> None:
    table = Table("herzeln", "domino", players=3, seed=4, synchronous=True)
    assert table.deal.rules.layout == "chain"
    while not table.deal.is_over:
        enabled = [b for b in table.hand_view.buttons if not b.disabled]
        if enabled:
            enabled[0].click()
        else:
            table.act("lay-pass")
    assert "points" in table.status.value
    assert sorted(table.deal.finish_order) == [0, 1, 2]


def test_domino_voluntary_pass_shows_pass_beside_the_playable_cards() -> None:
    from keinstich.layoff import domino_contract

    deal = DominoDeal(DOMINO_HANDS, domino_contract("acorns", voluntary_pass=True), leader=0)
    table = Table.from_deal(deal, seat=2, synchronous=True)
    # JC was laid (seat 0's only card), seat 1 had nothing that fits and passed; seat 2 may lay or pass
    assert table.deal.plays == ((0, card("JC")), (1, None)) and table.deal.turn == 2
    enabled = {b.card.code for b in table.hand_view.buttons if not b.disabled}
    assert enabled == {"10C", "QC", "JS", "JH"}
    assert visible(table) == {"lay-pass"} and "lay a card, or pass" in table.status.value
    table.act("lay-pass")
    assert table.deal.plays[2] == (2, None)


def test_a_card_during_herzblatt_asking_is_refused() -> None:
    table = Table("herzblatt", "herzblatt-4", seed=5, synchronous=True)
    first = table.hand_view.buttons[0].card
    table.play(first)
    assert table.messages.text == "first answer: play (solo) or pass" and table.deal.phase == "asking"
    assert table.deal.answers == []


def test_herzeln_with_german_faces_names_its_deals_in_german_words() -> None:
    table = Table("herzeln", "no-queens", seed=1, faces="german", synchronous=True)
    labels = [label for label, _ in table.contract_box.options]
    assert "No Obers (Keine Dame)" in labels and "König of Hearts (Herzkönig)" in labels
    assert "No Obers: -20 per Ober" in table.title.value
    french = Table("herzeln", "no-queens", seed=1, faces="french", synchronous=True)
    assert "No Queens: -20 per Queen" in french.title.value


def test_a_readers_own_bot_that_fails_is_named_and_blamed_not_the_widget() -> None:
    class Mine:
        """A reader's bot, duck-typed, with a bug of its own."""

        def decide(self, obs):  # type: ignore[no-untyped-def]
            return obs.legal[99]

    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=0,
                            bots=["heuristic", "heuristic", Mine(), "heuristic"], synchronous=True)
    table.card_button("7C").click()
    assert table.messages.kind == "error"
    assert table.messages.text == ("the bot Mine in seat 2 raised IndexError: tuple index out of range — the fault is "
                                   "in that bot's code, not in the widget; nothing was played")
    assert table.deal.turn == 2 and len(table.deal.plays) == 2  # seat 1 played; seat 2's bot failed


def test_herzblatts_skat_is_told_where_it_went_not_called_undealt() -> None:
    """The skat is dealt to the table: the soloist takes it and lays two cards away; the score never says the skat's
    cards were not dealt (one may have been played in a trick). The learner as soloist is "you", in lower case
    mid-sentence; another soloist is named by its seat."""
    seen = set()
    for seed, seat in ((seed, seat) for seed in range(40) for seat in (0, 1)):
        table = Table("herzblatt", "herzblatt-3", seed=seed, seat=seat, bots="heuristic", synchronous=True)
        play_out(table)
        d = table.deal
        if d.soloist is None or not d.discards or (d.soloist == table.session.seat) in seen:
            continue
        mine = d.soloist == table.session.seat
        seen.add(mine)
        shown = table.score.value
        assert "Not dealt" not in shown
        skat = ", ".join(table.words(c) for c in d.skat)
        laid = ", ".join(table.words(c) for c in d.discards)
        who = "you" if mine else table.name(d.soloist)
        assert f"Skat: {skat}; {who} took it and laid away {laid}" in shown
        assert "You took" not in shown
        if len(seen) == 2:
            break
    else:
        pytest.fail(f"no deal with {'another' if True in seen else 'the learner as'} soloist")

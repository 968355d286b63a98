"""Herzblatt (docs/rules.md §4): packs, asking, the skat, must-trump duties, Braun's and Muhr's settlement.

Expected results are worked out by hand in the comments; the property tests check the engine
against small independent oracles written here.
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import ACE_TEN, Suit, card, cards, pack
from keinstich.games.herzblatt import (
    CARD_POINTS,
    PRESETS,
    Announce,
    Ask,
    Contra,
    Discard,
    HerzblattDeal,
    HerzblattError,
    HerzblattPartie,
    HerzblattRules,
    Re,
    card_points,
    play_deal,
    preset,
    random_policy,
    settle,
)
from keinstich.tricks import IllegalPlay, TrickDeal

# --- packs and card points -------------------------------------------------------------------------

POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def hand_points(cs):
    return sum(POINTS[c.code[:-1]] for c in cs)


def test_card_points_are_a11_t10_k4_q3_j2():
    assert {r.code: v for r, v in CARD_POINTS.items()} == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    assert card_points(cards("AH 10S KD QC JH 9S 8D 7C")) == 11 + 10 + 4 + 3 + 2


@pytest.mark.parametrize(("players", "removal", "size", "hand", "removed"), [
    (2, "braun_red", 20, 9, "9C 9S 9H 9D 8C 8S 8H 8D 7C 7S 7H 7D"),
    (3, "braun_red", 26, 8, "7C 7S 7H 7D 8H 8D"),
    (4, "braun_red", 30, 7, "7H 7D"),
    (5, "braun_red", 32, 6, ""),
    (2, "keep_trumps", 20, 9, "9C 9S 9H 9D 8C 8S 8H 8D 7C 7S 7H 7D"),  # KSN-HB: every 9, 8, 7 (§4.2)
    (3, "keep_trumps", 26, 8, "7C 7S 7D 8C 8S 8D"),
    (4, "keep_trumps", 26, 6, "7C 7S 7D 8C 8S 8D"),
])
def test_the_pack_per_players_and_removal(players, removal, size, hand, removed):
    r = HerzblattRules(players=players, removal=removal)
    assert len(r.pack) == size and r.hand_size == hand
    assert set(pack("french-32").cards) - set(r.pack.cards) == set(cards(removed))
    assert hand * players + 2 == size
    assert hand_points(r.pack.cards) == 120  # only 0-point cards are ever removed


@pytest.mark.parametrize(("kw", "message"), [
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": 5, "removal": "keep_trumps"}, "keep_trumps.*2 to 4 players"),
    ({"removal": "red"}, "removal must be one of"),
    ({"ask_order": "dealer"}, "ask_order must be one of"),
    ({"all_pass": "again"}, "all_pass must be one of"),
    ({"win_threshold": 30}, "schneider_threshold < win_threshold"),
    ({"loss_stake": -1}, "loss_stake must be 0 or more"),
])
def test_settings_that_do_not_work_are_refused(kw, message):
    with pytest.raises(HerzblattError, match=message):
        HerzblattRules(**kw)


def test_presets_and_overrides():
    assert preset("herzblatt-3").players == 3
    assert preset("herzblatt-4-muhr", du_stacks_schneider=True).du_stacks_schneider is True
    with pytest.raises(HerzblattError, match="unknown preset"):
        preset("skat")
    with pytest.raises(HerzblattError, match="unknown setting 'trumps'"):
        preset("herzblatt-4", trumps="C")
    assert {r.players for r in PRESETS.values()} == {2, 3, 4, 5}


# --- hand-built 2-player deals (pack A 10 K Q J, 30 points a suit) -----------------------------------

# Deal D: seat 0 holds 11+4+3 + 11+4 + 11+4 + 11+4 = 63, seat 1 10+2+10+3+2+10+3+10+3 = 53, skat JC JD 4.
DEAL_D = """
0: AH KH QH AS KS AC KC AD KD
1: 10H JH 10S QS JS 10C QC 10D QD
skat: JC JD
"""
# Deal B: seat 0 64, seat 1 49, skat KD QD 7.
DEAL_B = """
0: AH 10H KH AS 10S AC QC JC JD
1: QH JH KS QS JS 10C KC AD 10D
skat: KD QD
"""

# Seat 0 is forehand (dealer 1). Each script is (leader's card, follower's card) per trick.
# D, soloist 78: T1 AS-JS 13 (0); T2 KS-10S 14 (1); T3 QS-QH 6 (0, trumps); T4 AC-QC 14 (0);
# T5 AD-QD 14 (0); T6 KC-10C 14 (1); T7 10D-KD 14 (1); T8 JH-KH 6 (0); T9 AH-10H 21 (0).
# Seat 0: 13+6+14+14+6+21 = 74 + discards JC JD 4 = 78; seat 1: 14+14+14 = 42.
WIN_SINGLE = "AS JS KS 10S QS QH AC QC AD QD KC 10C 10D KD JH KH AH 10H"
# D, soloist 65: T1 KS-10S 14 (1); T2 10C-KC 14 (1); T3 10D-KD 14 (1); T4 QC-AC 14 (0); T5 AS-QS 14 (0);
# T6 AD-QD 14 (0); T7 QH-10H 13 (1, 10H must beat QH); T8 JS-KH 6 (0); T9 AH-JH 13 (0).
# Seat 0: 14+14+14+6+13 = 61 + 4 = 65; seat 1: 14+14+14+13 = 55.
LOSE_BY_ONE = "KS 10S 10C KC 10D KD QC AC AS QS AD QD QH 10H JS KH AH JH"
# B with QC JC discarded (5): T1 AH-QH 14; T2 10H-JH 12; T3 AS-KS 15; T4 10S-QS 13; T5 AC-KC 15 (all 0);
# T6 JD-AD 13 (1); T7 10C-KH 14 (0, void in clubs: must trump); T8 KD-10D 14 (1); T9 JS-QD 5 (1).
# Seat 0: 14+12+15+13+15+14 = 83 + 5 = 88; seat 1: 13+14+5 = 32 <= 33: schneider.
WIN_TRIPLE = "AH QH 10H JH AS KS 10S QS AC KC JD AD 10C KH KD 10D JS QD"


def scripted(text, discards, script, rules=None, *, calls=()):
    rules = rules or HerzblattRules(players=2)
    deal = HerzblattDeal.from_text(text, rules, dealer=1)
    deal.ask(True)
    deal.discard(*discards.split())
    for call in calls:
        deal.play(call)
    for code in script.split():
        deal.play(code)
    return deal


def test_soloist_78_wins_single():
    deal = scripted(DEAL_D, "JC JD", WIN_SINGLE)
    assert deal.card_points() == (78, 42)
    s = deal.settlement()
    assert s.stakes == (1, -1) and s.won and deal.outcome == "won"
    assert s.explanation == "soloist 78: wins single, each defender pays 1"


def test_soloist_65_loses_and_pays_double_by_default():
    deal = scripted(DEAL_D, "JC JD", LOSE_BY_ONE)
    assert deal.card_points() == (65, 55)
    s = deal.settlement()
    assert s.stakes == (-2, 2) and deal.outcome == "lost"
    assert s.explanation == "soloist 65: loses, pays each defender 2"
    single = scripted(DEAL_D, "JC JD", LOSE_BY_ONE, HerzblattRules(players=2, loss_stake=1))
    assert single.settlement().stakes == (-1, 1)


def test_soloist_88_wins_triple_with_defenders_at_32():
    deal = scripted(DEAL_B, "QC JC", WIN_TRIPLE)
    assert deal.card_points() == (88, 32)
    assert deal.settlement().stakes == (3, -3)
    assert deal.settlement().explanation == "soloist 88: wins schneider (defenders 32), each defender pays 3"


def test_the_discards_count_for_the_soloist():
    deal = HerzblattDeal.from_text(DEAL_B, HerzblattRules(players=2), dealer=1)
    deal.ask(True)
    assert set(deal.hand(0)) == set(cards("AH 10H KH AS 10S AC QC JC JD KD QD"))  # hand plus skat
    deal.discard("AC", "10H")
    assert deal.card_points() == (21, 0)
    assert card("AC") not in deal.hand(0) and len(deal.hand(0)) == 9


def test_muhr_65_wins_plain_but_loses_an_announced_66_with_contra_and_re():
    muhr = HerzblattRules(players=2, muhr=True)
    plain = scripted(DEAL_D, "JC JD", LOSE_BY_ONE, muhr, calls=[Announce(None), Contra(False)])
    assert plain.settlement().stakes == (1, -1)  # 65 > 55: more points than the defenders
    # "66" x2, contra x2, re x2: 1 * 2 * 2 * 2 = 8, and 65 < 66 loses.
    deal = scripted(DEAL_D, "JC JD", LOSE_BY_ONE, muhr, calls=[Announce("66"), Contra(True), Re(True)])
    assert deal.announcement == "66" and deal.contra_by == 1 and deal.re
    s = deal.settlement()
    assert s.stakes == (-8, 8) and s.value == 8
    assert s.explanation == ("soloist 65 (Muhr, announced 66, contra, re): loses, "
                             "value 1 × 2 (66) × 2 (contra) × 2 (re) = 8, pays each defender 8")


def test_forehand_leads_whoever_is_soloist():
    deal = HerzblattDeal.from_text(DEAL_D, HerzblattRules(players=2), dealer=1)
    deal.ask(False)
    deal.ask(True)  # seat 1, the dealer, plays
    assert deal.soloist == 1 and deal.turn == 1 and deal.phase == "discard"
    deal.discard("QD", "QC")
    assert deal.phase == "play" and deal.turn == 0


# --- asking, errors ----------------------------------------------------------------------------------


def four(seed=3, **kw):
    return HerzblattDeal.from_seed(seed, HerzblattRules(players=4, **kw), dealer=3)


def test_asking_goes_clockwise_from_forehand_or_from_the_dealer():
    assert four().asking_order == (0, 1, 2, 3)
    assert four(ask_order="dealer_first").asking_order == (3, 0, 1, 2)
    deal = four()
    deal.ask(False)
    deal.ask(False)
    assert deal.turn == 2
    deal.ask(True)
    assert deal.soloist == 2 and deal.phase == "discard"


def test_asking_out_of_turn_and_a_second_soloist_are_refused():
    deal = four()
    with pytest.raises(HerzblattError, match="it is seat 0's turn to ask, not seat 2's"):
        deal.ask(True, seat=2)
    assert deal.turn == 0 and deal.answers == []
    deal.ask(True)
    with pytest.raises(HerzblattError, match="seat 0 is already the soloist; there is no second soloist"):
        deal.ask(True)


def test_all_pass_redeals_by_default_or_the_dealer_plays():
    deal = four()
    for _ in range(4):
        deal.ask(False)
    assert deal.is_over and deal.outcome == "redeal" and deal.soloist is None
    assert deal.settlement().stakes == (0, 0, 0, 0)
    assert "redeal" in deal.settlement().explanation
    deal = four(all_pass="dealer_plays")
    for _ in range(4):
        deal.ask(False)
    assert deal.soloist == 3 and deal.phase == "discard" and deal.turn == 3


def test_discard_errors_leave_the_state_unchanged():
    deal = HerzblattDeal.from_text(DEAL_D, HerzblattRules(players=2), dealer=1)
    deal.ask(True)
    with pytest.raises(HerzblattError, match="seat 0 does not hold 10H"):
        deal.discard("10H", "JC")
    with pytest.raises(HerzblattError, match="two different cards"):
        deal.discard("JC", "JC")
    with pytest.raises(HerzblattError, match="it is seat 0's turn to discard, not seat 1's"):
        deal.discard("JC", "JD", seat=1)
    assert deal.phase == "discard" and deal.discards is None and len(deal.hand(0)) == 11


def test_moves_in_the_wrong_phase_are_refused():
    deal = HerzblattDeal.from_text(DEAL_D, HerzblattRules(players=2), dealer=1)
    with pytest.raises(IllegalPlay, match="asking phase"):
        deal.play("AH")
    with pytest.raises(HerzblattError, match="cannot discard now: the deal is in the asking phase"):
        deal.discard("AH", "KH")
    with pytest.raises(HerzblattError, match="not over yet"):
        deal.settlement()
    deal.ask(True)
    deal.discard("JC", "JD")
    with pytest.raises(HerzblattError, match="cannot announce now"):  # Braun has no announcements
        deal.announce("66")


def test_an_illegal_trump_refusal_is_an_illegal_play():
    deal = HerzblattDeal.from_text(DEAL_D, HerzblattRules(players=2), dealer=1)
    deal.ask(True)
    deal.discard("JC", "JD")
    for code in "AS JS KS 10S".split():  # seat 1 wins trick 2 and leads
        deal.play(code)
    deal.play("QS")
    with pytest.raises(IllegalPlay, match="seat 0 has no spades and must trump with hearts"):
        deal.play("AC")
    assert deal.legal() == cards("QH KH AH")


def test_hands_that_are_not_the_pack_are_refused():
    with pytest.raises(HerzblattError, match="skat"):
        HerzblattDeal.from_text(DEAL_D.replace("skat: JC JD", ""), HerzblattRules(players=2))
    hands = [cards("AH KH QH AS KS AC KC AD KD"), cards("10H JH 10S QS JS 10C QC 10D QD")]
    with pytest.raises(HerzblattError, match="every card of the french-20 pack"):
        HerzblattDeal(hands, cards("JC 9D"), HerzblattRules(players=2))
    with pytest.raises(HerzblattError, match="rules are for 3 players but 2 hands"):
        HerzblattDeal(hands, cards("JC JD"), HerzblattRules(players=3))


# --- the must-trump duties on hand-built tricks -------------------------------------------------------


def trick(hands, lead_and_plays, **kw):
    """A 3-seat trick under Herzblatt's trick rules; returns the deal after the given plays."""
    deal = TrickDeal([cards(h) for h in hands], HerzblattRules(players=3, **kw).contract, leader=0)
    for code in lead_and_plays.split():
        deal.play(code)
    return deal


def test_follow_suit_first():
    deal = trick(["AS 9C", "7S AH", "8C 9D"], "AS")
    assert deal.legal() == cards("7S")
    with pytest.raises(IllegalPlay, match="must follow spades"):
        deal.play("AH")


def test_a_player_void_in_the_led_suit_must_trump():
    deal = trick(["AS 9C", "9H AC", "8C 9D"], "AS")
    assert deal.legal() == cards("9H")
    assert set(trick(["AS 9C", "9H AC", "8C 9D"], "AS", must_trump=False).legal()) == set(cards("9H AC"))


def test_void_in_the_led_suit_and_in_trumps_may_discard_anything():
    assert set(trick(["AS 9C", "9D AC", "8C 9H"], "AS").legal()) == set(cards("9D AC"))


def test_on_a_trump_lead_beat_the_highest_trump_if_able():
    deal = trick(["QH 9C", "KH 9H", "8C 9D"], "QH")
    assert deal.legal() == cards("KH")  # ace-ten: K beats Q, 9 does not
    with pytest.raises(IllegalPlay, match="must beat the highest trump so far, QH"):
        deal.play("9H")
    # unable to beat it: any trump
    assert set(trick(["QH 9C", "JH 9H", "8C 9D"], "QH").legal()) == set(cards("JH 9H"))
    # the third player must beat the second player's trump, the highest so far
    assert trick(["QH 9C 8C", "10H 9H 8H", "KH AH 9D"], "QH 10H").legal() == cards("AH")
    # the duty is a parameter
    assert set(trick(["QH 9C", "KH 9H", "8C 9D"], "QH", must_overtrump_trump_lead=False).legal()) == \
        set(cards("KH 9H"))


def test_no_duty_to_overtrump_a_trumped_plain_suit_unless_always():
    plays = "AS KH"  # spades led, seat 1 trumps with the King
    assert set(trick(["AS 9C 8D", "KH 9D 7D", "9H AH 8C"], plays).legal()) == set(cards("9H AH"))
    always = trick(["AS 9C 8D", "KH 9D 7D", "9H AH 8C"], plays, must_overtrump_always=True)
    assert always.legal() == cards("AH")
    with pytest.raises(IllegalPlay, match="must beat the highest trump so far, KH"):
        always.play("9H")


def test_trumping_by_choice_must_still_overtrump_when_always():
    # A♦ led, seat 1 trumps with 10♥; seat 2 (A♥ K♥ Q♥ J♥ and spades) need not trump, but if he
    # trumps he must beat 10♥ (ace-ten order: only A♥ does): A♥ or a spade, never K♥ Q♥ J♥.
    hands = ["AD 9C 8C 7C 9D", "10H QC 8S 9S 7S", "AH KH QH JH AS"]
    for extra in ("KS", "10S"):
        deal = trick([*hands[:2], hands[2].replace("AS", extra)], "AD 10H",
                     must_trump=False, must_overtrump_always=True)
        assert set(deal.legal()) == set(cards(f"AH {extra}"))
        for under in ("KH", "QH", "JH"):
            assert deal.why_illegal(under) == (
                f"seat 2 need not trump, but a trump must beat the highest trump so far, 10H "
                f"(holds AH; or play {extra}): {under} is not allowed")
            with pytest.raises(IllegalPlay, match="need not trump, but a trump must beat"):
                deal.play(under)
    # no higher trump: any card, a low trump included
    deal = trick(["AD 9C", "AH 7C", "KH 9S"], "AD AH", must_trump=False, must_overtrump_always=True)
    assert set(deal.legal()) == set(cards("KH 9S"))
    # without must_overtrump_always, trumping low is allowed (KSR-HB, KSN-HB)
    deal = trick(hands, "AD 10H", must_trump=False)
    assert set(deal.legal()) == set(cards("AH KH QH JH AS"))


def test_the_solver_and_the_bots_know_that_trumping_by_choice_must_overtrump():
    from keinstich.bots.heuristic import exclusions
    from keinstich.bots.solver import best_cards

    hands = ["AD 9C 8C 7C 9D", "10H QC 8S 9S 7S", "AH KH QH JH AS"]
    deal = trick(hands, "AD 10H", must_trump=False, must_overtrump_always=True)
    assert set(best_cards(deal)) <= set(cards("AH AS"))  # the solver checks its legality against the machine's
    # seat 1 trumps the A♦ with K♥, seat 2 trumps lower with J♥: so seat 2 holds neither A♥ nor 10♥
    low = trick(["AD 9C", "KH 7C", "JH 9S"], "AD KH JH", must_trump=False, must_overtrump_always=True)
    known = exclusions(low.observation(0))[2]
    assert known & card("AH").bit and known & card("10H").bit


def test_the_highest_heart_wins_else_the_highest_card_of_the_led_suit():
    assert trick(["AS 9C", "9H AC", "10S 8C"], "AS 9H 10S").tricks[0].winner == 1
    assert trick(["KS 9C", "10S 9D", "AC 8C"], "KS 10S AC").tricks[0].winner == 1  # 10 beats K
    assert trick(["7H 9C", "AS 9D", "AC 8C"], "7H AS AC").tricks[0].winner == 0


# --- the settlement table ------------------------------------------------------------------------------

BRAUN = HerzblattRules(players=4)


@pytest.mark.parametrize(("points", "tricks", "stakes", "words"), [
    (66, 3, (-1, -1, 3, -1), "soloist 66: wins single, each defender pays 1"),
    (86, 4, (-1, -1, 3, -1), "wins single"),
    (87, 5, (-3, -3, 9, -3), "soloist 87: wins schneider (defenders 33), each defender pays 3"),
    (120, 7, (-3, -3, 9, -3), "wins schneider (defenders 0)"),
    (65, 3, (2, 2, -6, 2), "soloist 65: loses, pays each defender 2"),
    (34, 2, (2, 2, -6, 2), "loses, pays each defender 2"),
    (33, 2, (4, 4, -12, 4), "soloist 33: loses schneider, pays each defender 4"),
    (0, 0, (4, 4, -12, 4), "loses schneider (took no trick)"),
])
def test_braun_settlement_rows(points, tricks, stakes, words):
    s = settle(BRAUN, 2, points, tricks, 7)
    assert s.stakes == stakes and words in s.explanation and sum(s.stakes) == 0


def test_schwarz_counts_as_schneider_whatever_the_discards_hold():
    low = dataclasses.replace(BRAUN, schneider_threshold=20)
    assert settle(low, 0, 22, 0, 7).stakes == (-12, 4, 4, 4)  # two Aces discarded, no trick
    assert settle(low, 0, 23, 1, 7).stakes == (-6, 2, 2, 2)


def test_thresholds_and_stakes_are_parameters():
    ksn = dataclasses.replace(BRAUN, schneider_threshold=30, loss_schneider_stake=3)
    assert settle(ksn, 1, 31, 2, 7).stakes == (2, -6, 2, 2)
    assert settle(ksn, 1, 30, 2, 7).stakes == (3, -9, 3, 3)
    custom = dataclasses.replace(BRAUN, win_threshold=61, win_stake=2, win_schneider_stake=5)
    assert settle(custom, 3, 61, 3, 7).stakes == (-2, -2, -2, 6)
    assert settle(custom, 3, 90, 5, 7).stakes == (-5, -5, -5, 15)


MUHR = HerzblattRules(players=4, muhr=True)


@pytest.mark.parametrize(("points", "tricks", "call", "contra", "re", "value", "won"), [
    (61, 3, None, False, False, 1, True),     # more points than the defenders
    (60, 3, None, False, False, 1, False),    # 60-60 loses
    (87, 5, None, False, False, 2, True),     # schneider x2
    (33, 2, None, False, False, 2, False),    # lost schneider x2
    (70, 4, None, True, False, 2, True),      # contra x2
    (70, 4, None, True, True, 4, True),       # contra and re
    (66, 4, "66", False, False, 2, True),     # "66" x2
    (65, 4, "66", False, False, 2, False),    # "66" missed
    (90, 5, "66", True, True, 16, True),      # 2 x schneider 2 x contra 2 x re 2
    (120, 7, "du", False, False, 3, True),    # "du" x3, no schneider stacking by default
    (100, 6, "du", False, False, 3, False),   # one trick lost: "du" fails
    (30, 2, "du", False, False, 3, False),    # lost schneider does not stack with "du" either
    (120, 7, "du", True, True, 12, True),     # 3 x contra 2 x re 2
])
def test_muhr_multipliers(points, tricks, call, contra, re, value, won):
    s = settle(MUHR, 0, points, tricks, 7, announcement=call, contra=contra, re=re)
    assert (s.value, s.won) == (value, won)
    assert s.stakes == ((3 * value, -value, -value, -value) if won else (-3 * value, value, value, value))


def test_muhr_du_stacks_schneider_when_asked_and_the_base_is_the_win_stake():
    stacked = dataclasses.replace(MUHR, du_stacks_schneider=True)
    assert settle(stacked, 0, 120, 7, 7, announcement="du").value == 6
    assert settle(stacked, 0, 30, 2, 7, announcement="du").value == 6
    assert settle(stacked, 0, 120, 7, 7, announcement="du", contra=True, re=True).value == 24
    assert settle(dataclasses.replace(MUHR, win_stake=5), 0, 87, 5, 7, announcement="66").value == 20


def test_settle_refuses_calls_outside_muhr_and_re_without_contra():
    with pytest.raises(HerzblattError, match="Muhr's variant"):
        settle(BRAUN, 0, 70, 4, 7, announcement="66")
    with pytest.raises(HerzblattError, match="re answers a contra"):
        settle(MUHR, 0, 70, 4, 7, re=True)


# --- Muhr's calls: who may say contra --------------------------------------------------------------


def muhr_deal(**kw):
    return HerzblattDeal.from_seed(5, HerzblattRules(players=4, muhr=True, **kw), dealer=3)


def test_only_defenders_never_asked_may_say_contra():
    deal = muhr_deal()
    deal.ask(False)
    deal.ask(True)  # seat 1 plays; seats 2 and 3 were never asked
    assert deal.contra_eligible == (2, 3)
    deal.discard(*deal.hand(1)[:2])
    deal.announce("du")
    assert deal.phase == "contra" and deal.turn == 2
    with pytest.raises(HerzblattError, match="it is seat 2's turn to say contra, not seat 0's"):
        deal.contra(True, seat=0)
    deal.contra(False)
    deal.contra(True)
    assert deal.contra_by == 3 and deal.phase == "re" and deal.turn == 1
    deal.redouble(False)
    assert deal.phase == "play" and deal.turn == 0 and not deal.re


def test_no_contra_when_everyone_was_asked():
    deal = muhr_deal()
    for _ in range(3):
        deal.ask(False)
    deal.ask(True)  # the dealer, asked last
    assert deal.contra_eligible == ()
    deal.discard(*deal.hand(3)[:2])
    deal.announce(None)
    assert deal.phase == "play"
    deal = muhr_deal(all_pass="dealer_plays")
    for _ in range(4):
        deal.ask(False)
    assert deal.soloist == 3 and deal.contra_eligible == ()


def test_dealer_first_asking_lets_everyone_after_the_dealer_contra():
    deal = muhr_deal(ask_order="dealer_first")
    deal.ask(True)
    assert deal.soloist == 3 and deal.contra_eligible == (0, 1, 2)


def test_bad_announcements_are_refused():
    deal = muhr_deal()
    deal.ask(True)
    deal.discard(*deal.hand(0)[:2])
    with pytest.raises(HerzblattError, match="may announce None, '66' or 'du', not '77'"):
        deal.announce("77")
    deal.announce("DU")
    assert deal.announcement == "du"


# --- observation: nothing hidden leaks -------------------------------------------------------------


def test_only_the_soloist_sees_the_skat_and_discards():
    deal = HerzblattDeal.from_text(DEAL_D, HerzblattRules(players=2), dealer=1)
    assert deal.observation(0).skat == () and deal.observation(1).skat == ()
    deal.ask(True)
    deal.discard("JC", "JD")
    assert deal.observation(0).skat == cards("JC JD") and deal.observation(0).discards == cards("JC JD")
    assert deal.observation(1).skat == () and deal.observation(1).discards == ()
    assert deal.observation(1).hand == deal.hand(1) and deal.observation(0).legal == deal.legal()


# --- properties over seeded random deals --------------------------------------------------------------


def oracle_legal(hand, trick, r):
    """The cards allowed by docs/rules.md §4.4 with the rules' flags, worked out from scratch."""
    if not trick:
        return set(hand)
    power = {rk: len(ACE_TEN) - i for i, rk in enumerate(ACE_TEN)}
    led = trick[0].suit
    trumps_played = [c for c in trick if c.suit is Suit.HEARTS]
    best = max((power[c.rank] for c in trumps_played), default=0)
    follow = [c for c in hand if c.suit is led]
    trumps = [c for c in hand if c.suit is Suit.HEARTS]
    higher = [c for c in trumps if power[c.rank] > best]
    if follow:
        if led is Suit.HEARTS and (r.must_overtrump_trump_lead or r.must_overtrump_always) and higher:
            return set(higher)
        return set(follow)
    if trumps and r.must_trump:
        if r.must_overtrump_always and trumps_played and higher:
            return set(higher)
        return set(trumps)
    if trumps and r.must_overtrump_always and trumps_played and higher:
        return set(hand) - set(trumps) | set(higher)  # trumping is a choice, but it must overtrump
    return set(hand)


def oracle_winner(t):
    power = {rk: len(ACE_TEN) - i for i, rk in enumerate(ACE_TEN)}
    hearts = [i for i, c in enumerate(t.cards) if c.suit is Suit.HEARTS]
    pool = hearts or [i for i, c in enumerate(t.cards) if c.suit is t.cards[0].suit]
    best = max(pool, key=lambda i: power[t.cards[i].rank])
    return (t.leader + best) % len(t.cards)


def oracle_stakes(r, soloist, points, won_tricks, total):
    """Braun's table (docs/rules.md §4.5) from scratch: what each defender pays the soloist."""
    n = r.players
    if points >= r.win_threshold:
        each = r.win_schneider_stake if (120 - points <= r.schneider_threshold or won_tricks == total) \
            else r.win_stake
    else:
        each = -(r.loss_schneider_stake if points <= r.schneider_threshold or won_tricks == 0 else r.loss_stake)
    return tuple(each * (n - 1) if s == soloist else -each for s in range(n))


VARIANTS = [*PRESETS.values(),
            HerzblattRules(players=3, must_overtrump_always=True),
            HerzblattRules(players=5, must_overtrump_trump_lead=False, must_trump=False),
            HerzblattRules(players=4, must_trump=False, must_overtrump_always=True),
            HerzblattRules(players=4, muhr=True, du_stacks_schneider=True, ask_order="dealer_first")]


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 4))
def test_random_deals_follow_the_rules_and_settle_zero_sum(r, seed, dealer):
    rng = random.Random(seed)
    deal = HerzblattDeal.from_seed(seed, r, dealer=dealer % r.players)
    policy = random_policy(rng, play_chance=0.5, announce_chance=0.4, contra_chance=0.5)
    while not deal.is_over:
        if deal.phase == "play":
            seat = deal.turn
            current = [c for _, c in deal.trick_deal.trick]
            assert set(deal.legal()) == oracle_legal(deal.hand(seat), current, r)
        deal.play(policy(deal.observation(deal.turn)))
    s = deal.settlement()
    assert sum(s.stakes) == 0
    if deal.outcome == "redeal":
        assert s.stakes == (0,) * r.players and r.all_pass == "redeal"
        return
    tricks = deal.tricks
    assert len(tricks) == r.hand_size
    assert all(t.winner == oracle_winner(t) for t in tricks)
    pts = deal.card_points()
    assert sum(pts) == 120
    solo = deal.soloist
    assert pts[solo] == hand_points([c for t in tricks if t.winner == solo for c in t.cards] + list(deal.discards))
    won_tricks = sum(1 for t in tricks if t.winner == solo)
    if not r.muhr:
        assert s.stakes == oracle_stakes(r, solo, pts[solo], won_tricks, len(tricks))
    else:
        assert s.won == (won_tricks == len(tricks) if deal.announcement == "du"
                         else pts[solo] >= 66 if deal.announcement == "66" else pts[solo] > 60)
        assert s.value in {r.win_stake * f * 2**k for f in (1, 2, 3) for k in range(4)}
        assert abs(s.stakes[solo]) == s.value * (r.players - 1)
    if r.muhr and deal.contra_by is not None:
        assert deal.contra_by in deal.contra_eligible
        assert deal.asking_order.index(deal.contra_by) > deal.asking_order.index(solo)


def test_a_session_rotates_the_dealer_and_nets_to_zero():
    p = HerzblattPartie(HerzblattRules(players=3), seed=11, deals=6).play()
    assert [d.dealer for d in p.deals] == [2, 0, 1, 2, 0, 1]
    assert sum(p.totals) == 0 and len(p.settlements) == 6
    again = HerzblattPartie(HerzblattRules(players=3), seed=11, deals=6).play()
    assert again.totals == p.totals
    assert [d.dealt for d in again.deals] == [d.dealt for d in p.deals]
    with pytest.raises(HerzblattError, match="session is over"):
        p.play_deal()


def test_a_session_with_custom_policies():
    def always_play_lowest(obs):
        if obs.phase == "asking":
            return Ask(True)
        if obs.phase == "discard":
            return Discard(*obs.hand[:2])
        return obs.legal[0]

    p = HerzblattPartie(HerzblattRules(players=2), seed=4, policies=[always_play_lowest] * 2, deals=4).play()
    assert all(d.soloist == d.forehand for d in p.deals)  # forehand is asked first and always plays
    assert sum(p.totals) == 0


def test_play_deal_drives_a_deal_with_the_policies():
    deal = HerzblattDeal.from_seed(9, HerzblattRules(players=5))
    pols = [random_policy(random.Random(s), play_chance=1.0) for s in range(5)]
    s = play_deal(deal, pols)
    assert deal.soloist == 0 and deal.is_over and s.soloist == 0 and sum(s.stakes) == 0

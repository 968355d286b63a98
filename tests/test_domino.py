"""The lay-off deals: Unteransetzen rows (docs/rules.md §2.6), Herzeln's chain (§3.3), payouts (§2.7).

Hand-built deals are small packs typed in by hand: the pack in use is whatever was dealt, so a
dozen cards make a full deal whose every move can be worked out on paper.
"""

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import Rank, Suit, card, cards, packs_for
from keinstich.layoff import (
    DOMINO,
    DOMINO_ANY,
    DOMINO_HEARTS,
    DOMINO_LEAVES,
    HERZELN_DOMINO,
    DominoContract,
    DominoDeal,
    DominoError,
    DominoRules,
    domino_contract,
    herzeln_domino,
    payout_shares,
)
from keinstich.tricks import IllegalPlay


def C(text):
    return set(cards(text))


def snapshot(d):
    return (d.lay_history, d.hands, d.turn, d.layout, d.fees(), d.finish_order, d.legal(), d.can_pass())


def refused(d, move, seat=None, match="", end=None):
    """Assert ``move`` is refused with a message containing ``match`` and nothing changes."""
    before = snapshot(d)
    reason = d.why_illegal(move, seat, end=end)
    assert reason is not None and match in reason, reason
    with pytest.raises(IllegalPlay) as err:
        d.play(move, seat, end=end)
    assert str(err.value) == reason
    assert snapshot(d) == before


# --- Kein Stich rows: a whole deal worked out by hand ------------------------------------------

WALKTHROUGH = [cards("QC 9H 10C"), cards("KC JH AC"), cards("JC QH 9C"), cards("10H KH 8C")]


def test_the_unter_of_acorns_starts_whoever_is_forehand():
    d = DominoDeal(WALKTHROUGH, DOMINO, leader=0)
    assert d.turn == 2 and d.first_leader == 2 and d.forehand == 0
    assert d.legal() == (card("JC"),)
    assert not d.can_pass()
    refused(d, "QH", match="seat 2 must lay JC first: the Unter of Acorns starts the lay-off")
    refused(d, None, match="seat 2 must lay JC first: the Unter of Acorns starts the lay-off")
    refused(d, "QC", seat=0, match="it is seat 2's turn, not seat 0's")
    refused(d, "9H", match="seat 2 does not hold 9H")


def test_a_whole_rows_deal_with_compulsion_passing_and_dropping_out():
    d = DominoDeal(WALKTHROUGH, domino_contract("acorns", pass_fee=5), leader=0)
    d.play("JC", 2)
    # seat 3 (10H KH 8C): only QC, 10C and the other Unters fit, so he must pass
    assert d.turn == 3 and d.legal() == () and d.can_pass()
    refused(d, "8C", match="seat 3 cannot lay 8C: it does not join a row (acorns runs JC–JC); "
                           "seat 3 has no card that fits and must pass")
    refused(d, "10H", match="(hearts has not started: JH starts it)")
    d.play(None, 3)
    assert d.turn == 0 and set(d.legal()) == C("10C QC")
    refused(d, None, match="seat 0 can play (10C, QC) and may not pass")
    refused(d, "9H", match="seat 0 cannot lay 9H: it does not join a row")
    d.play("10C", 0)
    assert set(d.legal()) == C("JH")  # KC waits for QC; another Unter may come at any turn
    d.play("JH", 1)
    assert set(d.legal()) == C("QH 9C")
    d.play("9C", 2)
    assert set(d.legal()) == C("10H 8C")
    d.play("8C", 3)
    refused(d, "9H", match="seat 0 cannot lay 9H: it does not join a row (hearts runs JH–JH)")
    d.play("QC", 0)
    d.play("KC", 1)
    d.play("QH", 2)
    assert d.finish_order == (2,)  # seat 2 is out
    assert d.turn == 3 and set(d.legal()) == C("10H KH")
    d.play("KH", 3)
    assert d.turn == 0 and d.legal() == ()
    d.play("pass", 0)
    assert d.turn == 1  # seat 2 is skipped from now on
    d.play("AC", 1)
    assert d.turn == 3  # seat 2 is out, so seat 3 follows seat 1
    d.play("10H", 3)
    assert d.is_over and d.turn is None
    assert d.finish_order == (2, 1, 3, 0)
    assert d.hand(0) == (card("9H"),)
    assert d.layout == {Suit.CLUBS: tuple(cards("8C 9C 10C JC QC KC AC")),
                        Suit.HEARTS: tuple(cards("10H JH QH KH"))}
    assert d.passes() == (1, 0, 0, 1) and d.fees() == (5, 0, 0, 5)
    refused(d, "9H", match="the deal is over: the seats went out in the order 2, 1, 3, 0")
    assert d.scores(160) == (0, 50, 100, 10)


def test_from_seed_makes_seat_0_forehand_unless_told():
    assert DominoDeal.from_seed("german-32", 4, 1, DOMINO_ANY).turn == 0
    assert DominoDeal.from_seed("german-32", 4, 1, DOMINO_ANY, dealer=1).turn == 2
    d = DominoDeal.from_seed("german-32", 4, 1)
    assert card("JC") in d.hand(d.turn)
    with pytest.raises(DominoError, match="not over yet"):
        d.scores(160)
    d.playout(random.Random(5))
    with pytest.raises(DominoError, match="pays out the pot: call scores"):
        d.scores()
    assert sorted(d.scores(160)) == [0, 10, 50, 100]


def test_passing_is_free_by_default():
    d = DominoDeal(WALKTHROUGH)
    d.play("JC")
    d.play(None)
    assert d.fees() == (0, 0, 0, 0) and d.passes() == (0, 0, 0, 1)


FOUR_UNTERS = [cards("JD 9S"), cards("JS QC"), cards("JH 10D"), cards("JC QH")]


@pytest.mark.parametrize(("start", "holder", "message"), [
    ("acorns", 3, "seat 3 must lay JC first: the Unter of Acorns starts"),
    ("leaves", 1, "seat 1 must lay JS first: the Unter of Leaves starts"),
    ("hearts", 2, "seat 2 must lay JH first: the Unter of Hearts starts"),
    ("bells", 0, "seat 0 must lay JD first: the Unter of Bells starts"),
])
@pytest.mark.parametrize("leader", [0, 2])
def test_each_fixed_start_is_laid_first_by_its_holder(start, holder, message, leader):
    d = DominoDeal(FOUR_UNTERS, domino_contract(start), leader=leader)
    assert d.turn == d.first_leader == holder
    first = d.rules.start_card
    assert d.legal() == (first,)
    other = next(c for c in d.hand(holder) if c is not first)
    refused(d, other, match=message)
    d.play(first)
    assert d.turn == (holder + 1) % 4  # then clockwise from the player who led
    # every other Unter may now be laid at any turn
    assert {c for c in d.hand(d.turn) if c.rank is Rank.JACK} <= set(d.legal())


def test_contract_instances_match_their_starts():
    assert DOMINO.rules.start_card == card("JC") and DOMINO.points is None
    assert DOMINO_HEARTS.rules.start == "hearts" and domino_contract("hearts") is DOMINO_HEARTS
    assert DOMINO_LEAVES.rules.start_card == card("JS")
    assert domino_contract("bells").rules.start_card == card("JD")
    assert DOMINO_ANY.rules.start_card is None
    assert domino_contract("any", voluntary_pass=True).rules.voluntary_pass
    with pytest.raises(DominoError, match="unknown start 'diamonds'"):
        domino_contract("diamonds")


def test_any_unter_start_forehand_passes_without_one():
    hands = [cards("QS QH 9C"), cards("9H 10S QC"), cards("JS JH 10C"), cards("JC 10H KS")]
    d = DominoDeal(hands, DOMINO_ANY, leader=1)
    assert d.turn == 1 and d.first_leader == 1
    assert d.legal() == () and d.can_pass()
    refused(d, "9C", seat=0, match="it is seat 1's turn, not seat 0's")
    refused(d, "QC", match="seat 1 cannot lay QC: the lay-off starts with an Unter (a Jack); "
                           "seat 1 has no card that fits and must pass")
    d.play(None)
    assert d.turn == 2 and set(d.legal()) == C("JS JH")
    refused(d, None, match="seat 2 can play (JS, JH) and may not pass")
    d.play("JH")
    assert set(d.legal()) == C("JC 10H")  # another Unter, or the card below JH
    d.play("JC")
    assert set(d.legal()) == C("QH")  # seat 0: QS waits for JS, 9C for 10C
    d.play("QH")
    assert set(d.legal()) == C("QC")
    d.play("QC")
    assert set(d.legal()) == C("JS 10C")
    d.play("JS")
    d.play("10H")
    d.play("QS")
    assert set(d.legal()) == C("9H 10S")
    d.play("9H")
    d.play("10C")
    d.play("KS")
    d.play("9C")
    assert d.is_over and d.finish_order == (2, 3, 0, 1) and d.hand(1) == (card("10S"),)
    assert d.layout == {Suit.CLUBS: tuple(cards("9C 10C JC QC")), Suit.SPADES: tuple(cards("JS QS KS")),
                        Suit.HEARTS: tuple(cards("9H 10H JH QH"))}
    assert d.passes() == (0, 1, 0, 0)


def test_a_missing_middle_card_is_passed_over():
    # QH is not dealt: the hearts row goes from JH straight to KH (our rule, docs/rules.md §2.6 is silent)
    d = DominoDeal([cards("JC JH"), cards("KH 9C")], DOMINO_ANY, leader=0)
    d.play("JH")
    assert d.legal() == (card("KH"),)
    d.play("KH")
    assert set(d.frontier) == C("JC")  # KH is the top of the hearts row; 9C waits for 10C (missing too)
    d.play("JC")
    assert d.is_over and d.finish_order == (0, 1)


def test_rows_end_at_the_lowest_card_dealt():
    # the pack in use is german-24 clubs and hearts: no 7s or 8s, so 9C ends the acorns row
    hands = [cards("JC 9C AH"), cards("10C QH KC"), cards("QC JH 9H"), cards("AC KH 10H")]
    d = DominoDeal(hands, DOMINO, leader=0)
    d.play("JC")
    d.play("10C")
    d.play("JH")
    d.play("10H")
    d.play("9C")
    assert d.rows[Suit.CLUBS] == tuple(cards("9C 10C JC"))
    assert set(d.frontier) == C("QC QH 9H")  # nothing below 9C, even though 8C exists elsewhere
    refused(d, "8C", match="seat 1 does not hold 8C (it is not in play in this deal)")
    d.play("QH")
    d.play("9H")
    refused(d, "10C", match="seat 3 does not hold 10C (it is already laid)")


# --- Herzeln: the single wrapping chain ------------------------------------------------------------

# 24-card ranks (9 J Q K 10 A) in two suits: the cycle is J → Q → K → 10 → A → 9 → J
CHAIN_HANDS = [cards("9C KH AC QC"), cards("JH 10C 9H KC"), cards("JC QH AH 10H")]


def chain_to_the_fork():
    d = DominoDeal(CHAIN_HANDS, herzeln_domino(3), leader=0)
    refused(d, "9C", match="seat 0 cannot lay 9C: the chain starts with an Unter; "
                           "seat 0 has no card that fits and must pass")
    d.play(None)
    assert d.legal() == (card("JH"),)
    refused(d, None, match="seat 1 can play (JH) and may not pass")
    d.play("JH")
    assert d.legal() == (card("QH"),)  # a Queen above, a Nine below; no Jack opens a second chain
    d.play("QH")
    refused(d, "AC", match="seat 0 cannot lay AC: it does not join the chain "
                           "(it runs JH…QH: a K fits above QH, a 9 below JH); seat 0 can lay 9C, KH")
    d.play("KH")
    assert set(d.legal()) == C("10C 9H")
    d.play("9H")
    assert set(d.legal()) == C("AH 10H")
    assert d.ends("AH") == ("bottom",)  # the Ace turns the corner below the Nine
    d.play("AH")
    assert d.chain == tuple(cards("AH 9H JH QH KH"))
    assert d.legal() == () and d.can_pass()  # seat 0 needs a Ten: both ends want one
    refused(d, "9C", match="seat 0 cannot lay 9C: it does not join the chain "
                           "(it runs AH…KH: only a 10 fits, at either end); seat 0 has no card that fits")
    d.play(None)
    assert d.ends("10C") == ("top", "bottom")
    return d


def test_the_chain_mixes_suits_and_turns_the_corner():
    d = chain_to_the_fork()
    d.play("10C", end="bottom")
    assert d.chain == tuple(cards("10C AH 9H JH QH KH"))
    assert set(d.frontier) == C("10H KC")  # a 10 above KH, a K below 10C
    d.play("10H")
    assert d.chain[-1] == card("10H")
    d.play("AC")  # an Ace above the Ten
    d.play("KC")
    assert d.finish_order == (1,)
    assert d.legal() == ()  # seat 2 holds JC; the ends want a 9 (above AC) or a Q (below KC)
    d.play(None)
    assert set(d.legal()) == C("9C QC")
    d.play("9C")  # the Nine turns the corner above the Ace
    d.play("JC")
    assert d.is_over and d.finish_order == (1, 2, 0)
    assert d.chain == tuple(cards("KC 10C AH 9H JH QH KH 10H AC 9C JC"))
    assert d.scores() == (-20, 0, -10)
    assert [e for _, _, e in d.lay_history] == [
        None, None, "top", "top", "bottom", "bottom", None, "bottom", "top", "top", "bottom", None, "top", "top"]


def test_the_end_chosen_for_a_card_that_fits_both_matters():
    d = chain_to_the_fork()
    other = d.copy()
    d.play("10C", end="bottom")
    other.play("10C", end="top")
    assert other.chain == tuple(cards("AH 9H JH QH KH 10C"))
    assert set(other.frontier) == C("AC 10H")  # an A above 10C, a 10 below AH
    assert set(d.frontier) == C("10H KC")
    default = chain_to_the_fork()
    default.play("10C")
    assert default.chain == other.chain  # the top unless asked


def test_an_end_the_card_does_not_fit_is_refused():
    d = DominoDeal(CHAIN_HANDS, herzeln_domino(3), leader=1)
    d.play("JH")
    d.play("QH")
    refused(d, "KH", end="bottom", match="seat 0 cannot lay KH at the bottom: it fits only at the top")
    refused(d, "KH", end="middle", match="end must be 'top' or 'bottom'")
    d.play("KH", end="top")


# 32-card ranks in clubs and hearts: ace-ten cycle J Q K 10 A 7 8 9, natural 7 8 9 10 J Q K A
CHAIN_32 = [cards("JC 8H 9H AH"), cards("QC 7C 10H QH"), cards("KC JH 8C KH"), cards("10C AC 7H 9C")]


def test_the_ace_ten_chain_goes_from_the_ace_to_the_seven():
    d = DominoDeal(CHAIN_32, HERZELN_DOMINO, leader=0)
    assert d.legal() == (card("JC"),)
    d.play("JC")
    assert set(d.legal()) == C("QC QH")
    d.play("QC")
    assert set(d.legal()) == C("KC KH")
    d.play("KH")
    assert set(d.legal()) == C("10C 9C")  # the Ten follows the King
    d.play("10C")
    assert set(d.legal()) == C("9H AH")
    d.play("AH")
    assert d.legal() == (card("7C"),)  # round the corner: the Seven follows the Ace
    d.play("7C")
    assert d.legal() == (card("8C"),)
    d.play("8C")
    assert d.legal() == (card("9C"),) and d.ends("9C") == ("top", "bottom")
    d.play("9C", end="bottom")
    assert set(d.legal()) == C("8H 9H")  # an 8 below 9C, a 9 above 8C
    assert HERZELN_DOMINO.score((2, 0, 3, 1)) == (-10, -30, 0, -20)


def test_the_natural_order_chain():
    d = DominoDeal(CHAIN_32, herzeln_domino(4, order="natural"), leader=0)
    d.play("JC")
    assert set(d.legal()) == C("QC QH 10H")  # a Queen above, a Ten below the Jack
    d.play("QC")
    d.play("KH")
    assert set(d.legal()) == C("10C AC")  # the Ace above the King, the Ten below the Jack
    d.play("AC")
    assert d.legal() == ()
    d.play(None)
    assert set(d.frontier) == C("7H 7C 10C 10H")  # round the corner: the Seven above the Ace


# --- Herzeln by suit: rows that wrap round -----------------------------------------------------------

ROWS_32 = [cards("JC 10C 9C 8H"), cards("QC AC JH 7H"), cards("KC 7C QH 9H"), cards("8C KH 10H AH")]


def test_herzeln_rows_wrap_round_the_corner():
    contract = herzeln_domino(4, layout="rows")
    assert contract.rules.wrap and contract.rules.order == "ace-ten" and contract.rules.start == "any"
    d = DominoDeal(ROWS_32, contract, leader=0)
    assert set(d.legal()) == C("JC")
    d.play("JC")
    assert set(d.legal()) == C("QC JH")
    d.play("QC")
    assert set(d.legal()) == C("KC")
    d.play("KC")
    assert d.legal() == ()  # seat 3: 8C KH 10H AH, and hearts has not started
    d.play(None)
    assert set(d.legal()) == C("10C 9C")  # the Ten above the King, the Nine below the Jack
    d.play("10C")
    assert set(d.legal()) == C("AC JH")
    d.play("AC")
    assert set(d.legal()) == C("7C")  # the Seven above the Ace: the row turns the corner
    d.play("7C")
    assert d.rows[Suit.CLUBS] == tuple(cards("JC QC KC 10C AC 7C"))
    assert set(d.frontier) == C("8C 9C JH")  # 8C above 7C, 9C below JC, and the other Unter


def test_kein_stich_rows_do_not_wrap():
    d = DominoDeal(ROWS_32, DOMINO_ANY, leader=0)
    for c in ("JC", "QC", "KC"):
        d.play(c)
    assert d.legal() == ()
    d.play(None)  # seat 3: 8C waits
    assert set(d.legal()) == C("10C")  # natural order: 10 below J, A above K
    d.play("10C")
    d.play("AC")
    assert d.rows[Suit.CLUBS] == tuple(cards("10C JC QC KC AC"))
    assert set(d.frontier) == C("9C JH")  # nothing above the Ace


# --- voluntary passing, undo, copy, observation --------------------------------------------------------


def test_voluntary_pass_lets_a_player_wait_but_not_hold_back_the_start():
    d = DominoDeal(WALKTHROUGH, domino_contract("acorns", voluntary_pass=True, pass_fee=10))
    refused(d, None, match="seat 2 must lay JC first")
    d.play("JC")
    d.play(None)
    assert d.legal() and d.can_pass()
    d.play(None)  # seat 0 could lay 10C or QC, and waits
    assert d.fees() == (10, 0, 0, 10)
    assert d.moves() == (card("JH"), None)


def test_undo_and_copy_restore_the_state():
    d = DominoDeal(WALKTHROUGH, domino_contract("acorns", pass_fee=5))
    with pytest.raises(IllegalPlay, match="nothing to undo"):
        d.undo()
    d.play("JC")
    before = snapshot(d)
    twin = d.copy()
    d.play(None)
    d.play("10C")
    assert d.undo() == (0, card("10C"))
    assert d.undo() == (3, None)
    assert snapshot(d) == before == snapshot(twin)
    twin.play(None)
    assert snapshot(d) == before  # the copy is independent


def test_observation_shows_only_the_seats_own_hand():
    d = DominoDeal(WALKTHROUGH)
    d.play("JC")
    d.play(None)
    o = d.observation(1)
    assert o.hand == d.hand(1) and o.legal == () and not o.can_pass and o.turn == 0
    assert o.hand_sizes == (3, 3, 2, 3) and o.plays == ((2, card("JC")), (3, None))
    assert o.layout == d.layout
    assert set(o.unseen) == set(d.hand(0) + d.hand(2) + d.hand(3))
    mine = d.observation(0)
    assert mine.legal == d.legal() and not mine.can_pass
    hidden = set(d.hand(0) + d.hand(2) + d.hand(3))
    for name in ("hand", "legal", "plays", "layout"):
        value = getattr(o, name)
        seen = value.values() if isinstance(value, dict) else [value]
        flat = {x for v in seen for x in _cards_in(v)}
        assert not flat & hidden, name
    with pytest.raises(DominoError, match="seat must be a seat from 0 to 3"):
        d.observation(4)


def _cards_in(value):
    if isinstance(value, tuple):
        for v in value:
            yield from _cards_in(v)
    elif value is not None and not isinstance(value, int):
        yield value


def test_layout_text_shows_rows_and_chain():
    d = DominoDeal(WALKTHROUGH)
    d.play("JC")
    d.play(None)
    d.play("10C")
    text = d.layout_text()
    assert text == "Acorns: 10, Unter\nHearts: (not started; its Unter starts it)"  # a German pack's words
    french = DominoDeal(WALKTHROUGH, style="french")
    for move in ("JC", None, "10C"):
        french.play(move)
    assert "10C JC" in french.layout_text() and "JH starts it" in french.layout_text()
    assert "seat 1 to move" in str(d)
    c = chain_to_the_fork()
    assert c.layout_text() == "chain: Daus of Hearts, 9 of Hearts, Unter of Hearts, Ober of Hearts, König of Hearts"
    assert "chain" in c._repr_html_() and "DominoDeal" in repr(c)


@pytest.mark.parametrize(("hands", "contract", "message"), [
    ([cards("QC 9H"), cards("KC JH")], DOMINO, "JC (Unter of Acorns) must start the lay-off but is not in any hand"),
    ([cards("JC 9H"), cards("KC QC")], DOMINO, "the hearts row can never start: JH"),
    ([cards("QC 9H"), cards("KC QH")], HERZELN_DOMINO, "no Jack was dealt"),
    ([cards("JC 9H"), cards("JC QC")], DOMINO, "a card appears twice"),
    ([cards("JC 9H"), cards("QC")], DOMINO, "same number of cards"),
    ([cards("JC 9H")], DOMINO, "at least 2 hands"),
])
def test_impossible_deals_are_refused(hands, contract, message):
    with pytest.raises(DominoError, match=re.escape(message)):
        DominoDeal(hands, contract)


def test_rules_are_checked_and_the_chain_always_starts_with_any_jack_and_wraps():
    with pytest.raises(DominoError, match="unknown layout"):
        DominoRules(layout="grid")  # type: ignore[arg-type]
    with pytest.raises(DominoError, match="unknown start"):
        DominoRules(start="spades")  # type: ignore[arg-type]
    with pytest.raises(DominoError, match="pass_fee"):
        DominoRules(pass_fee=-5)
    with pytest.raises(ValueError, match="unknown rank order"):
        DominoRules(order="reverse")  # type: ignore[arg-type]
    chain = DominoRules(layout="chain")
    assert chain.start == "any" and chain.wrap
    assert herzeln_domino(3).points == (0, -10, -20) and HERZELN_DOMINO.points == (0, -10, -20, -30)
    assert herzeln_domino(4, layout="rows", order="natural").id == "herzeln-domino-rows-natural"
    assert HERZELN_DOMINO.score((0, 1, 2)) == (0, -10, -20)  # 3 players use the first places
    with pytest.raises(DominoError, match="pays out the pot"):
        DOMINO.score((0, 1, 2, 3))
    assert "per pass" in domino_contract(pass_fee=5).describe()
    assert isinstance(DOMINO, DominoContract)


# --- payout shares (docs/rules.md §2.7) ---------------------------------------------------------------------


@pytest.mark.parametrize(("pot", "players", "expected"), [
    (160, 4, (100, 50, 10, 0)),
    (120, 4, (75, 40, 5, 0)),
    (200, 4, (125, 65, 10, 0)),
    (150, 3, (100, 50, 0)),
    (170, 3, (115, 55, 0)),  # 3p/30: 113.3 and 56.7 round to 115 and 55 in whole stakes
    (195, 5, (120, 60, 15, 0, 0)),  # 5p/50: 121.9, 60.9, 12.2 → 24, 12, 3 stakes (39 in all)
])
def test_payout_shares_by_place(pot, players, expected):
    assert payout_shares(pot, tuple(range(players))) == expected


def test_payout_shares_are_paid_by_seat():
    assert payout_shares(160, (2, 0, 3, 1)) == (50, 0, 100, 10)
    assert payout_shares(120, (3, 1, 0, 2)) == (5, 40, 0, 75)
    assert payout_shares(100, (1, 0), weights=(3, 1), unit=1) == (25, 75)


def test_payout_ties_go_to_the_better_finisher():
    # 2 stakes of 5 between equal weights: one each; 3 stakes: the extra one to first place
    assert payout_shares(15, (0, 1), weights=(1, 1)) == (10, 5)
    assert payout_shares(15, (1, 0), weights=(1, 1)) == (5, 10)


@pytest.mark.parametrize(("args", "message"), [
    ((160, (0, 1, 1, 3)), "every seat 0…3 once"),
    ((163, (0, 1, 2, 3)), "whole number of units of 5"),
    ((160, (0, 1, 2, 3), (1, 2)), "weights must be 4 numbers"),
    ((160, tuple(range(7))), "no default payout weights for 7 players"),
])
def test_payout_refusals(args, message):
    with pytest.raises(DominoError, match=message):
        payout_shares(*args)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 200), st.permutations(range(5)),
       st.lists(st.integers(0, 100), min_size=5, max_size=5).filter(lambda w: sum(w) > 0))
def test_payout_shares_sum_to_the_pot_and_stay_within_a_stake(stakes, order, weights):
    pot = 5 * stakes
    shares = payout_shares(pot, order, weights)
    assert sum(shares) == pot
    for place, seat in enumerate(order):
        exact = pot * weights[place] / sum(weights)
        assert shares[seat] % 5 == 0 and abs(shares[seat] - exact) < 5
    for a in range(5):
        for b in range(5):
            if weights[a] > weights[b]:
                assert shares[order[a]] >= shares[order[b]]


# --- properties over many random deals ------------------------------------------------------------------

PACKS = ["german-24", "german-32", "german-30", "french-52", "french-50", "french-48", "french-24"]
CONFIGS = [(p, n) for p in PACKS for n in range(3, 7) if p in packs_for(n)]
RULESETS = [
    DOMINO.rules, DOMINO_HEARTS.rules, DOMINO_LEAVES.rules, domino_contract("bells").rules, DOMINO_ANY.rules,
    herzeln_domino(4, layout="rows").rules, herzeln_domino(4, layout="rows", order="natural").rules,
    HERZELN_DOMINO.rules, herzeln_domino(4, order="natural").rules,
    DominoRules(start="any", voluntary_pass=True, pass_fee=5),
]
ORDER_LOW_TO_HIGH = {
    "natural": [Rank(r) for r in range(2, 15)],
    "ace-ten": [Rank(r) for r in range(2, 10)] + [Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE],
}


def test_every_pack_and_player_count_is_covered():
    assert {p for p, _ in CONFIGS} == set(PACKS) and {n for _, n in CONFIGS} == {3, 4, 5, 6}


class Oracle:
    """An independent statement of the layout rules, from the open table alone."""

    def __init__(self, d):
        self.rules = d.rules
        self.in_play = {c for h in d.dealt for c in h}
        self.cycle = [r for r in ORDER_LOW_TO_HIGH[d.rules.order] if any(c.rank is r for c in self.in_play)]
        self.runs = {s: [c for r in ORDER_LOW_TO_HIGH[d.rules.order] for c in self.in_play
                         if c.suit is s and c.rank is r] for s in Suit}

    def suit_run(self, s):
        return self.runs[s]

    def fitting(self, d):
        """Every card not yet laid that fits the layout now."""
        laid = {c for _, c in d.plays if c is not None}
        out = self.in_play - laid
        if self.rules.layout == "chain":
            chain = d.layout
            if not chain:
                return {c for c in out if c.rank is Rank.JACK}
            k = len(self.cycle)
            up = self.cycle.index(chain[-1].rank)
            down = self.cycle.index(chain[0].rank)
            up = next(self.cycle[(up + i) % k] for i in range(1, k + 1)
                      if any(c.rank is self.cycle[(up + i) % k] for c in out))
            down = next(self.cycle[(down - i) % k] for i in range(1, k + 1)
                        if any(c.rank is self.cycle[(down - i) % k] for c in out))
            return {c for c in out if c.rank in (up, down)}
        if not laid:
            first = self.rules.start_card
            return {first} if first else {c for c in out if c.rank is Rank.JACK}
        fits = set()
        for s, row in d.layout.items():
            run = self.suit_run(s)
            if not row:
                fits.add(card(f"J{s.code}"))
                continue
            k = len(run)
            lo, hi = run.index(row[0]), run.index(row[-1])
            if len(row) < k:
                if self.rules.wrap or hi + 1 < k:
                    fits.add(run[(hi + 1) % k])
                if self.rules.wrap or lo > 0:
                    fits.add(run[(lo - 1) % k])
        return fits & out

    def check_layout(self, d):
        """Rows: each a contiguous run of its suit through the Unter; chain: neighbours in the cycle."""
        if self.rules.layout == "chain":
            chain = list(d.layout)
            uniform = len({sum(1 for c in self.in_play if c.rank is r) for r in self.cycle}) == 1
            k = len(self.cycle)
            for a, b in itertools.pairwise(chain):
                i, j = self.cycle.index(a.rank), self.cycle.index(b.rank)
                between = [self.cycle[(i + t) % k] for t in range(1, (j - i) % k or k)]
                if uniform:
                    assert not between, (a, b)
                for r in between:  # a skipped rank has no card left to lay
                    assert all(c in chain for c in self.in_play if c.rank is r), (a, b, r)
            return
        for s, row in d.layout.items():
            if not row:
                continue
            run = self.suit_run(s)
            k = len(run)
            start = run.index(row[0])
            assert list(row) == [run[(start + i) % k] for i in range(len(row))], row
            if not self.rules.wrap:
                assert start + len(row) <= k
            assert card(f"J{s.code}") in row


def play_checked(d, rng, probe=False):
    """Play to the end through the public API, checking legal() against the oracle at every move."""
    oracle = Oracle(d)
    for _ in range(10_000):
        if d.is_over:
            break
        s = d.turn
        expected = oracle.fitting(d) & set(d.hand(s))
        assert set(d.legal()) == expected
        voluntary = d.rules.voluntary_pass and (d.rules.start_card is None or d.started)
        assert d.can_pass() == (not expected or voluntary)
        moves = d.moves()
        if probe:
            wrong = [c for c in d.hand(s) if c not in expected]
            if wrong:
                refused(d, rng.choice(wrong))
            if expected and not d.can_pass():
                opening = d.rules.start_card is not None and not d.started
                starter = "Unter" if d.style == "german" else "Jack"  # the pack's names (from_seed)
                refused(d, None, match=f"first: the {starter} of" if opening else "may not pass")
            refused(d, next(iter(expected), d.hand(s)[0]), seat=(s + 1) % d.players, match="turn")
        move = rng.choice(moves)
        end = None
        if move is not None and d.ends(move) == ("top", "bottom"):
            end = rng.choice(["top", "bottom"])
        d.play(move, s, end=end)
        oracle.check_layout(d)
    else:
        raise AssertionError(f"no end after 10,000 moves: {d!r}")
    check_finished(d)


def check_finished(d):
    assert d.is_over
    order = d.finish_order
    assert sorted(order) == list(range(d.players))
    last = order[-1]
    laid = [c for _, c in d.plays if c is not None]
    assert len(laid) == len(set(laid))
    assert set(laid) | set(d.hand(last)) == {c for h in d.dealt for c in h}
    assert not set(laid) & set(d.hand(last)) and d.hand(last)
    assert all(not d.hand(s) for s in order[:-1])
    # seats went out in the order they laid their last card
    out = [s for i, (s, c) in enumerate(d.plays)
           if s != last and c is not None and not any(t == s for t, _ in d.plays[i + 1:])]
    assert tuple(out) == order[:-1]
    assert d.fees() == tuple(d.rules.pass_fee * sum(1 for t, c in d.plays if t == s and c is None)
                             for s in range(d.players))


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(st.sampled_from(CONFIGS), st.sampled_from(RULESETS), st.integers(0, 2**31), st.booleans())
def test_random_deals_through_the_public_api(config, rules, seed, probe):
    p, n = config
    rng = random.Random(seed)
    d = DominoDeal.from_seed(p, n, seed, rules=rules, dealer=rng.randrange(n))
    play_checked(d, rng, probe=probe and seed % 4 == 0)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.describe())
def test_thousands_of_fast_playouts_replay_legally(rules):
    rng = random.Random(2024)
    for i in range(300):
        p, n = CONFIGS[i % len(CONFIGS)]
        d = DominoDeal.from_seed(p, n, f"{rules.describe()}:{i}", rules=rules, dealer=i % n)
        twin = d.copy()
        order = d.playout(rng)
        assert order == d.finish_order
        check_finished(d)
        if i % 10 == 0:  # every move of the fast playout is legal in the checked machine
            oracle = Oracle(twin)
            for s, c, end in d.lay_history:
                assert c is None or c in oracle.fitting(twin)
                twin.play(c, s, end=end)
                oracle.check_layout(twin)
            assert twin.finish_order == order and twin.layout == d.layout

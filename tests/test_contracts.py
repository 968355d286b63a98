"""Every Kein Stich contract scored on hand-built deals, and contracts written as data."""

import pytest

from keinstich.cards import cards
from keinstich.contracts import (
    BLACK_PIG,
    NO_FIRST_LAST,
    NO_HEARTS,
    NO_MAX,
    NO_OBERS,
    NO_PENULTIMATE,
    NO_TRICKS,
    POWER,
    POWER_BLACK_PIG,
    Contract,
    ContractError,
    ForTrick,
    PerCard,
    PerTrick,
)
from keinstich.tricks import TrickDeal

# Four tricks, seat 0 leads; worked out by hand:
#  1: AH KH 10H QH -> seat 0 (Ace of Hearts)      4 Hearts, QH (an Ober), KH
#  2: 7C 8C QS 9C  -> seat 3 (QS is a discard)    QS (an Ober, the Black Pig)
#  3: 7D AD 7S 9S  -> seat 0 (seats 1, 2 void)    AD, 7D (diamonds)
#  4: KD 8S 10S 8D -> seat 0 (King of Diamonds)   KD, 8D
HANDS = ["AH 7C AD KD", "KH 8C 7S 8S", "10H QS 9S 10S", "QH 9C 7D 8D"]
PLAYS_ORDERED = "AH KH 10H QH  7C 8C QS 9C  7D AD 7S 9S  KD 8S 10S 8D"


def finished(contract):
    d = TrickDeal([cards(h) for h in HANDS], contract, leader=0)
    for code in PLAYS_ORDERED.split():
        d.play(code)
    assert d.is_over
    assert [t.winner for t in d.tricks] == [0, 3, 0, 0]
    return d.scores()


@pytest.mark.parametrize(("contract", "expected"), [
    (NO_TRICKS, (15, 0, 0, 5)),
    (NO_HEARTS, (20, 0, 0, 0)),
    (NO_OBERS, (10, 0, 0, 10)),
    (NO_MAX, (40, 0, 0, 0)),
    (BLACK_PIG, (0, 0, 0, 40)),
    (NO_PENULTIMATE, (40, 0, 0, 0)),       # trick 3 of 4
    (NO_FIRST_LAST, (40, 0, 0, 0)),        # tricks 1 and 4
    (POWER, (5 + 20 + 10 + 40 + 5 + 5, 0, 0, 5 + 10)),
    (POWER_BLACK_PIG, (5 + 20 + 10 + 5 + 5, 0, 0, 5 + 10 + 40)),
])
def test_contracts_on_a_hand_built_deal(contract, expected):
    assert finished(contract) == expected


def test_power_worked_example_costs_15_stakes():
    # docs/rules.md §2.4: a trick of Daus, Ober, Ten and King of Hearts costs 1 + 4 + 2 + 8 stakes.
    d = TrickDeal([cards("AH"), cards("QH"), cards("10H"), cards("KH")], POWER)
    for code in "AH QH 10H KH".split():
        d.play(code)
    assert d.scores() == (75, 0, 0, 0)


def test_march_pays_the_marcher():
    # Each seat holds one suit; seat 0 leads clubs every time and takes all eight tricks.
    hands = [cards("AC KC QC JC 10C 9C 8C 7C"), cards("AS KS QS JS 10S 9S 8S 7S"),
             cards("AH KH QH JH 10H 9H 8H 7H"), cards("AD KD QD JD 10D 9D 8D 7D")]
    d = TrickDeal(hands, NO_TRICKS.with_march(), leader=0)
    for i in range(8):
        for seat in range(4):
            d.play(hands[seat][i])
    assert d.tricks_won() == (8, 0, 0, 0)
    assert d.scores() == (-50, 30, 30, 30)   # docs/rules.md §2.4: +50 to the marcher, 30 each, pot +40
    plain = TrickDeal(hands, NO_HEARTS.with_march(False), leader=0)
    for i in range(8):
        for seat in range(4):
            plain.play(hands[seat][i])
    assert plain.scores() == (40, 0, 0, 0)


@pytest.mark.parametrize(("pack_id", "players", "totals"), [
    ("german-32", 4, (40, 40, 40, 40, 40)),
    ("german-24", 3, (40, 30, 40, 40, 40)),
    ("german-30", 3, (50, 40, 40, 40, 40)),
    ("german-24", 4, (30, 30, 40, 40, 40)),
    ("french-52", 4, (65, 65, 40, 40, 40)),
    ("french-50", 5, (50, 65, 40, 40, 40)),
    ("french-48", 6, (40, 65, 40, 40, 40)),
])
def test_deal_totals_match_rules_md(pack_id, players, totals):
    got = tuple(c.total(pack_id, players) for c in (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX, BLACK_PIG))
    assert got == totals
    # the four standard deals: 160, 150, 170, 140, 210, 195, 185 (docs/rules.md §2.3)
    assert sum(got[:4]) == {("german-32", 4): 160, ("german-24", 3): 150, ("german-30", 3): 170,
                            ("german-24", 4): 140, ("french-52", 4): 210, ("french-50", 5): 195,
                            ("french-48", 6): 185}[pack_id, players]


def test_power_and_six_deal_totals():
    assert POWER.total("german-32", 4) == 160
    assert NO_PENULTIMATE.total("german-32", 4) == 40
    assert NO_FIRST_LAST.total("german-32", 4) == 40


def test_a_reader_writes_a_contract_in_one_line():
    no_diamonds = Contract("no-diamonds", "No Diamonds", [PerCard(5, suit="D")])
    last_20 = Contract("last-20", "The last trick costs 20", [ForTrick(-1, 20)])
    assert finished(no_diamonds) == (20, 0, 0, 0)     # AD KD 7D 8D all land with seat 0
    assert finished(last_20) == (20, 0, 0, 0)
    assert no_diamonds.total("german-32", 4) == 40
    # described in the pack's words: a German pack's Bells are a French pack's Diamonds
    assert "5 per card of Bells" in no_diamonds.describe()
    assert "5 per card of Diamonds" in no_diamonds.describe("french")


def test_contracts_name_their_cards_in_the_packs_words():
    assert NO_OBERS.describe() == "No Obers: 10 per Ober" and NO_OBERS.describe("french") == "No Obers: 10 per Queen"
    assert NO_MAX.describe() == "No Max: 40 for the König of Hearts"
    assert BLACK_PIG.describe("french") == "Black Pig: 40 for the Queen of Spades"
    assert "Ober of Leaves" in BLACK_PIG._repr_html_()


def test_blocks_take_the_german_letters_as_lesson_13_teaches():
    """``O``/``U`` (Ober, Unter) and the French ``Q``/``J`` make the same block; lesson 13 says so."""
    assert PerCard(10, rank="O") == PerCard(10, rank="Q") != PerCard(10, rank="U") == PerCard(10, rank="J")
    assert PerCard(40, card="OS") == PerCard(40, card="QS")
    assert Contract("no-unters", "No Unters", [PerCard(10, rank="U")]).describe() == "No Unters: 10 per Unter"


@pytest.mark.parametrize(("make", "message"), [
    (lambda: PerCard(5), "needs a suit, a rank or a card"),
    (lambda: PerCard(5, suit="X"), "unknown suit 'X'"),
    (lambda: ForTrick(0, 5), "start at 1"),
    (lambda: Contract("x", "X", ["5 per trick"]), "is not a component"),
])
def test_bad_contract_data_is_refused(make, message):
    with pytest.raises(ContractError, match=message):
        make()


def test_components_accept_a_list():
    c = Contract("t", "T", [PerTrick(1)])
    assert c.components == (PerTrick(1),)


def test_force_max_when_void_variant():
    # Seat 2 has no clubs and holds the King of Hearts: with the variant it must throw it.
    hands = [cards("AC 7H"), cards("KC 8H"), cards("KH 9S"), cards("QC 9H")]
    forced = NO_MAX.with_rules(forced_discard="KH")
    d = TrickDeal(hands, forced, leader=0)
    d.play("AC")
    d.play("KC")
    assert [c.code for c in d.legal()] == ["KH"]
    assert d.why_illegal("9S") == "seat 2 has no clubs and must throw KH: 9S is not allowed"
    d.play("KH")
    d.play("QC")
    assert d.scores() == (40, 0, 0, 0)
    plain = TrickDeal(hands, NO_MAX, leader=0)
    plain.play("AC")
    plain.play("KC")
    assert {c.code for c in plain.legal()} == {"KH", "9S"}


def test_no_heart_lead_variant():
    hands = [cards("AH 7C"), cards("KH 8C"), cards("QH 9S"), cards("JH 9C")]
    d = TrickDeal(hands, NO_HEARTS.with_rules(no_lead="H"), leader=0)
    assert [c.code for c in d.legal()] == ["7C"]
    assert d.why_illegal("AH") == ("seat 0 may not lead hearts while holding other suits (holds 7C): "
                                   "AH is not allowed")
    for code in "7C 8C 9S 9C".split():
        d.play(code)
    assert [c.code for c in d.legal()] == ["JH"]  # seat 3 holds only Hearts now: it may lead one


def test_with_rules_refuses_an_unknown_flag():
    with pytest.raises(ContractError, match="no_heart_lead"):
        NO_HEARTS.with_rules(no_heart_lead=True)

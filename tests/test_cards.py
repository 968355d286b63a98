"""Cards, codes, packs and dealing."""

import pytest

from keinstich.cards import (
    ACE_TEN,
    NATURAL,
    CardCodeError,
    PackError,
    Rank,
    Suit,
    card,
    cards,
    pack,
    rank,
    rank_code,
)
from keinstich.dealing import deal_hands, shuffled
from keinstich.hand_text import DealTextError, hands_from_text, hands_to_text


def test_codes_parse_case_insensitively_with_t_for_ten():
    assert card("qs") is card("QS")
    assert card("TH") is card("10h") is card("10H")
    assert card("Q♠") is card("QS")
    assert cards("QS, 10H  jc") == (card("QS"), card("10H"), card("JC"))


def test_german_letters_o_and_u_name_the_ober_and_the_unter():
    assert card("OS") is card("QS") and card("uc") is card("JC") and rank("O") is Rank.QUEEN
    assert rank_code(Rank.QUEEN, "german") == "O" and rank_code(Rank.JACK, "german") == "U"
    assert rank_code(Rank.QUEEN) == "Q" and rank_code(Rank.KING, "german") == "K"
    with pytest.raises(CardCodeError, match="O for Ober, U for Unter"):
        card("XS")


@pytest.mark.parametrize("bad", ["ZZ", "11H", "Q", "QX", "", "1OH"])
def test_a_bad_code_names_the_token(bad):
    with pytest.raises(CardCodeError, match=repr(bad)):
        card(bad)


def test_german_and_french_names_follow_the_standard_mapping():
    qs = card("QS")
    assert qs.label("german", "de") == "Grün-Ober"
    assert qs.label("german", "en") == "Ober of Leaves"
    assert qs.label("french", "en") == "Queen of Spades"
    assert qs.label("french", "de") == "Pik-Dame"
    assert card("JC").label("german", "de") == "Eichel-Unter"
    assert card("AD").label("german", "de") == "Schellen-Daus"
    assert Suit.DIAMONDS.label("german", "en") == "bells"
    assert [s.symbol for s in Suit] == ["♣", "♠", "♥", "♦"]


def test_cards_are_interned_and_pickle_to_themselves():
    import pickle

    assert pickle.loads(pickle.dumps(card("KH"))) is card("KH")
    assert len({card("KH"), card("kh")}) == 1


@pytest.mark.parametrize(("pid", "size", "lowest"), [
    ("german-32", 32, Rank.SEVEN), ("german-24", 24, Rank.NINE), ("french-52", 52, Rank.TWO),
    ("french-50", 50, Rank.TWO), ("french-48", 48, Rank.TWO), ("german-30", 30, Rank.SEVEN),
    ("french-20", 20, Rank.TEN), ("french-26", 26, Rank.EIGHT),
])
def test_packs(pid, size, lowest):
    p = pack(pid)
    assert len(p) == size and p.id == pid
    assert min(c.rank for c in p) == lowest


def test_reduced_packs_remove_the_cards_rules_md_names():
    assert set(pack("french-50").cards) == set(pack("french-52").cards) - set(cards("2C 2D"))
    assert set(pack("french-48").cards) == set(pack("french-52").cards) - set(cards("2C 2D 2S 3C"))
    assert set(pack("german-30").cards) == set(pack("german-32").cards) - set(cards("7C 7S"))
    red = pack("french-32-minus-7H-7D")
    assert len(red) == 30 and red.id == "french-32-minus-7H-7D"


@pytest.mark.parametrize("bad", ["german-52", "french-33", "dutch-32", "french-32-minus-2C"])
def test_unknown_packs_are_refused_with_the_known_ids(bad):
    with pytest.raises(PackError, match="pack"):
        pack(bad)


def test_rank_orders():
    assert NATURAL[:8] == (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                           Rank.EIGHT, Rank.SEVEN)
    assert ACE_TEN[:3] == (Rank.ACE, Rank.TEN, Rank.KING)


def test_seeded_deals_are_stable_and_complete():
    a = deal_hands("german-32", 4, 42)
    assert a == deal_hands("german-32", 4, 42)
    assert a != deal_hands("german-32", 4, 43)
    assert sorted(c for h in a for c in h) == sorted(pack("german-32").cards)
    assert all(len(h) == 8 for h in a)


def test_the_shuffle_is_pinned_across_machines():
    # If this changes, every recorded seed in lessons and records deals differently.
    assert " ".join(c.code for c in shuffled("german-32", 1)[:8]) == GOLDEN_FIRST_EIGHT


GOLDEN_FIRST_EIGHT = "9H JD KH 9S 10D AS 7H 7D"


def test_a_deal_that_does_not_divide_is_refused():
    with pytest.raises(PackError, match="do not divide evenly among 5 players"):
        deal_hands("german-32", 5, 1)


def test_deal_text_round_trips():
    hands = deal_hands("german-24", 3, 7)
    assert hands_from_text(hands_to_text(hands), "german-24") == hands


@pytest.mark.parametrize(("text", "message"), [
    ("AC KC\nQC", "expected 4 hands"),
    ("AC AC QC JC 10C 9C AS KS\n" * 4, "AC appears twice"),
    ("XX", "line 1: unknown card 'XX'"),
    ("7C", "7C is not in the german-24 pack"),
])
def test_bad_deal_text_is_refused(text, message):
    with pytest.raises(DealTextError, match=message):
        hands_from_text(text, "german-24" if "7C" == text else "german-32", players=4 if "AC KC" in text else None)


def test_missing_cards_and_uneven_hands_are_named():
    hands = [list(h) for h in deal_hands("german-32", 4, 3)]
    moved = hands[0].pop()
    with pytest.raises(DealTextError, match=f"cards missing from the deal: {moved.code}"):
        hands_from_text(hands_to_text(hands), "german-32")
    hands[1].append(moved)
    with pytest.raises(DealTextError, match="has 7 cards; every hand needs 8"):
        hands_from_text(hands_to_text(hands), "german-32")


def test_dealing_and_hand_text_are_still_found_in_cards_where_lessons_import_them():
    """Seeded dealing and hands as text have modules of their own; ``keinstich.cards`` still hands their
    names on (lessons and readers' code import them from there), and refuses a name it never had."""
    import keinstich.cards as cards_module
    import keinstich.dealing
    import keinstich.hand_text

    assert cards_module.deal_hands is keinstich.dealing.deal_hands
    assert cards_module.hands_from_text is keinstich.hand_text.hands_from_text
    assert cards_module.DealTextError is keinstich.hand_text.DealTextError
    with pytest.raises(AttributeError, match="no attribute 'deal_cards'"):
        cards_module.deal_cards  # noqa: B018

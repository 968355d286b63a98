"""One Move for every deal, written as text and read back; refusals as data, said in English and German.

Every legal move of seeded deals of every game (cards, lays at an end, passes, Herzblatt's calls) has a
stable text that parses back to the same move and plays the same; every refusal carries its rule, seat,
card, suit and holding, reads as the engine's sentence, and is said to the learner in English and German
(docs/rules.md §1.3, §2.3, §2.6, §4.4).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import Suit, card, cards
from keinstich.contracts import NO_HEARTS, NO_MAX
from keinstich.deal import Announce, Ask, Contra, Discard, IllegalPlay, Lay, Re, Refusal, move_code, parse_move
from keinstich.games import GAMES
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules, IllegalMove
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.tricks import TrickDeal, TrickRules
from keinstich.wording import refusal_words
from keinstich.wording.refusals import RULES, say_refusal


def deals() -> list[tuple[str, str, int]]:
    out = []
    for g in GAMES.values():
        for n in g.player_counts:
            if n in (3, 4):
                out += [(g.id, cid, n) for cid in g.contracts(n)]
    return out


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.sampled_from(deals()), st.integers(0, 10**6))
def test_every_legal_move_is_written_as_text_that_reads_back_and_plays_the_same(setup, seed):
    gid, cid, players = setup
    try:
        deal = GAMES[gid].deal(cid, seed, players=players)
    except ValueError:  # a preset for other player counts
        return
    rng = random.Random(seed)
    while not deal.over:
        moves = deal.legal_moves()
        for m in moves:
            text = move_code(m)
            assert parse_move(text) == m and parse_move(text.upper()) == m, text
        move = rng.choice(moves)
        by_text = deal.copy()
        by_text.play(move_code(move), deal.turn)
        deal.play(move, deal.turn)
        assert by_text.history == deal.history


def test_the_text_of_each_kind_of_move():
    assert [move_code(m) for m in (card("QS"), Lay(card("9C"), "bottom"), None, Ask(True), Ask(False),
                                   Discard(*cards("7C 8H")), Announce(None), Announce("66"), Contra(True),
                                   Re(False))] == ["QS", "9C@bottom", "pass", "solo", "no solo", "discard 7C 8H",
                                                   "announce nothing", "announce 66", "contra", "no re"]
    assert str(Ask(False)) == "pass" and move_code(Ask(False)) != move_code(None)  # the words may share, texts not
    with pytest.raises(ValueError, match=r"cannot read the move 'QX'.*a card code"):
        parse_move("QX")
    with pytest.raises(ValueError, match="an end is @top or @bottom"):
        parse_move("9C@middle")


def test_a_herzblatt_deal_takes_its_calls_as_text():
    deal = HerzblattDeal.from_seed(2, HerzblattRules(players=3))
    deal.play("solo")
    held = deal.hand(deal.soloist)
    deal.play(f"discard {held[0].code} {held[1].code}")
    assert deal.discards == (held[0], held[1]) and deal.phase == "play"
    assert deal.history[:2] == ((deal.soloist, Ask(True)), (deal.soloist, Discard(held[0], held[1])))


# --- refusals as data ---------------------------------------------------------------------------------


def follow_deal() -> TrickDeal:
    d = TrickDeal([cards("AH 7C"), cards("10H KS"), cards("9C QS"), cards("8D JD")], NO_HEARTS, leader=0)
    d.play("AH")
    return d


def test_a_refusal_carries_its_rule_seat_card_suit_and_holding():
    d = follow_deal()
    r = d.why_illegal("KS")
    assert isinstance(r, Refusal)
    assert (r.rule, r.seat, r.card, r.suit, r.holding) == ("follow", 1, card("KS"), Suit.HEARTS, (card("10H"),))
    assert r == "seat 1 must follow hearts (holds 10H): KS is not allowed"
    with pytest.raises(IllegalPlay) as refused:
        d.play("KS")
    assert refused.value.refusal == r and refused.value.refusal.rule == "follow"
    assert d.why_illegal("10H", 2).rule == "turn" and d.why_illegal("QS").rule == "not-held"


def test_the_same_refusal_said_to_the_learner_in_english_and_german():
    r = follow_deal().why_illegal("KS")
    assert refusal_words(r, you=True) == "you must follow hearts (you hold 10♥)"
    assert refusal_words(r, you=True, style="german") == "you must follow Hearts (you hold 10 of Hearts)"
    assert refusal_words(r, you=True, lang="de") == "du musst Herz bedienen (du hast 10♥)"
    assert refusal_words(r, you=True, style="german", lang="de") == "du musst Herz bedienen (du hast Herz-10)"
    assert refusal_words(r, lang="de") == "Platz 1 muss Herz bedienen (hat 10H): KS ist nicht erlaubt"
    assert refusal_words("plain text", you=True, lang="de") == "plain text"


def test_the_trump_duties_are_refused_by_their_rule():
    rules = TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=True, must_overtrump_trump_lead=True)
    d = TrickDeal([cards("KH 7C"), cards("AH QH"), cards("9S 10S")], None, rules=rules, leader=0)
    d.play("KH")
    r = d.why_illegal("QH")
    assert (r.rule, r.facts["best"]) == ("overtrump", card("KH"))
    assert refusal_words(r, you=True, lang="de") == "du musst den höchsten Trumpf im Stich schlagen, K♥ (du hast A♥)"
    void = TrickDeal([cards("AD 7C"), cards("9H 8S")], None, rules=rules, leader=0)
    void.play("AD")
    assert void.why_illegal("8S").rule == "trump"
    forced = TrickDeal([cards("AS 7C"), cards("KH 8D")], NO_MAX.with_rules(forced_discard="KH"), leader=0)
    forced.play("AS")
    assert (forced.why_illegal("8D").rule, forced.why_illegal("8D").facts["must"]) == ("forced", card("KH"))


def test_lay_off_and_herzblatt_refusals_are_data_too():
    d = DominoDeal([cards("QC 9H 10C"), cards("KC JH AC"), cards("JC QH 9C"), cards("10H KH 8C")], DOMINO,
                   leader=0)
    r = d.why_illegal("QH", 2)
    assert (r.rule, r.seat, r.facts["start"]) == ("must-start", 2, card("JC"))
    assert refusal_words(r, you=True, lang="de") == "du musst zuerst Eichel-Unter anlegen: mit ihm beginnt das Anlegen"
    hb = HerzblattDeal.from_seed(2, HerzblattRules(players=3))
    wrong = hb.why_illegal(Discard(*hb.hand(0)[:2]))
    assert wrong.rule == "phase" and wrong.facts["phase"] == "asking"
    with pytest.raises(IllegalMove, match="cannot discard now"):
        hb.play(Discard(*hb.hand(0)[:2]))


@pytest.mark.parametrize("rule", RULES)
def test_every_rule_is_said_in_both_languages_and_both_voices(rule):
    facts = {"card": card("QS"), "suit": Suit.CLUBS, "trump": Suit.HEARTS, "holding": cards("7C KC"),
             "others": cards("8S"), "best": card("KH"), "must": card("KH"), "turn": 1, "start": card("JC"),
             "deal_style": "german", "early": False, "played": 3, "total": 8, "order": (2, 0, 1, 3), "end": "top",
             "layout": "row", "row": Suit.CLUBS, "low": card("9C"), "high": card("QC"), "what": "ask",
             "phase": "discard", "soloist": 2, "value": "x", "text": "'QX' is not a card", "given": "QX",
             "where": "laid"}
    for lang in ("en", "de"):
        for you in (False, True):
            for style in ("french", "german"):
                assert say_refusal(rule, 2, facts, you=you, style=style, lang=lang)

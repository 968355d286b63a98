"""Records of Herzeln and Herzblatt: hand-built deals, malformed records, illegal plays, round trips, CLI."""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import card, cards
from keinstich.cli import main
from keinstich.dealing import deal_hands
from keinstich.games import GAMES
from keinstich.games.herzblatt import Ask, Contra, Discard, HerzblattDeal, HerzblattRules, Re
from keinstich.games.herzeln import HERZELN_CONTRACTS, NO_HEARTS, HerzelnPartie, HerzelnRules
from keinstich.layoff import DominoDeal, herzeln_domino
from keinstich.records import (
    FORMAT,
    IllegalRecordPlay,
    Record,
    RecordError,
    check,
    record_of,
    replay,
)
from keinstich.tricks import TrickDeal, forehand

# --- Herzeln: a hand-built 3-player trick deal (french-24: A 10 K Q J 9, ace-ten order) ------------
# Dealer 2, so seat 0 leads. No trumps, follow suit; a Ten beats a King.
HZ_HANDS = [
    "AC 10C KC AS 10S AH 9H QD",
    "QC JC 9C KS QS 10H KH AD",
    "JS 9S QH JH 10D KD JD 9D",
]
HZ_TRICKS = [  # (cards from the leader, leader, winner), worked out by hand
    ("AC 9C QH", 0, 0),    # seat 2 has no club and throws QH
    ("10C JC JH", 0, 0),
    ("KC QC 9D", 0, 0),
    ("AS QS 9S", 0, 0),
    ("10S KS JS", 0, 0),   # the Ten beats the King
    ("AH KH 10D", 0, 0),
    ("9H 10H KD", 0, 1),
    ("AD JD QD", 1, 1),
]
HZ_PLAYS = " ".join(t for t, _, _ in HZ_TRICKS).split()


def herzeln(contract="herzeln-no-hearts", plays=HZ_PLAYS, **extra):
    d = {"format": FORMAT, "game": "herzeln", "contract": contract, "pack": "french-24", "dealer": 2,
         "hands": [h.split() for h in HZ_HANDS], "plays": list(plays)}
    return d | extra


@pytest.mark.parametrize(("contract", "points"), [
    ("herzeln-no-hearts", [-20, -11, 0]),       # QH -3, JH -2, AH+KH -15 | 9H+10H -11
    ("herzeln-tricks", [60, 20, 0]),            # 6, 2, 0 tricks at +10
    ("herzeln-no-tricks", [-60, -20, 0]),
    ("herzeln-no-queens", [-60, -20, 0]),       # QH, QC, QS in seat 0's tricks 1, 3, 4; QD in trick 8
    ("herzeln-king-of-hearts", [-40, 0, 0]),    # KH in trick 6
    ("herzeln-last-trick", [0, 40, 0]),
    ("herzeln-no-last-trick", [0, -40, 0]),
])
def test_a_hand_built_herzeln_trick_deal_checks_to_the_hand_worked_points(contract, points):
    out = check(Record.from_dict(herzeln(contract)))
    assert out["game"] == "herzeln" and out["contract"] == contract and out["players"] == 3
    assert out["complete"] is True and out["turn"] is None
    assert out["points"] == points and out["total"] == sum(points)
    assert "penalties" not in out
    assert out["tricks_won"] == [6, 2, 0]
    assert [(" ".join(t["cards"]), t["leader"], t["winner"]) for t in out["tricks"]] == HZ_TRICKS


def test_a_herzeln_deal_in_progress():
    # Two tricks and the lead of the third (KC): seat 1 to play.
    out = check(Record.from_dict(herzeln(plays=HZ_PLAYS[:7])))
    assert out["complete"] is False and out["turn"] == 1
    assert out["current_trick"] == [{"seat": 0, "card": "KC"}]
    assert out["points"] == [-5, 0, 0]  # QH in trick 1, JH in trick 2
    assert out["tricks_won"] == [2, 0, 0]


def test_a_herzeln_illegal_play_names_trick_seat_card_and_rule():
    # Trick 6: seat 1 holds KH and 10H and must follow hearts; ace-ten order lists the King first.
    plays = [*HZ_PLAYS[:16], "AD"]
    with pytest.raises(IllegalRecordPlay) as info:
        replay(Record.from_dict(herzeln(plays=plays)))
    assert str(info.value) == "trick 6, seat 1 played AD: seat 1 must follow hearts (holds KH, 10H)"
    assert (info.value.unit, info.value.number, info.value.index, info.value.seat) == ("trick", 6, 16, 1)


def test_a_herzeln_record_round_trips_and_record_of_rebuilds_it():
    rec = Record.from_dict(herzeln())
    assert Record.from_json(rec.to_json()) == rec
    deal = TrickDeal([cards(h) for h in HZ_HANDS], NO_HEARTS, leader=0)
    for c in HZ_PLAYS:
        deal.play(c)
    assert record_of(deal) == rec  # the game and the pack follow from the Herzeln contract
    assert record_of(deal, pack="french-24", dealer=2, game="herzeln") == rec
    german = record_of(deal, pack="german-24")
    assert german.pack == "german-24" and check(german)["points"] == [-20, -11, 0]


# --- Herzeln: the Domino chain (J Q K 10 A 9 J …, wrapping) -----------------------------------------
# Seat 0 holds the Jacks and Tens, seat 1 the Queens and Aces, seat 2 the Kings and Nines; dealer 2.
CHAIN_HANDS = [
    "JC JS JH JD 10C 10S 10H 10D",
    "QC QS QH QD AC AS AH AD",
    "KC KS KH KD 9C 9S 9H 9D",
]
# Everyone lays at the top, one round of the cycle per suit. Each sixth card, a Nine, fits both
# ends (the chain then runs five ranks: J…A), so the record names its end.
CHAIN_PLAYS = ("JC QC KC 10C AC 9C@top JS QS KS 10S AS 9S@top JH QH KH 10H AH 9H@top "
               "JD QD KD 10D AD").split()


def chain(plays=CHAIN_PLAYS, **extra):
    d = {"format": FORMAT, "game": "herzeln", "contract": "herzeln-domino", "pack": "french-24", "dealer": 2,
         "hands": [h.split() for h in CHAIN_HANDS], "plays": list(plays)}
    return d | extra


def test_a_hand_built_chain_deal_finishes_and_scores_by_place():
    rec = Record.from_dict(chain())
    assert rec.ends[5] == "top" and rec.plays[5] is card("9C") and rec.ends[0] is None
    out = check(rec)
    assert out["complete"] is True and out["turn"] is None
    # Seat 0 goes out with 10D (turn 22), seat 1 with AD (turn 23); seat 2 keeps 9D.
    assert out["finish_order"] == [0, 1, 2]
    assert out["points"] == [0, -10, -20] and out["total"] == -30
    assert out["layout"] == [c.replace("@top", "") for c in CHAIN_PLAYS]
    assert out["plays"][0] == {"turn": 1, "seat": 0, "card": "JC", "end": None}
    assert out["plays"][5] == {"turn": 6, "seat": 2, "card": "9C", "end": "top"}
    assert "pot" not in out and "penalties" not in out
    assert json.loads(rec.to_json())["plays"] == CHAIN_PLAYS


def test_a_chain_deal_with_a_pass_and_bottom_ends_in_progress():
    # JC; QC above it; 9H below it (only the bottom fits); seat 0 (Jacks, Tens) has no K and no A:
    # pass; AS below 9H; KD above QC; now the chain runs A 9 J Q K and 10S fits both ends.
    plays = ["JC", "QC", "9H", "pass", "AS", "KD", "10S@bottom"]
    out = check(Record.from_dict(chain(plays)))
    assert out["complete"] is False and out["turn"] == 1
    assert out["layout"] == ["10S", "AS", "9H", "JC", "QC", "KD"]
    assert [(p["seat"], p["card"], p["end"]) for p in out["plays"]] == [
        (0, "JC", None), (1, "QC", "top"), (2, "9H", "bottom"), (0, "pass", None), (1, "AS", "bottom"),
        (2, "KD", "top"), (0, "10S", "bottom")]
    assert out["finish_order"] == [] and "points" not in out


def test_a_card_that_fits_both_ends_needs_its_end():
    plays = [c.replace("9C@top", "9C") for c in CHAIN_PLAYS]
    rec = Record.from_dict(chain(plays))  # statically fine: only the replay knows the chain
    with pytest.raises(RecordError, match=r'^turn 6: seat 2 lays 9C, which fits both ends of the chain '
                                          r'\(JC…AC\); say which: "9C@top" or "9C@bottom"$'):
        replay(rec)
    # Without any end, the record is still read up to the first ambiguous card.
    assert replay(rec, 5).chain == cards("JC QC KC 10C AC")


def test_the_other_end_changes_the_deal():
    # 9C at the bottom: the chain runs 9C…AC, so a 9 or an A is wanted next; seat 0 has neither.
    plays = ["JC", "QC", "KC", "10C", "AC", "9C@bottom", "JS"]
    with pytest.raises(IllegalRecordPlay) as info:
        replay(Record.from_dict(chain(plays)))
    assert str(info.value).startswith("turn 7, seat 0 played JS: seat 0 cannot lay JS: it does not join the chain")
    assert str(info.value).endswith("seat 0 has no card that fits and must pass")
    deal = replay(Record.from_dict(chain([*plays[:6], "pass"])))
    assert deal.chain == cards("9C JC QC KC 10C AC") and deal.turn == 1


@pytest.mark.parametrize(("plays", "error", "message"), [
    (["JC", "QC@bottom"], IllegalRecordPlay,
     r"^turn 2, seat 1 played QC: seat 1 cannot lay QC at the bottom: it fits only at the top$"),
    (["JC", "pass"], IllegalRecordPlay,
     r"^turn 2, seat 1 passed: seat 1 can play \(QC, QS, QH, QD\) and may not pass$"),
    (["JC", "KC"], RecordError, r"^turn 2: seat 1 is to move but does not hold KC \(seat 2 holds it\)$"),
    (["QC"], RecordError, r"^turn 1: seat 0 is to move but does not hold QC \(seat 1 holds it\)$"),
])
def test_chain_plays_refused_with_the_turn(plays, error, message):
    with pytest.raises(error, match=message):
        replay(Record.from_dict(chain(plays)))


def test_an_end_can_be_given_beside_the_plays_in_python():
    text_form = Record.from_dict(chain())
    ends = [("top" if "@" in c else None) for c in CHAIN_PLAYS]
    python_form = Record(game="herzeln", contract="herzeln-domino", pack="french-24", dealer=2,
                         hands=[h.split() for h in CHAIN_HANDS], plays=[c.split("@")[0] for c in CHAIN_PLAYS],
                         ends=ends)
    assert python_form == text_form
    with pytest.raises(RecordError, match=r"contradicts the end 'bottom'"):
        Record(game="herzeln", contract="herzeln-domino", pack="french-24", dealer=2,
               hands=[h.split() for h in CHAIN_HANDS], plays=["JC@top"], ends=["bottom"])
    with pytest.raises(RecordError, match=r"^'ends' must be one entry per play"):
        Record(game="herzeln", contract="herzeln-domino", pack="french-24", dealer=2,
               hands=[h.split() for h in CHAIN_HANDS], plays=["JC"], ends=["top", "top"])


def test_herzeln_domino_variants_by_id():
    # Per-suit rows (any Jack, rows wrap) and the natural order: each id names its variant.
    rows = replay(Record.from_dict(chain(["JC", "QC"]) | {"contract": "herzeln-domino-rows"}))
    assert isinstance(rows, DominoDeal) and rows.rules.layout == "rows" and rows.rows[card("JC").suit] == cards("JC QC")
    with pytest.raises(IllegalRecordPlay, match=r"^turn 3, seat 2 played KS: seat 2 cannot lay KS"):
        replay(Record.from_dict(chain(["JC", "QC", "KS"]) | {"contract": "herzeln-domino-rows"}))
    # After J Q K the ace-ten order wants a 10 above the King; the natural order an A above it and
    # a 10 below the Jack: the same plays make different chains.
    plays = ["JC", "QC", "KC", "10C"]
    assert replay(Record.from_dict(chain(plays))).chain == cards("JC QC KC 10C")
    natural = replay(Record.from_dict(chain(plays) | {"contract": "herzeln-domino-natural"}))
    assert natural.chain == cards("10C JC QC KC")
    vp = Record.from_dict(chain(["JC", "pass"]) | {"options": {"voluntary_pass": True}})
    assert check(vp)["turn"] == 2


HZ_MALFORMED = [
    ("five players", {"hands": [["AC"], ["KC"], ["QC"], ["JC"], ["10C"]]},
     r"^Herzeln is for 3 or 4 players; this record has 5 hands$"),
    ("the 32-card pack for three", {"pack": "french-32"},
     r"^Herzeln with 3 players is played with the 24-card pack \(french-24 or german-24\), not french-32$"),
    ("a Kein Stich contract id", {"contract": "no-hearts"},
     r"^unknown contract 'no-hearts' for herzeln: use one of herzeln-no-hearts, herzeln-tricks, .*"
     r"herzeln-domino, herzeln-domino-natural, herzeln-domino-rows, herzeln-domino-rows-natural$"),
    ("march", {"options": {"march": True}},
     r"^unknown option 'march' for contract herzeln-no-hearts: the options are none$"),
    ("a pass in a trick deal", {"plays": ["AC", "pass"]},
     r'^play 2: "pass" is only for lay-off \(domino\) records; herzeln-no-hearts is a trick deal'),
    ("an end in a trick deal", {"plays": ["AC@top"]},
     r'^play 1: "AC@top" names an end of a lay-off layout, but herzeln-no-hearts is a trick deal: '
     r'write just "AC"$'),
    ("a card not in the pack", {"plays": ["AC", "8C"]}, r"^play 2: 8C is not in the french-24 pack$"),
    ("hands do not make up the pack", {"hands": [h.split() for h in HZ_HANDS[:2]] + [HZ_HANDS[2].split()[:-1]]},
     r"^the hands do not make up the french-24 pack: 9D is not dealt$"),
]


@pytest.mark.parametrize(("changes", "message"), [(c, m) for _, c, m in HZ_MALFORMED],
                         ids=[name for name, _, _ in HZ_MALFORMED])
def test_a_malformed_herzeln_record(changes, message):
    with pytest.raises(RecordError, match=message):
        Record.from_json(json.dumps(herzeln() | changes))


@pytest.mark.parametrize(("play", "message"), [
    ("9C@left", r'^play 6: unknown end \'left\' in "9C@left": write the end after the card as @top or @bottom'),
    ("pass@top", r'^play 6: a pass lays no card, so it has no end: write "pass"$'),
    ("9X@top", r"^play 6: unknown card '9X'"),
])
def test_malformed_ends(play, message):
    plays = [*CHAIN_PLAYS[:5], play]
    with pytest.raises(RecordError, match=message):
        Record.from_dict(chain(plays))
    with pytest.raises(RecordError, match=r"^play 1: an end is \"top\" or \"bottom\", not 'up'$"):
        Record(game="herzeln", contract="herzeln-domino", pack="french-24", dealer=2,
               hands=[h.split() for h in CHAIN_HANDS], plays=["JC"], ends=["up"])


def test_record_of_refuses_herzeln_deals_it_cannot_name():
    own = dataclasses.replace(NO_HEARTS, components=NO_HEARTS.components[:1])
    with pytest.raises(RecordError, match=r"cannot record contract 'herzeln-no-hearts' as Herzeln"):
        record_of(TrickDeal([cards(h) for h in HZ_HANDS], own))
    with pytest.raises(RecordError, match=r"dealer 0 does not fit the deal: its forehand is seat 0, so the "
                                          r"dealer is seat 2"):
        record_of(TrickDeal([cards(h) for h in HZ_HANDS], NO_HEARTS), dealer=0)
    with pytest.raises(RecordError, match="not a Kein Stich contract"):
        record_of(TrickDeal([cards(h) for h in HZ_HANDS], NO_HEARTS), pack="french-24", game="kein-stich")
    # The 4-player Domino contract with three players scores the same first three places: recorded.
    four = HERZELN_CONTRACTS["herzeln-domino"]
    deal = DominoDeal([cards(h) for h in CHAIN_HANDS], four, leader=0)
    assert record_of(deal).contract == "herzeln-domino"


# --- Herzblatt: a hand-built 4-player deal (Braun; french-32 without 7H and 7D) --------------------
# Dealer 3: seat 0 is asked first and leads. Seat 0 passes, seat 1 plays, takes the skat (10D KD)
# and lays away 10D and 8C (10 points for him). Hearts are trumps, ace-ten order.
HB_HANDS = [
    "AC 10C KC AS 10S 9H 8H",
    "AH 10H KH QH JH 9C 8C",
    "QC JC 7C 7S 8S 9S AD",
    "QS JS KS QD JD 9D 8D",
]
HB_TRICKS = [  # (cards from the leader, leader, winner, card points), worked out by hand
    ("AC 9C 7C 8D", 0, 0, 11),
    ("10C QH JC 9D", 0, 1, 15),   # seat 1 has no club left and must trump
    ("AH 7S JD 8H", 1, 1, 13),    # trumps led: seat 0 cannot beat AH
    ("10H 8S QD 9H", 1, 1, 13),
    ("KD AD QS KC", 1, 2, 22),
    ("9S KS AS JH", 2, 1, 17),
    ("KH QC JS 10S", 1, 1, 19),
]
HB_PLAYS = " ".join(t for t, _, _, _ in HB_TRICKS).split()


def herzblatt(plays=HB_PLAYS, **changes):
    d = {"format": FORMAT, "game": "herzblatt", "contract": "herzblatt", "pack": "french-32-minus-7H-7D",
         "dealer": 3, "hands": [h.split() for h in HB_HANDS], "skat": ["10D", "KD"], "asking": ["pass", "play"],
         "discards": ["10D", "8C"], "plays": list(plays)}
    return d | changes


def muhr(**changes):
    return herzblatt(options={"muhr": True}, announcement="66", contra=["pass", "contra"], re=True) | changes


def test_a_hand_built_herzblatt_deal_checks():
    out = check(Record.from_dict(herzblatt()))
    assert out["complete"] is True and out["phase"] == "over" and out["turn"] is None
    assert out["asking"] == [{"seat": 0, "answer": "pass"}, {"seat": 1, "answer": "play"}]
    assert out["soloist"] == 1 and out["skat"] == ["10D", "KD"] and out["discards"] == ["10D", "8C"]
    assert [(" ".join(t["cards"]), t["leader"], t["winner"]) for t in out["tricks"]] == [
        t[:3] for t in HB_TRICKS]
    assert out["tricks_won"] == [1, 5, 1, 0]
    # Soloist: 15 + 13 + 13 + 17 + 19 = 77 in tricks + 10 discarded = 87; defenders 11 + 22 = 33.
    assert out["card_points"] == {"soloist": 87, "defenders": 33}
    # 87 >= 66 and the defenders at 33 are schneider: each defender pays 3.
    assert out["outcome"] == "won" and out["value"] == 3
    assert out["stakes"] == [-3, 9, -3, -3]
    assert out["settlement"] == "soloist 87: wins schneider (defenders 33), each defender pays 3"
    assert "announcement" not in out  # Braun: no calls


def test_the_hand_built_deal_under_muhr_with_66_contra_and_re():
    out = check(Record.from_dict(muhr()))
    assert (out["announcement"], out["contra"], out["re"]) == ("66", 3, True)
    # Wins the 66; value 1 x 2 (66) x 2 (schneider) x 2 (contra) x 2 (re) = 16 from each defender.
    assert out["value"] == 16 and out["stakes"] == [-16, 48, -16, -16]
    assert out["settlement"].startswith("soloist 87 (Muhr, announced 66, contra, re): wins")


def test_a_herzblatt_deal_in_progress_in_every_phase():
    steps = [
        ({"asking": [], "discards": None}, "asking", 0, None),
        ({"asking": ["pass"], "discards": None}, "asking", 1, None),
        ({"discards": None}, "discard", 1, {"soloist": 0, "defenders": 0}),
        ({}, "play", 0, {"soloist": 10, "defenders": 0}),
    ]
    for changes, phase, turn, points in steps:
        d = {k: v for k, v in (herzblatt(plays=[]) | changes).items() if v is not None}
        out = check(Record.from_dict(d))
        assert (out["phase"], out["turn"], out["card_points"]) == (phase, turn, points)
        assert out["complete"] is False and out["outcome"] is None and out["stakes"] is None
    out = check(Record.from_dict(herzblatt(plays=HB_PLAYS[:6])))
    assert out["current_trick"] == [{"seat": 0, "card": "10C"}, {"seat": 1, "card": "QH"}]
    assert out["card_points"] == {"soloist": 10, "defenders": 11} and out["turn"] == 2
    d = muhr(plays=[])
    for key in ("re", "contra", "announcement"):
        del d[key]
        assert check(Record.from_dict(d))["phase"] == {"re": "re", "contra": "contra", "announcement": "announce"}[key]


def test_herzblatt_all_pass_redeals_or_the_dealer_plays():
    d = without(herzblatt(plays=[], asking=["pass"] * 4), "discards")
    out = check(Record.from_dict(d))
    assert out["complete"] is True and out["outcome"] == "redeal" and out["stakes"] == [0, 0, 0, 0]
    assert out["soloist"] is None and out["card_points"] is None and out["value"] == 0
    out = check(Record.from_dict(d | {"options": {"all_pass": "dealer_plays"}}))
    assert out["soloist"] == 3 and out["phase"] == "discard" and out["turn"] == 3


def test_dealer_first_asking():
    # ask_order dealer_first: seat 3 (the dealer) is asked first, then 0, 1 ...
    d = herzblatt(plays=[], asking=["pass", "pass", "play"], options={"ask_order": "dealer_first"})
    out = check(Record.from_dict(d))
    assert [a["seat"] for a in out["asking"]] == [3, 0, 1] and out["soloist"] == 1


def test_an_illegal_trump_refusal_names_trick_seat_card_and_rule():
    with pytest.raises(IllegalRecordPlay) as info:
        replay(Record.from_dict(herzblatt(plays=[*HB_PLAYS[:5], "KD"])))
    e = info.value
    assert str(e) == ("trick 2, seat 1 played KD: seat 1 has no clubs and must trump with hearts "
                      "(holds JH, QH, KH, 10H, AH)")
    assert (e.unit, e.number, e.index, e.seat, e.card) == ("trick", 2, 5, 1, card("KD"))
    # Without the duty to trump (docs/rules.md §4.4 variant), KD is a legal discard and seat 0 takes the trick.
    deal = replay(Record.from_dict(herzblatt(plays=[*HB_PLAYS[:5], "KD", "JC", "9D"],
                                             options={"must_trump": False})))
    assert deal.tricks[1].winner == 0


def test_a_herzblatt_play_not_held():
    with pytest.raises(RecordError, match=r"^play 6 \(trick 2\): seat 1 is to play but does not hold 10D "
                                          r"\(it is among the discards\)$"):
        replay(Record.from_dict(herzblatt(plays=[*HB_PLAYS[:5], "10D"])))
    with pytest.raises(RecordError, match=r"^play 2 \(trick 1\): seat 1 is to play but does not hold 7C "
                                          r"\(seat 2 holds it\)$"):
        replay(Record.from_dict(herzblatt(plays=["AC", "7C"])))


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


HB_MALFORMED = [
    ("a discard not held", herzblatt(discards=["10D", "AS"]),
     r"^discards: the soloist, seat 1, does not hold AS \(seat 0 holds it\); with the skat seat 1 holds "
     r"8C 9C 10H JH QH KH AH 10D KD$"),
    ("the same discard twice", herzblatt(discards=["10D", "10D"]), r"^the discards holds 10D twice"),
    ("three discards", herzblatt(discards=["10D", "8C", "9C"]), r"^'discards' must be two card codes"),
    ("a second soloist", herzblatt(asking=["pass", "play", "play"]),
     r'^asking: answer 3, seat 2 says "play" after seat 1 already said play: there is no second soloist'),
    ("an answer after the soloist", herzblatt(asking=["play", "pass"]),
     r'^asking: answer 2, seat 1 says "pass" after seat 0 already said play: there is no second soloist'),
    ("an answer after the last seat said play", herzblatt(asking=["pass", "pass", "pass", "play", "pass"]),
     r'^asking: answer 5 says "pass" after seat 3 already said play: there is no second soloist'),
    ("five answers for four", without(herzblatt(asking=["pass"] * 5, plays=[]), "discards"),
     r"^asking: answer 5 is one too many: all 4 players have answered"),
    ("an unknown answer", herzblatt(asking=["pass", "yes"]),
     r"^asking: answer 2 must be 'play' or 'pass', not \"yes\"$"),
    ("asking not a list", herzblatt(asking="play"),
     r"^'asking' must be a list of answers such as \[\"pass\", \"play\"\]"),
    ("a skat card in a hand", herzblatt(skat=["10D", "AC"]), r"^AC is dealt twice: in seat 0's hand and the skat$"),
    ("a skat card not in the pack", herzblatt(skat=["10D", "7H"]),
     r"^the skat: 7H is not in the french-32-minus-7H-7D pack$"),
    ("the skat twice the same", herzblatt(skat=["KD", "KD"]), r"^the skat holds KD twice"),
    ("no skat", without(herzblatt(), "skat"), r"^missing key 'skat': a Herzblatt record needs the two cards"),
    ("hands and skat short of the pack",
     herzblatt(hands=[h.split() for h in HB_HANDS[:2]] + [HB_HANDS[2].replace("7C", "").split(), HB_HANDS[3].split()]),
     r"^the hands do not make up the french-32-minus-7H-7D pack: 7C is not dealt$"),
    ("the wrong pack", herzblatt(pack="french-32"),
     r"^Herzblatt for 4 players \(removal \"braun_red\"\) uses the french-32-minus-7H-7D pack, not french-32$"),
    ("another removal's pack", herzblatt(options={"removal": "keep_trumps"}),
     r"^Herzblatt for 4 players \(removal \"keep_trumps\"\) uses the french-32-minus-7C-8C-7S-8S-7D-8D pack"),
    ("six players", herzblatt(hands=[[c] for c in "AC KC QC JC 10C 9C".split()]),
     r"^Herzblatt is for 2 to 5 players; this record has 6 hands$"),
    ("an unknown option", herzblatt(options={"muhrr": True}),
     r"^unknown option 'muhrr' for contract herzblatt: the options are removal, ask_order, all_pass, must_trump"),
    ("players as an option", herzblatt(options={"players": 4}), r"^unknown option 'players' for contract herzblatt"),
    ("an option of the wrong type", herzblatt(options={"muhr": "yes"}),
     r"^option 'muhr' must be true or false, not \"yes\"$"),
    ("a stake that is not a number", herzblatt(options={"loss_stake": True}),
     r"^option 'loss_stake' must be a whole number, 0 or more, not true$"),
    ("an unknown choice", herzblatt(options={"all_pass": "shuffle"}),
     r"^option 'all_pass' must be one of \"redeal\", \"dealer_plays\", not \"shuffle\"$"),
    ("options that do not fit together", herzblatt(options={"win_threshold": 20}),
     r"^options: need 0 <= schneider_threshold < win_threshold <= 120, got 33 and 20$"),
    ("another contract", herzblatt(contract="herzblatt-muhr"),
     r"^unknown contract 'herzblatt-muhr' for herzblatt: the contract is always \"herzblatt\""),
    ("discards before a soloist", herzblatt(asking=["pass"], plays=[]),
     r"^discards: the deal is still in the asking phase: 'asking' must name a soloist first$"),
    ("plays before the discards", without(herzblatt(), "discards"),
     r"^plays: the deal is still in the discard phase: give the soloist's 'discards' before the first card$"),
    ("plays before the announcement", without(muhr(), "announcement", "contra", "re"),
     r"^plays: the deal is still in the announce phase: give the soloist's 'announcement'"),
    ("plays before the contra answers", without(muhr(), "contra", "re"),
     r"^plays: the deal is still in the contra phase: give the defenders' 'contra' answers before"),
    ("plays after a thrown-in deal", without(herzblatt(asking=["pass"] * 4), "discards"),
     r"^plays: every seat passed and the deal is thrown in"),
    ("discards after a thrown-in deal", herzblatt(asking=["pass"] * 4, plays=[]),
     r"^discards: every seat passed and the deal is thrown in \(all_pass \"redeal\"\): there is no soloist"),
    ("an announcement in Braun's game", herzblatt(announcement="66"),
     r"^'announcement' belongs to Muhr's variant: set the option \"muhr\": true, or drop 'announcement'$"),
    ("a contra in Braun's game", herzblatt(contra=["contra"]), r"^'contra' belongs to Muhr's variant"),
    ("an unknown announcement", muhr(announcement="schwarz"),
     r"^'announcement' must be \"none\", \"66\" or \"du\", not \"schwarz\"$"),
    ("a second contra", muhr(contra=["contra", "contra"]),
     r"^contra: answer 2 comes after seat 2 said contra: one contra is enough"),
    ("too many contra answers", without(muhr(contra=["pass", "pass", "pass"]), "re"),
     r"^contra: answer 3 is one too many: only seats 2, 3 may say contra, each once$"),
    ("contra from an asked defender", herzblatt(asking=["pass", "pass", "pass", "play"], discards=["8D", "9D"],
                                                plays=[], options={"muhr": True}, announcement="none",
                                                contra=["contra"]),
     r"^contra: no defender may say contra: only defenders never asked may, and the soloist, seat 3, was "
     r"the last one asked$"),
    ("re without contra", muhr(contra=["pass", "pass"]),
     r"^re: the soloist says re only to answer a contra, and no defender said contra$"),
    ("re not a boolean", muhr(re="yes"), r"^'re' must be true or false, not \"yes\"$"),
    ("a pass in the plays", herzblatt(plays=["AC", "pass"]),
     r'^play 2: "pass" is only for lay-off \(domino\) records; herzblatt is a trick deal'),
]


@pytest.mark.parametrize(("d", "message"), [(d, m) for _, d, m in HB_MALFORMED],
                         ids=[name for name, _, _ in HB_MALFORMED])
def test_a_malformed_herzblatt_record(d, message):
    with pytest.raises(RecordError, match=message):
        Record.from_json(json.dumps(d))


def test_the_herzblatt_record_of_the_engine_deal_is_the_hand_built_record():
    deal = HerzblattDeal([cards(h) for h in HB_HANDS], cards("10D KD"), HerzblattRules(players=4), dealer=3)
    for move in (Ask(False), Ask(True), Discard("10D", "8C"), *HB_PLAYS):
        deal.play(move)
    rec = record_of(deal)
    assert rec == Record.from_dict(herzblatt())
    text = rec.to_json()
    assert text.index('"skat"') < text.index('"asking"') < text.index('"discards"') < text.index('"plays"')
    assert record_of(deal, pack="french-32-minus-7H-7D", dealer=3, game="herzblatt") == rec
    with pytest.raises(RecordError, match=r"^dealer 0 does not fit the deal: it was dealt by seat 3$"):
        record_of(deal, dealer=0)
    with pytest.raises(RecordError, match=r"dealt from the french-32-minus-7H-7D pack, not french-32$"):
        record_of(deal, pack="french-32")
    with pytest.raises(RecordError, match=r"^cannot record TrickDeal as Herzblatt"):
        record_of(TrickDeal([cards(h) for h in HZ_HANDS], NO_HEARTS), game="herzblatt")


# --- round trips of random engine deals ---------------------------------------------------------------


def assert_round_trip(deal):
    rec = record_of(deal)
    text = rec.to_json()
    back = Record.from_json(text)
    assert back == rec and back.to_json() == text
    return rec, replay(back)


HERZELN_SETUPS = [HerzelnRules(players=n, domino_layout=layout, domino_order=order, voluntary_pass=vp)
                  for n in (3, 4) for layout in ("chain", "rows") for order in ("ace-ten", "natural")
                  for vp in (False, True)]


@pytest.mark.parametrize("rules", HERZELN_SETUPS,
                         ids=lambda r: f"{r.players}p-{r.domino_layout}-{r.domino_order}-vp{int(r.voluntary_pass)}")
def test_every_deal_of_random_herzeln_parties_round_trips(rules):
    both_ends = 0
    for seed in range(12):
        partie = HerzelnPartie(rules, seed=f"rt-{seed}", first_dealer=seed % rules.players).play()
        for result in partie.results:
            rec, again = assert_round_trip(result.deal)
            assert rec.game == "herzeln" and rec.contract == result.contract and rec.dealer == result.dealer
            assert again.dealt == result.deal.dealt and again.plays == result.deal.plays
            out = check(rec)
            assert out["complete"] is True and out["points"] == list(result.scores)
            if isinstance(again, DominoDeal):
                assert again.lay_history == result.deal.lay_history and again.layout == result.deal.layout
                assert out["finish_order"] == list(result.deal.finish_order)
                both_ends += sum(e is not None for e in rec.ends)
            else:
                assert again.tricks == result.deal.tricks
    if rules.domino_layout == "chain":
        assert both_ends > 0  # some chain cards fitted both ends and were written with their end


def test_herzeln_chain_records_without_ends_stop_at_the_first_ambiguous_card():
    rng = random.Random(5)
    refused = 0
    for i in range(60):
        players = 3 + i % 2
        deal = DominoDeal.from_seed(f"french-{24 if players == 3 else 32}", players, i, herzeln_domino(players),
                                    dealer=i % players)
        deal.playout(rng)
        rec = record_of(deal)
        bare = rec.to_dict() | {"plays": [p.split("@")[0] for p in rec.to_dict()["plays"]]}
        first = next((k for k, e in enumerate(rec.ends) if e is not None), None)
        if first is None:
            assert replay(Record.from_dict(bare)).lay_history == deal.lay_history
            continue
        with pytest.raises(RecordError, match=rf"^turn {first + 1}: seat {deal.lay_history[first][0]} lays "
                                              rf"{rec.plays[first].code}, which fits both ends"):
            replay(Record.from_dict(bare))
        refused += 1
    assert refused > 10


def test_herzeln_deals_stopped_early_round_trip():
    rng = random.Random(3)
    for i in range(200):
        rules = HERZELN_SETUPS[i % len(HERZELN_SETUPS)]
        n = rules.players
        contract = rules.deals[i % 8]
        hands = deal_hands(rules.pack, n, i)
        leader = forehand(i % n, n)
        deal = TrickDeal(hands, contract, leader=leader) if i % 8 < 7 else DominoDeal(hands, contract, leader=leader)
        for _ in range(rng.randrange(24)):
            if deal.is_over:
                break
            if isinstance(deal, TrickDeal):
                deal.play(rng.choice(deal.legal()))
            else:
                move = rng.choice(deal.moves())
                ends = deal.ends(move) if move is not None else ()
                deal.play(move, end=rng.choice(ends) if len(ends) == 2 else None)
        rec, again = assert_round_trip(deal)
        assert rec.contract == contract.id and rec.dealer == i % n
        assert again.turn == deal.turn and again.plays == deal.plays
        assert check(rec)["turn"] == deal.turn


HERZBLATT_SETUPS = [
    *(HerzblattRules(players=n) for n in (2, 3, 4, 5)),
    *(HerzblattRules(players=n, muhr=True) for n in (2, 3, 4, 5)),
    HerzblattRules(players=3, removal="keep_trumps"),
    HerzblattRules(players=4, removal="keep_trumps", muhr=True, du_stacks_schneider=True),
    HerzblattRules(players=4, ask_order="dealer_first", all_pass="dealer_plays"),
    HerzblattRules(players=5, must_trump=False, must_overtrump_always=True, loss_stake=1),
    HerzblattRules(players=3, must_overtrump_trump_lead=False, schneider_threshold=30, muhr=True),
]


def random_herzblatt(rules, seed, stop=None):
    """A deal driven by random legal moves; every call/announcement/contra/re is possible."""
    rng = random.Random(seed)
    deal = HerzblattDeal.from_seed(seed, rules, dealer=rng.randrange(rules.players))
    moves = 0
    while not deal.is_over and (stop is None or moves < stop):
        random_herzblatt_move(deal, rng)
        moves += 1
    return deal


def random_herzblatt_move(deal, rng):
    phase = deal.phase
    if phase == "asking":
        deal.ask(rng.random() < 0.3)
    elif phase == "discard":
        deal.discard(*rng.sample(deal.hand(deal.soloist), 2))
    elif phase == "announce":
        deal.announce(rng.choice([None, None, "66", "du"]))
    elif phase in ("contra", "re"):
        deal.play((Contra if phase == "contra" else Re)(rng.random() < 0.4))
    else:
        deal.play(rng.choice(deal.legal()))


@pytest.mark.parametrize("rules", HERZBLATT_SETUPS, ids=lambda r: f"{r.players}p-{r.removal}-muhr{int(r.muhr)}")
def test_random_finished_herzblatt_deals_round_trip(rules):
    outcomes = set()
    for seed in range(60):
        deal = random_herzblatt(rules, f"hb-{seed}")
        rec, again = assert_round_trip(deal)
        assert rec.game == "herzblatt" and rec.pack == rules.pack.id and rec.dealer == deal.dealer
        assert again.settlement() == deal.settlement() and again.tricks == deal.tricks
        assert (again.answers, again.discards, again.announcement) == (deal.answers, deal.discards, deal.announcement)
        assert (again.contra_answers, again.contra_by, again.re) == (deal.contra_answers, deal.contra_by, deal.re)
        out = check(rec)
        assert out["complete"] is True and out["outcome"] == deal.outcome
        assert out["stakes"] == list(deal.settlement().stakes) and sum(out["stakes"]) == 0
        if deal.soloist is not None:
            assert out["card_points"]["soloist"] + out["card_points"]["defenders"] == 120
        outcomes.add(deal.outcome)
    assert {"won", "lost"} <= outcomes


def test_herzblatt_deals_stopped_in_every_phase_round_trip():
    phases = set()
    for i in range(300):
        rules = HERZBLATT_SETUPS[i % len(HERZBLATT_SETUPS)]
        deal = random_herzblatt(rules, f"stop-{i}", stop=i % 14)
        rec, again = assert_round_trip(deal)
        assert (again.phase, again.turn, again.soloist) == (deal.phase, deal.turn, deal.soloist)
        assert check(rec)["phase"] == deal.phase
        phases.add(deal.phase)
    assert phases == {"asking", "discard", "announce", "contra", "re", "play", "over"}


def test_every_illegal_card_in_random_herzblatt_deals_is_reported_at_its_trick():
    found = 0
    for i in range(200):
        rules = HERZBLATT_SETUPS[i % len(HERZBLATT_SETUPS)]
        deal = random_herzblatt(rules, f"ill-{i}", stop=0)
        rng = random.Random(i)
        while not deal.is_over:
            if deal.phase != "play":
                random_herzblatt_move(deal, rng)
                continue
            seat = deal.turn
            illegal = [c for c in deal.hand(seat) if c not in deal.legal()]
            if illegal and rng.random() < 0.3:
                bad = rng.choice(illegal)
                d = record_of(deal).to_dict()
                bad_rec = Record.from_dict(d | {"plays": [*d["plays"], bad.code]})
                with pytest.raises(IllegalRecordPlay) as info:
                    replay(bad_rec)
                e = info.value
                assert (e.unit, e.number, e.seat, e.card, e.index) == (
                    "trick", len(deal.tricks) + 1, seat, bad, len(d["plays"]))
                assert e.reason == deal.why_illegal(bad).removesuffix(f": {bad.code} is not allowed")
                found += 1
                break
            deal.play(rng.choice(deal.legal()))
    assert found > 50


# --- robustness: any change is read or refused cleanly -------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 130) | st.text(max_size=6)
    | st.sampled_from(["AC", "KD", "10D", "pass", "play", "contra", "none", "66", "du", "9C@top", "JC@bottom",
                       "herzblatt", "herzeln-domino", "french-24", "muhr", FORMAT]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(base=st.sampled_from([herzeln(), chain(), herzblatt(), muhr()]),
       changes=st.dictionaries(st.sampled_from(["game", "contract", "pack", "dealer", "plays", "options", "skat",
                                                "asking", "discards", "announcement", "contra", "re"]),
                               JSON, max_size=3))
def test_any_change_to_a_record_of_either_game_is_read_or_refused_cleanly(base, changes):
    try:
        check(Record.from_json(json.dumps(base | changes)))
    except (RecordError, IllegalRecordPlay):
        pass


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.data())
def test_changing_single_plays_is_read_or_refused_cleanly(data):
    d = data.draw(st.sampled_from([herzeln(), chain(), herzblatt(), muhr()]))
    i = data.draw(st.integers(0, len(d["plays"]) - 1))
    d["plays"][i] = data.draw(st.sampled_from(["AC", "9C", "9C@top", "9C@bottom", "JD@top", "KD", "pass", "10D",
                                               "AH", "QS", "ZZ", ""]))
    try:
        check(Record.from_dict(d))
    except (RecordError, IllegalRecordPlay):
        pass


# --- the command line -----------------------------------------------------------------------------


def call(capsys, tmp_path, d):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err.rstrip("\n"), str(path)


def test_cli_checks_a_herzeln_and_a_herzblatt_record(tmp_path, capsys):
    code, out, err, _ = call(capsys, tmp_path, herzeln())
    assert (code, err) == (0, "") and json.loads(out)["points"] == [-20, -11, 0]
    code, out, err, _ = call(capsys, tmp_path, chain())
    assert code == 0 and json.loads(out)["points"] == [0, -10, -20]
    code, out, err, _ = call(capsys, tmp_path, herzblatt())
    assert code == 0 and json.loads(out)["stakes"] == [-3, 9, -3, -3]


def test_cli_exit_1_for_an_illegal_play(tmp_path, capsys):
    code, out, err, path = call(capsys, tmp_path, herzblatt(plays=[*HB_PLAYS[:5], "KD"]))
    assert (code, out) == (1, "")
    assert err == (f"keinstich check: {path}: illegal play: trick 2, seat 1 played KD: seat 1 has no clubs and "
                   "must trump with hearts (holds JH, QH, KH, 10H, AH)")
    code, _, err, path = call(capsys, tmp_path, herzeln(plays=[*HZ_PLAYS[:16], "AD"]))
    assert code == 1
    assert err.endswith("illegal play: trick 6, seat 1 played AD: seat 1 must follow hearts (holds KH, 10H)")


@pytest.mark.parametrize(("d", "tail"), [
    (herzblatt(discards=["10D", "AS"]), "discards: the soloist, seat 1, does not hold AS (seat 0 holds it)"),
    (herzblatt(asking=["pass", "play", "play"]), 'asking: answer 3, seat 2 says "play" after seat 1 already said play'),
    (herzblatt(skat=["10D", "AC"]), "AC is dealt twice: in seat 0's hand and the skat"),
    (herzblatt(options={"muhrr": True}), "unknown option 'muhrr' for contract herzblatt"),
    (chain([c.replace("@top", "") for c in CHAIN_PLAYS]), "turn 6: seat 2 lays 9C, which fits both ends"),
    (herzeln(pack="french-32"), "Herzeln with 3 players is played with the 24-card pack"),
])
def test_cli_exit_2_for_a_malformed_record(tmp_path, capsys, d, tail):
    code, out, err, path = call(capsys, tmp_path, d)
    assert (code, out) == (2, "")
    assert err.startswith(f"keinstich check: {path}: malformed record: {tail}")
    assert "\n" not in err


def test_both_games_are_registered():
    assert {"kein-stich", "herzeln", "herzblatt"} <= set(GAMES)
    assert GAMES["herzeln"].extra_keys == frozenset()
    assert GAMES["herzblatt"].extra_keys == {"skat", "asking", "discards", "announcement", "contra", "re"}


def test_the_examples_in_the_docs_are_records_that_check_as_described():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    examples = [Record.from_json(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]
    by_game = {}
    for rec in examples:
        by_game.setdefault(rec.game, []).append(check(rec))
    assert sorted(by_game) == ["herzblatt", "herzeln", "kein-stich"]
    trick, domino = by_game["herzeln"]
    assert (trick["points"], trick["total"], trick["tricks_won"]) == ([-20, -11, 0], -31, [6, 2, 0])
    assert (domino["finish_order"], domino["points"]) == ([0, 1, 2], [0, -10, -20])
    (hb,) = by_game["herzblatt"]
    assert hb["card_points"] == {"soloist": 87, "defenders": 33} and hb["stakes"] == [-3, 9, -3, -3]
    assert examples[-1] == Record.from_dict(herzblatt())

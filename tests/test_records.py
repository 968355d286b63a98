"""Game records: the JSON format, validation, replay, illegal plays, round trips of random deals."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import card, cards, pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_TRICKS
from keinstich.games import GAMES, register
from keinstich.layoff import DOMINO, DOMINO_CONTRACTS, DominoDeal, domino_contract
from keinstich.records import (
    FORMAT,
    IllegalRecordPlay,
    Record,
    RecordError,
    check,
    load,
    record_of,
    replay,
)
from keinstich.tricks import IllegalPlay, TrickDeal, forehand

# A hand-built 4-player deal of the 32-card pack; dealer 3, so seat 0 leads the first trick.
HANDS = [
    "AC AS AH AD 10C 10S 10H 10D",
    "KC KS QH JH 8H 9C 9S 9D",
    "QC QS 9H KH 7C JC JS KD",
    "8C 8S 7H 7S QD JD 8D 7D",
]
# The tricks worked out by hand (leader first), and who wins each:
TRICKS = [
    ("AC KC QC 8C", 0, 0),   # (cards, leader, winner)
    ("AS KS QS 8S", 0, 0),
    ("AH QH KH 7H", 0, 0),
    ("AD 9D KD QD", 0, 0),
    ("10C 9C JC 7S", 0, 2),  # seat 3 has no club left and throws 7S
    ("9H JD 10H JH", 2, 1),  # seat 3 has no heart left; JH beats 10H and 9H
    ("9S JS 8D 10S", 1, 2),
    ("7C 7D 10D 8H", 2, 2),
]
PLAYS = " ".join(t for t, _, _ in TRICKS).split()


def golden(contract="no-hearts", plays=PLAYS, **extra):
    d = {"format": FORMAT, "game": "kein-stich", "contract": contract, "pack": "german-32", "dealer": 3,
         "hands": [h.split() for h in HANDS], "plays": list(plays)}
    d.update(extra)
    return d


def golden_json(**kw):
    return json.dumps(golden(**kw))


# --- the hand-built deal ----------------------------------------------------------------------------


@pytest.mark.parametrize(("contract", "penalties"), [
    ("no-tricks", [20, 5, 15, 0]),       # 4, 1, 3, 0 tricks at 5
    ("no-hearts", [20, 15, 5, 0]),       # AH QH KH 7H / 9H 10H JH / 8H
    ("no-obers", [40, 0, 0, 0]),         # all four Obers fall in seat 0's first four tricks
    ("no-max", [40, 0, 0, 0]),           # KH in trick 3
    ("black-pig", [40, 0, 0, 0]),        # QS in trick 2
    ("no-penultimate", [0, 0, 40, 0]),   # trick 7 is seat 2's
    ("no-first-last", [20, 0, 20, 0]),   # trick 1 seat 0, trick 8 seat 2
])
def test_the_hand_built_deal_checks_to_the_hand_worked_penalties(contract, penalties):
    summary = check(Record.from_json(golden_json(contract=contract)))
    assert summary["complete"] is True
    assert summary["penalties"] == penalties
    assert summary["total"] == sum(penalties)
    assert summary["tricks_won"] == [4, 1, 3, 0]
    assert summary["players"] == 4 and summary["contract"] == contract
    assert [(t["number"], " ".join(t["cards"]), t["leader"], t["winner"]) for t in summary["tricks"]] == [
        (i, cs, lead, win) for i, (cs, lead, win) in enumerate(TRICKS, 1)]
    assert summary["current_trick"] == [] and summary["turn"] is None


def test_march_option_pays_the_marcher_when_one_seat_takes_every_trick():
    # Seat 0 holds the four Aces and the four Tens of a 4-player 32-card deal... but not every trick.
    rec = Record.from_json(golden_json(contract="no-tricks", options={"march": True}))
    assert rec.options == {"march": True}
    assert check(rec)["penalties"] == [20, 5, 15, 0]  # no march: the usual penalties
    # Three players, 24 cards: seat 0 holds every Ace and King and takes all 8 tricks.
    hands = ["AC KC AS KS AH KH AD KD", "QC JC QS JS QH JH QD JD", "10C 9C 10S 9S 10H 9H 10D 9D"]
    plays = "AC QC 10C KC JC 9C AS QS 10S KS JS 9S AH QH 10H KH JH 9H AD QD 10D KD JD 9D".split()
    d = {"format": FORMAT, "contract": "no-tricks", "pack": "german-24", "dealer": 2,
         "hands": [h.split() for h in hands], "plays": plays, "options": {"march": True}}
    out = check(Record.from_dict(d))
    # Deal total 8 x 5 = 40: each opponent pays 3/4 of it, 30; the marcher receives 60 - 40 = 20.
    assert out["penalties"] == [-20, 30, 30]
    assert out["tricks_won"] == [8, 0, 0]


def test_an_in_progress_record_reports_the_trick_being_played():
    summary = check(Record.from_json(golden_json(plays=PLAYS[:10])))
    assert summary["complete"] is False
    assert len(summary["tricks"]) == 2
    assert summary["current_trick"] == [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "QH"}]
    assert summary["turn"] == 2
    assert summary["penalties"] == [0, 0, 0, 0]  # no heart captured yet
    empty = check(Record.from_json(golden_json(plays=[])))
    assert empty["complete"] is False and empty["tricks"] == [] and empty["turn"] == 0


def test_the_first_leader_is_forehand_of_the_dealer():
    # With dealer 1, seat 2 leads: its QC can open the deal, seat 0's AC cannot.
    rec = Record.from_dict(golden(plays=["QC", "8C", "AC", "KC"]) | {"dealer": 1})
    assert check(rec)["tricks"][0] == {"number": 1, "leader": 2, "cards": ["QC", "8C", "AC", "KC"],
                                       "winner": 0}
    with pytest.raises(RecordError, match=r"play 1 \(trick 1\): seat 2 is to play but does not hold AC "
                                          r"\(seat 0 holds it\)"):
        replay(Record.from_dict(golden(plays=["AC"]) | {"dealer": 1}))


def test_replay_upto_steps_through_a_record():
    rec = Record.from_json(golden_json())
    assert len(replay(rec, 0).plays) == 0
    d = replay(rec, 14)
    assert len(d.tricks) == 3 and d.trick == ((0, card("AD")), (1, card("9D")))
    with pytest.raises(ValueError, match="upto must be from 0 to 32"):
        replay(rec, 33)


# --- illegal plays (exit 1 in the command line) ---------------------------------------------------


def test_not_following_suit_is_an_illegal_play_with_the_exact_message():
    plays = [*PLAYS[:10], "7C"]
    with pytest.raises(IllegalRecordPlay) as info:
        replay(Record.from_json(golden_json(plays=plays)))
    e = info.value
    assert str(e) == "trick 3, seat 2 played 7C: seat 2 must follow hearts (holds 9H, KH)"
    assert (e.unit, e.number, e.index, e.seat, e.card) == ("trick", 3, 10, 2, card("7C"))
    assert e.reason == "seat 2 must follow hearts (holds 9H, KH)"
    assert isinstance(e, IllegalPlay) and not isinstance(e, RecordError)


def test_an_illegal_play_in_the_first_trick():
    # Seat 1 holds KC and 9C: discarding KS on the led AC is refused (a german-32 record: acorns).
    with pytest.raises(IllegalRecordPlay, match=r"^trick 1, seat 1 played KS: seat 1 must follow acorns "
                                                r"\(holds 9C, KC\)$"):
        replay(Record.from_json(golden_json(plays=["AC", "KS"])))


# --- malformed records (exit 2 in the command line) --------------------------------------------


def hands_with(seat, old, new):
    hands = [h.split() for h in HANDS]
    hands[seat] = [new if c == old else c for c in hands[seat]]
    return hands


MALFORMED = [
    ("bad JSON", '{"format": "keinstich-record/1", "hands": [', r"^not valid JSON: "),
    ("not an object", "[1, 2]", r"^a record is a JSON object \{\"format\": \"keinstich-record/1\", …\}, not an array$"),
    ("null", "null", r"^a record is a JSON object .*, not null$"),
    ("one hand only", json.dumps({"format": FORMAT, "contract": "no-hearts", "pack": "german-32", "hands": [["AC"]]}),
     r"^Kein Stich is for 3 to 6 players; this record has 1 hand$"),
    ("three cards of 32", json.dumps({"format": FORMAT, "contract": "domino", "pack": "german-32",
                                      "hands": [["AC"], ["KC"], ["QC"]]}),
     r"^the hands do not make up the german-32 pack: 7C, 8C, 9C, 10C, JC, 7S, 8S, 9S, 10S, JS, QS, KS "
     r"and 17 more are not dealt$"),
    ("format version", golden_json() .replace(FORMAT, "keinstich-record/2"),
     r"^unknown format version 'keinstich-record/2': this program reads 'keinstich-record/1'$"),
    ("not a record", json.dumps({"format": "chess-pgn"}), r"^unknown format 'chess-pgn'"),
    ("no format", json.dumps({"contract": "no-hearts"}), r"^missing key 'format'"),
    ("no hands", json.dumps({"format": FORMAT, "contract": "no-hearts", "pack": "german-32"}),
     r"^missing key 'hands'"),
    ("unknown game", golden_json(game="skat"), r"^unknown game 'skat': use one of kein-stich"),
    ("unknown card in a hand", json.dumps(golden(hands=hands_with(1, "9S", "ZZ"))),
     r"^seat 1's hand: unknown card 'ZZ': a card is"),
    ("unknown card in the plays", golden_json(plays=["AC", "KX"]), r"^play 2: unknown card 'KX'"),
    ("card not in the pack", json.dumps(golden(hands=hands_with(3, "7D", "2D"))),
     r"^seat 3's hand: 2D is not in the german-32 pack$"),
    ("played card not in the pack", golden_json(plays=["AC", "6C"]), r"^play 2: 6C is not in the german-32 pack$"),
    ("unknown contract", golden_json(contract="no-spades"),
     r"^unknown contract 'no-spades' for kein-stich: use one of no-tricks, no-hearts, .*domino"),
    ("unknown pack", golden_json(pack="german-33"), r"^unknown pack 'german-33'"),
    ("card dealt twice", json.dumps(golden(hands=hands_with(3, "7D", "AC"))),
     r"^AC is dealt twice: in seat 3's hand and seat 0's hand$"),
    ("card played twice", golden_json(plays=[*PLAYS[:4], "AC"]), r"^AC is played twice: plays 1 and 5$"),
    ("hands do not make up the pack",
     json.dumps(golden(hands=[h.split() for h in HANDS[:3]] + [HANDS[3].split()[:-1]])),
     r"^the hands do not make up the german-32 pack: 7D is not dealt$"),
    ("hands of unequal size",
     json.dumps(golden(hands=[[*HANDS[0].split(), "7D"], *(h.split() for h in HANDS[1:3]),
                              HANDS[3].split()[:-1]])),
     r"^seat 0 holds 9 cards; every hand needs 8 \(32 cards of german-32 among 4 players\)$"),
    ("too few players", json.dumps({"format": FORMAT, "contract": "no-hearts", "pack": "french-20",
                                    "hands": [["AC", "KC", "QC", "JC", "10C", "AS", "KS", "QS", "JS", "10S"],
                                              ["AH", "KH", "QH", "JH", "10H", "AD", "KD", "QD", "JD", "10D"]]}),
     r"^Kein Stich is for 3 to 6 players; this record has 2 hands$"),
    ("unknown option", golden_json(options={"marsh": True}),
     r"^unknown option 'marsh' for contract no-hearts: the options are march, no_heart_lead, no_lead, "
     r"force_max_when_void, forced_discard, stop_when_decided$"),
    ("domino option on a trick deal", golden_json(options={"start": "hearts"}),
     r"^unknown option 'start' for contract no-hearts"),
    ("bad option value", golden_json(options={"march": "yes"}), r"^option 'march' must be true or false, not \"yes\"$"),
    ("options not an object", golden_json(options=["march"]), r"^'options' must be an object"),
    ("dealer out of range", golden_json(dealer=4), r"^'dealer' must be a seat number from 0 to 3, not 4$"),
    ("dealer not a number", golden_json(dealer="3"), r"^'dealer' must be a seat number from 0 to 3, not '3'$"),
    ("hands not a list", json.dumps(golden() | {"hands": "AC AS"}), r"^'hands' must be a list of hands"),
    ("plays not a list", json.dumps(golden() | {"plays": "AC KC"}), r"^'plays' must be a list of card codes"),
    ("a play that is not text", golden_json(plays=["AC", 7]),
     r"^play 2: a card is text such as \"QS\" \(or \"pass\"\), not 7$"),
    ("a null play", golden_json(plays=["AC", None]),
     r"^play 2: a card is text such as \"QS\" \(or \"pass\"\), not null$"),
    ("a pass in a trick deal", golden_json(plays=["AC", "pass"]),
     r"^play 2: \"pass\" is only for lay-off \(domino\) records; no-hearts is a trick deal"),
]


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in MALFORMED],
                         ids=[name for name, _, _ in MALFORMED])
def test_a_malformed_record_is_refused_with_a_clear_message(text, message):
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_not_utf8_is_malformed():
    with pytest.raises(RecordError, match=r"^not UTF-8 text"):
        Record.from_json(b'{"format": "\xff"}')


def test_deeply_nested_json_is_malformed_not_a_crash():
    with pytest.raises(RecordError):
        Record.from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize(("plays", "message"), [
    # Seat 1 is to play in trick 1 but QC is seat 2's.
    (["AC", "QC"], r"^play 2 \(trick 1\): seat 1 is to play but does not hold QC \(seat 2 holds it\)$"),
    # Seat 0 won trick 1 and leads again; KS is seat 1's card.
    ([*PLAYS[:4], "KS"], r"^play 5 \(trick 2\): seat 0 is to play but does not hold KS \(seat 1 holds it\)$"),
])
def test_a_play_of_a_card_the_seat_does_not_hold_is_malformed(plays, message):
    rec = Record.from_json(golden_json(plays=plays))  # statically fine: the card is in the deal
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_unknown_extra_keys_are_ignored():
    text = golden_json(comment="played at the club", players_names=["Anna", "Ben", "Cem", "Dora"],
                       seed=17)
    rec = Record.from_json(text)
    assert rec == Record.from_json(golden_json())
    assert "comment" not in rec.to_json()


def test_defaults_for_game_dealer_plays_and_options():
    d = golden()
    for key in ("game", "dealer", "plays", "options"):
        d.pop(key, None)
    rec = Record.from_dict(d)
    assert (rec.game, rec.dealer, rec.plays, dict(rec.options)) == ("kein-stich", 3, (), {})
    assert rec.forehand == 0


def test_codes_are_read_leniently_and_written_canonically():
    d = golden(plays=["ac", "KC", "qc", "8c", "as"])
    d["hands"][0] = ["AC", "AS", "AH", "AD", "TC", "TS", "10h", "10D"]
    rec = Record.from_dict(d)
    out = json.loads(rec.to_json())
    assert out["hands"][0] == ["AC", "AS", "AH", "AD", "10C", "10S", "10H", "10D"]
    assert out["plays"] == ["AC", "KC", "QC", "8C", "AS"]


def test_the_json_layout_has_one_hand_per_line():
    text = Record.from_json(golden_json()).to_json()
    assert '    ["AC", "AS", "AH", "AD", "10C", "10S", "10H", "10D"],\n' in text
    assert text.startswith('{\n  "format": "keinstich-record/1",\n  "game": "kein-stich",\n')
    assert text.endswith("]\n}\n")


def test_save_and_load(tmp_path):
    rec = Record.from_json(golden_json(options={"march": True}))
    path = tmp_path / "deal.json"
    rec.save(path)
    assert Record.load(path) == rec == load(str(path))
    assert json.loads(path.read_text(encoding="utf-8"))["options"] == {"march": True}
    with pytest.raises(OSError):
        Record.load(tmp_path / "missing.json")


def test_records_pickle_and_copy():
    import copy
    import pickle

    rec = Record.from_json(golden_json(options={"march": True}, plays=PLAYS[:5]))
    assert pickle.loads(pickle.dumps(rec)) == rec
    assert copy.deepcopy(rec) == rec


def test_records_compare_and_hash_by_value():
    a, b = Record.from_json(golden_json()), Record.from_json(golden_json())
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Record.from_json(golden_json(plays=PLAYS[:4]))


def test_a_record_can_be_built_in_python_from_text_codes():
    rec = Record(contract="no-hearts", pack="german-32", dealer=3, hands=[h.split() for h in HANDS],
                 plays=PLAYS[:4])
    assert rec.hands[0] == cards(HANDS[0]) and rec.plays[0] is card("AC")
    assert rec == Record.from_json(golden_json(plays=PLAYS[:4]))
    with pytest.raises(RecordError, match="unknown contract"):
        Record(contract="nope", pack="german-32", dealer=3, hands=[h.split() for h in HANDS])


# --- record_of and round trips --------------------------------------------------------------------


def test_record_of_the_hand_built_deal_reproduces_the_record():
    deal = TrickDeal([cards(h) for h in HANDS], NO_HEARTS, leader=0)
    for c in PLAYS:
        deal.play(c)
    rec = record_of(deal, pack="german-32")
    assert rec.dealer == 3
    assert rec == Record.from_json(golden_json())
    assert record_of(deal, pack="german-32", dealer=3) == rec
    with pytest.raises(RecordError, match="dealer 0 does not fit the deal: its forehand is seat 0, "
                                          "so the dealer is seat 3"):
        record_of(deal, pack="german-32", dealer=0)


def test_record_of_refuses_what_a_record_cannot_name():
    from keinstich.contracts import Contract, PerCard

    own = Contract("no-diamonds", "No Diamonds", (PerCard(5, suit="D"),))
    with pytest.raises(RecordError, match="cannot record contract 'no-diamonds'"):
        record_of(TrickDeal([cards(h) for h in HANDS], own), pack="german-32")
    with pytest.raises(RecordError, match="without a contract"):
        record_of(TrickDeal([cards(h) for h in HANDS]), pack="german-32")
    with pytest.raises(RecordError, match="cannot record list"):
        record_of([], pack="german-32")
    with pytest.raises(RecordError, match="not dealt"):
        record_of(TrickDeal([cards(h) for h in HANDS], NO_HEARTS), pack="french-52")


CONFIGS = [  # (players, pack) for every player count 3-6, several packs
    (3, "german-24"), (3, "french-30"), (3, "french-24"),
    (4, "german-32"), (4, "french-52"), (4, "french-24"),
    (5, "french-50"), (5, "german-30"),
    (6, "french-48"), (6, "french-30"), (6, "german-24"),
]


def assert_round_trip(deal, p, dealer):
    rec = record_of(deal, pack=p, dealer=dealer)
    text = rec.to_json()
    back = Record.from_json(text)
    assert back == rec and back.to_json() == text
    again = replay(back)
    assert again.dealt == deal.dealt and again.plays == deal.plays and again.is_over == deal.is_over
    return rec, again


@pytest.mark.parametrize("contract_id", list(KEIN_STICH_CONTRACTS))
@pytest.mark.parametrize(("players", "pack_id"), CONFIGS)
def test_random_finished_trick_deals_round_trip(contract_id, players, pack_id):
    contract = KEIN_STICH_CONTRACTS[contract_id]
    for seed in range(4):
        dealer = seed % players
        c = contract.with_march(True) if seed == 3 else contract
        deal = TrickDeal.from_seed(pack_id, players, f"rt-{seed}", c, dealer=dealer)
        deal.playout(random.Random(seed))
        rec, again = assert_round_trip(deal, pack_id, dealer)
        assert rec.options == ({"march": True} if seed == 3 else {})
        assert again.tricks == deal.tricks and again.scores() == deal.scores()
        summary = check(rec)
        assert summary["complete"] and summary["penalties"] == list(deal.scores())
        if seed != 3:
            assert summary["total"] == contract.total(pack_id, players)


def test_random_deals_stopped_early_round_trip():
    rng = random.Random(7)
    for i in range(300):
        players, pack_id = CONFIGS[i % len(CONFIGS)]
        contract = KEIN_STICH_CONTRACTS[rng.choice(list(KEIN_STICH_CONTRACTS))]
        deal = TrickDeal.from_seed(pack_id, players, i, contract, dealer=rng.randrange(players))
        for _ in range(rng.randrange(len(pack(pack_id)))):
            deal.play(rng.choice(deal.legal()))
        rec, again = assert_round_trip(deal, pack_id, None)
        assert again.trick == deal.trick and again.turn == deal.turn
        assert check(rec)["complete"] is False


def test_every_illegal_choice_in_random_deals_is_reported_at_its_trick():
    """Replace one play of a random deal by a held but illegal card: replay names that play."""
    rng = random.Random(11)
    found = 0
    for i in range(200):
        players, pack_id = CONFIGS[i % len(CONFIGS)]
        deal = TrickDeal.from_seed(pack_id, players, i, NO_TRICKS, dealer=players - 1)
        plays = []
        while not deal.is_over:
            seat = deal.turn
            illegal = [c for c in deal.hand(seat) if c not in deal.legal()]
            if illegal and rng.random() < 0.3:
                bad = rng.choice(illegal)
                rec = record_of(deal, pack=pack_id)
                bad_rec = Record.from_dict(rec.to_dict() | {"plays": [*rec.to_dict()["plays"], bad.code]})
                with pytest.raises(IllegalRecordPlay) as info:
                    replay(bad_rec)
                e = info.value
                assert (e.unit, e.number, e.seat, e.card, e.index) == (
                    "trick", len(deal.tricks) + 1, seat, bad, len(plays))
                assert e.reason.startswith(f"seat {seat} must follow ")
                found += 1
                break
            c = rng.choice(deal.legal())
            plays.append(c)
            deal.play(c)
    assert found > 100


# --- lay-off (domino) records --------------------------------------------------------------------


def random_domino(pack_id, players, seed, contract, dealer):
    hands = pack_hands(pack_id, players, seed)
    deal = DominoDeal(hands, contract, leader=forehand(dealer, players))
    rng = random.Random(seed)
    return deal, rng


def pack_hands(pack_id, players, seed):
    from keinstich.dealing import deal_hands

    return deal_hands(pack_id, players, seed)


def play_domino(deal, rng, stop=None):
    n = 0
    while not deal.is_over and (stop is None or n < stop):
        legal = deal.legal()
        if not legal or (deal.can_pass() and rng.random() < 0.1):
            deal.play(None)
        else:
            deal.play(rng.choice(legal))
        n += 1
    return deal


@pytest.mark.parametrize("contract", list(DOMINO_CONTRACTS.values()),
                         ids=lambda c: c.id)
@pytest.mark.parametrize(("players", "pack_id"), CONFIGS)
def test_random_finished_domino_deals_round_trip(contract, players, pack_id):
    for seed in range(3):
        deal, rng = random_domino(pack_id, players, seed, contract, seed % players)
        play_domino(deal, rng)
        rec, again = assert_round_trip(deal, pack_id, seed % players)
        assert rec.contract == contract.id
        assert again.finish_order == deal.finish_order and again.layout == deal.layout
        summary = check(rec)
        assert summary["complete"] is True
        assert summary["finish_order"] == list(deal.finish_order)
        assert sorted(summary["finish_order"]) == list(range(players))
        assert sum(summary["payout"]) == summary["pot"]


def test_domino_option_variants_round_trip():
    import dataclasses

    voluntary = dataclasses.replace(DOMINO, rules=dataclasses.replace(DOMINO.rules, voluntary_pass=True,
                                                                      pass_fee=5))
    for seed in range(30):
        deal, rng = random_domino("german-32", 4, seed, voluntary, 3)
        play_domino(deal, rng, stop=None if seed % 2 else seed)
        rec, again = assert_round_trip(deal, "german-32", 3)
        assert rec.options == {"voluntary_pass": True, "pass_fee": 5}
        assert again.fees() == deal.fees()
        assert check(rec)["pass_fees"] == list(deal.fees())


def test_a_start_option_names_the_same_contract_as_its_id():
    base = golden_domino()
    by_option = Record.from_dict(base | {"contract": "domino", "options": {"start": "hearts"}})
    by_id = Record.from_dict(base | {"contract": "domino-hearts"})
    assert replay(by_option).contract == replay(by_id).contract == domino_contract("hearts")
    with pytest.raises(RecordError, match=r"option start \"leaves\" contradicts contract domino-hearts"):
        Record.from_dict(base | {"contract": "domino-hearts", "options": {"start": "leaves"}})
    with pytest.raises(RecordError, match=r"option 'start' must be one of \"acorns\", "):
        Record.from_dict(base | {"options": {"start": "clubs"}})
    with pytest.raises(RecordError, match="unknown option 'march' for contract domino"):
        Record.from_dict(base | {"options": {"march": True}})


# A hand-built 3-player lay-off of the 24-card pack (A K O U 10 9 per suit); dealer 2, forehand 0.
DOMINO_HANDS = [
    "JC QC KC AC 10S 9S 9H 9D",
    "10C 9C JS QS KS 10H JH QH",
    "AS KH AH JD QD KD AD 10D",
]


def golden_domino(plays=(), **extra):
    d = {"format": FORMAT, "game": "kein-stich", "contract": "domino", "pack": "german-24", "dealer": 2,
         "hands": [h.split() for h in DOMINO_HANDS], "plays": list(plays)}
    return d | extra


def test_a_hand_built_domino_record_checks():
    # Seat 0 holds JC (the Unter of Acorns) and opens. Seat 1: 10C below it. Seat 2 has no club
    # neighbour (needs QC or 9C) but holds JD, an Unter: it starts the diamond row.
    plays = ["JC", "10C", "JD"]
    out = check(Record.from_dict(golden_domino(plays)))
    assert out["complete"] is False and out["turn"] == 0
    assert out["plays"] == [{"turn": 1, "seat": 0, "card": "JC"}, {"turn": 2, "seat": 1, "card": "10C"},
                            {"turn": 3, "seat": 2, "card": "JD"}]
    assert out["layout"]["C"] == ["10C", "JC"] and out["layout"]["D"] == ["JD"]
    assert out["finish_order"] == [] and "payout" not in out


# Played out by hand: seat 1 goes out first (turn 23), seat 2 second (turn 24); seat 0 keeps 9H and
# had to pass on turn 22 (the heart row ran JH-KH, and 10H was seat 1's).
DOMINO_PLAYS = ("JC 10C JD QC 9C QD KC JS KD AC QS AD 10S KS AS 9S JH 10D 9D QH KH pass 10H AH").split()


def test_a_hand_built_domino_deal_finishes_and_pays_out():
    out = check(Record.from_dict(golden_domino(DOMINO_PLAYS)))
    assert out["complete"] is True and out["turn"] is None
    assert out["finish_order"] == [1, 2, 0]
    assert out["layout"] == {"C": "9C 10C JC QC KC AC".split(), "S": "9S 10S JS QS KS AS".split(),
                             "H": "10H JH QH KH AH".split(), "D": "9D 10D JD QD KD AD".split()}
    assert out["plays"][21] == {"turn": 22, "seat": 0, "card": "pass"}
    # Pot of the standard trick deals, 3 players / 24 cards: 8x5 + 6x5 + 4x10 + 40 = 150,
    # paid 100 / 50 / 0 to first / second / third out.
    assert out["pot"] == 150
    assert out["payout"] == [0, 100, 50]
    assert out["pass_fees"] == [0, 0, 0]


def test_a_domino_card_that_does_not_fit_names_the_turn():
    plays = [*DOMINO_PLAYS[:21], "9H"]
    with pytest.raises(IllegalRecordPlay, match=r"^turn 22, seat 0 played 9H: seat 0 cannot lay 9H"):
        replay(Record.from_dict(golden_domino(plays)))


def test_a_domino_pass_is_written_as_pass_and_must_be_forced():
    # After JC, seat 1 holds 10C and may not pass.
    rec = Record.from_dict(golden_domino(["JC", "pass"]))
    assert rec.plays == (card("JC"), None)
    assert Record.from_json(rec.to_json()).to_dict()["plays"] == ["JC", "pass"]
    with pytest.raises(IllegalRecordPlay) as info:
        replay(rec)
    e = info.value
    assert (e.unit, e.number, e.seat, e.card) == ("turn", 2, 1, None)
    assert str(e) == "turn 2, seat 1 passed: seat 1 can play (10C, JS, JH) and may not pass"


def test_an_illegal_domino_card_names_the_turn():
    # Seat 0 must open with JC; 9H does not fit anywhere.
    with pytest.raises(IllegalRecordPlay, match=r"^turn 1, seat 0 played 9H: seat 0 must lay JC first") as info:
        replay(Record.from_dict(golden_domino(["9H"])))
    assert info.value.unit == "turn" and info.value.index == 0


def test_a_domino_card_not_held_is_malformed():
    with pytest.raises(RecordError, match=r"^turn 2: seat 1 is to move but does not hold QC "
                                          r"\(seat 0 holds it\)$"):
        replay(Record.from_dict(golden_domino(["JC", "QC"])))


# --- the registry -----------------------------------------------------------------------------------


def test_a_new_game_plugs_in_through_the_registry():
    class Toy:
        """A made-up game: one trick deal under No Hearts, with a 'table' extra key."""

        id = "toy"
        extra_keys = frozenset({"table"})

        def validate(self, record):
            if not isinstance(record.extra.get("table", ""), str):
                raise RecordError("'table' must be text")

        def replay(self, record, upto=None):
            deal = TrickDeal(record.hands, NO_HEARTS, leader=record.forehand)
            for c in record.plays[:upto]:
                deal.play(c)
            return deal

        def record_of(self, deal, *, pack, dealer):
            raise NotImplementedError

        def summary(self, record, deal):
            return {"game": "toy", "table": record.extra.get("table"), "tricks": len(deal.tricks)}

    register(Toy())
    try:
        d = golden(game="toy", plays=PLAYS[:8], table="blue")
        rec = Record.from_dict(d)
        assert rec.extra == {"table": "blue"}
        assert json.loads(rec.to_json())["table"] == "blue"
        assert check(rec) == {"game": "toy", "table": "blue", "tricks": 2}
        with pytest.raises(RecordError, match="'table' must be text"):
            Record.from_dict(golden(game="toy", table=3))
    finally:
        del GAMES["toy"]
    with pytest.raises(ValueError, match="core record keys"):
        register(type("Bad", (), {"id": "bad", "extra_keys": frozenset({"plays"})})())


def test_a_play_after_the_lay_off_is_over_is_malformed():
    rec = Record.from_dict(golden_domino([*DOMINO_PLAYS, "pass"]))
    with pytest.raises(RecordError, match=r"^play 25: the lay-off deal is already over after 24 turns$"):
        replay(rec)


def test_a_voluntary_pass_is_legal_only_with_the_option():
    plays = ["JC", "pass"]
    rec = Record.from_dict(golden_domino(plays, options={"voluntary_pass": True, "pass_fee": 5}))
    out = check(rec)
    assert out["plays"][1] == {"turn": 2, "seat": 1, "card": "pass"}
    assert out["pass_fees"] == [0, 5, 0]
    with pytest.raises(IllegalRecordPlay):
        replay(Record.from_dict(golden_domino(plays)))


def test_a_lay_off_that_cannot_start_is_malformed():
    from keinstich.dealing import deal_hands

    # The 24-card pack without JC (and two Nines, so that 21 cards deal to 3): no Unter of Acorns.
    p = "german-24-minus-JC-9S-9H"
    hands = [[c.code for c in h] for h in deal_hands(p, 3, 1)]
    d = golden_domino() | {"pack": p, "hands": hands}
    with pytest.raises(RecordError, match=r"^contract domino: JC \(Unter of Acorns\) must start the lay-off"):
        Record.from_dict(d)
    assert check(Record.from_dict(golden(contract="no-tricks") | {"pack": p, "hands": hands, "plays": [],
                                                                   "dealer": 2}))["complete"] is False


# --- robustness: nothing but RecordError (or an illegal play) for any JSON ------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from(["AC", "pass", "german-32", "no-hearts", "domino", FORMAT, "march"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(base=st.sampled_from([golden(), golden_domino(DOMINO_PLAYS)]),
       changes=st.dictionaries(st.sampled_from(["format", "game", "contract", "pack", "dealer", "hands",
                                                "plays", "options", "extra"]), JSON, max_size=3))
def test_any_change_to_a_record_is_read_or_refused_cleanly(base, changes):
    try:
        rec = Record.from_json(json.dumps(base | changes))
        check(rec)
    except (RecordError, IllegalRecordPlay):
        pass


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.data())
def test_changing_single_cards_is_read_or_refused_cleanly(data):
    d = golden() if data.draw(st.booleans()) else golden_domino(DOMINO_PLAYS)
    where = data.draw(st.sampled_from(["hands", "plays"]))
    codes = ["AC", "7C", "2C", "ZZ", "pass", "10H", "TH", "qs", "", "KH", "JC", "9H"]
    if where == "hands":
        seat = data.draw(st.integers(0, len(d["hands"]) - 1))
        i = data.draw(st.integers(0, len(d["hands"][seat]) - 1))
        d["hands"][seat][i] = data.draw(st.sampled_from(codes))
    else:
        i = data.draw(st.integers(0, len(d["plays"]) - 1))
        d["plays"][i] = data.draw(st.sampled_from(codes))
    try:
        check(Record.from_dict(d))
    except (RecordError, IllegalRecordPlay):
        pass

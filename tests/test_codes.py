"""Deal codes and result codes: every game round trip through a record, links, and the refusals."""

import json
import random

import pytest

from keinstich.cli import main
from keinstich.codes import ALPHABET, MAX_CODE, WORDS, CodeError, DealCode, deal_code, read_code, result_code
from keinstich.games import GAMES
from keinstich.records import Record, record_of, replay

SETUPS = [  # (game, contract, players): trick and lay-off deals of every game, Herzblatt's phases and variants
    ("kein-stich", "no-hearts", 4), ("kein-stich", "no-max", 3), ("kein-stich", "power", 5),
    ("kein-stich", "domino", 4), ("kein-stich", "domino-any", 6), ("herzeln", "herzeln-no-queens", 3),
    ("herzeln", "herzeln-domino", 3), ("herzeln", "herzeln-domino-rows", 4), ("herzblatt", "herzblatt-4", 4),
    ("herzblatt", "herzblatt-4-muhr", 4), ("herzblatt", "herzblatt-3-keep-trumps", 3), ("herzblatt", "herzblatt-5", 5),
]


def _played(game: str, contract: str, players: int, seed: int, moves: int | None = None):
    deal = GAMES[game].deal(contract, seed, players=players)
    rng = random.Random(seed)
    while not deal.over and (moves is None or len(deal.history) < moves):
        deal.play(rng.choice(deal.legal_moves()))
    return deal


@pytest.mark.parametrize(("game", "contract", "players"), SETUPS)
def test_every_game_round_trips_through_its_record(game, contract, players):
    for seed, moves in ((1, 0), (2, 5), (3, None)):
        deal = _played(game, contract, players, seed, moves)
        code = deal_code(deal, seat=players - 1, seed=seed, bots=["heuristic"] * players)
        text = code.text
        assert text.startswith("KS1-") and set(text[4:]) <= set(ALPHABET), text
        back = read_code(text)
        assert back == code and back.seat == players - 1 and back.seed == seed
        assert back.record == record_of(deal)  # the code holds the deal's own record, nothing else
        again = back.position()
        assert again.history == deal.history and again.dealt == deal.dealt
        assert again.result().scores == deal.result().scores
        assert read_code(text.lower()) == code  # typed in small letters, still the same code


def test_codes_are_short():
    """A seeded deal handed out at its start fits in a chat line; a whole played deal in two."""
    deal = GAMES["kein-stich"].deal("no-hearts", 7)
    assert len(deal_code(deal, seed=7).text) <= 50
    finished = _played("kein-stich", "no-hearts", 4, 7)
    assert len(deal_code(finished, seed=7).text) <= 90
    assert len(deal_code(_played("kein-stich", "domino", 4, 7), seed=7).text) <= 160


def test_typed_hands_and_words_a_code_does_not_know():
    """Hands typed by a teacher (no seed), a seed that is a word, a bot spec with settings: all kept."""
    text = "0: AC KC QC JC 10C 9C 8C 7C\n1: AS KS QS JS 10S 9S 8S 7S\n2: AH KH QH JH 10H 9H 8H 7H\n" \
           "3: AD KD QD JD 10D 9D 8D 7D"
    deal = GAMES["kein-stich"].deal_from_text(GAMES["kein-stich"].contract("black-pig"), text)
    code = deal_code(deal, 2, seed="lesson-6", bots=["random", "montecarlo:samples=40", "heuristic", "heuristic"])
    back = read_code(code.text)
    assert back.seed == "lesson-6" and back.bots[1] == "montecarlo:samples=40"
    assert back.position().dealt == deal.dealt


def test_variant_settings_are_kept():
    """The record's options (March, no heart lead, a pass fee, Muhr) come back as set."""
    ks = GAMES["kein-stich"]
    for contract, changes in (("no-hearts", {"march": True, "no_lead": "H"}),
                              ("domino", {"voluntary_pass": True, "pass_fee": 10})):
        rec = record_of(ks.deal(contract, 4)).to_dict()
        rec["options"] = changes
        record = Record.from_dict(rec)
        back = read_code(DealCode(record, 0).text)
        assert dict(back.record.options) == dict(record.options) and back.record == record


def test_a_link_holds_a_code():
    deal = _played("herzeln", "herzeln-no-hearts", 4, 3, 6)
    code = deal_code(deal, 1).text
    for link in (f"https://mybinder.org/v2/gh/x/y/HEAD?urlpath=voila/render/apps/table.ipynb&deal={code}",
                 f"http://localhost:8866/?deal={code}", f"/voila/render/apps/table.ipynb?deal={code}&teacher=1"):
        assert read_code(link).text == code


def test_result_codes():
    """The deal code's position played on: the result code holds it all, its start, and the name."""
    start = _played("kein-stich", "no-obers", 4, 11, 3)
    given = deal_code(start, 1, seed=11, bots="heuristic")
    finished = _played("kein-stich", "no-obers", 4, 11, 3)
    rng = random.Random(5)
    while not finished.over:
        finished.play(rng.choice(finished.legal_moves()))
    result = result_code(given.text, finished, name="Anna K.")
    text = result.text
    assert text.startswith("KR1-")
    back = read_code(text)
    assert back.kind == "result" and back.start == 3 and back.name == "Anna K." and back.seat == 1
    assert back.deal.text == given.text  # the deal it was played from
    assert back.position().history == finished.history
    assert back.start_position().history == start.history
    other = _played("kein-stich", "no-obers", 4, 12)
    with pytest.raises(CodeError, match="not played from the code's position"):
        result_code(given, other)
    with pytest.raises(CodeError, match="at most 60 characters"):
        result_code(given, finished, name="x" * 61)


@pytest.mark.parametrize(("text", "message"), [
    ("", "is not a deal code"),
    ("hello world", "is not a deal code"),
    ("KS1", "is not a deal code"),
    ("KS2-0123ABC", "newer version of the kit"),
    ("KS0-0123ABC", "no version of the kit wrote"),
    ("KS1-AB!CD", "character no code has"),
    ("KS1-" + "Z" * (MAX_CODE + 1), "has at most"),
])
def test_refused_in_one_sentence(text, message):
    with pytest.raises(CodeError, match=message) as caught:
        read_code(text)
    assert "\n" not in str(caught.value)


def test_a_changed_or_cut_code_is_refused():
    deal = _played("kein-stich", "no-hearts", 4, 7, 9)
    text = deal_code(deal, 0, seed=7).text
    for i in range(4, len(text)):  # every single-character change is caught by the checksum
        for ch in (ALPHABET[(ALPHABET.index(text[i]) + 1) % 32], ALPHABET[(ALPHABET.index(text[i]) + 17) % 32]):
            with pytest.raises(CodeError, match=r"damaged|changed"):
                read_code(text[:i] + ch + text[i + 1:])
    for cut in (5, 12, len(text) - 1):
        with pytest.raises(CodeError, match=r"damaged|changed"):
            read_code(text[:cut])
    with pytest.raises(CodeError, match=r"damaged|changed"):
        read_code("KR1" + text[3:])  # a deal code passed off as a result code


def test_a_well_made_code_of_an_impossible_deal_is_refused_with_the_records_words():
    """The checksum is right, the deal is not: the record codec says what is wrong."""
    deal = GAMES["kein-stich"].deal("no-hearts", 7)
    d = record_of(deal).to_dict()
    lead = deal.legal()[0]
    seat1 = deal.hand(1)
    off_suit = next(c for c in seat1 if c.suit != lead.suit and any(x.suit == lead.suit for x in seat1))
    d["plays"] = [lead.code, off_suit.code]
    text = DealCode(Record.from_dict(d), 0).text
    with pytest.raises(CodeError, match=r"not valid: trick 1, seat 1 played .*must follow"):
        read_code(text)
    with pytest.raises(CodeError, match="seat must be a seat from 0 to 3"):
        deal_code(deal, seat=4)


def test_the_word_table_names_every_game_contract_and_pack():
    """Every id the kit offers is one byte in a code (a new one would still work, written out in full)."""
    for game in GAMES.values():
        assert game.id in WORDS
        for players in range(2, 7):
            try:
                ids = game.contracts(players)
            except ValueError:
                continue
            assert set(ids) <= set(WORDS), set(ids) - set(WORDS)
    assert len(WORDS) == len(set(WORDS)) < 255


def test_keinstich_check_reads_a_code(capsys):
    deal = _played("herzblatt", "herzblatt-4", 4, 2, 9)
    code = deal_code(deal, 2, seed=2).text
    assert main(["check", code]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "herzblatt" and summary["code"] == {"kind": "deal", "version": 1, "seat": 2, "seed": 2}
    assert summary == {**json.loads(json.dumps(_summary(deal))), "code": summary["code"]}
    assert main(["check", code[:-2] + ("00" if code[-2:] != "00" else "11")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "checksum does not match" in err and "Traceback" not in err
    assert main(["check", "KS9-ABCDEF"]) == 2
    assert "newer version" in capsys.readouterr().err


def _summary(deal):
    from keinstich.records import check

    return check(record_of(deal))


def test_replay_of_the_code_record_is_the_deal():
    deal = _played("kein-stich", "domino", 4, 21)
    back = read_code(deal_code(deal).text)
    assert replay(back.record).history == deal.history

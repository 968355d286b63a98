"""Deal codes and class results against a careless user and a forger: digits that are not ASCII, a code with a right
checksum that counts its moves to 2**62, names, seeds and bots the encoder refuses, names that are formulas to
matplotlib, malformed lists of codes; and a fuzz test of codes forged with a correct checksum. Every one ends in a
:class:`CodeError` of one short sentence, or a code that writes back to itself, in bounded time."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from guards import LINE, within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keinstich.classroom import class_results, example_class
from keinstich.cli import main
from keinstich.code_bytes import Writer, from_base32, to_base32
from keinstich.codes import MAX_CODE, CodeError, DealCode, _encode, deal_code, read_code, result_code
from keinstich.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


def played(game: str, contract: str, seed: int, moves: int | None = None, players: int = 4):
    deal = GAMES[game].deal(contract, seed, players=players)
    rng = random.Random(seed)
    while not deal.over and (moves is None or len(deal.history) < moves):
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def forge(code: DealCode, **fields: object) -> str:
    """The text of ``code`` with ``fields`` changed behind the checks, signed with a correct checksum: what a forger
    who read this module could send."""
    for k, v in fields.items():
        object.__setattr__(code, k, v)
    return _encode(code)


def signed(payload: bytes, prefix: str = "KS1") -> str:
    """Any bytes as a code with a correct checksum."""
    return f"{prefix}-{to_base32(payload + zlib.crc32(prefix.encode() + payload).to_bytes(4, 'big'))}"


def payload(text: str) -> bytes:
    return from_base32(text.partition("-")[2])[:-4]




def refused(text: object, words: str = "") -> str:
    with within(30):
        with pytest.raises(CodeError) as caught:
            read_code(text)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= LINE, message[:300]
    assert words in message, message
    return message


# --- the items of the issue ------------------------------------------------------------------------------------

@pytest.mark.parametrize("digit", ["²", "¹", "³", "①", "٣", "𝟗"])
def test_a_version_in_digits_that_are_not_ascii_is_refused_in_one_sentence(digit, capsys):
    refused(f"KS{digit}-0", "is not a deal code")
    refused(f"KR{digit}-0ABC", "is not a deal code")
    assert main(["check", f"KS{digit}-0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a deal code" in err and "internal error" not in err


def test_the_widgets_from_code_refuse_it_too():
    from keinstich_widgets.quiz import BestCardQuiz, LegalCardsQuiz, QuizError
    from keinstich_widgets.table import Table

    for quiz in (BestCardQuiz, LegalCardsQuiz):
        with pytest.raises(QuizError, match="is not a deal code"):
            quiz.from_code("KS²-0")
    with pytest.raises(CodeError, match="is not a deal code"):
        Table.from_code("KS²-0", synchronous=True, review=False)


BIG_MOVES = "KS1-20000GK080R0G2081040G2080G0002VXP096"
"""40 characters, a correct checksum, and a move count of about 2**62 (the issue's code)."""


def test_a_code_that_counts_its_moves_to_2_62_is_refused_at_once():
    assert len(payload(BIG_MOVES)) > 5  # the checksum is right: it is the count that is wrong
    refused(BIG_MOVES, "damaged")
    refused(BIG_MOVES.lower(), "damaged")
    refused(f"https://example.org/voila/render/apps/table.ipynb?deal={BIG_MOVES}", "damaged")  # a ?deal= link


def test_opening_the_big_code_in_a_fresh_process_ends_at_once():
    """The issue's code froze the kernel: a fresh process reading it must end well within a minute."""
    probe = ("from keinstich.codes import read_code, CodeError\n"
             f"try:\n    read_code({BIG_MOVES!r})\nexcept CodeError as e:\n    print('refused:', e)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("refused:"), proc.stderr[-500:]


@pytest.mark.parametrize(("field", "value", "words"), [
    ("name", "Anna\nBen", "at most 60 characters, on one line"),
    ("name", "x" * 2000, "at most 60 characters, on one line"),
    ("name", "Anna\u2028Ben", "on one line"),
    ("name", "\u202eannA", "on one line"),
    ("name", " Anna ", "on one line"),
    ("seed", "", "a seed is a whole number"),
    ("seed", "a\nb", "a seed is a whole number"),
    ("seed", "s" * 101, "a seed is a whole number"),
    ("bots", ("", "heuristic", "heuristic", "heuristic"), "bots are one spec per seat"),
    ("bots", ("x" * 80, "heuristic", "heuristic", "heuristic"), "bots are one spec per seat"),
    ("bots", ("random\n", "heuristic", "heuristic", "heuristic"), "bots are one spec per seat"),
])
def test_the_decoder_refuses_what_the_encoder_refuses(field, value, words):
    finished = played("kein-stich", "no-tricks", 8)
    given = deal_code(played("kein-stich", "no-tricks", 8, 0), 1, seed=8, bots="heuristic")
    code = result_code(given, finished, name="Anna")
    text = forge(dataclasses.replace(code), **{field: value})
    message = refused(text, words)
    assert "no kit writes" in message
    with pytest.raises(CodeError, match=words.replace("(", r"\(")):  # the encoder's own refusal, in the same words
        dataclasses.replace(code, **{field: value})


def test_every_seed_a_table_takes_reads_back_and_no_other_is_written():
    """A table takes seeds of up to 100 digits: their codes read back (the decoder once refused any over 70 bits)."""
    deal = played("kein-stich", "no-hearts", 5, 2)
    for seed in (10 ** 99, -(10 ** 99), 2 ** 64 + 1, -1, 0, "lesson-6"):
        assert read_code(deal_code(deal, seed=seed).text).seed == seed
    for seed in (10 ** 100, 10 ** 5000, "", "x" * 101, 1.5, True):
        with pytest.raises(CodeError, match="a seed is a whole number") as caught:
            deal_code(deal, seed=seed)
        assert len(str(caught.value)) <= LINE


def test_a_forged_code_cannot_override_the_records_own_keys():
    """The game's extra keys come after the hands: an extra key named "plays" or "hands" is no key of a game."""
    deal = played("herzblatt", "herzblatt-4", 2, 9)
    code = deal_code(deal, 2, seed=2)
    extra = dict(code.record.extra)
    record = code.record
    object.__setattr__(record, "extra", {**extra, "hands": [["AC"]] * 4})
    try:
        text = _encode(code)
    finally:
        object.__setattr__(record, "extra", extra)
    refused(text, "damaged")


# --- class results ----------------------------------------------------------------------------------------------

def test_kein_stich_domino_ranks_the_students_who_went_out_first_first():
    results = class_results(example_class(8, contract="domino"), decisions=False)
    assert results.lower_is_better and results.unit == "pfennig"
    places = [s.deal().result().places[s.code.seat] for s in results.students]
    assert places == sorted(places) and places[0] == 1 and places[-1] > 1  # out first is ranked first
    first = results.students[0]
    assert first.rank == 1 and first.score == min(s.score for s in results.students) < 0  # they received the most


@pytest.mark.parametrize(("game", "contract", "lower"), [
    ("kein-stich", "no-hearts", True), ("kein-stich", "domino", True), ("herzeln", "herzeln-no-hearts", False),
    ("herzeln", "herzeln-domino", False), ("herzblatt", "herzblatt-4", False)])
def test_the_better_result_is_the_one_the_game_counts_better(game, contract, lower):
    """Kein Stich counts pfennig paid (a domino's payout is paid less: negative), Herzeln signed points, Herzblatt
    stakes won: the student who does best in the game's own terms is ranked first."""
    results = class_results(example_class(6, game=game, contract=contract), decisions=False)
    assert results.lower_is_better is lower
    best = results.students[0].score
    assert best == (min if lower else max)(s.score for s in results.students)


@pytest.mark.parametrize("name", [r"$\foo$", "$x^$", "$$", "50$ and 5$", "a_b^c"])
def test_a_name_that_looks_like_a_formula_is_drawn_as_typed(name):
    codes = example_class(3)
    named = {name if i == 0 else n: c for i, (n, c) in enumerate(codes.items())}
    results = class_results(named, decisions=False)
    assert name in [s.name for s in results.students]
    svg = results.chart_svg()
    assert svg.startswith("<svg") and results._repr_html_().startswith("<div")
    labels = [t.get_text() for t in results.chart().axes[0].get_yticklabels()]
    assert any(label.endswith(f". {name}") for label in labels)


def test_a_result_code_whose_name_looks_like_a_formula_is_drawn_too():
    given = deal_code(played("kein-stich", "no-obers", 4, 0), seed=4, bots="heuristic")
    codes = [result_code(given, played("kein-stich", "no-obers", 4), name=n).text for n in ("$$", r"$\alpha")]
    assert class_results(codes, decisions=False).chart_svg().startswith("<svg")


@pytest.mark.parametrize(("codes", "words"), [
    ([("Anna",)], "a pair (name, code), not a tuple of 1"),
    ([("Anna", "KR1-0", "x")], "a pair (name, code), not a tuple of 3"),
    (["KR1-0"] * 501, "more than 500 students"),
    ("Anna: KR1-0\n" * 200_000, "more text than a class's codes"),
])
def test_malformed_lists_of_codes_are_refused_in_one_sentence(codes, words):
    with within(30), pytest.raises(CodeError, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
        class_results(codes)
    assert "\n" not in str(caught.value)


def test_names_a_teacher_gives_are_one_line_each():
    codes = example_class(3)
    named = {("Anna\nBen" if i == 0 else "x" * 61 if i == 1 else n): c for i, (n, c) in enumerate(codes.items())}
    results = class_results(named, decisions=False)
    assert len(results.students) == 1 and len(results.notes) == 2
    assert all("at most 60 characters, on one line" in n and "\n" not in n for n in results.notes)


def test_a_huge_or_foreign_value_in_a_list_of_codes_is_a_note():
    codes = list(example_class(2).values())
    results = class_results([*codes, "K" * 10 ** 6, 12345, None], decisions=False)
    assert len(results.students) == 2 and len(results.notes) == 3
    assert all(len(n) <= LINE for n in results.notes)


# --- fuzz: codes forged with a correct checksum -----------------------------------------------------------------

def _bases() -> list[DealCode]:
    out = []
    for i, (game, contract, players) in enumerate([
            ("kein-stich", "no-hearts", 4), ("kein-stich", "domino", 4), ("herzeln", "herzeln-domino-rows", 3),
            ("herzblatt", "herzblatt-4-muhr", 4), ("herzblatt", "herzblatt-5", 5)]):
        start = played(game, contract, i + 1, 3, players)
        given = deal_code(start, 1, seed=i + 1, bots="heuristic")
        out.append(given)
        out.append(result_code(given, played(game, contract, i + 1, None, players), name="Anna K."))
    return out


BASES = _bases()
HOSTILE_UINTS = [0, 1, 7, 8, 127, 128, 255, 10_000, 10_001, 2 ** 31, 2 ** 62, 2 ** 69]
HOSTILE_TEXT = ["", "\n", "x" * 2500, "$$", "\u2028", "\x00", "KS1-", "é" * 61, "heuristic", "random"]


def _varint(x: int) -> bytes:
    w = Writer()
    w.uint(x)
    return bytes(w.out)


def _text(s: str) -> bytes:
    w = Writer()
    w.text(s)
    return bytes(w.out)


@st.composite
def forged_codes(draw: st.DrawFn) -> str:
    """A real code's bytes changed (a byte set, bytes cut out or put in, a hostile number or text spliced in, the
    tail cut) or its fields replaced behind the checks, then signed with a correct checksum."""
    base = draw(st.sampled_from(BASES))
    kind = draw(st.sampled_from(["byte", "cut", "insert", "uint", "text", "tail", "field"]))
    data = bytearray(payload(base.text))
    prefix = base.text[:3]
    if kind == "field":
        field, value = draw(st.sampled_from([
            ("name", v) for v in HOSTILE_TEXT] + [("seed", v) for v in (*HOSTILE_TEXT, -(2 ** 69), 2 ** 69)] + [
            ("bots", ()), ("bots", ("x",) * base.record.players), ("bots", ("",) * base.record.players),
            ("seat", 7), ("start", 10 ** 6), ("start", 2)]))
        if field == "name" and base.kind != "result":
            field = "seed"
        return forge(dataclasses.replace(base), **{field: value})
    i = draw(st.integers(0, len(data)))
    if kind == "byte" and data:
        data[min(i, len(data) - 1)] = draw(st.integers(0, 255))
    elif kind == "cut":
        del data[i:i + draw(st.integers(1, 8))]
    elif kind == "insert":
        data[i:i] = draw(st.binary(min_size=1, max_size=8))
    elif kind == "uint":
        data[i:i] = _varint(draw(st.sampled_from(HOSTILE_UINTS)))
    elif kind == "text":
        data[i:i] = _text(draw(st.sampled_from(HOSTILE_TEXT)))
    else:
        data = data[:i]
    return signed(bytes(data), prefix)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(text=forged_codes())
def test_fuzz_forged_codes_are_read_back_exactly_or_refused_in_one_sentence(text):
    with within(60):
        try:
            code = read_code(text)
        except CodeError as e:
            message = str(e)
            assert message and "\n" not in message and len(message) <= LINE, message[:300]
            return
        # what the decoder accepts, the encoder writes from the deal (its public functions, with their checks),
        # and it reads back the same
        given = deal_code(code.start_position(), code.seat, seed=code.seed, bots=code.bots or None)
        made = given if code.kind == "deal" else result_code(given, code.position(), name=code.name)
        assert made == code and read_code(made.text) == code and len(made.text) <= MAX_CODE


def test_every_base_code_reads_back():
    for code in BASES:
        assert read_code(code.text) == code

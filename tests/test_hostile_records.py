"""``keinstich check`` against hostile records: giant numbers, deep nesting, huge files, long codes,
a reader that goes away, and a fuzz test of mutated records of every game. Every one ends in exit
0, 1 or 2 with at most one short line on stderr, never a traceback, in bounded memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keinstich.bots import RandomBot, play_deal
from keinstich.cli import main
from keinstich.games import GAMES
from keinstich.layoff import DominoDeal, domino_contract
from keinstich.limits import MAX_NESTING, MAX_PLAYS, MAX_RECORD_BYTES
from keinstich.records import IllegalRecordPlay, Record, RecordError, check

ROOT = Path(__file__).resolve().parents[1]
LINE = 600
"""The longest error line allowed: a message quotes input shortened."""
ENV = os.environ | {"PYTHONPATH": str(ROOT)}


def played(game: str, contract: str, seed: int, players: int = 4) -> dict:
    """A finished deal of ``game`` played by random bots, as a record's parsed JSON."""
    deal = GAMES[game].deal(contract, seed, players=players)
    play_deal(deal, [RandomBot(seed * 10 + s) for s in range(players)])
    return json.loads(deal.record().to_json())


def voluntary_passes(seed: int = 1) -> dict:
    """A Kein Stich lay-off deal with voluntary passes, played by random bots."""
    deal = DominoDeal.from_seed("german-32", 4, seed, domino_contract(voluntary_pass=True))
    play_deal(deal, [RandomBot(seed * 10 + s) for s in range(4)])
    return json.loads(deal.record().to_json())


BASES = [played("kein-stich", "no-hearts", 1), played("kein-stich", "domino", 2), voluntary_passes(),
         played("herzeln", "herzeln-no-queens", 3, 3), played("herzeln", "herzeln-domino", 4, 3),
         played("herzblatt", "herzblatt", 5), played("herzblatt", "herzblatt-4-muhr", 6)]
"""A valid record of every game and machine (trick, lay-off, Herzblatt's phases, Muhr's calls)."""


def run_check(capsys, tmp_path, text: str | bytes):
    """``keinstich check`` of ``text`` in this process: (exit code, stdout, stderr), checked for the
    promises: exit 0, 1 or 2; stderr empty on success, else exactly one bounded line; no traceback."""
    path = tmp_path / "r.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and "internal error" not in err
    if code == 0:
        assert err == "" and json.loads(out)["format"] == "keinstich-record/1"
    else:
        assert out == "" and err.endswith("\n") and err.count("\n") == 1, err[:500]
        assert len(err) <= LINE, err[:500]
    return code, out, err


def test_every_base_record_checks(capsys, tmp_path):
    for d in BASES:
        assert run_check(capsys, tmp_path, json.dumps(d))[0] == 0


# --- the hostile shapes of the issue --------------------------------------------------------------

GIANT = "9" * 5000
DEEP = "[" * 990 + "]" * 990
KEYS = ["format", "game", "contract", "pack", "dealer", "hands", "plays", "options", "skat", "asking",
        "discards", "announcement", "contra", "re", "note"]


def with_raw(d: dict, key: str, raw: str) -> str:
    """``d`` as JSON with ``raw`` JSON text as the value of ``key``."""
    return json.dumps(d | {key: "@RAW@"}).replace('"@RAW@"', raw)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("raw", [GIANT, "-" + GIANT, DEEP, '{"a":' * 990 + "1" + "}" * 990],
                         ids=["giant", "negative-giant", "deep-list", "deep-object"])
def test_giant_numbers_and_deep_nesting_anywhere_are_one_clear_error(capsys, tmp_path, key, raw):
    for d in (BASES[0], BASES[5]):
        code, _, err = run_check(capsys, tmp_path, with_raw(d, key, raw))
        assert code == 2
        if raw.lstrip("-") == GIANT:
            assert "a number in it has more than 4,300 digits" in err
        else:
            assert "nested too deeply" in err or f"at most {MAX_NESTING} levels deep" in err


@pytest.mark.parametrize("raw", [GIANT[:4000], "[" * 30 + "1" + "]" * 30, '"' + "x" * 100_000 + '"'],
                         ids=["4000-digits", "30-deep", "long-text"])
@pytest.mark.parametrize("key", ["contract", "pack", "dealer", "options", "skat", "asking", "discards", "re"])
def test_large_values_within_the_limits_are_quoted_short(capsys, tmp_path, raw, key):
    code, _, err = run_check(capsys, tmp_path, with_raw(BASES[5], key, raw))
    assert code == 2 and len(err) <= LINE


@pytest.mark.parametrize("where", ["option", "option-name", "hand", "play"])
def test_values_inside_options_hands_and_plays_are_quoted_short(capsys, tmp_path, where):
    d = BASES[5]
    long_code = "Q" * 500_000
    changed = {"option": d | {"options": {"muhr": "[" * 30 + "]" * 30}},
               "option-name": d | {"options": {long_code: True}},
               "hand": d | {"hands": [[long_code], *d["hands"][1:]]},
               "play": d | {"plays": [long_code]}}[where]
    code, _, err = run_check(capsys, tmp_path, json.dumps(changed))
    assert code == 2 and "characters)" in err


def test_a_pack_id_with_a_giant_number_is_a_malformed_record(capsys, tmp_path):
    code, _, err = run_check(capsys, tmp_path, json.dumps(BASES[0] | {"pack": "german-" + "3" * 5000}))
    assert code == 2 and "unknown pack 'german-333" in err and "(5009 characters)" in err


def test_a_record_over_the_size_limit_is_refused_before_it_is_parsed(capsys, tmp_path):
    big = json.dumps(BASES[0] | {"note": "x" * MAX_RECORD_BYTES})
    tracemalloc.start()
    try:
        code, _, err = run_check(capsys, tmp_path, big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2 and f"at most {MAX_RECORD_BYTES:,} bytes (1 MiB)" in err
    assert peak < 8 * MAX_RECORD_BYTES  # the file is read up to the limit only, never parsed
    at_limit = json.dumps(BASES[0] | {"note": ""})
    at_limit = at_limit[:-1] + ', "pad": "' + "x" * (MAX_RECORD_BYTES - len(at_limit) - 11) + '"}'
    assert len(at_limit.encode()) == MAX_RECORD_BYTES
    assert run_check(capsys, tmp_path, at_limit)[0] == 0  # a record of exactly the limit is read


def test_a_limit_sized_record_is_checked_in_bounded_memory(tmp_path):
    """Checking a 1 MiB record of the most expensive shape (many tiny arrays in an ignored key)
    stays far below a Binder kernel's 2 GB: the growth of a fresh process's peak over its peak
    after checking a small record first (which loads, and may compile, the engine)."""
    small = tmp_path / "small.json"
    small.write_text(json.dumps(BASES[0]), encoding="utf-8")
    filler = "[" + ",".join(["[]"] * ((MAX_RECORD_BYTES - 2000) // 3)) + "]"
    path = tmp_path / "r.json"
    path.write_text(with_raw(BASES[0], "note", filler), encoding="utf-8")
    assert path.stat().st_size <= MAX_RECORD_BYTES
    probe = ("import resource, sys; from keinstich.cli import main; peak = lambda: "
             "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; a = main(['check', sys.argv[1]]); before = peak(); "
             "b = main(['check', sys.argv[2]]); print(a, b, peak() - before, file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", probe, str(small), str(path)], capture_output=True, text=True,
                          cwd=ROOT, env=ENV, timeout=120)
    first, code, growth_kib = map(int, proc.stderr.split())
    assert first == 0 and code == 0 and growth_kib < 200 * 1024


def test_more_plays_than_the_limit_are_refused(capsys, tmp_path):
    d = voluntary_passes()
    start = d["plays"][0]
    too_many = d | {"plays": [start] + ["pass"] * MAX_PLAYS}
    code, _, err = run_check(capsys, tmp_path, json.dumps(too_many))
    assert code == 2 and f"at most {MAX_PLAYS:,} plays, not {MAX_PLAYS + 1:,}" in err
    with pytest.raises(RecordError, match="at most 10,000 plays"):
        Record.from_dict(too_many)
    with pytest.raises(RecordError, match="at most 10,000 plays"):
        Record(contract="domino", pack="german-32", dealer=3,
               hands=tuple(tuple(h) for h in d["hands"]), plays=(start,) + ("pass",) * MAX_PLAYS)


def test_the_python_api_refuses_the_same_shapes_with_record_errors():
    for text in (with_raw(BASES[0], "dealer", GIANT), with_raw(BASES[5], "skat", DEEP), "[" * 100_000,
                 "x" * (MAX_RECORD_BYTES + 1)):
        with pytest.raises(RecordError):
            Record.from_json(text)
    deep: list = []
    for _ in range(2000):  # built in Python, deeper than the JSON parser would go
        deep = [deep]
    with pytest.raises(RecordError, match="levels deep"):
        Record.from_dict(BASES[5] | {"skat": deep})
    with pytest.raises(RecordError, match="must be two card codes") as refused:
        Record(game="herzblatt", contract="herzblatt", pack=BASES[5]["pack"], dealer=BASES[5]["dealer"],
               hands=tuple(tuple(h) for h in BASES[5]["hands"]), extra={"skat": deep})
    assert len(str(refused.value)) < 200
    with pytest.raises(RecordError, match="a number of about 5,000 digits"):
        Record(contract="no-hearts", pack="german-32", dealer=10 ** 4999, hands=(("AC",),))


# --- the command line's input and output streams ----------------------------------------------------


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "keinstich", *args]


def test_an_endless_stream_on_stdin_is_refused_after_the_limit():
    """``yes '[' | keinstich check -``: read up to the limit, then one line and exit 2."""
    proc = subprocess.run(f"yes '[' | {sys.executable} -m keinstich check -", shell=True, capture_output=True,
                          text=True, cwd=ROOT, env=ENV, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and f"at most {MAX_RECORD_BYTES:,} bytes" in proc.stderr


def test_a_reader_that_goes_away_is_not_an_error(tmp_path):
    """``keinstich check r.json | head -c 0``: stdout closed before the summary is written."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(BASES[2]), encoding="utf-8")
    for args in (["check", str(path), "--pretty"],
                 ["simulate", "--contract", "no-tricks", "--deals", "30", "--bots", "random", "--out", "-"]):
        proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=ENV)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # before the command has even started
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0, err
        assert err == ""


# --- fuzz: mutated valid records of every game ----------------------------------------------------

HOSTILE = st.sampled_from([GIANT, "-" + GIANT, DEEP, "1e999999", "NaN", "-Infinity", "null", "true", '"pass"',
                           '"' + "Q" * 5000 + '"', "[" + ",".join(['"pass"'] * 3000) + "]", '{"": {}}', "[[[]]]",
                           "123456789012345678901234567890", '"\\ud800"', '"QS@left"', '"10H@top"'])
JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def mutate(data: st.DataObject, d: dict) -> str:
    """One hostile change to a record: a key's value (or an element of a list) replaced by a
    hostile or random value, a key dropped, or the JSON text cut, spliced or corrupted."""
    kind = data.draw(st.sampled_from(["value", "element", "drop", "cut", "splice", "bytes"]))
    text = json.dumps(d)
    if kind == "value":
        key = data.draw(st.sampled_from(sorted(set(d) | {"options", "skat", "asking", "re", "note"})))
        if data.draw(st.booleans()):
            return with_raw(d, key, data.draw(HOSTILE))
        return json.dumps(d | {key: data.draw(JSON_VALUE)})
    if kind == "element":
        key = data.draw(st.sampled_from([k for k, v in d.items() if isinstance(v, list) and v]))
        values = list(d[key])
        i = data.draw(st.integers(0, len(values) - 1))
        values[i] = "@RAW@"
        return json.dumps(d | {key: values}).replace('"@RAW@"', data.draw(HOSTILE))
    if kind == "drop":
        key = data.draw(st.sampled_from(sorted(d)))
        return json.dumps({k: v for k, v in d.items() if k != key})
    if kind == "cut":
        return text[:data.draw(st.integers(0, len(text)))]
    if kind == "splice":
        i = data.draw(st.integers(0, len(text)))
        return text[:i] + data.draw(HOSTILE) + text[i:]
    raw = bytearray(text.encode())
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    return raw.decode("utf-8", "surrogateescape")


@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_mutated_records_of_every_game_end_in_0_1_or_2_with_one_short_line(capsys, tmp_path, data):
    d = data.draw(st.sampled_from(BASES))
    text = mutate(data, d)
    run_check(capsys, tmp_path, text.encode("utf-8", "surrogateescape"))
    for form in (text, text.encode("utf-8", "surrogateescape")):  # the Python API, from text and bytes:
        try:  # only the module's own errors, each with a message
            check(Record.from_json(form))
        except (RecordError, IllegalRecordPlay) as e:
            assert str(e) and len(str(e)) < LINE


def test_a_lone_surrogate_in_a_record_is_escaped_in_the_error_line(tmp_path, monkeypatch):
    """JSON may spell a lone surrogate (\\ud800), which a strict UTF-8 stderr cannot print."""
    import io

    d = BASES[5]
    path = tmp_path / "r.json"
    path.write_text(with_raw(d, "asking", '["\\ud800", "pass", "pass", "pass"]'), encoding="utf-8")
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(buffer, encoding="utf-8", errors="strict"))
    code = main(["check", str(path)])
    sys.stderr.flush()
    assert code == 2
    assert buffer.getvalue().decode().endswith("""asking: answer 1 must be 'play' or 'pass', not "\\ud800"\n""")

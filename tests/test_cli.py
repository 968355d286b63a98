"""The ``keinstich`` command line: ``check`` exit codes, its JSON, one-line errors, no tracebacks."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import call, one_line

from keinstich.records import FORMAT

ROOT = Path(__file__).resolve().parents[1]

# The hand-built 4-player deal of tests/test_records.py: dealer 3, seat 0 leads.
HANDS = [
    "AC AS AH AD 10C 10S 10H 10D",
    "KC KS QH JH 8H 9C 9S 9D",
    "QC QS 9H KH 7C JC JS KD",
    "8C 8S 7H 7S QD JD 8D 7D",
]
PLAYS = ("AC KC QC 8C AS KS QS 8S AH QH KH 7H AD 9D KD QD "
         "10C 9C JC 7S 9H JD 10H JH 9S JS 8D 10S 7C 7D 10D 8H").split()


def record(**changes):
    d = {"format": FORMAT, "game": "kein-stich", "contract": "no-hearts", "pack": "german-32", "dealer": 3,
         "hands": [h.split() for h in HANDS], "plays": PLAYS}
    return json.dumps(d | changes)


def write(tmp_path, text, name="deal.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(*args, stdin=None):
    """``python -m keinstich ARGS`` in a fresh process."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "keinstich", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)


# --- as a subprocess: python -m keinstich ---------------------------------------------------------


def test_check_a_good_record(tmp_path):
    proc = run("check", write(tmp_path, record()))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["complete"] is True
    assert out["penalties"] == [20, 15, 5, 0]  # worked out by hand in test_records.py
    assert out["total"] == 40
    assert [t["winner"] for t in out["tricks"]] == [0, 0, 0, 0, 2, 1, 2, 2]
    assert out["tricks"][5] == {"number": 6, "leader": 2, "cards": ["9H", "JD", "10H", "JH"], "winner": 1}


def test_check_an_illegal_play(tmp_path):
    path = write(tmp_path, record(plays=[*PLAYS[:10], "7C"]))
    proc = run("check", path)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert one_line(proc.stderr) == (f"keinstich check: {path}: illegal play: "
                                     "trick 3, seat 2 played 7C: seat 2 must follow hearts (holds 9H, KH)")


def test_check_a_malformed_record(tmp_path):
    path = write(tmp_path, record(format="keinstich-record/9"))
    proc = run("check", path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert one_line(proc.stderr) == (f"keinstich check: {path}: malformed record: unknown format version "
                                     "'keinstich-record/9': this program reads 'keinstich-record/1'")


def test_check_reads_standard_input():
    proc = run("check", "-", stdin=record(plays=PLAYS[:6]))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["complete"] is False and out["turn"] == 2
    assert out["current_trick"] == [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "KS"}]
    bad = run("check", "-", stdin="{not json")
    assert bad.returncode == 2
    assert one_line(bad.stderr).startswith("keinstich check: <stdin>: malformed record: not valid JSON: ")


def test_help_and_bad_command_lines():
    helped = run("--help")
    assert helped.returncode == 0 and "check" in helped.stdout and helped.stderr == ""
    sub = run("check", "--help")
    assert sub.returncode == 0 and "FILE" in sub.stdout
    unknown = run("replay", "x.json")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert one_line(unknown.stderr).startswith("keinstich: error: argument COMMAND: invalid choice: 'replay'")
    nothing = run()
    assert nothing.returncode == 2
    assert "required: COMMAND" in one_line(nothing.stderr)
    no_file = run("check")
    assert no_file.returncode == 2
    assert "required: FILE" in one_line(no_file.stderr)


def test_a_missing_file(tmp_path):
    path = str(tmp_path / "nowhere.json")
    proc = run("check", path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert one_line(proc.stderr) == f"keinstich check: cannot read {path}: No such file or directory"


def test_the_console_script_is_the_same_command(tmp_path):
    script = Path(sys.executable).with_name("keinstich")
    if not script.exists():
        pytest.skip("the keinstich console script is not installed in this environment")
    proc = subprocess.run([str(script), "check", write(tmp_path, record())], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["total"] == 40


# --- in this process: main([...]) -------------------------------------------------------------------


MALFORMED = [
    ("bad JSON", '{"format": "keinstich-record/1",', "not valid JSON: "),
    ("unknown card", record(hands=[["ZZ", *HANDS[0].split()[1:]], *(h.split() for h in HANDS[1:])]),
     "seat 0's hand: unknown card 'ZZ'"),
    ("unknown contract", record(contract="no-kings"), "unknown contract 'no-kings' for kein-stich"),
    ("unknown pack", record(pack="german-31"), "unknown pack 'german-31'"),
    ("card twice", record(hands=[HANDS[0].split(), HANDS[1].split(), HANDS[2].split(),
                                 [*HANDS[3].split()[:-1], "AC"]]),
     "AC is dealt twice: in seat 3's hand and seat 0's hand"),
    ("hands short of the pack", record(hands=[h.split()[:-1] for h in HANDS]),
     "the hands do not make up the german-32 pack: 7D, 9D, 10D, KD are not dealt"),
    ("card not held", record(plays=["AC", "QC"]),
     "play 2 (trick 1): seat 1 is to play but does not hold QC (seat 2 holds it)"),
    ("unknown option", record(options={"double": True}), "unknown option 'double' for contract no-hearts"),
]


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in MALFORMED],
                         ids=[n for n, _, _ in MALFORMED])
def test_main_check_malformed(tmp_path, capsys, text, message):
    path = write(tmp_path, text)
    code, out, err = call(capsys, "check", path)
    assert code == 2 and out == ""
    line = one_line(err)
    assert line.startswith(f"keinstich check: {path}: malformed record: {message}")


def test_main_check_good_and_illegal(tmp_path, capsys):
    code, out, err = call(capsys, "check", write(tmp_path, record(contract="no-obers")))
    assert code == 0 and err == ""
    assert json.loads(out)["penalties"] == [40, 0, 0, 0]
    compact = json.loads(out)
    code, out, err = call(capsys, "check", "--pretty", write(tmp_path, record(contract="no-obers")))
    assert code == 0 and json.loads(out) == compact
    assert '\n    {"number": 1, "leader": 0, "cards": ["AC", "KC", "QC", "8C"], "winner": 0},\n' in out
    code, out, err = call(capsys, "check", write(tmp_path, record(plays=["AC", "KS"])))
    assert code == 1 and out == ""
    assert one_line(err).endswith("illegal play: trick 1, seat 1 played KS: seat 1 must follow acorns (holds 9C, KC)")


def test_main_check_a_domino_record(tmp_path, capsys):
    hands = ["JC QC KC AC 10S 9S 9H 9D", "10C 9C JS QS KS 10H JH QH", "AS KH AH JD QD KD AD 10D"]
    plays = "JC 10C JD QC 9C QD KC JS KD AC QS AD 10S KS AS 9S JH 10D 9D QH KH pass 10H AH".split()
    text = json.dumps({"format": FORMAT, "game": "kein-stich", "contract": "domino", "pack": "german-24",
                       "dealer": 2, "hands": [h.split() for h in hands], "plays": plays})
    code, out, err = call(capsys, "check", write(tmp_path, text))
    assert code == 0 and err == ""
    got = json.loads(out)
    assert got["finish_order"] == [1, 2, 0] and got["payout"] == [0, 100, 50]
    code, out, err = call(capsys, "check", write(tmp_path, text.replace('"pass"', '"9H"')))
    assert code == 1
    assert one_line(err).split("illegal play: ")[1].startswith("turn 22, seat 0 played 9H: ")


def test_main_bad_command_lines(capsys, tmp_path):
    code, out, err = call(capsys, "deal")
    assert code == 2 and out == ""
    assert one_line(err).startswith("keinstich: error: argument COMMAND: invalid choice: 'deal'")
    code, out, err = call(capsys, "check", str(tmp_path))  # a directory
    assert code == 2 and one_line(err).startswith(f"keinstich check: cannot read {tmp_path}: ")
    code, out, err = call(capsys, "check", "a.json", "--colour")
    assert code == 2 and "unrecognized arguments: --colour" in one_line(err)
    code, out, err = call(capsys, "--help")
    assert code == 0 and "check" in out


def test_main_never_shows_a_traceback_for_binary_junk(tmp_path, capsys):
    path = tmp_path / "junk.json"
    path.write_bytes(bytes(range(256)))
    code, _, err = call(capsys, "check", str(path))
    assert code == 2 and "malformed record: not UTF-8 text" in one_line(err)

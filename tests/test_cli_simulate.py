"""``keinstich simulate`` and ``keinstich tournament``: summaries, CSV out, one-line usage errors (exit 2)."""

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_helpers import call, one_line

from keinstich.sim import simulate, summarize, tournament

ROOT = Path(__file__).resolve().parents[1]


def test_simulate_prints_each_seats_mean_with_its_interval(capsys):
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "30", "--bots",
                          "heuristic,random,random,random", "--seed", "1")
    assert code == 0 and err == ""
    s = summarize(simulate("no-hearts", 30, bots="heuristic,random,random,random", seed=1), by=["seat", "bot"])
    assert out.startswith("no-hearts (kein-stich), 4 players, german-32: 30 deals, seed 1\n")
    assert "penalty paid per deal (pfennig; lower is better)" in out
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    assert lines[head].split() == ["seat", "bot", "deals", "mean", "95%", "CI", "sd"]
    first = lines[head + 1].split()
    assert first[:3] == ["0", "heuristic", "30"]
    assert first[3] == f"{s['mean'].iloc[0]:.2f}"
    assert first[4] == f"[{s['ci_low'].iloc[0]:.2f}," and first[5] == f"{s['ci_high'].iloc[0]:.2f}]"
    assert any(line.startswith("random") for line in lines)  # the per-bot table: two kinds of bot


def test_simulate_writes_the_frame_as_csv(capsys, tmp_path):
    path = tmp_path / "results.csv"
    code, out, _ = call(capsys, "simulate", "--contract", "no-max", "--deals", "12", "--bots", "heuristic",
                        "--seed", "1", "--workers", "2", "--out", str(path))
    assert code == 0 and out.rstrip().endswith(f"wrote 48 rows to {path}")
    back = pd.read_csv(path)
    frame = simulate("no-max", 12, bots="heuristic", seed=1)
    assert list(back.columns) == list(frame.columns)
    assert back["score"].tolist() == frame["score"].tolist()
    assert back["seed"].astype(str).tolist() == frame["seed"].tolist()
    code, out, _ = call(capsys, "simulate", "--contract", "no-max", "--deals", "2", "--out", "-")
    assert code == 0 and len(pd.read_csv(io.StringIO(out))) == 8


def test_tournament_prints_the_bots_with_confidence_intervals(capsys, tmp_path):
    path = tmp_path / "t.csv"
    code, out, err = call(capsys, "tournament", "--contract", "no-tricks", "--bots", "heuristic,random",
                          "--deals", "40", "--out", str(path))
    assert code == 0 and err == ""
    assert "40 deals × 2 rotations (duplicate)" in out
    s = summarize(tournament("heuristic,random", "no-tricks", 40)).set_index("bot")
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.split()[:1] in (["heuristic"],
                                                                                                ["random"])}
    assert rows["heuristic"][2] == f"{s.loc['heuristic', 'mean']:.2f}"
    assert rows["random"][3] == f"[{s.loc['random', 'ci_low']:.2f},"
    assert len(pd.read_csv(path)) == 40 * 2 * 4


def test_whole_parties_and_other_games(capsys):
    code, out, _ = call(capsys, "simulate", "--partie", "king-louis", "--parties", "3")
    assert code == 0 and "king-louis (kein-stich), 4 players, german-32: 3 parties" in out
    assert "net result per partie" in out
    code, out, _ = call(capsys, "simulate", "--game", "herzblatt", "--contract", "herzblatt", "--players", "3",
                        "--deals", "6", "--bots", "random")
    assert code == 0 and "stakes won (+) or lost (−)" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--contract", "no-heart"], "keinstich simulate: unknown kein-stich contract 'no-heart': use one of no-tricks, "),
    (["--contract", "no-hearts", "--bots", "minimax"], "keinstich simulate: unknown bot 'minimax': use random, "),
    (["--contract", "no-hearts", "--bots", "montecarlo:samples=0"], "keinstich simulate: bot 'montecarlo': samples "
                                                                     "must be 1 or more, not 0"),
    (["--contract", "no-hearts", "--deals", "0"], "keinstich simulate: error: argument --deals: 0 must be 1 or more"),
    (["--contract", "no-hearts", "--deals", "-3"], "keinstich simulate: error: argument --deals: -3 must be 1 or"),
    (["--contract", "no-hearts", "--deals", "many"], "keinstich simulate: error: argument --deals: 'many' is not a "
                                                     "whole number"),
    (["--contract", "no-hearts", "--workers", "0"], "keinstich simulate: error: argument --workers: 0 must be 1"),
    (["--contract", "no-hearts", "--workers", "two"], "keinstich simulate: error: argument --workers: 'two' is not"),
    (["--contract", "no-hearts", "--game", "skat"], "keinstich simulate: error: argument --game: invalid choice"),
    (["--deals", "5"], "keinstich simulate: error: one of the arguments --contract --partie is required"),
    (["--contract", "no-hearts", "--players", "7", "--pack", "german-24"],
     "keinstich simulate: german-24 has 24 cards, which do not divide evenly among 7 players"),
    (["--contract", "no-hearts", "--out", "x.xlsx"], "keinstich simulate: --out x.xlsx: use a file name ending .csv"),
])
def test_usage_errors_are_one_line_and_exit_2(capsys, args, message):
    code, out, err = call(capsys, "simulate", *args)
    assert code == 2 and out == ""
    assert one_line(err).startswith(message), err


def test_tournament_usage_errors(capsys):
    code, _, err = call(capsys, "tournament", "--contract", "no-tricks", "--bots", "heuristic,randon")
    assert code == 2 and one_line(err).startswith("keinstich tournament: unknown bot 'randon'")
    code, _, err = call(capsys, "tournament", "--bots", "heuristic")
    assert code == 2 and "--contract" in one_line(err)


def test_simulate_writes_parquet_with_the_same_frame(capsys, tmp_path):
    path = tmp_path / "results.parquet"
    code, out, _ = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "5", "--seed", "2",
                        "--out", str(path))
    assert code == 0 and out.rstrip().endswith(f"wrote 20 rows to {path}")
    back = pd.read_parquet(path)
    frame = simulate("no-hearts", 5, seed=2)
    assert list(back.columns) == list(frame.columns)
    assert back["score"].tolist() == frame["score"].tolist()
    assert back["seat"].tolist() == frame["seat"].tolist()


def test_parquet_without_pyarrow_says_what_to_do(capsys, monkeypatch, tmp_path):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("pyarrow", "fastparquet") else real(name, *a))
    path = tmp_path / "r.parquet"
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "100000", "--out", str(path))
    assert code == 2 and out == "" and not path.exists()  # refused before a single deal is played
    assert one_line(err) == (f"keinstich simulate: writing Parquet ({path}) needs pyarrow: pip install pyarrow, "
                             "or write CSV instead (--out results.csv)")


def test_a_write_error_exits_3(capsys, tmp_path):
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "2", "--out",
                          str(tmp_path / "missing" / "r.csv"))
    assert code == 3 and out == ""
    assert one_line(err).startswith(f"keinstich simulate: cannot write {tmp_path / 'missing' / 'r.csv'}: ")


def test_as_a_command_with_two_worker_processes(tmp_path):
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "keinstich", "simulate", "--contract", "no-obers", "--deals", "8",
                           "--workers", "2", "--seed", "3", "--out", str(tmp_path / "r.csv")],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""
    assert pd.read_csv(tmp_path / "r.csv")["score"].tolist() == simulate("no-obers", 8, seed=3)["score"].tolist()
    bad = subprocess.run([sys.executable, "-m", "keinstich", "tournament", "--contract", "no-max", "--deals", "0"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert one_line(bad.stderr).startswith("keinstich tournament: error: argument --deals: 0 must be 1 or more")


def test_help(capsys):
    for command in ("simulate", "tournament"):
        code, out, _ = call(capsys, command, "--help")
        assert code == 0 and "--contract" in out and "--bots" in out and "95% confidence interval" in out
    code, out, _ = call(capsys, "--help")
    assert code == 0 and "simulate" in out and "tournament" in out

"""The command line's outputs lose nothing: ``--out`` is checked before any deal is played and
written whole or not at all (a failed or interrupted write keeps the old file and leaves no partial
one); odd seeds are one clear error; the worker processes are capped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_helpers import call, one_line

from keinstich import sim
from keinstich.cli import workers_for
from keinstich.files import cannot_write, write_atomically

ROOT = Path(__file__).resolve().parents[1]
GOOD = "deal,score\n1,20\n"
"""The contents of a results file from an earlier run, which no failed run may destroy."""


def no_simulation(*args, **kwargs):
    raise AssertionError("a deal was played before the output was checked")


@pytest.fixture
def unplayable(monkeypatch):
    """Any simulation fails the test: the command must refuse before it plays."""
    for name in ("simulate", "tournament", "simulate_partie"):
        monkeypatch.setattr(sim, name, no_simulation)


@pytest.mark.parametrize("command", [["simulate", "--contract", "no-hearts"], ["tournament", "--contract", "no-tricks"],
                                     ["simulate", "--partie", "standard"]])
def test_an_output_in_a_missing_folder_is_refused_before_any_deal_is_played(capsys, tmp_path, unplayable, command):
    out_path = tmp_path / "no" / "such" / "r.csv"
    code, out, err = call(capsys, *command, "--deals", "20000", "--out", str(out_path))
    assert code == 3 and out == ""
    assert one_line(err).endswith(f"cannot write {out_path}: there is no folder {str(out_path.parent)!r}")


def test_a_folder_named_like_the_output_is_refused_before_any_deal_is_played(capsys, tmp_path, unplayable):
    folder = tmp_path / "x.csv"
    folder.mkdir()
    code, _, err = call(capsys, "simulate", "--contract", "no-hearts", "--out", str(folder))
    assert code == 3 and one_line(err) == f"keinstich simulate: cannot write {folder}: it is a folder"
    assert cannot_write(tmp_path / "plain" / "r.parquet") == f"there is no folder {str(tmp_path / 'plain')!r}"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_output_is_refused_before_any_deal_is_played(capsys, tmp_path, unplayable):
    old = tmp_path / "results.csv"
    old.write_text(GOOD)
    old.chmod(0o444)
    code, _, err = call(capsys, "simulate", "--contract", "no-hearts", "--out", str(old))
    assert code == 3 and "the file is read-only" in one_line(err)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    code, _, err = call(capsys, "simulate", "--contract", "no-hearts", "--out", str(locked / "r.csv"))
    assert code == 3 and "cannot create a file in" in one_line(err)


def failing_write(error):
    """A ``to_csv`` that writes half its text to the file and then fails with ``error``."""
    def to_csv(self, path_or_buf=None, **kwargs):
        with open(path_or_buf, "w") as f:
            f.write("deal,seed,ga")
        raise error
    return to_csv


@pytest.mark.parametrize(("error", "exit_code", "message"), [
    (OSError(28, "No space left on device"), 3,
     "keinstich simulate: cannot write {path}: No space left on device; the file there is unchanged"),
    (KeyboardInterrupt(), 130, "keinstich simulate: interrupted; {path} is unchanged"),
])
def test_a_failed_or_interrupted_write_keeps_the_old_file_and_leaves_no_partial_one(
        capsys, tmp_path, monkeypatch, error, exit_code, message):
    path = tmp_path / "results.csv"
    path.write_text(GOOD)
    monkeypatch.setattr(pd.DataFrame, "to_csv", failing_write(error))
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "3", "--out", str(path))
    assert code == exit_code and out == ""
    assert one_line(err) == message.format(path=path)
    assert path.read_text() == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv"]


def test_a_file_size_limit_keeps_the_old_results(tmp_path):
    """A real failure midway: the file size limit (``ulimit -f``) stops the write of the new frame."""
    import resource

    path = tmp_path / "results.csv"
    path.write_text(GOOD)

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    proc = subprocess.run([sys.executable, "-m", "keinstich", "simulate", "--contract", "no-hearts", "--deals",
                           "200", "--bots", "random", "--out", str(path)], capture_output=True, text=True,
                          cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
                          timeout=120, preexec_fn=limit)
    assert proc.returncode == 3 and proc.stdout == ""
    assert one_line(proc.stderr) == (f"keinstich simulate: cannot write {path}: File too large; "
                                     "the file there is unchanged")
    assert path.read_text() == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv"]


def test_a_good_write_replaces_the_old_file_with_its_permissions(capsys, tmp_path):
    path = tmp_path / "results.csv"
    path.write_text(GOOD)
    path.chmod(0o640)
    code, _, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "3", "--seed", "2", "--out",
                        str(path))
    assert code == 0 and err == ""
    assert pd.read_csv(path)["score"].tolist() == sim.simulate("no-hearts", 3, seed=2)["score"].tolist()
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv"]


def test_write_atomically_keeps_the_old_file_on_any_error(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text("old")

    def half(tmp):
        Path(tmp).write_text("ne")
        raise ValueError("stopped")

    with pytest.raises(ValueError, match="stopped"):
        write_atomically(path, half)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["deal.json"]
    write_atomically(path, lambda tmp: Path(tmp).write_text("new"))
    assert path.read_text() == "new" and [p.name for p in tmp_path.iterdir()] == ["deal.json"]


# --- seeds and workers ------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "shown"), [
    ("²", "'²'"), ("--5", "'--5'"), ("1.5", "'1.5'"), ("", "''"), ("9" * 5000, None), ("-" + "9" * 101, None),
])
def test_odd_seeds_are_one_clear_error(capsys, unplayable, seed, shown):
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", f"--seed={seed}")
    assert code == 2 and out == ""
    line = one_line(err)
    assert line.startswith("keinstich simulate: --seed: ") and len(line) < 200
    if shown is None:
        assert "a seed number has at most 100 digits" in line
    else:
        assert f"the seed {shown} is not a whole number such as 7 or -3, nor a word such as lesson-3" in line


@pytest.mark.parametrize(("seed", "expected"), [("7", 7), ("-3", -3), (" 12 ", 12), ("lesson-3", "lesson-3"),
                                                ("1" * 100, int("1" * 100))])
def test_numbers_and_words_are_seeds(capsys, monkeypatch, seed, expected):
    seen = {}

    def simulate(*args, **kwargs):
        seen.update(kwargs)
        raise KeyboardInterrupt  # stop here: only the arguments matter

    monkeypatch.setattr(sim, "simulate", simulate)
    code, _, _ = call(capsys, "simulate", "--contract", "no-hearts", f"--seed={seed}")
    assert code == 130 and seen["seed"] == expected


def test_workers_are_capped_by_the_deals_and_the_cpus(capsys, monkeypatch):
    seen = {}

    def simulate(*args, **kwargs):
        seen.update(kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "simulate", simulate)
    call(capsys, "simulate", "--contract", "no-hearts", "--deals", "3", "--workers", "32")
    assert seen["workers"] == min(3, os.cpu_count() or 1)
    assert workers_for(32, 10) == min(10, os.cpu_count() or 1)
    assert workers_for(1, 10) == 1 and workers_for(4, 1) == 1
    assert workers_for(10_000, 10_000) == (os.cpu_count() or 1)

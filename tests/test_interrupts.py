"""Ctrl-C tells the truth and stops everything: sent as a terminal sends it (SIGINT to the whole process
group) to a real ``keinstich`` process, or to a script calling ``simulate()`` / ``tournament()`` as a
notebook does, at the moment the worker processes start and a little later; and after the new ``--out``
file is in place. Each run must end promptly with one line, no traceback and no process left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from cli_helpers import call, one_line

from keinstich import cli

ROOT = Path(__file__).resolve().parents[1]
ENV = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
DELAYS = (0.0, 0.0005, 0.001, 0.002, 0.005, 0.02, 0.1, 0.0)
"""Seconds after the first worker appears at which Ctrl-C is sent: at once (the worker is still being
forked, or not yet ignoring SIGINT) and a little later (the second worker starting, the first chunks).
Before the fix, every one of these tests failed within its first two or three runs: the Ctrl-C lost
(exit 0 after "Exception ignored … KeyboardInterrupt"), a worker's traceback, or workers left running."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(os, "killpg"),
                                reason="needs process groups and /proc (Linux)")


def group(pgid: int) -> list[tuple[int, str]]:
    """The processes of process group ``pgid`` as (pid, state), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == pgid:
            found.append((int(entry), fields[0]))
    return found


def at_a_terminal() -> None:
    """In the child before it runs: Ctrl-C as at a terminal. A shell without job control starts a background job
    (a test run started with ``&``) with SIGINT ignored, which every child would inherit and never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted_at_start(command: list[str], delay: float) -> tuple[int, str, str, list[tuple[int, str]]]:
    """Run ``command`` in a process group of its own, and as soon as it has a child process (its first
    worker) and ``delay`` seconds more, send SIGINT to the group; (exit code, stdout, stderr, the
    processes of the group left once it exited). A run still going three minutes later has hung (a loaded
    machine may take one)."""
    proc = subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=at_a_terminal)
    try:
        deadline = time.monotonic() + 300
        while proc.poll() is None and not [p for p, _ in group(proc.pid) if p != proc.pid]:
            assert time.monotonic() < deadline, "no worker process started within five minutes"
            time.sleep(0.0002)
        assert proc.poll() is None, f"the run ended before its workers started: {proc.communicate()}"
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command} hung after Ctrl-C at {delay} s: {group(proc.pid)}")
        return proc.returncode, out, err, group(proc.pid)
    finally:
        if proc.poll() is None or group(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


KEINSTICH = [sys.executable, "-m", "keinstich"]


@pytest.mark.parametrize("command", [
    ["tournament", "--contract", "no-tricks", "--deals", "2000"],
    ["simulate", "--contract", "no-hearts", "--deals", "3000"],
    ["simulate", "--partie", "standard", "--parties", "200"],
], ids=["tournament", "simulate", "partie"])
def test_ctrl_c_while_the_workers_start_stops_the_command(command):
    for delay in DELAYS:
        code, out, err, left = interrupted_at_start([*KEINSTICH, *command, "--workers", "2", "--no-progress"],
                                                   delay)
        assert (code, err, left) == (130, f"keinstich {command[0]}: interrupted\n", []), (delay, out, err)


SCRIPT = """
import multiprocessing, sys
from keinstich import sim
try:
    if sys.argv[1] == "simulate":
        sim.simulate("no-hearts", 3000, workers=2)
    else:
        sim.tournament("heuristic,random", "no-tricks", 2000, workers=2)
except KeyboardInterrupt:
    print("KeyboardInterrupt; workers left:", len(multiprocessing.active_children()))
else:
    print("not interrupted")
"""


@pytest.mark.parametrize("function", ["simulate", "tournament"])
def test_ctrl_c_in_a_notebook_raises_keyboard_interrupt_with_the_pool_down(function):
    """A kernel interrupt while ``simulate(..., workers=2)`` runs: KeyboardInterrupt reaches the caller,
    and by then no worker is left (not after, at the interpreter's exit)."""
    for delay in DELAYS[::2]:
        code, out, err, left = interrupted_at_start([sys.executable, "-c", SCRIPT, function], delay)
        assert (code, out, err, left) == (0, "KeyboardInterrupt; workers left: 0\n", "", []), delay


# --- what a Ctrl-C leaves of --out -----------------------------------------------------------------------


def test_ctrl_c_after_the_new_results_are_in_place_says_so_and_keeps_them(tmp_path):
    """Ctrl-C the moment the new file has been renamed over the old one (while the summary is made), and a
    little later (while it prints, while the process exits): the results are there, so the command exits 0,
    finishing its summary or saying that it cut it short; it never claims the old file survived. Before, it
    said "interrupted; r.csv is unchanged" and exited 130."""
    path = tmp_path / "r.csv"
    wrote = f"wrote 1200 rows to {path}\n"
    for delay in (0.0, 0.0, 0.0005, 0.002, 0.01, 0.05):
        path.write_text("deal,score\n1,20\n")
        old = path.stat().st_ino
        proc = subprocess.Popen([*KEINSTICH, "simulate", "--contract", "no-hearts", "--deals", "300", "--bots",
                                 "random", "--out", str(path), "--no-progress"], cwd=ROOT, env=ENV,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                                preexec_fn=at_a_terminal)
        while proc.poll() is None and path.stat().st_ino == old:
            time.sleep(0.0002)
        time.sleep(delay)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"the command hung after Ctrl-C {delay} s after the rename: {proc.communicate()}")
        assert path.stat().st_ino != old and len(pd.read_csv(path)) == 1200
        assert proc.returncode == 0, (delay, err)
        assert (err, out.endswith(wrote)) in (
            ("", True), (f"keinstich simulate: interrupted after the results were written to {path}; only the summary "
                         "is cut short\n", False)), (delay, out, err)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_ctrl_c_before_the_results_are_written_keeps_the_old_file(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("deal,score\n1,20\n")
    code, _, err, left = interrupted_at_start([*KEINSTICH, "simulate", "--contract", "no-hearts", "--deals", "3000",
                                               "--workers", "2", "--out", str(path), "--no-progress"], 0.05)
    assert (code, err, left) == (130, f"keinstich simulate: interrupted; {path} is unchanged\n", [])
    assert path.read_text() == "deal,score\n1,20\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


def test_ctrl_c_while_the_summary_prints_keeps_the_written_file(capsys, tmp_path, monkeypatch):
    path = tmp_path / "r.csv"
    path.write_text("deal,score\n1,20\n")
    monkeypatch.setattr(cli, "_report", interrupt)
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "3", "--out", str(path))
    assert code == 0 and out == ""
    assert one_line(err) == (f"keinstich simulate: interrupted after the results were written to {path}; "
                             "only the summary is cut short")
    assert len(pd.read_csv(path)) == 12


def test_ctrl_c_before_a_new_file_is_written_says_it_was_not(capsys, tmp_path, monkeypatch):
    path = tmp_path / "r.csv"
    monkeypatch.setattr(pd.DataFrame, "to_csv", interrupt)
    code, out, err = call(capsys, "simulate", "--contract", "no-hearts", "--deals", "3", "--out", str(path))
    assert code == 130 and out == ""
    assert one_line(err) == f"keinstich simulate: interrupted; {path} was not written"
    assert list(tmp_path.iterdir()) == []

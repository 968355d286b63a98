"""Checker reliability figures (run by `make bench`); printed, not asserted.

``keinstich check`` on records of growing size, each in a fresh process that first checks a small
real record (which loads, and may compile, the engine): the exit code, the time inside ``main``,
the throughput, the process's peak memory (``ru_maxrss``) and how much the record added to that
peak. A real record of a few hundred bytes; a 1 MB record (a real deal plus an ignored key); a
limit-sized record of the costliest shape (1 MiB of tiny arrays: the most objects per byte); a
10 MB record and an endless stream, both refused at the limit (docs/records.md, "Limits").
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from keinstich.bots import RandomBot, play_deal
from keinstich.games import GAMES
from keinstich.limits import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[1]
PROBE = ("import resource, sys, time; from keinstich.cli import main; "
         "peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; main(['check', sys.argv[1]]); "
         "before = peak(); t = time.perf_counter(); code = main(['check', sys.argv[2]]); "
         "t = time.perf_counter() - t; print(code, t, peak(), peak() - before, file=sys.stderr)")


def real_record() -> dict:
    deal = GAMES["kein-stich"].deal("no-hearts", 1)
    play_deal(deal, [RandomBot(s) for s in range(4)])
    return json.loads(deal.record().to_json())


def padded(size: int) -> str:
    """A real record with an ignored ``note`` of text, ``size`` bytes in all."""
    text = json.dumps(real_record() | {"note": ""})
    return text[:-2] + "x" * (size - len(text)) + '"}'


def costliest(size: int) -> str:
    """A real record with an ignored ``note`` of tiny arrays, at most ``size`` bytes."""
    text = json.dumps(real_record() | {"note": "@"})
    count = (size - len(text)) // 3
    return text.replace('"@"', "[" + ",".join(["[]"] * count) + "]")


def measure(small: Path, path: Path) -> tuple[int, float, float, float]:
    """(exit code, seconds inside ``main``, peak MB of the process, MB the record added to the peak)
    of ``keinstich check path`` after ``keinstich check small``."""
    proc = subprocess.run([sys.executable, "-c", PROBE, str(small), str(path)], capture_output=True, text=True,
                          cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)}, timeout=600)
    code, seconds, peak_kib, growth_kib = proc.stderr.split()[-4:]
    return int(code), float(seconds), int(peak_kib) / 1024, int(growth_kib) / 1024


def endless_stream() -> tuple[int, float]:
    """``yes '[' | keinstich check -``: exit code and wall seconds."""
    t = time.perf_counter()
    proc = subprocess.run(f"yes '[' | {sys.executable} -m keinstich check -", shell=True, capture_output=True,
                          cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)}, timeout=600)
    return proc.returncode, time.perf_counter() - t


def in_process_rate(text: str, seconds: float = 1.0) -> float:
    """Records a second that ``check(Record.from_json(text))`` gets through in this process."""
    from keinstich.records import Record, check

    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        check(Record.from_json(text))
        n += 1
    return n / (time.perf_counter() - t0)


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}: keinstich check, one fresh process each")
    cases = [("real record", json.dumps(real_record())), ("1 MB (ignored text)", padded(1_000_000)),
             ("limit-sized, tiny arrays", costliest(MAX_RECORD_BYTES)),
             ("10 MB (refused)", padded(10_000_000))]
    with tempfile.TemporaryDirectory() as folder:
        small = Path(folder) / "small.json"
        small.write_text(cases[0][1], encoding="utf-8")
        for name, text in cases:
            path = Path(folder) / "r.json"
            path.write_text(text, encoding="utf-8")
            size = path.stat().st_size
            code, seconds, peak, growth = measure(small, path)
            rate = size / seconds / 1e6 if seconds > 0 else float("inf")
            print(f"  {name:26s} {size:>12,d} bytes  exit {code}  {seconds * 1000:8.1f} ms  "
                  f"{rate:8.1f} MB/s  peak {peak:6.1f} MB (+{growth:5.1f} MB)")
    rate = in_process_rate(cases[0][1])
    print(f"  {'real record, in process':26s} {len(cases[0][1]):>12,d} bytes  {rate:,.0f} records/s")
    code, seconds = endless_stream()
    print(f"  {'endless stream on stdin':26s} {'':>12s}        exit {code}  {seconds * 1000:8.1f} ms wall")


if __name__ == "__main__":
    main()

"""The trainer's three figures (printed, not asserted): the next position, a write to the memory, the bank.

* **next position**: :meth:`Practice.next` in each mode (at my level, one theme, one contract, and what is due in
  a deck of 300 positions, each renamed as it comes back), against the goal of 0.3 s at p99: the position comes
  from the bank or the deck, not from a search;
* **a write**: :meth:`Memory.record` of a rated answer (the answer, five ratings and their history, the deck, one
  transaction, in WAL mode) on a file on disk, against the goal of 10 ms at p99;
* **the bank**: its size, how long it takes to read, and how long making it takes per position kept
  (``scripts/make_bank.py`` runs offline: a few contracts are made here and the whole is estimated).

Wall-clock seconds (``time.perf_counter``): a learner waits for the clock, not the CPU.

    python benchmarks/trainer.py            # 400 positions and writes
    python benchmarks/trainer.py --quick    # 120
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from keinstich.trainer import bank as banks
from keinstich.trainer.glicko import Rating
from keinstich.trainer.memory import Answer, Memory
from keinstich.trainer.positions import code_of
from keinstich.trainer.practice import Practice, SimulatedClock, view_id

NEXT_GOAL, WRITE_GOAL = 0.3, 0.010


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * len(s) + 0.5) - 1))]


def line(name: str, xs: list[float], goal: float) -> str:
    p50, p99, top = quantile(xs, 0.5), quantile(xs, 0.99), max(xs)
    ok = "within" if p99 <= goal else "OVER"
    return (f"{name:34s} n={len(xs):4d}  median {p50 * 1000:7.2f} ms  p99 {p99 * 1000:7.2f} ms  "
            f"max {top * 1000:7.2f} ms  ({ok} the goal of {goal * 1000:.0f} ms at p99)")


def next_positions(n: int, folder: Path) -> list[str]:
    bank = banks.shipped()
    memory = Memory.open(folder / "next.sqlite3")
    clock = SimulatedClock(datetime(2025, 3, 3, 18, tzinfo=UTC))
    out = []
    theme = next(iter(bank.themes()))
    contract = next(iter(bank.contracts()))
    for mode, kwargs in (("level", {}), ("theme", {"theme": theme}), ("contract", {"contract": contract})):
        practice = Practice(memory, bank, mode=mode, clock=clock, **kwargs)  # type: ignore[arg-type]
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            q = practice.next()
            times.append(time.perf_counter() - t0)
            assert q is not None
        out.append(line(f"next position, {mode}", times, NEXT_GOAL))
    for e in bank.entries[:300]:  # a deck of 300 positions, all due
        p = e.position()
        memory.record(Answer(at=clock(), source="review", game=e.game, contract=e.contract, family=e.family,
                             position=code_of(p), view=view_id(p), move=e.good[0], grade="mistake", cost=5,
                             solved=False, tries=None, bank=e.id))
    clock.advance(days=2)
    practice = Practice(memory, bank, mode="due", clock=clock)
    times = []
    for _ in range(min(n, 300)):
        t0 = time.perf_counter()
        q = practice.next()
        times.append(time.perf_counter() - t0)
        assert q is not None
        practice.give_up()  # answered (it leaves the due list), not timed
    out.append(line("next position, due (renamed)", times, NEXT_GOAL))
    return out


def writes(n: int, folder: Path) -> list[str]:
    memory = Memory.open(folder / "writes.sqlite3")
    t = datetime(2025, 3, 3, 18, tzinfo=UTC)
    times = []
    for k in range(n):
        a = Answer(at=t + timedelta(minutes=k), source="trainer", game="kein-stich", contract="no-hearts",
                   family="kein-stich/tricks", position="{}", view=f"v{k % 50}", move="QS", grade="mistake", cost=5.0,
                   solved=k % 3 == 0, tries=1 if k % 3 == 0 else None, themes=("duck", "count"), bank=f"b{k % 50}",
                   rated=True, position_rating=Rating(1550, 120))
        t0 = time.perf_counter()
        memory.record(a)
        times.append(time.perf_counter() - t0)
    return [line("write one rated answer", times, WRITE_GOAL)]


def bank_figures(contracts: int) -> list[str]:
    path = Path(banks.__file__).with_name(banks.FILE)
    t0 = time.perf_counter()
    b = banks.read()
    read = time.perf_counter() - t0
    out = [f"bank: {len(b)} positions of {len(b.contracts())} contracts, {path.stat().st_size} bytes, read in "
           f"{read * 1000:.0f} ms; made by judge {b.stamp}"]
    per = []
    for game, contract in banks.CONTRACTS[:contracts]:
        t0 = time.perf_counter()
        kept = list(banks.candidates(game, contract, per_contract=5))
        per.append((time.perf_counter() - t0) / max(1, len(kept)))
    mean = sum(per) / len(per)
    out.append(f"making the bank: {mean:.2f} s per position kept over {contracts} contracts (one process); the whole "
               f"bank of {banks.PER_CONTRACT * len(banks.CONTRACTS)} positions about "
               f"{mean * banks.PER_CONTRACT * len(banks.CONTRACTS) / 60:.0f} min (the lay-off deals take longer)")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true")
    a = p.parse_args()
    n = 120 if a.quick else 400
    print("The trainer (benchmarks/trainer.py)")
    with tempfile.TemporaryDirectory() as tmp:
        for text in [*bank_figures(2 if a.quick else 4), *next_positions(n, Path(tmp)), *writes(n, Path(tmp))]:
            print("  " + text, flush=True)


if __name__ == "__main__":
    main()

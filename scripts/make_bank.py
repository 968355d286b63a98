"""Make the trainer's bank of rated positions (keinstich/trainer/bank.jsonl.gz), or check it against the judge.

    .venv/bin/python scripts/make_bank.py            # make it again (after the coach's judge changed)
    .venv/bin/python scripts/make_bank.py --jobs 2   # on two cores
    .venv/bin/python scripts/make_bank.py --check    # does the judge still give every position's answer?

Offline and deterministic: the same judge makes the same bank on any computer (see keinstich/trainer/bank.py
for what is kept and how it is rated). It prints what it kept per contract, the time taken and the file's size.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

from keinstich.trainer import bank
from keinstich.trainer.verdicts import JUDGE, stamp

OUT = Path(__file__).resolve().parent.parent / "keinstich" / "trainer" / bank.FILE


def _one(job: tuple[str, str, int, int]) -> tuple[str, list[str], float]:
    game, contract, per_contract, max_seeds = job
    t0 = time.perf_counter()
    lines = [e.to_json() for e in bank.candidates(game, contract, per_contract=per_contract, max_seeds=max_seeds)]
    return contract, lines, time.perf_counter() - t0


def make(out: Path, jobs: int, per_contract: int, max_seeds: int) -> int:
    t0 = time.perf_counter()
    judge = stamp()
    print(f"judge: {JUDGE}\nstamp: {judge}", flush=True)
    work = [(g, c, per_contract, max_seeds) for g, c in bank.CONTRACTS]
    found: dict[str, list[str]] = {}
    with multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else _Serial() as pool:
        for contract, lines, took in pool.imap_unordered(_one, work):
            found[contract] = lines
            print(f"  {contract:28s} {len(lines):4d} positions  {took:6.1f} s", flush=True)
    entries = tuple(bank.Entry.from_json(line) for _, c, _, _ in work for line in found[c])
    made = bank.Bank(bank.header(judge, per_contract=per_contract, max_seeds=max_seeds), entries)
    made.write(out)
    themes = Counter(t for e in entries for t in e.themes)
    ratings = sorted(e.rating.rating for e in entries)
    print(f"{len(entries)} positions from {len(found)} contracts in {time.perf_counter() - t0:.0f} s; "
          f"{out.name}: {out.stat().st_size} bytes")
    print("themes: " + ", ".join(f"{t} {n}" for t, n in themes.most_common()))
    if ratings:
        q = [ratings[int(f * (len(ratings) - 1))] for f in (0, 0.1, 0.5, 0.9, 1)]
        print("ratings: min {:.0f}, 10% {:.0f}, median {:.0f}, 90% {:.0f}, max {:.0f}".format(*q))
    return 0


def check(path: Path) -> int:
    b = bank.read(path)
    now = stamp()
    if b.stamp != now:
        print(f"the bank was made by judge {b.stamp}; the judge now is {now}: make it again")
        return 1
    wrong = [w for e in b.entries if (w := bank.still_right(e)) is not None]
    for w in wrong[:20]:
        print(w)
    print(f"{len(b) - len(wrong)} of {len(b)} positions still have the judge's answer")
    return 1 if wrong else 0


class _Serial:
    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn, work):  # type: ignore[no-untyped-def]
        return map(fn, work)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true", help="check the bank against the judge instead of making it")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--per-contract", type=int, default=bank.PER_CONTRACT)
    p.add_argument("--max-seeds", type=int, default=bank.MAX_SEEDS)
    p.add_argument("--out", type=Path, default=OUT)
    a = p.parse_args(argv)
    if a.check:
        return check(a.out)
    return make(a.out, max(1, a.jobs), a.per_contract, a.max_seeds)


if __name__ == "__main__":
    sys.exit(main())

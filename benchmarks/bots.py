"""Bot and solver figures (issue 4): printed, not asserted.

    python benchmarks/bots.py            # everything at the issue's sizes (takes a while)
    python benchmarks/bots.py --quick    # small counts, a minute or two

Speed (one core; 4 players, 32 cards):
- heuristic bots: complete deals per second, all four seats heuristic (target 5,000), through the
  fast play-out and through ``play_deal`` with an observation per move;
- exact solver: seconds per full deal (value and best card for forehand; target: median 0.3 s);
- Monte Carlo bot at its default setting: seconds per move (target 0.5 s).
Strength on duplicate deals: in each deal one seat (in turn) is played by the challenger and the
others by the baseline; the same deal is also played by the baseline alone, and the figure is the
challenger's penalty minus the baseline's in that seat (negative: the challenger pays less),
with a 95% confidence interval. Targets: Heuristic beats Random and Monte Carlo beats Heuristic in
each of No Tricks, No Hearts, No Obers and No Max.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import statistics
import time
from collections.abc import Callable

from keinstich.bots import Bot, HeuristicBot, RandomBot, heuristic_playout, play_deal
from keinstich.bots.montecarlo import DEFAULT_SAMPLES, MonteCarloBot
from keinstich.bots.solver import solve
from keinstich.contracts import NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS, Contract
from keinstich.tricks import TrickDeal

CONTRACTS = {c.id: c for c in (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX)}
PACK, PLAYERS = "german-32", 4


def cpu_reference() -> float:
    """Seconds for a fixed pure-Python loop: compare figures across machines and loads."""
    t0 = time.process_time()
    s = 0
    for i in range(3_000_000):
        s += i & 7
    return time.process_time() - t0


# --- speed ----------------------------------------------------------------------------------------


def heuristic_speed(deals: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    for i in range(deals):
        heuristic_playout(TrickDeal.from_seed(PACK, PLAYERS, i, NO_HEARTS))
    fast = deals / (time.perf_counter() - t0)
    bots: list[Bot] = [HeuristicBot()] * PLAYERS
    n = max(1, deals // 5)
    t0 = time.perf_counter()
    for i in range(n):
        play_deal(TrickDeal.from_seed(PACK, PLAYERS, i, NO_HEARTS), bots)
    slow = n / (time.perf_counter() - t0)
    return fast, slow


def solver_speed(deals: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for cid, contract in CONTRACTS.items():
        times = []
        for i in range(deals):
            d = TrickDeal.from_seed(PACK, PLAYERS, 10_000 + i, contract)
            t0 = time.perf_counter()
            solve(d, d.turn, line=False)
            times.append(time.perf_counter() - t0)
        out[cid] = times
    return out


def montecarlo_speed(deals: int) -> list[float]:
    """Seconds per decision of a default MonteCarloBot in seat 0 (moves with one legal card excluded)."""
    times = []
    for i in range(deals):
        contract = list(CONTRACTS.values())[i % 4]
        d = TrickDeal.from_seed(PACK, PLAYERS, 20_000 + i, contract)
        bots: list[Bot] = [MonteCarloBot(i), HeuristicBot(), HeuristicBot(), HeuristicBot()]
        while not d.is_over:
            s = d.turn
            assert s is not None
            obs = d.observation(s)
            t0 = time.perf_counter()
            c = bots[s].decide(obs).card
            if s == 0 and len(obs.legal) > 1:
                times.append(time.perf_counter() - t0)
            assert c is not None
            d.play(c)
    return times


# --- strength -------------------------------------------------------------------------------------

Maker = Callable[[int, int], Bot]


def _make(kind: str, deal: int, seat: int) -> Bot:
    if kind == "random":
        return RandomBot(f"{deal}:{seat}")
    if kind == "heuristic":
        return HeuristicBot()
    return MonteCarloBot(f"{deal}:{seat}")


def _duplicate(job: tuple[str, str, str, int]) -> int:
    """One duplicate comparison: the challenger's penalty minus the baseline's, same deal and seat."""
    cid, challenger, baseline, i = job
    contract: Contract = CONTRACTS[cid]
    seat = i % PLAYERS
    d = TrickDeal.from_seed(PACK, PLAYERS, f"duplicate:{i}", contract)
    base = play_deal(d.copy(), [_make(baseline, i, s) for s in range(PLAYERS)])
    bots = [_make(baseline, i, s) for s in range(PLAYERS)]
    bots[seat] = _make(challenger, i, seat)
    mine = play_deal(d.copy(), bots)
    return mine.scores()[seat] - base.scores()[seat]


def strength(challenger: str, baseline: str, deals: int, jobs: int) -> dict[str, tuple[float, float, float]]:
    out = {}
    for cid in CONTRACTS:
        work = [(cid, challenger, baseline, i) for i in range(deals)]
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                diffs = pool.map(_duplicate, work, chunksize=max(1, deals // (8 * jobs)))
        else:
            diffs = [_duplicate(w) for w in work]
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        wins = sum(1 for x in diffs if x < 0) / len(diffs)
        out[cid] = (mean, half, wins)
    return out


def print_strength(title: str, table: dict[str, tuple[float, float, float]], deals: int) -> None:
    print(f"\n{title} ({deals} duplicate deals per contract; pfennig per deal, negative = challenger pays less)")
    print(f"  {'contract':10s} {'mean':>7s} {'95% CI':>17s} {'better':>7s}  verdict")
    for cid, (mean, half, wins) in table.items():
        verdict = "beats" if mean + half < 0 else ("worse" if mean - half > 0 else "not separated")
        print(f"  {cid:10s} {mean:7.2f} [{mean - half:7.2f}, {mean + half:6.2f}] {wins:6.0%}   {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts for a quick look")
    parser.add_argument("--heuristic-deals", type=int, default=20_000)
    parser.add_argument("--solver-deals", type=int, default=25, help="full deals per contract")
    parser.add_argument("--mc-speed-deals", type=int, default=12)
    parser.add_argument("--random-deals", type=int, default=2_000, help="Heuristic vs Random duplicates")
    parser.add_argument("--mc-deals", type=int, default=400, help="Monte Carlo vs Heuristic duplicates")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the strength runs")
    parser.add_argument("--skip", default="", help="comma list of: heuristic,solver,mc-speed,random,mc")
    args = parser.parse_args()
    if args.quick:
        args.heuristic_deals, args.solver_deals, args.mc_speed_deals = 3_000, 6, 3
        args.random_deals, args.mc_deals = 300, 40
    skip = set(args.skip.split(",")) - {""}
    random.seed(0)
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"CPU reference loop {cpu_reference():.3f} s (lower is a faster or quieter machine)")

    if "heuristic" not in skip:
        fast, slow = heuristic_speed(args.heuristic_deals)
        print(f"\nHeuristic bots, {PLAYERS} players, 32 cards, No Hearts (target 5,000 deals/s):")
        print(f"  fast play-out (heuristic_playout)     {fast:8,.0f} deals/s "
              f"({'meets' if fast >= 5000 else 'BELOW'} the target)")
        print(f"  play_deal, an observation per move   {slow:8,.0f} deals/s")

    if "solver" not in skip:
        times = solver_speed(args.solver_deals)
        every = [t for ts in times.values() for t in ts]
        print(f"\nExact solver, full {PLAYERS}-player 32-card deals, value and best card for forehand "
              f"({args.solver_deals} deals per contract; target: median 0.3 s):")
        for cid, ts in times.items():
            ts.sort()
            print(f"  {cid:10s} median {statistics.median(ts):6.3f} s   90% {ts[int(0.9 * (len(ts) - 1))]:6.3f} s"
                  f"   max {max(ts):6.3f} s")
        med = statistics.median(every)
        print(f"  all        median {med:6.3f} s ({'meets' if med <= 0.3 else 'ABOVE'} the target)")

    if "mc-speed" not in skip:
        ts = sorted(montecarlo_speed(args.mc_speed_deals))
        print(f"\nMonteCarloBot at its default ({DEFAULT_SAMPLES} samples), seconds per decision with a choice "
              f"({len(ts)} decisions; target 0.5 s):")
        print(f"  mean {statistics.mean(ts):.3f}  median {statistics.median(ts):.3f}  "
              f"95% {ts[int(0.95 * (len(ts) - 1))]:.3f}  max {max(ts):.3f} "
              f"({'meets' if max(ts) <= 0.5 else 'ABOVE'} the target at the maximum)")

    if "random" not in skip:
        print_strength("Heuristic (challenger) vs Random (baseline)",
                       strength("heuristic", "random", args.random_deals, args.jobs), args.random_deals)
    if "mc" not in skip:
        print_strength("Monte Carlo (challenger) vs Heuristic (baseline)",
                       strength("montecarlo", "heuristic", args.mc_deals, args.jobs), args.mc_deals)


if __name__ == "__main__":
    main()

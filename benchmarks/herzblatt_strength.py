"""Herzblatt strength on duplicate deals (issue 4): Monte Carlo against the heuristic, printed, not asserted.

    python benchmarks/herzblatt_strength.py                  # 2,000 deals, soloist side
    python benchmarks/herzblatt_strength.py --quick          # 100 deals, a few minutes
    python benchmarks/herzblatt_strength.py --side both      # the defenders' side too

Each deal comes from a seed (``"herzblatt-duplicate:<i>"``, the dealer moving round). The asking,
discard and (Muhr) announcement, contra and re phases are decided by the heuristic in every seat, so
both plays of a deal start from the same first card with the same soloist and the same discards; deals
in which nobody plays are skipped and do not count. From the first card the deal is played twice: once
with the heuristic in every seat (the baseline) and once with
:class:`~keinstich.bots.montecarlo.MonteCarloBot` in the side under test (the soloist's seat, or every
defender's seat) and the heuristic elsewhere. The figure is the side's stake (the settlement, docs/rules.md
§4.5: the soloist's ``stakes[soloist]``, the defenders' their sum) with Monte Carlo minus the same with
the heuristic, per deal, with a 95% confidence interval and the share of deals that came out better or
worse. The Monte Carlo seats' time per move (moves with more than one legal card) is printed too, as
wall-clock time and as the process's CPU time (which other programs on a shared machine do not inflate).
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import statistics
import sys
import time
from dataclasses import dataclass

from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.montecarlo import DEFAULT_SAMPLES, MonteCarloBot, PlayFor
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules, preset

SIDES = ("soloist", "defenders")


@dataclass(frozen=True)
class Job:
    """One duplicate comparison: deal ``index`` of the run, the side under test, the bot's settings."""

    index: int
    side: str
    preset: str
    samples: int
    exact_tricks: int
    play_for: PlayFor


@dataclass(frozen=True)
class Outcome:
    index: int
    diff: int  # the side's stake with Monte Carlo minus with the heuristic
    heuristic: int
    montecarlo: int
    times: tuple[float, ...]
    cpu: tuple[float, ...]


def seed_of(i: int) -> str:
    return f"herzblatt-duplicate:{i}"


def prepared(i: int, rules: HerzblattRules) -> HerzblattDeal:
    """Deal ``i`` with every phase before the cards decided by the heuristic (it may end in a redeal)."""
    deal = HerzblattDeal.from_seed(seed_of(i), rules, dealer=i % rules.players)
    bot = HeuristicBot()
    while not deal.is_over and deal.phase != "play":
        seat = deal.turn
        assert seat is not None
        deal.act(bot.decide(deal.observation(seat)).move)
    return deal


def playing_deals(count: int, rules: HerzblattRules) -> list[int]:
    """The first ``count`` deal numbers in which someone plays (redeals skipped)."""
    out: list[int] = []
    i = 0
    while len(out) < count:
        if not prepared(i, rules).is_over:
            out.append(i)
        i += 1
    return out


def side_stake(deal: HerzblattDeal, side: str) -> int:
    st = deal.settlement()
    assert deal.soloist is not None
    mine = st.stakes[deal.soloist]
    return mine if side == "soloist" else -mine


def play(job: Job, challenger: bool) -> tuple[int, list[float], list[float]]:
    """Play deal ``job.index`` from its first card; the tested side is Monte Carlo when ``challenger``."""
    rules = preset(job.preset)
    deal = prepared(job.index, rules)
    assert deal.soloist is not None
    heuristic = HeuristicBot()
    mc = {s: MonteCarloBot(f"{job.index}:{s}", samples=job.samples, exact_tricks=job.exact_tricks,
                           play_for=job.play_for)
          for s in range(rules.players) if (s == deal.soloist) == (job.side == "soloist")} if challenger else {}
    times: list[float] = []
    cpu: list[float] = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        obs = deal.observation(seat)
        bot = mc.get(seat, heuristic)
        t0, c0 = time.perf_counter(), time.process_time()
        move = bot.decide(obs).move
        if seat in mc and len(obs.legal) > 1:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        deal.act(move)
    return side_stake(deal, job.side), times, cpu


def duplicate(job: Job) -> Outcome:
    base, _, _ = play(job, False)
    mine, times, cpu = play(job, True)
    return Outcome(job.index, mine - base, base, mine, tuple(times), tuple(cpu))


def summary(outs: list[Outcome]) -> tuple[float, float, float, float]:
    """(mean, CI half-width, share better, share worse)."""
    diffs = [o.diff for o in outs]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return (mean, half, sum(1 for d in diffs if d > 0) / len(diffs), sum(1 for d in diffs if d < 0) / len(diffs))


def run(side: str, indices: list[int], args: argparse.Namespace) -> list[Outcome]:
    jobs = [Job(i, side, args.preset, args.samples, args.exact_tricks, args.play_for) for i in indices]
    out: list[Outcome] = []
    t0 = time.perf_counter()
    every = max(1, len(jobs) // 20)

    def progress(o: Outcome) -> None:
        out.append(o)
        if len(out) % every == 0 or len(out) == len(jobs):
            m, h, _, _ = summary(out) if len(out) > 1 else (o.diff, float("nan"), 0, 0)
            print(f"  [{side}] {len(out)}/{len(jobs)} deals, {time.perf_counter() - t0:.0f} s, "
                  f"so far {m:+.3f} ± {h:.3f}", file=sys.stderr, flush=True)

    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for o in pool.imap(duplicate, jobs, chunksize=1):
                progress(o)
    else:
        for job in jobs:
            progress(duplicate(job))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000, help="deals in which someone plays (default 2000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--quick", action="store_true", help="100 deals")
    parser.add_argument("--side", choices=(*SIDES, "both"), default="soloist", help="the side Monte Carlo plays")
    parser.add_argument("--preset", default="herzblatt-4", help="Herzblatt rules preset (default herzblatt-4)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="Monte Carlo samples per move")
    parser.add_argument("--exact-tricks", type=int, default=3, help="Monte Carlo exact endgame, tricks")
    parser.add_argument("--play-for", choices=("stake", "points"), default="stake",
                        help="what Monte Carlo values in Herzblatt: the settlement (default) or card points")
    parser.add_argument("--csv", help="also write one row per deal and side to this file")
    parser.add_argument("--start", type=int, default=0, help="skip this many playing deals (for split runs)")
    args = parser.parse_args()
    if args.quick:
        args.deals = 100
    rules = preset(args.preset)
    indices = playing_deals(args.start + args.deals, rules)[args.start:]
    print(f"Python {platform.python_version()} on {platform.machine()}; Herzblatt preset {args.preset} "
          f"({rules.players} players, Braun scoring unless Muhr); MonteCarloBot(samples={args.samples}, "
          f"exact_tricks={args.exact_tricks}, play_for={args.play_for!r})")
    print(f"{len(indices)} duplicate deals in which someone plays (deal numbers {indices[0]}..{indices[-1]}); "
          f"{indices[-1] + 1 - args.start - len(indices)} of deals 0..{indices[-1]} were passed in (redeals) "
          "and skipped")
    sides = SIDES if args.side == "both" else (args.side,)
    rows = []
    table: list[str] = ["side,deal,seed,heuristic,montecarlo,diff"]
    for side in sides:
        outs = run(side, indices, args)
        table += [f"{side},{o.index},{seed_of(o.index)},{o.heuristic},{o.montecarlo},{o.diff}" for o in outs]
        times = sorted(t for o in outs for t in o.times)
        cpu = sorted(t for o in outs for t in o.cpu)
        rows.append((side, summary(outs), statistics.mean(o.heuristic for o in outs),
                     statistics.mean(o.montecarlo for o in outs), (times, cpu)))
    if args.csv:
        with open(args.csv, "w", encoding="utf-8") as f:
            f.write("\n".join(table) + "\n")
    print("\nThe side's stake per deal, Monte Carlo minus heuristic (positive: Monte Carlo gains), "
          "same deals and discards:")
    print(f"  {'side':10s} {'deals':>6s} {'mean':>7s} {'95% CI':>18s} {'better':>7s} {'worse':>6s} "
          f"{'heur.':>6s} {'MC':>6s}  verdict")
    for side, (mean, half, better, worse), h, m, _ in rows:
        verdict = "MC beats heuristic" if mean - half > 0 else ("MC worse" if mean + half < 0 else "not separated")
        print(f"  {side:10s} {len(indices):6d} {mean:+7.3f} [{mean - half:+7.3f}, {mean + half:+7.3f}] "
              f"{better:6.1%} {worse:6.1%} {h:+6.2f} {m:+6.2f}  {verdict}")
    print("\nMonte Carlo seconds per move (moves with a choice; wall clock, and CPU time of the process, which "
          "other programs on the machine do not inflate):")
    for side, _, _, _, (times, cpu) in rows:
        for what, ts in (("wall", times), ("cpu", cpu)):
            if ts:
                print(f"  {side:10s} {what:4s} {len(ts):6d} moves  mean {statistics.mean(ts):.3f}  "
                      f"median {statistics.median(ts):.3f}  95% {ts[int(0.95 * (len(ts) - 1))]:.3f}  "
                      f"max {max(ts):.3f}")


if __name__ == "__main__":
    main()

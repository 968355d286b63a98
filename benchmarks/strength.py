"""Is the coach the strongest player in the kit? Duplicate deals, printed, not asserted.

Seat 0 is played three ways on the same deals, the other seats by the heuristic bot: by the coach's best card
(``verdict(position).best[0]``, the card the Hint shows), by the Monte Carlo bot at its defaults, and by the
heuristic bot. Every Kein Stich trick contract, 4 players, 32 cards, 150 deals each (seeds ``strength:<contract>:<i>``,
which no test uses). Each line gives the mean a player pays per deal with its 95 % interval, and the coach's
difference from the Monte Carlo bot, deal by deal (the same cards, so the luck of the deal cancels), with its 95 %
interval, and in how many deals the coach paid more and in how many less (the two play alike in most deals: the
difference rests on the few where they part). The goal (issue 27): the coach pays no more than the Monte Carlo bot on
any contract. The data of one run is in benchmarks/results/ (``--report`` prints its table).

    python benchmarks/strength.py               # 150 deals per contract, 2 processes
    python benchmarks/strength.py --deals 30    # fewer
    python benchmarks/strength.py --save all.json                   # keep every deal's result
    python benchmarks/strength.py --reuse all.json --save new.json  # only the coach plays again
    python benchmarks/strength.py --report all.json,new.json        # the table of saved runs
    python benchmarks/strength.py --contracts power --start 150 --save more.json  # 150 more deals (then --report)
    python benchmarks/strength.py --reuse all.json --play montecarlo-names-free --save with.json  # one player more
    python benchmarks/strength.py --reuse all.json --play coach-playouts --save with.json  # the coach, no exact ending
    python benchmarks/strength.py --reuse all.json --play coach-uniform --save with.json  # others' plays ignored

The heuristic bot breaks its ties by the suits' names, and so do the Monte Carlo bot's play-outs: against opponents
who break theirs by the same names it would model them perfectly, a knowledge no learner has and the coach may not use
(a position and its renamed twin get one verdict). So by default the opponents play each deal seen through a secret
renaming of suits (one the contract allows, the identity among them, drawn from the deal's seed): the same bot, its
ties broken by names no player in seat 0 knows. ``--opponents named`` plays the old way. ``montecarlo-names-free``
(always played, its line printed when present) is the Monte Carlo bot with the judge's name-free play-outs: the
coach against it compares the two searches alone.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from keinstich.bots import HeuristicBot
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.play import bot_move
from keinstich.coach.equivalence import Relabel, suit_permutations, suit_relabel
from keinstich.deal import Deal, Move
from keinstich.games import game

CONTRACTS = ("no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
             "power-black-pig")
PLAYERS = ("coach", "montecarlo", "heuristic")
EXTRA = ("montecarlo-names-free", "as-it-stands", "coach-playouts", "coach-uniform")
"""Players beyond the three, played on request (``--play``): the Monte Carlo bot with the judge's name-free play-outs,
the fair judgement's leading move on the position as it stands (no renaming), and the coach whose judgement plays
every deal out by the heuristic to the last trick (:data:`~keinstich.coach.fair.EXACT_TRICKS` 1 instead of 3: the
exact search near the end assumes opponents who play perfectly, and these opponents are the heuristic bot), and the
coach whose judgement draws its deals uniformly, the other seats' plays ignored (without
:data:`~keinstich.coach.fair.INFERENCE`)."""


def seed_of(contract: str, i: int) -> str:
    return f"strength:{contract}:{i}"


def coach_move(d: Deal) -> Move:
    from keinstich.coach import verdict

    return verdict(d).best[0]


def flipped_move(d: Deal, **constants: Any) -> Move:
    """The coach's best card with these constants of :mod:`keinstich.coach.fair` set, the verdicts kept by the judge
    dropped before and after (they were made under the other setting)."""
    import importlib

    import keinstich.coach.fair as judgement

    judge = importlib.import_module("keinstich.coach.judge")  # the package names a function judge too
    saved = {k: getattr(judgement, k) for k in constants}
    with judge._LOCK:
        judge._KEPT.clear()
    try:
        for k, v in constants.items():
            setattr(judgement, k, v)
        return coach_move(d)
    finally:
        for k, v in saved.items():
            setattr(judgement, k, v)
        with judge._LOCK:
            judge._KEPT.clear()


def playouts_move(d: Deal) -> Move:
    """The coach's best card with its judgement's play-outs run by the heuristic to the last trick."""
    return flipped_move(d, EXACT_TRICKS=1)


def uniform_move(d: Deal) -> Move:
    """The coach's best card with its judgement's deals drawn uniformly (the other seats' plays ignored)."""
    return flipped_move(d, INFERENCE=False)


def fair_move(d: Deal) -> Move:
    """The fair judgement's leading move made on the position as it stands (no renaming): for comparison."""
    from keinstich.coach.fair import fair

    f = fair(d)
    return f.moves[f.leader]


def hidden_renaming(d: Deal, contract: str, i: int) -> Relabel:
    """The opponents' secret renaming of suits for deal ``i``: drawn from the ones the contract allows, the identity
    among them, by a seed no player in seat 0 sees."""
    perms = suit_permutations(d)
    return suit_relabel(random.Random(f"opponents:{seed_of(contract, i)}").choice(perms))


def play(contract: str, i: int, who: str, opponents: str = "hidden") -> float:
    """What seat 0 pays in deal ``i`` of ``contract`` played by ``who``, the others by the heuristic bot (with
    ``opponents="hidden"`` on the deal seen through a renaming of suits seat 0 does not know)."""
    d = game("kein-stich").deal(contract, seed_of(contract, i), players=4)
    others = HeuristicBot()
    secret = hidden_renaming(d, contract, i) if opponents == "hidden" else Relabel()
    seen = secret(d)  # the opponents' view, kept in step with the deal
    back = secret.inverse()
    pick: Callable[[Deal], Move]
    if who == "coach":
        pick = coach_move
    elif who == "as-it-stands":
        pick = fair_move
    elif who == "coach-playouts":
        pick = playouts_move
    elif who == "coach-uniform":
        pick = uniform_move
    elif who in ("montecarlo", "montecarlo-names-free"):
        mc = MonteCarloBot(seed=seed_of(contract, i), names_free=who != "montecarlo")
        pick = lambda p: bot_move(mc, p.observation(0))  # noqa: E731
    else:
        h = HeuristicBot()
        pick = lambda p: bot_move(h, p.observation(0))  # noqa: E731
    while not d.over:
        s = d.turn
        assert s is not None
        m = pick(d) if s == 0 else back.move(bot_move(others, seen.observation(s)))
        d.play(m, s)
        seen.play(secret.move(m), s)
    td = d.trick_deal
    assert td is not None
    return float(td.scores()[0])


def job(args: tuple[str, int, tuple[str, ...], str]) -> tuple[str, int, dict[str, float], dict[str, float]]:
    contract, i, players, opponents = args
    paid, seconds = {}, {}
    for who in players:
        t0 = time.perf_counter()
        paid[who] = play(contract, i, who, opponents)
        seconds[who] = time.perf_counter() - t0
    return contract, i, paid, seconds


def interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, h


def extra_lines(results: dict[str, dict[int, dict[str, float]]], contracts: list[str], who: str, title: str,
                worth: str) -> None:
    """The lines of an extra player, where it played: its mean, the coach − it and it − the Monte Carlo bot."""
    played = [r for c in contracts for r in results[c].values() if who in r]
    if not played:
        return
    print(f"{title}:")
    for c in contracts:
        rows = [results[c][i] for i in sorted(results[c]) if who in results[c][i]]
        if not rows:
            continue
        m, h = interval([r[who] for r in rows])
        d, hd = interval([r["coach"] - r[who] for r in rows])
        e, he = interval([r[who] - r["montecarlo"] for r in rows])
        print(f"  {c:16s} {m:6.2f} ± {h:4.2f}; coach − it {d:+5.2f} ({d - hd:+.2f} … {d + hd:+.2f}); "
              f"it − Monte Carlo {e:+5.2f} ({e - he:+.2f} … {e + he:+.2f})")
    d, hd = interval([r["coach"] - r[who] for r in played])
    e, he = interval([r[who] - r["montecarlo"] for r in played])
    print(f"  {'all':16s} coach − it {d:+.2f} ({d - hd:+.2f} … {d + hd:+.2f}) pf a deal ({worth}); it − Monte Carlo "
          f"{e:+.2f} ({e - he:+.2f} … {e + he:+.2f}), over {len(played)} deals")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--start", type=int, default=0, help="the first deal's number (more deals for a contract: "
                                                         "--start 150 --deals 150, then --report both files)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--contracts", default=",".join(CONTRACTS))
    ap.add_argument("--opponents", choices=("hidden", "named"), default="hidden",
                    help="hidden (default): the opponents break the heuristic's ties on the deal renamed by a secret "
                         "suit permutation; named: by the suits' own names, as the Monte Carlo bot's play-outs do")
    ap.add_argument("--as-it-stands", action="store_true",
                    help="also the fair judgement's leading card on the position as it stands (no renaming)")
    ap.add_argument("--save", help="write every deal's result to this JSON file (the results so far every 50 deals)")
    ap.add_argument("--reuse", help="take the players' results from this JSON file (written by --save with the same "
                                    "deals): only the coach plays again, or those --play names")
    ap.add_argument("--play", help="the players to play now (comma separated; with --reuse, the others' results "
                                   "come from that file): coach, montecarlo, heuristic, " + ", ".join(EXTRA))
    ap.add_argument("--eps", type=float, help="the coach: the weight factor per unexplained card "
                                              "(fair.INFER_EPS)")
    ap.add_argument("--factor", type=int, help="the coach: uniform deals drawn per deal used "
                                               "(fair.INFER_FACTOR)")
    ap.add_argument("--listed", action="store_true", help="the coach: listed deals weighted too "
                                                          "(fair.INFER_LISTED)")
    ap.add_argument("--report", help="play nothing: print the table of the runs saved in these JSON files (comma "
                                     "separated; a later file's deal replaces an earlier one's)")
    args = ap.parse_args()
    if args.eps is not None or args.factor is not None or args.listed:
        import keinstich.coach.fair as judgement

        judgement.INFER_LISTED = args.listed
        judgement.INFER_EPS = judgement.INFER_EPS if args.eps is None else args.eps
        judgement.INFER_FACTOR = judgement.INFER_FACTOR if args.factor is None else args.factor
    contracts = args.contracts.split(",")
    players = (*PLAYERS, "montecarlo-names-free", *(("as-it-stands",) if args.as_it_stands else ()))
    known: dict[str, dict[str, dict[str, float]]] = {}
    if args.reuse:
        known = json.loads(Path(args.reuse).read_text())
    play_now = tuple(args.play.split(",")) if args.play else ("coach",) if known else players
    unknown = [w for w in play_now if w not in (*PLAYERS, *EXTRA)]
    if unknown:
        ap.error(f"unknown player {unknown[0]!r}: use {', '.join((*PLAYERS, *EXTRA))}")
    players = tuple(dict.fromkeys((*players, *play_now)))
    if known and known.get("opponents", "named") != args.opponents:
        ap.error(f"{args.reuse} was played against {known.get('opponents', 'named')} opponents, not {args.opponents}")
    jobs = [(c, i, play_now, args.opponents) for c in contracts
            for i in range(args.start, args.start + args.deals)]
    print(f"Duplicate strength: seat 0 by the coach's best card, the Monte Carlo bot (defaults) and the heuristic bot, "
          f"the others heuristic ({args.opponents} tie-breaks); {args.deals} deals per contract; "
          f"{platform.python_version()}, "
          f"load {open('/proc/loadavg').read().split()[0] if platform.system() == 'Linux' else '?'}")
    results: dict[str, dict[int, dict[str, float]]] = {c: {} for c in contracts}
    times: dict[str, list[float]] = {w: [] for w in players}
    t0 = time.perf_counter()
    def save() -> None:
        if args.save:
            Path(args.save).write_text(json.dumps({"opponents": args.opponents,
                                                   **{c: {str(i): r for i, r in rows.items()}
                                                      for c, rows in results.items()}}))

    if args.report:  # no play: the table of saved runs (a later file's deal replaces an earlier one's)
        for f in args.report.split(","):
            for c, rows in json.loads(Path(f).read_text()).items():
                if c in results:
                    results[c].update({int(i): r for i, r in rows.items()})
        contracts = [c for c in contracts if results[c]]  # only the contracts the files hold
        for rows in results.values():
            for r in rows.values():
                for w in players:
                    if f"{w} s" in r:
                        times[w].append(r[f"{w} s"])
    else:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for k, (c, i, paid, seconds) in enumerate(pool.imap_unordered(job, jobs, chunksize=2)):
                results[c][i] = {**known.get(c, {}).get(str(i), {}), **paid,
                                 **{f"{w} s": seconds[w] for w in play_now}}
                for w in play_now:
                    times[w].append(seconds[w])
                if k % 50 == 49:
                    save()  # a long run's results so far
        save()
    print(f"{'contract':16s} {'coach':>14s} {'Monte Carlo':>14s} {'heuristic':>14s}   coach − MC (95 %)      "
          f"coach − heuristic       deals the coach paid more / less than MC")
    worse = []
    for c in contracts:
        rows = [results[c][i] for i in sorted(results[c])]
        cells = []
        for w in PLAYERS:
            m, h = interval([r[w] for r in rows])
            cells.append(f"{m:6.2f} ± {h:4.2f}")
        dm, hm = interval([r["coach"] - r["montecarlo"] for r in rows])
        dh, hh = interval([r["coach"] - r["heuristic"] for r in rows])
        more = sum(r["coach"] > r["montecarlo"] for r in rows)
        less = sum(r["coach"] < r["montecarlo"] for r in rows)
        if dm > 0:
            worse.append(c)
        print(f"{c:16s} {cells[0]:>14s} {cells[1]:>14s} {cells[2]:>14s}   {dm:+5.2f} ({dm - hm:+.2f} … {dm + hm:+.2f})"
              f"   {dh:+5.2f} ({dh - hh:+.2f} … {dh + hh:+.2f})   {more:3d} / {less:3d}"
              + (f"   [{len(rows)} deals]" if len(rows) != args.deals else ""))
    every = [r for c in contracts for r in results[c].values()]
    dm, hm = interval([r["coach"] - r["montecarlo"] for r in every])
    print(f"{'all':16s} coach − MC {dm:+.2f} ({dm - hm:+.2f} … {dm + hm:+.2f}) pf a deal over {len(every)} deals; "
          f"the coach pays more than the Monte Carlo bot on: {', '.join(worse) or 'no contract'} (goal: none)")
    for extra, title, worth in (
            ("montecarlo-names-free", "the Monte Carlo bot with the judge's name-free play-outs",
             "what modelling the opponents' tie-breaks by name is worth"),
            ("as-it-stands", "the fair judgement on the position as it stands (no renaming)",
             "what judging the renamed stand-in costs"),
            ("coach-playouts", "the coach, its judgement's play-outs run to the last trick (no exact search before)",
             "what the exact search of the last three tricks costs against these opponents"),
            ("coach-uniform", "the coach, its judgement's deals drawn uniformly (the other seats' plays ignored)",
             "what reading the others' plays is worth")):
        extra_lines(results, contracts, extra, title, worth)
    print("seconds a deal: " + ", ".join(f"{w} {statistics.median(times[w]):.2f} median" for w in players if times[w])
          + ("" if args.report else f"; {time.perf_counter() - t0:.0f} s in all"))


if __name__ == "__main__":
    main()


__all__: list[Any] = []

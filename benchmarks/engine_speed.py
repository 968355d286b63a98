"""The engine's hot paths, timed the same way before and after a change below the API (printed, not asserted).

Each figure is measured in several rounds, the figures taking turns, and the median round is kept: on a
shared machine one slow round (another program busy) then does not move the figure. Only public calls are
timed. ``--out`` keeps the figures as JSON; ``compare`` prints two such files side by side with their ratio.

    python benchmarks/engine_speed.py --out before.json            # about three minutes
    python benchmarks/engine_speed.py --rounds 3 --out after.json
    python benchmarks/engine_speed.py compare before.json after.json

Figures (4 players, german-32, Kein Stich's contracts in turn unless named): random deals played card by
card through ``legal()`` and ``play()``; random and heuristic play-outs; ``play_deal`` with a heuristic bot
in every seat (an observation per move), in Kein Stich and Herzblatt; ``simulate`` of heuristic bots and of
random bots; the exact solver on whole deals; a Monte Carlo decision; "Best card?" in a lay-off deal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core import mc_position

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.heuristic import heuristic_playout
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.solver import card_values, solve
from keinstich.contracts import KEIN_STICH_CONTRACTS
from keinstich.games import GAMES
from keinstich.layoff import DominoDeal
from keinstich.layoff_rules import domino_contract
from keinstich.sim import simulate
from keinstich.tricks import TrickDeal

PACK, PLAYERS = "german-32", 4
CONTRACTS = [c for c in KEIN_STICH_CONTRACTS.values() if c.rules is not None and hasattr(c, "score")]


def rate(step: Callable[[int], object], seconds: float) -> float:
    """How many times a second ``step(i)`` runs, over about ``seconds`` (items per second: higher is better)."""
    done = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(20):
            step(done)
            done += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return done / elapsed


def card_by_card(i: int) -> None:
    d = TrickDeal.from_seed(PACK, PLAYERS, i, CONTRACTS[i % len(CONTRACTS)])
    rnd = random.Random(i).random
    while not d.is_over:
        legal = d.legal()
        d.play(legal[int(rnd() * len(legal))])


def random_playout(i: int) -> None:
    TrickDeal.from_seed(PACK, PLAYERS, i, CONTRACTS[i % len(CONTRACTS)]).playout(random.Random(i))


def heuristic_rollout(i: int) -> None:
    heuristic_playout(TrickDeal.from_seed(PACK, PLAYERS, i, CONTRACTS[i % len(CONTRACTS)]))


_BOTS = [HeuristicBot(s) for s in range(PLAYERS)]


def bots_kein_stich(i: int) -> None:
    play_deal(TrickDeal.from_seed(PACK, PLAYERS, i, CONTRACTS[i % len(CONTRACTS)]), _BOTS)


def bots_herzblatt(i: int) -> None:
    play_deal(GAMES["herzblatt"].deal("herzblatt-4", i), _BOTS)


def bots_domino(i: int) -> None:
    play_deal(GAMES["kein-stich"].deal("domino", i), _BOTS)


def simulated(contract: str, bots: str, deals: int, game: str = "kein-stich") -> Callable[[float], float]:
    def run(_: float) -> float:
        t0 = time.perf_counter()
        simulate(contract, deals=deals, game=game, bots=bots, seed=3)
        return deals / (time.perf_counter() - t0)
    return run


def solver_seconds(_: float) -> float:
    """Median seconds of ``solve`` (value and best card, no line) on 8 seeded whole deals (lower is better)."""
    times = []
    for i in range(8):
        d = TrickDeal.from_seed(PACK, PLAYERS, f"speed-solver:{i}", CONTRACTS[i % len(CONTRACTS)])
        t0 = time.perf_counter()
        solve(d, line=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def ask(bot: Any, obs: Any) -> object:
    """A bot's answer by whichever entry point the version timed has."""
    return bot.explain(obs) if hasattr(bot, "explain") else bot.decide(obs)


def mc_seconds(_: float) -> float:
    """Median seconds of a default Monte Carlo decision at 10 seeded positions of ``benchmarks/core.py``
    (lower is better)."""
    times = []
    for i in range(10):
        d = mc_position(i)
        bot = MonteCarloBot(f"speed-mc-bot:{i}")
        obs = d.observation(d.turn)  # type: ignore[arg-type]
        t0 = time.perf_counter()
        ask(bot, obs)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def domino_seconds(_: float) -> float:
    """Seconds of "Best card?" (``card_values``) in a 4-player domino deal with voluntary passes."""
    d = DominoDeal.from_seed(PACK, PLAYERS, "speed-domino:1", domino_contract("acorns", voluntary_pass=True))
    for _ in range(10):
        d.play(d.legal_moves()[0])
    while len(d.legal_moves()) < 2:
        d.play(d.legal_moves()[0])
    t0 = time.perf_counter()
    card_values(d)
    return time.perf_counter() - t0


def figures(seconds: float) -> dict[str, tuple[str, Callable[[float], float]]]:
    """Every figure: (its unit, a function of the seconds to spend that returns it)."""
    def per_second(step: Callable[[int], object]) -> Callable[[float], float]:
        return lambda s: rate(step, s)
    return {
        "random deals, card by card": ("deals/s", per_second(card_by_card)),
        "random play-outs": ("deals/s", per_second(random_playout)),
        "heuristic play-outs": ("deals/s", per_second(heuristic_rollout)),
        "play_deal heuristic, Kein Stich": ("deals/s", per_second(bots_kein_stich)),
        "play_deal heuristic, Herzblatt": ("deals/s", per_second(bots_herzblatt)),
        "play_deal heuristic, domino": ("deals/s", per_second(bots_domino)),
        "simulate heuristic no-hearts": ("deals/s", simulated("no-hearts", "heuristic", 3000)),
        "simulate heuristic,random black-pig": ("deals/s", simulated("black-pig", "heuristic,random,heuristic,random",
                                                                     1500)),
        "simulate heuristic herzblatt-4": ("deals/s", simulated("herzblatt-4", "heuristic", 1500, "herzblatt")),
        "simulate random domino": ("deals/s", simulated("domino", "random", 1500)),
        "solve a whole deal (median)": ("s", solver_seconds),
        "Monte Carlo decision (median)": ("s", mc_seconds),
        "domino Best card?": ("s", domino_seconds),
    }


def measure(rounds: int, seconds: float) -> dict[str, dict[str, Any]]:
    table = figures(seconds)
    for _, fn in table.values():  # load and compile everything first
        fn(0.05)
    got: dict[str, list[float]] = {k: [] for k in table}
    for r in range(rounds):
        for name, (_, fn) in table.items():
            got[name].append(fn(seconds))
        print(f"round {r + 1} of {rounds} done", file=sys.stderr, flush=True)
    return {name: {"unit": table[name][0], "median": statistics.median(v), "rounds": v} for name, v in got.items()}


def compare(before: Path, after: Path) -> None:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    print(f"{'figure':40s} {'before':>12s} {'after':>12s} {'after/before':>13s}  better is")
    for name, x in a["figures"].items():
        y = b["figures"].get(name)
        if y is None:
            continue
        unit = x["unit"]
        ratio = y["median"] / x["median"]
        fmt = "{:12,.0f}" if unit == "deals/s" else "{:12.4f}"
        print(f"{name + ' (' + unit + ')':40s} {fmt.format(x['median'])} {fmt.format(y['median'])} {ratio:13.3f}  "
              f"{'higher' if unit == 'deals/s' else 'lower'}")
    print(f"load before: {a['load']}   after: {b['load']}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "compare":
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0, help="per figure and round, for the rates")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    figs = measure(args.rounds, args.seconds)
    load = f"{load0:.2f} -> {os.getloadavg()[0]:.2f}"
    for name, f in figs.items():
        print(f"{name:40s} {f['median']:12.4f} {f['unit']}")
    print(f"load {load}")
    if args.out:
        args.out.write_text(json.dumps({"load": load, "figures": figs}, indent=1))


if __name__ == "__main__":
    main()

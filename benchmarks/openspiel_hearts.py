"""Random play of the Hearts-like deal against OpenSpiel's ``hearts``, both in the same run (issue 4).

Both sides deal 52 French cards to 4 players at random and play random legal cards to the end of the
deal, and score it (ours: No Hearts, a pfennig per heart). OpenSpiel is driven from Python one move
at a time; ours three ways: one card at a time, the rollout, and the vectorised batch player
(:mod:`keinstich.sim.batch`), which is what simulations of random play use.
OpenSpiel's game is loaded with passing off and its opening restrictions off
(``pass_cards=false``, ``must_break_hearts=false``, ``no_pts_on_first_trick=false``); its pass-direction
chance node is forced to "No Pass". Target: the engine plays at least 10 times OpenSpiel's deals per second.

OpenSpiel is an optional extra: ``pip install -e ".[openspiel]"``. Without it the script says so and
prints only our figures (``make bench`` still runs).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

from keinstich.contracts import NO_HEARTS
from keinstich.sim.batch import random_deals
from keinstich.tricks import TrickDeal

TARGET_RATIO = 10.0
PACK, PLAYERS = "french-52", 4


def ours_card_by_card(n: int, seed: int = 1) -> float:
    """legal() + play() per card: the same move-by-move driving as OpenSpiel's Python API."""
    rnd = random.Random(seed).random
    t0 = time.perf_counter()
    for i in range(n):
        deal = TrickDeal.from_seed(PACK, PLAYERS, i, NO_HEARTS)
        while not deal.is_over:
            legal = deal.legal()
            deal.play(legal[int(rnd() * len(legal))])
        deal.scores()
    return n / (time.perf_counter() - t0)


def ours_playout(n: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for i in range(n):
        TrickDeal.from_seed(PACK, PLAYERS, i, NO_HEARTS).playout(rng)
    return n / (time.perf_counter() - t0)


def ours_batch(n: int, seed: int = 1) -> float:
    """The vectorised random player (keinstich.sim.batch): every deal of the batch played at once."""
    t0 = time.perf_counter()
    random_deals(NO_HEARTS, PACK, PLAYERS, n, seed=seed)
    return n / (time.perf_counter() - t0)


def openspiel_game() -> Any:
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game("hearts", {"pass_cards": False, "must_break_hearts": False,
                                        "no_pts_on_first_trick": False})


def openspiel_random(game: Any, n: int, seed: int = 1) -> float:
    """Random deals and random legal moves through pyspiel's Python API, with returns read at the end."""
    rnd = random.Random(seed).random
    t0 = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        state.apply_action(0)  # pass direction: No Pass
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rnd() * len(actions))])
        state.returns()
    return n / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process, best of {args.repeats}; "
          f"4 players, 52 cards, random legal play")
    by_card = max(ours_card_by_card(args.deals) for _ in range(args.repeats))
    rollout = max(ours_playout(args.deals) for _ in range(args.repeats))
    batch = max(ours_batch(args.deals * 20) for _ in range(args.repeats))
    print(f"  keinstich legal()+play()   {by_card:10,.0f} deals/s  (Python, one card at a time)")
    print(f"  keinstich playout()        {rollout:10,.0f} deals/s  (Python rollout)")
    print(f"  keinstich random_deals()   {batch:10,.0f} deals/s  (vectorised over {args.deals * 20:,} deals)")
    try:
        game = openspiel_game()
    except ImportError:
        print("  OpenSpiel hearts           not installed (pip install -e '.[openspiel]'): no comparison")
        return
    theirs = max(openspiel_random(game, args.deals) for _ in range(args.repeats))
    print(f"  OpenSpiel hearts           {theirs:10,.0f} deals/s")
    for name, ours in (("legal()+play()", by_card), ("playout()", rollout), ("random_deals()", batch)):
        ratio = ours / theirs
        verdict = "meets" if ratio >= TARGET_RATIO else "BELOW"
        print(f"  ratio, {name:17s}  {ratio:8.1f}x   ({verdict} the {TARGET_RATIO:.0f}x target)")


if __name__ == "__main__":
    main()

"""Bots: random, heuristic (explains itself), Monte Carlo and the perfect-information solver.

Every bot sees one seat's observation, never the hidden hands (``deal.observation(seat)``).
"""

from keinstich.bots.heuristic import (
    AnyObservation,
    BaseBot,
    Bot,
    BotError,
    Choice,
    Decision,
    HeuristicBot,
    Move,
    Objective,
    RandomBot,
    deal_value,
    domino_heuristic,
    domino_value,
    domino_world,
    exclusions,
    heuristic_playout,
    in_play_mask,
    objective,
    play_deal,
    sign_of,
    tables,
)

__all__ = [
    "AnyObservation", "BaseBot", "Bot", "BotError", "Choice", "Decision", "HeuristicBot", "Move", "Objective",
    "RandomBot", "deal_value", "domino_heuristic", "domino_value", "domino_world", "exclusions",
    "heuristic_playout", "in_play_mask", "objective", "play_deal", "sign_of", "tables",
]

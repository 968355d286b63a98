"""Bots: random, heuristic (explains itself), Monte Carlo and the perfect-information solver.

Every bot sees one seat's observation, never the hidden hands (``deal.observation(seat)``), and
:func:`play_deal` plays any deal of any game with them. The modules, from the bottom up:

- ``base``: the Bot protocol, its answer (Choice), its quick play, and what "better" means (Objective);
- ``knowledge``, ``sampler``: what a seat can infer about hidden cards, and deals that fit it;
- ``tables``, ``trumps``, ``domino``, ``herzblatt``: the heuristic's pieces, per kind of play;
- ``play``: BaseBot and ``play_deal``; ``random``, ``heuristic``: the two simple bots;
- ``walk``: a worked deal stepped through trick by trick with the bots' reasons (``show_tricks``);
- ``search``, ``solver``, ``solver_domino``: the exact solver; ``stakes``, ``montecarlo``: Monte Carlo.
"""

from keinstich.bots.base import (
    AnyObservation,
    Bot,
    BotError,
    Choice,
    Objective,
    QuickPlay,
    deal_value,
    domino_value,
    objective,
    sign_of,
)
from keinstich.bots.domino import domino_heuristic, domino_world
from keinstich.bots.heuristic import HeuristicBot, heuristic_playout
from keinstich.bots.knowledge import exclusions, in_play_mask
from keinstich.bots.play import BaseBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.bots.tables import tables
from keinstich.bots.walk import TrickWalk, play_tricks, show_tricks, trick_lines

__all__ = [
    "AnyObservation", "BaseBot", "Bot", "BotError", "Choice", "HeuristicBot", "Objective", "QuickPlay",
    "RandomBot", "TrickWalk", "deal_value", "domino_heuristic", "domino_value", "domino_world", "exclusions",
    "heuristic_playout", "in_play_mask", "objective", "play_deal", "play_tricks", "show_tricks", "sign_of", "tables",
    "trick_lines",
]

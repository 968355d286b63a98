"""Many deals with bots into a tidy pandas frame, duplicate tournaments, whole parties, summaries,
the batch player and charts.

``simulation`` plays one contract (``simulate``, ``tournament``, ``one_deal``), ``parties`` whole
parties, ``summary`` the means with confidence intervals, ``shown`` a frame in the reader's words;
``bot_specs`` reads bot names and makes the seeds, ``play`` plays one deal by the fastest equivalent path,
``pool`` runs chunks in workers.
"""

from keinstich.sim.bot_specs import (
    BOT_KINDS,
    BotKind,
    BotSpec,
    SimulationError,
    bot_seed,
    deal_seed,
    make_bot,
    parse_lineup,
)
from keinstich.sim.parties import PARTIE_COLUMNS, simulate_partie
from keinstich.sim.shown import worded
from keinstich.sim.simulation import COLUMNS, contracts_of, one_deal, simulate, tournament
from keinstich.sim.summary import summarize, t975

__all__ = [
    "BOT_KINDS", "COLUMNS", "PARTIE_COLUMNS", "BotKind", "BotSpec", "SimulationError", "bot_seed",
    "contracts_of", "deal_seed", "make_bot", "one_deal", "parse_lineup", "simulate", "simulate_partie",
    "summarize", "t975", "tournament", "worded",
]

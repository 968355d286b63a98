"""Many deals with bots into a tidy pandas frame, duplicate tournaments, whole parties, summaries,
the batch player and charts; ``in_words`` shows a frame in the reader's words.

``simulation`` plays one contract (``simulate``, ``tournament``, ``one_deal``), ``parties`` whole
parties, ``summary`` the means with confidence intervals; ``bot_specs`` reads bot names and makes
the seeds, ``play`` plays one deal by the fastest equivalent path, ``pool`` runs chunks in workers.
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
from keinstich.sim.simulation import COLUMNS, contracts_of, one_deal, simulate, tournament
from keinstich.sim.summary import summarize, t975
from keinstich.sim.words import in_words

__all__ = [
    "BOT_KINDS", "COLUMNS", "PARTIE_COLUMNS", "BotKind", "BotSpec", "SimulationError", "bot_seed",
    "contracts_of", "deal_seed", "in_words", "make_bot", "one_deal", "parse_lineup", "simulate", "simulate_partie",
    "summarize", "t975", "tournament",
]

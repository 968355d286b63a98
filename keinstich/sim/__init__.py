"""Many deals with bots into a tidy pandas frame, duplicate tournaments, the batch player and charts."""

from keinstich.sim.simulation import (
    BOT_KINDS,
    COLUMNS,
    PARTIE_COLUMNS,
    BotKind,
    BotSpec,
    SimulationError,
    bot_seed,
    contracts_of,
    deal_seed,
    make_bot,
    one_deal,
    parse_lineup,
    simulate,
    simulate_partie,
    summarize,
    tournament,
)

__all__ = [
    "BOT_KINDS", "COLUMNS", "PARTIE_COLUMNS", "BotKind", "BotSpec", "SimulationError", "bot_seed",
    "contracts_of", "deal_seed", "make_bot", "one_deal", "parse_lineup", "simulate", "simulate_partie",
    "summarize", "tournament",
]

"""Many deals with bots into a tidy pandas frame, duplicate tournaments, whole parties, summaries,
the batch player and charts.

``simulation`` plays one contract (``simulate``, ``tournament``, ``one_deal``), ``parties`` whole
parties, ``summary`` the means with confidence intervals, ``shown`` a frame in the reader's words;
``bot_specs`` reads bot names and makes the seeds, ``play`` plays one deal by the fastest equivalent path,
``pool`` runs chunks in workers.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    **dict.fromkeys(("BOT_KINDS", "BotKind", "BotSpec", "SimulationError", "bot_seed", "deal_seed", "make_bot",
                     "parse_lineup"), "keinstich.sim.bot_specs"),
    **dict.fromkeys(("PARTIE_COLUMNS", "simulate_partie"), "keinstich.sim.parties"),
    "worded": "keinstich.sim.shown",
    **dict.fromkeys(("COLUMNS", "contracts_of", "one_deal", "simulate", "tournament"), "keinstich.sim.simulation"),
    **dict.fromkeys(("summarize", "t975"), "keinstich.sim.summary"),
}
"""Where each name lives, loaded on first use (PEP 562): a table that only seeds its bots
(:func:`~keinstich.sim.bot_specs.bot_seed`) loads no pandas, which took 0.38 s of a core and 65 MiB in every
student's kernel."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'keinstich.sim' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


__all__ = [
    "BOT_KINDS", "COLUMNS", "PARTIE_COLUMNS", "BotKind", "BotSpec", "SimulationError", "bot_seed",
    "contracts_of", "deal_seed", "make_bot", "one_deal", "parse_lineup", "simulate", "simulate_partie",
    "summarize", "t975", "tournament", "worded",
]

"""Kein Stich teaching kit: the engine (cards, trick play, contracts, domino, partie, records).

The front door: ``from keinstich import TrickDeal, GAMES, HeuristicBot, play_deal, review, simulate`` offers the
public API, listed in :data:`__all__`: the deals and their moves, the games (``GAMES["herzeln"].deal("no-hearts",
7)``), the bots, the coach, the trainer, the deal codes and the simulations. Each name is loaded on first use (PEP
562), so ``import keinstich`` loads no game, simulation, kernel, pandas or numba: the games are named by entry points
(pyproject.toml) and imported when :data:`keinstich.game.GAMES` is first asked for one. The modules themselves
(``keinstich.tricks``, ``keinstich.sim.charts``, …) hold the rest.

Every word it says comes from its message catalogs, in English or German: ``keinstich.set_language("de")``
chooses (else ``KEINSTICH_LANG``, else the locale, else English; :mod:`keinstich.wording.i18n`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from keinstich.wording.i18n import language, set_language, use_language

if TYPE_CHECKING:
    from keinstich.bots import HeuristicBot, RandomBot, play_deal, show_tricks
    from keinstich.bots.montecarlo import MonteCarloBot
    from keinstich.bots.registry import make_bot
    from keinstich.cards import Card, Suit, card, pack
    from keinstich.coach import Review, Verdict, verdict
    from keinstich.coach.review import review
    from keinstich.codes import CodeError, deal_code, read_code, result_code
    from keinstich.contracts import Contract
    from keinstich.deal import Deal, IllegalPlay, Kind, Lay, Move, Result, Unit
    from keinstich.dealing import deal_hands
    from keinstich.games import GAMES
    from keinstich.games.herzblatt import HerzblattDeal
    from keinstich.hand_text import hands_from_text
    from keinstich.layoff import DominoContract, DominoDeal
    from keinstich.records import Record
    from keinstich.sim import simulate, simulate_partie, summarize, tournament
    from keinstich.trainer import Memory
    from keinstich.trainer.practice import Practice
    from keinstich.tricks import TrickDeal

_HOME: dict[str, str] = {
    # deals, their moves and results
    "Deal": "keinstich.deal", "Kind": "keinstich.deal", "Unit": "keinstich.deal", "Move": "keinstich.deal",
    "Lay": "keinstich.deal", "Result": "keinstich.deal", "IllegalPlay": "keinstich.deal",
    "TrickDeal": "keinstich.tricks", "DominoDeal": "keinstich.layoff", "DominoContract": "keinstich.layoff",
    "HerzblattDeal": "keinstich.games.herzblatt", "Contract": "keinstich.contracts", "Record": "keinstich.records",
    # cards and dealing
    "Card": "keinstich.cards", "Suit": "keinstich.cards", "card": "keinstich.cards",
    "pack": "keinstich.cards", "deal_hands": "keinstich.dealing", "hands_from_text": "keinstich.hand_text",
    # games
    "GAMES": "keinstich.games",
    # bots
    "HeuristicBot": "keinstich.bots", "RandomBot": "keinstich.bots", "MonteCarloBot": "keinstich.bots.montecarlo",
    "make_bot": "keinstich.bots.registry", "play_deal": "keinstich.bots", "show_tricks": "keinstich.bots",
    # the coach and the trainer
    "review": "keinstich.coach", "verdict": "keinstich.coach", "Review": "keinstich.coach",
    "Verdict": "keinstich.coach", "Memory": "keinstich.trainer", "Practice": "keinstich.trainer.practice",
    # deal codes
    "deal_code": "keinstich.codes", "result_code": "keinstich.codes", "read_code": "keinstich.codes",
    "CodeError": "keinstich.codes",
    # simulations
    "simulate": "keinstich.sim", "simulate_partie": "keinstich.sim", "summarize": "keinstich.sim",
    "tournament": "keinstich.sim",
}
"""Where each name of the front door lives."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'keinstich' has no attribute {name!r}: the front door offers "
                             f"{', '.join(sorted(_HOME))} (and keinstich.<module> the rest)")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


__all__ = [
    "GAMES", "Card", "CodeError", "Contract", "Deal", "DominoContract", "DominoDeal", "HerzblattDeal", "HeuristicBot",
    "IllegalPlay", "Kind", "Lay", "Memory", "MonteCarloBot", "Move", "Practice", "RandomBot", "Record", "Result",
    "Review", "Suit", "TrickDeal", "Unit", "Verdict", "card", "deal_code", "deal_hands",
    "hands_from_text", "language", "make_bot", "pack", "play_deal", "read_code", "result_code", "review",
    "set_language", "show_tricks", "simulate", "simulate_partie", "summarize", "tournament", "use_language",
    "verdict",
]

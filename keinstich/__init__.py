"""Kein Stich teaching kit: the engine (cards, trick play, contracts, domino, partie, records).

The front door: ``from keinstich import TrickDeal, GAMES, HeuristicBot, play_deal, review, simulate`` offers the
public API, listed in :data:`__all__`, and the lessons import the engine from it: the cards, the deals and their
moves, Kein Stich's contracts and the parts of a contract of one's own, the games with their rules and parties
(``GAMES["herzeln"].deal("no-hearts", 7)``), the bots and the solver, the coach, the trainer, the deal codes, the
simulations with their statistics and charts, cards in words and on screen. Each name is loaded on first use (PEP
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
    from keinstich.bots import HeuristicBot, RandomBot, heuristic_playout, play_deal, show_tricks
    from keinstich.bots.montecarlo import MonteCarloBot
    from keinstich.bots.play import bot_move
    from keinstich.bots.registry import make_bot
    from keinstich.bots.solver import card_values, solve
    from keinstich.cards import Card, Rank, Suit, card, pack
    from keinstich.coach import Review, Verdict, review_partie, verdict
    from keinstich.coach.review import review
    from keinstich.codes import CodeError, deal_code, read_code, result_code
    from keinstich.contracts import (
        BLACK_PIG,
        KEIN_STICH_CONTRACTS,
        NO_FIRST_LAST,
        NO_HEARTS,
        NO_MAX,
        NO_OBERS,
        NO_PENULTIMATE,
        NO_TRICKS,
        POWER,
        Contract,
        ForTrick,
        PerCard,
        PerTrick,
    )
    from keinstich.deal import Deal, IllegalPlay, Kind, Lay, Move, Result, Unit
    from keinstich.dealing import deal_hands
    from keinstich.faces import Cards, set_display
    from keinstich.games import GAMES
    from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules, card_points
    from keinstich.games.herzeln import HERZELN_CONTRACTS, HerzelnPartie, HerzelnRules
    from keinstich.games.kein_stich import Partie, PartieRules, preset
    from keinstich.games.presets import presets
    from keinstich.hand_text import hands_from_text
    from keinstich.layoff import DOMINO, DominoContract, DominoDeal, domino_contract, payout_shares
    from keinstich.records import Record
    from keinstich.sim import charts, simulate, simulate_partie, stats, summarize, tournament, worded
    from keinstich.sim.batch import random_deals
    from keinstich.trainer import Memory
    from keinstich.trainer.practice import Practice
    from keinstich.tricks import TrickDeal, forehand
    from keinstich.wording import card_words, cards_in_words

_HOME: dict[str, str] = {
    # cards and dealing
    "Card": "keinstich.cards", "Suit": "keinstich.cards", "Rank": "keinstich.cards", "card": "keinstich.cards",
    "pack": "keinstich.cards", "deal_hands": "keinstich.dealing",
    "hands_from_text": "keinstich.hand_text", "forehand": "keinstich.tricks",
    # deals, their moves and results
    "Deal": "keinstich.deal", "Kind": "keinstich.deal", "Unit": "keinstich.deal", "Move": "keinstich.deal",
    "Lay": "keinstich.deal", "Result": "keinstich.deal", "IllegalPlay": "keinstich.deal",
    "TrickDeal": "keinstich.tricks", "DominoDeal": "keinstich.layoff", "DominoContract": "keinstich.layoff",
    "HerzblattDeal": "keinstich.games.herzblatt", "Record": "keinstich.records",
    # Kein Stich's contracts, and the parts a contract of the reader's own is made of
    "Contract": "keinstich.contracts", "PerCard": "keinstich.contracts", "PerTrick": "keinstich.contracts",
    "ForTrick": "keinstich.contracts", "KEIN_STICH_CONTRACTS": "keinstich.contracts",
    "NO_TRICKS": "keinstich.contracts", "NO_HEARTS": "keinstich.contracts", "NO_OBERS": "keinstich.contracts",
    "NO_MAX": "keinstich.contracts", "BLACK_PIG": "keinstich.contracts", "NO_FIRST_LAST": "keinstich.contracts",
    "NO_PENULTIMATE": "keinstich.contracts", "POWER": "keinstich.contracts",
    "DOMINO": "keinstich.layoff", "domino_contract": "keinstich.layoff", "payout_shares": "keinstich.layoff",
    # the games, their rules and parties
    "GAMES": "keinstich.games", "presets": "keinstich.games.presets",
    "Partie": "keinstich.games.kein_stich", "PartieRules": "keinstich.games.kein_stich",
    "preset": "keinstich.games.kein_stich", "HerzelnRules": "keinstich.games.herzeln",
    "HerzelnPartie": "keinstich.games.herzeln", "HERZELN_CONTRACTS": "keinstich.games.herzeln",
    "HerzblattRules": "keinstich.games.herzblatt", "card_points": "keinstich.games.herzblatt",
    # bots and the solver
    "HeuristicBot": "keinstich.bots", "RandomBot": "keinstich.bots", "MonteCarloBot": "keinstich.bots.montecarlo",
    "make_bot": "keinstich.bots.registry", "play_deal": "keinstich.bots", "show_tricks": "keinstich.bots",
    "bot_move": "keinstich.bots.play", "heuristic_playout": "keinstich.bots", "solve": "keinstich.bots.solver",
    "card_values": "keinstich.bots.solver",
    # the coach and the trainer
    "review": "keinstich.coach", "review_partie": "keinstich.coach", "verdict": "keinstich.coach",
    "Review": "keinstich.coach", "Verdict": "keinstich.coach", "Memory": "keinstich.trainer",
    "Practice": "keinstich.trainer.practice",
    # deal codes
    "deal_code": "keinstich.codes", "result_code": "keinstich.codes", "read_code": "keinstich.codes",
    "CodeError": "keinstich.codes",
    # simulations, their statistics and charts
    "simulate": "keinstich.sim", "simulate_partie": "keinstich.sim", "summarize": "keinstich.sim",
    "tournament": "keinstich.sim", "worded": "keinstich.sim", "random_deals": "keinstich.sim.batch",
    "charts": "keinstich.sim", "stats": "keinstich.sim",
    # words and pictures
    "card_words": "keinstich.wording", "cards_in_words": "keinstich.wording", "Cards": "keinstich.faces",
    "set_display": "keinstich.faces",
}
"""Where each name of the front door lives (``charts`` and ``stats`` are modules of :mod:`keinstich.sim`)."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'keinstich' has no attribute {name!r}: the front door offers "
                             f"{', '.join(sorted(_HOME))} (and keinstich.<module> the rest)")
    module = importlib.import_module(home)
    value = getattr(module, name) if hasattr(module, name) else importlib.import_module(f"{home}.{name}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


__all__ = [
    "BLACK_PIG", "DOMINO", "GAMES", "HERZELN_CONTRACTS", "KEIN_STICH_CONTRACTS", "NO_FIRST_LAST", "NO_HEARTS", "NO_MAX",
    "NO_OBERS", "NO_PENULTIMATE", "NO_TRICKS", "POWER", "Card", "Cards", "CodeError", "Contract", "Deal",
    "DominoContract", "DominoDeal", "ForTrick", "HerzblattDeal", "HerzblattRules", "HerzelnPartie", "HerzelnRules",
    "HeuristicBot", "IllegalPlay", "Kind", "Lay", "Memory", "MonteCarloBot", "Move", "Partie", "PartieRules", "PerCard",
    "PerTrick", "Practice", "RandomBot", "Rank", "Record", "Result", "Review", "Suit", "TrickDeal", "Unit", "Verdict",
    "bot_move", "card", "card_points", "card_values", "card_words", "cards_in_words", "charts", "deal_code",
    "deal_hands", "domino_contract", "forehand", "hands_from_text", "heuristic_playout", "language", "make_bot",
    "pack", "payout_shares", "play_deal", "preset", "presets", "random_deals", "read_code", "result_code", "review",
    "review_partie", "set_display", "set_language", "show_tricks", "simulate", "simulate_partie", "solve", "stats",
    "summarize", "tournament", "use_language", "verdict", "worded",
]

"""The games, one module each, and their registry: ``GAMES["herzeln"].deal("no-hearts", seed=7)``.

A new game is a module here with a :class:`~keinstich.game.Game` subclass, plus one line below.
"""

from keinstich.game import Game, GameError
from keinstich.games.herzblatt import Herzblatt
from keinstich.games.herzeln import Herzeln
from keinstich.games.kein_stich import KeinStich
from keinstich.records import CORE_KEYS

GAMES: dict[str, Game] = {g.id: g for g in (KeinStich(), Herzeln(), Herzblatt())}
"""Every game by id, in the order the lessons teach them."""


def game(game_id: str) -> Game:
    """The game with this id (``"kein-stich"``, ``"herzeln"``, ``"herzblatt"``), or a clear refusal."""
    try:
        return GAMES[game_id.strip().lower()]
    except (KeyError, AttributeError):
        raise GameError(f"unknown game {game_id!r}: use one of {', '.join(GAMES)}") from None


def register(g: Game) -> Game:
    """Add a game to the registry (a reader's own game, or a test's); its records read at once."""
    if not g.id or not isinstance(g.id, str):
        raise ValueError(f"a game id is non-empty text, not {g.id!r}")
    clash = set(g.extra_keys) & CORE_KEYS
    if clash:
        raise ValueError(f"game {g.id!r}: extra keys {sorted(clash)} are core record keys")
    GAMES[g.id] = g
    return g


__all__ = ["GAMES", "Game", "GameError", "game", "register"]

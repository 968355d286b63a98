"""The games, one module each, registered in :data:`keinstich.game.GAMES`: ``GAMES["herzeln"].deal("no-hearts")``.

A new game is a module here with a :class:`~keinstich.game.Game` subclass, plus one line in pyproject.toml's entry
points (``[project.entry-points."keinstich.games"]``); a reader's package names its game the same way, and a game of
a notebook's own is registered by hand (:func:`register`). Each game is imported the first time it is asked for.
"""

from keinstich.game import GAMES, Game, GameError, game, register

__all__ = ["GAMES", "Game", "GameError", "game", "register"]

"""The games, one module each, registered in :data:`keinstich.game.GAMES`: ``GAMES["herzeln"].deal("no-hearts")``.

A new game is a module here with a :class:`~keinstich.game.Game` subclass, plus one line below; a reader's own game
is registered the same way (:func:`register`).
"""

from keinstich.game import GAMES, Game, GameError, game, register
from keinstich.games.herzblatt import Herzblatt
from keinstich.games.herzeln import Herzeln
from keinstich.games.kein_stich import KeinStich

for _game in (KeinStich(), Herzeln(), Herzblatt()):  # in the order the lessons teach them
    if _game.id not in GAMES:
        register(_game)

__all__ = ["GAMES", "Game", "GameError", "game", "register"]

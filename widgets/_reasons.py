"""Why a card was played, in the faces' words: the line a :class:`~keinstich_widgets.replay.Replay` with
``reasons`` shows under its buttons at each step ("Seat 1 played the Unter of Hearts: duck: ...")."""

from __future__ import annotations

from typing import Any

from keinstich.bots.base import Bot
from keinstich.cards import Style
from keinstich.deal import Deal
from keinstich.i18n import _
from keinstich.wording import the_card
from keinstich.wording.names import move_words as said_move

from ._games import bot_move, move_cards


def move_words(move: Any, style: Style) -> str:
    """A move in the faces' words: "the Unter of Hearts" (or "J♥"), "pass", or a Herzblatt decision."""
    cs = move_cards(move)
    if len(cs) == 1:
        return the_card(cs[0], style)
    return said_move(move)


def reason_line(bot: Bot, position: Deal, seat: int, move: Any, name: str, style: Style) -> str:
    """``name`` (seat ``seat``) made ``move`` at ``position``: what it played and the bot's reason; if the
    bot would have played another card there (a recorded game), the line says so and gives the bot's reason."""
    wanted, reason = bot_move(bot, position, seat, style)  # the seat's observation only
    if wanted == move:
        if move is None:
            return _("{name} passed: {reason}", name=name, reason=reason)
        return _("{name} played {move}: {reason}", name=name, move=move_words(move, style), reason=reason)
    if move is None:
        return _("{name} passed; the bot would have played {wanted}: {reason}", name=name,
                 wanted=move_words(wanted, style), reason=reason)
    return _("{name} played {move}; the bot would have played {wanted}: {reason}", name=name,
             move=move_words(move, style), wanted=move_words(wanted, style), reason=reason)

"""How a bot is asked for its move, and one loop that plays any deal to its end with bots.

:class:`BaseBot` is the shared plumbing of the kit's bots: its :meth:`~BaseBot.decide`, the one way a bot
answers, checks the observation and routes it by its ``kind`` to the bot's trick play, lay-off play or
Herzblatt calls. :func:`play_deal` is written once against the :class:`~keinstich.deal.Deal` interface:
each seat's bot sees its own observation only, and its move is played as it is, whatever the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from keinstich.bots.base import AnyObservation, Bot, BotError, Choice, QuickPlay, check_observation, check_turn
from keinstich.bots.herzblatt import herzblatt_heuristic_decision
from keinstich.cards import Pack, quoted
from keinstich.cards import pack as get_pack
from keinstich.deal import Kind
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.layoff import DominoObservation
from keinstich.limits import check_seed
from keinstich.tricks import Observation
from keinstich.wording import naming_unless_set

if TYPE_CHECKING:
    from keinstich.deal import Deal, Move

D = TypeVar("D", bound="Deal")


_DECISIONS = ("decide", "_trick", "_lay_off", "_herzblatt_call", "_herzblatt_card")


class BaseBot:
    """Shared plumbing: :meth:`decide` checks the observation and routes it to the bot's own answer for a
    trick (:meth:`_trick`), a lay-off turn (:meth:`_lay_off`), a Herzblatt card (:meth:`_herzblatt_card`)
    or call (:meth:`_herzblatt_call`)."""

    name = "bot"

    def __init__(self, seed: int | str | random.Random | None = None, *, pack: Pack | str | None = None) -> None:
        """``seed``: a whole number or text (None is 0), or a ``random.Random`` to draw from; ``pack``:
        the pack in play (an id such as ``"german-32"``), checked here."""
        if seed is not None and not isinstance(seed, random.Random):
            check_seed(seed, f"{type(self).__name__}'s seed")
        if pack is not None:
            get_pack(pack)  # an unknown pack is refused now, not at the first move
        self.rng = seed if isinstance(seed, random.Random) else random.Random(
            f"{type(self).__name__}:{seed if seed is not None else 0}")
        self.pack = pack

    def decide(self, obs: AnyObservation) -> Choice:
        """The move for the seat of ``obs`` (the seat to move), with its reason, in any deal and phase: a card in
        a trick, a card or a pass (None) in a lay-off deal, Herzblatt's answers, discards and calls."""
        check_observation(obs, f"{type(self).__name__}.decide")
        if obs.kind is Kind.HERZBLATT:
            if obs.turn != obs.seat:
                raise BotError(f"seat {obs.seat} cannot act: it is "
                               f"{'nobody' if obs.turn is None else obs.turn}'s turn")
            with naming_unless_set(obs.rules.pack.style):
                if obs.phase == "play":
                    assert obs.trick is not None
                    return self._herzblatt_card(obs)
                return self._herzblatt_call(obs)
        check_turn(obs)
        with naming_unless_set(obs.style):
            if obs.kind is Kind.LAY_OFF:
                return self._lay_off(obs)
            return self._trick(obs)

    def quick_play(self) -> QuickPlay | None:
        """A faster way to the same moves (:class:`~keinstich.bots.base.QuickPlay`), or None: this bot has none."""
        return None

    def _decides_as(self, cls: type[BaseBot]) -> bool:
        """Whether this bot decides exactly as a ``cls`` does: no decision of it overridden (a bot's quick play
        stands in only for its own decisions, not a subclass's)."""
        return all(getattr(type(self), m) is getattr(cls, m) for m in _DECISIONS)

    def _trick(self, obs: Observation) -> Choice:
        """The bot's card in a trick deal (each bot defines it)."""
        raise NotImplementedError

    def _lay_off(self, obs: DominoObservation) -> Choice:
        """The bot's card, or None to pass, in a lay-off deal (each bot defines it)."""
        raise NotImplementedError

    def _herzblatt_call(self, obs: HerzblattObservation) -> Choice:
        """Solo or pass, discards, announcements, contra and re (every phase but the cards)."""
        return herzblatt_heuristic_decision(obs)

    def _herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        """A card in Herzblatt's play phase: by default the bot's trick play on the trick observation."""
        assert obs.trick is not None
        return self._trick(obs.trick)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def play_deal(deal: D, bots: Sequence[Bot]) -> D:
    """Play ``deal`` (of any game) to its end: each seat's bot is handed ``deal.observation(seat)``
    only, and its answer is played as the deal's move. Returns the deal."""
    if not callable(getattr(deal, "observation", None)) or not hasattr(deal, "over"):
        raise TypeError(f"play_deal plays a deal, e.g. TrickDeal.from_seed(\"german-32\", 4, 7, \"no-hearts\"), "
                        f"not {quoted(deal)}")
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise TypeError(f"play_deal takes a list of bots, one per seat, not {quoted(bots)}")
    if len(bots) != deal.players:
        raise BotError(f"give one bot per seat ({deal.players}), not {len(bots)}")
    for i, b in enumerate(bots):
        if not callable(getattr(b, "decide", None)):
            raise TypeError(f"seat {i}'s bot must be a bot such as HeuristicBot() or RandomBot(), not {quoted(b)}")
    while not deal.over:
        seat = deal.turn
        assert seat is not None
        deal.play(bots[seat].decide(deal.observation(seat)).move, seat)
    return deal


def bot_move(bot: Bot, obs: AnyObservation) -> Move:
    """The move ``bot`` decides on ``obs`` (``bot.decide(obs).move``)."""
    return bot.decide(obs).move


__all__ = ["BaseBot", "bot_move", "play_deal"]

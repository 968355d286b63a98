"""The random bot: a uniformly random legal move, the baseline every other bot is measured against."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from keinstich.bots.base import BotError, Choice, QuickPlay
from keinstich.bots.domino import may_pass, passing_allowed
from keinstich.bots.play import BaseBot
from keinstich.cards import Card
from keinstich.deal import Announce, Ask, Contra, Discard, Kind, Re
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.i18n import _
from keinstich.layoff import DominoObservation
from keinstich.tricks import Observation
from keinstich.wording import say, say_cards

if TYPE_CHECKING:
    from keinstich.deal import Deal


class RandomBot(BaseBot):
    """Plays a uniformly random legal card (and passes when it must, or at random when it may)."""

    name = "random"
    cheap = True
    """It answers in well under a millisecond: a search may ask it about many imagined positions."""

    def _trick(self, obs: Observation) -> Choice:
        c = self.rng.choice(obs.legal)
        return Choice(c, _("random: {card} out of {n} legal cards", card=say(c), n=len(obs.legal)))

    def _lay_off(self, obs: DominoObservation) -> Choice:
        c, count = self.domino_draw(obs.seat, obs.legal, may_pass(obs))
        if c is None:
            return Choice(None, _("no card fits: pass") if not obs.legal else _("random: pass"))
        return Choice(c, _("random: {card} out of {n} moves", card=say(c), n=count))

    def domino_draw(self, seat: int, legal: Sequence[Card], may_pass: bool) -> tuple[Card | None, int]:
        """The move drawn in a lay-off deal (None: pass) and how many there were to draw from; the quick play
        draws it from the deal itself, as :meth:`decide` does from the observation."""
        moves: list[Card | None] = list(legal) + ([None] if may_pass else [])
        if not moves:
            raise BotError(f"seat {seat} has no legal move")
        return self.rng.choice(moves), len(moves)

    def _herzblatt_call(self, obs: HerzblattObservation) -> Choice:
        """At random: plays solo one time in three, discards any two cards, rarely announces or doubles."""
        rng = self.rng
        if obs.phase == "asking":
            yes = rng.random() < 1 / 3
            return Choice(Ask(yes), _("random: play") if yes else _("random: pass"))
        if obs.phase == "discard":
            a, b = rng.sample(list(obs.hand), 2)
            return Choice(Discard(a, b), _("random: lay away {cards}", cards=say_cards((a, b))))
        if obs.phase == "announce":
            yes = rng.random() < 0.1
            return Choice(Announce("66" if yes else None), (_("random: announce 66") if yes else
                                                          _("random: no announcement")))
        yes = rng.random() < 0.1
        return Choice(Contra(yes) if obs.phase == "contra" else Re(yes), _("random: yes") if yes else _("random: no"))

    def quick_play(self) -> QuickPlay | None:
        """:class:`RandomQuick`: the same draws from the bot's generator, without an observation."""
        return RandomQuick(self) if self._decides_as(RandomBot) else None


class RandomQuick:
    """:class:`RandomBot`'s draws made on the deal itself: in a trick deal a card from its legal cards, in a
    lay-off deal a card or a pass from its moves, exactly as the bot draws them from an observation; every
    other move by :meth:`~RandomBot.decide`. Each bot draws from its own generator, so none finishes a deal
    for the others."""

    __slots__ = ("bot",)

    def __init__(self, bot: RandomBot) -> None:
        self.bot = bot

    def play(self, deal: Deal) -> None:
        seat = deal.turn
        assert seat is not None
        bot = self.bot
        if deal.kind is Kind.TRICK:
            deal.play(bot.rng.choice(deal.legal()), seat)
        elif deal.kind is Kind.LAY_OFF:
            d = cast(Any, deal)
            legal = d.legal()
            allowed = passing_allowed(d.can_pass(), bool(legal), d.plays, d.hand_sizes)
            deal.play(bot.domino_draw(seat, legal, allowed)[0], seat)
        else:
            deal.play(bot.decide(deal.observation(seat)).move, seat)

    def finish(self, deal: Deal) -> bool:
        return False


__all__ = ["RandomBot", "RandomQuick"]

"""The random bot: a uniformly random legal move, the baseline every other bot is measured against."""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.bots.base import BotError, Choice, Decision
from keinstich.bots.domino import may_pass
from keinstich.bots.play import BaseBot
from keinstich.cards import Card
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.layoff import DominoObservation
from keinstich.tricks import Observation
from keinstich.wording import say, say_cards


class RandomBot(BaseBot):
    """Plays a uniformly random legal card (and passes when it must, or at random when it may)."""

    name = "random"
    cheap = True
    """It answers in well under a millisecond: a search may ask it about many imagined positions."""

    def explain_trick(self, obs: Observation) -> Choice:
        c = self.rng.choice(obs.legal)
        return Choice(c, f"random: {say(c)} out of {len(obs.legal)} legal cards")

    def explain_domino(self, obs: DominoObservation) -> Choice:
        c, count = self.domino_draw(obs.seat, obs.legal, may_pass(obs))
        if c is None:
            return Choice(None, "no card fits: pass" if not obs.legal else "random: pass")
        return Choice(c, f"random: {say(c)} out of {count} moves")

    def domino_draw(self, seat: int, legal: Sequence[Card], may_pass: bool) -> tuple[Card | None, int]:
        """The move drawn in a lay-off deal (None: pass) and how many there were to draw from; simulations
        draw it from the deal itself, as :meth:`explain_domino` does from the observation."""
        moves: list[Card | None] = list(legal) + ([None] if may_pass else [])
        if not moves:
            raise BotError(f"seat {seat} has no legal move")
        return self.rng.choice(moves), len(moves)

    def herzblatt_decide(self, obs: HerzblattObservation) -> Decision:
        """At random: plays solo one time in three, discards any two cards, rarely announces or doubles."""
        rng = self.rng
        if obs.phase == "asking":
            yes = rng.random() < 1 / 3
            return Decision(yes, f"random: {'play' if yes else 'pass'}")
        if obs.phase == "discard":
            a, b = rng.sample(list(obs.hand), 2)
            return Decision((a, b), f"random: lay away {say_cards((a, b))}")
        if obs.phase == "announce":
            call = "66" if rng.random() < 0.1 else None
            return Decision(call, f"random: {'announce 66' if call else 'no announcement'}")
        yes = rng.random() < 0.1
        return Decision(yes, f"random: {'yes' if yes else 'no'}")


__all__ = ["RandomBot"]

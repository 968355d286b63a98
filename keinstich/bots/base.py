"""What a bot is, what it answers, and what "better" means for it.

A bot is handed one seat's observation, never the hidden hands, and returns its move: a card (or None
to pass in a lay-off deal) with :meth:`Bot.explain`'s one-line reason, or in Herzblatt a
:class:`Decision` for any phase. An observation's ``kind`` (``"trick"``, ``"lay-off"``,
``"herzblatt"``) says which question it asks; nothing here looks at a deal's or observation's type.

What "better" means is defined once, by :class:`Objective` (trick deals and Herzblatt's sides) and
:func:`domino_value`: a bot minimises its own penalty in Kein Stich (positive = paid), maximises its
points in Herzeln (``contract.unit == "points"``) and its side's card points in Herzblatt. The Monte
Carlo bot and the solver use the same definitions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeAlias, TypeGuard, runtime_checkable

from keinstich.cards import Card, quoted
from keinstich.deal import check_deal, check_seat
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.layoff import PAYOUT_WEIGHTS, DominoObservation
from keinstich.tricks import Observation, Scoring

if TYPE_CHECKING:
    from keinstich.deal import Deal
    from keinstich.layoff import DominoDeal

AnyObservation: TypeAlias = Observation | DominoObservation | HerzblattObservation
Move: TypeAlias = bool | tuple[Card, Card] | str | Card | None
"""A Herzblatt move: bool (solo, contra, re), two discards, None/"66"/"du" (announce) or a card."""


class Choice(NamedTuple):
    """A card to play (None = pass, in the lay-off deal) and the one-line reason, for hints."""

    card: Card | None
    reason: str

    def __str__(self) -> str:
        """The reason alone: it names the card (or the pass) in the deal's words, so a code before it would only
        repeat it in another notation."""
        return self.reason


class Decision(NamedTuple):
    """A Herzblatt move for the current phase (see :data:`Move`) and its one-line reason."""

    move: Move
    reason: str


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` a card (or None to pass) from one seat's observation; ``explain`` says why.

    ``decide`` answers a Herzblatt observation in any phase: whether it plays solo, which two cards
    it discards, its announcements and contra/re, and its cards.
    """

    name: str

    def choose(self, obs: Observation | DominoObservation) -> Card | None: ...

    def explain(self, obs: Observation | DominoObservation) -> Choice: ...

    def decide(self, obs: HerzblattObservation) -> Decision: ...


class BotError(ValueError):
    """An observation a bot cannot act on (not its turn, the deal is over, an unknown pack)."""


KINDS = ("trick", "lay-off", "herzblatt")
"""The kinds of observation a bot answers (an observation's ``kind``)."""


def check_observation(obs: object, what: str = "a bot") -> None:
    """Refuse anything but one seat's observation: a whole deal (pass ``deal.observation(seat)``:
    a bot never sees the hidden hands), or another value."""
    if getattr(obs, "kind", None) in KINDS:
        return
    if callable(getattr(obs, "observation", None)):
        raise TypeError(f"{what} is handed one seat's view of the deal, not the deal itself: "
                        f"pass deal.observation(seat), e.g. deal.observation(deal.turn)")
    raise TypeError(f"{what} is handed a seat's observation, deal.observation(seat), not {quoted(obs)}")


def check_turn(obs: Observation | DominoObservation) -> None:
    """Refuse an observation whose seat is not the one to move."""
    if obs.turn != obs.seat:
        what = "the deal is over" if obs.turn is None else f"it is seat {obs.turn}'s turn"
        raise BotError(f"seat {obs.seat} cannot move: {what}")


# --- what "better" means ----------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """What a seat plays for in a trick deal: the summed score of its ``side``, times ``sign``.

    ``sign`` is -1 for penalties (Kein Stich: pfennig paid, lower is better) and +1 for points
    (Herzeln, Herzblatt: higher is better). ``side`` is the seat alone, except in Herzblatt where
    the defenders play together. :meth:`value` is higher-is-better for every game.
    """

    seat: int
    side: tuple[int, ...]
    sign: int

    def value(self, scores: Sequence[int]) -> int:
        """The value of (final) scores for this seat: higher is better."""
        return self.sign * sum(scores[s] for s in self.side)

    def score(self, scores: Sequence[int]) -> int:
        """The side's summed score in the contract's own units (pfennig paid, or points)."""
        return sum(scores[s] for s in self.side)


def sign_of(contract: Scoring | None) -> int:
    """+1 when the contract counts points (higher is better), -1 when it charges penalties."""
    return 1 if getattr(contract, "unit", "pfennig") == "points" else -1


def objective(obs: AnyObservation, seat: int | None = None) -> Objective:
    """The :class:`Objective` of the observing seat (or ``seat``): Herzblatt sides, else the seat alone
    (in a lay-off deal playing for its place value, higher is better)."""
    s = obs.seat if seat is None else seat
    if obs.kind == "herzblatt":
        if obs.soloist is None:
            return Objective(s, (s,), 1)
        side = (obs.soloist,) if s == obs.soloist else tuple(p for p in range(obs.players) if p != obs.soloist)
        return Objective(s, side, 1)
    if obs.kind == "lay-off":
        return Objective(s, (s,), 1)
    return Objective(s, (s,), sign_of(obs.contract))


def domino_value(contract_points: Sequence[int] | None, finish_order: Sequence[int], seat: int,
                 fees: Sequence[int] = ()) -> int:
    """The value of a finished lay-off deal for ``seat``: higher is better.

    Herzeln's points by place when ``contract_points`` is given; otherwise (Kein Stich) the payout
    weight of the place (100/50/10/0 with four players: exactly the pfennig of a 160 pot), less the
    pass fees ``seat`` paid [DER: fees and weights are compared one to one].
    """
    n = len(finish_order)
    place = list(finish_order).index(seat)
    if contract_points is not None:
        base = contract_points[place]
    else:
        base = PAYOUT_WEIGHTS.get(n, (100,) + (0,) * (n - 1))[place]
    return base - (fees[seat] if fees else 0)


def lay_off(deal: Deal) -> TypeGuard[DominoDeal]:
    """Whether ``deal`` is a lay-off deal: the kind of deal whose result ranks the seats by place."""
    return deal.result().places is not None


def deal_value(deal: Deal, seat: int) -> int:
    """The value of a finished deal for ``seat`` (higher is better), as every bot and the solver see it.

    Trick deal: minus the penalty (Kein Stich) or the points (Herzeln); lay-off deal:
    :func:`domino_value`; Herzblatt: the seat's stake from the settlement.
    """
    check_deal(deal, "deal_value")
    check_seat(seat, deal.players, BotError)
    if not deal.over:
        raise BotError("the deal is not over yet: a deal's value is known at its end")
    if lay_off(deal):
        return domino_value(deal.contract.points, deal.finish_order, seat, deal.fees())
    return objective(deal.observation(seat)).sign * deal.result().scores[seat]

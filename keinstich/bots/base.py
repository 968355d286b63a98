"""What a bot is, what it answers, and what "better" means for it.

A bot is handed one seat's observation, never the hidden hands, and answers with one method,
:meth:`Bot.decide`: its move (a :data:`~keinstich.deal.Move`: a card, a pass in a lay-off deal, Herzblatt's
calls) with a one-line reason, as a :class:`Choice`. An observation's ``kind`` (a :class:`~keinstich.deal.Kind`)
says which question it asks; nothing here looks at a deal's or observation's type. A bot
that can make the same moves faster, from the deal itself, offers a :class:`QuickPlay` (``quick_play()``):
simulations ask for it, never for the bot's type.

What "better" means is defined once, by the deal (:meth:`~keinstich.deal.Deal.returns`, higher always better,
:func:`~keinstich.deal.better` of its unit), :class:`Objective` (trick deals and Herzblatt's sides) and
:func:`domino_value`: a bot minimises its own penalty in Kein Stich (positive = paid), maximises its
points in Herzeln (``contract.unit == "points"``) and its side's card points in Herzblatt. The Monte
Carlo bot and the solver use the same definitions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeAlias, TypeGuard, runtime_checkable

from keinstich.cards import Card, quoted
from keinstich.deal import Kind, Lay, Move, Unit, better
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.layoff import DominoObservation
from keinstich.layoff import domino_value as domino_value  # the value of a place, public here since the bots' start
from keinstich.machine import check_deal, check_seat
from keinstich.tricks import Observation, Scoring

if TYPE_CHECKING:
    from keinstich.deal import Deal
    from keinstich.layoff import DominoDeal

AnyObservation: TypeAlias = Observation | DominoObservation | HerzblattObservation


class Choice(NamedTuple):
    """A bot's answer: its move (a card, None to pass in a lay-off deal, a Herzblatt call) and the
    one-line reason, for hints."""

    move: Move
    reason: str

    @property
    def card(self) -> Card | None:
        """The card the move puts down (None for a pass or a call)."""
        m = self.move
        return m if isinstance(m, Card) else m.card if isinstance(m, Lay) else None

    def __str__(self) -> str:
        """The reason alone: it names the card (or the pass) in the deal's words, so a code before it would only
        repeat it in another notation."""
        return self.reason


@runtime_checkable
class Bot(Protocol):
    """A player: ``decide`` answers one seat's observation, in any deal and phase, with its move and reason."""

    name: str

    def decide(self, obs: AnyObservation) -> Choice: ...


class QuickPlay(Protocol):
    """A bot's faster way to the moves its :meth:`Bot.decide` would make, worked out on the deal itself from what
    the seat to move may see (no observation built): what simulations use. A bot offers one with
    ``quick_play()`` (None where it has none)."""

    def play(self, deal: Deal) -> None:
        """Make the seat to move's move on ``deal``, the move ``decide`` would make."""

    def finish(self, deal: Deal) -> bool:
        """With this quick play in every seat: play ``deal`` to its end at once and return True, or return
        False when it cannot here (then each seat is asked in turn)."""


def quick_play(bot: object) -> QuickPlay | None:
    """The :class:`QuickPlay` ``bot`` offers, or None."""
    offer = getattr(bot, "quick_play", None)
    return offer() if callable(offer) else None


class BotError(ValueError):
    """An observation a bot cannot act on (not its turn, the deal is over, an unknown pack)."""


KINDS = tuple(Kind)
"""The kinds of observation a bot answers (an observation's ``kind``, a deal's too)."""


def check_observation(obs: object, what: str = "a bot") -> None:
    """Refuse anything but one seat's observation: a whole deal (pass ``deal.observation(seat)``:
    a bot never sees the hidden hands), or another value."""
    deal = callable(getattr(obs, "observation", None))
    if not deal and getattr(obs, "kind", None) in KINDS:
        return
    if deal:
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
    """+1 when the contract counts points (higher is better), -1 when it charges penalties
    (:func:`keinstich.deal.better` of its unit)."""
    return better(getattr(contract, "unit", Unit.PFENNIG))


def objective(obs: AnyObservation, seat: int | None = None) -> Objective:
    """The :class:`Objective` of the observing seat (or ``seat``): Herzblatt sides, else the seat alone
    (in a lay-off deal playing for its place value, higher is better)."""
    s = obs.seat if seat is None else seat
    if obs.kind is Kind.HERZBLATT:
        if obs.soloist is None:
            return Objective(s, (s,), 1)
        side = (obs.soloist,) if s == obs.soloist else tuple(p for p in range(obs.players) if p != obs.soloist)
        return Objective(s, side, 1)
    if obs.kind is Kind.LAY_OFF:
        return Objective(s, (s,), 1)
    return Objective(s, (s,), sign_of(obs.contract))


def lay_off(deal: Deal) -> TypeGuard[DominoDeal]:
    """Whether ``deal`` is a lay-off deal (its :attr:`~keinstich.deal.Deal.kind`), for code typed against one."""
    return deal.kind is Kind.LAY_OFF


def deal_value(deal: Deal, seat: int) -> int:
    """The value of a finished deal for ``seat`` (higher is better), as every bot and the solver see it: the
    deal's :meth:`~keinstich.deal.Deal.returns` once it is over."""
    check_deal(deal, "deal_value")
    check_seat(seat, deal.players, BotError)
    if not deal.over:
        raise BotError("the deal is not over yet: a deal's value is known at its end")
    return deal.returns(seat)

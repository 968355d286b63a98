"""The one interface every kind of deal implements (trick deals, lay-off (domino) deals, Herzblatt), and the
one :data:`Move` they take.

A caller that plays, replays, judges or draws a deal is written once against :class:`Deal`, never
against a deal type: bots, the solver, ``simulate``, records and the widgets all are. A move is what the
phase asks for: a :class:`~keinstich.cards.Card` in trick play, a card, a :class:`Lay` or a pass (None) in
a lay-off deal, Herzblatt's :class:`Ask`, :class:`Discard`, :class:`Announce`, :class:`Contra` and
:class:`Re`. Every move has a stable text form, :func:`move_code` (``"QS"``, ``"9C@bottom"``, ``"pass"``,
``"solo"``, ``"discard 7C 8C"``), which :func:`parse_move` reads back; ``str()`` is its words.

Shaped after OpenSpiel's game API (legal actions, apply, returns, clone, an observation per
player) and python-chess's one ``Move``: a reader who knows one deal kind knows them all.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, NamedTuple, Protocol, TypeAlias, TypeVar

from keinstich.cards import Card, CardCodeError, Style, Suit, card
from keinstich.wording.refusals import say_refusal

# --- what a deal is ------------------------------------------------------------------------------------


class Kind(StrEnum):
    """What kind of deal a deal is, and so which view its :meth:`Deal.observation` gives: cards to tricks
    (Kein Stich's and Herzeln's trick deals), a lay-off (domino) deal, or Herzblatt (calls, then card play).
    Asked as ``deal.kind is Kind.LAY_OFF``; a member equals its text (``Kind.LAY_OFF == "lay-off"``)."""

    TRICK = "trick"
    LAY_OFF = "lay-off"
    HERZBLATT = "herzblatt"


class Unit(StrEnum):
    """What a deal's scores count. ``PFENNIG``: Kein Stich's penalties, paid into the pot (a lay-off deal pays the
    pot out by place); ``POINTS``: Herzeln's points; ``STAKES``: Herzblatt's settlement; ``CARD_POINTS``: the card
    points Herzblatt's card play takes (what the coach weighs a card by). A member equals its text."""

    PFENNIG = "pfennig"
    POINTS = "points"
    STAKES = "stakes"
    CARD_POINTS = "card points"

    @property
    def paid(self) -> bool:
        """Whether a score in this unit is paid (pfennig: lower is better), not won (higher is better)."""
        return self is Unit.PFENNIG

    def __repr__(self) -> str:
        return repr(self.value)  # a result reads as it always has: Result(scores=(…), unit='points', …)

    @property
    def short(self) -> str:
        """The unit's short code, as the coach's cells and the trainer's bank abbreviate it: ``"pf"`` for pfennig,
        else its text (:func:`keinstich.wording.names.unit_word` says either in words)."""
        return "pf" if self is Unit.PFENNIG else self.value


def better(unit: Unit | str) -> int:
    """+1 when a higher score in ``unit`` is better (points, stakes, card points), -1 when a lower one is (pfennig
    paid). A deal's :meth:`Deal.returns` are its scores times this: higher is always better."""
    return -1 if Unit(unit).paid else 1


# --- the moves ---------------------------------------------------------------------------------------

End = Literal["top", "bottom"]
"""An end of a lay-off chain (or of a row that wraps round)."""
Announcement = Literal["66", "du"]
"""What Herzblatt's soloist may announce under Muhr's rules (docs/rules.md §4.6)."""


class Lay(NamedTuple):
    """A lay-off card laid at a chosen end (where it fits both); shows as ``9C@bottom``."""

    card: Card
    end: End

    def __str__(self) -> str:
        return f"{self.card.code}@{self.end}"


class Ask(NamedTuple):
    """Herzblatt: the seat asked answers: play (become the soloist) or pass (docs/rules.md §4.3)."""

    play: bool

    def __str__(self) -> str:
        return "play" if self.play else "pass"


class Discard(NamedTuple):
    """Herzblatt: the soloist lays two cards away after taking the skat."""

    first: Card
    second: Card

    def __str__(self) -> str:
        return f"discard {self.first.code} {self.second.code}"


class Announce(NamedTuple):
    """Muhr: the soloist announces nothing (None), "66" or "du" (all tricks)."""

    call: Announcement | None

    def __str__(self) -> str:
        return f"announce {self.call}" if self.call else "announce nothing"


class Contra(NamedTuple):
    """Muhr: an eligible defender doubles (contra) or not."""

    yes: bool

    def __str__(self) -> str:
        return "contra" if self.yes else "no contra"


class Re(NamedTuple):
    """Muhr: the soloist answers a contra with re or not."""

    yes: bool

    def __str__(self) -> str:
        return "re" if self.yes else "no re"


Move: TypeAlias = Card | Lay | Ask | Discard | Announce | Contra | Re | None
"""A move of any deal: a card, a lay-off card at a chosen end, a pass (None), or one of Herzblatt's calls."""

PASS = "pass"
"""The text of a pass (in a lay-off deal), as records write it."""


def move_code(move: Move) -> str:
    """A move's stable text, which :func:`parse_move` reads back: ``"QS"``, ``"9C@bottom"``, ``"pass"``,
    ``"solo"`` / ``"no solo"`` (Herzblatt's answer), ``"discard 7C 8C"``, ``"announce 66"`` /
    ``"announce du"`` / ``"announce nothing"``, ``"contra"`` / ``"no contra"``, ``"re"`` / ``"no re"``."""
    if move is None:
        return PASS
    if isinstance(move, Card):
        return move.code
    if isinstance(move, Ask):
        return "solo" if move.play else "no solo"
    return str(move)


_CALLS: dict[str, Move] = {
    "solo": Ask(True), "no solo": Ask(False), "announce nothing": Announce(None), "announce 66": Announce("66"),
    "announce du": Announce("du"), "contra": Contra(True), "no contra": Contra(False), "re": Re(True),
    "no re": Re(False)}


def parse_move(text: str) -> Move:
    """The move whose :func:`move_code` is ``text`` (case and spaces aside); a clear ``ValueError`` otherwise."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text such as \"QS\", \"9C@bottom\", \"pass\" or \"solo\", "
                         f"not {text!r}")
    words = " ".join(text.strip().lower().split())
    if words == PASS:
        return None
    if words in _CALLS:
        return _CALLS[words]
    try:
        if words.startswith("discard "):
            first, second = words[len("discard "):].split()
            return Discard(card(first), card(second))
        code, at, end = words.partition("@")
        if at:
            if end not in ("top", "bottom"):
                raise ValueError(f"an end is @top or @bottom, not @{end}")
            return Lay(card(code), "top" if end == "top" else "bottom")
        return card(words)
    except (CardCodeError, ValueError) as e:
        raise ValueError(f"cannot read the move {text!r}: {e}; a move is a card code (\"QS\"), a card at an end "
                         f"(\"9C@bottom\"), \"pass\", or one of {', '.join(repr(k) for k in _CALLS)} or "
                         "\"discard 7C 8C\"") from None


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move puts down: a card, a lay-off card at an end, a discard's two; none for a pass
    or a call (asking, announcing, contra, re)."""
    if isinstance(move, Card):
        return (move,)
    if isinstance(move, Lay):
        return (move.card,)
    if isinstance(move, Discard):
        return (move.first, move.second)
    return ()


@dataclass(frozen=True)
class Result:
    """A finished deal's outcome for every seat, seat 0 first.

    ``scores`` are in ``unit`` (a :class:`Unit`; given as its text, it is read as one): a penalty paid is positive
    in pfennig; points are signed as the game counts them. ``tricks`` (trick deals) and ``places`` (1 = out first,
    lay-off deals) are there where the deal has them. ``columns`` holds a game's own per-seat values by name
    (Herzblatt: role and card points), ``text`` one line on how the scores came about.
    """

    scores: tuple[int, ...]
    unit: Unit
    tricks: tuple[int, ...] | None = None
    places: tuple[int, ...] | None = None
    columns: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    text: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit", Unit(self.unit))
        n = len(self.scores)
        for name, values in (("tricks", self.tricks), ("places", self.places), *self.columns.items()):
            if values is not None and len(values) != n:
                raise ValueError(f"{name} has {len(values)} values for {n} seats")

    @property
    def lower_is_better(self) -> bool:
        """Whether a lower score is the better result: pfennig are what a seat pays (what it receives from the
        pot, a lay-off deal's payout, is negative), so fewer is better; points and stakes are won, more is better."""
        return self.unit.paid

    def __str__(self) -> str:
        scores = ", ".join(f"seat {s}: {v:+d}" for s, v in enumerate(self.scores))
        return f"{scores} ({self.unit})" + (f"; {self.text}" if self.text else "")


D = TypeVar("D", bound="Deal")


class Refusal(str):
    """Why a move is refused, as data, which reads as the engine's sentence.

    ``rule`` names the rule broken (``"follow"``, ``"trump"``, ``"turn"``, ``"no-fit"``, …: the keys of
    :data:`keinstich.wording.refusals.RULES`), ``seat`` the seat that tried, ``facts`` what the sentence cites
    by name: ``card`` (the card refused), ``suit`` (the suit led or banned), ``holding`` (the seat's cards the
    rule allows) and what a rule needs besides (the highest trump so far, the card that must be thrown, …).
    ``str()`` is the engine's sentence (third person, card codes, the deal's suit names, ``style``);
    :func:`keinstich.wording.refusal_words` says it to the learner, in the faces' words, in English or German.
    """

    rule: str
    seat: int | None
    style: Style
    facts: Mapping[str, Any]

    def __new__(cls, rule: str, seat: int | None = None, *, style: Style = "french", **facts: Any) -> Refusal:
        self = str.__new__(cls, say_refusal(rule, seat, facts, style=style))
        self.rule, self.seat, self.style, self.facts = rule, seat, style, facts
        return self

    @property
    def card(self) -> Card | None:
        """The card refused (None for a pass or a call)."""
        c: Card | None = self.facts.get("card")
        return c

    @property
    def suit(self) -> Suit | None:
        """The suit the rule is about: the suit led (follow, trump, forced), or the banned lead."""
        s: Suit | None = self.facts.get("suit")
        return s

    @property
    def holding(self) -> tuple[Card, ...]:
        """The cards of the seat's hand the rule allows (what a refusal lists after "holds")."""
        h: tuple[Card, ...] = self.facts.get("holding", ())
        return h

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refusal, (self.rule, self.seat, self.style, dict(self.facts)))

    def __repr__(self) -> str:
        return f"Refusal({self.rule!r}, seat={self.seat}: {str(self)!r})"


def _refusal(rule: str, seat: int | None, style: Style, facts: dict[str, Any]) -> Refusal:
    return Refusal(rule, seat, style=style, **facts)


class IllegalPlay(ValueError):
    """A move that may not be made now; the message says who, what and why (as ``why_illegal``), and
    ``refusal`` holds it as data (a :class:`Refusal`; plain text where a move could not even be read)."""

    def __init__(self, refusal: str) -> None:
        super().__init__(refusal)
        self.refusal = refusal


class Deal(Protocol):
    """One deal of any game, as a state machine. A refused move raises a ``ValueError`` whose
    message is exactly :meth:`why_illegal`'s, and leaves the state unchanged."""

    players: int

    @property
    def kind(self) -> Kind:
        """What kind of deal this is (a :class:`Kind`): the one way to ask whether it is played in tricks, laid
        off, or Herzblatt's; its observations' ``kind`` is the same."""
        ...

    @property
    def game(self) -> str:
        """The id of the game this deal belongs to (a key of ``keinstich.games.GAMES``)."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the deal is over."""
        ...

    @property
    def phase(self) -> str:
        """What the seat to move does now: ``"play"`` (a card to a trick), ``"lay"`` (lay-off),
        Herzblatt's ``"asking"``, ``"discard"``, ``"announce"``, ``"contra"``, ``"re"``; ``"over"``."""
        ...

    @property
    def over(self) -> bool:
        """Whether the deal has ended (then :meth:`result` is final)."""
        ...

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt, seat 0 first."""
        ...

    @property
    def pack(self) -> str | None:
        """The id of the pack dealt from, or None for hands typed without one (a record then names
        the smallest pack that holds them)."""
        ...

    @property
    def forehand(self) -> int:
        """The seat left of the dealer (who leads the first trick, or opens a lay-off deal)."""
        ...

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as (seat, move); replaying them with :meth:`play` rebuilds the deal."""
        ...

    @property
    def trick_deal(self) -> TrickPlay | None:
        """The trick play inside this deal, for what reads tricks (charts, the fast play-outs): the deal
        itself in a trick deal, Herzblatt's once its card play has begun, None in a lay-off deal."""
        ...

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        ...

    def legal(self) -> tuple[Card, ...]:
        """The cards the seat to move may play or lay now (empty in a phase without cards)."""
        ...

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the seat to move may make now, cards and non-card moves alike."""
        ...

    def why_illegal(self, move: Move | str, seat: int | None = None) -> str | None:
        """Why ``move`` (by ``seat``, default the seat to move) is refused now, or None if allowed: a
        :class:`Refusal` (the rule broken, the seat, the card, …), whose text is the engine's sentence;
        :func:`keinstich.wording.refusal_words` says it to the learner, in English or German."""
        ...

    def play(self, move: Move | str, seat: int | None = None) -> object:
        """Make ``move`` (or its :func:`move_code` text) for the seat to move (with ``seat``: refuse it out
        of turn)."""
        ...

    def undo(self) -> tuple[int, Move]:
        """Take back the last move; returns (seat, move)."""
        ...

    def copy(self: D) -> D:
        """An independent copy (for search: the solver and Monte Carlo bots)."""
        ...

    def rewound(self: D, moves: int) -> D:
        """A new deal as this one was after its first ``moves`` moves (0: as dealt), in one replay."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` can see: its own hand and everything open. Never another hand. Its ``kind``
        is the deal's :attr:`kind` (which view it is, what a bot answers)."""
        ...

    def result(self) -> Result:
        """The scores so far (final once :attr:`over`)."""
        ...

    def returns(self, seat: int) -> int:
        """What the deal is worth to ``seat`` so far (final once :attr:`over`), higher always better, in the
        result's :class:`Unit`: what every bot, the solver and the coach play for. A trick deal: minus the penalty
        paid, or the points; a lay-off deal: the place's value less the pass fees (the pfennig a 160 pot pays out
        by place: fees and places weighed one to one, whatever the pot); Herzblatt: the seat's stake."""
        ...

    def info_key(self, seat: int) -> Hashable:
        """What ``seat`` can know now, as plain ordered data (cards by code, sets sorted): its own hand, everything
        open, the rules. Two positions the seat cannot tell apart have equal keys (OpenSpiel's
        ``information_state_string``); the deal defines it from its :meth:`observation`."""
        ...

    def record(self, *, pack: str | None = None, dealer: int | None = None) -> GameRecord:
        """The deal as a keinstich-record/1 game record (see docs/records.md)."""
        ...


class GameRecord(Protocol):
    """A deal as a game record (:class:`keinstich.records.Record`, docs/records.md): the hands as dealt and the plays
    in order, what a game's codec validates, replays and sums up. Named here, with the deal, so that the games'
    interface (:class:`keinstich.game.Game`) speaks of records without importing the format that asks the games."""

    @property
    def format(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def contract(self) -> str: ...
    @property
    def pack(self) -> str: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def plays(self) -> tuple[Card | None, ...]: ...
    @property
    def ends(self) -> tuple[End | None, ...]: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def extra(self) -> Mapping[str, Any]: ...
    @property
    def players(self) -> int: ...
    @property
    def forehand(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    def replay(self, upto: int | None = None) -> Deal: ...


class PlayedTrick(Protocol):
    """A finished trick as every trick-taking deal shows it (:class:`keinstich.tricks.Trick`)."""

    @property
    def number(self) -> int: ...

    @property
    def leader(self) -> int: ...

    @property
    def winner(self) -> int: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in play order."""
        ...


class TrickPlay(Deal, Protocol):
    """A deal played in tricks (Kein Stich's and Herzeln's trick deals, Herzblatt): besides the Deal,
    the tricks so far and the one on the table. Views draw a trick table from these."""

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The finished tricks, first first."""
        ...

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table as (seat, card), empty between tricks."""
        ...

    @property
    def total_tricks(self) -> int:
        """How many tricks the deal has (0 while it is not known, e.g. before Herzblatt's discard)."""
        ...

    @property
    def contract(self) -> Any:
        """What the tricks are scored with (a :class:`~keinstich.contracts.Contract`: its ``unit`` and
        ``score``), or None for a deal played without one."""
        ...

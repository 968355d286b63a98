"""The one interface every kind of deal implements: trick deals, lay-off (domino) deals, Herzblatt.

A caller that plays, replays, judges or draws a deal is written once against :class:`Deal`, never
against a deal type: bots, the solver, ``simulate``, records and the widgets all are. A *move* is
whatever the phase asks for: a :class:`~keinstich.cards.Card` in trick play, a card or a pass
(``None``) in a lay-off deal, Herzblatt's answers when asking, its two discards and its calls.
A game's own move values live in that game's module; every move shows itself with ``str()``.

Shaped after OpenSpiel's game API (legal actions, apply, returns, clone, an observation per
player): a reader who knows one deal kind knows them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeAlias, TypeVar

from keinstich.cards import Card, Style, cards, mask_of, quoted
from keinstich.limits import check_whole

if TYPE_CHECKING:
    from keinstich.records import Record
    from keinstich.tricks import TrickDeal

Move: TypeAlias = Any
"""A move: a Card, ``None`` for a pass in a lay-off deal, or a game's own move value (Herzblatt's
``Ask``, ``Discard``, ``Announce``, ``Contra``, ``Re``)."""

Unit: TypeAlias = str
"""What a result counts: ``"pfennig"`` (Kein Stich, paid into the pot), ``"points"`` (Herzeln,
Herzblatt card points) or ``"stakes"`` (Herzblatt's settlement)."""


@dataclass(frozen=True)
class Result:
    """A finished deal's outcome for every seat, seat 0 first.

    ``scores`` are in ``unit``: a penalty paid is positive in pfennig; points are signed as the
    game counts them. ``tricks`` (trick deals) and ``places`` (1 = out first, lay-off deals) are
    there where the deal has them. ``columns`` holds a game's own per-seat values by name
    (Herzblatt: role and card points), ``text`` one line on how the scores came about.
    """

    scores: tuple[int, ...]
    unit: Unit
    tricks: tuple[int, ...] | None = None
    places: tuple[int, ...] | None = None
    columns: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    text: str = ""

    def __post_init__(self) -> None:
        n = len(self.scores)
        for name, values in (("tricks", self.tricks), ("places", self.places), *self.columns.items()):
            if values is not None and len(values) != n:
                raise ValueError(f"{name} has {len(values)} values for {n} seats")

    def __str__(self) -> str:
        scores = ", ".join(f"seat {s}: {v:+d}" for s, v in enumerate(self.scores))
        return f"{scores} ({self.unit})" + (f"; {self.text}" if self.text else "")


D = TypeVar("D", bound="Deal")


class IllegalPlay(ValueError):
    """A move that may not be made now; the message says who, what and why (as ``why_illegal``)."""


class Deal(Protocol):
    """One deal of any game, as a state machine. A refused move raises a ``ValueError`` whose
    message is exactly :meth:`why_illegal`'s, and leaves the state unchanged."""

    players: int

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
    def trick_deal(self) -> TrickDeal | None:
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

    def why_illegal(self, move: Move, seat: int | None = None, *, style: Style | None = None,
                    you: bool = False) -> str | None:
        """Why ``move`` (by ``seat``, default the seat to move) is refused now, or None if allowed.
        ``you``: the same reason said to the learner in ``seat`` ("you must follow …", not "seat 0 must …")."""
        ...

    def play(self, move: Move, seat: int | None = None) -> object:
        """Make ``move`` for the seat to move (with ``seat``: refuse it out of turn)."""
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
        says which view it is: ``"trick"``, ``"lay-off"`` or ``"herzblatt"`` (what a bot answers)."""
        ...

    def result(self) -> Result:
        """The scores so far (final once :attr:`over`)."""
        ...

    def record(self, *, pack: str | None = None, dealer: int | None = None) -> Record:
        """The deal as a keinstich-record/1 game record (see docs/records.md)."""
        ...


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


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move puts down: a card, a lay-off card at an end, a discard's two; none for a pass
    or a call (asking, announcing, contra, re)."""
    if isinstance(move, Card):
        return (move,)
    if isinstance(move, tuple):
        return tuple(x for x in move if isinstance(x, Card))
    return ()


def check_rng(rng: object, what: str = "playout") -> None:
    """Refuse a random source without a ``random()`` method, such as a seed given in place of a
    :class:`random.Random`."""
    if not callable(getattr(rng, "random", None)):
        raise TypeError(f"{what} draws from a random.Random, e.g. random.Random({quoted(rng, 20)}), "
                        f"not {quoted(rng)}")


def check_deal(deal: object, what: str) -> None:
    """Refuse what is not a deal (a record, a seed, None …) where ``what`` takes one, in words."""
    if not all(callable(getattr(deal, name, None)) for name in ("observation", "legal_moves", "result")):
        raise TypeError(f"{what} takes a deal, e.g. TrickDeal.from_seed(\"german-32\", 4, 7, \"no-hearts\") "
                        f"or Record.load(path).replay(), not {quoted(deal)}")


def check_seat(seat: object, players: int, error: type[ValueError] = ValueError, name: str = "seat") -> int:
    """``seat`` as a seat number from 0 to ``players - 1``, or a clear refusal naming ``name`` (no
    negative indexing, no True for seat 1)."""
    return check_whole(name, seat, 0, players - 1, error)


def named(spec: object, players: int | None, fits: Callable[[object], bool], kind: str,
          error: type[ValueError] = ValueError, what: str = "contract") -> Any:
    """``spec`` itself if it ``fits`` this kind of deal, or, given as an id (``"no-hearts"``,
    ``"herzeln-tricks"``, ``"domino"``, ``"herzblatt-4"``), the contract or rules of that id from the
    games' registry that fits it; anything else is refused, naming the parameter (``what``), with
    what the id is and where it belongs."""
    if not isinstance(spec, str) and fits(spec):
        return spec
    from keinstich.games import GAMES  # the registry sits above the machines: looked up when asked

    if not isinstance(spec, str):
        example = next((c for g in GAMES.values() for c in g.contracts(g.player_counts[-1]).values() if fits(c)),
                       None)
        hint = f" (such as {getattr(example, 'id', '')!r})" if example is not None else ""
        where = (f"; a {type(spec).__name__} goes in rules=, beside the contract"
                 if type(spec).__name__.endswith("Rules") and what == "contract" else "")
        raise error(f"{what} must be {kind} or its id{hint}, not {quoted(spec)}{where}")
    found = []
    for g in GAMES.values():
        try:
            if players is None:
                found.append(g.contract(spec))
            else:
                found.append(g.contract(spec, players if players in g.player_counts else g.player_counts[-1]))
        except ValueError:
            continue
    for c in found:
        if fits(c):
            return c
    if found:
        raise error(f"{quoted(spec)} is not {kind}: it names {type(found[0]).__name__} "
                         f"{getattr(found[0], 'id', spec)!r} of another kind of deal")
    ids = sorted({cid for g in GAMES.values() for cid in g.contracts(4 if 4 in g.player_counts else 3)})
    raise error(f"unknown contract {quoted(spec)}: use one of {', '.join(ids)}")


def read_hands(hands: Sequence[Sequence[Card | str]], leader: int, style: Style,
               error: type[ValueError] = ValueError,
               pack: object = None) -> tuple[tuple[tuple[Card, ...], ...], list[int]]:
    """Hands given to a machine, as cards and as masks; refused with ``error`` unless there are two
    or more, all of one size, no card twice, ``leader`` is a seat, ``style`` a pack's style and
    ``pack`` None or a pack's id."""
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise error(f"hands must be a list of hands, seat 0 first, each a list of cards or a text such as "
                    f"'QS 10H 7C', not {quoted(hands)}")
    n = len(hands)
    if n < 2:
        raise error(f"a deal needs at least 2 hands, got {n}")
    for seat, h in enumerate(hands):
        if not isinstance(h, Iterable):
            raise error(f"hands[{seat}] must be a list of cards or a text such as 'QS 10H 7C', not {quoted(h)}")
    dealt = tuple(cards(h) for h in hands)
    sizes = [len(h) for h in dealt]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        raise error(f"every hand needs the same number of cards, got sizes {sizes}")
    masks = [mask_of(h) for h in dealt]
    if mask_of(c for h in dealt for c in h).bit_count() != sum(sizes):
        raise error("a card appears twice in the hands")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
        raise error(f"leader must be a seat from 0 to {n - 1}, not {leader!r}")
    if style not in ("german", "french"):
        raise error(f"style must be 'german' or 'french', not {quoted(style)}")
    if pack is not None and not isinstance(pack, str):
        raise error(f"pack must be the id of the pack dealt from, such as 'german-32', or None, not {quoted(pack)}")
    return dealt, masks


def replay_moves(deal: D, history: Sequence[tuple[int, Move]]) -> D:
    """Play ``history`` on ``deal`` (a fresh deal), move by move, each checked; returns the deal."""
    for seat, move in history:
        deal.play(move, seat)
    return deal


_SLOTS: dict[type, tuple[str, ...]] = {}
"""Per machine class, the names of its state (its ``__slots__`` and its bases')."""


class Machine:
    """What the trick and the lay-off machines share. Their state is their ``__slots__``; ``_turn`` is
    the seat to move (-1 once over) and ``contract`` names the game.

    ``copy()`` copies the lists and shares everything else (immutable). ``undo()`` rebuilds the deal
    from :meth:`_fresh` and replays every move but the last, so it can never disagree with ``play``.
    """

    __slots__ = ()
    playing: ClassVar[str] = "play"
    """The phase while the deal runs."""

    _turn: int

    @property
    def turn(self) -> int | None:
        """The seat to move, or None when the deal is over."""
        return None if self._turn < 0 else self._turn

    @property
    def is_over(self) -> bool:
        return self._turn < 0

    over = is_over

    @property
    def game(self) -> str:
        """The game whose contract this deal plays (Kein Stich without a contract)."""
        return str(getattr(getattr(self, "contract", None), "game", "kein-stich"))

    @property
    def phase(self) -> str:
        return "over" if self._turn < 0 else self.playing

    def record(self, *, pack: str | None = None, dealer: int | None = None) -> Record:
        """This deal as a game record (docs/records.md)."""
        from keinstich.records import record_of

        return record_of(self, pack=pack, dealer=dealer)

    def _fresh(self) -> Any:
        """A new deal with the same hands, rules and first player, before any move."""
        raise NotImplementedError

    def _slots(self) -> tuple[str, ...]:
        names = _SLOTS.get(type(self))
        if names is None:
            found: list[str] = []
            for klass in type(self).__mro__:
                found.extend(getattr(klass, "__slots__", ()))
            names = _SLOTS[type(self)] = tuple(found)
        return names

    def copy(self) -> Self:
        new = object.__new__(type(self))
        for name in self._slots():
            value = getattr(self, name)
            setattr(new, name, value.copy() if type(value) is list else value)
        return new

    def rewound(self, moves: int) -> Self:
        history: Sequence[tuple[int, Move]] = self.history  # type: ignore[attr-defined]
        check_whole("moves", moves, 0, len(history))
        fresh: Self = self._fresh()
        for seat, move in history[:moves]:
            fresh.play(move, seat)  # type: ignore[attr-defined]
        return fresh

    def undo(self) -> tuple[int, Move]:
        history: Sequence[tuple[int, Move]] = self.history  # type: ignore[attr-defined]
        if not history:
            raise IllegalPlay("nothing to undo: no move has been made yet")
        fresh = replay_moves(self._fresh(), history[:-1])
        for name in self._slots():
            setattr(self, name, getattr(fresh, name))
        return history[-1]

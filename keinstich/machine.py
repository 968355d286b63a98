"""What the trick, lay-off and Herzblatt machines share: :class:`Machine`, and the checks of what they are given.

:meth:`Machine.play` is the one way a move is made: it reads the move, checks the turn and the rules
(a refusal raises :class:`~keinstich.deal.IllegalPlay` and changes nothing), records it, then applies it
(OpenSpiel's ``ApplyAction``/``DoApplyAction``). ``undo``, ``rewound`` and ``copy`` are written once here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from keinstich.cards import Card, Style, cards, mask_of, quoted
from keinstich.cards import pack as pack_named
from keinstich.deal import IllegalPlay, Kind, Move, better
from keinstich.game import GAMES
from keinstich.i18n import _
from keinstich.limits import check_whole
from keinstich.records import Record, record_of

if TYPE_CHECKING:
    from keinstich.deal import Deal

D = TypeVar("D", bound="Deal")


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
    negative indexing, no True for seat 1), in the reader's language: the one seat check of the kit's deals, bots,
    coach, codes and widgets."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        # TRANSLATORS: a refused seat number; {name} is the argument's name as the code spells it ("seat",
        # "dealer"), {last} the highest seat, {seat} what was given: "seat must be a seat from 0 to 3, not 7"
        raise error(_("{name} must be a seat from 0 to {last}, not {seat}", name=name, last=players - 1,
                      seat=quoted(seat)))
    return seat


def named(spec: object, players: int | None, fits: Callable[[object], bool], kind: str,
          error: type[ValueError] = ValueError, what: str = "contract") -> Any:
    """``spec`` itself if it ``fits`` this kind of deal, or, given as an id (``"no-hearts"``,
    ``"herzeln-tricks"``, ``"domino"``, ``"herzblatt-4"``), the contract or rules of that id from the
    games' registry that fits it; anything else is refused, naming the parameter (``what``), with
    what the id is and where it belongs."""
    if not isinstance(spec, str) and fits(spec):
        return spec
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


class _Unread:
    """No move is of this class: a machine that names no :attr:`Machine.read_as_is` class reads every move."""


_SLOTS: dict[type, tuple[str, ...]] = {}
"""Per machine class, the names of its state (its ``__slots__`` and its bases')."""


class Machine:
    """What the trick, lay-off and Herzblatt machines share. Their state is their ``__slots__``; ``_turn`` is
    the seat to move (-1 once over) and ``contract`` names the game.

    :meth:`play` is the one way a move is made, for every machine: :meth:`_read` the move (a refusal if it
    cannot be read), check the turn and :meth:`_allows` (a refusal raises :attr:`refused` with
    :meth:`why_illegal`'s :class:`~keinstich.deal.Refusal`; nothing changes), :meth:`_record` it, then
    :meth:`_apply` it. ``copy()`` copies the lists and the machines inside (:attr:`_nested`) and shares
    everything else (immutable). ``undo()`` rebuilds the deal from :meth:`_fresh` and replays every move but
    the last, so it can never disagree with ``play``.
    """

    __slots__ = ()
    playing: ClassVar[str] = "play"
    """The phase while the deal runs."""
    refused: ClassVar[type[IllegalPlay]] = IllegalPlay
    """What :meth:`play` raises for a refused move."""
    _nested: ClassVar[tuple[str, ...]] = ()
    """Slots holding a machine of their own (Herzblatt's card play), which :meth:`copy` copies too."""
    read_as_is: ClassVar[type] = _Unread
    """Moves of exactly this class are already as :meth:`_read` would make them (a trick machine's cards):
    :meth:`play` skips the reading for them."""

    kind: ClassVar[Kind]
    """What kind of deal this is (:attr:`keinstich.deal.Deal.kind`)."""

    _turn: int

    # --- making a move -------------------------------------------------------------------------------

    def play(self, move: Move | str, seat: int | None = None) -> Any:
        """Make ``move`` for the seat to move (with ``seat``: refuse it out of turn): read it, check the turn
        and the rules, record it, apply it. A refused move raises :attr:`refused` (an
        :class:`~keinstich.deal.IllegalPlay`) whose message is :meth:`why_illegal`'s, and changes nothing."""
        m = move if move.__class__ is self.read_as_is else self._read(move)
        s = self._turn
        if s < 0 or (seat is not None and seat != s) or not self._allows(s, m):
            raise self.refused(self.why_illegal(move, seat) or "not allowed")
        self._record(s, m)
        return self._apply(s, m)

    def _read(self, move: Move | str) -> Any:
        """``move`` as this machine's move value (text read as :func:`~keinstich.deal.parse_move` reads it);
        :attr:`refused` with the reason when it cannot be read."""
        raise NotImplementedError

    def _allows(self, seat: int, move: Any) -> bool:
        """Whether the rules allow ``move`` (already read) for ``seat``, the seat to move."""
        return self.why_illegal(move) is None

    def _record(self, seat: int, move: Any) -> None:
        """Add ``move`` to the deal's history (a machine whose tricks are its history records nothing more)."""

    def _apply(self, seat: int, move: Any) -> Any:
        """Make ``move``, allowed and recorded, for ``seat``; what it returns :meth:`play` returns."""
        raise NotImplementedError

    def why_illegal(self, move: Move | str, seat: int | None = None) -> str | None:
        """Why ``move`` (by ``seat``, default the seat to move) is refused now, as a
        :class:`~keinstich.deal.Refusal`, or None if it is allowed."""
        raise NotImplementedError

    # --- reading the state ---------------------------------------------------------------------------

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

    def returns(self, seat: int) -> int:
        """What the deal is worth to ``seat`` so far, higher always better (:meth:`keinstich.deal.Deal.returns`):
        its score, turned round where the unit is paid (pfennig)."""
        result: Any = self.result()  # type: ignore[attr-defined]
        return better(result.unit) * int(result.scores[check_seat(seat, len(result.scores))])

    def info_key(self, seat: int) -> Hashable:
        """What ``seat`` can know now (:meth:`keinstich.deal.Deal.info_key`): the game, the seat's observation as
        plain ordered data (every field of it but the card names' style), and the cards in play."""
        players = len(self.dealt)  # type: ignore[attr-defined]
        obs = self.observation(check_seat(seat, players))  # type: ignore[attr-defined]
        return (self.game, _plain(obs), tuple(sorted(c.index for c in cards_in_play(self))))

    def record(self, *, pack: str | None = None, dealer: int | None = None) -> Record:
        """This deal as a game record (docs/records.md)."""
        return record_of(self, pack=pack, dealer=dealer)

    # --- copies, undo, replays -----------------------------------------------------------------------

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
        """An independent copy (for search: the solver and Monte Carlo bots)."""
        new = object.__new__(type(self))
        for name in self._slots():
            value = getattr(self, name)
            setattr(new, name, value.copy() if type(value) is list else value)
        for name in self._nested:
            inner = getattr(self, name)
            if inner is not None:
                setattr(new, name, inner.copy())
        return new

    def rewound(self, moves: int) -> Self:
        """A new deal as this one was after its first ``moves`` moves (0: as dealt), in one replay."""
        history: Sequence[tuple[int, Move]] = self.history  # type: ignore[attr-defined]
        check_whole("moves", moves, 0, len(history))
        fresh: Self = replay_moves(self._fresh(), history[:moves])
        return fresh

    def undo(self) -> tuple[int, Move]:
        """Take back the last move; returns (seat, move)."""
        history: Sequence[tuple[int, Move]] = self.history  # type: ignore[attr-defined]
        if not history:
            raise IllegalPlay("nothing to undo: no move has been made yet")
        fresh = replay_moves(self._fresh(), history[:-1])
        for name in self._slots():
            setattr(self, name, getattr(fresh, name))
        return history[-1]


def cards_in_play(deal: Any) -> tuple[Card, ...]:
    """The cards of ``deal``'s pack; for hands typed from no named pack, the cards dealt (everyone knows them)."""
    if deal.pack is not None:
        return pack_named(deal.pack).cards
    return tuple(sorted((c for h in deal.dealt for c in h), key=lambda c: c.index))


def _plain(x: Any) -> Any:
    """A value as plain, ordered data (sets sorted, enums by name, cards by code, a dataclass as its name and
    fields but ``style``), for :meth:`Machine.info_key`."""
    if isinstance(x, Card):
        return x.code
    if isinstance(x, Enum):
        return x.name
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__, tuple((f.name, _plain(getattr(x, f.name))) for f in dataclasses.fields(x)
                                        if f.name != "style"))
    if isinstance(x, dict):
        return tuple(sorted((repr(_plain(k)), _plain(v)) for k, v in x.items()))
    if isinstance(x, frozenset | set):
        return tuple(sorted((_plain(v) for v in x), key=repr))
    if isinstance(x, tuple | list):
        return tuple(_plain(v) for v in x)
    if x is None or isinstance(x, bool | int | float | str):
        return x
    return (type(x).__name__, str(x))

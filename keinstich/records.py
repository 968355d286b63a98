"""Game records: one deal as versioned JSON that can be saved, loaded, replayed and checked.

A record holds the hands as dealt and the plays in order; everything else (whose turn it is,
who won each trick, the penalties) follows from the rules, so :func:`replay` rebuilds the deal
and :func:`check` reports on it. The format is documented in ``docs/records.md``::

    rec = record_of(deal, pack="german-32", dealer=3)   # a TrickDeal, DominoDeal or HerzblattDeal
    rec.save("deal.json")
    deal = replay(Record.load("deal.json"))            # raises on a malformed record or illegal play

Two kinds of error are kept apart. :class:`RecordError` is a malformed record: bad JSON, an
unknown format version, card, contract, pack or option, a card twice, hands that do not make up
the pack, a play of a card the seat does not hold. :class:`IllegalRecordPlay` is a well-formed
record with a play the rules forbid (e.g. not following suit); it names the trick (or, in a
lay-off deal, the turn), the seat, the card and the rule.

Each game id maps to a :class:`GameHandler` in :data:`GAMES` that knows its contracts, options,
extra keys, how to replay and how to summarise a deal. Kein Stich lives here; Herzeln and
Herzblatt plug in from :mod:`keinstich.games.records` with :func:`register_game` (imported at the
end of this module, so every game is readable as soon as records are).
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from keinstich.cards import Card, CardCodeError, Pack, PackError, Suit, card, suit
from keinstich.cards import pack as get_pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS, Contract
from keinstich.layoff import (
    DOMINO,
    DOMINO_CONTRACTS,
    DominoContract,
    DominoDeal,
    DominoError,
    End,
    domino_contract,
    payout_shares,
)
from keinstich.tricks import IllegalPlay, TrickDeal, forehand

FORMAT = "keinstich-record/1"
"""The format id and version this module writes and reads."""
PASS = "pass"
"""How a record writes a pass in a lay-off (domino) deal."""
ENDS: tuple[End, ...] = ("top", "bottom")
"""The ends a lay-off play may name, written after the card: ``"QS@bottom"``."""

_CORE_KEYS = ("format", "game", "contract", "pack", "dealer", "hands", "plays", "options")


class RecordError(ValueError):
    """A malformed record: the message says what is wrong and what would be right."""


class IllegalRecordPlay(IllegalPlay):
    """A play in a well-formed record that the rules forbid.

    ``unit`` is ``"trick"`` (trick deals) or ``"turn"`` (lay-off deals, where every play or pass
    is one turn), ``number`` counts from 1, ``index`` is the play's 0-based position in
    ``Record.plays``, ``card`` is None for a pass and ``reason`` is the rule broken.
    """

    def __init__(self, *, unit: str, number: int, index: int, seat: int, card: Card | None,
                 reason: str) -> None:
        self.unit, self.number, self.index = unit, number, index
        self.seat, self.card, self.reason = seat, card, reason
        what = f"played {card.code}" if card is not None else "passed"
        super().__init__(f"{unit} {number}, seat {seat} {what}: {reason}")


class Deal(Protocol):
    """What every replayed deal offers (a TrickDeal, a DominoDeal, a HerzblattDeal)."""

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]: ...


class GameHandler(Protocol):
    """How one game's records are validated, replayed, recorded and summarised.

    ``validate`` sees a record whose core keys are already well-typed (cards parsed and in the
    pack, no card twice among the hands or among the plays) and raises :class:`RecordError` for
    anything else wrong: contract, options, player count, hands that do not make up the pack,
    passes where there are none. ``extra_keys`` are top-level JSON keys the game reads (a
    Herzblatt skat, say); they arrive raw in ``Record.extra`` and are written back as they are.
    ``record_of`` gets ``pack=None`` when the caller named none (a game whose pack follows from
    the deal picks it). A handler may also offer ``claims(deal) -> bool``: :func:`record_of`
    without a ``game`` picks the handler that claims the deal (Kein Stich otherwise).
    """

    @property
    def id(self) -> str: ...

    @property
    def extra_keys(self) -> frozenset[str]: ...

    def validate(self, record: Record) -> None: ...

    def replay(self, record: Record, upto: int | None = None) -> Deal: ...

    def record_of(self, deal: Any, *, pack: Pack | None, dealer: int | None) -> Record: ...

    def summary(self, record: Record, deal: Any) -> dict[str, Any]: ...


GAMES: dict[str, GameHandler] = {}
"""Game id -> its handler. Add games with :func:`register_game`."""


def register_game(handler: GameHandler) -> GameHandler:
    """Make records of ``handler.id`` readable, replayable and checkable; returns the handler."""
    if not handler.id or not isinstance(handler.id, str):
        raise ValueError(f"a game id is non-empty text, not {handler.id!r}")
    clash = handler.extra_keys & set(_CORE_KEYS)
    if clash:
        raise ValueError(f"game {handler.id!r}: extra keys {sorted(clash)} are core record keys")
    GAMES[handler.id] = handler
    return handler


def _handler(game: str) -> GameHandler:
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise RecordError(f"unknown game {game!r}: use one of {', '.join(GAMES)}") from None


# --- the record ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Record:
    """One deal: the hands as dealt (seat 0 first, clockwise) and the plays in order.

    ``plays`` may stop early (a deal in progress); a pass in a lay-off deal is None. ``ends``
    runs beside ``plays``: the end of the layout a lay-off card was laid at (``"top"`` or
    ``"bottom"``), None where the record does not say (a trick card, a pass, or a card that fits
    one end only); a play given as text may carry it, ``"QS@bottom"``. ``options`` are variant
    flags such as ``{"march": True}``; ``extra`` holds game-specific keys named by the game's
    handler. Construction validates statically (see :class:`GameHandler`); whether each play is
    held by the seat to move and allowed by the rules is checked by :func:`replay`. Card codes
    given as text are parsed, and ``pack`` is stored as its canonical id.
    """

    format: str = FORMAT
    game: str = "kein-stich"
    contract: str
    pack: str
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    plays: tuple[Card | None, ...] = ()
    ends: tuple[End | None, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.format != FORMAT:
            raise RecordError(_format_message(self.format))
        handler = _handler(self.game)
        if not isinstance(self.contract, str):
            raise RecordError(f"'contract' must be text such as \"no-hearts\", not {self.contract!r}")
        try:
            p = get_pack(self.pack)
        except PackError as e:
            raise RecordError(str(e)) from None
        except (TypeError, AttributeError):
            raise RecordError(f"'pack' must be text such as \"german-32\", not {self.pack!r}") from None
        hands = _parse_hands(self.hands, p)
        n = len(hands)
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int) or not 0 <= self.dealer < n:
            raise RecordError(f"'dealer' must be a seat number from 0 to {n - 1}, not {self.dealer!r}")
        plays, ends = _parse_plays(self.plays, p, self.ends)
        if not isinstance(self.options, Mapping) or not all(isinstance(k, str) for k in self.options):
            raise RecordError(f"'options' must be an object of named flags, not {self.options!r}")
        if not isinstance(self.extra, Mapping):
            raise RecordError(f"'extra' must be a mapping, not {self.extra!r}")
        unknown_extra = set(self.extra) - handler.extra_keys
        if unknown_extra:
            raise RecordError(f"game {self.game!r} has no extra keys {sorted(unknown_extra)}")
        object.__setattr__(self, "pack", p.id)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "options", types.MappingProxyType(dict(self.options)))
        object.__setattr__(self, "extra", types.MappingProxyType(dict(self.extra)))
        handler.validate(self)

    @property
    def players(self) -> int:
        """The number of seats: one per hand."""
        return len(self.hands)

    @property
    def forehand(self) -> int:
        """The seat left of the dealer, who leads (or moves first in an open lay-off)."""
        return forehand(self.dealer, len(self.hands))

    # --- JSON ------------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Record:
        """Read a record from parsed JSON. Keys no one knows are ignored.

        ``game`` defaults to ``"kein-stich"``, ``dealer`` to the last seat (so seat 0 is forehand),
        ``plays`` to none and ``options`` to none.
        """
        if not isinstance(d, Mapping):
            raise RecordError(f"a record is a JSON object {{\"format\": \"{FORMAT}\", …}}, "
                              f"not {_json_type(d)}")
        if "format" not in d:
            raise RecordError(f"missing key 'format': a record starts with \"format\": \"{FORMAT}\"")
        if d["format"] != FORMAT:
            raise RecordError(_format_message(d["format"]))
        game = d.get("game", "kein-stich")
        handler = _handler(game)
        for key in ("contract", "pack", "hands"):
            if key not in d:
                raise RecordError(f"missing key {key!r}: a record needs contract, pack and hands")
        hands = d["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise RecordError("'hands' must be a list of hands, each a list of card codes such as \"QS\"")
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("'plays' must be a list of card codes (and \"pass\" in a lay-off deal)")
        for i, code in enumerate(plays, 1):
            if not isinstance(code, str):
                raise RecordError(f"play {i}: a card is text such as \"QS\" (or \"pass\"), "
                                  f"not {json.dumps(code)}")
        dealer = d.get("dealer", len(hands) - 1)
        options = d.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RecordError(f"'options' must be an object such as {{\"march\": true}}, not {options!r}")
        extra = {k: v for k, v in d.items() if k in handler.extra_keys}  # in the order written
        return cls(format=FORMAT, game=game, contract=d["contract"], pack=d["pack"], dealer=dealer,
                   hands=tuple(hands), plays=tuple(plays), options=options, extra=extra)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse and validate a record's JSON text (a UTF-8 byte order mark is allowed)."""
        if isinstance(text, bytes | bytearray):
            try:
                text = bytes(text).decode("utf-8-sig")
            except UnicodeDecodeError as e:
                raise RecordError(f"not UTF-8 text: {e}") from None
        text = text.removeprefix("\ufeff")
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e}") from None
        except RecursionError:
            raise RecordError("not a record: the JSON is nested too deeply") from None
        return cls.from_dict(d)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data: the game's extra keys after the hands, options only when set."""
        d: dict[str, Any] = {
            "format": self.format, "game": self.game, "contract": self.contract, "pack": self.pack,
            "dealer": self.dealer, "hands": [[c.code for c in h] for h in self.hands]}
        d.update(self.extra)
        d["plays"] = [play_code(c, e) for c, e in zip(self.plays, self.ends, strict=True)]
        if self.options:
            d["options"] = dict(self.options)
        return d

    def to_json(self) -> str:
        """The record as JSON text: one key per line, one hand per line, the plays on one line."""
        lines = []
        for key, value in self.to_dict().items():
            if key == "hands":
                body = ",\n".join("    " + _dumps(h) for h in value)
                text = f"[\n{body}\n  ]" if value else "[]"
            else:
                text = _dumps(value)
            lines.append(f"  {json.dumps(key)}: {text}")
        return "{\n" + ",\n".join(lines) + "\n}\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record's JSON to ``path`` (UTF-8)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read and validate a record file. A file that cannot be read raises OSError."""
        with open(path, "rb") as f:
            return cls.from_json(f.read())

    def replay(self, upto: int | None = None) -> Deal:
        """:func:`replay` of this record."""
        return replay(self, upto)

    def __reduce__(self) -> tuple[Callable[[Mapping[str, Any]], Record], tuple[dict[str, Any]]]:
        return (Record.from_dict, (self.to_dict(),))  # the options' read-only view does not pickle

    def __str__(self) -> str:
        return (f"{self.game} {self.contract}, {self.players} players, {self.pack}, dealer {self.dealer}, "
                f"{len(self.plays)} plays")


load = Record.load


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    names = {str: "a string", int: "a number", float: "a number", list: "an array", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def _format_message(value: object) -> str:
    if isinstance(value, str) and value.startswith("keinstich-record/"):
        return f"unknown format version {value!r}: this program reads {FORMAT!r}"
    return f"unknown format {value!r}: a record starts with \"format\": \"{FORMAT}\""


def _parse_card(code: object, where: str, p: Pack) -> Card:
    if isinstance(code, Card):
        c = code
    else:
        if not isinstance(code, str):
            raise RecordError(f"{where}: a card is text such as \"QS\", not {code!r}")
        try:
            c = card(code)
        except CardCodeError as e:
            raise RecordError(f"{where}: {e}") from None
    if c not in p:
        raise RecordError(f"{where}: {c.code} is not in the {p.id} pack")
    return c


def _parse_hands(raw: object, p: Pack) -> tuple[tuple[Card, ...], ...]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise RecordError("'hands' must be a list of hands, each a list of card codes such as \"QS\"")
    if not raw:
        raise RecordError("'hands' is empty: a record needs one hand per seat")
    hands: list[tuple[Card, ...]] = []
    seen: dict[Card, int] = {}
    for seat, h in enumerate(raw):
        if isinstance(h, str | bytes) or not isinstance(h, Sequence):
            raise RecordError(f"seat {seat}'s hand must be a list of card codes, not {h!r}")
        hand = tuple(_parse_card(c, f"seat {seat}'s hand", p) for c in h)
        for c in hand:
            if c in seen:
                first = f"seat {seen[c]}'s hand" if seen[c] != seat else "the same hand"
                raise RecordError(f"{c.code} is dealt twice: in seat {seat}'s hand and {first}")
            seen[c] = seat
        hands.append(hand)
    return tuple(hands)


def play_code(c: Card | None, end: End | None = None) -> str:
    """How a record writes one play: ``"QS"``, ``"QS@bottom"`` or ``"pass"``."""
    if c is None:
        return PASS
    return f"{c.code}@{end}" if end is not None else c.code


def _parse_plays(raw: object, p: Pack, raw_ends: object = ()) -> tuple[tuple[Card | None, ...], tuple[End | None, ...]]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise RecordError("'plays' must be a list of card codes (and \"pass\" in a lay-off deal)")
    if isinstance(raw_ends, str | bytes) or not isinstance(raw_ends, Sequence) or (
            raw_ends and len(raw_ends) != len(raw)):
        raise RecordError(f"'ends' must be one entry per play (\"top\", \"bottom\" or None), not {raw_ends!r}")
    plays: list[Card | None] = []
    ends: list[End | None] = []
    seen: dict[Card, int] = {}
    for i, code in enumerate(raw, 1):
        given = raw_ends[i - 1] if raw_ends else None
        if given is not None and given not in ENDS:
            raise RecordError(f"play {i}: an end is \"top\" or \"bottom\", not {given!r}")
        end: End | None = given
        if isinstance(code, str) and "@" in code:
            code, _, where = code.partition("@")
            named = where.strip().lower()
            if named not in ENDS:
                raise RecordError(f"play {i}: unknown end {where!r} in \"{code}@{where}\": write the end "
                                  f"after the card as @top or @bottom, e.g. \"QS@bottom\"")
            if end is not None and end != named:
                raise RecordError(f"play {i}: \"{code}@{where}\" contradicts the end {end!r} given for it")
            end = "top" if named == "top" else "bottom"
        if code is None or (isinstance(code, str) and code.strip().lower() == PASS):
            if end is not None:
                raise RecordError(f"play {i}: a pass lays no card, so it has no end: write \"pass\"")
            plays.append(None)
            ends.append(None)
            continue
        c = _parse_card(code, f"play {i}", p)
        if c in seen:
            raise RecordError(f"{c.code} is played twice: plays {seen[c]} and {i}")
        seen[c] = i
        plays.append(c)
        ends.append(end)
    return tuple(plays), tuple(ends)


def refuse_lay_off_plays(record: Record) -> None:
    """Refuse passes and ends in a trick deal's plays (a helper for game handlers)."""
    for i, (c, end) in enumerate(zip(record.plays, record.ends, strict=True), 1):
        if c is None:
            raise RecordError(f"play {i}: \"pass\" is only for lay-off (domino) records; "
                              f"{record.contract} is a trick deal, where every turn plays a card")
        if end is not None:
            raise RecordError(f"play {i}: \"{play_code(c, end)}\" names an end of a lay-off layout, but "
                              f"{record.contract} is a trick deal: write just \"{c.code}\"")


def check_deal_cards(record: Record, set_aside: Sequence[Card] = (), what: str = "the skat") -> int:
    """Refuse hands (plus ``set_aside`` cards) that do not make up the record's pack exactly, or
    hands of unequal size; returns the hand size. A helper for game handlers."""
    p = get_pack(record.pack)
    dealt = {c: f"seat {s}'s hand" for s, h in enumerate(record.hands) for c in h}
    for c in set_aside:
        if c not in p:
            raise RecordError(f"{what}: {c.code} is not in the {p.id} pack")
        if c in dealt:
            raise RecordError(f"{c.code} is dealt twice: in {dealt[c]} and {what}")
        dealt[c] = what
    missing = [c.code for c in p.cards if c not in dealt]
    if missing:
        listed = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more" if len(missing) > 12 else "")
        raise RecordError(f"the hands do not make up the {p.id} pack: {listed} "
                          f"{'is' if len(missing) == 1 else 'are'} not dealt")
    n = len(record.hands)
    try:
        size = p.hand_size(n, len(set_aside))
    except PackError as e:
        raise RecordError(str(e)) from None
    for seat, h in enumerate(record.hands):
        if len(h) != size:
            raise RecordError(f"seat {seat} holds {len(h)} cards; every hand needs {size} "
                              f"({len(p)} cards of {p.id} among {n} players)")
    return size


# --- public functions --------------------------------------------------------------------------------


def replay(record: Record, upto: int | None = None) -> Deal:
    """Rebuild the deal and apply the record's plays (the first ``upto`` of them, if given).

    The first trick is led by forehand, the seat left of the dealer. Raises :class:`RecordError`
    for a play the seat to move does not hold, :class:`IllegalRecordPlay` for one the rules forbid.
    """
    if upto is not None and not 0 <= upto <= len(record.plays):
        raise ValueError(f"upto must be from 0 to {len(record.plays)} plays, not {upto}")
    return _handler(record.game).replay(record, upto)


def record_of(deal: Any, *, pack: Pack | str | None = None, dealer: int | None = None,
              game: str | None = None) -> Record:
    """The record of ``deal`` (a TrickDeal, DominoDeal or HerzblattDeal, finished or not).

    ``game`` defaults to the game whose handler claims the deal (a Herzeln contract, a
    HerzblattDeal), else Kein Stich. ``pack`` is the pack dealt from; Herzeln and Herzblatt know
    their pack, Kein Stich needs it. ``dealer`` defaults to the seat right of the deal's first
    leader; when given it must agree with the deal, so that the record replays to the same deal.
    """
    try:
        p = None if pack is None else get_pack(pack)
    except PackError as e:
        raise RecordError(str(e)) from None
    if game is None:
        game = KEIN_STICH.id
        for handler in GAMES.values():
            claims = getattr(handler, "claims", None)
            if claims is not None and claims(deal):
                game = handler.id
                break
    return _handler(game).record_of(deal, pack=p, dealer=dealer)


def check(record: Record) -> dict[str, Any]:
    """Replay ``record`` and summarise it as JSON-ready data (what ``keinstich check`` prints)."""
    return _handler(record.game).summary(record, replay(record))


# --- helpers for game handlers ---------------------------------------------------------------------


def _reason(why: str, c: Card | None) -> str:
    """The rule in a refusal, without the trailing ': XX is not allowed' the engine adds."""
    if c is not None:
        return why.removesuffix(f": {c.code} is not allowed")
    return why


def _holder(deal: TrickDeal | DominoDeal, c: Card, aside: Mapping[Card, str] | None = None) -> str:
    for s in range(deal.players):
        if c in deal.hand(s):
            return f" (seat {s} holds it)"
    if aside and c in aside:
        return f" ({aside[c]})"
    return ""


def play_tricks(deal: TrickDeal, plays: Sequence[Card | None], *,
                play: Callable[[Card], object] | None = None, aside: Mapping[Card, str] | None = None) -> None:
    """Apply a record's trick-deal plays to ``deal`` in order, checking each one first.

    A card the seat to move does not hold is a :class:`RecordError` ("play 5 (trick 2): …"); one
    the rules forbid an :class:`IllegalRecordPlay` ("trick 2, seat 1 played 9D: …"). ``play``
    applies a checked card (default ``deal.play``; a game that wraps the TrickDeal passes its
    own); ``aside`` says where cards no one holds went, e.g. ``{KD: "it is among the discards"}``.
    """
    apply = deal.play if play is None else play
    for i, c in enumerate(plays):
        seat = deal.turn
        number = len(deal.tricks) + 1
        if c is None:  # validate() refuses passes; kept for records built around it
            raise RecordError(f"play {i + 1}: \"pass\" is not a card")
        if seat is None:
            if deal.ended_early:
                raise RecordError(f"play {i + 1}: the deal ended after trick {len(deal.tricks)} of "
                                  f"{deal.total_tricks} (stop_when_decided: no further trick can change any "
                                  f"score), so it has {i} plays; drop the plays from play {i + 1} on")
            raise RecordError(f"play {i + 1}: the deal is already over after {i} plays")
        if c not in deal.hand(seat):
            raise RecordError(f"play {i + 1} (trick {number}): seat {seat} is to play but does not "
                              f"hold {c.code}{_holder(deal, c, aside)}")
        why = deal.why_illegal(c)
        if why is not None:
            raise IllegalRecordPlay(unit="trick", number=number, index=i, seat=seat, card=c,
                                    reason=_reason(why, c))
        apply(c)


def play_lay_off(deal: DominoDeal, plays: Sequence[Card | None], ends: Sequence[End | None]) -> None:
    """Apply a record's lay-off plays (cards or None for a pass, each with its end) to ``deal``.

    A card not held is a :class:`RecordError`, and so is a card that fits both ends of the chain
    when the record does not say which ("QS@top" / "QS@bottom"): the deal would depend on a guess.
    In rows that wrap round, only the card that completes a row fits both ends, and there its end
    cannot matter: without one it is laid at the top.
    A move the rules forbid (a card that does not fit, a pass when a card fits, a card laid at
    an end it does not fit) is an :class:`IllegalRecordPlay` naming the turn.
    """
    for i, (c, end) in enumerate(zip(plays, ends, strict=True)):
        seat = deal.turn
        if seat is None:
            raise RecordError(f"play {i + 1}: the lay-off deal is already over after {i} turns")
        if c is not None and c not in deal.hand(seat):
            raise RecordError(f"turn {i + 1}: seat {seat} is to move but does not "
                              f"hold {c.code}{_holder(deal, c)}")
        why = deal.why_illegal(c, end=end)
        if why is not None:
            raise IllegalRecordPlay(unit="turn", number=i + 1, index=i, seat=seat, card=c,
                                    reason=_reason(why, c))
        if c is not None and end is None and deal.rules.layout == "chain" and deal.ends(c) == ENDS:
            raise RecordError(f"turn {i + 1}: seat {seat} lays {c.code}, which fits both ends of "
                              f"{_where(deal, c)}; say which: \"{c.code}@top\" or \"{c.code}@bottom\"")
        deal.play(c, end=end)


def _where(deal: DominoDeal, c: Card) -> str:
    """The layout a card joins, for messages: "the chain (JC…AH)" or "the hearts row (9H…KH)"."""
    if deal.rules.layout == "chain":
        chain = deal.chain
        return f"the chain ({chain[0].code}…{chain[-1].code})"
    row = deal.rows[c.suit]
    return f"the {c.suit.label(deal.style)} row ({row[0].code}…{row[-1].code})"


def lay_off_moves(deal: DominoDeal) -> tuple[list[Card | None], list[End | None]]:
    """A lay-off deal's moves for a record: the cards (None for a pass) and, beside them, the end
    each card was laid at where it fitted both ends (None elsewhere), so the record replays exactly."""
    fresh = DominoDeal(deal.dealt, deal.contract, leader=deal.forehand, rules=deal.rules, style=deal.style)
    plays: list[Card | None] = []
    ends: list[End | None] = []
    for seat, c, end in deal.lay_history:
        plays.append(c)
        ends.append(end if c is not None and fresh.ends(c) == ENDS else None)
        fresh.play(c, seat, end=end)
    return plays, ends


def summary_head(record: Record, deal: Deal) -> dict[str, Any]:
    """What every summary starts with: the record's identity and whose turn it is."""
    head: dict[str, Any] = {"format": record.format, "game": record.game, "contract": record.contract,
                            "pack": record.pack, "players": record.players, "dealer": record.dealer,
                            "complete": deal.is_over, "turn": deal.turn}
    if record.options:
        head["options"] = dict(record.options)
    return head


def trick_summary(deal: TrickDeal) -> dict[str, Any]:
    """The tricks of a summary: ``tricks``, ``current_trick`` and ``tricks_won``; under
    ``stop_when_decided`` also ``ended_early`` (the deal is over before its last trick)."""
    out = {"tricks": [{"number": t.number, "leader": t.leader, "cards": [c.code for c in t.cards],
                       "winner": t.winner} for t in deal.tricks],
           "current_trick": [{"seat": s, "card": c.code} for s, c in deal.trick],
           "tricks_won": list(deal.tricks_won())}
    if deal.rules.stop_when_decided:
        out["ended_early"] = deal.ended_early
    return out


def layout_summary(deal: DominoDeal) -> list[str] | dict[str, list[str]]:
    """A lay-off layout as JSON: rows by suit letter (low end to high end), or the chain's cards."""
    layout = deal.layout
    if isinstance(layout, Mapping):
        return {s.code: [c.code for c in row] for s, row in layout.items()}
    return [c.code for c in layout]


def dealer_for(lead: int, players: int, dealer: int | None) -> int:
    """The dealer whose forehand is ``lead``; refuses a given ``dealer`` that does not fit."""
    if dealer is None:
        return (lead - 1) % players
    if forehand(dealer, players) != lead:
        raise RecordError(f"dealer {dealer} does not fit the deal: its forehand is seat {lead}, "
                          f"so the dealer is seat {(lead - 1) % players}")
    return dealer


# --- Kein Stich ----------------------------------------------------------------------------------


LAY_OFF_CONTRACTS: dict[str, DominoContract] = {c.id: c for c in DOMINO_CONTRACTS.values()}
"""Kein Stich's lay-off (domino) contracts by id: ``domino`` (from the Unter of Acorns),
``domino-hearts``, ``domino-leaves``, ``domino-bells``, ``domino-any``."""

STANDARD_POT: tuple[Contract, ...] = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX)
"""The trick deals whose penalties make the pot a Kein Stich lay-off deal pays out (RULES.md §2.3)."""

_STARTS = ("acorns", "hearts", "leaves", "bells", "any")


@dataclass(frozen=True)
class Option:
    """A variant flag a record may set: its name, a check of the value, and what it should be."""

    name: str
    accepts: Callable[[object], bool]
    expected: str


def _is_bool(v: object) -> bool:
    return isinstance(v, bool)


STAKE = 5
"""The stake in pfennig: the pot is paid out in whole stakes (RULES.md §2.7), so a pass fee is a multiple."""


def _is_fee(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0 and v % STAKE == 0


def _is_start(v: object) -> bool:
    return v in _STARTS


def _is_suit(v: object) -> bool:
    return isinstance(v, str) and v in ("C", "S", "H", "D")


def _is_card(v: object) -> bool:
    try:
        return isinstance(v, str) and card(v) is not None
    except CardCodeError:
        return False


TRICK_OPTIONS: dict[str, Option] = {
    "march": Option("march", _is_bool, "true or false"),
    "no_heart_lead": Option("no_heart_lead", _is_bool, "true or false"),
    "no_lead": Option("no_lead", _is_suit, 'a suit letter, "C", "S", "H" or "D"'),
    "force_max_when_void": Option("force_max_when_void", _is_bool, "true or false"),
    "forced_discard": Option("forced_discard", _is_card, 'a card code such as "KH"'),
    "stop_when_decided": Option("stop_when_decided", _is_bool, "true or false"),
}
"""The options of a Kein Stich trick deal (docs/rules.md §2.3–2.5): ``no_heart_lead`` is ``no_lead``
"H", ``force_max_when_void`` is ``forced_discard`` "KH" (give one of each pair)."""
DOMINO_OPTIONS: dict[str, Option] = {
    "start": Option("start", _is_start, "one of " + ", ".join(f'"{s}"' for s in _STARTS)),
    "voluntary_pass": Option("voluntary_pass", _is_bool, "true or false"),
    "pass_fee": Option("pass_fee", _is_fee, f"a whole number of pfennig in stakes of {STAKE} (0, 5, 10, …)"),
}
_KH = card("KH")


def trick_rule_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The trick-rule changes (``Contract.with_rules`` keywords) that a record's options ask for."""
    for short, named in (("no_heart_lead", "no_lead"), ("force_max_when_void", "forced_discard")):
        if short in options and named in options:
            raise RecordError(f"options {short!r} and {named!r} say the same thing: give one of them")
    changes: dict[str, Any] = {}
    if options.get("no_heart_lead"):
        changes["no_lead"] = Suit.HEARTS
    if "no_lead" in options:
        changes["no_lead"] = suit(options["no_lead"])
    if options.get("force_max_when_void"):
        changes["forced_discard"] = _KH
    if "forced_discard" in options:
        changes["forced_discard"] = card(options["forced_discard"])
    if options.get("stop_when_decided"):
        changes["stop_when_decided"] = True
    return changes


def trick_options_of(contract: Contract, base: Contract) -> dict[str, Any]:
    """The options a record writes for a trick deal of ``contract`` (``base``: the one of its id)."""
    options: dict[str, Any] = {}
    if contract.march and not base.march:
        options["march"] = True
    r, b = contract.rules, base.rules
    if r.no_lead != b.no_lead and r.no_lead is not None:
        options.update({"no_heart_lead": True} if r.no_lead is Suit.HEARTS else {"no_lead": r.no_lead.code})
    if r.forced_discard != b.forced_discard and r.forced_discard is not None:
        options.update({"force_max_when_void": True} if r.forced_discard is _KH
                       else {"forced_discard": r.forced_discard.code})
    if r.stop_when_decided and not b.stop_when_decided:
        options["stop_when_decided"] = True
    return options


def _check_options(contract_id: str, options: Mapping[str, Any], known: Mapping[str, Option]) -> None:
    for name, value in options.items():
        opt = known.get(name)
        if opt is None:
            names = ", ".join(known) or "none"
            raise RecordError(f"unknown option {name!r} for contract {contract_id}: the options are {names}")
        if not opt.accepts(value):
            raise RecordError(f"option {name!r} must be {opt.expected}, not {json.dumps(value)}")


def kein_stich_contract(contract_id: str,
                        options: Mapping[str, Any] | None = None) -> Contract | DominoContract:
    """The Kein Stich contract a record names, with its options applied (refuses unknown ones)."""
    options = options or {}
    if contract_id in KEIN_STICH_CONTRACTS:
        _check_options(contract_id, options, TRICK_OPTIONS)
        c = KEIN_STICH_CONTRACTS[contract_id]
        changes = trick_rule_options(options)
        if changes:
            c = c.with_rules(**changes)
        return c.with_march(True) if options.get("march") else c
    if contract_id in LAY_OFF_CONTRACTS:
        _check_options(contract_id, options, DOMINO_OPTIONS)
        d = LAY_OFF_CONTRACTS[contract_id]
        start = options.get("start")
        if start is not None and start != d.rules.start:
            if d is not DOMINO:
                raise RecordError(f"option start {json.dumps(start)} contradicts contract {contract_id}, "
                                  f"which starts with {d.rules.start}; use contract {DOMINO.id!r} "
                                  "with the start option, or drop the option")
            d = domino_contract(start)
        changes = {k: options[k] for k in ("voluntary_pass", "pass_fee") if k in options}
        if changes:
            d = dataclasses.replace(d, rules=dataclasses.replace(d.rules, **changes))
        return d
    ids = ", ".join([*KEIN_STICH_CONTRACTS, *LAY_OFF_CONTRACTS])
    raise RecordError(f"unknown contract {contract_id!r} for kein-stich: use one of {ids}")


class KeinStichGame:
    """Records of Kein Stich deals: the trick contracts and the lay-off (domino) deal."""

    id = "kein-stich"
    extra_keys: frozenset[str] = frozenset()
    min_players, max_players = 3, 6

    def contract(self, record: Record) -> Contract | DominoContract:
        return kein_stich_contract(record.contract, record.options)

    def validate(self, record: Record) -> None:
        contract = self.contract(record)
        n = record.players
        if not self.min_players <= n <= self.max_players:
            raise RecordError(f"Kein Stich is for {self.min_players} to {self.max_players} players; "
                              f"this record has {n} hand{'s' if n != 1 else ''}")
        check_deal_cards(record)
        if isinstance(contract, Contract):
            refuse_lay_off_plays(record)
        else:
            try:  # the lay-off must be able to start, e.g. its starting Unter must be dealt
                DominoDeal(record.hands, contract, leader=record.forehand)
            except DominoError as e:
                raise RecordError(f"contract {record.contract}: {e}") from None

    def replay(self, record: Record, upto: int | None = None) -> Deal:
        contract = self.contract(record)
        plays = record.plays if upto is None else record.plays[:upto]
        style = get_pack(record.pack).style
        if isinstance(contract, Contract):
            deal = TrickDeal(record.hands, contract, leader=record.forehand, style=style)
            play_tricks(deal, plays)
            return deal
        lay_off = DominoDeal(record.hands, contract, leader=record.forehand, style=style)
        play_lay_off(lay_off, plays, record.ends[:len(plays)])
        return lay_off

    def record_of(self, deal: Any, *, pack: Pack | None, dealer: int | None) -> Record:
        ends: list[End | None] = []
        if isinstance(deal, TrickDeal):
            contract: Any = deal.contract
            if not isinstance(contract, Contract):
                raise RecordError("cannot record a trick deal without a contract: give the TrickDeal "
                                  "a Kein Stich contract such as NO_HEARTS")
            if deal.rules != contract.rules:
                raise RecordError("cannot record a trick deal whose rules differ from its contract's")
            base_trick = KEIN_STICH_CONTRACTS.get(contract.id)
            options: dict[str, Any] = trick_options_of(contract, base_trick) if base_trick is not None else {}
            plays: list[Card | None] = [c for _, c in deal.plays]
            lead = deal.first_leader
        elif isinstance(deal, DominoDeal):
            contract = deal.contract
            base = LAY_OFF_CONTRACTS.get(contract.id)
            options = {}
            if base is not None:
                for name in ("voluntary_pass", "pass_fee"):
                    value = getattr(contract.rules, name)
                    if value != getattr(base.rules, name):
                        options[name] = value
            if deal.rules != contract.rules:
                raise RecordError("cannot record a lay-off deal whose rules differ from its contract's")
            plays, ends = lay_off_moves(deal)
            lead = deal.forehand
        else:
            raise RecordError(f"cannot record {type(deal).__name__}: record a TrickDeal or a DominoDeal")
        try:
            named = kein_stich_contract(contract.id, options)
        except RecordError:
            named = None
        if named != contract:
            raise RecordError(f"cannot record contract {contract.id!r}: it is not a Kein Stich contract "
                              "(or differs from the one of that id); records name contracts by id")
        if pack is None:
            raise RecordError("record_of needs the pack of a Kein Stich deal, e.g. pack=\"german-32\"")
        return Record(game=self.id, contract=contract.id, pack=pack.id, dealer=dealer_for(lead, deal.players, dealer),
                      hands=deal.dealt, plays=tuple(plays), ends=tuple(ends), options=options)

    def summary(self, record: Record, deal: Any) -> dict[str, Any]:
        head = summary_head(record, deal)
        if isinstance(deal, TrickDeal):
            penalties = deal.scores()
            return head | trick_summary(deal) | {"penalties": list(penalties), "total": sum(penalties)}
        assert isinstance(deal, DominoDeal)
        out = head | {
            "plays": [{"turn": i, "seat": s, "card": PASS if c is None else c.code}
                      for i, (s, c) in enumerate(deal.plays, 1)],
            "layout": layout_summary(deal),
            "finish_order": list(deal.finish_order),
            "pass_fees": list(deal.fees())}
        p = get_pack(record.pack)
        pot = sum(c.total(p, record.players) for c in STANDARD_POT) + sum(deal.fees())  # RULES.md §2.6(5)
        out["pot"] = pot
        if deal.is_over:
            out["payout"] = list(payout_shares(pot, deal.finish_order))
        return out


KEIN_STICH = register_game(KeinStichGame())
"""The handler of ``"game": "kein-stich"`` records."""

from keinstich.games import records as _game_records  # noqa: E402, F401  registers Herzeln and Herzblatt

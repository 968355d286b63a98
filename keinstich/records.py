"""Game records: one deal as versioned JSON that can be saved, loaded, replayed and checked.

A record holds the hands as dealt and the moves in order; everything else (whose turn it is,
who won each trick, the penalties) follows from the rules, so :func:`replay` rebuilds the deal
and :func:`check` reports on it. The format is documented in ``docs/records.md``::

    rec = deal.record()                          # any game's deal (or record_of(deal, pack=…))
    rec.save("deal.json")
    deal = replay(Record.load("deal.json"))      # raises on a malformed record or illegal play

This module is the format, written once against :class:`~keinstich.game.Game` and
:class:`~keinstich.deal.Deal`: the JSON and the dispatch; the cards and plays are read and written by
:mod:`keinstich.record_cards`. What a game's
record means (its contracts and options, its own keys, how to replay and summarise it) is that
game's :meth:`~keinstich.game.Game.validate`, ``replay``, ``record_of`` and ``summary``, found in
``keinstich.games.GAMES`` by the record's ``game``; their shared parts are in
:mod:`keinstich.games.codec`. No game is imported here, so a new game needs no change here.

Two kinds of error are kept apart. :class:`RecordError` is a malformed record: bad JSON, an
unknown format version, card, contract, pack or option, a card twice, hands that do not make up
the pack, a play of a card the seat does not hold. :class:`IllegalRecordPlay` is a well-formed
record with a play the rules forbid (e.g. not following suit); it names the trick (or, in a
lay-off deal, the turn), the seat, the card and the rule.
"""

from __future__ import annotations

import json
import os
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from keinstich.cards import PACK_IDS, Card, Pack, PackError, mask_of
from keinstich.cards import pack as get_pack
from keinstich.deal import IllegalPlay
from keinstich.files import write_atomically
from keinstich.game import GAMES, Game
from keinstich.limits import check_nesting, check_plays, check_size, quoted, shown
from keinstich.record_cards import CORE_KEYS as CORE_KEYS
from keinstich.record_cards import ENDS as ENDS  # a record's plays and their errors, found here too
from keinstich.record_cards import PASS as PASS
from keinstich.record_cards import End as End
from keinstich.record_cards import RecordError as RecordError
from keinstich.record_cards import check_deal_cards as check_deal_cards
from keinstich.record_cards import limited, parse_hands, parse_plays, play_code
from keinstich.record_cards import parse_card as parse_card
from keinstich.record_cards import refuse_lay_off_plays as refuse_lay_off_plays

if TYPE_CHECKING:
    from keinstich.deal import Deal

FORMAT = "keinstich-record/1"
"""The format id and version this module writes and reads."""


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


def _game(game_id: object) -> Game:
    """The game a record names, from the registry (the games register themselves there)."""
    try:
        return GAMES[game_id]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RecordError(f"unknown game {quoted(game_id)}: use one of {', '.join(GAMES)}") from None


# --- the record ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Record:
    """One deal: the hands as dealt (seat 0 first, clockwise) and the plays in order.

    ``plays`` may stop early (a deal in progress); a pass in a lay-off deal is None. ``ends``
    runs beside ``plays``: the end of the layout a lay-off card was laid at (``"top"`` or
    ``"bottom"``), None where the record does not say (a trick card, a pass, or a card that fits
    one end only); a play given as text may carry it, ``"QS@bottom"``. ``options`` are variant
    flags such as ``{"march": True}``; ``extra`` holds the keys the game names in its
    ``extra_keys``. Construction validates: the format and cards here, the rest by the game's
    :meth:`~keinstich.game.Game.validate`; whether each play is held by the seat to move and
    allowed by the rules is checked by :func:`replay`. Card codes given as text are parsed, and
    ``pack`` is stored as its canonical id.
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
        game = _game(self.game)
        if not isinstance(self.contract, str):
            raise RecordError(f"'contract' must be text such as \"no-hearts\", not {quoted(self.contract)}")
        try:
            p = get_pack(self.pack)
        except PackError as e:
            raise RecordError(str(e)) from None
        except (TypeError, AttributeError):
            raise RecordError(f"'pack' must be text such as \"german-32\", not {quoted(self.pack)}") from None
        hands = parse_hands(self.hands, p)
        n = len(hands)
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int) or not 0 <= self.dealer < n:
            raise RecordError(f"'dealer' must be a seat number from 0 to {n - 1}, not {quoted(self.dealer)}")
        plays, ends = parse_plays(self.plays, p, self.ends)
        if not isinstance(self.options, Mapping) or not all(isinstance(k, str) for k in self.options):
            raise RecordError(f"'options' must be an object of named flags, not {quoted(self.options)}")
        if not isinstance(self.extra, Mapping):
            raise RecordError(f"'extra' must be a mapping, not {quoted(self.extra)}")
        unknown_extra = set(self.extra) - game.extra_keys
        if unknown_extra:
            raise RecordError(f"game {self.game!r} has no extra keys {quoted(sorted(unknown_extra))}")
        object.__setattr__(self, "pack", p.id)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "options", types.MappingProxyType(dict(self.options)))
        object.__setattr__(self, "extra", types.MappingProxyType(dict(self.extra)))
        game.validate(self)

    @property
    def players(self) -> int:
        """The number of seats: one per hand."""
        return len(self.hands)

    @property
    def forehand(self) -> int:
        """The seat left of the dealer, who leads (or moves first in an open lay-off)."""
        return (self.dealer + 1) % len(self.hands)

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
        limited(lambda: check_nesting(d))
        if "format" not in d:
            raise RecordError(f"missing key 'format': a record starts with \"format\": \"{FORMAT}\"")
        if d["format"] != FORMAT:
            raise RecordError(_format_message(d["format"]))
        game_id = d.get("game", "kein-stich")
        extra_keys = _game(game_id).extra_keys
        for key in ("contract", "pack", "hands"):
            if key not in d:
                raise RecordError(f"missing key {key!r}: a record needs contract, pack and hands")
        hands = d["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise RecordError("'hands' must be a list of hands, each a list of card codes such as \"QS\"")
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("'plays' must be a list of card codes (and \"pass\" in a lay-off deal)")
        limited(lambda: check_plays(len(plays)))
        for i, code in enumerate(plays, 1):
            if not isinstance(code, str):
                raise RecordError(f"play {i}: a card is text such as \"QS\" (or \"pass\"), "
                                  f"not {shown(code)}")
        dealer = d.get("dealer", len(hands) - 1)
        options = d.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RecordError(f"'options' must be an object such as {{\"march\": true}}, not {shown(options)}")
        extra = {k: v for k, v in d.items() if k in extra_keys}  # in the order written
        return cls(format=FORMAT, game=game_id, contract=d["contract"], pack=d["pack"], dealer=dealer,
                   hands=tuple(hands), plays=tuple(plays), options=options, extra=extra)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse and validate a record's JSON text (a UTF-8 byte order mark is allowed).

        Text beyond :mod:`keinstich.limits` (1 MiB, JSON nested over 32 levels, over 10,000 plays)
        is refused as a :class:`RecordError`, as is a number of over 4,300 digits.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise TypeError(f"Record.from_json takes the JSON text (str or bytes), not {quoted(text)}: "
                            "Record.load(path) reads a file, Record.from_dict(d) parsed JSON")
        limited(lambda: check_size(len(text) if isinstance(text, bytes | bytearray)
                                    else len(text.encode("utf-8", "surrogatepass"))))
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
        except ValueError:  # a number Python will not read (json.loads says nothing else but this)
            raise RecordError("not a record: a number in it has more than 4,300 digits") from None
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
        """Write the record's JSON to ``path`` (UTF-8), whole or not at all: a failed write keeps
        the file that was there (:func:`keinstich.files.write_atomically`)."""
        text = self.to_json()

        def write(tmp: str) -> None:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)

        write_atomically(path, write)

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
        return f"unknown format version {quoted(value)}: this program reads {FORMAT!r}"
    return f"unknown format {quoted(value)}: a record starts with \"format\": \"{FORMAT}\""


# --- the pack of a deal ------------------------------------------------------------------------------


def record_pack(game: Game, deal: Any, pack: str | Pack | None = None) -> Pack:
    """The pack a record of ``deal`` names: ``pack`` if given, else the deal's own (``deal.pack``),
    else the smallest named pack holding the cards dealt (the game's usual packs first), less the
    cards not dealt: ``german-32``, ``german-30`` or ``german-32-minus-JC``."""
    wanted = pack if pack is not None else getattr(deal, "pack", None)
    if wanted is not None:
        try:
            return get_pack(wanted)
        except PackError as e:
            raise RecordError(str(e)) from None
    try:
        usual = game.packs(deal.players)
    except ValueError:
        usual = ()
    dealt = mask_of(c for h in deal.dealt for c in h)
    holding = [get_pack(pid) for pid in dict.fromkeys((*usual, *PACK_IDS)) if get_pack(pid).mask & dealt == dealt]
    for p in sorted(holding, key=len):  # stable: the game's usual packs first among equal sizes
        if p.mask == dealt:
            return p
        try:
            return get_pack(p.id + "-minus-" + "-".join(c.code for c in p.cards if not c.bit & dealt))
        except PackError:  # a named reduction (french-30) takes no further cards away
            continue
    raise RecordError(f"record_of needs the pack of this {game.name} deal, e.g. pack=\"german-32\"")


# --- public functions --------------------------------------------------------------------------------


def replay(record: Record, upto: int | None = None) -> Deal:
    """Rebuild the deal and apply the record's moves (the first ``upto`` plays, if given).

    The first trick is led by forehand, the seat left of the dealer. Raises :class:`RecordError`
    for a play the seat to move does not hold, :class:`IllegalRecordPlay` for one the rules forbid.
    """
    _check_record(record, "replay")
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int)):
        raise TypeError(f"upto must be a whole number of plays, not {quoted(upto)}")
    if upto is not None and not 0 <= upto <= len(record.plays):
        raise ValueError(f"upto must be from 0 to {len(record.plays)} plays, not {upto}")
    return _game(record.game).replay(record, upto)


def record_of(deal: Any, *, pack: Pack | str | None = None, dealer: int | None = None,
              game: str | None = None) -> Record:
    """The record of ``deal`` (any game's deal, finished or not); ``deal.record()`` calls this.

    ``game`` defaults to the deal's own (``deal.game``). ``pack`` defaults to the deal's pack (see
    :func:`record_pack`). ``dealer`` defaults to the seat right of forehand; when given it must agree
    with the deal, so that the record replays to the same deal.
    """
    game_id = game if game is not None else getattr(deal, "game", None)
    if game_id is None:
        raise RecordError(f"cannot record {type(deal).__name__}: record a deal of a game "
                          "(a TrickDeal, DominoDeal or HerzblattDeal)")
    try:
        p = None if pack is None else get_pack(pack)
    except PackError as e:
        raise RecordError(str(e)) from None
    rec = _game(game_id).record_of(deal, pack=p, dealer=dealer)
    if not isinstance(rec, Record):
        raise RecordError(f"game {game_id!r} wrote its deal as {type(rec).__name__}, not a Record: a game's record_of "
                          "returns keinstich.records.Record")
    return rec


def _check_record(record: object, what: str) -> None:
    """Refuse anything but a :class:`Record`, saying how to make one."""
    if not isinstance(record, Record):
        raise TypeError(f"{what} takes a Record, not {quoted(record)}: read one with Record.load(path), "
                        "Record.from_json(text) or Record.from_dict(parsed JSON), or take deal.record()")


def check(record: Record) -> dict[str, Any]:
    """Replay ``record`` and summarise it as JSON-ready data (what ``keinstich check`` prints)."""
    _check_record(record, "check")
    return _game(record.game).summary(record, replay(record))

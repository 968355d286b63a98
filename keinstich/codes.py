"""Deal codes and result codes: a deal, or a position in one, as a short line of text a teacher hands out.

A code is a game record (:mod:`keinstich.records`, ``docs/records.md``) written small, plus what a table
needs to open it: the learner's seat, the seed it was dealt from (when there is one) and the bots in the
other seats. A **deal code** holds the record up to the position handed out; a **result code** holds the
whole deal a student played from that position, where the position was (``start``, moves before it) and
optionally the student's name::

    code = deal_code(deal, seat=0, seed=7)          # "KS1-…": the game, contract, variants, hands, moves so far
    read_code(code).position()                       # the deal at that position (replayed by the record codec)
    read_code(code).record                           # the keinstich-record/1 Record it holds

Every field goes through the record: decoding builds a :class:`~keinstich.records.Record` (its game
checks contract, options, pack and cards) and replays it (every move checked), so a code says nothing a
record could not. The text is ``KS1-`` (a deal) or ``KR1-`` (a result), ``1`` being the version, then
Crockford's base 32 (digits and capitals without I, L, O and U; read case-insensitively, I and L as 1, O
as 0, hyphens and spaces ignored) of the bytes below, the last four a CRC-32 of the rest, so a code
changed by hand or cut short is refused. The checksum catches slips and edits, not a forger: a code is no
secret and needs none.

The bytes (written and read by :mod:`keinstich.code_bytes`): flags; the game, contract and pack as words (a
byte each for the words in :data:`WORDS`);
the seat count, dealer and seat; then, as flagged, the seed, the bots, the record's options and the
game's own keys (Herzblatt's skat, asking, …) as small typed values; the number of moves; for a result,
``start`` and the name; and last one number in mixed radix holding, for every card of the pack in pack
order, the seat that holds it (or "not dealt"), and every play as its card's place in the pack (with a
lay-off's passes and ends).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from keinstich.cards import Card
from keinstich.cards import pack as get_pack
from keinstich.code_bytes import ALPHABET, WORDS, CodeError, Reader, Short, Writer, from_base32, to_base32
from keinstich.deal import IllegalPlay
from keinstich.i18n import _
from keinstich.limits import MAX_PLAYS, MAX_SEED_DIGITS, one_line, quoted
from keinstich.machine import check_deal, check_seat
from keinstich.records import CORE_KEYS, PASS, Record, RecordError, record_of, replay

if TYPE_CHECKING:
    from keinstich.deal import Deal

__all__ = ["ALPHABET", "DEAL_PREFIX", "MAX_CODE", "MAX_NAME", "RESULT_PREFIX", "VERSION", "WORDS", "CodeError",
           "DealCode", "deal_code", "read_code", "result_code"]

VERSION = 1
"""The code version this module writes and reads."""
DEAL_PREFIX = "KS"
RESULT_PREFIX = "KR"
Kind = Literal["deal", "result"]
_KINDS: dict[str, Kind] = {DEAL_PREFIX: "deal", RESULT_PREFIX: "result"}

MAX_CODE = 4000
"""Characters a code may have: far above any real deal (a 52-card lay-off deal with passes is under 200)."""
MAX_NAME = 60
"""Characters a student's name may have in a result code."""
MAX_BOT = 60
"""Characters a bot's spec may have ("montecarlo:samples=40")."""
MAX_SEED_WORD = 100
"""Characters a seed given as a word may have."""
_SEED_LIMIT = 10 ** MAX_SEED_DIGITS
"""A seed number has at most 100 digits, as a table takes (:data:`keinstich.limits.MAX_SEED_DIGITS`)."""
_VERSION = re.compile(r"[0-9]{1,3}")

_SEED, _BOTS, _OPTIONS, _EXTRA, _NAME = 1, 2, 4, 8, 16
_FLAGS = _SEED | _BOTS | _OPTIONS | _EXTRA | _NAME


@dataclass(frozen=True)
class DealCode:
    """What a code holds: the ``record`` (the deal's cards and moves, as far as the code goes), the
    learner's ``seat``, the ``seed`` it was dealt from (None for typed hands), the ``bots`` of every seat
    (spec strings such as "heuristic"; empty when not given), and for a result code ``start`` (the moves
    made before the student took over) and the student's ``name``. Checked when made, so that the decoder
    reads only what the encoder may write."""

    record: Record
    seat: int = 0
    seed: int | str | None = None
    bots: tuple[str, ...] = ()
    kind: Kind = "deal"
    start: int = 0
    name: str = ""
    _moves: int = field(default=-1, repr=False, compare=False)

    def __post_init__(self) -> None:
        """What the encoder writes and the decoder reads are held to the same rules: a seat of the deal, a seed
        that is a whole number or a word, one bot spec per seat, a start within the moves, a name on one line."""
        if not isinstance(self.record, Record):
            raise CodeError(_("a code holds a game record, not {kind}", kind=type(self.record).__name__))
        n = self.record.players
        check_seat(self.seat, n, CodeError)
        _seed(self.seed)
        if not isinstance(self.bots, tuple) or (self.bots and _bots(self.bots, n) != self.bots):
            raise CodeError(_("bots are one spec per seat ({n}), each a name such as \"heuristic\" of at most {most} "
                              "characters", n=n, most=MAX_BOT))
        if self.kind not in ("deal", "result"):
            raise CodeError(_("a code is a deal code or a result code, not {kind}", kind=repr(self.kind)))
        if isinstance(self.start, bool) or not isinstance(self.start, int) or not 0 <= self.start <= MAX_PLAYS or (
                self.kind == "deal" and self.start):
            raise CodeError(_("a result code's start is the number of moves made before the student took over, not "
                              "{start}", start=quoted(self.start, 40)))
        _check_name(self.name)

    @property
    def text(self) -> str:
        """The code as text: ``KS1-…`` or ``KR1-…``."""
        return _encode(self)

    def __str__(self) -> str:
        return self.text

    def position(self) -> Deal:
        """The deal at the code's position (every move in it applied): for a result, the finished deal."""
        return _replayed(self.record)

    def start_position(self) -> Deal:
        """The position handed out: for a deal code the same as :meth:`position`, for a result code the deal
        before the student's moves."""
        deal = self.position()
        return deal if self.kind == "deal" else deal.rewound(self.start)

    @property
    def deal(self) -> DealCode:
        """The deal code of the position handed out (for a result code: the deal its student was given)."""
        if self.kind == "deal":
            return self
        return DealCode(record_of(self.start_position(), pack=self.record.pack, dealer=self.record.dealer),
                        self.seat, self.seed, self.bots)

    def result(self, deal: Deal, name: str = "") -> DealCode:
        """The result code of ``deal``, played on from this deal code's position by the student in ``seat``."""
        return result_code(self, deal, name=name)

    def summary(self) -> dict[str, Any]:
        """What the code says besides the record, as JSON-ready data (``keinstich check`` prints it)."""
        out: dict[str, Any] = {"kind": self.kind, "version": VERSION, "seat": self.seat, "seed": self.seed}
        if self.bots:
            out["bots"] = list(self.bots)
        if self.kind == "result":
            out["start"] = self.start
            out["name"] = self.name
        return out


def deal_code(deal: Deal, seat: int = 0, *, seed: int | str | None = None,
              bots: Sequence[str] | None = None) -> DealCode:
    """The code of ``deal`` as it stands (its moves so far), to be opened with the learner in ``seat``.

    ``seed``: the seed it was dealt from, if any (a table shows it and deals on from it); ``bots``: a
    spec per seat ("random", "heuristic", "montecarlo", …) for the table that opens it. The record is
    the deal's own (:func:`keinstich.records.record_of`), so a deal a record cannot name (a home-made
    contract) is refused with the record's words."""
    check_deal(deal, "deal_code")
    n = len(deal.dealt)
    check_seat(seat, n, CodeError)
    try:
        record = record_of(deal)
    except RecordError as e:
        raise CodeError(_("this deal cannot be written as a code: {error}", error=e)) from None
    return DealCode(record, seat, _seed(seed), _bots(bots, n))


def result_code(code: DealCode | str, deal: Deal, *, name: str = "") -> DealCode:
    """The result code of ``deal``: the deal code's position played on (to the end, usually) by the student
    in the code's seat. Refused if ``deal`` did not start from that position."""
    check_deal(deal, "result_code")
    given = read_code(code) if isinstance(code, str) else code.deal
    start = len(given.position().history)
    mine = record_of(deal, pack=given.record.pack, dealer=given.record.dealer)
    history = deal.history
    if len(history) < start or mine.hands != given.record.hands or _head(mine) != _head(given.record) or \
            deal.rewound(start).history != given.position().history:
        raise CodeError(_("this deal was not played from the code's position: a result code is made from the deal "
                          "its deal code opened"))
    if not isinstance(name, str):
        _check_name(name)
    return DealCode(mine, given.seat, given.seed, given.bots, "result", start, name.strip())


def read_code(text: object) -> DealCode:
    """The :class:`DealCode` a code's text holds; a :class:`CodeError` (one sentence) for anything else."""
    if isinstance(text, DealCode):
        return text
    if not isinstance(text, str):
        raise CodeError(_("a deal code is text such as \"KS1-…\", not {kind}", kind=type(text).__name__))
    if len(text) > MAX_CODE:
        raise CodeError(_("this is not a deal code: it has {n} characters, and a code has at most {most}",
                          n=len(text), most=MAX_CODE))
    raw = text.strip()
    if raw.lower().startswith(("http://", "https://")) or "deal=" in raw:
        raw = code_in_link(raw)
    head, dash, body = raw.partition("-")
    kind = _KINDS.get(head[:2].upper())
    if not dash or kind is None or not _VERSION.fullmatch(head[2:]):  # ASCII digits ("KS²" is no version)
        shown = raw if len(raw) <= 24 else raw[:20] + "…"
        raise CodeError(_("{text} is not a deal code: a deal code starts with {deal} and a result code with {result}",
                          text=repr(shown), deal=f"{DEAL_PREFIX}{VERSION}-", result=f"{RESULT_PREFIX}{VERSION}-"))
    version = int(head[2:])
    if version != VERSION:
        if version > VERSION:
            raise CodeError(_("this code was made by a newer version of the kit (code version {version}; this one "
                              "reads version {ours}): update the kit to open it", version=version, ours=VERSION))
        raise CodeError(_("this code has version {version}, which no version of the kit wrote: this kit reads version "
                          "{ours}", version=version, ours=VERSION))
    data = from_base32(body)
    if len(data) < 5 or zlib.crc32(head.upper().encode() + data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise CodeError(_("this code is damaged or was changed: its checksum does not match (copy the whole code "
                          "again)"))
    try:
        return _decode(kind, data[:-4])
    except (Short, IndexError, OverflowError, UnicodeDecodeError):
        raise CodeError(_("this code is damaged: it ends too early or holds bytes no kit writes")) from None


def code_in_link(text: str) -> str:
    """The code in a link ``…?deal=KS1-…`` (or the text itself when it has none)."""
    from urllib.parse import parse_qs, urlsplit

    query = urlsplit(text).query if "://" in text or text.startswith(("/", "?")) else text
    found = parse_qs(query.lstrip("?")).get("deal")
    return found[0].strip() if found else text


# --- encoding ------------------------------------------------------------------------------------------


def _seed(seed: object) -> int | str | None:
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < _SEED_LIMIT):
        return seed
    if one_line(seed, MAX_SEED_WORD):
        return seed  # type: ignore[return-value]
    raise CodeError(_("a seed is a whole number of at most {digits} digits or a word of at most {most} characters on "
                      "one line, not {seed}", digits=MAX_SEED_DIGITS, most=MAX_SEED_WORD, seed=quoted(seed, 40)))


def _bots(bots: Sequence[object] | None, n: int) -> tuple[str, ...]:
    if bots is None:
        return ()
    if isinstance(bots, str):
        bots = (bots,) * n
    out = tuple(bots) if isinstance(bots, Sequence) else ()
    if len(out) != n or not all(one_line(b, MAX_BOT) for b in out):
        raise CodeError(_("bots are one spec per seat ({n}), each a name such as \"heuristic\" of at most {most} "
                          "characters", n=n, most=MAX_BOT))
    return out  # type: ignore[return-value]


def _check_name(name: object) -> None:
    """A student's name: text of at most :data:`MAX_NAME` characters on one line (it goes into the class's
    ranking), without spaces around it; empty when not given."""
    if name == "" or (one_line(name, MAX_NAME) and isinstance(name, str) and name == name.strip()):
        return
    raise CodeError(_("a student's name is text of at most {most} characters, on one line", most=MAX_NAME))


def _head(record: Record) -> tuple[Any, ...]:
    return record.game, record.contract, record.pack, record.dealer, dict(record.options)


def _encode(code: DealCode) -> str:
    rec = code.record
    d = rec.to_dict()
    p = get_pack(rec.pack)
    places = {c.code: i for i, c in enumerate(p.cards)}
    extra = {k: v for k, v in d.items() if k in rec.extra}
    flags = ((_SEED if code.seed is not None else 0) | (_BOTS if code.bots else 0) | (_OPTIONS if rec.options else 0)
             | (_EXTRA if extra else 0) | (_NAME if code.kind == "result" and code.name else 0))
    w = Writer()
    w.byte(flags)
    for word in (rec.game, rec.contract, rec.pack):
        w.word(word)
    n = rec.players
    for x in (n, rec.dealer, code.seat):
        w.uint(x)
    if isinstance(code.seed, int):
        w.byte(0)
        w.signed(code.seed)
    elif isinstance(code.seed, str):
        w.byte(1)
        w.text(code.seed)
    for b in code.bots:
        w.word(b)
    if rec.options:
        w.value(dict(rec.options), {})
    if extra:
        w.value(extra, places)
    w.uint(len(rec.plays))
    if code.kind == "result":
        w.uint(code.start)
        if code.name:
            w.text(code.name)
    holder = {c: s for s, h in enumerate(rec.hands) for c in h}
    digits = [(holder.get(c, n), n + 1) for c in p.cards]
    radix = _play_radix(len(p), rec)
    for c, end in zip(rec.plays, rec.ends, strict=True):
        digits.append((_play_digit(c, end, places, len(p)), radix))
    w.byte(1 if radix > len(p) else 0)
    number = 0
    for digit, base in reversed(digits):
        number = number * base + digit
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    w.uint(len(body))
    w.out += body
    prefix = (RESULT_PREFIX if code.kind == "result" else DEAL_PREFIX) + str(VERSION)
    data = bytes(w.out)
    data += zlib.crc32(prefix.encode() + data).to_bytes(4, "big")
    return f"{prefix}-{to_base32(data)}"


def _play_radix(size: int, rec: Record) -> int:
    """Trick plays are a card's place (``size`` digits); a lay-off's add a pass and a card at either end."""
    return 3 * size + 1 if any(c is None or e is not None for c, e in zip(rec.plays, rec.ends, strict=True)) else size


def _play_digit(c: Card | None, end: str | None, places: Mapping[str, int], size: int) -> int:
    if c is None:
        return 3 * size
    i = places[c.code]
    return i + (size if end == "top" else 2 * size if end == "bottom" else 0)


# --- decoding ------------------------------------------------------------------------------------------

def _decode(kind: Kind, data: bytes) -> DealCode:
    r = Reader(data)
    flags = r.byte()
    if flags & ~_FLAGS:
        raise CodeError(_("this code holds parts this kit does not know: it was made by a newer version of the kit"))
    game, contract, pack_id = r.word(), r.word(), r.word()
    n, dealer, seat = r.uint(), r.uint(), r.uint()
    if not 2 <= n <= 8:
        raise Short
    seed: int | str | None = None
    if flags & _SEED:
        how = r.byte()
        if how not in (0, 1):
            raise Short
        seed = r.signed() if how == 0 else r.text()
    bots = tuple(r.word() for _x in range(n)) if flags & _BOTS else ()
    try:
        p = get_pack(pack_id)
    except ValueError as e:
        raise CodeError(_("this code names a pack this kit does not deal: {error}", error=e)) from None
    codes = [c.code for c in p.cards]
    options = r.value([]) if flags & _OPTIONS else {}
    extra = r.value(codes) if flags & _EXTRA else {}
    if not isinstance(options, dict) or not isinstance(extra, dict) or set(extra) & CORE_KEYS:
        raise Short
    moves = r.uint()
    if moves > MAX_PLAYS:  # checked before the moves are counted out of the number below: it could be 2**70
        raise Short
    start = r.uint() if kind == "result" else 0
    name = r.text() if flags & _NAME else ""
    if flags & _NAME and not name:
        raise Short
    lay_off = r.byte()
    if lay_off not in (0, 1):
        raise Short
    body = r.bytes(r.uint())
    if r.at != len(data) or body[:1] == b"\0":
        raise Short
    number = int.from_bytes(body, "big")
    size = len(p)
    hands: list[list[str]] = [[] for _x in range(n)]
    for c in codes:
        number, s = divmod(number, n + 1)
        if s < n:
            hands[s].append(c)
    radix = 3 * size + 1 if lay_off else size
    plays = []
    for _move in range(moves):
        number, digit = divmod(number, radix)
        if digit == 3 * size:
            plays.append(PASS)
        else:
            at, i = divmod(digit, size)
            plays.append(codes[i] + ("", "@top", "@bottom")[at])
    if number:
        raise Short
    d: dict[str, Any] = {"format": "keinstich-record/1", "game": game, "contract": contract, "pack": pack_id,
                         "dealer": dealer, "hands": hands, **extra, "plays": plays}
    if options:
        d["options"] = options
    try:
        record = Record.from_dict(d)
    except RecordError as e:
        raise CodeError(_("this code's deal is not valid: {error}", error=e)) from None
    try:
        code = DealCode(record, seat, seed, bots, kind, min(start, MAX_PLAYS), name)
    except CodeError as e:
        raise CodeError(_("this code holds what no kit writes: {error}", error=e)) from None
    deal = _replayed(record)
    if kind == "result" and not 0 <= start <= len(deal.history):
        raise CodeError(_("this result code's start ({start}) is past the end of its deal", start=start))
    return code


def _replayed(record: Record) -> Deal:
    try:
        return replay(record)
    except (RecordError, IllegalPlay) as e:
        raise CodeError(_("this code's deal is not valid: {error}", error=e)) from None

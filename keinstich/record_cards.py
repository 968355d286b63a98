"""A record's cards and plays: the cards of its hands and the plays in order as the JSON writes them
(``"QS"``, ``"QS@bottom"``, ``"pass"``), read back and checked against the pack; and the error a malformed
record raises. :mod:`keinstich.records` is the record itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from keinstich.cards import Card, CardCodeError, Pack, PackError, card
from keinstich.cards import pack as get_pack
from keinstich.deal import PASS, End, Lay, move_code
from keinstich.limits import LimitError, check_plays, quoted, shown

if TYPE_CHECKING:
    from keinstich.deal import GameRecord

CORE_KEYS = frozenset({"format", "game", "contract", "pack", "dealer", "hands", "plays", "options"})
"""The keys every record has; a game's ``extra_keys`` may not reuse them."""
ENDS: tuple[End, ...] = ("top", "bottom")
"""The ends a lay-off play may name, written after the card: ``"QS@bottom"``."""


class RecordError(ValueError):
    """A malformed record: the message says what is wrong and what would be right."""


def limited(check: Callable[[], None]) -> None:
    """Run a :mod:`keinstich.limits` check; an input beyond a limit is a malformed record."""
    try:
        check()
    except LimitError as e:
        raise RecordError(str(e)) from None



def parse_card(code: object, where: str, p: Pack) -> Card:
    """A card of pack ``p`` from its code (or a Card); ``where`` starts the message if it is not."""
    if isinstance(code, Card):
        c = code
    else:
        if not isinstance(code, str):
            raise RecordError(f"{where}: a card is text such as \"QS\", not {quoted(code)}")
        try:
            c = card(code)
        except CardCodeError as e:
            raise RecordError(f"{where}: {e}") from None
    if c not in p:
        raise RecordError(f"{where}: {c.code} is not in the {p.id} pack")
    return c


def parse_hands(raw: object, p: Pack) -> tuple[tuple[Card, ...], ...]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise RecordError("'hands' must be a list of hands, each a list of card codes such as \"QS\"")
    if not raw:
        raise RecordError("'hands' is empty: a record needs one hand per seat")
    hands: list[tuple[Card, ...]] = []
    seen: dict[Card, int] = {}
    for seat, h in enumerate(raw):
        if isinstance(h, str | bytes) or not isinstance(h, Sequence):
            raise RecordError(f"seat {seat}'s hand must be a list of card codes, not {quoted(h)}")
        hand = tuple(parse_card(c, f"seat {seat}'s hand", p) for c in h)
        for c in hand:
            if c in seen:
                first = f"seat {seen[c]}'s hand" if seen[c] != seat else "the same hand"
                raise RecordError(f"{c.code} is dealt twice: in seat {seat}'s hand and {first}")
            seen[c] = seat
        hands.append(hand)
    return tuple(hands)


def play_code(c: Card | None, end: End | None = None) -> str:
    """How a record writes one play: its move's text (:func:`~keinstich.deal.move_code`), ``"QS"``,
    ``"QS@bottom"`` or ``"pass"``."""
    return move_code(Lay(c, end) if c is not None and end is not None else c)


def parse_plays(raw: object, p: Pack, raw_ends: object = ()) -> tuple[tuple[Card | None, ...], tuple[End | None, ...]]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise RecordError("'plays' must be a list of card codes (and \"pass\" in a lay-off deal)")
    limited(lambda: check_plays(len(raw)))
    if isinstance(raw_ends, str | bytes) or not isinstance(raw_ends, Sequence) or (
            raw_ends and len(raw_ends) != len(raw)):
        raise RecordError(f"'ends' must be one entry per play (\"top\", \"bottom\" or None), not {quoted(raw_ends)}")
    plays: list[Card | None] = []
    ends: list[End | None] = []
    seen: dict[Card, int] = {}
    for i, code in enumerate(raw, 1):
        given = raw_ends[i - 1] if raw_ends else None
        if given is not None and given not in ENDS:
            raise RecordError(f"play {i}: an end is \"top\" or \"bottom\", not {quoted(given)}")
        end: End | None = given
        if isinstance(code, str) and "@" in code:
            code, _, where = code.partition("@")
            named = where.strip().lower()
            if named not in ENDS:
                raise RecordError(f"play {i}: unknown end {quoted(where)} in {shown(f'{code}@{where}')}: write the "
                                  f"end after the card as @top or @bottom, e.g. \"QS@bottom\"")
            if end is not None and end != named:
                raise RecordError(f"play {i}: {shown(f'{code}@{where}')} contradicts the end {end!r} given for it")
            end = "top" if named == "top" else "bottom"
        if code is None or (isinstance(code, str) and code.strip().lower() == PASS):
            if end is not None:
                raise RecordError(f"play {i}: a pass lays no card, so it has no end: write \"pass\"")
            plays.append(None)
            ends.append(None)
            continue
        c = parse_card(code, f"play {i}", p)
        if c in seen:
            raise RecordError(f"{c.code} is played twice: plays {seen[c]} and {i}")
        seen[c] = i
        plays.append(c)
        ends.append(end)
    return tuple(plays), tuple(ends)


def refuse_lay_off_plays(record: GameRecord) -> None:
    """Refuse passes and ends in a trick deal's plays."""
    for i, (c, end) in enumerate(zip(record.plays, record.ends, strict=True), 1):
        if c is None:
            raise RecordError(f"play {i}: \"pass\" is only for lay-off (domino) records; "
                              f"{record.contract} is a trick deal, where every turn plays a card")
        if end is not None:
            raise RecordError(f"play {i}: \"{play_code(c, end)}\" names an end of a lay-off layout, but "
                              f"{record.contract} is a trick deal: write just \"{c.code}\"")


def check_deal_cards(record: GameRecord, set_aside: Sequence[Card] = (), what: str = "the skat") -> int:
    """Refuse hands (plus ``set_aside`` cards) that do not make up the record's pack exactly, or
    hands of unequal size; returns the hand size."""
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


__all__ = ["ENDS", "PASS", "End", "RecordError", "check_deal_cards", "limited", "parse_card", "parse_hands",
           "parse_plays", "play_code", "refuse_lay_off_plays"]

"""The bytes of a deal code (:mod:`keinstich.codes`): small typed values written and read back, and the text they
travel as.

:class:`Writer` and :class:`Reader` hold unsigned and signed numbers as variable-length bytes (seven bits a byte),
text as its length and UTF-8 bytes, words as one byte of :data:`WORDS` (any other word in full after the byte
255), and the JSON values of a record's options and extra keys (null, booleans, numbers, words, cards as their place
in the pack, lists, objects) each after a one-byte tag. :func:`to_base32` and :func:`from_base32` turn the bytes
into Crockford's base 32 and back. Every failure to read is a :class:`CodeError` (or :class:`Short`, which the
code module turns into one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["ALPHABET", "WORDS", "CodeError", "Reader", "Short", "Writer", "from_base32", "to_base32"]


class CodeError(ValueError):
    """A code that cannot be read: not a code, damaged, changed by hand, from a newer kit, or a deal
    the rules refuse. The message is one sentence that says which, and what to do."""


ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read off a projector cannot be mistyped into another."""
_READ = {ch: i for i, ch in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}

WORDS: tuple[str, ...] = (
    # games
    "kein-stich", "herzeln", "herzblatt",
    # Kein Stich contracts
    "no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
    "power-black-pig", "domino", "domino-any", "domino-bells", "domino-hearts", "domino-leaves",
    # Herzeln contracts
    "herzeln-no-hearts", "herzeln-tricks", "herzeln-no-tricks", "herzeln-no-queens", "herzeln-king-of-hearts",
    "herzeln-last-trick", "herzeln-no-last-trick", "herzeln-domino", "herzeln-domino-natural",
    "herzeln-domino-rows", "herzeln-domino-rows-natural",
    # Herzblatt contracts
    "herzblatt-2", "herzblatt-3", "herzblatt-3-keep-trumps", "herzblatt-4", "herzblatt-4-dealer-first",
    "herzblatt-4-keep-trumps", "herzblatt-4-muhr", "herzblatt-4-no-trump-duty", "herzblatt-5",
    # packs
    "german-24", "german-32", "french-24", "french-32", "french-52", "german-30", "french-30", "french-50",
    "french-48", "french-20", "french-26", "french-32-minus-7H-7D", "french-32-minus-7C-8C-7S-8S-7D-8D",
    # record options and their words
    "march", "no_heart_lead", "no_lead", "force_max_when_void", "forced_discard", "stop_when_decided", "start",
    "voluntary_pass", "pass_fee", "acorns", "hearts", "leaves", "bells", "any", "removal", "braun_red",
    "keep_trumps", "ask_order", "forehand_first", "dealer_first", "all_pass", "redeal", "dealer_plays",
    "must_trump", "must_overtrump_trump_lead", "must_overtrump_always", "win_threshold", "schneider_threshold",
    "win_stake", "win_schneider_stake", "loss_stake", "loss_schneider_stake", "muhr", "du_stacks_schneider",
    # Herzblatt's own keys and calls
    "skat", "asking", "discards", "announcement", "contra", "re", "play", "pass", "none", "66", "du",
    # bots
    "random", "heuristic", "montecarlo",
)
"""Words a code writes in one byte (version 1: only ever appended to, so old codes keep reading).
Any other word is written out in full."""
_WORD_INDEX = {w: i for i, w in enumerate(WORDS)}
_INLINE = 255  # a word byte that says: the word follows in full
_V_NULL, _V_FALSE, _V_TRUE, _V_INT, _V_WORD, _V_CARD, _V_LIST, _V_DICT = range(8)


class Writer:
    """A code's bytes, written value by value."""

    def __init__(self) -> None:
        self.out = bytearray()

    def byte(self, x: int) -> None:
        self.out.append(x)

    def uint(self, x: int) -> None:
        while True:
            low = x & 0x7F
            x >>= 7
            if x:
                self.out.append(low | 0x80)
            else:
                self.out.append(low)
                return

    def signed(self, x: int) -> None:
        self.uint(x * 2 if x >= 0 else -x * 2 - 1)

    def text(self, s: str) -> None:
        b = s.encode("utf-8")
        self.uint(len(b))
        self.out += b

    def word(self, s: str) -> None:
        if s in _WORD_INDEX:
            self.byte(_WORD_INDEX[s])
        else:
            self.byte(_INLINE)
            self.text(s)

    def value(self, v: Any, cards: Mapping[str, int]) -> None:
        """A JSON value of a record's options or extra keys, cards of the pack as their place in it."""
        if v is None:
            self.byte(_V_NULL)
        elif isinstance(v, bool):
            self.byte(_V_TRUE if v else _V_FALSE)
        elif isinstance(v, int):
            self.byte(_V_INT)
            self.signed(v)
        elif isinstance(v, str):
            if v in cards:
                self.byte(_V_CARD)
                self.uint(cards[v])
            else:
                self.byte(_V_WORD)
                self.word(v)
        elif isinstance(v, list | tuple):
            self.byte(_V_LIST)
            self.uint(len(v))
            for x in v:
                self.value(x, cards)
        elif isinstance(v, Mapping):
            self.byte(_V_DICT)
            self.uint(len(v))
            for k, x in v.items():
                self.word(str(k))
                self.value(x, cards)
        else:
            raise CodeError(f"a code cannot hold the value {v!r}")


class Short(Exception):
    """The bytes end before the code does."""


class Reader:
    """A code's bytes, read back value by value (:class:`Short` when they end too early)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise Short
        self.at += 1
        return self.data[self.at - 1]

    def uint(self) -> int:
        x = shift = 0
        while True:
            b = self.byte()
            x |= (b & 0x7F) << shift
            if not b & 0x80:
                return x
            shift += 7
            if shift > 343:  # 49 bytes: a seed of 100 digits (333 bits, signed), nothing larger
                raise Short

    def signed(self) -> int:
        u = self.uint()
        return u // 2 if u % 2 == 0 else -(u + 1) // 2

    def bytes(self, k: int) -> bytes:
        if k > len(self.data) - self.at:
            raise Short
        self.at += k
        return self.data[self.at - k:self.at]

    def text(self) -> str:
        return self.bytes(self.uint()).decode("utf-8")

    def word(self) -> str:
        b = self.byte()
        if b == _INLINE:
            return self.text()
        if b >= len(WORDS):
            raise CodeError("this code names a word this kit does not know: it was made by a newer version of "
                            "the kit, or it is damaged")
        return WORDS[b]

    def value(self, cards: Sequence[str], depth: int = 0) -> Any:
        if depth > 8:
            raise Short
        tag = self.byte()
        if tag == _V_NULL:
            return None
        if tag in (_V_FALSE, _V_TRUE):
            return tag == _V_TRUE
        if tag == _V_INT:
            return self.signed()
        if tag == _V_WORD:
            return self.word()
        if tag == _V_CARD:
            return cards[self.uint()]
        if tag == _V_LIST:
            return [self.value(cards, depth + 1) for _ in range(self._count())]
        if tag == _V_DICT:
            return {self.word(): self.value(cards, depth + 1) for _ in range(self._count())}
        raise Short

    def _count(self) -> int:
        k = self.uint()
        if k > len(self.data):
            raise Short
        return k


def to_base32(data: bytes) -> str:
    """The bytes as Crockford's base 32 (a leading 1 bit keeps leading zero bytes)."""
    number = int.from_bytes(b"\x01" + data, "big")  # a leading 1 keeps the zero bytes
    out = []
    while number:
        number, d = divmod(number, 32)
        out.append(ALPHABET[d])
    return "".join(reversed(out))


def from_base32(text: str) -> bytes:
    """The bytes of a code's text (read case-insensitively; I and L as 1, O as 0; hyphens and spaces ignored)."""
    number = 0
    for i, ch in enumerate(text.upper()):
        if ch in "- \t\r\n":
            continue
        d = _READ.get(ch)
        if d is None:
            raise CodeError(f"this code has a character no code has, {ch!r} (character {i + 1} after the first "
                            f"hyphen): codes use digits and letters only")
        number = number * 32 + d
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    if not data or data[0] != 1:
        raise CodeError("this code is damaged or was changed: its checksum does not match (copy the whole code "
                        "again)")
    return data[1:]

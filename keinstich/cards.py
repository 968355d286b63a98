"""Suits, ranks, cards and packs, with German and French names and the card codes.

A card code is a French rank (``A K Q J 10 9 … 2``, ``T`` for ten) followed by a French suit
letter (``C S H D``): ``QS`` is the Queen of Spades, which in a German pack is the Ober of
Leaves (Grün-Ober). Cards are 52 interned objects, so ``is`` and ``==`` agree and a card
carries its bit for the bitmask hands the trick machine uses.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from keinstich.limits import check_whole
from keinstich.limits import quoted as quoted  # where messages have always found it

Style = Literal["german", "french"]
Lang = Literal["en", "de"]


class CardCodeError(ValueError):
    """A card code that is not ``rank + suit`` (``QS``, ``10H``, ``TD``)."""


class PackError(ValueError):
    """An unknown pack id, or a pack that does not fit the players."""


class Suit(enum.IntEnum):
    """The four suits, in the order Eichel/Clubs, Grün/Spades, Herz/Hearts, Schellen/Diamonds."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def code(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    def label(self, style: Style = "french", lang: Lang | None = None) -> str:
        """The suit's name, e.g. ``label("german", "de") == "Grün"`` for spades (None: the language spoken here,
        :mod:`keinstich.wording.i18n`)."""
        from keinstich.wording.i18n import _, use_language

        with use_language(lang):
            return _(_SUIT_NAMES[style][self])

    def __str__(self) -> str:
        return self.label(lang="en")


def N_(msgid: str) -> str:
    """Marks a name for the message catalogs (:func:`keinstich.wording.i18n.N_`); translated where it is said."""
    return msgid


def _(msgid: str, **fields: object) -> str:
    """A message in the language spoken (:func:`keinstich.wording.i18n.gettext`; imported when first said)."""
    from keinstich.wording.i18n import gettext

    return gettext(msgid, **fields)


_SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "french": (N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds")),
    "german": (N_("acorns"), N_("leaves"), N_("hearts"), N_("bells")),
}


class Rank(enum.IntEnum):
    """Ranks by their natural value; the Ace (Daus) is 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    def label(self, style: Style = "french", lang: Lang | None = None) -> str:
        """The rank's name: Queen / Dame in a French pack, Ober in a German one (None: the language spoken here)."""
        if self <= Rank.TEN:
            return str(int(self))
        from keinstich.wording.i18n import _, use_language

        with use_language(lang):
            return _(_RANK_NAMES[style][self - Rank.JACK])

    def __str__(self) -> str:
        return self.label(lang="en")


_RANK_CODES = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
_RANK_NAMES: dict[str, tuple[str, str, str, str]] = {
    "french": (N_("Jack"), N_("Queen"), N_("King"), N_("Ace")),
    "german": (N_("Unter"), N_("Ober"), N_("König"), N_("Daus")),
}


class Card:
    """One of the 52 cards; get it by ``card("QS")`` or ``Card(Suit.SPADES, Rank.QUEEN)``."""

    __slots__ = ("bit", "code", "index", "rank", "suit")
    suit: Suit
    rank: Rank
    index: int
    bit: int
    code: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return ALL_CARDS[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        self = object.__new__(cls)
        self.suit, self.rank = suit, rank
        self.index = suit * 13 + rank - 2
        self.bit = 1 << self.index
        self.code = rank.code + suit.code
        return self

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    @property
    def text(self) -> str:
        """Short form with the suit symbol, e.g. ``Q♠``."""
        return self.rank.code + self.suit.symbol

    def label(self, style: Style = "french", lang: Lang | None = None) -> str:
        """Full name: "Queen of Spades", "Ober of Leaves", "Pik-Dame", "Grün-Ober" (None: the language spoken here)."""
        from keinstich.wording.i18n import _, use_language

        with use_language(lang):
            rank, suit = self.rank.label(style), self.suit.label(style)
            # TRANSLATORS: one card's name: "Ober of Leaves"; German joins suit and rank: "Grün-Ober"
            return _("{rank} of {suit}", rank=rank, suit=suit.capitalize())

    def _repr_html_(self) -> str:
        """The card's SVG face in a notebook cell (drawn by :mod:`keinstich.faces`, found in the pictures)."""
        from keinstich.pictures import html

        return html("card", self)


ALL_CARDS: tuple[Card, ...] = tuple(Card._make(s, r) for s in Suit for r in Rank)


def card_at(index: int) -> Card:
    """The card with index ``suit * 13 + rank - 2`` (0…51)."""
    return ALL_CARDS[index]


_SUIT_OF_TOKEN = {"C": Suit.CLUBS, "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS,
                  "♣": Suit.CLUBS, "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS,
                  "♧": Suit.CLUBS, "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS}
_GERMAN_CODES = {Rank.QUEEN: "O", Rank.JACK: "U"}
_RANK_OF_TOKEN = {code: rank for rank, code in _RANK_CODES.items()} | {"T": Rank.TEN} | \
    {code: rank for rank, code in _GERMAN_CODES.items()}
_CODE_HELP = N_("a rank (A K Q J 10 9 8 7 6 5 4 3 2, or T for ten; O for Ober, U for Unter) followed by a suit "
                "(C S H D)")


def rank_code(r: Rank, style: Style = "french") -> str:
    """A rank's letter as a pack's players write it: ``Q`` in a French pack, ``O`` (Ober) in a German one.
    :func:`card` and :func:`rank` read both (``card("OS") is card("QS")``)."""
    return _GERMAN_CODES.get(r, r.code) if style == "german" else r.code


def card(code: str | Card) -> Card:
    """Parse one card code, case-insensitive: ``card("qs")``, ``card("10H")``, ``card("TD")``; a German pack's
    ``O`` (Ober) and ``U`` (Unter) are the Queen and the Jack: ``card("OS")`` is the Ober of Leaves."""
    if isinstance(code, Card):
        return code
    if not isinstance(code, str):
        raise CardCodeError(_("a card code must be text like 'QS', not {code}", code=quoted(code)))
    token = code.strip().upper()
    rank = _RANK_OF_TOKEN.get(token[:-1])
    suit = _SUIT_OF_TOKEN.get(token[-1:])
    if rank is None or suit is None:
        raise CardCodeError(_("unknown card {code}: a card is {help}, e.g. QS or 10H", code=quoted(code),
                                 help=_(_CODE_HELP)))
    return ALL_CARDS[suit * 13 + rank - 2]


def cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several card codes separated by spaces or commas: ``cards("QS 10H, JC")``."""
    if isinstance(text, str):
        tokens: list[object] = re.split(r"[\s,;]+", text.strip())
    elif isinstance(text, Iterable):
        tokens = list(text)
    else:
        raise CardCodeError(_("cards takes codes as text such as 'QS 10H' or a list of cards, not {text}",
                                 text=quoted(text)))
    return tuple(card(t) for t in tokens if t != "")  # type: ignore[arg-type]  # card() refuses the rest


def suit(token: str | Suit) -> Suit:
    """Parse a suit letter, symbol or name (French or German, either language)."""
    if isinstance(token, Suit):
        return token
    if not isinstance(token, str):
        raise CardCodeError(_("a suit is a letter such as 'H' or a name such as 'hearts', not {token}",
                              token=quoted(token)))
    found = _SUIT_OF_TOKEN.get(token.strip().upper())
    if found is None:  # (not ``or``: Suit.CLUBS is 0, which is false)
        found = _SUIT_BY_NAME.get(token.strip().lower())
    if found is None:
        raise CardCodeError(_("unknown suit {token}: use C S H D (or a suit name such as 'hearts')",
                              token=quoted(token)))
    return found


_SUIT_BY_NAME = {name.lower(): Suit(i) for names in _SUIT_NAMES.values() for i, name in enumerate(names)}
_SUIT_BY_NAME |= {"laub": Suit.SPADES, "blatt": Suit.SPADES, "gras": Suit.SPADES, "rot": Suit.HEARTS}


def rank(token: str | Rank) -> Rank:
    """Parse a rank code (``A K Q J 10 … 2``, ``T``) or name (``Ober``, ``Daus``, ``Queen``)."""
    if isinstance(token, Rank):
        return token
    if not isinstance(token, str):
        raise CardCodeError(_("a rank is a code such as 'Q' or a name such as 'Ober', not {token}",
                              token=quoted(token)))
    found = _RANK_OF_TOKEN.get(token.strip().upper()) or _RANK_BY_NAME.get(token.strip().lower())
    if found is None:
        raise CardCodeError(_("unknown rank {token}: use A K Q J 10 9 8 7 6 5 4 3 2 (or T for ten; O for Ober, U for "
                              "Unter)", token=quoted(token)))
    return found


_RANK_BY_NAME = {name.lower(): Rank(i + 11) for names in _RANK_NAMES.values() for i, name in enumerate(names)}
_RANK_BY_NAME |= {"sau": Rank.ACE, "ass": Rank.ACE, "deuce": Rank.ACE}


def mask_of(cs: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    m = 0
    for c in cs:
        m |= c.bit
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in index order (clubs, spades, hearts, diamonds; low to high)."""
    return (_CLUBS[mask & 0x1FFF] + _SPADES[mask >> 13 & 0x1FFF] + _HEARTS[mask >> 26 & 0x1FFF]
            + _DIAMONDS[mask >> 39 & 0x1FFF])


class _SuitChunks(dict[int, tuple[Card, ...]]):
    """The cards of each 13-bit chunk of one suit's bits, filled in on first use."""

    def __init__(self, s: int) -> None:
        super().__init__({0: ()})
        self.suit = s

    def __missing__(self, chunk: int) -> tuple[Card, ...]:
        got = self[chunk] = tuple(ALL_CARDS[13 * self.suit + r] for r in range(13) if chunk >> r & 1)
        return got


SUIT_CHUNKS: tuple[_SuitChunks, _SuitChunks, _SuitChunks, _SuitChunks] = (
    _SuitChunks(0), _SuitChunks(1), _SuitChunks(2), _SuitChunks(3))
"""Per suit, the cards of each 13-bit chunk of a mask (``SUIT_CHUNKS[suit][mask >> 13 * suit & 0x1FFF]``)."""
_CLUBS, _SPADES, _HEARTS, _DIAMONDS = SUIT_CHUNKS


SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""Bitmask of all 13 cards of each suit, indexed by suit."""


# --- rank orders -------------------------------------------------------------------------------

NATURAL: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
"""A K Q J 10 9 … 2: Kein Stich and the lay-off deals."""
ACE_TEN: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
                             Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE,
                             Rank.FOUR, Rank.THREE, Rank.TWO)
"""A 10 K Q J 9 … 2: Herzeln and Herzblatt."""
RANK_ORDERS: dict[str, tuple[Rank, ...]] = {"natural": NATURAL, "ace-ten": ACE_TEN}


def strength_table(order: str | Sequence[Rank]) -> tuple[int, ...]:
    """Per card index, its strength within its suit under a rank order (higher wins)."""
    if isinstance(order, str) and order not in RANK_ORDERS:
        raise ValueError(f"unknown rank order {quoted(order)}: use one of {', '.join(RANK_ORDERS)}")
    ranks = RANK_ORDERS[order] if isinstance(order, str) else tuple(order) if isinstance(order, Sequence) else ()
    if len(ranks) != len(Rank) or set(ranks) != set(Rank):
        raise ValueError(f"order must be the name of a rank order ({', '.join(RANK_ORDERS)}) or every Rank "
                         f"once, highest first, not {quoted(order)}")
    power = {r: len(ranks) - i for i, r in enumerate(ranks)}
    return tuple(power[c.rank] for c in ALL_CARDS)


# --- packs ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pack:
    """The cards in use, with the pack's style (German or French faces and names)."""

    id: str
    style: Style
    cards: tuple[Card, ...]
    mask: int = field(repr=False, compare=False, default=0)
    bits: tuple[int, ...] = field(repr=False, compare=False, default=())
    """The cards' bits in pack order (what a seeded deal shuffles)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", mask_of(self.cards))
        object.__setattr__(self, "bits", tuple(c.bit for c in self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, c: object) -> bool:
        return isinstance(c, Card) and bool(self.mask & c.bit)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """Ranks present in the pack, high to low."""
        return tuple(sorted({c.rank for c in self.cards}, reverse=True))

    def suit_cards(self, s: Suit) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.suit is s)

    def hand_size(self, players: int, skat: int = 0) -> int:
        """Cards per hand when all are dealt to ``players`` (after ``skat`` cards are set aside)."""
        check_whole("players", players, 2, error=PackError)
        check_whole("skat", skat, 0, error=PackError)
        usable = len(self.cards) - skat
        if usable <= 0 or usable % players:
            raise PackError(
                f"{self.id} has {len(self.cards)} cards"
                + (f" ({usable} after a skat of {skat})" if skat else "")
                + f", which do not divide evenly among {players} players; "
                + f"use one of: {', '.join(packs_for(players, skat)) or 'no standard pack'}"
            )
        return usable // players

    def _repr_html_(self) -> str:
        """All the pack's cards as faces, one row per suit."""
        from keinstich.pictures import html

        return html("pack", self)


_BASE_RANKS = {24: NATURAL[:6], 32: NATURAL[:8], 52: NATURAL}
_NAMED_REMOVALS: dict[tuple[int, int], str] = {
    (32, 30): "7C 7S",
    (52, 50): "2C 2D",
    (52, 48): "2C 2D 2S 3C",
    (32, 20): "9C 9S 9H 9D 8C 8S 8H 8D 7C 7S 7H 7D",
    (32, 26): "7C 7S 7H 7D 8H 8D",
}
"""Reduced packs with a short id (docs/rules.md §2.1 and §4.2): ``french-30`` is 32 less ♣7 ♠7."""


def pack(pack_id: str | Pack) -> Pack:
    """A pack by id: ``german-32``, ``french-52``, ``german-24``, ``french-50``, ``german-30`` …

    Any pack less some cards is ``<base>-minus-<codes>``, e.g. ``french-32-minus-7H-7D``.
    German packs exist with 24 and 32 cards (and their reductions), French ones with 24, 32, 52.
    """
    if isinstance(pack_id, Pack):
        return pack_id
    if not isinstance(pack_id, str):
        raise PackError(f"a pack is an id such as 'german-32' (or a Pack), not {quoted(pack_id)}")
    return _pack(pack_id)


@lru_cache(maxsize=256)
def _pack(pack_id: str) -> Pack:
    text = str(pack_id).strip().lower()
    base, _sep, minus = text.partition("-minus-")
    m = re.fullmatch(r"(german|french)-(\d{1,3})", base)
    if not m:
        raise PackError(f"unknown pack {quoted(pack_id)}: use one of {', '.join(PACK_IDS)}, "
                        "or <pack>-minus-<cards> such as french-32-minus-7H-7D")
    style, size = m.group(1), int(m.group(2))
    removed = ""
    if size not in _BASE_RANKS:
        full = next((b for (b, s) in _NAMED_REMOVALS if s == size), None)
        if full is None or minus:
            raise PackError(f"unknown pack {quoted(pack_id)}: use one of {', '.join(PACK_IDS)}")
        removed, size = _NAMED_REMOVALS[full, size], full
    if style == "german" and size == 52:
        raise PackError(f"unknown pack {quoted(pack_id)}: a German pack has 24 or 32 cards; use french-52")
    try:
        removed_cards = cards(removed + " " + minus.replace("-", " "))
    except CardCodeError as e:
        raise PackError(f"pack {quoted(pack_id)}: {e}") from None
    full_cards = [c for c in ALL_CARDS if c.rank in _BASE_RANKS[size]]
    missing = [c.code for c in removed_cards if c not in full_cards]
    if missing:
        raise PackError(f"pack {quoted(pack_id)}: {', '.join(missing)} is not in a {size}-card pack")
    kept = tuple(c for c in full_cards if c not in removed_cards)
    return Pack(_canonical_id(style, size, kept), style, kept)  # type: ignore[arg-type]


def _canonical_id(style: str, size: int, kept: tuple[Card, ...]) -> str:
    if len(kept) == size:
        return f"{style}-{size}"
    removed = {c for c in ALL_CARDS if c.rank in _BASE_RANKS[size]} - set(kept)
    for (b, s), codes in _NAMED_REMOVALS.items():
        if b == size and set(cards(codes)) == removed:
            return f"{style}-{s}"
    return f"{style}-{size}-minus-" + "-".join(c.code for c in sorted(removed))


PACK_IDS: tuple[str, ...] = ("german-24", "german-32", "french-24", "french-32", "french-52",
                             "german-30", "french-30", "french-50", "french-48",
                             "french-20", "french-26")


def packs_for(players: int, skat: int = 0) -> list[str]:
    """The named packs that deal evenly to ``players`` (after a skat)."""
    return [p for p in PACK_IDS if (len(pack(p)) - skat) % players == 0 and len(pack(p)) > skat]


# --- showing a hand ----------------------------------------------------------------------------


def sort_hand(hand: Iterable[Card], order: str = "natural") -> tuple[Card, ...]:
    """A hand sorted for display: by suit (♣ ♠ ♥ ♦), then low to high in the contract's rank ``order``.

    The one order every view shows a hand in: the Table, Replay, the quizzes and the static displays
    of :mod:`keinstich.faces` (and the cards a refusal lists). In natural order it is the cards' own order."""
    table = strength_table(order)
    return tuple(sorted(hand, key=lambda c: (c.suit, table[c.index])))


_MOVED = {"shuffled": "dealing", "seeded_masks": "dealing", "deal_hands": "dealing", "misdealt": "dealing",
          "deal_masks": "dealing", "hands_from_text": "hand_text", "hands_to_text": "hand_text",
          "DealTextError": "hand_text"}


def __getattr__(name: str) -> object:
    """Seeded dealing moved to :mod:`keinstich.dealing` and hands as text to :mod:`keinstich.hand_text`; their
    names are still found here, as lessons and readers' code import them."""
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'keinstich.cards' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"keinstich.{home}"), name)

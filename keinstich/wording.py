"""Who a refusal speaks to: "seat 2 must follow clubs (holds 7C, KC)" for a log or the command line, or,
to the learner at a table, "you must follow Leaves (you hold 7, Unter and King of Leaves)".

The deals' ``why_illegal(..., you=True)`` words their reasons through :class:`Who`; without ``you`` the
wording stays the engine's (codes, third person), which tests and the command line read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import groupby

from keinstich.cards import Card, Lang, Rank, Style, Suit, card, quoted

__all__ = ["Who", "a", "card_words", "cards_in_words", "naming", "naming_unless_set", "say", "say_cards", "say_suit",
           "the_card", "usual_style"]

_NAMING: ContextVar[Style | None] = ContextVar("keinstich_naming", default=None)


@contextmanager
def naming(style: Style) -> Iterator[None]:
    """Name cards in the faces' words inside the block: the bots' reasons made there say "the Ober of
    Leaves" and "Acorns" with ``"german"``, "Q♠" and "clubs" with ``"french"`` (the engine's default, as
    logs and tests read it). A table, a replay or a lesson sets it to the faces it shows."""
    if style not in ("german", "french"):
        raise ValueError(f"naming takes 'german' or 'french', not {style!r}")
    token = _NAMING.set(style)
    try:
        yield
    finally:
        _NAMING.reset(token)


@contextmanager
def naming_unless_set(style: Style) -> Iterator[None]:
    """:func:`naming` ``style`` unless a naming is already set: a bot explains in the words of the deal it
    sees (its observation's style), a table's or a lesson's own naming wins."""
    if _NAMING.get() is not None:
        yield
        return
    with naming(style):
        yield


def _style() -> Style:
    return _NAMING.get() or "french"


def say(c: Card) -> str:
    """One card in the current :func:`naming`: "J♠", or "the Unter of Leaves"."""
    return the_card(c, _style())


def say_cards(cs: Iterable[Card]) -> str:
    """Cards in the current :func:`naming`: "7♠ K♠", or "7 and König of Leaves"."""
    return cards_in_words(cs, _style())


def say_suit(s: Suit) -> str:
    """A suit in the current :func:`naming`: "spades", or "Leaves" (German suits are names)."""
    style = _style()
    return s.label(style).capitalize() if style == "german" else s.label(style)


def usual_style(game: str) -> Style:
    """The faces a game's contracts are described in when no pack says: Herzeln is played with a French
    pack, Kein Stich with a German one."""
    return "french" if game == "herzeln" else "german"


def a(word: str) -> str:
    """The word with its indefinite article: "a Jack", "an Unter", "an Acorns trick"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def card_words(c: Card, style: Style, lang: Lang = "en") -> str:
    """One card in a line the learner reads: "Q♠" with French faces, "Ober of Leaves" (or "Grün-Ober" in
    German) with German ones, whose suits are not the French symbols."""
    if not isinstance(c, Card):
        c = card(c)  # a code such as "QS", or a refusal that says what a card is
    if style not in ("french", "german"):
        raise ValueError(f"style must be 'german' or 'french', not {quoted(style)}")
    if lang not in ("en", "de"):
        raise ValueError(f"lang must be 'en' or 'de', not {quoted(lang)}")
    return c.text if style == "french" else c.label(style, lang)


def the_card(c: Card, style: Style) -> str:
    """One card in a sentence: "J♠" with French faces, "the Unter of Leaves" with German ones."""
    return c.text if style == "french" else "the " + cards_in_words([c], style)


def cards_in_words(cs: Iterable[Card], style: Style) -> str:
    """Cards for a learner, suit by suit in the order given: "7♠ J♠ K♠" with French faces, "7, Unter and
    King of Leaves" with German ones (whose suits are not the French symbols)."""
    cards = list(cs)
    if style == "french":
        return " ".join(c.text for c in cards)
    groups = []
    for suit, run in groupby(cards, key=lambda c: c.suit):
        ranks = [c.rank.label(style) for c in run]
        names = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        groups.append(f"{names} of {suit.label(style).capitalize()}")
    return "; ".join(groups)


class Who:
    """The seat a reason is about: "seat 2" (third person, card codes) or "you" (the learner, card names)."""

    __slots__ = ("seat", "style", "you")

    def __init__(self, seat: int, you: bool = False, style: Style = "french") -> None:
        self.seat, self.you, self.style = seat, you, style

    def __str__(self) -> str:
        return "you" if self.you else f"seat {self.seat}"

    def does(self, third: str, plain: str | None = None) -> str:
        """The subject and its verb: ``does("has", "have")`` is "seat 2 has" or "you have"."""
        return f"{self} {plain if self.you and plain is not None else third}"

    def cards(self, cs: Iterable[Card]) -> str:
        """Cards as this reader reads them: codes joined by ", " for the engine, names for the learner."""
        return cards_in_words(cs, self.style) if self.you else ", ".join(c.code for c in cs)

    def suit(self, s: Suit) -> str:
        """A suit's name: German suits are names to the learner ("Leaves"), French ones words ("clubs")."""
        name = s.label(self.style)
        return name.capitalize() if self.you and self.style == "german" else name

    def rank(self, r: Rank) -> str:
        """A rank: its code for the engine ("J"), its name in the faces' words for the learner ("Unter")."""
        return r.label(self.style) if self.you else r.code

    def card(self, c: Card) -> str:
        """One card: its code for the engine; "A♣", or "the Ace of Acorns" with German faces, for the learner."""
        if not self.you:
            return c.code
        return the_card(c, self.style)

    def holds(self, cs: Iterable[Card]) -> str:
        """"holds 7C, KC" or "you hold 7♠ K♠"."""
        return f"you hold {self.cards(cs)}" if self.you else f"holds {self.cards(cs)}"

    def turn(self, turn: int) -> str:
        """Out of turn: "it is seat 1's turn, not seat 2's" / "it is seat 1's turn, not yours"; a seat that is
        no seat number at all is refused as such."""
        if isinstance(self.seat, bool) or not isinstance(self.seat, int):
            return f"seat must be a whole number such as {turn} (the seat to move), not {quoted(self.seat)}"
        other = "yours" if self.you else f"seat {self.seat}'s"
        return f"it is seat {turn}'s turn, not {other}"

    def not_allowed(self, c: Card) -> str:
        """The engine's tail ": 7C is not allowed"; empty for the learner (the reason sits on that card)."""
        return "" if self.you else f": {c.code} is not allowed"

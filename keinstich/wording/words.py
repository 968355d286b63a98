"""Cards, suits and seats in the words a learner reads: the faces' words (German or French), and who a
sentence speaks to (:class:`Who`: "seat 2" or "you"). :func:`naming` sets the faces the bots' reasons
name cards in."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import groupby

from keinstich.cards import Card, Lang, Rank, Style, Suit, card, quoted
from keinstich.i18n import _, check_language, pgettext, use_language

_NAMING: ContextVar[Style | None] = ContextVar("keinstich_naming", default=None)
_SPELLED: ContextVar[bool] = ContextVar("keinstich_spelled", default=False)


@contextmanager
def naming(style: Style, *, spelled: bool = False) -> Iterator[None]:
    """Name cards in the faces' words inside the block: the bots' reasons made there say "the Ober of
    Leaves" and "Acorns" with ``"german"``, "Q♠" and "clubs" with ``"french"`` (the engine's default, as
    logs and tests read it). A table, a replay or a lesson sets it to the faces it shows. ``spelled``: French
    cards by name, as the coach's sentences name them ("the Queen of Spades", "Spades"), not by symbol."""
    if style not in ("german", "french"):
        raise ValueError(f"naming takes 'german' or 'french', not {style!r}")
    token = _NAMING.set(style)
    spelt = _SPELLED.set(spelled)
    try:
        yield
    finally:
        _SPELLED.reset(spelt)
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


def current_style() -> Style:
    """The faces cards are named in here (:func:`naming`; French where none is set)."""
    return _style()


def say(c: Card) -> str:
    """One card in the current :func:`naming`: "J♠", or "the Unter of Leaves" (spelled: "the Jack of Spades")."""
    return the_card(c, _style(), spelled=_SPELLED.get())


def say_cards(cs: Iterable[Card]) -> str:
    """Cards in the current :func:`naming`: "7♠ K♠", or "7 and König of Leaves" (spelled: "7 and King of Spades")."""
    return cards_in_words(cs, _style(), spelled=_SPELLED.get())


def say_suit(s: Suit) -> str:
    """A suit in the current :func:`naming`: "spades", or "Leaves" (German suits are names)."""
    style = _style()
    return s.label(style).capitalize() if style == "german" or _SPELLED.get() else s.label(style)


def usual_style(game: str) -> Style:
    """The faces a game's contracts are described in when no pack says: Herzeln is played with a French
    pack, Kein Stich with a German one."""
    return "french" if game == "herzeln" else "german"


def contract_name(name: str) -> str:
    """A contract's or a game's name in the language spoken ("No Hearts", "Kein Herz"): the catalogs know the kit's
    own; a reader's home-made contract keeps the name it was given."""
    return _(name) if name else name


def a(word: str) -> str:
    """The word with its indefinite article: "a Jack", "an Unter", "an Acorns trick" (English only: a sentence to be
    translated names its article in the msgid instead)."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def listed(items: Iterable[str]) -> str:
    """Words listed in the language spoken: "7, Unter and König" / "7, Unter und König"."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: the end of a list: "7, Unter and König"
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def court_index(r: Rank) -> str:
    """A French-suited Queen's or Jack's corner letter in the language spoken: "Q", "J"; German "D", "B" (Dame, Bube),
    as printed on the packs sold there. Other ranks keep their code."""
    if r == Rank.QUEEN:
        # TRANSLATORS: the corner letters of a French-suited pack's Queen and Jack, as printed where it is sold
        return pgettext("french card index", "Q")
    if r == Rank.JACK:
        return pgettext("french card index", "J")
    return r.code


def short_text(c: Card) -> str:
    """A French-suited card in short, its corner letter and suit symbol, in the language spoken: "Q♠", German "D♠"
    (a card's code, ``QS``, is the same in every language)."""
    return court_index(c.rank) + c.suit.symbol


def card_words(c: Card, style: Style, lang: Lang | None = None) -> str:
    """One card in a line the learner reads: "Q♠" with French faces, "Ober of Leaves" (or "Grün-Ober" in
    German) with German ones, whose suits are not the French symbols."""
    if not isinstance(c, Card):
        c = card(c)  # a code such as "QS", or a refusal that says what a card is
    if style not in ("french", "german"):
        raise ValueError(f"style must be 'german' or 'french', not {quoted(style)}")
    if lang is not None:
        check_language(lang)
    if style == "french":
        with use_language(lang):
            return short_text(c)
    return c.label(style, lang)


def the_card(c: Card, style: Style, *, spelled: bool = False) -> str:
    """One card in a sentence: "J♠" with French faces, "the Unter of Leaves" with German ones (German: "Grün-Unter");
    ``spelled``: French faces by name too ("the Jack of Spades")."""
    if style == "french" and not spelled:
        return short_text(c)
    # TRANSLATORS: a card named in a sentence ("lay the Unter of Leaves first"); German names it bare: "{card}"
    return _("the {card}", card=c.label(style))


def cards_in_words(cs: Iterable[Card], style: Style, *, spelled: bool = False) -> str:
    """Cards for a learner, suit by suit in the order given: "7♠ J♠ K♠" with French faces, "7, Unter and
    King of Leaves" with German ones (whose suits are not the French symbols); German: "7, Unter und König in
    Grün", one card "Grün-Ober". ``spelled``: French faces by name too ("7 and Jack of Spades")."""
    cards = list(cs)
    if style == "french" and not spelled:
        return " ".join(short_text(c) for c in cards)
    groups = []
    for suit, run in groupby(cards, key=lambda c: c.suit):
        same = list(run)
        if len(same) == 1:
            groups.append(same[0].label(style))
            continue
        # TRANSLATORS: several cards of one suit: "7, Unter and König of Leaves"
        groups.append(_("{ranks} of {suit}", ranks=listed(c.rank.label(style) for c in same),
                        suit=suit.label(style).capitalize()))
    return "; ".join(groups)


@contextmanager
def speaking(lang: Lang | None) -> Iterator[None]:
    """:func:`keinstich.i18n.use_language` for a ``lang`` argument (None: the language spoken here)."""
    with use_language(lang):
        yield


class Who:
    """The seat a sentence is about: the engine's third person (card codes) or the learner, "you" (card names)."""

    __slots__ = ("seat", "style", "you")
    seat: int
    you: bool
    style: Style

    def __init__(self, seat: int, you: bool = False, style: Style = "french") -> None:
        self.seat, self.you, self.style = seat, you, style

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


__all__ = ["Who", "a", "card_words", "cards_in_words", "contract_name", "court_index", "current_style", "listed",
           "naming", "naming_unless_set", "say", "say_cards", "say_suit", "short_text", "speaking", "the_card",
           "usual_style"]

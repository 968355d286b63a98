"""The words a learner reads, made at the edge: cards in the faces' words, and who a sentence speaks to.

A refusal is data (:class:`~keinstich.deal.Refusal`); :func:`refusal_words` says it in the engine's voice,
"seat 2 must follow clubs (holds 7C, KC)", for a log or the command line, or to the learner at a table,
"you must follow Leaves (you hold 7, Unter and King of Leaves)", in English or German
(:mod:`keinstich.wording.refusals`). :func:`naming` sets the faces the bots' reasons name cards in. Every sentence
comes from the message catalogs (:mod:`keinstich.i18n`): :func:`set_language` chooses the language.
"""

from keinstich.cards import Lang, Style
from keinstich.i18n import language, set_language, use_language
from keinstich.wording.refusals import refusal_words, say_refusal
from keinstich.wording.words import (
    Who,
    a,
    card_words,
    cards_in_words,
    contract_name,
    current_style,
    listed,
    naming,
    naming_unless_set,
    say,
    say_cards,
    say_suit,
    the_card,
    usual_style,
)

__all__ = ["Who", "a", "card_words", "cards_in_words", "contract_name", "current_style", "language", "listed",
           "naming", "naming_unless_set", "reason_words", "refusal_words", "say", "say_cards", "say_refusal",
           "say_suit", "set_language", "the_card", "use_language", "usual_style"]


def reason_words(reason: object, lang: Lang | None = None, style: Style | None = None, *,
                 spelled: bool = False) -> str:
    """A bot's reason said again, in ``lang`` (the language spoken by default), naming cards in ``style``'s words
    (the faces it was given in by default; ``spelled``: French cards by name, as the coach's sentences name them): a
    reason that is data (``words``) is said anew; plain text comes back as it is."""
    words = getattr(reason, "words", None)
    if not callable(words):
        return str(reason)
    return str(words(lang, style, spelled=spelled) if spelled else words(lang, style))

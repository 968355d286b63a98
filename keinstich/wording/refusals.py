"""A refused move in words: the engine's sentence, and the same refusal said to the learner, in English or German.

A machine refuses a move with a :class:`~keinstich.deal.Refusal`: the rule broken and what the sentence cites
(the seat, the card, the suit, what the seat holds). :func:`say_refusal` words it: in the engine's voice
("seat 2 must follow clubs (holds 7C, KC): 9H is not allowed", card codes, the deal's suit names; what tests,
logs and the command line read), or to the learner in that seat (``you=True``: "you must follow Leaves (you
hold 7, Unter and König of Leaves)"), in the faces' words (``style``) and in English or German (``lang``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from keinstich.cards import Card, Lang, Rank, Style, Suit
from keinstich.wording.words import Who, a, card_words

Facts = Mapping[str, Any]


# --- English -----------------------------------------------------------------------------------------


def _en_not_allowed(w: Who, f: Facts) -> str:
    return w.not_allowed(f["card"]) if f.get("card") is not None else ""


def _en_over(w: Who, f: Facts) -> str:
    if f["early"]:
        return (f"the deal is over after {f['played']} of {f['total']} tricks: "
                "no further trick can change any score (stop_when_decided)")
    return f"the deal is over: all {f['total']} tricks have been played"


def _en_turn(w: Who, f: Facts) -> str:
    text = w.turn(f["turn"])
    start: Card | None = f.get("start")
    if start is not None:
        text += (f": seat {f['turn']} holds {start.code}, the {start.label(f['deal_style'])}, "
                 "which starts the lay-off")
    return text


_WHERE = {"": "", "laid": " (it is already laid)", "out": " (it is not in play in this deal)"}


def _en_no_fit(w: Who, f: Facts) -> str:
    """Why a card does not fit the lay-off layout (after "cannot lay X: ")."""
    kind = f["layout"]
    if kind == "chain-empty":
        return f"the chain starts with {a(Rank.JACK.label(w.style))}"
    if kind == "chain":
        top, bottom = w.card(f["top"]), w.card(f["bottom"])
        up, down = w.rank(f["up"]), w.rank(f["down"])
        if up == down:
            return f"it does not join the chain (it runs {bottom}…{top}: only {a(up)} fits, at either end)"
        return (f"it does not join the chain (it runs {bottom}…{top}: "
                f"{a(up)} fits above {top}, {a(down)} below {bottom})")
    if kind == "rows-empty":
        return "the lay-off starts with an Unter (a Jack)"
    name = w.suit(f["row"])
    if kind == "row-empty":
        return f"it does not join a row ({name} has not started: {w.card(Card(f['row'], Rank.JACK))} starts it)"
    low, high = w.card(f["low"]), w.card(f["high"])
    return f"it does not join a row ({name} runs {f'from {low} to {high}' if w.you else f'{low}–{high}'})"


def _en_lay_hint(w: Who, f: Facts) -> str:
    if f["holding"]:
        return f"; {w.does('can')} lay {w.cards(f['holding'])}"
    return f"; {w.does('has', 'have')} no card that fits and must pass"


def _en_must_start(w: Who, f: Facts) -> str:
    start: Card = f["start"]
    if w.you:
        return f"you must lay {w.card(start)} first: it starts the lay-off"
    return f"seat {w.seat} must lay {start.code} first: the {start.label(f['deal_style'])} starts the lay-off"


_EN_ANSWERS = {"ask": ("play", "pass"), "say contra": ("contra", "no contra"), "say re": ("re", "no re")}

_EN: dict[str, Callable[[Who, Facts], str]] = {
    "unreadable": lambda w, f: f["text"],
    "over": _en_over,
    "over-lay-off": lambda w, f: ("the deal is over: the seats went out in the order "
                                  f"{', '.join(map(str, f['order']))}"),
    "turn": _en_turn,
    "not-held": lambda w, f: (f"{w.does('does not hold', 'do not hold')} {w.card(f['card'])}"
                              f"{_WHERE[f.get('where', '')]}"),
    "no-lead": lambda w, f: (f"{w.does('may not')} lead {w.suit(f['suit'])} while holding other suits "
                             f"({w.holds(f['holding'])}){_en_not_allowed(w, f)}"),
    "follow": lambda w, f: (f"{w.does('must')} follow {w.suit(f['suit'])} ({w.holds(f['holding'])})"
                            f"{_en_not_allowed(w, f)}"),
    "forced": lambda w, f: (f"{w.does('has', 'have')} no {w.suit(f['suit'])} and must throw {w.card(f['must'])}"
                            f"{_en_not_allowed(w, f)}"),
    "overtrump-if-trumping": lambda w, f: (
        f"{w.does('need not')} trump, but a trump must beat the highest trump so far, {w.card(f['best'])} "
        f"({w.holds(f['holding'])}; or play {w.cards(f['others'])}){_en_not_allowed(w, f)}"),
    "overtrump": lambda w, f: (f"{w.does('must')} beat the highest trump so far, {w.card(f['best'])} "
                               f"({w.holds(f['holding'])}){_en_not_allowed(w, f)}"),
    "trump": lambda w, f: (f"{w.does('has', 'have')} no {w.suit(f['suit'])} and must trump with "
                           f"{w.suit(f['trump'])} ({w.holds(f['holding'])}){_en_not_allowed(w, f)}"),
    "end": lambda w, f: f"end must be 'top' or 'bottom', not {f['end']!r}",
    "must-start": _en_must_start,
    "no-pass": lambda w, f: f"{w.does('can')} play ({w.cards(f['holding'])}) and may not pass",
    "wrong-end": lambda w, f: (f"{w.does('cannot')} lay {w.card(f['card'])} at the {f['end']}: it fits only at the "
                               f"{'top' if f['end'] == 'bottom' else 'bottom'}"),
    "no-fit": lambda w, f: f"{w.does('cannot')} lay {w.card(f['card'])}: {_en_no_fit(w, f)}{_en_lay_hint(w, f)}",
    "phase": lambda w, f: (f"cannot {f['what']} now: the deal is in the {f['phase']} phase"
                           + (f" (seat {f['turn']} to act)" if f.get("turn") is not None else "")),
    "second-soloist": lambda w, f: f"seat {f['soloist']} is already the soloist; there is no second soloist",
    "turn-to": lambda w, f: f"it is seat {f['turn']}'s turn to {f['what']}, not seat {w.seat}'s",
    "answer": lambda w, f: (f"seat {w.seat} answers True ({_EN_ANSWERS[f['what']][0]}) or False "
                            f"({_EN_ANSWERS[f['what']][1]}), not {f['value']!r}"),
    "discard-not-held": lambda w, f: (f"seat {w.seat} does not hold {f['card'].code}; discard two of "
                                      + " ".join(x.code for x in f["holding"])),
    "discard-twice": lambda w, f: f"discard two different cards, not {f['card'].code} twice",
    "announce": lambda w, f: f"seat {w.seat} may announce None, '66' or 'du', not {f['value']!r}",
    "no-card-now": lambda w, f: f"no card may be played in the {f['phase']} phase",
    "not-a-move": lambda w, f: f"a Herzblatt move is a card, Ask, Discard, Announce, Contra or Re, not {f['value']!r}",
}


# --- German ------------------------------------------------------------------------------------------


class Wer:
    """The seat a German refusal is about: "Platz 2" (card codes) or "du" (the learner, card names)."""

    __slots__ = ("seat", "style", "you")

    def __init__(self, seat: int | None, you: bool, style: Style) -> None:
        self.seat, self.you, self.style = seat, you, style

    def __str__(self) -> str:
        return "du" if self.you else f"Platz {self.seat}"

    def verb(self, third: str, second: str) -> str:
        """The subject and its verb: ``verb("muss", "musst")`` is "Platz 2 muss" or "du musst"."""
        return f"{self} {second if self.you else third}"

    def card(self, c: Card) -> str:
        return card_words(c, self.style, "de") if self.you else c.code

    def cards(self, cs: Iterable[Card]) -> str:
        listed = list(cs)
        if not self.you:
            return ", ".join(c.code for c in listed)
        names = [card_words(c, self.style, "de") for c in listed]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]

    def suit(self, s: Suit) -> str:
        return s.label(self.style, "de")

    def rank(self, r: Rank) -> str:
        return r.label(self.style, "de") if self.you else r.code

    def holds(self, cs: Iterable[Card]) -> str:
        return f"du hast {self.cards(cs)}" if self.you else f"hat {self.cards(cs)}"

    def not_allowed(self, f: Facts) -> str:
        c = f.get("card")
        return "" if self.you or c is None else f": {c.code} ist nicht erlaubt"

    def turn(self, turn: int) -> str:
        return f"Platz {turn} ist dran, nicht {'du' if self.you else f'Platz {self.seat}'}"


_DE_WHAT = {"ask": "antworten", "discard": "drücken", "announce": "ansagen", "say contra": "Kontra sagen",
            "say re": "Re sagen"}
_DE_PHASE = {"asking": "Fragen", "discard": "Drücken", "announce": "Ansage", "contra": "Kontra", "re": "Re",
             "play": "Spiel", "over": "Ende"}
_DE_ANSWERS = {"ask": ("ich spiele", "passen"), "say contra": ("Kontra", "kein Kontra"), "say re": ("Re", "kein Re")}
_DE_WHERE = {"": "", "laid": " (sie liegt schon aus)", "out": " (sie ist in diesem Spiel nicht ausgeteilt)"}


def _de_over(w: Wer, f: Facts) -> str:
    if f["early"]:
        return (f"das Spiel ist nach {f['played']} von {f['total']} Stichen aus: kein weiterer Stich kann "
                "noch ein Ergebnis ändern (stop_when_decided)")
    return f"das Spiel ist aus: alle {f['total']} Stiche sind gespielt"


def _de_turn(w: Wer, f: Facts) -> str:
    text = w.turn(f["turn"])
    start: Card | None = f.get("start")
    if start is not None:
        text += f": Platz {f['turn']} hat {card_words(start, f['deal_style'], 'de')}, mit dem das Anlegen beginnt"
    return text


def _de_jack(style: Style) -> str:
    return "einem Unter" if style == "german" else "einem Buben"


def _de_no_fit(w: Wer, f: Facts) -> str:
    kind = f["layout"]
    if kind == "chain-empty":
        return f"die Kette beginnt mit {_de_jack(w.style)}"
    if kind == "chain":
        top, bottom = w.card(f["top"]), w.card(f["bottom"])
        up, down = w.rank(f["up"]), w.rank(f["down"])
        if up == down:
            return f"sie passt nicht an die Kette (sie läuft von {bottom} bis {top}: an beide Enden passt nur {up})"
        return (f"sie passt nicht an die Kette (sie läuft von {bottom} bis {top}: "
                f"über {top} passt {up}, unter {bottom} {down})")
    if kind == "rows-empty":
        return f"das Anlegen beginnt mit {_de_jack(w.style)}"
    name = w.suit(f["row"])
    if kind == "row-empty":
        return (f"sie passt an keine Reihe ({name} ist noch nicht eröffnet: "
                f"{w.card(Card(f['row'], Rank.JACK))} eröffnet die Reihe)")
    return f"sie passt an keine Reihe ({name} läuft von {w.card(f['low'])} bis {w.card(f['high'])})"


def _de_lay_hint(w: Wer, f: Facts) -> str:
    if f["holding"]:
        return f"; {w.verb('kann', 'kannst')} {w.cards(f['holding'])} anlegen"
    return f"; {w.verb('hat', 'hast')} keine passende Karte und {'musst' if w.you else 'muss'} passen"


def _de_must_start(w: Wer, f: Facts) -> str:
    start: Card = f["start"]
    name = w.card(start) if w.you else f"{start.code} ({card_words(start, f['deal_style'], 'de')})"
    return f"{w.verb('muss', 'musst')} zuerst {name} anlegen: mit ihm beginnt das Anlegen"


_DE: dict[str, Callable[[Wer, Facts], str]] = {
    "unreadable": lambda w, f: (f"„{f['given']}“ ist keine Karte: eine Karte ist ihr Rang und ihre Farbe, "
                                "etwa „QS“ oder „10H“"),
    "over": _de_over,
    "over-lay-off": lambda w, f: ("das Spiel ist aus: die Plätze sind in der Reihenfolge "
                                  f"{', '.join(map(str, f['order']))} hinausgegangen"),
    "turn": _de_turn,
    "not-held": lambda w, f: f"{w.verb('hat', 'hast')} {w.card(f['card'])} nicht{_DE_WHERE[f.get('where', '')]}",
    "no-lead": lambda w, f: (f"{w.verb('darf', 'darfst')} kein {w.suit(f['suit'])} ausspielen, solange "
                             f"{'du' if w.you else 'er'} andere Farben {'hast' if w.you else 'hat'} "
                             f"({w.holds(f['holding'])}){w.not_allowed(f)}"),
    "follow": lambda w, f: (f"{w.verb('muss', 'musst')} {w.suit(f['suit'])} bedienen ({w.holds(f['holding'])})"
                            f"{w.not_allowed(f)}"),
    "forced": lambda w, f: (f"{w.verb('hat', 'hast')} kein {w.suit(f['suit'])} und {'musst' if w.you else 'muss'} "
                            f"{w.card(f['must'])} abwerfen{w.not_allowed(f)}"),
    "overtrump-if-trumping": lambda w, f: (
        f"{w.verb('muss', 'musst')} nicht stechen, aber ein Trumpf muss den höchsten Trumpf im Stich schlagen, "
        f"{w.card(f['best'])} ({w.holds(f['holding'])}; oder spiel {w.cards(f['others'])}){w.not_allowed(f)}"),
    "overtrump": lambda w, f: (f"{w.verb('muss', 'musst')} den höchsten Trumpf im Stich schlagen, {w.card(f['best'])} "
                               f"({w.holds(f['holding'])}){w.not_allowed(f)}"),
    "trump": lambda w, f: (f"{w.verb('hat', 'hast')} kein {w.suit(f['suit'])} und {'musst' if w.you else 'muss'} mit "
                           f"{w.suit(f['trump'])} stechen ({w.holds(f['holding'])}){w.not_allowed(f)}"),
    "end": lambda w, f: f"das Ende heißt 'top' oder 'bottom', nicht {f['end']!r}",
    "must-start": _de_must_start,
    "no-pass": lambda w, f: (f"{w.verb('kann', 'kannst')} anlegen ({w.cards(f['holding'])}) und "
                             f"{'darfst' if w.you else 'darf'} nicht passen"),
    "wrong-end": lambda w, f: (f"{w.verb('kann', 'kannst')} {w.card(f['card'])} nicht "
                               f"{'oben' if f['end'] == 'top' else 'unten'} anlegen: sie passt nur "
                               f"{'unten' if f['end'] == 'top' else 'oben'}"),
    "no-fit": lambda w, f: (f"{w.verb('kann', 'kannst')} {w.card(f['card'])} nicht anlegen: {_de_no_fit(w, f)}"
                            f"{_de_lay_hint(w, f)}"),
    "phase": lambda w, f: (f"jetzt ist nicht die Zeit zu {_DE_WHAT[f['what']]}: das Spiel ist in der Phase "
                           f"„{_DE_PHASE[f['phase']]}“"
                           + (f" (Platz {f['turn']} ist dran)" if f.get("turn") is not None else "")),
    "second-soloist": lambda w, f: f"Platz {f['soloist']} spielt schon allein; es gibt keinen zweiten Spieler",
    "turn-to": lambda w, f: (f"Platz {f['turn']} ist dran zu {_DE_WHAT[f['what']]}, nicht "
                             f"{'du' if w.you else f'Platz {w.seat}'}"),
    "answer": lambda w, f: (f"Platz {w.seat} antwortet True ({_DE_ANSWERS[f['what']][0]}) oder False "
                            f"({_DE_ANSWERS[f['what']][1]}), nicht {f['value']!r}"),
    "discard-not-held": lambda w, f: (f"{w.verb('hat', 'hast')} {w.card(f['card'])} nicht; drück zwei von "
                                      f"{w.cards(f['holding'])}"),
    "discard-twice": lambda w, f: f"drück zwei verschiedene Karten, nicht zweimal {w.card(f['card'])}",
    "announce": lambda w, f: f"Platz {w.seat} kann None, '66' oder 'du' ansagen, nicht {f['value']!r}",
    "no-card-now": lambda w, f: f"in der Phase „{_DE_PHASE[f['phase']]}“ wird keine Karte gespielt",
    "not-a-move": lambda w, f: (f"ein Zug in Herzblatt ist eine Karte, Ask, Discard, Announce, Contra oder Re, "
                                f"nicht {f['value']!r}"),
}

RULES = tuple(_EN)
"""Every rule a refusal may name."""


def refusal_words(refusal: object, *, you: bool = False, style: Style | None = None, lang: Lang = "en") -> str:
    """A refusal (:class:`~keinstich.deal.Refusal`) said again: to the learner in its seat with ``you`` ("you must
    follow Leaves (you hold …)"), naming cards and suits in ``style``'s words (the deal's by default), in
    English or German. Text that is no refusal comes back as it is."""
    rule = getattr(refusal, "rule", None)
    if rule is None:
        return str(refusal)
    r: Any = refusal
    return say_refusal(rule, r.seat, r.facts, you=you, style=style or r.style, lang=lang)


def say_refusal(rule: str, seat: int | None, facts: Facts, *, you: bool = False, style: Style = "french",
                lang: Lang = "en") -> str:
    """A refusal's sentence: the engine's (``you`` False: "seat 2 …", card codes) or the learner's (``you``:
    "you …", card names), naming suits and cards in ``style``'s words, in English or German (``lang``)."""
    if lang == "de":
        return _DE[rule](Wer(seat, you, style), facts)
    if lang != "en":
        raise ValueError(f"a refusal is said in English ('en') or German ('de'), not {lang!r}")
    return _EN[rule](Who(seat if seat is not None else -1, you, style), facts)


__all__ = ["RULES", "Wer", "refusal_words", "say_refusal"]

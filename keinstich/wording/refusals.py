"""A refused move in words: the engine's sentence, and the same refusal said to the learner, in the language spoken.

A machine refuses a move with a :class:`~keinstich.deal.Refusal`: the rule broken and what the sentence cites
(the seat, the card, the suit, what the seat holds). :func:`say_refusal` words it: in the engine's voice
("seat 2 must follow clubs (holds 7C, KC): 9H is not allowed", card codes, the deal's suit names; what tests,
logs and the command line read), or to the learner in that seat (``you=True``: "you must follow Leaves (you
hold 7, Unter and König of Leaves)"), in the faces' words (``style``), in English or German (``lang``; the language
spoken by default, :mod:`keinstich.i18n`). Each voice has whole sentences in the message catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from keinstich.cards import Card, Lang, Rank, Style, quoted
from keinstich.i18n import _, pgettext, use_language
from keinstich.wording.words import Who, a

Facts = Mapping[str, Any]


def _tail(w: Who, f: Facts, text: str) -> str:
    """The engine's sentence ends with the card refused: "…: 9H is not allowed" (the learner's reason sits on it)."""
    c = f.get("card")
    if w.you or c is None:
        return text
    return _("{refusal}: {card} is not allowed", refusal=text, card=c.code)


def _over(w: Who, f: Facts) -> str:
    if f["early"]:
        return _("the deal is over after {played} of {total} tricks: no further trick can change any score "
                 "(stop_when_decided)", played=f["played"], total=f["total"])
    return _("the deal is over: all {total} tricks have been played", total=f["total"])


def _turn(w: Who, f: Facts) -> str:
    turn = f["turn"]
    if isinstance(w.seat, bool) or not isinstance(w.seat, int):
        return _("seat must be a whole number such as {turn} (the seat to move), not {seat}", turn=turn,
                 seat=quoted(w.seat))
    text = (_("it is seat {turn}'s turn, not yours", turn=turn) if w.you else
            _("it is seat {turn}'s turn, not seat {seat}'s", turn=turn, seat=w.seat))
    start: Card | None = f.get("start")
    if start is not None:
        # TRANSLATORS: {code} is the card's code ("JS"), {name} its name in the deal's faces
        text = _("{refusal}: seat {turn} holds {code}, the {name}, which starts the lay-off", refusal=text,
                 turn=turn, code=start.code, name=start.label(f["deal_style"]))
    return text


def _not_held(w: Who, f: Facts) -> str:
    where, card = f.get("where", ""), w.card(f["card"])
    if w.you:
        if where == "laid":
            return _("you do not hold {card} (it is already laid)", card=card)
        if where == "out":
            return _("you do not hold {card} (it is not in play in this deal)", card=card)
        return _("you do not hold {card}", card=card)
    if where == "laid":
        return _("seat {seat} does not hold {card} (it is already laid)", seat=w.seat, card=card)
    if where == "out":
        return _("seat {seat} does not hold {card} (it is not in play in this deal)", seat=w.seat, card=card)
    return _("seat {seat} does not hold {card}", seat=w.seat, card=card)


def _no_lead(w: Who, f: Facts) -> str:
    suit, cards = w.suit(f["suit"]), w.cards(f["holding"])
    if w.you:
        return _("you may not lead {suit} while holding other suits (you hold {cards})", suit=suit, cards=cards)
    return _tail(w, f, _("seat {seat} may not lead {suit} while holding other suits (holds {cards})", seat=w.seat,
                         suit=suit, cards=cards))


def _follow(w: Who, f: Facts) -> str:
    suit, cards = w.suit(f["suit"]), w.cards(f["holding"])
    if w.you:
        return _("you must follow {suit} (you hold {cards})", suit=suit, cards=cards)
    return _tail(w, f, _("seat {seat} must follow {suit} (holds {cards})", seat=w.seat, suit=suit, cards=cards))


def _forced(w: Who, f: Facts) -> str:
    suit, must = w.suit(f["suit"]), w.card(f["must"])
    if w.you:
        return _("you have no {suit} and must throw {card}", suit=suit, card=must)
    return _tail(w, f, _("seat {seat} has no {suit} and must throw {card}", seat=w.seat, suit=suit, card=must))


def _overtrump_if_trumping(w: Who, f: Facts) -> str:
    best, cards, others = w.card(f["best"]), w.cards(f["holding"]), w.cards(f["others"])
    if w.you:
        return _("you need not trump, but a trump must beat the highest trump so far, {best} (you hold {cards}; or "
                 "play {others})", best=best, cards=cards, others=others)
    return _tail(w, f, _("seat {seat} need not trump, but a trump must beat the highest trump so far, {best} (holds "
                         "{cards}; or play {others})", seat=w.seat, best=best, cards=cards, others=others))


def _overtrump(w: Who, f: Facts) -> str:
    best, cards = w.card(f["best"]), w.cards(f["holding"])
    if w.you:
        return _("you must beat the highest trump so far, {best} (you hold {cards})", best=best, cards=cards)
    return _tail(w, f, _("seat {seat} must beat the highest trump so far, {best} (holds {cards})", seat=w.seat,
                         best=best, cards=cards))


def _trump(w: Who, f: Facts) -> str:
    suit, trump, cards = w.suit(f["suit"]), w.suit(f["trump"]), w.cards(f["holding"])
    if w.you:
        return _("you have no {suit} and must trump with {trump} (you hold {cards})", suit=suit, trump=trump,
                 cards=cards)
    return _tail(w, f, _("seat {seat} has no {suit} and must trump with {trump} (holds {cards})", seat=w.seat,
                         suit=suit, trump=trump, cards=cards))


def _must_start(w: Who, f: Facts) -> str:
    start: Card = f["start"]
    if w.you:
        return _("you must lay {card} first: it starts the lay-off", card=w.card(start))
    # TRANSLATORS: {code} is the card's code ("JS"), {name} its name in the deal's faces
    return _("seat {seat} must lay {code} first: the {name} starts the lay-off", seat=w.seat, code=start.code,
             name=start.label(f["deal_style"]))


def _no_pass(w: Who, f: Facts) -> str:
    cards = w.cards(f["holding"])
    if w.you:
        return _("you can play ({cards}) and may not pass", cards=cards)
    return _("seat {seat} can play ({cards}) and may not pass", seat=w.seat, cards=cards)


def _wrong_end(w: Who, f: Facts) -> str:
    card, top = w.card(f["card"]), f["end"] == "top"
    if w.you:
        return (_("you cannot lay {card} at the top: it fits only at the bottom", card=card) if top else
                _("you cannot lay {card} at the bottom: it fits only at the top", card=card))
    return (_("seat {seat} cannot lay {card} at the top: it fits only at the bottom", seat=w.seat, card=card) if top
            else _("seat {seat} cannot lay {card} at the bottom: it fits only at the top", seat=w.seat, card=card))


def _no_fit_why(w: Who, f: Facts) -> str:
    """Why a card does not fit the lay-off layout (after "cannot lay X: ")."""
    kind = f["layout"]
    if kind == "chain-empty":
        return (_("the chain starts with an Unter") if w.style == "german" else _("the chain starts with a Jack"))
    if kind == "chain":
        top, bottom = w.card(f["top"]), w.card(f["bottom"])
        up, down = w.rank(f["up"]), w.rank(f["down"])
        if up == down:
            # TRANSLATORS: {a_up} is the rank with its English article ("an Unter"); {up} is the rank alone
            return _("it does not join the chain (it runs {bottom}…{top}: only {a_up} fits, at either end)",
                     bottom=bottom, top=top, a_up=a(up), up=up)
        # TRANSLATORS: {a_up} and {a_down} are ranks with their English article ("a 9"); {up} and {down} alone
        return _("it does not join the chain (it runs {bottom}…{top}: {a_up} fits above {top}, {a_down} below "
                 "{bottom})", bottom=bottom, top=top, a_up=a(up), a_down=a(down), up=up, down=down)
    if kind == "rows-empty":
        if w.style == "german":
            return pgettext("german pack", "the lay-off starts with an Unter (a Jack)")
        return pgettext("french pack", "the lay-off starts with an Unter (a Jack)")
    name = w.suit(f["row"])
    if kind == "row-empty":
        return _("it does not join a row ({suit} has not started: {card} starts it)", suit=name,
                 card=w.card(Card(f["row"], Rank.JACK)))
    low, high = w.card(f["low"]), w.card(f["high"])
    if w.you:
        return _("it does not join a row ({suit} runs from {low} to {high})", suit=name, low=low, high=high)
    return _("it does not join a row ({suit} runs {low}–{high})", suit=name, low=low, high=high)


def _no_fit(w: Who, f: Facts) -> str:
    card, why = w.card(f["card"]), _no_fit_why(w, f)
    if f["holding"]:
        cards = w.cards(f["holding"])
        hint = (_("you can lay {cards}", cards=cards) if w.you else
                _("seat {seat} can lay {cards}", seat=w.seat, cards=cards))
    else:
        hint = (_("you have no card that fits and must pass") if w.you else
                _("seat {seat} has no card that fits and must pass", seat=w.seat))
    if w.you:
        return _("you cannot lay {card}: {why}; {hint}", card=card, why=why, hint=hint)
    return _("seat {seat} cannot lay {card}: {why}; {hint}", seat=w.seat, card=card, why=why, hint=hint)


def _action(what: str) -> str:
    """A Herzblatt call's verb, as a refusal names it ("cannot discard now")."""
    return {"ask": pgettext("action", "ask"), "discard": pgettext("action", "discard"),
            "announce": pgettext("action", "announce"), "say contra": pgettext("action", "say contra"),
            "say re": pgettext("action", "say re")}.get(what, what)


def phase_name(phase: str) -> str:
    """A Herzblatt phase's name in the language spoken ("the deal is in the asking phase", "Fragen")."""
    return {"asking": pgettext("phase", "asking"), "discard": pgettext("phase", "discard"),
            "announce": pgettext("phase", "announce"), "contra": pgettext("phase", "contra"),
            "re": pgettext("phase", "re"), "play": pgettext("phase", "play"),
            "over": pgettext("phase", "over")}.get(phase, phase)


def _phase(w: Who, f: Facts) -> str:
    what, phase = _action(f["what"]), phase_name(f["phase"])
    if f.get("turn") is not None:
        return _("cannot {what} now: the deal is in the {phase} phase (seat {turn} to act)", what=what, phase=phase,
                 turn=f["turn"])
    return _("cannot {what} now: the deal is in the {phase} phase", what=what, phase=phase)


def _turn_to(w: Who, f: Facts) -> str:
    what = _action(f["what"])
    if w.you:
        return _("it is seat {turn}'s turn to {what}, not yours", turn=f["turn"], what=what)
    return _("it is seat {turn}'s turn to {what}, not seat {seat}'s", turn=f["turn"], what=what, seat=w.seat)


def _answer(w: Who, f: Facts) -> str:
    yes, no = {"ask": (pgettext("answer", "play"), pgettext("answer", "pass")),
               "say contra": (pgettext("answer", "contra"), pgettext("answer", "no contra")),
               "say re": (pgettext("answer", "re"), pgettext("answer", "no re"))}[f["what"]]
    return _("seat {seat} answers True ({yes}) or False ({no}), not {value}", seat=w.seat, yes=yes, no=no,
             value=repr(f["value"]))


def _discard_not_held(w: Who, f: Facts) -> str:
    return _("seat {seat} does not hold {card}; discard two of {cards}", seat=w.seat, card=f["card"].code,
             cards=" ".join(x.code for x in f["holding"]))


_SAY: dict[str, Callable[[Who, Facts], str]] = {
    "unreadable": lambda w, f: f["text"],  # the parser's own sentence, made in the language spoken
    "over": _over,
    "over-lay-off": lambda w, f: _("the deal is over: the seats went out in the order {order}",
                                   order=", ".join(map(str, f["order"]))),
    "turn": _turn,
    "not-held": _not_held,
    "no-lead": _no_lead,
    "follow": _follow,
    "forced": _forced,
    "overtrump-if-trumping": _overtrump_if_trumping,
    "overtrump": _overtrump,
    "trump": _trump,
    "end": lambda w, f: _("end must be 'top' or 'bottom', not {end}", end=repr(f["end"])),
    "must-start": _must_start,
    "no-pass": _no_pass,
    "wrong-end": _wrong_end,
    "no-fit": _no_fit,
    "phase": _phase,
    "second-soloist": lambda w, f: _("seat {soloist} is already the soloist; there is no second soloist",
                                     soloist=f["soloist"]),
    "turn-to": _turn_to,
    "answer": _answer,
    "discard-not-held": _discard_not_held,
    "discard-twice": lambda w, f: _("discard two different cards, not {card} twice", card=f["card"].code),
    "announce": lambda w, f: _("seat {seat} may announce None, '66' or 'du', not {value}", seat=w.seat,
                               value=repr(f["value"])),
    "no-card-now": lambda w, f: _("no card may be played in the {phase} phase", phase=phase_name(f["phase"])),
    "not-a-move": lambda w, f: _("a Herzblatt move is a card, Ask, Discard, Announce, Contra or Re, not {value}",
                                 value=repr(f["value"])),
}

RULES = tuple(_SAY)
"""Every rule a refusal may name."""


def refusal_words(refusal: object, *, you: bool = False, style: Style | None = None, lang: Lang | None = None) -> str:
    """A refusal (:class:`~keinstich.deal.Refusal`) said again: to the learner in its seat with ``you`` ("you must
    follow Leaves (you hold …)"), naming cards and suits in ``style``'s words (the deal's by default), in
    ``lang`` (the language spoken by default). Text that is no refusal comes back as it is."""
    rule = getattr(refusal, "rule", None)
    if rule is None:
        return str(refusal)
    r: Any = refusal
    return say_refusal(rule, r.seat, r.facts, you=you, style=style or r.style, lang=lang)


def say_refusal(rule: str, seat: int | None, facts: Facts, *, you: bool = False, style: Style = "french",
                lang: Lang | None = None) -> str:
    """A refusal's sentence: the engine's (``you`` False: "seat 2 …", card codes) or the learner's (``you``:
    "you …", card names), naming suits and cards in ``style``'s words, in ``lang`` (the language spoken by
    default)."""
    with use_language(lang):
        return _SAY[rule](Who(seat if seat is not None else -1, you, style), facts)


__all__ = ["RULES", "phase_name", "refusal_words", "say_refusal"]

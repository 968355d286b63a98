"""The heuristic's one-line reasons for its trick play, each claim true of the position the seat sees.

The heuristic's one decision (:mod:`keinstich.kernel.heuristic`, asked through
:func:`~keinstich.bots.pick.heuristic_card`) returns a card, a reason code and the card the reason refers
to; :func:`trick_reason` and :func:`trump_reason` turn them into the line a teacher would say to the seat
("you ..."). Every fact a line states is
read off :class:`Spot` (the seat's hand, the legal cards, the trick on the table, the cards it has
not seen, the voids it knows) and said only when it holds; a guess about later play is worded as
one ("as far as you can tell"). tests/test_reasons.py checks the claims over thousands of positions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from keinstich.bots.tables import Tables, card_list
from keinstich.cards import SUIT_MASKS, Card, Lang, Style
from keinstich.i18n import _, ngettext, use_language
from keinstich.kernel.heuristic import (
    DUCK,
    FREE,
    LEAD_EXIT,
    LEAD_FREE,
    LEAD_FREE_SHORT,
    LEAD_RISK,
    LEAD_SAFE,
    LEAD_SHORT,
    LEAD_WIN,
    LOW_HOPE,
    ONLY,
    SHED_UNDER,
    T_CASH,
    T_CHEAP,
    T_DRAW,
    T_DRAW_TOP,
    T_LEAD_LOW,
    T_LEAD_TRUMP,
    T_RUFF,
    T_SCHMIER,
    T_TAKE,
    TAKE_HIGH,
    TAKE_LAST,
    VOID_HIGH,
    VOID_LOW,
    VOID_SHED,
    WIN,
)
from keinstich.kernel.rules import beats
from keinstich.wording import a, current_style, naming, say, say_cards, say_suit


class Spot(NamedTuple):
    """What a reason may cite: the position as the seat sees it (masks of cards).

    ``known``: per seat, the suits it has shown it lacks as bits (no trumps) or the cards it is known
    not to hold (trump games), as the pick was given them; ``side``: the seat's side (trump games)."""

    tb: Tables
    k: int
    n: int
    seat: int
    hand: int
    legal: int
    trick: Sequence[Card]
    unseen: int
    known: Sequence[int]
    side: Sequence[int] = ()


Saying = Callable[[Mapping[str, Any]], str]
_SAY: dict[str, Saying] = {}


def saying(rule: str) -> Callable[[Saying], Saying]:
    """Register how the reasons of ``rule`` are said from their facts (in the language spoken,
    :mod:`keinstich.i18n`)."""
    def register(fn: Saying) -> Saying:
        _SAY[rule] = fn
        return fn
    return register


class Reason(str):
    """A bot's reason as data: the rule of thumb that chose the move (``rule``) and what its line cites
    (``facts``: the card, the card it refers to, the position as the seat sees it, the counts). ``str()`` is the
    line in the language spoken when it was made, naming cards in the faces set then
    (:func:`keinstich.wording.naming`); :meth:`words` says the same facts again in another language or faces."""

    rule: str
    facts: Mapping[str, Any]
    style: Style

    def __new__(cls, rule: str, **facts: Any) -> Reason:
        self = str.__new__(cls, _SAY[rule](facts))
        self.rule, self.facts, self.style = rule, facts, current_style()
        return self

    def words(self, lang: Lang | None = None, style: Style | None = None, *, spelled: bool = False) -> str:
        """The reason in ``lang`` ("en", "de"; the language spoken by default), naming cards in ``style``'s words
        (its own by default); ``spelled``: French cards by name, not by symbol (as the coach's sentences do)."""
        with use_language(lang), naming(style or self.style, spelled=spelled):
            return _SAY[self.rule](self.facts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))  # pickled as its line (the position it cites stays behind)


def points(k: int) -> str:
    """"no points", "1 point", "12 points" (card points)."""
    return ngettext("{n} point", "{n} points", k) if k else _("no points")


def _winner(sp: Spot) -> Card:
    """The card now winning the trick (by the rules' beats-table)."""
    w = sp.trick[0]
    for c in sp.trick[1:]:
        if beats(sp.tb.over, w.index, c.index):
            w = c
    return w


def _higher_out(sp: Spot, c: Card) -> int:
    """How many cards of ``c``'s suit the seat has not seen are higher than ``c``."""
    return (sp.unseen & sp.tb.higher[c.index]).bit_count()


def _out_phrase(sp: Spot, c: Card) -> str:
    """"no higher card in clubs is still out" / "2 higher cards in clubs are still out"."""
    k = _higher_out(sp, c)
    if not k:
        return _("no higher card in {suit} is still out", suit=say_suit(c.suit))
    return ngettext("{n} higher card in {suit} is still out", "{n} higher cards in {suit} are still out", k,
                    suit=say_suit(c.suit))


# --- the facts a line cites, shared by every language ------------------------------------------------


def lowest_of(sp: Spot, c: Card) -> int:
    """How many cards of ``c``'s suit the hand holds when ``c`` is the lowest of them (0 when it is not)."""
    st = sp.tb.strength
    mine = card_list(sp.hand & SUIT_MASKS[c.suit])
    return 0 if any(st[x.index] < st[c.index] for x in mine) else len(mine)


def leaves_void(sp: Spot, c: Card) -> bool:
    """Whether leading ``c`` leaves the hand void in its suit."""
    return (sp.hand & SUIT_MASKS[c.suit]).bit_count() == 1


TAKE_PLAIN, TAKE_HIGHEST, TAKE_ONLY_CHEAPEST, TAKE_HIGHEST_CHEAPEST = range(4)


def take_kind(sp: Spot, c: Card) -> int:
    """Why ``c`` of the cards that all take the trick, as far as it is true: the pick takes the highest of
    those that add least to its cost; ``c`` is the highest card (:data:`TAKE_HIGHEST`), the one card that
    adds least (:data:`TAKE_ONLY_CHEAPEST`), or the highest of those (:data:`TAKE_HIGHEST_CHEAPEST`)."""
    cost, st = sp.tb.cost, sp.tb.strength
    cards = card_list(sp.legal)
    least = min(cost[x.index] for x in cards)
    same = [x for x in cards if cost[x.index] == least]
    if cost[c.index] != least or any(st[x.index] > st[c.index] for x in same):
        return TAKE_PLAIN
    if len(same) == len(cards):
        return TAKE_HIGHEST
    return TAKE_ONLY_CHEAPEST if len(same) == 1 else TAKE_HIGHEST_CHEAPEST


def _later(sp: Spot) -> list[int]:
    """The seats still to play to this trick after the seat."""
    return [(sp.seat + i) % sp.n for i in range(1, sp.n - len(sp.trick))]


def nobody_over(sp: Spot, c: Card) -> int:
    """Why no later seat can beat ``c`` (no trumps): 1, no higher card of its suit is out; 2, every later
    seat has shown it lacks the suit; 0 when one might."""
    if not _higher_out(sp, c):
        return 1
    return 2 if all(sp.known[s] >> c.suit & 1 for s in _later(sp)) else 0


def free_high(sp: Spot, c: Card) -> int:
    """What ``c`` is among the cards that may be played to a trick that costs nothing: 1, the highest; 2, the
    highest of those that cost nothing; 0, neither."""
    cost, st = sp.tb.cost, sp.tb.strength
    rest = [y for y in card_list(sp.legal) if not cost[y.index]]
    if all(st[y.index] <= st[c.index] for y in card_list(sp.legal)):
        return 1
    return 2 if all(st[y.index] <= st[c.index] for y in rest) else 0


def cheap_facts(sp: Spot, c: Card) -> tuple[bool, bool]:
    """A card thrown cheaply in a trump game: whether the seat's side is winning the trick, and (when the
    other side is) whether ``c`` gives the fewest points of the cards that stay under the winner."""
    w = _winner(sp)
    ours = (sp.seat - len(sp.trick) + sp.trick.index(w)) % sp.n in sp.side
    under = [y for y in card_list(sp.legal) if not beats(sp.tb.over, w.index, y.index)]
    fewest = len(under) > 1 and all(_points(sp, [y]) >= _points(sp, [c]) for y in under)
    return ours, fewest


def lead_wins_worth(sp: Spot, c: Card) -> bool:
    """Whether a trick won by leading ``c`` is worth having for the seat (its base and ``c``'s cost gain)."""
    return sp.tb.base[sp.k] + sp.tb.cost[c.index] < 0


def lowest_in(sp: Spot, c: Card, mask: int) -> bool:
    """Whether ``c`` is the lowest card of ``mask`` (the hand's trumps, or the hand)."""
    st = sp.tb.strength
    return not any(st[y.index] < st[c.index] for y in card_list(mask))


def shortest_side(sp: Spot, c: Card) -> bool:
    """Whether ``c``'s suit is the hand's shortest side suit among the cards it may lead."""
    lengths = [(sp.hand & SUIT_MASKS[y.suit]).bit_count() for y in card_list(sp.legal) if y.suit != sp.tb.trump]
    return (sp.hand & SUIT_MASKS[c.suit]).bit_count() == min(lengths)


# --- the lines, in the language spoken (keinstich.i18n) ---------------------------------------------


def _lead(sp: Spot, c: Card) -> str:
    """"lead J♠", with the card's place in the hand's suit when it is the lowest there: "lead J♠, the lower of
    your 2 spades"."""
    k, x, suit = lowest_of(sp, c), say(c), say_suit(c.suit)
    if not k:
        return _("lead {card}", card=x)
    if k == 1:
        return _("lead {card}, your only card in {suit}", card=x, suit=suit)
    if k == 2:
        return _("lead {card}, the lower of your 2 {suit}", card=x, suit=suit)
    return _("lead {card}, the lowest of your {n} {suit}", card=x, n=k, suit=suit)


def _void_tail(sp: Spot, c: Card) -> str:
    """What leading ``c`` does to its suit in the hand."""
    if leaves_void(sp, c):
        return _("and it leaves you void in {suit}", suit=say_suit(c.suit))
    return _("and it works towards a void")


def _take_with(sp: Spot, c: Card) -> str:
    """Why ``c`` of the cards that all take the trick (:func:`take_kind`)."""
    kind, x = take_kind(sp, c), say(c)
    if kind == TAKE_HIGHEST:
        return _("take it with your highest card, {card}", card=x)
    if kind == TAKE_ONLY_CHEAPEST:
        return _("take it with {card}: every other card would add more to what the trick costs", card=x)
    if kind == TAKE_HIGHEST_CHEAPEST:
        return _("take it with {card}: no card adds less to what the trick costs, and it is the highest of those",
                 card=x)
    return _("take it with {card}", card=x)


def _nobody_over(sp: Spot, c: Card) -> str | None:
    """Why no later seat can beat ``c`` (no trumps), or None when one might."""
    why = nobody_over(sp, c)
    if why == 1:
        return _("no higher card in {suit} is still out", suit=say_suit(c.suit))
    return _("everyone after you has shown a void in {suit}", suit=say_suit(c.suit)) if why == 2 else None


def _free(c: Card) -> str:
    """"a clubs trick costs nothing while everyone follows suit"."""
    suit = say_suit(c.suit)
    if a(suit).startswith("an "):
        return _("an {suit} trick costs nothing while everyone follows suit", suit=suit)
    return _("a {suit} trick costs nothing while everyone follows suit", suit=suit)


def trick_reason(code: int, c: Card, ref: Card | None, name: str, sp: Spot) -> str:
    """The one-line hint for a choice of the play without trumps (``name``: the contract's, in the language
    spoken)."""
    x = say(c)
    r = say(ref) if ref is not None else ""
    if code == ONLY:
        return _("{card} is the only card you may play", card=x)
    if code == DUCK:
        return _("duck: {card} stays under {ref}, which is winning the trick (the highest card that still loses)",
                 card=x, ref=r)
    if code == SHED_UNDER:
        return _("shed {card}, your dangerous card, under {ref}: the trick is someone else's", card=x, ref=r)
    if code == TAKE_LAST:
        return _("you must take this trick (every card you may play beats {ref}): {take}", ref=r,
                 take=_take_with(sp, c))
    if code == LOW_HOPE:
        return _("you cannot duck under {ref}: play {card}, as far as you can tell the least risky card; {out}, so a "
                 "later player may go over it", ref=r, card=x, out=_out_phrase(sp, c))
    if code == TAKE_HIGH:
        why = _nobody_over(sp, c)
        if why is None:
            return _("you cannot duck under {ref}: {take}", ref=r, take=_take_with(sp, c))
        return _("you cannot duck under {ref}: {take}; nobody after you can beat it ({why})", ref=r,
                 take=_take_with(sp, c), why=why)
    if code in (WIN, FREE):
        last = not _later(sp)
        how = _("win it with {card}", card=x) if last else _("go over {ref} with {card}", ref=r, card=x)
        if code == WIN:
            return _("{play}: in {contract} this trick is worth having", play=how, contract=name)
        text = (_("nothing is at stake in this trick: {play}", play=how) if last else
                _("nothing is at stake in this trick, and no card still out costs anything: {play}", play=how))
        high = free_high(sp, c)
        if high == 1:
            return _("{reason}, your highest card, to be rid of it", reason=text)
        if high == 2:
            return _("{reason}, your highest card that costs nothing, to be rid of it", reason=text)
        return text
    if code in (VOID_SHED, VOID_HIGH, VOID_LOW):
        void = say_suit(sp.trick[0].suit)
        if code == VOID_SHED:
            return _("void in {suit}: shed {card}, your dangerous card", suit=void, card=x)
        if code == VOID_HIGH:
            return _("void in {suit}: throw {card}, as far as you can tell the card likeliest to win a trick later "
                     "({out})", suit=void, card=x, out=_out_phrase(sp, c))
        return _("void in {suit}: throw {card}, as far as you can tell the card least likely to win a trick later "
                 "({out})", suit=void, card=x, out=_out_phrase(sp, c))
    if code == LEAD_SAFE:
        return _("lead {card}: every card the others hold in {suit} is higher, so it cannot win", card=x,
                 suit=say_suit(c.suit))
    if code == LEAD_EXIT:
        return _("lead {card} and keep {ref} as an exit card for later: every card in {suit} still out is higher, so "
                 "for now {ref} cannot win", card=x, ref=r, suit=say_suit(ref.suit) if ref else "")
    if code == LEAD_SHORT:
        if not _higher_out(sp, c):
            return _("{lead}: as far as you can tell the trick will cost little, {tail}", lead=_lead(sp, c),
                     tail=_void_tail(sp, c))
        return _("{lead}: {out}, so you expect it to lose, {tail}", lead=_lead(sp, c), out=_out_phrase(sp, c),
                 tail=_void_tail(sp, c))
    if code == LEAD_FREE:
        return _("lead {card}: {free}", card=x, free=_free(c))
    if code == LEAD_FREE_SHORT:
        return _("{lead}: {free}, {tail}", lead=_lead(sp, c), free=_free(c), tail=_void_tail(sp, c))
    if code == LEAD_RISK:
        return _("{lead}: every lead may cost you, and as far as you can tell this one risks the least",
                 lead=_lead(sp, c))
    if code == LEAD_WIN:
        if lead_wins_worth(sp, c):
            return _("lead {card}: in {contract} this trick is worth having, and as far as you can tell {card} has "
                     "the best chance of winning it", card=x, contract=name)
        return _("{lead}: in {contract} this trick earns nothing by itself", lead=_lead(sp, c), contract=name)
    raise ValueError(f"no reason with code {code}")


def same_play(c: Card, same: Sequence[Card]) -> str:
    """The reason when every legal card is one class of equivalent cards (the Monte Carlo bot's
    ``candidates``): same suit, same cost, no card left in play between them."""
    return _("{card}: every card you may play ({cards}) plays the same: they cost the same and no card still in play "
             "ranks between them", card=say(c), cards=say_cards(same))


def _points(sp: Spot, cards: Sequence[Card]) -> int:
    """The card points of ``cards`` (the trump game counts points: a card's gain is minus its cost)."""
    return -sum(sp.tb.cost[x.index] for x in cards)


def trump_reason(code: int, c: Card, ref: Card | None, sp: Spot) -> str:
    """The one-line hint for a choice in a trump game played by sides (Herzblatt)."""
    x = say(c)
    r = say(ref) if ref is not None else ""
    trump = sp.tb.trump
    tmask = SUIT_MASKS[trump] if trump is not None else 0
    if code == ONLY:
        return _("{card} is the only card you may play", card=x)
    if code == T_TAKE:
        held = points(_points(sp, [*sp.trick, c]))
        if not _later(sp):
            return _("take the trick with {card}, over {ref}: it holds {points}", card=x, ref=r, points=held)
        return _("go over {ref} with {card}: the trick holds {points} so far", ref=r, card=x, points=held)
    if code == T_RUFF:
        if ref is not None and ref.suit == trump:
            return _("overtrump {ref} with {card}", ref=r, card=x)
        return _("trump in with {card}: {ref} is beaten by any trump", card=x, ref=r)
    if code == T_SCHMIER:
        return _("your side is winning the trick with {ref}: throw the {points} of {card} on it (schmieren)", ref=r,
                 points=points(_points(sp, [c])), card=x)
    if code == T_CHEAP:
        ours, fewest = cheap_facts(sp, c)
        play = _("play {card}, which gives {points}", card=x, points=points(_points(sp, [c])))
        if ours:
            return _("your side is winning the trick with {ref} for now: {play}", ref=r, play=play)
        if fewest:
            return _("the other side is winning the trick with {ref}: {play}, the fewest you can", ref=r, play=play)
        return _("the other side is winning the trick with {ref}: {play}", ref=r, play=play)
    if code == T_DRAW_TOP:
        m = (sp.unseen & tmask).bit_count()
        return ngettext("draw trumps with {card}: {n} trump is still out, none higher than {card}",
                        "draw trumps with {card}: {n} trumps are still out, none higher than {card}", m, card=x)
    if code == T_DRAW:
        mine, m = (sp.hand & tmask).bit_count(), (sp.unseen & tmask).bit_count()
        which = _("your lowest trump, {card}", card=x) if lowest_in(sp, c, sp.hand & tmask) else x
        return _("draw trumps with {card}: you hold {trumps} and {out}", card=which,
                 trumps=ngettext("{n} trump", "{n} trumps", mine),
                 out=ngettext("{n} is still out", "{n} are still out", m))
    if code == T_CASH:
        return _("cash {card}: no higher card in {suit} is still out", card=x, suit=say_suit(c.suit))
    if code == T_LEAD_LOW:
        if shortest_side(sp, c):
            return _("{lead}: no side suit of yours is shorter", lead=_lead(sp, c))
        return _lead(sp, c)
    if code == T_LEAD_TRUMP:
        if lowest_in(sp, c, sp.hand):
            return _("you hold only trumps: lead your lowest, {card}", card=x)
        return _("you hold only trumps: lead {card}", card=x)
    raise ValueError(f"no reason with code {code}")


@saying("trick")
def _say_trick(f: Mapping[str, Any]) -> str:
    title = getattr(f["contract"], "title", None)
    name = title(current_style()) if callable(title) else getattr(f["contract"], "name", None) or _("this deal")
    return trick_reason(f["code"], f["card"], f["ref"], name, f["spot"])


@saying("trump")
def _say_trump(f: Mapping[str, Any]) -> str:
    text = trump_reason(f["code"], f["card"], f["ref"], f["spot"])
    tail = f.get("tail")
    if tail is None:
        return text
    soloist, pts, trumps_out = tail
    fields = {"reason": text, "points": ngettext("{n} point", "{n} points", pts),
              "trumps": ngettext("{n} trump", "{n} trumps", trumps_out)}
    if soloist:
        return _("{reason} (you have {points}; {trumps} unseen)", **fields)
    return _("{reason} (your side has {points}; {trumps} unseen)", **fields)


__all__ = ["Reason", "Spot", "points", "same_play", "saying", "trick_reason", "trump_reason"]

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


AS_FAR = "as far as you can tell"

Saying = Callable[[Mapping[str, Any], Lang], str]
_SAY: dict[str, Saying] = {}


def saying(rule: str) -> Callable[[Saying], Saying]:
    """Register how the reasons of ``rule`` are said (from their facts, in a language)."""
    def register(fn: Saying) -> Saying:
        _SAY[rule] = fn
        return fn
    return register


class Reason(str):
    """A bot's reason as data: the rule of thumb that chose the move (``rule``) and what its line cites
    (``facts``: the card, the card it refers to, the position as the seat sees it, the counts). ``str()`` is the
    English line, naming cards in the faces set when it was made (:func:`keinstich.wording.naming`);
    :meth:`words` says the same reason in German (``lang="de"``), or for other faces."""

    rule: str
    facts: Mapping[str, Any]
    style: Style

    def __new__(cls, rule: str, **facts: Any) -> Reason:
        self = str.__new__(cls, _SAY[rule](facts, "en"))
        self.rule, self.facts, self.style = rule, facts, current_style()
        return self

    def words(self, lang: Lang = "en", style: Style | None = None) -> str:
        """The reason in ``lang`` (``"en"`` or ``"de"``), naming cards in ``style``'s words (its own by default)."""
        if lang not in ("en", "de"):
            raise ValueError(f"a reason is said in English ('en') or German ('de'), not {lang!r}")
        with naming(style or self.style):
            return _SAY[self.rule](self.facts, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))  # pickled as its English line (the position it cites stays behind)


def count(k: int, one: str, many: str) -> str:
    """``"1 higher card"``, ``"3 higher cards"``."""
    return f"{k} {one if k == 1 else many}"


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
        return f"no higher card in {say_suit(c.suit)} is still out"
    return f"{count(k, 'higher card', 'higher cards')} in {say_suit(c.suit)} {'is' if k == 1 else 'are'} still out"


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


# --- English -----------------------------------------------------------------------------------------------


def _lowest(sp: Spot, c: Card) -> str:
    """``c`` named with its place in the hand's suit when it is the lowest there, e.g. "J♠, the lower of
    your 2 spades"; else just the card."""
    k = lowest_of(sp, c)
    if not k:
        return say(c)
    if k == 1:
        return f"{say(c)}, your only card in {say_suit(c.suit)}"
    return f"{say(c)}, the {'lower' if k == 2 else 'lowest'} of your {k} {say_suit(c.suit)}"


def _void_tail(sp: Spot, c: Card) -> str:
    """What leading ``c`` does to its suit in the hand."""
    if leaves_void(sp, c):
        return f"and it leaves you void in {say_suit(c.suit)}"
    return "and it works towards a void"


def _take_with(sp: Spot, c: Card) -> str:
    """Why ``c`` of the cards that all take the trick (:func:`take_kind`)."""
    return (f"take it with {say(c)}", f"take it with your highest card, {say(c)}",
            f"take it with {say(c)}: every other card would add more to what the trick costs",
            f"take it with {say(c)}: no card adds less to what the trick costs, and it is the highest of those"
            )[take_kind(sp, c)]


def _nobody_over(sp: Spot, c: Card) -> str | None:
    """Why no later seat can beat ``c`` (no trumps), or None when one might."""
    why = nobody_over(sp, c)
    if why == 1:
        return f"no higher card in {say_suit(c.suit)} is still out"
    return f"everyone after you has shown a void in {say_suit(c.suit)}" if why == 2 else None


def trick_reason(code: int, c: Card, ref: Card | None, name: str, sp: Spot) -> str:
    """The one-line hint for a choice of the play without trumps (``name``: the contract's)."""
    x = say(c)
    r = say(ref) if ref is not None else ""
    if code == ONLY:
        return f"{x} is the only card you may play"
    if code == DUCK:
        return f"duck: {x} stays under {r}, which is winning the trick (the highest card that still loses)"
    if code == SHED_UNDER:
        return f"shed the dangerous {x} under {r}: the trick is someone else's"
    if code == TAKE_LAST:
        return f"you must take this trick (every card you may play beats {r}): {_take_with(sp, c)}"
    if code == LOW_HOPE:
        return (f"you cannot duck under {r}: play {x}, {AS_FAR} the least risky card; {_out_phrase(sp, c)}, "
                "so a later player may go over it")
    if code == TAKE_HIGH:
        why = _nobody_over(sp, c)
        if why is None:
            return f"you cannot duck under {r}: {_take_with(sp, c)}"
        return f"you cannot duck under {r}: {_take_with(sp, c)}; nobody after you can beat it ({why})"
    if code in (WIN, FREE):
        last = not _later(sp)
        how = f"win it with {x}" if last else f"go over {r} with {x}"
        if code == WIN:
            return f"{how}: in {name} this trick is worth having"
        high = ("", "your highest card", "your highest card that costs nothing")[free_high(sp, c)]
        whatever = "" if last else ", and no card still out costs anything"
        return f"nothing is at stake in this trick{whatever}: {how}" + (f", {high}, to be rid of it" if high else "")
    if code in (VOID_SHED, VOID_HIGH, VOID_LOW):
        void = f"void in {say_suit(sp.trick[0].suit)}"
        if code == VOID_SHED:
            return f"{void}: shed the dangerous {x}"
        likely = "likeliest" if code == VOID_HIGH else "least likely"
        return f"{void}: throw {x}, {AS_FAR} the card {likely} to win a trick later ({_out_phrase(sp, c)})"
    if code == LEAD_SAFE:
        return f"lead {x}: every card the others hold in {say_suit(c.suit)} is higher, so it cannot win"
    if code == LEAD_EXIT:
        return (f"lead {x} and keep {r} as an exit card for later: every card in {say_suit(ref.suit) if ref else ''} "
                f"still out is higher, so for now {r} cannot win")
    if code == LEAD_SHORT:
        if not _higher_out(sp, c):
            return f"lead {_lowest(sp, c)}: {AS_FAR} the trick will cost little, {_void_tail(sp, c)}"
        return f"lead {_lowest(sp, c)}: {_out_phrase(sp, c)}, so you expect it to lose, {_void_tail(sp, c)}"
    if code in (LEAD_FREE, LEAD_FREE_SHORT):
        free = f"{a(say_suit(c.suit))} trick costs nothing while everyone follows suit"
        if code == LEAD_FREE:
            return f"lead {x}: {free}"
        return f"lead {_lowest(sp, c)}: {free}, {_void_tail(sp, c)}"
    if code == LEAD_RISK:
        return f"lead {_lowest(sp, c)}: every lead may cost you, and {AS_FAR} this one risks the least"
    if code == LEAD_WIN:
        if lead_wins_worth(sp, c):
            return f"lead {x}: in {name} this trick is worth having, and {AS_FAR} {x} has the best chance of winning it"
        return f"lead {_lowest(sp, c)}: in {name} this trick earns nothing by itself"
    raise ValueError(f"no reason with code {code}")


def _holds(pts: int) -> str:
    return count(pts, "point", "points") if pts else "no points"


def same_play(c: Card, same: Sequence[Card]) -> str:
    """The reason when every legal card is one class of equivalent cards (the Monte Carlo bot's
    ``candidates``): same suit, same cost, no card left in play between them."""
    return (f"{say(c)}: every card you may play ({say_cards(same)}) plays the same: they cost the "
            "same and no card still in play ranks between them")


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
        return f"{x} is the only card you may play"
    if code == T_TAKE:
        held = _holds(_points(sp, [*sp.trick, c]))
        if not _later(sp):
            return f"take the trick with {x}, over {r}: it holds {held}"
        return f"go over {r} with {x}: the trick holds {held} so far"
    if code == T_RUFF:
        if ref is not None and ref.suit == trump:
            return f"overtrump {r} with {x}"
        return f"trump in with {x}: {r} is beaten by any trump"
    if code == T_SCHMIER:
        return f"your side is winning the trick with {r}: throw the {_holds(_points(sp, [c]))} of {x} on it (schmieren)"
    if code == T_CHEAP:
        ours, fewest = cheap_facts(sp, c)
        play = f"play {x}, which gives {_holds(_points(sp, [c]))}"
        if ours:
            return f"your side is winning the trick with {r} for now: {play}"
        return f"the other side is winning the trick with {r}: {play}" + (", the fewest you can" if fewest else "")
    if code == T_DRAW_TOP:
        m = (sp.unseen & tmask).bit_count()
        return f"draw trumps with {x}: {count(m, 'trump is', 'trumps are')} still out, none higher than {x}"
    if code == T_DRAW:
        mine, m = (sp.hand & tmask).bit_count(), (sp.unseen & tmask).bit_count()
        which = f"your lowest trump, {x}" if lowest_in(sp, c, sp.hand & tmask) else x
        return (f"draw trumps with {which}: you hold {count(mine, 'trump', 'trumps')} and {m} "
                f"{'is' if m == 1 else 'are'} still out")
    if code == T_CASH:
        return f"cash {x}: no higher card in {say_suit(c.suit)} is still out"
    if code == T_LEAD_LOW:
        return f"lead {_lowest(sp, c)}" + (": no side suit of yours is shorter" if shortest_side(sp, c) else "")
    if code == T_LEAD_TRUMP:
        return f"you hold only trumps: lead {'your lowest, ' if lowest_in(sp, c, sp.hand) else ''}{x}"
    raise ValueError(f"no reason with code {code}")


@saying("trick")
def _say_trick(f: Mapping[str, Any], lang: Lang) -> str:
    if lang == "de":
        from keinstich.bots.reasons_de import trick_reason_de

        return trick_reason_de(f["code"], f["card"], f["ref"], f["german"], f["spot"])
    return trick_reason(f["code"], f["card"], f["ref"], f["name"], f["spot"])


@saying("trump")
def _say_trump(f: Mapping[str, Any], lang: Lang) -> str:
    tail = f.get("tail")
    if lang == "de":
        from keinstich.bots.reasons_de import herzblatt_tail_de, trump_reason_de

        return trump_reason_de(f["code"], f["card"], f["ref"], f["spot"]) + (
            herzblatt_tail_de(*tail) if tail is not None else "")
    text = trump_reason(f["code"], f["card"], f["ref"], f["spot"])
    if tail is not None:
        soloist, pts, trumps_out = tail
        who = "you have" if soloist else "your side has"
        text += f" ({who} {count(pts, 'point', 'points')}; {count(trumps_out, 'trump', 'trumps')} unseen)"
    return text


__all__ = ["AS_FAR", "Reason", "Spot", "count", "same_play", "saying", "trick_reason", "trump_reason"]

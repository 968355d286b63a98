"""The themes a position trains: the ideas the lessons teach, read off the position and the judge's answer.

Each theme is a test of the position (what is on the table, the seat's hand, what is still out, the voids
shown) and of its :class:`~keinstich.coach.Verdict` (which cards are good, which are mistakes). A position may
train several themes, or none of these.
"""

from __future__ import annotations

from collections.abc import Callable

from keinstich.bots.base import lay_off, objective
from keinstich.cards import Card, Suit, strength_table
from keinstich.coach import Verdict
from keinstich.coach.equivalence import card_costs
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Kind, Move, move_cards
from keinstich.i18n import N_, _
from keinstich.tricks import trick_deal_of

THEMES: dict[str, str] = {
    "duck": N_("Duck: play under the winning card when you could take the trick"),
    "take": N_("Take the trick: win it now, while it is cheap (or worth having)"),
    "exit": N_("Keep an exit card: a low card to give the lead away later"),
    "void": N_("Make a void: play your last card of a suit"),
    "shed": N_("Shed the dangerous card while you cannot follow"),
    "count": N_("Count the suit: how many are still out, and who is void"),
    "lead": N_("Choose a safe lead"),
    "block": N_("Block a row: lay the card that opens least for the others"),
    "trump": N_("Trump and overtrump (Herzblatt)"),
    "smear": N_("Give points to your partner's trick (Herzblatt)"),
    "endgame": N_("The last tricks: count to the end"),
}
"""Every theme by id, with the words the trainer shows ("Name: what it is"; translated where shown)."""


THEME_NAMES: dict[str, str] = {
    "duck": N_("Duck"),
    "take": N_("Take the trick"),
    "exit": N_("Keep an exit card"),
    "void": N_("Make a void"),
    "shed": N_("Shed the dangerous card while you cannot follow"),
    "count": N_("Count the suit"),
    "lead": N_("Choose a safe lead"),
    "block": N_("Block a row"),
    "trump": N_("Trump and overtrump (Herzblatt)"),
    "smear": N_("Give points to your partner's trick (Herzblatt)"),
    "endgame": N_("The last tricks"),
}
"""Every theme's short name (the part of its words before the colon; translated where shown)."""


def theme_name(theme: str) -> str:
    """A theme's short name in the language spoken: "Duck", "Drunterbleiben"."""
    return _(THEME_NAMES[theme]) if theme in THEME_NAMES else theme


def theme_text(theme: str) -> str:
    """A theme's name and what it is, in the language spoken."""
    return _(THEMES[theme]) if theme in THEMES else theme


def _cards(moves: tuple[Move, ...]) -> list[Card]:
    return [c for m in moves for c in move_cards(m)]


class _View:
    """What the tests of a trick position read: the trick on the table, the hand, the cards still out."""

    def __init__(self, position: Deal, sol: Verdict) -> None:
        td = trick_deal_of(position)
        assert td is not None
        self.position, self.sol, self.td = position, sol, td
        self.seat = sol.seat
        self.hand = position.hand(self.seat)
        self.trick = td.trick
        self.led: Suit | None = self.trick[0][1].suit if self.trick else None
        self.trump = td.rules.trump
        self.strength = strength_table(td.rules.order)
        self.costs = card_costs(position) or (0,) * 52
        self.sign = objective(position.observation(self.seat)).sign
        held = {c for s in range(position.players) if s != self.seat for c in position.hand(s)}
        self.out = held  # the cards still in the other hands (the seat cannot see them, but knows how many)
        self.good = _cards(sol.good)
        self.bad = [c for c in _cards(sol.legal) if c not in self.good]
        self.voids = [td.voids(s) for s in range(position.players)]

    def beats(self, a: Card, b: Card) -> bool:
        """Whether ``a`` played after ``b`` would beat it (trumps, then the led suit)."""
        if a.suit == b.suit:
            return self.strength[a.index] > self.strength[b.index]
        return a.suit == self.trump

    def winning(self) -> Card | None:
        if not self.trick:
            return None
        best = self.trick[0][1]
        for _seat, c in self.trick[1:]:
            if self.beats(c, best):
                best = c
        return best

    def wins(self, c: Card) -> bool:
        """Whether ``c`` would win the trick on the table so far."""
        w = self.winning()
        return w is not None and self.beats(c, w)

    def higher_out(self, c: Card) -> int:
        """How many cards of ``c``'s suit still out in the other hands beat it."""
        return sum(1 for x in self.out if x.suit == c.suit and self.strength[x.index] > self.strength[c.index])

    def in_suit(self, s: Suit) -> list[Card]:
        return [c for c in self.hand if c.suit == s]


def _duck(v: _View) -> bool:
    if v.led is None or not v.good or not v.bad or not any(c.suit == v.led for c in v.hand):
        return False
    return all(not v.wins(c) for c in v.good) and any(v.wins(c) for c in v.bad) and v.sign < 0


def _take(v: _View) -> bool:
    if v.led is None or not v.good or not v.bad:
        return False
    return all(v.wins(c) for c in v.good) and any(not v.wins(c) for c in v.bad)


def _exit(v: _View) -> bool:
    if v.sign > 0:
        return False
    for c in v.bad:
        suit = v.in_suit(c.suit)
        lowest = min(suit, key=lambda x: v.strength[x.index])
        if c is lowest and len(suit) >= 2 and v.higher_out(c) and all(g.suit != c.suit or v.strength[g.index] >
                                                                       v.strength[c.index] for g in v.good):
            return True
    return False


def _void(v: _View) -> bool:
    if not v.good or not v.bad or (v.led is not None and any(c.suit == v.led for c in v.hand)):
        return False
    return all(len(v.in_suit(c.suit)) == 1 for c in v.good) and any(len(v.in_suit(c.suit)) > 1 for c in v.bad)


def _shed(v: _View) -> bool:
    if v.led is None or any(c.suit == v.led for c in v.hand) or not v.good or v.sign > 0:
        return False
    if v.trump is not None and any(c.suit == v.trump for c in v.hand):
        return False

    def dangerous(c: Card) -> bool:
        return v.costs[c.index] > 0 or (v.higher_out(c) == 0 and any(x.suit == c.suit for x in v.out))

    return all(dangerous(c) for c in v.good) and any(not dangerous(c) for c in v.bad)


def _count(v: _View) -> bool:
    if v.led is not None:
        return False
    suits = {c.suit for c in v.good + v.bad}
    for s in suits:
        left = sum(1 for x in v.out if x.suit == s)
        shown_void = any(s in v.voids[o] for o in range(v.position.players) if o != v.seat)
        if shown_void or 0 < left <= 2:
            return True
    return False


def _lead(v: _View) -> bool:
    return v.led is None and bool(v.bad) and {c.suit for c in v.good} != {c.suit for c in v.bad}


def _trump(v: _View) -> bool:
    if v.trump is None or not v.good:
        return False
    return any(c.suit == v.trump for c in v.good) and (v.led != v.trump or any(
        c.suit == v.trump for _x, c in v.trick))


def _smear(v: _View) -> bool:
    if v.position.kind is not Kind.HERZBLATT or v.led is None or not v.good:
        return False
    obj = objective(v.position.observation(v.seat))
    leader = next((s for s, c in v.trick if c == v.winning()), None)
    if leader is None or leader == v.seat or leader not in obj.side:
        return False
    points = v.costs
    return max(abs(points[c.index]) for c in v.good) > max((abs(points[c.index]) for c in v.bad), default=0)


def _endgame(v: _View) -> bool:
    return len(v.hand) <= 3


TRICK_TESTS: dict[str, Callable[[_View], bool]] = {
    "duck": _duck, "take": _take, "exit": _exit, "void": _void, "shed": _shed, "count": _count, "lead": _lead,
    "trump": _trump, "smear": _smear, "endgame": _endgame}


def _block(position: Deal, sol: Verdict) -> bool:
    """Lay-off: the good cards open fewer cards for the others than some mistake does."""
    seat = sol.seat
    mine = set(position.hand(seat))
    everything = set(pack_in_play(position).cards)

    def opens(move: Move) -> int:
        d = position.copy()
        before = set(getattr(d, "frontier", ()))
        d.play(move, seat)
        after = set(getattr(d, "frontier", ()))
        return len((after - before) & (everything - mine))

    good = [m for m in sol.good if move_cards(m)]
    bad = [m for m in sol.legal if not sol.grade(m).good and move_cards(m)]
    if not good or not bad:
        return False
    return max(opens(m) for m in good) < max(opens(m) for m in bad)


def themes_of(position: Deal, sol: Verdict) -> tuple[str, ...]:
    """The themes ``position`` trains, in the order of :data:`THEMES` (see the module's docstring)."""
    if lay_off(position):
        found = ["block"] if _block(position, sol) else []
        if len(position.hand(sol.seat)) <= 3:
            found.append("endgame")
        return tuple(found)
    if position.trick_deal is None or position.phase != "play":
        return ()
    v = _View(position, sol)
    return tuple(t for t, test in TRICK_TESTS.items() if test(v))


__all__ = ["THEMES", "theme_name", "theme_text", "themes_of"]

"""What a bot's reason may claim, each claim a small predicate on the position the seat sees: the
specification tests/test_reasons.py checks every reason against (issue 12, "Reasons that are true").

:class:`View` is the position as the seat sees it, computed from its observation (not from the bot).
:data:`TRICK_CLAIMS` lists every reason of the trick play as a pattern with the claims it makes; a
reason matches one pattern as a whole or fails, so a new wording cannot slip in unchecked. The lay-off
deal's and Herzblatt's asking, discards and calls are checked by :func:`check_lay_off` and
:func:`check_herzblatt_decision`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from keinstich.bots.knowledge import in_play_mask
from keinstich.bots.tables import tables
from keinstich.cards import Card, Suit, card, cards_of, strength_table
from keinstich.games.herzblatt import card_points

C = r"(?:10|[2-9JQKA])[♣♠♥♦]"
S = r"(?:clubs|spades|hearts|diamonds)"
SUITS = {s.label(): s for s in Suit}
SYMBOLS = {s.symbol: s for s in Suit}


def named(text: str) -> list[Card]:
    """The cards a reason names (``10♥``, ``Q♠`` …)."""
    return [card(m[:-1] + "CSHD"[SYMBOLS[m[-1]]]) for m in re.findall(C, text)]


class View:
    """A trick position as the seat sees it: its hand and legal cards, the trick on the table, the cards
    it has not seen (less a soloist's own discards), the voids shown, the rank order and what each card
    and this trick cost the taker under the contract (points count as negative cost)."""

    def __init__(self, obs: Any, discards: tuple[Card, ...] = (), side: tuple[int, ...] | None = None,
                 in_play: int | None = None) -> None:
        self.seat, self.n = obs.seat, obs.players
        self.hand, self.legal = set(obs.hand), set(obs.legal)
        self.trick: list[tuple[int, Card]] = list(obs.trick)
        pack = set(cards_of(in_play_mask(obs) if in_play is None else in_play))
        self.unseen = set(obs.unseen) & pack - set(discards)
        self.voids = obs.voids
        total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
        tb = tables(obs.contract, obs.rules, total)
        self.cost, self.base = tb.cost, tb.base[len(obs.tricks) + 1]
        self.st = strength_table(obs.rules.order)
        self.trump = obs.rules.trump
        self.side = side if side is not None else (obs.seat,)
        self.name = getattr(obs.contract, "name", "this deal")

    def __repr__(self) -> str:
        def cs(xs: Any) -> str:
            return " ".join(c.text for c in sorted(xs))
        return (f"<seat {self.seat} of {self.n}, hand {cs(self.hand)}, legal {cs(self.legal)}, trick "
                f"{' '.join(f'{s}:{c.text}' for s, c in self.trick)}, unseen {cs(self.unseen)}, voids {self.voids}>")

    def later(self) -> list[int]:
        return [(self.seat + i) % self.n for i in range(1, self.n - len(self.trick))]

    def beats(self, x: Card, y: Card) -> bool:
        if x.suit == y.suit:
            return self.st[x.index] > self.st[y.index]
        return x.suit == self.trump

    def winner(self) -> tuple[int, Card]:
        best = self.trick[0]
        for p in self.trick[1:]:
            if self.beats(p[1], best[1]):
                best = p
        return best

    def higher_out(self, x: Card) -> int:
        return sum(1 for y in self.unseen if y.suit == x.suit and self.st[y.index] > self.st[x.index])

    def in_hand(self, suit: Suit) -> list[Card]:
        return [y for y in self.hand if y.suit == suit]


# --- the claims, one predicate each ------------------------------------------------------------------


def only_card(v: View) -> bool:
    """"the only card": exactly one legal card."""
    return len(v.legal) == 1


def winning(v: View, r: Card) -> bool:
    """"R is winning the trick": R is on the table and nothing on it beats R."""
    return bool(v.trick) and v.winner()[1] == r


def stays_under(v: View, x: Card, r: Card) -> bool:
    """"X stays under R": same suit, lower."""
    return x in v.legal and x.suit == r.suit and v.st[x.index] < v.st[r.index]


def highest_that_loses(v: View, x: Card, r: Card) -> bool:
    """"the highest card that still loses": no legal card under R is higher than X."""
    return not any(stays_under(v, y, r) and v.st[y.index] > v.st[x.index] for y in v.legal)


def dangerous(v: View, x: Card) -> bool:
    """"the dangerous X": X costs its taker something."""
    return v.cost[x.index] > 0


def cannot_duck(v: View, r: Card) -> bool:
    """"you cannot duck under R" / "every card you may play beats R"."""
    return all(v.beats(y, r) for y in v.legal)


def void_in(v: View, suit: Suit) -> bool:
    """"void in S": the seat holds no card of S (here: the suit led)."""
    return not v.in_hand(suit) and v.trick[0][1].suit == suit


def out_count(v: View, x: Card, m: re.Match[str]) -> bool:
    """"no higher card in S is still out" / "K higher cards in S are still out", about X's suit."""
    k = int(m["k"]) if m["k"] else 0
    return SUITS[m["os"]] == x.suit and v.higher_out(x) == k


def one_may_go_over(v: View, x: Card) -> bool:
    """"a later player may go over it": a higher card of the suit is unseen and a later seat has not
    shown a void in it."""
    return v.higher_out(x) > 0 and any(x.suit not in v.voids[s] for s in v.later())


def nobody_can_beat(v: View, x: Card, why: str) -> bool:
    """"nobody after you can beat X (no higher card in S is still out | everyone after you has shown a void in S)"."""
    if why.startswith("no higher"):
        return v.higher_out(x) == 0
    return all(x.suit in v.voids[s] for s in v.later())


def take_phrase(v: View, m: re.Match[str]) -> Card:
    """"take it with your highest card, X" (every card costs the same; X is the highest) / "X: every other
    card would add more to what the trick costs" / "X: no card adds less …, and it is the highest of those";
    returns X."""
    cost = {y: v.cost[y.index] for y in v.legal}
    least = min(cost.values())
    if m["ta"]:
        x = card_of(m["ta"])
        assert len(set(cost.values())) == 1 and all(v.st[y.index] <= v.st[x.index] for y in v.legal)
    elif m["tb"]:
        x = card_of(m["tb"])
        assert all(cost[y] > cost[x] for y in v.legal if y != x)
    elif m["tc"]:
        x = card_of(m["tc"])
        assert cost[x] == least and all(v.st[y.index] <= v.st[x.index] for y in v.legal if cost[y] == least)
    else:
        x = card_of(m["td"])
    return x


def worth_having(v: View, x: Card) -> bool:
    """"this trick is worth having": with X on it, the trick as it stands scores for its taker."""
    return v.base + sum(v.cost[c.index] for _, c in v.trick) + v.cost[x.index] < 0


def nothing_at_stake(v: View, x: Card, anything_out: bool) -> bool:
    """"nothing is at stake in this trick": the trick and X cost nothing (", and no card still out costs
    anything": no unseen card does either)."""
    table = v.base + sum(v.cost[c.index] for _, c in v.trick)
    return table == 0 and v.cost[x.index] == 0 and (not anything_out or all(v.cost[y.index] <= 0 for y in v.unseen))


def highest(v: View, x: Card, among: str) -> bool:
    """"your highest card" / "your highest card that costs nothing"."""
    pool = [y for y in v.legal if among == "your highest card" or v.cost[y.index] == 0]
    return all(v.st[y.index] <= v.st[x.index] for y in pool)


def all_out_higher(v: View, x: Card) -> bool:
    """"every card the others hold in S is higher, so it cannot win": some card of S is unseen, none lower."""
    mine = [y for y in v.unseen if y.suit == x.suit]
    return bool(mine) and all(v.st[y.index] > v.st[x.index] for y in mine)


def leading(v: View) -> bool:
    return not v.trick


def lowest_phrase(v: View, m: re.Match[str]) -> Card:
    """"X, your only card in S" / "X, the lower of your 2 S" / "X, the lowest of your N S": X is the seat's
    lowest card of S and it holds that many; returns X."""
    x = card_of(m["x"])
    mine = v.in_hand(x.suit)
    if m["s1"]:
        assert SUITS[m["s1"]] == x.suit and mine == [x]
    elif m["n"]:
        assert SUITS[m["s2"]] == x.suit and len(mine) == int(m["n"]) > 1
        assert ("lower" if len(mine) == 2 else "lowest") == m["which"]
        assert all(v.st[y.index] >= v.st[x.index] for y in mine)
    return x


def void_tail(v: View, x: Card, m: re.Match[str]) -> bool:
    """"and it leaves you void in S": X is the seat's only card of S."""
    return not m["vs"] or (SUITS[m["vs"]] == x.suit and v.in_hand(x.suit) == [x])


def free_while_following(v: View, x: Card) -> bool:
    """"a S trick costs nothing while everyone follows suit": the trick, X and every unseen card of S cost nothing."""
    return v.base == 0 and v.cost[x.index] == 0 and all(v.cost[y.index] == 0 for y in v.unseen if y.suit == x.suit)


def points_of(cards: list[Card]) -> int:
    return card_points(cards)


def side_of(v: View, r: Card) -> bool:
    """Whether R on the table was played by the seat's side."""
    return next(s for s, c in v.trick if c == r) in v.side


def fewest(v: View, x: Card, r: Card) -> bool:
    """"the fewest you can": of the cards that do not beat R (more than one), none gives fewer points."""
    under = [y for y in v.legal if not v.beats(y, r)]
    return len(under) > 1 and all(points_of([y]) >= points_of([x]) for y in under)


def trumps_out(v: View) -> list[Card]:
    return [y for y in v.unseen if y.suit == v.trump]


def shortest_side(v: View, x: Card) -> bool:
    """"no side suit of yours is shorter"."""
    return all(len(v.in_hand(s)) >= len(v.in_hand(x.suit)) for s in Suit if s != v.trump and v.in_hand(s))


def card_of(text: str) -> Card:
    return named(text)[0]


# --- the reasons of the trick play, pattern by pattern ------------------------------------------------

OUT = rf"(?:no higher card in (?P<os>{S}) is still out|(?P<k>\d+) higher cards? in (?P<os_>{S}) (?:is|are) still out)"
LOW = rf"(?P<x>{C})(?:, your only card in (?P<s1>{S})|, the (?P<which>lower|lowest) of your (?P<n>\d+) (?P<s2>{S}))?"
TAIL = rf"and it (?:leaves you void in (?P<vs>{S})|works towards a void)"
TAKE = (rf"take it with (?:your highest card, (?P<ta>{C})|(?P<tb>{C}): every other card would add more to what the "
        rf"trick costs|(?P<tc>{C}): no card adds less to what the trick costs, and it is the highest of those|"
        rf"(?P<td>{C}))")
HELD = r"(?:(?P<p>\d+) points?|no points)"


def _out(m: re.Match[str]) -> re.Match[str]:
    """OUT's suit is in one of two groups: fold them for :func:`out_count`."""
    class Folded:
        def __getitem__(self, key: str) -> str | None:
            return (m["os"] or m["os_"]) if key == "os" else m[key]
    return Folded()  # type: ignore[return-value]


def _held(m: re.Match[str]) -> int:
    return int(m["p"]) if m["p"] else 0


Check = Callable[[View, re.Match[str]], bool]


def _x(m: re.Match[str], g: str = "x") -> Card:
    return card_of(m[g])


TRICK_CLAIMS: list[tuple[str, Check]] = [
    (rf"(?P<x>{C}) is the only card you may play", lambda v, m: only_card(v)),
    (rf"duck: (?P<x>{C}) stays under (?P<r>{C}), which is winning the trick \(the highest card that still loses\)",
     lambda v, m: winning(v, _x(m, "r")) and stays_under(v, _x(m), _x(m, "r"))
     and highest_that_loses(v, _x(m), _x(m, "r"))),
    (rf"shed (?P<x>{C}), your dangerous card, under (?P<r>{C}): the trick is someone else's",
     lambda v, m: dangerous(v, _x(m)) and winning(v, _x(m, "r")) and stays_under(v, _x(m), _x(m, "r"))),
    (rf"you must take this trick \(every card you may play beats (?P<r>{C})\): {TAKE}",
     lambda v, m: not v.later() and winning(v, _x(m, "r")) and cannot_duck(v, _x(m, "r")) and bool(take_phrase(v, m))),
    (rf"you cannot duck under (?P<r>{C}): play (?P<x>{C}), as far as you can tell the least risky card; {OUT}, "
     r"so a later player may go over it",
     lambda v, m: winning(v, _x(m, "r")) and cannot_duck(v, _x(m, "r")) and out_count(v, _x(m), _out(m))
     and one_may_go_over(v, _x(m))),
    (rf"you cannot duck under (?P<r>{C}): {TAKE}(?:; nobody after you can beat it \((?P<why>no higher card in {S} "
     rf"is still out|everyone after you has shown a void in {S})\))?",
     lambda v, m: winning(v, _x(m, "r")) and cannot_duck(v, _x(m, "r"))
     and (not m["why"] or nobody_can_beat(v, take_phrase(v, m), m["why"]))),
    (rf"(?:win it with (?P<xl>{C})|go over (?P<r>{C}) with (?P<x>{C})): in (?P<name>.+) this trick is worth having",
     lambda v, m: (not v.later() and v.beats(_x(m, "xl"), v.winner()[1]) and worth_having(v, _x(m, "xl"))) if m["xl"]
     else (winning(v, _x(m, "r")) and v.beats(_x(m), _x(m, "r")) and worth_having(v, _x(m)) and m["name"] == v.name)),
    (rf"nothing is at stake in this trick(?P<w>, and no card still out costs anything)?: (?:win it with (?P<xl>{C})|"
     rf"go over (?P<r>{C}) with (?P<x>{C}))(?:, (?P<high>your highest card|your highest card that costs nothing), "
     r"to be rid of it)?",
     lambda v, m: (bool(m["w"]) == bool(v.later())) and (
         (not v.later() and v.beats(_x(m, "xl"), v.winner()[1])) if m["xl"]
         else (winning(v, _x(m, "r")) and v.beats(_x(m), _x(m, "r"))))
     and nothing_at_stake(v, _x(m, "xl" if m["xl"] else "x"), bool(m["w"]))
     and (not m["high"] or highest(v, _x(m, "xl" if m["xl"] else "x"), m["high"]))),
    (rf"void in (?P<s>{S}): shed (?P<x>{C}), your dangerous card",
     lambda v, m: void_in(v, SUITS[m["s"]]) and dangerous(v, _x(m))),
    (rf"void in (?P<s>{S}): throw (?P<x>{C}), as far as you can tell the card (?:likeliest|least likely) to win a "
     rf"trick later \({OUT}\)", lambda v, m: void_in(v, SUITS[m["s"]]) and out_count(v, _x(m), _out(m))),
    (rf"lead (?P<x>{C}): every card the others hold in (?P<s>{S}) is higher, so it cannot win",
     lambda v, m: leading(v) and SUITS[m["s"]] == _x(m).suit and all_out_higher(v, _x(m))),
    (rf"lead (?P<x>{C}) and keep (?P<r>{C}) as an exit card for later: every card in (?P<s>{S}) still out is higher, "
     rf"so for now (?P<r2>{C}) cannot win",
     lambda v, m: leading(v) and _x(m, "r") in v.hand and _x(m, "r") != _x(m) and SUITS[m["s"]] == _x(m, "r").suit
     and m["r"] == m["r2"]
     and all_out_higher(v, _x(m, "r"))),
    (rf"lead {LOW}: {OUT}, so you expect it to lose, {TAIL}",
     lambda v, m: leading(v) and out_count(v, lowest_phrase(v, m), _out(m)) and v.higher_out(_x(m)) > 0
     and void_tail(v, _x(m), m)),
    (rf"lead {LOW}: as far as you can tell the trick will cost little, {TAIL}",
     lambda v, m: leading(v) and bool(lowest_phrase(v, m)) and void_tail(v, _x(m), m)),
    (rf"lead (?P<x>{C}): a (?P<s>{S}) trick costs nothing while everyone follows suit",
     lambda v, m: leading(v) and SUITS[m["s"]] == _x(m).suit and free_while_following(v, _x(m))),
    (rf"lead {LOW}: a (?P<s>{S}) trick costs nothing while everyone follows suit, {TAIL}",
     lambda v, m: leading(v) and SUITS[m["s"]] == lowest_phrase(v, m).suit and free_while_following(v, _x(m))
     and void_tail(v, _x(m), m)),
    (rf"lead {LOW}: every lead may cost you, and as far as you can tell this one risks the least",
     lambda v, m: leading(v) and bool(lowest_phrase(v, m))),
    (rf"lead (?P<x>{C}): in (?P<name>.+) this trick is worth having, and as far as you can tell (?P<y>{C}) has the "
     r"best chance of winning it",
     lambda v, m: leading(v) and m["x"] == m["y"] and worth_having(v, _x(m)) and m["name"] == v.name),
    (rf"lead {LOW}: in (?P<name>.+) this trick earns nothing by itself",
     lambda v, m: leading(v) and not worth_having(v, lowest_phrase(v, m)) and m["name"] == v.name),
    # the trump game (Herzblatt)
    (rf"take the trick with (?P<x>{C}), over (?P<r>{C}): it holds {HELD}",
     lambda v, m: not v.later() and winning(v, _x(m, "r")) and v.beats(_x(m), _x(m, "r"))
     and points_of([c for _, c in v.trick] + [_x(m)]) == _held(m)),
    (rf"go over (?P<r>{C}) with (?P<x>{C}): the trick holds {HELD} so far",
     lambda v, m: bool(v.later()) and winning(v, _x(m, "r")) and v.beats(_x(m), _x(m, "r"))
     and points_of([c for _, c in v.trick] + [_x(m)]) == _held(m)),
    (rf"overtrump (?P<r>{C}) with (?P<x>{C})",
     lambda v, m: winning(v, _x(m, "r")) and _x(m, "r").suit == v.trump == _x(m).suit and v.beats(_x(m), _x(m, "r"))
     and not v.in_hand(v.trick[0][1].suit)),
    (rf"trump in with (?P<x>{C}): (?P<r>{C}) is beaten by any trump",
     lambda v, m: winning(v, _x(m, "r")) and _x(m, "r").suit != v.trump == _x(m).suit
     and not v.in_hand(v.trick[0][1].suit)),
    (rf"your side is winning the trick with (?P<r>{C}): throw the {HELD} of (?P<x>{C}) on it \(schmieren\)",
     lambda v, m: winning(v, _x(m, "r")) and side_of(v, _x(m, "r")) and not v.beats(_x(m), _x(m, "r"))
     and points_of([_x(m)]) == _held(m) > 0),
    (rf"your side is winning the trick with (?P<r>{C}) for now: play (?P<x>{C}), which gives {HELD}",
     lambda v, m: winning(v, _x(m, "r")) and side_of(v, _x(m, "r")) and points_of([_x(m)]) == _held(m)),
    (rf"the other side is winning the trick with (?P<r>{C}): play (?P<x>{C}), which gives {HELD}(?P<few>, the fewest "
     r"you can)?",
     lambda v, m: winning(v, _x(m, "r")) and not side_of(v, _x(m, "r")) and points_of([_x(m)]) == _held(m)
     and (not m["few"] or fewest(v, _x(m), _x(m, "r")))),
    (rf"draw trumps with (?P<x>{C}): (?P<m>\d+) trumps? (?:is|are) still out, none higher than (?P<y>{C})",
     lambda v, m: leading(v) and _x(m).suit == v.trump and m["x"] == m["y"] and len(trumps_out(v)) == int(m["m"]) > 0
     and v.higher_out(_x(m)) == 0),
    (rf"draw trumps with (?:your lowest trump, (?P<lo>{C})|(?P<x>{C})): you hold (?P<a>\d+) trumps? and (?P<m>\d+) "
     r"(?:is|are) still out",
     lambda v, m: leading(v) and len(v.in_hand(v.trump)) == int(m["a"]) and len(trumps_out(v)) == int(m["m"]) > 0
     and (not m["lo"] or all(v.st[y.index] >= v.st[_x(m, "lo").index] for y in v.in_hand(v.trump)))),
    (rf"cash (?P<x>{C}): no higher card in (?P<s>{S}) is still out",
     lambda v, m: leading(v) and SUITS[m["s"]] == _x(m).suit and v.higher_out(_x(m)) == 0),
    (rf"lead {LOW}(?P<short>: no side suit of yours is shorter)?",
     lambda v, m: leading(v) and lowest_phrase(v, m).suit != v.trump and (not m["short"] or shortest_side(v, _x(m)))),
    (rf"you hold only trumps: lead (?P<lo>your lowest, )?(?P<x>{C})",
     lambda v, m: leading(v) and all(y.suit == v.trump for y in v.hand)
     and (not m["lo"] or all(v.st[y.index] >= v.st[_x(m).index] for y in v.hand))),
]

HERZBLATT_TAIL = r"(?P<main>.*) \((?P<who>you have|your side has) (?P<p>\d+) points?; (?P<t>\d+) trumps? unseen\)"


def check_trick_reason(v: View, text: str) -> str:
    """The claim ``text`` makes, checked; returns the pattern that matched (for counting)."""
    for pattern, check in TRICK_CLAIMS:
        m = re.fullmatch(pattern, text)
        if m:
            assert check(v, m), f"untrue: {text!r} in {v}"
            return pattern
    raise AssertionError(f"a reason no claim describes: {text!r}")


def check_names(text: str, held: set[Card]) -> None:
    """Every card a reason names is one the seat holds or one on the table."""
    assert set(named(text)) <= held, f"{text!r} names a card the seat neither holds nor sees on the table"


def check_herzblatt_tail(obs: Any, m: re.Match[str], side: tuple[int, ...]) -> None:
    """"(you have P points; T trumps unseen)": the side's card points so far (a soloist's discards
    included) and the trumps the seat has not seen."""
    t = obs.trick
    pts = sum(card_points(tr.cards) for tr in t.tricks if tr.winner in side) + card_points(obs.discards)
    assert int(m["p"]) == pts and (m["who"] == "you have") == (obs.seat == obs.soloist)
    unseen = set(t.unseen) & set(cards_of(obs.rules.pack.mask)) - set(obs.discards)
    assert int(m["t"]) == sum(1 for c in unseen if c.suit == Suit.HEARTS)


def check_herzblatt_decision(obs: Any, move: Any, reason: str) -> None:
    """Asking, discards and calls: the trumps counted, the points banked and the voids made are the hand's."""
    check_names(reason, set(obs.hand))
    trumps = sum(1 for c in obs.hand if c.suit == Suit.HEARTS)
    if m := re.fullmatch(r"(play|pass): counting (\d+) trumps? and the high cards, the hand should make about \d+ "
                         r"points; a solo pays from about \d+", reason):
        assert int(m[2]) == trumps and (m[1] == "play") == move
    elif m := re.fullmatch(rf"lay away ({C}) ({C}): (\d+) points banked(?:, void in ({S})(?: and ({S}))?)?", reason):
        a, b = card_of(m[1]), card_of(m[2])
        assert set(move) == {a, b} and int(m[3]) == card_points((a, b))
        for s in (m[4], m[5]):
            assert not s or not [c for c in obs.hand if c.suit == SUITS[s] and c not in (a, b)]
    elif m := re.fullmatch(r"(announce 66: the hand is worth about|no announcement: about) \d+ points?(?: is no "
                           r"certain 66)?", reason):
        assert (move == "66") == m[1].startswith("announce")
    elif m := re.fullmatch(rf"(no contra|contra): with (\d+) trumps?(?:, ({C})(?: and ({C}))? among them)?, you "
                           r"(?:expect to stop the soloist|do not expect to stop the soloist on your own)", reason):
        assert int(m[2]) == trumps and (m[1] == "contra") == move
        assert all(not x or card_of(x).suit == Suit.HEARTS for x in (m[3], m[4]))
    elif m := re.fullmatch(r"(re|no re): the hand is worth about \d+ points", reason):
        assert (m[1] == "re") == move
    else:
        raise AssertionError(f"a reason no claim describes: {reason!r}")


def check_lay_off(deal: Any, obs: Any, move: Card | None, reason: str) -> str:
    """The lay-off deal's reasons: what a card opens is what laying it adds to the cards that fit (the
    layout is public, so the deal itself shows it), split into the seat's cards and the others'."""
    hand = set(obs.hand)
    check_names(reason, hand)

    def opens(c: Card) -> tuple[int, int]:
        d = deal.copy()
        before = set(d.frontier)
        d.play(c)
        new = set(d.frontier) - before - {c}
        return len(new & hand), len(new - hand)

    legal = list(obs.legal)
    if m := re.fullmatch(rf"({C}) is the only card that fits", reason):
        assert legal == [card_of(m[1])]
    elif reason == "no card fits the layout: pass":
        assert not legal and move is None
    elif reason == "every card you could lay would open the way for the others: pass":
        assert move is None and all(o < t for o, t in map(opens, legal))
    elif m := re.fullmatch(rf"lay ({C}): it opens the way to (\d+) of your own cards and to nobody else's", reason):
        assert opens(card_of(m[1])) == (int(m[2]), 0) and int(m[2]) > 0
    elif m := re.fullmatch(rf"lay ({C}): it opens the way to (\d+) of your cards \(and (\d+) of others'\)", reason):
        assert opens(card_of(m[1])) == (int(m[2]), int(m[3]))
    elif m := re.fullmatch(rf"lay ({C}): it opens nothing for the others", reason):
        assert opens(card_of(m[1]))[1] == 0
    elif m := re.fullmatch(rf"lay ({C}): every card helps someone; this one helps the others least", reason):
        got = {c: opens(c) for c in legal}
        assert all(sum(o) > 0 for o in got.values())
        assert all(t >= got[card_of(m[1])][1] for _, t in got.values())
    else:
        raise AssertionError(f"a reason no claim describes: {reason!r}")
    if len(legal) == 1 and not obs.can_pass:
        assert "the only card" in reason
    return reason.split(":")[0] if reason.startswith("lay") else reason


def check_same_play(obs: Any, legal: list[Card], in_play: int | None) -> None:
    """"every card you may play (…) plays the same: they cost the same and no card still in play ranks between
    them": one suit, one cost, and every card of the suit between them not yet gone in a finished trick is
    among them."""
    v = View(obs, in_play=in_play)
    assert len({c.suit for c in legal}) == 1 and len({v.cost[c.index] for c in legal}) == 1
    gone = {c for tr in obs.tricks for c in tr.cards}
    lo, hi = min(v.st[c.index] for c in legal), max(v.st[c.index] for c in legal)
    alive = v.unseen | v.hand | {c for _, c in v.trick}
    between = {c for c in alive - gone if c.suit == legal[0].suit and lo < v.st[c.index] < hi}
    assert between <= set(legal)

"""The ideas the coach names: a small vocabulary shared by the lessons, the review, the quiz, the trainer's themes
and its weak-theme dashboard, and how the idea behind a better card is read off the judge's own lines.

:data:`IDEAS` names each idea, says what it is in a few words and links the lesson that teaches it. :func:`read`
finds the idea the leading move follows against another move: in each deal of the judge's where the move cost
(:func:`~.lines.rows`), the two lines (:func:`~.lines.pair`: after the move, after the leading move, played out as
the judge played them) part in some trick; what happens there, who takes it and with which card, and what the
seat's cards did before, says which idea it is (:func:`reading_of`). The reading that accounts for most of the cost,
with the same cards named, is the idea; it is never guessed from the cards alone. Its sentence
(:mod:`.idea_words`) names only what the reading found, and ``tests/idea_claims.py`` reads each claim back against
the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keinstich.cards import Card, Suit, strength_table
from keinstich.deal import Deal, Kind, Move, move_cards
from keinstich.tricks import trick_deal_of
from keinstich.wording.i18n import N_, _

from .equivalence import card_costs
from .fair import key
from .lines import LineTrick, Pair, pair, rows

if TYPE_CHECKING:
    from .judged import Judged


@dataclass(frozen=True)
class Idea:
    """One idea of the vocabulary: its ``name`` and its name with what it is (``full``; both translated where shown),
    and the lesson that teaches it (``lesson``: the notebook's file name)."""

    id: str
    name: str
    full: str
    lesson: str


IDEAS: dict[str, Idea] = {i.id: i for i in (
    Idea("duck", N_("Duck"), N_("Duck: play under the winning card when you could take the trick"),
         "03-no-tricks.ipynb"),
    Idea("lead", N_("Choose a safe lead"), N_("Choose a safe lead"), "03-no-tricks.ipynb"),
    Idea("exit", N_("Keep an exit card"), N_("Keep an exit card: a low card to give the lead away later"),
         "03-no-tricks.ipynb"),
    Idea("void", N_("Make a void"), N_("Make a void: play your last card of a suit"), "03-no-tricks.ipynb"),
    Idea("shed", N_("Shed the dangerous card while you cannot follow"),
         N_("Shed the dangerous card while you cannot follow"), "04-no-hearts.ipynb"),
    Idea("unblock", N_("Unblock"), N_("Unblock: get rid of a high card while it is safe"), "03-no-tricks.ipynb"),
    Idea("take", N_("Take the trick"), N_("Take the trick: win it now, while it is cheap (or worth having)"),
         "06-no-max-and-black-pig.ipynb"),
    Idea("keep", N_("Keep your winner"),
         N_("Keep your winner: play low to a trick you lose anyway, and take a later one with the high card"),
         "10-herzeln.ipynb"),
    Idea("count", N_("Count the suit"), N_("Count the suit: how many are still out, and who is void"),
         "03-no-tricks.ipynb"),
    Idea("block", N_("Block a row"), N_("Block a row: lay the card that opens least for the others"),
         "07-domino.ipynb"),
    Idea("trump", N_("Trump and overtrump (Herzblatt)"), N_("Trump and overtrump (Herzblatt)"), "11-herzblatt.ipynb"),
    Idea("smear", N_("Give points to your partner's trick (Herzblatt)"),
         N_("Give points to your partner's trick (Herzblatt)"), "11-herzblatt.ipynb"),
    Idea("spare", N_("Keep your points out of the other side's trick (Herzblatt)"),
         N_("Keep your points out of the other side's trick (Herzblatt)"), "11-herzblatt.ipynb"),
    Idea("endgame", N_("The last tricks"), N_("The last tricks: count to the end"), "03-no-tricks.ipynb"),
)}
"""The ideas by id, each with the lesson that teaches it (a trainer theme is one of them: :mod:`keinstich.trainer.
themes`)."""


def idea_name(idea: str) -> str:
    """An idea's short name in the language spoken: "Duck", "Drunterbleiben"."""
    return _(IDEAS[idea].name) if idea in IDEAS else idea


def idea_text(idea: str) -> str:
    """An idea's name and what it is, in the language spoken ("Duck: play under the winning card …")."""
    return _(IDEAS[idea].full) if idea in IDEAS else idea


def idea_link(idea: str) -> str:
    """The lesson that teaches an idea, as a relative link from another lesson ("03-no-tricks.ipynb")."""
    return IDEAS[idea].lesson


@dataclass(frozen=True)
class Reading:
    """The idea the leading move (``best``) follows against ``move``, read off the judge's lines.

    ``form``: what the lines showed (one sentence form each: "duck", "lead-safe", "lead-cheaper", "exit", "void",
    "shed", "unblock-follow", "unblock-lead", "take-cheap", "take", "trump", "smear", "keep", "count"); ``cards``: the
    cards it names besides the two moves (the card winning the trick now, the card thrown later, …), ``suit``:
    the suit it names, ``next``: the next lead of that suit (not only a later one). ``rows``: the judge's deals whose
    lines show it (every claim of its sentence holds on them: :func:`holds`); ``costly``: the deals looked at where
    the move cost at least the fine threshold (:func:`~.lines.rows`)."""

    idea: str
    form: str
    move: Move
    best: Move
    cards: tuple[Card, ...]
    suit: Suit | None
    next: bool
    rows: tuple[int, ...]
    costly: int

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.form, self.cards, self.suit, self.next)


SHARE = 0.4
"""The part of the cost (summed over the deals looked at where the move cost) a reading must account for to be
named: an idea behind less than that is not the reason the move costs."""


def read(v: Judged, move: Move) -> Reading | None:
    """The idea the leading move follows against ``move`` (a legal move of ``v``), read off the judge's lines: the
    reading that accounts for the largest part of the cost, at least :data:`SHARE` of it; None where there is none
    (``move`` is among the best, the judgement has no deals, it is not a card of a trick deal, or no one reading
    accounts for enough)."""
    f = v.judged
    td = v.position.trick_deal
    if f is None or v.forced or td is None or v.position.phase != "play" or not len(f.drawn):
        return None
    best = v.leader
    if key(move) == key(best) or not move_cards(move) or not move_cards(best):
        return None
    wanted = rows(v, move)
    if not wanted:  # the deals looked at first show no cost: look at every deal both were valued on
        wanted = rows(v, move, limit=len(f.drawn))
    if not wanted:
        return None
    seen = Seen(v)
    m, b = move_cards(move)[0], move_cards(best)[0]
    pairs = [pair(v, move, k) for k in wanted]
    total = sum(p.loss for p in pairs)
    candidates: list[Found] = []
    for p in pairs:
        got = reading_of(v, move, best, p, seen)
        if got is not None and got not in candidates:
            candidates.append(got)
    if not candidates or total <= 0:
        return None
    shown = {c: [p for p in pairs if holds(c, m, b, seen, p)] for c in candidates}
    top = max(candidates, key=lambda c: (sum(p.loss for p in shown[c]), -candidates.index(c)))
    if sum(p.loss for p in shown[top]) < SHARE * total:
        return None
    idea, form, cards, suit, nxt = top
    return Reading(idea, form, move, best, cards, suit, nxt, tuple(p.row for p in shown[top]), len(wanted))


# --- one deal: the two lines, and what they show ------------------------------------------------------------------


class Seen:
    """What the seat knows at the decision (its hand, the trick on the table, the cards still out), read off the
    verdict's position: what a reading may name."""

    def __init__(self, v: Judged) -> None:
        position: Deal = v.position
        td = trick_deal_of(position)
        assert td is not None
        self.seat = v.seat
        self.side = _side(v)
        self.start = len(td.tricks)
        self.hand = tuple(td.hand(v.seat))
        self.trick = td.trick
        self.trump = td.rules.trump
        self.strength = strength_table(td.rules.order)
        self.led: Suit | None = self.trick[0][1].suit if self.trick else None
        self.state = "lead" if self.led is None else (
            "follow" if any(c.suit == self.led for c in self.hand) else "void")
        played = {c for t in td.tricks for c in t.cards} | {c for _s, c in self.trick}
        from .grades import pack_in_play

        self.out = tuple(c for c in pack_in_play(position).cards if c not in played and c not in self.hand)
        """The cards the seat has not seen played and does not hold (in another hand, or out of play unseen)."""
        self.points = card_costs(position) if position.kind is Kind.HERZBLATT else None
        """Each card's points, in a game whose tricks are worth their cards' points (Herzblatt)."""

    def beats(self, a: Card, b: Card) -> bool:
        """Whether ``a``, played after ``b`` in a trick ``b`` is winning, beats it."""
        if a.suit == b.suit:
            return self.strength[a.index] > self.strength[b.index]
        return a.suit == self.trump

    def winning(self) -> Card | None:
        """The card winning the trick on the table (None when the seat leads)."""
        if not self.trick:
            return None
        best = self.trick[0][1]
        for _s, c in self.trick[1:]:
            if self.beats(c, best):
                best = c
        return best

    def higher_out(self, c: Card) -> int:
        """How many cards of ``c``'s suit that beat it the seat has not seen."""
        return sum(1 for x in self.out if x.suit == c.suit and self.strength[x.index] > self.strength[c.index])

    def single(self, c: Card) -> bool:
        """Whether ``c`` is the seat's only card of its suit."""
        return sum(1 for x in self.hand if x.suit == c.suit) == 1


Found = tuple[str, str, tuple[Card, ...], "Suit | None", bool]
"""A reading of one deal: (idea, form, cards named, suit named, next lead)."""


def reading_of(v: Judged, move: Move, best: Move, p: Pair, seen: Seen | None = None) -> Found | None:
    """What one deal's two lines show (see the module): None where they show none of the ideas' patterns."""
    s = seen or Seen(v)
    m, b = move_cards(move)[0], move_cards(best)[0]
    spare = ("spare", "spare", (p.mine[0].won_with,), None, False) if p.mine else None
    if spare is not None and holds(spare, m, b, s, p):  # points lost now, whenever the side's own count shows it
        return spare
    parted = p.parting()
    if parted is None:
        return None
    mine, theirs = parted
    if mine.number == s.start + 1:
        return _now(s, m, b, mine, theirs, v)
    return _later(s, m, b, mine, theirs, p)


def _side(v: Judged) -> tuple[int, ...]:
    from keinstich.bots.base import objective

    return objective(v.position.observation(v.seat)).side


def _now(s: Seen, m: Card, b: Card, mine: LineTrick, theirs: LineTrick | None, v: Judged) -> Found | None:
    """The lines part in the trick being played."""
    if theirs is None:
        return None
    me = s.seat
    side = s.side
    winning = s.winning()
    if mine.winner == me and theirs.winner != me:
        if s.state == "follow" and winning is not None and not s.beats(b, winning) and s.beats(m, winning):
            return ("duck", "duck", (winning,), None, False)
        if (s.state == "follow" and winning is not None and s.beats(b, winning) and s.beats(m, b)
                and _after(s, theirs.winner)):
            return ("duck", "duck-low", (), None, False)
        if s.state == "lead":
            return ("lead", "lead-safe", (), None, False)
        return None
    if mine.winner == me and theirs.winner == me and s.state == "lead":
        return ("lead", "lead-cheaper", (), None, False)
    if theirs.winner in side and mine.winner not in side:
        if s.state == "void" and s.trump is not None and b.suit == s.trump:
            return ("trump", "trump", (), s.led, False)
        if theirs.winner == me:
            return ("take", "take", (), None, False)
        return None
    if theirs.winner in side and mine.winner == theirs.winner and theirs.winner != me and theirs.raw > mine.raw:
        return ("smear", "smear", (), None, False)
    return None


def _after(s: Seen, seat: int) -> bool:
    """Whether ``seat`` plays after the judged seat in the trick being played."""
    played = {x for x, _c in s.trick}
    return seat != s.seat and seat not in played


def _later(s: Seen, m: Card, b: Card, mine: LineTrick, theirs: LineTrick | None, p: Pair) -> Found | None:
    """The lines part in a later trick."""
    me = s.seat
    if theirs is None:
        return None
    now_mine, now_theirs = p.mine[0], p.best[0]
    took_later = mine.winner == me
    led = mine.led.suit
    mine_card, their_card = mine.card_of(me), theirs.card_of(me)
    if took_later and mine_card == b:
        if s.state == "void":
            return ("shed", "shed", (), s.led, False)
        if s.state == "follow" and now_theirs.winner != me:
            winning = s.winning()
            if winning is not None and not s.beats(b, winning):
                return ("unblock", "unblock-follow", (winning,), None, False)
        if s.state == "lead" and now_theirs.winner != me and s.higher_out(b):
            return ("unblock", "unblock-lead", (), b.suit, False)
        if now_theirs.winner == me and now_mine.winner == me:
            return ("unblock", "unblock-take", (), None, False)
        if now_theirs.winner == me and now_theirs.won_with == b and now_mine.winner != me and \
                mine.side < now_theirs.side:
            return ("take", "take-now", (), None, False)
    if (took_later and their_card == m and theirs.winner != me and led == m.suit and theirs.led.suit == led
            and mine_card is not None and mine_card.suit == led):
        return ("exit", "exit", (mine_card,), led, False)
    if (now_theirs.winner == me and now_mine.winner != me and took_later and mine.side < now_theirs.side
            and not any(t.winner == me for t in p.mine[1:mine.number - s.start - 1])):
        return ("take", "take-cheap", (), None, False)
    if took_later and s.single(b) and b != mine.won_with:
        thrown = _thrown(p.best[1:], me, mine.won_with, b.suit)
        if thrown is not None and thrown.number <= mine.number:
            nxt = not any(t.led.suit == b.suit for t in p.best[1:thrown.number - s.start - 1])
            return ("void", "void", (mine.won_with,), b.suit, nxt)
    if (theirs.winner == me and their_card == m and not took_later and now_mine.winner != me
            and now_theirs.winner != me and now_theirs.won_with == now_mine.won_with and theirs.side > mine.side):
        return ("keep", "keep", (now_mine.won_with,), None, False)
    if (took_later and mine_card is not None and their_card == mine_card and theirs.winner != me
            and theirs.led.suit == led and mine_card.suit == led):
        return ("count", "count", (mine_card,), led, False)
    return None


def _thrown(line: Sequence[LineTrick], seat: int, c: Card, suit: Suit) -> LineTrick | None:
    """The trick of ``line`` in which ``seat`` throws ``c`` on a lead of ``suit`` (it holds none), None if it does
    not."""
    for t in line:
        if t.card_of(seat) == c:
            return t if t.led.suit == suit and c.suit != suit and t.winner != seat else None
    return None


def holds(found: Found, m: Card, b: Card, s: Seen, p: Pair) -> bool:
    """Whether every claim of a reading's sentence (``found``: its idea, form, cards, suit, next lead) holds on one
    deal's two lines: who takes this trick, which card takes a later one, which suit is led, what the seat throws.
    ``m``: the move's card, ``b``: the leading move's."""
    _idea, form, cards, suit, nxt = found
    me = s.seat
    mine, best = p.mine, p.best
    now_m, now_b = mine[0], best[0]
    card = cards[0] if cards else None
    if form == "duck":
        return (card is not None and card == s.winning() and not s.beats(b, card) and now_b.winner != me
                and now_m.winner == me)
    if form == "duck-low":
        return _after(s, now_b.winner) and now_m.winner == me
    if form == "lead-safe":
        return s.state == "lead" and now_b.winner != me and now_m.winner == me
    if form == "lead-cheaper":
        return s.state == "lead" and now_b.winner == me and now_m.winner == me and now_m.side < now_b.side
    if form == "exit":
        for t in best[1:]:
            if t.led.suit == suit == m.suit and t.card_of(me) == m and t.winner != me:
                other = next((x for x in mine if x.number == t.number), None)
                return (other is not None and other.led.suit == suit and other.winner == me
                        and other.card_of(me) == card)
        return False
    if form == "void":
        if card is None or card.suit == suit or [c for c in s.hand if c.suit == suit] != [b]:
            return False
        leads = [t for t in best[1:] if t.led.suit == suit]
        where = leads[:1] if nxt else leads
        return any(t.card_of(me) == card and t.winner != me for t in where) and _taken(mine, me, card) is not None
    if form == "shed":
        return s.state == "void" and s.led == suit and _taken(mine, me, b) is not None
    if form == "unblock-follow":
        return (card is not None and card == s.winning() and not s.beats(b, card) and now_b.winner != me
                and _taken(mine, me, b) is not None)
    if form == "unblock-lead":
        return s.state == "lead" and b.suit == suit and s.higher_out(b) > 0 and _taken(mine, me, b) is not None
    if form == "unblock-take":
        return now_b.winner == me and now_m.winner == me and _taken(mine, me, b) is not None
    if form == "take-now":
        later = _taken(mine, me, b)
        return now_b.winner == me and now_b.card_of(me) == b and later is not None and later.side < now_b.side
    if form == "take-cheap":
        return (now_b.winner == me and now_b.card_of(me) == b
                and any(t.winner == me and t.side < now_b.side for t in mine[1:]))
    if form == "take":
        return now_b.winner == me and now_b.card_of(me) == b and now_m.winner not in s.side
    if form == "trump":
        return (s.state == "void" and s.led == suit and b.suit == s.trump and now_b.winner == me
                and now_m.winner not in s.side)
    if form == "smear":
        return (now_b.winner == now_m.winner and now_b.winner in s.side and now_b.winner != me
                and now_b.raw > now_m.raw)
    if form == "spare":
        return (s.points is not None and bool(best) and now_m.number == now_b.number == s.start + 1
                and now_b.winner == now_m.winner and now_m.winner not in s.side and card == now_m.won_with
                and s.points[m.index] > s.points[b.index])
    if form == "keep":
        later = _taken(best, me, m)
        return (card is not None and card == now_m.won_with == now_b.won_with and now_m.card_of(me) == m
                and now_m.winner != me and now_b.winner != me and later is not None and later.side > 0)
    if form == "count":
        took = _taken(mine, me, card) if card is not None else None
        if took is None or card is None or took.led.suit != suit or card.suit != suit:
            return False
        other = next((x for x in best if x.number == took.number), None)
        return other is not None and other.card_of(me) == card and other.winner != me
    return False


def _taken(line: Sequence[LineTrick], seat: int, c: Card) -> LineTrick | None:
    """The later trick of ``line`` (not its first) ``seat`` takes with ``c``."""
    return next((t for t in line[1:] if t.winner == seat and t.card_of(seat) == c), None)


# --- what is said where ----------------------------------------------------------------------------------------------


def named(r: Reading) -> Sequence[Card]:
    """Every card a reading's sentence names: the two moves' and the cards it found."""
    return (*move_cards(r.best), *move_cards(r.move), *r.cards)


__all__ = ["IDEAS", "SHARE", "Idea", "Reading", "Seen", "idea_link", "idea_name", "idea_text", "named", "read",
           "reading_of"]

"""Equivalent positions: the same problem with other faces, so an answer cannot be remembered by its face.

A :class:`Relabel` renames cards (a bijection of the pack onto itself) and is applied to a whole position:
the hands as dealt, every move made, a skat and its discards; the result is replayed by the game's own
rules, so it is a real position of the same contract. Two kinds are used, each only where the contract
allows it (:func:`symmetries`):

* **suits permuted**: a suit may be renamed when nothing in the rules or the scoring singles it out: no
  trump, no banned lead, no card that must be thrown, no starting Unter of that suit, every card costing
  the same as the card it becomes, and the pack the same afterwards (Herzblatt's four-player pack lacks
  ♥7 and ♦7, so there only ♣ and ♠ trade places). No Tricks permutes all four suits, No Hearts the three
  that are not Hearts, Black Pig the three that are not Leaves.
* **ranks shifted** within a suit, in trick play, when every card of the suit costs the same and it is
  not the trump suit: the cards still to be played (in the hands and on the table) keep their order
  among themselves and the cards gone in finished tricks keep theirs, but the two sets may interleave
  differently (the live cards become, say, the Seven to the Ten instead of the Nine to the Unter). Every
  trick still goes to the same seat, every duty to follow is the same, and from here on the game is the
  same game: the open-hands solver's values correspond card for card.

The coach's judge uses only the first kind. Its play-outs play as the heuristic bot plays (the bot the learner
meets), and the bot reads ranks: it sheds the higher of two cards of different suits, an Ace before a King, so a
shifted suit (its live King become a Nine) is played otherwise. Its ties between suits go by an order read off the
deal, not by names, so a suit permutation is exact for the judge (:mod:`keinstich.kernel.heuristic`); a rank shift
is not, and the judge does not use it. :func:`canonical` picks one representative of a position's class under suit
permutations from what the seat to move can know, so that every equivalent position is judged as one
(:mod:`.judge`), and :func:`equivalent` renames a position shown again by the trainer the same way. The tests check
that the open-hands solver gives the same values, card for card, before and after every relabelling (rank shifts
included), and that the judge plays a deal and its suit-permuted twin out alike.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.base import lay_off
from keinstich.cards import ALL_CARDS, Card, Suit, card_at, strength_table
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Discard, GameRecord, Lay, Move
from keinstich.records import Record, RecordError
from keinstich.trick_rules import Trick
from keinstich.tricks import trick_deal_of

IDENTITY: tuple[int, ...] = tuple(range(52))
CARD_KEYS = ("hands", "plays", "skat", "discards")
"""The keys of a game record that hold cards (everything else is kept as it is)."""


@dataclass(frozen=True)
class Relabel:
    """A renaming of cards: ``to[i]`` is the index of the card that card ``i`` becomes."""

    to: tuple[int, ...] = IDENTITY

    @classmethod
    def of(cls, pairs: dict[Card, Card]) -> Relabel:
        """The renaming that sends each key to its value and keeps every other card."""
        to = list(IDENTITY)
        for a, b in pairs.items():
            to[a.index] = b.index
        if sorted(to) != list(IDENTITY):
            raise ValueError("a relabelling must send different cards to different cards")
        return cls(tuple(to))

    @property
    def identity(self) -> bool:
        return self.to == IDENTITY

    def card(self, c: Card) -> Card:
        return card_at(self.to[c.index])

    def inverse(self) -> Relabel:
        back = [0] * 52
        for i, j in enumerate(self.to):
            back[j] = i
        return Relabel(tuple(back))

    def then(self, other: Relabel) -> Relabel:
        """This renaming followed by ``other``."""
        return Relabel(tuple(other.to[j] for j in self.to))

    def move(self, move: Move) -> Move:
        """A move with its cards renamed (a card, a card laid at an end, Herzblatt's two discards)."""
        if isinstance(move, Card):
            return self.card(move)
        if isinstance(move, Lay) and isinstance(move.card, Card):
            return Lay(self.card(move.card), move.end)
        if isinstance(move, Discard) and isinstance(move.first, Card) and isinstance(move.second, Card):
            return Discard(self.card(move.first), self.card(move.second))
        return move

    def code(self, text: str) -> str:
        """A card code (``"QS"``), a lay at an end (``"QS@top"``) or another word of a record, renamed."""
        head, at, end = text.partition("@")
        try:
            from keinstich.cards import card

            c = card(head)
        except ValueError:
            return text
        return self.card(c).code + at + end

    def record(self, rec: GameRecord) -> Record:
        """A game record with every card renamed (each hand kept in the pack's order)."""
        data = rec.to_dict()

        def rename(x: Any) -> Any:
            if isinstance(x, str):
                return self.code(x)
            if isinstance(x, list):
                return [rename(v) for v in x]
            return x

        for k in CARD_KEYS:
            if k in data:
                data[k] = rename(data[k])
        if "hands" in data:
            from keinstich.cards import card

            data["hands"] = [sorted(h, key=lambda code: card(code).index) for h in data["hands"]]
        return Record.from_dict(data)

    def __call__(self, position: Deal) -> Deal:
        """The position with every card renamed, replayed by its game's rules."""
        if self.identity:
            return position.copy()
        return self.record(position.record()).replay()


# --- what a contract allows ------------------------------------------------------------------------


def _rules(position: Deal) -> Any:
    td = trick_deal_of(position)
    if td is not None:
        return td.rules
    return getattr(position, "rules", None)


def card_costs(position: Deal) -> tuple[int, ...] | None:
    """What taking each card costs in the position's trick contract (one-card tricks scored by the contract
    itself), or None outside trick play."""
    td = position.trick_deal
    contract = getattr(td, "contract", None) if td is not None else None
    if td is None or contract is None:
        return None
    total = td.total_tricks or 1
    return tuple(int(contract.score([Trick(2, 0, (c,), 0)], 1, total)[0]) for c in ALL_CARDS)


def _fixed_suits(position: Deal) -> set[Suit]:
    """The suits the rules single out (a trump, a banned lead, a card to throw, the starting Unter)."""
    rules = _rules(position)
    fixed: set[Suit] = set()
    for name in ("trump", "no_lead"):
        s = getattr(rules, name, None)
        if s is not None:
            fixed.add(Suit(s))
    forced = getattr(rules, "forced_discard", None)
    if isinstance(forced, Card):
        fixed.add(forced.suit)
    start = getattr(rules, "start_card", None)
    if isinstance(start, Card):
        fixed.add(start.suit)
    return fixed


def suit_permutations(position: Deal) -> list[tuple[int, ...]]:
    """Every renaming of suits the position's contract allows (``p[s]`` is what suit ``s`` becomes), the
    identity first."""
    fixed = _fixed_suits(position)
    cards = pack_in_play(position).cards
    in_pack = {c.index for c in cards}
    costs = card_costs(position)
    out = []
    for p in itertools.permutations(range(4)):
        if any(p[s] != s for s in fixed):
            continue
        ok = True
        for c in cards:
            j = p[c.suit] * 13 + c.rank - 2
            if j not in in_pack or (costs is not None and costs[j] != costs[c.index]):
                ok = False
                break
        if ok:
            out.append(p)
    return out


def suit_relabel(p: Sequence[int]) -> Relabel:
    """The renaming of cards that sends suit ``s`` to ``p[s]``, each card keeping its rank."""
    return Relabel(tuple(p[i // 13] * 13 + i % 13 for i in range(52)))


def shiftable_suits(position: Deal) -> list[Suit]:
    """The suits whose ranks may be shifted: in trick play, not trumps, the must-throw card not among them,
    and every card of the suit in the pack costing the same."""
    if position.trick_deal is None or position.phase != "play" or lay_off(position):
        return []
    rules = _rules(position)
    costs = card_costs(position)
    forced = getattr(rules, "forced_discard", None)
    out = []
    for s in Suit:
        if s == getattr(rules, "trump", None) or (isinstance(forced, Card) and forced.suit == s):
            continue
        cs = [c for c in pack_in_play(position).cards if c.suit == s]
        if cs and (costs is None or len({costs[c.index] for c in cs}) == 1):
            out.append(s)
    return out


def _live(position: Deal) -> set[Card]:
    """The cards still in play: in the hands and on the table."""
    td = position.trick_deal
    assert td is not None
    held = {c for seat in range(position.players) for c in position.hand(seat)}
    return held | {c for _, c in td.trick}


def _interleave(position: Deal, s: Suit, live_ranks: Sequence[int] | None, rng: random.Random | None) -> dict[Card,
                                                                                                                Card]:
    """A rank shift of suit ``s``: the live cards take the ranks ``live_ranks`` (positions in the suit's order,
    weakest first; None: drawn by ``rng``), the cards gone take the rest, each set in its own order."""
    rules = _rules(position)
    strength = strength_table(rules.order)
    suit_cards = sorted((c for c in pack_in_play(position).cards if c.suit == s), key=lambda c: strength[c.index])
    live = _live(position)
    alive = [c for c in suit_cards if c in live]
    gone = [c for c in suit_cards if c not in live]
    n = len(suit_cards)
    if live_ranks is None:
        assert rng is not None
        live_ranks = sorted(rng.sample(range(n), len(alive)))
    gone_ranks = [i for i in range(n) if i not in set(live_ranks)]
    pairs = {c: suit_cards[i] for c, i in zip(alive, live_ranks, strict=True)}
    pairs.update({c: suit_cards[i] for c, i in zip(gone, gone_ranks, strict=True)})
    return pairs


def rank_shift(position: Deal, rng: random.Random | None = None, *, lowest: bool = False) -> Relabel:
    """A shift of ranks in every suit that allows one (:func:`shiftable_suits`): drawn by ``rng``, or with
    ``lowest`` the one where the live cards of each suit take its lowest ranks (the canonical one)."""
    pairs: dict[Card, Card] = {}
    for s in shiftable_suits(position):
        n_live = sum(1 for c in _live(position) if c.suit == s)
        pairs.update(_interleave(position, s, list(range(n_live)) if lowest else None, rng))
    return Relabel.of(pairs)


@dataclass(frozen=True)
class Symmetries:
    """What a position's contract allows: its suit permutations and the suits whose ranks may shift."""

    suits: tuple[tuple[int, ...], ...]
    shiftable: tuple[Suit, ...]

    @property
    def count(self) -> int:
        return len(self.suits)

    def __str__(self) -> str:
        shift = ", ".join(s.label() for s in self.shiftable) or "none"
        return f"{len(self.suits)} suit permutations; ranks may shift in: {shift}"


def symmetries(position: Deal) -> Symmetries:
    return Symmetries(tuple(suit_permutations(position)), tuple(shiftable_suits(position)))


def equivalent(position: Deal, seed: int | str, *, shift: bool = False) -> tuple[Deal, Relabel]:
    """An equivalent position drawn from ``seed`` (the same seed, the same faces), and the renaming that
    made it: a suit permutation other than the identity where the contract allows one, then (``shift``; not for
    the judge, see the module) a rank shift where it allows one."""
    rng = random.Random(f"equivalent:{seed}")
    perms = suit_permutations(position)
    p = rng.choice(perms[1:]) if len(perms) > 1 else perms[0]
    relabel = suit_relabel(p)
    moved = relabel(position)
    if shift:
        r = rank_shift(moved, rng)
        if not r.identity:
            relabel = relabel.then(r)
            moved = r(moved)
    return moved, relabel


def seat_view(position: Deal, relabel: Relabel | None = None) -> tuple[Any, ...]:
    """What the seat to move can know, as plain data (after ``relabel``): the game, the contract, its
    hand, every move made that it saw (the others' Herzblatt discards are hidden), its seat."""
    r = relabel or Relabel()
    seat = position.turn
    hand = tuple(sorted(r.card(c).index for c in position.hand(seat))) if seat is not None else ()
    moves = []
    for s, m in position.history:
        secret = isinstance(m, Discard) and s != seat
        moves.append((s, "discard" if secret else str(r.move(m))))
    contract = getattr(getattr(position, "contract", None), "id", "")
    return (position.game, contract, position.players, position.pack, seat, hand, tuple(moves))


def _recordable(position: Deal) -> bool:
    """Whether the position's contract is one the kit names (a record can carry it). A contract written in a
    notebook cell may have rules no renaming can see, so its positions are judged as they stand."""
    try:
        position.rewound(0).record()
    except RecordError:
        return False
    return True


def canonical(position: Deal) -> tuple[Deal, Relabel]:
    """The representative of the position's class under suit permutations (the judge's renaming, see the module's
    docstring) and the renaming that gives it: the suit permutation whose view of the seat to move sorts first.
    Positions the seat cannot tell apart, up to their suits' names, get the same representative's view."""
    if not _recordable(position):
        return position.copy(), Relabel()
    best: tuple[Any, ...] | None = None
    chosen = Relabel()
    for p in suit_permutations(position):
        r = suit_relabel(p)
        key = seat_view(position, r)
        if best is None or key < best:
            best, chosen = key, r
    return (chosen(position) if not chosen.identity else position.copy()), chosen


def relabel_cards(cards: Iterable[Card], relabel: Relabel) -> tuple[Card, ...]:
    return tuple(relabel.card(c) for c in cards)


__all__ = ["Relabel", "Symmetries", "canonical", "card_costs", "equivalent", "rank_shift", "relabel_cards",
           "seat_view", "shiftable_suits", "suit_permutations", "suit_relabel", "symmetries"]

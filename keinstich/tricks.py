"""The trick machine: one deal of any trick game as a state machine.

Kein Stich, Herzeln and Herzblatt all run on :class:`TrickDeal`; they differ only in
:class:`TrickRules` (rank order, an optional trump suit, the must-trump duties) and in the
scoring object that turns finished tricks into penalties or points. Hands are bitmasks of
card bits internally, which keeps random playouts fast; the public API speaks in
:class:`~keinstich.cards.Card` values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import keinstich.kernel.rules as law
from keinstich.cards import (
    ALL_CARDS,
    SUIT_CHUNKS,
    SUIT_MASKS,
    Card,
    Pack,
    Style,
    Suit,
    card,
    cards_of,
    pack,
)
from keinstich.deal import Deal, Kind, Move, Refusal, Result, Unit
from keinstich.deal import IllegalPlay as IllegalPlay  # the refusal of every deal kind, public here too
from keinstich.dealing import seeded_masks
from keinstich.limits import check_whole, quoted
from keinstich.machine import Machine, check_seat, named, read_hands
from keinstich.trick_playout import PlayOut
from keinstich.trick_rules import (
    NO_TRUMPS,
    Observation,
    Scoring,
    Trick,
    TrickRules,
    forehand,
)
from keinstich.wording.i18n import _

_SHIFT = (0, 13, 26, 39)
_SUIT_OF = tuple(i // 13 for i in range(52))  # a card index's suit as a plain int (faster than Suit)
_VOID_BIT = (1, 2, 4, 8)
_new_trick = tuple.__new__
_legal = law.legal


_VOID_SETS: tuple[frozenset[Suit], ...] = tuple(frozenset(s for s in Suit if m >> s & 1) for m in range(16))


def _tables_of(rules: TrickRules) -> law.RuleTables:
    """The rules' tables (:func:`keinstich.kernel.rules.rule_tables`), remembered for the last rules asked."""
    global _LAST
    last = _LAST
    if last[0] is not rules:
        last = _LAST = (rules, law.rule_tables(rules))
    return last[1]


_LAST: tuple[object, law.RuleTables] = (None, law.RuleTables(NO_TRUMPS))


def _scores_tricks(c: object) -> bool:
    return isinstance(getattr(c, "rules", None), TrickRules) and callable(getattr(c, "score", None))


class TrickDeal(PlayOut, Machine):
    """One deal of tricks: ``turn``, ``legal()``, ``play(card)``, finished ``tricks``.

    ``hands`` are the hands as dealt, seat 0 first, clockwise; ``leader`` leads the first trick
    (forehand, the seat left of the dealer). A refused play raises :class:`IllegalPlay` and leaves
    the state unchanged; :meth:`why_illegal` gives the same reason without raising. ``pack`` is the
    id of the pack dealt from (:meth:`from_seed` and the games set it; None for hands typed without one).

    ``style`` is the style of the pack dealt from (``"german"`` or ``"french"``; :meth:`from_seed`
    takes it from the pack): a refusal names the suits as that pack does. Under
    ``rules.stop_when_decided`` the deal may end before the last trick (:attr:`ended_early`).
    """

    kind = Kind.TRICK

    __slots__ = (
        "_P",
        "_dealt",
        "_decided",
        "_hands",
        "_led",
        "_lm",
        "_over",
        "_trick",
        "_trick_leader",
        "_tricks",
        "_turn",
        "_voids",
        "_win",
        "contract",
        "first_leader",
        "pack",
        "players",
        "rules",
        "style",
        "total_tricks",
    )

    def __init__(self, hands: Sequence[Sequence[Card | str]], contract: Scoring | None = None,
                 *, leader: int = 0, rules: TrickRules | None = None, style: Style = "french",
                 pack: str | None = None) -> None:
        dealt, masks = read_hands(hands, leader, style, pack=pack)
        self._setup(dealt, masks, contract, leader, rules, style)
        self.pack = pack

    def _setup(self, dealt: tuple[tuple[Card, ...], ...] | None, masks: list[int], contract: Scoring | None,
               leader: int, rules: TrickRules | None, style: Style) -> None:
        n = len(masks)
        self.style = style
        if contract is not None:
            contract = named(contract, n, _scores_tricks, "a trick contract")
        if rules is not None and not isinstance(rules, TrickRules):
            raise TypeError(f"rules must be a TrickRules, or None for the contract's, not {quoted(rules)}")
        self.contract: Scoring | None = contract
        r = self.rules = rules if rules is not None else (contract.rules if contract is not None else NO_TRUMPS)
        self.players = n
        self.total_tricks = masks[0].bit_count()
        self.first_leader = leader
        self._dealt = dealt
        self._hands = masks.copy()
        self._turn = leader
        self._trick: list[Card] = []
        self._trick_leader = leader
        self._led = -1
        self._win = -1
        self._lm = -1
        self._tricks: list[Trick] = []
        self._voids = [0] * n
        tables = _tables_of(r)
        self._over = tables.over
        self._P = tables.P
        self._decided = getattr(contract, "decided", None) if r.stop_when_decided else None

    @classmethod
    def from_seed(cls, p: Pack | str, players: int, seed: int | str, contract: Scoring | None = None,
                  *, dealer: int | None = None, rules: TrickRules | None = None) -> TrickDeal:
        """Deal ``p`` to ``players`` from ``seed`` (see :func:`~keinstich.dealing.deal_hands`).

        ``dealer`` defaults to the last seat, so seat 0 is forehand and leads the first trick. The
        deal's :attr:`style` is the pack's.
        """
        check_whole("players", players, 2)
        d = check_seat(dealer, players, name="dealer") if dealer is not None else players - 1
        p = pack(p)
        new = cls.__new__(cls)  # valid by construction: skip the checks of __init__
        new._setup(None, seeded_masks(p, players, seed), contract, forehand(d, players), rules, p.style)
        new.pack = p.id
        return new

    # --- reading the state ---------------------------------------------------------------------

    @property
    def forehand(self) -> int:
        """The seat left of the dealer, who led the first trick."""
        return self.first_leader

    @property
    def trick_deal(self) -> TrickDeal:
        """This deal: its play is tricks from the first card to the last."""
        return self

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every (seat, card) played so far: the moves of :class:`~keinstich.deal.Deal`."""
        return self.plays

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal cards: in a trick deal every move is a card."""
        return self.legal()

    def result(self) -> Result:
        """Scores so far in the contract's unit, with the tricks each seat has taken."""
        return Result(self.scores(), Unit(getattr(self.contract, "unit", Unit.PFENNIG)), tricks=self.tricks_won())

    @property
    def ended_early(self) -> bool:
        """Whether the deal is over before its last trick (``rules.stop_when_decided``)."""
        return self._turn < 0 and len(self._tricks) < self.total_tricks

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt."""
        if self._dealt is None:
            held = list(self._hands)
            for t in self._tricks:
                for seat, c in t.plays():
                    held[seat] |= c.bit
            for seat, c in self.trick:
                held[seat] |= c.bit
            self._dealt = tuple(cards_of(m) for m in held)
        return self._dealt

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as (seat, card) pairs."""
        n = self.players
        return tuple(((self._trick_leader + i) % n, c) for i, c in enumerate(self._trick))

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every (seat, card) played so far, in order."""
        out: list[tuple[int, Card]] = []
        for t in self._tricks:
            out += t.plays()
        return (*out, *self.trick)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds."""
        return cards_of(self._hands[check_seat(seat, self.players)])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(m) for m in self._hands)

    def voids(self, seat: int) -> frozenset[Suit]:
        """Suits ``seat`` has shown it lacks by not following."""
        return _VOID_SETS[self._voids[check_seat(seat, self.players)]]

    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.players
        for t in self._tricks:
            won[t.winner] += 1
        return tuple(won)

    def scores(self) -> tuple[int, ...]:
        """The contract's score per seat for the tricks finished so far (zeros without one)."""
        if self.contract is None:
            return (0,) * self.players
        return self.contract.score(self._tricks, self.players, self.total_tricks)

    # --- legality: the rules are keinstich.kernel.rules' ---------------------------------------------

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, if it were to move (``_lm`` remembers the seat to move's until the
        next card)."""
        if seat == self._turn:
            lm = self._lm
            if lm < 0:
                lm = self._lm = _legal(self._hands[seat], self._led, self._win, self._P, self._over)
            return lm
        return _legal(self._hands[seat], self._led, self._win, self._P, self._over)

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may play (empty when the deal is over)."""
        s = self._turn
        if s < 0:
            return ()
        lm = self._lm
        if lm < 0:
            lm = self._lm = _legal(self._hands[s], self._led, self._win, self._P, self._over)
        led = self._led
        if led >= 0 and not lm & ~SUIT_MASKS[led]:  # all of one suit: its cards in one look-up
            return SUIT_CHUNKS[led][lm >> _SHIFT[led]]
        return cards_of(lm)

    def legal_mask(self) -> int:
        """:meth:`legal` as a bitmask of card bits (for bots and solvers)."""
        return 0 if self._turn < 0 else self._legal_mask(self._turn)

    def why_illegal(self, move: Move | str, seat: int | None = None) -> Refusal | None:
        """Why card ``move`` may not be played now (by ``seat``, default the player to move), as a
        :class:`~keinstich.deal.Refusal`, or None. Its text names the suits as the pack dealt from does
        (:attr:`style`); :func:`keinstich.wording.refusal_words` says it to the learner."""
        style = self.style
        try:
            c = card(move)  # type: ignore[arg-type]
        except ValueError as e:
            return Refusal("unreadable", seat, style=style, text=str(e), given=move)
        if self._turn < 0:
            return Refusal("over", seat, style=style, early=self.ended_early, played=len(self._tricks),
                           total=self.total_tricks)
        if seat is not None and seat != self._turn:
            return Refusal("turn", seat, style=style, turn=self._turn, card=c)
        seat = self._turn
        hand = self._hands[seat]
        if not hand & c.bit:
            return Refusal("not-held", seat, style=style, card=c)
        broken = law.duty(hand, self._led, self._win, self._P, self._over, c.index)
        if not broken:
            return None
        legal = self._legal_mask(seat)
        held = self._by_strength(legal)
        rules = self.rules
        if broken == law.NO_LEAD:
            return Refusal("no-lead", seat, style=style, card=c, suit=rules.no_lead, holding=held)
        led = Suit(self._led)
        if broken == law.FOLLOW:
            return Refusal("follow", seat, style=style, card=c, suit=led, holding=held)
        if broken == law.FORCED:
            return Refusal("forced", seat, style=style, card=c, suit=led, must=rules.forced_discard, holding=held)
        best = ALL_CARDS[self._win]
        if broken == law.OVERTRUMP_IF_TRUMPING:
            return Refusal("overtrump-if-trumping", seat, style=style, card=c, suit=led, best=best,
                           holding=self._by_strength(legal & SUIT_MASKS[c.suit]),
                           others=self._by_strength(legal & ~SUIT_MASKS[c.suit]))
        if broken == law.OVERTRUMP:
            return Refusal("overtrump", seat, style=style, card=c, suit=led, best=best, holding=held)
        return Refusal("trump", seat, style=style, card=c, suit=led, trump=rules.trump, holding=held)

    def _by_strength(self, mask: int) -> tuple[Card, ...]:
        strength = law.rule_tables(self.rules).strength
        return tuple(sorted(cards_of(mask), key=lambda x: (x.suit, strength[x.index])))

    # --- playing -------------------------------------------------------------------------------

    read_as_is = Card

    if TYPE_CHECKING:  # Machine.play itself (no wrapper: asked for every card), with the trick machine's types
        def play(self, move: Move | str, seat: int | None = None) -> Trick | None:
            """Play card ``move`` for the seat to move; returns the trick if this card finished one.

            With ``seat`` given, refuses a play out of turn. Raises :class:`IllegalPlay` (state unchanged)."""

    def _read(self, move: Move | str) -> Card:
        try:
            return card(move)  # type: ignore[arg-type]
        except ValueError as e:
            raise IllegalPlay(str(self.why_illegal(move))) from e

    def _allows(self, seat: int, c: Card) -> bool:
        lm = self._lm
        if lm < 0:
            lm = _legal(self._hands[seat], self._led, self._win, self._P, self._over)
        return bool(lm & c.bit)

    def _apply(self, s: int, c: Card, *, last: bool = False) -> Trick | None:
        """Play a card already known to be legal for seat ``s``, the seat to move (``last``: and end the
        deal with it, as the kernel found); returns the trick if it finished one."""
        bit = c.bit
        self._hands[s] ^= bit
        self._lm = -1
        led = self._led
        i = c.index
        if led < 0:
            self._led = _SUIT_OF[i]
            self._win = i
        else:
            if not bit & SUIT_MASKS[led]:
                self._voids[s] |= _VOID_BIT[led]
            if self._over[self._win] >> i & 1:  # law.beats, inlined: asked on every card
                self._win = i
        trick = self._trick
        trick.append(c)
        n = self.players
        if len(trick) < n:
            s += 1
            self._turn = s if s < n else 0
            return None
        return self._end_trick(last)

    def _end_trick(self, last: bool = False) -> Trick:
        """Close the full trick on the table: the card that beat every other takes it for its seat, which
        leads next, or the deal is over (at its last trick, or with ``last``: as the kernel found)."""
        trick = self._trick
        n = len(trick)
        leader = self._trick_leader
        winner = leader + trick.index(ALL_CARDS[self._win])
        if winner >= n:
            winner -= n
        tricks = self._tricks
        done = _new_trick(Trick, (len(tricks) + 1, leader, tuple(trick), winner))
        tricks.append(done)
        self._trick = []
        self._led = -1
        self._win = -1
        self._trick_leader = winner
        if last or len(tricks) == self.total_tricks:
            self._turn = -1
        elif self._decided is not None and self._decided(tricks, self._remaining(), self.total_tricks):
            self._turn = -1  # stop_when_decided: no later trick can change a score
        else:
            self._turn = winner
        return done

    def _remaining(self) -> int:
        """The mask of the cards still in the hands."""
        m = 0
        for h in self._hands:
            m |= h
        return m

    def dealt_mask(self) -> int:
        """The cards dealt, as one mask of card bits: those still in the hands and those played so far."""
        m = self._remaining()
        for t in self._tricks:
            for c in t.cards:
                m |= c.bit
        for c in self._trick:
            m |= c.bit
        return m

    def _fresh(self) -> TrickDeal:
        return TrickDeal(self.dealt, self.contract, leader=self.first_leader, rules=self.rules, style=self.style,
                         pack=self.pack)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` can see: its hand, the open play, shown voids. No other hand."""
        check_seat(seat, self.players)
        counts = tuple(m.bit_count() for m in self._hands)
        return Observation(
            seat=seat, players=self.players, hand=cards_of(self._hands[seat]),
            legal=self.legal() if self._turn == seat else (),
            turn=self.turn, trick=self.trick, tricks=self.tricks,
            voids=tuple(_VOID_SETS[v] for v in self._voids), hand_sizes=counts,
            contract=self.contract, rules=self.rules, style=self.style)

    def __repr__(self) -> str:
        cid = self.contract.id if self.contract is not None else _("no contract")
        done, total = len(self._tricks), self.total_tricks
        # TRANSLATORS: a trick deal in short (a notebook's plain text): "<TrickDeal no-tricks: 3/8 tricks, seat 2 to
        # play>"; "no-tricks" is the contract's id, code
        return (_("<TrickDeal {contract}: {done}/{total} tricks, over>", contract=cid, done=done, total=total)
                if self.is_over else
                _("<TrickDeal {contract}: {done}/{total} tricks, seat {seat} to play>", contract=cid, done=done,
                  total=total, seat=self._turn))

    def _repr_html_(self) -> str:
        """Every hand open, the trick on the table, tricks taken and scores so far."""
        from keinstich.pictures import html

        return html("trick-deal", self)


__all__ = ["NO_TRUMPS", "IllegalPlay", "Observation", "Scoring", "Trick", "TrickDeal", "TrickRules", "forehand"]


def trick_deal_of(deal: Deal) -> TrickDeal | None:
    """The trick deal inside ``deal`` (its :attr:`~keinstich.deal.Deal.trick_deal`) as the :class:`TrickDeal` the
    kernel, the bots and the views read (its rules, voids, scores, kernel state), or None: none has begun (a lay-off
    deal, Herzblatt before its card play), or a reader's own deal plays its tricks otherwise."""
    td = deal.trick_deal
    return td if isinstance(td, TrickDeal) else None

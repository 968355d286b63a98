"""The trick machine: one deal of any trick game as a state machine.

Kein Stich, Herzeln and Herzblatt all run on :class:`TrickDeal`; they differ only in
:class:`TrickRules` (rank order, an optional trump suit, the must-trump duties) and in the
scoring object that turns finished tricks into penalties or points. Hands are bitmasks of
card bits internally, which keeps random playouts fast; the public API speaks in
:class:`~keinstich.cards.Card` values.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.cards import (
    SUIT_CHUNKS,
    SUIT_MASKS,
    Card,
    Pack,
    Style,
    Suit,
    card,
    cards_of,
    pack,
    seeded_masks,
)
from keinstich.deal import IllegalPlay as IllegalPlay  # the refusal of every deal kind, public here too
from keinstich.deal import Machine, Move, Result, check_seat, named, read_hands
from keinstich.limits import check_whole, quoted
from keinstich.trick_playout import PlayOut
from keinstich.trick_rules import (
    NO_TRUMPS,
    Observation,
    Scoring,
    Trick,
    TrickRules,
    _overtake_table,
    forehand,
)
from keinstich.wording import Who

_SHIFT = (0, 13, 26, 39)
_SUIT_OF = tuple(i // 13 for i in range(52))  # a card index's suit as a plain int (faster than Suit)
_VOID_BIT = (1, 2, 4, 8)
_new_trick = tuple.__new__


_VOID_SETS: tuple[frozenset[Suit], ...] = tuple(frozenset(s for s in Suit if m >> s & 1) for m in range(16))


def _over_of(rules: TrickRules) -> tuple[int, ...]:
    """The overtake masks of ``rules`` (``_overtake_table``), remembered for the last rules asked."""
    global _LAST_OVER
    last = _LAST_OVER
    if last[0] is not rules:
        last = _LAST_OVER = (rules, _overtake_table(rules)[1])
    return last[1]


_LAST_OVER: tuple[object, tuple[int, ...]] = (None, ())


def _scores_tricks(c: object) -> bool:
    return isinstance(getattr(c, "rules", None), TrickRules) and callable(getattr(c, "score", None))


class TrickDeal(PlayOut, Machine):
    """One deal of tricks: ``turn``, ``legal()``, ``play(card)``, finished ``tricks``.

    ``hands`` are the hands as dealt, seat 0 first, clockwise; ``leader`` leads the first trick
    (forehand, the seat left of the dealer). A refused play raises :class:`IllegalPlay` and leaves
    the state unchanged; :meth:`why_illegal` gives the same reason without raising. ``pack`` is the
    id of the pack dealt from (:meth:`from_seed` and the games set it; None for hands typed without one).

    ``style`` is the style of the pack dealt from (``"german"`` or ``"french"``; :meth:`from_seed`
    takes it from the pack): the reasons name the suits as that pack does. Under
    ``rules.stop_when_decided`` the deal may end before the last trick (:attr:`ended_early`).
    """

    __slots__ = (
        "_dealt",
        "_decided",
        "_hands",
        "_led",
        "_over",
        "_simple",
        "_trick",
        "_trick_leader",
        "_tricks",
        "_turn",
        "_voids",
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
        self._tricks: list[Trick] = []
        self._voids = [0] * n
        self._over = _over_of(r)
        self._simple = r.trump is None and r.no_lead is None and r.forced_discard is None
        self._decided = getattr(contract, "decided", None) if r.stop_when_decided else None

    @classmethod
    def from_seed(cls, p: Pack | str, players: int, seed: int | str, contract: Scoring | None = None,
                  *, dealer: int | None = None, rules: TrickRules | None = None) -> TrickDeal:
        """Deal ``p`` to ``players`` from ``seed`` (see :func:`~keinstich.cards.deal_hands`).

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
        unit = getattr(self.contract, "unit", "pfennig")
        return Result(self.scores(), unit, tricks=self.tricks_won())

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

    # --- legality ------------------------------------------------------------------------------

    def _legal_mask(self, seat: int) -> int:
        hand = self._hands[seat]
        led = self._led
        if self._simple:
            return hand if led < 0 else (hand & SUIT_MASKS[led] or hand)
        rules = self.rules
        if led < 0:
            return (hand & ~SUIT_MASKS[rules.no_lead] or hand) if rules.no_lead is not None else hand
        follow = hand & SUIT_MASKS[led]
        trump = rules.trump
        best = self._best_trump()
        if follow:
            if best is not None and led == trump and (rules.must_overtrump_trump_lead
                                                      or rules.must_overtrump_always):
                return (follow & self._over[best.index]) or follow
            return follow
        forced = rules.forced_discard
        if forced is not None and hand & forced.bit:
            return forced.bit
        if trump is not None and hand & SUIT_MASKS[trump]:
            trumps = hand & SUIT_MASKS[trump]
            higher = trumps & self._over[best.index] if best is not None and rules.must_overtrump_always else 0
            if rules.must_trump:
                return higher or trumps
            if higher:  # trumping is a choice, but a trump must beat the highest so far
                return (hand & ~trumps) | higher
        return hand

    def _best_trump(self) -> Card | None:
        """The highest trump in the trick in progress, if any."""
        best = None
        for c in self._trick:
            if c.suit == self.rules.trump and (best is None or self._over[best.index] & c.bit):
                best = c
        return best

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may play (empty when the deal is over)."""
        s = self._turn
        if s < 0:
            return ()
        if self._simple:
            hand = self._hands[s]
            led = self._led
            if led >= 0:
                follow = SUIT_CHUNKS[led][hand >> _SHIFT[led] & 0x1FFF]
                if follow:
                    return follow
            return cards_of(hand)
        return cards_of(self._legal_mask(s))

    def legal_mask(self) -> int:
        """:meth:`legal` as a bitmask of card bits (for bots and solvers)."""
        return 0 if self._turn < 0 else self._legal_mask(self._turn)

    def why_illegal(self, move: Card | str, seat: int | None = None, *, style: Style | None = None,
                    you: bool = False) -> str | None:
        """Why card ``move`` may not be played now (by ``seat``, default the player to move), or None.

        ``style`` names the suits as the faces on the table do ("german": acorns, leaves, hearts, bells);
        by default as the pack dealt from (:attr:`style`). ``you`` words it for the learner in that seat
        ("you must follow leaves (you hold …)", see :mod:`keinstich.wording`)."""
        style = self.style if style is None else style
        try:
            c = card(move)
        except ValueError as e:
            return str(e)
        if self._turn < 0:
            if self.ended_early:
                return (f"the deal is over after {len(self._tricks)} of {self.total_tricks} tricks: "
                        "no further trick can change any score (stop_when_decided)")
            return f"the deal is over: all {self.total_tricks} tricks have been played"
        if seat is not None and seat != self._turn:
            return Who(seat, you, style).turn(self._turn)
        seat = self._turn
        who = Who(seat, you, style)
        hand = self._hands[seat]
        if not hand & c.bit:
            return f"{who.does('does not hold', 'do not hold')} {who.card(c)}"
        legal = self._legal_mask(seat)
        if legal & c.bit:
            return None
        held = who.holds(self._by_strength(legal))
        no = who.not_allowed(c)
        if self._led < 0:
            banned = self.rules.no_lead
            assert banned is not None
            return f"{who.does('may not')} lead {who.suit(banned)} while holding other suits ({held}){no}"
        led = Suit(self._led)
        trump = self.rules.trump
        best = self._best_trump()
        forced = self.rules.forced_discard
        if hand & SUIT_MASKS[led] and c.suit != led:
            return f"{who.does('must')} follow {who.suit(led)} ({held}){no}"
        if forced is not None and legal == forced.bit:
            return f"{who.does('has', 'have')} no {who.suit(led)} and must throw {who.card(forced)}{no}"
        if c.suit == trump and best is not None:
            if c.suit != led and not self.rules.must_trump:
                higher = who.holds(self._by_strength(legal & SUIT_MASKS[c.suit]))
                others = who.cards(self._by_strength(legal & ~SUIT_MASKS[c.suit]))
                return (f"{who.does('need not')} trump, but a trump must beat the highest trump so far, "
                        f"{who.card(best)} ({higher}; or play {others}){no}")
            return f"{who.does('must')} beat the highest trump so far, {who.card(best)} ({held}){no}"
        assert trump is not None
        return f"{who.does('has', 'have')} no {who.suit(led)} and must trump with {who.suit(trump)} ({held}){no}"

    def _by_strength(self, mask: int) -> list[Card]:
        strength = _overtake_table(self.rules)[0]
        return sorted(cards_of(mask), key=lambda x: (x.suit, strength[x.index]))

    # --- playing -------------------------------------------------------------------------------

    def play(self, move: Card | str, seat: int | None = None) -> Trick | None:
        """Play card ``move`` for the seat to move; returns the trick if this card finished one.

        With ``seat`` given, refuses a play out of turn. Raises :class:`IllegalPlay` (state unchanged).
        """
        c = move
        if c.__class__ is not Card:
            try:
                c = card(c)
            except ValueError as e:
                raise IllegalPlay(str(e)) from None
        s = self._turn
        if s < 0 or (seat is not None and seat != s):
            raise IllegalPlay(self.why_illegal(c, seat) or "not allowed")
        hands = self._hands
        hand = hands[s]
        led = self._led
        if self._simple:
            legal = hand if led < 0 else (hand & SUIT_MASKS[led] or hand)
        else:
            legal = self._legal_mask(s)
        bit = c.bit
        if not legal & bit:
            raise IllegalPlay(self.why_illegal(c) or "not allowed")
        # what _apply does, inlined for the card-by-card path
        hands[s] = hand ^ bit
        if led < 0:
            self._led = _SUIT_OF[c.index]
        elif not bit & SUIT_MASKS[led]:
            self._voids[s] |= _VOID_BIT[led]
        trick = self._trick
        trick.append(c)
        n = self.players
        if len(trick) < n:
            s += 1
            self._turn = s if s < n else 0
            return None
        return self._end_trick()

    def _apply(self, s: int, c: Card, *, last: bool = False) -> None:
        """Play a card already known to be legal for seat ``s``, the seat to move (``last``: and end the
        deal with it, as the kernel found)."""
        self._hands[s] ^= c.bit
        led = self._led
        if led < 0:
            self._led = _SUIT_OF[c.index]
        elif not c.bit & SUIT_MASKS[led]:
            self._voids[s] |= _VOID_BIT[led]
        trick = self._trick
        trick.append(c)
        n = self.players
        if len(trick) < n:
            s += 1
            self._turn = s if s < n else 0
        else:
            self._end_trick(last)

    def _end_trick(self, last: bool = False) -> Trick:
        """Close the full trick on the table: its winner takes it and leads next, or the deal is over
        (at its last trick, or with ``last``: as the kernel found)."""
        trick = self._trick
        n = len(trick)
        over = self._over
        beats = over[trick[0].index]
        win = 0
        for i in range(1, n):
            x = trick[i]
            if beats & x.bit:
                beats = over[x.index]
                win = i
        leader = self._trick_leader
        winner = leader + win
        if winner >= n:
            winner -= n
        tricks = self._tricks
        done = _new_trick(Trick, (len(tricks) + 1, leader, tuple(trick), winner))
        tricks.append(done)
        self._trick = []
        self._led = -1
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
        state = "over" if self.is_over else f"seat {self._turn} to play"
        cid = self.contract.id if self.contract is not None else "no contract"
        return f"<TrickDeal {cid}: {len(self._tricks)}/{self.total_tricks} tricks, {state}>"

    def _repr_html_(self) -> str:
        """Every hand open, the trick on the table, tricks taken and scores so far."""
        from keinstich.faces import trickdeal_html

        return trickdeal_html(self)


__all__ = ["NO_TRUMPS", "IllegalPlay", "Observation", "Scoring", "Trick", "TrickDeal", "TrickRules", "forehand"]

"""The lay-off (domino) deals: Kein Stich's Unteransetzen and Herzeln's Unteranlegen.

One state machine, :class:`DominoDeal`, plays both layouts (docs/rules.md §2.6 and §3.3):

- ``"rows"``: one row per suit, started by that suit's Unter (Jack) and built one card at a
  time up and down in the chosen rank order; with ``wrap`` a row may turn the corner.
- ``"chain"``: Herzeln's single two-ended chain of mixed suits, started by any Jack; each card
  is of the rank after the top end or before the bottom end in the cycle of the pack's ranks.

A player who can lay a card must (unless ``voluntary_pass``); one card per turn; turns pass
clockwise; players drop out as their hands empty; the deal ends when one player still holds
cards. The pack in use is whatever was dealt, so reduced packs (german-24, french-50, …) work:
a row simply ends at the lowest card of its suit that was dealt. Two choices of ours [DER]
keep every pack free of deadlock: a row joins the next card of its suit *that was dealt* (a pack
missing a middle card closes the gap instead of blocking the row; the named packs only lose
bottom cards, where this is exactly the rule), and the chain passes over a rank of which no
card is left to lay (with a full pack that never happens before the end; in french-50 the two
Twos run out early and the chain must pass over them).

Hands are bitmasks and the set of cards that fit the layout now (the *frontier*) is kept up to
date after every card, so a player's legal cards are ``hand & frontier``: random playouts are cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.cards import (
    ALL_CARDS,
    Card,
    Pack,
    Rank,
    Style,
    card,
    cards_of,
    mask_of,
    pack,
)
from keinstich.deal import PASS, End, IllegalPlay, Kind, Lay, Move, Refusal, Result, Unit, parse_move
from keinstich.dealing import deal_hands
from keinstich.layoff_layout import BOTTOM, CHOSEN, TOP, OpenLayout
from keinstich.layoff_playout import LayOffPlayOut
from keinstich.layoff_rules import (
    DOMINO,
    DOMINO_ANY,
    DOMINO_BELLS,
    DOMINO_CONTRACTS,
    DOMINO_HEARTS,
    DOMINO_LEAVES,
    HERZELN_DOMINO,
    PAYOUT_WEIGHTS,
    STAKE,
    START_CARDS,
    DominoContract,
    DominoError,
    DominoObservation,
    DominoRules,
    Layout,
    Order,
    Start,
    domino_contract,
    domino_value,
    herzeln_domino,
    payout_shares,
    payout_weights,
)
from keinstich.limits import check_whole, quoted
from keinstich.machine import Machine, check_seat, named, read_hands
from keinstich.tricks import forehand
from keinstich.wording.i18n import _
from keinstich.wording.names import layout_word

_END_CODES: dict[str | None, int] = {None: 0, "top": TOP, "bottom": BOTTOM}
_JACKS = mask_of(c for c in ALL_CARDS if c.rank is Rank.JACK)


# --- the deal ------------------------------------------------------------------------------------


def _lays_off(c: object) -> bool:
    return isinstance(getattr(c, "rules", None), DominoRules) and callable(getattr(c, "score", None))


class DominoDeal(OpenLayout, LayOffPlayOut, Machine):
    """One lay-off deal: ``turn``, ``legal()``, ``can_pass()``, ``play(card or None)``, ``finish_order``.

    ``hands`` are the hands as dealt, seat 0 first, clockwise; the cards dealt are the pack in
    use. ``leader`` is forehand (left of the dealer). With a fixed starting Unter its holder
    moves first whoever the leader is, and :attr:`first_leader` is that seat. A refused move
    raises :class:`~keinstich.tricks.IllegalPlay` and leaves the state unchanged; :meth:`why_illegal`
    gives the same reason without raising.

    In the chain, a card may fit both ends (its rank is the one missing from a full turn of the
    cycle); ``play(c, end="bottom")`` chooses the end, the default is the top. ``pack`` is the id of
    the pack dealt from (:meth:`from_seed` and the games set it; None for hands typed without one).

    ``style`` is the style of the pack dealt from (``"german"`` by default, :meth:`from_seed` takes
    the pack's): the reasons name cards and suits as that pack does (the Unter of Acorns, or the
    Jack of Clubs).
    """

    playing = "lay"
    kind = Kind.LAY_OFF

    __slots__ = (
        "_all",
        "_dealt",
        "_finish",
        "_hands",
        "_history",
        "_passes",
        "_turn",
        "contract",
        "first_leader",
        "forehand",
        "pack",
        "players",
        "pot",
        "rules",
        "style",
    )

    def __init__(self, hands: Sequence[Sequence[Card | str]], contract: DominoContract = DOMINO,
                 *, leader: int = 0, rules: DominoRules | None = None, style: Style = "german",
                 pack: str | None = None) -> None:
        dealt, masks = read_hands(hands, leader, style, DominoError, pack)
        n = len(dealt)
        everything = mask_of(c for h in dealt for c in h)
        self.style: Style = style
        contract = named(contract, n, _lays_off, "a lay-off deal", DominoError)
        if rules is not None and not isinstance(rules, DominoRules):
            raise DominoError(f"rules must be a DominoRules, or None for the contract's, not {quoted(rules)}")
        self.contract: DominoContract = contract
        self.pack = pack
        self.pot: int | None = None
        self.rules = rules if rules is not None else contract.rules
        self.players = n
        self.forehand = leader
        self._dealt = dealt
        self._open_layout(everything)
        self._hands = masks
        self._rest = self._all = everything
        start = self.rules.start_card
        holder = leader if start is None else next(s for s in range(n) if masks[s] & start.bit)
        self.first_leader = holder
        self._turn = holder
        self._history: list[tuple[int, Card | None, int]] = []
        self._finish: list[int] = []
        self._passes = [0] * n

    def with_hands(self, hands: Sequence[int]) -> DominoDeal:
        """A copy of this deal as it stands with other cards in the hands (masks, seat 0 first, the cards each seat
        holds now): a world a bot imagines for what it has not seen. The layout, passes and fees stay; only what is
        still to be laid changes hands, so the copy plays on (:meth:`playout`) but does not replay its history."""
        if sum(h.bit_count() for h in hands) != sum(h.bit_count() for h in self._hands) or \
                any(h & ~self._rest for h in hands):
            raise DominoError("the hands must hold exactly the cards not yet laid")
        new = self.copy()
        new._hands = list(hands)
        return new

    @classmethod
    def from_seed(cls, p: Pack | str, players: int, seed: int | str, contract: DominoContract = DOMINO,
                  *, dealer: int | None = None, rules: DominoRules | None = None) -> DominoDeal:
        """Deal ``p`` to ``players`` from ``seed``; ``dealer`` defaults to the last seat (seat 0 is forehand).
        The deal's :attr:`style` is the pack's."""
        check_whole("players", players, 2, error=DominoError)
        d = check_seat(dealer, players, DominoError, "dealer") if dealer is not None else players - 1
        p = pack(p)
        return cls(deal_hands(p, players, seed), contract, leader=forehand(d, players), rules=rules, style=p.style,
                   pack=p.id)

    # --- reading the state ---------------------------------------------------------------------

    @property
    def trick_deal(self) -> None:
        """None: a lay-off deal has no tricks."""
        return None

    def legal_moves(self) -> tuple[Move, ...]:
        """The cards that fit (a card that fits both ends of the chain or a wrapping row once per end,
        as a :class:`Lay`),
        and None when the seat may pass."""
        if self._turn < 0:
            return ()
        out: list[Move] = []
        for c in self.legal():
            if self._ends(c) == TOP | BOTTOM:
                out += [Lay(c, "top"), Lay(c, "bottom")]
            else:
                out.append(c)
        return (*out, None) if self._pass_allowed(self._turn) else tuple(out)

    def returns(self, seat: int) -> int:
        """What the deal is worth to ``seat``, higher better (:meth:`keinstich.deal.Deal.returns`): once over, its
        place's value less the pass fees it paid (:func:`domino_value`, whatever the pot); before, the fees paid."""
        s = check_seat(seat, self.players, DominoError)
        return domino_value(self.contract.points, self._finish, s, self.fees()) if self.is_over else -self.fees()[s]

    def result(self) -> Result:
        """By finishing place: the contract's points, or (a deal that pays out the pot) what each
        seat pays in pass fees less its share of the pot and the fees (set :attr:`pot` first)."""
        n = self.players
        places = tuple(self._finish.index(s) + 1 if s in self._finish else 0 for s in range(n))
        fees = self.fees()
        if self.contract.points is not None:
            scores = self.contract.score(self._finish) if self.is_over else (0,) * n
            return Result(scores, Unit.POINTS, places=places)
        if self.pot is None or not self.is_over:
            return Result(fees, Unit.PFENNIG, places=places,
                          text=_("pass fees only; set the deal's pot to see the payout") if self.pot is None else _(
                              "pass fees only"))
        shares = payout_shares(self.pot + sum(fees), self._finish, payout_weights(n))
        return Result(tuple(fees[s] - shares[s] for s in range(n)), Unit.PFENNIG, places=places,
                      text=_("the pot of {pot} and {fees} in pass fees paid out by place", pot=self.pot,
                             fees=sum(fees)))

    @property
    def started(self) -> bool:
        """Whether the first card has been laid."""
        return self._started()

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt."""
        return self._dealt

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds."""
        return cards_of(self._hands[check_seat(seat, self.players, DominoError)])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(m) for m in self._hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(m.bit_count() for m in self._hands)

    @property
    def plays(self) -> tuple[tuple[int, Card | None], ...]:
        """Every move so far as (seat, card), a pass as (seat, None)."""
        return tuple((s, c) for s, c, _x in self._history)

    @property
    def history(self) -> tuple[tuple[int, Card | Lay | None], ...]:
        """Every move as (seat, move): a card, a :class:`Lay` where the end was chosen between two,
        None for a pass. Replaying them with :meth:`play` rebuilds the deal, chain ends included."""
        return tuple((s, Lay(c, "top" if e & TOP else "bottom") if c is not None and e & CHOSEN else c)
                     for s, c, e in self._history)

    @property
    def lay_history(self) -> tuple[tuple[int, Card | None, End | None], ...]:
        """Every move as (seat, card or None, end): the end a card was laid at ("top"/"bottom"; None
        for a pass or a card that opened a row or the chain). Replaying it with
        ``play(card, seat, end=end)`` reproduces the deal exactly, chain ends included."""
        names: tuple[End | None, End | None, End | None] = (None, "top", "bottom")
        return tuple((s, c, names[e & ~CHOSEN]) for s, c, e in self._history)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Seats in the order they went out; when the deal is over, the last holder comes last."""
        return tuple(self._finish)

    def passes(self) -> tuple[int, ...]:
        """How many times each seat has passed."""
        return tuple(self._passes)

    def fees(self) -> tuple[int, ...]:
        """Pass fees paid so far per seat (``rules.pass_fee`` per pass)."""
        fee = self.rules.pass_fee
        return tuple(p * fee for p in self._passes)

    def scores(self, pot: int | None = None) -> tuple[int, ...]:
        """The result per seat once the deal is over: the contract's points by place, or, for a
        deal that pays out the pot, each seat's share of ``pot`` (:func:`payout_shares`).
        Pass fees are not included (see :meth:`fees`)."""
        if not self.is_over:
            raise DominoError("the deal is not over yet: scores follow the finishing order")
        if self.contract.points is not None:
            return self.contract.score(self._finish)
        if pot is None:
            raise DominoError(f"{self.contract.name} pays out the pot: call scores(pot)")
        return payout_shares(pot, self._finish)

    # --- legality ------------------------------------------------------------------------------

    def _pass_allowed(self, s: int) -> bool:
        if not self._hands[s] & self._front:
            return True
        return self.rules.voluntary_pass and (self.rules.start_card is None or self._started())

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may lay (empty: he must pass, or the deal is over)."""
        return () if self._turn < 0 else cards_of(self._hands[self._turn] & self._front)

    def legal_mask(self) -> int:
        """:meth:`legal` as a bitmask of card bits."""
        return 0 if self._turn < 0 else self._hands[self._turn] & self._front

    def can_pass(self) -> bool:
        """Whether the player to move may pass: he has no card that fits (or ``voluntary_pass``)."""
        return self._turn >= 0 and self._pass_allowed(self._turn)

    def moves(self) -> tuple[Card | None, ...]:
        """Legal moves for the player to move: his legal cards, and None if he may pass."""
        if self._turn < 0:
            return ()
        return self.legal() + ((None,) if self._pass_allowed(self._turn) else ())

    def why_illegal(self, move: Move | str, seat: int | None = None, *, end: End | None = None) -> Refusal | None:
        """Why ``move`` (a card, a :class:`Lay`, or None / "pass"; ``end`` the end chosen for a card) is not
        allowed now for ``seat``, as a :class:`~keinstich.deal.Refusal`, or None."""
        style = self.style
        try:
            c, end = self._read(_at(move, end))
        except IllegalPlay as e:
            return Refusal("unreadable", seat, style=style, text=str(e), given=move)
        if end not in _END_CODES:
            return Refusal("end", seat, style=style, end=end)
        if self._turn < 0:
            return Refusal("over-lay-off", seat, style=style, order=tuple(self._finish))
        s = self._turn
        start = self.rules.start_card
        opening = start is not None and not self._started()
        if seat is not None and seat != s:
            return Refusal("turn", seat, style=style, turn=s, card=c, start=start if opening else None,
                           deal_style=style)
        if c is None:
            if self._pass_allowed(s):
                return None
            if opening:
                return Refusal("must-start", s, style=style, start=start, deal_style=style)
            return Refusal("no-pass", s, style=style, holding=cards_of(self._hands[s] & self._front))
        if not self._hands[s] & c.bit:
            where = "" if self._rest & c.bit else "laid" if self._all & c.bit else "out"
            return Refusal("not-held", s, style=style, card=c, where=where)
        if opening:
            return None if c is start else Refusal("must-start", s, style=style, card=c, start=start,
                                                   deal_style=style)
        if self._front & c.bit:
            fits = self._ends(c)
            want = _END_CODES[end]
            if want and fits and not fits & want:
                return Refusal("wrong-end", s, style=style, card=c, end=end)
            return None
        return Refusal("no-fit", s, style=style, card=c, holding=cards_of(self._hands[s] & self._front),
                       **self._no_fit(c))

    # --- playing -------------------------------------------------------------------------------

    def play(self, move: Move | str, seat: int | None = None, *, end: End | None = None) -> None:
        """Lay a card, or pass with None (or "pass"), for the seat to move.

        With ``seat`` given, refuses a move out of turn. ``end`` chooses the end of the chain when
        a card fits both (as a :class:`Lay` does). Raises :class:`~keinstich.deal.IllegalPlay` (state
        unchanged).
        """
        Machine.play(self, _at(move, end), seat)

    def _read(self, move: Move | str) -> tuple[Card | None, End | None]:
        """(the card, or None for a pass; the end chosen, if any)."""
        end: End | None = None
        if isinstance(move, str) and "@" in move:  # a card at its end, as text: "9C@bottom"
            try:
                move = parse_move(move)
            except ValueError as e:
                raise IllegalPlay(str(e)) from None
        if isinstance(move, Lay):
            move, end = move
        if _passes(move):
            return None, end
        try:
            return card(move), end  # type: ignore[arg-type]
        except ValueError as e:
            raise IllegalPlay(str(e)) from None

    def _allows(self, seat: int, move: tuple[Card | None, End | None]) -> bool:
        return self.why_illegal(move[0], end=move[1]) is None

    def _record(self, s: int, move: tuple[Card | None, End | None]) -> None:
        """History as (seat, card or None, the end used: TOP, BOTTOM, or 0 for a pass or a card that opens a row
        or the chain; with ``CHOSEN`` where the card fitted both ends)."""
        c, end = move
        self._history.append((s, c, 0 if c is None else self._end_used(c, _END_CODES[end])))

    def _apply(self, s: int, move: tuple[Card | None, End | None]) -> None:
        c = move[0]
        if c is None:
            self._passes[s] += 1
            self._advance(s)
        else:
            self._lay(s, c, self._history[-1][2])

    def replay(self, seat: int, move: Card | None, end: End | None = None) -> None:
        """Play ``move`` for ``seat``, the seat to move, as already seen played (a bot replaying observed
        play on guessed hands): recorded and applied without :meth:`play`'s checks, which it passed once."""
        self._record(seat, (move, end))
        self._apply(seat, (move, end))

    def _lay(self, s: int, c: Card, used: int) -> None:
        """Lay a card known to be legal for the seat to move at the end ``used`` (:meth:`_end_used`)."""
        self._hands[s] ^= c.bit
        self._place(c, used)
        if not self._hands[s]:
            self._finish.append(s)
            if len(self._finish) == self.players - 1:
                self._finish.append(next(t for t in range(self.players) if self._hands[t]))
                self._turn = -1
                return
        self._advance(s)

    def _advance(self, s: int) -> None:
        hands, n = self._hands, self.players
        t = s
        for _step in range(n):
            t = t + 1 if t + 1 < n else 0
            if hands[t]:
                self._turn = t
                return
        raise AssertionError("no player holds cards but the deal is not over")  # pragma: no cover

    def _fresh(self) -> DominoDeal:
        fresh = DominoDeal(self._dealt, self.contract, leader=self.forehand, rules=self.rules, style=self.style,
                           pack=self.pack)
        fresh.pot = self.pot
        return fresh

    def observation(self, seat: int) -> DominoObservation:
        """What ``seat`` can see: its own hand, the open layout and moves, the hand sizes."""
        check_seat(seat, self.players, DominoError)
        mine = self._turn == seat
        return DominoObservation(
            seat=seat, players=self.players, hand=cards_of(self._hands[seat]),
            legal=self.legal() if mine else (), can_pass=mine and self.can_pass(), turn=self.turn,
            layout=self.layout, plays=self.plays, hand_sizes=self.hand_sizes,
            finish_order=self.finish_order, fees=self.fees(), rules=self.rules, in_play=cards_of(self._all),
            style=self.style)

    # --- display -------------------------------------------------------------------------------

    def __str__(self) -> str:
        out = ", ".join(map(str, self._finish))
        if self.is_over:
            state = _("over; went out: {seats}", seats=out)
        elif self._finish:
            state = _("seat {n} to move; out so far: {seats}", n=self._turn, seats=out)
        else:
            state = _("seat {n} to move", n=self._turn)
        return f"{self.layout_text()}\n{state}"

    def __repr__(self) -> str:
        laid = sum(1 for _x, c, _x in self._history if c is not None)
        layout = layout_word(self.rules.layout)
        # TRANSLATORS: a lay-off deal in short (a notebook's plain text): "<DominoDeal domino (rows): 7 cards laid,
        # seat 1 to move>"; "domino" is the contract's id (code), "rows" the layout's name (already translated)
        return (_("<DominoDeal {contract} ({layout}): {laid} cards laid, over>", contract=self.contract.id,
                  layout=layout, laid=laid) if self.is_over else
                _("<DominoDeal {contract} ({layout}): {laid} cards laid, seat {seat} to move>",
                  contract=self.contract.id, layout=layout, laid=laid, seat=self._turn))

    def _repr_html_(self) -> str:
        """The layout (rows or chain) with its open ends, every hand open, passes and places."""
        from keinstich.pictures import html

        return html("lay-off-deal", self)


def _passes(move: object) -> bool:
    """Whether ``move`` is a pass: None, or the word "pass"."""
    return move is None or (isinstance(move, str) and move.strip().lower() == PASS)


def _at(move: Move | str, end: End | None) -> Move | str:
    """A card given with its ``end`` apart (``play(c, end="bottom")``) as the :class:`Lay` it means: read as
    any move is, card and end alike. A pass, or a Lay, keeps its own."""
    if end is None or isinstance(move, Lay) or _passes(move):
        return move
    return Lay(move, end)  # type: ignore[arg-type]  # a code is read with the Lay


__all__ = ["DOMINO", "DOMINO_ANY", "DOMINO_BELLS", "DOMINO_CONTRACTS", "DOMINO_HEARTS", "DOMINO_LEAVES",
           "HERZELN_DOMINO", "PAYOUT_WEIGHTS", "STAKE", "START_CARDS", "DominoContract", "DominoDeal", "DominoError",
           "DominoObservation", "DominoRules", "End", "Lay", "Layout", "Move", "Order", "Start", "domino_contract",
           "domino_value", "herzeln_domino", "payout_shares", "payout_weights"]

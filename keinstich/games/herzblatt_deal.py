"""One Herzblatt deal (docs/rules.md §4): what a seat observes, and :class:`HerzblattDeal`, which runs the
phases around the tricks and plays the tricks on the same :class:`~keinstich.tricks.TrickDeal` as Kein
Stich. Its moves (answers, the discard and Muhr's calls, moves like cards) are :mod:`keinstich.deal`'s.
:mod:`keinstich.games.herzblatt` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from keinstich.cards import Card, Style, card, cards_of, mask_of
from keinstich.deal import (
    Announce,
    Announcement,
    Ask,
    Contra,
    Discard,
    IllegalPlay,
    Kind,
    Move,
    Re,
    Refusal,
    Result,
    Unit,
    parse_move,
)
from keinstich.dealing import deal_hands
from keinstich.games.herzblatt_observation import HerzblattObservation
from keinstich.games.herzblatt_rules import (
    SKAT,
    HerzblattError,
    HerzblattRules,
    Phase,
    Settlement,
    card_points,
    settle,
)
from keinstich.hand_text import hands_from_text
from keinstich.i18n import _
from keinstich.machine import Machine, check_seat, named
from keinstich.tricks import Trick, TrickDeal, forehand
from keinstich.wording.refusals import phase_name

if TYPE_CHECKING:
    from keinstich.contracts import Contract


# --- the deal ------------------------------------------------------------------------------------


class IllegalMove(HerzblattError, IllegalPlay):
    """A Herzblatt move the deal refuses (a :class:`HerzblattError` and an :class:`IllegalPlay`)."""


_PHASE_OF: dict[type, tuple[Phase, str]] = {
    Ask: ("asking", "ask"), Discard: ("discard", "discard"), Announce: ("announce", "announce"),
    Contra: ("contra", "say contra"), Re: ("re", "say re")}
"""Per call, the phase it belongs to and what a seat does with it (for refusals)."""
_ANNOUNCED = {None: None, "": None, "none": None, "66": "66", "du": "du"}


class HerzblattDeal(Machine):
    """One Herzblatt deal through its phases: asking, discard, (Muhr: announce, contra, re), play, over.

    ``hands`` are dealt seat 0 first, clockwise, ``skat`` the two cards set aside; forehand (left
    of ``dealer``) leads the first trick whoever plays. ``turn`` is the seat to act in every
    phase. Every move is played with :meth:`play` (:class:`~keinstich.deal.Ask`, ``Discard``, ``Announce``,
    ``Contra``, ``Re``, or a card); :meth:`ask`, :meth:`discard`, :meth:`announce`, :meth:`contra` and
    :meth:`redouble` say the same in words. A refused move raises :class:`IllegalMove` (a
    :class:`HerzblattError` and an :class:`IllegalPlay`) and leaves the state unchanged.
    """

    kind = Kind.HERZBLATT

    __slots__ = (
        "_history",
        "_phase",
        "_redeal",
        "_turn",
        "announcement",
        "answers",
        "asking_order",
        "contra_answers",
        "contra_by",
        "dealer",
        "dealt",
        "discards",
        "forehand",
        "players",
        "re",
        "rules",
        "skat",
        "soloist",
        "trick_deal",
    )
    refused = IllegalMove
    _nested = ("trick_deal",)
    game = "herzblatt"
    style: Style = "french"

    def __init__(self, hands: Sequence[Sequence[Card | str]], skat: Sequence[Card | str],
                 rules: HerzblattRules | None = None, *, dealer: int | None = None) -> None:
        r = _rules(rules) if rules is not None else HerzblattRules(players=len(hands))
        n = r.players
        if len(hands) != n:
            raise HerzblattError(f"the rules are for {n} players but {len(hands)} hands were given")
        d = n - 1 if dealer is None else check_seat(dealer, n, HerzblattError, "dealer")
        dealt = tuple(tuple(card(c) for c in h) for h in hands)
        sk = tuple(card(c) for c in skat)
        size = r.hand_size
        for seat, h in enumerate(dealt):
            if len(h) != size:
                raise HerzblattError(f"seat {seat} has {len(h)} cards; with {n} players each hand needs {size}")
        if len(sk) != SKAT:
            raise HerzblattError(f"the skat has {len(sk)} cards; it needs {SKAT}")
        every = [c for h in dealt for c in h] + list(sk)
        if mask_of(every) != r.pack.mask or len(every) != len(r.pack):
            raise HerzblattError(f"hands and skat must hold every card of the {r.pack.id} pack exactly once")
        self.rules = r
        self.players = n
        self.dealer = d
        self.forehand = forehand(d, n)
        self.asking_order = r.asking_order(d)
        self.dealt = dealt
        self.skat = sk
        self.answers: list[tuple[int, bool]] = []
        self.soloist: int | None = None
        self.discards: tuple[Card, Card] | None = None
        self.announcement: Announcement | None = None
        self.contra_answers: list[tuple[int, bool]] = []
        self.contra_by: int | None = None
        self.re: bool = False
        self.trick_deal: TrickDeal | None = None
        self._phase: Phase = "asking"
        self._redeal = False
        self._history: list[tuple[int, Move]] = []
        self._turn = self.asking_order[0]

    @classmethod
    def from_seed(cls, seed: int | str, rules: HerzblattRules | None = None, *,
                  dealer: int | None = None) -> HerzblattDeal:
        """Deal the rules' pack from ``seed`` (see :func:`~keinstich.dealing.deal_hands`), skat last."""
        r = _rules(rules)
        *hands, skat = deal_hands(r.pack, r.players, seed, skat=SKAT)
        return cls(hands, skat, r, dealer=dealer)

    @classmethod
    def from_text(cls, text: str, rules: HerzblattRules | None = None, *,
                  dealer: int | None = None) -> HerzblattDeal:
        """Hands typed one line per seat, then a line ``skat: …`` (see :func:`hands_from_text`)."""
        r = _rules(rules)
        try:
            *hands, skat = hands_from_text(text, r.pack, r.players, skat=SKAT)
        except ValueError as e:
            raise HerzblattError(str(e)) from None
        return cls(hands, skat, r, dealer=dealer)

    def _fresh(self) -> HerzblattDeal:
        return HerzblattDeal(self.dealt, self.skat, self.rules, dealer=self.dealer)

    # --- reading the state ---------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def pack(self) -> str:
        """The id of the pack dealt from: the rules' (its removal rule and player count)."""
        return self.rules.pack.id

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as (seat, move): answers, the discard, calls and cards."""
        return tuple(self._history)

    def legal_moves(self) -> tuple[Move, ...]:
        """What the seat to act may do in this phase (every pair of cards when discarding)."""
        ph = self._phase
        if ph == "asking":
            return (Ask(True), Ask(False))
        if ph == "discard":
            assert self.soloist is not None
            held = self.hand(self.soloist)
            return tuple(Discard(a, b) for i, a in enumerate(held) for b in held[i + 1:])
        if ph == "announce":
            return (Announce(None), Announce("66"), Announce("du"))
        if ph == "contra":
            return (Contra(False), Contra(True))
        if ph == "re":
            return (Re(False), Re(True))
        return self.legal()

    @property
    def outcome(self) -> Literal["redeal", "won", "lost"] | None:
        """None while the deal runs; then "redeal" (all passed) or whether the soloist won."""
        if self._phase != "over":
            return None
        if self._redeal:
            return "redeal"
        return "won" if self.settlement().won else "lost"

    @property
    def contra_eligible(self) -> tuple[int, ...]:
        """Defenders who may say contra (Muhr): those after the soloist in the asking order, never asked."""
        if self.soloist is None or not self.answers or not self.answers[-1][1]:
            return ()
        i = self.asking_order.index(self.soloist)
        return self.asking_order[i + 1:]

    def _seat_to_act(self) -> int:
        """The seat to act in the phase the deal is in (-1 when it is over)."""
        ph = self._phase
        if ph == "asking":
            return self.asking_order[len(self.answers)]
        if ph == "contra":
            return self.contra_eligible[len(self.contra_answers)]
        if ph == "play":
            assert self.trick_deal is not None
            return self.trick_deal._turn
        if ph == "over":
            return -1
        assert self.soloist is not None
        return self.soloist

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the soloist with the skat while he discards)."""
        check_seat(seat, self.players, HerzblattError)
        if self.trick_deal is not None:
            return self.trick_deal.hand(seat)
        if self._phase == "discard" and seat == self.soloist:
            return cards_of(mask_of(self.dealt[seat]) | mask_of(self.skat))
        return self.dealt[seat]

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may play (empty outside the play phase)."""
        return self.trick_deal.legal() if self._phase == "play" and self.trick_deal is not None else ()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.trick_deal.tricks if self.trick_deal is not None else ()

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table as (seat, card); empty before the card play."""
        return self.trick_deal.trick if self.trick_deal is not None else ()

    @property
    def total_tricks(self) -> int:
        """The tricks of the card play (0 until the soloist has discarded)."""
        return self.trick_deal.total_tricks if self.trick_deal is not None else 0

    @property
    def contract(self) -> Contract:
        """The card-point count the tricks are scored with (:attr:`HerzblattRules.contract`)."""
        return self.rules.contract

    def card_points(self) -> tuple[int, ...]:
        """Card points per seat so far: tricks won, plus the discards for the soloist."""
        pts = list(self.trick_deal.scores()) if self.trick_deal is not None else [0] * self.players
        if self.soloist is not None and self.discards is not None:
            pts[self.soloist] += card_points(self.discards)
        return tuple(pts)

    @property
    def soloist_points(self) -> int | None:
        return None if self.soloist is None else self.card_points()[self.soloist]

    def observation(self, seat: int) -> HerzblattObservation:
        """What ``seat`` can see now (for bots and policies): no other hand, no foreign skat."""
        own = seat == self.soloist and self._phase != "asking"
        return HerzblattObservation(
            seat=seat, players=self.players, dealer=self.dealer, rules=self.rules, phase=self._phase,
            turn=self.turn, hand=self.hand(seat), legal=self.legal() if self.turn == seat else (),
            answers=tuple(self.answers), soloist=self.soloist, skat=self.skat if own else (),
            discards=self.discards if own and self.discards is not None else (),
            announcement=self.announcement, contra_eligible=self.contra_eligible, contra_by=self.contra_by,
            re=self.re, trick=self.trick_deal.observation(seat) if self.trick_deal is not None else None)

    # --- moves: read, checked, recorded and applied by Machine.play -------------------------------

    def _read(self, move: Move | str) -> Move:
        """A move as the deal records it: text read (:func:`~keinstich.deal.parse_move`), a discard's codes as
        cards, an announcement as ``"66"``, ``"du"`` or None; what cannot be read is left for the refusal."""
        if isinstance(move, str):
            try:
                return parse_move(move)
            except ValueError:
                raise self.refused(str(self.why_illegal(move))) from None
        if isinstance(move, Discard):
            try:
                return Discard(card(move.first), card(move.second))
            except ValueError:
                return move
        if isinstance(move, Announce) and move.call is not None:
            said = str(move.call).strip().lower()
            return Announce(_ANNOUNCED[said]) if said in _ANNOUNCED else move  # type: ignore[arg-type]
        return move

    def why_illegal(self, move: Move | str, seat: int | None = None) -> Refusal | None:
        """Why ``move`` is refused now, as a :class:`~keinstich.deal.Refusal`, or None: a card by the rules of
        the trick (in the play phase), a call by its phase, its turn and its value."""
        if isinstance(move, str):
            text = move
            try:
                move = parse_move(text)
            except ValueError as e:
                why = str(e)
                if text.strip().lower() not in ("pass",) and "@" not in text and " " not in text.strip():
                    try:  # a word that is no move: a card code, as a card play would read it
                        card(text)
                    except ValueError as bad:
                        why = str(bad)
                return Refusal("unreadable", seat, text=why, given=text)
        if isinstance(move, Card):
            if self._phase == "play" and self.trick_deal is not None:
                return self.trick_deal.why_illegal(move, seat)
            return Refusal("no-card-now", seat, phase=self._phase)
        kind = _PHASE_OF.get(type(move))
        if kind is None:
            return Refusal("not-a-move", seat, value=move)
        phase, what = kind
        if self._phase != phase:
            if what == "ask" and self.soloist is not None:
                return Refusal("second-soloist", seat, soloist=self.soloist)
            return Refusal("phase", seat, what=what, phase=self._phase, turn=self.turn)
        s = self._turn
        if seat is not None and seat != s:
            return Refusal("turn-to", seat, what=what, turn=s)
        if isinstance(move, Ask | Contra | Re):
            value = move[0]
            return None if isinstance(value, bool) else Refusal("answer", s, what=what, value=value)
        if isinstance(move, Announce):
            return None if move.call in (None, "66", "du") else Refusal("announce", s, value=move.call)
        try:
            a, b = card(move.first), card(move.second)  # type: ignore[union-attr]
        except ValueError as e:
            return Refusal("unreadable", s, text=str(e), given=move)
        held = self.hand(s)
        for c in (a, b):
            if c not in held:
                return Refusal("discard-not-held", s, card=c, holding=held)
        return Refusal("discard-twice", s, card=a) if a is b else None

    read_as_is = Card

    def _allows(self, seat: int, move: Move) -> bool:
        if move.__class__ is Card and self._phase == "play":
            assert self.trick_deal is not None
            return self.trick_deal._allows(seat, move)
        return self.why_illegal(move) is None

    def _record(self, seat: int, move: Move) -> None:
        self._history.append((seat, move))

    def _apply(self, seat: int, move: Move) -> Trick | None:
        done: Trick | None = None
        if isinstance(move, Card):
            assert self.trick_deal is not None
            done = self.trick_deal._apply(seat, move)  # checked by _allows: the card machine's turn and rules
            if self.trick_deal.is_over:
                self._phase = "over"
        elif isinstance(move, Ask):
            self.answers.append((seat, move.play))
            if move.play:
                self.soloist = seat
                self._phase = "discard"
            elif len(self.answers) == self.players:
                if self.rules.all_pass == "dealer_plays":
                    self.soloist = self.dealer
                    self._phase = "discard"
                else:
                    self._redeal = True
                    self._phase = "over"
        elif isinstance(move, Discard):
            a, b = move
            self.discards = (a, b)
            hands = [list(h) for h in self.dealt]
            hands[seat] = [c for c in self.hand(seat) if c is not a and c is not b]
            self.trick_deal = TrickDeal(hands, self.rules.contract, leader=self.forehand, style=self.rules.pack.style)
            self._phase = "announce" if self.rules.muhr else "play"
        elif isinstance(move, Announce):
            self.announcement = move.call
            self._phase = "contra" if self.contra_eligible else "play"
        elif isinstance(move, Contra):
            self.contra_answers.append((seat, move.yes))
            if move.yes:
                self.contra_by = seat
                self._phase = "re"
            elif len(self.contra_answers) == len(self.contra_eligible):
                self._phase = "play"
        elif isinstance(move, Re):
            self.re = move.yes
            self._phase = "play"
        self._turn = self._seat_to_act()
        return done

    def play(self, move: Move | str, seat: int | None = None) -> Trick | None:
        """Make any move: an :class:`~keinstich.deal.Ask`, ``Discard``, ``Announce``, ``Contra`` or ``Re`` in its
        phase, or a card in the trick phase (returns the trick it finished, if any); or any of them as its text
        (:func:`~keinstich.deal.move_code`: ``"solo"``, ``"discard 7C 8C"``, ``"QS"`` …)."""
        done: Trick | None = Machine.play(self, move, seat)
        return done

    def ask(self, seat_says_play: bool, seat: int | None = None) -> None:
        """The seat asked answers: play (becomes soloist) or pass."""
        self.play(Ask(seat_says_play), seat)

    def discard(self, c1: Card | str, c2: Card | str, seat: int | None = None) -> None:
        """The soloist, holding his hand and the skat, lays two cards away (they count for him)."""
        self.play(Discard(c1, c2), seat)  # type: ignore[arg-type]  # codes are read as cards

    def announce(self, call: str | None = None, seat: int | None = None) -> None:
        """Muhr: the soloist announces nothing (None), "66" or "du" (all tricks)."""
        self.play(Announce(call), seat)  # type: ignore[arg-type]  # read as "66", "du" or nothing

    def contra(self, says_contra: bool, seat: int | None = None) -> None:
        """Muhr: an eligible defender doubles (contra) or not; one contra is enough."""
        self.play(Contra(says_contra), seat)

    def redouble(self, says_re: bool, seat: int | None = None) -> None:
        """Muhr: the soloist answers a contra with re (doubles again) or not."""
        self.play(Re(says_re), seat)

    # --- result --------------------------------------------------------------------------------

    def settlement(self) -> Settlement:
        """Stakes per seat (zero-sum) and the reason, once the deal is over."""
        if self._phase != "over":
            raise HerzblattError(f"the deal is not over yet (phase {self._phase}); settle after the last trick")
        if self._redeal:
            return Settlement((0,) * self.players, _("all passed: redeal with the next dealer, no stakes"))
        assert self.soloist is not None and self.trick_deal is not None
        won = self.trick_deal.tricks_won()
        pts = self.soloist_points
        assert pts is not None
        return settle(self.rules, self.soloist, pts, won[self.soloist], self.trick_deal.total_tricks,
                      announcement=self.announcement, contra=self.contra_by is not None, re=self.re)

    def result(self) -> Result:
        """The settlement's stakes once over (zeros before); from the card play on, tricks, role and card
        points per seat. A role is an id, "soloist", "defender" or "redeal" (all passed), the same in every
        language (a simulation's frame keys on it); :func:`~keinstich.wording.names.role_word` says it."""
        n = self.players
        over = self._phase == "over"
        stakes, text = (self.settlement().stakes, self.settlement().explanation) if over else (
            (0,) * n, _("the deal is in the {phase} phase", phase=phase_name(self._phase)))
        if self.trick_deal is None or self.soloist is None:
            return Result(stakes, Unit.STAKES, columns={"role": ("redeal",) * n,
                                                     "card_points": (None,) * n} if over else {}, text=text)
        roles = tuple("soloist" if s == self.soloist else "defender" for s in range(n))
        return Result(stakes, Unit.STAKES, tricks=self.trick_deal.tricks_won(),
                      columns={"role": roles, "card_points": self.card_points()}, text=text)

    def __repr__(self) -> str:
        from keinstich.wording.refusals import phase_name

        phase = phase_name(self._phase)
        if self.soloist is None:
            # TRANSLATORS: a Herzblatt deal in short (a notebook's plain text): "<HerzblattDeal 3p dealer 2: asking>",
            # 3 players, seat 2 dealt; {phase} is the phase's name (context "phase")
            return _("<HerzblattDeal {players}p dealer {dealer}: {phase}>", players=self.players, dealer=self.dealer,
                     phase=phase)
        # TRANSLATORS: as above, with the soloist's seat: "<HerzblattDeal 3p dealer 2, soloist 0: play>"
        return _("<HerzblattDeal {players}p dealer {dealer}, soloist {soloist}: {phase}>", players=self.players,
                 dealer=self.dealer, soloist=self.soloist, phase=phase)

    def _repr_html_(self) -> str:
        """Phase, every hand and the skat open, the trick on the table, card points, the settlement."""
        from keinstich.pictures import html

        return html("herzblatt-deal", self)


def _rules(rules: HerzblattRules | str | None) -> HerzblattRules:
    """The rules given, a preset's by its id ("herzblatt-3"), or the defaults."""
    if rules is None:
        return HerzblattRules()
    return named(rules, None, lambda c: isinstance(c, HerzblattRules), "Herzblatt's rules",  # type: ignore[no-any-return]
                 HerzblattError, "rules")

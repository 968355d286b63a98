"""One Herzblatt deal (docs/rules.md §4): its moves (answers, the discard and Muhr's calls are moves
like cards), what a seat observes, and :class:`HerzblattDeal`, which runs the phases around the
tricks and plays the tricks on the same :class:`~keinstich.tricks.TrickDeal` as Kein Stich.
:mod:`keinstich.games.herzblatt` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from keinstich.cards import Card, Style, card, cards_of, deal_hands, hands_from_text, mask_of
from keinstich.deal import IllegalPlay, Move, Result, check_seat, named
from keinstich.games.herzblatt_rules import (
    SKAT,
    Announcement,
    HerzblattError,
    HerzblattRules,
    Phase,
    Settlement,
    card_points,
    settle,
)
from keinstich.tricks import Observation, Trick, TrickDeal, forehand

if TYPE_CHECKING:
    from keinstich.contracts import Contract
    from keinstich.records import Record


# --- the moves: answers and calls are moves like cards ---------------------------------------------


class Ask(NamedTuple):
    """The seat asked answers: play (become the soloist) or pass."""

    play: bool

    def __str__(self) -> str:
        return "play" if self.play else "pass"


class Discard(NamedTuple):
    """The soloist lays two cards away after taking the skat."""

    first: Card
    second: Card

    def __str__(self) -> str:
        return f"discard {self.first.code} {self.second.code}"


class Announce(NamedTuple):
    """Muhr: the soloist announces nothing (None), "66" or "du" (all tricks)."""

    call: Announcement | None

    def __str__(self) -> str:
        return f"announce {self.call}" if self.call else "announce nothing"


class Contra(NamedTuple):
    """Muhr: an eligible defender doubles (contra) or not."""

    yes: bool

    def __str__(self) -> str:
        return "contra" if self.yes else "no contra"


class Re(NamedTuple):
    """Muhr: the soloist answers a contra with re or not."""

    yes: bool

    def __str__(self) -> str:
        return "re" if self.yes else "no re"


# --- the deal ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HerzblattObservation:
    """What one seat knows in a Herzblatt deal: its hand, the open calls and play. Nothing hidden:
    the skat and the discards appear only in the soloist's own observation."""

    kind: ClassVar[Literal["herzblatt"]] = "herzblatt"
    """Which view this is (see :meth:`~keinstich.deal.Deal.observation`): a seat in a Herzblatt deal."""

    seat: int
    players: int
    dealer: int
    rules: HerzblattRules
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    answers: tuple[tuple[int, bool], ...]
    soloist: int | None
    skat: tuple[Card, ...]
    discards: tuple[Card, ...]
    announcement: Announcement | None
    contra_eligible: tuple[int, ...]
    contra_by: int | None
    re: bool
    trick: Observation | None = field(repr=False, default=None)



class HerzblattDeal:
    """One Herzblatt deal through its phases: asking, discard, (Muhr: announce, contra, re), play, over.

    ``hands`` are dealt seat 0 first, clockwise, ``skat`` the two cards set aside; forehand (left
    of ``dealer``) leads the first trick whoever plays. ``turn`` is the seat to act in every
    phase. A refused move raises :class:`HerzblattError` (a card play :class:`IllegalPlay`) and
    leaves the state unchanged.
    """

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

    @classmethod
    def from_seed(cls, seed: int | str, rules: HerzblattRules | None = None, *,
                  dealer: int | None = None) -> HerzblattDeal:
        """Deal the rules' pack from ``seed`` (see :func:`~keinstich.cards.deal_hands`), skat last."""
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

    # --- reading the state ---------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    over = is_over
    game = "herzblatt"
    style: Style = "french"

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

    @property
    def turn(self) -> int | None:
        """The seat to act now, in whatever phase (None when the deal is over)."""
        ph = self._phase
        if ph == "asking":
            return self.asking_order[len(self.answers)]
        if ph == "contra":
            return self.contra_eligible[len(self.contra_answers)]
        if ph == "play":
            assert self.trick_deal is not None
            return self.trick_deal.turn
        if ph == "over":
            return None
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

    def why_illegal(self, move: Move, seat: int | None = None, *, style: Style | None = None,
                    you: bool = False) -> str | None:
        """Why ``move`` is refused now, or None (``style`` names the suits, ``you`` speaks to the learner in
        ``seat``: see TrickDeal.why_illegal)."""
        if self._phase == "play" and self.trick_deal is not None and isinstance(move, Card | str):
            return self.trick_deal.why_illegal(move, seat, style=style or self.style, you=you)
        if isinstance(move, Card | str) and not isinstance(move, Ask | Discard | Announce | Contra | Re):
            return f"no card may be played in the {self._phase} phase"
        trial = self.copy()
        try:
            trial.play(move, seat)
        except ValueError as e:
            return str(e)
        return None

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

    # --- moves ---------------------------------------------------------------------------------

    def _check(self, phase: Phase, seat: int | None, what: str) -> int:
        if self._phase != phase:
            if what == "ask" and self.soloist is not None:
                raise HerzblattError(f"seat {self.soloist} is already the soloist; there is no second soloist")
            raise HerzblattError(f"cannot {what} now: the deal is in the {self._phase} phase"
                                 + (f" (seat {self.turn} to act)" if self.turn is not None else ""))
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise HerzblattError(f"it is seat {turn}'s turn to {what}, not seat {seat}'s")
        return turn

    def ask(self, seat_says_play: bool, seat: int | None = None) -> None:
        """The seat asked answers: play (becomes soloist) or pass."""
        s = self._check("asking", seat, "ask")
        _yes_or_no(seat_says_play, f"seat {s} answers True (play) or False (pass)")
        self.answers.append((s, seat_says_play))
        self._history.append((s, Ask(seat_says_play)))
        if seat_says_play:
            self.soloist = s
            self._phase = "discard"
        elif len(self.answers) == self.players:
            if self.rules.all_pass == "dealer_plays":
                self.soloist = self.dealer
                self._phase = "discard"
            else:
                self._redeal = True
                self._phase = "over"

    def discard(self, c1: Card | str, c2: Card | str, seat: int | None = None) -> None:
        """The soloist, holding his hand and the skat, lays two cards away (they count for him)."""
        s = self._check("discard", seat, "discard")
        try:
            a, b = card(c1), card(c2)
        except ValueError as e:
            raise HerzblattError(str(e)) from None
        held = self.hand(s)
        for c in (a, b):
            if c not in held:
                raise HerzblattError(f"seat {s} does not hold {c.code}; discard two of "
                                     + " ".join(x.code for x in held))
        if a is b:
            raise HerzblattError(f"discard two different cards, not {a.code} twice")
        self.discards = (a, b)
        self._history.append((s, Discard(a, b)))
        hands = [list(h) for h in self.dealt]
        hands[s] = [c for c in held if c is not a and c is not b]
        self.trick_deal = TrickDeal(hands, self.rules.contract, leader=self.forehand, style=self.rules.pack.style)
        self._phase = "announce" if self.rules.muhr else "play"

    def announce(self, call: str | None = None, seat: int | None = None) -> None:
        """Muhr: the soloist announces nothing (None), "66" or "du" (all tricks)."""
        s = self._check("announce", seat, "announce")
        said = None if call is None else str(call).strip().lower()
        if said not in (None, "", "none", "66", "du"):
            raise HerzblattError(f"seat {s} may announce None, '66' or 'du', not {call!r}")
        self.announcement = "66" if said == "66" else "du" if said == "du" else None
        self._history.append((s, Announce(self.announcement)))
        self._phase = "contra" if self.contra_eligible else "play"

    def contra(self, says_contra: bool, seat: int | None = None) -> None:
        """Muhr: an eligible defender doubles (contra) or not; one contra is enough."""
        s = self._check("contra", seat, "say contra")
        _yes_or_no(says_contra, f"seat {s} answers True (contra) or False (no contra)")
        self.contra_answers.append((s, says_contra))
        self._history.append((s, Contra(says_contra)))
        if says_contra:
            self.contra_by = s
            self._phase = "re"
        elif len(self.contra_answers) == len(self.contra_eligible):
            self._phase = "play"

    def redouble(self, says_re: bool, seat: int | None = None) -> None:
        """Muhr: the soloist answers a contra with re (doubles again) or not."""
        s = self._check("re", seat, "say re")
        _yes_or_no(says_re, f"seat {s} answers True (re) or False (no re)")
        self.re = says_re
        self._history.append((s, Re(self.re)))
        self._phase = "play"

    def play(self, move: Move, seat: int | None = None) -> Trick | None:
        """Make any move: an :class:`Ask`, :class:`Discard`, :class:`Announce`, :class:`Contra` or
        :class:`Re` in its phase, or a card in the trick phase (returns the trick it finished, if any)."""
        if isinstance(move, Ask):
            self.ask(move.play, seat)
        elif isinstance(move, Discard):
            self.discard(move.first, move.second, seat)
        elif isinstance(move, Announce):
            self.announce(move.call, seat)
        elif isinstance(move, Contra):
            self.contra(move.yes, seat)
        elif isinstance(move, Re):
            self.redouble(move.yes, seat)
        elif isinstance(move, Card | str):
            return self._play_card(move, seat)
        else:
            raise HerzblattError(f"a Herzblatt move is a card, Ask, Discard, Announce, Contra or Re, not {move!r}")
        return None

    def _play_card(self, c: Card | str, seat: int | None) -> Trick | None:
        if self._phase != "play" or self.trick_deal is None:
            raise IllegalPlay(f"no card may be played now: the deal is in the {self._phase} phase")
        s = self.trick_deal.turn
        t = self.trick_deal.play(c, seat)
        assert s is not None
        # the card just played: the last of the trick it finished, or of the trick in progress
        self._history.append((s, t.cards[-1] if t is not None else self.trick_deal.trick[-1][1]))
        if self.trick_deal.is_over:
            self._phase = "over"
        return t

    def undo(self) -> tuple[int, Move]:
        """Take back the last move (an answer, the discard, a call or a card)."""
        if not self._history:
            raise IllegalPlay("nothing to undo: no move has been made yet")
        fresh = HerzblattDeal(self.dealt, self.skat, self.rules, dealer=self.dealer)
        last = self._history[-1]
        for seat, move in self._history[:-1]:
            fresh.play(move, seat)
        self.__dict__.update(fresh.__dict__)
        return last

    def rewound(self, moves: int) -> HerzblattDeal:
        """A new deal as this one was after its first ``moves`` moves (0: as dealt), in one replay."""
        if not 0 <= moves <= len(self._history):
            raise ValueError(f"moves must be from 0 to {len(self._history)}, not {moves}")
        fresh = HerzblattDeal(self.dealt, self.skat, self.rules, dealer=self.dealer)
        for seat, move in self._history[:moves]:
            fresh.play(move, seat)
        return fresh

    def copy(self) -> HerzblattDeal:
        """An independent copy (for search and Monte Carlo bots)."""
        new = object.__new__(HerzblattDeal)
        new.__dict__.update(self.__dict__)
        new.answers = list(self.answers)
        new.contra_answers = list(self.contra_answers)
        new._history = list(self._history)
        new.trick_deal = self.trick_deal.copy() if self.trick_deal is not None else None
        return new

    def act(self, action: object) -> None:
        """Apply a move for the current phase: bool (ask, contra, re), two cards (discard),
        None / "66" / "du" (announce) or a card (play). Handy for bots and policies."""
        ph = self._phase
        if ph == "asking":
            self.ask(action)  # type: ignore[arg-type]  # refused unless True or False
        elif ph == "discard":
            if not isinstance(action, tuple | list) or len(action) != 2:
                raise HerzblattError(f"a discard is two cards, not {action!r}")
            self.discard(action[0], action[1])
        elif ph == "announce":
            self.announce(action if action is None or isinstance(action, str) else str(action))
        elif ph == "contra":
            self.contra(action)  # type: ignore[arg-type]
        elif ph == "re":
            self.redouble(action)  # type: ignore[arg-type]
        elif ph == "play":
            if not isinstance(action, Card | str):
                raise IllegalPlay(f"a card play is a card or a code like 'AH', not {action!r}")
            self.play(action)
        else:
            raise HerzblattError("the deal is over")

    # --- result --------------------------------------------------------------------------------

    def settlement(self) -> Settlement:
        """Stakes per seat (zero-sum) and the reason, once the deal is over."""
        if self._phase != "over":
            raise HerzblattError(f"the deal is not over yet (phase {self._phase}); settle after the last trick")
        if self._redeal:
            return Settlement((0,) * self.players, "all passed: redeal with the next dealer, no stakes")
        assert self.soloist is not None and self.trick_deal is not None
        won = self.trick_deal.tricks_won()
        pts = self.soloist_points
        assert pts is not None
        return settle(self.rules, self.soloist, pts, won[self.soloist], self.trick_deal.total_tricks,
                      announcement=self.announcement, contra=self.contra_by is not None, re=self.re)

    def result(self) -> Result:
        """The settlement's stakes once over (zeros before); from the card play on, tricks, role and card
        points per seat."""
        n = self.players
        over = self._phase == "over"
        stakes, text = (self.settlement().stakes, self.settlement().explanation) if over else (
            (0,) * n, f"the deal is in the {self._phase} phase")
        if self.trick_deal is None or self.soloist is None:
            return Result(stakes, "stakes", columns={"role": ("redeal",) * n, "card_points": (None,) * n} if over
                          else {}, text=text)
        roles = tuple("soloist" if s == self.soloist else "defender" for s in range(n))
        return Result(stakes, "stakes", tricks=self.trick_deal.tricks_won(),
                      columns={"role": roles, "card_points": self.card_points()}, text=text)

    def record(self, *, pack: str | None = None, dealer: int | None = None) -> Record:
        """This deal as a game record (docs/records.md)."""
        from keinstich.records import record_of

        return record_of(self, pack=pack, dealer=dealer)

    def __repr__(self) -> str:
        who = f", soloist {self.soloist}" if self.soloist is not None else ""
        return f"<HerzblattDeal {self.players}p dealer {self.dealer}{who}: {self._phase}>"

    def _repr_html_(self) -> str:
        """Phase, every hand and the skat open, the trick on the table, card points, the settlement."""
        from keinstich.faces import herzblatt_html

        return herzblatt_html(self)


def _yes_or_no(answer: object, expected: str) -> None:
    """Refuse an answer that is not True or False: "pass" or "no" as text would read as yes."""
    if not isinstance(answer, bool):
        raise HerzblattError(f"{expected}, not {answer!r}")


def _rules(rules: HerzblattRules | str | None) -> HerzblattRules:
    """The rules given, a preset's by its id ("herzblatt-3"), or the defaults."""
    if rules is None:
        return HerzblattRules()
    return named(rules, None, lambda c: isinstance(c, HerzblattRules), "Herzblatt's rules",  # type: ignore[no-any-return]
                 HerzblattError, "rules")

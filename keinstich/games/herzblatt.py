"""Herzblatt (Herz sticht): a soloist with a two-card skat against the rest, Hearts always trumps.

The tricks are played by the same :class:`~keinstich.tricks.TrickDeal` as Kein Stich; Herzblatt only
sets its :class:`~keinstich.tricks.TrickRules` (ace-ten order, Hearts trumps, the must-trump duties)
and counts card points with a :class:`~keinstich.contracts.Contract`. What is Herzblatt's own is
the phases around the tricks: asking for a soloist, the skat, Muhr's announcements, and the
settlement (RULES.md §4). A deal in a few lines::

    deal = HerzblattDeal.from_seed(7, HerzblattRules(players=3))
    deal.ask(True)              # forehand plays
    deal.discard("7C", "8H")    # two cards back, they count for the soloist
    deal.play("AS") ...         # then tricks, as in any TrickDeal
    deal.settlement()           # stakes per seat and why
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, TypeAlias

from keinstich.cards import Card, Pack, Rank, Style, Suit, card, cards_of, deal_hands, hands_from_text, mask_of, pack
from keinstich.cards import pack as get_pack
from keinstich.contracts import Contract, PerCard
from keinstich.deal import IllegalPlay, Move, Result
from keinstich.game import GameError, Setting
from keinstich.games.herzblatt_record import HerzblattRecords
from keinstich.games.presets import override
from keinstich.tricks import Observation, Trick, TrickDeal, TrickRules, forehand

if TYPE_CHECKING:
    from keinstich.records import Record


class HerzblattError(ValueError):
    """A move or a setting Herzblatt does not allow; the message says what would be allowed."""


Phase = Literal["asking", "discard", "announce", "contra", "re", "play", "over"]
Announcement = Literal["66", "du"]
Removal = Literal["braun_red", "keep_trumps"]

CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
"""Card points (RULES.md §4.1); every other rank counts 0. A whole pack holds 120."""
TOTAL_POINTS = 120
SKAT = 2

_PACKS: dict[tuple[str, int], str] = {
    ("braun_red", 2): "french-20",
    ("braun_red", 3): "french-26",
    ("braun_red", 4): "french-32-minus-7H-7D",
    ("braun_red", 5): "french-32",
    ("keep_trumps", 3): "french-32-minus-7C-7S-7D-8C-8S-8D",
    ("keep_trumps", 4): "french-32-minus-7C-7S-7D-8C-8S-8D",
}
"""The pack by removal rule and players (RULES.md §4.2)."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "removal": ("braun_red", "keep_trumps"),
    "ask_order": ("forehand_first", "dealer_first"),
    "all_pass": ("redeal", "dealer_plays"),
}


@dataclass(frozen=True)
class HerzblattRules:
    """Every Herzblatt setting (RULES.md §4, defaults as in §5).

    ``removal``: which cards leave the pack (``"braun_red"``: red Sevens/Eights, §4.2;
    ``"keep_trumps"``: every 7 and 8 but the Hearts, 3 or 4 players). ``ask_order``: who is asked
    first whether he plays. ``all_pass``: what happens when nobody plays. The three must-trump
    flags go to the trick machine. Braun's settlement: the soloist wins with ``win_threshold``;
    a side at or below ``schneider_threshold`` is schneider; the stakes are per defender.
    ``muhr``: Muhr's variant (§4.6) instead: more points than the defenders wins, the soloist may
    announce "66" or "du", defenders who were never asked may say contra, the soloist re;
    the value is ``win_stake`` times the multipliers, paid or received per defender.
    """

    players: int = 4
    removal: Removal = "braun_red"
    ask_order: Literal["forehand_first", "dealer_first"] = "forehand_first"
    all_pass: Literal["redeal", "dealer_plays"] = "redeal"
    must_trump: bool = True
    must_overtrump_trump_lead: bool = True
    must_overtrump_always: bool = False
    win_threshold: int = 66
    schneider_threshold: int = 33
    win_stake: int = 1
    win_schneider_stake: int = 3
    loss_stake: int = 2
    loss_schneider_stake: int = 4
    muhr: bool = False
    du_stacks_schneider: bool = False

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise HerzblattError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        if not 2 <= self.players <= 5:
            raise HerzblattError(f"Herzblatt is for 2 to 5 players, not {self.players}")
        if (self.removal, self.players) not in _PACKS:
            raise HerzblattError(
                f"removal='keep_trumps' is defined for 3 or 4 players (RULES.md §4.2): its 26-card pack "
                f"less a skat of 2 does not deal evenly to {self.players}; use removal='braun_red'")
        if not 0 <= self.schneider_threshold < self.win_threshold <= TOTAL_POINTS:
            raise HerzblattError(
                f"need 0 <= schneider_threshold < win_threshold <= {TOTAL_POINTS}, "
                f"got {self.schneider_threshold} and {self.win_threshold}")
        stakes = ("win_stake", "win_schneider_stake", "loss_stake", "loss_schneider_stake")
        for name in stakes:
            if getattr(self, name) < 0:
                raise HerzblattError(f"{name} must be 0 or more, not {getattr(self, name)}")
        pack(_PACKS[self.removal, self.players]).hand_size(self.players, SKAT)

    @property
    def pack(self) -> Pack:
        """The cards in use for this number of players and removal rule."""
        return pack(_PACKS[self.removal, self.players])

    @property
    def hand_size(self) -> int:
        return self.pack.hand_size(self.players, SKAT)

    @property
    def trick_rules(self) -> TrickRules:
        """Ace-ten order, Hearts trumps, and this game's must-trump duties, for the trick machine."""
        return TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=self.must_trump,
                          must_overtrump_trump_lead=self.must_overtrump_trump_lead,
                          must_overtrump_always=self.must_overtrump_always)

    @property
    def contract(self) -> Contract:
        """The card-point count as contract data, with these trick rules."""
        return dataclasses.replace(HERZBLATT_POINTS, rules=self.trick_rules)

    def asking_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they are asked whether they play."""
        n = self.players
        first = forehand(dealer, n) if self.ask_order == "forehand_first" else dealer
        return tuple((first + i) % n for i in range(n))


HERZBLATT_POINTS = Contract(
    "herzblatt", "Herzblatt card points",
    tuple(PerCard(points, rank=r) for r, points in CARD_POINTS.items()),
    german="Herzblatt", rules=TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=True,
                                         must_overtrump_trump_lead=True), unit="points",
    game="herzblatt")
"""Card points per trick won (A 11, 10 10, K 4, Q 3, J 2) under the default Braun trick rules."""


def card_points(cs: Sequence[Card | str]) -> int:
    """The card points of some cards."""
    return sum(CARD_POINTS.get(card(c).rank, 0) for c in cs)


# --- settlement ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    """The result of a deal: ``stakes`` per seat (positive = receives; zero-sum) and why.

    ``value`` is what passes between the soloist and each defender; ``won`` is None for a redeal.
    """

    stakes: tuple[int, ...]
    explanation: str
    soloist: int | None = None
    soloist_points: int | None = None
    won: bool | None = None
    value: int = 0

    def __str__(self) -> str:
        return self.explanation


def settle(rules: HerzblattRules, soloist: int, soloist_points: int, soloist_tricks: int, total_tricks: int,
           *, announcement: Announcement | None = None, contra: bool = False, re: bool = False) -> Settlement:
    """Settle a finished deal from the soloist's card points and tricks (RULES.md §4.5, §4.6).

    A side that took no trick at all (schwarz) counts as schneider whatever its points [DER].
    """
    n = rules.players
    if not 0 <= soloist < n:
        raise HerzblattError(f"soloist must be a seat from 0 to {n - 1}, not {soloist}")
    if not 0 <= soloist_points <= TOTAL_POINTS or not 0 <= soloist_tricks <= total_tricks:
        raise HerzblattError(f"impossible result: {soloist_points} points, {soloist_tricks} of "
                             f"{total_tricks} tricks")
    if not rules.muhr and (announcement is not None or contra or re):
        raise HerzblattError("announcements, contra and re belong to Muhr's variant (muhr=True)")
    if re and not contra:
        raise HerzblattError("re answers a contra: there was none")
    defenders = TOTAL_POINTS - soloist_points
    thr = rules.schneider_threshold
    soloist_schneider = soloist_points <= thr or soloist_tricks == 0
    defenders_schneider = defenders <= thr or soloist_tricks == total_tricks
    head = f"soloist {soloist_points}"
    if rules.muhr:
        won, value, why = _muhr(rules, soloist_points, soloist_tricks == total_tricks,
                                soloist_schneider, defenders_schneider, announcement, contra, re)
        head += f" (Muhr{why[0]})"
        tail = why[1]
    else:
        won = soloist_points >= rules.win_threshold
        if won and defenders_schneider:
            value, tail = rules.win_schneider_stake, f"wins schneider (defenders {defenders})"
        elif won:
            value, tail = rules.win_stake, "wins single"
        elif soloist_schneider:
            value = rules.loss_schneider_stake
            tail = "loses schneider" + (" (took no trick)" if soloist_tricks == 0 else "")
        else:
            value, tail = rules.loss_stake, "loses"
    per = value if won else -value  # what the soloist receives from each defender
    stakes = [-per] * n
    stakes[soloist] = per * (n - 1)
    pays = f"each defender pays {value}" if won else f"pays each defender {value}"
    return Settlement(tuple(stakes), f"{head}: {tail}, {pays}", soloist, soloist_points, won, value)


def _muhr(rules: HerzblattRules, points: int, all_tricks: bool, soloist_schneider: bool,
          defenders_schneider: bool, announcement: Announcement | None, contra: bool,
          re: bool) -> tuple[bool, int, tuple[str, str]]:
    """Muhr's win condition and value: base × {1, 2, 3} × schneider 2 × contra 2 × re 2."""
    if announcement == "du":
        won, factor, said = all_tricks, 3, "du"
    elif announcement == "66":
        won, factor, said = points >= rules.win_threshold, 2, "66"
    else:
        won, factor, said = points > TOTAL_POINTS - points, 1, ""
    factors = [(said, factor)] if said else []
    schneider = defenders_schneider if won else soloist_schneider
    if schneider and (announcement != "du" or rules.du_stacks_schneider):
        factors.append(("schneider", 2))
    if contra:
        factors.append(("contra", 2))
    if re:
        factors.append(("re", 2))
    value = rules.win_stake
    for _, f in factors:
        value *= f
    calls = "".join(f", {c}" for c in (f"announced {announcement}" if announcement else "",
                                       "contra" if contra else "", "re" if re else "") if c)
    detail = f"value {rules.win_stake}" + "".join(f" × {f} ({name})" for name, f in factors) + f" = {value}"
    return won, value, (calls, f"{'wins' if won else 'loses'}, {detail}")


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
        r = rules if rules is not None else HerzblattRules(players=len(hands))
        n = r.players
        if len(hands) != n:
            raise HerzblattError(f"the rules are for {n} players but {len(hands)} hands were given")
        d = n - 1 if dealer is None else dealer
        if not 0 <= d < n:
            raise HerzblattError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
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
        r = rules if rules is not None else HerzblattRules()
        *hands, skat = deal_hands(r.pack, r.players, seed, skat=SKAT)
        return cls(hands, skat, r, dealer=dealer)

    @classmethod
    def from_text(cls, text: str, rules: HerzblattRules | None = None, *,
                  dealer: int | None = None) -> HerzblattDeal:
        """Hands typed one line per seat, then a line ``skat: …`` (see :func:`hands_from_text`)."""
        r = rules if rules is not None else HerzblattRules()
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
        if not 0 <= seat < self.players:
            raise HerzblattError(f"seat must be from 0 to {self.players - 1}, not {seat}")
        if self.trick_deal is not None:
            return self.trick_deal.hand(seat)
        if self._phase == "discard" and seat == self.soloist:
            return cards_of(mask_of(self.dealt[seat]) | mask_of(self.skat))
        return self.dealt[seat]

    def legal(self) -> tuple[Card, ...]:
        """The cards the player to move may play (empty outside the play phase)."""
        return self.trick_deal.legal() if self._phase == "play" and self.trick_deal is not None else ()

    def why_illegal(self, move: Move, seat: int | None = None, *, style: Style | None = None) -> str | None:
        """Why ``move`` is refused now, or None (``style`` names the suits, see TrickDeal.why_illegal)."""
        if self._phase == "play" and self.trick_deal is not None and isinstance(move, Card | str):
            return self.trick_deal.why_illegal(move, seat, style=style or self.style)
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
        self.answers.append((s, bool(seat_says_play)))
        self._history.append((s, Ask(bool(seat_says_play))))
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
        self.trick_deal = TrickDeal(hands, self.rules.contract, leader=self.forehand)
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
        self.contra_answers.append((s, bool(says_contra)))
        self._history.append((s, Contra(bool(says_contra))))
        if says_contra:
            self.contra_by = s
            self._phase = "re"
        elif len(self.contra_answers) == len(self.contra_eligible):
            self._phase = "play"

    def redouble(self, says_re: bool, seat: int | None = None) -> None:
        """Muhr: the soloist answers a contra with re (doubles again) or not."""
        s = self._check("re", seat, "say re")
        self.re = bool(says_re)
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
        self._history.append((s, self.trick_deal.plays[-1][1]))
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
            self.ask(bool(action))
        elif ph == "discard":
            if not isinstance(action, tuple | list) or len(action) != 2:
                raise HerzblattError(f"a discard is two cards, not {action!r}")
            self.discard(action[0], action[1])
        elif ph == "announce":
            self.announce(action if action is None or isinstance(action, str) else str(action))
        elif ph == "contra":
            self.contra(bool(action))
        elif ph == "re":
            self.redouble(bool(action))
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
        """The settlement's stakes once over (zeros before), with tricks, role and card points per seat."""
        n = self.players
        if self._phase != "over":
            return Result((0,) * n, "stakes", text=f"the deal is in the {self._phase} phase")
        settlement = self.settlement()
        if self.trick_deal is None or self.soloist is None:
            return Result(settlement.stakes, "stakes", columns={"role": ("redeal",) * n, "card_points": (None,) * n},
                          text=settlement.explanation)
        roles = tuple("soloist" if s == self.soloist else "defender" for s in range(n))
        return Result(settlement.stakes, "stakes", tricks=self.trick_deal.tricks_won(),
                      columns={"role": roles, "card_points": self.card_points()}, text=settlement.explanation)

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


# --- policies and a session -----------------------------------------------------------------------

HerzblattPolicy: TypeAlias = Callable[[HerzblattObservation], object]
"""Takes the acting seat's observation and returns its move for the phase (see :meth:`HerzblattDeal.act`)."""


def random_policy(rng: random.Random, *, play_chance: float = 0.35, announce_chance: float = 0.2,
                  contra_chance: float = 0.2) -> HerzblattPolicy:
    """A policy that answers every phase at random from ``rng`` (legal moves only)."""

    def policy(obs: HerzblattObservation) -> object:
        ph = obs.phase
        if ph == "asking":
            return rng.random() < play_chance
        if ph == "discard":
            return tuple(rng.sample(obs.hand, 2))
        if ph == "announce":
            return rng.choice(("66", "du")) if rng.random() < announce_chance else None
        if ph in ("contra", "re"):
            return rng.random() < contra_chance
        return rng.choice(obs.legal)

    return policy


def play_deal(deal: HerzblattDeal, policies: Sequence[HerzblattPolicy]) -> Settlement:
    """Drive ``deal`` to its end, asking the policy of the seat to act for every move."""
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        deal.act(policies[seat](deal.observation(seat)))
    return deal.settlement()


class HerzblattPartie:
    """A session of Herzblatt deals: the dealer moves one seat clockwise every deal (a redeal
    counts as a deal), stakes add up per seat. ``deals`` defaults to one round (one deal each).
    Deal ``k`` (0-based) is dealt from the seed ``"<seed>/<k>"``.

    ``policies`` per seat (default random, each from its own seeded ``random.Random``)::

        p = HerzblattPartie(HerzblattRules(players=3), seed=1).play()
        p.totals, p.settlements[0].explanation
    """

    def __init__(self, rules: HerzblattRules | None = None, seed: int | str = 0,
                 policies: Sequence[HerzblattPolicy] | None = None, *, deals: int | None = None,
                 first_dealer: int | None = None) -> None:
        self.rules = rules if rules is not None else HerzblattRules()
        n = self.rules.players
        if policies is not None and len(policies) != n:
            raise HerzblattError(f"give one policy per seat ({n}), not {len(policies)}")
        self.seed = seed
        self.policies: tuple[HerzblattPolicy, ...] = tuple(policies) if policies is not None else tuple(
            random_policy(random.Random(f"herzblatt-policy:{seed}:{s}")) for s in range(n))
        self.length = n if deals is None else deals
        if self.length < 0:
            raise HerzblattError(f"deals must be 0 or more, not {deals}")
        self.first_dealer = n - 1 if first_dealer is None else first_dealer
        if not 0 <= self.first_dealer < n:
            raise HerzblattError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer}")
        self.deals: list[HerzblattDeal] = []
        self.settlements: list[Settlement] = []

    @property
    def is_over(self) -> bool:
        return len(self.deals) >= self.length

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.deals)) % self.rules.players

    def play_deal(self) -> HerzblattDeal:
        """Deal and play the next deal with the policies."""
        if self.is_over:
            raise HerzblattError(f"the session is over: all {self.length} deals are played")
        deal = HerzblattDeal.from_seed(f"{self.seed}/{len(self.deals)}", self.rules,
                                       dealer=self.next_dealer())
        self.settlements.append(play_deal(deal, self.policies))
        self.deals.append(deal)
        return deal

    def play(self) -> HerzblattPartie:
        """Play every remaining deal; returns self."""
        while not self.is_over:
            self.play_deal()
        return self

    @property
    def totals(self) -> tuple[int, ...]:
        """Net stakes per seat over the deals played (sums to zero)."""
        n = self.rules.players
        return tuple(sum(st.stakes[s] for st in self.settlements) for s in range(n))


PRESETS: dict[str, HerzblattRules] = {
    "herzblatt-2": HerzblattRules(players=2),
    "herzblatt-3": HerzblattRules(players=3),
    "herzblatt-4": HerzblattRules(players=4),
    "herzblatt-5": HerzblattRules(players=5),
    "herzblatt-3-keep-trumps": HerzblattRules(players=3, removal="keep_trumps"),
    "herzblatt-4-keep-trumps": HerzblattRules(players=4, removal="keep_trumps"),
    "herzblatt-4-no-trump-duty": HerzblattRules(players=4, must_trump=False),
    "herzblatt-4-dealer-first": HerzblattRules(players=4, ask_order="dealer_first", all_pass="dealer_plays"),
    "herzblatt-4-muhr": HerzblattRules(players=4, muhr=True),
}
"""Named Herzblatt setups (RULES.md §4): the Braun defaults per player count and the variants."""


def preset(preset_id: str = "herzblatt-4", **overrides: object) -> HerzblattRules:
    """A named setup, optionally changed: ``preset("herzblatt-4-muhr", du_stacks_schneider=True)``."""
    return override(PRESETS, preset_id, overrides, HerzblattError)


# --- the game ---------------------------------------------------------------------------------------


class Herzblatt(HerzblattRecords):
    """Herzblatt (Herz sticht): a soloist with the skat against the rest, Hearts trumps (docs/rules.md §4).
    Its records are :class:`~keinstich.games.herzblatt_record.HerzblattRecords`, the base class."""

    id = "herzblatt"
    name = "Herzblatt"
    german = "Herzblatt"
    aliases = ("Herz sticht", "Herzblättchen")
    unit = "stakes"
    player_counts = (2, 3, 4, 5)
    extra_columns = ("role", "card_points")

    def packs(self, players: int) -> tuple[str, ...]:
        self.check_players(players)
        return tuple(dict.fromkeys(pid for (_, n), pid in _PACKS.items() if n == players))

    def rules_for(self, contract: object, players: int | None = None) -> HerzblattRules:
        """The rules a Herzblatt "contract" names: "herzblatt", a preset id, or HerzblattRules."""
        if isinstance(contract, HerzblattRules):
            if players is not None and players != contract.players:
                raise GameError(f"the rules are for {contract.players} players, not {players}")
            return contract
        if not isinstance(contract, str):
            raise GameError(f"a Herzblatt deal is 'herzblatt', a preset id or HerzblattRules, not {contract!r}")
        key = contract.strip().lower()
        if key == "herzblatt":
            return HerzblattRules(players=players if players is not None else 4)
        if key in PRESETS:
            return preset(key) if players is None else preset(key, players=players)
        raise GameError(f"unknown herzblatt contract {contract!r}: use one of herzblatt, {', '.join(PRESETS)}")

    def contract(self, spec: object, players: int = 4) -> HerzblattRules:
        return self.rules_for(spec, players)

    def contracts(self, players: int = 4) -> dict[str, HerzblattRules]:
        return {"herzblatt": HerzblattRules(players=players), **PRESETS}

    def presets(self) -> dict[str, HerzblattRules]:
        return PRESETS

    def preset(self, preset_id: str | None = None, **changes: object) -> HerzblattRules:
        return preset(preset_id or "herzblatt-4", **changes)

    def settings(self) -> tuple[Setting, ...]:
        return tuple(Setting(f.name, f.default, "", _CHOICES.get(f.name), "4")
                     for f in dataclasses.fields(HerzblattRules))

    def deal(self, contract: object = "herzblatt", seed: int | str = 0, *, players: int | None = None,
             pack: str | Pack | None = None, dealer: int | None = None) -> HerzblattDeal:
        rules = self.rules_for(contract, players)
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal.from_seed(seed, rules, dealer=dealer)

    def _check_pack(self, rules: HerzblattRules, wanted: str | Pack) -> None:
        try:
            p = get_pack(wanted)
        except ValueError as e:
            raise GameError(str(e)) from None
        if p.mask != rules.pack.mask:
            raise GameError(f"Herzblatt with these rules uses {rules.pack.id}, not {p.id}: "
                            "the removal rule picks the pack")

    def deal_from_text(self, contract: object, text: str, *, players: int | None = None,
                       pack: str | Pack | None = None, dealer: int | None = None) -> HerzblattDeal:
        rules = self.rules_for(contract, players)
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal.from_text(text, rules, dealer=dealer)

    def deal_from_hands(self, contract: object, hands: Sequence[Sequence[Card]], *, pack: str | Pack | None = None,
                        dealer: int | None = None, aside: Sequence[Card] = ()) -> HerzblattDeal:
        """A deal from the hands and the skat (``aside``)."""
        rules = self.rules_for(contract, len(hands))
        if pack is not None:
            self._check_pack(rules, pack)
        return HerzblattDeal(hands, aside, rules, dealer=dealer)

    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> HerzblattPartie:
        rules = preset if isinstance(preset, HerzblattRules) else self.preset(
            preset if isinstance(preset, str) else None, **changes)
        return HerzblattPartie(rules, seed=seed)


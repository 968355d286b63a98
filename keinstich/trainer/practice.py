"""A practice session: which position comes next, how an answer is judged, scored, rated and remembered.

:class:`Practice` is what the trainer widget asks (the widget only draws): it serves positions in one of
its modes, takes the learner's card, gives a second try after a wrong one with a layout of the hidden hands
that beats the card, and writes the answer to the learner's memory in one transaction (the ratings it
moves, the deck item it schedules). Modes:

* ``"due"``: the deck's positions due now, each as an equivalent position (suits permuted where the contract
  allows, :func:`~.equivalence.equivalent`);
* ``"level"``: bank positions rated near the learner's rating;
* ``"theme"``: bank positions of one theme, near the learner's rating;
* ``"contract"``: bank positions of one contract, near the learner's rating in its family;
* ``"mistakes"``: the learner's own mistakes from a review, one by one, the answer hidden
  (:meth:`Practice.from_review`).

A position answered wrongly (not at the first try) goes into the deck and comes back when FSRS says so.
"""

from __future__ import annotations

import hashlib
import random
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from keinstich.cards import Card, Style
from keinstich.coach import Grade, Verdict
from keinstich.coach.equivalence import Relabel, canonical, equivalent, seat_view
from keinstich.coach.fair import as_played, key
from keinstich.coach.idea_words import idea_sentence, plain, why_best, wrong_try
from keinstich.deal import Announce, Ask, Contra, Deal, Discard, Lay, Move, Re, move_code, parse_move
from keinstich.i18n import _
from keinstich.limits import quoted
from keinstich.wording import refusal_words

from .bank import Bank, Entry, shipped
from .glicko import Rating
from .memory import Answer, Item, Memory, Written
from .positions import PositionError, code_of, contract_id, family_of, position_of
from .themes import THEMES, themes_of
from .verdicts import solution

MODES = ("due", "level", "theme", "contract", "mistakes")
Clock = Callable[[], datetime]


class PracticeError(ValueError):
    """A mode, theme, contract or answer the trainer cannot take; the message says what it can."""


def now_utc() -> datetime:
    return datetime.now(UTC)


class SimulatedClock:
    """A clock for lessons and tests: it shows ``start`` until moved on (``clock.advance(days=1)``)."""

    def __init__(self, start: datetime) -> None:
        self.now = start if start.tzinfo is not None else start.replace(tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move the clock on by ``timedelta(**delta)`` (days=…, hours=…) and return the new time."""
        self.now += timedelta(**delta)
        return self.now

    def __repr__(self) -> str:
        return f"SimulatedClock({self.now:%Y-%m-%d %H:%M} UTC)"


def view_id(position: Deal) -> str:
    """The same text for every position the seat to move cannot tell apart from this one up to renaming
    suits (the deck holds such positions once)."""
    canon = canonical(position)[0]
    return hashlib.sha256(repr(seat_view(canon)).encode()).hexdigest()[:20]


@dataclass
class Question:
    """A position on show: ``position`` (as shown), where it came from (``source``: "due", "bank",
    "mistakes"), its bank entry or deck item, its rating, family, contract and themes; ``code``: the
    position as stored (before any renaming), ``relabel``: how the shown one was renamed from it."""

    position: Deal
    source: str
    family: str
    contract: str
    themes: tuple[str, ...]
    rating: Rating
    code: str
    view: str
    relabel: Relabel = field(default_factory=Relabel)
    entry: Entry | None = None
    item: Item | None = None
    tries: list[Move] = field(default_factory=list)
    done: bool = False
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    """The key of the answer this question writes: made once, so that it is written once however often it is sent."""
    _solution: Verdict | None = field(default=None, repr=False)

    @property
    def seat(self) -> int:
        seat = self.position.turn
        assert seat is not None
        return seat

    @property
    def rated(self) -> bool:
        """Whether answering moves the ratings (every mode but the review's own mistakes)."""
        return self.source != "mistakes"

    def solution(self) -> Verdict:
        """The judge's answer, the coach's verdict (worked out once; may take a moment: the widget asks in a
        thread)."""
        if self._solution is None:
            self._solution = solution(self.position)
        return self._solution


@dataclass(frozen=True)
class Outcome:
    """What the trainer says after a try: ``good`` (best or fine), ``grade`` and ``why`` of the card;
    ``done``: the question is over (a good card, the second try, or the answer shown); ``solved``: a good
    card at the first try. After a wrong first try, ``refutation``: a layout of the hidden hands in which
    the card costs (None if none was found). When done: the good moves, the best one's sentence, and what
    the memory wrote (``written``: the rating change, the deck)."""

    move: Move
    good: bool
    grade: Grade
    why: str
    done: bool
    solved: bool
    tries: int
    refutation: Deal | None = None
    answer: tuple[Move, ...] = ()
    best_why: str = ""
    written: Written | None = None
    wrong: str = ""
    said: str = ""
    idea: str | None = None
    best_idea: str = ""
    best_idea_id: str | None = None


class Practice:
    """A practice session over the learner's ``memory`` and the ``bank`` (see the module's docstring).

    ``clock``: what "now" is (a test or a lesson passes a fixed or simulated clock); ``seed``: the draws
    (which bank position of equal rating, which renaming of a deck item); ``style``: the words the sentences
    name the cards in (None: each position's pack's)."""

    def __init__(self, memory: Memory, bank: Bank | None = None, *, mode: str = "due", theme: str | None = None,
                 contract: str | None = None, clock: Clock = now_utc, seed: int | str = 0,
                 style: Style | None = None) -> None:
        self.memory = memory
        self.style = style
        self.bank = bank if bank is not None else shipped()
        self.clock = clock
        self.rng = random.Random(f"practice:{seed}")
        self.seed = seed
        self.mode = "due"
        self.theme: str | None = None
        self.contract: str | None = None
        self.queue: list[Deal] = []
        self.asked = 0
        self.solved = 0
        self.streak = 0
        self.shown: set[str] = set()
        """Views shown in this session and not answered (a Next without an answer): not shown again at once."""
        self.bank_done: set[str] = set()
        self.question: Question | None = None
        self.last: Outcome | None = None
        self.lock = threading.RLock()
        """Held while a question is served or answered: the widget's threads answer one at a time, and a second
        answer to a question finds it done."""
        self.set_mode(mode, theme=theme, contract=contract)

    # --- modes -----------------------------------------------------------------------------------

    def set_mode(self, mode: str, *, theme: str | None = None, contract: str | None = None) -> None:
        """Practise ``mode`` from the next position on (``theme`` for "theme", ``contract`` for "contract")."""
        if mode not in MODES:
            raise PracticeError(_("unknown mode {mode}: use one of {modes}", mode=repr(mode), modes=", ".join(MODES)))
        if mode == "theme":
            if theme not in THEMES:
                raise PracticeError(_("unknown theme {theme}: use one of {themes}", theme=repr(theme),
                                      themes=", ".join(THEMES)))
            if not any(theme in e.themes for e in self.bank.entries):
                raise PracticeError(_("the bank has no position of theme {theme}", theme=repr(theme)))
        if mode == "contract":
            known = self.bank.contracts()
            if contract not in known:
                raise PracticeError(_("the bank has no positions of contract {contract}: use one of {contracts}",
                                      contract=repr(contract), contracts=", ".join(known)))
        if mode == "mistakes" and not self.queue:
            raise PracticeError(_("there are no mistakes to find better cards for: review a deal first"))
        self.mode, self.theme, self.contract = mode, theme, contract

    @classmethod
    def from_review(cls, memory: Memory, deal: Deal, indices: Sequence[int], **kwargs: Any) -> Practice:
        """A session over the learner's own mistakes in ``deal``: the positions just before the moves
        ``indices`` (a review's mistakes and blunders), in order, not renamed, the answer hidden."""
        p = cls(memory, **kwargs)
        p.queue = [deal.rewound(i) for i in indices]
        if p.queue:
            p.set_mode("mistakes")
        return p

    def due_count(self) -> int:
        """How many deck positions are due now."""
        return self.memory.due_count(self.clock())

    # --- the next position -------------------------------------------------------------------------

    def next(self) -> Question | None:
        """The next position of the mode (None when there is none: nothing due, the mistakes all done)."""
        with self.lock:
            if self.question is not None and not self.question.done:
                self.shown.add(self.question.view)
            q = self._next()
            self.question, self.last = q, None
            return q

    def _next(self) -> Question | None:
        if self.mode == "mistakes":
            if not self.queue:
                return None
            position = self.queue.pop(0)
            return self._question(position, "mistakes", Relabel(), code_of(position))
        while self.mode == "due":
            items = self.memory.due(self.clock(), limit=len(self.shown) + 1)
            fresh = [i for i in items if i.view not in self.shown]
            if not fresh:
                return None
            try:
                return self._from_item(fresh[0])
            except PositionError:  # a deck item that does not replay (a file an older kit loaded): passed over
                self.shown.add(fresh[0].view)
        return self._from_bank()

    def _from_item(self, item: Item) -> Question:
        original = position_of(item.position)
        shown, relabel = equivalent(original, f"{self.seed}:{item.id}:{item.reps}")
        q = self._question(shown, "due", relabel, item.position, view=item.view)
        q.item = item
        if item.bank and (e := self.bank.by_id(item.bank)) is not None:
            q.entry = e
        q.rating = self.memory.position_rating(item.bank or item.view, q.entry.rating if q.entry else Rating())
        q.themes = item.themes or q.themes
        return q

    def _from_bank(self) -> Question | None:
        family = None
        if self.mode == "contract":
            found = self.bank.select(contract=self.contract, count=1)
            family = found[0].family if found else None
        level = self.memory.rating("family", family).rating if family else self.memory.rating().rating
        picks = self.bank.select(contract=self.contract if self.mode == "contract" else None,
                                 theme=self.theme if self.mode == "theme" else None, near=level,
                                 exclude=self._answered(), count=8, rng=self.rng)
        if not picks:
            return None
        e = picks[0]
        self.bank_done.add(e.id)
        q = self._question(e.position(), "bank", Relabel(), e.code)
        q.entry = e
        q.themes = e.themes
        q.rating = self.memory.position_rating(e.id, e.rating)
        return q

    def _answered(self) -> set[str]:
        """Bank positions shown in this session, and those the learner has solved before."""
        return self.bank_done | self.memory.solved_bank()

    def _question(self, position: Deal, source: str, relabel: Relabel, code: str, *,
                  view: str | None = None) -> Question:
        if position.turn is None:
            raise PracticeError(_("the position has no seat to move"))
        return Question(position, source, family_of(position), contract_id(position), (), Rating(), code,
                        view or view_id(position), relabel)

    # --- answering -------------------------------------------------------------------------------

    def answer(self, move: Move) -> Outcome:
        """Judge the learner's ``move`` (a card, its code such as "QS", a card at an end, a pass) in the position on
        show (see :class:`Outcome`). A card that fits both ends of a lay-off chain is laid at the top, as Deal.play
        lays it. A move that is not one, not legal here or tried already is refused (:class:`PracticeError`) and
        counts for nothing."""
        move = _as_move(move)
        with self.lock:
            q = self.question
            if q is None or q.done:
                raise PracticeError(_("there is no position waiting for an answer: press Next"))
            position = q.position
            move = as_played(position.legal_moves(), move)
            if key(move) not in {key(m) for m in position.legal_moves()}:
                refused = position.why_illegal(move, q.seat)
                why = None if refused is None else refusal_words(refused, you=True)
                raise PracticeError(_("you may not play that here: {why}", why=why) if why else
                                    _("that is not a move here"))
            if key(move) in {key(m) for m in q.tries}:
                raise PracticeError(_("you tried that card already: choose another one"))
            sol = q.solution()
            grade, why = sol.grade(move), sol.why(move, self.style)
            good = grade.good
            if not good and not q.tries:
                layout = sol.refutation(move)  # worked out before the try counts: if it fails, nothing was counted
                q.tries.append(move)
                out = Outcome(move, False, grade, why, False, False, 1, refutation=layout,
                              wrong=wrong_try(sol, move, self.style))
                self.last = out
                return out
            tries = [*q.tries, move]
            return self._finish(q, sol, move, good, grade, why, len(tries) if good else None, tries)

    def give_up(self) -> Outcome:
        """Show the answer without (another) try: the position counts as not found."""
        with self.lock:
            q = self.question
            if q is None or q.done:
                raise PracticeError(_("there is no position waiting for an answer: press Next"))
            sol = q.solution()
            move = q.tries[-1] if q.tries else sol.best[0]
            return self._finish(q, sol, move, False, sol.grade(move), sol.why(move, self.style) if q.tries else "",
                                None, list(q.tries))

    def _finish(self, q: Question, sol: Verdict, move: Move, good: bool, grade: Grade, why: str,
                found_at: int | None, tries: list[Move]) -> Outcome:
        """Write the answer (``tries``: every card tried, this one last; none when the answer was shown), then count
        it: a failed write leaves the question as it was, to be answered again."""
        solved = found_at == 1
        themes = themes_of(q.position, sol) if q.themes == () and q.source != "bank" else q.themes
        first = tries[0] if tries else move
        written = self.memory.record(Answer(
            at=self.clock(), source="trainer" if q.source != "mistakes" else "review", game=q.position.game,
            contract=q.contract, family=q.family, position=q.code, view=q.view, move=_code(q.relabel.inverse(), first),
            grade=sol.grade(first), cost=sol.cost(first), solved=solved, tries=found_at, themes=themes,
            bank=q.entry.id if q.entry else None, item=q.item.id if q.item else None, rated=q.rated,
            position_rating=q.rating, key=q.key))
        q.themes, q.tries, q.done = themes, tries, True
        self.asked += 1
        self.solved += solved
        self.streak = self.streak + 1 if solved else 0
        reading = sol.idea(move) if grade not in (Grade.BEST, Grade.ONLY) and q.tries else None
        said = plain(sol, move, self.style) if q.tries else ""
        if reading is not None:
            said = f"{idea_sentence(reading, self.style or sol.style)} {said}"
        best = why_best(sol) if reading is None else None  # the idea is said once
        out = Outcome(move, good, grade, why, True, solved, len(q.tries), answer=sol.good,
                      best_why=sol.best_why(self.style), written=written, said=said,
                      idea=reading.idea if reading is not None else None,
                      best_idea=idea_sentence(best, self.style or sol.style) if best is not None else "",
                      best_idea_id=best.idea if best is not None else None)
        self.last = out
        return out

    # --- the dashboard ---------------------------------------------------------------------------

    @property
    def score(self) -> str:
        return _("{solved} of {asked} at the first try", solved=self.solved, asked=self.asked)

    def weak_themes(self) -> list[tuple[str, float, int]]:
        """The weak themes by lichess's rule: (theme, performance, failures), weakest first. A theme's
        performance is the mean rating of its positions − 500 + 1000 × the first-try success rate; it is weak
        with at least 3 failures and a performance below the learner's overall rating."""
        overall = self.memory.rating().rating
        out = []
        for theme, (n, solved, mean) in self.memory.theme_results().items():
            performance = mean - 500 + 1000 * solved / n
            fails = n - solved
            if fails >= 3 and performance < overall:
                out.append((theme, performance, fails))
        return sorted(out, key=lambda t: t[1])

    def missed_most(self, limit: int = 5) -> list[tuple[str, int, int, str]]:
        """The positions missed most: (view, misses, answers, contract)."""
        out = []
        for view, misses, n in self.memory.missed(limit):
            last = self.memory.last_position(view)
            out.append((view, misses, n, last["contract"] if last else ""))
        return out

    def again(self, view: str) -> Question:
        """The position of ``view`` (one missed before) on show again, renamed afresh."""
        last = self.memory.last_position(view)
        if last is None:
            raise PracticeError(_("no answer about that position is in your memory"))
        original = position_of(last["position"])
        shown, relabel = equivalent(original, f"{self.seed}:again:{view}:{self.asked}")
        q = self._question(shown, "due", relabel, last["position"], view=view)
        q.themes = tuple(t for t in last["themes"].split(",") if t)
        if last["bank"] and (e := self.bank.by_id(last["bank"])) is not None:
            q.entry = e
        q.rating = self.memory.position_rating(last["bank"] or view, q.entry.rating if q.entry else Rating())
        self.question, self.last = q, None
        return q


_MOVES = (Card, Lay, Ask, Discard, Announce, Contra, Re)


def _as_move(move: object) -> Move:
    """``move`` as a move (a card's code read as the card), or a :class:`PracticeError` saying what a move is."""
    if isinstance(move, str):
        try:
            return parse_move(move)
        except ValueError as e:
            raise PracticeError(str(e)) from None
    if move is not None and not isinstance(move, _MOVES):
        raise PracticeError(_("a move is one card (a Card or its code, such as \"QS\") or a pass (None), not {move}",
                              move=quoted(move)))
    try:
        hash(key(move))
    except TypeError:
        raise PracticeError(_("a move is one card (a Card or its code, such as \"QS\") or a pass (None), not {move}",
                              move=quoted(move))) from None
    return move


def _code(back: Relabel, move: Move) -> str:
    """A move as the memory writes it: its card code in the stored position's faces, or "pass"."""
    return move_code(back.move(move))


def record_quiz(memory: Memory, position: Deal, move: str, *, grade: str, cost: float, right: bool, deck: bool,
                at: datetime, source: str = "quiz") -> Written:
    """A quiz's first answer about ``position`` (``move``: what the learner chose, as text), written to the
    memory; with ``deck``, a wrong answer puts the position into the deck."""
    code = code_of(position)
    key = hashlib.sha256(f"{source}:{code}:{move}:{at.isoformat()}".encode()).hexdigest()[:32]
    return memory.record(Answer(at=at, source=source, game=position.game, contract=contract_id(position),
                                family=family_of(position), position=code, view=view_id(position), move=move,
                                grade=grade, cost=cost, solved=right, tries=1 if right else None,
                                deck=deck and not right, key=key))


def decision_answer(deal: Deal, j: Any, *, at: datetime, deck: bool, themes: tuple[str, ...] = (),
                    source: str = "review") -> Answer:
    """A review's decision (a judgement with ``index``, ``move``, ``grade``, ``cost``) as an answer to write: solved
    when its grade is good (best, fine or only). Its key depends on the position and the move alone, so writing it
    from the review and again from "Practise these later" counts it once."""
    position = deal.rewound(j.index)
    code = code_of(position)
    move = _code(Relabel(), j.move)
    return Answer(at=at, source=source, game=position.game, contract=contract_id(position), family=family_of(position),
                  position=code, view=view_id(position), move=move, grade=j.grade, cost=float(j.cost),
                  solved=j.grade.good, tries=None if j.grade.bad else 1,
                  themes=themes, deck=deck, key=hashlib.sha256(f"{source}:{code}:{move}".encode()).hexdigest()[:32])


def record_review(memory: Memory, deal: Deal, decisions: Sequence[Any], *, at: datetime) -> list[Written]:
    """Every decision of a review written to the memory (none goes into the deck: that is "Practise these later")."""
    return [memory.record(decision_answer(deal, j, at=at, deck=False)) for j in decisions]


def add_mistakes(memory: Memory, deal: Deal, decisions: Sequence[Any], *, at: datetime) -> list[Written]:
    """"Practise these later": each of a review's ``decisions`` (its mistakes and blunders) put into the deck, due
    from the next day on, and written as an answer unless the review wrote it already. A position already in the
    deck is not added twice (its :class:`Written` then has no ``answer`` and no ``due``)."""
    out = []
    for j in decisions:
        position = deal.rewound(j.index)
        try:
            themes = themes_of(position, solution(position))
        except ValueError:
            themes = ()
        a = decision_answer(deal, j, at=at, deck=True, themes=themes)
        w = memory.record(a)
        if w.answer is None:  # the review wrote this decision already: only the deck is new
            w = memory.keep(a)
        out.append(w)
    return out


__all__ = ["MODES", "Outcome", "Practice", "PracticeError", "Question", "SimulatedClock", "add_mistakes",
           "decision_answer", "record_quiz", "record_review", "view_id"]

"""One move judged: the one record of a judged move that the Hint, the review, a quiz, the trainer and the teacher's
question all read (:class:`Judgement`), and :func:`judge`, which makes it.

A judgement is a move and its decision's :class:`~.judge.Verdict` (every grade, cost and sentence is read off the
verdict, never copied), with what the moves are worth with all hands open, against the opponents who played
(:mod:`.against`), and one sentence on the move that tells both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from keinstich.bots.budget import Budget
from keinstich.cards import Style
from keinstich.deal import Deal, Move, Unit
from keinstich.wording.names import grade_name

from .against import Answers, BotSpec, OpenValues, open_values
from .fair import key
from .grades import Grade, pack_in_play
from .idea_words import idea_sentence, plain
from .ideas import Reading
from .judge import CoachError, Verdict, _restyled, verdict
from .why import move_text


@dataclass(frozen=True)
class Judgement:
    """One move judged: the ``move`` made (or asked about) by the seat to move in its :class:`Verdict`'s position,
    what the moves were worth with all hands open (``opened``, against the opponents who played; None where not
    searched or not settled), and one sentence on the move (``why``). Everything else is read off the verdict: the
    one judged-move record of the Hint, the review, a quiz, the trainer and the teacher's question.

    ``grade`` (its ``.good``: right in a quiz, accepted by the trainer; ``.bad``: a mistake in the review),
    ``cost`` give or take ``margin``, ``best``, ``best_why``, ``unit``, ``method``: the verdict's on this move.
    ``fair``: each legal move's value from what the player could know (higher is better; only differences mean
    something). ``open``: each move's value with all hands open (a move worse than the best may have only a bound);
    ``open_best`` and ``open_cost``: the best moves that way and what ``move`` gives away against them (a second
    column: it never decides the grade). ``index``: the moves made before it (``deal.rewound(index)`` is the
    position); ``trick``: the trick's number (1 = the first), None outside the card play.
    """

    verdict: Verdict = field(repr=False, compare=False)
    move: Move
    opened: OpenValues | None = field(default=None, repr=False)
    why: str = ""

    @property
    def seat(self) -> int:
        return self.verdict.seat

    @property
    def index(self) -> int:
        return self.verdict.index

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.verdict.legal

    @property
    def grade(self) -> Grade:
        return self.verdict.grade(self.move)

    @property
    def right(self) -> bool:
        """Whether the move is good (best, fine, or the only one): right in a quiz, accepted by the trainer."""
        return self.grade.good

    @property
    def forced(self) -> bool:
        """Whether the seat had no choice."""
        return self.grade == Grade.ONLY

    @property
    def cost(self) -> float:
        return self.verdict.cost(self.move)

    @property
    def margin(self) -> float:
        return self.verdict.margin(self.move)

    @property
    def fair(self) -> dict[Any, float]:
        return self.verdict.values()

    @property
    def best(self) -> tuple[Move, ...]:
        return self.verdict.best

    @property
    def good(self) -> tuple[Move, ...]:
        return self.verdict.good

    @property
    def best_why(self) -> str:
        return self.verdict.best_why()

    @property
    def unit(self) -> Unit:
        return self.verdict.unit

    @property
    def method(self) -> str:
        return self.verdict.method

    @property
    def trick(self) -> int | None:
        td = self.verdict.position.trick_deal
        return len(td.tricks) + 1 if td is not None and self.verdict.position.phase == "play" else None

    @property
    def open(self) -> dict[Any, float] | None:
        return None if self.opened is None else dict(self.opened.values)

    @property
    def open_best(self) -> tuple[Move, ...]:
        if self.opened is None:
            return ()
        best = self.opened.best
        return tuple(m for m in self.verdict.legal if key(m) in best)

    @property
    def open_cost(self) -> float | None:
        return None if self.opened is None else self.opened.cost(self.move)

    @property
    def idea(self) -> Reading | None:
        """The idea the best card follows against this move, read off the judge's own lines (:mod:`.ideas`): None
        for a move graded best, or where no idea is read."""
        if self.grade in (Grade.BEST, Grade.ONLY, Grade.DIFFERS):
            return None
        return self.verdict.idea(self.move)

    @property
    def said(self) -> str:
        """The first words on this move, plain: the idea with this deal's cards (where one is read), then what the
        move cost ("Duck: 10 of Bells stays under … König of Bells costs you about 5 pf more than 10 of Bells, on
        average."). How it was judged stays in :attr:`why`."""
        r = self.idea
        cost = plain(self.verdict, self.move)
        return cost if r is None else f"{idea_sentence(r, self.verdict.style)} {cost}"

    def __str__(self) -> str:
        return f"{move_text(self.move)}: {grade_name(self.grade)} — {self.why}"


def judge(position: Deal, move: Move | str, *, against: BotSpec | Sequence[BotSpec] | Answers | None = "heuristic",
          budget: Budget | None = None, open_hands: bool = True, every: bool = False,
          style: Style | None = None) -> Judgement:
    """Judge ``move`` by the player to move in ``position`` (left unchanged; a move as :meth:`Deal.play` takes it,
    its text too): its :func:`verdict`, and with ``open_hands`` what the moves are worth with all hands open
    against the other seats' bots ``against`` (one spec for all, one per seat, or :class:`~.against.Answers`; by
    default heuristic bots): exactly for ``move`` and the best, or with ``every`` for every legal move."""
    v = verdict(position, budget=budget, style=style)
    move = v._legal(move)
    seat = v.seat
    opened, answers = None, None
    if open_hands and not v.forced and v.judged is not None:
        answers = against if isinstance(against, Answers) else answers_for(position, seat, against or "heuristic")
        opened = open_values(position, answers, budget=budget) if every else \
            open_for(position, answers, (move, v.leader), budget)
    return judgement(v, move, opened, style, answers)


def answers_for(deal: Deal, seat: int, bots: BotSpec | Sequence[BotSpec]) -> Answers:
    """How the seats other than ``seat`` answer in ``deal``'s searches with all hands open: its moves on the line
    played, else ``bots`` (one spec for every seat, or one per seat)."""
    n = len(deal.dealt)
    specs: list[BotSpec] = [bots] * n if isinstance(bots, str) or not isinstance(bots, Sequence) else list(bots)
    if len(specs) == n - 1:
        specs.insert(seat, "heuristic")
    if len(specs) != n:
        raise CoachError(f"give one bot for every seat or one per seat ({n}), not {len(specs)}")
    return Answers(seat, specs, deal.history, pack=pack_in_play(deal))


def open_for(position: Deal, answers: Answers, moves: Sequence[Move], budget: Budget | None) -> OpenValues | None:
    """The moves' values with all hands open against ``answers`` (exact for ``moves`` and the best)."""
    wanted = {key(m) for m in moves}
    return open_values(position, answers, budget=budget, only=lambda m: key(m) in wanted)


def judgement(v: Verdict, move: Move | str, opened: OpenValues | None, style: Style | None = None,
              answers: Answers | None = None) -> Judgement:
    """A :class:`Judgement` of ``move`` from its verdict and the values with all hands open, its sentences in
    ``style`` (by default the verdict's)."""
    s = style or v.style
    if s != v.style:
        v = _restyled(v, v.position, s)
    move = v._legal(move)
    why = v.why(move, s) if opened is None else _with_open(v, move, opened, s, answers)
    return Judgement(v, move, opened, why)


def _with_open(v: Verdict, move: Move, opened: OpenValues, style: Style, answers: Answers | None) -> str:
    from .why import open_sentence

    return open_sentence(v, move, opened, style, answers)


__all__ = ["Judgement", "answers_for", "judge", "judgement", "open_for"]


def duplicate(deal: Deal, seat: int, pick: Callable[[Deal], Move],
              bots: BotSpec | Sequence[BotSpec] | Answers = "heuristic", *, start: int = 0) -> Deal:
    """The deal's cards played again from the start (or from its move ``start``): ``pick`` chooses the seat's
    moves; the others answer as in the deal while it goes the same way, and as their bots (``bots``) once it does
    not (:class:`~.against.Answers`)."""
    answers = bots if isinstance(bots, Answers) else answers_for(deal, seat, bots)
    d = deal.rewound(start)
    on = True
    while not d.over:
        s = d.turn
        assert s is not None
        m = pick(d) if s == seat else answers.move(d, on)
        on = answers.on_line(d, on, m)
        d.play(m, s)
    return d

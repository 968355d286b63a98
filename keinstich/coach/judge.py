"""One decision judged two ways: from what the player could know (fair), and with all hands open.

The *fair* judgement is the Monte Carlo player's (:meth:`~keinstich.bots.montecarlo.MonteCarloBot.move_values`):
it deals the unseen cards many times over, consistently with everything the seat has seen, plays every
legal move out in each deal and averages. The *open* judgement is the exact solver's
(:func:`~keinstich.bots.solver.card_values`, :func:`~keinstich.bots.solver_domino.domino_move_bounds`):
what each move leads to when every hand is known and everyone plays their best. A move's *cost* is how
much worse its value is than the best move's; the fair cost decides the grade (:mod:`.grades`).

Herzblatt's asking, discards and calls are compared with the heuristic bot's decision only (no cost is
measured), and the judgement says so (``method == "heuristic"``, grade ``"differs"`` when they differ).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.base import lay_off, objective
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.solver import card_values
from keinstich.bots.solver_domino import domino_move_bounds
from keinstich.cards import Style, card
from keinstich.deal import Deal, Move, move_cards

from .grades import Grades, grades_of, pack_in_play
from .why import best_sentence, cost_sentence, move_text, only_sentence

SAMPLES = 100
"""Deals the fair judgement samples per decision (the Monte Carlo player plays with 160)."""

DOMINO_NODES = 150_000
"""Positions the open judgement of a lay-off move may search before it gives up (a count, not a
time: the same review on every machine)."""

EPSILON = 1e-9


class CoachError(ValueError):
    """A position or move the coach cannot judge (the deal is over, the move is not legal)."""


@dataclass(frozen=True)
class Judgement:
    """One decision of ``seat``: the ``move`` made, judged against every ``legal`` move.

    ``index``: the moves made before it (``deal.rewound(index)`` is the position). ``fair`` and
    ``open``: each move's value for the seat's side, higher is better, in ``unit`` (only differences
    mean something); ``open`` is None where the solver did not settle the position. ``best`` and
    ``open_best``: the best moves by each; ``cost`` and ``open_cost``: what ``move`` gives away against
    them. ``grade``: best / fine / mistake / blunder by the fair cost ("only" for a forced move,
    "differs" where only the heuristic bot judged it). ``why``: one sentence on the move made;
    ``best_why``: one on the best move. ``method``: how the fair values were made. ``trick``: the trick's
    number (1 = the first), None outside the card play.
    """

    seat: int
    index: int
    move: Move
    legal: tuple[Move, ...]
    fair: dict[Any, float]
    best: tuple[Move, ...]
    cost: float
    open: dict[Any, float] | None
    open_best: tuple[Move, ...]
    open_cost: float | None
    grade: str
    why: str
    best_why: str
    unit: str
    method: str
    trick: int | None

    @property
    def forced(self) -> bool:
        """Whether the seat had no choice."""
        return self.grade == "only"

    def __str__(self) -> str:
        return f"{move_text(self.move)}: {self.grade} — {self.why}"


def key(move: Move) -> Any:
    """What a move is judged as: its card (a card laid at a chosen end counts as the card), or the move."""
    cards = move_cards(move)
    if len(cards) == 1:
        return cards[0]
    if len(cards) > 1:
        return frozenset(cards)
    return move


def _decision(move: Move) -> Move:
    return card(move) if isinstance(move, str) and len(move) <= 3 else move


def judge(position: Deal, move: Move, *, samples: int = SAMPLES, seed: int | str = 0,
          budget: Budget | None = None, open_hands: bool = True, style: Style | None = None) -> Judgement:
    """Judge ``move`` by the player to move in ``position`` (left unchanged): both judgements, the
    cost, the grade and the reasons. ``open_hands=False`` skips the solver; ``budget`` stops the work
    early (:class:`~keinstich.bots.budget.Stopped`). ``style``: how the sentences name the cards (German or
    French names; by default the pack's)."""
    seat = position.turn
    if seat is None or position.over:
        raise CoachError("the deal is over: there is no decision left to judge")
    move = _decision(move)
    style = style or pack_in_play(position).style
    legal = tuple(position.legal_moves())
    if key(move) not in {key(m) for m in legal}:
        why = position.why_illegal(move, seat)
        raise CoachError(f"{move_text(move, style)} is not a legal move here" + (f": {why}" if why else ""))
    grades = grades_of(position)
    index = len(position.history)
    obs = position.observation(seat)
    td = position.trick_deal
    trick = len(td.tricks) + 1 if td is not None and position.phase == "play" else None
    if obs.kind == "herzblatt" and position.phase != "play":
        return _heuristic(position, seat, index, move, legal, grades, obs, style)
    keys = list(dict.fromkeys(key(m) for m in legal))
    if len(keys) == 1:
        return Judgement(seat, index, move, legal, {keys[0]: 0.0}, (move,), 0.0, None, (move,), None, "only",
                         only_sentence(move, style), only_sentence(move, style), grades.unit, "only", trick)
    bot = MonteCarloBot(seed, samples=samples, pack=pack_in_play(position))
    got = bot.move_values(obs)
    fair = {k: got.values[k] for k in keys}
    if budget is not None:
        budget.check()
    opened = _open(position, seat, keys, budget) if open_hands else None
    k = key(move)
    best, cost = _best(fair, k)
    open_best, open_cost = _best(opened, k) if opened is not None else ((), None)
    grade = "best" if k in best else grades.grade(cost)
    moves = {key(m): m for m in legal}
    best_moves = tuple(moves[b] for b in best)
    risk = _risk(got.deals.get(best[0], []), got.deals.get(k, []), grades.fine)
    open_moves = tuple(moves[b] for b in open_best)
    why = cost_sentence(position, seat, move, best_moves[0], grade, cost, open_cost, grades, got.count, got.how, risk,
                        style, open_moves[0] if open_moves else None)
    best_why = best_sentence(position, seat, best_moves, got.count, got.how, style)
    return Judgement(seat, index, move, legal, fair, best_moves, cost, opened, open_moves, open_cost, grade, why,
                     best_why, grades.unit, got.how, trick)


def _risk(best: list[float], mine: list[float], least: float) -> tuple[int, float]:
    """In how many of the judged deals the move does worse than the best by ``least`` or more, and by how
    much on average in those."""
    worse = [b - m for b, m in zip(best, mine, strict=True) if b - m >= least]
    return len(worse), (sum(worse) / len(worse) if worse else 0.0)


def _best(values: dict[Any, float], k: Any) -> tuple[tuple[Any, ...], float]:
    top = max(values.values())
    best = tuple(m for m, v in values.items() if v >= top - EPSILON)
    return best, max(0.0, top - values[k])


def _open(position: Deal, seat: int, keys: Sequence[Any], budget: Budget | None) -> dict[Any, float] | None:
    """Each move's exact value with all hands open (higher is better), or None if not settled."""
    try:
        if lay_off(position):
            nodes = Budget(nodes=DOMINO_NODES)
            got = domino_move_bounds(position, seat, budget=nodes)
            if budget is not None:
                budget.check()
            if not got.exact:
                return None
            return {k: float(got.values[k]) for k in keys}
        sign = objective(position.observation(seat)).sign
        values = card_values(position, seat, budget)
    except Stopped:
        if budget is not None and budget.stopped:
            raise
        return None
    return {k: float(sign * values[k]) for k in keys}


def _heuristic(position: Deal, seat: int, index: int, move: Move, legal: tuple[Move, ...], grades: Grades,
               obs: Any, style: Style) -> Judgement:
    """Herzblatt's asking, discards and calls: the heuristic bot's decision, not a measured cost."""
    decision = HeuristicBot(pack=pack_in_play(position)).decide(obs)
    usual = decision.move
    same = key(usual) == key(move)
    if len(legal) == 1:
        grade, why = "only", only_sentence(move, style)
    elif same:
        grade, why = "best", f"the heuristic bot decides the same: {decision.reason}"
    else:
        grade, why = "differs", (f"the heuristic bot would {move_text(usual, style)} instead: {decision.reason} "
                                 f"(this decision is compared with the heuristic bot only, not measured)")
    best_why = f"the heuristic bot's choice, {move_text(usual, style)}: {decision.reason}"
    return Judgement(seat, index, move, legal, {}, (usual,), 0.0, None, (), None, grade, why, best_why, grades.unit,
                     "heuristic", None)


__all__ = ["DOMINO_NODES", "SAMPLES", "CoachError", "Judgement", "judge", "key"]

"""The review of a played deal from one seat: every decision judged, and the deal replayed twice.

:func:`review` walks the deal's moves; each decision of the seat is judged (:func:`~.judge.judge`) in
the position it was made. The summary compares what the seat got with two duplicates of the deal
(the same cards, the same bots in the other seats, each bot seeded afresh): the open-hands solver
playing the seat's cards (its best play with all hands known; Herzblatt's asking and discards kept as
the seat made them), and the heuristic bot in the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from keinstich.bots.base import Bot, deal_value, lay_off, objective
from keinstich.bots.budget import Budget
from keinstich.bots.herzblatt import banked_points
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.bots.solver import best_cards
from keinstich.bots.solver_domino import domino_move_bounds
from keinstich.cards import Pack, Style
from keinstich.deal import Deal, Move

from .grades import GRADES, grades_of, pack_in_play
from .judge import DOMINO_NODES, SAMPLES, CoachError, Judgement, judge, key
from .why import move_text

BotSpec = str | Bot


@dataclass(frozen=True)
class Review:
    """A seat's deal reviewed: its ``decisions`` (each judged), what it got (``paid``: the seat's
    score in ``unit``, pfennig paid or points won; its side's card points in Herzblatt; its place value
    less fees in a lay-off deal), and the same deal's duplicates: ``best_paid`` (the open-hands solver
    in the seat) and ``heuristic_paid`` (the heuristic bot in the seat). ``lower_is_better`` for pfennig
    paid. ``forced``: decisions with one legal move (not listed)."""

    seat: int
    decisions: tuple[Judgement, ...]
    paid: float
    best_paid: float
    heuristic_paid: float
    unit: str
    lower_is_better: bool
    forced: int
    style: Style = "german"

    def count(self, grade: str) -> int:
        return sum(1 for d in self.decisions if d.grade == grade)

    @property
    def summary(self) -> str:
        """One line: the grades counted, then what the seat got against the two duplicates."""
        verb = "paid" if self.lower_is_better else "got"
        counts = ", ".join(f"{self.count(g)} {g}" for g in (*GRADES, "differs") if self.count(g))
        n = len(self.decisions)
        return (f"{n} decision{'' if n == 1 else 's'} ({counts or 'none'}). You {verb} {_num(self.paid)} {self.unit}; "
                f"best play from your seat with all hands open, against the same bots: {_num(self.best_paid)}; "
                f"the heuristic bot in your seat: {_num(self.heuristic_paid)}.")

    @property
    def mistakes(self) -> tuple[Judgement, ...]:
        """The mistakes and blunders, in the order they were made."""
        return tuple(d for d in self.decisions if d.grade in ("mistake", "blunder"))

    def rows(self) -> list[dict[str, Any]]:
        """One dict per decision (for a table or a pandas frame)."""
        return [{"move": d.index, "trick": d.trick, "played": move_text(d.move, self.style),
                 "best": ", ".join(move_text(m, self.style) for m in d.best), "cost": round(d.cost, 1),
                 "open cost": None if d.open_cost is None else round(d.open_cost, 1), "grade": d.grade, "why": d.why}
                for d in self.decisions]

    def __str__(self) -> str:
        lines = [self.summary]
        for d in self.decisions:
            at = f"trick {d.trick}" if d.trick is not None else f"move {d.index + 1}"
            lines.append(f"  {at}: {move_text(d.move, self.style)} — {d.grade}. {d.why}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from keinstich.faces.review import review_html

        return review_html(self)


def _num(v: float) -> str:
    return f"{v:.0f}" if v == int(v) else f"{v:.1f}"


def outcome(deal: Deal, seat: int) -> float:
    """What ``seat`` got from a finished (or partly played) deal, in the review's unit: its score
    (pfennig paid, points), its side's card points in Herzblatt, its place value less fees when laying off."""
    if lay_off(deal):
        return float(deal_value(deal, seat)) if deal.over else 0.0
    td = deal.trick_deal
    if td is None:
        return 0.0
    if deal.game == "herzblatt":
        obs = deal.observation(seat)
        return float(sum(td.scores()[s] for s in objective(obs).side) + banked_points(obs))
    return float(td.scores()[seat])


def _bots(bots: BotSpec | Sequence[BotSpec], seed: int | str, players: int, pack: Pack) -> list[Bot]:
    from keinstich.sim.bot_specs import bot_seed, make_bot

    specs: list[BotSpec] = [bots] * players if isinstance(bots, str | Bot) else list(bots)
    if len(specs) == players - 1:
        specs = [*specs, "heuristic"]
    if len(specs) != players:
        raise CoachError(f"give one bot for every seat or one per seat ({players}), not {len(specs)}")
    return [s if isinstance(s, Bot) else make_bot(s, bot_seed(seed, 0, i), pack=pack) for i, s in enumerate(specs)]


def duplicate(deal: Deal, seat: int, pick: Callable[[Deal], Move], bots: BotSpec | Sequence[BotSpec],
              seed: int | str = 0) -> Deal:
    """The deal's cards played again from the start: ``pick`` chooses the seat's moves, fresh bots
    (``bots``, seeded from ``seed``) the others'."""
    d = deal.rewound(0)
    players = _bots(bots, seed, len(deal.dealt), pack_in_play(deal))
    while not d.over:
        s = d.turn
        assert s is not None
        d.play(pick(d) if s == seat else bot_move(players[s], d.observation(s)), s)
    return d


def _solver_pick(deal: Deal, seat: int) -> Callable[[Deal], Move]:
    """The open-hands solver's move for ``seat`` (its first best card); outside the card play, the move the
    seat made in ``deal`` at that point (kept as made), or the heuristic bot's if it was not made."""
    made = [m for s, m in deal.history if s == seat]

    def pick(d: Deal) -> Move:
        turn = sum(1 for s, _ in d.history if s == seat)
        card_play = d.phase in ("play", "lay")
        if card_play and len(d.legal_moves()) > 1:
            return _as_legal(d, _solver_move(d))
        if turn < len(made) and key(made[turn]) in {key(m) for m in d.legal_moves()}:
            return made[turn]
        return bot_move(HeuristicBot(pack=pack_in_play(d)), d.observation(seat))

    return pick


def _solver_move(d: Deal) -> Any:
    """The solver's best move; in a lay-off deal within :data:`~.judge.DOMINO_NODES` positions (the best
    by its estimates when that does not settle it)."""
    if lay_off(d):
        got = domino_move_bounds(d, budget=Budget(nodes=DOMINO_NODES))
        return max(got.values, key=lambda m: (got.values[m], -1 if m is None else -m.index))
    return best_cards(d)[0]


def _as_legal(d: Deal, chosen: Any) -> Move:
    for m in d.legal_moves():
        if key(m) == chosen or m == chosen:
            return m
    return cast(Move, chosen)


def review(deal: Deal, seat: int, *, bots: BotSpec | Sequence[BotSpec] = "heuristic", samples: int = SAMPLES,
           seed: int | str = 0, budget: Budget | None = None, open_hands: bool = True,
           progress: Callable[[int, int], None] | None = None, style: Style | None = None) -> Review:
    """Review ``seat``'s decisions in ``deal`` (finished, or played as far as it goes), judged fairly
    (``samples`` deals per decision) and with all hands open; ``bots`` are the other seats' bots for
    the duplicates (one spec for all, or one per seat). ``progress(done, total)`` is called after each
    decision; ``budget`` stops the work (:class:`~keinstich.bots.budget.Stopped`); ``style`` names the
    cards (by default as the pack does)."""
    n = len(deal.dealt)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise CoachError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
    history = deal.history
    cur = deal.rewound(0)
    todo = sum(1 for s, _ in history if s == seat)
    decisions: list[Judgement] = []
    forced = 0
    done = 0
    for s, m in history:
        if s == seat:
            j = judge(cur, m, samples=samples, seed=seed, budget=budget, open_hands=open_hands, style=style)
            if j.forced:
                forced += 1
            else:
                decisions.append(j)
            done += 1
            if progress is not None:
                progress(done, todo)
        cur.play(m, s)
    grades = grades_of(deal)
    lower = grades.unit == "pf" and not lay_off(deal)
    paid = outcome(deal, seat)
    if budget is not None:
        budget.check()
    best = outcome(duplicate(deal, seat, _solver_pick(deal, seat), bots, seed), seat)
    heuristic_bot = _bots("heuristic", seed, n, pack_in_play(deal))[seat]
    heur = outcome(duplicate(deal, seat, lambda d: bot_move(heuristic_bot, d.observation(seat)), bots, seed), seat)
    return Review(seat, tuple(decisions), paid, best, heur, grades.unit, lower, forced,
                  style or pack_in_play(deal).style)


__all__ = ["Review", "duplicate", "outcome", "review"]

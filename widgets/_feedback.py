"""What a quiz says about the learner's card: what it costs and why, then the best card and its reason.

:func:`assess` asks the coach (:func:`keinstich.coach.judge`: the fair judgement from what the learner
could know, and the exact one with every hand open; no widget is touched, so it may run in the
quiz's thread); :func:`report` writes the answer as HTML. The quiz's judge picks the yardstick for
right or wrong and for the model answer: ``"solver"`` every hand open (the cards' exact values are
listed too), ``"montecarlo"`` the fair judgement, ``"heuristic"`` the heuristic bot's card and reason.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from keinstich.bots.base import objective
from keinstich.bots.heuristic import HeuristicBot
from keinstich.cards import Card, Style
from keinstich.coach import grades_of, judge
from keinstich.coach.judge import SAMPLES
from keinstich.deal import Deal, Move
from keinstich.positions import dealt_pack

from ._games import bot_move

Judge = Literal["solver", "heuristic", "montecarlo"]
JUDGES: tuple[str, ...] = ("solver", "heuristic", "montecarlo")
Name = Callable[[Card], str]


@dataclass(frozen=True)
class Assessment:
    """One move judged in a position, as the quiz shows it.

    ``right``: the move is best by the quiz's judge; ``grade``: best / fine / mistake / blunder by that
    judge's cost; ``why``: the coach's sentence on the move (what it costs and why); ``best`` and
    ``best_why``: the model answer; ``values``: each legal card's exact result (the solver judge only),
    in the contract's units, with ``sign`` +1 when higher is better."""

    move: Move
    right: bool
    grade: str
    cost: float
    unit: str
    why: str
    best: tuple[Move, ...]
    best_why: str
    values: Mapping[Any, float] | None = None
    sign: int = 1


def assess(position: Deal, move: Move, by: Judge, *, name: Name, samples: int = SAMPLES,
           seed: int | str = 0, style: Style | None = None) -> Assessment:
    """Judge ``move`` (a legal move of the seat to move) in ``position`` by the quiz's judge ``by``; the
    sentences name the cards in ``style``, as the quiz shows them."""
    j = judge(position, move, samples=samples, seed=seed, open_hands=by == "solver", style=style)
    seat = j.seat
    if by == "solver" and j.open is not None and j.open_cost is not None:
        cost = j.open_cost
        grade = "best" if move in j.open_best else grades_of(position).grade(cost)
        sign = objective(position.observation(seat)).sign
        values = {k: sign * v for k, v in j.open.items()}  # back to the contract's own count (pfennig paid)
        names = " or ".join(_name(m, name) for m in j.open_best)
        end = _amount(sign * max(j.open.values()), j.unit)
        best_why = f"Best with every hand open: {names}, " + (f"after which you pay {end}." if sign < 0 else
                                                               f"after which your side gets {end}.")
        why = j.why if (grade == "best") == (j.grade in ("best", "only")) else _open_why(j.why, move, cost, j.unit,
                                                                                           grade, name)
        return Assessment(move, grade == "best", grade, cost, j.unit, why, j.open_best, best_why, values, sign)
    if by == "heuristic":
        card, reason = bot_move(HeuristicBot(pack=dealt_pack(position)), position, seat, style)
        right = move == card or j.grade in ("best", "only")  # the bot's card, or one as good
        return Assessment(move, right, j.grade, j.cost, j.unit, j.why, (card,),
                          f"The heuristic bot would play {_name(card, name)}: {reason}.")
    return Assessment(move, j.grade in ("best", "only"), j.grade, j.cost, j.unit, j.why, j.best, j.best_why)


def _open_why(fair_why: str, move: Move, cost: float, unit: str, grade: str, name: Name) -> str:
    """The sentence when the exact and the fair judgement disagree on whether ``move`` is best."""
    if grade == "best":
        return f"{_name(move, name)} is best with every hand open, though from what you could see: {fair_why}"
    return (f"{_name(move, name)} costs {_amount(cost, unit)} with every hand open; "
            f"from what you could see it was a sound choice ({fair_why})")


def _amount(value: float, unit: str) -> str:
    v = round(value, 1)
    return f"{int(v)} {unit}" if v == int(v) else f"{v} {unit}"


def _name(move: Move, name: Name) -> str:
    return name(move) if isinstance(move, Card) else "passing" if move is None else str(move)


HEADS = {"best": ("Good choice!", "Gute Wahl!"), "only": ("Good choice!", "Gute Wahl!"),
         "fine": ("Close.", "Knapp daneben."), "mistake": ("A mistake.", "Ein Fehler."),
         "blunder": ("A blunder.", "Ein grober Fehler.")}


def report(a: Assessment, *, name: Name, en: bool, shown: bool = False) -> str:
    """The feedback as HTML: right or not, the learner's card and the coach's sentence on it, then the
    best card and its reason (``shown``: Show answer, no card of the learner's to talk about)."""
    out = []
    if not shown:
        head = HEADS["best" if a.right else a.grade if a.grade in HEADS else "fine"][0 if en else 1]
        colour = "#0b7a28" if a.right else "#b00020"
        mine = _name(a.move, name)
        you = "" if a.why.startswith(mine) else (f"You chose {mine}: " if en else f"Deine Wahl, {mine}: ")
        out.append(f"<b style='color:{colour}'>{html.escape(head)}</b> {html.escape(you + _sentence(a.why))}")
    if shown or a.move not in a.best or len(a.best) > 1:
        out.append(html.escape(_sentence(a.best_why)))
    if a.values is not None:
        out.append(_table(a, name, en))
    return "<br>".join(out)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _table(a: Assessment, name: Name, en: bool) -> str:
    values: Mapping[Any, float] = a.values or {}
    rows = "".join(
        f"<li>{html.escape(_name(c, name))}: {html.escape(_amount(v, a.unit))}</li>"
        for c, v in sorted(values.items(), key=lambda kv: (-a.sign * kv[1], kv[0].index if kv[0] else -1)))
    head = ("Each card, with best play after it (every hand open):" if en else
            "Jede Karte, bei bestem Spiel danach (alle Karten offen):")
    return f"<div>{head}<ul style='margin:2px 0'>{rows}</ul></div>"

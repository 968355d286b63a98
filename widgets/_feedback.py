"""What a quiz says about the learner's card: what it costs and why, then the best card and its reason.

:func:`assess` asks the engine (no widget is touched: it runs in the quiz's thread); :func:`report`
writes the answer as HTML. The judge picks the yardstick: ``"solver"`` every hand open (exact),
``"montecarlo"`` the fair judgement from what the learner could know, ``"heuristic"`` the heuristic
bot's card and its reason as the model answer.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from keinstich.bots.base import objective
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.solver import card_values
from keinstich.cards import Card
from keinstich.deal import Deal, Move
from keinstich.drills import thresholds
from keinstich.positions import dealt_pack

from ._games import bot_move

Judge = Literal["solver", "heuristic", "montecarlo"]
JUDGES: tuple[str, ...] = ("solver", "heuristic", "montecarlo")


@dataclass(frozen=True)
class Assessment:
    """The judgement of one move in a position, as the quiz shows it.

    ``right``: the move is as good as the best (costs less than the contract's "fine" threshold, or is
    the heuristic bot's card); ``why``: a sentence on the learner's move (its cost and reason);
    ``best``/``best_why``: the model answer; ``values``: every legal card's exact value (solver only).
    """

    move: Move
    right: bool
    grade: str
    cost: float
    unit: str
    why: str
    best: tuple[Move, ...]
    best_why: str
    values: Mapping[Move, int] | None = None
    sign: int = -1


def assess(position: Deal, move: Move, judge: Judge, *, name: Callable[[Card], str], samples: int = 60,
           seed: int | str = 0) -> Assessment:
    """Judge ``move`` (a legal move of the seat to move) in ``position`` by ``judge``."""
    seat = position.turn
    assert seat is not None
    values = card_values(position)
    sign = objective(position.observation(seat)).sign
    unit = str(getattr(getattr(position.trick_deal, "contract", None), "unit", "") or position.result().unit)
    top = max(sign * v for v in values.values())
    cost = top - sign * values[move]
    fine, mistake = thresholds(position)
    grade = "only" if len(values) == 1 else "best" if cost < fine else "fine" if cost < mistake else "mistake"
    best = tuple(m for m in values if sign * values[m] == top)
    mine = _name(move, name)
    if cost == 0:
        why = f"{mine} is as good as the best play: with best play after it you end with {values[move]} {unit}."
    else:
        why = (f"{mine} costs you {cost} {unit} against the best play: with best play after it you end with "
               f"{values[move]} {unit}, not {sign * top} {unit}.")
    best_why = f"Best: {', '.join(_name(m, name) for m in best)}, which ends with {sign * top} {unit}."
    right = cost < fine
    if judge != "solver":
        in_play = dealt_pack(position)  # public: the cards in play (a hand-built deal is no named pack)
        bot: Any = HeuristicBot(pack=in_play)
        who = "The heuristic bot"
        if judge == "montecarlo":
            from keinstich.bots.montecarlo import MonteCarloBot

            bot, who = MonteCarloBot(f"quiz:{seed}:{len(position.history)}", samples=samples, pack=in_play), \
                "The Monte Carlo bot"
        card, reason = bot_move(bot, position, seat)  # the bot sees the learner's observation only
        best, best_why = (card,), f"{who} would play {_name(card, name)}: {reason}."
        right = move == card
    return Assessment(move, right, grade, cost, unit, why, best, best_why,
                      values if judge == "solver" else None, sign)


def _name(move: Move, name: Callable[[Card], str]) -> str:
    return name(move) if isinstance(move, Card) else "passing" if move is None else str(move)


def report(a: Assessment, *, name: Callable[[Card], str], en: bool, shown: bool = False) -> str:
    """The feedback as HTML: right or not, the sentence on the learner's move, the best move and its
    reason (``shown``: Show answer, no move of the learner's to talk about)."""
    out = []
    if not shown:
        head = {"best": ("Good choice!", "Gute Wahl!"), "only": ("Good choice!", "Gute Wahl!"),
                "fine": ("Close.", "Knapp daneben."), "mistake": ("A mistake.", "Ein Fehler."),
                "blunder": ("A blunder.", "Ein grober Fehler.")}.get(a.grade, ("", ""))[0 if en else 1]
        if a.right:
            head = "Good choice!" if en else "Gute Wahl!"
        colour = "#0b7a28" if a.right else "#b00020"
        out.append(f"<b style='color:{colour}'>{html.escape(head)}</b> {html.escape(a.why)}")
    if shown or not a.right or len(a.best) > 1:
        out.append(html.escape(a.best_why))
    if a.values is not None:
        out.append(_table(a, name, en))
    return "<br>".join(out)


def _table(a: Assessment, name: Callable[[Card], str], en: bool) -> str:
    values: Mapping[Any, int] = a.values or {}
    unit = html.escape(a.unit)
    rows = "".join(
        f"<li>{html.escape(_name(c, name))}: {v} {unit}</li>"
        for c, v in sorted(values.items(), key=lambda kv: (-a.sign * kv[1], kv[0].index if kv[0] else -1)))
    head = ("Each card, with best play after it (every hand open):" if en else
            "Jede Karte, bei bestem Spiel danach (alle Karten offen):")
    return f"<div>{head}<ul style='margin:2px 0'>{rows}</ul></div>"

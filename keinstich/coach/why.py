"""The coach's sentences: what a move cost and why, in the words the lessons teach.

A reason for a mistake is read off two lines of play with all hands open, everyone playing their best:
one after the move made, one after the best move. The first trick where they part is told as it
happens ("you take trick 5 with Q♠: 10 pf"); a card kept while void in the led suit, and later caught,
is told as such ("you kept A♠ while void in clubs: throwing it on trick 3 was free"). Every sentence
states facts of those lines or of the position, nothing else; the fair cost is stated as an average.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keinstich.bots.base import lay_off, objective
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.solver import solve
from keinstich.bots.tables import tables
from keinstich.cards import Style
from keinstich.deal import Deal, Move, move_cards
from keinstich.wording import naming

from .grades import Grades, pack_in_play

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def move_text(move: Move, style: Style | None = None) -> str:
    """A move as the sentences name it: a card by its name in the pack's ``style`` ("Ober of Hearts";
    its short form, Q♥, without one), "pass", or a Herzblatt move as it prints."""
    cards = move_cards(move)
    if cards:
        return " and ".join(c.text if style is None else c.label(style) for c in cards)
    if move is None:
        return "pass"
    return str(move)


def only_sentence(move: Move, style: Style | None = None) -> str:
    return f"{move_text(move, style)} was your only legal move"


def _amount(value: float, unit: str) -> str:
    return f"{value:.1f} {unit}" if value != int(value) else f"{int(value)} {unit}"


def cost_sentence(position: Deal, seat: int, move: Move, best: Move, grade: str, cost: float,
                  open_cost: float | None, grades: Grades, count: int, how: str,
                  risk: tuple[int, float] = (0, 0.0), style: Style | None = None,
                  open_best: Move | None = None) -> str:
    """One sentence on ``move``: its grade in words, what it cost on average and, for a mistake or a
    blunder, why: read off the open-hands lines after it and after ``best``, or, when those do not part,
    ``risk``: in how many of the judged deals it does worse, and by how much then."""
    style = style or pack_in_play(position).style
    m, b, unit = move_text(move, style), move_text(best, style), grades.unit
    if grade == "best":
        if open_cost is not None and open_cost >= grades.fine and open_best is not None:
            return (f"{m} was a best move from what you could know; with all hands open it cost "
                    f"{_amount(round(open_cost, 1), unit)} more than {move_text(open_best, style)}, but you could "
                    f"not see that")
        return f"{m} was a best move here"
    head = f"{m} costs {_amount(round(cost, 1), unit)} on average against {b} over {over(count, how)}"
    if open_cost is not None and round(open_cost, 1) != round(cost, 1):
        head += f" ({_amount(round(open_cost, 1), unit)} with all hands open)"
    if grade == "fine":
        return head + ": close to the best"
    if open_cost is not None and open_cost < grades.fine:
        k, loss = risk
        if not k:
            return head
        return (f"{head}: with these hands it happened to cost nothing, but in {k} of the {count} deals it costs "
                f"{_amount(round(loss, 1), unit)} more than {b}")
    story = (lay_off_story(position, seat, move, best, style) if lay_off(position)
             else trick_story(position, seat, move, best, style))
    return f"{head} — {story}" if story else head


def over(count: int, how: str) -> str:
    """The deals a fair judgement averaged over, in words ("all 6 deals that fit what you saw, solved exactly")."""
    method = "solved exactly" if how.endswith("solved") else "played out"
    if how.startswith("listed"):
        deals = "the only deal that fits what you saw" if count == 1 else f"all {count} deals that fit what you saw"
    else:
        deals = f"{count} sampled deals that fit what you saw"
    return f"{deals}, {method}"


def best_sentence(position: Deal, seat: int, best: Sequence[Move], count: int, how: str,
                  style: Style | None = None) -> str:
    """One sentence on the best move (or moves), with the heuristic bot's reason when it plays one of them."""
    style = style or pack_in_play(position).style
    names = " or ".join(move_text(m, style) for m in best[:3])
    head = f"{names} {'is' if len(best) == 1 else 'are'} best over {over(count, how)}"
    try:
        bot = HeuristicBot(pack=pack_in_play(position))
        with naming(style):
            choice = bot.decide(position.observation(seat)) if position.game != "herzblatt" else None
    except ValueError:
        choice = None
    if choice is not None and any(move_cards(m) == move_cards(choice.card) or m == choice.card for m in best):
        return f"{head}; the heuristic bot plays {move_text(choice.card, style)} too: {choice.reason}"
    return head


# --- the lines with all hands open ------------------------------------------------------------------------


def line_after(position: Deal, seat: int, move: Move) -> Deal:
    """A copy of ``position`` with ``move`` made, then played to the end by the open-hands solver
    (everyone plays their best, the others against ``seat``'s side)."""
    d = position.copy()
    d.play(move, position.turn)
    if not d.over:
        for s, c in solve(d, seat).line:
            d.play(c, s)
    return d


def _by_trick(deal: Deal, side: Sequence[int], start: int) -> list[tuple[Any, int]]:
    """The tricks from ``start`` on with what each added to the side's score."""
    td = deal.trick_deal
    assert td is not None and td.contract is not None
    n, total = td.players, td.total_tricks
    prev = td.contract.score(td.tricks[:start], n, total)
    out = []
    for k in range(start, len(td.tricks)):
        cur = td.contract.score(td.tricks[:k + 1], n, total)
        out.append((td.tricks[k], sum(cur[s] - prev[s] for s in side)))
        prev = cur
    return out


def _who(s: int, seat: int, side: Sequence[int]) -> str:
    if s == seat:
        return "you"
    return f"your partner, seat {s}," if s in side else f"seat {s}"


def trick_story(position: Deal, seat: int, move: Move, best: Move, style: Style) -> str:
    """Why ``move`` is worse than ``best`` in a trick deal: the first trick where, with all hands open and
    best play all round, the seat's side does worse after ``move`` than after ``best``, told as it
    happens. Empty when no trick is worse (then the lines only part in ways that even out)."""
    td = position.trick_deal
    if td is None or td.contract is None:
        return ""
    obj = objective(position.observation(seat))
    side, sign = obj.side, obj.sign
    start = len(td.tricks)
    mine = _by_trick(line_after(position, seat, move), side, start)
    other = {t.number: (t, a) for t, a in _by_trick(line_after(position, seat, best), side, start)}
    unit = "pf" if sign < 0 else "points"
    m, b = move_text(move, style), move_text(best, style)
    for t1, a1 in mine:
        t2, a2 = other.get(t1.number, (None, 0))
        if sign * (a1 - a2) >= 0:
            continue
        won = dict(t1.plays())[t1.winner]
        who = _who(t1.winner, seat, side)
        verb = "take" if who == "you" else "takes"
        what = "this trick" if t1.number == start + 1 else f"trick {t1.number}"
        told = f"{who} {verb} {what} with {won.label(style)}" + (
            f" ({_amount(abs(a1), unit)}{_holding(td, t1, style)})" if a1 else "")
        kept = move_cards(best)
        now_cost = other.get(start + 1, (None, 0))[1]
        if kept and t1.winner == seat and won == kept[0] and t1.number > start + 1 and sign * (a1 - now_cost) < 0:
            void = _void_in_led(position, seat, style)
            doing = f"while void in {void}: throwing it" if void is not None else ": playing it"
            price = "was free" if not now_cost else f"cost only {_amount(abs(now_cost), unit)}"
            return (f"you kept {b} {doing} on trick {start + 1} {price}, and with all hands open it takes trick "
                    f"{t1.number} ({_amount(abs(a1), unit)}{_holding(td, t1, style, won)})").replace(" :", ":")
        if t2 is None:
            return f"with all hands open, after {m} {told}"
        there = f"{_amount(abs(a2), unit)} there" if a2 else "nothing there"
        return f"with all hands open, after {m} {told}; after {b} your side gets {there}" if sign > 0 else \
            f"with all hands open, after {m} {told}; after {b} you pay {there}"
    return ""


def _holding(td: Any, trick: Any, style: Style, but: Any = None) -> str:
    """": King of Hearts": the trick's cards (``but`` one, named already) that cost or score something."""
    tb = tables(td.contract, td.rules, td.total_tricks)
    named = [c.label(style) for c in trick.cards if tb.cost[c.index] != 0 and c != but]
    return f": {', '.join(named)}" if named else ""


def _void_in_led(position: Deal, seat: int, style: Style) -> str | None:
    """The led suit's name when ``seat`` holds none of it (it is not leading), else None."""
    td = position.trick_deal
    if td is None or not td.trick:
        return None
    led = td.trick[0][1].suit
    if any(c.suit == led for c in td.hand(seat)):
        return None
    return led.label(style)


def lay_off_story(position: Deal, seat: int, move: Move, best: Move, style: Style) -> str:
    """Why ``move`` is worse in a lay-off deal: the places the open-hands lines finish in, and the fee."""
    try:
        mine = line_after(position, seat, move)
        other = line_after(position, seat, best)
    except ValueError:
        return ""
    if not (lay_off(mine) and lay_off(other)):
        return ""
    p1, p2 = list(mine.finish_order).index(seat), list(other.finish_order).index(seat)
    parts = []
    if p1 != p2:
        parts.append(f"with all hands open you finish {ORDINALS[p1]} after {move_text(move, style)} and "
                     f"{ORDINALS[p2]} after {move_text(best, style)}")
    f1, f2 = mine.fees()[seat], other.fees()[seat]
    if f1 != f2:
        parts.append(f"you pay {f1} in pass fees against {f2}")
    return "; ".join(parts)


__all__ = ["best_sentence", "cost_sentence", "line_after", "move_text", "only_sentence", "trick_story"]

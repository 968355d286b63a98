"""The coach's sentences: what a move cost and why, in the words the lessons teach.

Every sentence states facts of the verdict (what a move costs from what the player could know, give or take,
over how many deals), of the deal as it was played, or of a line of play with all hands open against the
opponents who played (:mod:`.against`), and says which. "This trick" is the trick the move was played to, as it
really went on; a line the player did not play is introduced as one ("had you played …"). Every number is
measured against the move the sentence names. A penalty list names every card of the trick that counts, the
player's own included. Amounts are said in the deal's unit, with the side's sign: pfennig paid, points won or
lost, card points for the side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keinstich.bots.base import lay_off, objective
from keinstich.bots.tables import amounts
from keinstich.cards import Card, Style
from keinstich.deal import Deal, Lay, Move, move_cards

from .fair import key
from .grades import Grade

if TYPE_CHECKING:
    from .against import Answers, OpenValues
    from .judge import Verdict

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def move_text(move: Move, style: Style | None = None) -> str:
    """A move as the sentences name it: a card by its name in the pack's ``style`` ("Ober of Hearts";
    its short form, Q♥, without one), a card laid at a chosen end with it ("Daus of Acorns at the bottom"),
    "pass", or a Herzblatt move as it prints."""
    if isinstance(move, Lay):
        name = move.card.text if style is None else move.card.label(style)
        return f"{name} at the top" if move.end == "top" else f"{name} at the bottom"
    cards = move_cards(move)
    if cards:
        return " and ".join(c.text if style is None else c.label(style) for c in cards)
    if move is None:
        return "pass"
    return str(move)


def only_sentence(move: Move, style: Style | None = None) -> str:
    return f"{move_text(move, style)} was your only legal move"


def amount(value: float, unit: str) -> str:
    """A whole or one-decimal amount with its unit ("5 pf", "1 point", "2.5 card points")."""
    v = round(value, 1)
    text = f"{int(v)}" if v == int(v) else f"{v:.1f}"
    if unit.endswith("points") and abs(v) == 1:
        unit = unit[:-1]
    return f"{text} {unit}"


def over(v: Verdict) -> str:
    """The deals the verdict rests on, in words ("all 6 deals that fit what you saw, solved exactly"; a lay-off
    deal's listed deals, played out at random again and again: "all 252 deals that fit what you saw, each played
    out 3 times at random")."""
    f = v.judged
    assert f is not None
    if not f.count:
        return "your legal cards all come to the same here"
    method = "solved exactly" if f.exact else "played out"
    if f.listed and f.random:
        rounds = f.count // max(1, f.fits)
        if rounds == 1:
            return f"all {f.fits} deals that fit what you saw, each played out once at random"
        return f"all {f.fits} deals that fit what you saw, each played out {rounds} times at random"
    if f.listed:
        deals = "the only deal that fits what you saw" if f.count == 1 else \
            f"all {f.count} deals that fit what you saw"
    else:
        deals = f"{f.count} deals that fit what you saw"
    return f"{deals}, {method}"


def cost_sentence(v: Verdict, move: Move, style: Style) -> str:
    """One sentence on ``move`` from what the player could know: its grade in words and what it costs."""
    m, grade = move_text(move, style), v.grade(move)
    if v.judged is None:
        usual = move_text(v.usual, style)
        if grade == Grade.BEST:
            return f"the heuristic bot decides the same: {v.usual_reason}"
        return (f"the heuristic bot would {usual} instead: {v.usual_reason} (this decision is compared with the "
                f"heuristic bot only, not measured)")
    b = move_text(v.leader, style)
    if grade == Grade.BEST:
        if key(move) == key(v.leader) or v.cost(move) < 0.05:
            return f"{m} was a best move from what you could know ({over(v)})"
        return (f"{m} was as good as {b} from what you could know: {_against(v, move, '', 'behind it')}, over "
                f"{over(v)}, within the judgement's doubt")
    head = f"{m} costs {_against(v, move, f'against {b}')}, over {over(v)}"
    return head + (": close to the best" if grade == Grade.FINE else "")


def _against(v: Verdict, move: Move, against: str, after: str = "") -> str:
    """"about 4 pf against X, give or take 1": a sampled cost, the move it is measured against, the doubt."""
    cost, margin, unit = v.cost(move), v.margin(move), v.unit
    words = " ".join(w for w in (amount(round(cost) if margin >= 1 else cost, unit), after, against) if w)
    if margin <= 0:
        return words
    doubt = round(margin) if margin >= 1 else f"{round(margin, 1):g}"
    return f"about {words}, give or take {doubt}"


def best_sentence(v: Verdict, style: Style) -> str:
    """One sentence on the best move(s), with the rule of thumb where it agrees, or where it parts."""
    if v.judged is None:
        return f"the heuristic bot's choice, {move_text(v.usual, style)}: {v.usual_reason}"
    every = _distinct(v.best)
    shown = every[:3]
    names = " or ".join(move_text(m, style) for m in shown)
    if len(every) > len(shown):
        names += f" (and {len(every) - len(shown)} more as good)"
    f = v.judged
    where = "as your legal cards all come to the same here" if not f.count else f"over {over(v)}"
    head = f"{names} {'is' if len(every) == 1 else 'are'} best from what you could know, {where}"
    return f"{head}; {_rule_of_thumb(v, style)}"


def hint_sentence(v: Verdict, style: Style) -> str:
    """Why the Hint's move: the best from what the player can know, then the rule of thumb where it agrees, or
    the one sentence where it parts."""
    if v.judged is None:
        return v.usual_reason
    f = v.judged
    if not f.count:
        return f"your legal cards all come to the same here; {_rule_of_thumb(v, style)}"
    deals = f"all {f.fits or f.count} deals that fit" if f.listed else f"{f.count} deals that fit"
    return f"best from what you can know ({deals} what you saw); {_rule_of_thumb(v, style)}"


def _rule_of_thumb(v: Verdict, style: Style) -> str:
    u = move_text(v.usual, style)
    grade = v.grade(v.usual)
    if grade == Grade.BEST and key(v.usual) == key(v.hint):
        return f"the rule of thumb plays {u} too: {v.usual_reason}"
    if grade == Grade.BEST:
        return f"the rule of thumb plays {u}, as good here: {v.usual_reason}"
    if grade == Grade.FINE:
        return (f"the rule of thumb would play {u} ({v.usual_reason}), which is close: "
                f"{_against(v, v.usual, '', 'behind')}")
    return (f"the rule of thumb would play {u} ({v.usual_reason}), but here that costs "
            f"{_against(v, v.usual, '', 'more')}")


def _distinct(moves: Sequence[Move]) -> list[Move]:
    out: list[Move] = []
    for m in moves:
        if all(key(m) != key(x) for x in out):
            out.append(m)
    return out


# --- with all hands open, against the opponents who played ----------------------------------------------


def open_sentence(v: Verdict, move: Move, opened: OpenValues, style: Style, answers: Answers | None) -> str:
    """The verdict's sentence on ``move``, then what all hands open add: for a mistake, why, told from two lines
    of play (after ``move`` and after the best move, best play by the player with every hand known, the others
    answering as they do); for a good move, what could not be seen."""
    base = v.why(move, style)
    grade, unit = v.grade(move), v.unit
    b = v.leader
    mine, theirs = opened.values.get(key(move)), opened.values.get(key(b))
    exact = key(move) in opened.exact and key(b) in opened.exact
    if grade.good:
        top = opened.best[0] if opened.best else None
        cost = opened.cost(move)
        if top is None or cost is None or cost < v.grades.fine:
            return base
        named = next((m for m in v.legal if key(m) == top), top)
        return (f"{base}; with all hands open, against these opponents, {move_text(named, style)} would have "
                f"done {amount(cost, unit)} better, but you could not see that")
    if mine is None or theirs is None or not exact:
        return base
    gap = theirs - mine
    if gap < v.grades.fine:
        k, loss = _risk(v, move)
        told = f"{base}: with these very hands {move_text(b, style)} would have done no better"
        if mine > theirs:
            told = f"{base}: with these very hands {move_text(move, style)} happened to do better"
        if k and v.judged is not None and v.judged.listed and v.judged.random:
            return told + f", but in {k} of the {v.deals} play-outs it costs {amount(loss, unit)} more"
        return told + (f", but in {k} of the {v.deals} deals it costs {amount(loss, unit)} more" if k else "")
    if answers is None:
        return base
    story = lay_off_story(v, move, b, answers, style) if lay_off(v.position) else \
        trick_story(v, move, b, answers, style)
    head = f"{base} (with all hands open it costs {amount(gap, unit)} more than {move_text(b, style)}"
    top, cost = (opened.best[0] if opened.best else None), opened.cost(move)
    if top is not None and top != key(b) and cost is not None and cost > gap + 1e-9:
        named = next((m for m in v.legal if key(m) == top), top)
        head += f", and {amount(cost, unit)} more than {move_text(named, style)}, the best there"
    return f"{head}) — {story}" if story else f"{head})"


def _risk(v: Verdict, move: Move) -> tuple[int, float]:
    """In how many of the judged deals ``move`` does worse than the leading move by the fine threshold or more,
    and by how much on average in those."""

    f = v.judged
    assert f is not None
    i, b = f.index(move), f.leader
    n = min(f.deals[i], f.deals[b])
    loss = f.values[:n, b] - f.values[:n, i]
    worse = loss[loss >= v.grades.fine]
    return len(worse), float(worse.mean()) if len(worse) else 0.0


@dataclass(frozen=True)
class TrickTold:
    """One trick of a line, as a sentence tells it: its ``number``, who took it (``winner``) with which card
    (``card``), the ``cards`` in it that count, and what it adds to the player's side (``side``, signed: higher is
    better for the side; ``raw`` in the contract's own count)."""

    number: int
    winner: int
    card: Card
    cards: tuple[Card, ...]
    side: int
    raw: int


def tricks_of(line: Deal, seat: int, start: int) -> list[TrickTold]:
    """The tricks of a finished line from trick ``start + 1`` on, each with what it adds to ``seat``'s side."""
    td = line.trick_deal
    assert td is not None and td.contract is not None
    obj = objective(line.observation(seat))
    n, total = td.players, td.total_tricks
    val, _ = amounts(td.contract, total)
    prev = td.contract.score(td.tricks[:start], n, total)
    out = []
    for k in range(start, len(td.tricks)):
        cur = td.contract.score(td.tricks[:k + 1], n, total)
        raw = sum(cur[s] - prev[s] for s in obj.side)
        t = td.tricks[k]
        won = dict(t.plays())[t.winner]
        out.append(TrickTold(t.number, t.winner, won, tuple(c for c in t.cards if val[c.index]), obj.sign * raw, raw))
        prev = cur
    return out


def _who(s: int, seat: int, side: Sequence[int]) -> str:
    if s == seat:
        return "you"
    return f"your partner, seat {s}," if s in side else f"seat {s}"


def _side_amount(t: TrickTold, unit: str) -> str:
    """What a trick adds to the side, in words: "10 pf" (paid), "20 card points for your side", "you lose 5
    points"."""
    if unit == "pf":
        return amount(t.raw, unit)
    if unit == "card points":
        return f"{amount(t.raw, unit)} for your side"
    return f"{'you win' if t.raw > 0 else 'you lose'} {amount(abs(t.raw), unit)}"


def _took(t: TrickTold, seat: int, side: Sequence[int], what: str, unit: str, style: Style, would: bool = False) -> str:
    """"you take this trick with the Ober of Hearts (10 pf: Ober of Hearts, 7 of Hearts)": who took a trick, with
    which card, and, when it was the player's side, what that added and every card of it that counts."""
    who = _who(t.winner, seat, side)
    verb = "would take" if would else "take" if who == "you" else "takes"
    counted = ", ".join(c.label(style) for c in t.cards)
    told = f"{who} {verb} {what} with {t.card.label(style)}"
    if t.winner in side and t.raw:
        return told + f" ({_side_amount(t, unit)}{': ' + counted if counted else ''})"
    if t.winner in side:
        return told + (", paying nothing" if unit == "pf" else ", nothing for your side")
    return told + (f" ({counted})" if counted else "")


def trick_story(v: Verdict, move: Move, best: Move, answers: Answers, style: Style) -> str:
    """Why ``move`` is worse than ``best`` with all hands open: the first trick where the player's side does worse
    on the line after ``move`` than on the line after ``best`` (best play by the player afterwards, the others
    answering as they do), told on both lines. Empty when no single trick tells it."""
    from .against import line_after

    position, seat = v.position, v.seat
    td = position.trick_deal
    if td is None or td.contract is None:
        return ""
    obj = objective(position.observation(seat))
    side, unit = obj.side, v.unit
    start = len(td.tricks)
    mine = tricks_of(line_after(position, answers, move), seat, start)
    other = {t.number: t for t in tricks_of(line_after(position, answers, best), seat, start)}
    m, b = move_text(move, style), move_text(best, style)
    for t in mine:
        t2 = other.get(t.number)
        if t2 is not None and t.side >= t2.side:
            continue
        kept = move_cards(best)
        now_t = other.get(start + 1)
        void = _void_in_led(position, seat, style)
        if (kept and t.winner == seat and t.card == kept[0] and t.number > start + 1 and void is not None
                and now_t is not None and now_t.side > t.side):
            price = "was free" if not now_t.raw else f"cost only {amount(abs(now_t.raw), unit)}"
            counted = ", ".join(c.label(style) for c in t.cards)
            return (f"you kept {b} while void in {void}: throwing it on this trick {price}, and with all hands open "
                    f"it takes trick {t.number} ({_side_amount(t, unit)}{': ' + counted if counted else ''})")
        now = t.number == start + 1
        what = "this trick" if now else f"trick {t.number}"
        lead = f"after {m}" if now else f"even with your best play after {m}, all hands open,"
        told = f"{lead} {_took(t, seat, side, what, unit, style)}"
        if t2 is None:
            return told + f"; had you played {b}, the deal would have ended before trick {t.number}"
        return f"{told}; had you played {b}, {_took(t2, seat, side, 'it', unit, style, would=True)}"
    return ""


def _void_in_led(position: Deal, seat: int, style: Style) -> str | None:
    """The led suit's name when ``seat`` holds none of it (it is not leading), else None."""
    td = position.trick_deal
    if td is None or not td.trick:
        return None
    led = td.trick[0][1].suit
    if any(c.suit == led for c in td.hand(seat)):
        return None
    return led.label(style)


def lay_off_story(v: Verdict, move: Move, best: Move, answers: Answers, style: Style) -> str:
    """Why ``move`` is worse in a lay-off deal: the places the two lines finish in, and the pass fees."""
    from .against import line_after

    position, seat = v.position, v.seat
    mine = line_after(position, answers, move)
    other = line_after(position, answers, best)
    if not (lay_off(mine) and lay_off(other)):
        return ""
    p1, p2 = list(mine.finish_order).index(seat), list(other.finish_order).index(seat)
    m, b = move_text(move, style), move_text(best, style)
    parts = []
    if p1 != p2:
        parts.append(f"with all hands open, the best you can still do after {m} is to finish {ORDINALS[p1]}; had "
                     f"you played {b}, you could have finished {ORDINALS[p2]}")
    f1, f2 = mine.fees()[seat], other.fees()[seat]
    if f1 != f2:
        parts.append(f"you pay {f1} in pass fees after {m} against {f2} after {b}")
    return "; ".join(parts)


def story_lines(v: Verdict, move: Move, answers: Answers) -> tuple[Any, Any]:
    """The two lines a story is told from (for checking what a sentence claims)."""
    from .against import line_after

    return line_after(v.position, answers, move), line_after(v.position, answers, v.leader)


__all__ = ["TrickTold", "amount", "best_sentence", "cost_sentence", "hint_sentence", "lay_off_story",
           "move_text", "only_sentence", "open_sentence", "over", "story_lines", "trick_story", "tricks_of"]

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
from keinstich.deal import Deal, Lay, Move, Unit, move_cards
from keinstich.i18n import NP_, _, ngettext, number, pgettext
from keinstich.wording import listed, reason_words
from keinstich.wording.names import move_words
from keinstich.wording.words import short_text

from .against import Answers, OpenValues, line_after
from .fair import key
from .grades import Grade

if TYPE_CHECKING:
    from .judged import Judged

ORDINALS = (NP_("finish", "first"), NP_("finish", "second"), NP_("finish", "third"), NP_("finish", "fourth"),
            NP_("finish", "fifth"), NP_("finish", "sixth"), NP_("finish", "seventh"), NP_("finish", "eighth"))
"""Finishing places as a sentence names them (translated where said: "to finish second", "als Zweiter")."""


def move_text(move: Move, style: Style | None = None) -> str:
    """A move as the sentences name it: a card by its name in the pack's ``style`` ("Ober of Hearts";
    its short form, Q♥, without one), a card laid at a chosen end with it ("Daus of Acorns at the bottom"),
    "pass", or a Herzblatt move as it prints."""
    if isinstance(move, Lay):
        name = move.card.text if style is None else move.card.label(style)
        return (pgettext("move", "{card} at the top", card=name) if move.end == "top" else
                pgettext("move", "{card} at the bottom", card=name))
    cards = move_cards(move)
    if cards:
        return listed(short_text(c) if style is None else c.label(style) for c in cards)
    return move_words(move)


def _usual(v: Judged) -> str:
    """The heuristic bot's reason, said in the language spoken (a verdict is kept for every table, whatever it
    speaks), its cards named as the coach's own sentence names them: in the verdict's faces, French cards by name
    ("the Ace of Hearts", not "A♥"), so that one sentence keeps one style."""
    return reason_words(v.usual_reason, style=v.style, spelled=True)


def only_sentence(move: Move, style: Style | None = None) -> str:
    return _("{move} was your only legal move", move=move_text(move, style))


def amount(value: float, unit: str) -> str:
    """A whole or one-decimal amount with its unit ("5 pf", "1 point", "2.5 card points")."""
    v = round(value, 1)
    text = number(v, 0 if v == int(v) else 1)
    one = 1 if abs(v) == 1 else 2
    if unit == Unit.PFENNIG:
        return _("{amount} pf", amount=text)
    if unit == "points":
        return ngettext("{amount} point", "{amount} points", one, amount=text)
    if unit == "card points":
        return ngettext("{amount} card point", "{amount} card points", one, amount=text)
    if unit == "stakes":
        return ngettext("{amount} stake", "{amount} stakes", one, amount=text)
    return f"{text} {unit}"


def over(v: Judged) -> str:
    """The deals the verdict rests on, in words ("all 6 deals that fit what you saw, solved exactly"; a lay-off
    deal's listed deals, played out at random again and again: "all 252 deals that fit what you saw, each played
    out 3 times at random")."""
    f = v.judged
    assert f is not None
    if not f.count:
        return _("your legal cards all come to the same here")
    if f.listed and f.random:
        rounds = f.count // max(1, f.fits)
        return ngettext("all {fits} deals that fit what you saw, each played out once at random",
                        "all {fits} deals that fit what you saw, each played out {n} times at random", rounds,
                        fits=f.fits)
    if f.listed and f.count == 1:
        return (_("the only deal that fits what you saw, solved exactly") if f.exact else
                _("the only deal that fits what you saw, played out"))
    if f.listed:
        return (_("all {n} deals that fit what you saw, solved exactly", n=f.count) if f.exact else
                _("all {n} deals that fit what you saw, played out", n=f.count))
    return (_("{n} deals that fit what you saw, solved exactly", n=f.count) if f.exact else
            _("{n} deals that fit what you saw, played out", n=f.count))


def cost_sentence(v: Judged, move: Move, style: Style) -> str:
    """One sentence on ``move`` from what the player could know: its grade in words and what it costs."""
    m, grade = move_text(move, style), v.grade(move)
    if v.judged is None:
        usual = move_text(v.usual, style)
        if grade == Grade.BEST:
            return _("the heuristic bot decides the same: {reason}", reason=_usual(v))
        return _("the heuristic bot would choose {move} instead: {reason} (this decision is compared with the "
                 "heuristic bot only, not measured)", move=usual, reason=_usual(v))
    b = move_text(v.leader, style)
    if grade == Grade.BEST:
        if key(move) == key(v.leader) or v.cost(move) < 0.05:
            return _("{move} was a best move from what you could know ({over})", move=m, over=over(v))
        return _("{move} was as good as {best} from what you could know: {cost}, over {over}, within the judgement's "
                 "doubt", move=m, best=b, cost=_against(v, move, "behind it"), over=over(v))
    if grade == Grade.FINE:
        return _("{move} costs {cost}, over {over}: close to the best", move=m, cost=_against(v, move, "against", b),
                 over=over(v))
    return _("{move} costs {cost}, over {over}", move=m, cost=_against(v, move, "against", b), over=over(v))


def _against(v: Judged, move: Move, kind: str, other: str = "") -> str:
    """"about 4 pf against X, give or take 1": a sampled cost, the move it is measured against (``kind``
    "against"), or "behind it", "behind", "more"; and the doubt."""
    cost, margin, unit = v.cost(move), v.margin(move), v.unit
    fields = {"amount": amount(round(cost) if margin >= 1 else cost, unit), "move": other,
              "doubt": number(round(margin) if margin >= 1 else round(margin, 1), None)}
    sure = margin <= 0
    if kind == "against":
        return (_("{amount} against {move}", **fields) if sure else
                _("about {amount} against {move}, give or take {doubt}", **fields))
    if kind == "behind it":
        return (_("{amount} behind it", **fields) if sure else
                _("about {amount} behind it, give or take {doubt}", **fields))
    if kind == "behind":
        return _("{amount} behind", **fields) if sure else _("about {amount} behind, give or take {doubt}", **fields)
    return _("{amount} more", **fields) if sure else _("about {amount} more, give or take {doubt}", **fields)


def best_sentence(v: Judged, style: Style) -> str:
    """One sentence on the best move(s), with the rule of thumb where it agrees, or where it parts."""
    if v.judged is None:
        return _("the heuristic bot's choice, {move}: {reason}", move=move_text(v.usual, style), reason=_usual(v))
    every = _distinct(v.best)
    shown = every[:3]
    names = move_text(shown[0], style)
    for m in shown[1:]:
        names = _("{items} or {last}", items=names, last=move_text(m, style))
    if len(every) > len(shown):
        names = _("{moves} (and {n} more as good)", moves=names, n=len(every) - len(shown))
    f = v.judged
    rule = _rule_of_thumb(v, style)
    if not f.count:
        return (_("{moves} is best from what you could know, as your legal cards all come to the same here; {rule}",
                  moves=names, rule=rule) if len(every) == 1 else
                _("{moves} are best from what you could know, as your legal cards all come to the same here; {rule}",
                  moves=names, rule=rule))
    return (_("{moves} is best from what you could know, over {over}; {rule}", moves=names, over=over(v), rule=rule)
            if len(every) == 1 else
            _("{moves} are best from what you could know, over {over}; {rule}", moves=names, over=over(v), rule=rule))


def hint_sentence(v: Judged, style: Style) -> str:
    """Why the Hint's move: the best from what the player can know, then the rule of thumb where it agrees, or
    the one sentence where it parts."""
    if v.judged is None:
        return _usual(v)
    f = v.judged
    rule = _rule_of_thumb(v, style)
    if not f.count:
        return _("your legal cards all come to the same here; {rule}", rule=rule)
    if f.listed:
        return _("best from what you can know (all {n} deals that fit what you saw); {rule}", n=f.fits or f.count,
                 rule=rule)
    return _("best from what you can know ({n} deals that fit what you saw); {rule}", n=f.count, rule=rule)


def _rule_of_thumb(v: Judged, style: Style) -> str:
    u = move_text(v.usual, style)
    grade = v.grade(v.usual)
    if grade == Grade.BEST and key(v.usual) == key(v.hint):
        return _("the rule of thumb plays {move} too: {reason}", move=u, reason=_usual(v))
    if grade == Grade.BEST:
        return _("the rule of thumb plays {move}, as good here: {reason}", move=u, reason=_usual(v))
    if grade == Grade.FINE:
        return _("the rule of thumb would play {move} ({reason}), which is close: {cost}", move=u,
                 reason=_usual(v), cost=_against(v, v.usual, "behind"))
    return _("the rule of thumb would play {move} ({reason}), but here that costs {cost}", move=u,
             reason=_usual(v), cost=_against(v, v.usual, "more"))


def _distinct(moves: Sequence[Move]) -> list[Move]:
    out: list[Move] = []
    for m in moves:
        if all(key(m) != key(x) for x in out):
            out.append(m)
    return out


# --- with all hands open, against the opponents who played ----------------------------------------------


def open_sentence(v: Judged, move: Move, opened: OpenValues, style: Style, answers: Answers | None) -> str:
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
        return _("{sentence}; with all hands open, against these opponents, {move} would have done {amount} better, "
                 "but you could not see that", sentence=base, move=move_text(named, style), amount=amount(cost, unit))
    if mine is None or theirs is None or not exact:
        return base
    gap = theirs - mine
    if gap < v.grades.fine:
        k, loss = _risk(v, move)
        if mine > theirs:
            told = _("{sentence}: with these very hands {move} happened to do better", sentence=base,
                     move=move_text(move, style))
        else:
            told = _("{sentence}: with these very hands {move} would have done no better", sentence=base,
                     move=move_text(b, style))
        if not k:
            return told
        if v.judged is not None and v.judged.listed and v.judged.random:
            return _("{sentence}, but in {k} of the {n} play-outs it costs {amount} more", sentence=told, k=k,
                     n=v.deals, amount=amount(loss, unit))
        return _("{sentence}, but in {k} of the {n} deals it costs {amount} more", sentence=told, k=k, n=v.deals,
                 amount=amount(loss, unit))
    if answers is None:
        return base
    story = lay_off_story(v, move, b, answers, style) if lay_off(v.position) else \
        trick_story(v, move, b, answers, style)
    top, cost = (opened.best[0] if opened.best else None), opened.cost(move)
    if top is not None and top != key(b) and cost is not None and cost > gap + 1e-9:
        named = next((m for m in v.legal if key(m) == top), top)
        head = _("{sentence} (with all hands open it costs {amount} more than {move}, and {more} more than {top}, "
                 "the best there)", sentence=base, amount=amount(gap, unit), move=move_text(b, style),
                 more=amount(cost, unit), top=move_text(named, style))
    else:
        head = _("{sentence} (with all hands open it costs {amount} more than {move})", sentence=base,
                 amount=amount(gap, unit), move=move_text(b, style))
    return f"{head} — {story}" if story else head


def _risk(v: Judged, move: Move) -> tuple[int, float]:
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
    val = amounts(td.contract, total)[0]
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


def _side_amount(t: TrickTold, unit: str) -> str:
    """What a trick adds to the side, in words: "10 pf" (paid), "20 card points for your side", "you lose 5
    points"."""
    if unit == Unit.PFENNIG:
        return amount(t.raw, unit)
    if unit == "card points":
        return _("{amount} for your side", amount=amount(t.raw, unit))
    if t.raw > 0:
        return _("you win {amount}", amount=amount(abs(t.raw), unit))
    return _("you lose {amount}", amount=amount(abs(t.raw), unit))


def _took(t: TrickTold, seat: int, side: Sequence[int], what: str, unit: str, style: Style, would: bool = False) -> str:
    """"you take this trick with the Ober of Hearts (10 pf: Ober of Hearts, 7 of Hearts)": who took a trick, with
    which card, and, when it was the player's side, what that added and every card of it that counts. ``what``:
    the trick as the sentence names it ("this trick", "trick 5", "it"); ``would``: on the line not played (German
    puts the verb first there: "hättest du …, würde Platz 2 ihn … nehmen")."""
    s, card = t.winner, t.card.label(style)
    if s == seat:
        told = (_("you would take {what} with {card}", what=what, card=card) if would else
                _("you take {what} with {card}", what=what, card=card))
    elif s in side:
        told = (_("your partner, seat {seat}, would take {what} with {card}", seat=s, what=what, card=card) if would
                else _("your partner, seat {seat}, takes {what} with {card}", seat=s, what=what, card=card))
    else:
        told = (_("seat {seat} would take {what} with {card}", seat=s, what=what, card=card) if would else
                _("seat {seat} takes {what} with {card}", seat=s, what=what, card=card))
    counted = ", ".join(c.label(style) for c in t.cards)
    if s in side and t.raw:
        return f"{told} ({_side_amount(t, unit)}{': ' + counted if counted else ''})"
    if s in side:
        return _("{sentence}, paying nothing", sentence=told) if unit == Unit.PFENNIG else _(
            "{sentence}, nothing for your side", sentence=told)
    return told + (f" ({counted})" if counted else "")


def trick_story(v: Judged, move: Move, best: Move, answers: Answers, style: Style) -> str:
    """Why ``move`` is worse than ``best`` with all hands open: the first trick where the player's side does worse
    on the line after ``move`` than on the line after ``best`` (best play by the player afterwards, the others
    answering as they do), told on both lines. Empty when no single trick tells it."""
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
            counted = ", ".join(c.label(style) for c in t.cards)
            took = f"{_side_amount(t, unit)}{': ' + counted if counted else ''}"
            if not now_t.raw:
                return _("you kept {card} while void in {suit}: throwing it on this trick was free, and with all hands "
                         "open it takes trick {k} ({amount})", card=b, suit=void, k=t.number, amount=took)
            return _("you kept {card} while void in {suit}: throwing it on this trick cost only {price}, and with all "
                     "hands open it takes trick {k} ({amount})", card=b, suit=void, price=amount(abs(now_t.raw), unit),
                     k=t.number, amount=took)
        if t.number == start + 1:
            told = _("after {move} {took}", move=m, took=_took(t, seat, side, _("this trick"), unit, style))
        else:
            told = _("even with your best play after {move}, all hands open, {took}", move=m,
                     took=_took(t, seat, side, _("trick {k}", k=t.number), unit, style))
        if t2 is None:
            return _("{story}; had you played {move}, the deal would have ended before trick {k}", story=told, move=b,
                     k=t.number)
        return _("{story}; had you played {move}, {took}", story=told, move=b,
                 took=_took(t2, seat, side, pgettext("trick", "it"), unit, style, would=True))
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


def lay_off_story(v: Judged, move: Move, best: Move, answers: Answers, style: Style) -> str:
    """Why ``move`` is worse in a lay-off deal: the places the two lines finish in, and the pass fees."""
    position, seat = v.position, v.seat
    mine = line_after(position, answers, move)
    other = line_after(position, answers, best)
    if not (lay_off(mine) and lay_off(other)):
        return ""
    p1, p2 = list(mine.finish_order).index(seat), list(other.finish_order).index(seat)
    m, b = move_text(move, style), move_text(best, style)
    parts = []
    if p1 != p2:
        parts.append(_("with all hands open, the best you can still do after {move} is to finish {place}; had you "
                       "played {best}, you could have finished {other}", move=m, best=b,
                       place=pgettext("finish", ORDINALS[p1]), other=pgettext("finish", ORDINALS[p2])))
    f1, f2 = mine.fees()[seat], other.fees()[seat]
    if f1 != f2:
        parts.append(_("you pay {fees} in pass fees after {move} against {other} after {best}", fees=f1, move=m,
                       other=f2, best=b))
    return "; ".join(parts)


def story_lines(v: Judged, move: Move, answers: Answers) -> tuple[Any, Any]:
    """The two lines a story is told from (for checking what a sentence claims)."""
    return line_after(v.position, answers, move), line_after(v.position, answers, v.leader)


__all__ = ["TrickTold", "amount", "best_sentence", "cost_sentence", "hint_sentence", "lay_off_story",
           "move_text", "only_sentence", "open_sentence", "over", "story_lines", "trick_story", "tricks_of"]

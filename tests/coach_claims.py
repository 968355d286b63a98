"""What a coach's sentence may claim, each claim checked against the deal, the verdict and the lines of play it
speaks of, recomputed here (tests/test_coach_claims.py; benchmarks/coach.py runs it over thousands of reviews).

A judgement's sentence is: the verdict's part (the grade in words, the cost give or take, against which card, over
how many deals), then, for a mistake, what all hands open add (the gap, then a story told on two lines, or how often
the card costs more). :func:`check` matches the whole sentence against these forms, or fails: a new wording cannot
slip in unchecked. Every number is read back and compared with the value it claims to be.
"""

from __future__ import annotations

import re
from typing import Any

from keinstich.bots.base import lay_off, objective
from keinstich.coach import Judgement
from keinstich.coach.against import Answers, line_after
from keinstich.coach.fair import key
from keinstich.coach.why import ORDINALS, move_text, tricks_of
from keinstich.coach.why import amount as _amount

NUM = r"-?\d+(?:\.\d)?"
ORD = "|".join(ORDINALS)


class Claim(AssertionError):
    """A sentence that says something untrue, or says it in a form nobody checks."""


def _unit(unit: str) -> str:
    """A unit as a pattern: "points" may be "point" after a 1."""
    return re.escape(unit[:-1]) + "s?" if unit.endswith("points") else re.escape(unit)


def _is(a: float, shown: str, margin: float = 0.051) -> bool:
    return abs(a - float(shown)) <= margin


def check(j: Judgement, answers: Answers | None) -> list[str]:
    """Check every claim of ``j.why``; returns the names of the claims checked (raises :class:`Claim`)."""
    v = j.verdict
    style = v.style
    m, b = move_text(j.move, style), move_text(v.leader, style)
    text = j.why
    done: list[str] = []
    if j.grade == "only":
        _need(text == f"{m} was your only legal move", text, "forced")
        return ["forced"]
    if v.judged is None:
        usual = move_text(v.usual, style)
        if j.grade == "best":
            _need(key(v.usual) == key(j.move) and text.startswith("the heuristic bot decides the same: "), text, "same")
        else:
            _need(key(v.usual) != key(j.move) and text.startswith(f"the heuristic bot would {usual} instead: "), text,
                  "differs")
        return ["heuristic"]
    f = v.judged
    deals = (r"your legal cards all come to the same here" if not f.count else
             "the only deal that fits what you saw" if f.listed and f.count == 1 else
             f"all {f.count} deals that fit what you saw" if f.listed else f"{f.count} deals that fit what you saw")
    method = "solved exactly" if f.exact else "played out"
    over = f"{deals}, {method}" if f.count else deals
    if f.listed and f.random:  # every deal that fits, played out at random again and again: it says how often
        rounds = f.count // f.fits
        _need(rounds * f.fits == f.count, str(f.count), "whole rounds of the listed deals")
        over = f"all {f.fits} deals that fit what you saw, each played out " + \
            ("once" if rounds == 1 else f"{rounds} times") + " at random"
    rest = ""
    if j.grade == "best":
        if text.startswith(f"{m} was a best move from what you could know ({over})"):
            _need(key(j.move) == key(v.leader) or j.cost < 0.05, text, "best: the leading card itself")
            rest = text[len(f"{m} was a best move from what you could know ({over})"):]
        else:
            got = re.match(rf"{re.escape(m)} was as good as {re.escape(b)} from what you could know: (?:about )?"
                           rf"({NUM}) {_unit(v.unit)} behind it(?:, give or take ({NUM}))?, "
                           rf"over {re.escape(over)}, within the judgement's doubt", text)
            _need(got is not None, text, "best: as good as the leader")
            assert got is not None
            _cost(j, got.group(1), got.group(2))
            _need(j.cost - j.margin < v.grades.fine, text, "best: cannot be told apart")
            rest = text[got.end():]
        done.append("best")
    else:
        got = re.match(rf"{re.escape(m)} costs (?:about )?({NUM}) {_unit(v.unit)} against {re.escape(b)}"
                       rf"(?:, give or take ({NUM}))?, over {re.escape(over)}", text)
        _need(got is not None, text, "the cost against the leading card")
        assert got is not None
        _cost(j, got.group(1), got.group(2))
        lower = max(0.0, j.cost - j.margin)
        _need(v.grades.grade(lower) == j.grade or (j.verdict.judged is not None and _kept(j)), text, "the grade")
        rest = text[got.end():]
        if j.grade == "fine":
            _need(rest.startswith(": close to the best"), text, "fine: close")
            rest = rest[len(": close to the best"):]
        done.append("cost")
    if not rest:
        return done
    return done + _open(j, rest, answers)


def _kept(j: Judgement) -> bool:
    """The card was settled early and not played out again (its grade kept from then)."""
    f = j.verdict.judged
    assert f is not None
    return f.deals[f.index(j.move)] < f.count


def _cost(j: Judgement, shown: str, doubt: str | None) -> None:
    if doubt is None:
        _need(j.margin < 0.05 and _is(j.cost, shown), shown, f"exact cost {j.cost}")
    else:
        whole = j.margin >= 1
        _need(_is(j.cost, shown, 0.51 if whole else 0.051), shown, f"cost {j.cost}")
        _need(_is(j.margin, doubt, 0.51 if whole else 0.051), doubt, f"give or take {j.margin}")


def _need(ok: bool, text: str, claim: str) -> None:
    if not ok:
        raise Claim(f"{claim}: {text}")


def _open(j: Judgement, rest: str, answers: Answers | None) -> list[str]:
    """The all-hands-open part of a sentence, after the verdict's."""
    v = j.verdict
    style, unit = v.style, v.unit
    m, b = move_text(j.move, style), move_text(v.leader, style)
    opened = j.open
    _need(opened is not None, rest, "an open part without an open search")
    assert opened is not None
    if j.grade in ("best", "fine"):
        got = re.fullmatch(rf"; with all hands open, against these opponents, (.+) would have done ({NUM}) "
                           rf"{_unit(unit)} better, but you could not see that", rest)
        _need(got is not None, rest, "open: could not see")
        assert got is not None
        named = [c for c in j.legal if move_text(c, style) == got.group(1)]
        _need(bool(named) and key(named[0]) in {key(x) for x in j.open_best}, rest, "open: named card is open-best")
        _need(j.open_cost is not None and _is(j.open_cost, got.group(2)), rest, "open: the gap")
        return ["open: could not see"]
    gap = opened[key(v.leader)] - opened[key(j.move)]
    if rest.startswith(": with these very hands"):
        lead = f": with these very hands {b} would have done no better" if gap >= 0 else \
            f": with these very hands {m} happened to do better"
        _need(rest.startswith(lead) and gap < v.grades.fine, rest, "open: no better with these hands")
        tail = rest[len(lead):]
        if tail:
            got = re.fullmatch(rf", but in (\d+) of the (\d+) (?:deals|play-outs) it costs ({NUM}) {_unit(unit)} more",
                               tail)
            _need(got is not None, tail, "risk")
            assert got is not None
            k, loss = _risk(j)
            _need(int(got.group(1)) == k and int(got.group(2)) == v.deals and _is(loss, got.group(3)), tail, "risk")
        return ["open: risk"]
    head = f" (with all hands open it costs {_amount(gap, unit)} more than {b}"
    _need(rest.startswith(head) and gap >= v.grades.fine, rest, "open: the gap against the named card")
    story = rest[len(head):]
    top = re.match(rf", and ({NUM}) {_unit(unit)} more than (.+?), the best there\)", story)
    if top is not None:
        named = [c for c in j.legal if move_text(c, style) == top.group(2)]
        _need(bool(named) and key(named[0]) in {key(x) for x in j.open_best} and key(named[0]) != key(v.leader),
              story, "open: the best there")
        _need(j.open_cost is not None and j.open_cost > gap and _is(j.open_cost, top.group(1)), story,
              "open: the gap against the best there")
        story = story[top.end():]
    else:
        _need(story.startswith(")") and (j.open_cost is None or j.open_cost <= gap + 1e-9), story,
              "open: the gap is the open cost")
        story = story[1:]
    if not story:
        return ["open: gap"]
    _need(story.startswith(" — ") and answers is not None, story, "a story")
    assert answers is not None
    story = story[3:]
    if lay_off(v.position):
        return ["open: gap", _lay_off_story(j, story, answers)]
    return ["open: gap", _trick_story(j, story, answers)]


def _risk(j: Judgement) -> tuple[int, float]:
    f = j.verdict.judged
    assert f is not None
    i, lead = f.index(j.move), f.leader
    n = min(f.deals[i], f.deals[lead])
    loss = f.values[:n, lead] - f.values[:n, i]
    worse = loss[loss >= j.verdict.grades.fine]
    return len(worse), float(worse.mean()) if len(worse) else 0.0


def _trick_story(j: Judgement, story: str, answers: Answers) -> str:
    """A trick told on the line after the card and the line after the best card, checked on those lines."""
    v = j.verdict
    style, unit, seat, position = v.style, v.unit, v.seat, v.position
    td = position.trick_deal
    assert td is not None
    start = len(td.tricks)
    side = objective(position.observation(seat)).side
    mine = {t.number: t for t in tricks_of(line_after(position, answers, j.move), seat, start)}
    theirs = {t.number: t for t in tricks_of(line_after(position, answers, v.leader), seat, start)}
    m, b = move_text(j.move, style), move_text(v.leader, style)
    kept = re.fullmatch(rf"you kept {re.escape(b)} while void in (\w+): throwing it on this trick (was free|cost only "
                        rf"({NUM}) {_unit(unit)}), and with all hands open it takes trick (\d+) \((.+)\)", story)
    if kept is not None:
        t = mine[int(kept.group(4))]
        led = td.trick[0][1].suit
        _need(not any(c.suit == led for c in td.hand(seat)) and kept.group(1) == led.label(style), story, "void")
        _need(t.winner == seat and t.card == v.leader and t.number > start + 1, story, "kept card caught")
        now = theirs[start + 1]
        _need((kept.group(2) == "was free") == (now.raw == 0), story, "the price now")
        _need(_took_part(t, kept.group(5), unit, style), story, "kept: the amount")
        return "story: kept"
    got = re.fullmatch(rf"(?:after {re.escape(m)} |even with your best play after {re.escape(m)}, all hands open, )"
                       r"(.+?) (?:take|takes) (this trick|trick (\d+)) with (.+?)(?:(?: \((.+?)\))|(, paying nothing|"
                       r", nothing for your side))?; had you played " + re.escape(b) +
                       r", (?:(.+?) would take it with (.+?)(?:(?: \((.+?)\))|(, paying nothing|, nothing for your "
                       r"side))?|the deal would have ended before trick (\d+))", story)
    _need(got is not None, story, "story form")
    assert got is not None
    number = start + 1 if got.group(2) == "this trick" else int(got.group(3))
    _need(story.startswith("after ") == (number == start + 1), story, "this trick is the real trick")
    t = mine[number]
    _need(_who(t.winner, seat, side) == got.group(1) and t.card.label(style) == got.group(4), story, "who took it")
    _need(_took_tail(t, got.group(5), got.group(6), unit, style, seat, side), story, "what it held")
    if number == start + 1:
        _need(_real_trick(j, answers, start) in (None, _plays(line_after(position, answers, j.move), start)), story,
              "this trick as it really went on")
    t2 = theirs.get(number)
    if t2 is None:
        _need(got.group(11) is not None and int(got.group(11)) == number, story, "the other line ended")
        return "story: ended"
    _need(_who(t2.winner, seat, side) == got.group(7) and t2.card.label(style) == got.group(8), story,
          "who took it on the other line")
    _need(_took_tail(t2, got.group(9), got.group(10), unit, style, seat, side), story, "what it held there")
    _need(t2.side > t.side, story, "the recommended card is better on the line it tells")
    for k in range(start + 1, number):
        _need(mine[k].side >= theirs[k].side, story, "the first trick where the lines part")
    return "story: trick"


def _plays(deal: Any, k: int) -> tuple[Any, ...]:
    """The plays of trick ``k + 1`` of a deal's card play."""
    return tuple(deal.trick_deal.tricks[k].plays())


def _real_trick(j: Judgement, answers: Answers, k: int) -> tuple[Any, ...] | None:
    """Trick ``k + 1`` as it was really played, when the judged move is the one that was played (else None)."""
    position = j.verdict.position
    i = len(position.history)
    if len(answers.played) <= i or answers.played[i] != (j.verdict.seat, j.move):
        return None
    real = position.rewound(0)
    for s, x in answers.played:
        real.play(x, s)
    td = real.trick_deal
    return _plays(real, k) if td is not None and len(td.tricks) > k else None


def _who(s: int, seat: int, side: Any) -> str:
    if s == seat:
        return "you"
    return f"your partner, seat {s}," if s in side else f"seat {s}"


def _took_tail(t: Any, inside: str | None, nothing: str | None, unit: str, style: Any, seat: int, side: Any) -> bool:
    counted = ", ".join(c.label(style) for c in t.cards)
    if t.winner in side and t.raw:
        return inside is not None and _took_part(t, inside, unit, style)
    if t.winner in side:
        return nothing == (", paying nothing" if unit == "pf" else ", nothing for your side")
    return (inside or "") == counted and nothing is None


def _took_part(t: Any, inside: str, unit: str, style: Any) -> bool:
    """The bracket after a trick the side took: what it added, then every card of it that counts."""
    counted = ", ".join(c.label(style) for c in t.cards)
    if unit == "pf":
        said = _amount(t.raw, unit)
    elif unit == "card points":
        said = f"{_amount(t.raw, unit)} for your side"
    else:
        said = f"{'you win' if t.raw > 0 else 'you lose'} {_amount(abs(t.raw), unit)}"
    return inside == (f"{said}: {counted}" if counted else said)


def _lay_off_story(j: Judgement, story: str, answers: Answers) -> str:
    v = j.verdict
    seat = v.seat
    mine = line_after(v.position, answers, j.move)
    theirs = line_after(v.position, answers, v.leader)
    m, b = move_text(j.move, v.style), move_text(v.leader, v.style)
    p1, p2 = list(mine.finish_order).index(seat), list(theirs.finish_order).index(seat)
    f1, f2 = mine.fees()[seat], theirs.fees()[seat]
    parts = []
    if p1 != p2:
        parts.append(f"with all hands open, the best you can still do after {m} is to finish {ORDINALS[p1]}; had "
                     f"you played {b}, you could have finished {ORDINALS[p2]}")
    if f1 != f2:
        parts.append(f"you pay {f1} in pass fees after {m} against {f2} after {b}")
    _need(story == "; ".join(parts) and bool(parts), story, "lay-off story")
    return "story: lay-off"


__all__ = ["Claim", "check"]

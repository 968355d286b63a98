"""What a coach's sentence may claim, each claim checked against the deal, the verdict and the lines of play it
speaks of, recomputed here (tests/test_coach_claims.py; benchmarks/coach.py runs it over thousands of reviews).

A judgement's sentence is: the verdict's part (the grade in words, the cost give or take, against which card, over
how many deals), then, for a mistake, what all hands open add (the gap, then a story told on two lines, or how often
the card costs more). :func:`check` matches the whole sentence against these forms, or fails: a new wording cannot
slip in unchecked. Every number is read back and compared with the value it claims to be; a story is told again
here from the two lines recomputed, and must be the sentence's word for word.

The forms are the message catalogs' (:mod:`keinstich.i18n`), in the language spoken: each message is read
through its text in that language, its ``{placeholders}`` turned into what may stand there, so a German review is
read back and checked as an English one is (a number in German form, "1,5", is read as 1.5).
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
from keinstich.i18n import _, ngettext, pgettext
from keinstich.wording import reason_words

NUM = r"-?\d+(?:[.,]\d)?"


class Claim(AssertionError):
    """A sentence that says something untrue, or says it in a form nobody checks."""


def form(msgid: str, **fields: str) -> str:
    """A message of the catalogs as a regular expression, in the language spoken: its text escaped, each
    ``{field}`` replaced by the pattern given."""
    out = re.escape(_(msgid))
    for name, pattern in fields.items():
        out = out.replace(re.escape("{" + name + "}"), pattern)
    return out


def amount_form(unit: str, name: str) -> str:
    """An amount in ``unit`` as the sentences say it ("4 pf", "1 point", "2,5 Augen"), its number in group
    ``name``: the plural's forms differ after the number only."""
    if unit == "pfennig":
        return form("{amount} pf", amount=f"(?P<{name}>{NUM})")
    plural = {"points": ("{amount} point", "{amount} points"), "card points": ("{amount} card point",
                                                                                "{amount} card points"),
              "stakes": ("{amount} stake", "{amount} stakes")}.get(unit)
    if plural is None:
        return f"(?P<{name}>{NUM}) {re.escape(unit)}"
    forms = [ngettext(*plural, k, amount="\x00") for k in (2, 1)]
    heads = {f.split("\x00")[0] for f in forms}
    assert len(heads) == 1, forms  # the number stands at the same place in every form
    tails = sorted({f.split("\x00")[1] for f in forms}, key=len, reverse=True)
    return re.escape(heads.pop()) + f"(?P<{name}>{NUM})" + "(?:" + "|".join(re.escape(t) for t in tails) + ")"


def cost_form(kind: str, unit: str, other: str = "") -> str:
    """"about 4 pf against X, give or take 1" or "4 pf against X" (``kind`` "against"), "… behind it", "… behind",
    "… more": the cost in group ``c`` (or ``c2``), the doubt in ``d``."""
    sure = {"against": "{amount} against {move}", "behind it": "{amount} behind it", "behind": "{amount} behind",
            "more": "{amount} more"}[kind]
    about = {"against": "about {amount} against {move}, give or take {doubt}",
             "behind it": "about {amount} behind it, give or take {doubt}",
             "behind": "about {amount} behind, give or take {doubt}",
             "more": "about {amount} more, give or take {doubt}"}[kind]
    move = re.escape(other)
    return ("(?:" + form(about, amount=amount_form(unit, "c2"), move=move, doubt=f"(?P<d>{NUM})") + "|"
            + form(sure, amount=amount_form(unit, "c"), move=move) + ")")


def _float(shown: str) -> float:
    return float(shown.replace(",", "."))


def _is(a: float, shown: str, margin: float = 0.051) -> bool:
    return abs(a - _float(shown)) <= margin


def _over(v: Any) -> str:
    """The deals a verdict rests on, in words, told again from its count (not from the coach's sentence)."""
    f = v.judged
    if not f.count:
        return _("your legal cards all come to the same here")
    if f.listed and f.random:  # every deal that fits, played out at random again and again: it says how often
        rounds = f.count // f.fits
        _need(rounds * f.fits == f.count, str(f.count), "whole rounds of the listed deals")
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


def check(j: Judgement, answers: Answers | None) -> list[str]:
    """Check every claim of ``j.why``; returns the names of the claims checked (raises :class:`Claim`)."""
    v = j.verdict
    style, unit = v.style, v.unit
    m, b = move_text(j.move, style), move_text(v.leader, style)
    text = j.why
    done: list[str] = []
    if j.grade == "only":
        _need(text == _("{move} was your only legal move", move=m), text, "forced")
        return ["forced"]
    if v.judged is None:
        reason = re.escape(reason_words(v.usual_reason, style=style, spelled=True))  # named as the coach names cards
        if j.grade == "best":
            _need(key(v.usual) == key(j.move) and re.fullmatch(
                form("the heuristic bot decides the same: {reason}", reason=reason), text) is not None, text, "same")
        else:
            usual = re.escape(move_text(v.usual, style))
            _need(key(v.usual) != key(j.move) and re.fullmatch(form(
                "the heuristic bot would choose {move} instead: {reason} (this decision is compared with the "
                "heuristic bot only, not measured)", move=usual, reason=reason), text) is not None, text, "differs")
        return ["heuristic"]
    over = re.escape(_over(v))
    rest = ""
    if j.grade == "best":
        first = form("{move} was a best move from what you could know ({over})", move=re.escape(m), over=over)
        got = re.match(first, text)
        if got is not None:
            _need(key(j.move) == key(v.leader) or j.cost < 0.05, text, "best: the leading card itself")
        else:
            got = re.match(form("{move} was as good as {best} from what you could know: {cost}, over {over}, within "
                                "the judgement's doubt", move=re.escape(m), best=re.escape(b),
                                cost=cost_form("behind it", unit), over=over), text)
            _need(got is not None, text, "best: as good as the leader")
            assert got is not None
            _cost(j, got)
            _need(j.cost - j.margin < v.grades.fine, text, "best: cannot be told apart")
        rest = text[got.end():]
        done.append("best")
    else:
        fields = {"move": re.escape(m), "cost": cost_form("against", unit, b), "over": over}
        fine = re.match(form("{move} costs {cost}, over {over}: close to the best", **fields), text)
        got = fine or re.match(form("{move} costs {cost}, over {over}", **fields), text)
        _need(got is not None, text, "the cost against the leading card")
        assert got is not None
        _need((fine is not None) == (j.grade == "fine"), text, "fine: close")
        _cost(j, got)
        lower = max(0.0, j.cost - j.margin)
        _need(v.grades.grade(lower) == j.grade or (j.verdict.judged is not None and _kept(j)), text, "the grade")
        rest = text[got.end():]
        done.append("cost")
    if not rest:
        return done
    return done + _open(j, rest, answers)


def _kept(j: Judgement) -> bool:
    """The card was settled early and not played out again (its grade kept from then)."""
    f = j.verdict.judged
    assert f is not None
    return f.deals[f.index(j.move)] < f.count


def _cost(j: Judgement, got: re.Match[str]) -> None:
    doubt = got.group("d")
    shown = got.group("c2") if doubt is not None else got.group("c")
    if doubt is None:
        _need(j.margin < 0.05 and _is(j.cost, shown), shown, f"exact cost {j.cost}")
    else:
        whole = j.margin >= 1
        _need(_is(j.cost, shown, 0.51 if whole else 0.051), shown, f"cost {j.cost}")
        _need(_is(j.margin, doubt, 0.51 if whole else 0.051), doubt, f"give or take {j.margin}")


def _need(ok: bool, text: str, claim: str) -> None:
    if not ok:
        raise Claim(f"{claim}: {text}")


def _after(msgid: str, **fields: str) -> str:
    """The form of a message that goes on the verdict's sentence (``{sentence}`` first, in every language), without
    that sentence: what follows it."""
    whole = form(msgid, **fields)
    head = re.escape("{sentence}")
    _need(re.escape(_(msgid)).startswith(head), _(msgid), "a message that goes on the sentence starts with it")
    return whole[len(head):]


def _open(j: Judgement, rest: str, answers: Answers | None) -> list[str]:
    """The all-hands-open part of a sentence, after the verdict's."""
    v = j.verdict
    style, unit = v.style, v.unit
    m, b = move_text(j.move, style), move_text(v.leader, style)
    opened = j.open
    _need(opened is not None, rest, "an open part without an open search")
    assert opened is not None
    if j.grade in ("best", "fine"):
        got = re.fullmatch(_after("{sentence}; with all hands open, against these opponents, {move} would have done "
                                  "{amount} better, but you could not see that", move="(?P<named>.+)",
                                  amount=amount_form(unit, "gap")), rest)
        _need(got is not None, rest, "open: could not see")
        assert got is not None
        named = [c for c in j.legal if move_text(c, style) == got.group("named")]
        _need(bool(named) and key(named[0]) in {key(x) for x in j.open_best}, rest, "open: named card is open-best")
        _need(j.open_cost is not None and _is(j.open_cost, got.group("gap")), rest, "open: the gap")
        return ["open: could not see"]
    gap = opened[key(v.leader)] - opened[key(j.move)]
    no_better = _("{sentence}: with these very hands {move} would have done no better", sentence="", move=b)
    luckier = _("{sentence}: with these very hands {move} happened to do better", sentence="", move=m)
    if rest.startswith((no_better, luckier)):
        lead = no_better if gap >= 0 else luckier
        _need(rest.startswith(lead) and gap < v.grades.fine, rest, "open: no better with these hands")
        tail = rest[len(lead):]
        if tail:
            random = v.judged is not None and v.judged.listed and v.judged.random
            risk = ("{sentence}, but in {k} of the {n} play-outs it costs {amount} more" if random else
                    "{sentence}, but in {k} of the {n} deals it costs {amount} more")
            got = re.fullmatch(_after(risk, k=r"(?P<k>\d+)", n=r"(?P<n>\d+)", amount=amount_form(unit, "loss")),
                               tail)
            _need(got is not None, tail, "risk")
            assert got is not None
            k, loss = _risk(j)
            _need(int(got.group("k")) == k and int(got.group("n")) == v.deals and _is(loss, got.group("loss")), tail,
                  "risk")
        return ["open: risk"]
    _need(gap >= v.grades.fine, rest, "open: the gap against the named card")
    plain = _("{sentence} (with all hands open it costs {amount} more than {move})", sentence="",
              amount=_amount(gap, unit), move=b)
    best_there = re.match(_after("{sentence} (with all hands open it costs {amount} more than {move}, and {more} more "
                                 "than {top}, the best there)", amount=re.escape(_amount(gap, unit)),
                                 move=re.escape(b), more=amount_form(unit, "more"), top="(?P<top>.+?)"), rest)
    if best_there is not None:
        named = [c for c in j.legal if move_text(c, style) == best_there.group("top")]
        _need(bool(named) and key(named[0]) in {key(x) for x in j.open_best} and key(named[0]) != key(v.leader),
              rest, "open: the best there")
        _need(j.open_cost is not None and j.open_cost > gap and _is(j.open_cost, best_there.group("more")), rest,
              "open: the gap against the best there")
        story = rest[best_there.end():]
    else:
        _need(rest.startswith(plain) and (j.open_cost is None or j.open_cost <= gap + 1e-9), rest,
              "open: the gap is the open cost")
        story = rest[len(plain):]
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
    """A trick told on the line after the card and the line after the best card: told again here from the two lines
    (the first trick where the player's side does worse after the card), word for word."""
    v = j.verdict
    style, unit, seat, position = v.style, v.unit, v.seat, v.position
    td = position.trick_deal
    assert td is not None
    start = len(td.tricks)
    side = objective(position.observation(seat)).side
    mine = tricks_of(line_after(position, answers, j.move), seat, start)
    theirs = {t.number: t for t in tricks_of(line_after(position, answers, v.leader), seat, start)}
    m, b = move_text(j.move, style), move_text(v.leader, style)
    first = next((t for t in mine if (theirs.get(t.number) is None or t.side < theirs[t.number].side)), None)
    _need(first is not None, story, "a trick where the lines part")
    assert first is not None
    t, t2 = first, theirs.get(first.number)
    now = theirs.get(start + 1)
    led = td.trick[0][1].suit if td.trick else None
    void = led is not None and not any(c.suit == led for c in td.hand(seat))
    if (move_text_cards(v.leader) and t.winner == seat and t.card == v.leader and t.number > start + 1 and void
            and now is not None and now.side > t.side):
        assert led is not None
        counted = ", ".join(c.label(style) for c in t.cards)
        took = f"{_side_amount(t, unit)}{': ' + counted if counted else ''}"
        suit = led.label(style)
        expected = (_("you kept {card} while void in {suit}: throwing it on this trick was free, and with all hands "
                      "open it takes trick {k} ({amount})", card=b, suit=suit, k=t.number, amount=took)
                    if not now.raw else
                    _("you kept {card} while void in {suit}: throwing it on this trick cost only {price}, and with "
                      "all hands open it takes trick {k} ({amount})", card=b, suit=suit,
                      price=_amount(abs(now.raw), unit), k=t.number, amount=took))
        _need(story == expected, story, f"story (kept): {expected}")
        return "story: kept"
    if t.number == start + 1:
        _need(_real_trick(j, answers, start) in (None, _plays(line_after(position, answers, j.move), start)), story,
              "this trick as it really went on")
        told = _("after {move} {took}", move=m, took=_took(t, seat, side, _("this trick"), unit, style))
    else:
        told = _("even with your best play after {move}, all hands open, {took}", move=m,
                 took=_took(t, seat, side, _("trick {k}", k=t.number), unit, style))
    if t2 is None:
        expected = _("{story}; had you played {move}, the deal would have ended before trick {k}", story=told, move=b,
                     k=t.number)
        _need(story == expected, story, f"story (ended): {expected}")
        return "story: ended"
    expected = _("{story}; had you played {move}, {took}", story=told, move=b,
                 took=_took(t2, seat, side, pgettext("trick", "it"), unit, style, would=True))
    _need(story == expected, story, f"story: {expected}")
    _need(t2.side > t.side, story, "the recommended card is better on the line it tells")
    return "story: trick"


def move_text_cards(move: Any) -> bool:
    from keinstich.deal import move_cards

    return bool(move_cards(move))


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


def _side_amount(t: Any, unit: str) -> str:
    if unit == "pfennig":
        return _amount(t.raw, unit)
    if unit == "card points":
        return _("{amount} for your side", amount=_amount(t.raw, unit))
    if t.raw > 0:
        return _("you win {amount}", amount=_amount(abs(t.raw), unit))
    return _("you lose {amount}", amount=_amount(abs(t.raw), unit))


def _took(t: Any, seat: int, side: Any, what: str, unit: str, style: Any, would: bool = False) -> str:
    """Who took a trick, with which card, and what it held, as the sentences say it."""
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
        return (_("{sentence}, paying nothing", sentence=told) if unit == "pfennig" else
                _("{sentence}, nothing for your side", sentence=told))
    return told + (f" ({counted})" if counted else "")


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
        parts.append(_("with all hands open, the best you can still do after {move} is to finish {place}; had you "
                       "played {best}, you could have finished {other}", move=m, best=b,
                       place=pgettext("finish", ORDINALS[p1]), other=pgettext("finish", ORDINALS[p2])))
    if f1 != f2:
        parts.append(_("you pay {fees} in pass fees after {move} against {other} after {best}", fees=f1, move=m,
                       other=f2, best=b))
    _need(story == "; ".join(parts) and bool(parts), story, "lay-off story")
    return "story: lay-off"


__all__ = ["Claim", "check"]

"""What an idea's sentence may claim, each claim read back against the judge's own lines (tests/test_idea_claims.py;
the coach's claims tests run it on every review they check).

The coach names the idea the best card follows against the learner's card (keinstich.coach.ideas) in one sentence
with the deal's cards ("Duck: 10 of Bells stays under Ober of Bells, and someone else takes this trick; König of Bells
takes it."). :func:`check` matches the sentence against the forms the coach may use (the catalogs' messages in the
language spoken, each placeholder a card or suit name), reads every card and suit named back, and then, for each of
the judge's deals the reading says it was read from, replays the two lines here (after the card, after the best
card, as the judge played them out), checks that they differ by exactly what the judge counted, and checks every
claim of the sentence on them: who takes this trick, which card takes a later one, which suit is led, what the seat
throws. How often it is so ("in 31 of the 40 deals where it cost") is counted again here, and the deals it is read
from must carry at least the share of the cost the coach asks of an idea.
"""

from __future__ import annotations

import re
from typing import Any

from keinstich.bots.base import objective
from keinstich.cards import ALL_CARDS, Card, Suit, strength_table
from keinstich.coach import Judgement
from keinstich.coach.idea_words import FORMS, suit_name, template
from keinstich.coach.ideas import SHARE
from keinstich.coach.lines import LineTrick, lines, rows, value_of
from keinstich.coach.why import move_text
from keinstich.deal import Kind, move_cards
from keinstich.wording.i18n import ngettext


class Claim(AssertionError):
    """An idea's sentence that says something untrue of the judge's lines, or says it in a form nobody checks."""


def _need(ok: bool, text: str, what: str) -> None:
    if not ok:
        raise Claim(f"{what}: {text!r}")


def _pattern(form: str) -> str:
    """A form's message as a regular expression: each placeholder a named group (a repeated one must say the same)."""
    text = re.escape(template(form))
    seen: set[str] = set()
    for name in ("best", "move", "card", "suit"):
        token = re.escape("{" + name + "}")
        while token in text:
            text = text.replace(token, f"(?P<{name}>.+?)" if name not in seen else f"(?P={name})", 1)
            seen.add(name)
    return text


def parse(said: str) -> tuple[str, dict[str, str], str] | None:
    """The form an idea sentence at the start of ``said`` is in, its fields and the rest of the text (None when it
    starts with none of the forms)."""
    found = []
    for form in FORMS:
        got = re.match(_pattern(form), said)
        if got is not None:
            found.append((form, got.groupdict(), said[got.end():]))
    if len(found) > 1:  # one wording may not read as two forms
        raise Claim(f"the sentence reads as more than one form ({', '.join(f for f, _g, _r in found)}): {said!r}")
    return found[0] if found else None


def _card(name: str, style: Any) -> Card:
    got = [c for c in ALL_CARDS if c.label(style) == name]
    _need(len(got) == 1, name, "a card named")
    return got[0]


def _suit(name: str, style: Any) -> Suit:
    got = [s for s in Suit if suit_name(s, style) == name]
    _need(len(got) == 1, name, "a suit named")
    return got[0]


class _Spot:
    """The decision as the seat saw it: its hand, the trick on the table, the trick rules."""

    def __init__(self, j: Judgement) -> None:
        position = j.verdict.position
        td = position.trick_deal
        assert td is not None
        self.seat = j.verdict.seat
        self.start = len(td.tricks)
        self.hand = list(td.hand(self.seat))
        self.trick = list(td.trick)
        self.trump = td.rules.trump
        self.strength = strength_table(td.rules.order)
        self.side = objective(position.observation(self.seat)).side
        self.herzblatt = position.kind is Kind.HERZBLATT
        gone = {c for t in td.tricks for c in t.cards} | {c for _s, c in self.trick} | set(self.hand)
        from keinstich.coach.grades import pack_in_play

        self.unseen = [c for c in pack_in_play(position).cards if c not in gone]

    def over(self, a: Card, b: Card) -> bool:
        """``a`` beats ``b`` (``b`` winning the trick so far)."""
        if a.suit == b.suit:
            return self.strength[a.index] > self.strength[b.index]
        return a.suit == self.trump

    def winning(self) -> Card | None:
        win = None
        for _s, c in self.trick:
            if win is None or self.over(c, win):
                win = c
        return win


def _takes_later(line: tuple[LineTrick, ...], seat: int, c: Card) -> LineTrick | None:
    """The later trick (not the first of the line) ``seat`` takes with ``c``."""
    return next((t for t in line[1:] if t.winner == seat and t.card_of(seat) == c), None)


def _holds(form: str, f: dict[str, Any], spot: _Spot, mine: tuple[LineTrick, ...], best: tuple[LineTrick, ...]) -> bool:
    """Whether every claim of ``form``, its fields read back (cards and suits), holds on one deal's two lines."""
    me, b, m = spot.seat, f["best"], f["move"]
    now_m, now_b = mine[0], best[0]
    if form == "duck":
        return (f["card"] == spot.winning() and not spot.over(b, f["card"]) and now_b.winner != me
                and now_m.winner == me)
    if form == "duck-low":
        later = {s for s, _c in now_b.plays} - {s for s, _c in spot.trick} - {me}
        return now_b.winner in later and now_m.winner == me
    if form == "lead-safe":
        return not spot.trick and now_b.winner != me and now_m.winner == me
    if form == "lead-cheaper":
        return not spot.trick and now_b.winner == me and now_m.winner == me and now_m.side < now_b.side
    if form == "exit":
        suit = f["suit"]
        if m.suit != suit:
            return False
        for t in best[1:]:
            if t.led.suit == suit and t.card_of(me) == m and t.winner != me:
                other = next((x for x in mine if x.number == t.number), None)
                return (other is not None and other.led.suit == suit and other.winner == me
                        and other.card_of(me) == f["card"])
        return False
    if form in ("void-next", "void-later"):
        suit, thrown = f["suit"], f["card"]
        if [c for c in spot.hand if c.suit == suit] != [b] or thrown.suit == suit:
            return False
        leads = [t for t in best[1:] if t.led.suit == suit]
        where = leads[:1] if form == "void-next" else leads
        return (any(t.card_of(me) == thrown and t.winner != me for t in where)
                and _takes_later(mine, me, thrown) is not None)
    if form == "shed":
        suit = f["suit"]
        return (bool(spot.trick) and spot.trick[0][1].suit == suit and all(c.suit != suit for c in spot.hand)
                and _takes_later(mine, me, b) is not None)
    if form == "unblock-follow":
        return (f["card"] == spot.winning() and not spot.over(b, f["card"]) and now_b.winner != me
                and _takes_later(mine, me, b) is not None)
    if form == "unblock-lead":
        suit = f["suit"]
        return (not spot.trick and b.suit == suit and any(c.suit == suit and spot.over(c, b) for c in spot.unseen)
                and _takes_later(mine, me, b) is not None)
    if form == "unblock-take":
        return now_b.winner == me and now_m.winner == me and _takes_later(mine, me, b) is not None
    if form == "take-now":
        later = _takes_later(mine, me, b)
        return (now_b.winner == me and now_b.card_of(me) == b and later is not None and later.side < now_b.side)
    if form == "take-cheap":
        return (now_b.winner == me and now_b.card_of(me) == b
                and any(t.winner == me and t.side < now_b.side for t in mine[1:]))
    if form == "take":
        return now_b.winner == me and now_b.card_of(me) == b and now_m.winner not in spot.side
    if form == "trump":
        suit = f["suit"]
        return (bool(spot.trick) and spot.trick[0][1].suit == suit and all(c.suit != suit for c in spot.hand)
                and b.suit == spot.trump and now_b.winner == me and now_m.winner not in spot.side)
    if form == "smear":
        return (now_b.winner == now_m.winner and now_b.winner in spot.side and now_b.winner != me
                and now_b.raw > now_m.raw)
    if form == "spare":
        from keinstich.games.herzblatt import card_points

        return (spot.herzblatt and now_b.winner == now_m.winner and now_m.winner not in spot.side
                and f["card"] == now_m.won_with and card_points([m]) > card_points([b]))
    if form == "keep":
        later = _takes_later(best, me, m)
        return (f["card"] == now_m.won_with == now_b.won_with and now_m.card_of(me) == m and now_m.winner != me
                and now_b.winner != me and later is not None and later.side > 0)
    if form == "count":
        suit, c = f["suit"], f["card"]
        t = _takes_later(mine, me, c)
        if t is None or t.led.suit != suit or c.suit != suit:
            return False
        other = next((x for x in best if x.number == t.number), None)
        return other is not None and other.card_of(me) == c and other.winner != me
    raise Claim(f"a form nobody checks: {form}")


def check(j: Judgement, how: str | None = None, said: str | None = None) -> list[str]:
    """Check the idea sentence at the start of ``j.said`` (or of ``said``, when given), and ``how``, the sentence of
    how the judge saw it, when given, against the judge's lines; returns the names of the claims checked (raises
    :class:`Claim`)."""
    v = j.verdict
    style = v.style
    said = j.said if said is None else said
    r = j.idea
    got = parse(said)
    if r is None:
        _need(got is None, said, "an idea said where none was read")
        return []
    _need(got is not None, said, "an idea read but not said in a form checked")
    assert got is not None
    form, fields, _rest = got
    _need(fields.get("best", move_text(v.leader, style)) == move_text(v.leader, style)
          and fields.get("move", move_text(j.move, style)) == move_text(j.move, style), said,
          "the two cards compared are the best card and the card played")
    f: dict[str, Any] = {"best": move_cards(v.leader)[0], "move": move_cards(j.move)[0]}
    if "card" in fields:
        f["card"] = _card(fields["card"], style)
    if "suit" in fields:
        f["suit"] = _suit(fields["suit"], style)
    spot = _Spot(j)
    fj = v.judged
    assert fj is not None
    i, lead = fj.index(j.move), fj.leader
    costly = rows(v, j.move) or rows(v, j.move, limit=len(fj.drawn))
    total, shown, weight = 0.0, 0, 0.0
    for k in costly:
        loss = float(fj.values[k, lead] - fj.values[k, i])
        mine, best = lines(v, j.move, k), lines(v, v.leader, k)
        _need(abs((value_of(v, best) - value_of(v, mine)) - loss) < 1e-6, said,
              f"the lines of deal {k} replayed differ by what the judge counted")
        total += loss
        if _holds(form, f, spot, mine, best):
            shown += 1
            weight += loss
        else:
            _need(k not in r.rows, said, f"the claims hold on the lines of deal {k}, said to show it")
    _need(all(k in costly for k in r.rows), said, "the deals it is read from are deals where the card cost")
    _need(weight >= SHARE * total - 1e-9, said, "the deals that show it carry the share of the cost an idea needs")
    done = [f"idea: {form}"]
    if how is not None:
        n = len(costly)
        expected = ngettext("The coach's lines show it in {k} of the {n} deals where {move} cost you more.",
                            "The coach's lines show it in {k} of the {n} deals where {move} cost you more.", n,
                            k=shown, move=move_text(j.move, style))
        _need(how == expected, how, f"how it was seen: {expected}")
        done.append("idea: how seen")
    return done


__all__ = ["Claim", "check", "parse"]

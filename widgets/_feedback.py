"""What a quiz says about the learner's card: right or not, what it costs and why, then the best card.

:func:`assess` asks the coach (:func:`keinstich.coach.judge`: the one judge, from what the learner could know; no
widget is touched, so it may run in the quiz's thread), and answers with its one judged-move record
(:class:`~keinstich.coach.Judgement`). A card the judge grades best or fine is right. With
``open_hands`` the answer also lists what every card is worth with all hands open, against the other seats
answering as the heuristic bot does: a second view, labelled as such, that never decides right or wrong.
:func:`report` writes the answer as HTML.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

from keinstich.cards import Card, Style
from keinstich.coach import Grade, Judgement, judge
from keinstich.coach.idea_words import how_seen, idea_sentence, why_best
from keinstich.deal import Deal, Move, Unit
from keinstich.faces.review import lesson_link, said_html
from keinstich.i18n import N_, _, number, pgettext
from keinstich.wording.names import move_words, unit_word

Name = Callable[[Card], str]


def assess(position: Deal, move: Move, *, name: Name, style: Style | None = None,
           open_hands: bool = False) -> Judgement:
    """Judge ``move`` (a legal move of the seat to move) in ``position`` by the coach: its
    :class:`~keinstich.coach.Judgement` (``.right``: graded best or fine), with ``open_hands`` every card's value
    with all hands open against heuristic opponents; the sentences name the cards in ``style``, as the quiz shows
    them."""
    return judge(position, move, style=style, open_hands=open_hands, every=True)


def _name(move: Move, name: Name) -> str:
    return name(move) if isinstance(move, Card) else _("passing") if move is None else move_words(move)


HEADS = {Grade.BEST: N_("Good choice!"), Grade.ONLY: N_("Good choice!"), Grade.FINE: N_("Good: close to the best."),
         Grade.MISTAKE: N_("A mistake."), Grade.BLUNDER: N_("A blunder.")}
"""The feedback's first words per grade (translated where shown)."""


def report(a: Judgement, *, name: Name, shown: bool = False) -> str:
    """The feedback as HTML: right or not, and what the coach says of the learner's card in plain words (the idea
    the best card follows, with this deal's cards, and what the card cost); the best cards (``shown``: Show answer,
    no card of the learner's to talk about), with the idea they follow against the most tempting other card; then,
    folded away, how it was judged; when asked, the cards with all hands open."""
    out = []
    v = a.verdict
    if not shown:
        head = _(HEADS.get(a.grade, HEADS[Grade.FINE]))
        colour = "#0b7a28" if a.right else "#b00020"
        out.append(f"<b style='color:{colour}'>{html.escape(head)}</b> {said_html(a, how=False)}")
    if shown or a.move not in a.best or len(a.best) > 1:
        cards = ", ".join(_name(m, name) for m in a.best[:4])
        out.append(html.escape(_("Best here: {cards}.", cards=cards)))
    if shown or a.idea is None:
        r = why_best(v)
        if r is not None:
            out.append(f"{html.escape(idea_sentence(r, v.style))} ({lesson_link(r.idea)})")
    how = ([] if shown else [_sentence(_upper(a.why))]) + [_sentence(_upper(a.best_why))]
    if a.idea is not None:
        how.append(how_seen(a.idea, v.style))
    blocks = (f"<details class='ks-how'><summary style='cursor:pointer;color:#555'>"
              f"{html.escape(_('How was this judged?'))}</summary>{html.escape(' '.join(how))}</details>")
    if a.open is not None:
        blocks += _table(a, name)
    # lines of text at a reading height (a widget's HTML lines are as tall as a button), the blocks without a
    # line break before them (a break there opened an empty line above the second view)
    return f"<div class='ks-feedback' style='line-height:1.45'>{'<br>'.join(out)}{blocks}</div>"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _table(a: Judgement, name: Name) -> str:
    values: Mapping[Any, float] = a.open or {}
    pf = a.unit == Unit.PFENNIG
    rows = "".join(
        f"<li>{html.escape(_name(c, name))}: {html.escape(_amount(-v if pf else v, a.unit))}"
        f"{' (' + html.escape(pgettext('grade', 'best')) + ')' if c in a.open_best else ''}</li>"
        for c, v in sorted(values.items(), key=lambda kv: (-kv[1], kv[0].index if kv[0] is not None else -1)))
    head = html.escape(_("A second view, with all hands open, the others playing as the heuristic bot does (it does "
                         "not decide the grade): each card, with your best play after it"))
    return f"<div class='ks-open' style='margin-top:6px'>{head}:<ul style='margin:2px 0'>{rows}</ul></div>"


def _amount(value: float, unit: str) -> str:
    v = round(value, 1) + 0.0
    return f"{number(v, 0 if v == int(v) else 1)} {unit_word(unit, short=True)}"


__all__ = ["HEADS", "assess", "report"]
